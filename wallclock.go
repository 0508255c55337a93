package ulid

import "time"

// processStart is the origin of monotonicNow.
var processStart = time.Now()

// monotonicNow reads the monotonic clock, in nanoseconds since processStart.
// time.Since reads only that clock, where time.Now reads it and the wall
// clock: on Linux each read is a vDSO call of some 20–25 ns.
func monotonicNow() int64 {
	return int64(time.Since(processStart))
}

// A wallClock tells the wall-clock time, in Unix milliseconds, from a reading
// of the monotonic clock, so that Next reads one clock instead of two. It
// pairs the two clocks with a full time.Now whenever the monotonic clock has
// entered a new millisecond since the last pairing, so a step of the wall
// clock (NTP, a resumed VM, an administrator) shows in the next millisecond,
// and the cost of the pairing is shared by every call within a millisecond.
//
// A pairing is not exact: time.Now reads the wall clock and the monotonic
// clock one after the other, and the thread can be descheduled in between.
// So a pairing brackets the wall-clock read with two monotonic readings, and
// a derived time is used only when every instant in the bracket gives the same
// millisecond; otherwise millis reads time.Now. A derived millisecond is
// therefore the one time.Now would have given at the caller's monotonic
// reading, never one earlier or later.
type wallClock struct {
	paired bool
	ms     int64 // wall clock at the last pairing, in whole Unix milliseconds
	subMs  int64 // nanoseconds past ms at the last pairing, 0 to 999,999
	mono   int64 // monotonic reading just after the wall-clock read, in ns
	span   int64 // ns from the monotonic reading just before the wall-clock read to mono
}

// millis returns the wall clock in Unix milliseconds at the monotonic reading
// mono, pairing the clocks first if mono is in a later millisecond than the
// last pairing. The caller serialises calls.
func (c *wallClock) millis(mono int64) int64 {
	if !c.paired || mono/1e6 > c.mono/1e6 {
		before := monotonicNow()
		now := time.Now()
		c.pair(now.UnixMilli(), int64(now.Nanosecond()%1e6), before, monotonicNow())
		return c.ms
	}
	if ms, ok := c.at(mono); ok {
		return ms
	}
	return time.Now().UnixMilli()
}

// pair records that the wall clock read ms milliseconds and subMs
// nanoseconds at some instant between the monotonic readings before and
// after.
func (c *wallClock) pair(ms, subMs, before, after int64) {
	c.paired, c.ms, c.subMs, c.mono, c.span = true, ms, subMs, after, after-before
}

// at returns the wall clock in Unix milliseconds at the monotonic reading
// mono, which may be slightly before the last pairing when a caller read the
// clock just before another paired it. It reports false when the pairing's
// uncertainty straddles a millisecond boundary, and the caller must read the
// wall clock itself.
//
// The uncertainty is the pairing's bracket, plus 1/1024 of the time since the
// pairing (about 0.1%) for a wall clock that runs at another rate than the
// monotonic one: NTP slews a wall clock by at most 0.05%.
func (c *wallClock) at(mono int64) (int64, bool) {
	since := mono - c.mono
	slack := max(since, -since) >> 10
	earliest := floorMillis(c.subMs + since - slack)        // the wall clock was read at c.mono
	latest := floorMillis(c.subMs + since + c.span + slack) // it was read c.span earlier
	if earliest != latest {
		return 0, false
	}
	return c.ms + earliest, true
}

// floorMillis returns ns nanoseconds in whole milliseconds, rounded toward
// negative infinity.
func floorMillis(ns int64) int64 {
	if ns < 0 {
		return (ns+1)/1e6 - 1
	}
	return ns / 1e6
}
