package threat

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// JSON is the JSON form of a [Figure] (docs/json.md, "threats"): the
// opponent's name, the worlds visited, the probability that the opponent
// is certain (exact when every world was visited: "p" and "p_float";
// otherwise the mean over the samples as an estimate: "p_float", "se" and
// "exact": false), and the distribution of open solutions, each class
// exact or estimated the same way.
//
// With the opponents' next turns followed (Options.Turns), "within" gives
// the chance that the opponent can name the solution with certainty
// within 1, 2, ... of its own turns, each exact or estimated the same way;
// "within_lower_bound" is true when some of its views were too large to
// follow (those count only if certain now). Both are absent when no view
// of the opponent was followed.
type JSON struct {
	Player  string `json:"player"`
	Samples int    `json:"samples"`
	table.Chance
	Open       []OpenJSON   `json:"open"`
	Within     []WithinJSON `json:"within,omitempty"`
	LowerBound bool         `json:"within_lower_bound,omitempty"`
}

// WithinJSON is the chance of being certain within Turns turns.
type WithinJSON struct {
	Turns int `json:"turns"`
	table.Chance
}

// OpenJSON is one class of the distribution of open solutions: Solutions is
// "1", "2", ... and, for the last class, "4+".
type OpenJSON struct {
	Solutions string `json:"solutions"`
	table.Chance
}

// chance is p as an exact probability when exact, else as an estimate
// with standard error se.
func chance(p *big.Rat, se float64, exact bool) table.Chance {
	if exact {
		return table.ExactChance(p)
	}
	return table.EstimatedChance(table.Float(p), se)
}

// JSONOf is the JSON form of figs, players naming the opponents by index.
func JSONOf(players []string, figs []Figure) []JSON {
	var out []JSON
	for _, f := range figs {
		j := JSON{Player: players[f.Opponent], Samples: f.Samples, Chance: chance(f.Certain, f.StdErr, f.Exact)}
		for k, p := range f.Open {
			j.Open = append(j.Open, OpenJSON{Solutions: openClass(k, len(f.Open)), Chance: chance(p, f.OpenSE[k], f.Exact)})
		}
		if len(f.Within) > 0 && f.Cut.Cmp(big.NewRat(1, 1)) < 0 {
			for k, p := range f.Within {
				j.Within = append(j.Within, WithinJSON{Turns: k + 1, Chance: chance(p, f.WithinSE[k], f.Exact)})
			}
			j.LowerBound = f.Cut.Sign() > 0
		}
		out = append(out, j)
	}
	return out
}

// followed reports whether the next turns of some opponent were followed
// in some world (Options.Turns, and a view small enough).
func followed(figs []Figure) bool {
	for _, f := range figs {
		if len(f.Within) > 0 && f.Cut.Cmp(big.NewRat(1, 1)) < 0 {
			return true
		}
	}
	return false
}

// figureText is a probability as the reports write it: exact, or an
// estimate of n samples with its standard error (a bound at the ends).
func figureText(p *big.Rat, se float64, exact bool, n int) string {
	switch {
	case exact:
		return table.Percent(p)
	case p.Sign() == 0 || p.Cmp(big.NewRat(1, 1)) == 0:
		return sampledShort(p, n)
	}
	return fmt.Sprintf("%s ±%.1f%%", table.Percent(p), se*100)
}

func openClass(k, n int) string {
	if k == n-1 {
		return fmt.Sprintf("%d+", k+1)
	}
	return fmt.Sprint(k + 1)
}

