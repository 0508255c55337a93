package ulid

import (
	"errors"
	"testing"
	"time"
)

func TestTimestampConversion(t *testing.T) {
	paris := time.FixedZone("CEST", 2*60*60)
	tests := []struct {
		name string
		in   time.Time
		want uint64
		err  error
	}{
		{"epoch", time.Unix(0, 0), 0, nil},
		{"truncates, never rounds", time.Unix(1469918176, 385_999_999), 1469918176385, nil},
		{"non-UTC location", time.Date(2016, 7, 31, 0, 36, 16, 385_000_000, paris), 1469918176385, nil},
		{"maximum", time.UnixMilli(int64(MaxTimestamp)), MaxTimestamp, nil},
		{"maximum plus sub-millisecond", time.UnixMilli(int64(MaxTimestamp)).Add(999_999), MaxTimestamp, nil},
		{"one millisecond past the maximum", time.UnixMilli(int64(MaxTimestamp) + 1), 0, ErrTimeOutOfRange},
		{"one nanosecond before 1970", time.Unix(0, -1), 0, ErrTimeOutOfRange},
		{"year 1", time.Time{}, 0, ErrTimeOutOfRange},
		{"year 10890", time.Date(10890, 1, 1, 0, 0, 0, 0, time.UTC), 0, ErrTimeOutOfRange},
		{"far future", time.Unix(1<<62, 0), 0, ErrTimeOutOfRange}, // int64 arguments: the same on 32-bit platforms
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Timestamp(tc.in)
			if !errors.Is(err, tc.err) || got != tc.want {
				t.Errorf("Timestamp(%v) = %d, %v; want %d, %v", tc.in, got, err, tc.want, tc.err)
			}
			if err == nil && tc.in.Before(time.UnixMilli(int64(got))) {
				t.Errorf("Timestamp(%v) = %d ms is later than the instant", tc.in, got)
			}
		})
	}

	for _, v := range vectors {
		got, err := Time(v.Ms)
		if err != nil || got.Format(rfc3339Milli) != v.UTC || got.Location() != time.UTC {
			t.Errorf("Time(%d) = %v, %v; want %s", v.Ms, got, err, v.UTC)
		}
		back, err := Timestamp(got)
		if err != nil || back != v.Ms {
			t.Errorf("Timestamp(Time(%d)) = %d, %v", v.Ms, back, err)
		}
	}
	if _, err := Time(MaxTimestamp + 1); !errors.Is(err, ErrTimeOutOfRange) {
		t.Errorf("Time(MaxTimestamp+1) err = %v", err)
	}
}
