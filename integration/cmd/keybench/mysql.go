package main

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
	"time"

	_ "github.com/go-sql-driver/mysql"
)

// myBackend is MariaDB (InnoDB) through go-sql-driver/mysql. Rows go in with
// one prepared multi-row INSERT per batch. The ULID text column is
// CHAR(26) CHARACTER SET ascii COLLATE ascii_bin: one byte per character and
// bytewise order, the cheapest text form (utf8mb4 would make InnoDB reserve
// more per value and compare through a collation).
type myBackend struct {
	db *sql.DB
}

func openMySQL(ctx context.Context, dsn string, clients int) (*myBackend, error) {
	db, err := sql.Open("mysql", dsn)
	if err != nil {
		return nil, err
	}
	db.SetMaxOpenConns(clients + 2)
	db.SetMaxIdleConns(clients + 2)
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, err
	}
	return &myBackend{db: db}, nil
}

func (b *myBackend) close() { _ = b.db.Close() }

func (b *myBackend) info(ctx context.Context) (serverInfo, error) {
	si := serverInfo{
		Name:   "MariaDB",
		Method: "prepared multi-row INSERT, one per batch and transaction (autocommit); dirty pages flushed before each run",
	}
	if err := b.db.QueryRowContext(ctx, "SELECT VERSION()").Scan(&si.Version); err != nil {
		return si, err
	}
	for _, name := range []string{"innodb_buffer_pool_size", "innodb_flush_log_at_trx_commit", "innodb_doublewrite", "innodb_page_size", "innodb_autoinc_lock_mode"} {
		var n, v string
		if err := b.db.QueryRowContext(ctx, "SHOW GLOBAL VARIABLES LIKE '"+name+"'").Scan(&n, &v); err != nil {
			return si, fmt.Errorf("%s: %w", name, err)
		}
		if name == "innodb_buffer_pool_size" {
			if x, err := strconv.ParseInt(v, 10, 64); err == nil {
				v = fmt.Sprintf("%dM", x>>20)
			}
		}
		si.Settings = append(si.Settings, name+"="+v)
	}
	return si, nil
}

func (b *myBackend) columnType(k *kind) string {
	switch {
	case k.serverGenerated:
		return "BIGINT"
	case k.text:
		return "CHAR(26) ascii_bin"
	}
	return "BINARY(16)"
}

func (b *myBackend) ddlType(k *kind) string {
	switch {
	case k.serverGenerated:
		return "BIGINT NOT NULL AUTO_INCREMENT"
	case k.text:
		return "CHAR(26) CHARACTER SET ascii COLLATE ascii_bin NOT NULL"
	}
	return "BINARY(16) NOT NULL"
}

func (b *myBackend) drop(ctx context.Context, table string) error {
	_, err := b.db.ExecContext(ctx, "DROP TABLE IF EXISTS "+table)
	return err
}

func (b *myBackend) create(ctx context.Context, table string, k *kind) error {
	_, err := b.db.ExecContext(ctx, fmt.Sprintf(
		"CREATE TABLE %s (id %s PRIMARY KEY, seq BIGINT NOT NULL, payload VARCHAR(%d) NOT NULL) ENGINE=InnoDB",
		table, b.ddlType(k), payloadSize))
	return err
}

