-- name: CreateUser :one
INSERT INTO sqlc_users (id, name, manager_id, friends)
VALUES ($1, $2, $3, $4)
RETURNING *;

-- name: GetUser :one
SELECT * FROM sqlc_users WHERE id = $1;

-- name: ListUsers :many
SELECT * FROM sqlc_users WHERE id = ANY(sqlc.arg(ids)::uuid[]) ORDER BY id;

-- name: ListReports :many
SELECT id FROM sqlc_users WHERE manager_id = $1 ORDER BY id;

-- name: SetManager :exec
UPDATE sqlc_users SET manager_id = $2 WHERE id = $1;

-- name: ReportIDs :one
SELECT array_agg(id ORDER BY id)::uuid[] AS ids FROM sqlc_users WHERE manager_id = $1;
