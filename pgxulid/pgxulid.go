// Package pgxulid lets github.com/jackc/pgx/v5 send and receive
// [ulid.ULID] and [ulid.Typed] values as PostgreSQL uuid in every query exec
// mode.
//
// A ULID and a UUID are the same 128 bits, so uuid is the column type for a
// ULID in PostgreSQL. Without this package, pgx handles a ulid.ULID through
// its [database/sql/driver.Valuer] method, which returns the 16 bytes. That
// works when pgx knows the parameter is a uuid and sends it in binary (the
// default mode, pgx.QueryExecModeCacheStatement), but not when it sends
// parameters as text without asking the server for their types, as in
// pgx.QueryExecModeExec and pgx.QueryExecModeSimpleProtocol, the modes
// that PgBouncer in transaction pooling mode and many hosted poolers need.
// There the 16 bytes go out as a bytea literal, which uuid rejects:
//
//	ERROR: invalid input syntax for type uuid: "\x01a230a8a780f741d665871c1a401599" (SQLSTATE 22P02)
//
// A []ulid.ULID fails in those same two modes, whatever the statement: pgx
// has no text encoding for it ("unable to encode []ulid.ULID{...} into text
// format for unknown type (OID 0): cannot find encode plan") and sends
// nothing. In the describing modes it works without this package for a
// uuid[] or bytea[] parameter (WHERE id = ANY($1) on a uuid or bytea column,
// a uuid[] or bytea[] column), each element as its 16 bytes; for a text[]
// parameter it is wrong: the 16 bytes go as text, which the server rejects
// (SQLSTATE 22021, invalid UTF-8) unless they happen to be valid UTF-8, when
// they are stored as those characters. PgBouncer in transaction pooling
// mode changes none of this. After [Register], pgx encodes a
// ULID as a uuid itself: the 16 bytes in binary, the RFC 9562 text form
// ("01563df3-6481-d676-4c61-efb99302bd5b", from [ulid.ULID.AppendUUID]) in
// text, and reads uuid values back with [ulid.ParseUUID] or by copying the 16
// bytes. With pgx's own pool, register in the pool's AfterConnect hook:
//
//	config, err := pgxpool.ParseConfig(dsn)
//	if err != nil { ... }
//	config.AfterConnect = func(ctx context.Context, conn *pgx.Conn) error {
//		pgxulid.Register(conn.TypeMap())
//		return nil
//	}
//	pool, err := pgxpool.NewWithConfig(ctx, config)
//
// and through database/sql with pgx's stdlib driver, in the connector's:
//
//	config, err := pgx.ParseConfig(dsn)
//	if err != nil { ... }
//	db := sql.OpenDB(stdlib.GetConnector(*config, stdlib.OptionAfterConnect(
//		func(ctx context.Context, conn *pgx.Conn) error {
//			pgxulid.Register(conn.TypeMap())
//			return nil
//		})))
//
// # Other column types
//
// A registered ULID is a uuid. In the describing modes (CacheStatement,
// CacheDescribe, DescribeExec) a bytea parameter still gets its 16 bytes, and
// when pgx knows that a parameter is of any other type (text, varchar, char,
// int, ...: the describing modes, CacheStatement, CacheDescribe and
// DescribeExec), binding a ulid.ULID to it is an error. For the 26-character
// ULID text in a text column, pass id.String() in every mode. In Exec and
// SimpleProtocol mode pgx does not know the parameter's type: the server
// infers it from the query, and a ULID bound to a text column arrives there
// as its UUID text, which a text column stores as it is (a char(26) column
// rejects it as too long) and which [ulid.ULID.Scan] reads back as the same
// ULID. The same goes for a bytea column in those two modes: it stores the 36
// bytes of the UUID text, not the 16 bytes, and a lookup with a ULID finds
// none of the rows stored as 16 bytes. Store ULIDs in uuid columns; for a
// bytea column in Exec or SimpleProtocol mode, pass id[:], which pgx sends as
// bytea in every mode.
//
// Scanning into a ulid.ULID from other column types is unchanged: text holding
// ULID or UUID text and bytea holding 16 bytes are read by [ulid.ULID.Scan].
//
// # Typed IDs
//
// A [ulid.Typed] is stored as the 16 bytes of its ULID (the prefix lives in
// the Go type), and after Register it binds as the ULID it holds does, in
// every mode and through PgBouncer: to a uuid or uuid[] parameter, to bytea
// in the describing modes, and as an error to any other parameter type pgx
// knows. In Exec and SimpleProtocol mode a text column gets its UUID text, as
// for a ULID; for TypeID text in a text column, pass id.String(). A nil
// pointer or an invalid sql.Null is NULL, never a zero ID. Without Register,
// pgx binds a Typed through its driver.Valuer method, the 16 bytes, which
// works in the describing modes and fails with SQLSTATE 22P02 in Exec and
// SimpleProtocol mode, as for a ULID.
//
// Register needs no list of Typed types. When pgx plans how to encode a Go
// type (once for each type, parameter type and format; it keeps the plan),
// Register's wrap function recognises, by reflect type, ulid.Typed[P] of any
// P, a pointer to one, a sql.Null of one and slices of these: a Typed is a
// struct type declared in package ulid, named Typed[...], with Typed's ULID
// and Prefix methods. A type of another package with the same methods is
// left as pgx handles it without Register. A Typed whose prefix type breaks
// the TypeID rule is an error wrapping [ulid.ErrInvalidPrefix], as
// [ulid.Typed.Value] is, and nothing is stored.
//
// Scanning into a Typed is [ulid.Typed.Scan]'s, which Register leaves alone:
// a uuid reads as its ULID, a text column's ULID, UUID or TypeID text of the
// Typed's own prefix as the ID it names; TypeID text of another prefix is an
// error wrapping [ulid.ErrWrongPrefix], and NULL into a Typed one wrapping
// [ulid.ErrNull].
//
// # pgx version
//
// The module requires pgx v5.12.0, so a program that uses it builds with
// v5.12.0 or later, never with an earlier v5 version with the published
// vulnerabilities below. Two of them are in pgx.QueryExecModeSimpleProtocol,
// one of the modes this package is for:
//
//   - before v5.12.0, a batch sent with the simple protocol can run injected
//     SQL when one query ends in a -- comment and the next has an attacker's
//     string argument on its first line (GHSA-j38q-h3ph-jjpq);
//   - v5.9.0 through v5.11.0 can accept a server that impersonates the
//     database and skips authentication, despite require_auth or
//     channel_binding=require, unless the server's certificate is verified
//     (GHSA-95fj-3fxw-g62g);
//   - before v5.9.2, a placeholder inside a dollar-quoted string can be
//     filled with SQL in the simple protocol (CVE-2026-41889), and before
//     v5.9.0 pgproto3 has two memory-safety faults (CVE-2026-33815,
//     CVE-2026-33816).
//
// pgx v5.12.0 needs Go 1.25, and so does this module; the ulid module itself
// needs Go 1.24.
package pgxulid

