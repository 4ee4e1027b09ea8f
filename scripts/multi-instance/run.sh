#!/usr/bin/env bash
# Several instances on one machine, as a lender runs them: two production servers of one build (the
# image's files and entry, laid out as the Dockerfile's run stage copies them), one PostgreSQL, nginx
# (Debian's) as a round-robin balancer in front, all on loopback. The driver
# (drive.ts) starts both instances together on an empty database, signs in across them, runs the
# route check (and, with MULTI_E2E=1, the whole-journey e2e) through the balancer, kills an instance
# after a write it sent reached the API (nginx's retry on the other must make it once), and restarts
# the instances one after the other under steady load, printing its figures. Needs `npm run build`.
#
#   bash scripts/multi-instance/run.sh
#
# MULTI_PORT_BASE (default E2E_PORT_BASE+20, or 3120): the balancer; the instances take the next two ports.
# MULTI_PG_ADMIN_URL: an existing PostgreSQL to create the run's database on (CI passes its own);
# without it a throwaway cluster is started on MULTI_PG_PORT (default TEST_PG_PORT+1, or 55433).
set -euo pipefail
cd "$(dirname "$0")/../.."

[ -f .next/standalone/server.js ] || { echo "multi-instance: no standalone build: run npm run build first" >&2; exit 1; }
if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
  if [ "$(id -u)" -ne 0 ]; then echo "multi-instance: nginx is missing: apt-get install nginx-light (as root)" >&2; exit 1; fi
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

LB_PORT=${MULTI_PORT_BASE:-$(( ${E2E_PORT_BASE:-3100} + 20 ))}
PORT_A=$(( LB_PORT + 1 ))
PORT_B=$(( LB_PORT + 2 ))
OUT=test-results/multi-instance
rm -rf "$OUT"
mkdir -p "$OUT"
WORK=$(mktemp -d /tmp/multi-instance.XXXXXX)
chmod 755 "$WORK"

# The image's /app, as the Dockerfile's run stage copies it (scripts/standalone-smoke.sh does the same).
APP_DIR="$WORK/app"
mkdir -p "$APP_DIR/scripts" "$APP_DIR/.next"
cp -a .next/standalone/. "$APP_DIR/"
cp -a .next/static "$APP_DIR/.next/static"
cp -a public "$APP_DIR/public"
cp scripts/start.mjs scripts/http-lifecycle.mjs "$APP_DIR/scripts/"

pids=()
as_pg() { if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
PGBIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
own_pg=""
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  [ -n "$own_pg" ] && as_pg "$PGBIN/pg_ctl" -D "$WORK/pg/data" -m fast stop >/dev/null 2>&1 || true
  rm -rf "$WORK"
}
trap cleanup EXIT

# One PostgreSQL, and on it a database nobody has started on yet.
if [ -n "${MULTI_PG_ADMIN_URL:-}" ]; then
  ADMIN_URL=$MULTI_PG_ADMIN_URL
else
  PG_PORT=${MULTI_PG_PORT:-$(( ${TEST_PG_PORT:-55432} + 1 ))}
  mkdir -p "$WORK/pg"
  [ "$(id -u)" -eq 0 ] && chown postgres:postgres "$WORK/pg"
  as_pg "$PGBIN/initdb" -D "$WORK/pg/data" -U postgres --auth=trust -E UTF8 >/dev/null
  as_pg "$PGBIN/pg_ctl" -D "$WORK/pg/data" -l "$WORK/pg/log" -o "-p $PG_PORT -k $WORK/pg -c listen_addresses=127.0.0.1 -c fsync=off" -w start >/dev/null
  own_pg=1
  ADMIN_URL="postgres://postgres@127.0.0.1:$PG_PORT/postgres"
fi
"$PGBIN/psql" "$ADMIN_URL" -qc "DROP DATABASE IF EXISTS multi_instance" -c "CREATE DATABASE multi_instance" >/dev/null
DATABASE_URL="${ADMIN_URL%/*}/multi_instance"

# The balancer: round robin over both instances, keep-alive to them as a cloud balancer keeps it; a
# connection an instance refuses or drops (it is restarting) is retried on the other, as a
# balancer's health check would take the instance out of rotation.
mkdir -p "$WORK/nginx/tmp"
chmod 777 "$WORK/nginx/tmp"
cat >"$WORK/nginx/nginx.conf" <<CONF
daemon off;
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $PWD/$OUT/nginx-error.log warn;
events { worker_connections 1024; }
http {
  # Which instance answered, and every one tried before it (a retry lists both, e.g. "…:3121, …:3122"
  # with "502, 200"): the driver reads it to see that a retry happened where it says.
  log_format upstreams '\$remote_addr [\$time_local] "\$request" \$status \$body_bytes_sent rid=\$http_x_request_id '
                       'upstream=\$upstream_addr upstream_status=\$upstream_status';
  access_log $PWD/$OUT/nginx-access.log upstreams;
  client_body_temp_path $WORK/nginx/tmp/body;
  proxy_temp_path $WORK/nginx/tmp/proxy;
  fastcgi_temp_path $WORK/nginx/tmp/fastcgi;
  uwsgi_temp_path $WORK/nginx/tmp/uwsgi;
  scgi_temp_path $WORK/nginx/tmp/scgi;
  upstream app {
    server 127.0.0.1:$PORT_A max_fails=1 fail_timeout=2s;
    server 127.0.0.1:$PORT_B max_fails=1 fail_timeout=2s;
    keepalive 16;
  }
  server {
    listen 127.0.0.1:$LB_PORT;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host \$http_host;
      proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto \$scheme;
      # non_idempotent: a POST written on a connection the stopping instance closes (or still in its
      # listen queue when it stops listening) is retried on the other. An ALB never needs this: it
      # deregisters a target before ECS sends SIGTERM; nginx OSS cannot take an instance out without a
      # reload, which drops its own client connections. That a request in flight at SIGTERM is answered
      # is checked on its own, straight to the instance (drive.ts).
      # Safe for writes only because they carry an idempotency key (issue 51): a POST retried after
      # its first instance's write reached the API carries the same Idempotency-Key, and the API
      # answers the first answer (or waits for it) instead of writing again (drive.ts, check 4, kills
      # an instance at exactly that moment and counts the writes). The server actions sent
      # without a key write nothing a person sees twice (createLinkToken, checkItemStatus,
      # initializeArgyle and counters mint tokens; logs adds a log line).
      proxy_next_upstream error timeout non_idempotent;
      proxy_next_upstream_tries 2;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_buffer_size 32k;
      proxy_buffers 8 32k;
    }
  }
}
CONF
"$NGINX" -t -e "$PWD/$OUT/nginx-error.log" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" >/dev/null 2>&1 || { "$NGINX" -t -e "$PWD/$OUT/nginx-error.log" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf"; exit 1; }
"$NGINX" -e "$PWD/$OUT/nginx-error.log" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" &
pids+=($!)

MULTI_APP_DIR="$APP_DIR" MULTI_LB_URL="http://127.0.0.1:$LB_PORT" MULTI_PORTS="$PORT_A,$PORT_B" MULTI_DATABASE_URL="$DATABASE_URL" MULTI_OUT="$OUT" \
  npx tsx scripts/multi-instance/drive.ts
