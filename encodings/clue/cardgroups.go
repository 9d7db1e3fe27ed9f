package clue

import (
	"slices"

	"github.com/gumshoe-dev/gumshoe/encodings/table"
)

// CardGroups are the deck's items kind by kind ("suspects", "weapons",
// "rooms"), once a preset or deck line has chosen the deck; none before.
func (g *Game) CardGroups() []table.CardGroup {
	if g.deck == nil {
		return nil
	}
	var out []table.CardGroup
	for _, c := range g.deck.Categories {
		out = append(out, table.CardGroup{Kind: c.Name, Cards: slices.Clone(c.Items)})
	}
	return out
}
