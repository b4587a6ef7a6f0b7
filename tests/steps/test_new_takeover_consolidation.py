"""A takeover's consolidation, played through the public surface (issue 14).

Rulebook II, "4. Step: Taxation": "If a money losing business is purchased and consolidated
into the financial statements ..."; docs/rules.md and the takeover module's docstring say what
consolidating means here: the buyer takes over everything of the business at book value —
machines (keeping their remaining delivery time), the computer, owned or leased, the bank debt.
Before these tests that transfer never ran in a test; ``bench/mutants.py`` proves they catch a
takeover that restarts the machines' delivery countdown.
"""

from __future__ import annotations

from typing import Any

import pytest

from playboss.rules import BANK, RuleViolation, view
from playboss.rules.cli import final_state
from playboss.rules.state import GameState
from tests.rules.public_play import (
    do,
    land_on,
    legal_types,
    others_idle,
    red_turn,
    settle,
    start,
)

TEAMS = ("Red", "Blue", "Green")
TAXATION = frozenset({4})


def _offer_and_accept(state: GameState, buyer: str, target: str, price: int) -> None:
    events = do(state, buyer, "offer_takeover", target=target, price=price)
    offer = next(e["offer"] for e in events if e["type"] == "takeover_offered")
    do(state, target, "accept_takeover", offer=offer)


def _ready_at(state: GameState) -> dict[int, int]:
    """Each machine's first producing roll, as the bank's screen shows it."""
    shown: dict[str, Any] = view(state, BANK)
    return {m["id"]: m["ready_at_roll"] for t in shown["teams"]
            for m in t.get("machine_list", [])}


def _blue_with_machines_on_order_a_computer_and_debt() -> GameState:
    """Blue buys a machine on each of its first two red fields (5,000 of each on credit)
    and a computer with 10,000 credit; Red (one roll ahead of Blue) stands on a red field
    with its own roll 3, undecided."""
    state = start(TEAMS, steps=TAXATION)
    land_on(state, "Red", "R")
    settle(state, "Red")
    red_turn(state, "Blue", "invest", credit=5_000)  # Green and Red idle after it
    land_on(state, "Blue", "R")
    do(state, "Blue", "invest", credit=5_000)
    do(state, "Blue", "buy_computer", credit=10_000)
    settle(state, "Blue")
    others_idle(state, "Red")
    land_on(state, "Red", "R")
    return state


def test_machines_on_order_keep_their_remaining_delivery_time() -> None:
    """Rulebook II, "4. Step: Taxation": the consolidated machines keep the delivery time they
    had left - one roll for Blue's first machine, two for its second - counted in the buyer's
    rolls, not restarted and not delivered at once."""
    state = _blue_with_machines_on_order_a_computer_and_debt()
    red, blue = state.teams["Red"], state.teams["Blue"]
    assert (red.rolls, blue.rolls) == (3, 2)
    first, second = sorted(blue.machines)
    assert _ready_at(state) == {first: 3, second: 4}  # Blue's rolls 3 and 4
    _offer_and_accept(state, "Red", "Blue", price=1_000)
    assert sorted(red.machines) == [first, second] and blue.machines == []
    assert _ready_at(state) == {first: 4, second: 5}  # Red's roll 3 + 1 and + 2
    do(state, "Red", "purchase", units=2)
    settle(state, "Red")
    others_idle(state, "Red")
    land_on(state, "Red", "R")  # Red's roll 4: the first machine produces, the second not yet
    with pytest.raises(RuleViolation):
        do(state, "Red", "produce", units=2)
    events = do(state, "Red", "produce", units=1)
    assert any(e["type"] == "produce" for e in events)
    assert state.teams["Red"].finished == 1


