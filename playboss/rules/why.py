"""Why a move is missing: the engine's own refusal of each move the rules know at this moment
but the legal choices do not list.

Every part names the moves it knows at a moment as their nearest instances (``RulePart
.nearest_moves``: one unit, the smallest credit, the only option), and every move has one
check (``RulePart.checks``, composed like the handlers): the condition its handler raises and
the legal choices filter with. ``why_not`` asks the check of each nearest move that is not
listed and returns its refusal — code, params, message and rulebook section, exactly what
``apply`` would raise — without applying anything: the state is left as it was.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from .actions import Action
from .choice import Choice
from .errors import RuleViolation
from .legal import legal_choices
from .nearest import any_time_moves
from .state import GameState


class Missing(NamedTuple):
    """A move the team cannot make now: its nearest instance and the engine's refusal of it."""

    action: Action
    refusal: RuleViolation

    @property
    def move(self) -> str:
        """The move's name for a page: its type, with the option or item it names
        (``"cost:sell_half"``, ``"sell_back:raw"``)."""
        return move_name(self.action)


def _variant(fields: Any) -> str:
    option = getattr(fields, "option", None) if not isinstance(fields, dict) \
        else fields.get("option")
    if option:
        return str(option)
    item = getattr(fields, "item", None) if not isinstance(fields, dict) else fields.get("item")
    return str(item) if item else ""


def move_name(action: Action) -> str:
    variant = _variant(action)
    return f"{action.type}:{variant}" if variant else action.type


def listed_moves(choices: list[Choice]) -> set[str]:
    """The names (``move_name``) of the moves ``choices`` list, with at least one value."""
    out = set()
    for c in choices:
        if c.param is None or c.values:
            variant = _variant(c.fixed)
            out.add(f"{c.cls.type}:{variant}" if variant else c.cls.type)
    return out


def nearest_moves(state: GameState, actor: str, any_time: bool = False) -> list[Action]:
    """The moves the rules in force know for ``actor`` now, as their nearest instances (the
    field's decisions; with ``any_time`` also credit, repayment and repurchase)."""
    team = state.teams.get(actor)
    if team is None or team.bankrupt or state.phase == "ended":
        return []
    moves: list[Action] = []
    for nearest in state.rules.nearest_moves:
        moves = nearest(state, team, moves)
    if any_time:
        moves.extend(any_time_moves(state, team))
    return moves


def refusal_of(state: GameState, action: Action) -> RuleViolation | None:
    """The refusal ``apply`` would raise for ``action`` by its check, or None when the check
    lets it through. Reads the state only."""
    check = state.rules.checks.get(type(action))
    if check is None:
        return None
    try:
        check(state, action)
    except RuleViolation as refusal:
        return refusal
    return None


def why_not(state: GameState, actor: str, choices: list[Choice] | None = None,
            any_time: bool = False) -> list[Missing]:
    """For each move the rules know for ``actor`` now that ``choices`` (default: its legal
    choices) do not list, its nearest instance and the engine's refusal of it, in the order
    the parts name the moves. A move its check would allow is left out (the legal choices and
    the checks agree: ``tests/steps/test_why_not.py``)."""
    if choices is None:
        choices = legal_choices(state, actor)
    listed = listed_moves(choices)
    out = []
    for action in nearest_moves(state, actor, any_time):
        if move_name(action) in listed:
            continue
        refusal = refusal_of(state, action)
        if refusal is not None:
            out.append(Missing(action, refusal))
    return out
