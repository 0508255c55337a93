package pgxulid

import (
	"database/sql"
	"reflect"
	"strings"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/ulidgo/ulid"
)

// A ulid.Typed[P] is one Go type for each prefix type P, and a program may
// have any number of them, so Register cannot list them as it lists the
// ULID types. Instead its wrap function recognises them by their reflect
// type when pgx plans an encoding (once for each Go type, parameter type and
// format: pgx keeps the plan), and hands pgx a ulid.ULID in their place,
// which then goes wherever a ULID goes. A type is taken for a Typed only if it
// is declared in package ulid, is named Typed[...], and has Typed's ULID and
// Prefix methods; no type of another package, whatever its methods, is taken
// for one.

// typedID is the method set by which an encode plan reads a ulid.Typed of
// any prefix. Both Typed[P] and *Typed[P] have it.
type typedID interface {
	ULID() ulid.ULID
	Prefix() string
}

var (
	typedIDType   = reflect.TypeFor[typedID]()
	ulidPkgPath   = reflect.TypeFor[ulid.ULID]().PkgPath()
	nullULIDSlice = []sql.Null[ulid.ULID](nil)
)

// isTyped reports whether t is an instance of ulid.Typed.
func isTyped(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.PkgPath() == ulidPkgPath &&
		strings.HasPrefix(t.Name(), "Typed[") && t.Implements(typedIDType)
}

// isNullTyped reports whether t is an instance of sql.Null whose V is a
// ulid.Typed.
func isNullTyped(t reflect.Type) bool {
	return t.Kind() == reflect.Struct && t.PkgPath() == "database/sql" && strings.HasPrefix(t.Name(), "Null[") &&
		t.NumField() == 2 && t.Field(0).Name == "V" && isTyped(t.Field(0).Type) &&
		t.Field(1).Name == "Valid" && t.Field(1).Type.Kind() == reflect.Bool
}

// A typedForm is a Go type, or a slice element type, that holds a Typed.
type typedForm int

const (
	notTyped     typedForm = iota
	typed                  // ulid.Typed[P]
	typedPtr               // *ulid.Typed[P]
	nullTyped              // sql.Null[ulid.Typed[P]]
	nullTypedPtr           // *sql.Null[ulid.Typed[P]]
)

// formOf returns the form of t, and the Typed type it holds.
func formOf(t reflect.Type) (typedForm, reflect.Type) {
	ptr := t.Kind() == reflect.Pointer
	if ptr {
		t = t.Elem()
	}
	switch {
	case isTyped(t) && ptr:
		return typedPtr, t
	case isTyped(t):
		return typed, t
	case isNullTyped(t) && ptr:
		return nullTypedPtr, t.Field(0).Type
	case isNullTyped(t):
		return nullTyped, t.Field(0).Type
	}
	return notTyped, nil
}

// prefixError returns the error of the Typed type t whose prefix breaks the
// TypeID rule (wrapping ulid.ErrInvalidPrefix, as Typed's own Value does), or
// nil. A Prefix method must return the same prefix at every call, so this is
// checked once, when pgx plans the encoding.
func prefixError(t reflect.Type) error {
	p := reflect.Zero(t).Interface().(typedID).Prefix()
	_, err := ulid.AppendTypeID(nil, p, ulid.ULID{})
	return err
}

// read returns the ULID that v, of form f, holds, and false for NULL.
func (f typedForm) read(v any) (ulid.ULID, bool) {
	switch f {
	case typed:
		return v.(typedID).ULID(), true
	case typedPtr:
		if t, ok := v.(typedID); ok && !reflect.ValueOf(v).IsNil() {
			return t.ULID(), true
		}
		return ulid.ULID{}, false
	}
	r := reflect.ValueOf(v)
	if f == nullTypedPtr {
		if r.IsNil() {
			return ulid.ULID{}, false
		}
		r = r.Elem()
	}
	return f.readNull(r)
}

