package ulid

import (
	"bytes"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func TestParseRules(t *testing.T) {
	const valid = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	tests := []struct {
		name       string
		in         string
		lenientErr error // error from Parse; nil means it parses to want
		strictErr  error // error from ParseStrict
		want       string
		offset     int
		byte       byte
	}{
		{"canonical", valid, nil, nil, valid, 0, 0},
		{"lower case", strings.ToLower(valid), nil, nil, valid, 0, 0},
		{"alias I", "0IARYZ6S41TSV4RRFFQ69G5FAV", nil, ErrInvalidCharacter, valid, 1, 'I'},
		{"alias i", "0iARYZ6S41TSV4RRFFQ69G5FAV", nil, ErrInvalidCharacter, valid, 1, 'i'},
		{"alias L", "0LARYZ6S41TSV4RRFFQ69G5FAV", nil, ErrInvalidCharacter, valid, 1, 'L'},
		{"alias l", "0lARYZ6S41TSV4RRFFQ69G5FAV", nil, ErrInvalidCharacter, valid, 1, 'l'},
		{"alias O", "O1ARYZ6S41TSV4RRFFQ69G5FAV", nil, ErrInvalidCharacter, valid, 0, 'O'},
		{"alias o", "o1ARYZ6S41TSV4RRFFQ69G5FAV", nil, ErrInvalidCharacter, valid, 0, 'o'},
		{"U", "01ARYZ6S41TSV4RRFFQ69G5FAU", ErrInvalidCharacter, ErrInvalidCharacter, "", 25, 'U'},
		{"u", "01ARYZ6S41TSV4RRFFQ69G5FAu", ErrInvalidCharacter, ErrInvalidCharacter, "", 25, 'u'},
		{"hyphen", "01ARYZ6S41-SV4RRFFQ69G5FAV", ErrInvalidCharacter, ErrInvalidCharacter, "", 10, '-'},
		{"space", "01ARYZ6S41TSV4RRFFQ69G5FA ", ErrInvalidCharacter, ErrInvalidCharacter, "", 25, ' '},
		{"NUL", "01ARYZ6S41TSV4RRFFQ69G\x005FA", ErrInvalidCharacter, ErrInvalidCharacter, "", 22, 0},
		{"non-ASCII byte", "01ARYZ6S41TSV4RRFFQ69G5F\xc3\xa9"[:26], ErrInvalidCharacter, ErrInvalidCharacter, "", 24, 0xc3},
		{"first invalid byte wins", "01ARYZ#S41TSV4RRFFQ69G5F!V", ErrInvalidCharacter, ErrInvalidCharacter, "", 6, '#'},
		{"first character 8", "80000000000000000000000000", ErrOverflow, ErrOverflow, "", 0, '8'},
		{"first character Z", "ZZZZZZZZZZZZZZZZZZZZZZZZZZ", ErrOverflow, ErrOverflow, "", 0, 'Z'},
		{"first character z", "z0000000000000000000000000", ErrOverflow, ErrOverflow, "", 0, 'z'},
		{"overflow before a later bad byte", "8000000000000000000000000U", ErrOverflow, ErrOverflow, "", 0, '8'},
		{"first character 7", "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", nil, nil, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", 0, 0},
		{"empty", "", ErrInvalidLength, ErrInvalidLength, "", -1, 0},
		{"25 characters", valid[:25], ErrInvalidLength, ErrInvalidLength, "", -1, 0},
		{"27 characters", valid + "0", ErrInvalidLength, ErrInvalidLength, "", -1, 0},
		{"leading space not trimmed", " " + valid, ErrInvalidLength, ErrInvalidLength, "", -1, 0},
		{"trailing newline not trimmed", valid + "\n", ErrInvalidLength, ErrInvalidLength, "", -1, 0},
		{"UUID text", "01563df3-6481-d676-4c61-efb99302bd5b", ErrInvalidLength, ErrInvalidLength, "", -1, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			check := func(fn string, got ULID, err, wantErr error) {
				t.Helper()
				if wantErr == nil {
					if err != nil || got.String() != tc.want {
						t.Errorf("%s(%q) = %s, %v; want %s", fn, tc.in, got, err, tc.want)
					}
					return
				}
				if !errors.Is(err, wantErr) {
					t.Fatalf("%s(%q) error = %v, want %v", fn, tc.in, err, wantErr)
				}
				if got != (ULID{}) {
					t.Errorf("%s(%q) returned %s with an error", fn, tc.in, got)
				}
				var pe *ParseError
				if !errors.As(err, &pe) {
					t.Fatalf("%s(%q) error %T is not a *ParseError", fn, tc.in, err)
				}
				if pe.Offset != tc.offset || pe.Byte != tc.byte || pe.Length != len(tc.in) {
					t.Errorf("%s(%q): offset %d byte %#x length %d; want %d %#x %d",
						fn, tc.in, pe.Offset, pe.Byte, pe.Length, tc.offset, tc.byte, len(tc.in))
				}
				if msg := err.Error(); !strings.HasPrefix(msg, "ulid: ") || strings.ToLower(msg[:7]) != msg[:7] {
					t.Errorf("error message %q does not start with lower-case %q", msg, "ulid: ")
				}
			}
			got, err := Parse(tc.in)
			check("Parse", got, err, tc.lenientErr)
			var viaText ULID
			err = viaText.UnmarshalText([]byte(tc.in))
			check("UnmarshalText", viaText, err, tc.lenientErr)
			got, err = ParseStrict(tc.in)
			check("ParseStrict", got, err, tc.strictErr)
		})
	}
}

func TestParseErrorMessages(t *testing.T) {
	tests := []struct {
		in, want string
		strict   bool
	}{
		{"01ARYZ6S41TSV4RRFFQ69G5FAU", "ulid: invalid character 'U' at offset 25", false},
		{"01ARYZ6S41TSV4RRFFQ69G5FA\xff", "ulid: invalid character 0xff at offset 25", false},
		{"01ARYZ6S41TSV4RRFFQ69G5FA'", `ulid: invalid character '\'' at offset 25`, false},
		{"0123", "ulid: invalid length 4 bytes, want 26", false},
		{"80000000000000000000000000", "ulid: first character '8' is above '7': value overflows 128 bits", false},
		{"0LARYZ6S41TSV4RRFFQ69G5FAV", "ulid: invalid character 'L' at offset 1 (Crockford alias of '1', which ParseStrict rejects)", true},
		{"O1ARYZ6S41TSV4RRFFQ69G5FAV", "ulid: invalid character 'O' at offset 0 (Crockford alias of '0', which ParseStrict rejects)", true},
	}
	for _, tc := range tests {
		parse := Parse
		if tc.strict {
			parse = ParseStrict
		}
		if _, err := parse(tc.in); err == nil || err.Error() != tc.want {
			t.Errorf("parse(%q) error = %v, want %q", tc.in, err, tc.want)
		}
	}
	var id ULID
	if err := id.UnmarshalBinary(make([]byte, 3)); err == nil || err.Error() != "ulid: invalid binary length 3 bytes, want 16" {
		t.Errorf("UnmarshalBinary error = %v", err)
	}
}

// TestDecodeTables derives both tables from the alphabet and the aliases and
// compares them with the literals in decode.go.
func TestDecodeTables(t *testing.T) {
	var strict, lenient [256]byte
	for i := range strict {
		strict[i] = invalid
	}
	for v, c := range []byte(alphabet) {
		strict[c] = byte(v)
		strict[c|0x20] = byte(v) // lower case
	}
	lenient = strict
	for _, alias := range []struct {
		c byte
		v byte
	}{{'I', 1}, {'i', 1}, {'L', 1}, {'l', 1}, {'O', 0}, {'o', 0}} {
		lenient[alias.c] = alias.v
	}
	if strict != decodeStrict {
		t.Error("decodeStrict does not match the alphabet")
	}
	if lenient != decodeLenient {
		t.Error("decodeLenient does not match the alphabet and aliases")
	}
}

func TestDecodeAgreesWithOracle(t *testing.T) {
	// Every alphabet character, alias and a few invalid bytes at every position.
	chars := alphabet + "ILOilo" + "abcdefghjkmnpqrstvwxyz" + "Uu-_ \x00\xff"
	base := []byte("01ARYZ6S41TSV4RRFFQ69G5FAV")
	for pos := range 26 {
		for _, c := range []byte(chars) {
			in := bytes.Clone(base)
			in[pos] = c
			checkAgainstOracle(t, string(in))
		}
	}
}

func checkAgainstOracle(t *testing.T, in string) {
	t.Helper()
	for _, lenient := range []bool{true, false} {
		parse := ParseStrict
		if lenient {
			parse = Parse
		}
		got, err := parse(in)
		want, ok := oracleDecode(in, lenient)
		if ok != (err == nil) || got != want {
			t.Fatalf("decode(%q, lenient=%v) = %x, %v; oracle says %x, %v", in, lenient, got[:], err, want[:], ok)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, v := range vectors {
		f.Add(v.Text)
	}
	for _, e := range vectorExtras {
		f.Add(e.Text)
	}
	f.Add("01ARYZ6S41TSV4RRFFQ69G5FAU")
	f.Add("")
	f.Fuzz(func(t *testing.T, s string) {
		checkAgainstOracle(t, s)
		lenient, lerr := Parse(s)
		strict, serr := ParseStrict(s)
		var viaText ULID
		terr := viaText.UnmarshalText([]byte(s))

		// UnmarshalText is Parse.
		if (terr == nil) != (lerr == nil) || (lerr == nil && viaText != lenient) {
			t.Fatalf("UnmarshalText(%q) = %v, %v; Parse = %v, %v", s, viaText, terr, lenient, lerr)
		}
		// Whatever ParseStrict accepts, Parse accepts with the same value; they
		// differ only on the aliases.
		if serr == nil && (lerr != nil || strict != lenient) {
			t.Fatalf("ParseStrict(%q) = %v but Parse = %v, %v", s, strict, lenient, lerr)
		}
		if lerr == nil && serr != nil && !strings.ContainsAny(s, "ILOilo") {
			t.Fatalf("Parse(%q) ok but ParseStrict failed without an alias: %v", s, serr)
		}
		if lerr != nil {
			var pe *ParseError
			if !errors.As(lerr, &pe) {
				t.Fatalf("Parse(%q) error %T is not a *ParseError", s, lerr)
			}
			if pe.Offset >= 0 && (pe.Offset >= len(s) || s[pe.Offset] != pe.Byte) {
				t.Fatalf("Parse(%q) error %v points at the wrong byte", s, lerr)
			}
			return
		}
		// Round trip: the canonical form parses back to the same ULID and is
		// s in upper case when s has no aliases.
		canonical := lenient.String()
		if back, err := ParseStrict(canonical); err != nil || back != lenient {
			t.Fatalf("round trip of %q via %q = %v, %v", s, canonical, back, err)
		}
		if serr == nil && canonical != strings.ToUpper(s) {
			t.Fatalf("String() = %q for strict input %q", canonical, s)
		}
		checkEncodings(t, lenient)
	})
}

func FuzzUnmarshalBinary(f *testing.F) {
	for _, v := range vectors {
		id := MustParse(v.Text)
		f.Add(id[:], make([]byte, 16))
	}
	f.Add([]byte{}, []byte{1})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var x, y ULID
		errX := x.UnmarshalBinary(a)
		if (errX == nil) != (len(a) == 16) || (errX != nil && !errors.Is(errX, ErrInvalidLength)) {
			t.Fatalf("UnmarshalBinary(%d bytes) = %v", len(a), errX)
		}
		if errX != nil {
			return
		}
		if !bytes.Equal(x[:], a) {
			t.Fatalf("UnmarshalBinary(%x) = %x", a, x[:])
		}
		checkEncodings(t, x)
		if text, _ := x.MarshalText(); oracleEncode(x) != string(text) {
			t.Fatalf("MarshalText(%x) = %s, oracle says %s", a, text, oracleEncode(x))
		}
		if y.UnmarshalBinary(b) != nil {
			return
		}
		// Compare agrees with bytes.Compare and with the order of the strings.
		c := x.Compare(y)
		if c != bytes.Compare(x[:], y[:]) || c != strings.Compare(x.String(), y.String()) {
			t.Fatalf("%x.Compare(%x) = %d disagrees with byte or string order", x[:], y[:], c)
		}
	})
}

// checkEncodings checks that every text and binary encoding of id agrees and
// round-trips.
func checkEncodings(t *testing.T, id ULID) {
	t.Helper()
	s := id.String()
	text, _ := id.MarshalText()
	appended, _ := id.AppendText(nil)
	if string(text) != s || string(appended) != s {
		t.Fatalf("String %q, MarshalText %q, AppendText %q differ", s, text, appended)
	}
	bin, _ := id.MarshalBinary()
	var back ULID
	if err := back.UnmarshalBinary(bin); err != nil || back != id {
		t.Fatalf("binary round trip of %s = %s, %v", s, back, err)
	}
	if back, err := Parse(s); err != nil || back != id {
		t.Fatalf("text round trip of %s = %s, %v", s, back, err)
	}
}

// TestParseErrorFieldsSayAll pins that a ParseError has no hidden state: its
// fields are all exported, so a program that words a fault its own way has
// every fact the message has, and a copy built from the fields alone gives
// the same message.
func TestParseErrorFieldsSayAll(t *testing.T) {
	typ := reflect.TypeFor[ParseError]()
	for i := range typ.NumField() {
		if f := typ.Field(i); !f.IsExported() {
			t.Errorf("ParseError has the unexported field %s", f.Name)
		}
	}
	var scanned ULID
	inputs := []func() error{
		func() error { _, err := Parse("01ARYZ6S41TSV4RRFFQ69G5FAU"); return err },
		func() error { _, err := ParseStrict("0IARYZ6S41TSV4RRFFQ69G5FAV"); return err },
		func() error { _, err := Parse("81ARYZ6S41TSV4RRFFQ69G5FAV"); return err },
		func() error { _, err := Parse("01ARYZ"); return err },
		func() error { _, err := ParseUUID("{01563df3-6481-d676-4c61-efb99302bd5b"); return err },
		func() error { _, err := ParseUUID("01563df3x6481-d676-4c61-efb99302bd5b"); return err },
		func() error { return scanned.UnmarshalBinary(make([]byte, 15)) },
		func() error { return scanned.Scan("0123456789abcdef") },
		func() error { return scanned.Scan(make([]byte, 17)) },
		func() error {
			return scanned.UnmarshalBSONValue(0x05, []byte{12, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
		},
		func() error { return scanned.UnmarshalBSONValue(0x02, []byte{4, 0, 0, 0, 'a', 'b', 'c', 0}) },
	}
	for _, f := range inputs {
		err := f()
		var pe *ParseError
		if !errors.As(err, &pe) {
			t.Fatalf("%v is not a *ParseError", err)
		}
		rebuilt := &ParseError{Err: pe.Err, Form: pe.Form, Length: pe.Length, Offset: pe.Offset, Byte: pe.Byte, Want: pe.Want}
		if rebuilt.Error() != err.Error() {
			t.Errorf("rebuilt from its fields: %q, want %q", rebuilt.Error(), err.Error())
		}
	}
}
