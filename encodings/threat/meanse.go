package threat

import "math"

// MeanSE is the mean of xs, figures measured in independent uniform
// samples of the seat's worlds, and its standard error (the sample
// standard deviation over √n); the error is 0 with fewer than two samples,
// and both are 0 for none. The leak-aware advice of Deduce or Die and Clue
// report their sampled leaks with it.
func MeanSE(xs []float64) (mean, se float64) {
	if len(xs) == 0 {
		return 0, 0
	}
	for _, x := range xs {
		mean += x
	}
	mean /= float64(len(xs))
	if len(xs) < 2 {
		return mean, 0
	}
	v := 0.0
	for _, x := range xs {
		v += (x - mean) * (x - mean)
	}
	v /= float64(len(xs) - 1)
	return mean, math.Sqrt(v / float64(len(xs)))
}
