#!/usr/bin/env bash
# Regenerate requirements.lock from pyproject.toml (the project's and the dev dependencies,
# every transitive package pinned exactly) with pip-tools' pip-compile, from the package
# registry. The versions already in the lock are kept unless a dependency needs otherwise;
# `bash scripts/lock.sh --upgrade` takes the newest allowed (then run scripts/test.sh).
# pip-tools runs from a throwaway venv, so it never lands in the project's.
set -euo pipefail
cd "$(dirname "$0")/.."
TOOLS="$(mktemp -d)"
trap 'rm -rf "$TOOLS"' EXIT
python3 -m venv "$TOOLS"
"$TOOLS/bin/pip" install -q pip-tools==7.6.2
"$TOOLS/bin/pip-compile" --quiet --extra=dev --strip-extras --no-emit-index-url \
  --no-emit-find-links --no-emit-trusted-host --output-file=requirements.lock "$@" pyproject.toml
echo "requirements.lock written; install it with: source scripts/venv.sh"
