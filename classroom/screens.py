"""What one game screen shows, as named regions: the team's, the bank's, the worker
representative's console, or the projector. Reads only (a selector).

A screen is the panel template of its kind rendered with ``{% region %}`` blocks
(``classroom/templatetags/regions.py``): the result is a *layout* — the few lines between the
regions — and each region's HTML under a key that digests what the region shows. The websocket
consumer sends a screen only the regions whose key changed since what it sent last (the whole
layout when that changed); the HTTP panel, for polling and the first load, is the same screen
assembled (``Screen.html``). Nothing here depends on the request, so a screen is the same for
every browser of one viewer, and a region is the same for every viewer that shows the same
values (the market, the table of teams).
"""

from __future__ import annotations

import hashlib
import re
import threading
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from django.db.models import Count, Max
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.timesince import timesince

from playboss.rules import PUBLIC, WORKERS

from . import dashboard, duties, selectors
from .access import Viewer
from .board import projector_data
from .models import Game
from .templatetags.regions import MARK, Collector, wrap

#: A move this recent is shown as "just now", not "0 minutes ago".
JUST_NOW = timedelta(minutes=1)
_MARKER = re.compile(re.escape(MARK) + "([^\x00]+)\x00")


@dataclass(frozen=True)
class ScreenSpec:
    """Which screen: whom it shows (a team, "bank", "workers" or "public"), in which language,
    the page of the books it shows, and — for a team with split duties — the half it runs."""

    actor: str
    language: str
    ledger_page: int = 1
    split_duties: bool = False
    duty: str | None = None


@dataclass
class Screen:
    revision: int
    layout: str
    regions: dict[str, tuple[str, str]]  # name → (key, html)
    waiting: list[str] = field(default_factory=list)
    status: str = ""
    deadline: str | None = None

    @property
    def layout_key(self) -> str:
        return hashlib.blake2b(self.layout.encode(), digest_size=12).hexdigest()

    def html(self) -> str:
        """The whole panel: the layout with every region filled in."""
        return _MARKER.sub(lambda m: wrap(m[1], *self.regions[m[1]]), self.layout)

    def skeleton(self) -> str:
        """The layout with empty regions, to be filled by the regions sent with it."""
        return _MARKER.sub(lambda m: wrap(m[1], self.regions[m[1]][0], ""), self.layout)

    def keys(self) -> dict[str, str]:
        return {name: key for name, (key, _html) in self.regions.items()}


def build_screen(game: Game, spec: ScreenSpec) -> Screen:
    """The screen ``spec`` of ``game`` at the game's current revision."""
    with translation.override(spec.language):
        stamp = reports_stamp(game)
        context: dict[str, Any] = {
            "game": game, "actor": spec.actor,
            # A card that says "the game has moved on since" changes with every move, but
            # only once there are statements to speak of.
            "reports_key": (stamp, game.seq if stamp[0] else None, game.status)}
        if spec.actor == PUBLIC:
            data = projector_data(game)
            template = "classroom/_projector_panel.html"
        else:
            data = selectors.panel(game, spec.actor, spec.ledger_page)
            if spec.split_duties:
                data["duty"] = duties.DUTY_LABELS.get(spec.duty or "")
                for key in ("moves", "any_time"):  # the partner's moves are on its screen
                    data[key] = [f for f in data[key]
                                 if duties.form_duty(f) in (None, spec.duty)]
            dashboard.hide_moves_in_lobby(game, data)
            if spec.actor in data["teams_by_name"]:
                template = "classroom/_team_panel.html"
                data["news"] = selectors.team_news(game, spec.actor)
                data["booking"] = selectors.team_booking(game, spec.actor)
                data["game_facts"] = selectors.team_game(game, spec.actor, data)
            elif spec.actor == WORKERS:
                template = "classroom/_workers_panel.html"
            else:  # the bank director's console, with a page of the log to undo from
                template = "classroom/_bank_panel.html"
                context["log"] = selectors.action_log(game, spec.ledger_page)
                context["presence"] = presence_of(game, data)
                context.update(dashboard.bank_context(game, data, context["presence"]))
                # The bank's choice of a team's books for the projector (issue 13).
                context["projector_teams"] = list(data["teams_by_name"])
        context["data"] = data
        collector = Collector()
        context["_regions"] = collector
        layout = render_to_string(template, context)
    return Screen(revision=game.revision, layout=layout, regions=collector.regions,
                  waiting=list(data.get("waiting_for") or []), status=game.status,
                  deadline=game.deadline.isoformat() if game.deadline else None)


# Statements: the report cards read the database, so their regions are keyed by a stamp that
# changes whenever a job of the game does (report jobs bump the game's revision when they
# start and end: ``services.screens_changed``). One query per game and revision per process.
_stamps: dict[int, tuple[int, tuple[Any, ...]]] = {}
_stamps_lock = threading.Lock()


def reports_stamp(game: Game) -> tuple[Any, ...]:
    from reports.models import ReportJob

    with _stamps_lock:
        cached = _stamps.get(game.pk)
    if cached is not None and cached[0] == game.revision:
        return cached[1]
    row = ReportJob.objects.filter(game=game).aggregate(
        count=Count("id"), last=Max("id"), finished=Max("finished"), started=Max("started"))
    stamp = (row["count"], row["last"], str(row["finished"]), str(row["started"]))
    with _stamps_lock:
        if len(_stamps) > 512:
            _stamps.clear()
        _stamps[game.pk] = (game.revision, stamp)
    return stamp


def presence_of(game: Game, data: dict[str, Any]) -> list[dict[str, Any]]:
    """Per team: how many screens are open now, and when the team last moved (the bank
    console's "who is here")."""
    from .presence import connected_counts

    counts = connected_counts(game)
    now = timezone.now()
    # The words ("3 minutes") are part of the region's values, so the region is drawn anew
    # when they change, not only when somebody moves.
    return [{"team": name, "screens": counts.get(name, 0), "bot": bot,
             "ago": timesince(last, now) if last is not None else "",
             "just_now": last is not None and now - last < JUST_NOW}
            for name, bot, last in game.teams.values_list("name", "bot", "last_acted")]


def spec_for(viewer: Viewer, session: Any, wanted: Any, page: Any,
                language: str) -> ScreenSpec:
    """Which screen a viewer gets: the actor it asked for if it may act as it (the teacher's
    "play for"), else its own; the projector always the public view."""
    if viewer.public or wanted == PUBLIC:  # the projector: the table only, for anyone
        return ScreenSpec(PUBLIC, language)
    actor = wanted if isinstance(wanted, str) and wanted in viewer.actors else \
        viewer.default_actor
    team = viewer.team
    split = team is not None and duties.has_split_duties(team)
    return ScreenSpec(actor, language, _page_number(page), split_duties=split,
                      duty=duties.chosen_in(session, team) if team is not None and split
                      else None)


def _page_number(value: Any) -> int:
    try:
        return max(1, int(value)) if value is not None else 1
    except (TypeError, ValueError, OverflowError):  # OverflowError: 1e999 from a socket's JSON
        return 1
