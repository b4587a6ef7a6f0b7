"""Issue 26: nothing sync blocks daphne's event loop. Every middleware is async-capable (as
Django documents), so under ASGI no request runs the chain in a worker thread that waits for
the loop through ``async_to_sync`` — the thread a SIGTERM left waiting for ever, and the daphne
with it (the SIGTERM itself: tests/web/test_graceful_shutdown.py). The refusals, the security
headers, static files and ``/healthz`` answer through the async chain as through the sync one."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync, iscoroutinefunction
from django.conf import settings
from django.core.handlers.asgi import ASGIHandler
from django.core.handlers.base import BaseHandler
from django.test import AsyncClient, Client
from django.utils.module_loading import import_string

from classroom.limits import MOVE_MAX_BYTES


@pytest.mark.parametrize("path", settings.MIDDLEWARE)
def test_every_middleware_is_async_capable(path: str) -> None:
    assert getattr(import_string(path), "async_capable", False), path


def test_the_asgi_chain_adapts_no_middleware(monkeypatch: pytest.MonkeyPatch) -> None:
    # A sync-only middleware makes Django wrap it (and everything outside it) in sync_to_async
    # and what is inside in async_to_sync: each such adaptation is a call that changes mode.
    # (A sync process_view hook, CSRF's, runs in a thread from the loop and returns: no wait
    # for the loop, so not counted.)
    adapted: list[str] = []
    original = BaseHandler.adapt_method_mode

    def spy(self: BaseHandler, is_async: bool, method: Any, method_is_async: Any = None,
            debug: bool = False, name: str | None = None) -> Any:
        result = original(self, is_async, method, method_is_async, debug, name)
        if result is not method and (name or "").startswith("middleware "):
            adapted.append(name or "")
        return result

    monkeypatch.setattr(BaseHandler, "adapt_method_mode", spy)
    handler = ASGIHandler()
    assert adapted == []
    assert iscoroutinefunction(handler._middleware_chain)


@pytest.mark.django_db
def test_nul_in_the_query_is_400_through_the_async_chain() -> None:
    response = async_to_sync(AsyncClient().get)("/join/?code=A%00B")
    assert response.status_code == 400
    assert b"NUL" in response.content


@pytest.mark.django_db
def test_an_oversized_move_is_413_through_the_async_chain() -> None:
    response = async_to_sync(AsyncClient().post)("/games/1/move/", data=b"x" * (MOVE_MAX_BYTES + 1),
                                        content_type="application/json")
    assert response.status_code == 413
    assert response.json()["ok"] is False


@pytest.mark.django_db(transaction=True)
def test_a_page_through_the_async_chain_carries_the_security_headers() -> None:
    response = async_to_sync(AsyncClient().get)("/join/")
    assert response.status_code == 200
    assert response["Content-Security-Policy"].startswith("default-src 'self'")
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


STATIC = "/static/classroom/live.js"


@pytest.mark.parametrize("asynchronous", [False, True])
def test_static_files_carry_the_security_headers(asynchronous: bool) -> None:
    get = async_to_sync(AsyncClient().get) if asynchronous else Client().get
    response = get(STATIC)
    assert response.status_code == 200
    for header, value in [("X-Frame-Options", "DENY"), ("X-Content-Type-Options", "nosniff"),
                          ("Referrer-Policy", "same-origin"),
                          ("Cross-Origin-Opener-Policy", "same-origin")]:
        assert response.get(header) == value, header
    assert response["Content-Security-Policy"].startswith("default-src 'self'")


@pytest.mark.django_db
def test_head_on_healthz_answers_like_get_without_a_body(client: Client) -> None:
    get = client.get("/healthz")
    head = client.head("/healthz")
    assert head.status_code == get.status_code == 200
    assert head["Content-Type"] == get["Content-Type"] == "application/json"
    assert head.content == b""
    assert client.post("/healthz").status_code == 405
