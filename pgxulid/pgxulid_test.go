package pgxulid

import (
	"database/sql"
	"database/sql/driver"
	"errors"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/ulidgo/ulid"
)

// The ULID specification's example (https://github.com/ulid/spec), in its three forms.
const (
	vecULID = "01ARYZ6S41TSV4RRFFQ69G5FAV"
	vecUUID = "01563df3-6481-d676-4c61-efb99302bd5b"
	vecHex  = "01563df36481d6764c61efb99302bd5b"
)

var (
	vec  = ulid.MustParse(vecULID)
	vec2 = ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC") // 019ef407-9c40-fcd3-5268-57e9f784728c
	// asciiID's 16 bytes are printable ASCII, so they are also valid text:
	// the case where sending the raw bytes to a text parameter would not even
	// be rejected by the server.
	asciiID = ulid.ULID([]byte("0123456789abcdef"))
)

const (
	binary = pgtype.BinaryFormatCode
	text   = pgtype.TextFormatCode
)

func newMap() *pgtype.Map {
	m := pgtype.NewMap()
	Register(m)
	return m
}

func ptr[T any](v T) *T { return &v }

// TestEncode pins what each ULID type becomes as a uuid parameter, for the
// uuid OID (the describing modes) and for OID 0 (Exec and SimpleProtocol,
// where pgx picks the type from the Go type).
func TestEncode(t *testing.T) {
	m := newMap()
	for _, tc := range []struct {
		name  string
		value any
		want  string // hex of the binary form, "" for NULL; the text form is the UUID text
	}{
		{"ULID", vec, vecHex},
		{"zero ULID", ulid.ULID{}, strings.Repeat("00", 16)},
		{"*ULID", ptr(vec), vecHex},
		{"nil *ULID", (*ulid.ULID)(nil), ""},
		{"sql.Null valid", sql.Null[ulid.ULID]{V: vec, Valid: true}, vecHex},
		{"sql.Null invalid", sql.Null[ulid.ULID]{V: vec}, ""},
	} {
		for _, oid := range []uint32{pgtype.UUIDOID, 0} {
			t.Run(tc.name, func(t *testing.T) {
				bin, err := m.Encode(oid, binary, tc.value, nil)
				if err != nil {
					t.Fatalf("Encode(%d, binary): %v", oid, err)
				}
				txt, err := m.Encode(oid, text, tc.value, nil)
				if err != nil {
					t.Fatalf("Encode(%d, text): %v", oid, err)
				}
				if tc.want == "" {
					if bin != nil || txt != nil {
						t.Fatalf("Encode(%d) = %x, %q; want NULL (nil)", oid, bin, txt)
					}
					return
				}
				if got := hexOf(bin); got != tc.want {
					t.Errorf("Encode(%d, binary) = %s, want %s", oid, got, tc.want)
				}
				id, _ := ulid.ParseUUID(hexToUUID(tc.want))
				if string(txt) != id.UUIDString() {
					t.Errorf("Encode(%d, text) = %q, want %q", oid, txt, id.UUIDString())
				}
			})
		}
	}
	// The vector, spelled out.
	if txt, _ := m.Encode(0, text, vec, nil); string(txt) != vecUUID {
		t.Errorf("Encode(0, text, %s) = %q, want %q", vecULID, txt, vecUUID)
	}
}

// TestEncodeAppends checks that the plans append to the buffer they are given.
func TestEncodeAppends(t *testing.T) {
	m := newMap()
	for _, format := range []int16{binary, text} {
		buf, err := m.Encode(pgtype.UUIDOID, format, vec, []byte("prefix"))
		if err != nil {
			t.Fatal(err)
		}
		want := "prefix" + string(vec[:])
		if format == text {
			want = "prefix" + vecUUID
		}
		if string(buf) != want {
			t.Errorf("format %d: %q, want %q", format, buf, want)
		}
	}
}

