package main

import (
	"runtime/debug"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestTuneGC checks that the command's collector settings apply unless the
// environment sets its own.
func TestTuneGC(t *testing.T) {
	gc := debug.SetGCPercent(-1)
	debug.SetGCPercent(gc)
	lim := debug.SetMemoryLimit(-1)
	defer debug.SetGCPercent(gc)
	defer debug.SetMemoryLimit(lim)

	for _, tc := range []struct {
		name, gogc, limit string
		wantGC            int
		wantLimit         int64
	}{
		{"defaults", "", "", gcPercent, memoryLimit},
		{"GOGC set", "150", "", 77, memoryLimit},
		{"GOMEMLIMIT set", "", "1GiB", gcPercent, 12345678},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("GOGC", tc.gogc)
			t.Setenv("GOMEMLIMIT", tc.limit)
			// What the runtime would have taken from the environment
			// (read at start-up; set here by hand).
			debug.SetGCPercent(77)
			debug.SetMemoryLimit(12345678)
			tuneGC()
			require.Equal(t, tc.wantGC, debug.SetGCPercent(77))
			require.Equal(t, tc.wantLimit, debug.SetMemoryLimit(-1))
		})
	}
}
