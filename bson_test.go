package ulid

import (
	"bytes"
	"encoding/binary"
	"errors"
	"testing"
)

// bsonBinaryValue returns a BSON binary value's bytes: int32 length,
// subtype, data.
func bsonBinaryValue(subtype byte, data []byte) []byte {
	v := binary.LittleEndian.AppendUint32(nil, uint32(len(data)))
	return append(append(v, subtype), data...)
}

// bsonStringValue returns a BSON string value's bytes: int32 length with
// the NUL, the bytes, NUL.
func bsonStringValue(s string) []byte {
	v := binary.LittleEndian.AppendUint32(nil, uint32(len(s)+1))
	return append(append(v, s...), 0)
}

func TestMarshalBSONValue(t *testing.T) {
	id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	typ, data, err := id.MarshalBSONValue()
	want := bsonBinaryValue(0x04, id[:])
	if typ != 0x05 || !bytes.Equal(data, want) || err != nil {
		t.Fatalf("MarshalBSONValue() = %#x, %x, %v; want 0x5, %x", typ, data, err, want)
	}
	var back ULID
	if err := back.UnmarshalBSONValue(typ, data); err != nil || back != id {
		t.Fatalf("round trip: %s, %v", back, err)
	}
}

func TestUnmarshalBSONValue(t *testing.T) {
	id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	for _, tc := range []struct {
		name string
		typ  byte
		data []byte
		err  error // nil: decodes to id
	}{
		{"binary, subtype UUID", 0x05, bsonBinaryValue(0x04, id[:]), nil},
		{"binary, generic subtype", 0x05, bsonBinaryValue(0x00, id[:]), nil},
		{"string, ULID text", 0x02, bsonStringValue("01ARYZ6S41TSV4RRFFQ69G5FAV"), nil},
		{"string, lower-case ULID text", 0x02, bsonStringValue("01aryz6s41tsv4rrffq69g5fav"), nil},
		{"string, UUID text", 0x02, bsonStringValue("01563df3-6481-d676-4c61-efb99302bd5b"), nil},
		{"12-byte binary, an ObjectId's size", 0x05, bsonBinaryValue(0x00, id[:12]), ErrInvalidLength},
		{"17-byte binary", 0x05, bsonBinaryValue(0x04, append(id[:], 0)), ErrInvalidLength},
		{"empty binary", 0x05, bsonBinaryValue(0x04, nil), ErrInvalidLength},
		{"binary, MD5 subtype", 0x05, bsonBinaryValue(0x05, id[:]), ErrUnsupportedType},
		{"binary, old binary subtype", 0x05, bsonBinaryValue(0x02, id[:]), ErrUnsupportedType},
		{"binary, length field disagrees", 0x05, bsonBinaryValue(0x04, id[:])[:20], ErrUnsupportedType},
		{"binary, too short for its header", 0x05, []byte{16, 0, 0}, ErrUnsupportedType},
		{"string with a bad character", 0x02, bsonStringValue("01ARYZ6S41TSV4RRFFQ69G5FAU"), ErrInvalidCharacter},
		{"string of another length", 0x02, bsonStringValue("01ARYZ"), ErrInvalidLength},
		{"string without its NUL", 0x02, bsonStringValue("01ARYZ6S41TSV4RRFFQ69G5FAV")[:30], ErrUnsupportedType},
		{"null", 0x0a, nil, ErrNull},
		{"ObjectId", 0x07, id[:12], ErrUnsupportedType},
		{"int64", 0x12, make([]byte, 8), ErrUnsupportedType},
	} {
		got := MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ") // a value an error must leave alone
		err := got.UnmarshalBSONValue(tc.typ, tc.data)
		switch {
		case tc.err == nil && (err != nil || got != id):
			t.Errorf("%s: %s, %v; want %s", tc.name, got, err, id)
		case tc.err != nil && !errors.Is(err, tc.err):
			t.Errorf("%s: err = %v, want %v", tc.name, err, tc.err)
		case tc.err != nil && got != MustParse("7ZZZZZZZZZZZZZZZZZZZZZZZZZ"):
			t.Errorf("%s: error %v changed the ULID to %s", tc.name, err, got)
		}
	}
	// The errors speak of BSON, not SQL.
	var doc ULID
	for _, tc := range []struct {
		typ  byte
		data []byte
		want string
	}{
		{0x02, bsonStringValue("abc"), "ulid: invalid BSON string length 3 bytes, want 26-character ULID text or UUID text (36 characters, or 32, 38, 45)"},
		{0x02, bsonStringValue("01ARYZ6S41TSV4RRFFQ69G5FAU"), "ulid: invalid character 'U' at offset 25"},
		{0x0a, nil, "ulid: cannot decode BSON null into a ulid.ULID; use a *ulid.ULID field for an optional ID"},
	} {
		if err := doc.UnmarshalBSONValue(tc.typ, tc.data); err == nil || err.Error() != tc.want {
			t.Errorf("UnmarshalBSONValue(%#x, %q) = %v, want %q", tc.typ, tc.data, err, tc.want)
		}
	}
	// The length error names the form and what fits.
	var short ULID
	err := short.UnmarshalBSONValue(0x05, bsonBinaryValue(0x00, make([]byte, 12)))
	if want := "ulid: invalid BSON binary length 12 bytes, want 16"; err == nil || err.Error() != want {
		t.Errorf("12-byte binary: %v, want %q", err, want)
	}
}

