"""Every event says who may read it (issue 19, "Events as codes, with an audience").

The engine emits an event as a code, its params and its audience, and no sentence: the site's
catalogue tells it (``classroom.texts.events``, held to the codes by
``tests/web/test_event_codes.py``). An audience is never defaulted — ``Turn.emit`` requires
it and these tests read every call from the source — so a private event cannot be public
because someone forgot to say.

What is whose follows the rulebook's table: what lies on the table (pieces moved, cash paid
to or by the bank for them, cards drawn) is everyone's; "Private Business between Players"
(a deal's terms, a private loan's repayment, an offer for a business) is its parties'; a
team's "Lines of Credit" with the bank (borrowing, repaying, the interest that tells its
debt) is the team's and the bank's.
"""

from __future__ import annotations

import ast

import pytest

from playboss.rules import ALL, BANK, GameConfig, GameState, apply, new_game
from playboss.rules import actions as A
from playboss.rules.turn import Turn

from .codes import ENGINE

#: The codes whose events are private at some emit, and where their audience comes from.
PRIVATE = {"credit", "repay", "repay_private", "deal_offered", "deal_done", "takeover_offered",
           "paid"}


def _emits() -> list[tuple[str, int, ast.Call]]:
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "emit" and path.name != "turn.py"):
                found.append((str(path.relative_to(ENGINE)), node.lineno, node))
    return found


def _is_audience(node: ast.expr) -> bool:
    """``ALL``, a tuple of names, or a choice between those."""
    if isinstance(node, ast.Name):
        return node.id == "ALL"
    if isinstance(node, ast.Tuple):
        return bool(node.elts)
    if isinstance(node, ast.IfExp):
        return _is_audience(node.body) and _is_audience(node.orelse)
    return False


def test_every_emit_names_a_code_and_an_audience_and_no_sentence() -> None:
    """Rulebook I, "Private Business between Players": every event says who may hear of it
    (everyone at the table, or its parties) and carries its figures, never a sentence."""
    emits = _emits()
    assert len(emits) >= 100  # the reading found the engine's calls
    wrong = []
    for path, line, call in emits:
        code = call.args[0] if call.args else None
        if not (isinstance(code, ast.Constant) and isinstance(code.value, str)):
            wrong.append(f"{path}:{line}: the code is not a string literal")
        elif len(call.args) != 2 or not _is_audience(call.args[1]):
            wrong.append(f"{path}:{line}: {code.value} has no audience (ALL or a tuple)")
        elif any(k.arg == "text" for k in call.keywords):
            wrong.append(f"{path}:{line}: {code.value} passes a text")
    assert not wrong, "\n".join(wrong)


def test_private_audiences_are_the_ones_the_rulebook_gives() -> None:
    """Rulebook I, "Private Business between Players": the events only their parties (and the
    bank) hear of are the private deals, loans and a team's credit with the bank."""
    private = {call.args[0].value for _, _, call in _emits()  # type: ignore[attr-defined]
               if not (isinstance(call.args[1], ast.Name) and call.args[1].id == "ALL")}
    assert private == PRIVATE


@pytest.mark.parametrize("audience", [None, "", "Red", ["Red"], (), ("Red", 3)])
def test_emit_refuses_an_audience_that_is_neither_all_nor_names(audience: object) -> None:
    """Rulebook I, "Private Business between Players": an audience is everyone or named
    parties; anything else is refused, so no event is public by mistake."""
    turn = Turn(new_game(GameConfig(teams=("Red", "Blue"), first_team="Red")), None)
    with pytest.raises(ValueError, match="audience"):
        turn.emit("credit", audience, team="Red", amount=500)  # type: ignore[arg-type]
    assert turn.events == []


def _game() -> GameState:
    return new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))


def test_a_bank_credit_is_the_team_s_and_the_bank_s() -> None:
    """Rulebook I, "Lines of Credit": the team's borrowing is between it and the bank."""
    state = _game()
    apply(state, A.Roll("Red", die=2))  # field 3, red
    apply(state, A.Invest("Red"))  # a machine to lend against
    (event,) = apply(state, A.TakeCredit("Red", amount=500))
    assert event == {"type": "credit", "audience": ["Red", BANK], "team": "Red", "amount": 500}


def test_a_roll_lies_on_the_table() -> None:
    """Rulebook I, "Now We Can Begin to Play": everyone sees the die and where the piece goes."""
    state = _game()
    events = apply(state, A.Roll("Red", die=2))
    assert events[0] == {"type": "move", "audience": ALL, "team": "Red", "die": 2, "field": 3,
                         "color": "R"}
