package theresbeenamurder

import (
	"context"
	"math/rand/v2"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// witnessesAt is the game's WitnessFunc (see above): nil when the SAT
// layer has no world at time point t.
func (g *Game) witnessesAt(t, m int, rng *rand.Rand) [][]int {
	x, err := g.exactEnc()
	if err != nil || t >= x.Times {
		return nil
	}
	ids := x.ActiveIDs()
	nc := len(x.Cards)
	var out [][]int
	var worlds []solver.World
	add := func(w solver.World) {
		if len(w) < (t+1)*nc {
			return
		}
		p := make([]int, engine.NumCards+1)
		for i := range p {
			p[i] = -1
		}
		for i, c := range x.Cards {
			h := int(w[t*nc+i])
			if h < 0 || h >= x.Places {
				return
			}
			p[c] = h
		}
		for _, q := range out {
			if slices.Equal(q, p) {
				return
			}
		}
		out = append(out, p)
		worlds = append(worlds, w)
	}
	if x.Last != nil && x.LastNow == x.Now && x.Fits(x.Last, ids) {
		add(x.Last)
	}
	if len(out) == 0 {
		w, err := x.Sat.WorldUnder(context.Background(), ids)
		if err != nil || w == nil {
			return nil
		}
		add(w)
	}
	if len(out) == 0 {
		return nil
	}
	// Worlds with one card pinned at a random place (quick).
	q := x.NewQuick(ids)
	for tries := 0; len(out) < m && tries < 3*m; tries++ {
		q.Pin(rng.IntN(nc), rng.IntN(x.Places), t)
		if w := q.World(t); w != nil {
			add(w)
		}
	}
	// Two cards' histories traded, from the worlds found.
	sw := x.NewSwapper(ids)
	for tries := 0; len(out) < m && tries < 8*m; tries++ {
		i, j := rng.IntN(nc), rng.IntN(nc)
		if i == j {
			continue
		}
		if v, ok := sw.Swap(worlds[rng.IntN(len(worlds))], i, j); ok {
			add(v)
		}
	}
	return out
}
