package ulid_test

import (
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log"
	"math/rand/v2"
	"slices"
	"strings"
	"time"

	"github.com/ulidgo/ulid"
)

func ExampleMake() {
	a := ulid.Make()
	b := ulid.Make()
	fmt.Println(len(a.String()), a.Compare(b))
	// Output: 26 -1
}

func ExampleMakeV7() {
	id := ulid.MakeV7()
	u := id.UUIDString()
	// The same 128 bits: a 26-character ULID, and a UUID whose version digit
	// (offset 14) is 7 and whose variant digit (offset 19) is 8, 9, a or b.
	fmt.Println(len(id.String()), id.IsUUIDv7(), u[14:15], strings.Contains("89ab", u[19:20]))
	// Output: 26 true 7 true
}

func ExampleNewMonotonicV7() {
	g := ulid.NewMonotonicV7(rand.NewChaCha8([32]byte{})) // a seeded source: the same ULIDs every run
	a, _ := g.New(1645557742000)
	b, _ := g.New(1645557742000) // the same millisecond: the 74 free bits plus one
	fmt.Println(a.UUIDString())
	fmt.Println(b.UUIDString())
	fmt.Println(a.Time(), b.IsUUIDv7(), a.Compare(b))
	// Output:
	// 017f22e2-79b0-7987-bece-6d368aac1a6f
	// 017f22e2-79b0-7987-bece-6d368aac1a70
	// 2022-02-22 19:22:22 +0000 UTC true -1
}

func ExampleParse() {
	id, err := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	if err != nil {
		panic(err)
	}
	fmt.Println(id.Time().Format(time.RFC3339Nano))
	fmt.Println(id.Timestamp())
	fmt.Printf("%x\n", id.Entropy())

	// Lower case and Crockford's aliases (O for 0, I and L for 1) are read too;
	// String gives the canonical form.
	id, _ = ulid.Parse("oiaryz6s41tsv4rrffq69g5fav")
	fmt.Println(id)
	// Output:
	// 2016-07-30T22:36:16.385Z
	// 1469918176385
	// d6764c61efb99302bd5b
	// 01ARYZ6S41TSV4RRFFQ69G5FAV
}

func ExampleParse_errors() {
	_, err := ulid.Parse("01ARYZ6S41TSV4RRFFQ69G5FAU")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ulid.ErrInvalidCharacter))

	var pe *ulid.ParseError
	if errors.As(err, &pe) {
		fmt.Printf("offset %d, byte %q\n", pe.Offset, pe.Byte)
	}

	_, err = ulid.Parse("01ARYZ6S41")
	fmt.Println(err, errors.Is(err, ulid.ErrInvalidLength))
	// Output:
	// ulid: invalid character 'U' at offset 25
	// true
	// offset 25, byte 'U'
	// ulid: invalid length 10 bytes, want 26 true
}

func ExampleParseStrict() {
	_, err := ulid.ParseStrict("O1ARYZ6S41TSV4RRFFQ69G5FAV")
	fmt.Println(err)

	// A canonical-form check: parse, then compare with String.
	s := "01aryz6s41tsv4rrffq69g5fav"
	id, _ := ulid.ParseStrict(s)
	fmt.Println(s == id.String())
	// Output:
	// ulid: invalid character 'O' at offset 0 (Crockford alias of '0', which ParseStrict rejects)
	// false
}

func ExampleNew() {
	ms, err := ulid.Timestamp(time.Date(2026, 6, 23, 10, 30, 0, 0, time.UTC))
	if err != nil {
		panic(err)
	}
	id, err := ulid.New(ms, nil) // nil: entropy from crypto/rand
	if err != nil {
		panic(err)
	}
	fmt.Println(id.String()[:10], id.Time())
	// Output: 01KVT0F720 2026-06-23 10:30:00 +0000 UTC
}

func ExampleNewMonotonic() {
	// A seeded source makes the sequence reproducible, for tests. Use a nil
	// source (crypto/rand) everywhere else.
	g := ulid.NewMonotonic(rand.NewChaCha8([32]byte{}))
	for range 3 {
		id, err := g.New(1469918176385)
		if err != nil {
			panic(err)
		}
		fmt.Println(id)
	}
	// Output:
	// 01ARYZ6S41V63QXKKD6T5AR6KF
	// 01ARYZ6S41V63QXKKD6T5AR6KG
	// 01ARYZ6S41V63QXKKD6T5AR6KH
}

