package main

import (
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// The version 7 UUID of RFC 9562, appendix A.6, and the same 128 bits as a
// ULID: a valid UUIDv7. The test vector, specULID, is not one: its version
// digit is d and its variant bits 01.
const (
	rfcUUID = "017f22e2-79b0-7cc3-98c4-dc0c0c07398f"
	rfcULID = "01FWHE4YDGFK1SHH6W1G60EECF"
	rfcText = "ulid     01FWHE4YDGFK1SHH6W1G60EECF\n" +
		"time     2022-02-22T19:22:22.000Z\n" +
		"unix_ms  1645557742000\n" +
		"entropy  7cc398c4dc0c0c07398f\n" +
		"uuid     017f22e2-79b0-7cc3-98c4-dc0c0c07398f\n" +
		"uuidv7   true\n"
)

// isV7Text reports whether u, UUID text with hyphens, has the version
// digit 7 and a variant digit of 8 to b (bits 10), read from the text
// alone, without the package.
func isV7Text(u string) bool {
	return len(u) == 36 && u[14] == '7' && strings.IndexByte("89ab", u[19]) >= 0
}

// TestGenerateV7 checks that ulid --v7 makes valid UUIDv7s that are ULIDs
// like any other: in each form, strictly increasing, at now or the
// --time given, with -n, -z and the generate command.
func TestGenerateV7(t *testing.T) {
	at := time.Date(2026, 6, 23, 10, 30, 0, 0, time.UTC).UnixMilli()
	for _, tc := range []struct {
		name string
		args []string
		n    int
		ms   int64 // the timestamp of every ULID; -1 for now
		form string
	}{
		{name: "one", args: []string{"--v7"}, n: 1, ms: -1, form: "upper"},
		{name: "many", args: []string{"--v7", "-n", "10000"}, n: 10000, ms: -1, form: "upper"},
		{name: "generate command", args: []string{"generate", "--v7", "-n", "3"}, n: 3, ms: -1, form: "upper"},
		{name: "uuid", args: []string{"-n", "100", "--uuid", "--v7"}, n: 100, ms: -1, form: "uuid"},
		{name: "lower", args: []string{"--v7", "--lower", "-n", "5"}, n: 5, ms: -1, form: "lower"},
		{name: "time RFC 3339", args: []string{"--v7", "--time", "2026-06-23T10:30:00Z", "-n", "3"}, n: 3, ms: at, form: "upper"},
		{name: "time ms, many", args: []string{"--time", "1469918176385", "--v7", "-n", "10000", "--uuid"}, n: 10000, ms: specMS, form: "uuid"},
		{name: "time zero", args: []string{"--v7", "--time", "0", "-n", "2"}, n: 2, ms: 0, form: "upper"},
		{name: "time max", args: []string{"--v7", "--time", "281474976710655", "--uuid"}, n: 1, ms: 281474976710655, form: "uuid"},
		{name: "zero entropy", args: []string{"--v7", "-z", "-n", "3", "--uuid"}, n: 3, ms: -1, form: "uuid"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkGenerated(t, tc.args, tc.n, tc.ms, tc.form, true)
		})
	}

	// The exact values where there is no randomness: -z starts at the
	// smallest UUIDv7 of the millisecond, and -n counts up from it.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--v7", "--time", "1469918176385", "-z", "-n", "2"}, "01ARYZ6S41E008000000000000\n01ARYZ6S41E008000000000001\n"},
		{[]string{"--v7", "--time", "@1469918176.385", "-z", "--uuid"}, "01563df3-6481-7000-8000-000000000000\n"},
		{[]string{"--time", "1469918176385", "-z", "--v7", "-f", "entropy", "-n", "2"}, "70008000000000000000\n70008000000000000001\n"},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want %q", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}
}

