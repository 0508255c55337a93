CREATE TABLE sqlc_users (
    id         uuid PRIMARY KEY CHECK (id <> '00000000-0000-0000-0000-000000000000'),
    name       text NOT NULL,
    manager_id uuid NULL REFERENCES sqlc_users (id),
    friends    uuid[] NOT NULL DEFAULT '{}'
);
