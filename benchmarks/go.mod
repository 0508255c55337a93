module github.com/ulidgo/ulid/benchmarks

go 1.25.0

replace (
	github.com/ulidgo/ulid => ../
	github.com/ulidgo/ulid/pgxulid => ../pgxulid
)

// gofrs/uuid and golang.org/x/perf (for cmd/benchtable's benchfmt) are the
// newest versions whose go.mod said go 1.24 or older, as the module did
// until pgx v5.12.0, the first without its published vulnerabilities,
// required go 1.25: gofrs/uuid v5.5.0 and later need go 1.25, and x/perf
// from late 2025 on needs go 1.26.

require (
	github.com/gofrs/uuid/v5 v5.4.0
	github.com/google/uuid v1.6.0
	github.com/jackc/pgx/v5 v5.12.0
	github.com/oklog/ulid/v2 v2.1.2
	github.com/rs/xid v1.6.0
	github.com/segmentio/ksuid v1.0.4
	github.com/ulidgo/ulid v0.0.0-00010101000000-000000000000
	github.com/ulidgo/ulid/pgxulid v0.0.0-00010101000000-000000000000
	go.jetify.com/typeid v1.3.0
	golang.org/x/perf v0.0.0-20250605212013-b481878a17be
)

require (
	github.com/aclements/go-moremath v0.0.0-20210112150236-f10218a38794 // indirect
	github.com/jackc/pgpassfile v1.0.0 // indirect
	github.com/jackc/pgservicefile v0.0.0-20240606120523-5a60cdf6a761 // indirect
	golang.org/x/text v0.41.0 // indirect
)
