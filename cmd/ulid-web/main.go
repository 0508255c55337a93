// Command ulid-web serves the ULID browser tool: one page that generates,
// decodes and converts ULIDs with the ulid package compiled to WebAssembly,
// entirely in the browser.
//
// Usage, from a clone of github.com/ulidgo/ulid:
//
//	go run ./cmd/ulid-web [-addr 127.0.0.1:8026]
//	go run ./cmd/ulid-web -out DIR
//
// It builds the page's logic, ./web/wasm, with GOOS=js GOARCH=wasm (the
// first build can take a minute or two), takes wasm_exec.js from the Go
// distribution that built it and the other files from ./static, embedded,
// and serves the page on -addr until interrupted, with the security headers
// of docs/browser.md, gzip for browsers that accept it, and ETags. With -out
// it writes the site to DIR instead, for any static file host.
//
// The page makes no network request after loading its own files.
package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"errors"
	"flag"
	"fmt"
	"go/version"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"syscall"
	"testing/fstest"
	"time"
)

// embedded holds the page's files but main.wasm and wasm_exec.js.
//
//go:embed static
var embedded embed.FS

// wasmPackage is the main package compiled to main.wasm.
const wasmPackage = "github.com/ulidgo/ulid/web/wasm"

const usage = `usage: ulid-web [-addr host:port] [-out dir]

Builds the ULID browser tool (web/wasm with GOOS=js GOARCH=wasm) and serves it
on -addr, default 127.0.0.1:8026, until interrupted. Run it from a clone of
github.com/ulidgo/ulid: go run ./cmd/ulid-web. With -out, writes the site's
files to dir for a static file host and exits.
`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// build makes main.wasm and returns it with wasm_exec.js; tests of run's
// output replace it.
var build = buildWasm

// buildingLine is what run prints before it builds main.wasm, which with an
// empty build cache can take long enough to look like a hang.
const buildingLine = "ulid-web: building the WebAssembly module (web/wasm, GOOS=js GOARCH=wasm); " +
	"the first build can take a minute or two\n"

// run is the command with arguments args, writing its progress to stdout
// and its errors to stderr; it serves until ctx is done and returns the exit
// status.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("ulid-web", flag.ContinueOnError)
	flags.SetOutput(io.Discard) // run reports errors and prints the help itself
	flags.Usage = func() {}
	printUsage := func(w io.Writer) {
		fmt.Fprint(w, usage)
		flags.SetOutput(w)
		flags.PrintDefaults()
	}
	addr := flags.String("addr", "127.0.0.1:8026", "serve on this `host:port` (port 0 picks a free one)")
	out := flags.String("out", "", "write the site to `dir` and exit instead of serving it")
	if err := flags.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			// Asked for, the help is the output, as for ulid -h.
			printUsage(stdout)
			return 0
		}
		fmt.Fprintln(stderr, "ulid-web:", err)
		printUsage(stderr)
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(stderr, "ulid-web: unexpected argument %q\n", flags.Arg(0))
		printUsage(stderr)
		return 2
	}

	if w := versionWarning(goVersion); w != "" {
		fmt.Fprint(stderr, w)
	}
	fmt.Fprint(stdout, buildingLine)
	start := time.Now()
	wasm, wasmExec, err := build(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "ulid-web:", err)
		return 1
	}
	s, err := newSite(staticFiles(), wasm, wasmExec, time.Now())
	if err != nil {
		fmt.Fprintln(stderr, "ulid-web:", err)
		return 1
	}
	fmt.Fprintf(stdout, "ulid-web: built main.wasm in %v: %d bytes\n",
		time.Since(start).Round(time.Millisecond), len(wasm))

	if *out != "" {
		if err := writeSite(s, *out); err != nil {
			fmt.Fprintln(stderr, "ulid-web:", err)
			return 1
		}
		fmt.Fprintf(stdout, "ulid-web: wrote the site to %s\n", *out)
		return 0
	}

	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintln(stderr, "ulid-web:", err)
		return 1
	}
	srv := newServer(handler(s))
	fmt.Fprintf(stdout, "ulid-web: serving http://%s/\n", ln.Addr())
	done := make(chan struct{})
	go func() {
		defer close(done)
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		fmt.Fprintln(stderr, "ulid-web:", err)
		return 1
	}
	<-done
	fmt.Fprintln(stdout, "ulid-web: stopped")
	return 0
}

// goVersion is the Go release whose net/http serves the page; tests set it.
var goVersion = runtime.Version()

// fixedReleases are, for each Go release line from the oldest README.md
// names, the first with the fixes to net/http, crypto/tls, crypto/x509 and
// mime/multipart that README.md asks for. Unlike .ci/go-versions, they move
// only with a new fix.
var fixedReleases = []string{"go1.26.10", "go1.27.3"}

