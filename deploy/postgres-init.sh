#!/bin/sh
# The database users of README → Production → Database users, for the postgres image of
# compose.yaml (mounted into /docker-entrypoint-initdb.d/: runs once, on an empty volume), or by
# hand as a superuser: PGHOST=… PGUSER=postgres POSTGRES_USER=postgres sh deploy/postgres-init.sh
# - hr_owner owns the database and its schemas: `npm run migrate` connects as it (DDL);
# - hr_app is what the servers connect as: no DDL, only rows. `npm run migrate` with
#   MIGRATE_GRANT_TO=hr_app grants it SELECT/INSERT/UPDATE/DELETE on every table it made.
set -eu
psql -v ON_ERROR_STOP=1 --username "${POSTGRES_USER:-postgres}" --dbname postgres \
  -v owner_password="$HR_OWNER_DB_PASSWORD" -v app_password="$HR_APP_DB_PASSWORD" <<'SQL'
CREATE ROLE hr_owner LOGIN PASSWORD :'owner_password';
CREATE ROLE hr_app LOGIN PASSWORD :'app_password';
CREATE DATABASE hr OWNER hr_owner;
\connect hr
-- the owner alone creates objects here (PostgreSQL 15 already took CREATE from PUBLIC; 14 did not)
ALTER SCHEMA public OWNER TO hr_owner;
REVOKE CREATE ON SCHEMA public FROM PUBLIC;
SQL
echo "数据库 hr 与角色 hr_owner（迁移）、hr_app（服务）已创建"
