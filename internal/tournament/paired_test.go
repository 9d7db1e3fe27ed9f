package tournament

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// games4 is a cell of 4-player games in which full wins wf, advice wa,
// random wr, and the rest have no winner, the policies in their seats
// in turn (game i: Seats(4, i)).
func games4(wf, wa, wr, none int) []Result {
	var rs []Result
	add := func(k int, p Policy) {
		for range k {
			i := len(rs)
			seats := Seats(4, i)
			w := -1
			for s, q := range seats {
				if q == p && p != numPolicies {
					w = s
				}
			}
			rs = append(rs, Result{Seats: seats, Winner: w})
		}
	}
	add(wf, Full)
	add(wa, Advice)
	add(wr, Random)
	add(none, numPolicies)
	return rs
}

// TestPairedByHand checks the paired difference on a case worked out by
// hand. Why: it is the figure every claim of the tables rests on, and the
// case is one where pairing changes the verdict. 100 games of 4 players
// (each policy 100 seat-games): full wins 40, advice 27, random 20, none
// 13. d = 0.40 − 0.27 = 0.13. The per-game differences are +0.01 (40
// games), −0.01 (27) and 0 (33); their mean is 0.0013, so
// Σ(D − 0.0013)² = 40·0.0087² + 27·0.0113² + 33·0.0013² = 0.006531, the
// variance 100/99 · 0.006531 = 0.0065970 and the se 0.081222: the
// interval is 0.13 ± 0.15919, (−0.0292, 0.2892), "not shown". As two
// independent proportions the se was sqrt(0.4·0.6 + 0.27·0.73)/10 =
// 0.066106 and the interval (0.0004, 0.2596) said "full better".
func TestPairedByHand(t *testing.T) {
	rs := games4(40, 27, 20, 13)
	tab := NewTable("hand")
	for _, r := range rs {
		tab.Add(4, r)
	}
	c := tab.Cells[4]
	const wantSE = 0.081222
	for name, pd := range map[string]Paired{
		"tallies":  PairedDiff(c[Full], c[Advice], 100),
		"per game": PairedGames(rs, Full, Advice),
		"table's":  PairedGames(tab.Results[4], Full, Advice),
	} {
		if math.Abs(pd.D-0.13) > 1e-12 || math.Abs(pd.SE-wantSE) > 1e-6 || !pd.Judged {
			t.Errorf("%s: %+v, want d 0.13, se %v", name, pd, wantSE)
		}
		if math.Abs(pd.Lo+0.0292) > 1e-4 || math.Abs(pd.Hi-0.2892) > 1e-4 {
			t.Errorf("%s: interval (%v, %v)", name, pd.Lo, pd.Hi)
		}
		if v := pd.Verdict("full", "advice"); v != "not shown" {
			t.Errorf("%s: verdict %q, want not shown (lower end %.4f)", name, v, pd.Lo)
		}
	}
}

// TestPairedMultinomial checks the tallies' form against an independent
// formula. Why: at 4 players every policy sits once a game, so (full
// wins, X wins, neither) is a multinomial draw per game, and the variance
// of p̂_F − p̂_X is (p_F + p_X − (p_F − p_X)²)/G — the two independent
// variances plus 2·p_F·p_X/G, the covariance the old formula left out.
// With the sample's G/(G−1) the paired form must agree to rounding.
func TestPairedMultinomial(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 200 {
		g := 10 + rng.IntN(500)
		wf := rng.IntN(g + 1)
		wa := rng.IntN(g - wf + 1)
		cf := Cell{Seats: g, Wins: wf}
		ca := Cell{Seats: g, Wins: wa}
		pf, pa := float64(wf)/float64(g), float64(wa)/float64(g)
		want := math.Sqrt(float64(g) / float64(g-1) * (pf + pa - (pf-pa)*(pf-pa)) / float64(g))
		pd := PairedDiff(cf, ca, g)
		if math.Abs(pd.SE-want) > 1e-12 {
			t.Fatalf("G %d, wins %d and %d: se %v, multinomial %v", g, wf, wa, pd.SE, want)
		}
		indep := math.Sqrt(pf*(1-pf)/float64(g) + pa*(1-pa)/float64(g))
		if wf > 0 && wa > 0 && pd.SE <= indep {
			t.Fatalf("G %d, wins %d and %d: paired se %v not above the independent %v", g, wf, wa, pd.SE, indep)
		}
	}
}

