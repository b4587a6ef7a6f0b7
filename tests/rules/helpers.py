"""Small tools for building exact Playboss positions and proving what a move changed.

Games are built precisely: two teams Red and Blue, Red first, dice entered by hand, and the
market filled as the test says. The default board (``config.DEFAULT_BOARD``) is::

    index  0         1         2         3         4
           012345678901234567890123456789012345678901
           SRGRBRYRGRBRYRGRBRYRGWRBRYRGRBRYRGRBRYRGRB

so pawns start on field 1 (red); a die of 2 from a red field below 19 lands on red again.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from playboss.rules import RuleViolation, apply
from playboss.rules import actions as A
from playboss.rules.cli import final_state
from playboss.rules.config import DEFAULT_BOARD, GameConfig
from playboss.rules.engine import new_game
from playboss.rules.invariants import check
from playboss.rules.state import GameState

BOARD = DEFAULT_BOARD
#: The market of a game with fewer than five teams: zones 150-300 empty, 350-500 full.
HALF = (0, 0, 0, 0, 5, 5, 5, 5)
FULL = (5, 5, 5, 5, 5, 5, 5, 5)
#: Risk cards (playboss/rules/risk_deck.json) the tests use by number.
QUIET_QUARTER = 30  # no effect
MAJOR_BREAKDOWN = 13  # insured: pay 3,000
TAX_AUDIT = 15  # not insured: pay 1,000
MANAGEMENT_CONSULTANT = 20  # not insured: pay 500
INNOVATION_PRIZE = 26  # receive 2,000


def config(**overrides: Any) -> GameConfig:
    settings: dict[str, Any] = {
        "teams": ("Red", "Blue"),
        "first_team": "Red",
        "dice": "entered",
        "market_fill": HALF,
    }
    settings.update(overrides)
    return GameConfig(**settings)


def game(**overrides: Any) -> GameState:
    """A new game, Red to move (unless ``first_team=None``), dice entered by hand."""
    state = new_game(config(**overrides))
    check(state)
    return state


def play(state: GameState, *actions: A.Action) -> list[dict[str, Any]]:
    """Apply each action in turn, checking the invariants after every one; the events."""
    events: list[dict[str, Any]] = []
    for action in actions:
        events.extend(apply(state, action))
        check(state)
    return events


def snapshot(state: GameState) -> str:
    """Everything a refusal must leave alone, as one JSON text."""
    data = final_state(state)
    data["ledger_entries"] = len(state.ledger)
    data["seq"] = state.seq
    data["pending"] = [[p.kind, p.amount, p.reason, p.detail] for p in state.pending]
    data["deck"] = list(state.deck)
    data["rng"] = state.rng.state
    data["rolled"] = state.rolled
    data["order"] = [dict(state.order_rolls), list(state.order_contest)]
    data["next_id"] = state.next_id
    data["machines_detail"] = {
        str(m.id): [m.owner, m.holder, m.double, m.ready_at] for m in state.machines.values()
    }
    data["lease"] = {t.name: t.lease_field for t in state.teams.values()}
    data["web_bank"] = state.web_bank
    return json.dumps(data, sort_keys=True, default=str)


def refused(state: GameState, action: A.Action, *words: str) -> RuleViolation:
    """``action`` is refused with a message holding each of ``words``; nothing changed."""
    before = snapshot(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, action)
    assert snapshot(state) == before, f"refused {action} but the state changed"
    check(state)
    message = info.value.message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return info.value


def die_to(state: GameState, team: str, color: str) -> int:
    """The smallest die that takes ``team`` to a field of ``color`` ('R', 'G', ...)."""
    pos = state.teams[team].position
    for die in range(1, 7):
        if BOARD[(pos + die) % len(BOARD)] == color:
            return die
    raise AssertionError(f"no {color} field within 6 of field {pos}")


def roll_to(state: GameState, team: str, color: str) -> list[dict[str, Any]]:
    """``team`` rolls the die that lands it on the next field of ``color``."""
    return play(state, A.Roll(team, die=die_to(state, team, color)))


def idle(state: GameState, team: str) -> None:
    """``team`` takes a quiet turn: it rolls to the next red field and does nothing."""
    roll_to(state, team, "R")
    play(state, A.Pass(team))


def settle(state: GameState, team: str) -> None:
    """Finish ``team``'s turn without a business decision: pass on red and green, idle on
    yellow, enter the quiet risk card on blue, pay a WEB chip or return a machine on white,
    give a leased computer back."""
    while state.current == team and state.pending:
        kind = state.pending[0].kind
        if kind in ("red", "green"):
            play(state, A.Pass(team))
        elif kind == "yellow":
            play(state, A.CostChoice(team, option="idle"))
        elif kind == "risk":
            play(state, A.DrawRisk(team, card=QUIET_QUARTER))
        elif kind == "white":
            option = "web" if state.teams[team].web else "return"
            play(state, A.WriteOff(team, option=option))
        elif kind == "lease":
            play(state, A.RenewLease(team, renew=False))
        else:
            raise AssertionError(f"{team} waits for {kind}: settle it in the test")


def turn_to(
    state: GameState, team: str, color: str, *decision: A.Action, other: str | None = "Blue"
) -> list[dict[str, Any]]:
    """``team`` rolls onto the next field of ``color`` (taking quiet turns on red first while
    none is within reach), makes ``decision``, settles the rest of its turn; then ``other``
    takes a quiet turn. The events of the roll and the decision."""
    while True:
        try:
            die = die_to(state, team, color)
        except AssertionError:
            idle(state, team)
            if other is not None:
                idle(state, other)
            continue
        events = play(state, A.Roll(team, die=die), *decision)
        settle(state, team)
        if other is not None:
            idle(state, other)
        return events


def deal(
    state: GameState, proposer: str, partner: str, give: dict[str, Any] | None = None,
    take: dict[str, Any] | None = None, terms: str = "",
) -> int:
    """A private deal offered and accepted; its number."""
    play(state, A.ProposeDeal(proposer, partner=partner, give=give or {}, take=take or {},
                              terms=terms))
    number = max(state.deals)
    play(state, A.AcceptDeal(partner, deal=number))
    return number


def lend(state: GameState, lender: str, borrower: str, amount: int) -> int:
    """A private loan by deal; the loan's number."""
    deal(state, lender, borrower, give={"loan": amount})
    return max(state.loans)


