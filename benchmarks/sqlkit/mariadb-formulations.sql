-- Formulations of the SQL kit's MariaDB functions that lost, and empty
-- functions for the cost of a call: see benchmarks/sqlkit/README.md.
-- integration/sqlkit_bench_test.go installs this file (through the mariadb
-- client: it has DELIMITER lines) beside the kit and times every function.

DELIMITER //

-- Empty functions: what any stored function costs to be called.
CREATE OR REPLACE FUNCTION lab_empty(b VARBINARY(255)) RETURNS INT
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN 0
//

CREATE OR REPLACE FUNCTION lab_empty0() RETURNS INT
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN 0
//

-- bin_to_ulid as the loops people copy: the bytes as a binary-digit string,
-- five bits at a time.
CREATE OR REPLACE FUNCTION lab_bin_to_ulid_loop(b VARBINARY(255)) RETURNS CHAR(26) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE bits VARCHAR(130) DEFAULT '00';
  DECLARE out_ VARCHAR(26) DEFAULT '';
  DECLARE i INT DEFAULT 0;
  WHILE i < 16 DO
    SET bits = CONCAT(bits, LPAD(CONV(HEX(SUBSTR(b, i + 1, 1)), 16, 2), 8, '0'));
    SET i = i + 1;
  END WHILE;
  SET i = 0;
  WHILE i < 26 DO
    SET out_ = CONCAT(out_, SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', CONV(SUBSTR(bits, i * 5 + 1, 5), 2, 10) + 1, 1));
    SET i = i + 1;
  END WHILE;
  RETURN out_;
END
//

-- ulid_to_bin as the loops people copy: LOCATE per character, the value
-- built up five bits at a time in a binary-digit string.
CREATE OR REPLACE FUNCTION lab_ulid_to_bin_loop(s VARBINARY(255)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE u VARCHAR(26) CHARACTER SET latin1 DEFAULT UPPER(CONVERT(s USING latin1));
  DECLARE bits VARCHAR(130) DEFAULT '';
  DECLARE i INT DEFAULT 1;
  DECLARE p INT;
  IF LENGTH(s) <> 26 THEN
    SIGNAL SQLSTATE '22018' SET MESSAGE_TEXT = 'ulid: invalid length';
  END IF;
  WHILE i <= 26 DO
    SET p = LOCATE(SUBSTR(u, i, 1), '0123456789ABCDEFGHJKMNPQRSTVWXYZ');
    IF p = 0 THEN
      SIGNAL SQLSTATE '22018' SET MESSAGE_TEXT = 'ulid: invalid character';
    END IF;
    SET bits = CONCAT(bits, LPAD(CONV(p - 1, 10, 2), 5, '0'));
    SET i = i + 1;
  END WHILE;
  RETURN UNHEX(CONCAT(LPAD(CONV(SUBSTR(bits, 3, 64), 2, 16), 16, '0'), LPAD(CONV(SUBSTR(bits, 67, 64), 2, 16), 16, '0')));
END
//

-- ulid_to_bin as the kit first had it: the REPLACE chain on latin1 text,
-- whose one-letter literals are the database's utf8mb4, so each REPLACE
-- converts.
CREATE OR REPLACE FUNCTION lab_ulid_to_bin_text(s VARBINARY(255)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE m CHAR(26) CHARACTER SET latin1;
  IF LENGTH(s) <> 26 OR s NOT REGEXP '^[0-7ILOilo][0-9A-TV-Za-tv-z]{25}$' THEN
    RETURN _ulid_text_error(s);
  END IF;
  SET m = REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
          REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(
          UPPER(CONVERT(s USING latin1)),
          'I', '1'), 'L', '1'), 'O', '0'), 'J', 'I'), 'K', 'J'), 'M', 'K'), 'N', 'L'), 'P', 'M'),
          'Q', 'N'), 'R', 'O'), 'S', 'P'), 'T', 'Q'), 'V', 'R'), 'W', 'S'), 'X', 'T'), 'Y', 'U'), 'Z', 'V');
  RETURN UNHEX(CONCAT(LPAD(CONV(SUBSTR(m, 1, 10), 32, 16), 12, '0'),
                      LPAD(CONV(SUBSTR(m, 11, 8), 32, 16), 10, '0'),
                      LPAD(CONV(SUBSTR(m, 19, 8), 32, 16), 10, '0')));
END
//

-- ulid_to_bin as one RETURN expression (no DECLARE, no DELIMITER needed):
-- the REPLACE chain written out for each of the three CONV groups.
CREATE OR REPLACE FUNCTION lab_ulid_to_bin_expr(s VARBINARY(255)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN LENGTH(s) = 26 AND s REGEXP '^[0-7ILOilo][0-9A-TV-Za-tv-z]{25}$' THEN
    UNHEX(CONCAT(LPAD(CONV(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(UPPER(CONVERT(SUBSTR(s, 1, 10) USING latin1)),'I', '1'), 'L', '1'), 'O', '0'), 'J', 'I'), 'K', 'J'), 'M', 'K'), 'N', 'L'), 'P', 'M'), 'Q', 'N'), 'R', 'O'), 'S', 'P'), 'T', 'Q'), 'V', 'R'), 'W', 'S'), 'X', 'T'), 'Y', 'U'), 'Z', 'V'), 32, 16), 12, '0'),
                 LPAD(CONV(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(UPPER(CONVERT(SUBSTR(s, 11, 8) USING latin1)),'I', '1'), 'L', '1'), 'O', '0'), 'J', 'I'), 'K', 'J'), 'M', 'K'), 'N', 'L'), 'P', 'M'), 'Q', 'N'), 'R', 'O'), 'S', 'P'), 'T', 'Q'), 'V', 'R'), 'W', 'S'), 'X', 'T'), 'Y', 'U'), 'Z', 'V'), 32, 16), 10, '0'),
                 LPAD(CONV(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(UPPER(CONVERT(SUBSTR(s, 19, 8) USING latin1)),'I', '1'), 'L', '1'), 'O', '0'), 'J', 'I'), 'K', 'J'), 'M', 'K'), 'N', 'L'), 'P', 'M'), 'Q', 'N'), 'R', 'O'), 'S', 'P'), 'T', 'Q'), 'V', 'R'), 'W', 'S'), 'X', 'T'), 'Y', 'U'), 'Z', 'V'), 32, 16), 10, '0')))
  ELSE _ulid_text_error(s)
