package solver

import "github.com/gumshoe-dev/gumshoe/solver/internal/count"

// SetLeanPasses sets whether exact counting reuses memory in its passes
// (on by default): it keeps the vectors its passes and layouts no longer
// read and hands them to later passes instead of allocating afresh, and,
// splitting by tallies, leaves out of the split's per-card values those
// it can work out where they are read. That is less work for the
// allocator and the kernel (13% less CPU over the 6-player Deduce or Die
// advice with leaks, docs/benchmarks.md) for a higher peak of memory
// (about 100 MB more there, the vectors kept). It returns the setting it
// replaces. The counts are the same either way: tests and measurements
// compare the two. It must not be called while a count runs.
func SetLeanPasses(on bool) bool { return count.SetLean(on) }
