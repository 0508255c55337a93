package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgtype"
)

// pgBackend is PostgreSQL through pgx. Rows go in with COPY (CopyFrom), one
// COPY per batch; the ULID text column uses the "C" collation, so that it
// compares bytewise like the 16-byte forms (the database's default is C as
// well when it is created by integration/run.sh).
type pgBackend struct {
	dsn  string
	conn *pgx.Conn
}

func openPostgres(ctx context.Context, dsn string) (*pgBackend, error) {
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, err
	}
	// Parameterized scans must be planned for their actual bound, every time,
	// not with a generic plan after five executions.
	if _, err := conn.Exec(ctx, "SET plan_cache_mode = force_custom_plan"); err != nil {
		_ = conn.Close(ctx)
		return nil, err
	}
	var ext int
	if err := conn.QueryRow(ctx, "SELECT count(*) FROM pg_extension WHERE extname = 'pgstattuple'").Scan(&ext); err != nil {
		_ = conn.Close(ctx)
		return nil, err
	}
	if ext == 0 {
		if _, err := conn.Exec(ctx, "CREATE EXTENSION pgstattuple"); err != nil {
			_ = conn.Close(ctx)
			return nil, fmt.Errorf("pgstattuple is not installed and cannot be created: %w", err)
		}
	}
	return &pgBackend{dsn: dsn, conn: conn}, nil
}

func (b *pgBackend) close() { _ = b.conn.Close(context.Background()) }

func (b *pgBackend) info(ctx context.Context) (serverInfo, error) {
	si := serverInfo{
		Name:   "PostgreSQL",
		Method: "COPY (pgx CopyFrom), one COPY per batch and transaction; CHECKPOINT before each run",
	}
	if err := b.conn.QueryRow(ctx, "SHOW server_version").Scan(&si.Version); err != nil {
		return si, err
	}
	for _, name := range []string{"shared_buffers", "fsync", "synchronous_commit", "full_page_writes", "max_wal_size", "lc_collate"} {
		var v string
		if err := b.conn.QueryRow(ctx, "SELECT current_setting($1)", name).Scan(&v); err != nil {
			return si, err
		}
		si.Settings = append(si.Settings, name+"="+v)
	}
	return si, nil
}

func (b *pgBackend) columnType(k *kind) string {
	switch {
	case k.serverGenerated:
		return "bigserial"
	case k.text:
		return `char(26) COLLATE "C"`
	}
	return "uuid"
}

func (b *pgBackend) drop(ctx context.Context, table string) error {
	_, err := b.conn.Exec(ctx, "DROP TABLE IF EXISTS "+table)
	return err
}

func (b *pgBackend) create(ctx context.Context, table string, k *kind) error {
	_, err := b.conn.Exec(ctx, fmt.Sprintf(
		"CREATE TABLE %s (id %s PRIMARY KEY, seq bigint NOT NULL, payload text NOT NULL)",
		table, b.columnType(k)))
	return err
}

// settle starts a run from a clean slate: a checkpoint writes out the dirty
// buffers of the runs before.
func (b *pgBackend) settle(ctx context.Context) error {
	_, err := b.conn.Exec(ctx, "CHECKPOINT")
	return err
}

type pgClient struct {
	conn    *pgx.Conn
	table   pgx.Identifier
	columns []string
	k       *kind
	values  [][]any
}

func (b *pgBackend) newClient(ctx context.Context, table string, k *kind, batch int) (client, error) {
	conn, err := pgx.Connect(ctx, b.dsn)
	if err != nil {
		return nil, err
	}
	c := &pgClient{conn: conn, table: pgx.Identifier{table}, columns: []string{"id", "seq", "payload"}, k: k}
	if k.serverGenerated {
		c.columns = c.columns[1:]
	}
	c.values = make([][]any, batch)
	for i := range c.values {
		c.values[i] = make([]any, len(c.columns))
	}
	return c, nil
}

