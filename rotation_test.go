package ulid_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/ulidgo/ulid"
)

// The key files of docs/public-ids.md, "Rotating keys": the old key alone,
// then each step of the rotation. The guide shows them as they are here.
const (
	keysBefore = "4be1a07c52d9e3f8016b2c7d4e9a5f30\n"
	keysStep1  = "4be1a07c52d9e3f8016b2c7d4e9a5f30\n" +
		"9f2c4e0a7b1d36e85a0c4f2e1b7d9a63   # new: unmasks only\n"
	keysStep2 = "9f2c4e0a7b1d36e85a0c4f2e1b7d9a63   # new: masks\n" +
		"4be1a07c52d9e3f8016b2c7d4e9a5f30   # old: unmasks only\n"
	keysStep3 = "9f2c4e0a7b1d36e85a0c4f2e1b7d9a63\n"

	markOld, markNew = "JR", "5X" // the marks of the two keys
)

// fleet is a service of several instances, each with its own copy of the key
// file and the Masker it made from it at its last start. links holds every
// public ID any instance has handed out, with its ULID.
type fleet struct {
	files   []string
	maskers []*ulid.Masker
	links   map[string]ulid.ULID
	ids     []ulid.ULID // the records every instance links to
}

func newFleet(t *testing.T, n int, keys string, ids []ulid.ULID) *fleet {
	t.Helper()
	f := &fleet{links: map[string]ulid.ULID{}, ids: ids}
	for range n {
		f.files = append(f.files, "")
		f.maskers = append(f.maskers, nil)
	}
	for i := range n {
		f.restart(t, i, keys)
	}
	return f
}

// restart gives instance i the key file keys, as a deploy does, and has it
// hand out the public ID of every record, which must begin with the mark
// that the Masker prints for its first key.
func (f *fleet) restart(t *testing.T, i int, keys string) {
	t.Helper()
	m, err := ulid.ParseMasker(keys)
	if err != nil {
		t.Fatal(err)
	}
	f.files[i], f.maskers[i] = keys, m
	_, masksWith, _ := strings.Cut(m.String(), "masks with ")
	for _, id := range f.ids {
		public := m.Mask(id)
		if public[:2] != masksWith[:2] {
			t.Errorf("%v: Mask(%s) = %s, whose first two characters are not the mark printed", m, id, public)
		}
		f.links[public] = id
	}
}

// broken returns a description of every link that some instance does not
// open to its ULID, with the error of the first one.
func (f *fleet) broken() ([]string, error) {
	var broken []string
	var first error
	for public, id := range f.links {
		for i, m := range f.maskers {
			got, err := m.Unmask(public)
			if err == nil && got == id {
				continue
			}
			if first == nil {
				first = err
			}
			broken = append(broken, fmt.Sprintf("instance %d (%v) on %s: %s, %v", i, m, public, got, err))
		}
	}
	return broken, first
}

// rotationIDs are the records of the rollout tests.
var rotationIDs = []ulid.ULID{
	ulid.MustParse("01ARYZ6S41TSV4RRFFQ69G5FAV"),
	ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMC"),
	ulid.MustParse("01KVT0F720ZK9N4T2QX7VR8WMD"),
}

// TestRotationOneStepBreaksLinks rolls out the new key first in one step,
// one instance at a time, to two instances: while only one has it, a public
// ID it hands out is refused by the other with ErrUnknownMaskingKey, which a
// service answers with 400.
func TestRotationOneStepBreaksLinks(t *testing.T) {
	for _, first := range []int{0, 1} {
		f := newFleet(t, 2, keysBefore, rotationIDs)
		if broken, _ := f.broken(); len(broken) != 0 {
			t.Fatalf("before the rotation: %q", broken)
		}
		f.restart(t, first, keysStep2)
		broken, err := f.broken()
		if len(broken) != len(rotationIDs) || !errors.Is(err, ulid.ErrUnknownMaskingKey) {
			t.Errorf("instance %d has the new key first, the other the old key only: %d broken links (%v), want %d with ErrUnknownMaskingKey", first, len(broken), err, len(rotationIDs))
		}
		for _, b := range broken {
			if !strings.Contains(b, "unmasks "+markOld+"}") || !strings.Contains(b, ") on "+markNew) {
				t.Errorf("broken: %s; want the new key's public IDs, on the instance with the old key only", b)
			}
		}
		f.restart(t, 1-first, keysStep2)
		if broken, _ := f.broken(); len(broken) != 0 {
			t.Errorf("after the rollout: %q", broken)
		}
	}
}

