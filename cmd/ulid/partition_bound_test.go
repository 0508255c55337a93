package main

import (
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// TestPartitionBoundInGuide runs the command docs/partitioning.md gives for
// the literal bound of a MariaDB partition, and checks that it prints Go's
// ulid.MinAt of the time, in hex once tr drops the dashes, and that this is
// the literal the guide's CREATE TABLE uses.
func TestPartitionBoundInGuide(t *testing.T) {
	b, err := os.ReadFile("../../docs/partitioning.md")
	if err != nil {
		t.Fatal(err)
	}
	guide := string(b)
	m := regexp.MustCompile("(?m)^ulid (.*) \\| tr -d -$").FindStringSubmatch(guide)
	if m == nil {
		t.Fatal("no `ulid ... | tr -d -` line in docs/partitioning.md")
	}
	args := strings.Fields(m[1])
	r := runCmd(t, "", args...)
	if r.code != 0 || r.stderr != "" {
		t.Fatalf("ulid %s: exit %d, %q", m[1], r.code, r.stderr)
	}
	hex := strings.ReplaceAll(strings.TrimSuffix(r.stdout, "\n"), "-", "")

	at := ""
	for i, a := range args {
		if a == "--time" && i+1 < len(args) {
			at = args[i+1]
		}
	}
	tm, err := time.Parse(time.RFC3339, at)
	if err != nil {
		t.Fatalf("--time in the guide: %v", err)
	}
	want, err := ulid.MinAt(uint64(tm.UnixMilli()))
	if err != nil {
		t.Fatal(err)
	}
	if w := fmt.Sprintf("%x", want[:]); hex != w {
		t.Fatalf("ulid %s | tr -d - prints %s; MinAt gives %s", m[1], hex, w)
	}
	if literal := "0x" + strings.ToUpper(hex); !strings.Contains(guide, "VALUES LESS THAN ("+literal+")") {
		t.Errorf("the guide's CREATE TABLE does not use %s", literal)
	}
}
