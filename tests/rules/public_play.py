"""Positions built through the engine's public surface only.

The engine's modules are being moved about (issue 14); tests built on this module reach the
engine through ``playboss.rules``' own names (``new_game``, ``apply``, ``action_from_dict``,
``legal_actions``, ``check_invariants``) and the command line's ``final_state``, so they keep
working whatever module a rule lives in. Moves are JSON, as in a game log
(``docs/game-log.md``): ``do(state, "Red", "invest", credit=5_000)``.

Games are built as in ``helpers``: dice entered by hand, Red first, the default board.
"""

from __future__ import annotations

from typing import Any

from playboss.rules import (
    GameConfig,
    GameState,
    action_from_dict,
    apply,
    check_invariants,
    legal_actions,
    new_game,
)
from playboss.rules.cli import final_state

#: Risk cards by number (playboss/rules/risk_deck.json).
QUIET_QUARTER = 30  # no effect
TAX_AUDIT = 15  # not insured: pay 1,000


def start(teams: tuple[str, ...] = ("Red", "Blue"), **settings: Any) -> GameState:
    """A new game with entered dice, ``teams[0]`` to move first."""
    options: dict[str, Any] = {"teams": teams, "first_team": teams[0], "dice": "entered"}
    options.update(settings)
    state = new_game(GameConfig(**options))
    check_invariants(state)
    return state


def do(state: GameState, actor: str, kind: str, **fields: Any) -> list[dict[str, Any]]:
    """One move, given as in a game log; the invariants are checked after it."""
    events = apply(state, action_from_dict({"type": kind, "actor": actor, **fields}))
    check_invariants(state)
    return events


def waiting(state: GameState) -> str | None:
    """What the game waits for ("roll", "red", "risk", "pay", ...), as ``replay`` prints it."""
    kind = final_state(state)["waiting_for"]
    return str(kind) if kind is not None else None


def _quiet_answer(state: GameState, team: str) -> dict[str, Any]:
    """The move that decides nothing on the field ``team`` waits on."""
    kind = waiting(state)
    if kind in ("red", "green"):
        return {"type": "pass"}
    if kind == "yellow":
        return {"type": "cost", "option": "idle"}
    if kind == "risk":
        return {"type": "draw_risk", "card": QUIET_QUARTER}
    if kind == "white":
        return {"type": "write_off",
                "option": "web" if state.teams[team].web else "return"}
    if kind == "lease":
        return {"type": "renew_lease", "renew": False}
    raise AssertionError(f"{team} waits for {kind}: settle it in the test")


def settle(state: GameState, team: str) -> list[dict[str, Any]]:
    """Finish ``team``'s turn deciding nothing; the events."""
    events: list[dict[str, Any]] = []
    while state.current == team and waiting(state) not in ("roll", None):
        answer = _quiet_answer(state, team)
        events += do(state, team, answer.pop("type"), **answer)
    return events


def die_to(state: GameState, team: str, colour: str) -> int | None:
    """The smallest die that takes ``team`` onto a field of ``colour``, if one does."""
    board = state.config.board
    position = state.teams[team].position
    for die in range(1, 7):
        if board[(position + die) % len(board)] == colour:
            return die
    return None


def others_idle(state: GameState, team: str) -> None:
    """The other teams take quiet turns until it is ``team``'s turn again."""
    while state.current is not None and state.current != team:
        other = state.current
        do(state, other, "roll", die=die_to(state, other, "R") or 6)
        settle(state, other)


def land_on(state: GameState, team: str, colour: str) -> list[dict[str, Any]]:
    """``team`` takes quiet turns until a roll lands it on ``colour``; that roll's events
    (the field's decision is left to the test)."""
    while True:
        die = die_to(state, team, colour)
        if die is not None:
            return do(state, team, "roll", die=die)
        do(state, team, "roll", die=die_to(state, team, "R") or 6)
        settle(state, team)
        others_idle(state, team)


def red_turn(state: GameState, team: str, kind: str, **fields: Any) -> list[dict[str, Any]]:
    """``team`` goes to the next red field, makes the decision ``kind``, settles its turn,
    and the others take quiet turns; the events of the roll and the decision."""
    events = land_on(state, team, "R")
    events += do(state, team, kind, **fields)
    settle(state, team)
    others_idle(state, team)
    return events


def cross_start(state: GameState, team: str) -> list[dict[str, Any]]:
    """``team`` takes quiet turns until it has crossed the start once more; the events from
    its first roll on (the other teams' quiet turns included)."""
    years = state.teams[team].years
    events: list[dict[str, Any]] = []
    while state.teams[team].years == years:
        events += do(state, team, "roll", die=die_to(state, team, "R") or 6)
        if state.teams[team].years != years:
            break
        events += settle(state, team)
        others_idle(state, team)
    return events


def legal_types(state: GameState, actor: str) -> set[str]:
    """The kinds of move ``actor`` may make now."""
    return {action.type for action in legal_actions(state, actor)}
