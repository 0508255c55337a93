package integration

import (
	"context"
	"crypto/rand"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgtype"

	"github.com/ulidgo/ulid"
)

// partitionOf is the partition docs/partitioning.md gives the month of t.
func partitionOf(t time.Time) string {
	return "event_" + t.UTC().Format("2006_01")
}

// scannedPartitions returns the partitions of event an EXPLAIN output reads.
func scannedPartitions(plan []string) []string {
	re := regexp.MustCompile(`\bon (event_(?:\d{4}_\d{2}|other))\b`)
	var names []string
	for _, line := range plan {
		for _, m := range re.FindAllStringSubmatch(line, -1) {
			if !slices.Contains(names, m[1]) {
				names = append(names, m[1])
			}
		}
	}
	slices.Sort(names)
	return names
}

func explain(t *testing.T, ctx context.Context, tx pgx.Tx, query string, args ...any) []string {
	t.Helper()
	rows, err := tx.Query(ctx, "EXPLAIN "+query, args...)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return lines
}

// TestPartitioningGuidePostgres runs the blocks of docs/partitioning.md as
// printed, between them fills a year of months with 120,000 IDs made by Go,
// and checks where each lands, which partitions the plans read, what
// dropping a month removes, and what happens to an ID outside every month.
func TestPartitioningGuidePostgres(t *testing.T) {
	blocks := guideBlocks(t, "../docs/partitioning.md", "sql postgres")
	if len(blocks) != 6 {
		t.Fatalf("%d blocks in docs/partitioning.md; this test knows 6", len(blocks))
	}
	conn := connectPgKit(t, installPgKit(t))
	ctx := testContext(t)
	tx, err := conn.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback(context.Background())
	run := func(block string) {
		t.Helper()
		if _, err := tx.Conn().PgConn().Exec(ctx, block).ReadAll(); err != nil {
			t.Fatalf("%s\n%v", block, err)
		}
	}
	bounds := func(name string) (from, to string) {
		t.Helper()
		var expr string
		err := tx.QueryRow(ctx, "SELECT pg_get_expr(relpartbound, oid) FROM pg_class WHERE relname = $1", name).Scan(&expr)
		if err != nil {
			t.Fatalf("partition %s: %v", name, err)
		}
		m := regexp.MustCompile(`FROM \('([0-9a-f-]+)'\) TO \('([0-9a-f-]+)'\)`).FindStringSubmatch(expr)
		if m == nil {
			t.Fatalf("partition %s: bound %q", name, expr)
		}
		return m[1], m[2]
	}
	uuidOf := func(tm time.Time) string {
		id, err := ulid.MinAt(uint64(tm.UnixMilli()))
		if err != nil {
			t.Fatal(err)
		}
		h := fmt.Sprintf("%x", id[:])
		return h[:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	}
	month := func(year int, m time.Month) time.Time { return time.Date(year, m, 1, 0, 0, 0, 0, time.UTC) }

	// The table and January, with the bounds Go computes.
	run(blocks[0])
	if from, to := bounds("event_2026_01"); from != uuidOf(month(2026, 1)) || to != uuidOf(month(2026, 2)) {
		t.Fatalf("event_2026_01 from %s to %s", from, to)
	}
	// Next month ahead, twice (the second does nothing), in a time zone
	// that is not UTC.
	if _, err := tx.Exec(ctx, "SET LOCAL TimeZone = 'America/New_York'"); err != nil {
		t.Fatal(err)
	}
	var now time.Time
	if err := tx.QueryRow(ctx, "SELECT now()").Scan(&now); err != nil {
		t.Fatal(err)
	}
	run(blocks[1])
	run(blocks[1])
	next := month(now.UTC().Year(), now.UTC().Month()).AddDate(0, 1, 0)
	if from, to := bounds(partitionOf(next)); from != uuidOf(next) || to != uuidOf(next.AddDate(0, 1, 0)) {
		t.Fatalf("%s from %s to %s", partitionOf(next), from, to)
	}
	// The rest of 2026, as the block above would have made them.
	for m := time.February; m <= time.December; m++ {
		start := month(2026, m)
		q := fmt.Sprintf("CREATE TABLE IF NOT EXISTS %s PARTITION OF event FOR VALUES FROM ('%s') TO ('%s')",
			partitionOf(start), uuidOf(start), uuidOf(start.AddDate(0, 1, 0)))
		if _, err := tx.Exec(ctx, q); err != nil {
			t.Fatal(err)
		}
	}

	// 120,000 IDs over 2026: half as Make makes them, half as MakeV7.
	const n = 120_000
	year := month(2027, 1).Sub(month(2026, 1))
	want := map[ulid.ULID]string{}
	var rows [][]any
	ulids, v7s := ulid.NewMonotonic(rand.Reader), ulid.NewMonotonicV7(rand.Reader)
	for i := range n {
		tm := month(2026, 1).Add(time.Duration(int64(year) / n * int64(i)))
		g := ulids
		if i%2 == 1 {
			g = v7s
		}
		id, err := g.New(uint64(tm.UnixMilli()))
		if err != nil {
			t.Fatal(err)
		}
		want[id] = partitionOf(tm)
		rows = append(rows, []any{pgtype.UUID{Bytes: id, Valid: true}, "x"})
	}
	if _, err := tx.CopyFrom(ctx, pgx.Identifier{"event"}, []string{"id", "body"}, pgx.CopyFromRows(rows)); err != nil {
		t.Fatal(err)
	}
	got, err := tx.Query(ctx, "SELECT id, tableoid::regclass::text FROM event")
	if err != nil {
		t.Fatal(err)
	}
	seen := 0
	for got.Next() {
		var id pgtype.UUID
		var part string
		if err := got.Scan(&id, &part); err != nil {
			t.Fatal(err)
		}
		if w := want[ulid.ULID(id.Bytes)]; part != w {
			t.Fatalf("%s in %s; Go says %q", ulid.ULID(id.Bytes), part, w)
		}
		seen++
	}
	if err := got.Err(); err != nil || seen != n {
		t.Fatalf("%d rows, %v; want %d", seen, err, n)
	}
	counts := map[string]int{}
	for _, p := range want {
		counts[p]++
	}

	// The guide's range query, and its plans.
	run(blocks[2])
	if p := scannedPartitions(explain(t, ctx, tx, blocks[2])); !slices.Equal(p, []string{"event_2026_01"}) {
		t.Errorf("the guide's range query reads %v", p)
	}
	results, err := tx.Conn().PgConn().Exec(ctx, blocks[3]).ReadAll()
	if err != nil {
		t.Fatalf("%s\n%v", blocks[3], err)
	}
	defer tx.Exec(context.Background(), "DEALLOCATE event_range")
	var plan []string
	for _, row := range results[len(results)-1].Rows {
		plan = append(plan, string(row[0]))
	}
	if p := scannedPartitions(plan); !slices.Equal(p, []string{"event_2026_03", "event_2026_04"}) {
		t.Errorf("generic plan reads %v:\n%s", p, plan)
	}
	var months int
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM pg_inherits WHERE inhparent = 'event'::regclass").Scan(&months); err != nil {
		t.Fatal(err)
	}
	removed := fmt.Sprintf("Subplans Removed: %d", months-2)
	if !slices.ContainsFunc(plan, func(line string) bool { return strings.TrimSpace(line) == removed }) {
		t.Errorf("generic plan without %q:\n%s", removed, strings.Join(plan, "\n"))
	}
	var c int
	if err := tx.QueryRow(ctx, "EXECUTE event_range('2026-03-01 00:00:00+00', '2026-04-01 00:00:00+00')").Scan(&c); err != nil || c != counts["event_2026_03"] {
		t.Errorf("March: %d rows, %v; Go counts %d", c, err, counts["event_2026_03"])
	}
	var some ulid.ULID
	for id := range want {
		some = id
		break
	}
	if p := scannedPartitions(explain(t, ctx, tx, "SELECT body FROM event WHERE id = $1", pgtype.UUID{Bytes: some, Valid: true})); !slices.Equal(p, []string{want[some]}) {
		t.Errorf("lookup of %s reads %v; want %s", some, p, want[some])
	}

	// An ID of a time no partition covers is refused.
	outside, err := ulid.MinAt(uint64(month(2025, 6).UnixMilli()))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctx, "SAVEPOINT outside"); err != nil {
		t.Fatal(err)
	}
	_, err = tx.Exec(ctx, "INSERT INTO event VALUES ($1, 'outside')", pgtype.UUID{Bytes: outside, Valid: true})
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "23514" {
		t.Fatalf("insert outside every month: %v; want SQLSTATE 23514", err)
	}
	if _, err := tx.Exec(ctx, "ROLLBACK TO SAVEPOINT outside"); err != nil {
		t.Fatal(err)
	}

	// Dropping January removes January's rows and only those.
	run(blocks[4])
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM event").Scan(&c); err != nil || c != n-counts["event_2026_01"] {
		t.Fatalf("after dropping January: %d rows, %v; want %d", c, err, n-counts["event_2026_01"])
	}
	if err := tx.QueryRow(ctx, "SELECT count(*) FROM event WHERE id < $1", pgtype.UUID{Bytes: mustMinAt(t, month(2026, 2)), Valid: true}).Scan(&c); err != nil || c != 0 {
		t.Fatalf("January rows left: %d, %v", c, err)
	}

	// With a default partition, the same ID is kept there.
	run(blocks[5])
	var part string
	if err := tx.QueryRow(ctx, "INSERT INTO event VALUES ($1, 'outside') RETURNING tableoid::regclass::text", pgtype.UUID{Bytes: outside, Valid: true}).Scan(&part); err != nil || part != "event_other" {
		t.Fatalf("insert outside with a default partition: %q, %v", part, err)
	}
}

