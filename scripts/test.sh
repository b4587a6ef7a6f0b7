#!/usr/bin/env bash
# Lint and test in the project's venv. Extra arguments go to pytest.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh

ruff check .

rc=0
python -m pytest "$@" || rc=$?
if [[ $rc -eq 5 ]]; then
  # pytest's "no tests collected": a green run that tested nothing must not pass.
  echo "error: pytest collected no tests" >&2
  exit 1
fi
exit "$rc"
