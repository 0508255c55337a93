package ulid_test

import (
	"bytes"
	"errors"
	"io/fs"
	"log"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// The recipe of docs/public-ids.md, "Reloading keys without a restart", line
// for line (TestPublicIDGuideIsExample): keyFile and reloadOnHangup.

// keyFile holds the Masker made from the key file at path. Handlers call
// Masker for each request; load replaces it.
type keyFile struct {
	path   string
	masker atomic.Pointer[ulid.Masker]
}

// Masker returns the Masker of the last good key file.
func (k *keyFile) Masker() *ulid.Masker { return k.masker.Load() }

// load reads the key file and makes its keys the ones in use. If the file
// cannot be read or holds no good keys, it returns the error and the keys in
// use stay as they were.
func (k *keyFile) load() error {
	text, err := os.ReadFile(k.path)
	if err != nil {
		return err
	}
	m, err := ulid.ParseMasker(string(text))
	if err != nil {
		return err // wraps ulid.ErrInvalidMaskingKey and never shows a key
	}
	k.masker.Store(m)
	return nil
}

// reloadOnHangup loads the key file again each time the process gets SIGHUP
// (kill -HUP), and logs what it did.
func reloadOnHangup(keys *keyFile) {
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	go func() {
		for range hup {
			if err := keys.load(); err != nil {
				log.Printf("public ID keys not reloaded, still %v: %v", keys.Masker(), err)
				continue
			}
			log.Printf("public ID keys reloaded: %v", keys.Masker())
		}
	}()
}

// lineWriter sends each write, a line of log output, to a channel.
type lineWriter chan string

func (w lineWriter) Write(p []byte) (int, error) {
	w <- string(bytes.TrimSpace(p))
	return len(p), nil
}

// TestReloadOnHangup runs the recipe: the process sends itself SIGHUP after
// each change of the key file. Good keys replace the Masker; a bad file, an
// empty one and a missing one are logged and keep the Masker in use, which is
// never nil.
func TestReloadOnHangup(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no SIGHUP on " + runtime.GOOS)
	}
	lines := make(lineWriter, 1)
	log.SetOutput(lines)
	log.SetFlags(0)
	t.Cleanup(func() {
		signal.Reset(syscall.SIGHUP) // the recipe's goroutine then waits for good
		log.SetOutput(os.Stderr)
		log.SetFlags(log.LstdFlags)
	})

	path := filepath.Join(t.TempDir(), "public-id-keys")
	write := func(text string) {
		t.Helper()
		if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	write(keysBefore)
	keys := &keyFile{path: path}
	if err := keys.load(); err != nil {
		t.Fatal(err)
	}
	reloadOnHangup(keys)
	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// hangup sends SIGHUP and returns the line the recipe logs.
	hangup := func() string {
		t.Helper()
		if err := self.Signal(syscall.SIGHUP); err != nil {
			t.Fatal(err)
		}
		select {
		case line := <-lines:
			return line
		case <-time.After(10 * time.Second):
			t.Fatal("no log line 10 s after SIGHUP")
			return ""
		}
	}

	id := ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV")
	before := keys.Masker()
	oldPublic := before.Mask(id)
	if oldPublic[:2] != markOld {
		t.Fatalf("Mask with %q = %s, want mark %s", keysBefore, oldPublic, markOld)
	}

	write(keysStep1)
	if got, want := hangup(), "public ID keys reloaded: ulid.Masker{masks with JR, unmasks JR 5X}"; got != want {
		t.Errorf("after step 1: %q, want %q", got, want)
	}
	write(keysStep2)
	if got, want := hangup(), "public ID keys reloaded: ulid.Masker{masks with 5X, unmasks 5X JR}"; got != want {
		t.Errorf("after step 2: %q, want %q", got, want)
	}
	good := keys.Masker()
	newPublic := good.Mask(id)
	if newPublic[:2] != markNew {
		t.Errorf("Mask after step 2 = %s, want mark %s", newPublic, markNew)
	}
	if got, err := good.Unmask(oldPublic); err != nil || got != id {
		t.Errorf("Unmask(%s) after step 2: %s, %v; want %s", oldPublic, got, err, id)
	}

	for _, tc := range []struct {
		name, text string // text "" removes the file
		want       error
		message    string
	}{
		{"a key cut short", keysStep2[:31] + "\n", ulid.ErrInvalidMaskingKey, "ulid: invalid masking key: key 1 is 31 hex digits, want 32, 48 or 64"},
		{"no key", "# keys: none yet\n", ulid.ErrInvalidMaskingKey, "ulid: invalid masking key: no key"},
		{"the same key twice", keysStep3 + keysStep3, ulid.ErrInvalidMaskingKey, `ulid: invalid masking key: keys 1 and 2 have the same key mark "5X"`},
		{"no file", "", fs.ErrNotExist, "open " + path + ": no such file or directory"},
	} {
		if tc.text == "" {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		} else {
			write(tc.text)
		}
		got := hangup()
		want := "public ID keys not reloaded, still ulid.Masker{masks with 5X, unmasks 5X JR}: " + tc.message
		if !strings.HasPrefix(got, want) {
			t.Errorf("%s: %q, want %q", tc.name, got, want)
		}
		if strings.Contains(got, "9f2c4e0a") || strings.Contains(got, "4be1a07c") {
			t.Errorf("%s: the log shows a key: %q", tc.name, got)
		}
		if err := keys.load(); !errors.Is(err, tc.want) {
			t.Errorf("%s: load() = %v, want %v", tc.name, err, tc.want)
		}
		if m := keys.Masker(); m != good {
			t.Errorf("%s: the Masker is now %v, want the one before, %v", tc.name, m, good)
		}
		if got := keys.Masker().Mask(id); got != newPublic {
			t.Errorf("%s: Mask = %s, want %s", tc.name, got, newPublic)
		}
	}
}
