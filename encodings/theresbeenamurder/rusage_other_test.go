//go:build !unix

package theresbeenamurder

import "time"

// peakRSS is unknown off Unix.
func peakRSS() uint64 { return 0 }

// cpuTime is unknown off Unix.
func cpuTime() time.Duration { return 0 }
