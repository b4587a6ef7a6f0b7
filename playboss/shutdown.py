"""A daphne that stops gracefully on SIGTERM (issue 26).

Daphne's own shutdown cancels every request in the middle and leaves the rest to the
interpreter's exit. Installed by ``playboss/asgi.py`` when it runs under daphne's reactor,
this makes a SIGTERM (``systemctl stop``/``restart``, the upgrade script) do, in order:

1. stop accepting connections (the listening port closes: nginx tries the other process);
2. close every websocket with 4503 "restarting" (autobahn lets a server send 1000 or
   3000-4999 only; the site's codes are 4 + an HTTP status): the screens reconnect (live.js,
   after 0.5-1.5 s), through nginx to the other process, and fetch their screen again: they
   resync;
3. let the HTTP requests in flight finish, for up to ``PLAYBOSS_SHUTDOWN_DRAIN`` seconds (5),
   each connection closed after its answer (``Connection: close``) and idle keep-alive
   connections at once — a client (nginx) that kept its connection open would otherwise
   send the next request on it, and the drain would never end;
4. then daphne's own step (cancel what is left) and the reactor's stop;
5. at the interpreter's exit, before it joins the worker threads, cancel and finish the
   asyncio tasks still pending: a request's thread that waits for one (``async_to_sync``) is
   released, and none is left to the garbage collector during finalization, which crashed
   the process (SIGSEGV in ``asyncio.Queue.get``) after a shutdown under load.

With every middleware async-capable (docs/decisions/0034) no request's thread waits for the
event loop, so the process is gone within the drain plus a moment; the systemd unit's
``TimeoutStopSec`` (15 s) leaves room for that and kills what does not stop.
"""

from __future__ import annotations

import asyncio
import atexit
import logging
import os
import threading
import time
from typing import Any

log = logging.getLogger(__name__)

#: Seconds the requests in flight get to finish after SIGTERM.
DRAIN_SECONDS = float(os.environ.get("PLAYBOSS_SHUTDOWN_DRAIN", "5") or 5)
#: How often the drain looks whether the requests in flight are done.
POLL_SECONDS = 0.05
#: The websockets' close code on SIGTERM: reconnect (to another process) and resync.
RESTARTING = 4503


def install() -> None:
    """Hook the steps into daphne's reactor; a no-op outside daphne (tests, manage.py)."""
    import sys

    if "daphne.server" not in sys.modules:
        return
    from twisted.internet import reactor as twisted_reactor

    reactor: Any = twisted_reactor  # zope interfaces: mypy cannot type the reactor's methods
    # Registered on import of the application, before daphne registers its own step: ours
    # runs first and takes daphne's out of the queue to run it after the drain.
    reactor.addSystemEventTrigger("before", "shutdown", _drain)
    # Before the interpreter joins the worker threads (threading's own exit hooks run first,
    # newest first; concurrent.futures' join was registered earlier): a request's thread
    # still waiting for a coroutine on the stopped loop is released, not waited for.
    register = getattr(threading, "_register_atexit", atexit.register)
    register(_finish_pending_tasks)


def _daphne_server(reactor: Any) -> Any:
    """Daphne's ``Server``, found through its own shutdown step, which is taken out of the
    reactor's queue (the drain calls it when done)."""
    event = reactor._eventTriggers.get("shutdown")
    if event is None:
        return None
    for entry in list(event.before):
        step = entry[0]
        if getattr(step, "__name__", "") == "kill_all_applications":
            event.before.remove(entry)
            return getattr(step, "__self__", None)
    return None


def _drain() -> Any:
    from daphne.http_protocol import WebRequest
    from daphne.ws_protocol import WebSocketProtocol
    from twisted.internet import defer, task, tcp
    from twisted.internet import reactor as twisted_reactor
    from twisted.web import http

    reactor: Any = twisted_reactor

    server = _daphne_server(reactor)
    if server is None:
        return None
    for reader in list(reactor.getReaders()):
        if isinstance(reader, tcp.Port):
            reader.stopListening()
    sockets = 0
    for protocol, details in list(server.connections.items()):
        if isinstance(protocol, WebSocketProtocol) and "disconnected" not in details:
            try:
                protocol.serverClose(code=RESTARTING)
            except Exception:  # one socket's trouble must not stop the shutdown
                log.exception("SIGTERM: a websocket could not be closed")
            else:
                sockets += 1

    def close_keep_alive() -> None:
        for reader in list(reactor.getReaders()):
            channel = getattr(reader, "protocol", None)
            # Twisted's HTTPFactory wraps the channel (_GenericHTTPChannelProtocol).
            channel = getattr(channel, "_channel", channel)
            if isinstance(reader, tcp.Server) and isinstance(channel, http.HTTPChannel):
                channel.persistent = False  # closed after the answer now being made
                if not channel.requests:
                    reader.loseConnection()

    close_keep_alive()

    def in_flight() -> int:
        return sum(1 for protocol, details in list(server.connections.items())
                   if isinstance(protocol, WebRequest) and "disconnected" not in details)

    log.info("SIGTERM: not accepting; %d websockets closed; %d requests in flight",
             sockets, in_flight())
    began = time.monotonic()
    done: defer.Deferred[None] = defer.Deferred()

    def look() -> None:
        close_keep_alive()
        left = in_flight()
        if left and time.monotonic() - began < DRAIN_SECONDS:
            return
        if left:
            log.warning("SIGTERM: %d requests still running after %.0f s, cancelled",
                        left, DRAIN_SECONDS)
        looking.stop()
        result = server.kill_all_applications()
        result.addBoth(lambda _: done.callback(None))

    looking = task.LoopingCall(look)
    looking.start(POLL_SECONDS, now=True)
    return done


def _finish_pending_tasks() -> None:
    """Cancel the asyncio tasks the reactor's loop still holds and let them finish, at most a
    few seconds, so that none is collected half-run while the interpreter shuts down."""
    from twisted.internet import reactor

    loop = getattr(reactor, "_asyncioEventloop", None)
    if loop is None or loop.is_running() or loop.is_closed():
        return
    pending = [t for t in asyncio.all_tasks(loop) if not t.done()]
    for pending_task in pending:
        pending_task.cancel()
    if pending:
        loop.run_until_complete(asyncio.wait(pending, timeout=3))
    loop.run_until_complete(loop.shutdown_asyncgens())
    loop.close()
