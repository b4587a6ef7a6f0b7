"""Redis down: the class goes on. The cases are in ``redis_down_cases.py``; they run here in a
fresh pytest process whose settings module read ``REDIS_URL`` pointing at a port nobody listens
on, so it is the real configuration (channels-redis, Celery's broker and result store, their
timeouts and retry policies) that must fail fast and be caught — not a stand-in patched into
this process. The embedded database (SQLite in memory) keeps this in the first pass."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CASES = Path(__file__).with_name("redis_down_cases.py")


def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on (bound, then released)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.mark.timeout(300)
def test_the_site_keeps_working_while_redis_is_down() -> None:
    # The cases run in one process of their own: not as an xdist worker of this run.
    env = {k: v for k, v in os.environ.items()
           if k not in ("DATABASE_URL", "PYTEST_ADDOPTS", "PYTEST_CURRENT_TEST")
           and not k.startswith("PYTEST_XDIST")}
    env.update(REDIS_URL=f"redis://127.0.0.1:{closed_port()}/0", PLAYBOSS_REDIS_DOWN_CASES="1")
    result = subprocess.run(
        [sys.executable, "-m", "pytest", str(CASES), "-p", "no:cacheprovider", "-q", "-rA",
         "-o", "addopts=", "--timeout=60"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=280)
    report = result.stdout[-6000:] + result.stderr[-2000:]
    assert result.returncode == 0, report
    assert " passed" in result.stdout and " skipped" not in result.stdout, report
    print(report)
