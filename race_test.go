//go:build race

package ulid_test

// The race detector's instrumentation makes some values escape, so the
// allocation counts are only checked without it.
func init() { raceEnabled = true }
