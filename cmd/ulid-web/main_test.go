package main

import (
	"bytes"
	"context"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// built is the time fakeSite's files were made.
var built = time.Date(2026, 6, 23, 10, 30, 0, 0, time.UTC)

// fakeSite is the real page with a stand-in for main.wasm, so that handler
// tests need no WebAssembly build.
func fakeSite(t *testing.T) fstest.MapFS {
	t.Helper()
	wasm := append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("wasm"), 1000)...)
	s, err := newSite(staticFiles(), wasm, []byte("// wasm_exec.js\n"), built)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func get(t *testing.T, h http.Handler, method, target string, header ...string) *http.Response {
	t.Helper()
	req := httptest.NewRequest(method, target, nil)
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec.Result()
}

func body(t *testing.T, resp *http.Response) []byte {
	t.Helper()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestServesFiles checks each file's Content-Type, which the file server
// takes from mime.TypeByExtension: main.wasm must be application/wasm for
// the page to compile it as it arrives.
func TestServesFiles(t *testing.T) {
	s := handler(fakeSite(t))
	for _, tc := range []struct {
		path, ctype, contains string
	}{
		{"/", "text/html; charset=utf-8", `role="tablist"`},
		{"/app.js", "text/javascript; charset=utf-8", "ulidgo"},
		{"/style.css", "text/css; charset=utf-8", ":focus-visible"},
		{"/favicon.svg", "image/svg+xml", "<svg"},
		{"/wasm_exec.js", "text/javascript; charset=utf-8", "wasm_exec.js"},
		{"/main.wasm", "application/wasm", "\x00asm"},
	} {
		resp := get(t, s, "GET", tc.path)
		b := body(t, resp)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != tc.ctype || !bytes.Contains(b, []byte(tc.contains)) {
			t.Errorf("GET %s: %d %q, %d bytes; want 200 %q containing %q", tc.path, resp.StatusCode, resp.Header.Get("Content-Type"), len(b), tc.ctype, tc.contains)
		}
		csp := resp.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, "default-src 'none'") || !strings.Contains(csp, "connect-src 'self'") {
			t.Errorf("GET %s: Content-Security-Policy %q", tc.path, csp)
		}
		if resp.Header.Get("X-Content-Type-Options") != "nosniff" {
			t.Errorf("GET %s: no X-Content-Type-Options: nosniff", tc.path)
		}
		if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Cache-Control") != "no-cache" ||
			resp.Header.Get("Last-Modified") != built.Format(http.TimeFormat) {
			t.Errorf("GET %s: Content-Encoding %q, Cache-Control %q, Last-Modified %q", tc.path,
				resp.Header.Get("Content-Encoding"), resp.Header.Get("Cache-Control"), resp.Header.Get("Last-Modified"))
		}
	}
	// The file server sends /index.html as /, where the page's relative
	// links resolve the same.
	if resp := get(t, s, "GET", "/index.html"); resp.StatusCode != http.StatusMovedPermanently || resp.Header.Get("Location") != "./" {
		t.Errorf("GET /index.html: %d, Location %q; want a redirect to ./", resp.StatusCode, resp.Header.Get("Location"))
	}
}

