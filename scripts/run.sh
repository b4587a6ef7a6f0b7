#!/usr/bin/env bash
# Install into .venv, set up the database, make a demo game, and serve the site (ASGI: pages
# and websockets) on http://127.0.0.1:8000. Embedded defaults: SQLite, in-memory channel layer,
# Celery tasks in-process. Set DATABASE_URL and REDIS_URL to use PostgreSQL and Redis instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh

HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-8000}"
# Links and QR codes must point at an address phones reach (classroom/links.py): SITE_URL if
# set, else with HOST=0.0.0.0 this machine's address on the local network.
export LISTEN_HOST="$HOST"
PUBLIC="${SITE_URL:-}"
if [[ -z "$PUBLIC" ]]; then
  if [[ "$HOST" == "0.0.0.0" || "$HOST" == "::" ]]; then
    LAN="$(python -c 'from classroom.links import lan_address; print(lan_address() or "")')"
    PUBLIC="http://${LAN:-127.0.0.1}:${PORT}"
  else
    PUBLIC="http://${HOST}:${PORT}"
  fi
fi
# Debug pages only while daphne below binds a loopback address and no public SITE_URL is set
# (settings: DEBUG is off unless DEBUG=1); a DEBUG set by the caller is kept. A class on the
# network gets a real secret key, made once and kept beside the database.
if [[ -z "${DEBUG:-}" && -z "${SITE_URL:-}" ]]; then
  case "$HOST" in
    127.*|localhost|::1|\[::1\]) export DEBUG=1 ;;
  esac
fi
if [[ -z "${SECRET_KEY:-}" ]]; then
  KEY_FILE="${SECRET_KEY_FILE:-.secret_key}"
  if [[ ! -s "$KEY_FILE" ]]; then
    (umask 077 && python -c 'import secrets; print(secrets.token_urlsafe(50))' >"$KEY_FILE")
  fi
  SECRET_KEY="$(cat "$KEY_FILE")"
  export SECRET_KEY
fi
python manage.py migrate --noinput -v 0
# Without DEBUG, static files are served from STATIC_ROOT only (whitenoise): collect them.
python manage.py collectstatic --noinput -v 0
python manage.py demo --url "$PUBLIC"
echo "Serving on http://${HOST}:${PORT}/ (Ctrl-C stops)"
case "$PUBLIC" in
  http://127.*|http://localhost*|http://\[::1\]*)
    echo "Phones cannot reach ${PUBLIC}: only this computer can. For a class, run"
    echo "  HOST=0.0.0.0 bash scripts/run.sh   (or set SITE_URL to the address students use)" ;;
  *) echo "Phones and laptops in the room open: ${PUBLIC}/join/" ;;
esac
exec daphne -b "$HOST" -p "$PORT" playboss.asgi:application
