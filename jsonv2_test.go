package ulid_test

// encoding/json/v2, as docs/storing.md describes it: a ULID round-trips as
// its string (a ulid.Typed as its TypeID text), and a null, which v1 leaves alone
// (ExampleULID_UnmarshalText_null), sets a ulid.ULID to the zero ULID, with
// no error, and a *ulid.ULID to nil. The package is in Go 1.25 and 1.26
// with GOEXPERIMENT=jsonv2 (jsonv2exp_test.go), and in Go 1.27, whose API
// it is (jsonv2go127_test.go, which the go1.27 constraint lets use it in
// a go 1.24 module); testJSONv2 is their one test.

import (
	"errors"
	"testing"

	"github.com/ulidgo/ulid"
)

// testJSONv2 tests encoding/json/v2's Marshal and Unmarshal, as marshal
// and unmarshal.
func testJSONv2(t *testing.T, marshal func(any) ([]byte, error), unmarshal func([]byte, any) error) {
	type Order struct {
		ID     ulid.ULID  `json:"id"`
		Parent *ulid.ULID `json:"parent"`
	}
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	b, err := marshal(Order{ID: id, Parent: &id})
	if want := `{"id":"01ARYZ6S41TSV4RRFFQ69G5FAV","parent":"01ARYZ6S41TSV4RRFFQ69G5FAV"}`; err != nil || string(b) != want {
		t.Errorf("Marshal = %s, %v; want %s", b, err, want)
	}
	var back Order
	if err := unmarshal(b, &back); err != nil || back.ID != id || back.Parent == nil || *back.Parent != id {
		t.Errorf("Unmarshal(%s) = %+v, %v", b, back, err)
	}

	// null: the zero ULID and nil, with no error.
	got := id
	if err := unmarshal([]byte("null"), &got); err != nil || !got.IsZero() {
		t.Errorf("Unmarshal(null) into a ULID = %v, %v; want the zero ULID, no error", got, err)
	}
	o := Order{ID: id, Parent: &id}
	if err := unmarshal([]byte(`{"id":null,"parent":null}`), &o); err != nil || !o.ID.IsZero() || o.Parent != nil {
		t.Errorf("Unmarshal of nulls = %v, %v, %v; want the zero ULID, nil, no error", o.ID, o.Parent, err)
	}

	// A missing field leaves the value as it was, as with v1.
	o = Order{ID: id, Parent: &id}
	if err := unmarshal([]byte(`{}`), &o); err != nil || o.ID != id || o.Parent == nil || *o.Parent != id {
		t.Errorf("Unmarshal({}) = %v, %v, %v; want both as they were", o.ID, o.Parent, err)
	}

	// A malformed ID is the parser's error, as with v1.
	err = unmarshal([]byte(`{"id":"01ARYZ6S41TSV4RRFFQ69G5FAU"}`), &o)
	var pe *ulid.ParseError
	if !errors.As(err, &pe) || pe.Offset != 25 || !errors.Is(err, ulid.ErrInvalidCharacter) {
		t.Errorf("Unmarshal of a bad ID: %v", err)
	}

	// A Typed ID is its TypeID text, through AppendText, and null is its
	// zero value, as for a ULID; another type's text is ErrWrongPrefix.
	type Account struct {
		Owner ulid.Typed[user]  `json:"owner"`
		Last  *ulid.Typed[user] `json:"last"`
	}
	u := ulid.TypedOf[user](id)
	b, err = marshal(Account{Owner: u, Last: &u})
	if want := `{"owner":"user_01aryz6s41tsv4rrffq69g5fav","last":"user_01aryz6s41tsv4rrffq69g5fav"}`; err != nil || string(b) != want {
		t.Errorf("Marshal of Typed = %s, %v; want %s", b, err, want)
	}
	var acct Account
	if err := unmarshal(b, &acct); err != nil || acct.Owner != u || acct.Last == nil || *acct.Last != u {
		t.Errorf("Unmarshal(%s) = %+v, %v", b, acct, err)
	}
	if err := unmarshal([]byte(`{"owner":null,"last":null}`), &acct); err != nil || !acct.Owner.IsZero() || acct.Last != nil {
		t.Errorf("Unmarshal of Typed nulls = %v, %v, %v; want the zero value, nil, no error", acct.Owner, acct.Last, err)
	}
	acct = Account{Owner: u}
	err = unmarshal([]byte(`{"owner":"order_01aryz6s41tsv4rrffq69g5fav"}`), &acct)
	if !errors.As(err, &pe) || pe.Offset != 0 || !errors.Is(err, ulid.ErrWrongPrefix) || acct.Owner != u {
		t.Errorf("Unmarshal of an order's ID into a user's: %v, owner %v", err, acct.Owner)
	}
}