// The BSON value keeps nothing of the caller's slice.
func TestUnmarshalBSONValueCopies(t *testing.T) {
	data := bsonBinaryValue(0x04, bytes.Repeat([]byte{0x11}, 16))
	var id ULID
	if err := id.UnmarshalBSONValue(0x05, data); err != nil {
		t.Fatal(err)
	}
	clear(data)
	if id != ULID(bytes.Repeat([]byte{0x11}, 16)) {
		t.Errorf("changing the input changed the ULID: %x", id)
	}
}

// FuzzUnmarshalBSONValue checks that any BSON value either decodes to the
// ULID its bytes hold, as MarshalBSONValue or Scan would give it, or is an
// error that leaves the ULID unchanged; never a panic.
func FuzzUnmarshalBSONValue(f *testing.F) {
	id := MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	f.Add(byte(0x05), bsonBinaryValue(0x04, id[:]))
	f.Add(byte(0x05), bsonBinaryValue(0x00, id[:12]))
	f.Add(byte(0x02), bsonStringValue("01ARYZ6S41TSV4RRFFQ69G5FAV"))
	f.Add(byte(0x02), bsonStringValue("01563df3-6481-d676-4c61-efb99302bd5b"))
	f.Add(byte(0x0a), []byte{})
	f.Add(byte(0x02), bsonStringValue("user_01h455vb4pex5vsknk084sn02q"))
	f.Fuzz(func(t *testing.T, typ byte, data []byte) {
		// A Typed reads what Typed.Scan reads from the same text, and all
		// the binary a ULID reads; on error it is unchanged.
		var typed Typed[bsonUser]
		typedErr := typed.UnmarshalBSONValue(typ, data)
		if typedErr != nil && !typed.IsZero() {
			t.Fatalf("error %v, but the Typed changed to %s", typedErr, typed)
		}
		if typ == 0x02 && len(data) >= 5 && int(binary.LittleEndian.Uint32(data)) == len(data)-4 && data[len(data)-1] == 0 {
			var want Typed[bsonUser]
			if wantErr := want.Scan(string(data[4 : len(data)-1])); (wantErr == nil) != (typedErr == nil) || want != typed {
				t.Fatalf("string %q: Typed %s, %v; Scan gives %s, %v", data, typed, typedErr, want, wantErr)
			}
		}
		var got ULID
		err := got.UnmarshalBSONValue(typ, data)
		if err == nil && (typedErr != nil || typed.ULID() != got) {
			t.Fatalf("%#x %x: ULID %s, but Typed %s, %v", typ, data, got, typed, typedErr)
		}
		if err != nil {
			if got != (ULID{}) {
				t.Fatalf("error %v, but the ULID changed to %s", err, got)
			}
			return
		}
		switch typ {
		case 0x05:
			if _, want, _ := got.MarshalBSONValue(); !bytes.Equal(want[5:], data[5:]) || len(data) != 21 {
				t.Fatalf("binary %x decoded to %s", data, got)
			}
		case 0x02:
			var want ULID
			if err := want.Scan(string(data[4 : len(data)-1])); err != nil || want != got {
				t.Fatalf("string %q decoded to %s; Scan gives %s, %v", data, got, want, err)
			}
		default:
			t.Fatalf("BSON type %#x decoded to %s", typ, got)
		}
	})
}

