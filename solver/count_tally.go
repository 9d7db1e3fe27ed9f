package solver

import (
	"context"
	"fmt"
	"maps"
	"math/big"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// Tally is a count of cards with one holder: how many of Cards Holder has.
// A Deduce or Die question ("how many cards of this range do you hold?")
// is a tally of the asked player.
type Tally struct {
	Holder Holder
	Cards  []Card
}

// value is the tally in world w.
func (t Tally) value(w World) int {
	n := 0
	for _, c := range t.Cards {
		if int(c) < len(w) && w[c] == t.Holder {
			n++
		}
	}
	return n
}

// TallyOutcome is [Counter.ContentsAndHolder] over the worlds in which a
// tally has one value.
type TallyOutcome struct {
	Value int
	Joint []ContentHolderCount
}

// ContentsAndHolderByTally is [Counter.ContentsAndHolder] split by the value
// of each tally: out[i] lists, for every value tallies[i] takes in some
// world (ascending), the joint distribution of h's content and the holder
// of the picked card over the worlds with that value. It is what question
// advice needs (each answer of each question, and what the report would
// then say) and costs one compilation per distinct tally holder plus one
// cheap pass per tally, instead of one count per answer (a holder whose
// graph would pass 4 million edges costs one count per value). pick may be
// called more than once for a content and must give the same answer each
// time. Errors are as for [Counter.ContentsAndHolder], and for an unknown
// tally holder or card.
func (c *Counter) ContentsAndHolderByTally(ctx context.Context, h Holder, pick func(content []Card) (Card, bool), tallies []Tally) ([][]TallyOutcome, error) {
	ts, err := c.countTallies(h, tallies)
	if err != nil {
		return nil, err
	}
	if pick == nil {
		pick = func([]Card) (Card, bool) { return 0, false }
	}
	// Every value's outcomes, over every part.
	byValue := make([]map[int][]ContentHolderCount, len(tallies))
	for i := range byValue {
		byValue[i] = map[int][]ContentHolderCount{}
	}
	for _, pc := range c.parts {
		res, err := pc.ByTally(ctx, count.Holder(h), countPick(pick), ts)
		if err != nil {
			return nil, c.contentsErr(h, err)
		}
		for i, outs := range res {
			for _, o := range outs {
				for _, x := range o.Joint {
					if len(c.parts) > 1 {
						// addUp adds into the counts, which the engine
						// may share between tallies: they are copied.
						x.Count = new(big.Int).Set(x.Count)
					}
					byValue[i][o.Value] = appendContents(byValue[i][o.Value], x)
				}
			}
		}
	}
	out := make([][]TallyOutcome, len(tallies))
	for i, vs := range byValue {
		for _, v := range slices.Sorted(maps.Keys(vs)) {
			j := vs[v]
			if len(c.parts) > 1 {
				j = addUp(j, compareContentHolder, func(x *ContentHolderCount) *big.Int { return x.Count })
			}
			if len(j) > 0 {
				out[i] = append(out[i], TallyOutcome{Value: v, Joint: j})
			}
		}
	}
	return out, nil
}

// countTallies checks h and the tallies and puts the tallies in the
// counting engine's terms.
func (c *Counter) countTallies(h Holder, tallies []Tally) ([]count.Tally, error) {
	m := c.p.Model()
	if !m.ValidHolder(h) {
		return nil, fmt.Errorf("solver: unknown holder %d", h)
	}
	ts := make([]count.Tally, len(tallies))
	for i, t := range tallies {
		if !m.ValidHolder(t.Holder) {
			return nil, fmt.Errorf("solver: unknown holder %d", t.Holder)
		}
		ts[i] = count.Tally{Holder: count.Holder(t.Holder), Cards: make([]count.Card, len(t.Cards))}
		for j, k := range t.Cards {
			if !m.ValidCard(k) {
				return nil, fmt.Errorf("solver: unknown card %d", k)
			}
			ts[i].Cards[j] = count.Card(k)
		}
	}
	return ts, nil
}
