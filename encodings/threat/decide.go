package threat

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// Decision weighs accusing now against waiting.
//
// Accusing now wins with the exact probability that the best accusation
// is right. Waiting can win only if no opponent accuses first; an opponent
// who can already name the solution with certainty may do so before the
// seat's next turn, so waiting wins at most 1 - Threat, Threat being the
// probability that at least one opponent is certain now ([Any]). The
// decision is to accuse now when the accusation is certain or when it
// beats that bound on waiting (Accuse > Wait): the comparison is against
// the best case of waiting, so "accuse now" is never advised on a mere
// hope that waiting is worse.
//
// When the figures follow the opponents' next turns (Options.Turns),
// Threat is the probability that at least one opponent can name the
// solution with certainty by the end of its next turn, asking and naming
// it in the same turn ([AnyNext]; every opponent has its turn before the
// seat's next one): "accuse now" when Threat, times the game lost, is
// more than the chance 1 - Accuse that the accusation is wrong, which is
// the same comparison.
//
// When the figures follow the opponent model of [AccuseGame]
// (Options.AccuseAt t), Threat is instead the probability that at least
// one opponent accuses and is right before the seat's next turn, each
// opponent accusing as soon as its own best accusation is at least t
// likely ([AnyRight]); an opponent who accuses wrongly is out and does not
// take the game from the seat. With t = 1 this is the first reading.
type Decision struct {
	Accuse   *big.Rat // the probability that the best accusation now is right
	Threat   *big.Rat // the probability that some opponent can already win with certainty
	ThreatSE float64  // the standard error of Threat (0 when exact)
	Exact    bool     // Threat is exact
	Samples  int      // the worlds Threat was counted over when it is sampled
	Wait     *big.Rat // 1 - Threat: the most that waiting can win
	Now      bool     // accuse now
	// Next is set when Threat counts the opponents' next turns (their
	// questions' answers) and not only what they know now (some
	// opponent's view was followed in some world); Cut, that for some
	// worlds an opponent's view was not followed, so Threat is then a
	// lower bound.
	Next bool
	Cut  bool
	// AccuseAt is the opponents' threshold t when Threat follows the
	// opponent model of [AccuseGame] (else 0).
	AccuseAt float64
}

// Decide is the decision for the best accusation's probability accuse and
// the figures of the opponents for which include is true (nil: all).
func Decide(accuse *big.Rat, figs []Figure, include func(o int) bool) Decision {
	if accuse == nil {
		accuse = new(big.Rat)
	}
	d := Decision{Accuse: accuse, Exact: len(figs) == 0 || figs[0].Exact}
	if !d.Exact {
		d.Samples = figs[0].Samples
	}
	if len(figs) > 0 && len(figs[0].PerWorldRight) > 0 {
		d.Threat, d.ThreatSE = AnyRight(figs, include)
		d.AccuseAt = figs[0].AccuseAt
	} else {
		d.Threat, d.ThreatSE = AnyNext(figs, include)
		if followed(figs) {
			d.Next = true
			for _, f := range figs {
				d.Cut = d.Cut || f.Cut.Sign() > 0
			}
		}
	}
	d.Wait = new(big.Rat).Sub(big.NewRat(1, 1), d.Threat)
	d.Now = accuse.Sign() > 0 && (accuse.Cmp(big.NewRat(1, 1)) == 0 || accuse.Cmp(d.Wait) > 0)
	return d
}

