-- Public IDs for MariaDB 10.11 and later: github.com/ulidgo/ulid, sql/mariadb/ulid_public_id.sql.
--
-- A public ID is a ULID encrypted with a secret key, as ulid.Masker makes it:
-- 29 characters that show no time and no order. docs/public-ids.md specifies
-- the format and says how to use these functions ("In SQL").
--
--   ulid_mask(id, k)                 CHAR(29)    the public ID of the ULID id, a BINARY(16), under the key k
--   ulid_unmask(s, k)                BINARY(16)  the ULID back, from a public ID of the key k
--   ulid_unmask_either(s, k1, k2)    BINARY(16)  the same for a public ID of either key, while keys rotate
--   ulid_public_id_mark(k)           CHAR(2)     the key's mark: the first 2 characters of its public IDs
--
-- and, for typed public IDs (docs/public-ids.md, "Typed public IDs"), such as
-- user_yz4g5ym28fg1qptxha7hbqfjzf496, as the Masker that Masker.Typed returns
-- makes them: a TypeID prefix, '_', and a public ID under a key of the type,
-- derived with HMAC-SHA-256, which the file makes of SHA2:
--
--   ulid_mask_typed(id, prefix, k)                  VARCHAR(93)
--   ulid_unmask_typed(s, prefix, k)                 BINARY(16)
--   ulid_unmask_typed_either(s, prefix, k1, k2)     BINARY(16)
--   ulid_public_id_mark_typed(prefix, k)            CHAR(2)
--
-- A key is 16 bytes (AES-128), a BINARY(16) such as UNHEX('9f2c4e0a...'): the
-- only key length MariaDB's AES_ENCRYPT takes as it is (it folds longer keys
-- into 16 bytes, which would mask with another key), so any other length is an
-- error. Pass it as a query parameter from the application, never as a
-- literal in SQL text, and see docs/public-ids.md for the logs it may still
-- reach. ulid_unmask_either opens public IDs of the new and of the old key: the
-- mark of the public ID picks the key; keys are never tried in turn.
--
-- The functions use AES_ENCRYPT and AES_DECRYPT, which in MariaDB 10.11 are
-- AES-128-ECB with PKCS#7 padding: the first 16 bytes of AES_ENCRYPT of 16
-- bytes are the one AES block of the format. Each function checks that with a
-- known answer (FIPS-197) and is an error if AES_ENCRYPT is set to another
-- mode (block_encryption_mode, in MariaDB 11.2 and later).
--
-- Two files hold the same statements, as for ulid.sql: this one for the
-- mariadb client (mariadb mydb < ulid_public_id.sql), and
-- ulid_public_id.migration.sql, without the DELIMITER lines, for migration
-- tools. They create the functions in the current database and need the
-- CREATE ROUTINE and ALTER ROUTINE privileges there, as ulid.sql does (see
-- docs/sql.md); with binary logging on, a user without SUPER also needs
-- log_bin_trust_function_creators = 1. The file is self-contained: it needs
-- nothing from ulid.sql. A user who calls the functions needs EXECUTE on the
-- database, since each calls helper functions of the file.
--
-- Every parameter is a LONGBLOB, so that a function sees its argument's real
-- length whatever sql_mode is (a narrower one would be cut, or refused with
-- error 1406, before the function runs).
--
-- Bad input is an error, never NULL: SQLSTATE 22018 for text that is not a
-- public ID of the key, with Masker.Unmask's message (length, character at
-- offset, check character, character 2 above '7', another key; for a typed
-- one, another prefix first), and for a ULID that is not 16 bytes; 22023 for
-- a key that is not 16 bytes, for two keys with the same mark, and for a
-- prefix that Masker.Typed refuses, or two keys whose type keys have the same
-- mark. NULL in any argument gives NULL.

DELIMITER //

