-- name: CreateUser :exec
INSERT INTO sqlc_users (id, name, manager_id) VALUES (?, ?, ?);

-- name: GetUser :one
SELECT * FROM sqlc_users WHERE id = ?;

-- name: ListUsers :many
SELECT * FROM sqlc_users WHERE id IN (sqlc.slice(ids)) ORDER BY id;

-- name: ListReports :many
SELECT id FROM sqlc_users WHERE manager_id = ? ORDER BY id;

-- name: SetManager :exec
UPDATE sqlc_users SET manager_id = ? WHERE id = ?;
