package ulid

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"strings"
	"testing"
)

func TestScan(t *testing.T) {
	want := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	binary := want[:]
	for _, src := range []any{
		binary,
		[16]byte(want),
		"01ARYZ6S41TSV4RRFFQ69G5FAV",
		[]byte("01aryz6s41tsv4rrffq69g5fav"),
		"01563df3-6481-d676-4c61-efb99302bd5b",
		[]byte("01563DF3-6481-D676-4C61-EFB99302BD5B"),
		"01563df36481d6764c61efb99302bd5b",
	} {
		var id ULID
		if err := id.Scan(src); err != nil || id != want {
			t.Errorf("Scan(%T %v) = %s, %v", src, src, id, err)
		}
	}

	t.Run("copies the source", func(t *testing.T) {
		src := append([]byte(nil), binary...)
		var id ULID
		_ = id.Scan(src)
		src[0] = 0xee
		if id != want {
			t.Error("Scan kept a reference to its source slice")
		}
	})

	t.Run("NULL is an error, not a zero value or the previous row", func(t *testing.T) {
		id := want
		err := id.Scan(nil)
		if !errors.Is(err, ErrNull) || !strings.Contains(err.Error(), "sql.Null[ulid.ULID]") {
			t.Errorf("Scan(nil) = %v, want ErrNull naming sql.Null[ulid.ULID]", err)
		}
		if id != want {
			t.Error("Scan(nil) changed the ULID")
		}
		// sql.Null[ULID] reads NULL as Valid=false and values as Valid=true.
		var n sql.Null[ULID]
		if err := n.Scan(nil); err != nil || n.Valid {
			t.Errorf("sql.Null Scan(nil) = %+v, %v", n, err)
		}
		if err := n.Scan(binary); err != nil || !n.Valid || n.V != want {
			t.Errorf("sql.Null Scan(bytes) = %+v, %v", n, err)
		}
		if v, err := n.Value(); err != nil || string(v.([]byte)) != string(binary) {
			t.Errorf("sql.Null Value = %v, %v", v, err)
		}
	})

	t.Run("bad values", func(t *testing.T) {
		for _, tc := range []struct {
			src any
			err error
		}{
			{int64(42), ErrUnsupportedType},
			{1.5, ErrUnsupportedType},
			{true, ErrUnsupportedType},
			{[]byte{1, 2, 3}, ErrInvalidLength},
			{string(binary), ErrInvalidLength}, // 16 characters of text, not 16 bytes
			{"0123456789abcdef", ErrInvalidLength},
			{"", ErrInvalidLength},
			{make([]byte, 17), ErrInvalidLength},
			{"01ARYZ6S41TSV4RRFFQ69G5FAU", ErrInvalidCharacter},
			{"81ARYZ6S41TSV4RRFFQ69G5FAV", ErrOverflow},
			{"01563df3-6481-d676-4c61-efb99302bd5x", ErrInvalidCharacter},
		} {
			id := want
			err := id.Scan(tc.src)
			if !errors.Is(err, tc.err) || !strings.HasPrefix(err.Error(), "ulid: ") {
				t.Errorf("Scan(%T %v) = %v, want %v", tc.src, tc.src, err, tc.err)
			}
			if id != want {
				t.Errorf("Scan(%T %v) changed the ULID on error", tc.src, tc.src)
			}
		}
	})

	t.Run("length messages say what fits", func(t *testing.T) {
		for _, tc := range []struct {
			src  any
			want string
		}{
			{"0123456789abcdef", "ulid: invalid SQL string length 16 bytes, want 26-character ULID text or UUID text (36 characters, or 32, 38, 45); binary values must be a []byte"},
			{make([]byte, 17), "ulid: invalid SQL []byte length 17 bytes, want 16 binary bytes, or 26-character ULID text or UUID text (36 characters, or 32, 38, 45)"},
		} {
			var id ULID
			if err := id.Scan(tc.src); err == nil || err.Error() != tc.want {
				t.Errorf("Scan(%T %q) = %v, want %q", tc.src, tc.src, err, tc.want)
			}
		}
	})

	t.Run("the first fault is named", func(t *testing.T) {
		for _, src := range []any{"01g63df3-6481-d676-4c61_efb99302bd5b", []byte("01g63df3-6481-d676-4c61_efb99302bd5b")} {
			var id ULID
			err := id.Scan(src)
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Offset != 2 || pe.Byte != 'g' {
				t.Errorf("Scan(%T %q) = %v, want the 'g' at offset 2", src, src, err)
			}
		}
	})
}

func TestValue(t *testing.T) {
	id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	v, err := id.Value()
	b, ok := v.([]byte)
	if err != nil || !ok || string(b) != string(id[:]) {
		t.Fatalf("Value() = %v, %v", v, err)
	}
	if !driver.IsValue(v) {
		t.Error("Value() is not a driver.Value")
	}
	b[0] = 0xee // each call returns its own slice
	if again, _ := id.Value(); again.([]byte)[0] != 0x01 {
		t.Error("Value() slices share memory")
	}
	var back ULID
	if err := back.Scan(v); err != nil {
		t.Fatal(err)
	}
}
