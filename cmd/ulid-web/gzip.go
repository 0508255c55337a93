package main

import (
	"bytes"
	"compress/gzip"
	"strconv"
	"strings"
)

// compress returns data compressed with gzip, or nil if that saves less
// than a tenth.
func compress(data []byte) []byte {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	if _, err := zw.Write(data); err != nil {
		return nil
	}
	if err := zw.Close(); err != nil {
		return nil
	}
	if buf.Len() > len(data)*9/10 {
		return nil
	}
	return buf.Bytes()
}

// acceptsGzip reports whether Accept-Encoding header values allow gzip: it
// is listed, or "*" is, with a quality above zero.
func acceptsGzip(values []string) bool {
	gzip, star := -1.0, -1.0
	for _, v := range values {
		for item := range strings.SplitSeq(v, ",") {
			name, params, _ := strings.Cut(item, ";")
			q := 1.0
			for p := range strings.SplitSeq(params, ";") {
				k, val, ok := strings.Cut(strings.TrimSpace(p), "=")
				if ok && strings.EqualFold(strings.TrimSpace(k), "q") {
					if f, err := strconv.ParseFloat(strings.TrimSpace(val), 64); err == nil {
						q = f
					}
				}
			}
			switch strings.ToLower(strings.TrimSpace(name)) {
			case "gzip", "x-gzip":
				gzip = q
			case "*":
				star = q
			}
		}
	}
	if gzip >= 0 {
		return gzip > 0
	}
	return star > 0
}
