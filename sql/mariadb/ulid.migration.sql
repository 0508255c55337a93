-- ULID functions for MariaDB 10.11 and later: github.com/ulidgo/ulid, sql/mariadb/.
--
-- A ULID is stored as BINARY(16) (its 16 bytes, unchanged). These functions
-- make, read and write ULIDs inside the database, named after MySQL's
-- UUID_TO_BIN and BIN_TO_UUID: see docs/sql.md.
--
--   gen_random_ulid()      BINARY(16)   a new ULID: the current millisecond and 80 random bits
--   gen_random_ulid_v7()   BINARY(16)   a new ULID that is also a valid UUIDv7 (74 random bits)
--   ulid_to_bin(text)      BINARY(16)   parses ULID text as ulid.Parse does; bad text is an error
--   bin_to_ulid(bin)       CHAR(26)     the 26-character canonical (upper-case) text
--   ulid_time(bin)         DATETIME(3)  the ULID's millisecond, in UTC
--   ulid_min(time)         BINARY(16)   the smallest ULID of that UTC millisecond (as ulid.MinAt)
--   ulid_max(time)         BINARY(16)   the largest ULID of that UTC millisecond (as ulid.MaxAt)
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
-- _ulid_fail, _ulid_text_error and _ulid_time_error.
--
-- Bad input is an error, never NULL: SQLSTATE 22018 (invalid character value
-- for cast) with ulid.Parse's message for bad text and binary, 22007 (invalid
-- datetime format) for text that is not a time, 22008 (datetime field
-- overflow) for a time outside what a ULID or DATETIME holds. NULL gives
-- NULL. The parameters are LONGBLOB, so MariaDB passes the caller's bytes as
-- they are, whatever their length and whatever the caller's sql_mode: it
-- truncates nothing, and passes a DATETIME, DATE or TIMESTAMP (in the
-- session's time zone) as its text, which the function reads itself. (Only
-- EMPTY_STRING_IS_NULL changes an argument: '' arrives as NULL.) The
-- constants hold no backslash (CHAR(92) makes one), so the sql_mode in
-- effect when the file is run, which MariaDB keeps with each function, does
-- not change them either.


-- _ulid_fail raises the error state with the message msg (at most 128
-- characters, SIGNAL's limit). The other functions call it for bad input; it
-- never returns.
CREATE OR REPLACE FUNCTION _ulid_fail(state CHAR(5), msg VARCHAR(128)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  IF state = '22008' THEN
    SIGNAL SQLSTATE '22008' SET MESSAGE_TEXT = msg;
  END IF;
  IF state = '22007' THEN
    SIGNAL SQLSTATE '22007' SET MESSAGE_TEXT = msg;
  END IF;
  SIGNAL SQLSTATE '22018' SET MESSAGE_TEXT = msg;
  RETURN NULL;
END
;

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
;

-- gen_random_ulid returns a new ULID: the statement's time (UTC_TIMESTAMP(6))
-- in Unix milliseconds, then 80 random bits from RANDOM_BYTES, the server's
-- cryptographically strong random source. ULIDs made in the same millisecond
-- (all those of one statement) are in random order.
CREATE OR REPLACE FUNCTION gen_random_ulid() RETURNS BINARY(16)
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CONCAT(UNHEX(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000), 12, '0')),
              RANDOM_BYTES(10))
;

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
;

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
;

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
;

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
;

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
;

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
;

CREATE OR REPLACE FUNCTION ulid_max(t LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN t IS NULL THEN NULL
  WHEN t NOT REGEXP '^(19[7-9][0-9]|[2-9][0-9]{3})-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])([ T]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]([.][0-9]{1,6})?)?$'
    OR CAST(SUBSTR(t, 9, 2) AS UNSIGNED) > DAYOFMONTH(LAST_DAY(CONCAT(LEFT(t, 8), '01'))) THEN _ulid_time_error(t)
  ELSE UNHEX(CONCAT(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', CAST(t AS DATETIME(6))) DIV 1000), 12, '0'),
                    'FFFFFFFFFFFFFFFFFFFF'))
END
;

