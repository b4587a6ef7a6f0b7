"""Playboss Classroom: the site's wiring (settings, urls, asgi, celery) and the rules engine.

The usual Django + Celery recipe imports the Celery app here. We don't: ``playboss.rules`` is a
subpackage, so anything imported here is paid by every ``import playboss.rules``, and the rules
engine must stay pure and fast to import (no Django, no Celery). Instead
``classroom.apps.ClassroomConfig.ready`` loads the Celery app, which runs in every process that
starts Django (manage.py, daphne, pytest-django, the worker) before any task can be sent. The
name ``celery_app`` is still offered here, resolved on first use (PEP 562).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from celery import Celery

    celery_app: Celery

__all__ = ["celery_app"]


def __getattr__(name: str) -> Any:
    if name == "celery_app":
        from playboss.celery import app

        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
