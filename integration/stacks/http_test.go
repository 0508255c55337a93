package stacks

// A ULID in a URL, bound by gin, echo and net/http: path and query, and what
// a client gets for a bad one: 400 with the parser's message, never a
// handler running with the zero ULID. The types and handler code below are
// the recipes of docs/stacks.md, line for line (TestRecipesAreDocs).

import (
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/gin-gonic/gin"
	"github.com/labstack/echo/v4"
	"github.com/ulidgo/ulid"
)

// ItemRequest and ListRequest are what the gin handlers bind.
type ItemRequest struct {
	ID ulid.ULID `uri:"id,parser=encoding.TextUnmarshaler" binding:"required"`
}
type ListRequest struct {
	Parent ulid.ULID  `form:"parent,parser=encoding.TextUnmarshaler" binding:"required"`
	After  *ulid.ULID `form:"after,parser=encoding.TextUnmarshaler"` // optional: nil when absent
}

// ginNoParser is what fails: gin's default binding does not use
// UnmarshalText for an array type.
type ginNoParser struct {
	ID ulid.ULID `uri:"id"`
}

// ginLoose lacks binding:"required": a missing parameter leaves the zero ULID.
type ginLoose struct {
	Parent ulid.ULID `form:"parent,parser=encoding.TextUnmarshaler"`
}

// ItemParams is what the echo handler binds.
type ItemParams struct {
	ID     ulid.ULID  `param:"id"`
	Parent *ulid.ULID `query:"parent"` // optional: nil when absent
}

func ginRouter() *gin.Engine {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/items/:id", func(c *gin.Context) {
		var req ItemRequest
		if err := c.ShouldBindUri(&req); err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, gin.H{"id": req.ID})
	})
	r.GET("/items", func(c *gin.Context) {
		var req ListRequest
		if err := c.ShouldBindQuery(&req); err != nil { // ShouldBindUri for ItemRequest
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		if req.After != nil && req.After.IsZero() { // binding:"required" passes any non-nil pointer
			c.JSON(http.StatusBadRequest, gin.H{"error": "after: the zero ULID is not an ID"})
			return
		}
		res := gin.H{"parent": req.Parent}
		if req.After != nil {
			res["after"] = req.After
		}
		c.JSON(http.StatusOK, res)
	})
	r.GET("/loose", func(c *gin.Context) {
		var req ginLoose
		if err := c.ShouldBindQuery(&req); err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, gin.H{"parent": req.Parent})
	})
	r.GET("/plain/:id", func(c *gin.Context) {
		var req ginNoParser
		if err := c.ShouldBindUri(&req); err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, gin.H{"id": req.ID})
	})
	return r
}

func echoServer() *echo.Echo {
	e := echo.New()
	e.GET("/items/:id", func(c echo.Context) error {
		var req ItemParams
		if err := c.Bind(&req); err != nil {
			return err // an *echo.HTTPError: 400 with the parser's message
		}
		if req.ID.IsZero() {
			return echo.NewHTTPError(http.StatusBadRequest, "id: the zero ULID is not an ID")
		}
		if req.Parent != nil && req.Parent.IsZero() {
			return echo.NewHTTPError(http.StatusBadRequest, "parent: the zero ULID is not an ID")
		}
		res := map[string]any{"id": req.ID}
		if req.Parent != nil {
			res["parent"] = req.Parent
		}
		return c.JSON(http.StatusOK, res)
	})
	return e
}

// parseID is ulid.Parse for an ID in a request: it refuses the zero ULID too.
func parseID(s string) (ulid.ULID, error) {
	id, err := ulid.Parse(s)
	if err == nil && id.IsZero() {
		err = errors.New("the zero ULID is not an ID")
	}
	return id, err
}

func stdMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, err := parseID(r.PathValue("id"))
		if err != nil {
			http.Error(w, "id: "+err.Error(), http.StatusBadRequest)
			return
		}
		var parent *ulid.ULID // optional: nil when absent
		if q := r.URL.Query(); q.Has("parent") {
			p, err := parseID(q.Get("parent"))
			if err != nil {
				http.Error(w, "parent: "+err.Error(), http.StatusBadRequest)
				return
			}
			parent = &p
		}
		res := map[string]any{"id": id}
		if parent != nil {
			res["parent"] = parent
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(res)
	})
	return mux
}

