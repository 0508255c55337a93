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

// Three prefix types: two of them show that Register needs no list of
// Typed types, and the empty prefix is TypeID text without a prefix.
type (
	user      struct{}
	order     struct{}
	noPrefix  struct{}
	badPrefix struct{} // "User" breaks the TypeID rule (upper case)
)

func (user) Prefix() string      { return "user" }
func (order) Prefix() string     { return "order" }
func (noPrefix) Prefix() string  { return "" }
func (badPrefix) Prefix() string { return "User" }

var (
	vecUser  = ulid.TypedOf[user](vec)
	vec2User = ulid.TypedOf[user](vec2)
)

// TestTypedEncode pins what each form of a Typed becomes as a uuid parameter,
// for the uuid OID (the describing modes) and for OID 0 (Exec and
// SimpleProtocol), in binary and text: the ULID's 16 bytes and its UUID
// text, as a ulid.ULID gives them, whatever the prefix; NULL for a nil
// pointer and an invalid sql.Null, never a zero ID.
func TestTypedEncode(t *testing.T) {
	m := newMap()
	orderID := ulid.TypedOf[order](vec)
	bare := ulid.TypedOf[noPrefix](vec)
	for _, tc := range []struct {
		name  string
		value any
		null  bool
	}{
		{"Typed", vecUser, false},
		{"Typed of another prefix", orderID, false},
		{"Typed of no prefix", bare, false},
		{"*Typed", &orderID, false},
		{"nil *Typed", (*ulid.Typed[user])(nil), true},
		{"sql.Null valid", sql.Null[ulid.Typed[user]]{V: vecUser, Valid: true}, false},
		{"sql.Null invalid", sql.Null[ulid.Typed[user]]{V: vecUser}, true},
		{"*sql.Null valid", &sql.Null[ulid.Typed[order]]{V: orderID, Valid: true}, false},
		{"*sql.Null invalid", &sql.Null[ulid.Typed[order]]{V: orderID}, true},
		{"nil *sql.Null", (*sql.Null[ulid.Typed[order]])(nil), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for _, oid := range []uint32{pgtype.UUIDOID, 0} {
				bin, err := m.Encode(oid, binary, tc.value, nil)
				if err != nil {
					t.Fatalf("Encode(%d, binary): %v", oid, err)
				}
				txt, err := m.Encode(oid, text, tc.value, nil)
				if err != nil {
					t.Fatalf("Encode(%d, text): %v", oid, err)
				}
				if tc.null {
					if bin != nil || txt != nil {
						t.Errorf("Encode(%d) = %x, %q; want NULL (nil)", oid, bin, txt)
					}
					continue
				}
				if hexOf(bin) != vecHex || string(txt) != vecUUID {
					t.Errorf("Encode(%d) = %x, %q; want %s, %q", oid, bin, txt, vecHex, vecUUID)
				}
			}
		})
	}
}

// TestTypedWithoutRegister pins the problem Register solves for Typed: with
// the parameter's type unknown, pgx sends Typed.Value's 16 bytes as a bytea
// literal, which PostgreSQL refuses for a uuid, and cannot send a slice of
// Typed at all.
func TestTypedWithoutRegister(t *testing.T) {
	m := pgtype.NewMap()
	buf, err := m.Encode(0, text, vecUser, nil)
	if err != nil || string(buf) != `\x`+vecHex {
		t.Errorf(`without Register, Encode(0, text, Typed) = %q, %v; want the bytea literal \x%s`, buf, err, vecHex)
	}
	if buf, err := m.Encode(0, text, []ulid.Typed[user]{vecUser}, nil); err == nil {
		t.Errorf("without Register, Encode(0, text, []Typed) = %q; want an error", buf)
	}
}

