//go:build race

package ulid

// The race detector's instrumentation makes some slices escape, so the
// allocation counts are only checked without it.
func init() { raceEnabled = true }
