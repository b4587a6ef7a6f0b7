#!/usr/bin/env bash
# Upgrade Playboss Classroom during a lesson: new code, the locked versions, migrations, static
# files and translations, then a rolling restart — one web process at a time, the next only
# once /healthz of the restarted one answers 200 again, the Celery worker last. nginx sends the
# requests of a restarting process to the other one (deploy/nginx/playboss.conf), and each
# process stops gracefully (playboss/shutdown.py): no student sees an error. docs/deploy.md,
# "Upgrading", says when to use which option.
#
#   deploy/upgrade.sh                      # git pull (fast-forward only) in $APP_DIR
#   deploy/upgrade.sh --ref v1.4           # git fetch, then check out that tag or branch
#   deploy/upgrade.sh --release FILE.tar.gz   # unpack a release over $APP_DIR instead of git
#   deploy/upgrade.sh --restart-only       # no new code: only the rolling restart
#
# Run as root (systemctl; git, pip and manage.py run as $APP_USER, the checkout's owner: root's
# git refuses a checkout another user owns, "detected dubious ownership"), or as $APP_USER
# with RESTART_WEB/RESTART_WORKER set. Settings from the environment:
#   APP_DIR (/srv/playboss), APP_USER (playboss), ENV_FILE (/etc/playboss/env),
#   WEB_PORTS ("8001 8002"), HEALTH_TIMEOUT (60 s a process gets to be healthy again),
#   RESTART_WEB / RESTART_WORKER: commands run by bash instead of systemctl, "{port}" replaced
#   by the web process's port (for a machine without systemd, and the tests).
set -euo pipefail

APP_DIR="${APP_DIR:-/srv/playboss}"
APP_USER="${APP_USER:-playboss}"
ENV_FILE="${ENV_FILE:-/etc/playboss/env}"
WEB_PORTS="${WEB_PORTS:-8001 8002}"
HEALTH_TIMEOUT="${HEALTH_TIMEOUT:-60}"

mode=pull
ref=""
release=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --ref) mode=ref; ref="${2:?--ref needs a tag or branch}"; shift 2 ;;
    --release) mode=release; release="${2:?--release needs a file}"; shift 2 ;;
    --restart-only) mode=none; shift ;;
    -h|--help) sed -n '2,22p' "$0"; exit 0 ;;
    *) echo "upgrade: unknown argument $1 (see --help)" >&2; exit 2 ;;
  esac
done

say() { echo "upgrade: $*"; }

as_app() {  # a command as the checkout's owner
  if [[ "$(id -un)" == "$APP_USER" ]]; then "$@"; else runuser -u "$APP_USER" -- "$@"; fi
}

in_env() {  # a command as the owner, in $APP_DIR, with the environment file loaded
  as_app bash -c 'set -a; . "$1"; set +a; cd "$2"; shift 2; exec "$@"' \
    in_env "$ENV_FILE" "$APP_DIR" "$@"
}

healthy() {  # /healthz of one web process answers 200
  curl --silent --output /dev/null --max-time 3 --write-out '%{http_code}' \
    "http://127.0.0.1:$1/healthz" 2>/dev/null | grep -qx 200
}

wait_healthy() {
  local port="$1" waited=0
  until healthy "$port"; do
    if (( waited >= HEALTH_TIMEOUT * 2 )); then
      say "the process on port $port is not healthy after ${HEALTH_TIMEOUT} s; stopping here" \
          "(the processes not yet restarted keep serving): deploy/healthcheck.sh $port" >&2
      exit 1
    fi
    sleep 0.5
    waited=$((waited + 1))
  done
}

restart_web() {
  if [[ -n "${RESTART_WEB:-}" ]]; then bash -c "${RESTART_WEB//\{port\}/$1}"
  else systemctl restart "playboss-web@$1"; fi
}

restart_worker() {
  if [[ -n "${RESTART_WORKER:-}" ]]; then bash -c "$RESTART_WORKER"
  else systemctl restart playboss-worker; fi
}

# Before anything changes: every web process healthy (else a restart could leave none), and
# the tools there.
command -v curl >/dev/null || { say "curl is needed (apt-get install curl)" >&2; exit 1; }
[[ "$mode" == none ]] || command -v msgfmt >/dev/null \
  || { say "msgfmt is needed for compilemessages (apt-get install gettext)" >&2; exit 1; }
for port in $WEB_PORTS; do
  healthy "$port" || { say "port $port is not healthy before the upgrade; nothing changed" >&2
                       exit 1; }
done

if [[ "$mode" == pull || "$mode" == ref ]]; then
  # The translations compilemessages wrote last time are in git too: put them back, or a
  # msgfmt of another version would leave the checkout changed and the pull refused.
  as_app git -C "$APP_DIR" checkout -- 'locale/*.mo'
fi
case "$mode" in
  pull) say "git pull"; as_app git -C "$APP_DIR" pull --ff-only ;;
  ref) say "git checkout $ref"
       as_app git -C "$APP_DIR" fetch --tags origin
       as_app git -C "$APP_DIR" checkout --quiet "$ref"
       # a branch moves on: follow it (a tag stays where it is)
       if as_app git -C "$APP_DIR" symbolic-ref -q HEAD >/dev/null; then
         as_app git -C "$APP_DIR" pull --ff-only
       fi ;;
  release) say "unpacking $release"
           as_app tar -xzf "$release" -C "$APP_DIR" --strip-components=1 ;;
  none) ;;
esac

if [[ "$mode" != none ]]; then
  # The old processes keep running the old code meanwhile: migrations must work with both
  # (docs/deploy.md, "Upgrading").
  say "installing the locked versions (requirements.lock)"
  in_env .venv/bin/pip install --quiet -e . -c requirements.lock
  say "migrating"
  in_env .venv/bin/python manage.py migrate --noinput
  say "collecting static files"
  in_env .venv/bin/python manage.py collectstatic --noinput --verbosity 0
  say "compiling translations"
  in_env .venv/bin/python manage.py compilemessages --ignore .venv --verbosity 0
fi

for port in $WEB_PORTS; do
  say "restarting the web process on port $port"
  restart_web "$port"
  wait_healthy "$port"
  say "port $port healthy again"
done
say "restarting the worker (it finishes the task it runs first)"
restart_worker
for port in $WEB_PORTS; do wait_healthy "$port"; done
say "done: $(as_app git -C "$APP_DIR" describe --always --dirty 2>/dev/null || echo unpacked)"