// In tests, a generator with a seeded entropy source and explicit
// timestamps makes the same ULIDs on every run, so they can appear in golden
// files and expected output.
func ExampleMonotonic_New() {
	fixture := func() []ulid.ULID {
		g := ulid.NewMonotonic(rand.NewChaCha8([32]byte{'t', 'e', 's', 't'}))
		var ids []ulid.ULID
		for _, ms := range []uint64{1782210600000, 1782210600000, 1782210600001} {
			id, err := g.New(ms)
			if err != nil {
				panic(err)
			}
			ids = append(ids, id)
		}
		return ids
	}
	first, second := fixture(), fixture()
	fmt.Println(slices.Equal(first, second))
	for _, id := range first {
		fmt.Println(id, id.Timestamp())
	}
	// Output:
	// true
	// 01KVT0F72012PHKSDP7Y6YT70B 1782210600000
	// 01KVT0F72012PHKSDP7Y6YT70C 1782210600000
	// 01KVT0F7217M77C864Z14CJAT6 1782210600001
}

func ExampleMinAt() {
	start, _ := ulid.Timestamp(time.Date(2026, 6, 23, 10, 0, 0, 0, time.UTC))
	end, _ := ulid.Timestamp(time.Date(2026, 6, 23, 10, 59, 59, 999_000_000, time.UTC))
	lo, _ := ulid.MinAt(start)
	hi, _ := ulid.MaxAt(end)
	fmt.Println("SELECT * FROM events WHERE id BETWEEN", lo, "AND", hi)

	id := ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC") // 10:30
	fmt.Println(lo.Compare(id) <= 0 && id.Compare(hi) <= 0)
	// Output:
	// SELECT * FROM events WHERE id BETWEEN 01KVSYR9800000000000000000 AND 01KVT264VZZZZZZZZZZZZZZZZZ
	// true
}

func ExampleULID_AppendText() {
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	buf := make([]byte, 0, 64)
	buf = append(buf, "order "...)
	buf, _ = id.AppendText(buf)
	fmt.Println(string(buf))
	// Output: order 01ARYZ6S41TSV4RRFFQ69G5FAV
}

// A ULID and a UUID are the same 128 bits, so conversion copies the bytes
// both ways. A UUID type that is a [16]byte, such as github.com/google/uuid's
// uuid.UUID, converts with a plain type conversion, uuid.UUID(id) and
// ulid.ULID(u); the local type UUID below stands in for it. The version and
// variant fields are not set: the result is not a v4 or v7 UUID.
func ExampleULID_UUIDString() {
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	fmt.Println(id.UUIDString())

	back, err := ulid.ParseUUID("01563DF3-6481-D676-4C61-EFB99302BD5B")
	fmt.Println(back, err)

	type UUID [16]byte // as github.com/google/uuid declares it
	u := UUID(id)
	fmt.Println(ulid.ULID(u) == id)
	// Output:
	// 01563df3-6481-d676-4c61-efb99302bd5b
	// 01ARYZ6S41TSV4RRFFQ69G5FAV <nil>
	// true
}