-- _ulid_public_id_fail raises the error state with the message msg. The
-- other functions call it for bad input; it never returns.
CREATE OR REPLACE FUNCTION _ulid_public_id_fail(state CHAR(5), msg VARCHAR(255)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  IF state = '22018' THEN
    SIGNAL SQLSTATE '22018' SET MESSAGE_TEXT = msg;
  END IF;
  IF state = '22023' THEN
    SIGNAL SQLSTATE '22023' SET MESSAGE_TEXT = msg;
  END IF;
  SIGNAL SQLSTATE '45000' SET MESSAGE_TEXT = msg;
  RETURN NULL;
END
//

-- _ulid_public_id_key returns AES_ENCRYPT of the ASCII bytes
-- "ulid-public-id-1" under the key k: 32 bytes, the first 10 bits of which are
-- the key's mark, and the last 16 the encryption of a block of 16 bytes 0x10
-- (the padding block that AES_DECRYPT needs). It is an error if k is not 16
-- bytes, or if AES_ENCRYPT is not AES-128-ECB.
CREATE OR REPLACE FUNCTION _ulid_public_id_key(k LONGBLOB, n INT) RETURNS BINARY(32)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  IF LENGTH(k) <> 16 THEN
    RETURN _ulid_public_id_fail('22023', CONCAT('ulid: invalid masking key: key ', n, ' is ', LENGTH(k),
      ' bytes, want 16 (32 hex digits): MariaDB''s AES_ENCRYPT takes only 128-bit keys'));
  END IF;
  IF NOT (LEFT(AES_ENCRYPT(X'00112233445566778899AABBCCDDEEFF', X'000102030405060708090A0B0C0D0E0F'), 16)
          <=> X'69C4E0D86A7B0430D8CDB78070B4C55A') THEN
    RETURN _ulid_public_id_fail('45000', 'ulid: AES_ENCRYPT is not AES-128-ECB here (block_encryption_mode?): public IDs need it');
  END IF;
  RETURN AES_ENCRYPT(X'756C69642D7075626C69632D69642D31', k);
END
//

-- _ulid_public_id_error raises the error of ulid_unmask(s, k) when s is not
-- a public ID or k not a key (NULL gives NULL): k's, then Masker.Unmask's for
-- s, in its order: the length, the first byte outside the alphabet, the check
-- character, character 2 above '7'. For a typed public ID whose prefix is
-- the type's, base is the length of the prefix and its '_', and pc the
-- prefix's part of the check value: the error is then the typed Masker's,
-- and if the body has none of those faults, its key mark is the fault. For
-- an untyped public ID both are 0.
CREATE OR REPLACE FUNCTION _ulid_public_id_error(s LONGBLOB, k LONGBLOB, base INT, pc INT) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE i INT DEFAULT 0;
  DECLARE v INT;
  DECLARE d INT;
  DECLARE c INT DEFAULT 0;
  DECLARE q VARCHAR(8) CHARACTER SET utf8mb4;
  DECLARE e BINARY(32);
  DECLARE form VARCHAR(16) CHARACTER SET ascii DEFAULT IF(base = 0, 'public ID', 'typed public ID');
  IF s IS NULL OR k IS NULL THEN
    RETURN NULL;
  END IF;
  SET e = _ulid_public_id_key(k, 1); -- k's error first
  IF LENGTH(s) <> base + 29 THEN
    RETURN _ulid_public_id_fail('22018', CONCAT('ulid: invalid ', form, ' length ', LENGTH(s), ' bytes, want ', base + 29));
  END IF;
  WHILE i < 29 DO
    SET v = ORD(SUBSTR(s, base + i + 1, 1));
    -- d is the byte's value in the alphabet, either case, or -1.
    SET d = LOCATE(CHAR(IF(v BETWEEN 97 AND 122, v - 32, v)), _binary'0123456789ABCDEFGHJKMNPQRSTVWXYZ') - 1;
    IF d < 0 THEN
      SET q = CASE WHEN v IN (39, 92) THEN CONCAT('''', CHAR(92 USING utf8mb4), CHAR(v USING utf8mb4), '''')
                   WHEN v BETWEEN 32 AND 126 THEN CONCAT('''', CHAR(v USING utf8mb4), '''')
                   ELSE CONCAT('0x', LOWER(LPAD(HEX(v), 2, '0'))) END;
      -- Crockford's aliases get Masker.Unmask's note.
      RETURN _ulid_public_id_fail('22018', CONCAT('ulid: invalid ', form, ': character ', q, ' at offset ', base + i,
        CASE WHEN v IN (73, 105, 76, 108) THEN ' (Crockford alias of ''1'': a public ID has only the 32 characters of the alphabet)'
             WHEN v IN (79, 111) THEN ' (Crockford alias of ''0'': a public ID has only the 32 characters of the alphabet)' ELSE SPACE(0) END));
    END IF;
    -- The check value by Horner's rule, c = c·α + d: 0 for a whole public ID.
    SET c = c << 1;
    IF c & 32 THEN
      SET c = c ^ 37;
    END IF;
    SET c = c ^ d;
    SET i = i + 1;
  END WHILE;
  IF c <> pc THEN
    RETURN _ulid_public_id_fail('22018', CONCAT('ulid: ', form, ' check character ''', CHAR(ORD(SUBSTR(s, base + 29, 1)) USING ascii),
      ''' at offset ', base + 28, ' does not match: a character is mistyped, ', IF(base = 0, 'or two are swapped', 'two are swapped, or the prefix was changed')));
  END IF;
  IF SUBSTR(s, base + 3, 1) NOT BETWEEN _binary'0' AND _binary'7' THEN
    RETURN _ulid_public_id_fail('22018', CONCAT('ulid: invalid ', form, ': character ''', CHAR(ORD(SUBSTR(s, base + 3, 1)) USING ascii),
      ''' at offset ', base + 2, ' is above ''7'''));
  END IF;
  IF base > 0 THEN
    RETURN _ulid_public_id_fail('22018', 'ulid: typed public ID made with another key or for another type: its key mark names none of the keys given (a wrong or retired key, or a changed prefix)');
  END IF;
  RETURN _ulid_public_id_fail('45000', CONCAT('ulid: internal error: _ulid_public_id_error found no fault in ', QUOTE(s)));
END
//

-- ulid_mask returns the public ID of the ULID id (16 bytes) under the key k:
-- the key's mark, id encrypted as one AES block and written as ULID text, and
-- the check character. The same id and key always give the same public ID.
CREATE OR REPLACE FUNCTION ulid_mask(id LONGBLOB, k LONGBLOB) RETURNS CHAR(29) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e VARBINARY(48);
  DECLARE mark INT;
  DECLARE hi BIGINT UNSIGNED;
  DECLARE lo BIGINT UNSIGNED;
  -- The known answer of FIPS-197 (appendix C.1) shows that AES_ENCRYPT is
  -- AES-128-ECB.
  IF id IS NULL OR k IS NULL OR NOT (LENGTH(k) = 16 AND LENGTH(id) = 16
      AND LEFT(AES_ENCRYPT(X'00112233445566778899AABBCCDDEEFF', X'000102030405060708090A0B0C0D0E0F'), 16) <=> X'69C4E0D86A7B0430D8CDB78070B4C55A') THEN
    IF id IS NULL OR k IS NULL THEN
      RETURN NULL;
    END IF;
    SET e = _ulid_public_id_key(k, 1); -- k's error first
    RETURN _ulid_public_id_fail('22018', CONCAT('ulid: invalid binary length ', LENGTH(id), ' bytes, want 16'));
  END IF;
  -- Two blocks and the padding, each encrypted on its own (ECB): the ASCII
  -- bytes "ulid-public-id-1", whose top 10 bits are the mark, then the ULID.
  SET e = AES_ENCRYPT(CONCAT(X'756C69642D7075626C69632D69642D31', id), k);
  SET mark = (ORD(e) << 2) | (ORD(SUBSTR(e, 2, 1)) >> 6);
  SET hi = CAST(CONV(HEX(SUBSTR(e, 17, 8)), 16, 10) AS UNSIGNED);
  SET lo = CAST(CONV(HEX(SUBSTR(e, 25, 8)), 16, 10) AS UNSIGNED);
  -- CONV writes base 32 with the digits 0-9, A-V; then to Crockford's
  -- alphabet. The check value is linear over GF(2) in the 138 bits of the
  -- mark and the block, so each of its 5 bits is the parity of the bits set
  -- under a mask: the constants are those masks, for the mark, block bytes
  -- 0-7 and bytes 8-15 (bit j of character i adds α^(28 - i + j); see
  -- docs/public-ids.md). ulid_unmask has the same.
  RETURN CONCAT(
    REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
    REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
    CONCAT(LPAD(CONV(mark, 10, 32), 2, '0'),
           LPAD(CONV(HEX(SUBSTR(e, 17, 6)), 16, 32), 10, '0'),
           LPAD(CONV(HEX(SUBSTR(e, 23, 5)), 16, 32), 8, '0'),
           LPAD(CONV(HEX(SUBSTR(e, 28, 5)), 16, 32), 8, '0')),
    'V', 'Z'), 'U', 'Y'), 'T', 'X'), 'S', 'W'), 'R', 'V'), 'Q', 'T'), 'P', 'S'),
    'O', 'R'), 'N', 'Q'), 'M', 'P'), 'L', 'N'), 'K', 'M'), 'J', 'K'), 'I', 'J'),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 +
      (((BIT_COUNT(mark & 341) + BIT_COUNT(hi & 8608480494358838271) + BIT_COUNT(lo & 17178530454112375056)) & 1)
     | ((BIT_COUNT(mark & 683) + BIT_COUNT(hi & 17216958787549102077) + BIT_COUNT(lo & 14757396394019004929)) & 1) << 1
     | ((BIT_COUNT(mark & 34) + BIT_COUNT(hi & 12297904442464584774) + BIT_COUNT(lo & 8646872581743137074)) & 1) << 2
     | ((BIT_COUNT(mark & 69) + BIT_COUNT(hi & 6151316610966128846) + BIT_COUNT(lo & 18445505583846663748)) & 1) << 3
     | ((BIT_COUNT(mark & 170) + BIT_COUNT(hi & 12374690813820606943) + BIT_COUNT(lo & 18407112398097139848)) & 1) << 4), 1));
