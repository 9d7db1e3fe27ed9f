package threat

import (
	"math"
	"testing"
)

// TestMeanSE checks MeanSE against figures worked by hand.
func TestMeanSE(t *testing.T) {
	tests := []struct {
		xs       []float64
		mean, se float64
	}{
		{nil, 0, 0},
		{[]float64{3}, 3, 0},
		{[]float64{1, 3}, 2, 1}, // s² = 2, se = √(2/2)
		{[]float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, 0.7559289460184544}, // s² = 32/7, se = √(32/56)
	}
	for _, tt := range tests {
		m, se := MeanSE(tt.xs)
		if math.Abs(m-tt.mean) > 1e-12 || math.Abs(se-tt.se) > 1e-12 {
			t.Errorf("MeanSE(%v) = %v, %v; want %v, %v", tt.xs, m, se, tt.mean, tt.se)
		}
	}
}
