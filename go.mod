module github.com/ulidgo/ulid

go 1.24
