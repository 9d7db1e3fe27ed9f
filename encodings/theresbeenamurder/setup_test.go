package theresbeenamurder

import (
	"slices"
	"strings"
	"testing"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
	"github.com/gumshoe-dev/gumshoe/encodings/theresbeenamurder/engine"
)

// TestSetupQuestions: the level (and any variant) is asked before the
// hand, so that a hand holding the level's cards is read against them;
// a hand is read the way people write it.
func TestSetupQuestions(t *testing.T) {
	var order []table.Field
	for _, q := range Definition.Questions {
		order = append(order, q.Field)
	}
	if d, h := slices.Index(order, table.Deck), slices.Index(order, table.Hand); d < 0 || h < 0 || d > h {
		t.Fatalf("questions %v: the level comes before the hand", order)
	}
	tests := []struct {
		deck string
		hand []string // as the tools split the answer: at commas and spaces
		want string   // the set-up lines after players and seat
	}{
		{"", []string{"The", "Gossip", "The", "Witness"}, "hand gossip witness"},
		{"", []string{"The Gossip", " The Witness"}, "hand gossip witness"},
		{"", []string{"12", "6"}, "hand gossip witness"},
		{"", []string{"MURDERER", "cad"}, "hand murderer cad"},
		{"veteran", []string{"The", "Blackmailer", "the", "Cad"}, "level veteran\nhand blackmailer cad"},
		{"Master removed 2", []string{"aristocrat", "and", "witness"}, "level master\nremoved 2\nhand aristocrat witness"},
		{"novice cards 1-3 6-18 21", []string{"the", "nun,", "the", "witness"}, "level novice\ncards 1-3 6-18 21\nhand nun witness"},
		{"", []string{"The", "Faithful", "Hound", "The", "Cad"}, "hand hound cad"},
	}
	for _, tt := range tests {
		lines, err := Definition.Setup(table.Setup{Players: []string{"kim", "lou", "me", "ola", "pat", "quin", "rob"}, Me: "me", Deck: tt.deck, Hand: tt.hand})
		if err != nil {
			t.Errorf("%q %q: %v", tt.deck, tt.hand, err)
			continue
		}
		if got := strings.Join(lines[2:], "\n"); got != tt.want {
			t.Errorf("%q %q: lines %q, want %q", tt.deck, tt.hand, got, tt.want)
			continue
		}
		g := NewGame()
		if err := table.ApplyLines(g, lines); err != nil {
			t.Errorf("%q %q: %v", tt.deck, tt.hand, err)
		}
	}
	for _, bad := range [][]string{{"The", "Gossip"}, {"gossip", "witness", "cad"}, {"The", "Butcher", "The", "Cad"}} {
		if _, err := Definition.Setup(table.Setup{Players: []string{"kim", "lou", "me"}, Me: "me", Hand: bad}); err == nil {
			t.Errorf("hand %q accepted", bad)
		}
	}
	if _, err := Definition.Setup(table.Setup{Players: []string{"kim", "lou", "me"}, Me: "me", Deck: "expert"}); err == nil {
		t.Errorf("level expert accepted")
	}
	// The hand line itself reads the same way.
	g := NewGame()
	if err := table.ApplyLines(g, []string{"players kim lou me", "seat me", "hand The Gossip, The Witness"}); err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(g.hand, []engine.Card{engine.Gossip, engine.Witness}) {
		t.Errorf("hand line read as %v", g.hand)
	}
}

// TestHandPromptExample: the hand question's example is a hand the seat
// can type, for every player count, level and seat (the old example,
// "detective cad", is refused for every seat that the deal gives two
// cards from the deck's top part, and the Cad is not in a 3-player game);
// its names and its numbers are the same two cards, and the question
// without answers gives a pattern, not a hand.
func TestHandPromptExample(t *testing.T) {
	q := Definition.Questions[slices.IndexFunc(Definition.Questions, func(q table.Question) bool { return q.Field == table.Hand })]
	if strings.Contains(q.Text, "e.g.") || !strings.Contains(q.Text, "CARD CARD") {
		t.Errorf("hand question %q: the pattern CARD CARD, no example a set-up may refuse", q.Text)
	}
	if got := q.Ask(table.Setup{}); got != q.Text {
		t.Errorf("hand question without answers: %q, want its pattern %q", got, q.Text)
	}
	refused := 0
	for n := 3; n <= 8; n++ {
		players := []string{"ann", "bo", "cy", "di", "ed", "flo", "gus", "hal"}[:n]
		for _, level := range []string{"", "veteran", "master"} {
			for _, me := range players {
				o := table.Setup{Players: players, Me: me, Deck: level}
				text := q.Ask(o)
				_, ex, ok := strings.Cut(text, "(e.g. ")
				if !ok {
					t.Errorf("%d players %q, seat %s: %q gives no example", n, level, me, text)
					continue
				}
				ex, _, _ = strings.Cut(ex, ")")
				byName, byNumber, ok := strings.Cut(ex, ", or ")
				if !ok {
					t.Errorf("%d players %q, seat %s: example %q: names, or numbers", n, level, me, ex)
					continue
				}
				var got []string
				for _, hand := range []string{byName, byNumber} {
					o.Hand = strings.Fields(hand)
					lines, err := Definition.Setup(o)
					if err != nil {
						t.Errorf("%d players %q, seat %s: example %q: %v", n, level, me, hand, err)
						continue
					}
					g := NewGame()
					for _, l := range lines {
						if err := g.Apply(l); err != nil {
							t.Errorf("%d players %q, seat %s: example %q: %q: %v", n, level, me, hand, l, err)
						}
					}
					got = append(got, lines[len(lines)-1])
				}
				if len(got) == 2 && got[0] != got[1] {
					t.Errorf("%d players %q, seat %s: %q and %q differ", n, level, me, got[0], got[1])
				}
				o.Hand = []string{"detective", "cad"}
				if lines, err := Definition.Setup(o); err != nil {
					refused++
				} else {
					g := NewGame()
					for _, l := range lines {
						if g.Apply(l) != nil {
							refused++
							break
						}
					}
				}
			}
		}
	}
	if refused == 0 {
		t.Errorf("the old example detective cad is refused by no seat: the test no longer tells an example that fits from one that does not")
	}
}
