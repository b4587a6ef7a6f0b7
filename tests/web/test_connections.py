"""Database connections on PostgreSQL: one process never holds more than its pool's size.

Under ASGI every request thread used to keep a connection of its own for CONN_MAX_AGE seconds,
so an idle daphne process sat on dozens and a few of them used up PostgreSQL's 100. Now
CONN_MAX_AGE is 0 and the process shares a psycopg pool of ``DB_POOL_SIZE`` connections.

pytest-django and the pool get along because Django creates the pool lazily, at the first
connection after the test database has been set up (the pool's connection parameters, the
database name among them, are fixed when it is created), and closes it before it drops or
clones a test database (``DatabaseCreation._destroy_test_db`` / ``_clone_test_db``).
"""

from __future__ import annotations

import threading
import time
from typing import Any

import psycopg
import pytest
from django.conf import settings
from django.db import connection, connections

from classroom.models import Game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True),
              pytest.mark.timeout(120)]


def _own_connections(monitor: psycopg.Connection[Any], database: str) -> int:
    """Backends on the test database, but for the monitor's own (this test is the only client
    of the test database while it runs)."""
    row = monitor.execute("SELECT count(*) FROM pg_stat_activity WHERE datname = %s "
                          "AND pid <> pg_backend_pid()", (database,)).fetchone()
    assert row is not None
    return int(row[0])


def test_the_settings_pool_postgresql_connections() -> None:
    db = settings.DATABASES["default"]
    assert db["CONN_MAX_AGE"] == 0
    assert db["OPTIONS"]["pool"]["max_size"] == settings.DB_POOL_SIZE
    assert connection.pool is not None


def test_many_threads_share_at_most_pool_size_connections(game: Game) -> None:
    size = settings.DB_POOL_SIZE
    threads = 4 * size
    database = connection.settings_dict["NAME"]
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("prepare_threshold", None)
    monitor = psycopg.connect(**params, autocommit=True)  # outside the pool, not counted
    peak, errors = 0, []
    done = threading.Event()

    def watch() -> None:
        nonlocal peak
        while not done.is_set():
            peak = max(peak, _own_connections(monitor, database))
            time.sleep(0.01)

    barrier = threading.Barrier(threads)

    def query(n: int) -> None:
        barrier.wait()
        try:
            for _ in range(3):
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_sleep(0.1)")
                assert Game.objects.filter(pk=game.pk).exists()
                connections.close_all()  # back to the pool, as at the end of a request
        except Exception as exc:  # a pool timeout would show here
            errors.append(f"{type(exc).__name__}: {exc}")
        finally:
            connections.close_all()

    watcher = threading.Thread(target=watch)
    watcher.start()
    workers = [threading.Thread(target=query, args=(n,)) for n in range(threads)]
    try:
        for worker in workers:
            worker.start()
        for worker in workers:
            worker.join()
    finally:
        done.set()
        watcher.join()
        monitor.close()
    print(f"{threads} threads, pool of {size}: at most {peak} connections")
    assert errors == []
    assert peak <= size, f"{peak} connections open for a pool of {size}"
    assert peak >= size - 1, "the threads never ran at once: the test proved nothing"
    stats = connection.pool.get_stats()
    print(f"pool stats {stats}")
    assert stats["pool_max"] == size and stats["requests_queued"] > 0  # threads waited