END
//

-- gen_random_ulid with UNIX_TIMESTAMP(NOW(3)) for the milliseconds (which
-- reads local time back through the session time zone).
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_unix() RETURNS BINARY(16)
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CONCAT(UNHEX(LPAD(HEX(CAST(UNIX_TIMESTAMP(NOW(3)) * 1000 AS UNSIGNED)), 12, '0')), RANDOM_BYTES(10))
//

-- gen_random_ulid_v7 as the kit first had it: the bytes put together, with
-- four RANDOM_BYTES calls.
CREATE OR REPLACE FUNCTION lab_gen_random_ulid_v7_four() RETURNS BINARY(16)
NOT DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CONCAT(UNHEX(LPAD(HEX(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', UTC_TIMESTAMP(6)) DIV 1000), 12, '0')),
              CHAR(112 | (ORD(RANDOM_BYTES(1)) & 15)), RANDOM_BYTES(1),
              CHAR(128 | (ORD(RANDOM_BYTES(1)) & 63)), RANDOM_BYTES(7))
//

-- bin_to_ulid without the length and NULL guard: what the guard costs.
CREATE OR REPLACE FUNCTION lab_bin_to_ulid_noguard(b VARBINARY(255)) RETURNS CHAR(26) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(CONCAT(LPAD(CONV(HEX(SUBSTR(b, 1, 6)), 16, 32), 10, '0'), LPAD(CONV(HEX(SUBSTR(b, 7, 5)), 16, 32), 8, '0'), LPAD(CONV(HEX(SUBSTR(b, 12, 5)), 16, 32), 8, '0')), 'V', 'Z'), 'U', 'Y'), 'T', 'X'), 'S', 'W'), 'R', 'V'), 'Q', 'T'), 'P', 'S'), 'O', 'R'), 'N', 'Q'), 'M', 'P'), 'L', 'N'), 'K', 'M'), 'J', 'K'), 'I', 'J')
//

-- bin_to_ulid with the three groups in BIGINT variables and one SUBSTR
-- lookup per character.
CREATE OR REPLACE FUNCTION lab_bin_to_ulid_chars(b VARBINARY(255)) RETURNS CHAR(26) CHARACTER SET ascii
DETERMINISTIC NO SQL SQL SECURITY INVOKER
BEGIN
  DECLARE t BIGINT UNSIGNED DEFAULT CONV(HEX(SUBSTR(b, 1, 6)), 16, 10);
  DECLARE a BIGINT UNSIGNED DEFAULT CONV(HEX(SUBSTR(b, 7, 5)), 16, 10);
  DECLARE c BIGINT UNSIGNED DEFAULT CONV(HEX(SUBSTR(b, 12, 5)), 16, 10);
  RETURN CONCAT(SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 45 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 40 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 35 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 30 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 25 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 20 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 15 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 10 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t >> 5 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (t & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 35 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 30 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 25 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 20 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 15 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 10 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a >> 5 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (a & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 35 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 30 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 25 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 20 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 15 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 10 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c >> 5 & 31) + 1, 1),
    SUBSTR('0123456789ABCDEFGHJKMNPQRSTVWXYZ', (c & 31) + 1, 1));
END
//

-- ulid_to_bin as one RETURN: the check, then the REPLACE chain once, passed
-- to a second function that splits it for CONV.
CREATE OR REPLACE FUNCTION lab_ulid_b32hex(m VARCHAR(26) CHARACTER SET latin1) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN UNHEX(CONCAT(LPAD(CONV(SUBSTR(m, 1, 10), 32, 16), 12, '0'),
                    LPAD(CONV(SUBSTR(m, 11, 8), 32, 16), 10, '0'),
                    LPAD(CONV(SUBSTR(m, 19, 8), 32, 16), 10, '0')))
//

CREATE OR REPLACE FUNCTION lab_ulid_to_bin_nested(s VARBINARY(255)) RETURNS BINARY(16)
DETERMINISTIC NO SQL SQL SECURITY INVOKER
RETURN CASE
  WHEN LENGTH(s) = 26 AND s REGEXP '^[0-7ILOilo][0-9A-TV-Za-tv-z]{25}$' THEN lab_ulid_b32hex(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(UPPER(CONVERT(s USING latin1)),'I', '1'), 'L', '1'), 'O', '0'), 'J', 'I'), 'K', 'J'), 'M', 'K'), 'N', 'L'), 'P', 'M'), 'Q', 'N'), 'R', 'O'), 'S', 'P'), 'T', 'Q'), 'V', 'R'), 'W', 'S'), 'X', 'T'), 'Y', 'U'), 'Z', 'V'))
  ELSE _ulid_text_error(s)
END
//

DELIMITER ;
