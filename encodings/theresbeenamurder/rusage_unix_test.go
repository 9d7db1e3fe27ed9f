//go:build unix

package theresbeenamurder

import "syscall"

// peakRSS is the largest resident set size of the process so far, in bytes.
func peakRSS() uint64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return uint64(ru.Maxrss) * 1024
}