// A Typed is stored in BSON as its ULID is, binary of subtype 4, and reads
// back from that, from ULID or UUID text, and from TypeID text of its own
// prefix; another prefix, null and a bad prefix type are errors, and leave
// it unchanged.
func TestTypedBSONValue(t *testing.T) {
	id := MustParseTyped[bsonUser]("user_01h455vb4pex5vsknk084sn02q")
	typ, data, err := id.MarshalBSONValue()
	ulidTyp, ulidData, _ := id.ULID().MarshalBSONValue()
	if err != nil || typ != ulidTyp || !bytes.Equal(data, ulidData) {
		t.Fatalf("MarshalBSONValue() = %#x, %x, %v; want the ULID's %#x, %x", typ, data, err, ulidTyp, ulidData)
	}
	for _, tc := range []struct {
		name string
		typ  byte
		data []byte
		err  error // nil: decodes to id
	}{
		{"binary, subtype UUID", 0x05, data, nil},
		{"string, TypeID text", 0x02, bsonStringValue("user_01h455vb4pex5vsknk084sn02q"), nil},
		{"string, ULID text", 0x02, bsonStringValue(id.ULID().String()), nil},
		{"string, UUID text", 0x02, bsonStringValue(id.ULID().UUIDString()), nil},
		{"string, another prefix", 0x02, bsonStringValue("order_01h455vb4pex5vsknk084sn02q"), ErrWrongPrefix},
		{"string, upper-case TypeID", 0x02, bsonStringValue("user_01H455VB4PEX5VSKNK084SN02Q"), ErrInvalidCharacter},
		{"string, TypeID without its NUL", 0x02, bsonStringValue("user_01h455vb4pex5vsknk084sn02q")[:35], ErrUnsupportedType},
		{"12-byte binary", 0x05, bsonBinaryValue(0x00, make([]byte, 12)), ErrInvalidLength},
		{"null", 0x0a, nil, ErrNull},
		{"int32", 0x10, []byte{1, 0, 0, 0}, ErrUnsupportedType},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := MustParseTyped[bsonUser]("user_7zzzzzzzzzzzzzzzzzzzzzzzzz")
			before := got
			err := got.UnmarshalBSONValue(tc.typ, tc.data)
			switch {
			case tc.err == nil && (err != nil || got != id):
				t.Errorf("= %v, %v; want %v", got, err, id)
			case tc.err != nil && (!errors.Is(err, tc.err) || got != before):
				t.Errorf("= %v, %v; want an error wrapping %v and %v unchanged", got, err, tc.err, before)
			}
		})
	}
	var bad Typed[bsonBadPrefix]
	if _, _, err := bad.MarshalBSONValue(); !errors.Is(err, ErrInvalidPrefix) {
		t.Errorf("MarshalBSONValue of a bad prefix type: %v; want ErrInvalidPrefix", err)
	}
}

// bsonUser and bsonBadPrefix are prefix types of the BSON tests: "user",
// and one that breaks TypeID's rule.
type (
	bsonUser      struct{}
	bsonBadPrefix struct{}
)

func (bsonUser) Prefix() string      { return "user" }
func (bsonBadPrefix) Prefix() string { return "User" }