// TestTypedScan: a uuid scans into a Typed of any prefix, and into a pointer
// to one and a sql.Null of one, in both formats; NULL is ulid.ErrNull for a
// Typed (which keeps its value), nil and not Valid for the others.
func TestTypedScan(t *testing.T) {
	m := newMap()
	for format, src := range map[int16][]byte{binary: vec[:], text: []byte(vecUUID)} {
		var (
			u  ulid.Typed[user]
			o  ulid.Typed[order]
			p  *ulid.Typed[user]
			n  sql.Null[ulid.Typed[user]]
			np = &vec2User
			nn = sql.Null[ulid.Typed[user]]{V: vec2User, Valid: true}
		)
		for _, target := range []any{&u, &o, &p, &n} {
			if err := m.Scan(pgtype.UUIDOID, format, src, target); err != nil {
				t.Errorf("format %d: Scan into %T: %v", format, target, err)
			}
		}
		if u != vecUser || o.ULID() != vec || p == nil || *p != vecUser || n != (sql.Null[ulid.Typed[user]]{V: vecUser, Valid: true}) {
			t.Errorf("format %d: scanned %v, %v, %v, %+v", format, u, o, p, n)
		}
		for _, target := range []any{&np, &nn} {
			if err := m.Scan(pgtype.UUIDOID, format, nil, target); err != nil {
				t.Errorf("format %d: Scan NULL into %T: %v", format, target, err)
			}
		}
		if np != nil || nn.Valid {
			t.Errorf("format %d: NULL scanned as %v, %+v; want nil, not Valid", format, np, nn)
		}
		u = vec2User
		if err := m.Scan(pgtype.UUIDOID, format, nil, &u); !errors.Is(err, ulid.ErrNull) || u != vec2User {
			t.Errorf("format %d: Scan NULL into Typed = %v, %v; want ulid.ErrNull and no change", format, u, err)
		}
		for _, bad := range []string{vecUUID[:35], vecHex + "00"} {
			u = vec2User
			if err := m.Scan(pgtype.UUIDOID, text, []byte(bad), &u); err == nil || u != vec2User {
				t.Errorf("Scan of %q into Typed = %v, %v; want an error and no change", bad, u, err)
			}
		}
	}
}

// TestTypedScanText: from a text column a Typed reads TypeID text of its own
// prefix only (ulid.Typed.Scan's rule, which Register leaves alone).
func TestTypedScanText(t *testing.T) {
	m := newMap()
	var u ulid.Typed[user]
	if err := m.Scan(pgtype.TextOID, text, []byte(vecUser.String()), &u); err != nil || u != vecUser {
		t.Errorf("Scan of %q = %v, %v", vecUser, u, err)
	}
	u = vec2User
	other := ulid.TypedOf[order](vec).String()
	if err := m.Scan(pgtype.TextOID, text, []byte(other), &u); !errors.Is(err, ulid.ErrWrongPrefix) || u != vec2User {
		t.Errorf("Scan of %q into a user ID = %v, %v; want ulid.ErrWrongPrefix and no change", other, u, err)
	}
}

// TestTypedArrays: slices of Typed, of pointers to Typed and of sql.Null of
// Typed are uuid[] parameters with the uuid[] OID and with OID 0, in both
// formats, the same bytes as the []ulid.ULID or []sql.Null[ulid.ULID] of
// their ULIDs; uuid[] scans back into them.
func TestTypedArrays(t *testing.T) {
	m := newMap()
	ids := []ulid.Typed[user]{vecUser, vec2User, {}}
	plain := []ulid.ULID{vec, vec2, {}}
	withNull := []sql.Null[ulid.ULID]{{V: vec, Valid: true}, {}}
	for _, tc := range []struct {
		name  string
		value any
		same  any // the ULID slice it must encode as
	}{
		{"[]Typed", ids, plain},
		{"[]*Typed", []*ulid.Typed[user]{&vecUser, nil}, withNull},
		{"[]sql.Null[Typed]", []sql.Null[ulid.Typed[user]]{{V: vecUser, Valid: true}, {V: vec2User}}, withNull},
		{"empty", []ulid.Typed[user]{}, []ulid.ULID{}},
		{"nil", []ulid.Typed[user](nil), []ulid.ULID(nil)},
	} {
		for _, oid := range []uint32{pgtype.UUIDArrayOID, 0} {
			for _, format := range []int16{binary, text} {
				got, err := m.Encode(oid, format, tc.value, nil)
				want, wantErr := m.Encode(oid, format, tc.same, nil)
				if err != nil || wantErr != nil || string(got) != string(want) || (got == nil) != (want == nil) {
					t.Errorf("%s: Encode(%d, %d) = %q, %v; want %q, %v", tc.name, oid, format, got, err, want, wantErr)
				}
			}
		}
	}
	if got, _ := m.Encode(0, text, ids, nil); string(got) != "{"+vecUUID+",019ef407-9c40-fcd3-5268-57e9f784728c,00000000-0000-0000-0000-000000000000}" {
		t.Errorf("Encode(0, text, []Typed) = %q", got)
	}

	for _, format := range []int16{binary, text} {
		buf, err := m.Encode(pgtype.UUIDArrayOID, format, []*ulid.Typed[user]{&vecUser, nil, &vec2User}, nil)
		if err != nil {
			t.Fatal(err)
		}
		var (
			back  []ulid.Typed[user]
			ptrs  []*ulid.Typed[user]
			nulls []sql.Null[ulid.Typed[user]]
		)
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &ptrs); err != nil || len(ptrs) != 3 || *ptrs[0] != vecUser || ptrs[1] != nil || *ptrs[2] != vec2User {
			t.Errorf("format %d: []*Typed = %v, %v", format, ptrs, err)
		}
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &nulls); err != nil || len(nulls) != 3 || nulls[0].V != vecUser || !nulls[0].Valid || nulls[1].Valid || nulls[2].V != vec2User {
			t.Errorf("format %d: []sql.Null[Typed] = %v, %v", format, nulls, err)
		}
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &back); !errors.Is(err, ulid.ErrNull) {
			t.Errorf("format %d: array with a NULL into []Typed: %v, want ulid.ErrNull", format, err)
		}
		buf, err = m.Encode(pgtype.UUIDArrayOID, format, ids, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Scan(pgtype.UUIDArrayOID, format, buf, &back); err != nil || len(back) != 3 || back[0] != ids[0] || back[1] != ids[1] || back[2] != ids[2] {
			t.Errorf("format %d: round trip of []Typed = %v, %v; want %v", format, back, err, ids)
		}
		if err := m.Scan(pgtype.UUIDArrayOID, format, nil, &back); err != nil || back != nil {
			t.Errorf("format %d: NULL array = %v, %v; want nil", format, back, err)
		}
	}
}