// TestWithoutRegister pins the problem Register solves: in text, with the
// parameter's type unknown (Exec and SimpleProtocol), pgx sends ULID.Value's
// 16 bytes as a bytea literal, and cannot encode a []ulid.ULID at all. And
// to a text parameter it sends the raw bytes.
func TestWithoutRegister(t *testing.T) {
	m := pgtype.NewMap()
	buf, err := m.Encode(0, text, vec, nil)
	if err != nil || string(buf) != `\x`+vecHex {
		t.Errorf(`without Register, Encode(0, text, id) = %q, %v; want the bytea literal \x%s`, buf, err, vecHex)
	}
	if _, err := m.Encode(0, text, []ulid.ULID{vec}, nil); err == nil {
		t.Errorf("without Register, Encode(0, text, []ulid.ULID) succeeded")
	}
	buf, err = m.Encode(pgtype.TextOID, text, asciiID, nil)
	if err != nil || string(buf) != "0123456789abcdef" {
		t.Errorf("without Register, Encode(text, text, asciiID) = %q, %v; want the raw bytes", buf, err)
	}
}

// TestScan pins what uuid values scan into, in both formats, NULL included.
func TestScan(t *testing.T) {
	m := newMap()
	srcs := map[int16][]byte{binary: vec[:], text: []byte(vecUUID)}
	for format, src := range srcs {
		t.Run(map[int16]string{binary: "binary", text: "text"}[format], func(t *testing.T) {
			var id ulid.ULID
			if err := m.Scan(pgtype.UUIDOID, format, src, &id); err != nil || id != vec {
				t.Errorf("Scan into ULID = %v, %v; want %v", id, err, vec)
			}

			var p *ulid.ULID
			if err := m.Scan(pgtype.UUIDOID, format, src, &p); err != nil || p == nil || *p != vec {
				t.Errorf("Scan into *ULID = %v, %v; want &%v", p, err, vec)
			}
			if err := m.Scan(pgtype.UUIDOID, format, nil, &p); err != nil || p != nil {
				t.Errorf("Scan NULL into *ULID = %v, %v; want nil", p, err)
			}

			var n sql.Null[ulid.ULID]
			if err := m.Scan(pgtype.UUIDOID, format, src, &n); err != nil || n != (sql.Null[ulid.ULID]{V: vec, Valid: true}) {
				t.Errorf("Scan into sql.Null = %+v, %v", n, err)
			}
			if err := m.Scan(pgtype.UUIDOID, format, nil, &n); err != nil || n.Valid {
				t.Errorf("Scan NULL into sql.Null = %+v, %v; want not Valid", n, err)
			}

			// NULL into a plain ULID is ulid.ErrNull, and the ULID is unchanged.
			id = vec2
			err := m.Scan(pgtype.UUIDOID, format, nil, &id)
			if !errors.Is(err, ulid.ErrNull) {
				t.Errorf("Scan NULL into ULID: %v, want ulid.ErrNull", err)
			}
			if id != vec2 {
				t.Errorf("Scan NULL into ULID changed it to %v", id)
			}
		})
	}
	// Upper-case UUID text (not what PostgreSQL sends, but ParseUUID's rules).
	var id ulid.ULID
	if err := m.Scan(pgtype.UUIDOID, text, []byte(strings.ToUpper(vecUUID)), &id); err != nil || id != vec {
		t.Errorf("Scan of upper-case text = %v, %v", id, err)
	}
}

// TestScanBadInput: a binary uuid that is not 16 bytes, or text that is not a
// UUID, is an error wrapping the root package's sentinels, and the target
// keeps its value: never a silent zero.
// TestScanULIDText checks that text in the 26-character ULID form scans, as
// ulid.ULID.Scan reads it: a column of a type pgx does not know (citext, a
// domain, an enum) holding ULID text reaches the same plan as a uuid.
func TestScanULIDText(t *testing.T) {
	m := pgtype.NewMap()
	Register(m)
	var id ulid.ULID
	if err := m.Scan(pgtype.UUIDOID, pgtype.TextFormatCode, []byte(strings.ToLower(vecULID)), &id); err != nil || id.String() != vecULID {
		t.Errorf("Scan of ULID text = %s, %v; want %s", id, err, vecULID)
	}
	const unknownOID = 99999 // as citext's OID is to pgx: not in the map
	id = ulid.ULID{}
	if err := m.Scan(unknownOID, pgtype.TextFormatCode, []byte(vecULID), &id); err != nil || id.String() != vecULID {
		t.Errorf("Scan of ULID text with an unknown OID = %s, %v; want %s", id, err, vecULID)
	}
}

