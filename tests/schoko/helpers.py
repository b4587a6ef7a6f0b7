"""Set-ups for the Schoko & Co. tests: a game moved to a phase by real moves, and bars given
from the bank (so the invariants still hold)."""

from __future__ import annotations

from typing import Any

from playboss.rules.errors import RuleViolation
from playboss.schoko import GameConfig, apply, check_invariants, new_game
from playboss.schoko.actions import Action, Pass, PaySalaries
from playboss.schoko.snapshot import state_to_dict
from playboss.schoko.state import GameState

TEAMS = ("A", "B", "C", "D")


def game(teams: tuple[str, ...] = TEAMS, **settings: Any) -> GameState:
    return new_game(GameConfig(teams=teams, **settings))


def do(state: GameState, *actions: Action) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for action in actions:
        events += apply(state, action)
        check_invariants(state)
    return events


def refused(state: GameState, action: Action) -> RuleViolation:
    """The action is refused with a code and leaves the state exactly as it was."""
    before = state_to_dict(state)
    try:
        apply(state, action)
    except RuleViolation as refusal:
        assert refusal.code, refusal
        assert state_to_dict(state) == before
        return refusal
    raise AssertionError(f"{action} was accepted")


def pass_inside(state: GameState) -> None:
    assert state.phase == "inside"
    for name in list(state.waiting):
        do(state, Pass(name))


def give(state: GameState, team: str, cocoa: int = 0, chocolate: int = 0) -> None:
    t = state.teams[team]
    t.cocoa += cocoa
    t.chocolate += chocolate
    state.bank_bars -= cocoa + chocolate


def to_month(state: GameState, month: int) -> None:
    """Jump to the start of ``month`` (a set-up for card tests; nobody has staff)."""
    state.month = month


def pay_all(state: GameState) -> None:
    while state.phase == "staff":
        do(state, PaySalaries(state.waiting[0]))