// TestGenerateV7Field checks -f with --v7: each field of each new ULID,
// one line each, as for other ULIDs.
func TestGenerateV7Field(t *testing.T) {
	const at = "2026-06-23T10:30:00Z"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--v7", "--time", at, "-f", "ms"}, "1782210600000\n"},
		{[]string{"--v7", "--time", at, "-f", "time", "-n", "2"}, "2026-06-23T10:30:00.000Z\n2026-06-23T10:30:00.000Z\n"},
		{[]string{"--v7", "-n", "3", "-f", "uuidv7"}, "true\ntrue\ntrue\n"},
		{[]string{"--v7", "--time", at, "-n", "2", "--format", "UUIDV7"}, "true\ntrue\n"},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want %q", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}

	// -f uuid and -f ulid print the same ULIDs: v7 in both forms, in order.
	for _, field := range []string{"uuid", "ulid"} {
		r := runCmd(t, "", "--v7", "--time", at, "-n", "50", "-f", field)
		got := lines(r.stdout)
		if r.code != 0 || len(got) != 50 {
			t.Fatalf("-f %s: exit %d, %d lines, stderr %q", field, r.code, len(got), r.stderr)
		}
		var prev ulid.ULID
		for i, line := range got {
			id, err := ulid.ParseUUID(line)
			if field == "ulid" {
				id, err = ulid.ParseStrict(line)
			}
			if err != nil || !id.IsUUIDv7() || !isV7Text(id.UUIDString()) || id.Timestamp() != 1782210600000 || (i > 0 && id.Compare(prev) <= 0) {
				t.Fatalf("-f %s: line %d %q (%v) after %s", field, i, line, err, prev)
			}
			prev = id
		}
	}
}

// TestGenerateJSON checks --json for new ULIDs: what inspect --json
// prints of each, with --v7 and without.
func TestGenerateJSON(t *testing.T) {
	// No randomness with -z: the exact lines.
	for _, tc := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"--json", "--time", "1469918176385", "-z"}, nil,
			`{"ulid":"01ARYZ6S410000000000000000","time":"2016-07-30T22:36:16.385Z","unix_ms":1469918176385,"entropy":"00000000000000000000",` +
				`"uuid":"01563df3-6481-0000-0000-000000000000","uuidv7":false}` + "\n"},
		{[]string{"generate", "--v7", "--json", "--time", "1469918176385", "-z", "-n", "2"}, nil,
			`{"ulid":"01ARYZ6S41E008000000000000","time":"2016-07-30T22:36:16.385Z","unix_ms":1469918176385,"entropy":"70008000000000000000",` +
				`"uuid":"01563df3-6481-7000-8000-000000000000","uuidv7":true}` + "\n" +
				`{"ulid":"01ARYZ6S41E008000000000001","time":"2016-07-30T22:36:16.385Z","unix_ms":1469918176385,"entropy":"70008000000000000001",` +
				`"uuid":"01563df3-6481-7000-8000-000000000001","uuidv7":true}` + "\n"},
		{[]string{"--v7", "--json", "--local", "--time", "1469918176385", "-z"}, []string{"TZ=Asia/Kolkata"},
			`{"ulid":"01ARYZ6S41E008000000000000","time":"2016-07-31T04:06:16.385+05:30","unix_ms":1469918176385,"entropy":"70008000000000000000",` +
				`"uuid":"01563df3-6481-7000-8000-000000000000","uuidv7":true}` + "\n"},
		{[]string{"--json", "-n", "0", "--v7"}, nil, ""},
	} {
		if !zoneAvailable(t, tc.env) {
			continue
		}
		r := runEnv(t, "", tc.env, tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout\n%s\nwant\n%s", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}

	// With randomness: each object's fields agree with its ULID, every
	// one is a UUIDv7, and they increase.
	for _, tc := range []struct {
		args []string
		ms   int64 // the timestamp of every ULID; -1 for now
	}{
		{[]string{"--v7", "--json", "-n", "1000"}, -1},
		{[]string{"--v7", "--json", "--time", "2026-06-23T10:30:00Z", "-n", "1000"}, 1782210600000},
	} {
		args := tc.args
		before := time.Now().UnixMilli()
		r := runCmd(t, "", args...)
		after := time.Now().UnixMilli()
		if tc.ms >= 0 {
			before, after = tc.ms, tc.ms
		}
		got := lines(r.stdout)
		if r.code != 0 || r.stderr != "" || len(got) != 1000 {
			t.Fatalf("%q: exit %d, stderr %q, %d lines", args, r.code, r.stderr, len(got))
		}
		var prev ulid.ULID
		for i, line := range got {
			var v info
			dec := json.NewDecoder(strings.NewReader(line))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&v); err != nil {
				t.Fatalf("%q: line %d %q: %v", args, i, line, err)
			}
			id, err := ulid.ParseStrict(v.ULID)
			e := id.Entropy()
			if err != nil || !v.UUIDv7 || !id.IsUUIDv7() || !isV7Text(v.UUID) || v.UUID != id.UUIDString() ||
				v.UnixMS != id.Timestamp() || v.Time != id.Time().Format("2006-01-02T15:04:05.000Z07:00") || v.Entropy != hex.EncodeToString(e[:]) {
				t.Fatalf("%q: line %d: %+v (%v)", args, i, v, err)
			}
			if int64(v.UnixMS) < before || int64(v.UnixMS) > after {
				t.Fatalf("%q: line %d at %d ms, not between %d and %d", args, i, v.UnixMS, before, after)
			}
			if i > 0 && id.Compare(prev) <= 0 {
				t.Fatalf("%q: line %d: %s is not after %s", args, i, id, prev)
			}
			prev = id
		}
	}
}

