package theresbeenamurder

import (
	"context"
	"math"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// view is every cell of the sheet at once, for the lines so far: the
// marks (what the seat knows, then what the SAT layer proves) and the
// tracker's estimates. The sheet and the reports read every cell, some
// several times; a view brings the encoding and the tracker up to date
// once, reads each particle's cards once, and gives every cell the
// estimate Where gives it (the same sums in the same order).
type view struct {
	g     *Game
	marks [][]table.Mark // by card index and location
	est   [][]Estimate   // by card index and location; nil without a tracker
	index [NumCards + 1]int
}

// view computes the view of g's lines (g.cfg set).
func (g *Game) view() *view {
	locs := g.locations()
	v := &view{g: g, marks: make([][]table.Mark, len(g.cfg.Cards))}
	for i, c := range g.cfg.Cards {
		v.index[c] = i
	}
	var sat [][]table.Mark
	if x, err := g.exactEnc(); err == nil {
		if ms, err := x.marks(context.Background(), func() map[Card][]bool { return g.seenPlaces(x) }); err == nil {
			sat = make([][]table.Mark, len(g.cfg.Cards))
			for i, c := range g.cfg.Cards {
				sat[i] = ms[x.index[c]]
			}
		}
	}
	for i, c := range g.cfg.Cards {
		v.marks[i] = make([]table.Mark, locs)
		for l := range locs {
			m := g.exact(c, l)
			if m == table.Maybe && sat != nil && l < len(sat[i]) {
				m = sat[i][l]
			}
			v.marks[i][l] = m
		}
	}
	tr := g.track()
	if tr == nil {
		return v
	}
	// Each particle's location of every card, and for the soft cards
	// (interchangeable, see soft.go) how many are at each location.
	soft := tr.softNow()
	var nSoft float64
	for _, x := range g.cfg.Cards {
		if soft.has(x) {
			nSoft++
		}
	}
	np := len(tr.now)
	at := make([][]int, np)     // at[i][card index]
	softAt := make([][]int, np) // softAt[i][location]
	var sw float64
	for i, p := range tr.now {
		at[i] = make([]int, len(g.cfg.Cards))
		softAt[i] = make([]int, locs)
		for j, x := range g.cfg.Cards {
			l := locOf(p.s, x)
			at[i][j] = l
			if soft.has(x) {
				softAt[i][l]++
			}
		}
		sw += p.w
	}
	xs := make([]float64, np)
	v.est = make([][]Estimate, len(g.cfg.Cards))
	for j, c := range g.cfg.Cards {
		v.est[j] = make([]Estimate, locs)
		for l := range locs {
			switch v.marks[j][l] {
			case table.Yes:
				v.est[j][l] = Estimate{P: 1}
				continue
			case table.No:
				continue
			}
			for i := range tr.now {
				switch {
				case soft.has(c):
					xs[i] = float64(softAt[i][l]) / nSoft
				case at[i][j] == l:
					xs[i] = 1
				default:
					xs[i] = 0
				}
			}
			v.est[j][l] = nowEstimate(tr.now, xs, sw)
		}
	}
	return v
}

// nowEstimate is the weighted mean of xs over the particles now, with its
// standard error: tracker.estimate's figures, from the values already
// computed (sw is the weights' sum, added in the particles' order).
func nowEstimate(now []snap, xs []float64, sw float64) Estimate {
	if sw == 0 {
		return Estimate{}
	}
	var sf float64
	for i, p := range now {
		sf += p.w * xs[i]
	}
	m := sf / sw
	var v float64
	for i, p := range now {
		d := p.w / sw * (xs[i] - m)
		v += d * d
	}
	return Estimate{P: m, SE: math.Sqrt(v)}
}

// mark is card c's mark at location l.
func (v *view) mark(c Card, l int) table.Mark { return v.marks[v.index[c]][l] }

// where is Where(c, l).
func (v *view) where(c Card, l int) Estimate {
	switch v.mark(c, l) {
	case table.Yes:
		return Estimate{P: 1}
	case table.No:
		return Estimate{}
	}
	if v.est == nil {
		return Estimate{P: math.NaN(), SE: math.NaN()}
	}
	return v.est[v.index[c]][l]
}
