package ulid

import "errors"

// Stand-ins for what branch i33-tid defines in typeid.go: its sentinels and
// its TypeID prefix rule. They go when it is merged.
var (
	ErrInvalidPrefix = errors.New("ulid: invalid TypeID prefix")
	ErrWrongPrefix   = errors.New("ulid: wrong TypeID prefix")
)

// validTypePrefix stands in for i33-tid's prefix rule: it refuses only "".
func validTypePrefix(prefix string) bool { return prefix != "" }
