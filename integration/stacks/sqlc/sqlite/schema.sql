CREATE TABLE sqlc_users (
    id         BLOB PRIMARY KEY NOT NULL CHECK (id <> X'00000000000000000000000000000000'),
    name       TEXT NOT NULL,
    manager_id BLOB REFERENCES sqlc_users (id) -- not BLOB NULL: sqlc would not see a BLOB
);
