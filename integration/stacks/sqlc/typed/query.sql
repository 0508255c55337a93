-- name: CreateAccount :exec
INSERT INTO sqlc_typed_accounts (id, name, manager_id) VALUES ($1, $2, $3);

-- name: GetAccount :one
SELECT * FROM sqlc_typed_accounts WHERE id = $1;

-- name: ListReports :many
SELECT id FROM sqlc_typed_accounts WHERE manager_id = $1 ORDER BY id;
