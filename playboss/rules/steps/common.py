"""What the step modules share."""

from __future__ import annotations

from ..state import GameState


def enabled(state: GameState, step: int) -> bool:
    return step in state.config.steps