// TestRotationTwoSteps rolls out the two steps of docs/public-ids.md, one
// instance at a time, in several orders, to two instances and to three:
// after every restart, every public ID any instance has handed out since the
// start opens on every instance. Then each instance masks with the new key.
func TestRotationTwoSteps(t *testing.T) {
	orders := [][]int{{0, 1}, {1, 0}, {0, 1, 2}, {2, 1, 0}, {1, 0, 2}}
	for _, order := range orders {
		f := newFleet(t, len(order), keysBefore, rotationIDs)
		for step, keys := range []string{keysStep1, keysStep2} {
			for _, i := range order {
				f.restart(t, i, keys)
				if broken, err := f.broken(); len(broken) != 0 {
					t.Fatalf("order %v, step %d, instance %d restarted: %d broken links (%v): %q", order, step+1, i, len(broken), err, broken)
				}
			}
		}
		// Each record has had two public IDs, one per key, and both open.
		if len(f.links) != 2*len(rotationIDs) {
			t.Errorf("order %v: %d public IDs handed out, want %d", order, len(f.links), 2*len(rotationIDs))
		}
		for _, m := range f.maskers {
			if got := m.String(); got != "ulid.Masker{masks with "+markNew+", unmasks "+markNew+" "+markOld+"}" {
				t.Errorf("order %v: after step 2: %s", order, got)
			}
		}
	}
}

// TestRotationRetire removes the old key, the last step of the guide: the
// public IDs of the new key keep opening, those of the old one are refused
// with ErrUnknownMaskingKey; a count of the marks of the public IDs received tells
// when that would refuse none.
func TestRotationRetire(t *testing.T) {
	f := newFleet(t, 2, keysBefore, rotationIDs)
	for _, keys := range []string{keysStep1, keysStep2} {
		f.restart(t, 0, keys)
		f.restart(t, 1, keys)
	}
	f.restart(t, 0, keysStep3)
	if got, want := f.maskers[0].String(), "ulid.Masker{masks with "+markNew+", unmasks "+markNew+"}"; got != want {
		t.Errorf("after the old key is removed: %s, want %s", got, want)
	}
	for public, id := range f.links {
		got, err := f.maskers[0].Unmask(public)
		switch public[:2] {
		case markNew:
			if err != nil || got != id {
				t.Errorf("Unmask(%s) after the old key is removed: %s, %v; want %s", public, got, err, id)
			}
		case markOld:
			if !errors.Is(err, ulid.ErrUnknownMaskingKey) {
				t.Errorf("Unmask(%s) of the removed key: %v, want ErrUnknownMaskingKey", public, err)
			}
		default:
			t.Errorf("public ID %s has mark %s, want %s or %s", public, public[:2], markNew, markOld)
		}
	}
}

// TestRotationGuide checks that docs/public-ids.md shows the key files and
// marks these tests use.
func TestRotationGuide(t *testing.T) {
	md, err := os.ReadFile("docs/public-ids.md")
	if err != nil {
		t.Fatal(err)
	}
	var guide strings.Builder // without indentation, which a list item's blocks have
	for line := range strings.Lines(string(md)) {
		guide.WriteString(strings.TrimLeft(line, " "))
	}
	for _, s := range []string{
		keysStep1, keysStep2,
		"ulid.Masker{masks with " + markOld + ", unmasks " + markOld + " " + markNew + "}",
		"ulid.Masker{masks with " + markNew + ", unmasks " + markNew + " " + markOld + "}",
	} {
		if !strings.Contains(guide.String(), s) {
			t.Errorf("docs/public-ids.md does not show %q", s)
		}
	}
	// The marks the guide names are those of the keys.
	for keys, want := range map[string]string{
		keysStep1: "ulid.Masker{masks with " + markOld + ", unmasks " + markOld + " " + markNew + "}",
		keysStep2: "ulid.Masker{masks with " + markNew + ", unmasks " + markNew + " " + markOld + "}",
	} {
		m, err := ulid.ParseMasker(keys)
		if err != nil {
			t.Fatal(err)
		}
		if got := fmt.Sprint(m); got != want {
			t.Errorf("ParseMasker(%q) prints %s, want %s", keys, got, want)
		}
	}
}