// TestEncodeNullPointer checks that a *sql.Null[ulid.ULID] encodes as the
// sql.Null it points to, in both formats and with an unknown parameter type
// (OID 0, as in the Exec and SimpleProtocol modes), never as the raw 16 bytes
// of its driver.Valuer, and that one bound to a text parameter is an error.
func TestEncodeNullPointer(t *testing.T) {
	m := pgtype.NewMap()
	Register(m)
	id := ulid.MustParse(vecULID)
	for _, tc := range []struct {
		oid    uint32
		format int16
		want   string
	}{
		{pgtype.UUIDOID, pgtype.BinaryFormatCode, string(id[:])},
		{pgtype.UUIDOID, pgtype.TextFormatCode, vecUUID},
		{0, pgtype.TextFormatCode, vecUUID},
	} {
		got, err := m.Encode(tc.oid, tc.format, &sql.Null[ulid.ULID]{V: id, Valid: true}, nil)
		if err != nil || string(got) != tc.want {
			t.Errorf("Encode(%d, %d, &sql.Null{valid}) = %q, %v; want %q", tc.oid, tc.format, got, err, tc.want)
		}
		got, err = m.Encode(tc.oid, tc.format, &sql.Null[ulid.ULID]{}, nil)
		if err != nil || got != nil {
			t.Errorf("Encode(%d, %d, &sql.Null{}) = %q, %v; want NULL", tc.oid, tc.format, got, err)
		}
	}
	if got, err := m.Encode(pgtype.TextOID, pgtype.TextFormatCode, &sql.Null[ulid.ULID]{V: id, Valid: true}, nil); !errors.Is(err, ulid.ErrUnsupportedType) {
		t.Errorf("Encode(text, &sql.Null{valid}) = %q, %v; want ErrUnsupportedType", got, err)
	}
}

func TestScanBadInput(t *testing.T) {
	m := newMap()
	for _, tc := range []struct {
		name   string
		format int16
		src    []byte
		want   error
		offset int // for a *ulid.ParseError; -1 for none
	}{
		{"binary empty", binary, []byte{}, ulid.ErrInvalidLength, -1},
		{"binary 15 bytes", binary, vec[:15], ulid.ErrInvalidLength, -1},
		{"binary 17 bytes", binary, append(vec[:], 0), ulid.ErrInvalidLength, -1},
		{"text empty", text, []byte{}, ulid.ErrInvalidLength, -1},
		{"text ULID with a bad character", text, []byte(vecULID[:25] + "U"), ulid.ErrInvalidCharacter, 25},
		{"text short", text, []byte(vecUUID[:35]), ulid.ErrInvalidLength, -1},
		{"text bad digit", text, []byte("01563df3-6481-d676-4c61-efb99302bd5g"), ulid.ErrInvalidCharacter, 35},
		{"text bad hyphen", text, []byte("01563df3_6481-d676-4c61-efb99302bd5b"), ulid.ErrInvalidCharacter, 8},
		{"text 16 bytes", text, vec[:], ulid.ErrInvalidLength, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			id := vec2
			var n sql.Null[ulid.ULID]
			p := &vec2
			for _, target := range []any{&id, &n, &p} {
				err := m.Scan(pgtype.UUIDOID, tc.format, tc.src, target)
				if !errors.Is(err, tc.want) {
					t.Errorf("Scan(%q) into %T: %v, want %v", tc.src, target, err, tc.want)
				}
				var pe *ulid.ParseError
				if tc.offset >= 0 && (!errors.As(err, &pe) || pe.Offset != tc.offset) {
					t.Errorf("Scan(%q) into %T: %v, want a *ulid.ParseError at offset %d", tc.src, target, err, tc.offset)
				}
			}
			if id != vec2 || n.Valid || p != &vec2 {
				t.Errorf("failed scans changed their targets: %v, %+v, %p", id, n, p)
			}
		})
	}
}

