// Command ulid generates, inspects, converts, validates and masks ULIDs.
//
// Usage:
//
//	ulid [-n N] [--time T] [--v7] [--lower] [--uuid] [--json | -f FIELD] [--local] [-z]
//	ulid --typeid PREFIX [-n N] [--time T] [-z]
//	ulid [inspect] [--json | -f FIELD] [--local] [--strict] [--ulid-only] [ID...]
//	ulid convert [--typeid PREFIX] [--strict] [--ulid-only] [ID...]
//	ulid validate [--strict] [--ulid-only] [ID...]
//	ulid mask [--key-file F] [--type T] [--strict] [--ulid-only] [ID...]
//	ulid unmask [--key-file F] [--type T] [--uuid] [PUBLIC...]
//	ulid --version
//
// Generate, the default (also "ulid generate"): print one new ULID, or N
// with -n, one per line, each greater than the one before.
//
//	-n N      print N ULIDs (default 1); N is decimal digits, such as 1000,
//	          not 1e3
//	--time T  use time T instead of now: RFC 3339 (2026-06-23T10:30:00Z,
//	          or with a space for the T, as date --rfc-3339 prints it),
//	          @ and Unix seconds (@1782210600, @1782210600.5, as GNU
//	          date -d takes them) or Unix milliseconds (1782210600000). A
//	          bare number from 1 to 99999999999 is rejected as ambiguous,
//	          and one with a fraction too: write seconds with @
//	--v7      make ULIDs that are also valid RFC 9562 version 7 UUIDs:
//	          the version 7 in bits 48-51, the variant 10 in bits 64-65,
//	          74 random bits of the 80. They are ULIDs like any other, in
//	          the same order; --uuid prints them as UUIDv7 text
//	--lower   print lower case
//	--typeid PREFIX
//	          print TypeID text, PREFIX_ and the ULID in lower case
//	          (user_01h455vb4pex5vsknk084sn02q), of ULIDs made as with
//	          --v7. PREFIX is 1 to 63 of 'a' to 'z' and '_', the first and
//	          last a letter. Not with --uuid, --json or -f
//	--uuid    print the 16 bytes as UUID text (8-4-4-4-12 hex digits);
//	          without --v7 the version and variant bits are not set, so
//	          it is not a v4 or v7 UUID
//	--json    print what inspect --json prints (below) of each new ULID,
//	          one JSON object per line. Not with --lower, --uuid or -f
//	-f FIELD  print FIELD of each new ULID instead of the ULID, as
//	          inspect prints it (below): one line per ULID, so N with -n,
//	          all for the --time given or for now. ulid -f ms prints the
//	          Unix ms of now; ulid --time T -f ms, T in Unix ms. Not with
//	          --lower or --uuid (-f uuid is --uuid)
//	--local   with -f or --json, show times in the local time zone (-l);
//	          without them it changes nothing
//	-z        entropy starts at zero: the smallest ULID of the time, then
//	          the next ones (--zero; all N share one millisecond); with
//	          --v7, the smallest with the version and variant bits set
//	-q        accepted for oklog/ulid's command and changes nothing: the
//	          entropy is always crypto/rand (--quick)
//
// -z and -q only affect generated IDs: "ulid -q ID..." inspects the IDs,
// and the flag changes nothing, as in oklog/ulid's command.
//
// Inspect: for each ID print its canonical form, time (UTC, RFC 3339 with
// milliseconds), Unix milliseconds, entropy (hex), UUID text form, and
// whether its 128 bits are a valid RFC 9562 version 7 UUID (uuidv7: true
// or false; true for every ULID from --v7, and by chance for one in 64
// others). "ulid ID..." is short for "ulid inspect ID...". For TypeID text
// it prints the prefix first.
//
//	--json     print one JSON object per ID, one per line
//	-f FIELD   print only FIELD, one line per ID: ulid, time (or rfc3339),
//	           unix_ms (or ms), unix (seconds), entropy, uuid or uuidv7,
//	           in any case; any other FIELD is an error (--format)
//	--local    show the time in the local time zone (-l)
//
// Convert: turn each ULID or TypeID text into its UUID text form and each
// UUID into its ULID; with --typeid PREFIX, each ID into TypeID text of
// PREFIX (TypeID text of another prefix is refused).
//
// Validate: print each invalid ID with its line number and the reason.
//
// Mask: print each ID's public ID, 29 characters made with a secret key
// that do not tell the ID's time or order (docs/public-ids.md). Unmask:
// print the ULID of each public ID, in either case. A public ID is refused
// if a character is mistyped or two are swapped (check character), if it
// was made with another key or a retired one (unknown key), or if it is
// not a public ID at all, such as a ULID.
//
//	--key-file F  read the keys from the file F: keys of 32, 48 or 64 hex
//	              digits (openssl rand -hex 16), separated by white space,
//	              newest first; the first masks, all of them unmask; #
//	              starts a comment. Without --key-file the keys are read
//	              from the environment variable ULID_MASK_KEYS, in the
//	              same form. No flag takes a key itself, which ps and
//	              shell history would show. A key file that is missing,
//	              unreadable or bad is misuse, reported before any output;
//	              the message never shows a key
//	--type T      make or open typed public IDs of type T, T_ and 29
//	              characters, with a key of T's own derived from the key;
//	              a public ID of another type, or of none, is refused
//	--uuid        unmask: print each ULID as UUID text
//
// Input, the same for inspect, convert, validate, mask and the browser
// tool: a ULID in either case, with Crockford's aliases, or UUID text in
// any of its forms. White space around an ID is ignored. TypeID text, in
// lower case, is read too: text with a '_' that starts with a letter. The
// full policy: docs/cli.md, section Input.
//
//	--strict     reject the aliases I, L and O
//	--ulid-only  reject UUID and TypeID text: only ULIDs are valid
//
// These commands, and unmask, read IDs from standard input, one per line,
// when given "-" or no ID at all. Blank lines are skipped; CRLF is fine. A line or argument
// over 64 KiB is an error, "line too long (N bytes)", read in constant
// memory. Flags may also follow IDs; after "--" every argument is
// an ID, even one that starts with "-" or is a command's name.
//
// Results go to standard output, errors to standard error. The exit status
// is 1 if any ID is invalid or the output cannot be written, 2 on misuse
// or a bad key file.
// Output into a closed pipe (ulid -n 100000 | head -1) ends the command by
// SIGPIPE, which a shell reports as 141, as for any Unix command.
//
// Examples:
//
//	ulid                                    # one new ULID
//	ulid -n 1000000 > ids.txt               # a million, in increasing order
//	ulid --time 2026-06-23T10:30:00Z -n 3   # for a backfill
//	ulid --time @$(date +%s) --uuid
//	ulid --time "$(date --rfc-3339=seconds)"
//	ulid --time 2026-06-23T00:00:00Z -z     # the lower bound of a day
//	ulid 01ARYZ6S41TSV4RRFFQ69G5FAV         # inspect
//	ulid -f ms 01ARYZ6S41TSV4RRFFQ69G5FAV   # 1469918176385
//	ulid -n 3 -f uuid                       # three new ULIDs as UUIDs
//	ulid --v7 --uuid                        # a ULID that is a valid UUIDv7
//	ulid -f uuidv7 01FWHE4YDGFK1SHH6W1G60EECF  # true
//	ulid --time 2026-06-23T10:30:00Z -f ms  # 1782210600000
//	ulid inspect --json - < ids.txt
//	ulid convert 01563df3-6481-d676-4c61-efb99302bd5b
//	ulid --typeid user -n 3                 # user_01m92..., in order
//	ulid convert --typeid user 01563df3-6481-d676-4c61-efb99302bd5b
//	psql -Atc 'select id from t' | ulid validate
//	(umask 077; openssl rand -hex 16 > keys)  # a key file
//	ulid mask --key-file keys 01ARYZ6S41TSV4RRFFQ69G5FAV
//	ulid unmask --key-file keys --uuid < public-ids.txt
//	ulid mask --key-file keys --type user 01ARYZ6S41TSV4RRFFQ69G5FAV
package main
