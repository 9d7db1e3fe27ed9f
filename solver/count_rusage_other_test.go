//go:build !unix

package solver

import "time"

// cpuTime is not measured on this system.
func cpuTime() time.Duration { return 0 }

// peakRSS is not measured on this system.
func peakRSS() uint64 { return 0 }
