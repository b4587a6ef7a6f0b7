"""Issue 23, the suite: scripts/test.sh runs both passes in parallel (pytest-xdist). In the
services pass each worker has its own Redis database (tests/xdist_workers.py), and a parallel
run with REDIS_URL that lacks that plugin stops before any test runs."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _plugin() -> ModuleType:
    spec = importlib.util.spec_from_file_location("xdist_workers_under_test",
                                                  ROOT / "tests" / "xdist_workers.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    saved = dict(os.environ)
    try:
        spec.loader.exec_module(module)
    finally:  # importing it marks the environment; leave this process's as it was
        os.environ.clear()
        os.environ.update(saved)
    return module


def test_each_worker_gets_its_own_redis_database_and_never_the_soaks() -> None:
    url = _plugin().worker_redis_url
    dbs = [url("redis://127.0.0.1:6379/15", f"gw{n}") for n in range(5)]
    assert dbs == [f"redis://127.0.0.1:6379/{db}" for db in (15, 14, 12, 11, 10)]
    assert url("redis://:pw@10.0.0.1:6380/3", "gw1") == "redis://:pw@10.0.0.1:6380/2"
    with pytest.raises(RuntimeError, match="fewer workers"):
        url("redis://127.0.0.1:6379/1", "gw2")


def test_a_parallel_run_on_redis_without_the_plugin_stops() -> None:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTEST_", "PLAYBOSS_XDIST"))}
    env["REDIS_URL"] = "redis://127.0.0.1:6379/15"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-n", "2", "-o", "addopts=", "-p", "no:cacheprovider",
         "tests/test_lock.py"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 4, done.stdout[-2000:] + done.stderr[-2000:]
    assert "-p tests.xdist_workers" in done.stderr


def test_the_script_runs_both_passes_in_parallel_with_the_plugin() -> None:
    script = (ROOT / "scripts" / "test.sh").read_text()
    assert 'python -m pytest -p tests.xdist_workers -n "$WORKERS" --dist worksteal' in script
    assert script.count("run_pytest ") >= 3  # the function, pass 1 (either form), pass 2
