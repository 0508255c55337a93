package toolinput

import (
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

// The public ID of specULID with the key 000102…0f, from
// testdata/publicid.json.
const (
	testKey    = "000102030405060708090a0b0c0d0e0f"
	specPublic = "3X36YT6DZA8AW0NT3GCJJ9764WCVS"
)

// TestReadPublicID checks Read with Options.Unmask: white space trimmed as
// for IDs, the masker's error with its offset counted in the text as given,
// the offset to mark on the byte it names, Strict and ULIDOnly changing
// nothing.
func TestReadPublicID(t *testing.T) {
	m, err := ulid.ParseMasker(testKey)
	if err != nil {
		t.Fatal(err)
	}
	spec := ulid.MustParse(specULID)
	for _, tc := range []struct {
		in   string
		opt  Options
		err  error // the sentinel, or nil for spec
		mark int
		msg  string // the message, if err is set
	}{
		{in: specPublic, mark: -1},
		{in: " \ufeff" + strings.ToLower(specPublic) + "\r\n", mark: -1},
		{in: specPublic, opt: Options{Strict: true, ULIDOnly: true}, mark: -1},
		{in: specULID, err: ulid.ErrInvalidLength, mark: -1, msg: "invalid public ID length 26 bytes, want 29"},
		{in: specUUID, err: ulid.ErrInvalidLength, mark: -1, msg: "invalid public ID length 36 bytes, want 29"},
		{in: "  3X36YT6UZA8AW0NT3GCJJ9764WCVS", err: ulid.ErrInvalidCharacter, mark: 9, msg: "invalid public ID: character 'U' at offset 9"},
		{in: "\u00a03X36YT6DZAAAW0NT3GCJJ9764WCVS", err: ulid.ErrCheckCharacter, mark: 30,
			msg: "public ID check character 'S' at offset 30 does not match: a character is mistyped, or two are swapped"},
		{in: " 3X86YT6DZA8AW0NT3GCJJ9764WCVC", err: ulid.ErrOverflow, mark: 3, msg: "invalid public ID: character '8' at offset 3 is above '7'"},
		{in: " WC0JRP5XSD82MGNKBEF7E8HDC6EDH", err: ulid.ErrUnknownMaskingKey, mark: 1,
			msg: "public ID made with another key: its key mark names none of the keys given (a wrong or retired key)"},
		{in: specPublic + ",x", err: ulid.ErrInvalidLength, mark: -1,
			msg: "invalid public ID length 31 bytes, want 29 (a line holds one ID, and this one has a comma at offset 29)"},
		{in: strings.Repeat(" ", MaxLine) + specPublic, err: ulid.ErrInvalidLength, mark: -1, msg: "line too long (65565 bytes)"},
	} {
		tc.opt.Unmask = m
		in, err := Read(tc.in, tc.opt)
		switch {
		case in.Kind != PublicID || offsetOf(t, err) != tc.mark:
			t.Errorf("Read(%.60q): kind %v, offset %d; want PublicID, %d", tc.in, in.Kind, offsetOf(t, err), tc.mark)
		case tc.err == nil && (err != nil || in.ID != spec):
			t.Errorf("Read(%.60q) = %v, %v; want %s", tc.in, in.ID, err, specULID)
		case tc.err != nil && (!errors.Is(err, tc.err) || err.Error() != tc.msg || in.ID != ulid.ULID{}):
			t.Errorf("Read(%.60q) = %v, %v; want %q", tc.in, in.ID, err, tc.msg)
		}
	}

	// Lines: blank ones skipped, as for IDs, and a line too long.
	var got []string
	text := "\n" + specPublic + "\r\n \n" + specULID + "\n" + strings.Repeat(" ", MaxLine+1) + "\n"
	for in, err := range Lines(strings.NewReader(text), Options{Unmask: m}) {
		s := in.ID.String()
		if err != nil {
			s = err.Error()
		}
		got = append(got, in.Place.String()+" "+s)
	}
	want := []string{"line 2 " + specULID, "line 4 invalid public ID length 26 bytes, want 29", "line 5 line too long (65537 bytes)"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Lines: %q; want %q", got, want)
	}
}

// TestPublicIDHint checks the verdict and the hint for a public ID read as
// an ID: Public for every text of a public ID's form, public IDs of any
// key among them; Mistyped for that form but for the check character;
// NotPublic for the rest, with the message otherwise the same.
func TestPublicIDHint(t *testing.T) {
	const hint = "invalid length 29 bytes, want 26 (this looks like a public ID: unmask it with its key)"
	const typo = "invalid length 29 bytes, want 26 (this looks like a mistyped public ID: its check character does not match)"
	for _, tc := range []struct {
		in      string
		opt     Options
		want    string
		verdict Verdict
	}{
		{in: specPublic, want: hint, verdict: Public},
		{in: " " + strings.ToLower(specPublic), want: hint, verdict: Public},
		{in: specPublic, opt: Options{Strict: true, ULIDOnly: true}, want: hint, verdict: Public},
		{in: "WC0JRP5XSD82MGNKBEF7E8HDC6EDH", want: hint, verdict: Public},
		{in: "3X36YT6DZAAAW0NT3GCJJ9764WCVS", want: typo, verdict: Mistyped},                                                                         // a typo
		{in: "3X36YT6DZA8AW0NT3GCJJ9764WCSV", want: typo, verdict: Mistyped},                                                                         // a swap
		{in: "3X86YT6DZA8AW0NT3GCJJ9764WCVC", want: "invalid length 29 bytes, want 26"},                                                              // overflow
		{in: "3X36YT6DZA8AW0NT3GCJJ9764WCVSX", want: "invalid length 30 bytes, want 26"},                                                             // too long
		{in: "01ARYZ6S41TSV4RRFFQ69G5FAVXXX", want: "invalid length 29 bytes, want 26"},                                                              // a ULID and junk
		{in: "3X36YT6DZA8AW0NT3GCJJ9764WC,S", want: "invalid length 29 bytes, want 26 (a line holds one ID, and this one has a comma at offset 27)"}, // not the alphabet
		// 29 hex digits are UUID text by their shape: the UUID error, and
		// the verdict all the same.
		{in: "0123456789abcdef0123456789abc", want: "invalid UUID text length 29 bytes, want 36 (or 32, 38, 45)" + typo[len("invalid length 29 bytes, want 26"):], verdict: Mistyped},
	} {
		_, err := Read(tc.in, tc.opt)
		var e *Error
		if err == nil || err.Error() != tc.want || !errors.As(err, &e) || e.PublicID != tc.verdict {
			t.Errorf("Read(%q) = %v; want %q, verdict %d", tc.in, err, tc.want, tc.verdict)
		}
	}

	// Every public ID has the form; of random text of 29 characters from
	// the alphabet, 1 in 128 has it.
	keys := [][]byte{make([]byte, 16), []byte("0123456789abcdef"), []byte("0123456789abcdef01234567")}
	r := rand.New(rand.NewPCG(1, 2))
	for _, key := range keys {
		m, err := ulid.NewMasker(key)
		if err != nil {
			t.Fatal(err)
		}
		for range 1000 {
			var id ulid.ULID
			for i := range id {
				id[i] = byte(r.Uint32())
			}
			if p := m.Mask(id); publicVerdict(p) != Public || publicVerdict(strings.ToLower(p)) != Public {
				t.Fatalf("%s: not the form of a public ID", p)
			}
		}
	}
	const alphabet, n = "0123456789ABCDEFGHJKMNPQRSTVWXYZ", 1 << 17
	count := [3]int{}
	b := make([]byte, ulid.PublicIDSize)
	for range n {
		for i := range b {
			b[i] = alphabet[r.IntN(32)]
		}
		count[publicVerdict(string(b))]++
	}
	// 1024 expected Public, 31744 Mistyped.
	if count[Public] < n/128*8/10 || count[Public] > n/128*12/10 || count[Mistyped] < n/128*31*9/10 || count[Mistyped] > n/128*31*11/10 {
		t.Errorf("of %d random strings, %d have the form and %d all but the check character; want about %d and %d",
			n, count[Public], count[Mistyped], n/128, n/128*31)
	}
}

// TestReadTypedPublicID checks Read with a typed masker, and the hints for
// a public ID of the other shape: the vectors of testdata/publicid.json.
func TestReadTypedPublicID(t *testing.T) {
	m, err := ulid.ParseMasker(testKey)
	if err != nil {
		t.Fatal(err)
	}
	user, err := m.Typed("user")
	if err != nil {
		t.Fatal(err)
	}
	spec := ulid.MustParse(specULID)
	for _, tc := range []struct {
		in  string
		m   *ulid.Masker
		msg string // or "" for spec
	}{
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", m: user},
		{in: " user_YZ4G5YM28FG1QPTXHA7HBQFJZF496", m: user},
		{in: "order_va3xj8yjvprrpzzw4pn06hgfb5vx5", m: user,
			msg: `typed public ID of another type, want the prefix "user_"` +
				` (this looks like a typed public ID: unmask it with its key and the type "order")`},
		{in: specPublic, m: user,
			msg: `typed public ID of another type, want the prefix "user_"` +
				" (this looks like a public ID without a type: unmask it with its key and no type)"},
		{in: "user_yz4g5ym28fg1qptxha7hbqfjzf496", m: m,
			msg: "invalid public ID length 34 bytes, want 29" +
				` (this looks like a typed public ID: unmask it with its key and the type "user")`},
	} {
		in, err := Read(tc.in, Options{Unmask: tc.m})
		switch {
		case tc.msg == "" && (err != nil || in.ID != spec):
			t.Errorf("Read(%q) = %v, %v; want %s", tc.in, in.ID, err, specULID)
		case tc.msg != "" && (err == nil || err.Error() != tc.msg):
			t.Errorf("Read(%q) = %v, %v; want %q", tc.in, in.ID, err, tc.msg)
		}
	}
}