// TestScanErrorKeepsNoReference: the error of a bad text value still reads
// the same after the buffer it came from is reused, as pgx reuses its read
// buffer.
func TestScanErrorKeepsNoReference(t *testing.T) {
	m := newMap()
	src := []byte("01563df3-6481-d676-4c61-efb99302bd5g")
	var id ulid.ULID
	err := m.Scan(pgtype.UUIDOID, text, src, &id)
	if err == nil {
		t.Fatal("no error")
	}
	before := err.Error()
	for i := range src {
		src[i] = 'z'
	}
	if after := err.Error(); after != before {
		t.Errorf("error changed with the buffer: %q, then %q", before, after)
	}
}

// TestArrays: uuid[] parameters and results, text and binary, with NULL.
func TestArrays(t *testing.T) {
	m := newMap()
	ids := []ulid.ULID{vec, vec2, {}}
	wantText := "{" + vecUUID + ",019ef407-9c40-fcd3-5268-57e9f784728c,00000000-0000-0000-0000-000000000000}"
	for _, oid := range []uint32{pgtype.UUIDArrayOID, 0} {
		buf, err := m.Encode(oid, text, ids, nil)
		if err != nil || string(buf) != wantText {
			t.Errorf("Encode(%d, text, []ulid.ULID) = %q, %v; want %q", oid, buf, err, wantText)
		}
	}
	for _, format := range []int16{binary, text} {
		buf, err := m.Encode(pgtype.UUIDArrayOID, format, ids, nil)
		if err != nil {
			t.Fatalf("Encode(uuid[], %d): %v", format, err)
		}
		var back []ulid.ULID
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &back); err != nil || !equal(back, ids) {
			t.Errorf("format %d: round trip = %v, %v; want %v", format, back, err, ids)
		}
		// A NULL array is a nil slice.
		back = ids
		if err := m.Scan(pgtype.UUIDArrayOID, format, nil, &back); err != nil || back != nil {
			t.Errorf("format %d: Scan NULL array = %v, %v; want nil", format, back, err)
		}
		// An empty array is an empty slice, not nil.
		buf, err = m.Encode(pgtype.UUIDArrayOID, format, []ulid.ULID{}, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &back); err != nil || back == nil || len(back) != 0 {
			t.Errorf("format %d: empty array = %#v, %v", format, back, err)
		}
	}

	// NULL elements: in []*ulid.ULID and []sql.Null[ulid.ULID] they are nil
	// and not Valid; in []ulid.ULID they are ulid.ErrNull.
	withNull := []*ulid.ULID{&vec, nil}
	for _, format := range []int16{binary, text} {
		buf, err := m.Encode(0, format, withNull, nil)
		if err != nil {
			t.Fatalf("Encode([]*ULID, %d): %v", format, err)
		}
		var ptrs []*ulid.ULID
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &ptrs); err != nil || len(ptrs) != 2 || *ptrs[0] != vec || ptrs[1] != nil {
			t.Errorf("format %d: []*ULID = %v, %v", format, ptrs, err)
		}
		var nulls []sql.Null[ulid.ULID]
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &nulls); err != nil || len(nulls) != 2 || nulls[0] != (sql.Null[ulid.ULID]{V: vec, Valid: true}) || nulls[1].Valid {
			t.Errorf("format %d: []sql.Null = %v, %v", format, nulls, err)
		}
		back, err := m.Encode(0, format, nulls, nil)
		if err != nil || string(back) != string(buf) {
			t.Errorf("format %d: Encode([]sql.Null) = %q, %v; want %q", format, back, err, buf)
		}
		var plain []ulid.ULID
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &plain); !errors.Is(err, ulid.ErrNull) {
			t.Errorf("format %d: array with NULL into []ulid.ULID: %v, want ulid.ErrNull", format, err)
		}
	}

	// A bad element is an error wrapping the root package's sentinel.
	var back []ulid.ULID
	err := m.Scan(pgtype.UUIDArrayOID, text, []byte("{"+vecUUID+",01563df3-6481-d676-4c61-efb99302bd5}"), &back)
	if !errors.Is(err, ulid.ErrInvalidLength) {
		t.Errorf("array with a short element: %v, want ulid.ErrInvalidLength", err)
	}
}

