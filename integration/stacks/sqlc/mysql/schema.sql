CREATE TABLE sqlc_users (
    id         BINARY(16) PRIMARY KEY CHECK (id <> X'00000000000000000000000000000000'),
    name       VARCHAR(100) NOT NULL,
    manager_id BINARY(16) NULL,
    FOREIGN KEY (manager_id) REFERENCES sqlc_users (id)
);
