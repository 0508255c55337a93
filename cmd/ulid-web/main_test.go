package main

import (
	"bytes"
	"context"
	"io"
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
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

// TestServesFiles checks each file's Content-Type, which http.ServeContent
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
	// As the standard library's file server does, the server sends
	// /index.html as /, where the page's relative links resolve the same.
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

// TestRevalidation checks that a client that has the page and asks again
// with If-Modified-Since alone, as Cache-Control: no-cache has it do, gets
// 304 Not Modified while the server runs, and the file again after a
// restart has built it anew. A browser sends the ETag too, which decides:
// see TestGzipRevalidation.
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
	if code := run(context.Background(), []string{"extra"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "usage: ulid-web") {
		t.Errorf("run(extra) = %d, stderr %q", code, errs.String())
	}
	errs.Reset()
	if code := run(context.Background(), []string{"-nope"}, &out, &errs); code != 2 || !strings.Contains(errs.String(), "usage: ulid-web") {
		t.Errorf("run(-nope) = %d, stderr %q", code, errs.String())
	}
	// Asked for, the help goes to standard output, with exit status 0.
	for _, arg := range []string{"-h", "--help", "-help"} {
		out.Reset()
		errs.Reset()
		if code := run(context.Background(), []string{arg}, &out, &errs); code != 0 || errs.Len() != 0 ||
			!strings.HasPrefix(out.String(), "usage: ulid-web") || !strings.Contains(out.String(), "-addr host:port") {
			t.Errorf("run(%s) = %d, stdout %q, stderr %q", arg, code, out.String(), errs.String())
		}
	}
}

// TestBuild builds the real main.wasm once, as the command does at start,
// and writes the site with -out. Before the build, which with an empty build
// cache takes a minute or more, the command says what it is doing.
func TestBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds main.wasm with the go command")
	}
	setGoVersion(t, "go1.26.10") // no warning on standard error
	dir := filepath.Join(t.TempDir(), "site")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	// -out replaces the files of an earlier export.
	if err := os.WriteFile(filepath.Join(dir, "main.wasm"), []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	if code := run(context.Background(), []string{"-out", dir}, &out, &errs); code != 0 || errs.Len() != 0 {
		t.Fatalf("run(-out) = %d, stderr %q", code, errs.String())
	}
	wasm, err := os.ReadFile(filepath.Join(dir, "main.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(out.String(), "\n")
	built := regexp.MustCompile(`^ulid-web: built main\.wasm in (?:[0-9]+h)?(?:[0-9]+m)?[0-9.]+[mµn]?s: (\d+) bytes$`)
	if len(lines) != 4 || lines[0]+"\n" != buildingLine || !built.MatchString(lines[1]) ||
		built.FindStringSubmatch(lines[1])[1] != strconv.Itoa(len(wasm)) ||
		lines[2] != "ulid-web: wrote the site to "+dir || lines[3] != "" {
		t.Errorf("run(-out) printed\n%s\nwant the building line, the built line with the size, %d bytes, and the wrote line", out.String(), len(wasm))
	}

	if !bytes.HasPrefix(wasm, []byte("\x00asm")) || len(wasm) < 100_000 {
		t.Errorf("main.wasm is %d bytes starting %q", len(wasm), wasm[:min(8, len(wasm))])
	}
	wasmExec, err := os.ReadFile(filepath.Join(dir, "wasm_exec.js"))
	if err != nil || !bytes.Contains(wasmExec, []byte("globalThis.Go")) {
		t.Errorf("wasm_exec.js does not define Go: %v", err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	names := []string{"app.js", "favicon.svg", "index.html", "main.wasm", "style.css", "wasm_exec.js"}
	if !slices.Equal(got, names) {
		t.Errorf("the written site has %q, want %q", got, names)
	}
	static := staticFiles()
	for _, name := range names {
		if name == "main.wasm" || name == "wasm_exec.js" {
			continue
		}
		want, err := fs.ReadFile(static, name)
		if err != nil {
			t.Fatal(err)
		}
		if got, err := os.ReadFile(filepath.Join(dir, name)); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s in the written site: %v, %d bytes, want the embedded %d", name, err, len(got), len(want))
		}
	}

	// The server sends the real module compressed to a browser, and it
	// decompresses to the module.
	site, err := newSite(static, wasm, wasmExec, time.Now())
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	h := handler(site)
	compressed := time.Since(start)
	resp := get(t, h, "GET", "/main.wasm", "Accept-Encoding", "gzip")
	gz := body(t, resp)
	if resp.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, gz), wasm) || len(gz) > len(wasm)/2 {
		t.Errorf("GET /main.wasm with gzip: Content-Encoding %q, %d bytes for the %d of main.wasm", resp.Header.Get("Content-Encoding"), len(gz), len(wasm))
	}
	t.Logf("main.wasm: %d bytes, %d gzipped; the site compressed in %v", len(wasm), len(gz), compressed)
	checkFirstVisit(t, h, names)
	checkNoFmt(t, wasm)
}

// firstVisitBudget is the most bytes a first visit to the page may take on
// the wire: the goal of issue #27, which web/measure.sh measures in a
// browser.
const firstVisitBudget = 1_000_000

// checkFirstVisit checks that the site's files, as h sends them to a browser
// that accepts gzip, take at most firstVisitBudget bytes, headers included.
// A browser adds the status lines and asks for the icon a second time, a
// few hundred bytes that web/measure.sh counts and this does not.
func checkFirstVisit(t *testing.T, h http.Handler, names []string) {
	t.Helper()
	total := 0
	for _, name := range names {
		path := "/" + name
		if name == "index.html" {
			path = "/"
		}
		resp := get(t, h, "GET", path, "Accept-Encoding", "gzip, deflate, br, zstd")
		var header bytes.Buffer
		if err := resp.Header.Write(&header); err != nil {
			t.Fatal(err)
		}
		n := header.Len() + len(body(t, resp))
		if resp.StatusCode != http.StatusOK {
			t.Errorf("GET %s: %s", path, resp.Status)
		}
		t.Logf("%s: %d bytes sent", path, n)
		total += n
	}
	if total > firstVisitBudget {
		t.Errorf("a first visit takes %d bytes, more than the budget of %d: "+
			"see what main.wasm links with GOOS=js GOARCH=wasm go build -ldflags=-dumpdep ./web/wasm", total, firstVisitBudget)
	}
}

// checkNoFmt checks that main.wasm links no function of fmt, which with the
// reflect code it brings is a tenth of the module: the library builds its
// errors without fmt, and does without encoding/hex's decoding, whose errors
// use it. The module keeps the name of each function it links, for stack
// traces, each name ending in a NUL byte.
func checkNoFmt(t *testing.T, wasm []byte) {
	t.Helper()
	if !bytes.Contains(wasm, []byte("\x00runtime.main\x00")) {
		t.Fatal("main.wasm has no function name runtime.main: the names are no longer where checkNoFmt looks")
	}
	if i := bytes.Index(wasm, []byte("\x00fmt.")); i >= 0 {
		name, _, _ := bytes.Cut(wasm[i+1:], []byte{0})
		t.Errorf("main.wasm links %s: something the page calls uses fmt; "+
			"GOOS=js GOARCH=wasm go build -ldflags=-dumpdep ./web/wasm 2>&1 | grep -- '-> fmt' shows what", name)
	}
}

// lineWriter records what is written to it, one Write a line as run's
// fmt.Fprint calls make them, and sends each on lines.
type lineWriter struct {
	mu      sync.Mutex
	written []string
	lines   chan string
}

func (w *lineWriter) Write(p []byte) (int, error) {
	w.mu.Lock()
	w.written = append(w.written, string(p))
	w.mu.Unlock()
	w.lines <- string(p)
	return len(p), nil
}

func (w *lineWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return strings.Join(w.written, "")
}

// TestServeLines checks what the command prints when it serves: that it is
// building, before the build starts; the build's result; the address; and,
// once interrupted, that it stopped. The build is a stand-in; TestBuild
// runs the real one.
func TestServeLines(t *testing.T) {
	setGoVersion(t, "go1.26.10") // no warning on standard error
	out := &lineWriter{lines: make(chan string, 10)}
	var before string // what run had printed when the build began
	build = func(context.Context) ([]byte, []byte, error) {
		before = out.String()
		return []byte("\x00asm\x01\x00\x00\x00"), []byte("// wasm_exec.js\n"), nil
	}
	t.Cleanup(func() { build = buildWasm })
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var errs bytes.Buffer
	code := make(chan int, 1)
	go func() {
		defer close(out.lines)
		code <- run(ctx, []string{"-addr", "127.0.0.1:0"}, out, &errs)
	}()
	var got []string
	for line := range out.lines {
		got = append(got, line)
		if strings.HasPrefix(line, "ulid-web: serving ") {
			cancel()
		}
	}
	if c := <-code; c != 0 || errs.Len() != 0 {
		t.Errorf("run = %d, stderr %q", c, errs.String())
	}
	if before != buildingLine {
		t.Errorf("when the build began, run had printed %q, want %q", before, buildingLine)
	}
	want := []*regexp.Regexp{
		regexp.MustCompile(`^` + regexp.QuoteMeta(buildingLine) + `$`),
		regexp.MustCompile(`^ulid-web: built main\.wasm in (?:[0-9]+h)?(?:[0-9]+m)?[0-9.]+[mµn]?s: 8 bytes\n$`),
		regexp.MustCompile(`^ulid-web: serving http://127\.0\.0\.1:[1-9][0-9]*/\n$`),
		regexp.MustCompile(`^ulid-web: stopped\n$`),
	}
	ok := len(got) == len(want)
	for i := 0; ok && i < len(want); i++ {
		ok = want[i].MatchString(got[i])
	}
	if !ok {
		t.Errorf("run printed\n%s\nwant lines matching %q", strings.Join(got, ""), want)
	}
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