func equal(a, b []ulid.ULID) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestOtherParameterTypes: a registered ULID bound to a parameter pgx knows
// is not a uuid gives the 16 bytes to bytea and an error to everything else,
// text types above all: never the raw bytes or bytea hex as text.
func TestOtherParameterTypes(t *testing.T) {
	m := newMap()
	for _, format := range []int16{binary, text} {
		buf, err := m.Encode(pgtype.ByteaOID, format, vec, nil)
		want := string(vec[:])
		if format == text {
			want = `\x` + vecHex
		}
		if err != nil || string(buf) != want {
			t.Errorf("bytea, format %d: %q, %v; want %q", format, buf, err, want)
		}
	}

	for _, oid := range []uint32{pgtype.TextOID, pgtype.VarcharOID, pgtype.BPCharOID, pgtype.NameOID, pgtype.Int8OID, pgtype.TextArrayOID} {
		for _, format := range []int16{binary, text} {
			for _, v := range []any{vec, asciiID, &vec, sql.Null[ulid.ULID]{V: asciiID, Valid: true}} {
				value := v
				if oid == pgtype.TextArrayOID {
					value = []ulid.ULID{asciiID}
				}
				buf, err := m.Encode(oid, format, value, nil)
				if !errors.Is(err, ulid.ErrUnsupportedType) {
					t.Errorf("OID %d, format %d, %T: %q, %v; want an error wrapping ulid.ErrUnsupportedType", oid, format, value, buf, err)
				} else if !strings.Contains(err.Error(), "id.String()") {
					t.Errorf("OID %d: the error does not say what to pass instead: %v", oid, err)
				}
			}
		}
	}
	// NULL is NULL whatever the type.
	for _, v := range []any{(*ulid.ULID)(nil), sql.Null[ulid.ULID]{}} {
		if buf, err := m.Encode(pgtype.TextOID, text, v, nil); buf != nil || err != nil {
			t.Errorf("NULL %T to text: %q, %v; want NULL", v, buf, err)
		}
	}
}

// TestOthersUnchanged: what pgx did with other values and targets of uuid
// before Register it still does.
func TestOthersUnchanged(t *testing.T) {
	before, after := pgtype.NewMap(), newMap()
	values := []any{
		pgtype.UUID{Bytes: vec, Valid: true},
		pgtype.UUID{},
		[16]byte(vec),
		vecUUID,
		strings.ToUpper(vecUUID),
		ptr(vecUUID),
		(*string)(nil),
		myUUID(vec),
		[]pgtype.UUID{{Bytes: vec, Valid: true}, {}},
		[]string{vecUUID},
		[][16]byte{vec, vec2},
	}
	for _, v := range values {
		for _, oid := range []uint32{pgtype.UUIDOID, pgtype.UUIDArrayOID, 0} {
			for _, format := range []int16{binary, text} {
				want, wantErr := before.Encode(oid, format, v, nil)
				got, err := after.Encode(oid, format, v, nil)
				if string(got) != string(want) || (err == nil) != (wantErr == nil) {
					t.Errorf("Encode(%d, %d, %#v) = %q, %v; before Register %q, %v", oid, format, v, got, err, want, wantErr)
				}
			}
		}
	}

	// Scans of a uuid into other targets.
	for _, format := range []int16{binary, text} {
		src := []byte(vecUUID)
		if format == binary {
			src = vec[:]
		}
		var (
			u pgtype.UUID
			b [16]byte
			s string
			a any
			o myUUID
		)
		for _, target := range []any{&u, &b, &s, &a, &o} {
			if err := after.Scan(pgtype.UUIDOID, format, src, target); err != nil {
				t.Errorf("format %d: Scan into %T: %v", format, target, err)
			}
		}
		if u != (pgtype.UUID{Bytes: vec, Valid: true}) || b != [16]byte(vec) || s != vecUUID || a != [16]byte(vec) || o != myUUID(vec) {
			t.Errorf("format %d: scanned %v, %x, %q, %#v, %v", format, u, b, s, a, o)
		}
	}

	// ULID text in a text column, both ways.
	buf, err := after.Encode(pgtype.TextOID, text, vec.String(), nil)
	if err != nil || string(buf) != vecULID {
		t.Errorf("Encode(text, id.String()) = %q, %v", buf, err)
	}
	for _, src := range []string{vecULID, vecUUID} {
		var id ulid.ULID
		if err := after.Scan(pgtype.TextOID, text, []byte(src), &id); err != nil || id != vec {
			t.Errorf("Scan text %q into ULID = %v, %v", src, id, err)
		}
	}
	// And 16 bytes in a bytea column.
	var id ulid.ULID
	if err := after.Scan(pgtype.ByteaOID, binary, vec[:], &id); err != nil || id != vec {
		t.Errorf("Scan bytea into ULID = %v, %v", id, err)
	}
}

