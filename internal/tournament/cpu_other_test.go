//go:build !unix

package tournament

import "time"

// processCPU is not measured here.
func processCPU() time.Duration { return 0 }
