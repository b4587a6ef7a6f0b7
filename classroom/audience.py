"""Who may read an event (issue 19, "Events as codes, with an audience").

The engine declares each event's audience when it emits it (``playboss.rules.ALL``, stored as
``"all"``: what lies on the table; or a list of the parties' names, e.g. a bank credit's team
and the bank, a private deal's two teams). The ticker, the news and the projector show an event
only to its audience; the bank (the teacher's console) reads everything.

An event without an audience is private to the teams it names (``parties``) — a new event that
forgot to say is never read by everyone. Two kinds of event have none and are known:

* events stored before the engine declared audiences (``GameAction.events`` of older games):
  private then were exactly ``PRIVATE_BEFORE_AUDIENCES``, every other engine code was public;
* the site's own announcements (``SITE_ANNOUNCEMENTS``: ``classroom.services`` makes them for
  the whole table — an undo, a pause, a seat changed). Services should pass ``"audience":
  "all"`` with them; until then this list says it.
"""

from __future__ import annotations

from typing import Any

from playboss.rules import ALL, BANK

from .texts.events import ENGINE_CODES

#: The private events of the time before audiences (the site's list then, ``PRIVATE_KINDS``):
#: a deal's terms, a team's borrowing and repaying, a takeover offer.
PRIVATE_BEFORE_AUDIENCES = frozenset({"deal_offered", "deal_done", "credit", "repay",
                                      "repay_private", "takeover_offered"})
#: The site's own events for the whole table (``classroom.services``).
SITE_ANNOUNCEMENTS = frozenset({"undo", "pause", "resume", "start", "bot_pace", "joined",
                                "seat"})

Event = dict[str, Any]


def parties(event: Event) -> frozenset[str]:
    """The teams an event without an audience is about: its ``team`` and ``partner``."""
    return frozenset(name for name in (event.get("team"), event.get("partner"))
                     if isinstance(name, str) and name)


def audience(event: Event) -> frozenset[str] | None:
    """Who may read ``event``: ``None`` for everyone, else the names of its parties."""
    declared = event.get("audience")
    if declared == ALL:
        return None
    if isinstance(declared, list):
        return frozenset(str(name) for name in declared)
    if declared is None:
        kind = event.get("type")
        if kind in SITE_ANNOUNCEMENTS:
            return None
        if kind in ENGINE_CODES and kind not in PRIVATE_BEFORE_AUDIENCES:
            return None  # stored before audiences, public then
    return parties(event)  # private by default: an unknown or malformed audience too


def may_read(event: Event, viewer: str) -> bool:
    """Whether ``viewer`` (a team's name, or ``BANK`` for the teacher) may read ``event``."""
    readers = audience(event)
    return readers is None or viewer == BANK or viewer in readers
