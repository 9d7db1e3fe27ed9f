package theresbeenamurder

import (
	"slices"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// script makes the choices listed, in order (each the option's value),
// then the first option; shuffles do nothing.
type script struct {
	picks  []int
	events []engine.Event
}

func (a *script) Choose(s *engine.State, d engine.Decision, actor int, opts []int) int {
	if len(a.picks) > 0 {
		v := a.picks[0]
		a.picks = a.picks[1:]
		if i := slices.Index(opts, v); i >= 0 {
			return i
		}
		panic("scripted choice not legal")
	}
	return 0
}
func (a *script) Shuffle([]engine.Card)                     {}
func (a *script) Look(*engine.State, int, int, engine.Site) {}
func (a *script) Consult(*engine.State, int)                {}
func (a *script) Reveal(*engine.State, int)                 {}
func (a *script) Emit(s *engine.State, e engine.Event)      { a.events = append(a.events, e) }

// cfg is the Master set-up of a table of players.
func cfg(players int) *engine.Config {
	return &engine.Config{Players: players, Cards: engine.DefaultCards(players, engine.Master), Removed: 1}
}

// TestTurns plays one turn from a set position and checks how it ends and
// where the cards go.
func TestTurns(t *testing.T) {
	tests := []struct {
		why     string
		hands   [][]engine.Card
		deck    []engine.Card
		discard []engine.Card
		last    engine.Card
		picks   []int
		end     engine.End
		check   func(s *engine.State) bool
	}{
		{why: "Detective on a player holding only the Murderer wins",
			hands: [][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer}, {engine.Cad}}, deck: []engine.Card{engine.Maid},
			picks: []int{int(engine.Detective), 1}, end: engine.WinDetective},
		{why: "Detective on a player holding the Murderer and another: the other is discarded",
			hands: [][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer, engine.Cad}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Detective), 1}, end: engine.Playing,
			check: func(s *engine.State) bool {
				return slices.Equal(s.Hands[1], []engine.Card{engine.Murderer}) && engine.Has(s.Discard, engine.Cad)
			}},
		{why: "Socialite passes the lone Murderer to the Confidant's holder: win",
			hands: [][]engine.Card{{engine.Socialite, engine.Murderer}, {engine.Confidant, engine.Cad}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Socialite), 1, int(engine.Murderer), int(engine.Cad)}, end: engine.WinConfidant},
		{why: "the Confidant given away in the same swap does not trigger",
			hands: [][]engine.Card{{engine.Socialite, engine.Murderer}, {engine.Confidant}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Socialite), 1, int(engine.Murderer), int(engine.Confidant)}, end: engine.Playing},
		{why: "Invalid takes the lone Murderer into the Witness's hand: loss",
			hands: [][]engine.Card{{engine.Invalid, engine.Witness}, {engine.Murderer}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Invalid), 1}, end: engine.LoseWitness},
		{why: "Confidant and Witness both held: the lower number wins",
			hands: [][]engine.Card{{engine.Invalid, engine.Witness, engine.Confidant}, {engine.Murderer}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Invalid), 1}, end: engine.WinConfidant},
		{why: "a player who cannot draw at the start of the turn loses",
			hands: [][]engine.Card{{engine.Butler}, {engine.Murderer}, {engine.Maid}}, end: engine.LoseDeck},
		{why: "Gossip: the Stranger must go, the Murderer stays",
			hands: [][]engine.Card{{engine.Gossip, engine.Cad}, {engine.Murderer, engine.Stranger}, {engine.Maid, engine.Murderer + 0}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Gossip), int(engine.Cad), int(engine.Stranger)},
			check: func(s *engine.State) bool {
				return engine.Has(s.Hands[1], engine.Murderer) && engine.Has(s.Hands[2], engine.Stranger)
			}},
		{why: "the Monkey copies the last Action played",
			hands: [][]engine.Card{{engine.Monkey, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Nun}, last: engine.Invalid,
			picks: []int{int(engine.Monkey), 2, int(engine.Maid)},
			check: func(s *engine.State) bool { return engine.Has(s.Hands[0], engine.Maid) && len(s.Hands[2]) == 0 }},
		{why: "the Monkey with no Action played before does nothing",
			hands: [][]engine.Card{{engine.Monkey, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			check: func(s *engine.State) bool { return len(s.Hands[0]) == 1 }},
		{why: "the Aristocrat at the start of a turn: no draw, discard it and the Action cards",
			hands: [][]engine.Card{{engine.Aristocrat}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			check: func(s *engine.State) bool {
				return len(s.Hands[0]) == 0 && len(s.Deck) == 1 && s.Discard[0] == engine.Aristocrat
			}},
		{why: "the Aristocrat drawn: draw to two, then discard it with the Action cards, keep Effects",
			hands: [][]engine.Card{{engine.Witness}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Aristocrat, engine.Nun},
			check: func(s *engine.State) bool {
				return slices.Equal(s.Hands[0], []engine.Card{engine.Witness}) && len(s.Deck) == 1
			}},
		{why: "the Blackmailer drawn beside the Detective sends it into the deck",
			hands: [][]engine.Card{{engine.Detective}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Blackmailer},
			picks: []int{int(engine.Blackmailer)},
			check: func(s *engine.State) bool { return slices.Equal(s.Deck, []engine.Card{engine.Detective}) }},
		{why: "the Drunk is announced when drawn",
			hands: [][]engine.Card{{engine.Butler}, {engine.Cad}, {engine.Maid}}, deck: []engine.Card{engine.Drunk},
			check: func(s *engine.State) bool { return engine.Has(s.Discard, engine.Drunk) }},
		{why: "Swain: draw, then the target takes a card at random (here the Murderer) ",
			hands: [][]engine.Card{{engine.Swain, engine.Murderer}, {engine.Confidant}, {engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Swain), 1, int(engine.Murderer)}, end: engine.WinConfidant},
		{why: "Doctor: a card from the pile back into the deck",
			hands: [][]engine.Card{{engine.Doctor, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Nun}, discard: []engine.Card{engine.Murderer},
			picks: []int{int(engine.Doctor), int(engine.Murderer)},
			check: func(s *engine.State) bool { return engine.Has(s.Deck, engine.Murderer) && len(s.Discard) == 1 }},
		{why: "Secretary: a card from the deck to the pile",
			hands: [][]engine.Card{{engine.Secretary, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Nun, engine.Seer},
			picks: []int{int(engine.Secretary), int(engine.Seer)},
			check: func(s *engine.State) bool {
				return slices.Equal(s.Discard, []engine.Card{engine.Secretary, engine.Seer})
			}},
		{why: "Nun: a card to the bottom of the deck",
			hands: [][]engine.Card{{engine.Nun, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Hound},
			picks: []int{int(engine.Nun), int(engine.Cad)},
			check: func(s *engine.State) bool { return slices.Equal(s.Deck, []engine.Card{engine.Hound, engine.Cad}) }},
		{why: "Seer: the bottom card to the top",
			hands: [][]engine.Card{{engine.Seer, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Hound, engine.Nun},
			picks: []int{int(engine.Seer), 1},
			check: func(s *engine.State) bool { return slices.Equal(s.Deck, []engine.Card{engine.Nun, engine.Hound}) }},
		{why: "Driver: one of the top three into the hand",
			hands: [][]engine.Card{{engine.Driver, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Hound, engine.Nun, engine.Seer, engine.Reporter},
			picks: []int{int(engine.Driver), int(engine.Seer)},
			check: func(s *engine.State) bool { return engine.Has(s.Hands[0], engine.Seer) && len(s.Deck) == 3 }},
		{why: "the dead game: the Murderer discarded with the Doctor and the Monkey gone",
			hands: [][]engine.Card{{engine.Secretary, engine.Cad}, {engine.Butler}, {engine.Maid}}, deck: []engine.Card{engine.Murderer}, discard: []engine.Card{engine.Doctor, engine.Monkey},
			picks: []int{int(engine.Secretary), int(engine.Murderer)}, end: engine.LoseDead},
		{why: "Cad: two others swap; the lone Murderer to the Witness loses",
			hands: [][]engine.Card{{engine.Cad, engine.Butler}, {engine.Murderer}, {engine.Witness, engine.Maid}}, deck: []engine.Card{engine.Nun},
			picks: []int{int(engine.Cad), 1*16 + 2, int(engine.Murderer), int(engine.Maid)}, end: engine.LoseWitness},
	}
	for _, tt := range tests {
		c := cfg(3)
		s := &engine.State{Cfg: c, Hands: tt.hands, Deck: tt.deck, Discard: tt.discard, Last: tt.last,
			Grp: make([]int, len(tt.deck)), Top: make([]bool, len(tt.deck)), Virgin: make([]bool, 3)}
		a := &script{picks: tt.picks}
		s.PlayTurn(a)
		if s.End != tt.end {
			t.Errorf("%s: end %v, want %v (events %v)", tt.why, s.End, tt.end, a.events)
		}
		if tt.check != nil && !tt.check(s) {
			t.Errorf("%s: state %+v", tt.why, s)
		}
	}
}
