-- Run as the superuser once the throwaway PostgreSQL is up
-- (integration/servers/postgres.sh). The test user is a superuser: the tests
-- create extensions, roles and functions.
CREATE ROLE @DB_USER@ LOGIN SUPERUSER PASSWORD '@DB_PASS@';
CREATE DATABASE @DB_NAME@ OWNER @DB_USER@;
\connect @DB_NAME@
CREATE EXTENSION IF NOT EXISTS pgstattuple;
