package table

import (
	"fmt"
	"math/big"
)

// Percent writes an exact probability as a percentage with one decimal:
// "41.7%". It never writes 0.0% or 100.0% for a probability that is not
// exactly 0 or 1: those are "<0.1%" and ">99.9%".
func Percent(p *big.Rat) string {
	if p == nil {
		p = new(big.Rat)
	}
	f, _ := p.Float64()
	s := fmt.Sprintf("%.1f%%", f*100)
	switch {
	case s == "0.0%" && p.Sign() > 0:
		return "<0.1%"
	case s == "100.0%" && p.Cmp(big.NewRat(1, 1)) < 0:
		return ">99.9%"
	}
	return s
}
