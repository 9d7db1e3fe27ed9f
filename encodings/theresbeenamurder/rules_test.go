package theresbeenamurder

import (
	"slices"
	"testing"
)

func TestLegalPlays(t *testing.T) {
	tests := []struct {
		why  string
		hand []Card
		want []Card
	}{
		{"any card of two", []Card{Cad, Butler}, []Card{Cad, Butler}},
		{"the Murderer is not played beside another card", []Card{Murderer, Butler}, []Card{Butler}},
		{"the Murderer alone is played", []Card{Murderer}, []Card{Murderer}},
		{"the Monkey must be played", []Card{Monkey, Detective}, []Card{Monkey}},
		{"the Drunk must be played", []Card{Drunk, Detective}, []Card{Drunk}},
		{"the Monkey wins over the Drunk (lower number)", []Card{Drunk, Monkey}, []Card{Monkey}},
		{"the Imposter gives way to a higher card", []Card{Imposter, Cad}, []Card{Cad}},
		{"the Imposter beside a lower card: either", []Card{Imposter, Confidant}, []Card{Confidant, Imposter}},
		{"the Imposter beside the Murderer is played", []Card{Imposter, Murderer}, []Card{Imposter}},
		{"the Socialite needs another card", []Card{Socialite}, []Card{Socialite}},
		{"the Socialite with another card", []Card{Socialite, Witness}, []Card{Witness, Socialite}},
		{"the Nun needs another card", []Card{Nun, Butler}, []Card{Butler, Nun}},
		{"three cards, the Murderer among them", []Card{Murderer, Stranger, Gossip}, []Card{Stranger, Gossip}},
	}
	for _, tt := range tests {
		if got := LegalPlays(tt.hand); !slices.Equal(got, tt.want) {
			t.Errorf("%s: LegalPlays(%v) = %v, want %v", tt.why, tt.hand, got, tt.want)
		}
	}
}

func TestChoosable(t *testing.T) {
	tests := []struct {
		why  string
		hand []Card
		want []Card
	}{
		{"a free choice", []Card{Cad, Butler}, []Card{Cad, Butler}},
		{"the Stranger must be chosen", []Card{Stranger, Butler}, []Card{Stranger}},
		{"the Stranger before the Murderer", []Card{Murderer, Stranger}, []Card{Stranger}},
		{"the Murderer is kept back", []Card{Murderer, Witness}, []Card{Witness}},
		{"the Murderer alone goes", []Card{Murderer}, []Card{Murderer}},
		{"nothing to choose", nil, nil},
	}
	for _, tt := range tests {
		if got := Choosable(tt.hand); !slices.Equal(got, tt.want) {
			t.Errorf("%s: Choosable(%v) = %v, want %v", tt.why, tt.hand, got, tt.want)
		}
	}
}

// script makes the choices listed, in order (each the option's value),
// then the first option; shuffles do nothing.
type script struct {
	picks  []int
	events []Event
}

