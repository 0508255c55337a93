package main

import (
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
)

func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGzip checks each file of the page both ways: compressed to a client
// that accepts gzip, with a Content-Length, and as is to one that does not
// say so; both with Vary: Accept-Encoding and a strong ETag of their own.
// A file that gzip does not make smaller, here the stand-in wasm_exec.js,
// is sent as is to all, without Vary.
func TestGzip(t *testing.T) {
	site := fakeSite(t)
	s := handler(site)
	for name, f := range site {
		path := "/" + name
		if name == "index.html" {
			path = "/"
		}
		plain := get(t, s, "GET", path)
		zipped := get(t, s, "GET", path, "Accept-Encoding", "gzip, deflate, br, zstd") // Chromium's
		plainBody, zippedBody := body(t, plain), body(t, zipped)
		if plain.StatusCode != http.StatusOK || zipped.StatusCode != http.StatusOK {
			t.Fatalf("GET %s: %d and, with gzip, %d", path, plain.StatusCode, zipped.StatusCode)
		}
		if name == "wasm_exec.js" {
			if zipped.Header.Get("Content-Encoding") != "" || !bytes.Equal(zippedBody, f.Data) ||
				zipped.Header.Get("Vary") != "" || zipped.Header.Get("Etag") != plain.Header.Get("Etag") {
				t.Errorf("GET %s, %d bytes, with gzip: Content-Encoding %q, Vary %q, %d bytes; want the file as is",
					path, len(f.Data), zipped.Header.Get("Content-Encoding"), zipped.Header.Get("Vary"), len(zippedBody))
			}
			continue
		}
		if plain.Header.Get("Content-Encoding") != "" || !bytes.Equal(plainBody, f.Data) ||
			plain.Header.Get("Content-Length") != strconv.Itoa(len(f.Data)) {
			t.Errorf("GET %s without Accept-Encoding: Content-Encoding %q, %d bytes, Content-Length %s; want the file as is, %d bytes",
				path, plain.Header.Get("Content-Encoding"), len(plainBody), plain.Header.Get("Content-Length"), len(f.Data))
		}
		if zipped.Header.Get("Content-Encoding") != "gzip" || !bytes.Equal(gunzip(t, zippedBody), f.Data) ||
			len(zippedBody) >= len(f.Data) || zipped.Header.Get("Content-Length") != strconv.Itoa(len(zippedBody)) {
			t.Errorf("GET %s with gzip: Content-Encoding %q, %d bytes, Content-Length %s; want %d bytes compressed",
				path, zipped.Header.Get("Content-Encoding"), len(zippedBody), zipped.Header.Get("Content-Length"), len(f.Data))
		}
		if zipped.Header.Get("Content-Type") != plain.Header.Get("Content-Type") {
			t.Errorf("GET %s: Content-Type %q with gzip, %q without", path, zipped.Header.Get("Content-Type"), plain.Header.Get("Content-Type"))
		}
		for _, resp := range []*http.Response{plain, zipped} {
			if resp.Header.Get("Vary") != "Accept-Encoding" || resp.Header.Get("Cache-Control") != "no-cache" {
				t.Errorf("GET %s (%q): Vary %q, Cache-Control %q", path, resp.Header.Get("Content-Encoding"), resp.Header.Get("Vary"), resp.Header.Get("Cache-Control"))
			}
		}
		pe, ze := plain.Header.Get("Etag"), zipped.Header.Get("Etag")
		if !strings.HasPrefix(pe, `"`) || !strings.HasPrefix(ze, `"`) || pe == ze {
			t.Errorf("GET %s: ETag %s as is and %s compressed, want two strong ETags", path, pe, ze)
		}
	}
}

