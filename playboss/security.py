"""The content security policy header (Django 5.2 has none of its own; 6.0 will).

The policy is ``settings.CONTENT_SECURITY_POLICY``. Its ``{websocket}`` placeholder becomes the
site's own websocket origin (``ws://host`` or ``wss://host``): CSP 3 lets ``'self'`` match it,
but browsers that predate that rule refuse a websocket to the page's own host without it.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponse

HEADER = "Content-Security-Policy"
REPORT_ONLY_HEADER = "Content-Security-Policy-Report-Only"


def policy_for(request: HttpRequest) -> str:
    policy: str = settings.CONTENT_SECURITY_POLICY
    if "{websocket}" not in policy:
        return policy
    try:
        host = request.get_host()
    except DisallowedHost:  # answered with 400 already; the page loads nothing
        host = ""
    origin = f"{'wss' if request.is_secure() else 'ws'}://{host}" if host else ""
    return policy.replace("{websocket}", origin).replace(" ;", ";")


class ContentSecurityPolicyMiddleware:
    """Sync- and async-capable (issue 26): under daphne it runs on the event loop, so no
    worker thread of a request waits for the loop while daphne stops."""

    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        return add_policy(request, self.get_response(request))

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        get_response: Callable[[HttpRequest], Awaitable[HttpResponse]] = self.get_response
        return add_policy(request, await get_response(request))


def add_policy(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    header = REPORT_ONLY_HEADER if settings.CONTENT_SECURITY_POLICY_REPORT_ONLY else HEADER
    if settings.CONTENT_SECURITY_POLICY and header not in response:
        response[header] = policy_for(request)
    return response