func (a *script) choose(s *State, d Decision, actor int, opts []int) int {
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
func (a *script) shuffle([]Card)              {}
func (a *script) look(*State, int, int, site) {}
func (a *script) consult(*State, int)         {}
func (a *script) reveal(*State, int)          {}
func (a *script) emit(s *State, e Event)      { a.events = append(a.events, e) }

// cfg is the Master set-up of a table of players.
func cfg(players int) *Config {
	return &Config{Players: players, Cards: DefaultCards(players, Master), Removed: 1}
}

// TestTurns plays one turn from a set position and checks how it ends and
// where the cards go.
func TestTurns(t *testing.T) {
	tests := []struct {
		why     string
		hands   [][]Card
		deck    []Card
		discard []Card
		last    Card
		picks   []int
		end     End
		check   func(s *State) bool
	}{
		{why: "Detective on a player holding only the Murderer wins",
			hands: [][]Card{{Detective, Butler}, {Murderer}, {Cad}}, deck: []Card{Maid},
			picks: []int{int(Detective), 1}, end: WinDetective},
		{why: "Detective on a player holding the Murderer and another: the other is discarded",
			hands: [][]Card{{Detective, Butler}, {Murderer, Cad}, {Maid}}, deck: []Card{Nun},
			picks: []int{int(Detective), 1}, end: Playing,
			check: func(s *State) bool { return slices.Equal(s.Hands[1], []Card{Murderer}) && has(s.Discard, Cad) }},
		{why: "Socialite passes the lone Murderer to the Confidant's holder: win",
			hands: [][]Card{{Socialite, Murderer}, {Confidant, Cad}, {Maid}}, deck: []Card{Nun},
			picks: []int{int(Socialite), 1, int(Murderer), int(Cad)}, end: WinConfidant},
		{why: "the Confidant given away in the same swap does not trigger",
			hands: [][]Card{{Socialite, Murderer}, {Confidant}, {Maid}}, deck: []Card{Nun},
			picks: []int{int(Socialite), 1, int(Murderer), int(Confidant)}, end: Playing},
		{why: "Invalid takes the lone Murderer into the Witness's hand: loss",
			hands: [][]Card{{Invalid, Witness}, {Murderer}, {Maid}}, deck: []Card{Nun},
			picks: []int{int(Invalid), 1}, end: LoseWitness},
		{why: "Confidant and Witness both held: the lower number wins",
			hands: [][]Card{{Invalid, Witness, Confidant}, {Murderer}, {Maid}}, deck: []Card{Nun},
			picks: []int{int(Invalid), 1}, end: WinConfidant},
		{why: "a player who cannot draw at the start of the turn loses",
			hands: [][]Card{{Butler}, {Murderer}, {Maid}}, end: LoseDeck},
		{why: "Gossip: the Stranger must go, the Murderer stays",
			hands: [][]Card{{Gossip, Cad}, {Murderer, Stranger}, {Maid, Murderer + 0}}, deck: []Card{Nun},
			picks: []int{int(Gossip), int(Cad), int(Stranger)},
			check: func(s *State) bool { return has(s.Hands[1], Murderer) && has(s.Hands[2], Stranger) }},
		{why: "the Monkey copies the last Action played",
			hands: [][]Card{{Monkey, Cad}, {Butler}, {Maid}}, deck: []Card{Nun}, last: Invalid,
			picks: []int{int(Monkey), 2, int(Maid)},
			check: func(s *State) bool { return has(s.Hands[0], Maid) && len(s.Hands[2]) == 0 }},
		{why: "the Monkey with no Action played before does nothing",
			hands: [][]Card{{Monkey, Cad}, {Butler}, {Maid}}, deck: []Card{Nun},
			check: func(s *State) bool { return len(s.Hands[0]) == 1 }},
		{why: "the Aristocrat at the start of a turn: no draw, discard it and the Action cards",
			hands: [][]Card{{Aristocrat}, {Butler}, {Maid}}, deck: []Card{Nun},
			check: func(s *State) bool { return len(s.Hands[0]) == 0 && len(s.Deck) == 1 && s.Discard[0] == Aristocrat }},
		{why: "the Aristocrat drawn: draw to two, then discard it with the Action cards, keep Effects",
			hands: [][]Card{{Witness}, {Butler}, {Maid}}, deck: []Card{Aristocrat, Nun},
			check: func(s *State) bool { return slices.Equal(s.Hands[0], []Card{Witness}) && len(s.Deck) == 1 }},
		{why: "the Blackmailer drawn beside the Detective sends it into the deck",
			hands: [][]Card{{Detective}, {Butler}, {Maid}}, deck: []Card{Blackmailer},
			picks: []int{int(Blackmailer)},
			check: func(s *State) bool { return slices.Equal(s.Deck, []Card{Detective}) }},
		{why: "the Drunk is announced when drawn",
			hands: [][]Card{{Butler}, {Cad}, {Maid}}, deck: []Card{Drunk},
			check: func(s *State) bool { return has(s.Discard, Drunk) }},
		{why: "Swain: draw, then the target takes a card at random (here the Murderer) ",
			hands: [][]Card{{Swain, Murderer}, {Confidant}, {Maid}}, deck: []Card{Nun},
			picks: []int{int(Swain), 1, int(Murderer)}, end: WinConfidant},
		{why: "Doctor: a card from the pile back into the deck",
			hands: [][]Card{{Doctor, Cad}, {Butler}, {Maid}}, deck: []Card{Nun}, discard: []Card{Murderer},
			picks: []int{int(Doctor), int(Murderer)},
			check: func(s *State) bool { return has(s.Deck, Murderer) && len(s.Discard) == 1 }},
		{why: "Secretary: a card from the deck to the pile",
			hands: [][]Card{{Secretary, Cad}, {Butler}, {Maid}}, deck: []Card{Nun, Seer},
			picks: []int{int(Secretary), int(Seer)},
			check: func(s *State) bool { return slices.Equal(s.Discard, []Card{Secretary, Seer}) }},
		{why: "Nun: a card to the bottom of the deck",
			hands: [][]Card{{Nun, Cad}, {Butler}, {Maid}}, deck: []Card{Hound},
			picks: []int{int(Nun), int(Cad)},
			check: func(s *State) bool { return slices.Equal(s.Deck, []Card{Hound, Cad}) }},
		{why: "Seer: the bottom card to the top",
			hands: [][]Card{{Seer, Cad}, {Butler}, {Maid}}, deck: []Card{Hound, Nun},
			picks: []int{int(Seer), 1},
			check: func(s *State) bool { return slices.Equal(s.Deck, []Card{Nun, Hound}) }},
		{why: "Driver: one of the top three into the hand",
			hands: [][]Card{{Driver, Cad}, {Butler}, {Maid}}, deck: []Card{Hound, Nun, Seer, Reporter},
			picks: []int{int(Driver), int(Seer)},
			check: func(s *State) bool { return has(s.Hands[0], Seer) && len(s.Deck) == 3 }},
		{why: "the dead game: the Murderer discarded with the Doctor and the Monkey gone",
			hands: [][]Card{{Secretary, Cad}, {Butler}, {Maid}}, deck: []Card{Murderer}, discard: []Card{Doctor, Monkey},
			picks: []int{int(Secretary), int(Murderer)}, end: LoseDead},
		{why: "Cad: two others swap; the lone Murderer to the Witness loses",
			hands: [][]Card{{Cad, Butler}, {Murderer}, {Witness, Maid}}, deck: []Card{Nun},
			picks: []int{int(Cad), 1*16 + 2, int(Murderer), int(Maid)}, end: LoseWitness},
	}
	for _, tt := range tests {
		c := cfg(3)
		s := &State{Cfg: c, Hands: tt.hands, Deck: tt.deck, Discard: tt.discard, Last: tt.last,
			Grp: make([]int, len(tt.deck)), Top: make([]bool, len(tt.deck)), Virgin: make([]bool, 3)}
		a := &script{picks: tt.picks}
		s.playTurn(a)
		if s.End != tt.end {
			t.Errorf("%s: end %v, want %v (events %v)", tt.why, s.End, tt.end, a.events)
		}
		if tt.check != nil && !tt.check(s) {
			t.Errorf("%s: state %+v", tt.why, s)
		}
	}
}
