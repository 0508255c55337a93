-- Formulations of the SQL kit's PostgreSQL functions that lost: see
-- benchmarks/sqlkit/README.md. Each is named lab_<function>_<formulation>;
-- integration/sqlkit_bench_test.go installs this file beside the kit and
-- times every function here against the kit's own.

-- An empty function of each kind, for the cost of a call alone.
CREATE OR REPLACE FUNCTION lab_empty_sql(id uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ''::text $$;
CREATE OR REPLACE FUNCTION lab_empty_plpgsql(id uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$ BEGIN RETURN ''; END $$;

-- uuid_to_ulid as one plain-SQL expression the planner inlines: 26 substr
-- calls, each recomputing its 48- or 40-bit group from the uuid.
CREATE OR REPLACE FUNCTION lab_uuid_to_ulid_inline(id uuid) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT
    substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 45 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 40 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 35 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 30 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 25 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 20 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 15 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 10 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 >> 5 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 1, 12))::bit(48)::int8 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 35 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 30 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 25 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 20 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 15 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 10 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 >> 5 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 13, 10))::bit(40)::int8 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 35 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 30 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 25 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 20 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 15 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 10 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 >> 5 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (('x' || substr(encode(uuid_send(id), 'hex'), 23, 10))::bit(40)::int8 & 31)::int + 1, 1)
$$;

-- uuid_to_ulid in PL/pgSQL with the three groups in variables and one
-- character per substr call (the kit looks up two characters at a time).
CREATE OR REPLACE FUNCTION lab_uuid_to_ulid_substr(id uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  h text := encode(uuid_send(id), 'hex');
  t int8 := ('x' || substr(h, 1, 12))::bit(48)::int8;
  a int8 := ('x' || substr(h, 13, 10))::bit(40)::int8;
  b int8 := ('x' || substr(h, 23, 10))::bit(40)::int8;
BEGIN
  RETURN substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 45 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 40 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 35 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 30 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 25 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 20 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 15 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 10 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 5 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 35 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 30 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 25 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 20 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 15 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 10 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 5 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 35 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 30 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 25 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 20 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 15 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 10 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b >> 5 & 31)::int + 1, 1)
    || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (b & 31)::int + 1, 1);
END $$;

-- uuid_to_ulid as the loops people copy: the 128 bits as a bit string, five
-- bits at a time.
CREATE OR REPLACE FUNCTION lab_uuid_to_ulid_loop(id uuid) RETURNS text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  bits bit(130) := B'00' || ('x' || encode(uuid_send(id), 'hex'))::bit(128);
  out text := '';
BEGIN
  FOR i IN 0..25 LOOP
    out := out || substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substring(bits FROM i * 5 + 1 FOR 5)::int + 1, 1);
  END LOOP;
  RETURN out;
END $$;

-- ulid_to_uuid as the loops people copy: strpos per character, the value
-- built up in a numeric, then printed as hex digit by digit.
CREATE OR REPLACE FUNCTION lab_ulid_to_uuid_loop(s text) RETURNS uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  u text := upper(translate(s, 'ILOilo', '110110'));
  v numeric := 0;
  p int;
  h text := '';
BEGIN
  IF length(u) <> 26 THEN
    RAISE EXCEPTION 'ulid: invalid length % bytes, want 26', octet_length(s) USING ERRCODE = '22P02';
  END IF;
  FOR i IN 1..26 LOOP
    p := strpos('0123456789ABCDEFGHJKMNPQRSTVWXYZ', substr(u, i, 1));
    IF p = 0 THEN
      RAISE EXCEPTION 'ulid: invalid character at offset %', i - 1 USING ERRCODE = '22P02';
    END IF;
    v := v * 32 + (p - 1);
  END LOOP;
  IF v >= 2::numeric ^ 128 THEN
    RAISE EXCEPTION 'ulid: value overflows 128 bits' USING ERRCODE = '22P02';
  END IF;
  FOR i IN 1..32 LOOP
    h := substr('0123456789abcdef', (mod(v, 16))::int + 1, 1) || h;
    v := div(v, 16);
  END LOOP;
  RETURN h::uuid;
END $$;

-- ulid_to_uuid as one plain-SQL expression the planner inlines (so not
-- STRICT, which would stop the inlining): the regular expression, then a
-- lookup per character through ascii(substr(...)); bad text goes to the
-- kit's ulid_to_uuid for its error.

