"""A pytest plugin for running the suite in parallel (pytest-xdist): each worker of the
services pass gets a Redis database of its own, as pytest-django gives each its own PostgreSQL
test database (``test_<name>_gw0``, ...). The channel layer, Celery's broker and results, the
throttle's cache and the Celery worker a test starts all read ``REDIS_URL``, so two workers
never take each other's tasks, messages or counters.

It must act before Django reads its settings (pytest-django does that before any conftest is
imported), so scripts/test.sh loads it with ``-p tests.xdist_workers``; tests/conftest.py stops
a parallel services run that lacks it.
"""

from __future__ import annotations

import os
from urllib.parse import urlsplit, urlunsplit

#: Redis databases the services pass may use, one per worker, in order: 13 is left to the
#: idle-socket soak of .ci/run, which runs beside the suite.
SOAK_DB = 13


def worker_redis_url(url: str, worker: str) -> str:
    """``url`` with the database of worker ``gw<n>``: the configured one for gw0, then the
    ones below it (skipping the soak's)."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    free = [db for db in range(base, -1, -1) if db != SOAK_DB or db == base]
    index = int(worker.removeprefix("gw"))
    if index >= len(free):
        raise RuntimeError(f"{worker}: no Redis database left below {base} for this worker; "
                           "use fewer workers (-n) or a higher database in REDIS_URL")
    return urlunsplit(parts._replace(path=f"/{free[index]}"))


_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if _worker and os.environ.get("REDIS_URL"):
    os.environ["REDIS_URL"] = worker_redis_url(os.environ["REDIS_URL"], _worker)
os.environ["PLAYBOSS_XDIST_WORKERS_PLUGIN"] = "1"
