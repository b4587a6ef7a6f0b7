"""A new game from an exported log: every move is checked again by the engine, and the game
goes on from where the log ends (its bots included)."""

from __future__ import annotations

import copy
from typing import Any

from django.db import transaction
from django.utils.translation import gettext_lazy

from playboss.rules import GameLog, RuleViolation, action_from_dict, apply, new_game, state_to_dict

from .. import state_store
from ..errors import ServiceError
from ..models import Classroom, Game, GameAction, Snapshot
from . import games, moves
from .setup import TeamSeat, create_game, stored_config


def import_log(*, classroom: Classroom, name: str, log_data: Any,
               bots: dict[str, str] | None = None) -> Game:
    """A new game from an exported log; every move is checked again by the engine."""
    try:
        log = GameLog.from_dict(log_data)
        state = new_game(log.config)
        # The snapshots the original took (move 0 and every SNAPSHOT_EVERY moves): an undo in
        # the imported game rebuilds from them exactly as the original would.
        every = moves.SNAPSHOT_EVERY
        snapshots = {0: copy.deepcopy(state_to_dict(state))}
        made = []
        for index, entry in enumerate(log.entries, start=1):
            body = {k: v for k, v in entry.items() if k != "chance"}
            action = action_from_dict(body)
            produced = apply(state, action, entry.get("chance"))
            made.append((action.to_dict(), dict(state.last_chance) or None, produced, index))
            if state.seq % every == 0:  # a copy: the state's step data plays on
                snapshots[state.seq] = copy.deepcopy(state_to_dict(state))
        snapshots[state.seq] = state_to_dict(state)
    except RuleViolation as exc:
        raise ServiceError(gettext_lazy("The log is refused: %(why)s"), why=exc) from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise ServiceError(gettext_lazy("The log is not a Playboss game log: %(why)s"),
                           why=str(exc)) from exc
    seats = [TeamSeat(n, (bots or {}).get(n, "")) for n in log.config.teams]
    with transaction.atomic():
        made_game = create_game(classroom=classroom, name=name, seats=seats,
                                settings_={**log.config.to_dict(),
                                           "teams": list(log.config.teams)})
        with games.changing(made_game.pk) as game:
            GameAction.objects.bulk_create([
                GameAction(game=game, seq=seq, actor=action["actor"], action=action,
                           chance=chance, events=produced)
                for action, chance, produced, seq in made
            ])
            game.config = stored_config(log.config)
            game.seq = len(made)
            game.status = Game.Status.ENDED if state.phase == "ended" else Game.Status.RUNNING
            Snapshot.objects.filter(game=game).delete()
            Snapshot.objects.bulk_create([Snapshot(game=game, seq=seq, state=snap)
                                          for seq, snap in snapshots.items()])
            state_store.forget(game.pk)
            # One revision per move and one for the game made, as if it had been played here.
            games.announce(game, "config", "seq", "status",
                           revisions=len(made) + 1 - game.revision)
    game.refresh_from_db()
    return game
