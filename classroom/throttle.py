"""Throttling of wrong join attempts (game code + PIN), per client address and per game.

A PIN is guessed by trying: every wrong try counts against the address it came from and
against the game code it named. Once the address's bucket holds its limit of failures, every
try from that address is refused with 429 until the bucket's window has passed — the right PIN
too, so a refusal says nothing about the PIN typed. The window starts with the bucket's first
failure (a fixed window, not aligned to the clock).

Once the *game's* bucket is full (a guess spread over many addresses), the game is "under
attack" and PIN joins are slowed, not closed (issue 23: a full game bucket used to refuse the
whole class for the window, renewable for ever): an address that has failed lately waits for
the game's window like before, and an address that has not failed takes a *slow slot* — the
game admits one such try at a time, the n-th of the window after a pause of
``min(JOIN_SLOW_MAX_SECONDS, 2 ** (n - 1))`` seconds behind the one before. The pause grows, so
however many addresses a guesser uses, a game gets at most ``JOIN_FAILURES_PER_GAME`` +
``slow_slots(JOIN_THROTTLE_SECONDS)`` guesses per window (64 with the defaults, see
docs/security.md for the arithmetic); a student whose try meets a taken slot waits seconds, not
minutes. A device that has joined keeps playing (its session holds the seat; nothing here
looks at it), and the QR links are not throttled. ``guessing`` tells the bank console.

The counters live in the ``"throttle"`` cache: Redis when ``REDIS_URL`` is set (shared by every
server process), otherwise memory of the one process the embedded default runs. When Redis
cannot be reached the counters fall back to this process's memory (logged): a join never fails
because Redis is down.

Teacher sign-in is django-axes' job (settings: "Sign-in and join throttling"); this module
holds its backend (``SignInLockout``) and logs its lockouts to the same logger.

The QR links are not throttled: their secrets are 128 random bits, which no rate of guessing
finds, and they stay the way in for a class whose one shared address (a school's NAT) is
locked out by a few mistyped PINs.
"""

from __future__ import annotations

import functools
import ipaddress
import logging
import math
import re
import time
from dataclasses import dataclass
from typing import Any

from axes.backends import AxesStandaloneBackend
from axes.signals import user_locked_out
from django.conf import settings
from django.core.cache import BaseCache, caches
from django.core.cache.backends.locmem import LocMemCache
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

log = logging.getLogger("classroom.security")

#: A game code as the site makes them; anything else typed shares one bucket.
_CODE = re.compile(r"[A-Z0-9]{1,8}")
_fallback = LocMemCache("playboss-throttle-fallback", {"OPTIONS": {"MAX_ENTRIES": 50_000}})


@dataclass(frozen=True)
class Bucket:
    kind: str  # "address" or "game"
    name: str  # the address or the game code
    failures: int
    seconds: int

    @property
    def key(self) -> str:
        return f"join:{self.kind}:{self.name}"


@dataclass(frozen=True)
class Refusal:
    """A join refused: which bucket is full, and how long until it empties."""

    bucket: Bucket
    retry_after: int  # seconds

    @property
    def minutes(self) -> int:
        return max(1, math.ceil(self.retry_after / 60))


def client_address(request: HttpRequest) -> str:
    """The address of the browser. ``REMOTE_ADDR`` (the TCP connection's peer) unless that
    peer is one of the ``TRUSTED_PROXIES``: then the rightmost address of X-Forwarded-For that
    is not itself a trusted proxy — the one the outermost of our proxies saw. Entries left of
    it were written by the client and are never trusted; and a request that reaches the site
    without the proxy has its X-Forwarded-For ignored whatever it says (issue 23: with
    ``TRUSTED_PROXY_COUNT`` alone any client could name its own address). Django-axes uses
    this function too (``AXES_CLIENT_IP_CALLABLE``), so both throttles agree on who is who."""
    remote = _valid(request.META.get("REMOTE_ADDR"))
    if not _is_trusted_proxy(remote):
        return remote
    forwarded = [part.strip() for part in
                 str(request.META.get("HTTP_X_FORWARDED_FOR", "")).split(",") if part.strip()]
    for entry in reversed(forwarded):
        address = _valid(entry)
        if address == UNKNOWN_ADDRESS or not _is_trusted_proxy(address):
            return address
    return remote  # no entry beyond our proxies: the socket's address is all we know


def _is_trusted_proxy(address: str) -> bool:
    if address == UNKNOWN_ADDRESS:
        return False
    ip = ipaddress.ip_address(address)
    return any(ip in network for network in _trusted_networks(
        tuple(getattr(settings, "TRUSTED_PROXIES", ()))))