// TestInspectV7 checks inspect's uuidv7 field, in text, JSON and -f,
// against RFC 9562's example and the test vector, and against bit patterns
// one bit away from a UUIDv7, so that it is true exactly when bits 48-51
// are 0111 and bits 64-65 are 10.
func TestInspectV7(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{rfcULID}, rfcText},
		{[]string{"inspect", rfcUUID}, rfcText},
		{[]string{"inspect", strings.ToLower(rfcULID), specULID}, rfcText + "\n" + specText},
		{[]string{"--json", rfcULID, specUUID}, `{"ulid":"01FWHE4YDGFK1SHH6W1G60EECF","time":"2022-02-22T19:22:22.000Z","unix_ms":1645557742000,` +
			`"entropy":"7cc398c4dc0c0c07398f","uuid":"017f22e2-79b0-7cc3-98c4-dc0c0c07398f","uuidv7":true}` + "\n" +
			`{"ulid":"01ARYZ6S41TSV4RRFFQ69G5FAV","time":"2016-07-30T22:36:16.385Z","unix_ms":1469918176385,` +
			`"entropy":"d6764c61efb99302bd5b","uuid":"01563df3-6481-d676-4c61-efb99302bd5b","uuidv7":false}` + "\n"},
		{[]string{"-f", "uuidv7", rfcULID, specULID}, "true\nfalse\n"},
	} {
		r := runCmd(t, "", tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout\n%s\nwant\n%s", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}

	// The JSON decodes into info, with the field as a boolean.
	r := runCmd(t, "", "inspect", "--json", rfcUUID, specULID)
	var m []map[string]any
	for _, line := range lines(r.stdout) {
		var v map[string]any
		if err := json.Unmarshal([]byte(line), &v); err != nil {
			t.Fatal(err)
		}
		m = append(m, v)
	}
	if len(m) != 2 || m[0]["uuidv7"] != true || m[1]["uuidv7"] != false {
		t.Errorf("inspect --json: %v", m)
	}

	// Around the RFC's example: only version 7 with variant 10 is a UUIDv7.
	cases := []struct {
		uuid string
		want bool
	}{
		{"017f22e2-79b0-7cc3-98c4-dc0c0c07398f", true},
		{"017f22e2-79b0-7cc3-a8c4-dc0c0c07398f", true},  // variant digit a: 1010
		{"017f22e2-79b0-7cc3-b8c4-dc0c0c07398f", true},  // b: 1011
		{"017f22e2-79b0-7cc3-78c4-dc0c0c07398f", false}, // 0111: variant 0
		{"017f22e2-79b0-7cc3-c8c4-dc0c0c07398f", false}, // 1100: variant 110
		{"017f22e2-79b0-6cc3-98c4-dc0c0c07398f", false}, // version 6
		{"017f22e2-79b0-fcc3-98c4-dc0c0c07398f", false}, // version 15
		{"017f22e2-79b0-4cc3-98c4-dc0c0c07398f", false}, // version 4
		{"00000000-0000-0000-0000-000000000000", false},
		{"ffffffff-ffff-ffff-ffff-ffffffffffff", false},
		{"00000000-0000-7000-8000-000000000000", true},
		{"ffffffff-ffff-7fff-bfff-ffffffffffff", true},
	}
	var stdin, want strings.Builder
	for _, c := range cases {
		stdin.WriteString(c.uuid + "\n")
		want.WriteString(strconv.FormatBool(c.want) + "\n")
	}
	r = runCmd(t, stdin.String(), "-f", "uuidv7", "-")
	if r.code != 0 || r.stderr != "" || r.stdout != want.String() {
		t.Errorf("-f uuidv7: exit %d, stderr %q, stdout\n%s\nwant\n%s", r.code, r.stderr, r.stdout, want.String())
	}
}
