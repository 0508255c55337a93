package stacks

// Encodings that take a ulid.ULID as it is, through the interfaces it
// implements (encoding.TextMarshaler, encoding.BinaryMarshaler and their
// Unmarshalers): msgpack, CBOR, slog, protobuf's bytes and string fields and
// oapi-codegen's parameter binding. No server.

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/url"
	"testing"

	"github.com/fxamacker/cbor/v2"
	"github.com/oapi-codegen/runtime"
	"github.com/vmihailenco/msgpack/v5"
	"google.golang.org/protobuf/proto"
	"google.golang.org/protobuf/types/known/wrapperspb"

	"github.com/ulidgo/ulid"
)

type codecItem struct {
	ID     ulid.ULID  `msgpack:"id" cbor:"id"`
	Parent *ulid.ULID `msgpack:"parent" cbor:"parent"` // nil is nil (msgpack), null (CBOR)
}

func TestMsgpack(t *testing.T) {
	a, b := ulid.Make(), ulid.Make()
	data, err := msgpack.Marshal(codecItem{ID: a, Parent: &b})
	if err != nil {
		t.Fatal(err)
	}
	// Each ULID is a bin 8 of 16 bytes (0xc4 0x10), from MarshalBinary.
	if !bytes.Contains(data, append([]byte{0xc4, 0x10}, a[:]...)) || !bytes.Contains(data, append([]byte{0xc4, 0x10}, b[:]...)) {
		t.Errorf("msgpack = % x; want bin 8 of the 16 bytes", data)
	}
	var back codecItem
	if err := msgpack.Unmarshal(data, &back); err != nil || back.ID != a || back.Parent == nil || *back.Parent != b {
		t.Errorf("round trip = %+v, %v", back, err)
	}
	data, err = msgpack.Marshal(codecItem{ID: a})
	if err != nil {
		t.Fatal(err)
	}
	back = codecItem{Parent: &a}
	if err := msgpack.Unmarshal(data, &back); err != nil || back.Parent != nil {
		t.Errorf("nil Parent round trip = %+v, %v", back, err)
	}
	short, err := msgpack.Marshal(map[string]any{"id": a[:12]})
	if err != nil {
		t.Fatal(err)
	}
	if err := msgpack.Unmarshal(short, &back); !errors.Is(err, ulid.ErrInvalidLength) {
		t.Errorf("12-byte bin = %v; want ulid.ErrInvalidLength", err)
	}
}

func TestCBOR(t *testing.T) {
	a, b := ulid.Make(), ulid.Make()
	data, err := cbor.Marshal(codecItem{ID: a, Parent: &b})
	if err != nil {
		t.Fatal(err)
	}
	// Each ULID is a byte string of 16 bytes (0x50), from MarshalBinary.
	if !bytes.Contains(data, append([]byte{0x50}, a[:]...)) || !bytes.Contains(data, append([]byte{0x50}, b[:]...)) {
		t.Errorf("CBOR = % x; want a byte string of the 16 bytes", data)
	}
	var back codecItem
	if err := cbor.Unmarshal(data, &back); err != nil || back.ID != a || back.Parent == nil || *back.Parent != b {
		t.Errorf("round trip = %+v, %v", back, err)
	}
	data, err = cbor.Marshal(codecItem{ID: a})
	if err != nil {
		t.Fatal(err)
	}
	back = codecItem{Parent: &a}
	if err := cbor.Unmarshal(data, &back); err != nil || back.Parent != nil {
		t.Errorf("null Parent round trip = %+v, %v", back, err)
	}
	short, err := cbor.Marshal(map[string]any{"id": a[:12]})
	if err != nil {
		t.Fatal(err)
	}
	if err := cbor.Unmarshal(short, &back); !errors.Is(err, ulid.ErrInvalidLength) {
		t.Errorf("12-byte byte string = %v; want ulid.ErrInvalidLength", err)
	}
}

