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