func TestAcceptsGzip(t *testing.T) {
	for _, tc := range []struct {
		header []string
		want   bool
	}{
		{nil, false},
		{[]string{""}, false},
		{[]string{"gzip"}, true},
		{[]string{"deflate, gzip;q=1.0, br"}, true},
		{[]string{"GZip; Q=0.5"}, true},
		{[]string{"x-gzip"}, true},
		{[]string{"gzip;q=0.001"}, true},
		{[]string{"br, deflate"}, false},
		{[]string{"identity"}, false},
		{[]string{"gzip;q=0"}, false},
		{[]string{"gzip; q=0.000"}, false},
		{[]string{"gzip;q=x"}, false},
		{[]string{"*"}, true},
		{[]string{"br, *;q=0.1"}, true},
		{[]string{"*;q=0"}, false},
		{[]string{"gzip;q=0, *"}, false}, // gzip's own entry counts, not *'s
		{[]string{"*;q=0, gzip"}, true},
		{[]string{"br", "gzip"}, true}, // two header lines
		{[]string{"gzip;q=0", "gzip"}, true},
		// Chromium's, asking for a range of a media file.
		{[]string{"identity;q=1, *;q=0"}, false},
	} {
		h := http.Header{}
		for _, v := range tc.header {
			h.Add("Accept-Encoding", v)
		}
		if got := acceptsGzip(h); got != tc.want {
			t.Errorf("acceptsGzip(Accept-Encoding %q) = %v, want %v", tc.header, got, tc.want)
		}
	}
	// The handler follows it.
	resp := get(t, handler(fakeSite(t)), "GET", "/main.wasm", "Accept-Encoding", "gzip;q=0, *")
	if resp.Header.Get("Content-Encoding") != "" || !bytes.HasPrefix(body(t, resp), []byte("\x00asm")) {
		t.Errorf("GET /main.wasm, refusing gzip: Content-Encoding %q", resp.Header.Get("Content-Encoding"))
	}
}

// TestGzipRevalidation checks the validators: a browser that has a file
// in one coding and asks with its ETag gets 304 Not Modified, still with
// Vary; with the other coding's ETag it gets the file. The ETag is the
// same for the same bytes, as after a restart that built the same module,
// and changes with them.
func TestGzipRevalidation(t *testing.T) {
	s := handler(fakeSite(t))
	first := get(t, s, "GET", "/main.wasm", "Accept-Encoding", "gzip")
	plain := get(t, s, "GET", "/main.wasm")
	etag, plainETag := first.Header.Get("Etag"), plain.Header.Get("Etag")
	resp := get(t, s, "GET", "/main.wasm", "Accept-Encoding", "gzip", "If-None-Match", etag)
	if resp.StatusCode != http.StatusNotModified || len(body(t, resp)) != 0 || resp.Header.Get("Etag") != etag ||
		resp.Header.Get("Vary") != "Accept-Encoding" || resp.Header.Get("Cache-Control") != "no-cache" {
		t.Errorf("If-None-Match %s: %d, ETag %q, Vary %q; want 304 with the ETag and Vary", etag, resp.StatusCode, resp.Header.Get("Etag"), resp.Header.Get("Vary"))
	}
	// If-None-Match decides, not If-Modified-Since (RFC 9110, section 13.2.2).
	since := built.Format(http.TimeFormat)
	resp = get(t, s, "GET", "/main.wasm", "Accept-Encoding", "gzip", "If-None-Match", plainETag, "If-Modified-Since", since)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Encoding") != "gzip" || len(body(t, resp)) == 0 {
		t.Errorf("gzip accepted, If-None-Match of the plain file %s: %d %q, want 200 and the file compressed", plainETag, resp.StatusCode, resp.Header.Get("Content-Encoding"))
	}
	resp = get(t, s, "GET", "/main.wasm", "If-None-Match", plainETag)
	if resp.StatusCode != http.StatusNotModified {
		t.Errorf("If-None-Match %s without gzip: %d, want 304", plainETag, resp.StatusCode)
	}

	if again := get(t, handler(fakeSite(t)), "GET", "/main.wasm", "Accept-Encoding", "gzip"); again.Header.Get("Etag") != etag {
		t.Errorf("the same file has the ETag %s in one server, %s in another", etag, again.Header.Get("Etag"))
	}
	other := fakeSite(t)
	other["main.wasm"] = &fstest.MapFile{Data: append(bytes.Clone(other["main.wasm"].Data), 0), ModTime: built}
	s2 := handler(other)
	for _, tc := range []struct{ was, encoding string }{{etag, "gzip"}, {plainETag, ""}} {
		resp := get(t, s2, "GET", "/main.wasm", "Accept-Encoding", tc.encoding, "If-None-Match", tc.was)
		if resp.StatusCode != http.StatusOK || resp.Header.Get("Etag") == tc.was || resp.Header.Get("Content-Encoding") != tc.encoding {
			t.Errorf("a changed file, Accept-Encoding %q, If-None-Match %s: %d, ETag %s", tc.encoding, tc.was, resp.StatusCode, resp.Header.Get("Etag"))
		}
	}
}

