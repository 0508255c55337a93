package ulid

import "time"

// maxUnixSeconds is the whole seconds part of MaxTimestamp.
const maxUnixSeconds = int64(MaxTimestamp / 1000)

// Timestamp converts t to Unix milliseconds, the unit of a ULID's timestamp,
// whatever t's location. Sub-millisecond parts are truncated, never rounded,
// so a ULID made from the result is never later than t.
//
// Timestamp returns an error wrapping [ErrTimeOutOfRange] if t is before
// 1970-01-01T00:00:00Z or after 10889-08-02T05:31:50.655999999Z
// ([MaxTimestamp] plus its sub-millisecond range).
func Timestamp(t time.Time) (uint64, error) {
	sec := t.Unix() // rounded toward the past, so times just before 1970 give -1
	if sec < 0 || sec > maxUnixSeconds {
		return 0, timeRangeError(t)
	}
	ms := uint64(sec)*1000 + uint64(t.Nanosecond())/1e6
	if ms > MaxTimestamp {
		return 0, timeRangeError(t)
	}
	return ms, nil
}

// Time converts ms, in Unix milliseconds, to a [time.Time] in UTC. It returns
// an error wrapping [ErrTimeOutOfRange] if ms is greater than [MaxTimestamp].
func Time(ms uint64) (time.Time, error) {
	if ms > MaxTimestamp {
		return time.Time{}, timestampRangeError(ms)
	}
	return time.UnixMilli(int64(ms)).UTC(), nil
}

func timeRangeError(t time.Time) error {
	return wrapError(ErrTimeOutOfRange, t.UTC().Format(time.RFC3339Nano)+" is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z")
}
