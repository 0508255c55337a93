package toolinput

import (
	"fmt"
	"testing"
	"time"

	"github.com/ulidgo/ulid"
)

// TestFields checks the fields of an ID, in order, with their values as
// text and their JSON types, for the specification's ULID and for RFC
// 9562's example UUIDv7, in UTC and in a zone east of it.
func TestFields(t *testing.T) {
	kolkata := time.FixedZone("", 19800)
	for _, tc := range []struct {
		id   string
		zone *time.Location
		want [6]string
	}{
		{specULID, time.UTC, [6]string{specULID, "2016-07-30T22:36:16.385Z", "1469918176385", "d6764c61efb99302bd5b", specUUID, "false"}},
		{specULID, kolkata, [6]string{specULID, "2016-07-31T04:06:16.385+05:30", "1469918176385", "d6764c61efb99302bd5b", specUUID, "false"}},
		{"01FWHE4YDGFK1SHH6W1G60EECF", time.UTC, [6]string{"01FWHE4YDGFK1SHH6W1G60EECF", "2022-02-22T19:22:22.000Z", "1645557742000",
			"7cc398c4dc0c0c07398f", "017f22e2-79b0-7cc3-98c4-dc0c0c07398f", "true"}},
	} {
		id := ulid.MustParse(tc.id)
		for i, f := range Fields() {
			if got := string(f.Append([]byte("x"), id, id.Time().In(tc.zone))); got != "x"+tc.want[i] {
				t.Errorf("%s in %v: field %d, %s = %q, want %q", tc.id, tc.zone, i, f.Name, got, "x"+tc.want[i])
			}
		}
	}
	var names, quoted []string
	for _, f := range Fields() {
		names = append(names, f.Name)
		if f.Quoted {
			quoted = append(quoted, f.Name)
		}
	}
	if got, want := fmt.Sprint(names, quoted), "[ulid time unix_ms entropy uuid uuidv7] [ulid time entropy uuid]"; got != want {
		t.Errorf("names and quoted names: %s, want %s", got, want)
	}
}