// TestGzipHeadAndRange checks HEAD and Range requests for a compressed
// file: a range is of the compressed bytes, the representation its ETag
// names, as RFC 9110 (section 14) has it, so If-Range with the other
// coding's ETag gets the whole file; and the answers without a body carry
// no Content-Length of one.
func TestGzipHeadAndRange(t *testing.T) {
	s := handler(fakeSite(t))
	full := get(t, s, "GET", "/main.wasm", "Accept-Encoding", "gzip")
	gz := body(t, full)
	etag := full.Header.Get("Etag")
	size := strconv.Itoa(len(gz))

	head := get(t, s, "HEAD", "/main.wasm", "Accept-Encoding", "gzip")
	if head.StatusCode != http.StatusOK || len(body(t, head)) != 0 || head.Header.Get("Content-Length") != size ||
		head.Header.Get("Content-Encoding") != "gzip" || head.Header.Get("Etag") != etag || head.Header.Get("Vary") != "Accept-Encoding" {
		t.Errorf("HEAD with gzip: %d, headers %v; want those of GET, %s bytes", head.StatusCode, head.Header, size)
	}

	part := get(t, s, "GET", "/main.wasm", "Accept-Encoding", "gzip", "Range", "bytes=10-29")
	if b := body(t, part); part.StatusCode != http.StatusPartialContent || !bytes.Equal(b, gz[10:30]) ||
		part.Header.Get("Content-Range") != "bytes 10-29/"+size || part.Header.Get("Content-Length") != "20" ||
		part.Header.Get("Content-Encoding") != "gzip" || part.Header.Get("Etag") != etag {
		t.Errorf("Range bytes=10-29 with gzip: %d, %d bytes, headers %v; want bytes 10 to 29 of the %s compressed", part.StatusCode, len(b), part.Header, size)
	}
	part = get(t, s, "GET", "/main.wasm", "Range", "bytes=0-3")
	if b := body(t, part); part.StatusCode != http.StatusPartialContent || string(b) != "\x00asm" || part.Header.Get("Content-Encoding") != "" {
		t.Errorf("Range bytes=0-3 without gzip: %d %q", part.StatusCode, b)
	}
	plainETag := get(t, s, "HEAD", "/main.wasm").Header.Get("Etag")
	for _, tc := range []struct {
		ifRange string
		code    int
	}{{etag, http.StatusPartialContent}, {plainETag, http.StatusOK}} {
		resp := get(t, s, "GET", "/main.wasm", "Accept-Encoding", "gzip", "Range", "bytes=10-29", "If-Range", tc.ifRange)
		if b := body(t, resp); resp.StatusCode != tc.code || (tc.code == http.StatusOK && !bytes.Equal(b, gz)) {
			t.Errorf("If-Range %s: %d, %d bytes; want %d", tc.ifRange, resp.StatusCode, len(b), tc.code)
		}
	}

	for _, tc := range []struct {
		header []string
		code   int
	}{
		{[]string{"Range", "bytes=" + size + "-"}, http.StatusRequestedRangeNotSatisfiable},
		{[]string{"If-Match", `"other"`}, http.StatusPreconditionFailed},
		{[]string{"If-None-Match", etag}, http.StatusNotModified},
	} {
		resp := get(t, s, "GET", "/main.wasm", append([]string{"Accept-Encoding", "gzip"}, tc.header...)...)
		b := body(t, resp)
		if n := resp.Header.Get("Content-Length"); resp.StatusCode != tc.code || (n != "" && n != strconv.Itoa(len(b))) ||
			(tc.code != http.StatusNotModified && resp.Header.Get("Content-Encoding") != "") {
			t.Errorf("%q with gzip: %d, %d bytes, Content-Length %q, Content-Encoding %q; want %d, and no header of the compressed file's",
				tc.header, resp.StatusCode, len(b), n, resp.Header.Get("Content-Encoding"), tc.code)
		}
	}
}
