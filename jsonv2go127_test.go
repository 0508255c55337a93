//go:build go1.27 && goexperiment.jsonv2

package ulid_test

import (
	jsonv2 "encoding/json/v2"
	"testing"
)

func TestJSONv2(t *testing.T) {
	testJSONv2(t, func(v any) ([]byte, error) { return jsonv2.Marshal(v) }, func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) })
}
