package ulid

import (
	"encoding/hex"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// typedKeyCases are the master keys and prefixes on which the derivation of
// type keys is checked against implementations that are not Go's: the keys
// of testdata/publicid.json (128, 192 and 256 bits) and prefixes of 1, 4, 5,
// 10 and 63 characters.
func typedKeyCases(t *testing.T) (keys [][]byte, prefixes []string) {
	t.Helper()
	_, _, byName := readPublicIDVectors(t)
	for _, name := range []string{"k128", "k128b", "k192", "k256"} {
		keys = append(keys, byName[name])
	}
	return keys, []string{"a", "user", "order", "user_group", strings.Repeat("ab_", 20) + "xyz"}
}

// TestTypedKeyPython checks the derivation of a type's key against
// Python's hmac module: HMAC-SHA-256 of the info and the byte 1, keyed with
// the master key, cut to the master key's length, which is what HKDF-Expand
// gives for at most 32 bytes (RFC 5869 section 2.3, T(1)).
func TestTypedKeyPython(t *testing.T) {
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3 on PATH")
	}
	keys, prefixes := typedKeyCases(t)
	const script = `import hashlib, hmac, sys
for arg in sys.argv[1:]:
    key, info = (bytes.fromhex(x) for x in arg.split(":"))
    print(hmac.new(key, info + b"\x01", hashlib.sha256).digest()[:len(key)].hex())`
	args := []string{"-c", script}
	var want []string
	for _, k := range keys {
		for _, p := range prefixes {
			args = append(args, hex.EncodeToString(k)+":"+hex.EncodeToString([]byte(typedKeyLabel+p)))
			want = append(want, hex.EncodeToString(typedKey(k, p)))
		}
	}
	out, err := exec.Command(python, args...).Output()
	if err != nil {
		t.Fatalf("python3: %v", err)
	}
	got := strings.Fields(string(out))
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("Python's hmac gives\n%s\ntypedKey gives\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTypedKeyOpenSSL checks the derivation of a type's key against
// OpenSSL's HKDF in its expand-only mode, the master key as the
// pseudorandom key.
func TestTypedKeyOpenSSL(t *testing.T) {
	openssl, err := exec.LookPath("openssl")
	if err != nil {
		t.Skip("no openssl on PATH")
	}
	if out, err := exec.Command(openssl, "kdf", "-help").CombinedOutput(); err != nil {
		t.Skipf("openssl has no kdf command (OpenSSL 3 has): %v\n%s", err, out)
	}
	keys, prefixes := typedKeyCases(t)
	for _, k := range keys {
		for _, p := range prefixes {
			cmd := exec.Command(openssl, "kdf", "-keylen", strconv.Itoa(len(k)), "-kdfopt", "digest:SHA256", "-kdfopt", "mode:EXPAND_ONLY",
				"-kdfopt", "hexkey:"+hex.EncodeToString(k), "-kdfopt", "hexinfo:"+hex.EncodeToString([]byte(typedKeyLabel+p)), "HKDF")
			out, err := cmd.Output()
			if err != nil {
				t.Fatalf("%v: %v", cmd.Args, err)
			}
			got := strings.ToLower(strings.ReplaceAll(strings.TrimSpace(string(out)), ":", ""))
			if want := hex.EncodeToString(typedKey(k, p)); got != want {
				t.Errorf("key of %d bytes, prefix %q: openssl kdf gives %s, typedKey %s", len(k), p, got, want)
			}
		}
	}
}
