#!/usr/bin/env bash
# Starts Debian's PgBouncer in transaction mode in front of a local PostgreSQL (issue 25 item 4):
# CI's server suite and `npm run bench -- ops` run behind it, as behind a managed database's proxy.
#   scripts/pgbouncer.sh <postgres port> <listen port> <work dir>
# Every database name reaches the same-named database (`*`), so a test file's own database works.
# Runs as the user `postgres` when started by root (PgBouncer refuses root). Stop: kill "$(cat <dir>/pgbouncer.pid)".
set -euo pipefail
pg_port=$1 port=$2 dir=$3
mkdir -p "$dir"
cat > "$dir/pgbouncer.ini" <<INI
[databases]
* = host=127.0.0.1 port=$pg_port

[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $port
unix_socket_dir =
auth_type = trust
auth_file = $dir/userlist.txt
pool_mode = transaction
max_client_conn = 2000
default_pool_size = 40
max_db_connections = 0
server_reset_query =
ignore_startup_parameters = extra_float_digits
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
echo '"postgres" ""' > "$dir/userlist.txt"
if [ "$(id -u)" = 0 ]; then
  chown -R postgres "$dir"
  runuser -u postgres -- pgbouncer -d "$dir/pgbouncer.ini"
else
  pgbouncer -d "$dir/pgbouncer.ini"
fi
for _ in $(seq 1 50); do
  (echo > "/dev/tcp/127.0.0.1/$port") 2>/dev/null && exit 0
  sleep 0.1
done
echo "pgbouncer did not start: $(tail -5 "$dir/pgbouncer.log")" >&2
exit 1
