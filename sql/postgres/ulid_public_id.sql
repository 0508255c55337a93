-- Public IDs for PostgreSQL 13 and later: github.com/ulidgo/ulid, sql/postgres/ulid_public_id.sql.
--
-- A public ID is a ULID encrypted with a secret key, as ulid.Masker makes it:
-- 29 characters that show no time and no order. docs/public-ids.md specifies
-- the format and says how to use these functions ("In SQL").
--
--   ulid_mask(id uuid, key bytea)                      text  the public ID of the ULID id (stored as uuid)
--   ulid_unmask(public_id text, VARIADIC keys bytea[]) uuid  the ULID back: ulid_unmask(p, key), or
--                                                            ulid_unmask(p, new_key, old_key, ...) while keys rotate
--   ulid_public_id_mark(key bytea)                     text  the key's mark: the first 2 characters of its public IDs
--
-- and, for typed public IDs (docs/public-ids.md, "Typed public IDs"), such as
-- user_yz4g5ym28fg1qptxha7hbqfjzf496, as the Masker that Masker.Typed returns
-- makes them: a TypeID prefix, '_', and a public ID under a key of the type:
--
--   ulid_mask_typed(id uuid, prefix text, key bytea)                      text
--   ulid_unmask_typed(public_id text, prefix text, VARIADIC keys bytea[]) uuid
--   ulid_public_id_mark_typed(prefix text, key bytea)                     text
--
-- A key is 16, 24 or 32 bytes (AES-128, -192 or -256). Pass it as a query
-- parameter from the application, never as a literal in SQL text: see
-- docs/public-ids.md for why, and for the server settings that keep it out of
-- the logs. ulid_mask takes the newest key; ulid_unmask every key that should
-- still open, and the mark of the public ID picks one (it never tries keys in
-- turn).
--
-- Needs the pgcrypto extension (its encrypt and decrypt functions, with
-- 'aes-ecb/pad:none': one AES block, nothing else; and hmac, with 'sha256',
-- for the keys of typed public IDs). pgcrypto ships with PostgreSQL (Debian:
-- postgresql-contrib) and is a trusted extension since PostgreSQL 13, so the
-- database owner, or any role with the CREATE privilege on the database,
-- installs it without being a superuser:
--   CREATE EXTENSION IF NOT EXISTS pgcrypto;
-- It may live in any schema (public, extensions, ...): this file finds it and
-- writes its schema into the functions, so they call pgcrypto whatever the
-- caller's search_path. Moving pgcrypto later (ALTER EXTENSION ... SET SCHEMA)
-- breaks the functions with an error: run this file again.
--
-- Install: psql -v ON_ERROR_STOP=1 -f ulid_public_id.sql, or paste the file
-- into a migration, after pgcrypto. The installing role needs the CREATE
-- privilege on the schema that comes first in search_path, where the functions
-- are made. The file is self-contained: it needs nothing from ulid.sql.
-- Running it again replaces the functions (CREATE OR REPLACE). A role that
-- calls them needs USAGE on their schema and on pgcrypto's, and EXECUTE on
-- both sets of functions (PUBLIC has EXECUTE on functions by default).
--
-- Bad input is an error, never NULL: SQLSTATE 22P02 (invalid_text_representation)
-- for text that is not a public ID of these keys, with Masker.Unmask's message
-- (length, character at offset, check character, character 2 above '7',
-- another key; for a typed one, another prefix first); 22023
-- (invalid_parameter_value) for a key of another length, for no key, for two
-- keys with the same mark, and for a prefix that Masker.Typed refuses, or two
-- keys whose type keys have the same mark. NULL in any argument, a
-- NULL key among others included, gives NULL, whatever the other arguments
-- are. The results do not depend on the session's standard_conforming_strings,
-- bytea_output or collation.
--
-- search_path: each function runs with it pinned to pg_catalog, pg_temp (the
-- SET clause of CREATE FUNCTION), and so does the block below while it
-- computes the tables it writes into them, so the built-in functions and
-- operators they call are PostgreSQL's own: a role that may create objects in
-- a schema on the caller's or the installer's path (public, on PostgreSQL 14
-- and earlier) cannot shadow one of them to change a public ID or to see the
-- keys. What the pin cannot cover is which function a call finds: another
-- role's ulid_unmask(text, bytea) beside this VARIADIC one wins even over a
-- schema-qualified call. So install this file, and pgcrypto, in schemas no
-- other role may create in (beside pgcrypto, another role's overload of
-- encrypt makes these functions fail), call them schema-qualified
-- (app.ulid_unmask($1, $2::bytea)) and type the key parameters. See
-- docs/sql.md.

