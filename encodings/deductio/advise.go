package deductio

import (
	"context"
	"math"
	"math/big"
)

// ClueOption is one face-up clue card weighed for the seat to play.
type ClueOption struct {
	Clue Clue
	True bool // true of the seat's number (only true cards may be played vertically)
	// Mass is the probability, from public information only, that the
	// seat's number makes the card true: what the table expects. Playing
	// the card tells the table -log2(Mass) bits (Bits), so the larger Mass,
	// the less it gives away.
	Mass *big.Rat
	Bits float64
	// Left is how many numbers the table would still hold possible for the
	// seat's number after the card is played, and TheirBest the table's best
	// chance of guessing it then.
	Left      int
	TheirBest *big.Rat
	// Ranked is set on the true cards, which carry the leak-aware figures:
	// Gain is what the seat expects to learn from the card's ability, in
	// bits (a free guess: the entropy of the best guess's answer; a look
	// at the deck: the information of the cards seen about the opponents'
	// current numbers; 0 without ability), Leaks what each opponent learns
	// from the play, and Score = Gain − the largest leak.
	Ranked bool
	Gain   float64
	Leaks  []Leak
	Score  float64
}

// ClueChoice is which face-up clue card to play.
type ClueChoice struct {
	Number  int          // the seat's number
	Options []ClueOption // in row order
	// Play is the index in Options of the card to play: the true card of
	// the best Score ([Game.Advice]; ties and [Game.AdviseClue]: the true
	// card giving the table the least information, largest Mass, then
	// smallest TheirBest, then the first in the row); -1 when no card is
	// true and all are taken horizontally.
	Play int
	// Rejected is, when no card is true, Mass of "none of the cards is
	// true": what taking them all horizontally tells the table.
	Rejected *big.Rat
}

// Advice is what the advise command answers: the best guess and which
// face-up clue card to play.
type Advice struct {
	// Best is the seat's best guess; nil when no opponent's number is open
	// to one.
	Best *Guess
	// Clue is which clue card to play; nil when ClueErr (ErrNoRow or
	// ErrNoNumber) says why there is no such advice.
	Clue    *ClueChoice
	ClueErr error
}

// Advice is the advice for the seat: free when the seat has a free guess,
// row the face-up clue cards (the last row line when empty). The clue
// cards carry the leak-aware figures and Play is the true card of the best
// score (see [ClueOption]).
func (g *Game) Advice(ctx context.Context, free bool, row []Clue) (*Advice, error) {
	r, err := g.report(ctx, free, false)
	if err != nil {
		return nil, err
	}
	a := &Advice{Best: r.Best}
	a.Clue, err = g.AdviseClue(ctx, row)
	switch {
	case err == ErrNoRow || err == ErrNoNumber:
		a.Clue, a.ClueErr = nil, err
	case err != nil:
		return nil, err
	}
	if a.Clue != nil && a.Clue.Play >= 0 {
		if err := g.clueLeaks(ctx, a.Clue, r.Best); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// ErrNoRow is returned by [Game.AdviseClue] when no clue row is known.
var ErrNoRow = &adviceError{"no face-up clue cards: give them (such as \"even >=7 not:9,19\") or log a row line"}

// ErrNoNumber is returned by [Game.AdviseClue] when the seat's number is not
// in the log.
var ErrNoNumber = &adviceError{"the seat's own number is not known: log a seat line and a secret line"}

type adviceError struct{ msg string }

func (e *adviceError) Error() string { return e.msg }

// AdviseClue weighs the face-up clue cards row (the last row line when row
// is empty) for the seat: which true card tells the other players least
// about the seat's number, measured exactly from public information.
func (g *Game) AdviseClue(ctx context.Context, row []Clue) (*ClueChoice, error) {
	st := g.st
	if len(row) == 0 {
		row = st.row
	}
	if st.seat < 0 || st.current[st.seat] == 0 {
		return nil, ErrNoNumber
	}
	if len(row) == 0 {
		return nil, ErrNoRow
	}
	pub, err := g.publicState()
	if err != nil {
		return nil, err
	}
	tal, err := pub.countWorlds(ctx)
	if err != nil {
		return nil, err
	}
	h := pub.cur(st.seat)
	me := st.current[st.seat]
	a := &ClueChoice{Number: me, Play: -1}
	total := big.NewInt(tal.total)
	var union Set
	for _, c := range row {
		s := c.Numbers(st.faceUp)
		union |= s
		var mass, top int64
		left := 0
		for _, n := range s.Numbers() {
			if k := tal.count[h][n]; k > 0 {
				mass += k
				top = max(top, k)
				left++
			}
		}
		o := ClueOption{Clue: c, True: s.Has(me), Mass: new(big.Rat).SetFrac(big.NewInt(mass), total), Left: left, TheirBest: new(big.Rat)}
		if mass > 0 {
			o.TheirBest.SetFrac64(top, mass)
			o.Bits = max(0, -math.Log2(ratFloat(o.Mass)))
		} else {
			o.Bits = math.Inf(1)
		}
		a.Options = append(a.Options, o)
	}
	for i, o := range a.Options {
		if !o.True {
			continue
		}
		if a.Play < 0 {
			a.Play = i
			continue
		}
		b := a.Options[a.Play]
		if c := o.Mass.Cmp(b.Mass); c > 0 || (c == 0 && o.TheirBest.Cmp(b.TheirBest) < 0) {
			a.Play = i
		}
	}
	if a.Play < 0 {
		var mass int64
		for n := 1; n <= MaxNumber; n++ {
			if !union.Has(n) {
				mass += tal.count[h][n]
			}
		}
		a.Rejected = new(big.Rat).SetFrac(big.NewInt(mass), total)
	}
	return a, nil
}