// readNull reads r, a sql.Null[ulid.Typed[P]].
func (typedForm) readNull(r reflect.Value) (ulid.ULID, bool) {
	if !r.Field(1).Bool() {
		return ulid.ULID{}, false
	}
	v := r.Field(0)
	if v.CanAddr() {
		// Interface copies an addressable value; a *Typed has the methods
		// too, and boxing it copies nothing. (A value that is not
		// addressable, from an interface, is boxed without a copy.)
		v = v.Addr()
	}
	return v.Interface().(typedID).ULID(), true
}

// readElement reads r, a slice element of form f (typed, typedPtr or
// nullTyped). Slice elements are addressable, so nothing is copied.
func (f typedForm) readElement(r reflect.Value) (ulid.ULID, bool) {
	switch f {
	case typed:
		return r.Addr().Interface().(typedID).ULID(), true
	case typedPtr:
		if r.IsNil() {
			return ulid.ULID{}, false
		}
		return r.Interface().(typedID).ULID(), true
	}
	return f.readNull(r)
}

// tryWrapTypedEncodePlan is the part of Register's wrap function for the
// Typed types: ulid.Typed[P], *ulid.Typed[P], sql.Null[ulid.Typed[P]] and
// *sql.Null[ulid.Typed[P]] become a ulid.ULID, and slices of the first three
// a []sql.Null[ulid.ULID] (NULL for a nil pointer or an invalid sql.Null).
func tryWrapTypedEncodePlan(value any) (pgtype.WrappedEncodePlanNextSetter, any, bool) {
	t := reflect.TypeOf(value)
	if t == nil {
		return nil, nil, false
	}
	if form, typedType := formOf(t); form != notTyped {
		return &typedEncodePlan{form: form, err: prefixError(typedType)}, ulid.ULID{}, true
	}
	if t.Kind() != reflect.Slice {
		return nil, nil, false
	}
	form, typedType := formOf(t.Elem())
	if form == notTyped || form == nullTypedPtr {
		return nil, nil, false
	}
	return &typedSliceEncodePlan{form: form, err: prefixError(typedType)}, nullULIDSlice, true
}

// typedEncodePlan encodes a Typed, a pointer to one or a sql.Null of one as
// the ULID it holds, through next, the plan of a ulid.ULID for the same
// parameter type and format. When next is this package's own uuid plan it
// calls that directly, which spares boxing the ULID.
type typedEncodePlan struct {
	form   typedForm
	err    error // the Typed type's prefix error, if its prefix breaks the TypeID rule
	next   pgtype.EncodePlan
	direct *encodePlan
}

func (p *typedEncodePlan) SetNext(next pgtype.EncodePlan) {
	p.next = next
	if d, ok := next.(encodePlan); ok {
		p.direct = &d
	}
}

func (p *typedEncodePlan) Encode(value any, buf []byte) ([]byte, error) {
	id, valid := p.form.read(value)
	if !valid {
		return nil, nil
	}
	if p.err != nil {
		return nil, p.err
	}
	if p.direct != nil {
		return p.direct.appendID(id, buf), nil
	}
	return p.next.Encode(id, buf)
}

// typedSliceEncodePlan encodes a slice of Typed, of pointers to Typed or of
// sql.Null of Typed as a []sql.Null[ulid.ULID], through next, that type's
// plan: a uuid[] in every mode.
type typedSliceEncodePlan struct {
	form typedForm
	err  error
	next pgtype.EncodePlan
}

func (p *typedSliceEncodePlan) SetNext(next pgtype.EncodePlan) { p.next = next }

func (p *typedSliceEncodePlan) Encode(value any, buf []byte) ([]byte, error) {
	r := reflect.ValueOf(value)
	if r.IsNil() {
		return nil, nil
	}
	ids := make([]sql.Null[ulid.ULID], r.Len())
	for i := range ids {
		ids[i].V, ids[i].Valid = p.form.readElement(r.Index(i))
		if ids[i].Valid && p.err != nil {
			return nil, p.err
		}
	}
	return p.next.Encode(ids, buf)
}