@functools.lru_cache(maxsize=4)
def _trusted_networks(entries: tuple[str, ...]) -> tuple[ipaddress.IPv4Network
                                                         | ipaddress.IPv6Network, ...]:
    """TRUSTED_PROXIES as networks: an address is a network of one (settings checked them)."""
    return tuple(ipaddress.ip_network(entry, strict=False) for entry in entries)


#: Where no address is known (a request made inside the process, as ``force_login`` does):
#: one shared bucket, and an address PostgreSQL's inet column (axes' log) accepts.
UNKNOWN_ADDRESS = "0.0.0.0"


def _valid(value: object) -> str:
    """An IP address as text, or ``UNKNOWN_ADDRESS``: axes stores the address in an inet
    column, where anything else (``None``, a proxy's junk) would be a database error."""
    try:
        return str(ipaddress.ip_address(str(value).strip()))
    except ValueError:
        return UNKNOWN_ADDRESS


def buckets(request: HttpRequest, code: str) -> list[Bucket]:
    code = code if _CODE.fullmatch(code) else "?"
    return [
        Bucket("address", client_address(request), settings.JOIN_FAILURES_PER_ADDRESS,
               settings.JOIN_THROTTLE_SECONDS),
        Bucket("game", code, settings.JOIN_FAILURES_PER_GAME, settings.JOIN_THROTTLE_SECONDS),
    ]


def refused(request: HttpRequest, code: str) -> Refusal | None:
    """Whether a join with ``code`` from this request's address must wait (checked before the
    PIN is looked at): the address's full bucket; for a game under attack, the game's window
    (an address that has failed lately) or a taken slow slot (one that has not)."""
    now = time.time()
    address, game = buckets(request, code)
    address_count, address_until = _read(address)
    worst = _full(address, address_count, address_until, now)
    game_count, game_until = _read(game)
    game_full = _full(game, game_count, game_until, now)
    if worst is None and game_full is not None:
        if address_count > 0:  # this address guessed (or mistyped) lately: the game's window
            worst = game_full
        else:  # under attack, a clean address: one slow slot at a time
            wait = _take_slow_slot(game, now + game_full.retry_after, now)
            if wait:
                worst = Refusal(Bucket("slow", game.name, game.failures, game.seconds), wait)
            else:
                log.info("join slowed: game %s under attack, a slow slot to %s",
                         game.name, address.name)
    if worst is not None:
        log.info("join refused: %s %s has %d wrong tries, %d s to wait",
                 worst.bucket.kind, worst.bucket.name, worst.bucket.failures, worst.retry_after)
    return worst


def _full(bucket: Bucket, count: int, until: float, now: float) -> Refusal | None:
    if count < bucket.failures:
        return None
    if not until:  # its end was evicted: a whole window
        until = now + bucket.seconds
    return Refusal(bucket, max(1, math.ceil(until - now))) if until > now else None


def slow_delay(n: int) -> int:
    """The pause after the ``n``-th slow slot of a window (1, 2, 4, … seconds, at most
    ``JOIN_SLOW_MAX_SECONDS``)."""
    cap = int(settings.JOIN_SLOW_MAX_SECONDS)
    return cap if n > cap.bit_length() else min(cap, 2 ** (n - 1))


def slow_slots(seconds: float) -> int:
    """The most slow slots a game can hand out in ``seconds`` (its window): the first at once,
    each next one after the growing pause."""
    slots, elapsed = 1, 0
    while elapsed + slow_delay(slots) <= seconds:
        elapsed += slow_delay(slots)
        slots += 1
    return slots


def _take_slow_slot(game: Bucket, window_end: float, now: float) -> int:
    """0 when this try may go ahead (the slot is taken), else the seconds until the next slot.
    ``add`` is atomic (Redis SET NX, LocMem's lock): of concurrent tries one gets the slot."""
    try:
        return _take_slow_slot_in(_cache(), game, window_end, now)
    except Exception as exc:
        log.warning("throttle cache unreachable (%s): counting in this process", exc)
        return _take_slow_slot_in(_fallback, game, window_end, now)


def _take_slow_slot_in(cache: BaseCache, game: Bucket, window_end: float, now: float) -> int:
    key = f"join:slow:{game.name}"
    # The pause this slot will set, as far as the count tells before the slot is taken; set
    # again below once the count is known for sure (a concurrent slot may have counted).
    pause = slow_delay(int(cache.get(key) or 0) + 1)
    if not cache.add(key + ":next", now + pause, timeout=pause):
        nxt, read_at = cache.get(key + ":next"), time.time()  # ``now`` may be older
        return max(1, math.ceil(float(nxt or read_at + 1) - read_at))
    # The slots' count lives as long as the game's window: a new window starts at 1 s again.
    if cache.add(key, 1, timeout=max(1, math.ceil(window_end - now))):
        n = 1
    else:
        try:
            n = int(cache.incr(key))
        except ValueError:  # the count expired between add and incr
            cache.set(key, 1, timeout=max(1, math.ceil(window_end - now)))
            n = 1
    if slow_delay(n) != pause:
        pause = slow_delay(n)
        cache.set(key + ":next", now + pause, timeout=pause)
    return 0


