"""Limits on what a request may carry, checked before anything reads the database (issue 11).

A request the site cannot take answers 4xx with a sentence in the page's language and changes
nothing; never 500:

- ``RequestLimitsMiddleware``: a body larger than the endpoint takes answers 413 before it is
  read; a NUL character in the path, the query, a cookie or a form field answers 400
  (PostgreSQL cannot store or even compare a text holding NUL, and no form of the site needs
  one).
- ``parse_json``: the JSON of a move or a game log, refused with ``RequestRefused`` when it is
  not JSON, nests deeper than any move or log does (Python's parser would recurse to death on
  50,000 levels), holds NaN or an infinity, or holds text the database cannot store (NUL, a
  lone surrogate).
"""

from __future__ import annotations

import json
import re
from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.http.request import RawPostDataException
from django.utils.translation import gettext as _

#: The largest move a screen sends: a private deal with its lists and 200 characters of
#: terms is under 2 KB; this leaves room for any legal move and none for a flood.
MOVE_MAX_BYTES = 16 * 1024
#: A game log's file (the import form says so too) plus the form around it.
LOG_MAX_BYTES = 5 * 1024 * 1024
#: Nesting of a move (``{"action": {"give": {"machines": [...]}}}``) or a log entry is 4-5
#: levels; anything much deeper is junk, refused before the parser recurses through it.
MAX_DEPTH = 32

_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class RequestRefused(Exception):
    """A request the site does not take: ``message`` for the person, ``status`` 400 or 413."""

    def __init__(self, message: str, status: int = 400, detail: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.status = status
        #: What the JSON parser said, when the text is no JSON at all.
        self.detail = detail


# ====================================================================== JSON
def nesting_depth(text: str) -> int:
    """How deep the brackets of a JSON text nest, strings left out; counted without
    recursion, so a text nested 50,000 deep is measured, not parsed."""
    brackets = _NOT_BRACKETS.sub("", _STRINGS.sub("", text))
    depth = deepest = 0
    for char in brackets:
        if char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        else:
            depth -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def _finite(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large")
    return value


def parse_json(data: bytes | str, *, max_bytes: int) -> Any:
    """The JSON value of a request's body or an uploaded file, or ``RequestRefused``."""
    if len(data) > max_bytes:
        raise RequestRefused(too_large_message(max_bytes), status=413)
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else data
    except UnicodeDecodeError as exc:
        raise RequestRefused(_("The request was not valid JSON."), detail=str(exc)) from exc
    if nesting_depth(text) > MAX_DEPTH:
        raise RequestRefused(_("The JSON nests deeper than %(most)d levels.")
                             % {"most": MAX_DEPTH})
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite)
    except (ValueError, RecursionError) as exc:
        raise RequestRefused(_("The request was not valid JSON."), detail=str(exc)) from exc
    if not storable(value):
        raise RequestRefused(_("The JSON holds text that cannot be stored (a NUL character or "
                               "half of a surrogate pair)."))
    return value


def storable(value: Any) -> bool:
    """Every text in ``value`` (keys too) is one the database can store: no NUL, no lone
    surrogate (``"\\ud800"`` is valid JSON but no UTF-8). Walked without recursion."""
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if not text_storable(item):
                return False
        elif isinstance(item, dict):
            stack.extend(item.keys())
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return True


def text_storable(text: str) -> bool:
    if "\x00" in text:
        return False
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def request_json(request: HttpRequest, *, max_bytes: int = MOVE_MAX_BYTES) -> Any:
    """The JSON body of a request (``{}`` when empty), or ``RequestRefused``."""
    try:
        body = request.body
    except RawPostDataException as exc:  # sent as a form upload, already read as one
        raise RequestRefused(_("The request was not valid JSON.")) from exc
    return parse_json(body or b"{}", max_bytes=max_bytes)


def too_large_message(max_bytes: int) -> str:
    return _("The request is too large: at most %(kb)d KB.") % {"kb": max(1, max_bytes // 1024)}


# ====================================================================== middleware
def body_limit(path: str) -> int:
    """The largest body an endpoint takes: a move is small, a game log's upload large, every
    other form Django's usual limit."""
    if path.endswith("/move/"):
        return MOVE_MAX_BYTES
    if path.endswith("/import/"):
        return LOG_MAX_BYTES + 64 * 1024
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE or 2_621_440)


def _has_nul(request: HttpRequest) -> bool:
    if "\x00" in request.path or "%00" in request.META.get("QUERY_STRING", "").lower():
        return True
    if any("\x00" in k or "\x00" in v for k, v in request.COOKIES.items()):
        return True
    for values in (request.GET, request.POST if _is_form(request) else None):
        if values is None:
            continue
        for key, items in values.lists():
            if "\x00" in key or any("\x00" in item for item in items):
                return True
    return False


def _is_form(request: HttpRequest) -> bool:
    return request.method == "POST" and request.content_type in (
        "application/x-www-form-urlencoded", "multipart/form-data")


class RequestLimitsMiddleware:
    """413 for a body larger than its endpoint takes (before it is read), 400 for NUL in the
    path, query, cookies or form fields. After LocaleMiddleware: the answer is in the page's
    language.

    Sync- and async-capable, as Django documents (issue 26): under daphne it runs on the event
    loop. A sync-only middleware made Django run the chain outside it in a worker thread that
    waited, through ``async_to_sync``, for the loop; a SIGTERM stopped the loop and left the
    thread, and with it the process, waiting for ever. The checks wait for nothing: headers,
    path, query and cookies are parsed already, and a form's body has been read (spooled) by
    Django's ASGI handler before any middleware runs; parsing a form's fields (a game log's
    upload at most) is then work on the loop, not a wait."""

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
        return refusal_for(request) or self.get_response(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        refused = refusal_for(request)
        if refused is not None:
            return refused
        get_response: Callable[[HttpRequest], Awaitable[HttpResponse]] = self.get_response
        return await get_response(request)


def refusal_for(request: HttpRequest) -> HttpResponse | None:
    """The 413 or 400 answer for a request the site does not take, or None."""
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        length = 0
    limit = body_limit(request.path)
    if length > limit:
        return _refusal(request, too_large_message(limit), 413)
    # A form Django cannot parse raises here and is answered 400 by Django's handler.
    if _has_nul(request):
        return _refusal(request, _("The request holds a NUL character."), 400)
    return None


def _refusal(request: HttpRequest, message: str, status: int) -> HttpResponse:
    if request.path.endswith("/move/") or "application/json" in request.headers.get(
            "Accept", ""):
        return JsonResponse({"ok": False, "error": message}, status=status)
    return HttpResponse(message, status=status, content_type="text/plain; charset=utf-8")
