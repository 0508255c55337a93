package stacks

// A ULID in a URL, bound by gin, echo and net/http: path and query, and what
// a client gets for a bad one: 400 with the parser's message, never a
// handler running with the zero ULID.

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

// ginItemRequest and ginListRequest are what the gin handlers bind.
type ginItemRequest struct {
	ID ulid.ULID `uri:"id,parser=encoding.TextUnmarshaler" binding:"required"`
}

type ginListRequest struct {
	Parent ulid.ULID  `form:"parent,parser=encoding.TextUnmarshaler" binding:"required"`
	After  *ulid.ULID `form:"after,parser=encoding.TextUnmarshaler"` // optional
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

type echoRequest struct {
	ID     ulid.ULID  `param:"id"`
	Parent *ulid.ULID `query:"parent"`
}

func ginRouter() *gin.Engine {
	gin.SetMode(gin.TestMode)
	r := gin.New()
	r.GET("/items/:id", func(c *gin.Context) {
		var req ginItemRequest
		if err := c.ShouldBindUri(&req); err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		c.JSON(http.StatusOK, gin.H{"id": req.ID})
	})
	r.GET("/items", func(c *gin.Context) {
		var req ginListRequest
		if err := c.ShouldBindQuery(&req); err != nil {
			c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
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
		var req echoRequest
		if err := c.Bind(&req); err != nil {
			return err // an *echo.HTTPError: 400 with the parser's message
		}
		res := map[string]any{"id": req.ID}
		if req.Parent != nil {
			res["parent"] = req.Parent
		}
		return c.JSON(http.StatusOK, res)
	})
	return e
}

func stdMux() *http.ServeMux {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /items/{id}", func(w http.ResponseWriter, r *http.Request) {
		id, err := ulid.Parse(r.PathValue("id"))
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		res := map[string]any{"id": id}
		if p := r.URL.Query().Get("parent"); p != "" {
			parent, err := ulid.Parse(p)
			if err != nil {
				http.Error(w, "parent: "+err.Error(), http.StatusBadRequest)
				return
			}
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
		{"gin query missing without required", "gin", "/loose", want{200, []string{`"parent":"` + strings.Repeat("0", 26) + `"`}}},
		{"gin query empty", "gin", "/items?parent=", want{400, []string{"ulid: invalid length"}}},
		// echo: its binder uses UnmarshalText.
		{"echo path", "echo", "/items/" + id, want{200, []string{`"id":"` + id + `"`}}},
		{"echo path aliases", "echo", "/items/" + alias, want{200, []string{`"id":"` + id + `"`}}},
		{"echo path bad", "echo", "/items/01ARYZ6S41TSV4RRFFQ69G5FAU", want{400, []string{"ulid: invalid character 'U' at offset 25"}}},
		{"echo query", "echo", "/items/" + id + "?parent=" + parent, want{200, []string{`"parent":"` + parent + `"`}}},
		{"echo query bad", "echo", "/items/" + id + "?parent=80000000000000000000000000", want{400, []string{"value overflows 128 bits"}}},
		// net/http: PathValue and Parse.
		{"net/http path", "net/http", "/items/" + id, want{200, []string{`"id":"` + id + `"`}}},
		{"net/http path aliases", "net/http", "/items/" + alias, want{200, []string{`"id":"` + id + `"`}}},
		{"net/http path bad", "net/http", "/items/01ARYZ6S41TSV4RRFFQ69G5FAU", want{400, []string{"ulid: invalid character 'U' at offset 25"}}},
		{"net/http query", "net/http", "/items/" + id + "?parent=" + parent, want{200, []string{`"parent":"` + parent + `"`}}},
		{"net/http query bad", "net/http", "/items/" + id + "?parent=x", want{400, []string{"parent: ulid: invalid length"}}},
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
			if rec.Code != 200 && strings.Contains(body, strings.Repeat("0", 26)) {
				t.Errorf("GET %s: the zero ULID in the error: %s", tc.url, body)
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
	var req echoRequest
	err := c.Bind(&req)
	var he *echo.HTTPError
	if !errors.As(err, &he) || he.Code != http.StatusBadRequest {
		t.Fatalf("Bind = %v, want an *echo.HTTPError 400", err)
	}
	if !errors.Is(err, ulid.ErrInvalidCharacter) {
		t.Errorf("Bind = %v, does not wrap ulid.ErrInvalidCharacter", err)
	}
}
