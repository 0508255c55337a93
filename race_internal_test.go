//go:build race

package ulid

// The race detector makes each call many times slower, so the largest
// concurrency tests make fewer ULIDs under it.
func init() { raceDetector = true }