// TestTypedOtherParameterTypes: a Typed bound to a parameter pgx knows is
// not a uuid does what a ulid.ULID does: the 16 bytes for bytea, an error
// wrapping ulid.ErrUnsupportedType for every other type, text types above
// all; NULL stays NULL.
func TestTypedOtherParameterTypes(t *testing.T) {
	m := newMap()
	for _, format := range []int16{binary, text} {
		for _, v := range []any{vecUser, &vecUser, sql.Null[ulid.Typed[user]]{V: vecUser, Valid: true}} {
			got, err := m.Encode(pgtype.ByteaOID, format, v, nil)
			want, _ := m.Encode(pgtype.ByteaOID, format, vec, nil)
			if err != nil || string(got) != string(want) {
				t.Errorf("bytea, format %d, %T: %q, %v; want %q", format, v, got, err, want)
			}
		}
	}
	for _, oid := range []uint32{pgtype.TextOID, pgtype.VarcharOID, pgtype.BPCharOID, pgtype.Int8OID, pgtype.TextArrayOID} {
		for _, format := range []int16{binary, text} {
			for _, v := range []any{vecUser, &vecUser, sql.Null[ulid.Typed[user]]{V: vecUser, Valid: true}} {
				value := v
				if oid == pgtype.TextArrayOID {
					value = []ulid.Typed[user]{vecUser}
				}
				buf, err := m.Encode(oid, format, value, nil)
				if !errors.Is(err, ulid.ErrUnsupportedType) || !strings.Contains(err.Error(), "id.String()") {
					t.Errorf("OID %d, format %d, %T: %q, %v; want an error wrapping ulid.ErrUnsupportedType that names id.String()", oid, format, value, buf, err)
				}
			}
		}
	}
	for _, v := range []any{(*ulid.Typed[user])(nil), sql.Null[ulid.Typed[user]]{}} {
		if buf, err := m.Encode(pgtype.TextOID, text, v, nil); buf != nil || err != nil {
			t.Errorf("NULL %T to text: %q, %v; want NULL", v, buf, err)
		}
	}
}

// TestTypedBadPrefix: a Typed whose prefix type breaks the TypeID rule is
// not stored, as ulid.Typed.Value refuses it: an error wrapping
// ulid.ErrInvalidPrefix, alone and in a slice. Its NULL forms are NULL.
func TestTypedBadPrefix(t *testing.T) {
	m := newMap()
	id := ulid.TypedOf[badPrefix](vec)
	if _, err := id.Value(); !errors.Is(err, ulid.ErrInvalidPrefix) {
		t.Fatalf("Typed.Value of a bad prefix: %v; this test expected ulid.ErrInvalidPrefix", err)
	}
	check := func(oid uint32, v any) {
		t.Helper()
		for _, format := range []int16{binary, text} {
			if buf, err := m.Encode(oid, format, v, nil); !errors.Is(err, ulid.ErrInvalidPrefix) {
				t.Errorf("Encode(%d, %d, %T) = %q, %v; want ulid.ErrInvalidPrefix", oid, format, v, buf, err)
			}
		}
	}
	for _, v := range []any{id, &id, sql.Null[ulid.Typed[badPrefix]]{V: id, Valid: true}} {
		check(pgtype.UUIDOID, v)
		check(0, v)
	}
	for _, v := range []any{[]ulid.Typed[badPrefix]{id}, []*ulid.Typed[badPrefix]{nil, &id}} {
		check(pgtype.UUIDArrayOID, v)
		check(0, v)
	}
	for _, v := range []any{(*ulid.Typed[badPrefix])(nil), sql.Null[ulid.Typed[badPrefix]]{V: id}} {
		if buf, err := m.Encode(0, text, v, nil); err != nil || buf != nil {
			t.Errorf("Encode(0, text, NULL %T) = %q, %v; want NULL", v, buf, err)
		}
	}
	if buf, err := m.Encode(0, text, []*ulid.Typed[badPrefix]{nil}, nil); err != nil || string(buf) != "{NULL}" {
		t.Errorf("Encode(0, text, []*Typed{nil}) = %q, %v; want {NULL}", buf, err)
	}
}

