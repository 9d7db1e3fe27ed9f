package deduceordie

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"

	"github.com/gumshoe-dev/gumshoe/solver"
)

// Odds is an exact count of worlds out of a total and its probability.
type Odds struct {
	Count *big.Int
	P     *big.Rat
}

func odds(n, total *big.Int) Odds {
	p := new(big.Rat)
	if total.Sign() != 0 {
		p.SetFrac(n, total)
	}
	return Odds{Count: new(big.Int).Set(n), P: p}
}

// PairOdds is the chance that the Evidence is the pair A, B (A < B), with
// the Murder card the pair makes.
type PairOdds struct {
	A, B   Card
	Murder Card
	Odds
}

// CardOdds is the chance of one Murder card.
type CardOdds struct {
	Card Card
	Odds
}

// PlayerOdds is the chance that one player is the murderer.
type PlayerOdds struct {
	Player int
	Odds
}

// Accusation is the seat's best accusation: the Evidence pair to write
// down and the player to accuse, with the chance it succeeds.
type Accusation struct {
	A, B    Card
	Accused int
	Odds
	Certain bool // the accusation succeeds in every world
}

// Analysis is every exact report of a game from the seat's view.
type Analysis struct {
	Worlds  *big.Int          // the number of deals consistent with the lines
	Holders []string          // the players, then "evidence", then "exposed" (not for 5 players)
	Status  [][]solver.Status // [card][holder]
	P       [][]*big.Rat      // [card][holder]: the chance the card is with the holder

	Pairs       []PairOdds   // every possible Evidence pair, most likely first
	MurderCards []CardOdds   // every possible Murder card, most likely first
	Murderers   []PlayerOdds // nil when the exposed card is not recorded; every player otherwise
	// Accusation is the seat's best accusation; nil without a seat, without
	// the seat's whole hand or the exposed card, or when no accusation can
	// succeed.
	Accusation *Accusation
	// Notes say why a report is missing.
	Notes []string
}

// knownExposed is the exposed card as recorded (or forced), -1 when there
// is none in the game, and ok false when it is unknown.
func (g *Game) knownExposed(sheet statuser) (Card, bool) {
	if !HasExposed(len(g.players)) {
		return -1, true
	}
	for c := range Card(NumCards) {
		if sheet.Status(c, g.exposedH()) == solver.Forced {
			return c, true
		}
	}
	return -1, false
}

// seatHand is the seat's hand when every card of it is forced.
func (g *Game) seatHand(sheet statuser) ([]Card, bool) {
	if g.seat < 0 {
		return nil, false
	}
	var hand []Card
	for c := range Card(NumCards) {
		if sheet.Status(c, solver.Holder(g.seat)) == solver.Forced {
			hand = append(hand, c)
		}
	}
	return hand, len(hand) == HandSize(len(g.players))
}

// statuser is what the sheet says of each card and holder: a
// *solver.Sheet, or statuses read off exact marginal counts.
type statuser interface {
	Status(c Card, h solver.Holder) solver.Status
}

// margStatus reads statuses off exact marginals: a count of 0 is
// impossible, the total forced.
type margStatus struct{ m *solver.Marginals }

func (s margStatus) Status(c Card, h solver.Holder) solver.Status {
	switch n := s.m.Count(c, h); {
	case n.Sign() == 0:
		return solver.Impossible
	case n.Cmp(s.m.Total) == 0:
		return solver.Forced
	}
	return solver.Open
}

// errNoPlayers is returned by the reports before the players line.
var errNoPlayers = errors.New("no players yet: the first entry is players NAME NAME NAME ...")

