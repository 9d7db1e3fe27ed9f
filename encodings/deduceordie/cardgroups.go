package deduceordie

import "github.com/gumshoe-dev/gumshoe/encodings/table"

// CardGroups are the Motive deck's cards suit by suit: spades, hearts,
// clubs, A to 9.
func (g *Game) CardGroups() []table.CardGroup {
	var out []table.CardGroup
	for s := Spades; s <= Clubs; s++ {
		grp := table.CardGroup{Kind: s.Name()}
		for c := range Card(NumCards) {
			if SuitOf(c) == s {
				grp.Cards = append(grp.Cards, CardName(c))
			}
		}
		out = append(out, grp)
	}
	return out
}
