"""Shared test setup. pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml.

Tests marked ``services`` need the real PostgreSQL and Redis on 127.0.0.1. Where those are
down they skip, so a laptop without them still runs the rest; under CI (CI set) a missing
service fails instead, because a skip there would hide that the tests never ran.
"""

import os
import shutil
import socket
import subprocess
from collections.abc import Iterator

import pytest

SERVICES = {"PostgreSQL": ("127.0.0.1", 5432), "Redis": ("127.0.0.1", 6379)}


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def _configured_for_services() -> bool:
    """This run uses PostgreSQL and Redis (the second pass of scripts/test.sh), not the
    embedded defaults."""
    from django.conf import settings
    from django.db import connection

    return connection.vendor == "postgresql" and bool(settings.REDIS_URL)


def pytest_configure(config: pytest.Config) -> None:
    """Parallel workers on one Redis database would take each other's Celery tasks and channel
    messages: a parallel run (pytest-xdist's -n) with REDIS_URL needs the plugin that gives
    each worker its own."""
    from django.conf import settings

    parallel = bool(config.getoption("numprocesses", None)) or "PYTEST_XDIST_WORKER" in os.environ
    if parallel and settings.REDIS_URL and not os.environ.get("PLAYBOSS_XDIST_WORKERS_PLUGIN"):
        raise pytest.UsageError("with REDIS_URL and -n, load tests/xdist_workers.py: "
                                "python -m pytest -p tests.xdist_workers ... (as scripts/test.sh)")


@pytest.hookimpl(tryfirst=True)  # before fixtures try to reach the database
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("services"):
        down = [name for name, addr in SERVICES.items() if not _reachable(*addr)]
        if down:
            reason = f"service(s) not reachable: {', '.join(down)}"
            if os.environ.get("CI"):
                pytest.fail(f"{reason} (CI must run service-backed tests)", pytrace=False)
            pytest.skip(reason)
        if not _configured_for_services():
            pytest.skip("runs in the second pass, with DATABASE_URL (PostgreSQL) and REDIS_URL")
    if item.get_closest_marker("nginx") and not (shutil.which("nginx")
                                                 or os.path.exists("/usr/sbin/nginx")):
        if os.environ.get("CI"):
            pytest.fail("nginx is not installed (CI must run the rolling-restart test)",
                        pytrace=False)
        pytest.skip("nginx not installed (apt-get install nginx-light)")
    if item.get_closest_marker("browser") and not shutil.which("chromium"):
        pytest.skip("Chromium not installed (apt-get install chromium chromium-driver)")


@pytest.fixture(autouse=True)
def _fresh_join_throttle() -> Iterator[None]:
    """Each test starts with no wrong join tries counted: the counters outlive a test (they
    are in a cache, not the database), and the wrong PINs of earlier tests would add up to a
    429 in a later one."""
    from classroom import throttle

    throttle.forget_all()
    yield


@pytest.fixture
def celery_worker_process(db: object) -> Iterator[subprocess.Popen[str]]:
    """A real Celery worker on the machine's Redis, reading and writing the test database (for
    the real-service tests of the second pass; they need `transaction=True`)."""
    import sys
    from pathlib import Path

    from django.conf import settings
    from django.db import connection

    from playboss.celery import app as celery_app

    celery_app.control.purge()  # nothing left over from an earlier run
    db_settings = connection.settings_dict  # the test database, not the configured one
    env = dict(os.environ)
    env["DATABASE_URL"] = (f"postgres://{db_settings['USER']}@"
                           f"{db_settings['HOST'] or '127.0.0.1'}:{db_settings['PORT'] or 5432}/"
                           f"{db_settings['NAME']}")
    env["REDIS_URL"] = settings.REDIS_URL
    env["MEDIA_ROOT"] = str(settings.MEDIA_ROOT)  # the worker writes where the site reads
    worker = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "playboss", "worker", "--pool=solo",
         "--concurrency=1", "--loglevel=WARNING", "--without-heartbeat", "--without-gossip",
         "--without-mingle"],
        cwd=Path(__file__).resolve().parents[1], env=env, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL, text=True)
    try:
        yield worker
    finally:
        worker.terminate()
        try:
            worker.wait(timeout=10)
        except subprocess.TimeoutExpired:
            worker.kill()


@pytest.fixture(autouse=True)
def _fresh_caches() -> Iterator[None]:
    """Test databases reuse ids: never let a test read another test's cached game state,
    rendered screen regions or game rows."""
    from classroom import consumers, news, screens, state_store
    from classroom.templatetags.regions import MEMO

    with state_store._lock:
        state_store._cache.clear()
    news.forget_all()
    MEMO.clear()
    screens._stamps.clear()
    consumers._games.clear()
    consumers._by_session.clear()  # the sockets counted against their caps
    consumers._by_team.clear()
    yield


@pytest.fixture(autouse=True, scope="session")
def _check_invariants_after_refusals() -> None:
    """Every refused move of the site's tests checks the engine's invariants on the state it
    leaves (``classroom.state_store.keep_if_unchanged``), as ``DEBUG`` does."""
    from django.conf import settings

    settings.PLAYBOSS_CHECK_AFTER_REFUSAL = True


@pytest.fixture(autouse=True)
def _default_language() -> Iterator[None]:
    """Each test starts in the site's default language. A page requested in German leaves
    German active in the test's thread (LocaleMiddleware activates a request's language and
    never deactivates it), and a ServiceError is told in the language active where its
    message is read."""
    from django.conf import settings
    from django.utils import translation

    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.deactivate()
