#!/usr/bin/env bash
# Run the project in its venv. For now: a batch of bot games through the rules engine.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/venv.sh

python -m playboss.rules simulate --games 20 --teams 6 --seed 1
