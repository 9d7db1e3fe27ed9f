package table

import (
	"math/big"
	"testing"
)

func TestPercent(t *testing.T) {
	for _, tc := range []struct {
		p    *big.Rat
		want string
	}{
		{nil, "0.0%"},
		{big.NewRat(0, 1), "0.0%"},
		{big.NewRat(1, 1), "100.0%"},
		{big.NewRat(5, 12), "41.7%"},
		{big.NewRat(1, 100000), "<0.1%"},
		{big.NewRat(99999, 100000), ">99.9%"},
		{big.NewRat(1, 1000), "0.1%"},
	} {
		if got := Percent(tc.p); got != tc.want {
			t.Errorf("Percent(%v) = %q, want %q", tc.p, got, tc.want)
		}
	}
}
