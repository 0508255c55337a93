package stacks

// Public IDs in URLs (docs/public-ids.md): a net/http service on pgx that
// keeps ULIDs as its keys and shows only public IDs. GET /orders/{id} unmasks
// the path value and answers a refused one with 400 before any query; POST
// /orders makes an order under ulid.Make() and answers with its public ID.
// The types and handlers below are the recipe of docs/stacks.md, line for
// line (TestRecipesAreDocs); TestPublicIDHTTP runs them against PostgreSQL,
// counting the queries that reach it.

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/ulidgo/ulid"
)

// OrderResponse is an order as clients see it: its id is the public ID,
// never the ULID, which stays the key in the database.
type OrderResponse struct {
	ID   string `json:"id"` // masker.Mask(id)
	Item string `json:"item"`
}

// writeJSON writes v as the JSON body of a response with the status code.
func writeJSON(w http.ResponseWriter, code int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(code)
	json.NewEncoder(w).Encode(v)
}

// orderMux serves the orders in the table orders (id uuid PRIMARY KEY, item
// text NOT NULL) of db, with public IDs made and opened by masker.
func orderMux(db *pgxpool.Pool, masker *ulid.Masker) *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /orders/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, err := masker.Unmask(r.PathValue("id"))
		if err != nil { // a ULID, a typo, another key's public ID: bad input, not "not found"
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": "id: " + err.Error()})
			return
		}
		res := OrderResponse{ID: masker.Mask(id)}
		if !strings.EqualFold(r.PathValue("id"), res.ID) { // made with an older key: point to the current public ID
			http.Redirect(w, r, "/orders/"+res.ID, http.StatusPermanentRedirect)
			return
		}
		err = db.QueryRow(r.Context(), "SELECT item FROM orders WHERE id = $1", id).Scan(&res.Item)
		if errors.Is(err, pgx.ErrNoRows) {
			writeJSON(w, http.StatusNotFound, map[string]string{"error": "no such order"})
			return
		}
		if err != nil { // not a 404: the order may well exist
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error"})
			return
		}
		writeJSON(w, http.StatusOK, res)
	})
	mux.HandleFunc("POST /orders", func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			Item string `json:"item"`
		}
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Item == "" {
			writeJSON(w, http.StatusBadRequest, map[string]string{"error": `want {"item": "…"}`})
			return
		}
		id := ulid.Make()
		_, err := db.Exec(r.Context(), "INSERT INTO orders (id, item) VALUES ($1, $2)", id, req.Item)
		if err != nil {
			writeJSON(w, http.StatusInternalServerError, map[string]string{"error": "internal error"})
			return
		}
		res := OrderResponse{ID: masker.Mask(id), Item: req.Item}
		w.Header().Set("Location", "/orders/"+res.ID)
		writeJSON(w, http.StatusCreated, res)
	})
	return mux
}

// queryLog is a pgx.QueryTracer that records the SQL of every query a pool
// sends, so that a test can tell that a request reached the database or not.
type queryLog struct {
	mu  sync.Mutex
	sql []string
}

func (l *queryLog) TraceQueryStart(ctx context.Context, _ *pgx.Conn, data pgx.TraceQueryStartData) context.Context {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sql = append(l.sql, data.SQL)
	return ctx
}

func (l *queryLog) TraceQueryEnd(context.Context, *pgx.Conn, pgx.TraceQueryEndData) {}

// since returns the queries recorded after the first n.
func (l *queryLog) since(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]string(nil), l.sql[n:]...)
}

func (l *queryLog) len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.sql)
}

