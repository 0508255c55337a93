CREATE TABLE sqlc_users (
    id         uuid PRIMARY KEY,
    name       text NOT NULL,
    manager_id uuid NULL REFERENCES sqlc_users (id),
    friends    uuid[] NOT NULL DEFAULT '{}'
);
