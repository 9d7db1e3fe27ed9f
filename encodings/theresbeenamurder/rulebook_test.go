package theresbeenamurder

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// The rulebook conformance suite: one case per sentence of the printed
// rules that the engine or the notation must follow, written from the
// rules (each case quotes its sentence) and played on the engine: a turn
// from a set position (the script agent makes the choices listed), the
// set-up, or a log's lines.

// drawAware is the script agent whose Swain's choice (DTaker) reads the
// hand: the Confidant's holder when the hand holds the Murderer, else the
// last option; it records the hand it saw and the player chosen.
type drawAware struct {
	script
	held []engine.Card
	to   int
}

func (a *drawAware) Choose(s *engine.State, d engine.Decision, actor int, opts []int) int {
	if d != engine.DTaker {
		return a.script.Choose(s, d, actor, opts)
	}
	a.held = engine.SortedCards(s.Hands[actor])
	i := len(opts) - 1
	if engine.Has(s.Hands[actor], engine.Murderer) {
		i = slices.Index(opts, s.HolderOf(engine.Confidant))
	}
	a.to = opts[i]
	return i
}

// rule is one sentence of the rules and the check that plays it.
type rule struct {
	quote string
	check func(t *testing.T)
}

// all24 is a three-player set-up with every card, for the cards of larger
// tables.
func all24(players int) *engine.Config {
	c := &engine.Config{Players: players, Removed: 1}
	for k := engine.Card(1); k <= engine.NumCards; k++ {
		c.Cards = append(c.Cards, k)
	}
	return c
}

// turnOf plays one turn of player 0 from a set position (three players,
// every card) with the choices picks, and returns the state and events.
func turnOf(hands [][]engine.Card, deck, discard []engine.Card, last engine.Card, picks ...int) (*engine.State, []engine.Event) {
	c := all24(len(hands))
	s := &engine.State{Cfg: c, Hands: hands, Deck: deck, Discard: discard, Last: last,
		Grp: make([]int, len(deck)), Top: make([]bool, len(deck)), Virgin: make([]bool, len(hands))}
	a := &script{picks: picks}
	s.PlayTurn(a)
	return s, a.events
}

// kinds are the events of kind k.
func kinds(evs []engine.Event, k engine.Kind) []engine.Event {
	var out []engine.Event
	for _, e := range evs {
		if e.Kind == k {
			out = append(out, e)
		}
	}
	return out
}

// logRefused applies the lines (after "players kim lou me ola", "seat me")
// and reports the last line's error; the lines before it must be accepted.
func logRefused(t *testing.T, lines ...string) error {
	t.Helper()
	g := NewGame()
	all := append([]string{"players kim lou me ola", "seat me"}, lines...)
	for _, l := range all[:len(all)-1] {
		if err := g.Apply(l); err != nil {
			t.Fatalf("%q: %v", l, err)
		}
	}
	return g.Apply(all[len(all)-1])
}

func want(t *testing.T, ok bool, format string, args ...any) {
	t.Helper()
	if !ok {
		t.Errorf(format, args...)
	}
}

