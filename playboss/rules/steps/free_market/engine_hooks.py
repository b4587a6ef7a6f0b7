"""What the engine asks of the step between moves: whether a round has no one left to wait on,
what the game waits for, and dropping the bidding's data when the game is over.

Rulebook: "1. Step: Free Market for Sales" ("by not participating in the subsequent bidding
round")."""

from __future__ import annotations

from typing import Any

from ...state import GameState, Pending, Team
from ...turn import Turn
from .constants import KEY, KIND
from .rounds import progress


def auto(turn: Turn, team: Team, head: Pending) -> bool:
    """After any move (a sale to the bank, a deal) a round may have no one left to wait on."""
    progress(turn)
    pending = turn.state.pending
    return not (pending and pending[0].kind == KIND)  # True only once the head has changed


def game_over(turn: Turn) -> None:
    turn.state.step.pop(KEY, None)


def waiting_text(state: GameState) -> str:
    data = state.step.get(KEY)
    if data is None:
        return "the bidding on a sale."
    return (f"the bidding on {data['seller']}'s sale (round {data['round']}; waiting for "
            f"{', '.join(data['waiting']) or 'nobody'}).")


def waiting_params(state: GameState) -> dict[str, Any]:
    data = state.step.get(KEY)
    if data is None:
        return {}
    return {"seller": data["seller"], "round": data["round"], "teams": list(data["waiting"])}