END
//

-- ulid_unmask returns the ULID whose public ID is s, made with the key k, as
-- Masker.Unmask does: either case, nothing trimmed. Anything else is an error
-- with Masker.Unmask's message, such as "ulid: public ID check character 'S'
-- at offset 28 does not match: a character is mistyped, or two are swapped".
-- Lengths and offsets count bytes (UTF-8 bytes for utf8mb4 text, like Go's).
CREATE OR REPLACE FUNCTION ulid_unmask(s LONGBLOB, k LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e BINARY(32);
  DECLARE m VARBINARY(29);
  DECLARE h CHAR(32) CHARACTER SET ascii;
  DECLARE mark INT;
  DECLARE hi BIGINT UNSIGNED;
  DECLARE lo BIGINT UNSIGNED;
  IF s IS NULL OR k IS NULL OR NOT (LENGTH(k) = 16 AND LENGTH(s) = 29
      AND s REGEXP '^[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{2}[0-7][0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}$'
      AND LEFT(AES_ENCRYPT(X'00112233445566778899AABBCCDDEEFF', X'000102030405060708090A0B0C0D0E0F'), 16) <=> X'69C4E0D86A7B0430D8CDB78070B4C55A') THEN
    RETURN _ulid_public_id_error(s, k, 0, 0); -- NULL gives NULL there
  END IF;
  -- Crockford's Base32 to the digits CONV reads (0-9, A-V), on bytes.
  SET m = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
          REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
          CAST(UPPER(CONVERT(s USING latin1)) AS BINARY),
          _binary'J', _binary'I'), _binary'K', _binary'J'), _binary'M', _binary'K'), _binary'N', _binary'L'), _binary'P', _binary'M'),
          _binary'Q', _binary'N'), _binary'R', _binary'O'), _binary'S', _binary'P'), _binary'T', _binary'Q'), _binary'V', _binary'R'),
          _binary'W', _binary'S'), _binary'X', _binary'T'), _binary'Y', _binary'U'), _binary'Z', _binary'V');
  SET mark = CONV(SUBSTR(m, 1, 2), 32, 10);
  -- The block in hex: characters 2-11 hold bytes 0-5, then 8 characters 5 bytes.
  SET h = CONCAT(LPAD(CONV(SUBSTR(m, 3, 10), 32, 16), 12, '0'),
                 LPAD(CONV(SUBSTR(m, 13, 8), 32, 16), 10, '0'),
                 LPAD(CONV(SUBSTR(m, 21, 8), 32, 16), 10, '0'));
  SET hi = CAST(CONV(LEFT(h, 16), 16, 10) AS UNSIGNED);
  SET lo = CAST(CONV(RIGHT(h, 16), 16, 10) AS UNSIGNED);
  -- The check value, as in ulid_mask.
  IF (((BIT_COUNT(mark & 341) + BIT_COUNT(hi & 8608480494358838271) + BIT_COUNT(lo & 17178530454112375056)) & 1)
     | ((BIT_COUNT(mark & 683) + BIT_COUNT(hi & 17216958787549102077) + BIT_COUNT(lo & 14757396394019004929)) & 1) << 1
     | ((BIT_COUNT(mark & 34) + BIT_COUNT(hi & 12297904442464584774) + BIT_COUNT(lo & 8646872581743137074)) & 1) << 2
     | ((BIT_COUNT(mark & 69) + BIT_COUNT(hi & 6151316610966128846) + BIT_COUNT(lo & 18445505583846663748)) & 1) << 3
     | ((BIT_COUNT(mark & 170) + BIT_COUNT(hi & 12374690813820606943) + BIT_COUNT(lo & 18407112398097139848)) & 1) << 4)
     <> CONV(SUBSTR(m, 29, 1), 32, 10) THEN
    RETURN _ulid_public_id_error(s, k, 0, 0);
  END IF;
  -- The mark picks the key: it must be k's. AES_ENCRYPT of the 16 bytes
  -- "ulid-public-id-1" gives two blocks: theirs, whose top 10 bits are the
  -- mark, and that of the padding, which AES_DECRYPT needs after the block
  -- (it takes only padded text).
  SET e = AES_ENCRYPT(X'756C69642D7075626C69632D69642D31', k);
  IF mark <> ((ORD(e) << 2) | (ORD(SUBSTR(e, 2, 1)) >> 6)) THEN
    RETURN _ulid_public_id_fail('22018', 'ulid: public ID made with another key: its key mark names none of the keys given (a wrong or retired key)');
  END IF;
  RETURN COALESCE(AES_DECRYPT(CONCAT(UNHEX(h), SUBSTR(e, 17, 16)), k),
                  _ulid_public_id_fail('45000', 'ulid: internal error: AES_DECRYPT gave NULL'));