// Lookalike types: methods and names like Typed's, declared outside package
// ulid. Register must leave them as pgx handles them without it.
type (
	// lookalike has Typed's methods, and a Value method of its own that
	// stores text.
	lookalike struct{ id ulid.ULID }
	// Typed is a generic type named as ulid's is.
	Typed[P ulid.Prefix] struct{ id ulid.ULID }
)

func (l lookalike) ULID() ulid.ULID               { return l.id }
func (lookalike) Prefix() string                  { return "user" }
func (l lookalike) Value() (driver.Value, error)  { return "look:" + l.id.String(), nil }
func (t Typed[P]) ULID() ulid.ULID                { return t.id }
func (Typed[P]) Prefix() string                   { var p P; return p.Prefix() }
func (t Typed[P]) Value() (driver.Value, error)   { return "typed:" + t.id.String(), nil }
func (t Typed[P]) String() string                 { return t.id.String() }
func (t Typed[P]) MarshalText() ([]byte, error)   { return []byte(t.id.String()), nil }
func (l lookalike) MarshalText() ([]byte, error)  { return []byte(l.id.String()), nil }
func (l *lookalike) UnmarshalText(b []byte) error { return l.id.UnmarshalText(b) }

// TestTypedLookalikes: Register takes for a Typed only a ulid.Typed.
func TestTypedLookalikes(t *testing.T) {
	before, after := pgtype.NewMap(), newMap()
	look := lookalike{vec}
	same := Typed[user]{vec}
	for _, v := range []any{
		look, &look, sql.Null[lookalike]{V: look, Valid: true}, []lookalike{look},
		same, &same, sql.Null[Typed[user]]{V: same, Valid: true}, []Typed[user]{same},
	} {
		for _, oid := range []uint32{pgtype.UUIDOID, pgtype.TextOID, 0} {
			for _, format := range []int16{binary, text} {
				want, wantErr := before.Encode(oid, format, v, nil)
				got, err := after.Encode(oid, format, v, nil)
				if string(got) != string(want) || (err == nil) != (wantErr == nil) {
					t.Errorf("Encode(%d, %d, %T) = %q, %v; before Register %q, %v", oid, format, v, got, err, want, wantErr)
				}
			}
		}
	}
	// And the lookalikes' own Value methods are what they store.
	if got, err := after.Encode(0, text, look, nil); err != nil || string(got) != "look:"+vecULID {
		t.Errorf("Encode(0, text, lookalike) = %q, %v", got, err)
	}
	if got, err := after.Encode(0, text, same, nil); err != nil || string(got) != "typed:"+vecULID {
		t.Errorf("Encode(0, text, pgxulid.Typed) = %q, %v", got, err)
	}
}

// TestTypedAllocs: binding a Typed, a pointer to one or a sql.Null of one as
// a uuid does not allocate, as for a ulid.ULID.
func TestTypedAllocs(t *testing.T) {
	m := newMap()
	buf := make([]byte, 0, 64)
	var (
		value any = vecUser
		ptr   any = &vecUser
		null  any = sql.Null[ulid.Typed[user]]{V: vecUser, Valid: true}
	)
	for _, tc := range []struct {
		name  string
		value any
		max   float64
	}{
		{"Typed", value, 0},
		{"*Typed", ptr, 0},
		{"sql.Null[Typed]", null, 0},
	} {
		for _, oid := range []uint32{pgtype.UUIDOID, 0} {
			for _, format := range []int16{binary, text} {
				f := func() { _, _ = m.Encode(oid, format, tc.value, buf) }
				if n := testing.AllocsPerRun(100, f); n > tc.max {
					t.Errorf("%s, OID %d, format %d: %v allocations, want at most %v", tc.name, oid, format, n, tc.max)
				}
			}
		}
	}
}