// versionWarning returns the warning run prints when v, as runtime.Version
// gives it, is older than fixedReleases asks for on its line (or the oldest
// line), or "" if not or for a development build.
func versionWarning(v string) string {
	v, _, _ = strings.Cut(v, " ") // "go1.26.3 X:boringcrypto"
	if !version.IsValid(v) {
		return ""
	}
	for _, fixed := range fixedReleases {
		line := version.Lang(fixed)
		if version.Compare(version.Lang(v), line) <= 0 {
			if version.Compare(v, fixed) >= 0 {
				return ""
			}
			return fmt.Sprintf("ulid-web: warning: built with %s, whose standard library has vulnerabilities "+
				"in net/http, crypto/tls, crypto/x509 and mime/multipart that this server reaches; "+
				"build it with %s or a later release, as GOTOOLCHAIN=%s go run ./cmd/ulid-web does "+
				"(see docs/browser.md)\n", v, fixed, fixed)
		}
	}
	return ""
}

// newServer returns a server of h with timeouts, so that a client that
// sends nothing, or never reads, does not hold a connection for as long as
// it likes. The page's requests are GETs without a body. The write timeout
// covers a whole response, the longest being main.wasm, about 3 MB
// uncompressed: 61 s at 400 kbit/s, a poor 3G link; 5 minutes lets it
// through at 81 kbit/s (compressed, at 24 kbit/s).
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 10 * time.Second, // to the end of a request's header
		ReadTimeout:       30 * time.Second, // to the end of its body
		WriteTimeout:      5 * time.Minute,  // from the end of its header to the end of the response
		IdleTimeout:       2 * time.Minute,  // a kept-alive connection's wait for its next request
	}
}

// buildWasm compiles wasmPackage for GOOS=js GOARCH=wasm with the go command
// on PATH, in the current directory's module, and reads the result and the
// wasm_exec.js of the same Go distribution.
func buildWasm(ctx context.Context) (wasm, wasmExec []byte, err error) {
	goCmd, err := exec.LookPath("go")
	if err != nil {
		return nil, nil, fmt.Errorf("building main.wasm needs the go command: %w", err)
	}
	out, err := exec.CommandContext(ctx, goCmd, "env", "GOROOT").Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go env GOROOT: %w", err)
	}
	goroot := strings.TrimSpace(string(out))
	// lib/wasm since Go 1.24, the oldest Go that builds this module.
	wasmExec, err = os.ReadFile(filepath.Join(goroot, "lib", "wasm", "wasm_exec.js"))
	if err != nil {
		return nil, nil, fmt.Errorf("no wasm_exec.js in the Go distribution at %s: %w", goroot, err)
	}

	tmp, err := os.MkdirTemp("", "ulid-web-")
	if err != nil {
		return nil, nil, err
	}
	defer os.RemoveAll(tmp)
	target := filepath.Join(tmp, "main.wasm")
	cmd := exec.CommandContext(ctx, goCmd, "build", "-trimpath", "-ldflags=-s -w", "-o", target, wasmPackage)
	cmd.Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm", "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return nil, nil, fmt.Errorf("building main.wasm (GOOS=js GOARCH=wasm go build %s) failed: %v\n%s"+
			"ulid-web builds the page from source: run it in a clone of github.com/ulidgo/ulid, as go run ./cmd/ulid-web",
			wasmPackage, err, stderr.Bytes())
	}
	wasm, err = os.ReadFile(target)
	if err != nil {
		return nil, nil, err
	}
	return wasm, wasmExec, nil
}

// staticFiles returns the embedded static files, named as in the site.
func staticFiles() fs.FS {
	sub, err := fs.Sub(embedded, "static")
	if err != nil {
		panic(err) // "static" is a valid path, so this cannot happen
	}
	return sub
}

// newSite returns the site in memory: the files of static, which has no
// subdirectories, main.wasm and wasm_exec.js, all modified at built.
func newSite(static fs.FS, wasm, wasmExec []byte, built time.Time) (fstest.MapFS, error) {
	s := fstest.MapFS{}
	err := fs.WalkDir(static, ".", func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.Contains(name, "/") {
			return fmt.Errorf("%s: the site has no subdirectories", name)
		}
		data, err := fs.ReadFile(static, name)
		s[name] = &fstest.MapFile{Data: data, Mode: 0o644, ModTime: built}
		return err
	})
	if err != nil {
		return nil, err
	}
	if _, ok := s["index.html"]; !ok {
		return nil, errors.New("the site has no index.html")
	}
	s["main.wasm"] = &fstest.MapFile{Data: wasm, Mode: 0o644, ModTime: built}
	s["wasm_exec.js"] = &fstest.MapFile{Data: wasmExec, Mode: 0o644, ModTime: built}
	return s, nil
}