// settle starts a run from a clean slate, as a checkpoint does in
// PostgreSQL: it has InnoDB write out the dirty pages of the runs before
// (innodb_max_dirty_pages_pct = 0 until Innodb_buffer_pool_pages_dirty is at
// most 64 pages, 1 MiB; at most a minute). Without the privilege to set the
// variable it does nothing.
func (b *myBackend) settle(ctx context.Context) error {
	var orig string
	if err := b.db.QueryRowContext(ctx, "SELECT @@GLOBAL.innodb_max_dirty_pages_pct").Scan(&orig); err != nil {
		return err
	}
	if _, err := b.db.ExecContext(ctx, "SET GLOBAL innodb_max_dirty_pages_pct = 0"); err != nil {
		return nil // not allowed: skip
	}
	defer func() {
		ctx := context.WithoutCancel(ctx)
		_, _ = b.db.ExecContext(ctx, "SET GLOBAL innodb_max_dirty_pages_pct = "+orig)
	}()
	deadline := time.Now().Add(time.Minute)
	for {
		var name string
		var dirty int64
		if err := b.db.QueryRowContext(ctx, "SHOW GLOBAL STATUS LIKE 'Innodb_buffer_pool_pages_dirty'").Scan(&name, &dirty); err != nil {
			return err
		}
		if dirty <= 64 || time.Now().After(deadline) {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
	}
}

type myClient struct {
	conn  *sql.Conn
	table string
	k     *kind
	full  *sql.Stmt // for a whole batch
	batch int
	args  []any
}

func (b *myBackend) newClient(ctx context.Context, table string, k *kind, batch int) (client, error) {
	conn, err := b.db.Conn(ctx)
	if err != nil {
		return nil, err
	}
	c := &myClient{conn: conn, table: table, k: k, batch: batch}
	c.full, err = conn.PrepareContext(ctx, c.insertSQL(batch))
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	return c, nil
}

func (c *myClient) insertSQL(rows int) string {
	var sb strings.Builder
	sb.WriteString("INSERT INTO " + c.table)
	tuple := "(?,?,?)"
	if c.k.serverGenerated {
		sb.WriteString(" (seq, payload) VALUES ")
		tuple = "(?,?)"
	} else {
		sb.WriteString(" (id, seq, payload) VALUES ")
	}
	for i := range rows {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(tuple)
	}
	return sb.String()
}

func (c *myClient) close() {
	_ = c.full.Close()
	_ = c.conn.Close()
}

func (c *myClient) insert(ctx context.Context, rows []row) error {
	args := c.args[:0]
	for i := range rows {
		r := &rows[i]
		switch {
		case c.k.serverGenerated:
		case c.k.text:
			args = append(args, r.keyText)
		default:
			args = append(args, r.key16[:]) // sent before rows is reused
		}
		args = append(args, r.seq, r.payload)
	}
	c.args = args
	var res sql.Result
	var err error
	if len(rows) == c.batch {
		res, err = c.full.ExecContext(ctx, args...)
	} else {
		res, err = c.conn.ExecContext(ctx, c.insertSQL(len(rows)), args...)
	}
	if err != nil {
		return err
	}
	if n, err := res.RowsAffected(); err != nil || n != int64(len(rows)) {
		return fmt.Errorf("INSERT stored %d rows (%v), want %d", n, err, len(rows))
	}
	return nil
}

func (b *myBackend) measure(ctx context.Context, table string, k *kind, scans int, r *result) error {
	db := b.db
	// Fresh persistent statistics (sizes in information_schema.TABLES and
	// mysql.innodb_index_stats).
	rows, err := db.QueryContext(ctx, "ANALYZE TABLE "+table)
	if err != nil {
		return err
	}
	for rows.Next() {
	}
	if err := rows.Close(); err != nil {
		return err
	}
	var count int64
	if err := db.QueryRowContext(ctx, "SELECT count(*) FROM "+table).Scan(&count); err != nil {
		return err
	}
	if count != int64(r.N) {
		return fmt.Errorf("table has %d rows, want %d", count, r.N)
	}
	if err := db.QueryRowContext(ctx, "SELECT data_length, index_length FROM information_schema.TABLES WHERE table_schema = DATABASE() AND table_name = ?", table).
		Scan(&r.TableBytes, &r.IndexBytes); err != nil {
		return fmt.Errorf("information_schema.TABLES: %w", err)
	}
	if err := db.QueryRowContext(ctx, "SELECT stat_value FROM mysql.innodb_index_stats WHERE database_name = DATABASE() AND table_name = ? AND index_name = 'PRIMARY' AND stat_name = 'n_leaf_pages'", table).
		Scan(&r.LeafPages); err != nil {
		return fmt.Errorf("mysql.innodb_index_stats: %w", err)
	}

	// The newest 1%.
	k1 := r.N / 100
	var bound any
	query := "SELECT count(*) FROM " + table + " WHERE %s >= ? AND length(payload) > 0"
	if k.ordered {
		boundSQL := fmt.Sprintf("SELECT id FROM %s ORDER BY id DESC LIMIT 1 OFFSET %d", table, k1-1)
		var err error
		switch {
		case k.serverGenerated:
			var v int64
			err = db.QueryRowContext(ctx, boundSQL).Scan(&v)
			bound = v
		case k.text:
			var v string
			err = db.QueryRowContext(ctx, boundSQL).Scan(&v)
			bound = v
		default:
			var v []byte
			err = db.QueryRowContext(ctx, boundSQL).Scan(&v)
			bound = v
		}
		if err != nil {
			return fmt.Errorf("scan bound: %w", err)
		}
		query = fmt.Sprintf(query, "id")
	} else {
		bound = int64(r.N - k1)
		query = fmt.Sprintf(query, "seq")
	}
	r.ScanHow = scanHow(k)
	if r.ScanPlan, err = b.plan(ctx, query, bound); err != nil {
		return fmt.Errorf("explain: %w", err)
	}
	stmt, err := db.PrepareContext(ctx, query)
	if err != nil {
		return err
	}
	defer stmt.Close()
	r.ScanRows, r.ScanMillis, err = timeScan(scans, func() (n int64, err error) {
		err = stmt.QueryRowContext(ctx, bound).Scan(&n)
		return n, err
	})
	return err
}

// plan returns EXPLAIN's access type and key for query, such as
// "range on PRIMARY" or "ALL (full scan)".
func (b *myBackend) plan(ctx context.Context, query string, arg any) (string, error) {
	rows, err := b.db.QueryContext(ctx, "EXPLAIN "+query, arg)
	if err != nil {
		return "", err
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return "", err
	}
	if !rows.Next() {
		return "", fmt.Errorf("EXPLAIN returned no rows: %v", rows.Err())
	}
	vals := make([]sql.NullString, len(cols))
	ptrs := make([]any, len(cols))
	for i := range vals {
		ptrs[i] = &vals[i]
	}
	if err := rows.Scan(ptrs...); err != nil {
		return "", err
	}
	get := func(name string) string {
		for i, c := range cols {
			if strings.EqualFold(c, name) {
				return vals[i].String
			}
		}
		return ""
	}
	typ, key := get("type"), get("key")
	switch {
	case typ == "ALL":
		return "ALL (full scan)", nil
	case key != "":
		return typ + " on " + key, nil
	}
	return typ, nil
}
