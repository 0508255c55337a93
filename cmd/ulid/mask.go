package main

import (
	"errors"
	"flag"
	"io"
	"io/fs"
	"os"
	"strconv"

	"github.com/ulidgo/ulid"
	"github.com/ulidgo/ulid/internal/toolinput"
)

// keysEnv is the variable that holds the keys without --key-file.
const keysEnv = "ULID_MASK_KEYS"

// maxKeyFile is the most bytes a key file may have: room for many keys,
// and a bound for a --key-file such as /dev/zero.
const maxKeyFile = 64 << 10

// runMasking runs cmd, "mask" or "unmask", with the arguments after it and
// the flag set fs. It reads the keys before any ID, so that a bad key file
// ends the run, with a usageError, before anything is printed.
func (c *cli) runMasking(fs *flag.FlagSet, cmd string, args []string) (int, error) {
	keyFile := fs.String("key-file", "", "read the keys from this file")
	var opt toolinput.Options
	var uuid bool
	typ := ""
	prefixFlag(fs, "type", "make or open typed public IDs of this type", func(s string) { typ, opt.Type = s, s })
	if cmd == "mask" {
		policyFlags(fs, &opt)
	} else {
		fs.BoolVar(&uuid, "uuid", false, "print each ULID as UUID text")
	}
	ids, _, err := parseFlags(fs, args)
	if err != nil {
		return 0, err
	}
	m, err := masker(fs, *keyFile)
	if err != nil {
		return 0, err
	}
	if typ != "" {
		if m, err = m.Typed(typ); err != nil {
			return 0, usageError("--type " + typ + ": " + toolinput.Message(err))
		}
	}
	if cmd == "mask" {
		return c.each(ids, opt, func(b []byte, in toolinput.Input) []byte {
			return append(m.AppendMask(b, in.ID), '\n')
		}), nil
	}
	opt.Unmask = m
	return c.each(ids, opt, func(b []byte, in toolinput.Input) []byte {
		if uuid {
			return append(in.ID.AppendUUID(b), '\n')
		}
		b, _ = in.ID.AppendText(b) // never fails
		return append(b, '\n')
	}), nil
}

// masker returns the Masker of the keys in the file --key-file names, or
// else in keysEnv. Its error, a usageError, never shows a key.
func masker(fs *flag.FlagSet, keyFile string) (*ulid.Masker, error) {
	const flagName = "--key-file"
	if anySet(fs, "key-file") == "" {
		keys, ok := os.LookupEnv(keysEnv)
		if !ok {
			return nil, usageError("no keys: give --key-file F, a file of hex keys, or set " + keysEnv)
		}
		m, err := ulid.ParseMasker(keys)
		if err != nil {
			return nil, usageError(keysEnv + ": " + toolinput.Message(err))
		}
		return m, nil
	}
	text, err := readKeyFile(keyFile)
	if err == nil {
		var m *ulid.Masker
		if m, err = ulid.ParseMasker(text); err == nil {
			return m, nil
		}
		if looksLikeKey(keyFile) {
			// A file that exists, named like a key: its name is not shown.
			return nil, usageError(flagName + ": " + toolinput.Message(err))
		}
	} else if looksLikeKey(keyFile) {
		// Not quoted: the value is most likely the key itself.
		return nil, usageError(flagName + " takes the name of a file that holds the keys, and this value looks like a key: " +
			"write the key into a file only you can read, as a key on the command line is seen by ps and kept in shell history")
	}
	return nil, usageError(flagName + " " + strconv.Quote(keyFile) + ": " + toolinput.Message(err))
}

// errKeyFileSize is readKeyFile's error for a file too long.
var errKeyFileSize = errors.New("more than 64 KiB, too long for a file of keys")

// readKeyFile returns the text of the file called name, of at most
// maxKeyFile bytes. Its error does not repeat the name.
func readKeyFile(name string) (string, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", pathless(err)
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, maxKeyFile+1))
	switch {
	case err != nil:
		return "", pathless(err)
	case len(b) > maxKeyFile:
		return "", errKeyFileSize
	}
	return string(b), nil
}

// pathless returns err, from opening or reading a file, without the name.
func pathless(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// looksLikeKey reports whether s could hold a key rather than name a file:
// whether it has a run of 32 or more hex digits anywhere.
func looksLikeKey(s string) bool {
	run := 0
	for i := range len(s) {
		switch c := s[i]; {
		case '0' <= c && c <= '9', 'a' <= c && c <= 'f', 'A' <= c && c <= 'F':
			if run++; run >= 32 {
				return true
			}
		default:
			run = 0
		}
	}
	return false
}
