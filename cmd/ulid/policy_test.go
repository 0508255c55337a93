package main

import (
	"regexp"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// TestInputPolicy runs inspect, convert and validate on the same inputs,
// as arguments and as lines of standard input, and checks that they agree
// on what is valid: white space around an ID is trimmed, UUID text is an
// ID unless --ulid-only, text is UUID text by its shape (not its length)
// and then gets UUID errors, and the errors name the offset in the input.
func TestInputPolicy(t *testing.T) {
	type policyCase struct {
		name  string
		in    string
		flags []string
		uuid  bool   // the input is UUID text: convert prints the ULID
		err   string // the reason it is invalid, or "" if valid
	}
	cases := map[string][]policyCase{} // by flags
	for _, tc := range []policyCase{
		{name: "padded like psql", in: " " + specULID},
		{name: "tabs and trailing spaces", in: "\t" + specULID + "  "},
		{name: "no-break space and BOM", in: "\ufeff" + specULID + "\u00a0"},
		{name: "lower case", in: "  01aryz6s41tsv4rrffq69g5fav"},
		{name: "UUID", in: specUUID, uuid: true},
		{name: "padded UUID", in: " " + strings.ToUpper(specUUID) + " ", uuid: true},
		{name: "UUID in braces", in: "{" + specUUID + "}", uuid: true},
		{name: "UUID URN", in: "urn:uuid:" + specUUID, uuid: true},
		{name: "UUID hex", in: "01563df36481d6764c61efb99302bd5b", uuid: true},
		{name: "UUID with --ulid-only", in: specUUID, flags: []string{"--ulid-only"}, err: "invalid length 36 bytes, want 26"},
		{name: "ULID with --ulid-only", in: " " + specULID, flags: []string{"--ulid-only"}},
		{name: "inner space", in: "01ARYZ6S41 TSV4RRFFQ69G5FAV", err: "invalid length 27 bytes, want 26 (a line holds one ID, and this one has a space at offset 10)"},
		{name: "padded bad character", in: "  01ARYZ6S41TSV4RRFFQ69G5FAU", err: "invalid character 'U' at offset 27"},
		{name: "malformed UUID", in: "01563df3-6481-d676-4c61efb99302bd5b", err: "invalid UUID text length 35 bytes, want 36 for the form with hyphens"},
		{name: "truncated UUID", in: "01563df3-6481-d676-4c61-efb99302bd", err: "invalid UUID text length 34 bytes, want 36 for the form with hyphens"},
		{name: "malformed UUID, --ulid-only", in: "01563df3-6481-d676-4c61efb99302bd5b", flags: []string{"--ulid-only"}, err: "invalid length 35 bytes, want 26"},
		{name: "bad UUID digit", in: " " + specUUID[:35] + "x", err: "invalid UUID text: character 'x' at offset 36, want a hex digit"},
		// UUID text by its shape, whatever its length: a prefix, the 8-4
		// start of the layout, or hex digits and hyphens.
		{name: "UUID URN in upper case", in: "URN:UUID:" + strings.ToUpper(specUUID), uuid: true},
		{name: "UUID and a comma", in: specUUID + ",", err: "invalid UUID text length 37 bytes, want 36 for the form with hyphens (a line holds one ID, and this one has a comma at offset 36)"},
		{name: "UUID with O for 0", in: "O" + specUUID[1:], err: "invalid UUID text: character 'O' at offset 0, want a hex digit"},
		{name: "UUID in a brace", in: "{" + specUUID, err: uuidReason("{" + specUUID)},
		{name: "UUID hex, 31 digits", in: "01563df36481d6764c61efb99302bd5", err: "invalid UUID text length 31 bytes, want 36 (or 32, 38, 45)"},
		// Other text gets the ULID error, and at a UUID's length (32, 36,
		// 38, 45) the UUID error too, which shows a UUID's typo.
		{name: "UUID hex with a g", in: "01563df36481d6764c61efb99302bd5g",
			err: "invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 31, want a hex digit"},
		{name: "UUID hex with O for 0", in: "O1563df36481d6764c61efb99302bd5b",
			err: "invalid length 32 bytes, want 26; as UUID text: character 'O' at offset 0, want a hex digit"},
		{name: "padded UUID hex with a g", in: "\ufeff01563df36481d6764c61efb99302bd5g ",
			err: "invalid length 32 bytes, want 26; as UUID text: character 'g' at offset 34, want a hex digit"},
		{name: "UUID hex with a g, --ulid-only", in: "01563df36481d6764c61efb99302bd5g", flags: []string{"--ulid-only"}, err: "invalid length 32 bytes, want 26"},
		{name: "sentence of 36 bytes", in: "this is not an id, it is a sentence!",
			err: "invalid length 36 bytes, want 26; as UUID text: character 't' at offset 0, want a hex digit (a line holds one ID, and this one has a space at offset 4)"},
		{name: "ULID and junk, 32 bytes", in: specULID + "XXXXXX",
			err: "invalid length 32 bytes, want 26; as UUID text: character 'R' at offset 3, want a hex digit"},
		{name: "ULID and junk, 29 bytes", in: specULID + "XXX", err: "invalid length 29 bytes, want 26"},
		{name: "CSV row", in: specUUID + ",ok", err: "invalid UUID text length 39 bytes, want 36 for the form with hyphens (a line holds one ID, and this one has a comma at offset 36)"},
		{name: "TSV row with padding", in: "  " + specULID + "\tsignup", err: "invalid length 33 bytes, want 26 (a line holds one ID, and this one has a tab at offset 28)"},
		{name: "semicolon list", in: specULID + ";01", err: "invalid length 29 bytes, want 26 (a line holds one ID, and this one has a semicolon at offset 26)"},
		{name: "ULID with a hyphen at byte 8", in: "01ARYZ6S-1TSV4RRFFQ69G5FAV", err: "invalid character '-' at offset 8"},
		{name: "quoted UUID", in: `"` + specUUID + `"`, err: `invalid length 38 bytes, want 26; as UUID text: character '"' at offset 0, want '{'`},
	} {
		key := strings.Join(tc.flags, " ")
		cases[key] = append(cases[key], tc)
	}
	// One run per command, set of flags and way in, with every case of
	// that set: the command starts a few times rather than once a case,
	// which matters under emulation.
	for _, group := range cases {
		flags := group[0].flags
		for _, cmd := range []string{"inspect", "convert", "validate"} {
			for _, viaStdin := range []bool{false, true} {
				args := append([]string{cmd}, flags...)
				var stdin, stdout, stderr strings.Builder
				bad := 0
				if !viaStdin {
					args = append(args, "--")
				}
				for i, tc := range group {
					where := "argument " + strconv.Itoa(i+1)
					if viaStdin {
						stdin.WriteString("\r\n" + tc.in + "\r\n") // blank lines are skipped
						where = "line " + strconv.Itoa(2*i+2)
					} else {
						args = append(args, tc.in)
					}
					if tc.err != "" {
						bad++
						msg := where + ": " + toolinput.Quote(tc.in) + ": " + tc.err + "\n" // each in is at most 40 bytes
						if cmd == "validate" {
							stdout.WriteString(msg)
						} else {
							stderr.WriteString("ulid: " + msg)
						}
						continue
					}
					switch {
					case cmd == "inspect":
						if stdout.Len() > 0 {
							stdout.WriteString("\n")
						}
						stdout.WriteString(specText)
					case cmd == "convert" && tc.uuid:
						stdout.WriteString(specULID + "\n")
					case cmd == "convert":
						stdout.WriteString(specUUID + "\n")
					}
				}
				code := 0
				if bad > 0 {
					code = 1
					if cmd == "validate" {
						stderr.WriteString("ulid: " + strconv.Itoa(bad) + " of " + strconv.Itoa(len(group)) + " IDs invalid\n")
					}
				}
				r := runCmd(t, stdin.String(), args...)
				if r.code != code || r.stdout != stdout.String() || r.stderr != stderr.String() {
					t.Errorf("%q (stdin %v): exit %d, want %d\nstdout %q\nwant   %q\nstderr %q\nwant   %q",
						args, viaStdin, r.code, code, r.stdout, stdout.String(), r.stderr, stderr.String())
				}
			}
		}
	}
}

// uuidReason returns the reason ulid.ParseUUID gives for s, which must be
// invalid, without the package's prefix, for cases whose wording is the
// library's to choose.
func uuidReason(s string) string {
	_, err := ulid.ParseUUID(s)
	return strings.TrimPrefix(err.Error(), "ulid: ")
}

// TestField checks -f, one line per ID, with each name it takes.
func TestField(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"-f", "ms", specULID}, nil, "1469918176385\n"},
		{[]string{"inspect", "-f", "unix_ms", specULID}, nil, "1469918176385\n"},
		{[]string{"-f", "unix", specULID}, nil, "1469918176\n"},
		{[]string{"-f", "rfc3339", specULID}, nil, specTime + "\n"},
		{[]string{"-f", "time", specULID, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"}, nil, specTime + "\n10889-08-02T05:31:50.655Z\n"},
		{[]string{"--format=uuid", specULID}, nil, specUUID + "\n"},
		{[]string{"-f", "entropy", specULID}, nil, specEntropy + "\n"},
		{[]string{"-f", "ULID", "olaryz6s41tsv4rrffq69g5fav", specUUID}, nil, specULID + "\n" + specULID + "\n"},
		{[]string{"-l", "-f", "rfc3339", specULID}, []string{"TZ=Asia/Kolkata"}, "2016-07-31T04:06:16.385+05:30\n"},
		{[]string{"-f", "time", "--local", specULID}, []string{"TZ=Asia/Kolkata"}, "2016-07-31T04:06:16.385+05:30\n"},
		{[]string{"inspect", "-f", "ms", "-"}, nil, "1469918176385\n0\n"},
		{[]string{"-f", "ulid", "-f", "ms", specULID}, nil, "1469918176385\n"}, // the last -f wins
		{[]string{"--format", "RFC3339", specULID}, nil, specTime + "\n"},
	} {
		if !zoneAvailable(t, tc.env) {
			continue
		}
		r := runEnv(t, specULID+"\n00000000000000000000000000\n", tc.env, tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want %q", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}

	// An invalid ID prints no line; stdout stays one value per valid ID.
	r := runCmd(t, "", "-f", "ms", "01ARYZ6S41TSV4RRFFQ69G5FAU", specULID)
	if r.code != 1 || r.stdout != "1469918176385\n" || !strings.Contains(r.stderr, "offset 25") {
		t.Errorf("-f with an invalid ID: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	const names = "want one of ulid, time (or rfc3339), unix_ms (or ms), unix, entropy, uuid, uuidv7\n"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-f", "bogus", specULID}, `invalid value "bogus" for flag -f: ` + names},
		{[]string{"-f", "default", specULID}, `invalid value "default" for flag -f: oklog's default layout (Mon Jan 02 15:04:05.999 MST 2006) ` +
			"is not offered, as its zone abbreviation cannot be read back; use -f time for the time in RFC 3339\n"},
		{[]string{"-f", "DEFAULT", specULID}, "oklog's default layout"},
		{[]string{"-f", "ms", "--json", specULID}, "--json and -f cannot be combined"},
		{[]string{"-f", "Monday", specULID}, `invalid value "Monday" for flag -f: ` + names},
		{[]string{"-f", "", specULID}, `invalid value "" for flag -f: ` + names},
		// No value is a Go time layout: these once printed the time in
		// one, RFC1010109Nano for RFC3339Nano, and exited 0.
		{[]string{"-f", "RFC3339Nano", specULID}, `invalid value "RFC3339Nano" for flag -f: ` + names},
		{[]string{"-f", "ISO8601", specULID}, `invalid value "ISO8601" for flag -f: ` + names},
		{[]string{"-f", "rfc3339 ", specULID}, `invalid value "rfc3339 " for flag -f: ` + names},
		{[]string{"-f", "ms1", specULID}, `invalid value "ms1" for flag -f: ` + names},
		{[]string{"-f", "1", specULID}, `invalid value "1" for flag -f: ` + names},
		{[]string{"-f", "2006-01-02", specULID}, `invalid value "2006-01-02" for flag -f: ` + names},
		{[]string{"--format=15:04 MST", "--local", specULID}, `invalid value "15:04 MST" for flag -format: ` + names},
		{[]string{"-f", "2006-01-02", "-f", "ms", specULID}, `invalid value "2006-01-02" for flag -f: ` + names},
		{[]string{"inspect", "-f", "RFC3339Nano", "-"}, `invalid value "RFC3339Nano" for flag -f: ` + names},
		// Nor when generating.
		{[]string{"-f", "RFC3339Nano"}, `invalid value "RFC3339Nano" for flag -f: ` + names},
		{[]string{"--time", "2026-06-23T10:30:00Z", "-f", "1"}, `invalid value "1" for flag -f: ` + names},
		{[]string{"generate", "-n", "3", "-f", "ISO8601"}, `invalid value "ISO8601" for flag -f: ` + names},
		{[]string{"-f", "2006-01-02", "--json", specULID}, `invalid value "2006-01-02" for flag -f: ` + names},
		{[]string{"convert", "-f", "ms", specULID}, "flag provided but not defined: -f"},
		// -f and -l with no ID apply to the new ULIDs (see TestGenerateField);
		// the flags that only inspect still need IDs.
		{[]string{"--strict"}, "--strict inspects IDs"},
		{[]string{"-f", "ms", "--ulid-only"}, "--ulid-only inspects IDs"},
		{[]string{"-f", "ms", "--uuid"}, "--uuid and -f cannot be combined"},
		{[]string{"generate", "--lower", "-f", "ulid"}, "--lower and -f cannot be combined"},
		{[]string{"generate", "--json", "-f", "ms"}, "--json and -f cannot be combined"},
		{[]string{"validate", "--v7"}, "flag provided but not defined: -v7"},
	} {
		r := runCmd(t, specULID+"\n", tc.args...)
		if r.code != 2 || r.stdout != "" || !strings.Contains(r.stderr, tc.want) || !strings.HasSuffix(r.stderr, synopsis()) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}
}

// TestGenerateField checks -f and --local with no ID: they print the field
// of each new ULID, one line each, with -n, --time and -z as for ULIDs.
func TestGenerateField(t *testing.T) {
	const at = "2026-06-23T10:30:00Z"
	for _, tc := range []struct {
		args []string
		env  []string
		want string
	}{
		{[]string{"--time", at, "-f", "ms"}, nil, "1782210600000\n"},
		{[]string{"--time", at, "-f", "time", "-n", "2"}, nil, "2026-06-23T10:30:00.000Z\n2026-06-23T10:30:00.000Z\n"},
		{[]string{"--time", "@1469918176.385", "-f", "unix"}, nil, "1469918176\n"},
		{[]string{"generate", "--time", at, "-f", "rfc3339", "--local"}, []string{"TZ=Asia/Kolkata"}, "2026-06-23T16:00:00.000+05:30\n"},
		{[]string{"-l", "-f", "time", "--time", at}, []string{"TZ=Asia/Kolkata"}, "2026-06-23T16:00:00.000+05:30\n"},
		{[]string{"--time", "1469918176385", "-z", "-n", "3", "-f", "ulid"}, nil,
			"01ARYZ6S410000000000000000\n01ARYZ6S410000000000000001\n01ARYZ6S410000000000000002\n"},
		{[]string{"--time", "1469918176385", "-z", "-f", "uuid"}, nil, "01563df3-6481-0000-0000-000000000000\n"},
		{[]string{"--time", "1469918176385", "-z", "-n", "2", "-f", "entropy"}, nil, "00000000000000000000\n00000000000000000001\n"},
		{[]string{"-n", "0", "-f", "ms"}, nil, ""},
	} {
		if !zoneAvailable(t, tc.env) {
			continue
		}
		r := runEnv(t, "", tc.env, tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want %q", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}

	// For now: ulid -f ms is the time of a new ULID, and -n 3 -f uuid
	// three new ULIDs as UUID text, in increasing order.
	before := time.Now().UnixMilli()
	ms := runCmd(t, "", "-f", "ms")
	uuids := runCmd(t, "", "-n", "3", "-f", "uuid")
	plain := runCmd(t, "", "-l")
	after := time.Now().UnixMilli()
	if n, err := strconv.ParseInt(strings.TrimSuffix(ms.stdout, "\n"), 10, 64); ms.code != 0 || err != nil || n < before || n > after {
		t.Errorf("-f ms: exit %d, stdout %q, stderr %q; want a time from %d to %d", ms.code, ms.stdout, ms.stderr, before, after)
	}
	var prev ulid.ULID
	for i, line := range lines(uuids.stdout) {
		id, err := ulid.ParseUUID(line)
		if err != nil || line != id.UUIDString() || (i > 0 && id.Compare(prev) <= 0) || int64(id.Timestamp()) < before || int64(id.Timestamp()) > after {
			t.Errorf("-n 3 -f uuid: line %d %q (%v)", i, line, err)
		}
		prev = id
	}
	if uuids.code != 0 || len(lines(uuids.stdout)) != 3 {
		t.Errorf("-n 3 -f uuid: exit %d, stdout %q, stderr %q", uuids.code, uuids.stdout, uuids.stderr)
	}
	// --local alone changes nothing: a ULID has no time zone.
	if _, err := ulid.ParseStrict(strings.TrimSuffix(plain.stdout, "\n")); plain.code != 0 || err != nil {
		t.Errorf("-l: exit %d, stdout %q, stderr %q", plain.code, plain.stdout, plain.stderr)
	}
}

// TestTimeForms checks the forms --time takes through the command: @ and
// seconds, the seconds rule, and every time the command prints.
func TestTimeForms(t *testing.T) {
	for _, tc := range []struct {
		time string
		ms   uint64
	}{
		{"@1469918176.385", specMS},
		{"@1796113133.5", 1796113133500},
		{"2016-07-30t22:36:16.385z", specMS},
		{"10889-08-02T05:31:50.655Z", ulid.MaxTimestamp},
		{"10889-08-02T11:01:50.655+05:30", ulid.MaxTimestamp},
		// date --rfc-3339=seconds and =ns: a space for the T.
		{"2026-12-01 11:13:24+00:00", 1796123604000},
		{"2026-12-01 16:43:24.123456789+05:30", 1796123604123},
	} {
		r := runCmd(t, "", "--time", tc.time, "-n", "2")
		got := lines(r.stdout)
		if r.code != 0 || r.stderr != "" || len(got) != 2 {
			t.Errorf("--time %s: exit %d, stderr %q, stdout %q", tc.time, r.code, r.stderr, r.stdout)
			continue
		}
		for _, line := range got {
			if id, err := ulid.ParseStrict(line); err != nil || id.Timestamp() != tc.ms {
				t.Errorf("--time %s: %s has %d ms (%v), want %d", tc.time, line, id.Timestamp(), err, tc.ms)
			}
		}
	}

	// Seconds are never read as 1970 milliseconds.
	r := runCmd(t, "", "--time", "1796113133")
	want := `ulid: invalid value "1796113133" for flag -time: 1796113133 is ambiguous: as Unix milliseconds it is 1970-01-21T18:55:13.133Z, ` +
		"as Unix seconds 2026-12-01T08:18:53.000Z; write @1796113133 for seconds, or the time in RFC 3339\n"
	if r.code != 2 || r.stdout != "" || r.stderr != want+synopsis() {
		t.Errorf("--time 1796113133: exit %d, stdout %q, stderr %q", r.code, r.stdout, r.stderr)
	}

	// Near misses: the error says what to write.
	for _, tc := range []struct{ time, want string }{
		{"2026-12-01 11:13:24.123+00", `UTC offset +00 needs minutes in "2026-12-01 11:13:24.123+00"; write +00:00`}, // psql
		{"2026-12-01 11:13:24", `no UTC offset (Z for UTC) in "2026-12-01 11:13:24"; ` + toolinput.TimeSyntax},       // psql's timestamp
		{"1796124818.121", "1796124818.121 has a fraction, which Unix milliseconds do not have; write @1796124818.121 for Unix seconds, or the time in RFC 3339"},
		// No hint suggests what is out of range.
		{"18446744073709551616.5", "18446744073709551616.5 is out of range as Unix seconds and as Unix milliseconds: " +
			"the largest a ULID holds are @281474976710.655 and 281474976710655"},
		{"281474976710.656", "281474976710.656 has a fraction, so it is not Unix milliseconds, and as Unix seconds it is out of range: " +
			"the largest a ULID holds are @281474976710.655"},
		// psql's timestamptz in a zone whose offset had seconds.
		{"1971-06-01 11:15:30.123-00:44:30", `UTC offset -00:44:30 has seconds in "1971-06-01 11:15:30.123-00:44:30", ` +
			"which RFC 3339 offsets do not have; write the time in UTC: 1971-06-01T12:00:00.123Z"},
	} {
		r := runCmd(t, "", "--time", tc.time)
		want := `ulid: invalid value "` + tc.time + `" for flag -time: ` + tc.want + "\n" + synopsis()
		if r.code != 2 || r.stdout != "" || r.stderr != want {
			t.Errorf("--time %s: exit %d, stdout %q, stderr %q; want %q", tc.time, r.code, r.stdout, r.stderr, want)
		}
	}

	// A long value is quoted cut, as IDs are, in the flag's message and
	// in the reason: 100 KiB gives one short line that says what is wrong.
	long := "2026-06-23T10:30:00." + strings.Repeat("1", 100<<10) + "+00"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--time", long}, `ulid: invalid value "2026-06-23T10:30:00.11111111111111111111"... for flag -time: ` +
			`UTC offset +00 needs minutes in "2026-06-23T10:30:00.11111111111111111111"...; write +00:00`},
		{[]string{"--time", strings.Repeat("x", 100<<10)}, `ulid: invalid value "` + strings.Repeat("x", 40) + `"... for flag -time: ` + toolinput.TimeSyntax},
		{[]string{"-n", strings.Repeat("9", 100<<10)}, `ulid: invalid value "` + strings.Repeat("9", 40) + `"... for flag -n: out of range: want from 0 to 9223372036854775807`},
		{[]string{"-f", strings.Repeat("x", 100<<10), specULID}, `ulid: invalid value "` + strings.Repeat("x", 40) + `"... for flag -f: want one of`},
		{[]string{"inspect", "--json=" + strings.Repeat("x", 100<<10), specULID}, `ulid: invalid boolean value "` + strings.Repeat("x", 40) + `"... for -json: parse error`},
	} {
		r := runCmd(t, "", tc.args...)
		first, rest, _ := strings.Cut(r.stderr, "\n")
		if r.code != 2 || r.stdout != "" || !strings.HasPrefix(first, tc.want) || len(first) > 300 || rest != synopsis() {
			t.Errorf("%.20q...: exit %d, stdout %q, stderr %.400q; want a line that starts %q", tc.args, r.code, r.stdout, r.stderr, tc.want)
		}
	}

	// What inspect prints, --time reads back: the time (UTC and local,
	// the five-digit year included), ms and seconds. (Lower case and the
	// other forms are in toolinput's tests, which need no command run.)
	env := []string{"TZ=Asia/Kolkata"}
	if _, err := time.LoadLocation("Asia/Kolkata"); err != nil {
		env = []string{"TZ=UTC"}
	}
	ids := []string{specULID, "7ZZZZZZZZZZZZZZZZZZZZZZZZZ", "01KVT0F720ZK9N4T2QX7VR8WMC"}
	for _, args := range [][]string{{"-f", "time"}, {"-f", "time", "--local"}, {"-f", "ms"}, {"-f", "unix"}} {
		r := runCmd(t, "", append(args, ids...)...)
		if slices.Contains(args, "--local") {
			r = runEnv(t, "", env, append(args, ids...)...)
		}
		printed := lines(r.stdout)
		if r.code != 0 || len(printed) != len(ids) {
			t.Fatalf("%q: exit %d, stdout %q, stderr %q", args, r.code, r.stdout, r.stderr)
		}
		for i, s := range printed {
			ms := ulid.MustParse(ids[i]).Timestamp()
			if args[1] == "unix" {
				ms, s = ms/1000*1000, "@"+s
			}
			r := runCmd(t, "", "--time", s, "-z")
			if got := strings.TrimSuffix(r.stdout, "\n"); r.code != 0 || got != ulid.MustNew(ms, strings.NewReader("\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00")).String() {
				t.Errorf("--time %s -z: exit %d, stdout %q, stderr %q; want the time of %s", s, r.code, r.stdout, r.stderr, ids[i])
			}
		}
	}
}

// TestReadBackLimits pins where printed values do not read back with
// --time, as docs/cli.md says: -f ms of a time before 10^11 ms and -f unix
// without @.
func TestReadBackLimits(t *testing.T) {
	// output returns what ulid prints for args.
	output := func(args ...string) string {
		r := runCmd(t, "", args...)
		if r.code != 0 {
			t.Fatalf("%q: exit %d, stderr %q", args, r.code, r.stderr)
		}
		return strings.TrimSuffix(r.stdout, "\n")
	}
	// timeOf returns the time --time s gives a ULID, or the error.
	timeOf := func(s string) (uint64, string) {
		r := runCmd(t, "", "--time", s)
		if r.code != 0 {
			return 0, r.stderr
		}
		return ulid.MustParse(strings.TrimSuffix(r.stdout, "\n")).Timestamp(), ""
	}
	const early = "0019HY97KV0000000000000000" // 1971-06-01T12:00:00.123Z
	if ms := output("-f", "ms", early); ms != "44625600123" {
		t.Fatalf("-f ms %s = %s", early, ms)
	} else if _, err := timeOf(ms); !strings.Contains(err, "44625600123 is ambiguous") {
		t.Errorf("--time %s: %q, want the ambiguity error", ms, err)
	}
	if got, err := timeOf(output("-f", "ms", "00000000000000000000000000")); got != 0 || err != "" {
		t.Errorf("--time 0: %d, %q", got, err)
	}
	if got, err := timeOf(output("-f", "time", early)); got != 44625600123 || err != "" {
		t.Errorf("-f time of %s reads back as %d, %q", early, got, err)
	}
	// Seconds of 10^11 or more, without @, are read as milliseconds.
	const late = "7ZZZZZZZZZZZZZZZZZZZZZZZZZ"
	unix := output("-f", "unix", late)
	if got, err := timeOf(unix); unix != "281474976710" || got != 281474976710 || err != "" {
		t.Errorf("--time %s: %d, %q", unix, got, err)
	}
	if got, err := timeOf("@" + unix); got != ulid.MaxTimestamp/1000*1000 || err != "" {
		t.Errorf("--time @%s: %d, %q", unix, got, err)
	}
}

// TestOklogFlags checks the flags of oklog/ulid's command: -z, -q, -l and
// -f (see TestField and TestGenerateField), with the meaning they have
// there.
func TestOklogFlags(t *testing.T) {
	r := runCmd(t, "", "--time", "1469918176385", "-z", "-n", "3")
	want := "01ARYZ6S410000000000000000\n01ARYZ6S410000000000000001\n01ARYZ6S410000000000000002\n"
	if r.code != 0 || r.stderr != "" || r.stdout != want {
		t.Errorf("-z -n 3: exit %d, stderr %q, stdout %q", r.code, r.stderr, r.stdout)
	}
	before := time.Now().UnixMilli()
	r = runCmd(t, "", "--zero", "--uuid")
	after := time.Now().UnixMilli()
	id, err := ulid.ParseUUID(strings.TrimSuffix(r.stdout, "\n"))
	if ms := int64(id.Timestamp()); r.code != 0 || err != nil || id.Entropy() != [10]byte{} || ms < before || ms > after {
		t.Errorf("--zero --uuid: exit %d, %q (%v): entropy %x, %d ms not in [%d, %d]", r.code, r.stdout, err, id.Entropy(), ms, before, after)
	}
	for _, q := range []string{"-q", "--quick"} {
		r = runCmd(t, "", q, "-n", "2")
		got := lines(r.stdout)
		if r.code != 0 || r.stderr != "" || len(got) != 2 || got[0] >= got[1] {
			t.Errorf("%s: exit %d, stderr %q, stdout %q", q, r.code, r.stderr, r.stdout)
		}
	}

	// -q and -z only affect generated IDs: with IDs they change nothing,
	// so that an alias such as ulid='ulid -q' still inspects.
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-q", specULID}, specText},
		{[]string{"-z", specULID}, specText},
		{[]string{specULID, "--quick", "--zero"}, specText},
		{[]string{"-q", "-f", "ms", specULID}, "1469918176385\n"},
		{[]string{"-z", "-q", "-f", "uuid", "-"}, specUUID + "\n"},
	} {
		r := runCmd(t, specULID+"\n", tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want %q", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}
	// A command after a flag, as the alias makes it, is named as such.
	r = runCmd(t, "", "-q", "inspect", specULID)
	if want := `ulid: the command "inspect" must come first, before any flag` + "\n" + synopsis(); r.code != 2 || r.stdout != "" || r.stderr != want {
		t.Errorf("-q inspect: exit %d, stdout %q, stderr %q; want %q", r.code, r.stdout, r.stderr, want)
	}
}

// TestVersion checks --version in every mode, and the version line for
// the kinds of build information a binary can carry.
func TestVersion(t *testing.T) {
	line := regexp.MustCompile(`^ulid (\(devel\)|v\S+)( \(commit [0-9a-f]{12}(, modified)?\))? go\S+ ` +
		regexp.QuoteMeta(runtime.GOOS+"/"+runtime.GOARCH) + "\n$")
	for _, args := range [][]string{{"--version"}, {"-version"}, {"generate", "--version"}, {"inspect", "--version", specULID}, {"validate", "--version"}} {
		r := runCmd(t, "", args...)
		if r.code != 0 || r.stderr != "" || !line.MatchString(r.stdout) {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", args, r.code, r.stderr, r.stdout)
		}
	}
	platform := " " + runtime.GOOS + "/" + runtime.GOARCH
	for _, tc := range []struct {
		info debug.BuildInfo
		want string
	}{
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.0"}}, "ulid v1.2.0 go1.26.8"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}}, "ulid (devel) go1.26.8"},
		{debug.BuildInfo{GoVersion: "go1.26.8"}, "ulid (devel) go1.26.8"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "f9533ff0123456789abcdef0123456789abcdef0"}, {Key: "vcs.modified", Value: "true"}}},
			"ulid (devel) (commit f9533ff01234, modified) go1.26.8"},
		{debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261201093000-f9533ff01234+dirty"}, Settings: []debug.BuildSetting{
			{Key: "vcs.revision", Value: "f9533ff0123456789abcdef0123456789abcdef0"}, {Key: "vcs.modified", Value: "true"}}},
			"ulid v0.0.0-20261201093000-f9533ff01234+dirty go1.26.8"},
	} {
		if got := versionOf(&tc.info); got != tc.want+platform {
			t.Errorf("versionOf(%+v) = %q, want %q", tc.info, got, tc.want+platform)
		}
	}
}