def buy_webs(state: GameState, team: str, chips: int, other: str | None = "Blue") -> None:
    """``team`` goes to the next green fields and buys ``chips`` WEB chips, one per field."""
    for _ in range(chips):
        turn_to(state, team, "G", A.BuyWeb(team), other=other)


def walk(state: GameState, team: str, target: int, other: str | None = "Blue") -> None:
    """Move ``team`` turn by turn until it stands on field ``target``: from red field to red
    field (doing nothing there) until the target is within one roll, then onto the target,
    whose field is settled (see ``settle``). ``other`` takes a quiet turn between the moves,
    not after the last one."""
    size = len(BOARD)
    while True:
        assert state.current == team, f"expected {team} to move, not {state.current}"
        left = (target - state.teams[team].position) % size or size
        die = left if left <= 6 else die_to(state, team, "R")
        play(state, A.Roll(team, die=die))
        settle(state, team)
        if die == left:
            return
        if other is not None:
            idle(state, other)


def cash(state: GameState, team: str) -> int:
    return state.teams[team].cash


# ---------------------------------------------------------------- positions used by many tests
def machine_game(credit: int = 5_000, **overrides: Any) -> GameState:
    """Red bought a machine on its first roll (field 3), ``credit`` of it on bank credit;
    Blue took a quiet turn. Red stands on field 3, to move."""
    state = game(**overrides)
    turn_to(state, "Red", "R", A.Invest("Red", credit=credit))
    return state


def double_machine_game() -> GameState:
    """Red: one machine turned double with 3 WEB chips, 2 raw units, a private loan of 2,000
    from Blue; the machine is ready and Red is to move."""
    state = machine_game()
    buy_webs(state, "Red", 3)
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))
    play(state, A.Efficiency("Red"))
    lend(state, "Blue", "Red", 2_000)
    return state


def computer_game(how: str) -> GameState:
    """Red: a ready machine, 2 raw units and a computer, bought (20,000, 10,000 of it on
    credit, with a private loan of 7,000 from Blue) or leased with 2 WEB chips."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))
    if how == "owned":
        lend(state, "Blue", "Red", 7_000)
        play(state, A.BuyComputer("Red", credit=10_000))
    else:
        buy_webs(state, "Red", 2)
        play(state, A.LeaseComputer("Red"))
    return state
