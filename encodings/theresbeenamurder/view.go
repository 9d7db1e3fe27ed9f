package theresbeenamurder

import (
	"context"
	"math"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/estimate"
)

// view is every cell of the sheet at once, for the lines so far: the
// marks (what the seat knows, then what the SAT layer proves) and the
// tracker's estimates. The sheet and the reports read every cell, some
// several times; a view brings the encoding and the tracker up to date
// once, reads each particle's cards once, and gives every cell the
// estimate Where gives it (the same sums in the same order).
type view struct {
	g     *Game
	marks [][]table.Mark        // by card index and location
	est   [][]estimate.Estimate // by card index and location; nil without a tracker
	index [engine.NumCards + 1]int
	k     float64 // the independent histories the estimates rest on (package estimate's honest.go)
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
		if ms, err := x.Marks(context.Background(), func() map[engine.Card][]bool { return g.seenPlaces(x) }); err == nil {
			sat = make([][]table.Mark, len(g.cfg.Cards))
			for i, c := range g.cfg.Cards {
				sat[i] = ms[x.Index[c]]
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
		if sat != nil && !slices.ContainsFunc(v.marks[i], func(m table.Mark) bool { return m != table.No }) {
			// No place left: in the middle of an exchange the seat's hand
			// is its hand before the card it receives, which the SAT layer
			// has already moved out of the giver's (its moment is the
			// exchange's end): that card reads as the SAT layer has it.
			copy(v.marks[i], sat[i][:min(locs, len(sat[i]))])
		}
	}
	tr := g.track()
	if tr == nil {
		return v
	}
	// Each particle's location of every card, and for the soft cards
	// (interchangeable, see package estimate's soft.go) how many are at each location; the
	// interchangeable places of each particle (package estimate's honest.go).
	soft := tr.SoftNow()
	var nSoft float64
	for _, x := range g.cfg.Cards {
		if soft.Has(x) {
			nSoft++
		}
	}
	np := len(tr.Now)
	at := make([][]int, np)     // at[i][card index]
	softAt := make([][]int, np) // softAt[i][location]
	orb := make([][]int, np)    // orb[i][location]: its class of interchangeable places
	osz := make([][]int, np)    // osz[i][class]: the class's places
	for i, p := range tr.Now {
		at[i] = make([]int, len(g.cfg.Cards))
		softAt[i] = make([]int, locs)
		for j, x := range g.cfg.Cards {
			l := locOf(p.S, x)
			at[i][j] = l
			if soft.Has(x) {
				softAt[i][l]++
			}
		}
		orb[i], osz[i] = places(p.S, locs)
	}
	ns := tr.Stats()
	xs := make([]float64, np)
	v.est = make([][]estimate.Estimate, len(g.cfg.Cards))
	for j, c := range g.cfg.Cards {
		v.est[j] = make([]estimate.Estimate, locs)
		open := 0
		for l := range locs {
			if v.marks[j][l] == table.Maybe {
				open++
			}
		}
		// x[l][i] is particle i's share of the card at open location l.
		x := make([][]float64, locs)
		mass := make([]float64, np)
		for l := range locs {
			switch v.marks[j][l] {
			case table.Yes:
				v.est[j][l] = estimate.Estimate{P: 1}
				continue
			case table.No:
				continue
			}
			x[l] = make([]float64, np)
			for i := range tr.Now {
				o := orb[i][l]
				n := float64(osz[i][o])
				switch {
				case soft.Has(c):
					k := 0
					for r := range locs {
						if orb[i][r] == o {
							k += softAt[i][r]
						}
					}
					x[l][i] = float64(k) / nSoft / n
				case orb[i][at[i][j]] == o:
					x[l][i] = 1 / n
				}
				mass[i] += x[l][i]
			}
		}
		// A particle that puts the card where the marks rule it out (the
		// marks may read a moment the histories do not: in the middle of
		// an exchange, the seat's hand before the card it receives) gives
		// its share to the open locations in proportion, or evenly when it
		// has none there: each particle's shares, and so the figures, sum
		// to 1 over the open locations.
		for i, m := range mass {
			if open == 0 || math.Abs(m-1) < 1e-12 {
				continue
			}
			for l := range locs {
				if x[l] == nil {
					continue
				}
				if m > 0 {
					x[l][i] /= m
				} else {
					x[l][i] = 1 / float64(open)
				}
			}
		}
		for l := range locs {
			if x[l] == nil {
				continue
			}
			copy(xs, x[l])
			v.est[j][l] = ns.Estimate(tr.Now, xs, open)
		}
	}
	v.k = ns.K
	return v
}

// places are the classes of interchangeable places of state s (package estimate's honest.go):
// each virgin hand in the class of the virgin hands dealt from the same
// parts of the deck, every other place alone. class[l] is location l's
// class, size[c] the places of class c.
func places(s *engine.State, locs int) (class, size []int) {
	class = make([]int, locs)
	size = make([]int, locs)
	top := s.Cfg.TopSize()
	key := map[[2]bool]int{}
	for l := range locs {
		class[l] = l
		if l < len(s.Virgin) && s.Virgin[l] {
			a := s.Cfg.DealPosition(l, 0) < top
			b := s.Cfg.DealPosition(l, 1) < top
			k := [2]bool{a || b, a && b}
			if first, ok := key[k]; ok {
				class[l] = first
			} else {
				key[k] = l
			}
		}
		size[class[l]]++
	}
	return class, size
}

// mark is card c's mark at location l.
func (v *view) mark(c engine.Card, l int) table.Mark { return v.marks[v.index[c]][l] }

// where is Where(c, l).
func (v *view) where(c engine.Card, l int) estimate.Estimate {
	switch v.mark(c, l) {
	case table.Yes:
		return estimate.Estimate{P: 1}
	case table.No:
		return estimate.Estimate{}
	}
	if v.est == nil {
		return estimate.Estimate{P: math.NaN(), SE: math.NaN()}
	}
	return v.est[v.index[c]][l]
}

// shown is the figure the sheet draws for card c at location l (see
// Estimate.drawn).
func (v *view) shown(c engine.Card, l int) float64 { return v.where(c, l).Drawn() }
