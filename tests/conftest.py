"""Shared test setup. pytest-django reads DJANGO_SETTINGS_MODULE from pyproject.toml.

Tests marked ``services`` need the real PostgreSQL and Redis on 127.0.0.1. Where those are
down they skip, so a laptop without them still runs the rest; under CI (CI set) a missing
service fails instead, because a skip there would hide that the tests never ran.
"""

import os
import shutil
import socket

import pytest

SERVICES = {"PostgreSQL": ("127.0.0.1", 5432), "Redis": ("127.0.0.1", 6379)}


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


@pytest.hookimpl(tryfirst=True)  # before fixtures try to reach the database
def pytest_runtest_setup(item: pytest.Item) -> None:
    if item.get_closest_marker("services"):
        down = [name for name, addr in SERVICES.items() if not _reachable(*addr)]
        if down:
            reason = f"service(s) not reachable: {', '.join(down)}"
            if os.environ.get("CI"):
                pytest.fail(f"{reason} (CI must run service-backed tests)", pytrace=False)
            pytest.skip(reason)
    if item.get_closest_marker("browser") and not shutil.which("chromium"):
        pytest.skip("Chromium not installed (apt-get install chromium chromium-driver)")
