#!/usr/bin/env bash
# Ask /healthz of every web process (ports as arguments, on 127.0.0.1) and, with SITE_URL set,
# of the public address through nginx. Prints each answer; exits 1 when one is not healthy
# (HTTP 503: the database, Redis or the Celery worker failing; or no answer at all).
# For cron, a systemd timer (playboss-health.timer) or a monitoring system's command check.
set -uo pipefail
urls=()
for port in "$@"; do urls+=("http://127.0.0.1:$port/healthz"); done
if [[ -n "${SITE_URL:-}" ]]; then urls+=("${SITE_URL%/}/healthz"); fi
failed=0
for url in "${urls[@]}"; do
  # --insecure only with HEALTHCHECK_INSECURE=1 (a self-signed certificate, as in a trial).
  answer="$(curl --silent --show-error --max-time 5 ${HEALTHCHECK_INSECURE:+--insecure} \
    --write-out ' HTTP %{http_code}' "$url" 2>&1)"
  echo "$url: $answer"
  [[ "$answer" == *" HTTP 200" ]] || failed=1
done
exit "$failed"
