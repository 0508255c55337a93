package main

import (
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
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
			before := time.Now().UnixMilli()
			r := runCmd(t, "", nil, tc.args...)
			after := time.Now().UnixMilli()
			got := lines(r.stdout)
			if r.code != 0 || r.stderr != "" || len(got) != tc.n {
				t.Fatalf("exit %d, stderr %q, %d lines, want %d", r.code, r.stderr, len(got), tc.n)
			}
			var prev ulid.ULID
			for i, line := range got {
				var id ulid.ULID
				var err error
				var text string
				switch tc.form {
				case "upper":
					id, err = ulid.ParseStrict(line)
					text = id.String()
				case "lower":
					id, err = ulid.ParseStrict(line)
					text = strings.ToLower(id.String())
				case "uuid":
					id, err = ulid.ParseUUID(line)
					text = id.UUIDString()
				}
				if err != nil || line != text {
					t.Fatalf("line %d %q: %v", i, line, err)
				}
				if !id.IsUUIDv7() || !isV7Text(id.UUIDString()) {
					t.Fatalf("line %d %q: %s is not a UUIDv7", i, line, id.UUIDString())
				}
				if tc.ms >= 0 {
					if id.Timestamp() != uint64(tc.ms) {
						t.Errorf("line %d: timestamp %d, want %d", i, id.Timestamp(), tc.ms)
					}
				} else if ms := int64(id.Timestamp()); ms < before || ms > after {
					t.Errorf("line %d: timestamp %d is not between %d and %d", i, ms, before, after)
				}
				if i > 0 && id.Compare(prev) <= 0 {
					t.Fatalf("line %d: %s is not after %s", i, id, prev)
				}
				prev = id
			}
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
		r := runCmd(t, "", nil, tc.args...)
		if r.code != 0 || r.stderr != "" || r.stdout != tc.want {
			t.Errorf("%q: exit %d, stderr %q, stdout %q; want %q", tc.args, r.code, r.stderr, r.stdout, tc.want)
		}
	}
}