// TestPairedTalliesAgreeWithGames checks the tallies' form against the
// per-game form at every player count, with policies that sit twice in a
// game (5 and 6 players) or not at all (3). Why: the tallies' form is
// what recomputes the tables whose journals are gone, and it is exact
// only because at most one seat wins a game.
func TestPairedTalliesAgreeWithGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range []int{3, 4, 5, 6} {
		for range 20 {
			g := 12 + rng.IntN(300)
			tab := NewTable("x")
			var rs []Result
			for i := range g {
				r := Result{Seats: Seats(n, i), Winner: rng.IntN(n+1) - 1}
				rs = append(rs, r)
				tab.Add(n, r)
			}
			for _, a := range Policies {
				for _, b := range Policies {
					if a == b {
						continue
					}
					x := PairedDiff(tab.Cells[n][a], tab.Cells[n][b], g)
					y := PairedGames(rs, a, b)
					if math.Abs(x.D-y.D) > 1e-12 || math.Abs(x.SE-y.SE) > 1e-12 || x.Judged != y.Judged {
						t.Fatalf("%d players, %d games, %s − %s: tallies %+v, games %+v", n, g, a, b, x, y)
					}
				}
			}
		}
	}
}

// TestBootstrapAgrees checks the bootstrap over games against the
// variance of the per-game difference on a large cell. Why: two ways of
// pairing must agree where both apply (here to 5% of the se, the
// bootstrap's own noise with 4,000 resamples being about 1%).
func TestBootstrapAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{4, 6} {
		var rs []Result
		for i := range 1000 {
			w := -1
			if u := rng.Float64(); u < 0.95 {
				// full (seat of policy Full) wins 40% of the decided games.
				seats := Seats(n, i)
				w = rng.IntN(n)
				if rng.Float64() < 0.3 {
					for s, p := range seats {
						if p == Full {
							w = s
						}
					}
				}
			}
			rs = append(rs, Result{Seats: Seats(n, i), Winner: w})
		}
		a := PairedGames(rs, Full, Advice)
		b := Bootstrap(rs, Full, Advice, 4000, rand.New(rand.NewPCG(7, 8)))
		if math.Abs(b.SE/a.SE-1) > 0.05 {
			t.Errorf("%d players: bootstrap se %v, per-game se %v", n, b.SE, a.SE)
		}
		if math.Abs(b.Lo-a.Lo) > 0.2*a.SE || math.Abs(b.Hi-a.Hi) > 0.2*a.SE {
			t.Errorf("%d players: bootstrap (%v, %v), per-game (%v, %v)", n, b.Lo, b.Hi, a.Lo, a.Hi)
		}
	}
}

// TestReadMarkdownRoundTrip checks that a written table reads back to
// the same markdown. Why: the tables whose journals are gone are
// recomputed from their markdown.
func TestReadMarkdownRoundTrip(t *testing.T) {
	tab := NewTable("x")
	tab.Run = "test run"
	rng := rand.New(rand.NewPCG(9, 10))
	for _, n := range []int{3, 5} {
		for i := range 40 {
			tab.Add(n, Result{Seats: Seats(n, i), Winner: rng.IntN(n+1) - 1, Turns: 10 + rng.IntN(30)})
		}
		tab.Resumed[n] = 40
	}
	var a, b strings.Builder
	if err := tab.WriteMarkdown(&a, []int{3, 5}); err != nil {
		t.Fatal(err)
	}
	back, counts, err := ReadMarkdown(strings.NewReader(a.String()), "x")
	if err != nil {
		t.Fatal(err)
	}
	if err := back.WriteMarkdown(&b, counts); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("read back:\n%s\nwritten:\n%s", b.String(), a.String())
	}
	if _, _, err := ReadMarkdown(strings.NewReader("| 3 | x | 1 | 0 | – | – |\n"), "x"); err == nil || !strings.Contains(err.Error(), "line 1") {
		t.Errorf("bad row: %v", err)
	}
}
