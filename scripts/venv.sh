# Sourced by run.sh, test.sh and .ci/run: make .venv if missing, enter it, install the project.
# Everything goes into .venv so a fresh machine needs only Python 3.11.
if [[ ! -x .venv/bin/python ]]; then
  python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
# Exactly the versions of requirements.lock (issue 23), every transitive package included: the
# same commit installs the same tools everywhere. --no-deps: nothing outside the lock comes in;
# `pip check` then fails if the lock lacks a package something needs. The project itself goes
# in editable, without dependencies (they are all in the lock). To change a dependency, edit
# pyproject.toml and run scripts/lock.sh; tests/test_lock.py fails while the two disagree.
pip install -q --no-deps -r requirements.lock -e .
pip check >/dev/null || { pip check >&2; echo "error: requirements.lock is incomplete (pip check)" >&2; exit 1; }
