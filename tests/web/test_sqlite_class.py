"""The embedded default under a class: 15 games on one process, every game's moves pressed from
a thread of its own and screens reading all the while, on a file-based SQLite (pytest's own
test database is in memory, so ``sqlite_class.py`` runs in a fresh interpreter with a file of
its own). WAL, write transactions that take the lock when they begin (IMMEDIATE) and a busy
timeout (settings.py) mean nobody ever hears "database is locked"."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).with_name("sqlite_class.py")


@pytest.mark.timeout(300)
def test_a_class_of_15_games_on_sqlite_never_hears_database_is_locked(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    result = subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "class.sqlite3"), "--games", "15",
         "--moves", "40"], env=env, capture_output=True, text=True, timeout=280)
    assert result.stdout.strip(), result.stderr[-3000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    print(report)
    assert report["locked"] == 0 and report["errors"] == [], report
    assert result.returncode == 0, result.stderr[-3000:]
    assert report["journal_mode"] == "wal"
    assert report["moves"] == 15 * 40  # every game made all its moves
