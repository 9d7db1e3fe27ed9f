package solver

import "github.com/gumshoe-dev/gumshoe/solver/internal/count"

// SetLeanPasses sets whether exact counting spares memory in its passes
// (on by default): it reuses the vectors its passes and layouts no longer
// read, and, splitting by tallies, leaves out of the split's per-card
// values those it can work out where they are read. It returns the
// setting it replaces. The counts are the same either way: tests and
// measurements compare the two. It must not be called while a count runs.
func SetLeanPasses(on bool) bool { return count.SetLean(on) }