// WriteText writes the figures as the reports' text: one line an opponent
// with the chance they are certain and the distribution of their open
// solutions, and how the figures were computed.
func WriteText(b *strings.Builder, players []string, figs []Figure) {
	if len(figs) == 0 {
		return
	}
	b.WriteString("What each opponent knows (chance they can name the solution with certainty; solutions open):\n")
	for _, f := range figs {
		switch atEnd := f.Certain.Sign() == 0 || f.Certain.Cmp(big.NewRat(1, 1)) == 0; {
		case f.Exact:
			fmt.Fprintf(b, "  %-8s certain %7s", players[f.Opponent], table.Percent(f.Certain))
		case atEnd:
			// No "±0.0%": a share at an end of the samples is a bound.
			fmt.Fprintf(b, "  %-8s certain %7s", players[f.Opponent], sampledShort(f.Certain, f.Samples))
		default:
			fmt.Fprintf(b, "  %-8s certain %7s ±%.1f%%", players[f.Opponent], table.Percent(f.Certain), f.StdErr*100)
		}
		b.WriteString(";")
		for k, p := range f.Open {
			fmt.Fprintf(b, " %s: %s", openClass(k, len(f.Open)), table.Percent(p))
		}
		b.WriteString("\n")
		switch {
		case !followed(figs):
		case len(f.Within) > 0 && f.Cut.Cmp(big.NewRat(1, 1)) == 0:
			fmt.Fprintf(b, "  %-8s by its turn: not followed (too many worlds)\n", "")
		case len(f.Within) > 0:
			fmt.Fprintf(b, "  %-8s by its turn", "")
			for k, p := range f.Within {
				sep := ","
				if k == 0 {
					sep = ""
				}
				fmt.Fprintf(b, "%s %d: %s", sep, k+1, figureText(p, f.WithinSE[k], f.Exact, f.Samples))
			}
			if f.Cut.Sign() > 0 {
				b.WriteString(" (at least)")
			}
			b.WriteString("\n")
		}
	}
	switch {
	case len(figs[0].Within) > 0 && !followed(figs):
		b.WriteString("  (their next turns are not followed: too many worlds)\n")
	case len(figs[0].Within) > 0:
		b.WriteString("  (by its turn k: certain within k of its own turns, asking the question\n")
		b.WriteString("  most likely to settle it and naming the solution in the same turn;\n")
		b.WriteString("  \"at least\": some of its views were too large to follow)\n")
	}
	if figs[0].Exact {
		fmt.Fprintf(b, "  (exact: every one of the %d worlds visited)\n", figs[0].Samples)
	} else {
		fmt.Fprintf(b, "  (%d uniform samples of the worlds, each checked exactly; ± is the standard error)\n", figs[0].Samples)
	}
}

// Headline is the sheet's headline of the opponents' knowledge: for each
// opponent, the chance they can already name the solution with certainty
// (whole percent), then "(exact)" or "(±x%)" with the largest standard
// error of the samples. It is "" when there is no figure.
func Headline(players []string, figs []Figure) string {
	if len(figs) == 0 {
		return ""
	}
	var parts []string
	worst := 0.0
	for _, f := range figs {
		if f.Exact {
			parts = append(parts, players[f.Opponent]+" "+Short(f.Certain))
		} else {
			parts = append(parts, players[f.Opponent]+" "+sampledShort(f.Certain, f.Samples))
		}
		worst = max(worst, f.StdErr)
	}
	s := "Opponents certain: " + strings.Join(parts, ", ")
	if figs[0].Exact {
		return s + " (exact)"
	}
	if worst < 0.005 {
		// Every figure at an end of the samples, each written as a bound:
		// a "±0%" would read as certainty, which samples never give.
		return s
	}
	return s + fmt.Sprintf(" (±%.0f%%)", worst*100)
}

// Short writes a probability as a whole percentage, never 0% or 100%
// unless it is exactly 0 or 1 ("<1%", ">99%").
func Short(p *big.Rat) string {
	f, _ := p.Float64()
	s := fmt.Sprintf("%.0f%%", f*100)
	switch {
	case s == "0%" && p.Sign() > 0:
		return "<1%"
	case s == "100%" && p.Cmp(big.NewRat(1, 1)) < 0:
		return ">99%"
	}
	return s
}

// sampledShort writes a sampled probability as Short does, except at the
// ends: a share of 0 (or 1) of n samples does not make the figure certain,
// so it is written as below (or above) the one-sided 95% bound 3/n (the
// rule of three), and never as 0% or 100%: "<2%" for 0 of 200 samples.
func sampledShort(p *big.Rat, n int) string {
	if p.Sign() > 0 && p.Cmp(big.NewRat(1, 1)) < 0 {
		return Short(p)
	}
	bound := 1
	if n > 0 {
		bound = max(1, (300+n-1)/n)
	}
	bound = min(bound, 99)
	if p.Sign() == 0 {
		return fmt.Sprintf("<%d%%", bound)
	}
	return fmt.Sprintf(">%d%%", 100-bound)
}