// Analyze computes every report: the sheet, the Evidence-pair, Murder-card
// and murderer distributions and the seat's best accusation.
func (g *Game) Analyze(ctx context.Context) (*Analysis, error) {
	if g.prob == nil {
		return nil, errNoPlayers
	}
	// The counts are exact, so the statuses come from the marginals.
	cnt := g.cnt.Counter(g.prob)
	marg, err := cnt.Marginals(ctx)
	if err != nil {
		return nil, err
	}
	if marg.Total.Sign() == 0 {
		return nil, solver.ErrInconsistent
	}
	sheet := margStatus{marg}
	a := &Analysis{Worlds: new(big.Int).Set(marg.Total)}
	nh := g.model.NumHolders()
	for h := range nh {
		a.Holders = append(a.Holders, g.model.HolderName(solver.Holder(h)))
	}
	a.Status = make([][]solver.Status, NumCards)
	a.P = make([][]*big.Rat, NumCards)
	for c := range Card(NumCards) {
		a.Status[c] = make([]solver.Status, nh)
		a.P[c] = make([]*big.Rat, nh)
		for h := range solver.Holder(nh) {
			a.Status[c][h] = sheet.Status(c, h)
			a.P[c][h] = marg.Prob(c, h)
		}
	}
	exposed, expOK := g.knownExposed(sheet)
	ev := g.evidenceH()

	// The Evidence pair joint with the murderer (or alone when the exposed
	// card, which the murderer depends on, is unknown).
	pairCount := map[[2]Card]*big.Int{}
	murderer := make([]*big.Int, len(g.players))
	for i := range murderer {
		murderer[i] = new(big.Int)
	}
	addPair := func(cs []Card, n *big.Int) error {
		if len(cs) != 2 {
			return fmt.Errorf("deduceordie: evidence content of %d cards", len(cs))
		}
		k := [2]Card{cs[0], cs[1]}
		if pairCount[k] == nil {
			pairCount[k] = new(big.Int)
		}
		pairCount[k].Add(pairCount[k], n)
		return nil
	}
	hand, handOK := g.seatHand(sheet)
	var inHand [NumCards]bool
	for _, c := range hand {
		inHand[c] = true
	}
	// With the seat's hand known, one pass serves the murderer and the
	// accusation: the seat's target is the murderer's card unless that card
	// is in the seat's hand, and then the seat is the murderer.
	var targets []solver.ContentHolderCount
	if expOK {
		pick := murdererPick(exposed)
		if handOK {
			pick = targetPick(exposed, hand)
		}
		jc, err := cnt.ContentsAndHolder(ctx, ev, pick)
		if err != nil {
			return nil, err
		}
		if handOK {
			targets = jc
		}
		for _, x := range jc {
			if err := addPair(x.Cards, x.Count); err != nil {
				return nil, err
			}
			who := x.Holder
			if handOK && inHand[MurdererCard(x.Cards[0], x.Cards[1], exposed)] {
				who = solver.Holder(g.seat)
			}
			if who >= 0 && int(who) < len(g.players) {
				murderer[who].Add(murderer[who], x.Count)
			}
		}
		for p, n := range murderer {
			a.Murderers = append(a.Murderers, PlayerOdds{p, odds(n, marg.Total)})
		}
		slices.SortStableFunc(a.Murderers, func(x, y PlayerOdds) int { return x.Count.Cmp(y.Count) * -1 })
	} else {
		a.Notes = append(a.Notes, "murderer and accusation need the exposed card: add an exposed line")
		cc, err := cnt.Contents(ctx, ev)
		if err != nil {
			return nil, err
		}
		for _, x := range cc {
			if err := addPair(x.Cards, x.Count); err != nil {
				return nil, err
			}
		}
	}
	murder := map[Card]*big.Int{}
	for k, n := range pairCount {
		po := PairOdds{A: k[0], B: k[1], Murder: MurderCard(k[0], k[1]), Odds: odds(n, marg.Total)}
		a.Pairs = append(a.Pairs, po)
		if murder[po.Murder] == nil {
			murder[po.Murder] = new(big.Int)
		}
		murder[po.Murder].Add(murder[po.Murder], n)
	}
	slices.SortFunc(a.Pairs, func(x, y PairOdds) int {
		return cmp.Or(-x.Count.Cmp(y.Count), cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B))
	})
	for c, n := range murder {
		a.MurderCards = append(a.MurderCards, CardOdds{c, odds(n, marg.Total)})
	}
	slices.SortFunc(a.MurderCards, func(x, y CardOdds) int {
		return cmp.Or(-x.Count.Cmp(y.Count), cmp.Compare(x.Card, y.Card))
	})

	// The seat's best accusation, in the accuser's view (rule 3).
	switch {
	case g.seat < 0:
		a.Notes = append(a.Notes, "no seat: add a seat line for the best accusation")
	case !handOK:
		a.Notes = append(a.Notes, "the seat's hand is not known: add a hand line for the best accusation")
	case expOK:
		acc := g.bestAccusation(targets, marg.Total)
		a.Accusation = acc
		if acc == nil {
			a.Notes = append(a.Notes, "no accusation can succeed")
		}
	}
	return a, nil
}

// murdererPick picks, from an Evidence content, the card whose holder is
// the murderer.
func murdererPick(exposed Card) func([]Card) (Card, bool) {
	return func(cs []Card) (Card, bool) {
		if len(cs) != 2 {
			return 0, false
		}
		return MurdererCard(cs[0], cs[1], exposed), true
	}
}

// targetPick picks, from an Evidence content, the seat's accusation target.
func targetPick(exposed Card, hand []Card) func([]Card) (Card, bool) {
	var in [NumCards]bool
	for _, c := range hand {
		in[c] = true
	}
	return func(cs []Card) (Card, bool) {
		if len(cs) != 2 {
			return 0, false
		}
		return TargetCard(cs[0], cs[1], exposed, func(c Card) bool { return in[c] })
	}
}

// bestAccusation is the likeliest (pair, accused) of the joint of the
// Evidence content and the holder of the seat's target.
func (g *Game) bestAccusation(jc []solver.ContentHolderCount, total *big.Int) *Accusation {
	var best *Accusation
	for _, x := range jc {
		if len(x.Cards) != 2 || x.Holder < 0 || int(x.Holder) >= len(g.players) || int(x.Holder) == g.seat || x.Count.Sign() == 0 {
			continue
		}
		cand := &Accusation{A: x.Cards[0], B: x.Cards[1], Accused: int(x.Holder), Odds: odds(x.Count, total)}
		if best == nil || cmp.Or(-cand.Count.Cmp(best.Count), cmp.Compare(cand.A, best.A), cmp.Compare(cand.B, best.B), cmp.Compare(cand.Accused, best.Accused)) < 0 {
			best = cand
		}
	}
	if best != nil {
		best.Certain = best.Count.Cmp(total) == 0
	}
	return best
}