// myUUID stands for another package's UUID type, such as
// github.com/google/uuid's: a [16]byte with Value and Scan methods.
type myUUID [16]byte

func (u myUUID) Value() (driver.Value, error) { return ulid.ULID(u).UUIDString(), nil }

func (u *myUUID) Scan(src any) error {
	var id ulid.ULID
	if err := id.Scan(src); err != nil {
		return err
	}
	*u = myUUID(id)
	return nil
}

// foreignCodec stands for another adapter's uuid codec, such as
// github.com/jackc/pgx-google-uuid's: pgtype's, returning its own type from
// DecodeValue.
type foreignCodec struct{ pgtype.UUIDCodec }

func (foreignCodec) DecodeValue(m *pgtype.Map, oid uint32, format int16, src []byte) (any, error) {
	return "foreign", nil
}

func TestOtherAdapter(t *testing.T) {
	registerForeign := func(m *pgtype.Map) {
		m.RegisterType(&pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: foreignCodec{}})
	}
	check := func(t *testing.T, m *pgtype.Map, wantForeign bool) {
		t.Helper()
		for _, format := range []int16{binary, text} {
			for _, oid := range []uint32{pgtype.UUIDOID, 0} {
				want := string(vec[:])
				if format == text {
					want = vecUUID
				}
				for _, v := range []any{vec, vecUser, &vecUser} {
					buf, err := m.Encode(oid, format, v, nil)
					if err != nil || string(buf) != want {
						t.Errorf("Encode(%d, %d, %T) = %q, %v; want %q", oid, format, v, buf, err, want)
					}
				}
			}
			var id ulid.ULID
			src := []byte(vecUUID)
			if format == binary {
				src = vec[:]
			}
			if err := m.Scan(pgtype.UUIDOID, format, src, &id); err != nil || id != vec {
				t.Errorf("Scan(%d) = %v, %v", format, id, err)
			}
		}
		var a any
		if err := m.Scan(pgtype.UUIDOID, binary, vec[:], &a); err != nil || (a == "foreign") != wantForeign {
			t.Errorf("Scan into any = %#v, %v; want the other adapter's value: %v", a, err, wantForeign)
		}
	}
	t.Run("other first", func(t *testing.T) {
		m := pgtype.NewMap()
		registerForeign(m)
		Register(m)
		check(t, m, true)
	})
	t.Run("other last", func(t *testing.T) {
		m := pgtype.NewMap()
		Register(m)
		registerForeign(m)
		check(t, m, true)
	})
}

