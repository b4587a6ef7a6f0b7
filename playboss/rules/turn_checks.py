"""The checks every move shares, and what the game waits for in words (for refusals).

Below the rule modules and above the state: the handlers of the base model and of the steps
call these; the words of a step's kinds of pending item come from the rules in force
(``state.rules.waiting_texts``, ``waiting_params``)."""

from __future__ import annotations

from typing import Any

from .actions import Action
from .errors import RuleViolation, marks
from .state import GameState, Team
from .turn import Turn


def allowed(state: GameState, action: Action) -> bool:
    """Does the move's check (``RulePart.checks``, composed with the steps' wraps: the
    conditions its handler raises) let ``action`` through? Reads the state only. The legal
    choices ask it for a move of one instance (an option, a WEB chip, a machine of a list);
    a range of units or credits is bounded by functions beside its check instead, as one
    check a value would cost a refusal raised and caught (a few microseconds) per value."""
    check = state.rules.checks.get(type(action))
    if check is None:
        return True
    try:
        check(state, action)
    except RuleViolation:
        return False
    return True


def team_of(turn: Turn, action: Action) -> Team:
    """The team making the move (the engine checked that the actor is a team in the game)."""
    return turn.state.teams[action.actor]


def require_turn(turn: Turn, action: Action, pending: str | tuple[str, ...], what: str,
                 rule: str) -> Team:
    """The actor must be the team whose turn it is, and the turn must wait for ``pending``
    (one kind of pending item, or any of several)."""
    return check_turn(turn.state, action, pending, what, rule)


def check_turn(state: GameState, action: Action, pending: str | tuple[str, ...], what: str,
               rule: str) -> Team:
    """``require_turn`` for a move's check, which reads the state and has no turn."""
    if state.phase == "order":
        raise RuleViolation("The game has not begun: roll for the first player.",
                            "Now We Can Begin", code="game_not_begun")
    if action.actor != state.current:
        raise RuleViolation(f"It is {state.current}'s turn, not {action.actor}'s.", rule,
                            code="not_your_turn",
                            params={"current": state.current, "actor": action.actor})
    kinds = (pending,) if isinstance(pending, str) else pending
    if not state.pending or state.pending[0].kind not in kinds:
        raise RuleViolation(f"{what} is not open now: {waiting_text(state)}", rule,
                            code="not_open_now",
                            params={"action": action.type, "waiting": waiting(state)})
    return state.teams[action.actor]


def waiting(state: GameState) -> dict[str, Any]:
    """What the game waits for, as ``waiting_text`` says it, in fields: ``kind`` (``"roll_off"``,
    ``"roll"``, or the kind of the pending item: ``"red"``, ``"pay"``, a step's kind) and the
    numbers and names its sentence speaks of."""
    if state.phase == "order":
        return {"kind": "roll_off"}
    if not state.pending:
        return {"kind": "roll", "team": state.current}
    head = state.pending[0]
    params = state.rules.waiting_params.get(head.kind)
    if params is not None:
        return {"kind": head.kind, **params(state)}
    if head.kind == "pay":
        return {"kind": "pay", "amount": head.amount, "reason": head.reason}
    return {"kind": head.kind}


def waiting_text(state: GameState) -> str:
    """What the game waits for, as the end of a sentence ("... is not open now: <text>")."""
    if state.phase == "order":
        return "the teams roll for the first player."
    if not state.pending:
        return f"{state.current} rolls the die."
    head = state.pending[0]
    text = state.rules.waiting_texts.get(head.kind)
    if text is not None:
        return text(state)
    return {
        "red": "a decision on the red field.",
        "green": "whether to buy a WEB chip on the green field.",
        "yellow": "a choice on the yellow cost field.",
        "white": "a write-off on the white field.",
        "risk": "the risk card drawn from the deck.",
        "lease": "renewing or returning the leased computer.",
        "pay": f"a payment of {marks(head.amount)} Marks ({head.reason}).",
    }.get(head.kind, head.kind)


def need_units(n: int, what: str, rule: str, *, code: str, params: dict[str, Any] | None = None
               ) -> None:
    if n < 1:
        raise RuleViolation(f"Name at least one {what}.", rule, code=code, params=params)
