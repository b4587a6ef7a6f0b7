#!/usr/bin/env bash
# Lint and test in the project's venv. Extra arguments go to both pytest passes.
#   pass 1: everything but the real-service tests, on the embedded defaults (SQLite, in-memory
#           channel layer, Celery in-process);
#   pass 2: the real-service tests (marked "services") against the machine's PostgreSQL and
#           Redis. Without them they skip with the reason; with CI set they must run.
# Both passes run in parallel processes (pytest-xdist): PLAYBOSS_TEST_WORKERS of them (4 unless
# set; 0 runs in this process alone, e.g. for a debugger). Much of the suite waits rather than
# computes (browsers, daphne and Celery processes, sockets), so more workers than cores pay.
# Each worker has its own test database and, in pass 2, its own Redis database
# (tests/xdist_workers.py). worksteal: an idle worker takes queued tests from a busy one (the
# browser tests, slow, otherwise end up queued behind each other on one worker).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh

ruff check .
mypy

WORKERS="${PLAYBOSS_TEST_WORKERS:-4}"
run_pytest() {
  local rc=0
  python -m pytest -p tests.xdist_workers -n "$WORKERS" --dist worksteal "$@" || rc=$?
  if [[ $rc -eq 5 ]]; then
    # pytest's "no tests collected": a green run that tested nothing must not pass.
    echo "error: pytest collected no tests" >&2
    return 1
  fi
  return "$rc"
}

# The mutants (88 s) run in CI (CI set, or PLAYBOSS_MUTANTS=1 as .ci/run sets it), left out of a developer's
# pass; `pytest -m mutants` runs them alone.
if [[ -n "${CI:-}" || -n "${PLAYBOSS_MUTANTS:-}" ]]; then
  run_pytest -m "not services" "$@"
else
  echo "note: the mutants are left out (CI unset); run them with: python -m pytest -m mutants" >&2
  run_pytest -m "not services and not mutants" "$@"
fi
DATABASE_URL="${PLAYBOSS_TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/playboss}" \
REDIS_URL="${PLAYBOSS_TEST_REDIS_URL:-redis://127.0.0.1:6379/15}" \
  run_pytest -m services -p no:cacheprovider "$@"
