"""What the site answers when its database does not (issue 23): a move gets JSON 503 with a
sentence, a page a short "try again" page with 503 — never Django's "Server Error (500)" nor a
traceback. Installed as the site's ``handler500`` (playboss/urls.py): Django calls it inside the
``except`` of the failed request, so the exception is at hand; every other error keeps Django's
own 500 answer. Nothing here reads the session or the user: both live in the database.
"""

from __future__ import annotations

import sys

from django.db import DatabaseError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils.translation import gettext as _
from django.views import defaults

#: Seconds a browser is told to wait before it asks again (the ``Retry-After`` header).
RETRY_AFTER = 15


def database_down(exc: BaseException | None) -> bool:
    """The request failed because the database could not be reached or used: a connection
    refused, a connect or pool timeout (psycopg_pool's PoolTimeout is an OperationalError that
    Django wraps), a connection lost mid-request."""
    while exc is not None:
        if isinstance(exc, DatabaseError):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def wants_json(request: HttpRequest) -> bool:
    return (request.path.endswith("/move/") or request.content_type == "application/json"
            or "application/json" in request.headers.get("Accept", ""))


def server_error(request: HttpRequest) -> HttpResponse:
    if not database_down(sys.exc_info()[1]):
        return defaults.server_error(request)
    response: HttpResponse
    if wants_json(request):
        response = JsonResponse({"ok": False, "error": _(
            "The game's database does not answer right now, so nothing was changed. Try "
            "again in a moment.")}, status=503)
    else:
        page = loader.render_to_string("unavailable.html", {"sentence": _(
            "The site cannot reach its database right now. Nothing was lost: try again in a "
            "moment.")})
        response = HttpResponse(page, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    response["Cache-Control"] = "no-store"
    return response