import (
	"database/sql"
	"database/sql/driver"
	"fmt"

	"github.com/jackc/pgx/v5/pgtype"
	"github.com/ulidgo/ulid"
)

// Register teaches m that a ULID is a PostgreSQL uuid, in parameters and in
// results, in binary and in text. After it, in every pgx query exec mode and
// in CopyFrom:
//
//   - ulid.ULID, *ulid.ULID (nil is NULL), sql.Null[ulid.ULID] and
//     *sql.Null[ulid.ULID] bind to uuid parameters, and []ulid.ULID,
//     []*ulid.ULID and []sql.Null[ulid.ULID] to uuid[] parameters
//     (WHERE id = ANY($1));
//   - uuid scans into the same types: into a ulid.ULID, NULL is an error
//     wrapping [ulid.ErrNull]; into a *ulid.ULID it is nil, into a
//     sql.Null[ulid.ULID] it is not Valid. uuid[] scans into the slices
//     with native pgx; through database/sql, scan into
//     conn.TypeMap().SQLScanner(&ids).
//   - the same goes for [ulid.Typed] of any prefix type, with no
//     registration of its own: ulid.Typed[P], *ulid.Typed[P],
//     sql.Null[ulid.Typed[P]] and *sql.Null[ulid.Typed[P]] bind as the ULID
//     they hold, and []ulid.Typed[P], []*ulid.Typed[P] and
//     []sql.Null[ulid.Typed[P]] as uuid[] (see Typed IDs in the package
//     documentation); uuid and uuid[] scan into them through
//     [ulid.Typed.Scan].
//
// A uuid result that is not 16 bytes (binary) or not UUID text (text) is an
// error, wrapping [ulid.ErrInvalidLength] or the [*ulid.ParseError] of
// [ulid.ParseUUID]; never a zero ULID.
//
// Register replaces m's uuid and uuid[] types with ones whose codec handles
// the ULID types itself and hands every other value and target (pgtype.UUID,
// [16]byte, strings, other UUID packages' types) to the uuid codec m had
// before, so those work as they did. It also registers the ULID types as
// pgx's default for uuid and uuid[] (which the Exec and SimpleProtocol
// modes need, as they do not ask the server for parameter types), and puts
// in front of m's wrap functions one that encodes the slices as arrays,
// turns a Typed into its ULID, and turns a ULID bound to a parameter of
// another type into the 16 bytes for bytea and an error wrapping
// [ulid.ErrUnsupportedType] for all others.
// Another adapter that replaces the uuid type, such as
// github.com/jackc/pgx-google-uuid, is kept if it is registered first;
// a second call of Register on the same m does nothing.
//
// A pgtype.Map is not safe for concurrent use: call Register before m is used,
// once for each connection, as in the pool's AfterConnect hook (see the
// package documentation).
func Register(m *pgtype.Map) {
	if registered(m) {
		return
	}
	base := pgtype.Codec(pgtype.UUIDCodec{})
	if t, ok := m.TypeForOID(pgtype.UUIDOID); ok {
		base = t.Codec
	}
	if c, ok := base.(*codec); ok { // m is a Copy of a registered Map
		base = c.base
	}
	uuid := &pgtype.Type{Name: "uuid", OID: pgtype.UUIDOID, Codec: &codec{base: base}}
	m.RegisterType(uuid)
	m.RegisterType(&pgtype.Type{Name: "_uuid", OID: pgtype.UUIDArrayOID, Codec: &pgtype.ArrayCodec{ElementType: uuid}})

	for _, v := range []any{ulid.ULID{}, (*ulid.ULID)(nil), sql.Null[ulid.ULID]{}, (*sql.Null[ulid.ULID])(nil)} {
		m.RegisterDefaultPgType(v, "uuid")
	}
	for _, v := range []any{
		[]ulid.ULID(nil), (*[]ulid.ULID)(nil),
		[]*ulid.ULID(nil), (*[]*ulid.ULID)(nil),
		[]sql.Null[ulid.ULID](nil), (*[]sql.Null[ulid.ULID])(nil),
	} {
		m.RegisterDefaultPgType(v, "_uuid")
	}

	m.TryWrapEncodePlanFuncs = append([]pgtype.TryWrapEncodePlanFunc{tryWrapEncodePlan}, m.TryWrapEncodePlanFuncs...)
	m.TryWrapScanPlanFuncs = append([]pgtype.TryWrapScanPlanFunc{tryWrapScanPlan}, m.TryWrapScanPlanFuncs...)
}