def test_the_computer_and_the_bank_debt_go_to_the_buyer() -> None:
    """Rulebook II, "4. Step: Taxation": the buyer's books take over the bought business's
    owned computer (a credit line of 10,000 with it) and its bank debt of 20,000."""
    state = _blue_with_machines_on_order_a_computer_and_debt()
    before = final_state(state)["teams"]
    assert before["Blue"]["computers"] == {"owned": 1, "leased": 0}
    assert before["Blue"]["bank_debt"] == 20_000
    red_cash = before["Red"]["cash"]
    _offer_and_accept(state, "Red", "Blue", price=0)
    after = final_state(state)["teams"]
    assert after["Red"]["computers"] == {"owned": 1, "leased": 0}
    assert after["Blue"]["computers"] == {"owned": 0, "leased": 0}
    assert after["Red"]["bank_debt"] == 20_000 and after["Blue"]["bank_debt"] == 0
    assert after["Red"]["cash"] == red_cash + before["Blue"]["cash"]
    assert after["Red"]["machines"] == {"single": 2, "double": 0}
    sheet = after["Red"]["balance_sheet"]
    assert sheet["computers_value"] == 20_000 and sheet["bank_debt"] == 20_000
    # Two machines and the computer secure 20,000, all of it used: no credit is open.
    assert "take_credit" not in legal_types(state, "Red")
    do(state, "Red", "repay_credit", amount=500)
    assert "take_credit" in legal_types(state, "Red")


def test_a_leased_computer_goes_to_the_buyer_with_its_lease() -> None:
    """Rulebook II, "4. Step: Taxation": a computer the bought business leases (2 WEB, "Computer
    Leasing") is the buyer's from then on, and so are the business's WEB chips."""
    state = start(TEAMS, steps=TAXATION)
    for _ in range(3):  # Red idles on red fields, Blue buys a WEB chip on each green field
        land_on(state, "Red", "R")
        settle(state, "Red")
        land_on(state, "Blue", "G")
        do(state, "Blue", "buy_web")
        settle(state, "Blue")
        others_idle(state, "Red")
    do(state, "Blue", "web_lease_computer")
    before = final_state(state)["teams"]
    assert before["Blue"]["computers"] == {"owned": 0, "leased": 1}
    red_web = before["Red"]["web"]
    _offer_and_accept(state, "Red", "Blue", price=0)
    after = final_state(state)["teams"]
    assert after["Red"]["computers"] == {"owned": 0, "leased": 1}
    assert after["Blue"]["computers"] == {"owned": 0, "leased": 0}
    assert after["Red"]["web"] == red_web + before["Blue"]["web"]
    assert "web_lease_computer" not in legal_types(state, "Red")  # the slot is taken


def _lend(state: GameState, lender: str, borrower: str, amount: int) -> None:
    events = do(state, lender, "propose_deal", partner=borrower, give={"loan": amount})
    do(state, borrower, "accept_deal",
       deal=next(e["deal"] for e in events if e["type"] == "deal_offered"))


def test_private_loans_change_hands_and_a_loan_to_the_buyer_is_settled() -> None:
    """Rulebook II, "4. Step: Taxation": the bought business's private loans are the buyer's
    - what it owes Green, Red owes now; what Green owes it, Green owes Red; what Red owed the
    business it bought is settled."""
    state = start(TEAMS, steps=TAXATION)
    _lend(state, "Green", "Blue", 3_000)
    _lend(state, "Blue", "Green", 1_000)
    _lend(state, "Blue", "Red", 2_000)
    _offer_and_accept(state, "Red", "Blue", price=0)
    loans = sorted((loan["lender"], loan["borrower"], loan["amount"])
                   for loan in final_state(state)["loans"].values())
    assert loans == [("Green", "Red", 3_000), ("Red", "Green", 1_000)]
    teams = final_state(state)["teams"]
    assert teams["Red"]["private_debt"] == 3_000 and teams["Red"]["loans_given"] == 1_000
    assert teams["Blue"]["private_debt"] == 0 and teams["Blue"]["loans_given"] == 0
