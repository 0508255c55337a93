package integration

// Tests of the SQL kit's typed public ID functions, in
// sql/postgres/ulid_public_id.sql and sql/mariadb/ulid_public_id.sql
// (docs/public-ids.md, "Typed public IDs"), against the real servers and this
// package's typed Masker, and of MariaDB's HMAC-SHA-256, which the kit makes
// of SHA2, against Python's hmac module.

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math/rand/v2"
	"os/exec"
	"strings"
	"testing"
)

// TestMariaDBHMACSHA256 checks the kit's _ulid_hmac_sha256, which MariaDB
// lacks and the kit builds of SHA2 (RFC 2104), against Python's hmac module
// and Go's crypto/hmac: keys of 0 to 130 bytes (shorter than SHA-256's block
// of 64, as long, and longer, which HMAC hashes first) and messages of 0 to
// 200 bytes, every byte value among them.
func TestMariaDBHMACSHA256(t *testing.T) {
	db := openSQL(t, "mysql", installMariaDBPublicID(t))
	ctx := testContext(t)
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	rng := rand.New(rand.NewPCG(33, 1))
	type pair struct{ key, msg []byte }
	var pairs []pair
	for n := range 131 {
		pairs = append(pairs, pair{randomKey(rng, n), randomKey(rng, rng.IntN(201))})
	}
	for n := range 201 {
		pairs = append(pairs, pair{randomKey(rng, 16), randomKey(rng, n)})
	}
	all := make([]byte, 256)
	for i := range all {
		all[i] = byte(i)
	}
	pairs = append(pairs, pair{all[:64], all}, pair{all[192:], all[:0]}, pair{[]byte{}, []byte{}})

	const script = `import hashlib, hmac, sys
for line in sys.stdin:
    key, msg = (bytes.fromhex(x) for x in line.split(":"))
    print(hmac.new(key, msg, hashlib.sha256).hexdigest())`
	var in strings.Builder
	for _, p := range pairs {
		in.WriteString(hex.EncodeToString(p.key) + ":" + hex.EncodeToString(p.msg) + "\n")
	}
	cmd := exec.Command(python, "-c", script)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	fromPython := strings.Fields(string(out))
	if len(fromPython) != len(pairs) {
		t.Fatalf("python3 gave %d lines for %d pairs", len(fromPython), len(pairs))
	}
	for i, p := range pairs {
		var got []byte
		if err := db.QueryRowContext(ctx, "SELECT _ulid_hmac_sha256(?, ?)", p.key, p.msg).Scan(&got); err != nil {
			t.Fatal(err)
		}
		mac := hmac.New(sha256.New, p.key)
		mac.Write(p.msg)
		if hex.EncodeToString(got) != fromPython[i] || !hmac.Equal(got, mac.Sum(nil)) {
			t.Errorf("key of %d bytes, message of %d: MariaDB %x, Python %s, Go %x", len(p.key), len(p.msg), got, fromPython[i], mac.Sum(nil))
		}
	}
	var nulls int
	if err := db.QueryRowContext(ctx, "SELECT (_ulid_hmac_sha256(NULL, 'm') IS NULL) + (_ulid_hmac_sha256('k', NULL) IS NULL)").Scan(&nulls); err != nil || nulls != 2 {
		t.Errorf("NULL arguments: %d NULL results, %v; want 2", nulls, err)
	}
}