func TestSlog(t *testing.T) {
	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	var buf bytes.Buffer
	log := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{ReplaceAttr: func(_ []string, a slog.Attr) slog.Attr {
		if a.Key == slog.TimeKey {
			return slog.Attr{}
		}
		return a
	}}))
	log.Info("made", "id", id)
	var rec struct{ ID string }
	if err := json.Unmarshal(buf.Bytes(), &rec); err != nil || rec.ID != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
		t.Errorf("slog JSON = %s (%v); want the ULID's text", buf.Bytes(), err)
	}
	buf.Reset()
	slog.New(slog.NewTextHandler(&buf, nil)).Info("made", "id", id)
	if !bytes.Contains(buf.Bytes(), []byte(" id=01ARYZ6S41TSV4RRFFQ69G5FAV\n")) {
		t.Errorf("slog text = %s; want id=01ARYZ6S41TSV4RRFFQ69G5FAV", buf.Bytes())
	}
}

// TestProtobuf: a ULID in a bytes field (16 bytes) or a string field (its
// text), shown with protobuf's wrapper messages, whose one field is a
// message's field like any other.
func TestProtobuf(t *testing.T) {
	a := ulid.Make()
	wire, err := proto.Marshal(wrapperspb.Bytes(a[:]))
	if err != nil {
		t.Fatal(err)
	}
	var msg wrapperspb.BytesValue
	if err := proto.Unmarshal(wire, &msg); err != nil {
		t.Fatal(err)
	}
	var id ulid.ULID
	if err := id.UnmarshalBinary(msg.GetValue()); err != nil || id != a {
		t.Errorf("bytes field round trip = %v, %v", id, err)
	}
	// UnmarshalBinary refuses another length, where ulid.ULID(b) would
	// panic for a short b.
	if err := id.UnmarshalBinary(a[:12]); !errors.Is(err, ulid.ErrInvalidLength) {
		t.Errorf("UnmarshalBinary of 12 bytes = %v; want ulid.ErrInvalidLength", err)
	}

	wire, err = proto.Marshal(wrapperspb.String(a.String()))
	if err != nil {
		t.Fatal(err)
	}
	var text wrapperspb.StringValue
	if err := proto.Unmarshal(wire, &text); err != nil {
		t.Fatal(err)
	}
	if id, err := ulid.Parse(text.GetValue()); err != nil || id != a {
		t.Errorf("string field round trip = %v, %v", id, err)
	}
}

// TestOapiCodegen: oapi-codegen's generated servers bind a path or query
// parameter with runtime.BindStyledParameterWithOptions; with
// x-go-type: ulid.ULID the destination is a *ulid.ULID, which it fills with
// UnmarshalText.
func TestOapiCodegen(t *testing.T) {
	opts := runtime.BindStyledParameterOptions{ParamLocation: runtime.ParamLocationPath, Explode: false, Required: true}
	var id ulid.ULID
	if err := runtime.BindStyledParameterWithOptions("simple", "id", "01ARYZ6S41TSV4RRFFQ69G5FAV", &id, opts); err != nil || id.String() != "01ARYZ6S41TSV4RRFFQ69G5FAV" {
		t.Errorf("bind = %v, %v", id, err)
	}
	err := runtime.BindStyledParameterWithOptions("simple", "id", "01ARYZ6S41TSV4RRFFQ69G5FAU", &id, opts)
	if !errors.Is(err, ulid.ErrInvalidCharacter) {
		t.Errorf("bind of a bad ULID = %v; want ulid.ErrInvalidCharacter", err)
	}
	// An optional query parameter is a *ulid.ULID, bound by
	// BindQueryParameter: nil when absent.
	var after *ulid.ULID
	query := url.Values{"after": {"01ARYZ6S41TSV4RRFFQ69G5FAV"}}
	if err := runtime.BindQueryParameter("form", true, false, "after", query, &after); err != nil || after == nil || *after != id {
		t.Errorf("bind into *ulid.ULID = %v, %v", after, err)
	}
	after = nil
	if err := runtime.BindQueryParameter("form", true, false, "after", url.Values{}, &after); err != nil || after != nil {
		t.Errorf("bind of an absent parameter = %v, %v; want nil", after, err)
	}
}
