"""``/healthz``: is this server process able to run a class? For a reverse proxy's or a
monitor's checks (docs/deploy.md).

It checks what a move needs: the database (one ``SELECT 1``), and with ``REDIS_URL`` set Redis
(a ``PING``) and a Celery worker (a control ping that returns at the first answer). Each
check has a short timeout, so a dead service costs a second, not a hung check. The answer is
JSON, 200 when everything configured is well and 503 otherwise; it names each check and its
outcome only, never an address, a password or an exception's text (those go to the log). It
reads no session and sets no cookie, and is exempt from the HTTPS redirect
(``SECURE_REDIRECT_EXEMPT``) so a monitor may ask the ASGI processes directly.
"""

from __future__ import annotations

import logging
import threading
from typing import Literal

from django.conf import settings
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

log = logging.getLogger(__name__)

Outcome = Literal["ok", "failing", "not configured", "not checked"]
#: Seconds each of Redis and the Celery worker may take to answer.
TIMEOUT = 1.0
#: Seconds the database may take (issue 23: a dead PostgreSQL kept the check waiting for the
#: pool's DB_POOL_TIMEOUT, 10 s; docs/deploy.md promises about a second a check).
DATABASE_TIMEOUT = 1.5


def _select_one() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_database() -> Outcome:
    """``SELECT 1`` in a thread of its own, waited for DATABASE_TIMEOUT at most: a database that
    does not answer fails the check in time, whatever the pool's or the driver's timeouts are
    (the thread gives up on its own after them and closes its connection)."""
    failed: list[BaseException] = []

    def probe() -> None:
        try:
            _select_one()
        except Exception as exc:  # any driver's error: the database cannot serve a move
            failed.append(exc)
        finally:
            try:
                connection.close()  # this thread's own connection (back to the pool)
            except Exception:  # closing a broken connection may fail too: nothing to keep
                log.debug("health: closing the probe's connection failed", exc_info=True)

    thread = threading.Thread(target=probe, name="healthz-database", daemon=True)
    thread.start()
    thread.join(DATABASE_TIMEOUT)
    if thread.is_alive():
        log.error("health: the database did not answer within %s s", DATABASE_TIMEOUT)
        return "failing"
    if failed:
        log.error("health: the database does not answer", exc_info=failed[0])
        return "failing"
    return "ok"


def check_redis() -> Outcome:
    if not settings.REDIS_URL:
        return "not configured"
    import redis

    try:
        client = redis.Redis.from_url(settings.REDIS_URL, socket_timeout=TIMEOUT,
                                      socket_connect_timeout=TIMEOUT)
        try:
            client.ping()
        finally:
            client.close()
    except Exception:  # redis-py's errors: unreachable, refused, a wrong password
        log.exception("health: Redis does not answer")
        return "failing"
    return "ok"


def check_celery() -> Outcome:
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return "not configured"  # tasks run in this process
    from playboss.celery import app

    try:
        replies = app.control.ping(timeout=TIMEOUT, limit=1)
    except Exception:  # the broker went away between the Redis check and this one
        log.exception("health: could not ask the Celery workers")
        return "failing"
    if not replies:
        log.warning("health: no Celery worker answered within %s s", TIMEOUT)
        return "failing"
    return "ok"


def checks() -> dict[str, Outcome]:
    result: dict[str, Outcome] = {"database": check_database(), "redis": check_redis()}
    # Without Redis no worker can be reached; asking would wait for the broker's timeouts.
    result["celery"] = "not checked" if result["redis"] == "failing" else check_celery()
    return result


@never_cache
@require_safe
def healthz(request: HttpRequest) -> JsonResponse:
    result = checks()
    healthy = all(outcome in ("ok", "not configured") for outcome in result.values())
    return JsonResponse({"status": "ok" if healthy else "failing", "checks": result},
                        status=200 if healthy else 503)