var rulebook = []rule{
	// The Cards and Set Up.
	{"The deck includes 24 cards, numbered 1 to 24.", func(t *testing.T) {
		for n := 1; n <= 24; n++ {
			c, err := engine.ParseCard(strconv.Itoa(n))
			want(t, err == nil && int(c) == n, "card %d: %v %v", n, c, err)
		}
		_, err := engine.ParseCard("25")
		want(t, err != nil && engine.NumCards == 24, "a 25th card")
	}},
	{"Set aside cards 21 to 24, they are for additional numbers of players.", func(t *testing.T) {
		for _, n := range []int{3, 4} {
			for _, l := range []engine.Level{engine.Novice, engine.Veteran, engine.Master} {
				for _, c := range engine.DefaultCards(n, l) {
					want(t, c < engine.Nun, "%d players, %v: card %v", n, l, c)
				}
			}
		}
	}},
	{"Add card 21 for 5 players, 22 for 6 players, and so on.", func(t *testing.T) {
		for n, top := range map[int]engine.Card{3: 18, 4: 18, 5: 21, 6: 22, 7: 23, 8: 24} {
			cs := engine.DefaultCards(n, engine.Novice)
			var w []engine.Card
			for c := engine.Card(1); c <= engine.Driver; c++ {
				w = append(w, c)
			}
			for c := engine.Nun; c <= top; c++ {
				w = append(w, c)
			}
			want(t, slices.Equal(cs, w), "%d players: %v, want %v", n, cs, w)
			cfg, err := engine.NewConfig(n, engine.Novice)
			want(t, err == nil && cfg.DeckSize() == len(w)-1, "%d players: deck of %d", n, cfg.DeckSize())
		}
	}},
	{"Cards that have a blue background and the action symbol are Action Cards. The text applies when those cards are played.", func(t *testing.T) {
		for c := engine.Card(1); c <= engine.NumCards; c++ {
			isAction := c == engine.Detective || (c >= engine.Cad && c <= engine.Driver) || c >= engine.Nun
			want(t, c.IsAction() == isAction, "%v: action %v", c, c.IsAction())
		}
	}},
	{"Cards that have a red background and the effect symbol are Effect Cards. The text on them applies as soon as the card is in your hand, and stops taking effect when you play the card.", func(t *testing.T) {
		// The Witness played: the Murderer passed to its former holder
		// next turn does not lose.
		s, _ := turnOf([][]engine.Card{{engine.Witness, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Witness))
		want(t, !engine.Has(s.Hands[0], engine.Witness) && engine.Has(s.Discard, engine.Witness) && s.End == engine.Playing, "the Witness played: %+v", s)
		s, _ = turnOf([][]engine.Card{{engine.Invalid, engine.Cad}, {engine.Murderer}, {engine.Maid}}, []engine.Card{engine.Nun}, []engine.Card{engine.Witness}, 0, int(engine.Invalid), 1)
		want(t, s.End == engine.Playing && engine.Has(s.Hands[0], engine.Murderer), "the Murderer passed after the Witness was played: %v", s.End)
	}},
	{"Apart from no longer effecting their holder, they have no other effect when played.", func(t *testing.T) {
		for _, c := range []engine.Card{engine.Confidant, engine.Witness, engine.Stranger, engine.Blackmailer} {
			s, evs := turnOf([][]engine.Card{{c, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, engine.Gossip, int(c))
			want(t, len(evs) == 1 && s.Last == engine.Gossip && slices.Equal(s.Hands[1], []engine.Card{engine.Butler}) && len(s.Deck) == 1,
				"%v played: events %v", c, evs)
		}
	}},
	{"Set aside the Murderer (1) and the Detective (2) cards. Shuffle the remaining cards and deal one card face down. Remove that card from the game without looking at it.", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(1, 2))
		cfg, _ := engine.NewConfig(4, engine.Novice)
		for range 200 {
			deck, removed := engine.RandomDeal(cfg, rng)
			want(t, len(removed) == 1 && removed[0] != engine.Murderer && removed[0] != engine.Detective && !engine.Has(deck, removed[0]),
				"removed %v", removed)
		}
	}},
	{"Split the remaining deck into approximately two even halves. Shuffle the Detective card into one half and the Murderer card into the other, then place the half with the Murderer on the top of the other half.", func(t *testing.T) {
		rng := rand.New(rand.NewPCG(3, 4))
		for n := engine.MinPlayers; n <= engine.MaxPlayers; n++ {
			cfg, _ := engine.NewConfig(n, engine.Master)
			r := len(cfg.Cards) - 2 - cfg.Removed
			for range 100 {
				deck, _ := engine.RandomDeal(cfg, rng)
				m, d := slices.Index(deck, engine.Murderer), slices.Index(deck, engine.Detective)
				want(t, m < cfg.TopSize() && d >= cfg.TopSize() && cfg.TopSize()-1 == r/2 && len(deck)-cfg.TopSize() == r-r/2+1,
					"%d players: Murderer at %d, Detective at %d, top part %d", n, m, d, cfg.TopSize())
			}
		}
	}},
	{"Then, deal each player two cards.", func(t *testing.T) {
		cfg, _ := engine.NewConfig(5, engine.Novice)
		deck, removed := engine.RandomDeal(cfg, rand.New(rand.NewPCG(5, 6)))
		s := engine.NewState(cfg, deck, removed)
		for p := range 5 {
			want(t, len(s.Hands[p]) == 2, "player %d holds %v", p, s.Hands[p])
		}
		want(t, len(s.Deck) == cfg.DeckSize()-10, "deck of %d", len(s.Deck))
	}},
	// Game Turns.
	{"Starting with the first player, each player takes their turn, then passes play to the player on their left.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Butler, engine.Cad}, {engine.Maid, engine.Doctor}, {engine.Witness, engine.Gossip}}, []engine.Card{engine.Nun, engine.Seer}, nil, 0, int(engine.Butler))
		want(t, s.Turn == 1, "next turn %d", s.Turn)
		want(t, logRefused(t, "hand maid cad", "lou plays doctor none") != nil, "lou played before kim")
		want(t, logRefused(t, "hand maid cad", "kim plays butler witness", "ola plays butler witness") != nil, "ola played after kim")
	}},
	{"Draw: If you have fewer than two cards, draw from the face-down deck until you have two cards.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{}, {engine.Maid}, {engine.Witness}}, []engine.Card{engine.Butler, engine.Doctor, engine.Cad}, nil, 0, int(engine.Butler))
		want(t, len(kinds(evs, engine.EvDraw)) == 2 && slices.Equal(s.Deck, []engine.Card{engine.Cad}) && slices.Equal(s.Hands[0], []engine.Card{engine.Doctor}), "draws %v", kinds(evs, engine.EvDraw))
		want(t, logRefused(t, "hand maid cad", "kim plays swain lou", "kim draws", "lou plays invalid kim",
			"me plays maid", "lou shows witness to me", "ola shows butler to me", "ola plays butler doctor", "kim draws", "kim plays secretary none") != nil,
			"a play after one draw, one card in hand")
	}},
	{"If you have two or more cards, skip this phase.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Butler, engine.Cad}, {engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Butler))
		want(t, len(kinds(evs, engine.EvDraw)) == 0, "draws %v", evs)
		want(t, logRefused(t, "hand maid cad", "kim draws") != nil, "a draw with two cards")
	}},
	{"Play: Play one card. Cards are played into a central pile, known as the discard pile.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Butler, engine.Cad}, {engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Butler))
		want(t, len(kinds(evs, engine.EvPlay)) == 1 && slices.Equal(s.Discard, []engine.Card{engine.Butler}) && slices.Equal(s.Hands[0], []engine.Card{engine.Cad}), "%v", s.Discard)
		want(t, logRefused(t, "hand maid cad", "kim plays butler witness", "kim plays cad lou me") != nil, "a second play")
	}},
	{"If you play an Effect card, it does nothing except get it out of your hand.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Imposter, engine.Murderer}, {engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, engine.Invalid, int(engine.Imposter))
		want(t, len(evs) == 1 && slices.Equal(s.Hands[0], []engine.Card{engine.Murderer}) && s.Last == engine.Invalid, "events %v", evs)
	}},
	{"If there is ever a conflict between two cards, the card with the LOWER value takes precedence.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Invalid, engine.Witness, engine.Confidant}, {engine.Murderer}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1)
		want(t, s.End == engine.WinConfidant, "Confidant and Witness: %v", s.End)
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Drunk, engine.Monkey}), []engine.Card{engine.Monkey}), "Monkey and Drunk")
	}},
	// Game End.
	{"The Detective is played and targets a player holding only the Murderer card, causing the Murderer to be discarded.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer}, {engine.Cad}}, []engine.Card{engine.Maid}, nil, 0, int(engine.Detective), 1)
		want(t, s.End == engine.WinDetective && s.End.Won(), "%v", s.End)
	}},
	{"The Murderer card is passed to the player holding the Confidant card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Socialite, engine.Murderer}, {engine.Confidant, engine.Cad}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Socialite), 1, int(engine.Murderer), int(engine.Cad))
		want(t, s.End == engine.WinConfidant && s.End.Won(), "%v", s.End)
	}},
	{"As soon as either of these things happen, the game ends and the players win.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Swain, engine.Murderer}, {engine.Confidant}, {engine.Maid}}, []engine.Card{engine.Drunk}, nil, 0, int(engine.Swain), 1, int(engine.Murderer))
		want(t, s.End == engine.WinConfidant && s.Over() && len(kinds(evs, engine.EvAnnounce)) == 1, "%v %v", s.End, evs)
		want(t, s.Score() == 0 && len(s.Deck) == 0, "score %d", s.Score())
		g := NewGame()
		applyAll(t, g, table4+"hand maid cad\nkim plays swain me\nkim draws\nkim gives murderer to me")
		want(t, g.Apply("me reveals murderer witness") != nil, "a Witness reveal the seat cannot make")
	}},
	{"The Murderer card is passed to a player holding the Witness card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Cad, engine.Butler}, {engine.Murderer}, {engine.Witness, engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Cad), 1*16+2, int(engine.Murderer), int(engine.Maid))
		want(t, s.End == engine.LoseWitness && !s.End.Won(), "%v", s.End)
	}},
	{"A player needs to draw from the draw deck at the start of their turn, and cannot do so.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Butler}, {engine.Murderer}, {engine.Maid}}, nil, nil, 0)
		want(t, s.End == engine.LoseDeck, "%v", s.End)
		g := NewGame()
		applyAll(t, g, "players kim lou me\nseat me\ncards 1-6\nremoved 0\nhand witness confidant\nkim plays stranger")
		err := g.Apply("lou draws")
		want(t, err != nil && strings.Contains(err.Error(), "the deck is empty"), "a draw from an empty deck: %v", err)
	}},
	{"Since the players need them to win, in the rare event that the Detective, Murderer and Confidant cards end up in the discard pile with no way to bring them back, the players have lost and there is no need to play out the rest of the game.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Secretary, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Murderer}, []engine.Card{engine.Doctor, engine.Monkey}, 0, int(engine.Secretary), int(engine.Murderer))
		want(t, s.End == engine.LoseDead, "%v", s.End)
		s, _ = turnOf([][]engine.Card{{engine.Secretary, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Murderer}, []engine.Card{engine.Doctor}, 0, int(engine.Secretary), int(engine.Murderer))
		want(t, s.End == engine.Playing, "the Monkey can still copy a Doctor: %v", s.End)
	}},
	// Scoring and levels.
	{"Your score is the number of cards left in the draw deck.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer}, {engine.Cad}}, []engine.Card{engine.Maid, engine.Nun, engine.Seer}, nil, 0, int(engine.Detective), 1)
		want(t, s.Score() == 3, "score %d", s.Score())
	}},
	{"Veteran Detectice	Add card 19", func(t *testing.T) {
		cs := engine.DefaultCards(4, engine.Veteran)
		want(t, engine.Has(cs, engine.Blackmailer) && !engine.Has(cs, engine.Aristocrat) && len(cs) == 19, "%v", cs)
		want(t, logRefused(t, "level veteran", "hand blackmailer cad") == nil, "a Blackmailer hand at veteran")
		want(t, logRefused(t, "hand blackmailer cad") != nil, "a Blackmailer hand at novice")
	}},
	{"Master Detective	Add card 20", func(t *testing.T) {
		cs := engine.DefaultCards(4, engine.Master)
		want(t, engine.Has(cs, engine.Blackmailer) && engine.Has(cs, engine.Aristocrat) && len(cs) == 20, "%v", cs)
	}},
	{"You can do this either by knowing which cards are missing, starting by removing card 18, then 17 and so on.", func(t *testing.T) {
		g := NewGame()
		applyAll(t, g, table4+"cards 1-16\nhand butler cad")
		want(t, !g.cfg.Has(engine.Driver) && !g.cfg.Has(engine.Maid) && g.cfg.DeckSize() == 15, "%v", g.cfg.Cards)
		want(t, logRefused(t, "cards 1-16", "hand driver cad") != nil, "a hand with a card left out")
	}},
	{"Or, when a card is removed randomly and set up, remove more than one.", func(t *testing.T) {
		cfg := &engine.Config{Players: 4, Cards: engine.DefaultCards(4, engine.Novice), Removed: 3}
		deck, removed := engine.RandomDeal(cfg, rand.New(rand.NewPCG(7, 8)))
		want(t, len(removed) == 3 && len(deck) == 15, "removed %v", removed)
		g := NewGame()
		applyAll(t, g, table4+"removed 3\nhand maid cad")
		want(t, g.cfg.Removed == 3 && g.pub.Deck == 7, "deck %d", g.pub.Deck)
	}},
	{"Include the cards for higher player counts even for smaller groups of players, and/or remove the Stranger (4), the Impostor (5), or both.", func(t *testing.T) {
		g := NewGame()
		applyAll(t, g, "players kim lou me\nseat me\ncards 1-3 6-24\nhand nun reporter")
		want(t, !g.cfg.Has(engine.Stranger) && !g.cfg.Has(engine.Imposter) && g.cfg.Has(engine.Reporter), "%v", g.cfg.Cards)
		want(t, logRefused(t, "cards 1-3 6-18", "hand stranger cad") != nil, "the Stranger removed")
	}},
	// The cards.
	{"Game effects that target cards in your hand do not target this card unless you hold no other cards.", func(t *testing.T) {
		want(t, slices.Equal(engine.Choosable([]engine.Card{engine.Murderer, engine.Witness}), []engine.Card{engine.Witness}), "beside another card")
		want(t, slices.Equal(engine.Choosable([]engine.Card{engine.Murderer}), []engine.Card{engine.Murderer}), "alone")
	}},
	{"Any instruction that tells you to pass a card, show a card, play a card or discard a card is a \"game effect.\" Unless the Murderer is the only card you hold, the effect will target the other card.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Murderer, engine.Butler}), []engine.Card{engine.Butler}), "play")
		s, evs := turnOf([][]engine.Card{{engine.Maid, engine.Cad}, {engine.Murderer, engine.Butler}, {engine.Murderer + 5, engine.Doctor}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Maid))
		want(t, !slices.ContainsFunc(kinds(evs, engine.EvShow), func(e engine.Event) bool { return e.Card == engine.Murderer }) && s.End == engine.Playing, "shows %v", kinds(evs, engine.EvShow))
		want(t, logRefused(t, "hand murderer doctor", "kim plays cad me lou", "me gives murderer to lou") != nil, "pass")
		want(t, logRefused(t, "hand maid cad", "kim plays murderer") != nil, "play")
	}},
	{"Choose a player. They must discard a card. If it is the Murderer, everyone wins.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Cad, engine.Maid}, {engine.Doctor}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Detective), 0, int(engine.Butler))
		want(t, len(kinds(evs, engine.EvDiscard)) == 1 && engine.Has(s.Discard, engine.Butler), "the player may name themselves: %v", evs)
		s, _ = turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Cad, engine.Maid}, {engine.Murderer}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Detective), 2)
		want(t, s.End == engine.WinDetective, "%v", s.End)
	}},
	{"Note that they cannot discard the Murderer unless it is their only card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Murderer, engine.Cad}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Detective), 1)
		want(t, slices.Equal(s.Hands[1], []engine.Card{engine.Murderer}) && s.End == engine.Playing, "%v", s.Hands[1])
	}},
	{"If the Murderer is not the card discarded, the Detective is still played, and the targeted player still discards.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Cad, engine.Maid}, {engine.Doctor}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Detective), 1, int(engine.Maid))
		want(t, slices.Equal(s.Discard, []engine.Card{engine.Detective, engine.Maid}) && s.Last == engine.Detective, "%v", s.Discard)
	}},
	{"If you hold this card and are passed the Murderer, reveal both immediately, and everyone wins.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Invalid, engine.Confidant}, {engine.Murderer}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1)
		r := kinds(evs, engine.EvReveal)
		want(t, len(r) == 1 && r[0].P == 0 && slices.Equal(r[0].Cards, []engine.Card{engine.Murderer, engine.Confidant}), "%v", r)
	}},
	{"No effect if you have both cards by other means.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Confidant}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Murderer}, nil, 0, int(engine.Confidant))
		want(t, s.End == engine.Playing, "the Murderer drawn beside the Confidant: %v", s.End)
	}},
	{"Swapping cards counts as passing them.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Cad, engine.Butler}, {engine.Murderer}, {engine.Confidant, engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Cad), 1*16+2, int(engine.Murderer), int(engine.Maid))
		want(t, s.End == engine.WinConfidant, "%v", s.End)
	}},
	{"If this is passed to someone holding the Murderer, it does not trigger.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Invalid, engine.Murderer}, {engine.Confidant}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1)
		want(t, s.End == engine.Playing && engine.Has(s.Hands[0], engine.Confidant), "%v", s.End)
	}},
	{"It also does not trigger if the player holding the Confidant draws the Murderer. It must be passed.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Swain, engine.Confidant}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Murderer}, nil, 0, int(engine.Swain), 1, int(engine.Confidant))
		want(t, s.End == engine.Playing && engine.Has(s.Hands[0], engine.Murderer), "%v", s.End)
	}},
	{"If an effect asks you to choose a card to pass or show to other players, or a card to discard, you must choose this card.", func(t *testing.T) {
		want(t, slices.Equal(engine.Choosable([]engine.Card{engine.Stranger, engine.Murderer}), []engine.Card{engine.Stranger}), "the Stranger before the Murderer")
		s, _ := turnOf([][]engine.Card{{engine.Detective, engine.Butler}, {engine.Stranger, engine.Cad}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Detective), 1)
		want(t, engine.Has(s.Discard, engine.Stranger), "the Stranger discarded: %v", s.Discard)
		want(t, logRefused(t, "hand stranger doctor", "kim plays cad me lou", "me gives doctor to lou") != nil, "the seat keeps the Stranger")
	}},
	{"If the card is taken at random, then The Stranger does not affect the choice.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Swain, engine.Stranger}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Swain), 1, int(engine.Nun))
		want(t, engine.Has(s.Hands[1], engine.Nun) && engine.Has(s.Hands[0], engine.Stranger), "%v", s.Hands)
	}},
	{"The Stranger does not affect which card you play on your turn.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Stranger, engine.Cad}), []engine.Card{engine.Stranger, engine.Cad}), "%v", engine.LegalPlays([]engine.Card{engine.Stranger, engine.Cad}))
	}},
	{"If you have another card, you must play it instead of this, unless it has a lower number.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Imposter, engine.Cad}), []engine.Card{engine.Cad}), "beside a higher card")
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Imposter, engine.Confidant}), []engine.Card{engine.Confidant, engine.Imposter}), "beside a lower card")
		g := NewGame()
		applyAll(t, g, table4+"hand imposter cad\nkim plays butler doctor\nlou plays secretary none")
		want(t, g.Apply("me plays imposter") != nil, "the seat's Imposter beside the Cad")
	}},
	{"You can pass or show or discard other cards while holding the Tormented. It only restricts what card you play.", func(t *testing.T) {
		want(t, slices.Equal(engine.Choosable([]engine.Card{engine.Imposter, engine.Cad}), []engine.Card{engine.Imposter, engine.Cad}), "%v", engine.Choosable([]engine.Card{engine.Imposter, engine.Cad}))
	}},
	{"If you hold this card and are passed the Murderer, reveal both immediately, and everyone loses.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Invalid, engine.Witness}, {engine.Murderer}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1)
		r := kinds(evs, engine.EvReveal)
		want(t, s.End == engine.LoseWitness && len(r) == 1 && slices.Equal(r[0].Cards, []engine.Card{engine.Murderer, engine.Witness}), "%v %v", s.End, r)
	}},
	{"If the Witness is passed to someone holding the Murderer, it does not trigger.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Invalid, engine.Murderer}, {engine.Witness}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1)
		want(t, s.End == engine.Playing, "%v", s.End)
	}},
	{"It also does not trigger if the player holding the Witness draws the Murderer.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Witness}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Murderer}, nil, 0, int(engine.Witness))
		want(t, s.End == engine.Playing && slices.Equal(s.Hands[0], []engine.Card{engine.Murderer}), "%v", s.End)
	}},
	{"You must play this card on your turn if you have it.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Monkey, engine.Detective}), []engine.Card{engine.Monkey}), "the Monkey")
		g := NewGame()
		applyAll(t, g, table4+"hand monkey cad\nkim plays butler doctor\nlou plays secretary none")
		want(t, g.Apply("me plays cad kim lou") != nil, "the seat's Cad beside the Monkey")
	}},
	{"Treat it as a copy of the last Action card played and follow those same instructions.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Monkey, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, engine.Invalid, int(engine.Monkey), 2, int(engine.Maid))
		want(t, engine.Has(s.Hands[0], engine.Maid) && len(s.Hands[2]) == 0 && evs[0].As == engine.Invalid, "%v", evs)
	}},
	{"If there is no previous Action card, the monkey does nothing.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Monkey, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0)
		want(t, len(evs) == 1 && evs[0].As == 0 && slices.Equal(s.Hands[0], []engine.Card{engine.Cad}), "%v", evs)
	}},
	{"The monkey card doesn't become the card it copies", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Monkey, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, engine.Butler, int(engine.Monkey))
		want(t, s.Last == engine.Butler && engine.Has(s.Discard, engine.Monkey), "last %v", s.Last)
	}},
	{"If you have the Monkey and the Drunk the Monkey takes precedence.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Drunk, engine.Monkey}), []engine.Card{engine.Monkey}), "%v", engine.LegalPlays([]engine.Card{engine.Drunk, engine.Monkey}))
	}},
	{"You must announce that you have this card when it enters your hand.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Butler}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Drunk}, nil, 0)
		a := kinds(evs, engine.EvAnnounce)
		want(t, len(a) == 1 && a[0].P == 0, "%v", evs)
		want(t, logRefused(t, "hand maid cad", "kim plays butler doctor", "lou announces drunk") != nil, "an announcement with no card come in")
	}},
	{"You must play this card on your turn if you have it. While you hold it, you may talk freely", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Drunk, engine.Detective}), []engine.Card{engine.Drunk}), "the Drunk")
	}},
	{"Choose two other players. They swap a card of their choice with each other.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Cad, engine.Butler}, {engine.Doctor, engine.Maid}, {engine.Witness, engine.Gossip}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Cad), 1*16+2, int(engine.Maid), int(engine.Gossip))
		want(t, engine.Has(s.Hands[1], engine.Gossip) && engine.Has(s.Hands[2], engine.Maid), "%v", s.Hands)
	}},
	{"You cannot choose yourself to swap.", func(t *testing.T) {
		want(t, logRefused(t, "hand maid doctor", "kim plays cad kim lou") != nil, "a Cad naming its player")
	}},
	{"The Stranger must be swapped if either player has it. The Murderer can only be swapped if it is that player's only card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Cad, engine.Butler}, {engine.Stranger, engine.Maid}, {engine.Murderer, engine.Gossip}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Cad), 1*16+2)
		want(t, engine.Has(s.Hands[2], engine.Stranger) && engine.Has(s.Hands[2], engine.Murderer) && engine.Has(s.Hands[1], engine.Gossip), "%v", s.Hands)
	}},
	{"If any of the other players do not have a card to swap, they simply receive the card handed to them.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Cad, engine.Butler}, {}, {engine.Witness, engine.Gossip}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Cad), 1*16+2, int(engine.Gossip))
		want(t, slices.Equal(s.Hands[1], []engine.Card{engine.Gossip}) && slices.Equal(s.Hands[2], []engine.Card{engine.Witness}), "%v", s.Hands)
	}},
	{"Choose a card in your hand and exchange it for a card belonging to another player (their choice).", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Socialite, engine.Butler}, {engine.Doctor, engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Socialite), 1, int(engine.Butler), int(engine.Maid))
		want(t, slices.Equal(s.Hands[0], []engine.Card{engine.Maid}) && engine.Has(s.Hands[1], engine.Butler), "%v", s.Hands)
	}},
	{"You must have another card to swap.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Socialite, engine.Witness}), []engine.Card{engine.Witness, engine.Socialite}), "with another card")
		want(t, logRefused(t, "hand maid cad", "kim plays socialite") != nil, "no target while a card is left")
	}},
	{"The other player does not need to have a card, they simply get your card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Socialite, engine.Butler}, {}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Socialite), 1, int(engine.Butler))
		want(t, len(s.Hands[0]) == 0 && slices.Equal(s.Hands[1], []engine.Card{engine.Butler}), "%v", s.Hands)
	}},
	{"Draw a card and add it to your hand. Then choose another player.", func(t *testing.T) {
		// The choice is made with the drawn card in hand: a player who
		// draws the Murderer chooses the Confidant's holder, one who
		// draws anything else the other player. Both draws are played.
		for _, drawn := range []engine.Card{engine.Murderer, engine.Nun} {
			hands := [][]engine.Card{{engine.Swain, engine.Butler}, {engine.Confidant}, {engine.Maid}}
			c := all24(3)
			s := &engine.State{Cfg: c, Hands: hands, Deck: []engine.Card{drawn}, Grp: []int{0}, Top: []bool{false}, Virgin: make([]bool, 3)}
			a := &drawAware{script: script{picks: []int{int(engine.Swain)}}}
			s.PlayTurn(a)
			wantTo := 2
			if drawn == engine.Murderer {
				wantTo = 1
			}
			want(t, slices.Equal(a.held, engine.SortedCards([]engine.Card{engine.Butler, drawn})), "drew %v: the hand at the choice %v, want the drawn card in it", drawn, a.held)
			want(t, a.to == wantTo, "drew %v: chose %d, want %d", drawn, a.to, wantTo)
			var order []engine.Kind
			for _, e := range a.events {
				order = append(order, e.Kind)
			}
			want(t, len(order) >= 4 && slices.Equal(order[:4], []engine.Kind{engine.EvPlay, engine.EvDraw, engine.EvChosen, engine.EvGive}), "drew %v: events %v, want the play, the draw, the choice, the take", drawn, order)
			want(t, a.events[0].Q < 0, "the play names no one: %+v", a.events[0])
		}
		// The log: the table hears the player chosen after the draw.
		g := NewGame()
		applyAll(t, g, table4+"hand maid cad\nkim plays swain\nkim draws\nme takes from kim\nkim gives murderer to me")
		want(t, g.pub.Sizes[2] == 3 && g.pub.Sizes[0] == 1, "sizes after the take: %v", g.pub.Sizes)
		// Refused: the choice before the draw, a second choice, a choice
		// with no Swain, the Swain's player choosing itself.
		want(t, logRefused(t, "hand maid cad", "kim plays swain", "me takes from kim") != nil, "a take before the Swain's draw")
		want(t, logRefused(t, "hand maid cad", "kim plays swain", "kim draws", "lou takes from kim", "ola takes from kim") != nil, "a second player chosen")
		want(t, logRefused(t, "hand maid cad", "kim plays butler doctor", "lou takes from kim") != nil, "a take with no Swain")
		want(t, logRefused(t, "hand maid cad", "kim plays swain", "kim draws", "kim takes from kim") != nil, "a Swain choosing its player")
		want(t, logRefused(t, "hand maid cad", "kim plays swain kim") != nil, "a Swain naming its player")
	}},
	{"They must take a card from your hand at random. This can be The Murderer.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Swain, engine.Murderer}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Swain), 2, int(engine.Murderer))
		want(t, engine.Has(s.Hands[2], engine.Murderer) && engine.Has(s.Hands[0], engine.Nun) && len(kinds(evs, engine.EvDraw)) == 1, "%v", s.Hands)
		ch := kinds(evs, engine.EvChosen)
		want(t, len(ch) == 1 && ch[0].P == 0 && ch[0].Q == 2, "the choice: %v", ch)
	}},
	{"They make take any card. They are not forced to take the Stranger.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Swain, engine.Stranger}, {engine.Cad}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Swain), 1, int(engine.Nun))
		want(t, engine.Has(s.Hands[1], engine.Nun), "%v", s.Hands)
	}},
	{"Everyone simultaneously passes a card of their choice to the left, if they have one.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Gossip, engine.Cad}, {engine.Butler, engine.Maid}, {}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Gossip), int(engine.Cad), int(engine.Maid))
		want(t, slices.Equal(s.Hands[0], []engine.Card{}) || len(s.Hands[0]) == 0, "player 0 got nothing from an empty hand: %v", s.Hands)
		want(t, engine.Has(s.Hands[1], engine.Cad) && slices.Equal(s.Hands[2], []engine.Card{engine.Maid}), "%v", s.Hands)
	}},
	{"Only pick up your new card when everyone has placed a card face down.", func(t *testing.T) {
		// The Murderer passed to the Confidant's holder who passes the
		// Confidant on at the same time: the Confidant is gone.
		s, _ := turnOf([][]engine.Card{{engine.Gossip, engine.Murderer}, {engine.Confidant}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Gossip), int(engine.Murderer), int(engine.Confidant))
		want(t, s.End == engine.Playing && engine.Has(s.Hands[1], engine.Murderer) && engine.Has(s.Hands[2], engine.Confidant), "%v %v", s.End, s.Hands)
		for _, order := range [][]string{{"me gives doctor to ola", "lou gives witness to me"}, {"lou gives witness to me", "me gives doctor to ola"}} {
			g := NewGame()
			applyAll(t, g, table4+"hand doctor cad\nkim plays gossip\n"+strings.Join(order, "\n"))
			want(t, g.evs[1].Ev.P == 1 && g.evs[2].Ev.P == 2, "the passes in the rules' order: %v", g.evs)
		}
	}},
	{"The Stranger must be passed if the player holds it. The Murderer can only be passed if it is the player's only card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Gossip, engine.Cad}, {engine.Murderer, engine.Stranger}, {engine.Maid, engine.Murderer + 0}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Gossip), int(engine.Cad))
		want(t, engine.Has(s.Hands[1], engine.Murderer) && engine.Has(s.Hands[2], engine.Stranger), "%v", s.Hands)
	}},
	{"Choose another player. They pass you a card of their choice.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Invalid, engine.Cad}, {engine.Butler, engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1, int(engine.Maid))
		want(t, engine.Has(s.Hands[0], engine.Maid), "%v", s.Hands)
		want(t, logRefused(t, "hand maid cad", "kim plays invalid kim") != nil, "an Invalid naming its player")
	}},
	{"They must pass the Stranger if they have it. They cannot pass the Murderer unless it is their only card. You may choose a player without cards.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Invalid, engine.Cad}, {engine.Murderer, engine.Stranger}, {}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1)
		want(t, engine.Has(s.Hands[0], engine.Stranger), "%v", s.Hands)
		s, evs := turnOf([][]engine.Card{{engine.Invalid, engine.Cad}, {engine.Butler}, {}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 2)
		want(t, len(kinds(evs, engine.EvGive)) == 0 && s.End == engine.Playing, "%v", evs)
	}},
	{"Take a card from the discard pile, reveal it, and shuffle it into the deck.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Doctor, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, []engine.Card{engine.Murderer}, 0, int(engine.Doctor), int(engine.Murderer))
		want(t, engine.Has(s.Deck, engine.Murderer) && evs[0].Arg == engine.Murderer, "%v", evs)
		want(t, logRefused(t, "hand maid cad", "kim plays butler witness", "lou plays doctor none") != nil, "the Doctor taking nothing from a pile with cards")
	}},
	{"The Doctor cannot take itself out of the discard pile.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Doctor, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Doctor))
		want(t, evs[0].Arg == 0, "%v", evs)
		want(t, logRefused(t, "hand doctor cad", "kim plays butler witness", "lou plays secretary none", "me plays doctor doctor") != nil, "the Doctor taking itself")
	}},
	{"Look through the draw deck without revealing the cards. You may put one card into the discard pile. Then shuffle the deck.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Secretary, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun, engine.Seer}, nil, 0, int(engine.Secretary), int(engine.Seer))
		want(t, slices.Equal(s.Discard, []engine.Card{engine.Secretary, engine.Seer}) && slices.Equal(s.Deck, []engine.Card{engine.Nun}), "%v", s.Discard)
		s, _ = turnOf([][]engine.Card{{engine.Secretary, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun, engine.Seer}, nil, 0, int(engine.Secretary), 0)
		want(t, len(s.Deck) == 2, "none discarded: %v", s.Deck)
	}},
	{"Look at the top card of the deck. Announce its name and function to the room. Put it back on top of the deck.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Butler, engine.Cad}, {engine.Doctor}, {engine.Maid}}, []engine.Card{engine.Nun, engine.Seer}, nil, 0, int(engine.Butler))
		want(t, evs[0].Arg == engine.Nun && evs[0].Public() && slices.Equal(s.Deck, []engine.Card{engine.Nun, engine.Seer}), "%v", evs)
		want(t, logRefused(t, "hand maid cad", "kim plays butler none") != nil, "the Butler seeing nothing of a deck")
	}},
	{"The players on your left and right secretly show you a card of their choice.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Maid, engine.Cad}, {engine.Doctor, engine.Butler}, {engine.Witness, engine.Gossip}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Maid), int(engine.Butler), int(engine.Witness))
		sh := kinds(evs, engine.EvShow)
		want(t, len(sh) == 2 && sh[0].P == 1 && sh[1].P == 2 && sh[0].Q == 0 && !sh[0].Public(), "%v", sh)
		_, ok := sh[0].View(2)
		want(t, !ok, "a show is seen by a third player")
	}},
	{"A player holding the Stranger must show it. A player holding the Murderer cannot show it unless it is their only card.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Maid, engine.Cad}, {engine.Stranger, engine.Butler}, {engine.Murderer, engine.Gossip}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Maid))
		sh := kinds(evs, engine.EvShow)
		want(t, sh[0].Card == engine.Stranger && sh[1].Card == engine.Gossip, "%v", sh)
	}},
	{"Look at the top three cards of the deck. Add one to your hand. Shuffle the other two back into the deck.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Driver, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Hound, engine.Nun, engine.Seer, engine.Reporter}, nil, 0, int(engine.Driver), int(engine.Seer))
		se := kinds(evs, engine.EvSees)
		want(t, engine.Has(s.Hands[0], engine.Seer) && len(s.Deck) == 3 && len(se) == 1 && len(se[0].Cards) == 3, "%v", evs)
	}},
	{"If there are fewer than three cards, look at all available cards.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Driver, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Hound, engine.Nun}, nil, 0, int(engine.Driver), int(engine.Nun))
		se := kinds(evs, engine.EvSees)
		want(t, len(se) == 1 && len(se[0].Cards) == 2, "%v", se)
	}},
	{"so for example you may safely see the Murderer without triggering the Witness. You can select any card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Driver, engine.Witness}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Murderer, engine.Nun}, nil, 0, int(engine.Driver), int(engine.Murderer))
		want(t, s.End == engine.Playing && engine.Has(s.Hands[0], engine.Murderer), "%v", s.End)
	}},
	{"If you also have the Detective, reveal both cards to the table. Then immediately shuffle the Detective back in to the deck. Do not wait for your turn.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Detective}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Blackmailer, engine.Nun}, nil, 0, int(engine.Blackmailer))
		r := kinds(evs, engine.EvReveal)
		want(t, len(r) == 1 && slices.Equal(r[0].Cards, []engine.Card{engine.Detective, engine.Blackmailer}) && engine.Has(s.Deck, engine.Detective), "%v", evs)
	}},
	{"This card triggers no matter what caused the player to hold both cards.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Invalid, engine.Detective}, {engine.Blackmailer, engine.Maid}, {engine.Cad}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Invalid), 1, int(engine.Blackmailer))
		r := kinds(evs, engine.EvReveal)
		want(t, len(r) == 1 && r[0].P == 0 && engine.Has(s.Deck, engine.Detective) && slices.Equal(s.Hands[0], []engine.Card{engine.Blackmailer}), "a pass: %v", evs)
		want(t, logRefused(t, "level veteran", "hand maid cad", "kim plays butler doctor", "lou reveals detective blackmailer") != nil, "a reveal with no card come in")
	}},
	{"On your turn, do not draw a card or play a card. Instead, discard this card and any other Action cards in your hand.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Aristocrat, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, engine.Butler)
		want(t, len(kinds(evs, engine.EvDraw)) == 0 && slices.Equal(s.Discard, []engine.Card{engine.Aristocrat, engine.Cad}) && len(s.Hands[0]) == 0, "%v", s.Discard)
		s, _ = turnOf([][]engine.Card{{engine.Aristocrat, engine.Witness}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0)
		want(t, slices.Equal(s.Hands[0], []engine.Card{engine.Witness}), "Effect cards stay: %v", s.Hands[0])
	}},
	{"The cards are discarded, not played, so they do not activate.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Aristocrat, engine.Detective}, {engine.Murderer}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, engine.Butler)
		want(t, s.Last == engine.Butler && s.End == engine.Playing && len(evs) == 1, "%v", evs)
	}},
	{"If you draw the Aristocrat at the start of your turn ignore the instruction not to draw.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Aristocrat, engine.Nun, engine.Cad}, nil, 0)
		want(t, len(kinds(evs, engine.EvDraw)) == 2 && len(s.Hands[0]) == 0 && slices.Equal(s.Discard, []engine.Card{engine.Aristocrat, engine.Nun}) && slices.Equal(s.Deck, []engine.Card{engine.Cad}), "%v", evs)
	}},
	{"Put a card from your hand on the bottom of the deck. Do not reveal the card.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Nun, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Hound}, nil, 0, int(engine.Nun), int(engine.Cad))
		b := kinds(evs, engine.EvBury)
		want(t, slices.Equal(s.Deck, []engine.Card{engine.Hound, engine.Cad}) && len(b) == 1 && !b[0].Public(), "%v", evs)
	}},
	{"You must have another card to play the Nun.", func(t *testing.T) {
		want(t, slices.Equal(engine.LegalPlays([]engine.Card{engine.Nun, engine.Butler}), []engine.Card{engine.Butler, engine.Nun}), "with another card")
		want(t, slices.Equal(engine.Buryable([]engine.Card{engine.Murderer, engine.Butler}), []engine.Card{engine.Butler}), "the Murderer stays")
	}},
	{"If there are no other cards, it becomes the draw deck.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Nun, engine.Cad}, {engine.Butler}, {engine.Maid}}, nil, nil, 0, int(engine.Nun), int(engine.Cad))
		want(t, slices.Equal(s.Deck, []engine.Card{engine.Cad}), "%v", s.Deck)
	}},
	{"Look at the bottom card of the deck. You may put it on the top of the deck. Do not reveal the card.", func(t *testing.T) {
		s, _ := turnOf([][]engine.Card{{engine.Seer, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Hound, engine.Nun}, nil, 0, int(engine.Seer), 1)
		want(t, slices.Equal(s.Deck, []engine.Card{engine.Nun, engine.Hound}), "moved: %v", s.Deck)
		s, _ = turnOf([][]engine.Card{{engine.Seer, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Hound, engine.Nun}, nil, 0, int(engine.Seer), 0)
		want(t, slices.Equal(s.Deck, []engine.Card{engine.Hound, engine.Nun}), "kept: %v", s.Deck)
	}},
	{"If there is one card in the deck, it is the bottom card.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Seer, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Hound}, nil, 0, int(engine.Seer), 0)
		se := kinds(evs, engine.EvSees)
		want(t, len(se) == 1 && slices.Equal(se[0].Cards, []engine.Card{engine.Hound}), "%v", se)
	}},
	{"Everyone closes their eyes except you. Name a card. The player holding that card must raise their hand. Then everyone opens their eyes.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Hound, engine.Cad}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Hound), int(engine.Maid))
		e := evs[0]
		want(t, e.Arg == engine.Maid && e.Q == 2, "the Hound's player sees the hand: %v", e)
		v, _ := e.View(1)
		want(t, v.Arg == engine.Maid && v.Q == engine.Unseen && v.Text(engine.PlayerNames) == "alice plays hound maid", "another seat: %v %q", v, v.Text(engine.PlayerNames))
		v, _ = e.View(0)
		want(t, v.Text(engine.PlayerNames) == "alice plays hound maid carol", "the Hound's seat: %q", v.Text(engine.PlayerNames))
		T8 := "players kim me lou ola pat quin rob sam\nseat me\nhand maid cad\n"
		g := NewGame()
		applyAll(t, g, T8+"kim plays hound witness")
		want(t, g.Apply("me plays hound witness lou") != nil, "the seat's Hound with no Hound held")
		g = NewGame()
		applyAll(t, g, T8)
		want(t, g.Apply("kim plays hound witness lou") != nil, "another's Hound with its raised hand")
	}},
	{"Choose a player on your left or right. Choose a card at random from their hand. Show it to everyone. Put it back in their hand.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Reporter, engine.Cad}, {engine.Butler, engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Reporter), 2, int(engine.Witness))
		want(t, evs[0].Q == 2 && evs[0].Arg == engine.Witness && evs[0].Public() && engine.Has(s.Hands[2], engine.Witness), "%v", evs)
		T8 := "players kim me lou ola pat quin rob sam\nseat me\nhand maid cad\n"
		g := NewGame()
		applyAll(t, g, T8)
		want(t, g.Apply("kim plays reporter lou witness") != nil, "the Reporter naming a player who is not a neighbour")
	}},
	{"The card shown can be The Murderer.", func(t *testing.T) {
		_, evs := turnOf([][]engine.Card{{engine.Reporter, engine.Cad}, {engine.Murderer, engine.Maid}, {engine.Witness}}, []engine.Card{engine.Nun}, nil, 0, int(engine.Reporter), 1, int(engine.Murderer))
		want(t, evs[0].Arg == engine.Murderer, "%v", evs)
	}},
	// The draw phase with the Blackmailer: keep drawing while the deck can
	// give another card.
	{"draw from the face-down deck until you have two cards.", func(t *testing.T) {
		s, evs := turnOf([][]engine.Card{{engine.Blackmailer}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Detective, engine.Nun}, nil, 0, int(engine.Blackmailer))
		want(t, len(kinds(evs, engine.EvDraw)) == 2 && engine.Has(s.Deck, engine.Detective) && s.End == engine.Playing, "%v", evs)
		// Many draws of the Detective back: no cap stops the draw phase.
		c := all24(3)
		st := &engine.State{Cfg: c, Hands: [][]engine.Card{{engine.Blackmailer}, {engine.Butler}, {engine.Maid}}, Deck: []engine.Card{engine.Detective, engine.Nun}, Grp: make([]int, 2), Top: make([]bool, 2), Virgin: make([]bool, 3)}
		a := &backAgent{n: 20}
		st.PlayTurn(a)
		want(t, a.draws == 22 && engine.Has(st.Discard, engine.Blackmailer) && slices.Equal(st.Hands[0], []engine.Card{engine.Nun}), "draws %d, hand %v", a.draws, st.Hands[0])
		// The deck of the Detective alone: the loop ends the draw phase.
		s, evs = turnOf([][]engine.Card{{engine.Blackmailer}, {engine.Butler}, {engine.Maid}}, []engine.Card{engine.Detective}, nil, 0, int(engine.Blackmailer))
		want(t, len(kinds(evs, engine.EvDraw)) == 1 && slices.Equal(s.Deck, []engine.Card{engine.Detective}) && engine.Has(s.Discard, engine.Blackmailer), "%v", evs)
	}},
}

// backAgent keeps the Detective on top of the deck for n shuffles, then
// lets the shuffle put it under: a Blackmailer drawing it back n times.
type backAgent struct {
	script
	n, draws int
}

func (a *backAgent) Shuffle(cs []engine.Card) {
	if a.n > 0 {
		a.n--
		i := slices.Index(cs, engine.Detective)
		cs[0], cs[i] = cs[i], cs[0]
		return
	}
	i := slices.Index(cs, engine.Detective)
	cs[len(cs)-1], cs[i] = cs[i], cs[len(cs)-1]
}

func (a *backAgent) Emit(s *engine.State, e engine.Event) {
	if e.Kind == engine.EvDraw {
		a.draws++
	}
	a.script.Emit(s, e)
}

// TestRulebook runs the conformance suite: every sentence above, quoted,
// played on the engine.
func TestRulebook(t *testing.T) {
	seen := map[string]bool{}
	for _, r := range rulebook {
		if seen[r.quote] {
			t.Fatalf("%q twice", r.quote)
		}
		seen[r.quote] = true
		name := r.quote
		if len(name) > 60 {
			name = name[:60]
		}
		t.Run(name, r.check)
	}
	t.Logf("%d sentences of the rules checked", len(rulebook))
}