func mustMinAt(t *testing.T, tm time.Time) ulid.ULID {
	t.Helper()
	id, err := ulid.MinAt(uint64(tm.UnixMilli()))
	if err != nil {
		t.Fatal(err)
	}
	return id
}

// TestPartitioningGuideMariaDB runs the MariaDB blocks of
// docs/partitioning.md as printed, as the PostgreSQL test does; a row's
// partition is read with SELECT ... PARTITION (name).
func TestPartitioningGuideMariaDB(t *testing.T) {
	blocks := guideBlocks(t, "../docs/partitioning.md", "sql mariadb")
	if len(blocks) != 5 {
		t.Fatalf("%d blocks in docs/partitioning.md; this test knows 5", len(blocks))
	}
	db := openMariaDBKit(t)
	ctx := testContext(t)
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s\n%v", q, err)
		}
	}
	run := func(block string) {
		t.Helper()
		for stmt := range strings.SplitSeq(block, ";\n") {
			if stmt = strings.TrimSuffix(strings.TrimSpace(stmt), ";"); stmt != "" {
				exec(stmt)
			}
		}
	}
	exec("DROP TABLE IF EXISTS event")
	defer db.ExecContext(context.Background(), "DROP TABLE IF EXISTS event")
	month := func(year int, m time.Month) time.Time { return time.Date(year, m, 1, 0, 0, 0, 0, time.UTC) }
	hexOf := func(tm time.Time) string { return fmt.Sprintf("0x%X", bytesOf(mustMinAt(t, tm))) }
	bound := func(name string) string {
		t.Helper()
		var desc string
		err := conn.QueryRowContext(ctx, "SELECT PARTITION_DESCRIPTION FROM information_schema.PARTITIONS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'event' AND PARTITION_NAME = ?", name).Scan(&desc)
		if err != nil {
			t.Fatalf("partition %s: %v", name, err)
		}
		return desc
	}
	sameBound := func(name string, tm time.Time) {
		t.Helper()
		if got := bound(name); !strings.EqualFold(strings.TrimPrefix(got, "_binary "), hexOf(tm)) {
			t.Fatalf("%s: bound %s; Go's MinAt of %s is %s", name, got, tm, hexOf(tm))
		}
	}

	// The table and January: its printed bound is MinAt of February.
	if !strings.Contains(blocks[0], hexOf(month(2026, 2))) {
		t.Fatalf("the guide's bound is not %s:\n%s", hexOf(month(2026, 2)), blocks[0])
	}
	run(blocks[0])
	sameBound("p2026_01", month(2026, 2))
	// The guide's SQL for that literal.
	const literalSQL = "SELECT HEX(ulid_min('2026-02-01'))"
	guide, err := os.ReadFile("../docs/partitioning.md")
	if err != nil || !strings.Contains(string(guide), "`"+literalSQL+"`") {
		t.Fatalf("docs/partitioning.md does not give `%s` (%v)", literalSQL, err)
	}
	var literal string
	if err := conn.QueryRowContext(ctx, literalSQL).Scan(&literal); err != nil || "0x"+literal != hexOf(month(2026, 2)) {
		t.Fatalf("%s: %s, %v; want %s", literalSQL, literal, err, hexOf(month(2026, 2)))
	}
	var now time.Time
	if err := conn.QueryRowContext(ctx, "SELECT UTC_TIMESTAMP()").Scan(&now); err != nil {
		t.Fatal(err)
	}
	next := month(now.Year(), now.Month()).AddDate(0, 1, 0)
	// The months up to this one, in order, as the next block would have
	// made each; then the block itself, twice (the second does nothing).
	for start := month(2026, 2); start.Before(next); start = start.AddDate(0, 1, 0) {
		exec(fmt.Sprintf("ALTER TABLE event ADD PARTITION (PARTITION p%s VALUES LESS THAN (%s))",
			start.Format("2006_01"), hexOf(start.AddDate(0, 1, 0))))
	}
	run(blocks[1])
	run(blocks[1])
	sameBound("p"+next.Format("2006_01"), next.AddDate(0, 1, 0))

	// 120,000 IDs over 2026: half as Make makes them, half as MakeV7.
	const n = 120_000
	year := month(2027, 1).Sub(month(2026, 1))
	want := map[ulid.ULID]string{}
	ulids, v7s := ulid.NewMonotonic(rand.Reader), ulid.NewMonotonicV7(rand.Reader)
	const batch = 1000
	var args []any
	for i := range n {
		tm := month(2026, 1).Add(time.Duration(int64(year) / n * int64(i)))
		g := ulids
		if i%2 == 1 {
			g = v7s
		}
		id, err := g.New(uint64(tm.UnixMilli()))
		if err != nil {
			t.Fatal(err)
		}
		want[id] = "p" + tm.Format("2006_01")
		args = append(args, bytesOf(id), "x")
		if len(args) == 2*batch {
			exec("INSERT INTO event (id, body) VALUES "+strings.Repeat("(?, ?), ", batch-1)+"(?, ?)", args...)
			args = args[:0]
		}
	}
	counts := map[string]int{}
	for _, p := range want {
		counts[p]++
	}
	seen := 0
	for part := range counts {
		rows, err := conn.QueryContext(ctx, "SELECT id FROM event PARTITION ("+part+")")
		if err != nil {
			t.Fatal(err)
		}
		for rows.Next() {
			var b []byte
			if err := rows.Scan(&b); err != nil {
				t.Fatal(err)
			}
			id := ulid.ULID(b)
			if want[id] != part {
				t.Fatalf("%s in %s; Go says %q", id, part, want[id])
			}
			seen++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
	}
	if seen != n {
		t.Fatalf("%d rows in the months of 2026; want %d", seen, n)
	}

	// EXPLAIN PARTITIONS: one partition for a month, one for a key.
	partitions := func(query string) string {
		t.Helper()
		rows, err := conn.QueryContext(ctx, query)
		if err != nil {
			t.Fatalf("%s\n%v", query, err)
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		col := slices.Index(cols, "partitions")
		if col < 0 || !rows.Next() {
			t.Fatalf("%s: no partitions column in %v", query, cols)
		}
		values := make([]any, len(cols))
		cells := make([]sql.NullString, len(cols))
		for i := range values {
			values[i] = &cells[i]
		}
		if err := rows.Scan(values...); err != nil {
			t.Fatal(err)
		}
		return cells[col].String
	}
	if p := partitions(blocks[2]); p != "p2026_03" {
		t.Errorf("the guide's EXPLAIN PARTITIONS for March: %q", p)
	}
	var some ulid.ULID
	for id := range want {
		some = id
		break
	}
	if p := partitions(fmt.Sprintf("EXPLAIN PARTITIONS SELECT body FROM event WHERE id = 0x%X", bytesOf(some))); p != want[some] {
		t.Errorf("lookup of %s reads %q; want %s", some, p, want[some])
	}

	// An ID above the last month is refused.
	outside := mustMinAt(t, next.AddDate(0, 2, 0))
	_, err = conn.ExecContext(ctx, "INSERT INTO event VALUES (?, 'outside')", bytesOf(outside))
	var myErr *mysql.MySQLError
	if !errors.As(err, &myErr) || myErr.Number != 1526 {
		t.Fatalf("insert above every month: %v; want error 1526", err)
	}

	// Dropping January removes January's rows and only those.
	run(blocks[3])
	var c int
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM event").Scan(&c); err != nil || c != n-counts["p2026_01"] {
		t.Fatalf("after dropping January: %d rows, %v; want %d", c, err, n-counts["p2026_01"])
	}
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM event WHERE id < ?", bytesOf(mustMinAt(t, month(2026, 2)))).Scan(&c); err != nil || c != 0 {
		t.Fatalf("January rows left: %d, %v", c, err)
	}

	// With a last partition for the future, the same ID is kept there.
	run(blocks[4])
	exec("INSERT INTO event VALUES (?, 'outside')", bytesOf(outside))
	if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM event PARTITION (p_future) WHERE body = 'outside'").Scan(&c); err != nil || c != 1 {
		t.Fatalf("the future partition: %d rows, %v", c, err)
	}
}

// bytesOf returns the 16 bytes of id, as MariaDB stores them in BINARY(16).
func bytesOf(id ulid.ULID) []byte { return id[:] }