// publicIDPool connects to PostgreSQL with search_path set to schema and
// every query recorded in log.
func publicIDPool(t *testing.T, schema string, log *queryLog) *pgxpool.Pool {
	t.Helper()
	config, err := pgxpool.ParseConfig(dsn(t, envPostgres))
	if err != nil {
		t.Fatal(err)
	}
	config.ConnConfig.RuntimeParams["search_path"] = schema
	config.ConnConfig.Tracer = log
	db, err := pgxpool.NewWithConfig(testContext(t), config)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

// TestPublicIDHTTP runs the recipe's handlers against PostgreSQL: a refused
// public ID is 400 with the Unmask error and sends no query; a good one, in
// either case, finds its order with one query; the public ID of a ULID with
// no row is 404, and a database error 500, not 404; POST then GET round-trips
// with no ULID in the response.
func TestPublicIDHTTP(t *testing.T) {
	const (
		key      = "000102030405060708090a0b0c0d0e0f"                                 // k128 of testdata/publicid.json
		otherKey = "603deb1015ca71be2b73aef0857d77811f352c073b6108d72d9810a30914dff4" // k256
		stored   = "01ARYZ6S41TSV4RRFFQ69G5FAV"                                       // the order in the table
		public   = "3X36YT6DZA8AW0NT3GCJJ9764WCVS"                                    // its public ID with key
		other    = "WC0JRP5XSD82MGNKBEF7E8HDC6EDH"                                    // its public ID with otherKey
		item     = "tea, 250 g"
		goodBody = `{"id":"3X36YT6DZA8AW0NT3GCJJ9764WCVS","item":"tea, 250 g"}` + "\n"
	)
	masker, err := ulid.ParseMasker(key)
	if err != nil {
		t.Fatal(err)
	}
	otherMasker, err := ulid.ParseMasker(otherKey)
	if err != nil {
		t.Fatal(err)
	}
	if got := masker.Mask(ulid.MustParse(stored)); got != public {
		t.Fatalf("Mask(%s) = %s, want %s (testdata/publicid.json)", stored, got, public)
	}
	if got := otherMasker.Mask(ulid.MustParse(stored)); got != other {
		t.Fatalf("other key: Mask(%s) = %s, want %s (testdata/publicid.json)", stored, got, other)
	}

	schema := tableName(t, "pubid")
	var log queryLog
	db := publicIDPool(t, schema, &log)
	ctx := testContext(t)
	for _, q := range []string{
		"DROP SCHEMA IF EXISTS " + schema + " CASCADE",
		"CREATE SCHEMA " + schema,
		"CREATE TABLE orders (id uuid PRIMARY KEY, item text NOT NULL)",
	} {
		if _, err := db.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	if _, err := db.Exec(ctx, "INSERT INTO orders (id, item) VALUES ($1, $2)", ulid.MustParse(stored), item); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(orderMux(db, masker))
	t.Cleanup(srv.Close)

	// do sends a request and returns the status, the Content-Type, the
	// Location, the body and the queries it sent to PostgreSQL.
	do := func(t *testing.T, method, path, body string) (code int, ctype, location, resBody string, queries []string) {
		t.Helper()
		n := log.len()
		req, err := http.NewRequestWithContext(testContext(t), method, srv.URL+path, strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		res, err := srv.Client().Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		if err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Location"), string(b), log.since(n)
	}

	t.Run("found", func(t *testing.T) {
		// Lower case opens too; the response gives the public ID as Mask
		// writes it.
		for _, path := range []string{"/orders/" + public, "/orders/" + strings.ToLower(public)} {
			code, ctype, _, body, queries := do(t, "GET", path, "")
			if code != http.StatusOK || ctype != "application/json" || body != goodBody {
				t.Errorf("GET %s = %d %s %q, want 200 application/json %q", path, code, ctype, body, goodBody)
			}
			// The query counter counts: a lookup is one query.
			if len(queries) != 1 || !strings.Contains(queries[0], "FROM orders WHERE id = $1") {
				t.Errorf("GET %s sent %q, want the one SELECT", path, queries)
			}
		}
	})

	t.Run("refused", func(t *testing.T) {
		swapped := public[:10] + public[11:12] + public[10:11] + public[12:] // characters 10 and 11 swapped
		for _, tc := range []struct {
			name, id string
			want     error
			body     string // if set, the whole body, as docs/stacks.md shows it
		}{
			{"the ULID itself", stored, ulid.ErrInvalidLength, `{"error":"id: ulid: invalid public ID length 26 bytes, want 29"}` + "\n"},
			{"its UUID text", "01563df3-6481-d676-4c61-efb99302bd5b", ulid.ErrInvalidLength, ""},
			{"a typo", public[:10] + "B" + public[11:], ulid.ErrCheckCharacter, ""},
			{"two characters swapped", swapped, ulid.ErrCheckCharacter, ""},
			{"the check character left out", public[:28], ulid.ErrInvalidLength, ""},
			{"another key's public ID", other, ulid.ErrUnknownMaskingKey, ""},
			{"made up, 29 characters", "3XABCDEFGHJKMNPQRSTVWXYZ01234", ulid.ErrCheckCharacter, ""},
			{"made up", "order-12345", ulid.ErrInvalidLength, ""},
			{"a character outside the alphabet", public[:7] + "U" + public[8:], ulid.ErrInvalidCharacter, ""},
		} {
			t.Run(tc.name, func(t *testing.T) {
				if tc.id == public || swapped == public {
					t.Fatalf("%s is the good public ID", tc.id)
				}
				_, unmaskErr := masker.Unmask(tc.id)
				if !errors.Is(unmaskErr, tc.want) {
					t.Fatalf("Unmask(%q) = %v, want %v", tc.id, unmaskErr, tc.want)
				}
				code, ctype, _, body, queries := do(t, "GET", "/orders/"+url.PathEscape(tc.id), "")
				wantBody := `{"error":"id: ` + unmaskErr.Error() + `"}` + "\n"
				if tc.body != "" && tc.body != wantBody {
					t.Errorf("the body for %q is %q, want %q (docs/stacks.md)", tc.id, wantBody, tc.body)
				}
				if code != http.StatusBadRequest || ctype != "application/json" || body != wantBody {
					t.Errorf("GET /orders/%s = %d %s %q, want 400 application/json %q", tc.id, code, ctype, body, wantBody)
				}
				if len(queries) != 0 {
					t.Errorf("GET /orders/%s sent %q to the database, want no query", tc.id, queries)
				}
			})
		}
	})

	t.Run("older key", func(t *testing.T) {
		// After a rotation (docs/public-ids.md, "Rotating keys": otherKey
		// first, key second), a public ID of the older key, in either case,
		// is a 308 to the order's current public ID, sent before any query;
		// the current one is 200.
		rotated, err := ulid.ParseMasker(otherKey + "\n" + key + "\n")
		if err != nil {
			t.Fatal(err)
		}
		n := log.len()
		srv := httptest.NewServer(orderMux(db, rotated))
		defer srv.Close()
		client := srv.Client()
		client.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
		get := func(path string) (int, string, string) {
			t.Helper()
			res, err := client.Get(srv.URL + path)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, err := io.ReadAll(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			return res.StatusCode, res.Header.Get("Location"), string(b)
		}
		for _, old := range []string{public, strings.ToLower(public)} {
			code, location, _ := get("/orders/" + old)
			if code != http.StatusPermanentRedirect || location != "/orders/"+other {
				t.Errorf("GET /orders/%s = %d, Location %q; want 308 to /orders/%s", old, code, location, other)
			}
		}
		if q := log.since(n); len(q) != 0 {
			t.Errorf("the redirects sent %q to the database, want no query", q)
		}
		want := `{"id":"` + other + `","item":"tea, 250 g"}` + "\n"
		if code, location, body := get("/orders/" + other); code != http.StatusOK || location != "" || body != want {
			t.Errorf("GET /orders/%s = %d, Location %q, %q; want 200 %q", other, code, location, body, want)
		}
	})

	t.Run("not found", func(t *testing.T) {
		missing := masker.Mask(ulid.Make()) // a good public ID, of a ULID with no row
		code, _, _, body, queries := do(t, "GET", "/orders/"+missing, "")
		if want := `{"error":"no such order"}` + "\n"; code != http.StatusNotFound || body != want {
			t.Errorf("GET /orders/%s = %d %q, want 404 %q", missing, code, body, want)
		}
		if len(queries) != 1 {
			t.Errorf("GET /orders/%s sent %q, want the one SELECT", missing, queries)
		}
	})

	t.Run("database error is not 404", func(t *testing.T) {
		// A pool whose search_path has no orders table: the SELECT fails,
		// and the order that exists must not be reported missing.
		var brokenLog queryLog
		broken := httptest.NewServer(orderMux(publicIDPool(t, schema+"_none", &brokenLog), masker))
		defer broken.Close()
		res, err := broken.Client().Get(broken.URL + "/orders/" + public)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusInternalServerError || brokenLog.len() != 1 {
			t.Errorf("GET /orders/%s with no table = %d after %d queries, want 500 after 1", public, res.StatusCode, brokenLog.len())
		}
	})

	t.Run("post then get", func(t *testing.T) {
		before := time.Now().Add(-time.Millisecond)
		code, ctype, location, body, queries := do(t, "POST", "/orders", `{"item":"green tea"}`)
		after := time.Now().Add(time.Millisecond)
		var got OrderResponse
		if err := json.Unmarshal([]byte(body), &got); err != nil {
			t.Fatalf("POST /orders = %d %q: %v", code, body, err)
		}
		if code != http.StatusCreated || ctype != "application/json" || got.Item != "green tea" || location != "/orders/"+got.ID {
			t.Fatalf("POST /orders = %d %s, Location %q, %q; want 201 application/json, Location /orders/<id>, item green tea", code, ctype, location, body)
		}
		if len(queries) != 1 || !strings.HasPrefix(queries[0], "INSERT INTO orders") {
			t.Errorf("POST /orders sent %q, want the one INSERT", queries)
		}
		id, err := masker.Unmask(got.ID)
		if err != nil {
			t.Fatalf("POST /orders gave id %q: %v", got.ID, err)
		}
		if tm := id.Time(); tm.Before(before) || tm.After(after) {
			t.Errorf("the new order's ULID %s has time %v, want between %v and %v", id, tm, before, after)
		}
		// The response shows the public ID only: neither form of the ULID.
		if strings.Contains(body+location, id.String()) || strings.Contains(body+location, id.UUIDString()) {
			t.Errorf("POST /orders response shows the ULID %s: Location %q, %q", id, location, body)
		}
		var item string
		if err := db.QueryRow(ctx, "SELECT item FROM orders WHERE id = $1", id).Scan(&item); err != nil || item != "green tea" {
			t.Errorf("the row of %s: %q, %v; want green tea", id, item, err)
		}

		code, _, _, body2, _ := do(t, "GET", location, "")
		if code != http.StatusOK || body2 != body {
			t.Errorf("GET %s = %d %q, want 200 %q", location, code, body2, body)
		}
	})

	t.Run("post refused", func(t *testing.T) {
		for _, in := range []string{``, `{"item":""}`, `{"item":`} {
			code, _, _, _, queries := do(t, "POST", "/orders", in)
			if code != http.StatusBadRequest || len(queries) != 0 {
				t.Errorf("POST /orders %q = %d after %q, want 400 and no query", in, code, queries)
			}
		}
	})
}
