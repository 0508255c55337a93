CREATE TABLE sqlc_typed_accounts (
    id         uuid PRIMARY KEY,
    name       text NOT NULL,
    manager_id uuid NULL REFERENCES sqlc_typed_accounts (id)
);