// registered reports whether Register has already been called on m: whether
// one of m's wrap functions is this package's.
func registered(m *pgtype.Map) bool {
	for _, f := range m.TryWrapEncodePlanFuncs {
		if p, _, ok := f(ulid.ULID{}); ok {
			if _, ours := p.(*wrapULIDEncodePlan); ours {
				return true
			}
		}
	}
	return false
}

// codec is the codec of the uuid type after Register: it encodes and scans
// the ULID types itself and hands everything else to base, the uuid codec
// that was registered before.
type codec struct {
	base pgtype.Codec
}

func (c *codec) FormatSupported(format int16) bool { return c.base.FormatSupported(format) }
func (c *codec) PreferredFormat() int16            { return c.base.PreferredFormat() }

func (c *codec) PlanEncode(m *pgtype.Map, oid uint32, format int16, value any) pgtype.EncodePlan {
	switch value.(type) {
	case ulid.ULID, *ulid.ULID, sql.Null[ulid.ULID], *sql.Null[ulid.ULID]:
		switch format {
		case pgtype.BinaryFormatCode:
			return encodePlan{}
		case pgtype.TextFormatCode:
			return encodePlan{text: true}
		}
		return nil
	}
	return c.base.PlanEncode(m, oid, format, value)
}

func (c *codec) PlanScan(m *pgtype.Map, oid uint32, format int16, target any) pgtype.ScanPlan {
	switch target.(type) {
	case *ulid.ULID, **ulid.ULID, *sql.Null[ulid.ULID]:
		switch format {
		case pgtype.BinaryFormatCode:
			return scanPlan{}
		case pgtype.TextFormatCode:
			return scanPlan{text: true}
		}
		return nil
	}
	return c.base.PlanScan(m, oid, format, target)
}

