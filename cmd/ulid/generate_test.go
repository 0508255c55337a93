package main

import (
	"io"
	"testing"
)

// BenchmarkGenerate measures the throughput of ulid -n: ULIDs per second
// written to io.Discard.
func BenchmarkGenerate(b *testing.B) {
	const batch = 100_000
	for _, bc := range []struct {
		name string
		opt  genOptions
	}{
		{"now", genOptions{n: batch}},
		{"time", genOptions{n: batch, at: 1469918176385, atSet: true}},
		{"lower", genOptions{n: batch, lower: true}},
		{"uuid", genOptions{n: batch, asUUID: true}},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := generate(io.Discard, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
			n := float64(b.N) * batch
			b.ReportMetric(n/b.Elapsed().Seconds(), "ulids/s")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n, "ns/ulid")
		})
	}
}
