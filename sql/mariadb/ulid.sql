-- ULID functions for MariaDB 10.11 and later: github.com/ulidgo/ulid, sql/mariadb/.
--
-- A ULID is stored as BINARY(16) (its 16 bytes, unchanged). These functions
-- make, read and write ULIDs inside the database, named after MySQL's
-- UUID_TO_BIN and BIN_TO_UUID: see docs/sql.md.
--
--   gen_random_ulid()            BINARY(16)   a new ULID: the current millisecond and 80 random bits
--   gen_random_ulid_v7()         BINARY(16)   a new ULID that is also a valid UUIDv7 (74 random bits)
--   ulid_to_bin(text)            BINARY(16)   parses ULID text as ulid.Parse does; bad text is an error
--   bin_to_ulid(bin)             CHAR(26)     the 26-character canonical (upper-case) text
--   bin_to_typeid(bin, prefix)   VARCHAR(90)  TypeID text for a prefix, as ulid.AppendTypeID writes it
--   typeid_to_bin(text, prefix)  BINARY(16)   reads TypeID text of a prefix, as ulid.ParseTyped does
--   ulid_time(bin)               DATETIME(3)  the ULID's millisecond, in UTC
--   ulid_min(time)               BINARY(16)   the smallest ULID of that UTC millisecond (as ulid.MinAt)
--   ulid_max(time)               BINARY(16)   the largest ULID of that UTC millisecond (as ulid.MaxAt)
--
-- Two files hold the same statements. ulid.sql is for the mariadb (or mysql)
-- client, which needs its DELIMITER lines: mariadb mydb < ulid.sql.
-- ulid.migration.sql has no DELIMITER lines and ends each statement with ";",
-- for migration tools and drivers that send the file to the server as it is
-- (go-sql-driver/mysql with multiStatements=true): see docs/sql.md.
-- They create the functions in the current database and need the CREATE
-- ROUTINE and ALTER ROUTINE privileges there (CREATE OR REPLACE asks for
-- ALTER ROUTINE even when the function does not exist yet). With binary
-- logging on, a user without SUPER also needs
-- log_bin_trust_function_creators = 1. Callers need EXECUTE on the database:
-- the functions run as the caller (SQL SECURITY INVOKER) and call the helpers
-- _ulid_fail, _ulid_text_error, _ulid_prefix_error, _ulid_typeid_error and
-- _ulid_time_error.
--
-- Bad input is an error, never NULL: SQLSTATE 22018 (invalid character value
-- for cast) with the Go package's message for bad text and binary, 22023
-- (invalid parameter value) for a TypeID prefix argument that breaks the
-- rule, 22007 (invalid datetime format) for text that is not a time, 22008
-- (datetime field overflow) for a time outside what a ULID or DATETIME
-- holds. NULL gives NULL. The parameters are LONGBLOB, so MariaDB passes the
-- caller's bytes as they are, whatever their length and whatever the
-- caller's sql_mode: it truncates nothing, and passes a DATETIME, DATE or
-- TIMESTAMP (in the session's time zone) as its text, which the function
-- reads itself. (Only EMPTY_STRING_IS_NULL changes an argument: '' arrives
-- as NULL.) The constants hold no backslash (CHAR(92) makes one) and none
-- is empty (EMPTY_STRING_IS_NULL reads '' as NULL), so the sql_mode in
-- effect when the file is run, which MariaDB keeps with each function, does
-- not change them either.

DELIMITER //

-- _ulid_fail raises the error state with the message msg (at most 128
-- characters, SIGNAL's limit). The other functions call it for bad input; it
-- never returns.
CREATE OR REPLACE FUNCTION _ulid_fail(state CHAR(5), msg VARCHAR(128)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  IF state = '22008' THEN
    SIGNAL SQLSTATE '22008' SET MESSAGE_TEXT = msg;
  END IF;
  IF state = '22023' THEN
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
  END IF;
  IF state = '22007' THEN
    SIGNAL SQLSTATE '22007' SET MESSAGE_TEXT = msg;
  END IF;
  SIGNAL SQLSTATE '22018' SET MESSAGE_TEXT = msg;
  RETURN NULL;
END
//

-- _ulid_text_error raises ulid.Parse's error for s, which is not ULID text:
-- the length, or the first bad byte and its offset.
CREATE OR REPLACE FUNCTION _ulid_text_error(s LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE i INT DEFAULT 0;
  DECLARE v INT;
  DECLARE q VARCHAR(8) CHARACTER SET utf8mb4;
  IF LENGTH(s) <> 26 THEN
    RETURN _ulid_fail('22018', CONCAT('ulid: invalid length ', LENGTH(s), ' bytes, want 26'));
  END IF;
  WHILE i < 26 DO
    SET v = ORD(SUBSTR(s, i + 1, 1));
    SET q = CASE WHEN v = 39 THEN CONCAT('''', CHAR(92 USING utf8mb4), '''''') -- a backslash before it
                 WHEN v = 92 THEN CONCAT('''', CHAR(92, 92 USING utf8mb4), '''') -- doubled
                 WHEN v BETWEEN 32 AND 126 THEN CONCAT('''', CHAR(v USING utf8mb4), '''')
                 ELSE CONCAT('0x', LOWER(LPAD(HEX(v), 2, '0'))) END;
    IF v > 127 OR LOCATE(CHAR(v USING utf8mb4), '0123456789ABCDEFGHIJKLMNOPQRSTVWXYZabcdefghijklmnopqrstvwxyz') = 0 THEN
      RETURN _ulid_fail('22018', CONCAT('ulid: invalid character ', q, ' at offset ', i));
    END IF;
    IF i = 0 AND LOCATE(CHAR(v USING utf8mb4), '01234567ILOilo') = 0 THEN
      RETURN _ulid_fail('22018', CONCAT('ulid: first character ', q, ' is above ''7'': value overflows 128 bits'));
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN _ulid_fail('45000', CONCAT('ulid: internal error: _ulid_text_error found no fault in ', QUOTE(s)));
END
//

-- gen_random_ulid returns a new ULID: the statement's time (UTC_TIMESTAMP(6))
-- in Unix milliseconds, then 80 random bits from RANDOM_BYTES, the server's
-- cryptographically strong random source. ULIDs made in the same millisecond
-- (all those of one statement) are in random order.
CREATE OR REPLACE FUNCTION gen_random_ulid() RETURNS BINARY(16)
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CONCAT(UNHEX(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000), 12, '0')),
              RANDOM_BYTES(10))
//

-- gen_random_ulid_v7 is gen_random_ulid with the UUID version 7 and the
-- RFC 9562 variant set: bits 48-51 are 0111 and bits 64-65 are 10, leaving 74
-- random bits. The result is a valid ULID and a valid UUIDv7 at once. In hex
-- digits: 12 of the time, the version 7, 3 random ones, the variant digit (8,
-- 9, A or B: 10 and 2 random bits) and 15 random ones. INSERT with a length
-- of 0 puts the variant digit after the first 3 of the 18 random digits, so
-- there are two RANDOM_BYTES calls, which cost the most here.
CREATE OR REPLACE FUNCTION gen_random_ulid_v7() RETURNS BINARY(16)
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN UNHEX(CONCAT(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000), 12, '0'), '7',
                    INSERT(HEX(RANDOM_BYTES(9)), 4, 0, HEX(8 | (ORD(RANDOM_BYTES(1)) & 3)))))
//

-- ulid_to_bin parses the 26-character text form of a ULID, as ulid.Parse
-- does: either case, and the Crockford aliases I and L for 1 and O for 0.
-- Anything else is an error with ulid.Parse's message, such as "ulid: invalid
-- character 'U' at offset 25". Lengths and offsets count bytes (UTF-8 bytes
-- for utf8mb4 text, like Go's).
CREATE OR REPLACE FUNCTION ulid_to_bin(s LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE m VARBINARY(26);
  IF LENGTH(s) <> 26 OR s NOT REGEXP '^[0-7ILOilo][0-9A-TV-Za-tv-z]{25}$' THEN
    RETURN _ulid_text_error(s); -- NULL gives NULL here
  END IF;
  -- Crockford's Base32 to the digits CONV reads (0-9, A-V), on bytes: with
  -- text, each REPLACE would convert to the literals' utf8mb4 and back.
  SET m = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
          REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
          CAST(UPPER(CONVERT(s USING latin1)) AS BINARY),
          _binary'I', _binary'1'), _binary'L', _binary'1'), _binary'O', _binary'0'), _binary'J', _binary'I'), _binary'K', _binary'J'),
          _binary'M', _binary'K'), _binary'N', _binary'L'), _binary'P', _binary'M'), _binary'Q', _binary'N'), _binary'R', _binary'O'),
          _binary'S', _binary'P'), _binary'T', _binary'Q'), _binary'V', _binary'R'), _binary'W', _binary'S'), _binary'X', _binary'T'),
          _binary'Y', _binary'U'), _binary'Z', _binary'V');
  RETURN UNHEX(CONCAT(LPAD(CONV(SUBSTR(m, 1, 10), 32, 16), 12, '0'),
                      LPAD(CONV(SUBSTR(m, 11, 8), 32, 16), 10, '0'),
                      LPAD(CONV(SUBSTR(m, 19, 8), 32, 16), 10, '0')));
END
//

-- bin_to_ulid returns the ULID's 26-character canonical text: Crockford's
-- Base32, upper case. A value of another length than 16 bytes is an error.
CREATE OR REPLACE FUNCTION bin_to_ulid(b LONGBLOB) RETURNS CHAR(26) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN b IS NULL THEN NULL
  WHEN LENGTH(b) <> 16 THEN _ulid_fail('22018', CONCAT('ulid: invalid binary length ', LENGTH(b), ' bytes, want 16'))
  -- CONV writes base 32 with the digits 0-9, A-V; then to Crockford's alphabet.
  ELSE REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
       REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
       CONCAT(LPAD(CONV(HEX(SUBSTR(b, 1, 6)), 16, 32), 10, '0'),
              LPAD(CONV(HEX(SUBSTR(b, 7, 5)), 16, 32), 8, '0'),
              LPAD(CONV(HEX(SUBSTR(b, 12, 5)), 16, 32), 8, '0')),
       'V', 'Z'), 'U', 'Y'), 'T', 'X'), 'S', 'W'), 'R', 'V'), 'Q', 'T'), 'P', 'S'),
       'O', 'R'), 'N', 'Q'), 'M', 'P'), 'L', 'N'), 'K', 'M'), 'J', 'K'), 'I', 'J')
END
//

-- _ulid_prefix_error raises the error of p, a TypeID prefix that breaks the
-- rule (at most 63 bytes a-z and '_', the first and the last a letter), with
-- the state and the form of the text it is in ('TypeID prefix' for a prefix
-- argument, 'TypeID' for the prefix of TypeID text): the first byte that
-- breaks the rule and its offset, as the Go package finds it. For a valid p,
-- the empty prefix included, it returns NULL.
CREATE OR REPLACE FUNCTION _ulid_prefix_error(p LONGBLOB, state CHAR(5), form VARCHAR(16)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE m INT DEFAULT LENGTH(p);
  DECLARE i INT DEFAULT 0;
  DECLARE v INT;
  DECLARE q VARCHAR(8) CHARACTER SET utf8mb4;
  WHILE i < LEAST(m, 63) AND (ORD(SUBSTR(p, i + 1, 1)) BETWEEN 97 AND 122
                              OR ORD(SUBSTR(p, i + 1, 1)) = 95 AND i > 0 AND i < m - 1) DO
    SET i = i + 1;
  END WHILE;
  IF i = m THEN
    RETURN NULL;
  END IF;
  SET v = ORD(SUBSTR(p, i + 1, 1));
  SET q = CASE WHEN v = 39 THEN CONCAT('''', CHAR(92 USING utf8mb4), '''''') -- a backslash before it
               WHEN v = 92 THEN CONCAT('''', CHAR(92, 92 USING utf8mb4), '''') -- doubled
               WHEN v BETWEEN 32 AND 126 THEN CONCAT('''', CHAR(v USING utf8mb4), '''')
               ELSE CONCAT('0x', LOWER(LPAD(HEX(v), 2, '0'))) END;
  RETURN _ulid_fail(state, CONCAT('ulid: invalid ', form, ': character ', q, ' at offset ', i, ', want ',
    IF(i = 63, 'a prefix of at most 63 characters', '''a'' to ''z'', or ''_'' between letters')));
END
//

-- _ulid_typeid_error raises ulid.ParseTyped's error for s, which is not
-- TypeID text of prefix, a valid prefix: the first fault, in its order (the
-- prefix's own rule, then another prefix, then the suffix). The message of
-- another prefix, which quotes the prefix wanted, is cut to SIGNAL's 128
-- characters if it is longer: its first 124 characters, then ...".
CREATE OR REPLACE FUNCTION _ulid_typeid_error(s LONGBLOB, prefix LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE n INT DEFAULT LENGTH(s);
  DECLARE m INT DEFAULT LENGTH(prefix);
  DECLARE sep INT DEFAULT LENGTH(s) - 27;
  DECLARE i INT DEFAULT 0;
  DECLARE v INT;
  DECLARE q VARCHAR(8) CHARACTER SET utf8mb4;
  DECLARE msg VARCHAR(255) CHARACTER SET utf8mb4;
  -- sep is the offset of the '_' that ends the prefix, -1 for none: 27
  -- bytes from the end in valid text, else the last '_'.
  IF sep < 0 OR SUBSTR(s, sep + 1, 1) <> _binary'_' THEN
    SET sep = IF(LOCATE(_binary'_', REVERSE(s)) = 0, -1, n - LOCATE(_binary'_', REVERSE(s)));
  END IF;
  IF sep = 0 THEN
    RETURN _ulid_fail('22018', 'ulid: invalid TypeID: character ''_'' at offset 0, want no ''_'' before a suffix without a prefix');
  END IF;
  IF sep > 0 THEN
    SET msg = _ulid_prefix_error(LEFT(s, sep), '22018', 'TypeID'); -- returns only for a valid prefix
  END IF;
  -- TypeID text of another prefix, or of none where prefix is not empty,
  -- before the suffix is read: the first byte that differs (of text with no
  -- '_', its first byte, which may be any).
  SET i = 0;
  WHILE i < GREATEST(sep, 0) AND i < m AND SUBSTR(s, i + 1, 1) = SUBSTR(prefix, i + 1, 1) DO
    SET i = i + 1;
  END WHILE;
  IF n > 0 AND (i < GREATEST(sep, 0) OR m > GREATEST(sep, 0)) THEN
    SET v = ORD(SUBSTR(s, i + 1, 1));
    SET q = CASE WHEN v = 39 THEN CONCAT('''', CHAR(92 USING utf8mb4), '''''') -- a backslash before it
                 WHEN v = 92 THEN CONCAT('''', CHAR(92, 92 USING utf8mb4), '''') -- doubled
                 WHEN v BETWEEN 32 AND 126 THEN CONCAT('''', CHAR(v USING utf8mb4), '''')
                 ELSE CONCAT('0x', LOWER(LPAD(HEX(v), 2, '0'))) END;
    SET msg = CONCAT('ulid: invalid TypeID: character ', q, ' at offset ', i, ', want ',
                     IF(m = 0, 'no prefix', CONCAT('the prefix "', CAST(prefix AS CHAR CHARACTER SET ascii), '_"')));
    RETURN _ulid_fail('22018', IF(CHAR_LENGTH(msg) > 128, CONCAT(LEFT(msg, 124), '..."'), msg));
  END IF;
  IF n - sep - 1 <> 26 THEN
    RETURN _ulid_fail('22018', IF(sep > 0,
      CONCAT('ulid: invalid TypeID length ', n, ' bytes, want ', sep + 27, ': the prefix, ''_'' and 26 characters'),
      CONCAT('ulid: invalid TypeID length ', n, ' bytes, want 26')));
  END IF;
  SET i = 0;
  WHILE i < 26 DO
    SET v = ORD(SUBSTR(s, sep + 2 + i, 1));
    SET q = CASE WHEN v = 39 THEN CONCAT('''', CHAR(92 USING utf8mb4), '''''') -- a backslash before it
                 WHEN v = 92 THEN CONCAT('''', CHAR(92, 92 USING utf8mb4), '''') -- doubled
                 WHEN v BETWEEN 32 AND 126 THEN CONCAT('''', CHAR(v USING utf8mb4), '''')
                 ELSE CONCAT('0x', LOWER(LPAD(HEX(v), 2, '0'))) END;
    IF LOCATE(CHAR(v), _binary'0123456789abcdefghjkmnpqrstvwxyz') = 0 THEN
      RETURN _ulid_fail('22018', CONCAT('ulid: invalid TypeID: character ', q, ' at offset ', sep + 1 + i,
        ', want a lower-case character of Crockford''s Base32 (0-9, a-z but i, l, o, u)'));
    END IF;
    IF i = 0 AND LOCATE(CHAR(v), _binary'0123456789abcdefghjkmnpqrstvwxyz') > 8 THEN
      RETURN _ulid_fail('22018', CONCAT('ulid: first character ', q, ' is above ''7'': value overflows 128 bits'));
    END IF;
    SET i = i + 1;
  END WHILE;
  RETURN _ulid_fail('45000', CONCAT('ulid: internal error: _ulid_typeid_error found no fault in ', QUOTE(s)));
END
//

-- bin_to_typeid returns the TypeID text of the ULID id for prefix (TypeID
-- specification, version 0.3.0), as ulid.AppendTypeID writes it: prefix, '_'
-- and the 26 characters in lower case, or the 26 characters alone for the
-- empty prefix. A prefix is at most 63 bytes a-z and '_', the first and the
-- last a letter; any other is an error with SQLSTATE 22023 and
-- ulid.AppendTypeID's message, such as "ulid: invalid TypeID prefix:
-- character 'U' at offset 0, want 'a' to 'z', or '_' between letters". An id
-- of another length than 16 bytes is then an error, as in bin_to_ulid.
CREATE OR REPLACE FUNCTION bin_to_typeid(id LONGBLOB, prefix LONGBLOB) RETURNS VARCHAR(90) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN id IS NULL OR prefix IS NULL THEN NULL
  -- RIGHT, since REGEXP's $ also matches before a final newline
  WHEN NOT (LENGTH(prefix) = 0 OR prefix REGEXP '^[a-z]([a-z_]{0,61}[a-z])?$' AND RIGHT(prefix, 1) BETWEEN _binary'a' AND _binary'z')
    THEN _ulid_prefix_error(prefix, '22023', 'TypeID prefix')
  WHEN LENGTH(id) <> 16 THEN _ulid_fail('22018', CONCAT('ulid: invalid binary length ', LENGTH(id), ' bytes, want 16'))
  -- As in bin_to_ulid, in lower case: CONV's digits 0-9, a-v to Crockford's.
  ELSE CONCAT(CAST(prefix AS CHAR CHARACTER SET ascii), IF(LENGTH(prefix) = 0, SPACE(0), '_'),
       REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
       REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
       LOWER(CONCAT(LPAD(CONV(HEX(SUBSTR(id, 1, 6)), 16, 32), 10, '0'),
                    LPAD(CONV(HEX(SUBSTR(id, 7, 5)), 16, 32), 8, '0'),
                    LPAD(CONV(HEX(SUBSTR(id, 12, 5)), 16, 32), 8, '0'))),
       'v', 'z'), 'u', 'y'), 't', 'x'), 's', 'w'), 'r', 'v'), 'q', 't'), 'p', 's'),
       'o', 'r'), 'n', 'q'), 'm', 'p'), 'l', 'n'), 'k', 'm'), 'j', 'k'), 'i', 'j'))
END
//

-- typeid_to_bin reads s as TypeID text whose prefix is prefix (the empty
-- prefix for text without one), as ulid.ParseTyped does for a type of that
-- prefix, and returns its 16 bytes. It takes only what the TypeID
-- specification allows: a lower-case suffix without Crockford's aliases.
-- Text that is not TypeID text is an error with SQLSTATE 22018 and
-- ulid.ParseTypeID's message, such as "ulid: invalid TypeID: character 'I'
-- at offset 5, want a lower-case character of Crockford's Base32 (0-9, a-z
-- but i, l, o, u)"; TypeID text of another prefix is 22018 too, with
-- ulid.ParseTyped's message, "ulid: invalid TypeID: character 'o' at offset
-- 0, want the prefix "user_"". That message quotes the prefix wanted: for
-- one of 60 characters or more it can be longer than SIGNAL's limit of 128
-- characters, and is then cut to its first 124, then ...". An invalid prefix
-- argument is an error as in bin_to_typeid, and comes first. Offsets count
-- bytes (UTF-8 bytes for utf8mb4 text, like Go's).
CREATE OR REPLACE FUNCTION typeid_to_bin(s LONGBLOB, prefix LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  -- where the suffix starts: after the prefix and its '_', if any
  DECLARE i INT DEFAULT LENGTH(prefix) + SIGN(LENGTH(prefix));
  DECLARE m VARBINARY(26);
  -- TypeID text whose prefix is prefix, which is then valid too. (The
  -- length keeps REGEXP's $ from matching before a final newline.)
  IF LENGTH(s) = i + 26 AND (i = 0 OR LEFT(s, i) = CONCAT(prefix, _binary'_'))
     AND s REGEXP '^([a-z]([a-z_]{0,61}[a-z])?_)?[0-7][0-9a-hjkmnp-tv-z]{25}$' THEN
    -- The suffix to the digits CONV reads (0-9, A-V), on bytes, as in
    -- ulid_to_bin.
    SET m = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
            REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
            CAST(UPPER(CONVERT(SUBSTR(s, i + 1) USING latin1)) AS BINARY),
            _binary'J', _binary'I'), _binary'K', _binary'J'), _binary'M', _binary'K'), _binary'N', _binary'L'), _binary'P', _binary'M'),
            _binary'Q', _binary'N'), _binary'R', _binary'O'), _binary'S', _binary'P'), _binary'T', _binary'Q'), _binary'V', _binary'R'),
            _binary'W', _binary'S'), _binary'X', _binary'T'), _binary'Y', _binary'U'), _binary'Z', _binary'V');
    RETURN UNHEX(CONCAT(LPAD(CONV(SUBSTR(m, 1, 10), 32, 16), 12, '0'),
                        LPAD(CONV(SUBSTR(m, 11, 8), 32, 16), 10, '0'),
                        LPAD(CONV(SUBSTR(m, 19, 8), 32, 16), 10, '0')));
  END IF;
  IF s IS NULL OR prefix IS NULL THEN
    RETURN NULL;
  END IF;
  SET m = _ulid_prefix_error(prefix, '22023', 'TypeID prefix'); -- returns only for a valid prefix
  RETURN _ulid_typeid_error(s, prefix);
END
//

-- ulid_time returns the ULID's timestamp as a DATETIME(3) in UTC, exact to
-- the millisecond for every time DATETIME holds. A ULID after
-- 9999-12-31 23:59:59.999 (DATETIME's last millisecond) is an error.
CREATE OR REPLACE FUNCTION ulid_time(b LONGBLOB) RETURNS DATETIME(3)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN b IS NULL THEN NULL
  WHEN LENGTH(b) <> 16 THEN _ulid_fail('22018', CONCAT('ulid: invalid binary length ', LENGTH(b), ' bytes, want 16'))
  WHEN SUBSTR(b, 1, 6) > UNHEX('E677D21FDBFF') THEN
    _ulid_fail('22008', CONCAT('ulid: time out of range: ', CONV(HEX(SUBSTR(b, 1, 6)), 16, 10),
                               ' ms is after 9999-12-31 23:59:59.999, the last DATETIME'))
  ELSE TIMESTAMP'1970-01-01 00:00:00' + INTERVAL CAST(CONV(HEX(SUBSTR(b, 1, 6)), 16, 10) AS UNSIGNED) * 1000 MICROSECOND
END
//

-- _ulid_time_error raises the error for t, which is not the text of a UTC
-- time from 1970 on that ulid_min and ulid_max read: 22008 if it is the text
-- of a time before 1970, else 22007, with the text quoted if it is short
-- and printable (no quote or backslash to escape), else its length.
CREATE OR REPLACE FUNCTION _ulid_time_error(t LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN IF(t REGEXP '^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([ T]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,6})?)?$' AND LEFT(t, 4) < '1970',
  _ulid_fail('22008', CONCAT('ulid: time out of range: ', t, ' is before 1970-01-01 00:00:00')),
  _ulid_fail('22007', CONCAT('ulid: invalid time ',
    IF(LENGTH(t) <= 40 AND t REGEXP '^[ -~]*$' AND LOCATE(CHAR(39), t) = 0 AND LOCATE(CHAR(92), t) = 0,
       CONCAT('''', t, ''''), CONCAT('of ', LENGTH(t), ' bytes')),
    ', want a UTC time YYYY-MM-DD[ hh:mm:ss[.ffffff]]')))
//

-- ulid_min returns the smallest ULID of the millisecond of t, a UTC time
-- (t truncated to the millisecond, then 80 zero bits), as ulid.MinAt does;
-- ulid_max the largest (80 one bits), as ulid.MaxAt. t is a DATETIME, DATE
-- or TIMESTAMP value, which MariaDB passes as its text, or text in that
-- form: YYYY-MM-DD, YYYY-MM-DD hh:mm:ss or YYYY-MM-DD hh:mm:ss.f to .ffffff,
-- with a space or a T. Any other text, such as a time with an offset, or a
-- day that does not exist, is an error (22007) that shows the text, and a
-- time before 1970 is an error too (22008). The text is checked before CAST
-- reads it, because how CAST reads text depends on sql_mode
-- (ALLOW_INVALID_DATES makes 2026-02-30 a day in March, TIME_ROUND_FRACTIONAL
-- rounds a seventh digit). For a time range on a BINARY(16) key:
--   WHERE id >= ulid_min(start) AND id < ulid_min(stop)
CREATE OR REPLACE FUNCTION ulid_min(t LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN t IS NULL THEN NULL
  WHEN t NOT REGEXP '^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([ T]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,6})?)?$'
    OR CAST(SUBSTR(t, 9, 2) AS UNSIGNED) > DAYOFMONTH(LAST_DAY(CONCAT(LEFT(t, 8), '01'))) THEN _ulid_time_error(t)
  ELSE UNHEX(CONCAT(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', CAST(t AS DATETIME(6))) DIV 1000), 12, '0'),
                    '00000000000000000000'))
END
//

CREATE OR REPLACE FUNCTION ulid_max(t LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN t IS NULL THEN NULL
  WHEN t NOT REGEXP '^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([ T]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,6})?)?$'
    OR CAST(SUBSTR(t, 9, 2) AS UNSIGNED) > DAYOFMONTH(LAST_DAY(CONCAT(LEFT(t, 8), '01'))) THEN _ulid_time_error(t)
  ELSE UNHEX(CONCAT(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', CAST(t AS DATETIME(6))) DIV 1000), 12, '0'),
                    'FFFFFFFFFFFFFFFFFFFF'))
END
//

DELIMITER ;