END
//

-- _ulid_public_id_keys checks the keys k1 and k2 of a rotation as NewMasker
-- does: each 16 bytes, and their marks different. It returns 1, or raises
-- the error.
CREATE OR REPLACE FUNCTION _ulid_public_id_keys(k1 LONGBLOB, k2 LONGBLOB) RETURNS INT
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e1 BINARY(32) DEFAULT _ulid_public_id_key(k1, 1);
  DECLARE e2 BINARY(32) DEFAULT _ulid_public_id_key(k2, 2);
  IF LEFT(e1, 1) = LEFT(e2, 1) AND ORD(SUBSTR(e1, 2, 1)) >> 6 = ORD(SUBSTR(e2, 2, 1)) >> 6 THEN
    RETURN _ulid_public_id_fail('22023', CONCAT('ulid: invalid masking key: keys 1 and 2 have the same key mark "', ulid_public_id_mark(k1),
      '" (the same key twice, or a 1-in-1024 chance: make another key)'));
  END IF;
  RETURN 1;
END
//

-- ulid_unmask_either is ulid_unmask for a public ID made with either k1 or
-- k2, such as the new and the old key while keys rotate: the public ID's
-- mark picks the key. Both keys must be 16 bytes, with different marks.
CREATE OR REPLACE FUNCTION ulid_unmask_either(s LONGBLOB, k1 LONGBLOB, k2 LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  IF s IS NULL OR k1 IS NULL OR k2 IS NULL THEN
    RETURN NULL;
  END IF;
  IF _ulid_public_id_keys(k1, k2) AND CAST(UPPER(CONVERT(LEFT(s, 2) USING latin1)) AS BINARY) = CAST(ulid_public_id_mark(k2) AS BINARY) THEN
    RETURN ulid_unmask(s, k2);
  END IF;
  RETURN ulid_unmask(s, k1);
END
//

-- ulid_public_id_mark returns the key's mark, the first 2 characters of every
-- public ID the key makes: which key a public ID needs, without the key. It
-- is not secret: every public ID shows it.
CREATE OR REPLACE FUNCTION ulid_public_id_mark(k LONGBLOB) RETURNS CHAR(2) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e BINARY(32);
  IF k IS NULL THEN
    RETURN NULL;
  END IF;
  SET e = _ulid_public_id_key(k, 1);
  RETURN CONCAT(SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (ORD(SUBSTR(e, 1, 1)) >> 3) + 1, 1),
                SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (((ORD(SUBSTR(e, 1, 1)) << 2) | (ORD(SUBSTR(e, 2, 1)) >> 6)) & 31) + 1, 1));
