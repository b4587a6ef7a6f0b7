"""Handing work to Celery, and doing it here when the broker cannot be reached.

With ``REDIS_URL`` set, bots, round deadlines and reports go to a Celery worker through Redis.
When Redis is down, a move must still be answered and the game must go on: sending fails fast
(settings: ``CELERY_BROKER_*``, ``CELERY_TASK_PUBLISH_RETRY_POLICY``), the failure is logged,
and the task runs in this process instead — as it always does with the embedded defaults
(``CELERY_TASK_ALWAYS_EAGER``). Work that other paths cover as well (a round's deadline: every
screen asks to close an overdue round) may be dropped instead.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from datetime import datetime
from typing import Any, Literal

from django import db
from django.conf import settings

log = logging.getLogger(__name__)

Sent = Literal["queued", "here", "dropped"]


def send(task: Any, *args: Any, eta: datetime | None = None, run_here: bool = True) -> Sent:
    """Queue ``task(*args)``; when the broker is unreachable, run it now in this process
    (``run_here``) or drop it. Returns what happened. With the embedded defaults the task runs
    at once (eager), and its own errors reach the caller as before."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        task.apply_async(args, eta=eta)
        return "here"
    try:
        task.apply_async(args, eta=eta)
    except Exception as exc:  # broker or result store unreachable (kombu, redis-py, Celery)
        log.warning("could not queue %s%r (%s: %s); %s", task.name, args, type(exc).__name__,
                    exc, "running it here" if run_here else "dropped")
        if not run_here:
            return "dropped"
        task(*args)
        return "here"
    return "queued"


def _thread_timer(seconds: float, call: Callable[[], None]) -> None:
    """Run ``call`` in a daemon thread after ``seconds`` (and close the thread's database
    connections after it)."""
    def run() -> None:
        try:
            call()
        except Exception:  # a thread's error would vanish: log it, the game waits
            log.exception("a delayed task failed")
        finally:
            db.connections.close_all()

    timer = threading.Timer(seconds, run)
    timer.daemon = True
    timer.start()


#: How work is delayed when no worker takes it (eager tasks, the broker down): a timer thread
#: of this process. Tests replace it with a fake that records what is due (no timed waits).
LATER: Callable[[float, Callable[[], None]], None] = _thread_timer


def send_later(task: Any, *args: Any, seconds: float) -> Sent:
    """Queue ``task(*args)`` to run ``seconds`` from now (a Celery countdown). With the
    embedded defaults (eager tasks) or the broker unreachable, a timer of this process runs it
    (``LATER``): paced bots go on with no worker and no browser open, as long as this server
    runs. A restart ends the wait: the sweep of ``classroom.pacing`` (Celery beat, a screen's
    connect) starts paced bots again, as does the next change of the game."""
    if not settings.CELERY_TASK_ALWAYS_EAGER:
        try:
            task.apply_async(args, countdown=seconds)
            return "queued"
        except Exception as exc:  # broker or result store unreachable
            log.warning("could not queue %s%r (%s: %s); a timer runs it here", task.name,
                        args, type(exc).__name__, exc)
    LATER(seconds, lambda: task(*args))
    return "here"
