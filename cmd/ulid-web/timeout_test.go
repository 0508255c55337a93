package main

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"net/http"
	"strconv"
	"testing"
	"testing/fstest"
	"time"
)

// TestDefaultTimeouts checks that the server has every timeout, and that
// the write timeout, which covers a whole response, lets a phone on a slow
// link fetch main.wasm uncompressed: 4 MB, more than the module's 3.4 MB,
// at 400 kbit/s take 80 s.
func TestDefaultTimeouts(t *testing.T) {
	srv := newServer(http.NotFoundHandler())
	for name, v := range map[string]time.Duration{"read header": srv.ReadHeaderTimeout, "read": srv.ReadTimeout, "write": srv.WriteTimeout, "idle": srv.IdleTimeout} {
		if v <= 0 || v > 10*time.Minute {
			t.Errorf("%s timeout %v, want one from 0 to 10 minutes", name, v)
		}
	}
	const bytes, bitsPerSecond = 4 << 20, 400_000
	if need := time.Duration(bytes * 8 * int64(time.Second) / bitsPerSecond); srv.WriteTimeout < need {
		t.Errorf("write timeout %v: %d bytes at %d bit/s take %v", srv.WriteTimeout, bytes, bitsPerSecond, need)
	}
	if srv.ReadHeaderTimeout > srv.ReadTimeout {
		t.Errorf("read header timeout %v exceeds the read timeout %v", srv.ReadHeaderTimeout, srv.ReadTimeout)
	}
}

// bigSite is a site of one file, big.wasm, of size bytes, too big for the
// buffers between server and client on loopback.
func bigSite(size int) fstest.MapFS {
	return fstest.MapFS{"big.wasm": {Data: bytes.Repeat([]byte{'w'}, size)}}
}

// smallBuffers is a listener whose connections have small send buffers, so
// that a response longer than that waits for the client to read it.
type smallBuffers struct{ net.Listener }

func (l smallBuffers) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		tc.SetWriteBuffer(32 << 10)
	}
	return c, err
}

// timeouts are a server's timeouts: of http.Server's ReadHeaderTimeout,
// ReadTimeout, WriteTimeout and IdleTimeout.
type timeouts struct{ readHeader, read, write, idle time.Duration }

// serve starts a server of h with the timeouts to on a free port of
// 127.0.0.1 and returns its address and a channel that receives when the
// server closes a connection. The server stops when the test ends.
func serve(t *testing.T, h http.Handler, to timeouts) (addr string, closed <-chan time.Time) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := newServer(h)
	srv.ReadHeaderTimeout, srv.ReadTimeout, srv.WriteTimeout, srv.IdleTimeout = to.readHeader, to.read, to.write, to.idle
	ch := make(chan time.Time, 16)
	srv.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateClosed {
			ch <- time.Now()
		}
	}
	go srv.Serve(smallBuffers{ln})
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String(), ch
}

// dial connects to addr with a small receive buffer, for the same reason
// as smallBuffers.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.(*net.TCPConn).SetReadBuffer(32 << 10)
	t.Cleanup(func() { c.Close() })
	return c
}

// waitClosed waits for the server to close a connection, for at most a
// generous limit, and returns when it did.
func waitClosed(t *testing.T, closed <-chan time.Time, what string) time.Time {
	t.Helper()
	select {
	case at := <-closed:
		return at
	case <-time.After(20 * time.Second):
		t.Fatalf("the server did not close %s within 20 s", what)
		return time.Time{}
	}
}

