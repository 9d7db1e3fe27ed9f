//go:build !unix

package deduceordie

// peakRSS is not measured on this system.
func peakRSS() uint64 { return 0 }
