package main

import (
	"os"
	"runtime/debug"
)

// gcPercent and memoryLimit tune the garbage collector for gumshoe's work:
// a counting graph of a few hundred thousand to a few million edges is
// built, read and dropped for every line, so with the default (collect
// when the heap doubles) a large line is interrupted by several
// collections. Collecting when the heap has grown fivefold, but never
// letting it pass memoryLimit (a soft limit: the collector works harder as
// the heap nears it), makes the slowest lines faster at the same bound on
// memory. The limit leaves room below 256 MB for what the heap's free
// spans and the program itself hold besides live data: under a 256 MiB
// limit the heaviest 6-player advice reached 261 MiB resident. GOGC and
// GOMEMLIMIT, when set, take precedence.
const (
	gcPercent   = 400
	memoryLimit = 200 << 20
)

// tuneGC applies gcPercent and memoryLimit unless the environment sets
// GOGC or GOMEMLIMIT.
func tuneGC() {
	if os.Getenv("GOGC") == "" {
		debug.SetGCPercent(gcPercent)
	}
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(memoryLimit)
	}
}
