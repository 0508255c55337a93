package ulid

import (
	"bytes"
	"database/sql"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestErrorMessages pins the whole message of each error that the package
// words from a sentinel and values, and checks that the error unwraps, in
// one step, to that sentinel (or to the reader's error). Errors of
// ParseError and of masking keys are pinned beside their tests.
func TestErrorMessages(t *testing.T) {
	errBroken := errors.New("broken")
	var id ULID
	tests := []struct {
		name string
		err  error
		want string
		is   error // what errors.Unwrap gives; nil: an error of its own, which unwraps to nothing
	}{
		{"BSON binary too short", id.UnmarshalBSONValue(0x05, []byte{16, 0, 0}),
			"ulid: unsupported type: malformed BSON binary value of 3 bytes", ErrUnsupportedType},
		{"BSON binary subtype", id.UnmarshalBSONValue(0x05, bsonBinaryValue(0x05, make([]byte, 16))),
			"ulid: unsupported type: BSON binary subtype 0x05, want 4 (UUID) or 0 (generic)", ErrUnsupportedType},
		{"BSON binary subtype above 0x7f", id.UnmarshalBSONValue(0x05, bsonBinaryValue(0x80, make([]byte, 16))),
			"ulid: unsupported type: BSON binary subtype 0x80, want 4 (UUID) or 0 (generic)", ErrUnsupportedType},
		{"BSON string without its NUL", id.UnmarshalBSONValue(0x02, bsonStringValue("01ARYZ6S41TSV4RRFFQ69G5FAV")[:30]),
			"ulid: unsupported type: malformed BSON string value of 30 bytes", ErrUnsupportedType},
		{"BSON type", id.UnmarshalBSONValue(0x07, make([]byte, 12)),
			"ulid: unsupported type: BSON type 0x07, want binary (0x05) or string (0x02)", ErrUnsupportedType},
		{"BSON type 0xff", id.UnmarshalBSONValue(0xff, nil),
			"ulid: unsupported type: BSON type 0xff, want binary (0x05) or string (0x02)", ErrUnsupportedType},

		{"reader's error", errorOf(New(0, &brokenReader{err: errBroken})),
			"ulid: reading entropy: broken", errBroken},
		{"reader stuck", errorOf(New(0, &brokenReader{})),
			"ulid: reading entropy: multiple Read calls return no data or error", io.ErrNoProgress},
		{"reader's negative count", errorOf(New(0, &brokenReader{n: -1})),
			"ulid: reading entropy: invalid count -1 from Read of 10 bytes", nil},
		{"reader's count too large", errorOf(New(0, io.MultiReader(bytes.NewReader(make([]byte, 3)), &brokenReader{n: 110}))),
			"ulid: reading entropy: invalid count 110 from Read of 7 bytes", nil},

		{"Monotonic.New in a full millisecond", monotonicOverflow(t),
			"ulid: monotonic entropy overflow: timestamp 9000 ms", ErrMonotonicOverflow},
		{"Monotonic.Next at the last ULID", monotonicAtMax(t),
			"ulid: monotonic entropy overflow: timestamp 281474976710655 ms is the maximum", ErrMonotonicOverflow},

		{"Scan int64", id.Scan(int64(42)), "ulid: unsupported type: cannot scan int64 into ulid.ULID", ErrUnsupportedType},
		{"Scan float64", id.Scan(1.5), "ulid: unsupported type: cannot scan float64 into ulid.ULID", ErrUnsupportedType},
		{"Scan bool", id.Scan(true), "ulid: unsupported type: cannot scan bool into ulid.ULID", ErrUnsupportedType},
		{"Scan time.Time", id.Scan(time.Unix(0, 0)), "ulid: unsupported type: cannot scan time.Time into ulid.ULID", ErrUnsupportedType},
		{"Scan int", id.Scan(7), "ulid: unsupported type: cannot scan int into ulid.ULID", ErrUnsupportedType},
		{"Scan [15]byte", id.Scan([15]byte{}), "ulid: unsupported type: cannot scan [15]uint8 into ulid.ULID", ErrUnsupportedType},
		{"Scan *ULID", id.Scan(&id), "ulid: unsupported type: cannot scan *ulid.ULID into ulid.ULID", ErrUnsupportedType},
		{"Scan sql.NullString", id.Scan(sql.NullString{}), "ulid: unsupported type: cannot scan sql.NullString into ulid.ULID", ErrUnsupportedType},
		{"Scan a struct", id.Scan(struct{ A []string }{}), "ulid: unsupported type: cannot scan struct { A []string } into ulid.ULID", ErrUnsupportedType},
		{"Scan a map", id.Scan(map[string]any{}), "ulid: unsupported type: cannot scan map[string]interface {} into ulid.ULID", ErrUnsupportedType},

		{"Timestamp before 1970", errorOf(Timestamp(time.Unix(0, -1))),
			"ulid: time out of range: 1969-12-31T23:59:59.999999999Z is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z", ErrTimeOutOfRange},
		{"Timestamp of the zero time", errorOf(Timestamp(time.Time{})),
			"ulid: time out of range: 0001-01-01T00:00:00Z is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z", ErrTimeOutOfRange},
		{"Timestamp in another zone", errorOf(Timestamp(time.Date(10889, 8, 2, 7, 31, 50, 656e6, time.FixedZone("", 2*3600)))),
			"ulid: time out of range: 10889-08-02T05:31:50.656Z is outside 1970-01-01T00:00:00Z to 10889-08-02T05:31:50.655Z", ErrTimeOutOfRange},
		{"Time", errorOf(Time(MaxTimestamp + 1)),
			"ulid: time out of range: timestamp 281474976710656 ms is above the maximum 281474976710655 ms", ErrTimeOutOfRange},
		{"New", errorOf(New(1<<64-1, nil)),
			"ulid: time out of range: timestamp 18446744073709551615 ms is above the maximum 281474976710655 ms", ErrTimeOutOfRange},
	}
	for _, tc := range tests {
		inner := errors.Unwrap(tc.err)
		if tc.is == nil && inner != nil && errors.Unwrap(inner) == nil && strings.HasSuffix(tc.want, ": "+inner.Error()) {
			inner = nil
		}
		if tc.err == nil || tc.err.Error() != tc.want || inner != tc.is {
			t.Errorf("%s: %v, unwrapping to %v\nwant %s, unwrapping to %v", tc.name, tc.err, errors.Unwrap(tc.err), tc.want, tc.is)
		}
	}
}

func errorOf[T any](_ T, err error) error { return err }

// monotonicOverflow returns the error of a Monotonic's New in a millisecond
// whose entropy has run out.
func monotonicOverflow(t *testing.T) error {
	m := NewMonotonic(bytes.NewReader(bytes.Repeat([]byte{0xff}, 10)))
	if _, err := m.New(9000); err != nil {
		t.Fatal(err)
	}
	_, err := m.New(9000)
	return err
}

// monotonicAtMax returns the error of a Monotonic's Next after the last ULID.
func monotonicAtMax(t *testing.T) error {
	m, _ := newTestMonotonic(bytes.Repeat([]byte{0xff}, 10), int64(MaxTimestamp)+5)
	mustNext(t, m)
	_, err := m.Next()
	return err
}
