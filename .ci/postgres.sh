#!/usr/bin/env bash
# Runs a command with DATABASE_URL pointing at a throwaway PostgreSQL cluster on loopback,
# installing Debian's postgresql first when it is absent. The cluster is removed afterwards.
# PG_RESTART_COMMAND restarts the cluster (fast shutdown, same options) for `npm run test:faults`.
#   bash .ci/postgres.sh <command…>
set -euo pipefail

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  echo "installing postgresql (Debian)…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi
pgbin=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -1)")

# PostgreSQL refuses to run as root: the cluster belongs to an unprivileged user.
as_owner() {
  if [ "$(id -u)" = 0 ]; then su postgres -s /bin/bash -c "$1"; else bash -c "$1"; fi
}

dir=$(mktemp -d /tmp/svc-pg.XXXXXX)
[ "$(id -u)" = 0 ] && chown postgres "$dir"
port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")

stop_cluster() {
  as_owner "'$pgbin/pg_ctl' -D '$dir/data' -m fast stop" >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop_cluster EXIT

as_owner "'$pgbin/initdb' -A trust -U postgres -D '$dir/data'" >/dev/null
pg_start() {
  as_owner "'$pgbin/pg_ctl' -D '$dir/data' -o \"-p $port -k '$dir' -c listen_addresses=127.0.0.1 -c max_connections=200\" -l '$dir/log' -w start" >/dev/null
}
pg_start
# The fault-injection suite (npm run test:faults) restarts the cluster under load with this.
{
  echo '#!/usr/bin/env bash'
  echo 'set -euo pipefail'
  printf 'pgbin=%q dir=%q port=%q\n' "$pgbin" "$dir" "$port"
  declare -f as_owner pg_start
  echo "as_owner \"'\$pgbin/pg_ctl' -D '\$dir/data' -m fast -w stop\" >/dev/null"
  echo 'pg_start'
} > "$dir/restart.sh"
export PG_RESTART_COMMAND="bash $dir/restart.sh"
echo "PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"

DATABASE_URL="postgresql://postgres@127.0.0.1:$port/postgres" "$@"