DO $install$
DECLARE
  -- The schema the functions are made in, quoted: the first of the
  -- installing role's search_path, as for a plain CREATE FUNCTION. Read, like
  -- the search_path to restore, by schema-qualified calls, before the path
  -- is pinned below.
  -- The types of these variables are qualified too, since they are looked
  -- up on the installer's path: a domain named text in a schema listed
  -- before pg_catalog would run its CHECK on every assignment.
  target constant pg_catalog.text := pg_catalog.quote_ident(pg_catalog.current_schema());
  saved constant pg_catalog.text := pg_catalog.current_setting('search_path');
  crypto pg_catalog.text; -- pgcrypto's schema, quoted
  alphabet constant pg_catalog.text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  lower_alphabet constant pg_catalog.text := '0123456789abcdefghjkmnpqrstvwxyz';
  pow int[];   -- pow[e + 1] is α^e in GF(32), α = x modulo x^5 + x^2 + 1
  pairs int[]; -- the two characters of each 10-bit number, 0 to 1023
  dec int[];   -- the value of each byte in the alphabet (either case), 255 for none
  checks int[];
  p int;
  s int;
  k int;
  fn pg_catalog.text;
  fns pg_catalog.text[];         -- the texts of the functions, each made twice
  typed_parts pg_catalog.text[]; -- a placeholder, its typed part, the next, ...
  typed pg_catalog.bool;
  part pg_catalog.text;
