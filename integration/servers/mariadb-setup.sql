-- Run as root over the socket once the throwaway MariaDB is up
-- (integration/servers/mariadb.sh).
CREATE DATABASE @DB_NAME@ CHARACTER SET utf8mb4;
CREATE USER '@DB_USER@'@'%' IDENTIFIED BY '@DB_PASS@';
CREATE USER '@DB_USER@'@'localhost' IDENTIFIED BY '@DB_PASS@';
GRANT ALL PRIVILEGES ON *.* TO '@DB_USER@'@'%' WITH GRANT OPTION;
GRANT ALL PRIVILEGES ON *.* TO '@DB_USER@'@'localhost' WITH GRANT OPTION;
FLUSH PRIVILEGES;