// TestIdleConnectionClosed checks that the server closes a kept-alive
// connection that asks for nothing more, once the idle timeout has passed,
// though the read and write timeouts are far longer.
func TestIdleConnectionClosed(t *testing.T) {
	t.Parallel() // each has its own server; together they take the time of the slowest
	const idle = 300 * time.Millisecond
	addr, closed := serve(t, handler(fakeSite(t)), timeouts{readHeader: time.Minute, read: time.Minute, write: time.Minute, idle: idle})
	c := dial(t, addr)
	start := time.Now()
	if _, err := io.WriteString(c, "GET /favicon.svg HTTP/1.1\r\nHost: ulid\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(c)
	resp, err := http.ReadResponse(r, nil)
	if err != nil {
		t.Fatal(err)
	}
	if b := body(t, resp); resp.StatusCode != http.StatusOK || resp.Close || !bytes.Contains(b, []byte("<svg")) {
		t.Fatalf("GET /favicon.svg: %d, close %v, %d bytes", resp.StatusCode, resp.Close, len(b))
	}
	// The connection is kept alive for the next request, which never comes.
	at := waitClosed(t, closed, "an idle connection")
	if at.Sub(start) < idle {
		t.Errorf("closed after %v, before the idle timeout of %v", at.Sub(start), idle)
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	if n, err := r.Read(make([]byte, 1)); err != io.EOF {
		t.Errorf("read after the server closed the connection: %d bytes, %v; want io.EOF", n, err)
	}
}

// TestSilentConnectionClosed checks that a connection on which no request
// comes is closed too.
func TestSilentConnectionClosed(t *testing.T) {
	t.Parallel() // each has its own server; together they take the time of the slowest
	const header = 300 * time.Millisecond
	addr, closed := serve(t, handler(fakeSite(t)), timeouts{readHeader: header, read: time.Minute, write: time.Minute, idle: time.Minute})
	for _, send := range []string{"", "GET / HTTP/1.1\r\nHost: ulid\r\n"} {
		// Before dialling: the server may start the clock before Dial returns.
		start := time.Now()
		c := dial(t, addr)
		if _, err := io.WriteString(c, send); err != nil {
			t.Fatal(err)
		}
		at := waitClosed(t, closed, "a connection that sent "+strconv.Quote(send))
		if at.Sub(start) < header {
			t.Errorf("sent %q: closed after %v, before the read header timeout of %v", send, at.Sub(start), header)
		}
	}
}

// TestNonReaderCutOff checks that a client that asks for a file and then
// reads nothing is cut off once the write timeout has passed, though the
// idle timeout, which applies only between requests, is far longer; and
// that it got only part of the file.
func TestNonReaderCutOff(t *testing.T) {
	t.Parallel() // each has its own server; together they take the time of the slowest
	const write, size = 500 * time.Millisecond, 32 << 20
	addr, closed := serve(t, handler(bigSite(size)), timeouts{readHeader: time.Minute, read: time.Minute, write: write, idle: time.Minute})
	c := dial(t, addr)
	start := time.Now()
	if _, err := io.WriteString(c, "GET /big.wasm HTTP/1.1\r\nHost: ulid\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	at := waitClosed(t, closed, "a connection whose client reads nothing")
	if at.Sub(start) < write {
		t.Errorf("closed after %v, before the write timeout of %v", at.Sub(start), write)
	}
	c.SetReadDeadline(time.Now().Add(10 * time.Second))
	n, err := io.Copy(io.Discard, c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatalf("the connection is still open after %d bytes", n)
	}
	if n >= size {
		t.Errorf("read %d bytes, all of the %d byte file (%v)", n, size, err)
	}
}

// TestSlowReaderServed checks that a client that reads slowly, but keeps
// reading, gets the whole file within the write timeout, long after the
// read and idle timeouts have passed.
func TestSlowReaderServed(t *testing.T) {
	t.Parallel() // each has its own server; together they take the time of the slowest
	const short, size = 200 * time.Millisecond, 2 << 20
	s := bigSite(size)
	addr, _ := serve(t, handler(s), timeouts{readHeader: short, read: short, write: time.Minute, idle: short})
	c := dial(t, addr)
	start := time.Now()
	if _, err := io.WriteString(c, "GET /big.wasm HTTP/1.1\r\nHost: ulid\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReaderSize(c, 16<<10), nil)
	if err != nil {
		t.Fatal(err)
	}
	// 64 KiB every 25 ms: 2 MiB take 32 steps, 800 ms or more.
	var got bytes.Buffer
	for {
		n, err := io.CopyN(&got, resp.Body, 64<<10)
		if err == io.EOF && n == 0 {
			break
		}
		if err != nil && err != io.EOF {
			t.Fatalf("after %d bytes, in %v: %v", got.Len(), time.Since(start), err)
		}
		time.Sleep(25 * time.Millisecond)
	}
	if !bytes.Equal(got.Bytes(), s["big.wasm"].Data) {
		t.Errorf("got %d bytes of the %d byte file", got.Len(), size)
	}
	if d := time.Since(start); d < 3*short {
		t.Errorf("read the file in %v: not slowly enough to outlast the read timeout of %v", d, short)
	}
}
