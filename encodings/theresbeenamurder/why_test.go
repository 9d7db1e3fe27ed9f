package theresbeenamurder

import (
	"context"
	"testing"
)

// accentLog is the start of a seeded simulated game (4 players, seed 1)
// with two players given accented names. Line 1 is "players ...".
const accentLog = `
players José bob Zoë dave
seat José
hand driver secretary
José plays driver
José sees witness monkey gossip
José takes gossip
bob plays doctor driver
Zoë plays swain
Zoë draws
José takes from Zoë
Zoë gives monkey to José
dave plays invalid Zoë
José plays monkey dave
dave gives imposter to José
`

// TestWhyFactIsASentence checks the words of why's answers: each is one
// plain English sentence for every kind of place (a hand, the pile, the
// deck, the removed cards), held or not, rather than a fact prefixed with
// "not:".
func TestWhyFactIsASentence(t *testing.T) {
	g := newGameOf(t, accentLog)
	for _, tc := range []struct{ fact, text string }{
		{"josé imposter", "the imposter is with José"},
		{"not josé monkey", "the monkey is not with José"},
		{"not Zoë monkey", "the monkey is not with Zoë"},
		{"not dave driver", "the driver is not with dave"},
		{"pile monkey", "the monkey is in the pile"},
		{"not pile imposter", "the imposter is not in the pile"},
		{"deck driver", "the driver is in the deck"},
		{"not deck imposter", "the imposter is not in the deck"},
		{"not removed murderer", "the murderer was not removed"},
	} {
		e, err := g.Explain(context.Background(), tc.fact)
		if err != nil {
			t.Errorf("why %s: %v", tc.fact, err)
			continue
		}
		if e.Fact != tc.text {
			t.Errorf("why %s: %q, want %q", tc.fact, e.Fact, tc.text)
		}
	}
	// A fact the lines do not force names the fact in the same words.
	_, err := g.Explain(context.Background(), "removed drunk")
	if want := "the lines so far do not force this: the drunk was removed"; err == nil || err.Error() != want {
		t.Errorf("why removed drunk: %v, want %q", err, want)
	}
}