def guessing(code: str) -> int:
    """The wrong tries for this game code in its current window when they have filled the
    game's bucket (someone is guessing PINs, or a class mistypes a lot), else 0: the bank
    console says so and offers new PINs."""
    game = Bucket("game", code if _CODE.fullmatch(code) else "?",
                  settings.JOIN_FAILURES_PER_GAME, settings.JOIN_THROTTLE_SECONDS)
    count, until = _read(game)
    return count if _full(game, count, until, time.time()) is not None else 0


def failed(request: HttpRequest, code: str) -> None:
    """Count a wrong code or PIN against the address and the game; log when a bucket fills."""
    for bucket in buckets(request, code):
        count = _count(bucket)
        if count == bucket.failures:
            log.warning("join throttled: %s %s reached %d wrong tries; refused for up to %d s",
                        bucket.kind, bucket.name, count, bucket.seconds)


def forget_all() -> None:
    """Empty every join counter (tests; an administrator lifting a lockout at once). Only the
    throttle's own keys: with Redis the database is shared with channels and Celery."""
    _fallback.clear()
    cache = _cache()
    if isinstance(cache, LocMemCache):
        cache.clear()
        return
    try:
        client = cache._cache.get_client(None, write=True)  # type: ignore[attr-defined]
        for key in client.scan_iter(match=f"{cache.key_prefix}:*"):
            client.delete(key)
    except Exception as exc:  # Redis down: nothing there to forget now
        log.warning("throttle cache unreachable (%s): its counters stay", exc)


def _cache() -> BaseCache:
    return caches["throttle"]


def _read(bucket: Bucket) -> tuple[int, float]:
    try:
        return _read_from(_cache(), bucket)
    except Exception as exc:  # Redis down: this process's own counters, until it is back
        log.warning("throttle cache unreachable (%s): counting in this process", exc)
        return _read_from(_fallback, bucket)


def _read_from(cache: BaseCache, bucket: Bucket) -> tuple[int, float]:
    values = cache.get_many([bucket.key, bucket.key + ":until"])
    return int(values.get(bucket.key, 0)), float(values.get(bucket.key + ":until", 0.0))


def _count(bucket: Bucket) -> int:
    try:
        return _count_in(_cache(), bucket)
    except Exception as exc:
        log.warning("throttle cache unreachable (%s): counting in this process", exc)
        return _count_in(_fallback, bucket)


def _count_in(cache: BaseCache, bucket: Bucket) -> int:
    # ``add`` starts the window only if none is open; ``incr`` is atomic in Redis and in
    # LocMem, so concurrent wrong tries from several processes are all counted.
    if cache.add(bucket.key, 0, timeout=bucket.seconds):
        cache.set(bucket.key + ":until", time.time() + bucket.seconds, timeout=bucket.seconds)
    try:
        return int(cache.incr(bucket.key))
    except ValueError:  # the window closed between add and incr: this try opens a new one
        cache.set(bucket.key, 1, timeout=bucket.seconds)
        cache.set(bucket.key + ":until", time.time() + bucket.seconds, timeout=bucket.seconds)
        return 1


# ====================================================================== teacher sign-in
class SignInLockout(AxesStandaloneBackend):
    """Axes' check, first of the authentication backends: a locked-out username and address
    is refused before its password is looked at. A sign-in without a request never came over
    the network (a test's ``Client.login``, the shell): axes could not tell its address, and
    there is nobody to lock out, so it is left to the next backend."""

    def authenticate(self, request: HttpRequest | None, username: str | None = None,
                     password: str | None = None, **kwargs: Any) -> None:
        if request is None:
            return None
        super().authenticate(request, username, password, **kwargs)  # raises when locked out
        return None


@receiver(user_locked_out)
def _log_sign_in_lockout(sender: Any, request: HttpRequest, username: str | None,
                         ip_address: str | None, **kwargs: Any) -> None:
    log.warning("sign-in locked out: user %r at %s after %d wrong passwords, for %s",
                username, ip_address, settings.AXES_FAILURE_LIMIT, settings.AXES_COOLOFF_TIME)


def sign_in_locked_out(request: HttpRequest, original_response: HttpResponse | None,
                       credentials: dict[str, Any] | None) -> HttpResponse:
    """Axes' answer to a locked-out sign-in (``AXES_LOCKOUT_CALLABLE``): 429, the page in the
    request's language, and how long to wait — the whole cool-off, since a try while locked out
    starts it again."""
    minutes = max(1, math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60))
    response = render(request, "registration/locked_out.html", {"minutes": minutes},
                      status=429)
    response["Retry-After"] = str(minutes * 60)
    return response