func (c *codec) DecodeDatabaseSQLValue(m *pgtype.Map, oid uint32, format int16, src []byte) (driver.Value, error) {
	return c.base.DecodeDatabaseSQLValue(m, oid, format, src)
}

func (c *codec) DecodeValue(m *pgtype.Map, oid uint32, format int16, src []byte) (any, error) {
	return c.base.DecodeValue(m, oid, format, src)
}

// encodePlan encodes a ulid.ULID, *ulid.ULID or sql.Null[ulid.ULID] as a
// uuid: the 16 bytes, or with text set the 36-character UUID text.
type encodePlan struct{ text bool }

func (p encodePlan) Encode(value any, buf []byte) ([]byte, error) {
	var id ulid.ULID
	switch v := value.(type) {
	case ulid.ULID:
		id = v
	case *ulid.ULID:
		if v == nil {
			return nil, nil
		}
		id = *v
	case sql.Null[ulid.ULID]:
		if !v.Valid {
			return nil, nil
		}
		id = v.V
	case *sql.Null[ulid.ULID]:
		if v == nil || !v.Valid {
			return nil, nil
		}
		id = v.V
	default:
		return nil, fmt.Errorf("pgxulid: cannot encode %T as uuid", value)
	}
	return p.appendID(id, buf), nil
}

// appendID appends id to buf as a uuid in p's format.
func (p encodePlan) appendID(id ulid.ULID, buf []byte) []byte {
	if p.text {
		return id.AppendUUID(buf)
	}
	return append(buf, id[:]...)
}

// scanPlan scans a uuid, 16 bytes or with text set UUID text, into a
// *ulid.ULID, **ulid.ULID or *sql.Null[ulid.ULID].
type scanPlan struct{ text bool }

func (p scanPlan) Scan(src []byte, target any) error {
	if src == nil {
		switch t := target.(type) {
		case *ulid.ULID:
			return ulid.ErrNull
		case **ulid.ULID:
			*t = nil
		case *sql.Null[ulid.ULID]:
			*t = sql.Null[ulid.ULID]{}
		}
		return nil
	}
	id, err := p.decode(src)
	if err != nil {
		return err
	}
	switch t := target.(type) {
	case *ulid.ULID:
		*t = id
	case **ulid.ULID:
		p := new(ulid.ULID) // a new ULID for each row, as pgx does for pointers
		*p = id
		*t = p
	case *sql.Null[ulid.ULID]:
		*t = sql.Null[ulid.ULID]{V: id, Valid: true}
	}
	return nil
}

func (p scanPlan) decode(src []byte) (ulid.ULID, error) {
	if p.text {
		// A uuid column sends UUID text. The same plan scans columns of types
		// pgx does not know (citext, domains, enums), whose text may be a
		// ULID's: both are read, as ulid.ULID.Scan read them before Register.
		if len(src) == ulid.EncodedSize {
			return ulid.Parse(string(src))
		}
		return ulid.ParseUUID(string(src))
	}
	if len(src) != ulid.BinarySize {
		return ulid.ULID{}, fmt.Errorf("pgxulid: binary uuid of %d bytes, want 16: %w", len(src), ulid.ErrInvalidLength)
	}
	return ulid.ULID(src), nil
}

// errNotUUID is what binding a ULID or a Typed to a parameter that is
// neither uuid nor bytea gives. pgx puts the parameter's type in front of it.
var errNotUUID = fmt.Errorf("pgxulid: a ulid.ULID or ulid.Typed binds to uuid (or bytea) parameters only; "+
	"pass id.String() for its ULID or TypeID text, or id.UUIDString() for a ULID's UUID text: %w", ulid.ErrUnsupportedType)

