package threat

import (
	"math/big"
	"strings"
	"testing"
)

// TestSampledShort: a sampled figure at 0 or 1 is not certain, so it is
// written against the rule-of-three bound, never as 0% or 100%; an exact
// figure keeps its 0% and 100%.
func TestSampledShort(t *testing.T) {
	for _, tc := range []struct {
		p    *big.Rat
		n    int
		want string
	}{
		{big.NewRat(0, 1), 200, "<2%"},   // 3/200 = 1.5%, rounded up
		{big.NewRat(0, 1), 300, "<1%"},   // 3/300 = 1%
		{big.NewRat(0, 1), 10000, "<1%"}, // never below 1%
		{big.NewRat(0, 1), 2, "<99%"},    // a bound, however loose
		{big.NewRat(1, 1), 200, ">98%"},
		{big.NewRat(1, 4), 200, "25%"}, // inside: as Short
	} {
		if got := sampledShort(tc.p, tc.n); got != tc.want {
			t.Errorf("sampledShort(%v, %d) = %q, want %q", tc.p, tc.n, got, tc.want)
		}
	}
	sampled := []Figure{{Opponent: 0, Certain: new(big.Rat), Samples: 200}}
	if h := Headline([]string{"bob"}, sampled); strings.Contains(h, "0%") || !strings.HasSuffix(h, "bob <2%") {
		t.Errorf("sampled headline %q shows a certain-looking 0%%", h)
	}
	exact := []Figure{{Opponent: 0, Certain: new(big.Rat), Exact: true, Samples: 200}}
	if h := Headline([]string{"bob"}, exact); !strings.Contains(h, "bob 0%") {
		t.Errorf("exact headline %q lost its 0%%", h)
	}
}

// TestDecisionSampledEnds: the decision's line and headline write a
// sampled threat of 0 (and the waiting bound of 1 that follows) against
// the rule-of-three bound, never "0.0% ±0.0%" or "100.0%"; an exact 0
// stays 0.0%, and a sampled figure inside keeps its standard error.
func TestDecisionSampledEnds(t *testing.T) {
	accuse := big.NewRat(1, 10)
	sampled := Decide(accuse, []Figure{{Opponent: 0, Certain: new(big.Rat), Samples: 200}}, nil)
	line := sampled.Line("accuse")
	if strings.Contains(line, "±0.0%") || strings.Contains(line, "100.0%") || !strings.Contains(line, "certainty: <2%") || !strings.Contains(line, "at most >98%") {
		t.Errorf("sampled 0: %q", line)
	}
	if h := sampled.Headline("accuse", "accusing"); strings.Contains(h, "100%") || !strings.HasSuffix(h, "waiting at most >98%") {
		t.Errorf("sampled 0 headline: %q", h)
	}
	exact := Decide(accuse, []Figure{{Opponent: 0, Certain: new(big.Rat), Exact: true, Samples: 20}}, nil)
	if line := exact.Line("accuse"); !strings.Contains(line, "certainty: 0.0%)") || !strings.Contains(line, "at most 100.0%") {
		t.Errorf("exact 0: %q", line)
	}
	inside := Decision{Accuse: accuse, Threat: big.NewRat(1, 4), ThreatSE: 0.03, Samples: 200, Wait: big.NewRat(3, 4)}
	if line := inside.Line("accuse"); !strings.Contains(line, "25.0% ±3.0%") || !strings.Contains(line, "at most 75.0%") {
		t.Errorf("sampled 1/4: %q", line)
	}
}