CREATE OR REPLACE FUNCTION lab_ulid_to_uuid_inline(s text) RETURNS uuid
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
SELECT CASE WHEN s ~ '^[0-7ILOilo][0-9A-TV-Za-tv-z]{25}$' THEN
  (lpad(to_hex((get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 1, 1)))::int8 << 45)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 2, 1)))::int8 << 40)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 3, 1)))::int8 << 35)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 4, 1)))::int8 << 30)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 5, 1)))::int8 << 25)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 6, 1)))::int8 << 20)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 7, 1)))::int8 << 15)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 8, 1)))::int8 << 10)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 9, 1)))::int8 << 5)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 10, 1)))::int8)), 12, '0')
  || lpad(to_hex((get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 11, 1)))::int8 << 35)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 12, 1)))::int8 << 30)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 13, 1)))::int8 << 25)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 14, 1)))::int8 << 20)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 15, 1)))::int8 << 15)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 16, 1)))::int8 << 10)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 17, 1)))::int8 << 5)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 18, 1)))::int8)), 10, '0')
  || lpad(to_hex((get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 19, 1)))::int8 << 35)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 20, 1)))::int8 << 30)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 21, 1)))::int8 << 25)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 22, 1)))::int8 << 20)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 23, 1)))::int8 << 15)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 24, 1)))::int8 << 10)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 25, 1)))::int8 << 5)
      | (get_byte('\xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffff'::bytea, ascii(substr(s, 26, 1)))::int8)), 10, '0'))::uuid
  ELSE ulid_to_uuid(s) END
$$;

-- gen_random_ulid with the milliseconds from floor(extract(epoch ...)), which
-- is exact only where extract returns numeric (PostgreSQL 14 and later).
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_floor() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
SELECT (lpad(to_hex(floor(extract(epoch FROM clock_timestamp()) * 1000)::int8), 12, '0')
        || overlay(gen_random_uuid()::text PLACING '' FROM 9 FOR 16))::uuid
$$;

-- gen_random_ulid in bytea: the timestamp's 6 bytes, then bytes 7 to 16 of
-- gen_random_uuid(), version and variant bits included (74 random bits).
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_bytea() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
SELECT encode(substring(int8send(round(extract(epoch FROM date_trunc('milliseconds',
            clock_timestamp() - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8) FROM 3)
        || substring(uuid_send(gen_random_uuid()) FROM 7), 'hex')::uuid
$$;

-- gen_random_ulid as plain SQL that the planner inlines: the kit's until
-- search_path was pinned (a SET clause rules inlining out).
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_sql() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
SELECT (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            clock_timestamp() - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
        || overlay(gen_random_uuid()::text PLACING '' FROM 9 FOR 16))::uuid
$$;

-- The same plain SQL with the kit's pinned search_path, so not inlined.
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_sql_pinned() RETURNS uuid
LANGUAGE sql VOLATILE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            clock_timestamp() - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
        || overlay(gen_random_uuid()::text PLACING '' FROM 9 FOR 16))::uuid
$$;

-- gen_random_ulid in PL/pgSQL: the kit's body, without its SET clause.
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_plpgsql() RETURNS uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE AS $$
BEGIN
  RETURN (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            clock_timestamp() - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
        || overlay(gen_random_uuid()::text PLACING '' FROM 9 FOR 16))::uuid;
END $$;

-- ulid_time with to_timestamp of floating-point seconds: fast, but not
-- exact (see the README for where it is off).
CREATE OR REPLACE FUNCTION lab_ulid_time_float(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT to_timestamp(('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8 / 1000.0)
$$;

-- ulid_time as plain SQL that the planner inlines: the kit's until
-- search_path was pinned.
CREATE OR REPLACE FUNCTION lab_ulid_time_sql(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
SELECT timezone('UTC', timestamp '1970-01-01 00:00:00'
  + ('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8 / 1000 * interval '1 second'
  + ('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8 % 1000 * interval '1 millisecond')
$$;

-- The same plain SQL with the kit's pinned search_path, so not inlined.
CREATE OR REPLACE FUNCTION lab_ulid_time_sql_pinned(id uuid) RETURNS timestamptz
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
SELECT timezone('UTC', timestamp '1970-01-01 00:00:00'
  + ('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8 / 1000 * interval '1 second'
  + ('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8 % 1000 * interval '1 millisecond')
$$;

-- ulid_time in PL/pgSQL, the milliseconds in a variable: the kit's body,
-- without its SET clause.
CREATE OR REPLACE FUNCTION lab_ulid_time_plpgsql(id uuid) RETURNS timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  ms int8 := ('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8;
BEGIN
  RETURN timezone('UTC', timestamp '1970-01-01 00:00:00' + ms / 1000 * interval '1 second' + ms % 1000 * interval '1 millisecond');
END $$;
