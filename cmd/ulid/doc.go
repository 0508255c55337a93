// Command ulid generates, inspects, converts and validates ULIDs.
//
// Usage:
//
//	ulid [-n N] [--time T] [--lower] [--uuid]
//	ulid [inspect] [--json] [--local] [--strict] ID...
//	ulid convert [--strict] ID...
//	ulid validate [--strict] [ID...]
//
// Generate, the default (also "ulid generate"): print one new ULID, or N
// with -n, one per line, each greater than the one before.
//
//	-n N      print N ULIDs (default 1)
//	--time T  use time T, RFC 3339 or Unix milliseconds, instead of now
//	--lower   print lower case
//	--uuid    print the UUID text form (8-4-4-4-12 hex digits) instead
//
// Inspect: for each ID print its canonical form, time (UTC, RFC 3339 with
// milliseconds), Unix milliseconds, entropy (hex) and UUID text form.
// "ulid ID..." is short for "ulid inspect ID...". Lower case, Crockford's
// aliases (I and L for 1, O for 0) and UUIDs are accepted.
//
//	--json    print one JSON object per ID, one per line
//	--local   show the time in the local time zone
//	--strict  reject the aliases I, L and O
//
// Convert: turn each ULID into its UUID text form and each UUID into its
// ULID, telling them apart by length: 26 for a ULID; 36 for a UUID, or 32
// without hyphens, 38 in braces, 45 with "urn:uuid:".
//
// Validate: print each invalid ID with its line number and the reason.
//
// Inspect, convert and validate read IDs from standard input, one per line,
// when given "-" or no ID at all. Blank lines are skipped; CRLF is fine.
//
// Results go to standard output, errors to standard error. The exit status
// is 1 if any ID is invalid or the output cannot be written, 2 on misuse.
//
// Examples:
//
//	ulid                                    # one new ULID
//	ulid -n 1000000 > ids.txt               # a million, in increasing order
//	ulid --time 2026-06-23T10:30:00Z -n 3   # for a backfill
//	ulid --time 1469918176385 --uuid
//	ulid 01ARYZ6S41TSV4RRFFQ69G5FAV         # inspect
//	ulid inspect --json - < ids.txt
//	ulid convert 01563df3-6481-d676-4c61-efb99302bd5b
//	ulid validate < ids.txt
package main