// writeSite writes the files of s into dir, creating it if needed and
// replacing files of the same names.
func writeSite(s fstest.MapFS, dir string) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for name, f := range s {
		if err := os.WriteFile(filepath.Join(dir, name), f.Data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// contentSecurityPolicy lets the page load only its own files and run
// WebAssembly, reach no other host, and be framed by no other page.
const contentSecurityPolicy = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; connect-src 'self'; " +
	"style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// securityHeaders are the headers the server sends with every file, in
// this order. For a static host, the page carries what <meta> elements can,
// and docs/browser.md lists them all.
var securityHeaders = []struct{ name, value string }{
	{"Content-Security-Policy", contentSecurityPolicy},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
}

// A representation is a file's bytes in one content coding, with a strong
// ETag that is a hash of them.
type representation struct {
	data []byte
	etag string
}

func newRepresentation(data []byte) representation {
	sum := sha256.Sum256(data)
	return representation{data, `"` + base64.RawURLEncoding.EncodeToString(sum[:12]) + `"`}
}

// A siteFile is a file as the server sends it: as is, or compressed with
// gzip (RFC 1952) to a client that accepts that.
type siteFile struct {
	modtime  time.Time
	identity representation
	gzip     *representation // nil if gzip does not make the file smaller
}

// newSiteFile returns f with its gzip compression, at the best level: for
// main.wasm, 0.4 s once, for 5,000 bytes less than the default level.
func newSiteFile(f *fstest.MapFile) siteFile {
	sf := siteFile{modtime: f.ModTime, identity: newRepresentation(f.Data)}
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression) // a valid level: no error
	zw.Write(f.Data)                                       // a bytes.Buffer does not fail
	zw.Close()
	if b.Len() < len(f.Data) {
		gz := newRepresentation(b.Bytes())
		sf.gzip = &gz
	}
	return sf
}

// acceptsGzip reports whether a request's Accept-Encoding header accepts
// gzip: lists gzip (or its alias x-gzip), or else *, with a q-value above
// 0 (RFC 9110, section 12.5.3). A q-value that does not parse counts as 0,
// since a file sent as is suits every client.
func acceptsGzip(h http.Header) bool {
	gz, star := -1.0, -1.0 // the highest q-value given, -1 for none
	for _, v := range h.Values("Accept-Encoding") {
		for item := range strings.SplitSeq(v, ",") {
			coding, params, _ := strings.Cut(item, ";")
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				name, value, _ := strings.Cut(p, "=")
				if strings.EqualFold(strings.TrimSpace(name), "q") {
					var err error
					if q, err = strconv.ParseFloat(strings.TrimSpace(value), 64); err != nil {
						q = 0
					}
				}
			}
			switch strings.ToLower(strings.TrimSpace(coding)) {
			case "gzip", "x-gzip":
				gz = max(gz, q)
			case "*":
				star = max(star, q)
			}
		}
	}
	if gz >= 0 {
		return gz > 0
	}
	return star > 0
}

// gzipped is the writer of a compressed file's response. On a 200 it sets
// the Content-Length, which http.ServeContent leaves out once
// Content-Encoding is set; an answer without the file, as a 412, loses the
// Content-Encoding.
type gzipped struct {
	http.ResponseWriter
	n int
}

func (w gzipped) WriteHeader(code int) {
	switch code {
	case http.StatusOK:
		w.Header().Set("Content-Length", strconv.Itoa(w.n))
	case http.StatusPartialContent:
	default:
		w.Header().Del("Content-Encoding")
	}
	w.ResponseWriter.WriteHeader(code)
}

// handler serves the files of site with http.ServeContent (Content-Type by
// extension, conditional and Range requests): index.html for "/", a
// redirect from /index.html to "/", 404 for other names, GET and HEAD only.
// A file that gzip makes smaller goes compressed to a client that accepts
// gzip, with Vary: Accept-Encoding, and with the ETag of the bytes sent.
// Every response has securityHeaders and Cache-Control: no-cache, so that a
// browser revalidates at each load and gets 304 while the server runs.
func handler(site fstest.MapFS) http.Handler {
	files := make(map[string]siteFile, len(site))
	for name, f := range site {
		files[name] = newSiteFile(f)
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		for _, sh := range securityHeaders {
			h.Set(sh.name, sh.value)
		}
		h.Set("Cache-Control", "no-cache")
		name := strings.TrimPrefix(r.URL.Path, "/")
		switch name {
		case "":
			name = "index.html"
		case "index.html":
			// As the standard library's file server does: the page's
			// relative links resolve the same from "/".
			target := "./"
			if r.URL.RawQuery != "" {
				target += "?" + r.URL.RawQuery
			}
			h.Set("Location", target)
			w.WriteHeader(http.StatusMovedPermanently)
			return
		}
		f, ok := files[name]
		if !ok {
			http.NotFound(w, r)
			return
		}
		rep := f.identity
		if f.gzip != nil {
			h.Set("Vary", "Accept-Encoding")
			if acceptsGzip(r.Header) {
				rep = *f.gzip
				h.Set("Content-Encoding", "gzip")
				w = gzipped{w, len(rep.data)}
			}
		}
		h.Set("Etag", rep.etag)
		http.ServeContent(w, r, name, f.modtime, bytes.NewReader(rep.data))
	})
}