// Line is the decision as one line: "Accuse now: ..." or "Wait: ...",
// with both numbers; with the opponents' next turns followed, wrapped to
// 80 columns.
func (d Decision) Line(verb string) string {
	head := "Wait"
	if d.Now {
		head = strings.ToUpper(verb[:1]) + verb[1:] + " now"
	}
	threat, wait := d.threatText(), d.waitText(table.Percent)
	if d.AccuseAt > 0 {
		s := fmt.Sprintf("%s: %s now wins %s; waiting wins at most %s (an opponent accusing at %s or more is right: %s)",
			head, verb, table.Percent(d.Accuse), wait, atText(d.AccuseAt), threat)
		return strings.Join(table.Wrap(s, 80, "  "), "\n")
	}
	if d.Next {
		bound := ""
		if d.Cut {
			bound = " at least"
		}
		s := fmt.Sprintf("%s: %s now wins %s; waiting wins at most %s (an opponent can win with certainty by the end of its next turn:%s %s)",
			head, verb, table.Percent(d.Accuse), wait, bound, threat)
		return strings.Join(table.Wrap(s, 80, "  "), "\n")
	}
	return fmt.Sprintf("%s: %s now wins %s; waiting wins at most %s (an opponent can already win with certainty: %s)",
		head, verb, table.Percent(d.Accuse), wait, threat)
}

// atText is an opponents' threshold as a percentage ("50%").
func atText(t float64) string {
	return strconv.FormatFloat(100*t, 'f', -1, 64) + "%"
}

// sampledEnd is whether Threat is a sampled 0 or 1: no sampled world, or
// every one, had an opponent certain, which does not make it certain.
func (d Decision) sampledEnd() bool {
	return !d.Exact && (d.Threat.Sign() == 0 || d.Threat.Cmp(big.NewRat(1, 1)) == 0)
}

// threatText is Threat as the line writes it: exact, or an estimate with
// its standard error, or at a sampled end the rule-of-three bound ("<2%"
// for none of 200 samples), never 0% or 100% with ±0.
func (d Decision) threatText() string {
	switch {
	case d.Exact:
		return table.Percent(d.Threat)
	case d.sampledEnd():
		return sampledShort(d.Threat, d.Samples)
	}
	return fmt.Sprintf("%s ±%.1f%%", table.Percent(d.Threat), d.ThreatSE*100)
}

// waitText is Wait written by format, or at a sampled end of Threat as
// the bound it then is (">98%" for none of 200 samples).
func (d Decision) waitText(format func(*big.Rat) string) string {
	if d.sampledEnd() {
		return sampledShort(d.Wait, d.Samples)
	}
	return format(d.Wait)
}

// Headline is the decision as a short line for the sheet: "Accuse now:
// accusing wins 62%, waiting at most 55%" or "Wait: ...".
func (d Decision) Headline(verb, verbing string) string {
	head := "Wait"
	if d.Now {
		head = strings.ToUpper(verb[:1]) + verb[1:] + " now"
	}
	return fmt.Sprintf("%s: %s wins %s, waiting at most %s", head, verbing, Short(d.Accuse), d.waitText(Short))
}

// DecisionJSON is the JSON form of a [Decision] (docs/json.md): the
// accusation's chance is exact; the threat, and the most waiting can win
// (1 − threat), are exact when every world was visited and estimates with
// their standard error otherwise.
//
// With the opponents' next turns followed, "threat_by" is "next turn"
// (else absent: what they know now), and "threat_lower_bound" is true
// when some opponent's view was too large to follow. With the opponents
// modelled as accusing at a threshold t (Options.AccuseAt), "threat_by"
// is "accusing at t" (t as a percentage, "accusing at 50%") and the
// threat is the chance that one of them accuses and is right.
type DecisionJSON struct {
	Now        bool         `json:"now"`
	Accuse     table.Chance `json:"accuse"`
	Wait       table.Chance `json:"wait"`
	Threat     table.Chance `json:"threat"`
	ThreatBy   string       `json:"threat_by,omitempty"`
	LowerBound bool         `json:"threat_lower_bound,omitempty"`
}

// JSON is the decision's JSON form.
func (d Decision) JSON() *DecisionJSON {
	j := &DecisionJSON{Now: d.Now, Accuse: table.ExactChance(d.Accuse),
		Wait:   chance(d.Wait, d.ThreatSE, d.Exact),
		Threat: chance(d.Threat, d.ThreatSE, d.Exact), LowerBound: d.Cut}
	switch {
	case d.AccuseAt > 0:
		j.ThreatBy = "accusing at " + atText(d.AccuseAt)
	case d.Next:
		j.ThreatBy = "next turn"
	}
	return j
}
