package solver

import "github.com/gumshoe-dev/gumshoe/solver/internal/count"

// SetVectorReuse sets whether exact counting reuses the memory of the
// vectors its passes and layouts no longer read (on by default), and
// returns the setting it replaces. The counts are the same either way:
// tests and measurements compare the two. It must not be called while a
// count runs.
func SetVectorReuse(on bool) bool { return count.SetSlabs(on) }
