package deductio

import (
	"context"
	"math/big"
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/threat"
	"github.com/gumshoe-dev/gumshoe/solver"
)

// Candidate is a number a secret may be: the deals in which it is, and its
// exact probability.
type Candidate struct {
	Number int
	Worlds *big.Int
	P      *big.Rat
}

// Elimination is a number a secret cannot be and a minimal set of lines
// (1-based, in [Game.Lines] order) that rule it out.
type Elimination struct {
	Number int
	Lines  []int
}

// Secret is what is known of one player's current Secret Number.
type Secret struct {
	Player string
	Index  int // 1 for the player's first number, 2 after it was guessed, ...
	// Known is the number when the log gives it (the seat's own), else 0.
	Known int
	// Forced is the number when it is the only candidate, else 0.
	Forced     int
	Candidates []Candidate   // in increasing order of number
	Eliminated []Elimination // in increasing order of number; nil for Exposure
	Guessed    []int         // the player's earlier numbers, guessed by others
}

// Guess is the best guess to make now.
type Guess struct {
	Player string
	Number int
	P      *big.Rat // the probability it is right
	// Penalty is the expected number of penalty plays: 2 times the
	// probability the guess is wrong (0 for a free guess).
	Penalty *big.Rat
	// Advised reports whether guessing beats playing a clue card: when P is
	// at least 1/2, the expected 2(1-P) clue cards of a wrong guess are no
	// more than the one card played instead (and a free guess is always
	// worth making).
	Advised bool
	Free    bool
}

// Report is every report of the game, from the seat.
type Report struct {
	Players  []string
	Seat     string // "" without a seat
	FaceUp   []int
	DeckSize int
	Scores   []int    // per player, in seat order: the numbers they guessed right
	Needed   int      // correct guesses that win: 3 with 2 players, 2 with 3 or 4
	Winner   string   // the player who won, "" while the game goes on
	Worlds   *big.Int // the deals consistent with everything the seat knows
	// Secrets are the current numbers of the players, in seat order (the
	// seat's own included, with Known set when the log gives it).
	Secrets []Secret
	// Exposure is what the table knows of the seat's number from public
	// lines only; nil without a seat.
	Exposure *Secret
	// Best is the best guess (nil when no opponent has an unknown number).
	Best *Guess
	// Threats are what each opponent already knows ([Game.Threats]); nil
	// without a seat.
	Threats []threat.Figure
}

// Analyze computes every report of the game, exactly.
func (g *Game) Analyze(ctx context.Context) (*Report, error) {
	r, err := g.report(ctx, false, true)
	if err != nil {
		return nil, err
	}
	if r.Threats, err = g.Threats(ctx, ThreatOptions{}); err != nil {
		return nil, err
	}
	return r, nil
}

// report computes the reports; with why unset, eliminations are left out.
func (g *Game) report(ctx context.Context, free, why bool) (*Report, error) {
	st, tal := g.st, g.tal
	r := &Report{Players: slices.Clone(g.p.players), Seat: g.Seat(), FaceUp: st.faceUp.Numbers(), DeckSize: st.size, Worlds: big.NewInt(tal.total),
		Scores: slices.Clone(st.scores), Needed: winsNeeded(len(st.players))}
	if w := st.winner(); w >= 0 {
		r.Winner = st.players[w]
	}
	var sat *solver.SAT
	for i := range st.players {
		sec, err := g.secret(ctx, st, tal, i, why, &sat)
		if err != nil {
			return nil, err
		}
		r.Secrets = append(r.Secrets, sec)
	}
	if st.seat >= 0 {
		pub, err := g.publicState()
		if err != nil {
			return nil, err
		}
		ptal, err := pub.countWorlds(ctx)
		if err != nil {
			return nil, err
		}
		var psat *solver.SAT
		ex, err := g.secret(ctx, pub, ptal, st.seat, false, &psat)
		if err != nil {
			return nil, err
		}
		ex.Known = st.current[st.seat]
		r.Exposure = &ex
	}
	r.Best = best(r, st.seat, free)
	return r, nil
}