func TestNotFoundAndMethods(t *testing.T) {
	s := handler(fakeSite(t))
	for _, p := range []string{"/nope", "/static/app.js", "/main.wasm.gz", "/../go.mod", "/favicon.ico", "/main.go", "/static/"} {
		if resp := get(t, s, "GET", p); resp.StatusCode != http.StatusNotFound {
			t.Errorf("GET %s: %d, want 404", p, resp.StatusCode)
		}
	}
	resp := get(t, s, "POST", "/")
	if resp.StatusCode != http.StatusMethodNotAllowed || resp.Header.Get("Allow") != "GET, HEAD" {
		t.Errorf("POST /: %d, Allow %q", resp.StatusCode, resp.Header.Get("Allow"))
	}
	resp = get(t, s, "HEAD", "/main.wasm")
	if resp.StatusCode != http.StatusOK || len(body(t, resp)) != 0 || resp.Header.Get("Content-Type") != "application/wasm" {
		t.Errorf("HEAD /main.wasm: %d %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
}

// TestRevalidation checks that a browser that has the page, asking again
// as Cache-Control: no-cache has it do, gets 304 Not Modified while the
// server runs, and the file again after a restart has built it anew.
func TestRevalidation(t *testing.T) {
	s := handler(fakeSite(t))
	since := built.Format(http.TimeFormat)
	if resp := get(t, s, "GET", "/main.wasm", "If-Modified-Since", since); resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-Modified-Since %s: %d, want 304", since, resp.StatusCode)
	}
	earlier := built.Add(-time.Second).Format(http.TimeFormat)
	if resp := get(t, s, "GET", "/main.wasm", "If-Modified-Since", earlier); resp.StatusCode != http.StatusOK || len(body(t, resp)) != 4008 {
		t.Errorf("If-Modified-Since %s: %d, want 200 and the file", earlier, resp.StatusCode)
	}
}

func TestUsage(t *testing.T) {
	var out, errs bytes.Buffer
	if code := run([]string{"extra"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "usage: ulid-web") {
		t.Errorf("run(extra) = %d, stderr %q", code, errs.String())
	}
	errs.Reset()
	if code := run([]string{"-nope"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "usage: ulid-web") {
		t.Errorf("run(-nope) = %d, stderr %q", code, errs.String())
	}
	// Asked for, the help goes to standard output, with exit status 0.
	for _, arg := range []string{"-h", "--help", "-help"} {
		out.Reset()
		errs.Reset()
		if code := run([]string{arg}, &out, &errs); code != 0 || errs.Len() != 0 ||
			!strings.HasPrefix(out.String(), "usage: ulid-web") || !strings.Contains(out.String(), "-addr host:port") {
			t.Errorf("run(%s) = %d, stdout %q, stderr %q", arg, code, out.String(), errs.String())
		}
	}
}

// TestBuild builds the real main.wasm once, as the command does at start,
// and writes the site with -out.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds main.wasm with the go command")
	}
	wasm, wasmExec, err := buildWasm(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(wasm, []byte("\x00asm")) || len(wasm) < 100_000 {
		t.Errorf("main.wasm is %d bytes starting %q", len(wasm), wasm[:min(8, len(wasm))])
	}
	if !bytes.Contains(wasmExec, []byte("globalThis.Go")) {
		t.Errorf("wasm_exec.js does not define Go")
	}
	s, err := newSite(staticFiles(), wasm, wasmExec, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// -out replaces the files of an earlier export.
	if err := os.WriteFile(filepath.Join(dir, "main.wasm"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := writeSite(s, dir); err != nil {
		t.Fatal(err)
	}
	names := []string{"app.js", "favicon.svg", "index.html", "main.wasm", "style.css", "wasm_exec.js"}
	if got := slices.Sorted(maps.Keys(s)); !slices.Equal(got, names) {
		t.Errorf("the site has %q, want %q", got, names)
	}
	for _, name := range names {
		got, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || !bytes.Equal(got, s[name].Data) {
			t.Errorf("%s in the written site: %v", name, err)
		}
	}
	t.Logf("main.wasm: %d bytes", len(wasm))
}

// TestSecurityHeaders checks that every file is sent with every header of
// securityHeaders, with its value.
func TestSecurityHeaders(t *testing.T) {
	s := handler(fakeSite(t))
	for _, path := range []string{"/", "/app.js", "/style.css", "/favicon.svg", "/wasm_exec.js", "/main.wasm", "/nope"} {
		resp := get(t, s, "GET", path)
		for _, h := range securityHeaders {
			if got := resp.Header.Values(h.name); len(got) != 1 || got[0] != h.value {
				t.Errorf("GET %s: %s %q, want %q", path, h.name, got, h.value)
			}
		}
	}
	if len(securityHeaders) != 4 || !strings.Contains(contentSecurityPolicy, "frame-ancestors 'none'") {
		t.Errorf("securityHeaders %v", securityHeaders)
	}
}

// metaPolicy returns the directives of the Content Security Policy policy
// that a <meta http-equiv="Content-Security-Policy"> element can carry:
// all but frame-ancestors, report-uri and sandbox, which browsers ignore
// there (Content Security Policy Level 3, section 3.3).
func metaPolicy(policy string) string {
	var kept []string
	for d := range strings.SplitSeq(policy, ";") {
		d = strings.TrimSpace(d)
		name, _, _ := strings.Cut(d, " ")
		switch strings.ToLower(name) {
		case "", "frame-ancestors", "report-uri", "sandbox":
			continue
		}
		kept = append(kept, d)
	}
	return strings.Join(kept, "; ")
}

func TestMetaPolicy(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{contentSecurityPolicy, "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; " +
			"style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'"},
		{"frame-ancestors 'self'; sandbox; img-src 'self'; REPORT-URI /r;", "img-src 'self'"},
		{" default-src 'none' ;; frame-ancestors 'none'", "default-src 'none'"},
		{"", ""},
	} {
		if got := metaPolicy(tc.in); got != tc.want {
			t.Errorf("metaPolicy(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestPageCarriesPolicy checks that index.html, which is also what -out
// writes, carries the server's policy as far as <meta> elements can: the
// Content Security Policy but for frame-ancestors, and the referrer policy,
// both before the first element they govern.
func TestPageCarriesPolicy(t *testing.T) {
	page := string(fakeSite(t)["index.html"].Data)
	header := func(name string) string {
		for _, h := range securityHeaders {
			if h.name == name {
				return h.value
			}
		}
		t.Fatalf("no %s in securityHeaders", name)
		return ""
	}
	first := len(page)
	for _, tag := range []string{"<link", "<script", "<style", "<img", "<base"} {
		if i := strings.Index(page, tag); i >= 0 {
			first = min(first, i)
		}
	}
	for _, want := range []string{
		`<meta http-equiv="Content-Security-Policy" content="` + metaPolicy(header("Content-Security-Policy")) + `">`,
		`<meta name="referrer" content="` + header("Referrer-Policy") + `">`,
	} {
		switch i := strings.Index(page, want); {
		case i < 0:
			t.Errorf("index.html has no %s", want)
		case i > first:
			t.Errorf("index.html has %s only after %q", want, page[first:first+20])
		case strings.Count(page, want) != 1:
			t.Errorf("index.html has %s more than once", want)
		}
	}
	if n := strings.Count(page, "http-equiv"); n != 1 {
		t.Errorf("index.html has %d http-equiv attributes, want 1", n)
	}
}

// TestDocsListHeaders checks that the headers docs/browser.md asks a
// static host to send are those the server sends, in its order.
func TestDocsListHeaders(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join("..", "..", "docs", "browser.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, block, ok := strings.Cut(string(doc), "```text\nContent-Security-Policy: ")
	block, _, closed := strings.Cut(block, "```")
	if !ok || !closed {
		t.Fatal("docs/browser.md has no text block of headers starting with Content-Security-Policy")
	}
	var listed []string
	for line := range strings.Lines("Content-Security-Policy: " + block) {
		listed = append(listed, strings.TrimSuffix(line, "\n"))
	}
	var sent []string
	for _, h := range securityHeaders {
		sent = append(sent, h.name+": "+h.value)
	}
	if !slices.Equal(listed, sent) {
		t.Errorf("docs/browser.md lists the headers\n%s\nthe server sends\n%s", strings.Join(listed, "\n"), strings.Join(sent, "\n"))
	}
}