func (c *pgClient) close() { _ = c.conn.Close(context.Background()) }

func (c *pgClient) insert(ctx context.Context, rows []row) error {
	vals := c.values[:len(rows)]
	for i, r := range rows {
		v := vals[i][:0]
		switch {
		case c.k.serverGenerated:
		case c.k.text:
			v = append(v, r.keyText)
		default:
			v = append(v, pgtype.UUID{Bytes: r.key16, Valid: true})
		}
		vals[i] = append(v, r.seq, r.payload)
	}
	n, err := c.conn.CopyFrom(ctx, c.table, c.columns, pgx.CopyFromRows(vals))
	if err == nil && n != int64(len(rows)) {
		err = fmt.Errorf("COPY stored %d rows, want %d", n, len(rows))
	}
	return err
}

func (b *pgBackend) measure(ctx context.Context, table string, k *kind, scans int, r *result) error {
	c := b.conn
	// Pure inserts leave nothing to clean up; VACUUM sets the visibility
	// map and hint bits so that the scans below do not, and ANALYZE gives
	// the planner statistics.
	if _, err := c.Exec(ctx, "VACUUM (ANALYZE) "+table); err != nil {
		return err
	}
	var count int64
	if err := c.QueryRow(ctx, "SELECT count(*) FROM "+table).Scan(&count); err != nil {
		return err
	}
	if count != int64(r.N) {
		return fmt.Errorf("table has %d rows, want %d", count, r.N)
	}
	pkey := table + "_pkey"
	if err := c.QueryRow(ctx, "SELECT pg_relation_size($1::regclass), pg_relation_size($2::regclass)", table, pkey).
		Scan(&r.TableBytes, &r.IndexBytes); err != nil {
		return err
	}
	if err := c.QueryRow(ctx, "SELECT leaf_pages, avg_leaf_density, leaf_fragmentation, tree_level FROM pgstatindex($1)", pkey).
		Scan(&r.LeafPages, &r.LeafDensity, &r.LeafFrag, &r.TreeLevel); err != nil {
		return fmt.Errorf("pgstatindex: %w", err)
	}

	// The newest 1%.
	k1 := r.N / 100
	var bound any
	query := "SELECT count(*) FROM " + table + " WHERE %s >= $1 AND length(payload) > 0"
	if k.ordered {
		if err := c.QueryRow(ctx, fmt.Sprintf("SELECT id FROM %s ORDER BY id DESC OFFSET %d LIMIT 1", table, k1-1)).Scan(&bound); err != nil {
			return fmt.Errorf("scan bound: %w", err)
		}
		query = fmt.Sprintf(query, "id")
	} else {
		bound = int64(r.N - k1)
		query = fmt.Sprintf(query, "seq")
	}
	r.ScanHow = scanHow(k)
	plan, err := b.plan(ctx, query, bound)
	if err != nil {
		return fmt.Errorf("explain: %w", err)
	}
	r.ScanPlan = plan
	r.ScanRows, r.ScanMillis, err = timeScan(scans, func() (n int64, err error) {
		err = c.QueryRow(ctx, query, bound).Scan(&n)
		return n, err
	})
	return err
}

// plan returns the scan nodes of query's plan, such as "Index Scan" or
// "Parallel Seq Scan".
func (b *pgBackend) plan(ctx context.Context, query string, arg any) (string, error) {
	rows, err := b.conn.Query(ctx, "EXPLAIN "+query, arg)
	if err != nil {
		return "", err
	}
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return "", err
	}
	var nodes []string
	for _, l := range lines {
		l = strings.TrimLeft(l, " ->")
		if i := strings.Index(l, " Scan"); i >= 0 {
			nodes = append(nodes, l[:i+len(" Scan")])
		}
	}
	if len(nodes) == 0 {
		return "", fmt.Errorf("no scan node in plan %q", lines)
	}
	return strings.Join(nodes, " / "), nil
}