// ULIDs are JSON strings. A pointer field is null when absent; with
// omitzero (Go 1.24 and later) a zero ULID field is left out, because ULID
// has an IsZero method. An empty or malformed string is an error, never a
// zero ULID.
func ExampleULID_MarshalText_json() {
	type Order struct {
		ID     ulid.ULID  `json:"id"`
		Parent *ulid.ULID `json:"parent"`          // null when nil
		Batch  ulid.ULID  `json:"batch,omitzero"`  // left out when zero
		Group  ulid.ULID  `json:"group,omitempty"` // written even when zero: an array is never empty
	}
	out, _ := json.Marshal(Order{ID: ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")})
	fmt.Println(string(out))

	var o Order
	err := json.Unmarshal([]byte(`{"id":"01kvt0f720zk9n4t2qx7vr8wmc","parent":null}`), &o)
	fmt.Println(o.ID, o.Parent, err)

	err = json.Unmarshal([]byte(`{"id":""}`), &o)
	fmt.Println(err, errors.Is(err, ulid.ErrInvalidLength))
	// Output:
	// {"id":"01ARYZ6S41TSV4RRFFQ69G5FAV","parent":null,"group":"00000000000000000000000000"}
	// 01KVT0F720ZK9N4T2QX7VR8WMC <nil> <nil>
	// ulid: invalid length 0 bytes, want 26 true
}

// JSON null is no error for a ulid.ULID, unlike SQL NULL, which Scan
// refuses with ErrNull: encoding/json does not call UnmarshalText for it
// and leaves the ULID as it was (encoding/json/v2 sets it to the zero
// ULID). A *ulid.ULID is nil for null; a required ID is checked with
// IsZero after decoding, which a null, a missing field and the zero ULID
// all leave zero.
func ExampleULID_UnmarshalText_null() {
	type Order struct {
		ID     ulid.ULID  `json:"id"`     // required
		Parent *ulid.ULID `json:"parent"` // optional: nil for null or missing
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	err := json.Unmarshal([]byte("null"), &id)
	fmt.Println(id, err)

	o := Order{ID: id, Parent: &id}
	err = json.Unmarshal([]byte(`{"id":null,"parent":null}`), &o)
	fmt.Println(o.ID, o.Parent, err)

	var fresh Order
	err = json.Unmarshal([]byte(`{"id":null}`), &fresh)
	fmt.Println(fresh.ID.IsZero(), fresh.Parent, err)
	// Output:
	// 01ARYZ6S41TSV4RRFFQ69G5FAV <nil>
	// 01ARYZ6S41TSV4RRFFQ69G5FAV <nil> <nil>
	// true <nil> <nil>
}

// A ULID column is stored as its 16 bytes. A nullable column scans into a
// sql.Null[ulid.ULID]; scanning NULL into a plain ulid.ULID is an error
// wrapping ErrNull, never a silent zero ULID. Database drivers call Scan and
// Value; this example calls them directly.
func ExampleULID_Scan() {
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	v, _ := id.Value()
	fmt.Printf("%x\n", v)

	var parent sql.Null[ulid.ULID]
	fmt.Println(parent.Scan(v), parent.Valid, parent.V)
	fmt.Println(parent.Scan(nil), parent.Valid)
	null, _ := parent.Value()
	fmt.Println(null)

	var plain ulid.ULID
	err := plain.Scan(nil)
	fmt.Println(errors.Is(err, ulid.ErrNull))

	// UUID text, as some drivers return a uuid column, scans too.
	fmt.Println(plain.Scan("01563df3-6481-d676-4c61-efb99302bd5b"), plain)
	// Output:
	// 01563df36481d6764c61efb99302bd5b
	// <nil> true 01ARYZ6S41TSV4RRFFQ69G5FAV
	// <nil> false
	// <nil>
	// true
	// <nil> 01ARYZ6S41TSV4RRFFQ69G5FAV
}

// ULIDs sort by time with Compare, which orders them as 128-bit numbers:
// the same order as their bytes and their strings.
func ExampleULID_Compare() {
	ids := []ulid.ULID{
		ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC"), // 2026-06-23
		ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"), // 2016-07-30
		ulid.MustParse("014D2PF2DBSQQZXQ5TK1V58CGG"), // 2009-08-23
	}
	slices.SortFunc(ids, ulid.ULID.Compare)
	for _, id := range ids {
		fmt.Println(id, id.Time().Format(time.DateOnly))
	}
	// Output:
	// 014D2PF2DBSQQZXQ5TK1V58CGG 2009-08-23
	// 01ARYZ6S41TSV4RRFFQ69G5FAV 2016-07-30
	// 01KVT0F720ZK9N4T2QX7VR8WMC 2026-06-23
}

// A *ParseError says where the input went wrong: its Offset is the byte
// offset of the first fault, in input order, and Byte is that byte.
func ExampleParseError() {
	for _, s := range []string{
		"01ARYZ6S41TSV4RRFFQ69G5FAU",           // ULID text with a U
		"01g63df3-6481-d676-4c61_efb99302bd5b", // UUID text with two faults
	} {
		_, err := ulid.Parse(s)
		if len(s) == 36 {
			_, err = ulid.ParseUUID(s)
		}
		var pe *ulid.ParseError
		if errors.As(err, &pe) {
			fmt.Printf("%s\n%*s^ offset %d, byte %q\n", s, pe.Offset, "", pe.Offset, pe.Byte)
		}
	}
	// Output:
	// 01ARYZ6S41TSV4RRFFQ69G5FAU
	//                          ^ offset 25, byte 'U'
	// 01g63df3-6481-d676-4c61_efb99302bd5b
	//   ^ offset 2, byte 'g'
}

// A Masker from a key file: the public ID of a ULID, and the ULID back.
// docs/public-ids.md shows this code.
func ExampleMasker() {
	keyText := "# newest first\n000102030405060708090a0b0c0d0e0f\n"
	// Load the keys once, at start: the text of a key file (os.ReadFile), newest first.
	masker, err := ulid.ParseMasker(keyText)
	if err != nil {
		log.Fatal(err) // ulid.ErrInvalidMaskingKey: the error never shows a key
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	public := masker.Mask(id) // 3X36YT6DZA8AW0NT3GCJJ9764WCVS
	back, err := masker.Unmask(public)
	if err != nil {
		// Bad input, never "not found": answer 400 and look nothing up.
		log.Fatal(err)
	}
	fmt.Println(back == id) // true
	fmt.Println(public)
	// Output:
	// true
	// 3X36YT6DZA8AW0NT3GCJJ9764WCVS
}

// Typed public IDs: a Masker for each type, made once, at start, from the
// Masker of the key file. The same ULID has unrelated public IDs in two
// types, and one type's never opens as another's. docs/public-ids.md shows
// this code.
func ExampleMasker_Typed() {
	masker, err := ulid.ParseMasker("000102030405060708090a0b0c0d0e0f")
	if err != nil {
		log.Fatal(err)
	}
	users, err := masker.Typed("user")
	if err != nil {
		log.Fatal(err) // ulid.ErrInvalidPrefix: not TypeID's a-z and _
	}
	orders, err := masker.Typed("order")
	if err != nil {
		log.Fatal(err)
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	public := users.Mask(id) // user_yz4g5ym28fg1qptxha7hbqfjzf496
	back, err := users.Unmask(public)
	fmt.Println(back == id, err) // true <nil>
	_, err = orders.Unmask(public)
	if errors.Is(err, ulid.ErrWrongPrefix) {
		fmt.Println(err) // a user's public ID where an order's belongs: 400
	}
	fmt.Println(public)
	fmt.Println(orders.Mask(id))
	// Output:
	// true <nil>
	// ulid: typed public ID of another type, want the prefix "order_"
	// user_yz4g5ym28fg1qptxha7hbqfjzf496
	// order_va3xj8yjvprrpzzw4pn06hgfb5vx5
}

// Unmask refuses a ULID, a typo and a public ID of another key, each with
// its own sentinel error, before anything is looked up.
func ExampleMasker_Unmask() {
	masker, err := ulid.ParseMasker("000102030405060708090a0b0c0d0e0f")
	if err != nil {
		log.Fatal(err)
	}
	other, err := ulid.ParseMasker("603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4")
	if err != nil {
		log.Fatal(err)
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	for _, s := range []string{
		"01ARYZ6S41TSV4RRFFQ69G5FAV",    // the ULID itself
		"3X36YT6DZA8AW0NT3GCJJ9746WCVS", // two characters swapped
		other.Mask(id),                  // another key
		"3x36yt6dza8aw0nt3gcjj9764wcvs", // lower case is the same public ID
	} {
		got, err := masker.Unmask(s)
		switch {
		case errors.Is(err, ulid.ErrInvalidLength):
			fmt.Println("not a public ID:", err)
		case errors.Is(err, ulid.ErrCheckCharacter):
			fmt.Println("typo:", err)
		case errors.Is(err, ulid.ErrUnknownMaskingKey):
			fmt.Println("another key:", err)
		case err == nil:
			fmt.Println("opens to", got)
		}
	}
	// Output:
	// not a public ID: ulid: invalid public ID length 26 bytes, want 29
	// typo: ulid: public ID check character 'S' at offset 28 does not match: a character is mistyped, or two are swapped
	// another key: ulid: public ID made with another key: its key mark names none of the keys given (a wrong or retired key)
	// opens to 01ARYZ6S41TSV4RRFFQ69G5FAV
}

// user and order name two types of IDs by their TypeID prefixes.
type user struct{}

func (user) Prefix() string { return "user" }

type order struct{}

func (order) Prefix() string { return "order" }

// A Typed ID's Go type names its type: a user's ID cannot be passed, or
// decoded, where an order's belongs. Its text is TypeID text; in a database
// it is the 16 bytes of its ULID.
func ExampleTyped() {
	id := ulid.MakeTyped[user]() // a UUIDv7, greater than the last
	fmt.Println(strings.HasPrefix(id.String(), "user_"), id.ULID().IsUUIDv7())

	u, err := ulid.ParseTyped[user]("user_01h455vb4pex5vsknk084sn02q")
	fmt.Println(u.ULID(), err)
	_, err = ulid.ParseTyped[order]("user_01h455vb4pex5vsknk084sn02q")
	fmt.Println(errors.Is(err, ulid.ErrWrongPrefix)) // answer 400, look nothing up

	data, _ := json.Marshal(struct{ ID ulid.Typed[user] }{u})
	fmt.Println(string(data))
	v, _ := u.Value() // what database/sql stores
	fmt.Println(len(v.([]byte)), "bytes")
	// Output:
	// true true
	// 01H455VB4PEX5VSKNK084SN02Q <nil>
	// true
	// {"ID":"user_01h455vb4pex5vsknk084sn02q"}
	// 16 bytes
}

// ParseTypeID and AppendTypeID read and write TypeID text of any prefix.
func ExampleParseTypeID() {
	prefix, id, err := ulid.ParseTypeID("prefix_01h455vb4pex5vsknk084sn02q")
	fmt.Println(prefix, id, id.UUIDString(), err)
	b, err := ulid.AppendTypeID(nil, "order", id)
	fmt.Println(string(b), err)
	fmt.Println(id.StringLower())
	// Output:
	// prefix 01H455VB4PEX5VSKNK084SN02Q 01890a5d-ac96-774b-bcce-b302099a8057 <nil>
	// order_01h455vb4pex5vsknk084sn02q <nil>
	// 01h455vb4pex5vsknk084sn02q
}
