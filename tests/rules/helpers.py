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
#: A market with one empty dimple in the 500 zone and one in the 300 zone.
GAPS = (5, 5, 5, 4, 5, 5, 5, 4)
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
    state: GameState, team: str, color: str, *decision: A.Action, rest: bool = True
) -> list[dict[str, Any]]:
    """``team`` rolls onto the next field of ``color`` (taking quiet turns on red first while
    none is within reach), makes ``decision`` and settles the rest of its turn; then, with
    ``rest``, the other teams take quiet turns until it is ``team``'s turn again. The events
    of the roll and the decision."""
    while True:
        try:
            die = die_to(state, team, color)
        except AssertionError:
            idle(state, team)
            idle_others(state, team)
            continue
        events = play(state, A.Roll(team, die=die), *decision)
        settle(state, team)
        if rest:
            idle_others(state, team)
        return events


def idle_others(state: GameState, team: str) -> None:
    """The other teams take quiet turns until it is ``team``'s turn (or the game is over)."""
    while state.current is not None and state.current != team:
        idle(state, state.current)


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


def buy_webs(state: GameState, team: str, chips: int) -> None:
    """``team`` goes to the next green fields and buys ``chips`` WEB chips, one per field; the
    other teams take quiet turns in between."""
    for _ in range(chips):
        turn_to(state, team, "G", A.BuyWeb(team))


def walk(state: GameState, team: str, target: int) -> None:
    """Move ``team`` turn by turn until it stands on field ``target``: from red field to red
    field (doing nothing there) until the target is within one roll, then onto the target,
    whose field is settled (see ``settle``). Between its moves the other teams take quiet
    turns; after the last move the turn has passed on."""
    size = len(BOARD)
    while True:
        assert state.current == team, f"expected {team} to move, not {state.current}"
        left = (target - state.teams[team].position) % size or size
        die = left if left <= 6 else die_to(state, team, "R")
        play(state, A.Roll(team, die=die))
        settle(state, team)
        if die == left:
            return
        idle_others(state, team)


def cash(state: GameState, team: str) -> int:
    """A team's cash (tests of the expansion steps use it too)."""
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


def finished_game(**overrides: Any) -> GameState:
    """Red: a machine (5,000 on credit), 2 units bought (for 300 in the market GAPS), both
    produced: 2 finished units (and 2,700 Marks in GAPS). Red stands on field 9, to move."""
    overrides.setdefault("market_fill", GAPS)
    state = machine_game(**overrides)
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))
    turn_to(state, "Red", "R", A.Produce("Red", units=1))
    turn_to(state, "Red", "R", A.Produce("Red", units=1))
    red = state.teams["Red"]
    assert (red.finished, red.raw, red.position) == (2, 0, 9)
    return state


def three_webs_and_a_machine() -> GameState:
    """Red: a machine (5,000 on credit) and 3 WEB chips bought on fields 8, 14 and 20; 2,000
    Marks. Red stands on field 20, to move."""
    state = machine_game()
    buy_webs(state, "Red", 3)
    assert state.teams["Red"].web == 3 and state.teams["Red"].position == 20
    return state


def lease_game(**overrides: Any) -> GameState:
    """Red leased a computer with 2 WEB placed on field 8 and bought 2 more WEB on fields 14
    and 20, then went round to field 7 (crossing the start). Blue has moved: Red is to move,
    one field before the field of its lease."""
    state = game(**overrides)
    buy_webs(state, "Red", 2)  # fields 2 and 8
    play(state, A.LeaseComputer("Red"))
    red = state.teams["Red"]
    assert red.lease_field == 8 and red.web == 0 and red.has_computer
    buy_webs(state, "Red", 2)  # fields 14 and 20
    walk(state, "Red", 7)
    idle(state, "Blue")
    assert red.years == 1 and red.web == 2 and red.has_computer
    return state


FOUR = ("Red", "Blue", "Green", "Yellow")


def bankrupt_red(**overrides: Any) -> tuple[GameState, list[dict[str, Any]]]:
    """Four teams. Red bought a machine with 5,000 of bank credit and leased it to Blue,
    borrowed 2,000 each from Blue and Yellow, bought 10 raw units for 3,750 and lent 5,000 to
    Green: 250 Marks in cash. Then a major breakdown (3,000, no insurance) on field 10."""
    state = game(teams=FOUR, **overrides)
    play(state, A.Roll("Red", die=2), A.Invest("Red", credit=5_000))  # field 3
    idle_others(state, "Red")
    deal(state, "Red", "Blue", give={"lease": [1]})
    lend(state, "Blue", "Red", 2_000)
    lend(state, "Yellow", "Red", 2_000)
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=10))  # field 5
    idle_others(state, "Red")
    lend(state, "Red", "Green", 5_000)
    red = state.teams["Red"]
    assert (red.cash, red.raw, red.bank_debt) == (250, 10, 5_000)
    events = play(state, A.Roll("Red", die=5), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))
    return state, events
