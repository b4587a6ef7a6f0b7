"""The websocket's Origin check (issue 23): a socket opens only from a page of this very site —
the same scheme, host AND port as the address the socket was opened at (its Host header), or
one of the origins the site trusts for forms (SITE_URL, CSRF_TRUSTED_ORIGINS). Channels'
``AllowedHostsOriginValidator`` compares the host alone, so a page on another port of an
allowed host (another service on the teacher's laptop) could open an authenticated socket.
A websocket is not covered by CSRF protection, hence this check before anything else."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.conf import settings

_DEFAULT_PORTS = {"http": 80, "https": 443}
_PAGE_SCHEME = {"ws": "http", "wss": "https"}


def origin_of(url: str) -> tuple[str, str, int] | None:
    """(scheme, host, port) of an http(s) origin, the port made explicit; None if it is none."""
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in _DEFAULT_PORTS or not parts.hostname:
        return None
    return scheme, parts.hostname.lower(), port or _DEFAULT_PORTS[scheme]


def trusted_origins() -> set[tuple[str, str, int]]:
    named = [settings.SITE_URL, *settings.CSRF_TRUSTED_ORIGINS]
    return {origin for origin in map(origin_of, named) if origin is not None}


def allowed(scope: dict[str, Any]) -> bool:
    headers = dict(scope.get("headers") or [])
    origin = origin_of(headers.get(b"origin", b"").decode("latin-1"))
    if origin is None:
        return False
    if origin in trusted_origins():
        return True
    page_scheme = _PAGE_SCHEME.get(str(scope.get("scheme") or "ws"), "http")
    own = origin_of(f"{page_scheme}://{headers.get(b'host', b'').decode('latin-1')}")
    return own is not None and origin == own


class SameOriginValidator:
    """ASGI middleware for websockets: refuses the handshake (close 403) of another origin."""

    def __init__(self, application: Any) -> None:
        self.application = application

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        if scope["type"] == "websocket" and not allowed(scope):
            from channels.security.websocket import WebsocketDenier

            denier = WebsocketDenier()
            return await denier(scope, receive, send)
        return await self.application(scope, receive, send)