// tryWrapEncodePlan is the wrap function Register adds. It turns the slice
// types into arrays, and a ULID that the codec of its parameter's type does not
// take (any type but uuid, or uuid under another adapter's codec) into a
// uuidValue, which pgtype's uuid and bytea codecs can encode and every other
// one fails on.
func tryWrapEncodePlan(value any) (pgtype.WrappedEncodePlanNextSetter, any, bool) {
	switch v := value.(type) {
	case ulid.ULID:
		return &wrapULIDEncodePlan{}, uuidValue{v, true}, true
	case *ulid.ULID:
		// nil never gets here: pgtype.Map.Encode sends NULL for it.
		return &wrapULIDEncodePlan{}, uuidValue{*v, true}, true
	case sql.Null[ulid.ULID]:
		return &wrapULIDEncodePlan{}, uuidValue{v.V, v.Valid}, true
	case *sql.Null[ulid.ULID]:
		// nil never gets here either.
		return &wrapULIDEncodePlan{}, uuidValue{v.V, v.Valid}, true
	case []ulid.ULID:
		return &wrapSliceEncodePlan[ulid.ULID]{}, pgtype.FlatArray[ulid.ULID](v), true
	case []*ulid.ULID:
		return &wrapSliceEncodePlan[*ulid.ULID]{}, pgtype.FlatArray[*ulid.ULID](v), true
	case []sql.Null[ulid.ULID]:
		return &wrapSliceEncodePlan[sql.Null[ulid.ULID]]{}, pgtype.FlatArray[sql.Null[ulid.ULID]](v), true
	}
	return tryWrapTypedEncodePlan(value)
}

// uuidValue is a ULID as pgtype's uuid and bytea codecs see it: a
// pgtype.UUIDValuer and pgtype.BytesValuer. Its driver.Valuer method is what
// pgx falls back on for any other parameter type, and it fails.
type uuidValue struct {
	id    ulid.ULID
	valid bool
}

func (v uuidValue) UUIDValue() (pgtype.UUID, error) {
	return pgtype.UUID{Bytes: v.id, Valid: v.valid}, nil
}

func (v uuidValue) BytesValue() ([]byte, error) {
	if !v.valid {
		return nil, nil
	}
	return v.id[:], nil
}

func (v uuidValue) Value() (driver.Value, error) {
	if !v.valid {
		return nil, nil
	}
	return nil, errNotUUID
}

type wrapULIDEncodePlan struct{ next pgtype.EncodePlan }

func (p *wrapULIDEncodePlan) SetNext(next pgtype.EncodePlan) { p.next = next }

func (p *wrapULIDEncodePlan) Encode(value any, buf []byte) ([]byte, error) {
	switch v := value.(type) {
	case ulid.ULID:
		return p.next.Encode(uuidValue{v, true}, buf)
	case *ulid.ULID:
		if v == nil {
			return nil, nil
		}
		return p.next.Encode(uuidValue{*v, true}, buf)
	case sql.Null[ulid.ULID]:
		return p.next.Encode(uuidValue{v.V, v.Valid}, buf)
	case *sql.Null[ulid.ULID]:
		if v == nil {
			return nil, nil
		}
		return p.next.Encode(uuidValue{v.V, v.Valid}, buf)
	}
	return nil, fmt.Errorf("pgxulid: cannot encode %T", value)
}

type wrapSliceEncodePlan[T any] struct{ next pgtype.EncodePlan }

func (p *wrapSliceEncodePlan[T]) SetNext(next pgtype.EncodePlan) { p.next = next }

func (p *wrapSliceEncodePlan[T]) Encode(value any, buf []byte) ([]byte, error) {
	return p.next.Encode(pgtype.FlatArray[T](value.([]T)), buf)
}

// tryWrapScanPlan is the scan wrap function Register adds: it scans arrays
// into the slice types without reflection.
func tryWrapScanPlan(target any) (pgtype.WrappedScanPlanNextSetter, any, bool) {
	switch t := target.(type) {
	case *[]ulid.ULID:
		return &wrapSliceScanPlan[ulid.ULID]{}, (*pgtype.FlatArray[ulid.ULID])(t), true
	case *[]*ulid.ULID:
		return &wrapSliceScanPlan[*ulid.ULID]{}, (*pgtype.FlatArray[*ulid.ULID])(t), true
	case *[]sql.Null[ulid.ULID]:
		return &wrapSliceScanPlan[sql.Null[ulid.ULID]]{}, (*pgtype.FlatArray[sql.Null[ulid.ULID]])(t), true
	}
	return nil, nil, false
}

type wrapSliceScanPlan[T any] struct{ next pgtype.ScanPlan }

func (p *wrapSliceScanPlan[T]) SetNext(next pgtype.ScanPlan) { p.next = next }

func (p *wrapSliceScanPlan[T]) Scan(src []byte, target any) error {
	return p.next.Scan(src, (*pgtype.FlatArray[T])(target.(*[]T)))
}