func TestRegisterTwice(t *testing.T) {
	m := newMap()
	enc, scan := len(m.TryWrapEncodePlanFuncs), len(m.TryWrapScanPlanFuncs)
	uuidType, _ := m.TypeForOID(pgtype.UUIDOID)
	Register(m)
	if len(m.TryWrapEncodePlanFuncs) != enc || len(m.TryWrapScanPlanFuncs) != scan {
		t.Errorf("second Register added wrap functions")
	}
	if again, _ := m.TypeForOID(pgtype.UUIDOID); again != uuidType {
		t.Errorf("second Register replaced the uuid type")
	}

	// Map.Copy keeps the types but not the wrap functions; Register on the
	// copy completes it without wrapping the codec twice.
	c := m.Copy()
	Register(c)
	if len(c.TryWrapEncodePlanFuncs) != enc {
		t.Errorf("Register on a Copy: %d wrap functions, want %d", len(c.TryWrapEncodePlanFuncs), enc)
	}
	ct, _ := c.TypeForOID(pgtype.UUIDOID)
	if base := ct.Codec.(*codec).base; base != (pgtype.UUIDCodec{}) {
		t.Errorf("Register on a Copy wrapped %T", base)
	}
	buf, err := c.Encode(0, text, []ulid.ULID{vec}, nil)
	if err != nil || string(buf) != "{"+vecUUID+"}" {
		t.Errorf("Copy: Encode = %q, %v", buf, err)
	}
}

// TestAllocs: binding and scanning a ULID as a uuid does not allocate,
// except scanning text, which converts the value to a string for
// ulid.ParseUUID (pgtype.UUID allocates there too, three times).
func TestAllocs(t *testing.T) {
	m := newMap()
	buf := make([]byte, 0, 64)
	var value any = vec // boxed once, as pgx receives its arguments
	// Scan plans are made once for each query's columns.
	scanBinary := m.PlanScan(pgtype.UUIDOID, binary, &sinkID)
	scanText := m.PlanScan(pgtype.UUIDOID, text, &sinkID)
	binSrc, textSrc := vec[:], []byte(vecUUID)
	for _, tc := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"encode binary", 0, func() { _, _ = m.Encode(pgtype.UUIDOID, binary, value, buf) }},
		{"encode text", 0, func() { _, _ = m.Encode(pgtype.UUIDOID, text, value, buf) }},
		{"encode text, OID 0", 0, func() { _, _ = m.Encode(0, text, value, buf) }},
		{"scan binary", 0, func() { _ = scanBinary.Scan(binSrc, &sinkID) }},
		{"scan text", 1, func() { _ = scanText.Scan(textSrc, &sinkID) }},
	} {
		if n := testing.AllocsPerRun(100, tc.f); n > tc.max {
			t.Errorf("%s: %v allocations, want at most %v", tc.name, n, tc.max)
		}
	}
}

var sinkID ulid.ULID

func hexOf(b []byte) string {
	const digits = "0123456789abcdef"
	out := make([]byte, 0, 2*len(b))
	for _, c := range b {
		out = append(out, digits[c>>4], digits[c&15])
	}
	return string(out)
}

func hexToUUID(h string) string {
	return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
}

func BenchmarkEncode(b *testing.B) {
	m := newMap()
	buf := make([]byte, 0, 64)
	for _, tc := range []struct {
		name  string
		value any
	}{
		{"type=ulid", vec},
		{"type=ulid.Typed", vecUser},
		{"type=sql.Null[ulid.Typed]", sql.Null[ulid.Typed[user]]{V: vecUser, Valid: true}},
		{"type=pgtype.UUID", pgtype.UUID{Bytes: vec, Valid: true}},
	} {
		for _, format := range []int16{binary, text} {
			b.Run(tc.name+"/format="+map[int16]string{binary: "binary", text: "text"}[format], func(b *testing.B) {
				plan := m.PlanEncode(pgtype.UUIDOID, format, tc.value)
				b.ReportAllocs()
				for b.Loop() {
					_, _ = plan.Encode(tc.value, buf)
				}
			})
		}
	}
}

func BenchmarkScan(b *testing.B) {
	m := newMap()
	var u pgtype.UUID
	for _, tc := range []struct {
		name   string
		target any
	}{
		{"type=ulid", &sinkID},
		{"type=pgtype.UUID", &u},
	} {
		for _, format := range []int16{binary, text} {
			src := vec[:]
			if format == text {
				src = []byte(vecUUID)
			}
			b.Run(tc.name+"/format="+map[int16]string{binary: "binary", text: "text"}[format], func(b *testing.B) {
				plan := m.PlanScan(pgtype.UUIDOID, format, tc.target)
				b.ReportAllocs()
				for b.Loop() {
					_ = plan.Scan(src, tc.target)
				}
			})
		}
	}
}
