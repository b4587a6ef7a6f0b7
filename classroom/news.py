"""A team's news: the last events of the game that concern it, kept across moves (issue 10,
"each team sees its game").

The engine's events of every move are stored with it (``GameAction.events``). A team's news is
what it needs to read of them even when it was not looking: its own roll and what followed
(salaries, a risk card, a strike), the deals it made, was offered, had accepted or turned down,
and the game-wide announcements (time is up, the game is over). An event is news only for
the teams of its audience (``classroom.audience``): another team's private deal or borrowing is
news only for its parties, so no team reads another's deal terms here.

The team screens of a game are redrawn after every move for every viewer, so the news is not a
query per screen: one feed per game and process (``_feeds``) is caught up with the rows after
the move it last read (one small query per revision), and rebuilt from the log when the game's
``history`` changed (an undo) or it is missing. Each team keeps its ``NEWS_LENGTH`` newest
items; the screen's region names exactly those items, so it is redrawn only when the team's news
changes.
"""

from __future__ import annotations

import threading
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .audience import audience
from .models import Game

#: Items a team's news keeps (newest first on the screen): enough for a whole turn of a team
#: (roll, landing, payments, a decision) and a deal answered meanwhile.
NEWS_LENGTH = 10
#: Events every team is told of: the game's end and what ends it.
PUBLIC_NEWS = frozenset({"time_up", "game_over", "market_leader"})
#: Answers to a deal: the event may name the team that answered only; the deal's ``proposer``
#: (from its offer) and, where missing, the other party as ``partner`` are added, so both
#: sides are told.
DEAL_ANSWERS = frozenset({"deal_done", "deal_rejected", "deal_withdrawn"})
#: The fields of an event that name teams it concerns.
_NAME_FIELDS = ("team", "partner", "target", "seller")
_LIST_FIELDS = ("teams", "order")


@dataclass
class _Feed:
    #: The game's code: a feed is never taken for another game that got the same id (a test
    #: database, a restored backup).
    code: str
    history: int
    seq: int
    teams: frozenset[str]
    #: deal id -> (proposer, partner), from the offers read so far.
    deals: dict[int, tuple[str, str]] = field(default_factory=dict)
    #: team -> its newest items, oldest first: (move, event).
    items: dict[str, deque[tuple[int, dict[str, Any]]]] = field(default_factory=dict)

    def read(self, rows: list[tuple[int, list[dict[str, Any]]]], upto: int) -> None:
        """Take in the events of ``rows`` (the moves after ``seq`` up to ``upto``)."""
        for seq, produced in rows:
            for event in produced or []:
                if isinstance(event, dict):
                    self._add(seq, event)
        self.seq = upto

    def _add(self, seq: int, event: dict[str, Any]) -> None:
        kind = event.get("type")
        if kind == "deal_offered" and isinstance(event.get("deal"), int):
            self.deals[event["deal"]] = (str(event.get("team")), str(event.get("partner")))
        if kind in DEAL_ANSWERS and event.get("deal") in self.deals:
            proposer, partner = self.deals[event["deal"]]
            other = partner if event.get("team") == proposer else proposer
            event = {"partner": other, **event, "proposer": proposer}
        for team in self._audience(event):
            self.items.setdefault(team, deque(maxlen=NEWS_LENGTH)).append((seq, event))

    def _audience(self, event: dict[str, Any]) -> set[str]:
        """The teams whose news ``event`` is: those it may be read by (all, or its private
        audience) and that it concerns (every team, for the game-wide announcements)."""
        private_to = audience(event)
        readers = set(self.teams) if private_to is None else set(private_to & self.teams)
        if event.get("type") in PUBLIC_NEWS:
            return readers
        return names_in(event) & readers


def names_in(event: dict[str, Any]) -> set[str]:
    """Every team name an event speaks of."""
    names = {event[key] for key in _NAME_FIELDS if isinstance(event.get(key), str)}
    for key in _LIST_FIELDS:
        value = event.get(key)
        if isinstance(value, list):
            names |= {name for name in value if isinstance(name, str)}
    for sale in event.get("sales") or []:
        if isinstance(sale, dict) and isinstance(sale.get("team"), str):
            names.add(sale["team"])
    if isinstance(event.get("proposer"), str):  # an answer to a deal: its proposer too
        names.add(event["proposer"])
    return names


_lock = threading.Lock()
_feeds: dict[int, _Feed] = {}
_FEEDS = 128  # as many games as the state cache keeps


def _rows(game: Game, after: int) -> list[tuple[int, list[dict[str, Any]]]]:
    rows = game.actions.filter(undone=False, seq__gt=after, seq__lte=game.seq).order_by("seq")
    return list(rows.values_list("seq", "events"))


def team_news(game: Game, team: str) -> list[dict[str, Any]]:
    """The news of ``team`` at ``game``'s current move, newest first: ``{"seq", "event"}``."""
    with _lock:
        feed = _feeds.get(game.pk)
        if (feed is None or feed.code != game.code or feed.history != game.history
                or feed.seq > game.seq):
            feed = None
        elif feed.seq == game.seq:
            return _items(feed, team)
        base = feed.seq if feed is not None else 0
    rows = _rows(game, base)  # outside the lock: a database read
    with _lock:
        current = _feeds.get(game.pk)
        if feed is not None and current is feed and feed.seq == base:
            feed.read(rows, game.seq)
            return _items(feed, team)
        if (current is not None and current.code == game.code
                and current.history == game.history and current.seq == game.seq):
            return _items(current, team)  # another screen caught it up meanwhile
    if feed is not None:  # another screen moved the feed meanwhile (rare): read it all
        rows = _rows(game, 0)
    fresh = _Feed(game.code, game.history, 0, frozenset(game.config.get("teams") or ()))
    fresh.read(rows, game.seq)
    items = _items(fresh, team)
    with _lock:
        current = _feeds.get(game.pk)
        if (current is None or current.code != game.code or current.history != game.history
                or current.seq < game.seq):
            if game.pk not in _feeds and len(_feeds) >= _FEEDS:
                _feeds.pop(next(iter(_feeds)))
            _feeds[game.pk] = fresh
    return items


def _items(feed: _Feed, team: str) -> list[dict[str, Any]]:
    return [{"seq": seq, "event": event} for seq, event in reversed(feed.items.get(team, ()))]


def forget_all() -> None:
    with _lock:
        _feeds.clear()
