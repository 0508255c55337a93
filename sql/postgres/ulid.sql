-- ULID functions for PostgreSQL 13 and later: github.com/ulidgo/ulid, sql/postgres/ulid.sql.
--
-- A ULID is stored as a uuid (its 16 bytes, unchanged). These functions make,
-- read and write ULIDs inside the database: see docs/sql.md.
--
--   gen_random_ulid()       uuid         a new ULID: the current millisecond and 80 random bits
--   gen_random_ulid_v7()    uuid         a new ULID that is also a valid UUIDv7 (74 random bits)
--   ulid_to_uuid(text)      uuid         parses ULID text as ulid.Parse does; bad text is an error
--   uuid_to_ulid(uuid)      text         the 26-character canonical (upper-case) text
--   uuid_to_typeid(uuid, text) text      TypeID text for a prefix, as ulid.AppendTypeID writes it
--   typeid_to_uuid(text, text) uuid      reads TypeID text of a prefix, as ulid.ParseTyped does
--   ulid_time(uuid)         timestamptz  the ULID's millisecond
--   ulid_min(timestamptz)   uuid         the smallest ULID of that millisecond (as ulid.MinAt)
--   ulid_max(timestamptz)   uuid         the largest ULID of that millisecond (as ulid.MaxAt)
--
-- Install: psql -v ON_ERROR_STOP=1 -f ulid.sql, or paste the file into a
-- migration. It needs no extension and no superuser: the USAGE and CREATE
-- privileges on the schema that comes first in search_path, where the
-- functions are made. Running it again, as the role that owns them,
-- replaces the functions (CREATE OR REPLACE). Callers need USAGE on the
-- schema.
--
-- Each function runs with search_path pinned to pg_catalog, pg_temp (the SET
-- clause of CREATE FUNCTION), so the built-in functions and operators its body
-- calls are PostgreSQL's own, whatever the caller's search_path holds: a role
-- that may create objects in a schema on that path (public, on PostgreSQL 14
-- and earlier) cannot shadow one of them and change a result. The pin does
-- not choose which ulid_to_uuid a call finds: another role's function of that
-- name that fits the arguments better wins, even over a schema-qualified call
-- when it is in the kit's own schema. So install the file in a schema no other
-- role may create in, call the functions schema-qualified (app.ulid_to_uuid($1))
-- and type parameters that could be read as more than one type. See docs/sql.md.
-- The types of the parameters and results are named with their schema
-- (pg_catalog.uuid), since they are looked up on the installer's path when
-- the file runs: a type of the same name in a schema that path lists before
-- pg_catalog (a domain whose CHECK runs another role's code) is never used.
--
-- No session setting changes what the functions return: the constants are
-- hex digits read by decode() or written with chr(), never backslash
-- literals (which standard_conforming_strings = off reads as escapes, and
-- PL/pgSQL keeps what it read for the life of the server process), times
-- are ISO 8601, which every DateStyle reads alike, and text is matched under
-- the "C" collation, whatever collation the caller's text has.
--
-- CockroachDB has gen_random_ulid, ulid_to_uuid and uuid_to_ulid built in,
-- under these names: SQL that calls them runs on both.

-- gen_random_ulid returns a new ULID: the current time (clock_timestamp) in
-- Unix milliseconds, then 80 random bits from gen_random_uuid, which come from
-- the server's cryptographically strong random source. gen_random_uuid's
-- version and variant bits are left out, so all 80 are random. ULIDs made in
-- the same millisecond are in random order (no monotonic counter).
CREATE OR REPLACE FUNCTION gen_random_ulid() RETURNS pg_catalog.uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  RETURN (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            clock_timestamp() - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
        || overlay(gen_random_uuid()::text PLACING '' FROM 9 FOR 16))::uuid;
END
$$;

-- gen_random_ulid_v7 is gen_random_ulid with the UUID version 7 and the
-- RFC 9562 variant set: bits 48-51 are 0111 and bits 64-65 are 10, leaving 74
-- random bits. The result is a valid ULID and a valid UUIDv7 at once.
CREATE OR REPLACE FUNCTION gen_random_ulid_v7() RETURNS pg_catalog.uuid
LANGUAGE plpgsql VOLATILE PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  RETURN (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            clock_timestamp() - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
        || overlay(gen_random_uuid()::text PLACING '7' FROM 1 FOR 15))::uuid;
END
$$;

-- ulid_to_uuid parses the 26-character text form of a ULID, as ulid.Parse
-- does: either case, and the Crockford aliases I and L for 1 and O for 0.
-- Anything else is an error with SQLSTATE 22P02 (invalid_text_representation)
-- and ulid.Parse's message: "ulid: invalid length 25 bytes, want 26",
-- "ulid: invalid character 'U' at offset 25" or "ulid: first character '8'
-- is above '7': value overflows 128 bits". Lengths and offsets count bytes of
-- the text in the database encoding (UTF-8 bytes, like Go's, in a UTF8
-- database). NULL gives NULL.
CREATE OR REPLACE FUNCTION ulid_to_uuid(s pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  -- d maps a byte to its value in Crockford's Base32, 255 if invalid. (decode
  -- of a constant is folded into a constant of the cached plan: without a
  -- function or a cast, PL/pgSQL would convert the text at every call.)
  d constant bytea := decode('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', 'hex');
  b bytea;
  n int;
  v int;
  q text;
BEGIN
  -- Characters 0-1 hold 8 bits (the first is at most 7), and then each four
  -- characters hold 20 bits: five hex digits of the uuid.
  IF octet_length(s) = 26 AND s COLLATE "C" ~ '^[0-7ILOilo][0-9A-TV-Za-tv-z]*$' THEN
    b := decode(s, 'escape'); -- no backslash in s, so these are its bytes
    RETURN (lpad(to_hex(((get_byte(d, get_byte(b, 0)) << 5) | get_byte(d, get_byte(b, 1)))), 2, '0')
         || lpad(to_hex(((get_byte(d, get_byte(b, 2)) << 15) | (get_byte(d, get_byte(b, 3)) << 10) | (get_byte(d, get_byte(b, 4)) << 5) | get_byte(d, get_byte(b, 5)))::int8 << 20
                   | ((get_byte(d, get_byte(b, 6)) << 15) | (get_byte(d, get_byte(b, 7)) << 10) | (get_byte(d, get_byte(b, 8)) << 5) | get_byte(d, get_byte(b, 9)))), 10, '0')
         || lpad(to_hex(((get_byte(d, get_byte(b, 10)) << 15) | (get_byte(d, get_byte(b, 11)) << 10) | (get_byte(d, get_byte(b, 12)) << 5) | get_byte(d, get_byte(b, 13)))::int8 << 20
                   | ((get_byte(d, get_byte(b, 14)) << 15) | (get_byte(d, get_byte(b, 15)) << 10) | (get_byte(d, get_byte(b, 16)) << 5) | get_byte(d, get_byte(b, 17)))), 10, '0')
         || lpad(to_hex(((get_byte(d, get_byte(b, 18)) << 15) | (get_byte(d, get_byte(b, 19)) << 10) | (get_byte(d, get_byte(b, 20)) << 5) | get_byte(d, get_byte(b, 21)))::int8 << 20
                   | ((get_byte(d, get_byte(b, 22)) << 15) | (get_byte(d, get_byte(b, 23)) << 10) | (get_byte(d, get_byte(b, 24)) << 5) | get_byte(d, get_byte(b, 25)))), 10, '0'))::uuid;
  END IF;
  -- Not a ULID: find the first fault, in ulid.Parse's order.
  b := decode(replace(s COLLATE "C", chr(92), chr(92) || chr(92)), 'escape'); -- 92 is the backslash
  n := octet_length(b);
  IF n <> 26 THEN
    RAISE EXCEPTION 'ulid: invalid length % bytes, want 26', n
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  FOR i IN 0..25 LOOP
    v := get_byte(b, i);
    q := CASE WHEN v = 39 THEN '''' || chr(92) || '''' || '''' -- a backslash before it
              WHEN v = 92 THEN '''' || chr(92) || chr(92) || '''' -- doubled
              WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
              ELSE '0x' || lpad(to_hex(v), 2, '0') END;
    IF get_byte(d, v) = 255 THEN
      RAISE EXCEPTION 'ulid: invalid character % at offset %', q, i
        USING ERRCODE = 'invalid_text_representation';
    END IF;
    IF i = 0 AND get_byte(d, v) > 7 THEN
      RAISE EXCEPTION 'ulid: first character % is above ''7'': value overflows 128 bits', q
        USING ERRCODE = 'invalid_text_representation';
    END IF;
  END LOOP;
  RAISE EXCEPTION 'ulid: internal error: ulid_to_uuid found no fault in %', quote_literal(s);
END
$$;

-- uuid_to_ulid returns the ULID's 26-character canonical text: Crockford's
-- Base32, upper case.
CREATE OR REPLACE FUNCTION uuid_to_ulid(id pg_catalog.uuid) RETURNS pg_catalog.text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  -- p holds the two characters of each 10-bit number, 0 to 1023 (folded to
  -- a constant of the plan, as d in ulid_to_uuid).
  p constant bytea := decode('303030313032303330343035303630373038303930413042304330443045304630473048304a304b304d304e305030513052305330543056305730583059305a313031313132313331343135313631373138313931413142314331443145314631473148314a314b314d314e315031513152315331543156315731583159315a323032313232323332343235323632373238323932413242324332443245324632473248324a324b324d324e325032513252325332543256325732583259325a333033313332333333343335333633373338333933413342334333443345334633473348334a334b334d334e335033513352335333543356335733583359335a343034313432343334343435343634373438343934413442344334443445344634473448344a344b344d344e345034513452345334543456345734583459345a353035313532353335343535353635373538353935413542354335443545354635473548354a354b354d354e355035513552355335543556355735583559355a363036313632363336343635363636373638363936413642364336443645364636473648364a364b364d364e365036513652365336543656365736583659365a373037313732373337343735373637373738373937413742374337443745374637473748374a374b374d374e375037513752375337543756375737583759375a383038313832383338343835383638373838383938413842384338443845384638473848384a384b384d384e385038513852385338543856385738583859385a393039313932393339343935393639373938393939413942394339443945394639473948394a394b394d394e395039513952395339543956395739583959395a413041314132413341344135413641374138413941414142414341444145414641474148414a414b414d414e415041514152415341544156415741584159415a423042314232423342344235423642374238423942414242424342444245424642474248424a424b424d424e425042514252425342544256425742584259425a433043314332433343344335433643374338433943414342434343444345434643474348434a434b434d434e435043514352435343544356435743584359435a443044314432443344344435443644374438443944414442444344444445444644474448444a444b444d444e445044514452445344544456445744584459445a453045314532453345344535453645374538453945414542454345444545454645474548454a454b454d454e455045514552455345544556455745584559455a463046314632463346344635463646374638463946414642464346444645464646474648464a464b464d464e465046514652465346544656465746584659465a473047314732473347344735473647374738473947414742474347444745474647474748474a474b474d474e475047514752475347544756475747584759475a483048314832483348344835483648374838483948414842484348444845484648474848484a484b484d484e485048514852485348544856485748584859485a4a304a314a324a334a344a354a364a374a384a394a414a424a434a444a454a464a474a484a4a4a4b4a4d4a4e4a504a514a524a534a544a564a574a584a594a5a4b304b314b324b334b344b354b364b374b384b394b414b424b434b444b454b464b474b484b4a4b4b4b4d4b4e4b504b514b524b534b544b564b574b584b594b5a4d304d314d324d334d344d354d364d374d384d394d414d424d434d444d454d464d474d484d4a4d4b4d4d4d4e4d504d514d524d534d544d564d574d584d594d5a4e304e314e324e334e344e354e364e374e384e394e414e424e434e444e454e464e474e484e4a4e4b4e4d4e4e4e504e514e524e534e544e564e574e584e594e5a503050315032503350345035503650375038503950415042504350445045504650475048504a504b504d504e505050515052505350545056505750585059505a513051315132513351345135513651375138513951415142514351445145514651475148514a514b514d514e515051515152515351545156515751585159515a523052315232523352345235523652375238523952415242524352445245524652475248524a524b524d524e525052515252525352545256525752585259525a533053315332533353345335533653375338533953415342534353445345534653475348534a534b534d534e535053515352535353545356535753585359535a543054315432543354345435543654375438543954415442544354445445544654475448544a544b544d544e545054515452545354545456545754585459545a563056315632563356345635563656375638563956415642564356445645564656475648564a564b564d564e565056515652565356545656565756585659565a573057315732573357345735573657375738573957415742574357445745574657475748574a574b574d574e575057515752575357545756575757585759575a583058315832583358345835583658375838583958415842584358445845584658475848584a584b584d584e585058515852585358545856585758585859585a593059315932593359345935593659375938593959415942594359445945594659475948594a594b594d594e595059515952595359545956595759585959595a5a305a315a325a335a345a355a365a375a385a395a415a425a435a445a455a465a475a485a4a5a4b5a4d5a4e5a505a515a525a535a545a565a575a585a595a5a', 'hex');
  h text := encode(uuid_send(id), 'hex');
  t int8 := ('x' || substr(h, 1, 12))::bit(48)::int8;  -- timestamp, 10 characters
  a int8 := ('x' || substr(h, 13, 10))::bit(40)::int8; -- entropy, 8 characters
  c int8 := ('x' || substr(h, 23, 10))::bit(40)::int8; -- entropy, 8 characters
BEGIN
  RETURN encode(substr(p, (t >> 39 & 2046)::int + 1, 2) || substr(p, (t >> 29 & 2046)::int + 1, 2) || substr(p, (t >> 19 & 2046)::int + 1, 2) || substr(p, (t >> 9 & 2046)::int + 1, 2) || substr(p, (t << 1 & 2046)::int + 1, 2) || substr(p, (a >> 29 & 2046)::int + 1, 2) || substr(p, (a >> 19 & 2046)::int + 1, 2) || substr(p, (a >> 9 & 2046)::int + 1, 2) || substr(p, (a << 1 & 2046)::int + 1, 2) || substr(p, (c >> 29 & 2046)::int + 1, 2) || substr(p, (c >> 19 & 2046)::int + 1, 2) || substr(p, (c >> 9 & 2046)::int + 1, 2) || substr(p, (c << 1 & 2046)::int + 1, 2), 'escape');
END
$$;

-- uuid_to_typeid returns the TypeID text of the ULID id for prefix (TypeID
-- specification, version 0.3.0), as ulid.AppendTypeID writes it: prefix, '_'
-- and the 26 characters in lower case, or the 26 characters alone for the
-- empty prefix. A prefix is at most 63 bytes a-z and '_', the first and the
-- last a letter; any other is an error with SQLSTATE 22023
-- (invalid_parameter_value) and ulid.AppendTypeID's message, such as "ulid:
-- invalid TypeID prefix: character 'U' at offset 0, want 'a' to 'z', or '_'
-- between letters". NULL in either argument gives NULL.
CREATE OR REPLACE FUNCTION uuid_to_typeid(id pg_catalog.uuid, prefix pg_catalog.text) RETURNS pg_catalog.text
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  -- p holds the two lower-case characters of each 10-bit number, 0 to 1023
  -- (as in uuid_to_ulid).
  p constant bytea := decode('303030313032303330343035303630373038303930613062306330643065306630673068306a306b306d306e307030713072307330743076307730783079307a313031313132313331343135313631373138313931613162316331643165316631673168316a316b316d316e317031713172317331743176317731783179317a323032313232323332343235323632373238323932613262326332643265326632673268326a326b326d326e327032713272327332743276327732783279327a333033313332333333343335333633373338333933613362336333643365336633673368336a336b336d336e337033713372337333743376337733783379337a343034313432343334343435343634373438343934613462346334643465346634673468346a346b346d346e347034713472347334743476347734783479347a353035313532353335343535353635373538353935613562356335643565356635673568356a356b356d356e357035713572357335743576357735783579357a363036313632363336343635363636373638363936613662366336643665366636673668366a366b366d366e367036713672367336743676367736783679367a373037313732373337343735373637373738373937613762376337643765376637673768376a376b376d376e377037713772377337743776377737783779377a383038313832383338343835383638373838383938613862386338643865386638673868386a386b386d386e387038713872387338743876387738783879387a393039313932393339343935393639373938393939613962396339643965396639673968396a396b396d396e397039713972397339743976397739783979397a613061316132613361346135613661376138613961616162616361646165616661676168616a616b616d616e617061716172617361746176617761786179617a623062316232623362346235623662376238623962616262626362646265626662676268626a626b626d626e627062716272627362746276627762786279627a633063316332633363346335633663376338633963616362636363646365636663676368636a636b636d636e637063716372637363746376637763786379637a643064316432643364346435643664376438643964616462646364646465646664676468646a646b646d646e647064716472647364746476647764786479647a653065316532653365346535653665376538653965616562656365646565656665676568656a656b656d656e657065716572657365746576657765786579657a663066316632663366346635663666376638663966616662666366646665666666676668666a666b666d666e667066716672667366746676667766786679667a673067316732673367346735673667376738673967616762676367646765676667676768676a676b676d676e677067716772677367746776677767786779677a683068316832683368346835683668376838683968616862686368646865686668676868686a686b686d686e687068716872687368746876687768786879687a6a306a316a326a336a346a356a366a376a386a396a616a626a636a646a656a666a676a686a6a6a6b6a6d6a6e6a706a716a726a736a746a766a776a786a796a7a6b306b316b326b336b346b356b366b376b386b396b616b626b636b646b656b666b676b686b6a6b6b6b6d6b6e6b706b716b726b736b746b766b776b786b796b7a6d306d316d326d336d346d356d366d376d386d396d616d626d636d646d656d666d676d686d6a6d6b6d6d6d6e6d706d716d726d736d746d766d776d786d796d7a6e306e316e326e336e346e356e366e376e386e396e616e626e636e646e656e666e676e686e6a6e6b6e6d6e6e6e706e716e726e736e746e766e776e786e796e7a703070317032703370347035703670377038703970617062706370647065706670677068706a706b706d706e707070717072707370747076707770787079707a713071317132713371347135713671377138713971617162716371647165716671677168716a716b716d716e717071717172717371747176717771787179717a723072317232723372347235723672377238723972617262726372647265726672677268726a726b726d726e727072717272727372747276727772787279727a733073317332733373347335733673377338733973617362736373647365736673677368736a736b736d736e737073717372737373747376737773787379737a743074317432743374347435743674377438743974617462746374647465746674677468746a746b746d746e747074717472747374747476747774787479747a763076317632763376347635763676377638763976617662766376647665766676677668766a766b766d766e767076717672767376747676767776787679767a773077317732773377347735773677377738773977617762776377647765776677677768776a776b776d776e777077717772777377747776777777787779777a783078317832783378347835783678377838783978617862786378647865786678677868786a786b786d786e787078717872787378747876787778787879787a793079317932793379347935793679377938793979617962796379647965796679677968796a796b796d796e797079717972797379747976797779787979797a7a307a317a327a337a347a357a367a377a387a397a617a627a637a647a657a667a677a687a6a7a6b7a6d7a6e7a707a717a727a737a747a767a777a787a797a7a', 'hex');
  h text := encode(uuid_send(id), 'hex');
  t int8 := ('x' || substr(h, 1, 12))::bit(48)::int8;  -- timestamp, 10 characters
  a int8 := ('x' || substr(h, 13, 10))::bit(40)::int8; -- entropy, 8 characters
  c int8 := ('x' || substr(h, 23, 10))::bit(40)::int8; -- entropy, 8 characters
  pb bytea;
  m int;
  i int;
  v int;
BEGIN
  -- The prefix: at most 63 bytes a-z and '_', the first and the last a
  -- letter, or empty. Otherwise the first byte that breaks the rule, as
  -- ulid.AppendTypeID finds it.
  IF prefix COLLATE "C" !~ '^([a-z]([a-z_]{0,61}[a-z])?)?$' THEN
    pb := decode(replace(prefix COLLATE "C", chr(92), chr(92) || chr(92)), 'escape'); -- 92 is the backslash
    m := octet_length(pb);
    i := 0;
    WHILE i < least(m, 63) AND (get_byte(pb, i) BETWEEN 97 AND 122 OR get_byte(pb, i) = 95 AND i > 0 AND i < m - 1) LOOP
      i := i + 1;
    END LOOP;
    v := get_byte(pb, i);
    RAISE EXCEPTION 'ulid: invalid TypeID prefix: character % at offset %, want %', CASE WHEN v = 39 THEN '''' || chr(92) || '''' || ''''
                  WHEN v = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                  ELSE '0x' || lpad(to_hex(v), 2, '0') END, i,
        CASE WHEN i = 63 THEN 'a prefix of at most 63 characters' ELSE '''a'' to ''z'', or ''_'' between letters' END
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  RETURN CASE WHEN prefix = '' THEN '' ELSE prefix || '_' END
      || encode(substr(p, (t >> 39 & 2046)::int + 1, 2) || substr(p, (t >> 29 & 2046)::int + 1, 2) || substr(p, (t >> 19 & 2046)::int + 1, 2) || substr(p, (t >> 9 & 2046)::int + 1, 2) || substr(p, (t << 1 & 2046)::int + 1, 2) || substr(p, (a >> 29 & 2046)::int + 1, 2) || substr(p, (a >> 19 & 2046)::int + 1, 2) || substr(p, (a >> 9 & 2046)::int + 1, 2) || substr(p, (a << 1 & 2046)::int + 1, 2) || substr(p, (c >> 29 & 2046)::int + 1, 2) || substr(p, (c >> 19 & 2046)::int + 1, 2) || substr(p, (c >> 9 & 2046)::int + 1, 2) || substr(p, (c << 1 & 2046)::int + 1, 2), 'escape');
END
$$;

-- typeid_to_uuid reads s as TypeID text whose prefix is prefix (the empty
-- prefix for text without one), as ulid.ParseTyped does for a type of that
-- prefix, and returns its 128 bits. It takes only what the TypeID
-- specification allows: a lower-case suffix without Crockford's aliases.
-- Text that is not TypeID text is an error with SQLSTATE 22P02
-- (invalid_text_representation) and ulid.ParseTypeID's message, such as
-- "ulid: invalid TypeID: character 'I' at offset 5, want a lower-case
-- character of Crockford's Base32 (0-9, a-z but i, l, o, u)"; TypeID text of
-- another prefix is the same SQLSTATE and ulid.ParseTyped's message, "ulid:
-- invalid TypeID: character 'o' at offset 0, want the prefix "user_"". An
-- invalid prefix argument is an error as in uuid_to_typeid. Offsets count
-- bytes in the database encoding. NULL in either argument gives NULL.
CREATE OR REPLACE FUNCTION typeid_to_uuid(s pg_catalog.text, prefix pg_catalog.text) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  -- d maps a byte to its value in Crockford's Base32, as in ulid_to_uuid.
  d constant bytea := decode('ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00010203040506070809ffffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffff0a0b0c0d0e0f101101121301141500161718191aff1b1c1d1e1fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff', 'hex');
  -- the suffix's alphabet, lower case, in the order of the values
  alphabet constant text := '0123456789abcdefghjkmnpqrstvwxyz';
  b bytea;
  pb bytea;
  n int;
  m int;
  i int;
  v int;
  sep int;
BEGIN
  -- The prefix: at most 63 bytes a-z and '_', the first and the last a
  -- letter, or empty. Otherwise the first byte that breaks the rule, as
  -- ulid.AppendTypeID finds it.
  IF prefix COLLATE "C" !~ '^([a-z]([a-z_]{0,61}[a-z])?)?$' THEN
    pb := decode(replace(prefix COLLATE "C", chr(92), chr(92) || chr(92)), 'escape'); -- 92 is the backslash
    m := octet_length(pb);
    i := 0;
    WHILE i < least(m, 63) AND (get_byte(pb, i) BETWEEN 97 AND 122 OR get_byte(pb, i) = 95 AND i > 0 AND i < m - 1) LOOP
      i := i + 1;
    END LOOP;
    v := get_byte(pb, i);
    RAISE EXCEPTION 'ulid: invalid TypeID prefix: character % at offset %, want %', CASE WHEN v = 39 THEN '''' || chr(92) || '''' || ''''
                  WHEN v = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                  ELSE '0x' || lpad(to_hex(v), 2, '0') END, i,
        CASE WHEN i = 63 THEN 'a prefix of at most 63 characters' ELSE '''a'' to ''z'', or ''_'' between letters' END
      USING ERRCODE = 'invalid_parameter_value';
  END IF;
  m := octet_length(prefix);
  i := m + sign(m)::int; -- where the suffix starts: after prefix and '_', if any
  IF octet_length(s) = i + 26
     AND substr(s, 1, m) COLLATE "C" = prefix
     AND (m = 0 OR substr(s, m + 1, 1) COLLATE "C" = '_')
     AND substr(s, i + 1) COLLATE "C" ~ '^[0-7][0-9a-hjkmnp-tv-z]{25}$' THEN
    b := decode(substr(s, i + 1), 'escape'); -- 26 bytes, no backslash
    RETURN (lpad(to_hex(((get_byte(d, get_byte(b, 0)) << 5) | get_byte(d, get_byte(b, 1)))), 2, '0')
         || lpad(to_hex(((get_byte(d, get_byte(b, 2)) << 15) | (get_byte(d, get_byte(b, 3)) << 10) | (get_byte(d, get_byte(b, 4)) << 5) | get_byte(d, get_byte(b, 5)))::int8 << 20
                   | ((get_byte(d, get_byte(b, 6)) << 15) | (get_byte(d, get_byte(b, 7)) << 10) | (get_byte(d, get_byte(b, 8)) << 5) | get_byte(d, get_byte(b, 9)))), 10, '0')
         || lpad(to_hex(((get_byte(d, get_byte(b, 10)) << 15) | (get_byte(d, get_byte(b, 11)) << 10) | (get_byte(d, get_byte(b, 12)) << 5) | get_byte(d, get_byte(b, 13)))::int8 << 20
                   | ((get_byte(d, get_byte(b, 14)) << 15) | (get_byte(d, get_byte(b, 15)) << 10) | (get_byte(d, get_byte(b, 16)) << 5) | get_byte(d, get_byte(b, 17)))), 10, '0')
         || lpad(to_hex(((get_byte(d, get_byte(b, 18)) << 15) | (get_byte(d, get_byte(b, 19)) << 10) | (get_byte(d, get_byte(b, 20)) << 5) | get_byte(d, get_byte(b, 21)))::int8 << 20
                   | ((get_byte(d, get_byte(b, 22)) << 15) | (get_byte(d, get_byte(b, 23)) << 10) | (get_byte(d, get_byte(b, 24)) << 5) | get_byte(d, get_byte(b, 25)))), 10, '0'))::uuid;
  END IF;
  -- Not TypeID text of prefix: find the first fault, in ulid.ParseTyped's
  -- order (the prefix's own rule, then another prefix, then the suffix).
  b := decode(replace(s COLLATE "C", chr(92), chr(92) || chr(92)), 'escape'); -- 92 is the backslash
  n := octet_length(b);
  -- sep is the offset of the '_' that ends the prefix, -1 for none: 27
  -- bytes from the end in valid text, else the last '_'.
  sep := n - 27;
  IF sep < 0 OR get_byte(b, greatest(sep, 0)) <> 95 THEN
    sep := n - 1;
    WHILE CASE WHEN sep >= 0 THEN get_byte(b, sep) <> 95 ELSE false END LOOP
      sep := sep - 1;
    END LOOP;
  END IF;
  IF sep = 0 THEN
    RAISE EXCEPTION 'ulid: invalid TypeID: character ''_'' at offset 0, want no ''_'' before a suffix without a prefix'
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  IF sep > 0 THEN
    i := 0;
    WHILE i < least(sep, 63) AND (get_byte(b, i) BETWEEN 97 AND 122 OR get_byte(b, i) = 95 AND i > 0 AND i < sep - 1) LOOP
      i := i + 1;
    END LOOP;
    IF i < sep THEN
      v := get_byte(b, i);
      RAISE EXCEPTION 'ulid: invalid TypeID: character % at offset %, want %', CASE WHEN v = 39 THEN '''' || chr(92) || '''' || ''''
                  WHEN v = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                  ELSE '0x' || lpad(to_hex(v), 2, '0') END, i,
          CASE WHEN i = 63 THEN 'a prefix of at most 63 characters' ELSE '''a'' to ''z'', or ''_'' between letters' END
        USING ERRCODE = 'invalid_text_representation';
    END IF;
  END IF;
  -- TypeID text of another prefix, or of none where prefix is not empty,
  -- before the suffix is read: the first byte that differs.
  pb := decode(prefix, 'escape'); -- a-z and '_' only
  i := 0;
  WHILE CASE WHEN i < greatest(sep, 0) AND i < m THEN get_byte(b, i) = get_byte(pb, i) ELSE false END LOOP
    i := i + 1;
  END LOOP;
  IF n > 0 AND (i < greatest(sep, 0) OR m > greatest(sep, 0)) THEN
    v := get_byte(b, i);
    RAISE EXCEPTION 'ulid: invalid TypeID: character % at offset %, want %', CASE WHEN v = 39 THEN '''' || chr(92) || '''' || ''''
                  WHEN v = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                  ELSE '0x' || lpad(to_hex(v), 2, '0') END, i,
        CASE WHEN m = 0 THEN 'no prefix' ELSE 'the prefix "' || prefix || '_"' END
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  IF n - sep - 1 <> 26 THEN
    RAISE EXCEPTION 'ulid: invalid TypeID length % bytes, want %', n,
        (sep + 27)::text || CASE WHEN sep > 0 THEN ': the prefix, ''_'' and 26 characters' ELSE '' END
      USING ERRCODE = 'invalid_text_representation';
  END IF;
  FOR k IN 0..25 LOOP
    v := get_byte(b, sep + 1 + k);
    IF v > 127 OR strpos(alphabet, chr(v)) = 0 THEN
      RAISE EXCEPTION 'ulid: invalid TypeID: character % at offset %, want a lower-case character of Crockford''s Base32 (0-9, a-z but i, l, o, u)', CASE WHEN v = 39 THEN '''' || chr(92) || '''' || ''''
                  WHEN v = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                  ELSE '0x' || lpad(to_hex(v), 2, '0') END, sep + 1 + k
        USING ERRCODE = 'invalid_text_representation';
    END IF;
    IF k = 0 AND strpos(alphabet, chr(v)) > 8 THEN
      RAISE EXCEPTION 'ulid: first character % is above ''7'': value overflows 128 bits', CASE WHEN v = 39 THEN '''' || chr(92) || '''' || ''''
                  WHEN v = 92 THEN '''' || chr(92) || chr(92) || ''''
                  WHEN v BETWEEN 32 AND 126 THEN '''' || chr(v) || ''''
                  ELSE '0x' || lpad(to_hex(v), 2, '0') END
        USING ERRCODE = 'invalid_text_representation';
    END IF;
  END LOOP;
  RAISE EXCEPTION 'ulid: internal error: typeid_to_uuid found no fault in %', quote_literal(s);
END
$$;

-- ulid_time returns the ULID's timestamp, a whole millisecond. It is exact for
-- every ULID, up to 10889-08-02 05:31:50.655+00 (integer arithmetic, no
-- floating-point seconds).
CREATE OR REPLACE FUNCTION ulid_time(id pg_catalog.uuid) RETURNS pg_catalog.timestamptz
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
DECLARE
  ms int8 := ('x' || left(encode(uuid_send(id), 'hex'), 12))::bit(48)::int8;
BEGIN
  RETURN timezone('UTC', timestamp '1970-01-01 00:00:00' + ms / 1000 * interval '1 second' + ms % 1000 * interval '1 millisecond');
END
$$;

-- ulid_min returns the smallest ULID of t's millisecond (t truncated to the
-- millisecond, then 80 zero bits), as ulid.MinAt does; ulid_max the largest
-- (80 one bits), as ulid.MaxAt. A time before 1970-01-01 00:00:00+00 or after
-- 10889-08-02 05:31:50.655999+00 is an error with SQLSTATE 22008
-- (datetime_field_overflow). For a time range on a uuid key:
--   WHERE id >= ulid_min(start) AND id < ulid_min(stop)
CREATE OR REPLACE FUNCTION ulid_min(t pg_catalog.timestamptz) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF NOT (t >= timestamptz '1970-01-01 00:00:00+00' AND t < timestamptz '10889-08-02 05:31:50.656+00') THEN
    RAISE EXCEPTION 'ulid: time out of range: % is outside 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655+00', t
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  RETURN (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            t - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
          || '00000000000000000000')::uuid;
END
$$;

CREATE OR REPLACE FUNCTION ulid_max(t pg_catalog.timestamptz) RETURNS pg_catalog.uuid
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE
SET search_path = pg_catalog, pg_temp
AS $$
BEGIN
  IF NOT (t >= timestamptz '1970-01-01 00:00:00+00' AND t < timestamptz '10889-08-02 05:31:50.656+00') THEN
    RAISE EXCEPTION 'ulid: time out of range: % is outside 1970-01-01 00:00:00+00 to 10889-08-02 05:31:50.655+00', t
      USING ERRCODE = 'datetime_field_overflow';
  END IF;
  RETURN (lpad(to_hex(round(extract(epoch FROM date_trunc('milliseconds',
            t - timestamptz '1970-01-01 00:00:00+00')) * 1000)::int8), 12, '0')
          || 'ffffffffffffffffffff')::uuid;
END
$$;