END
//

-- _ulid_hmac_sha256 returns HMAC-SHA-256 of msg under the key k (RFC 2104),
-- 32 bytes, made of SHA2, since MariaDB has no HMAC: the key, hashed first if
-- it is longer than SHA-256's block of 64 bytes, padded with zero bytes to 64,
-- and XOR-ed with bytes 0x36 for the inner hash and 0x5c for the outer: eight
-- bytes at a time, as BIGINT UNSIGNED, as far as the key goes, and the zero
-- bytes after it become 0x36 and 0x5c bytes. Typed public IDs derive a
-- type's key with it.
CREATE OR REPLACE FUNCTION _ulid_hmac_sha256(k LONGBLOB, msg LONGBLOB) RETURNS BINARY(32)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE kp VARBINARY(64);
  DECLARE ipad VARBINARY(64) DEFAULT X'';
  DECLARE opad VARBINARY(64) DEFAULT X'';
  DECLARE w BIGINT UNSIGNED;
  DECLARE i INT DEFAULT 0;
  IF k IS NULL OR msg IS NULL THEN
    RETURN NULL;
  END IF;
  SET kp = IF(LENGTH(k) > 64, UNHEX(SHA2(k, 256)), k);
  SET kp = RPAD(kp, (LENGTH(kp) + 7) DIV 8 * 8, X'00');
  WHILE i < LENGTH(kp) DO
    SET w = CAST(CONV(HEX(SUBSTR(kp, i + 1, 8)), 16, 10) AS UNSIGNED);
    SET ipad = CONCAT(ipad, UNHEX(LPAD(HEX(w ^ 3906369333256140342), 16, '0'))); -- 0x3636363636363636
    SET opad = CONCAT(opad, UNHEX(LPAD(HEX(w ^ 6655295901103053916), 16, '0'))); -- 0x5c5c5c5c5c5c5c5c
    SET i = i + 8;
  END WHILE;
  SET ipad = RPAD(ipad, 64, X'36');
  SET opad = RPAD(opad, 64, X'5C');
  RETURN UNHEX(SHA2(CONCAT(opad, UNHEX(SHA2(CONCAT(ipad, msg), 256))), 256));
