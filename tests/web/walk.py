"""Playing a site game move by move through the services, as the tests of issue 11 need: the
move is one the engine lists for whoever the game waits on, chosen by a seeded generator."""

from __future__ import annotations

import json
import random
from typing import Any

from classroom import services, state_store
from classroom.models import Game
from playboss.rules import GameState, legal_actions, legal_choices, waiting_for
from playboss.rules.snapshot import state_to_dict


def canonical(state: GameState) -> dict[str, Any]:
    """The whole state as JSON reads it back (tuples as lists), generator included."""
    data: dict[str, Any] = json.loads(json.dumps(state_to_dict(state), sort_keys=True))
    return data


def cached(game: Game) -> dict[str, Any]:
    """The state the site serves for ``game`` now (its cache, or a rebuild into it)."""
    game.refresh_from_db()
    return state_store.read_state(game, canonical)


def next_move(game: Game, rng: random.Random) -> tuple[str, dict[str, Any]] | None:
    """A listed move of the actor the game waits on first, or None when nobody can move."""
    game.refresh_from_db()

    def pick(state: GameState) -> tuple[str, dict[str, Any]] | None:
        if state.phase == "ended":
            return None
        # Mostly the turn's own moves, so that the game goes on and the dice roll; now and then
        # one open at any time (credit, repurchase, advertising ...).
        any_time = rng.random() < 0.15
        for actor in waiting_for(state):
            moves = [a for c in legal_choices(state, actor, any_time=any_time)
                     for a in c.expand(actor)] or legal_actions(state, actor)
            if moves:
                return actor, rng.choice(moves).to_dict()
        return None

    return state_store.read_state(game, pick)


def submit(game: Game, actor: str, move: dict[str, Any]) -> services.Outcome:
    return services.submit_action(game_id=game.pk, actor=actor, payload=move, run_bots=False)


def walk(game: Game, rng: random.Random, count: int) -> list[tuple[str, dict[str, Any]]]:
    """Play up to ``count`` listed moves; the moves played, in order."""
    played = []
    for _ in range(count):
        move = next_move(game, rng)
        if move is None:
            break
        submit(game, *move)
        played.append(move)
    return played