BEGIN
  -- From here on, every name this block calls is PostgreSQL's own: a
  -- function or operator that another role made in a schema of the caller's
  -- path cannot change what is computed and written into the functions. The
  -- setting is restored at the end of the block; an error rolls it back.
  PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true);
  IF target IS NULL THEN
    RAISE EXCEPTION 'ulid_public_id.sql: no schema to make the functions in: the search_path (%) names no schema that exists', saved
      USING ERRCODE = 'invalid_schema_name';
  END IF;
  SELECT quote_ident(n.nspname) INTO crypto
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'pgcrypto';
  IF crypto IS NULL THEN
    RAISE EXCEPTION 'ulid_public_id.sql needs the pgcrypto extension: run CREATE EXTENSION pgcrypto (as the database owner, or a role with CREATE on the database), then this file again'
      USING ERRCODE = 'undefined_object';
  END IF;

  -- The tables the functions look things up in, computed here from the
  -- definitions in docs/public-ids.md and written into them as constants.
  p := 1;
  FOR e IN 0..30 LOOP
    pow[e + 1] := p;
    p := p << 1;
    IF p & 32 <> 0 THEN
      p := p # 37; -- x^5 = x^2 + 1
    END IF;
  END LOOP;
  FOR v IN 0..1023 LOOP
    pairs[2 * v + 1] := ascii(substr(alphabet, v / 32 + 1, 1));
    pairs[2 * v + 2] := ascii(substr(alphabet, v % 32 + 1, 1));
  END LOOP;
  dec := array_fill(255, ARRAY[256]);
  FOR v IN 0..31 LOOP
    k := ascii(substr(alphabet, v + 1, 1));
    dec[k + 1] := v;
    IF k >= 65 THEN
      dec[k + 33] := v; -- lower case
    END IF;
  END LOOP;
  -- The check value is linear in the bits of the characters: bit j of
  -- character i adds α^(28 - i + j). Bit k of the encrypted block (0 the
  -- lowest of its 128) is bit k % 5 of character 27 - k / 5, and bit k of the
  -- mark bit k % 5 of character 1 - k / 5. checks[256 * n + b + 1] is what
  -- byte n of the block adds when it is b; checks[4096 + m + 1] what the mark
  -- m adds.
  FOR n IN 0..15 LOOP
    FOR b IN 0..255 LOOP
      s := 0;
      FOR bit IN 0..7 LOOP
        IF (b >> bit) & 1 = 1 THEN
          k := (15 - n) * 8 + bit;
          s := s # pow[(1 + k / 5 + k % 5) % 31 + 1];
        END IF;
      END LOOP;
      checks[256 * n + b + 1] := s;
    END LOOP;
  END LOOP;
  FOR m IN 0..1023 LOOP
    s := 0;
    FOR bit IN 0..9 LOOP
      IF (m >> bit) & 1 = 1 THEN
        s := s # pow[(27 + bit / 5 + bit % 5) % 31 + 1];
      END IF;
    END LOOP;
    checks[4096 + m + 1] := s;
  END LOOP;

  -- Each function below is made twice from one text: as it is, and, for
  -- typed public IDs (docs/public-ids.md, "Typed public IDs"), with @typed@
  -- in its name as _typed, a prefix parameter before the key, and the lines
  -- that start with "--typed " kept (the marker taken off), where the
  -- untyped function leaves them out. The typed parts shared by several
  -- functions are typed_parts: the prefix's rule, as Masker.Typed checks it
  -- (@prefix_rule@); the type key of key, HKDF-Expand of RFC 5869 with
  -- HMAC-SHA-256, which for at most 32 bytes is HMAC-SHA-256(key, info ||
  -- 0x01) cut to the key's length, info being the ASCII bytes "ulid typed
  -- public ID 1:" and the prefix (@type_key@); and pc, the prefix's part of
  -- the check value: the values of its characters and of the '_' after it,
  -- each its ASCII code modulo 32, summed as the body's are, the '_'
  -- weighted α^29 (@prefix_check@).
  typed_parts := ARRAY[
    '@prefix_rule@', $part$IF prefix = '' THEN
    RAISE EXCEPTION 'ulid: invalid TypeID prefix: a typed public ID needs a prefix'
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  IF prefix COLLATE "C" !~ '^[a-z]([a-z_]{0,61}[a-z])?$' THEN
    -- Masker.Typed's message: the first byte of the prefix in UTF-8 that
    -- breaks the rule, i, and its value, v.
    RAISE EXCEPTION '%', (
      SELECT 'ulid: invalid TypeID prefix: character '
          || CASE WHEN g.pv = 39 THEN '''' || chr(92) || ''''''
                  WHEN g.pv = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN g.pv BETWEEN 32 AND 126 THEN '''' || chr(g.pv) || ''''
                  ELSE '0x' || lpad(to_hex(g.pv), 2, '0') END
          || ' at offset ' || g.pi || ', want '
          || CASE WHEN g.pi = 63 THEN 'a prefix of at most 63 characters' ELSE '''a'' to ''z'', or ''_'' between letters' END
      FROM (SELECT f.pi, get_byte(f.pb, f.pi) AS pv
            FROM (SELECT u.pb, (SELECT coalesce(min(s.pk), 63) FROM generate_series(0, least(octet_length(u.pb), 63) - 1) AS s(pk)
                                WHERE NOT (get_byte(u.pb, s.pk) BETWEEN 97 AND 122
                                           OR get_byte(u.pb, s.pk) = 95 AND s.pk > 0 AND s.pk < octet_length(u.pb) - 1)) AS pi
                  FROM (SELECT convert_to(prefix, name 'UTF8') AS pb) AS u) AS f) AS g)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;$part$,
    '@type_key@', $part$substr(@crypto@.hmac(convert_to('ulid typed public ID 1:' || prefix, name 'UTF8') || decode('01', 'hex'), key, text 'sha256'), 1, octet_length(key))$part$,
    '@prefix_check@', $part$FOR i IN 0..octet_length(prefix) + 29 LOOP
    pc := pc << 1;
    IF pc & 32 <> 0 THEN
      pc := pc # 37;
    END IF;
    IF i < octet_length(prefix) THEN
      pc := pc # (ascii(substr(prefix, i + 1, 1)) & 31);
    ELSIF i = octet_length(prefix) THEN
      pc := pc # 31; -- '_'
    END IF;
  END LOOP;$part$];

  -- ulid_mask returns the public ID of the ULID id under key: the key's mark,
  -- the AES encryption of id's 16 bytes written as ULID text, and the check
  -- character. The same id and key always give the same public ID.
  -- ulid_mask_typed returns the typed public ID of id for the type prefix:
  -- the prefix, '_', and the same under the type key, with the prefix's part
  -- in the check character, in lower case.
  fns := ARRAY[$fn$
CREATE OR REPLACE FUNCTION @target@.ulid_mask@typed@(id uuid, @prefix@key bytea) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  -- pairs holds the two characters of each 10-bit number, 0 to 1023; byte
  -- 2v + 1 of it is the character of v < 32. checks is what each byte of the
  -- encrypted block, and the mark, add to the check value (see the file that
  -- made this function, ulid_public_id.sql).
  pairs constant bytea := decode('@pairs@', 'hex');
  checks constant bytea := decode('@checks@', 'hex');
  b bytea;
  mark int;
  x int8;
  y int8;
  z int8;
  pc int := 0; -- the type prefix's part of the check value
BEGIN
  IF octet_length(key) NOT IN (16, 24, 32) THEN
    RAISE EXCEPTION 'ulid: invalid masking key: key 1 is % bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)', octet_length(key)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
--typed   @prefix_rule@
--typed   key := @type_key@;
--typed   @prefix_check@
  -- Two blocks in one call (ECB encrypts each on its own): the ASCII bytes
  -- "ulid-public-id-1", whose top 10 bits are the mark, then the ULID.
  b := @crypto@.encrypt(decode('756c69642d7075626c69632d69642d31', 'hex') || uuid_send(id), key, text 'aes-ecb/pad:none');
  mark := (get_byte(b, 0) << 2) | (get_byte(b, 1) >> 6);
  -- Bytes 1-5, 6-10 and 11-15 of the ULID's block, each 40 bits: 8 characters.
  x := (get_byte(b, 17)::int8 << 32) | (get_byte(b, 18)::int8 << 24) | (get_byte(b, 19) << 16) | (get_byte(b, 20) << 8) | get_byte(b, 21);
  y := (get_byte(b, 22)::int8 << 32) | (get_byte(b, 23)::int8 << 24) | (get_byte(b, 24) << 16) | (get_byte(b, 25) << 8) | get_byte(b, 26);
  z := (get_byte(b, 27)::int8 << 32) | (get_byte(b, 28)::int8 << 24) | (get_byte(b, 29) << 16) | (get_byte(b, 30) << 8) | get_byte(b, 31);
  RETURN @open@encode(substr(pairs, 2 * mark + 1, 2) || substr(pairs, 2 * get_byte(b, 16) + 1, 2)
    || substr(pairs, ((x >> 29) & 2046)::int + 1, 2) || substr(pairs, ((x >> 19) & 2046)::int + 1, 2)
    || substr(pairs, ((x >> 9) & 2046)::int + 1, 2) || substr(pairs, ((x << 1) & 2046)::int + 1, 2)
    || substr(pairs, ((y >> 29) & 2046)::int + 1, 2) || substr(pairs, ((y >> 19) & 2046)::int + 1, 2)
    || substr(pairs, ((y >> 9) & 2046)::int + 1, 2) || substr(pairs, ((y << 1) & 2046)::int + 1, 2)
    || substr(pairs, ((z >> 29) & 2046)::int + 1, 2) || substr(pairs, ((z >> 19) & 2046)::int + 1, 2)
    || substr(pairs, ((z >> 9) & 2046)::int + 1, 2) || substr(pairs, ((z << 1) & 2046)::int + 1, 2)
    || substr(pairs, 2 * (get_byte(checks, 4096 + mark)
         # get_byte(checks, get_byte(b, 16)) # get_byte(checks, 256 + get_byte(b, 17))
         # get_byte(checks, 512 + get_byte(b, 18)) # get_byte(checks, 768 + get_byte(b, 19))
         # get_byte(checks, 1024 + get_byte(b, 20)) # get_byte(checks, 1280 + get_byte(b, 21))
         # get_byte(checks, 1536 + get_byte(b, 22)) # get_byte(checks, 1792 + get_byte(b, 23))
         # get_byte(checks, 2048 + get_byte(b, 24)) # get_byte(checks, 2304 + get_byte(b, 25))
         # get_byte(checks, 2560 + get_byte(b, 26)) # get_byte(checks, 2816 + get_byte(b, 27))
         # get_byte(checks, 3072 + get_byte(b, 28)) # get_byte(checks, 3328 + get_byte(b, 29))
         # get_byte(checks, 3584 + get_byte(b, 30)) # get_byte(checks, 3840 + get_byte(b, 31)) # pc) + 2, 1),
    'escape')@close@;
END
$$
$fn$,

  -- ulid_unmask returns the ULID whose public ID is public_id, made with one
  -- of keys (newest first), as Masker.Unmask does: either case, nothing
  -- trimmed. Anything else is an error with Masker.Unmask's message, such as
  -- "ulid: public ID check character 'S' at offset 28 does not match: a
  -- character is mistyped, or two are swapped". Lengths and offsets count
  -- bytes of the text in UTF-8, like Go's. ulid_unmask_typed does the same
  -- for a typed public ID of the type prefix, as the typed Masker's Unmask:
  -- the prefix as written, the body in either case; text of another prefix,
  -- or of none, is "ulid: typed public ID of another type, want the prefix
  -- "user_"".
  $fn$
CREATE OR REPLACE FUNCTION @target@.ulid_unmask@typed@(public_id text, @prefix@VARIADIC keys bytea[]) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  -- dec maps a byte to its value in the alphabet, 255 if none; checks is
  -- what each byte of the encrypted block, and the mark, add to the check
  -- value (see the file that made this function, ulid_public_id.sql).
  dec constant bytea := decode('@dec@', 'hex');
  checks constant bytea := decode('@checks@', 'hex');
  key bytea;
  marks int[] := '{}';
  opening bytea[] := keys; -- the keys that open public IDs: keys, or their type keys
  b bytea;
  m bytea;
  mark int;
  g int;
  x int8;
  y int8;
  z int8;
  block bytea;
  n int;
  v int;
  s int;
  q text;
  body text := public_id; -- the public ID, or a typed one's body after its prefix and '_'
  base int := 0;          -- the body's offset in public_id
  want int := 29;         -- the length of a public ID
  pc int := 0;            -- the type prefix's part of the check value
BEGIN
  -- NULL in any argument gives NULL, before any key is checked (STRICT sees
  -- only a NULL array, not a NULL element of it).
  IF array_position(keys, NULL::bytea) IS NOT NULL THEN
    RETURN NULL;
  END IF;
  -- Every key is checked, whichever the public ID names.
  FOREACH key IN ARRAY keys LOOP
    IF octet_length(key) NOT IN (16, 24, 32) THEN
      RAISE EXCEPTION 'ulid: invalid masking key: key % is % bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)', cardinality(marks) + 1, octet_length(key)
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    m := @crypto@.encrypt(decode('756c69642d7075626c69632d69642d31', 'hex'), key, text 'aes-ecb/pad:none');
    mark := (get_byte(m, 0) << 2) | (get_byte(m, 1) >> 6);
    IF mark = ANY (marks) THEN
      RAISE EXCEPTION 'ulid: invalid masking key: keys % and % have the same key mark "%" (the same key twice, or a 1-in-1024 chance: make another key)',
        array_position(marks, mark), cardinality(marks) + 1, substr('@alphabet@', (mark >> 5) + 1, 1) || substr('@alphabet@', (mark & 31) + 1, 1)
        USING ERRCODE = 'invalid_parameter_value';
    END IF;
    marks := marks || mark;
  END LOOP;
  IF cardinality(marks) = 0 THEN
    RAISE EXCEPTION 'ulid: invalid masking key: no key' USING ERRCODE = 'invalid_parameter_value';
  END IF;
--typed   -- The keys are NewMasker's; then, as Masker.Typed, the prefix's rule
--typed   -- and a type key for each key, whose marks must differ too.
--typed   @prefix_rule@
--typed   marks := '{}';
--typed   opening := '{}';
--typed   FOREACH key IN ARRAY keys LOOP
--typed     key := @type_key@;
--typed     m := @crypto@.encrypt(decode('756c69642d7075626c69632d69642d31', 'hex'), key, text 'aes-ecb/pad:none');
--typed     mark := (get_byte(m, 0) << 2) | (get_byte(m, 1) >> 6);
--typed     IF mark = ANY (marks) THEN
--typed       RAISE EXCEPTION 'ulid: invalid masking key: keys % and % have the same key mark "%" for the type "%" (a 1-in-1024 chance for each type: make another key)',
--typed         array_position(marks, mark), cardinality(marks) + 1,
--typed         translate(substr('@alphabet@', (mark >> 5) + 1, 1) || substr('@alphabet@', (mark & 31) + 1, 1), '@alphabet@', '@lower_alphabet@'), prefix
--typed         USING ERRCODE = 'invalid_parameter_value';
--typed     END IF;
--typed     marks := marks || mark;
--typed     opening := opening || key;
--typed   END LOOP;

  b := convert_to(public_id, name 'UTF8');
--typed   -- The prefix is all before the last '_', as in TypeID text, and must be
--typed   -- the type's; the body follows it.
--typed   want := octet_length(prefix) + 30;
--typed   IF octet_length(b) > 0 THEN
--typed     base := octet_length(prefix) + 1;
--typed     IF substr(b, 1, base) <> convert_to(prefix || '_', name 'UTF8') OR position(decode('5f', 'hex') IN substr(b, base + 1)) <> 0 THEN
--typed       RAISE EXCEPTION 'ulid: typed public ID of another type, want the prefix "%"', prefix || '_'
--typed         USING ERRCODE = 'invalid_text_representation';
--typed     END IF;
--typed     b := substr(b, base + 1);
--typed     body := substr(public_id, base + 1);
--typed   END IF;
--typed   @prefix_check@
  IF octet_length(b) = 29 AND body COLLATE "C" ~ '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]*$' THEN
    mark := (get_byte(dec, get_byte(b, 0)) << 5) | get_byte(dec, get_byte(b, 1));
    -- Characters 2-3: 10 bits, of which the top 2 must be 0, then byte 0.
    g := (get_byte(dec, get_byte(b, 2)) << 5) | get_byte(dec, get_byte(b, 3));
    IF g < 256 THEN
      -- Then 8 characters, 40 bits, for bytes 1-5, 6-10 and 11-15.
      x := (((get_byte(dec, get_byte(b, 4)) << 15) | (get_byte(dec, get_byte(b, 5)) << 10) | (get_byte(dec, get_byte(b, 6)) << 5) | get_byte(dec, get_byte(b, 7)))::int8 << 20)
         | (get_byte(dec, get_byte(b, 8)) << 15) | (get_byte(dec, get_byte(b, 9)) << 10) | (get_byte(dec, get_byte(b, 10)) << 5) | get_byte(dec, get_byte(b, 11));
      y := (((get_byte(dec, get_byte(b, 12)) << 15) | (get_byte(dec, get_byte(b, 13)) << 10) | (get_byte(dec, get_byte(b, 14)) << 5) | get_byte(dec, get_byte(b, 15)))::int8 << 20)
         | (get_byte(dec, get_byte(b, 16)) << 15) | (get_byte(dec, get_byte(b, 17)) << 10) | (get_byte(dec, get_byte(b, 18)) << 5) | get_byte(dec, get_byte(b, 19));
      z := (((get_byte(dec, get_byte(b, 20)) << 15) | (get_byte(dec, get_byte(b, 21)) << 10) | (get_byte(dec, get_byte(b, 22)) << 5) | get_byte(dec, get_byte(b, 23)))::int8 << 20)
         | (get_byte(dec, get_byte(b, 24)) << 15) | (get_byte(dec, get_byte(b, 25)) << 10) | (get_byte(dec, get_byte(b, 26)) << 5) | get_byte(dec, get_byte(b, 27));
      block := decode(lpad(to_hex(g), 2, '0') || lpad(to_hex(x), 10, '0') || lpad(to_hex(y), 10, '0') || lpad(to_hex(z), 10, '0'), 'hex');
      IF (get_byte(checks, 4096 + mark)
          # get_byte(checks, get_byte(block, 0)) # get_byte(checks, 256 + get_byte(block, 1))
          # get_byte(checks, 512 + get_byte(block, 2)) # get_byte(checks, 768 + get_byte(block, 3))
          # get_byte(checks, 1024 + get_byte(block, 4)) # get_byte(checks, 1280 + get_byte(block, 5))
          # get_byte(checks, 1536 + get_byte(block, 6)) # get_byte(checks, 1792 + get_byte(block, 7))
          # get_byte(checks, 2048 + get_byte(block, 8)) # get_byte(checks, 2304 + get_byte(block, 9))
          # get_byte(checks, 2560 + get_byte(block, 10)) # get_byte(checks, 2816 + get_byte(block, 11))
          # get_byte(checks, 3072 + get_byte(block, 12)) # get_byte(checks, 3328 + get_byte(block, 13))
          # get_byte(checks, 3584 + get_byte(block, 14)) # get_byte(checks, 3840 + get_byte(block, 15)) # pc)
         = get_byte(dec, get_byte(b, 28)) THEN
        -- The mark picks the key.
        n := array_position(marks, mark);
        IF n IS NULL THEN
          RAISE EXCEPTION '@unknown_key@'
            USING ERRCODE = 'invalid_text_representation';
        END IF;
        FOREACH key IN ARRAY opening LOOP
          n := n - 1;
          IF n = 0 THEN
            RETURN encode(@crypto@.decrypt(block, key, text 'aes-ecb/pad:none'), 'hex')::uuid;
          END IF;
        END LOOP;
      END IF;
    END IF;
  END IF;

  -- Not a public ID: find the first fault, in Masker.Unmask's order.
  n := octet_length(b);
  IF n <> 29 THEN
    RAISE EXCEPTION 'ulid: invalid @form@ length % bytes, want %', base + n, want
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  s := 0;
  FOR i IN 0..28 LOOP
    v := get_byte(b, i);
    IF get_byte(dec, v) = 255 THEN
      q := CASE WHEN v IN (39, 92) THEN '''' || chr(92) || chr(v) || ''''
                WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                ELSE '0x' || lpad(to_hex(v), 2, '0') END;
      -- Crockford's aliases get Masker.Unmask's note.
      RAISE EXCEPTION 'ulid: invalid @form@: character % at offset %', q, base + i ||
        CASE WHEN v IN (73, 105, 76, 108) THEN ' (Crockford alias of ''1'': a public ID has only the 32 characters of the alphabet)'
             WHEN v IN (79, 111) THEN ' (Crockford alias of ''0'': a public ID has only the 32 characters of the alphabet)' ELSE '' END
        USING ERRCODE = 'invalid_text_representation';
    END IF;
    -- The check value by Horner's rule: s = s·α + v; for a whole public ID,
    -- 0, or the type prefix's part.
    s := s << 1;
    IF s & 32 <> 0 THEN
      s := s # 37;
    END IF;
    s := s # get_byte(dec, v);
  END LOOP;
  IF s <> pc THEN
    RAISE EXCEPTION 'ulid: @form@ check character ''%'' at offset % does not match: @mistyped@', chr(get_byte(b, 28)), base + 28
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  IF (get_byte(dec, get_byte(b, 2)) > 7) THEN
    RAISE EXCEPTION 'ulid: invalid @form@: character ''%'' at offset % is above ''7''', chr(get_byte(b, 2)), base + 2
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  RAISE EXCEPTION 'ulid: internal error: ulid_unmask@typed@ found no fault in %', quote_literal(public_id);
END
$$
$fn$,

  -- ulid_public_id_mark returns the key's mark, the first 2 characters of
  -- every public ID the key makes: which key a public ID needs, without the
  -- key. It is not secret: every public ID shows it. ulid_public_id_mark_typed
  -- returns the mark of the type key, the 2 characters after the prefix and
  -- '_' of the type's public IDs, in lower case.
  $fn$
CREATE OR REPLACE FUNCTION @target@.ulid_public_id_mark@typed@(@prefix@key bytea) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  m bytea;
BEGIN
  IF octet_length(key) NOT IN (16, 24, 32) THEN
    RAISE EXCEPTION 'ulid: invalid masking key: key 1 is % bytes, want 16, 24 or 32 (32, 48 or 64 hex digits)', octet_length(key)
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
--typed   @prefix_rule@
--typed   key := @type_key@;
  m := @crypto@.encrypt(decode('756c69642d7075626c69632d69642d31', 'hex'), key, text 'aes-ecb/pad:none');
  RETURN @lower@substr('@alphabet@', (get_byte(m, 0) >> 3) + 1, 1) || substr('@alphabet@', (((get_byte(m, 0) << 2) | (get_byte(m, 1) >> 6)) & 31) + 1, 1)@close@;
END
$$
$fn$];

  FOREACH fn IN ARRAY fns LOOP
    FOREACH typed IN ARRAY ARRAY[false, true] LOOP
      IF typed THEN
        part := regexp_replace(fn, '^--typed ', '', 'gn');
        FOR i IN 1..cardinality(typed_parts) BY 2 LOOP
          part := replace(part, typed_parts[i], typed_parts[i + 1]);
        END LOOP;
        -- Typed public IDs are written in lower case.
        part := replace(replace(replace(replace(replace(replace(replace(replace(part,
          '@typed@', '_typed'), '@prefix@', 'prefix text, '),
          '@open@', 'prefix || ''_'' || translate('), '@lower@', 'translate('),
          '@close@', ', ''@alphabet@'', ''@lower_alphabet@'')'),
          '@form@', 'typed public ID'),
          '@mistyped@', 'a character is mistyped, two are swapped, or the prefix was changed'),
          '@unknown_key@', 'ulid: typed public ID made with another key or for another type: its key mark names none of the keys given (a wrong or retired key, or a changed prefix)');
      ELSE
        part := regexp_replace(fn, '^--typed .*' || chr(10), '', 'gn');
        part := replace(replace(replace(replace(replace(replace(replace(replace(part,
          '@typed@', ''), '@prefix@', ''), '@open@', ''), '@lower@', ''), '@close@', ''),
          '@form@', 'public ID'),
          '@mistyped@', 'a character is mistyped, or two are swapped'),
          '@unknown_key@', 'ulid: public ID made with another key: its key mark names none of the keys given (a wrong or retired key)');
      END IF;
      EXECUTE replace(replace(replace(replace(replace(replace(replace(part, '@target@', target), '@crypto@', crypto),
        '@alphabet@', alphabet), '@lower_alphabet@', lower_alphabet),
        '@pairs@', (SELECT string_agg(lpad(to_hex(v), 2, '0'), '' ORDER BY i) FROM unnest(pairs) WITH ORDINALITY AS t(v, i))),
        '@dec@', (SELECT string_agg(lpad(to_hex(v), 2, '0'), '' ORDER BY i) FROM unnest(dec) WITH ORDINALITY AS t(v, i))),
        '@checks@', (SELECT string_agg(lpad(to_hex(v), 2, '0'), '' ORDER BY i) FROM unnest(checks) WITH ORDINALITY AS t(v, i)));
    END LOOP;
  END LOOP;

  PERFORM set_config('search_path', saved, true);
END
$install$;
