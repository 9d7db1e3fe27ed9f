package solver

import (
	"context"
	"maps"
	"math"
	"math/big"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver/internal/count"
)

// JointEntropy is the entropy, in bits, of the joint distribution of a
// holder's content and the holder of the card picked from it (the
// outcomes of [Counter.ContentsAndHolder]) over some worlds, each world
// equally likely, and the exact number of those worlds.
type JointEntropy struct {
	Worlds *big.Int
	Bits   float64
}

// TallyEntropy is [JointEntropy] over the worlds in which a tally has one
// value.
type TallyEntropy struct {
	Value int
	JointEntropy
}

// EntropyByTally is [Counter.ContentsAndHolderByTally] reduced to what an
// expected information gain needs: all is the entropy of the joint of h's
// content and the picked card's holder over every world, and out[i] lists,
// for every value tallies[i] takes in some world (ascending), that
// entropy over the worlds with the value, with their exact number. The
// gain of learning tallies[i] is all.Bits less the mean of out[i]'s Bits
// weighed by Worlds. It does the work of ContentsAndHolderByTally but,
// where it can, sums n·log2(n) over each answer's outcomes straight off
// the split instead of listing them as big integers: the entropies are
// floats (equal to those of the listed outcomes up to rounding), the
// numbers of worlds exact. Arguments and errors are as for
// ContentsAndHolderByTally.
func (c *Counter) EntropyByTally(ctx context.Context, h Holder, pick func(content []Card) (Card, bool), tallies []Tally) (all JointEntropy, out [][]TallyEntropy, err error) {
	ts, err := c.countTallies(h, tallies)
	if err != nil {
		return JointEntropy{}, nil, err
	}
	if pick == nil {
		pick = func([]Card) (Card, bool) { return 0, false }
	}
	if len(c.parts) > 1 {
		if g, _ := splitParts(c.p); g != h {
			// An outcome of one part may be in another: list them.
			return c.entropyByListing(ctx, h, pick, tallies)
		}
		// The parts split h's content: no outcome is in two of them, and
		// the sums add up.
	}
	sum := count.Spread{Total: new(big.Int)}
	byValue := make([]map[int]count.Spread, len(tallies))
	for i := range byValue {
		byValue[i] = map[int]count.Spread{}
	}
	for _, pc := range c.parts {
		a, res, err := pc.SpreadByTally(ctx, count.Holder(h), countPick(pick), ts)
		if err != nil {
			return JointEntropy{}, nil, c.contentsErr(h, err)
		}
		sum = addSpread(sum, a)
		for i, outs := range res {
			for _, o := range outs {
				byValue[i][o.Value] = addSpread(byValue[i][o.Value], o.Spread)
			}
		}
	}
	out = make([][]TallyEntropy, len(tallies))
	for i, vs := range byValue {
		for _, v := range slices.Sorted(maps.Keys(vs)) {
			out[i] = append(out[i], TallyEntropy{Value: v, JointEntropy: spreadEntropy(vs[v])})
		}
	}
	return spreadEntropy(sum), out, nil
}

// entropyByListing is EntropyByTally from the listed outcomes.
func (c *Counter) entropyByListing(ctx context.Context, h Holder, pick func(content []Card) (Card, bool), tallies []Tally) (JointEntropy, [][]TallyEntropy, error) {
	var joint []ContentHolderCount
	if len(tallies) == 0 {
		j, err := c.ContentsAndHolder(ctx, h, pick)
		if err != nil {
			return JointEntropy{}, nil, err
		}
		joint = j
	}
	split, err := c.ContentsAndHolderByTally(ctx, h, pick, tallies)
	if err != nil {
		return JointEntropy{}, nil, err
	}
	out := make([][]TallyEntropy, len(tallies))
	for i, outs := range split {
		for _, o := range outs {
			out[i] = append(out[i], TallyEntropy{Value: o.Value, JointEntropy: listEntropy(o.Joint)})
		}
	}
	if len(tallies) > 0 {
		// The first tally's values together are every world.
		for _, o := range split[0] {
			for _, x := range o.Joint {
				joint = append(joint, ContentHolderCount{Cards: x.Cards, Holder: x.Holder, Count: new(big.Int).Set(x.Count)})
			}
		}
		joint = addUp(joint, compareContentHolder, func(x *ContentHolderCount) *big.Int { return x.Count })
	}
	return listEntropy(joint), out, nil
}

// listEntropy is the entropy of distinct outcomes.
func listEntropy(j []ContentHolderCount) JointEntropy {
	s := count.Spread{Total: new(big.Int)}
	for _, x := range j {
		s.Total.Add(s.Total, x.Count)
		s.NLogN += xlog2(x.Count)
	}
	return spreadEntropy(s)
}

// xlog2 is n·log2(n) in float64, 0 for 0.
func xlog2(n *big.Int) float64 {
	if n.Sign() <= 0 {
		return 0
	}
	f := floatOf(n)
	return f * math.Log2(f)
}

// floatOf is n as the nearest float64.
func floatOf(n *big.Int) float64 {
	if n.IsUint64() {
		return float64(n.Uint64())
	}
	f, _ := new(big.Float).SetInt(n).Float64()
	return f
}

// addSpread is the spread of two disjoint sets of outcomes together.
func addSpread(a, b count.Spread) count.Spread {
	t := new(big.Int)
	if a.Total != nil {
		t.Set(a.Total)
	}
	if b.Total != nil {
		t.Add(t, b.Total)
	}
	return count.Spread{Total: t, NLogN: a.NLogN + b.NLogN}
}

// spreadEntropy is the entropy of a spread: log2(N) - Σ n·log2(n)/N.
func spreadEntropy(s count.Spread) JointEntropy {
	e := JointEntropy{Worlds: new(big.Int)}
	if s.Total == nil || s.Total.Sign() == 0 {
		return e
	}
	e.Worlds.Set(s.Total)
	n := floatOf(s.Total)
	e.Bits = max(0, math.Log2(n)-s.NLogN/n)
	return e
}
