package engine

// CardSet is a set of cards as bits.
type CardSet uint32

// Has reports whether c is in the set (never the 0 card).
func (m CardSet) Has(c Card) bool { return c > 0 && m&(1<<c) != 0 }

// Add puts c in the set (0, no card, is not added).
func (m *CardSet) Add(c Card) {
	if c > 0 {
		*m |= 1 << c
	}
}