func TestHTTPBinding(t *testing.T) {
	const (
		id     = "01ARYZ6S41TSV4RRFFQ69G5FAV"
		alias  = "OIARYZ6S41TSV4RRFFQ69G5FAV" // Parse reads O as 0 and I as 1
		parent = "014D2PF2DBSQQZXQ5TK1V58CGG"
		// The zero ULID, and forms Parse reads as the zero ULID: lower
		// case o is the alias of 0 (any case).
		zero      = "00000000000000000000000000"
		zeroAlias = "0000000000000000000000000o"
		zeroOs    = "OOOOOOOOOOOOOOOOOOOOOOOOOO"
	)
	type want struct {
		code int
		body []string // substrings
	}
	handlers := map[string]http.Handler{"gin": ginRouter(), "echo": echoServer(), "net/http": stdMux()}
	for _, tc := range []struct {
		name  string
		stack string
		url   string
		want  want
	}{
		// gin: path, with the parser tag option.
		{"gin path", "gin", "/items/" + id, want{200, []string{`"id":"` + id + `"`}}},
		{"gin path lower case and aliases", "gin", "/items/" + strings.ToLower(alias), want{200, []string{`"id":"` + id + `"`}}},
		{"gin path bad", "gin", "/items/01ARYZ6S41TSV4RRFFQ69G5FAU", want{400, []string{"ulid: invalid character 'U' at offset 25"}}},
		{"gin path short", "gin", "/items/01ARYZ", want{400, []string{"ulid: invalid length"}}},
		// gin: without the tag option, even a good ULID is refused.
		{"gin path without parser", "gin", "/plain/" + id, want{400, []string{"is not valid value for ulid.ULID"}}},
		// gin: query.
		{"gin query", "gin", "/items?parent=" + parent, want{200, []string{`"parent":"` + parent + `"`}}},
		{"gin query optional", "gin", "/items?parent=" + parent + "&after=" + id, want{200, []string{`"after":"` + id + `"`}}},
		{"gin query bad", "gin", "/items?parent=" + parent[:25] + "-", want{400, []string{"ulid: invalid character '-' at offset 25"}}},
		{"gin query missing", "gin", "/items", want{400, []string{"'required'"}}},
		// gin: without binding:"required", a missing parameter is the zero ULID.
		{"gin query missing without required", "gin", "/loose", want{200, []string{`"parent":"` + zero + `"`}}},
		{"gin query empty", "gin", "/items?parent=", want{400, []string{"ulid: invalid length"}}},
		// gin: binding:"required" refuses the zero ULID, as it refuses
		// any zero value; not through the optional pointer, which the
		// handler checks.
		{"gin path zero", "gin", "/items/" + zero, want{400, []string{"'required'"}}},
		{"gin path zero alias", "gin", "/items/" + zeroAlias, want{400, []string{"'required'"}}},
		{"gin path zero Os", "gin", "/items/" + zeroOs, want{400, []string{"'required'"}}},
		{"gin query zero", "gin", "/items?parent=" + zero, want{400, []string{"'required'"}}},
		{"gin query zero alias", "gin", "/items?parent=" + zeroAlias, want{400, []string{"'required'"}}},
		{"gin query optional zero", "gin", "/items?parent=" + parent + "&after=" + zero, want{400, []string{"after: the zero ULID is not an ID"}}},
		{"gin query optional zero alias", "gin", "/items?parent=" + parent + "&after=" + zeroOs, want{400, []string{"after: the zero ULID is not an ID"}}},
		// echo: its binder uses UnmarshalText.
		{"echo path", "echo", "/items/" + id, want{200, []string{`"id":"` + id + `"`}}},
		{"echo path aliases", "echo", "/items/" + alias, want{200, []string{`"id":"` + id + `"`}}},
		{"echo path bad", "echo", "/items/01ARYZ6S41TSV4RRFFQ69G5FAU", want{400, []string{"ulid: invalid character 'U' at offset 25"}}},
		{"echo query", "echo", "/items/" + id + "?parent=" + parent, want{200, []string{`"parent":"` + parent + `"`}}},
		{"echo query bad", "echo", "/items/" + id + "?parent=80000000000000000000000000", want{400, []string{"value overflows 128 bits"}}},
		{"echo query empty", "echo", "/items/" + id + "?parent=", want{400, []string{"ulid: invalid length 0 bytes"}}},
		// echo: the handler refuses the zero ULID, which Bind takes.
		{"echo path zero", "echo", "/items/" + zero, want{400, []string{"id: the zero ULID is not an ID"}}},
		{"echo path zero alias", "echo", "/items/" + zeroAlias, want{400, []string{"id: the zero ULID is not an ID"}}},
		{"echo path zero Os", "echo", "/items/" + zeroOs, want{400, []string{"id: the zero ULID is not an ID"}}},
		{"echo query zero", "echo", "/items/" + id + "?parent=" + zero, want{400, []string{"parent: the zero ULID is not an ID"}}},
		{"echo query zero alias", "echo", "/items/" + id + "?parent=" + zeroAlias, want{400, []string{"parent: the zero ULID is not an ID"}}},
		// net/http: PathValue and Parse.
		{"net/http path", "net/http", "/items/" + id, want{200, []string{`"id":"` + id + `"`}}},
		{"net/http path aliases", "net/http", "/items/" + alias, want{200, []string{`"id":"` + id + `"`}}},
		{"net/http path bad", "net/http", "/items/01ARYZ6S41TSV4RRFFQ69G5FAU", want{400, []string{"ulid: invalid character 'U' at offset 25"}}},
		{"net/http query", "net/http", "/items/" + id + "?parent=" + parent, want{200, []string{`"parent":"` + parent + `"`}}},
		{"net/http query bad", "net/http", "/items/" + id + "?parent=x", want{400, []string{"parent: ulid: invalid length"}}},
		{"net/http query empty", "net/http", "/items/" + id + "?parent=", want{400, []string{"parent: ulid: invalid length 0 bytes"}}},
		// net/http: parseID refuses the zero ULID, which Parse takes.
		{"net/http path zero", "net/http", "/items/" + zero, want{400, []string{"id: the zero ULID is not an ID"}}},
		{"net/http path zero alias", "net/http", "/items/" + zeroAlias, want{400, []string{"id: the zero ULID is not an ID"}}},
		{"net/http path zero Os", "net/http", "/items/" + zeroOs, want{400, []string{"id: the zero ULID is not an ID"}}},
		{"net/http query zero", "net/http", "/items/" + id + "?parent=" + zero, want{400, []string{"parent: the zero ULID is not an ID"}}},
		{"net/http query zero alias", "net/http", "/items/" + id + "?parent=" + zeroAlias, want{400, []string{"parent: the zero ULID is not an ID"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			handlers[tc.stack].ServeHTTP(rec, httptest.NewRequest(http.MethodGet, tc.url, nil))
			body := rec.Body.String()
			t.Logf("GET %s: %d %s", tc.url, rec.Code, strings.TrimSpace(body))
			if rec.Code != tc.want.code {
				t.Errorf("GET %s: %d %s, want %d", tc.url, rec.Code, body, tc.want.code)
			}
			for _, s := range tc.want.body {
				if !strings.Contains(body, s) {
					t.Errorf("GET %s: body %s does not contain %s", tc.url, body, s)
				}
			}
			if rec.Code != 200 && strings.Contains(body, zero) {
				t.Errorf("GET %s: the zero ULID in the error: %s", tc.url, body)
			}
			// A handler that answered 200 ran with what it bound: only the
			// trap without binding:"required" may have bound the zero ULID.
			if rec.Code == 200 && strings.Contains(body, zero) && tc.url != "/loose" {
				t.Errorf("GET %s: the handler ran with the zero ULID: %s", tc.url, body)
			}
		})
	}
}

// TestEchoBindError: echo's 400 wraps the *ulid.ParseError.
func TestEchoBindError(t *testing.T) {
	e := echo.New()
	rec := httptest.NewRecorder()
	c := e.NewContext(httptest.NewRequest(http.MethodGet, "/items/x", nil), rec)
	c.SetParamNames("id")
	c.SetParamValues("01ARYZ6S41TSV4RRFFQ69G5FAU")
	var req ItemParams
	err := c.Bind(&req)
	var he *echo.HTTPError
	if !errors.As(err, &he) || he.Code != http.StatusBadRequest {
		t.Fatalf("Bind = %v, want an *echo.HTTPError 400", err)
	}
	if !errors.Is(err, ulid.ErrInvalidCharacter) {
		t.Errorf("Bind = %v, does not wrap ulid.ErrInvalidCharacter", err)
	}
}

// codeOf returns a line of Go without its indentation and trailing comment;
// a line that is all comment stays as it is.
func codeOf(line string) string {
	line = strings.TrimSpace(line)
	if i := strings.Index(line, " // "); i > 0 {
		line = strings.TrimSpace(line[:i])
	}
	return line
}
