# Sourced by run.sh and test.sh: make .venv if missing, enter it, install the project.
# Everything goes into .venv so a fresh machine needs only Python 3.11.
if [[ ! -x .venv/bin/python ]]; then
  python3 -m venv .venv
fi
# shellcheck disable=SC1091
source .venv/bin/activate
# The exact versions of constraints.txt: the same commit installs the same tools everywhere.
pip install -q -e ".[dev]" -c constraints.txt
