#!/usr/bin/env bash
# Install into .venv, set up the database, make a demo game, and serve the site (ASGI: pages
# and websockets) on http://127.0.0.1:8000. Embedded defaults: SQLite, in-memory channel layer,
# Celery tasks in-process. Set DATABASE_URL and REDIS_URL to use PostgreSQL and Redis instead.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh

HOST="${HOST:-127.0.0.1}"
PORT="${PORT:-8000}"
python manage.py migrate --noinput -v 0
python manage.py demo --url "http://${HOST}:${PORT}"
echo "Serving on http://${HOST}:${PORT}/ (Ctrl-C stops)"
exec daphne -b "$HOST" -p "$PORT" playboss.asgi:application
