package count

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSplitByJointClass checks the split step that sums edges by joint
// class (split.go) against the step that adds every edge to its rows:
// every B and P value of every row equal, on six-player Deduce or Die
// inputs (the Evidence first, an asked player second, up to six range
// tallies of it, per-card counts for the picked cells alone or for every
// cell) and on small random inputs (cells of several cards, constraints
// across holders).
func TestSplitByJointClass(t *testing.T) {
	ctx := context.Background()
	type tcase struct {
		in   *Input
		h, b Holder
		ts   []Tally
	}
	var cases []tcase
	rng := rand.New(rand.NewPCG(5, 5))
	for seed := range uint64(6) {
		in := dod6(seed, 4+int(seed)*3)
		b := Holder(1 + seed%5)
		var ts []Tally
		for range 1 + rng.IntN(6) {
			var cards []Card
			for _, c := range rng.Perm(27)[:2+rng.IntN(6)] {
				cards = append(cards, Card(c))
			}
			ts = append(ts, Tally{Holder: b, Cards: cards})
		}
		cases = append(cases, tcase{in, 6, b, ts})
	}
	for range 1500 {
		in := randomInput(rng, 8, 4)
		if len(in.Sizes) < 2 {
			continue
		}
		var ts []Tally
		for range 1 + rng.IntN(3) {
			var cards []Card
			for _, c := range rng.Perm(in.Cards)[:1+rng.IntN(in.Cards)] {
				cards = append(cards, Card(c))
			}
			ts = append(ts, Tally{Holder: 1, Cards: cards})
		}
		cases = append(cases, tcase{in, 0, 1, ts})
	}
	compared := 0
	for ci, tc := range cases {
		cp, err := compile(ctx, tc.in, layout{first: tc.h, second: tc.b, hasSecond: true, track: tc.ts})
		if err != nil {
			t.Fatal(err)
		}
		if cp.infeasible || len(cp.layers) < 2 || cp.holderLayer[tc.h] != 0 || cp.holderLayer[tc.b] != 1 {
			continue
		}
		raw := &rawLayer{stop: 1}
		if _, ovf, err := backwardU64(ctx, cp, true, false, raw); err != nil || ovf {
			continue
		}
		l := cp.layers[1]
		used := make([]bool, len(l.hands))
		for e := range int32(len(l.edgeTo)) {
			used[l.edgeHand.at(e)] = true
		}
		classes := make([][]int8, len(tc.ts))
		ks := make([]int, len(tc.ts))
		ok := true
		for ti, tt := range tc.ts {
			cl, vs, err := tallyClasses(cp, 1, tc.b, tt, used)
			if err != nil || cl == nil {
				ok = false
				break
			}
			classes[ti], ks[ti] = cl, len(vs)
		}
		if !ok {
			continue
		}
		sp := newClassSplit(classes, ks)
		// Picked cells: one or two cells of each state, or every cell.
		var only [][]int
		if ci%2 == 0 {
			only = make([][]int, l.n)
			for x := range only {
				for j, n := range l.state(x) {
					if n != 0 && (len(only[x]) == 0 || rng.IntN(4) == 0) {
						only[x] = append(only[x], j)
					}
				}
			}
		}
		step := func(max int) ([]uint64, []uint64) {
			old := jointMax
			jointMax = max
			defer func() { jointMax = old }()
			B, P, ovf, err := stepPacked(ctx, cp, 1, raw.ways, raw.P, true, sp, false, only)
			if err != nil || ovf {
				t.Fatalf("case %d: %v %v", ci, err, ovf)
			}
			return B, P.v
		}
		B0, P0 := step(0) // every edge to its rows
		B1, P1 := step(1 << 20)
		if !slices.Equal(B0, B1) {
			t.Fatalf("case %d: B differs", ci)
		}
		// P is meaningful for the cells with cards left (only theirs, with only).
		W := len(cp.layers) - 2
		for r := range sp.rows() {
			for x := range l.n {
				for j, n := range l.state(x) {
					if n == 0 || (only != nil && !slices.Contains(only[x], j)) {
						continue
					}
					at := ((r*l.n+x)*l.ncells + j) * W
					if !slices.Equal(P0[at:at+W], P1[at:at+W]) {
						t.Fatalf("case %d: P of row %d state %d cell %d: %v, %v by class", ci, r, x, j, P0[at:at+W], P1[at:at+W])
					}
				}
			}
		}
		compared++
	}
	if compared < 100 {
		t.Fatalf("only %d splits compared", compared)
	}
	t.Logf("%d splits compared", compared)
}