// secret is the report on player i's current number in st.
func (g *Game) secret(ctx context.Context, st *state, tal tally, i int, why bool, sat **solver.SAT) (Secret, error) {
	h := st.cur(i)
	sec := Secret{Player: st.players[i], Index: len(st.secrets[i]), Known: st.current[i], Guessed: slices.Clone(st.guessed[i])}
	total := big.NewInt(tal.total)
	for n := 1; n <= MaxNumber; n++ {
		c := tal.count[h][n]
		if c == 0 {
			if why && sec.Known == 0 {
				lines, err := g.why(ctx, st, sat, solver.Fact{Card: cardOf(n), Holder: h, Holds: false})
				if err != nil {
					return sec, err
				}
				sec.Eliminated = append(sec.Eliminated, Elimination{Number: n, Lines: lines})
			}
			continue
		}
		w := big.NewInt(c)
		sec.Candidates = append(sec.Candidates, Candidate{Number: n, Worlds: w, P: new(big.Rat).SetFrac(w, total)})
	}
	if len(sec.Candidates) == 1 {
		sec.Forced = sec.Candidates[0].Number
	}
	return sec, nil
}

// why is a minimal set of lines implying f, 1-based. A fact that one line
// states on its own (a number ruled out for a holder, or placed with
// another) is explained by the first such line without the SAT engine: one
// line is minimal since no fact holds with no line at all.
func (g *Game) why(ctx context.Context, st *state, sat **solver.SAT, f solver.Fact) ([]int, error) {
	n := numberOf(f.Card)
	for id, us := range st.units {
		for _, u := range us {
			direct := false
			if f.Holds {
				direct = u.holds && u.n == n && u.h == f.Holder
			} else {
				direct = (!u.holds && u.n == n && u.h == f.Holder) ||
					(u.holds && u.n == n && u.h != f.Holder) ||
					(u.holds && u.n != n && u.h == f.Holder && st.prob.Model().HolderSize(f.Holder).Max == 1)
			}
			if direct {
				return []int{st.obsLine[id] + 1}, nil
			}
		}
	}
	// A minimal set of lines implying f stays one as lines are added (the
	// game only grows, and a line's facts never change but for looks), so
	// the answers of the SAT engine are kept.
	cache := st == g.st
	if cache {
		if lines, ok := g.whys[f]; ok {
			return lines, nil
		}
	}
	if *sat == nil {
		*sat = solver.NewSAT(st.prob)
	}
	ids, err := (*sat).Why(ctx, f)
	if err != nil {
		return nil, err
	}
	lines := make([]int, 0, len(ids))
	for _, id := range ids {
		lines = append(lines, st.obsLine[id]+1)
	}
	slices.Sort(lines)
	lines = slices.Compact(lines)
	for _, ln := range lines {
		// A look line gains facts as later draws pass the numbers seen, so
		// a set holding one might stop being minimal.
		cache = cache && !slices.Contains(st.looks, ln-1)
	}
	if cache {
		if g.whys == nil {
			g.whys = map[solver.Fact][]int{}
		}
		g.whys[f] = lines
	}
	return lines, nil
}

// best is the most likely guess among the opponents' unknown numbers: the
// highest probability, then the earliest player after the seat, then the
// lowest number.
func best(r *Report, seat int, free bool) *Guess {
	var b *Guess
	n := len(r.Secrets)
	for k := 1; k <= n; k++ {
		i := (max(seat, 0) + k) % n
		if seat < 0 {
			i = k - 1
		}
		if i == seat {
			continue
		}
		s := r.Secrets[i]
		if s.Known != 0 {
			continue
		}
		for _, c := range s.Candidates {
			if b == nil || c.P.Cmp(b.P) > 0 {
				b = &Guess{Player: s.Player, Number: c.Number, P: c.P}
			}
		}
	}
	if b == nil {
		return nil
	}
	b.Free = free
	wrong := new(big.Rat).Sub(big.NewRat(1, 1), b.P)
	b.Penalty = new(big.Rat).Mul(wrong, big.NewRat(2, 1))
	if free {
		b.Penalty = new(big.Rat)
	}
	b.Advised = free || b.P.Cmp(big.NewRat(1, 2)) >= 0
	return b
}

// ratFloat is r rounded to a float64, for display.
func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// pct writes r as a percentage with one decimal.
func pct(r *big.Rat) string { return table.Percent(r) }
