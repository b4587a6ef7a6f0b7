"""Reading games: views of the engine state for each viewer, the log, lists. No writes."""

from __future__ import annotations

from typing import Any

from django.db.models import QuerySet

from playboss.rules import view
from playboss.rules.gamelog import FORMAT, VERSION

from . import state_store
from .models import Classroom, Game, GameAction


def team_view(game: Game, viewer: str) -> dict[str, Any]:
    """What ``viewer`` (a team name, "bank" or "public") may see of the game now."""
    return state_store.read_state(game, lambda state: view(state, viewer))


def export_log(game: Game) -> dict[str, Any]:
    """The game in the engine's JSON log format (docs/game-log.md)."""
    entries = []
    for row in game.actions.filter(undone=False).order_by("seq"):
        entry = dict(row.action)
        if row.chance:
            entry["chance"] = row.chance
        entries.append(entry)
    return {"format": FORMAT, "version": VERSION, "config": game.config, "actions": entries}


def recent_actions(game: Game, limit: int = 50) -> QuerySet[GameAction]:
    return game.actions.filter(undone=False).order_by("-seq")[:limit]


def games_of(classroom: Classroom) -> QuerySet[Game]:
    return classroom.games.all().order_by("-created")
