"""Static files from the processes themselves (WhiteNoise), async-capable (issue 26).

WhiteNoise 6's middleware is synchronous only. Under daphne (ASGI) Django then runs it, and
every middleware outside it, in a worker thread, and reaches the async rest of the chain from
that thread through ``async_to_sync``: the thread waits for the event loop. When daphne stops
(SIGTERM) the loop stops with such a request half done, the thread waits for ever, and the
interpreter waits for the thread at exit — the daphne that would not stop. This subclass is
both sync- and async-capable, as Django documents ("Asynchronous support" in the middleware
docs): under ASGI it looks the file up on the loop (a dictionary lookup; with autorefresh, the
demo's, a lookup on disk in a thread of its own that never waits for the loop) and otherwise
awaits the rest of the chain.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Any

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.http import HttpRequest, HttpResponse
from whitenoise.middleware import WhiteNoiseMiddleware  # type: ignore[import-untyped]


class StaticFilesMiddleware(WhiteNoiseMiddleware):
    sync_capable = True
    async_capable = True

    def __init__(self, get_response: Callable[..., Any]) -> None:
        super().__init__(get_response)
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest) -> Any:
        if self.is_async:
            return self.__acall__(request)
        return super().__call__(request)

    async def __acall__(self, request: HttpRequest) -> HttpResponse:
        if self.autorefresh:
            static_file = await sync_to_async(self.find_file, thread_sensitive=False)(
                request.path_info)
        else:
            static_file = self.files.get(request.path_info)
        if static_file is not None:
            response: HttpResponse = self.serve(static_file, request)
            return response
        get_response: Callable[[HttpRequest], Awaitable[HttpResponse]] = self.get_response
        return await get_response(request)