END
//

-- _ulid_type_key returns the key of the type prefix under the key k, which
-- must be 16 bytes, as Masker.Typed derives it (docs/public-ids.md, "Typed
-- public IDs"): HKDF-Expand of RFC 5869 with HMAC-SHA-256, k as the
-- pseudorandom key, the ASCII bytes "ulid typed public ID 1:" and the prefix
-- as the info, 16 bytes long: the first 16 bytes of HMAC-SHA-256(k, info ||
-- 0x01). A prefix that breaks TypeID's rule (1 to 63 characters a to z and
-- _, the first and the last a letter) is an error with Masker.Typed's
-- message: the first byte that breaks the rule and its offset.
CREATE OR REPLACE FUNCTION _ulid_type_key(k LONGBLOB, prefix LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE m INT DEFAULT LENGTH(prefix);
  DECLARE i INT DEFAULT 0;
  DECLARE v INT;
  IF m = 0 THEN
    RETURN _ulid_public_id_fail('22023', 'ulid: invalid TypeID prefix: a typed public ID needs a prefix');
  END IF;
  IF NOT (prefix REGEXP '^[a-z]([a-z_]{0,61}[a-z])?$' AND RIGHT(prefix, 1) BETWEEN _binary'a' AND _binary'z') THEN
    WHILE i < LEAST(m, 63) AND (ORD(SUBSTR(prefix, i + 1, 1)) BETWEEN 97 AND 122
                                OR ORD(SUBSTR(prefix, i + 1, 1)) = 95 AND i > 0 AND i < m - 1) DO
      SET i = i + 1;
    END WHILE;
    SET v = ORD(SUBSTR(prefix, i + 1, 1));
    RETURN _ulid_public_id_fail('22023', CONCAT('ulid: invalid TypeID prefix: character ',
      CASE WHEN v = 39 THEN CONCAT('''', CHAR(92 USING utf8mb4), '''''') -- a backslash before it
           WHEN v = 92 THEN CONCAT('''', CHAR(92, 92 USING utf8mb4), '''') -- doubled
           WHEN v BETWEEN 32 AND 126 THEN CONCAT('''', CHAR(v USING utf8mb4), '''')
           ELSE CONCAT('0x', LOWER(LPAD(HEX(v), 2, '0'))) END,
      ' at offset ', i, ', want ', IF(i = 63, 'a prefix of at most 63 characters', '''a'' to ''z'', or ''_'' between letters')));
  END IF;
  RETURN LEFT(_ulid_hmac_sha256(k, CONCAT(_binary'ulid typed public ID 1:', prefix, X'01')), 16);
END
//

-- _ulid_prefix_check returns the part of a typed public ID's check value
-- that comes from its prefix and the '_' after it: their values, each its
-- ASCII code modulo 32, summed by Horner's rule as the body's are, then
-- weighted α^29 for the 29 characters of the body after them, which the
-- constant holds for each value: α^29 is 9, and byte c of the constant is
-- c·9 in GF(32).
CREATE OR REPLACE FUNCTION _ulid_prefix_check(prefix LONGBLOB) RETURNS INT
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE i INT DEFAULT 0;
  DECLARE c INT DEFAULT 0;
  WHILE i <= LENGTH(prefix) DO
    SET c = c << 1;
    IF c & 32 THEN
      SET c = c ^ 37;
    END IF;
    SET c = c ^ (ORD(SUBSTR(CONCAT(prefix, _binary'_'), i + 1, 1)) & 31);
    SET i = i + 1;
  END WHILE;
  RETURN ORD(SUBSTR(X'0009121B0108131A020B1019030A1118040D161F050C171E060F141D070E151C', c + 1, 1));
END
//

-- ulid_mask_typed returns the typed public ID of the ULID id (16 bytes) for
-- the type prefix under the key k: the prefix, '_', and the public ID of id
-- under the type's key, with the prefix's part in the check character, in
-- lower case.
CREATE OR REPLACE FUNCTION ulid_mask_typed(id LONGBLOB, prefix LONGBLOB, k LONGBLOB) RETURNS VARCHAR(93) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e BINARY(32);
  DECLARE s CHAR(29) CHARACTER SET ascii;
  IF id IS NULL OR prefix IS NULL OR k IS NULL THEN
    RETURN NULL;
  END IF;
  SET e = _ulid_public_id_key(k, 1); -- k's error first, then the prefix's, then the ULID's
  SET s = ulid_mask(id, _ulid_type_key(k, prefix));
  RETURN CONCAT(CAST(prefix AS CHAR CHARACTER SET ascii), '_', LOWER(LEFT(s, 28)), SUBSTR('0123456789abcdefghjkmnpqrstvwxyz',
    1 + ((LOCATE(RIGHT(s, 1), _binary'0123456789ABCDEFGHJKMNPQRSTVWXYZ') - 1) ^ _ulid_prefix_check(prefix)), 1));
END
//

-- _ulid_unmask_typed is ulid_unmask_typed(s, prefix, k) once k and prefix
-- are checked, tk being the type key: the prefix of s must be the type's,
-- and the body after it, its check character made the untyped one (the
-- prefix's part taken out), opens with ulid_unmask under the type key; for
-- anything else the error is the typed Masker's.
CREATE OR REPLACE FUNCTION _ulid_unmask_typed(s LONGBLOB, prefix LONGBLOB, k LONGBLOB, tk BINARY(16)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE base INT DEFAULT LENGTH(prefix) + 1;
  DECLARE pc INT DEFAULT _ulid_prefix_check(prefix);
  DECLARE v INT DEFAULT ORD(SUBSTR(s, base + 29, 1));
  DECLARE d INT;
  DECLARE r BINARY(16);
  DECLARE failed INT DEFAULT 0;
  -- The prefix is all before the last '_', as in TypeID text.
  IF LENGTH(s) > 0 AND NOT (LEFT(s, base) = CONCAT(prefix, _binary'_') AND LOCATE(_binary'_', SUBSTR(s, base + 1)) = 0) THEN
    RETURN _ulid_public_id_fail('22018', CONCAT('ulid: typed public ID of another type, want the prefix "', prefix, '_"'));
  END IF;
  SET d = LOCATE(CHAR(IF(v BETWEEN 97 AND 122, v - 32, v)), _binary'0123456789ABCDEFGHJKMNPQRSTVWXYZ') - 1;
  BEGIN
    DECLARE CONTINUE HANDLER FOR SQLSTATE '22018' SET failed = 1;
    SET r = ulid_unmask(CONCAT(SUBSTR(s, base + 1, 28),
      IF(d < 0, SUBSTR(s, base + 29, 1), SUBSTR(_binary'0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + (d ^ pc), 1)), SUBSTR(s, base + 30)), tk);
  END;
  IF failed OR r IS NULL THEN
    RETURN _ulid_public_id_error(s, k, base, pc);
  END IF;
  RETURN r;
END
//

-- ulid_unmask_typed returns the ULID whose typed public ID for the type
-- prefix is s, made with the key k, as the typed Masker's Unmask does: the
-- prefix as written, the body in either case, nothing trimmed. Anything
-- else is an error with its message, such as "ulid: typed public ID of
-- another type, want the prefix "user_"".
CREATE OR REPLACE FUNCTION ulid_unmask_typed(s LONGBLOB, prefix LONGBLOB, k LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e BINARY(32);
  IF s IS NULL OR prefix IS NULL OR k IS NULL THEN
    RETURN NULL;
  END IF;
  SET e = _ulid_public_id_key(k, 1); -- k's error first, then the prefix's
  RETURN _ulid_unmask_typed(s, prefix, k, _ulid_type_key(k, prefix));
END
//

-- ulid_unmask_typed_either is ulid_unmask_typed for a typed public ID made
-- with either k1 or k2, while keys rotate: the mark picks the key. Both keys
-- must be 16 bytes, with different marks, and so must their type keys, as
-- for a typed Masker of both.
CREATE OR REPLACE FUNCTION ulid_unmask_typed_either(s LONGBLOB, prefix LONGBLOB, k1 LONGBLOB, k2 LONGBLOB) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE t1 BINARY(16);
  DECLARE t2 BINARY(16);
  IF s IS NULL OR prefix IS NULL OR k1 IS NULL OR k2 IS NULL THEN
    RETURN NULL;
  END IF;
  SET t1 = IF(_ulid_public_id_keys(k1, k2), _ulid_type_key(k1, prefix), NULL);
  SET t2 = _ulid_type_key(k2, prefix);
  IF ulid_public_id_mark(t1) = ulid_public_id_mark(t2) THEN
    RETURN _ulid_public_id_fail('22023', CONCAT('ulid: invalid masking key: keys 1 and 2 have the same key mark "', LOWER(ulid_public_id_mark(t1)),
      '" for the type "', prefix, '" (a 1-in-1024 chance for each type: make another key)'));
  END IF;
  IF CAST(UPPER(CONVERT(SUBSTR(s, LENGTH(prefix) + 2, 2) USING latin1)) AS BINARY) = CAST(ulid_public_id_mark(t2) AS BINARY) THEN
    RETURN _ulid_unmask_typed(s, prefix, k2, t2);
  END IF;
  RETURN _ulid_unmask_typed(s, prefix, k1, t1);
END
//

-- ulid_public_id_mark_typed returns the mark of the type key of k for the
-- type prefix, in lower case: the 2 characters after the prefix and '_' of
-- every typed public ID of the type that k makes.
CREATE OR REPLACE FUNCTION ulid_public_id_mark_typed(prefix LONGBLOB, k LONGBLOB) RETURNS CHAR(2) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE e BINARY(32);
  IF prefix IS NULL OR k IS NULL THEN
    RETURN NULL;
  END IF;
  SET e = _ulid_public_id_key(k, 1);
  RETURN LOWER(ulid_public_id_mark(_ulid_type_key(k, prefix)));
END
//

DELIMITER ;
