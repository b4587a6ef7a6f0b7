"""What the settings make of the environment, for the connections and Redis (issue 9). Each
case reads ``playboss.settings`` afresh in a subprocess with its own environment."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
READ = """
import json
from playboss import settings as s
print(json.dumps({"db": s.DATABASES["default"], "layers": s.CHANNEL_LAYERS,
                  "celery": {k: v for k, v in vars(s).items() if k.startswith("CELERY_")},
                  "broadcast_timeout": s.BROADCAST_TIMEOUT}, default=str))
"""


def read_settings(**env: str) -> dict[str, Any]:
    clean = {k: v for k, v in os.environ.items()
             if k not in ("DATABASE_URL", "REDIS_URL", "DB_POOL_SIZE", "DB_POOL_TIMEOUT",
                          "SQLITE_TIMEOUT", "REDIS_SOCKET_TIMEOUT", "REDIS_CONNECT_TIMEOUT",
                          "BROADCAST_TIMEOUT")}
    clean.update(env)
    result = subprocess.run([sys.executable, "-c", READ], cwd=ROOT, env=clean,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr[-2000:]
    return dict(json.loads(result.stdout))


def test_postgresql_gets_a_pool_of_db_pool_size_and_no_persistent_connections() -> None:
    db = read_settings(DATABASE_URL="postgres://postgres@127.0.0.1:5432/playboss",
                       DB_POOL_SIZE="5", DB_POOL_TIMEOUT="3")["db"]
    assert db["CONN_MAX_AGE"] == 0  # Django's pool refuses persistent connections anyway
    assert db["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 5, "timeout": 3.0}
    default = read_settings(DATABASE_URL="postgres://postgres@127.0.0.1:5432/playboss")["db"]
    assert default["OPTIONS"]["pool"]["max_size"] == 8


def test_sqlite_writes_in_wal_with_immediate_transactions_and_a_busy_timeout() -> None:
    db = read_settings()["db"]
    assert db["ENGINE"].endswith("sqlite3") and db["CONN_MAX_AGE"] == 0
    options = db["OPTIONS"]
    assert options["transaction_mode"] == "IMMEDIATE" and options["timeout"] == 20
    assert "journal_mode=WAL" in options["init_command"]
    assert "pool" not in options


def test_redis_reads_outlast_channels_redis_blocking_read_and_fail_fast() -> None:
    from channels_redis.core import RedisChannelLayer

    data = read_settings(REDIS_URL="redis://127.0.0.1:6379/0")
    (host,) = data["layers"]["default"]["CONFIG"]["hosts"]
    assert host["address"] == "redis://127.0.0.1:6379/0"
    # The socket timeout must be well above the blocking read, or idle sockets close with 1011.
    assert host["socket_timeout"] >= 3 * RedisChannelLayer.brpop_timeout
    assert host["socket_connect_timeout"] <= 2
    celery = data["celery"]
    assert celery["CELERY_TASK_ALWAYS_EAGER"] is False
    assert celery["CELERY_TASK_PUBLISH_RETRY_POLICY"]["max_retries"] <= 1
    assert celery["CELERY_BROKER_TRANSPORT_OPTIONS"]["socket_connect_timeout"] <= 2
    assert celery["CELERY_TASK_IGNORE_RESULT"] is True
    assert 0 < data["broadcast_timeout"] <= 5


@pytest.mark.parametrize("name", ["DB_POOL_SIZE", "REDIS_SOCKET_TIMEOUT"])
def test_a_setting_that_is_not_a_number_is_refused(name: str) -> None:
    result = subprocess.run([sys.executable, "-c", READ], cwd=ROOT, capture_output=True,
                            text=True, timeout=60, env={**os.environ, name: "many"})
    assert result.returncode != 0 and f"{name} must be a number" in result.stderr
