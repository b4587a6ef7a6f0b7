"""Rulebook I, "The Red Decision Field": one decision per red field - purchasing, investing,
producing, selling or doing nothing."""

from __future__ import annotations

import pytest

from playboss.rules import actions as A
from playboss.rules.constants import DELIVERY_ROLLS

from .helpers import (
    FULL,
    HALF,
    computer_game,
    double_machine_game,
    finished_game,
    game,
    lend,
    machine_game,
    play,
    refused,
    roll_to,
    turn_to,
)


# ------------------------------------------------------------------ one decision
def test_only_one_decision_per_red_field() -> None:
    """Rulebook I, "The Red Decision Field": he may make only a single decision per red
    field; after it the turn passes on."""
    state = game()
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=1))
    assert state.current == "Blue" and not state.pending
    refused(state, A.Purchase("Red", units=1), "It is Blue's turn, not Red's")
    refused(state, A.Invest("Red"), "It is Blue's turn, not Red's")
    refused(state, A.Pass("Red"), "It is Blue's turn, not Red's")


def test_decisions_are_made_only_on_a_red_field() -> None:
    """Rulebook I, "The Red Decision Field": the five decisions belong to a red field; a
    green field offers none of them."""
    state = game()
    play(state, A.Roll("Red", die=1))  # field 2, green
    refused(state, A.Purchase("Red", units=1), "Purchasing is not open now", "green field")
    refused(state, A.Sell("Red", units=1), "Selling is not open now")
    refused(state, A.Invest("Red"), "Investing is not open now")
    refused(state, A.Produce("Red", units=1), "Producing is not open now")


def test_no_decision_before_the_roll() -> None:
    """Rulebook I, "The Red Decision Field": the decision belongs to the field the pawn lands
    on; before the roll there is none (the start position does not count)."""
    state = game()
    refused(state, A.Purchase("Red", units=1), "Purchasing is not open now", "Red rolls")


def test_do_nothing() -> None:
    """Rulebook I, "5. Decision: Do Nothing": you have the option of not doing anything."""
    state = game()
    play(state, A.Roll("Red", die=2))
    ledger = len(state.ledger)
    events = play(state, A.Pass("Red"))
    assert [e["type"] for e in events] == ["pass"]
    assert len(state.ledger) == ledger and state.teams["Red"].cash == 10_000
    assert state.current == "Blue"


# ------------------------------------------------------------------ purchasing
def test_purchase_takes_the_cheapest_filled_zone_first() -> None:
    """Rulebook I, "1. Decision: Purchasing": beginning with the lowest price zone in which
    there is still product, then the next higher zone; each unit costs its zone's price."""
    state = game(market_fill=(1, 0, 2, 0, 5, 5, 5, 5))
    events = play(state, A.Roll("Red", die=2), A.Purchase("Red", units=5))
    buy = next(e for e in events if e["type"] == "purchase")
    assert buy["prices"] == [150, 250, 250, 350, 350]
    assert buy["cost"] == 1_350
    assert state.teams["Red"].cash == 10_000 - 1_350
    assert state.teams["Red"].raw == 5
    assert state.market == [0, 0, 0, 0, 3, 5, 5, 5]
    assert state.ledger.balance("raw", "Red") == 5


def test_purchase_in_the_half_market_starts_at_350() -> None:
    """Rulebook I, "1. Decision: Purchasing": in a half-filled market the cheapest filled zone
    is 350; the sixth unit comes from the 400 zone."""
    state = game(market_fill=HALF)
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=7))
    assert state.teams["Red"].cash == 10_000 - (5 * 350 + 2 * 400)
    assert state.market == [0, 0, 0, 0, 0, 3, 5, 5]


def test_purchase_as_many_as_the_team_can_pay() -> None:
    """Rulebook I, "1. Decision: Purchasing": as many products as they want and can afford -
    all twenty of a half market cost 8,500."""
    state = game()
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=20))
    assert state.teams["Red"].raw == 20 and state.teams["Red"].cash == 1_500
    assert state.market == [0] * 8


def test_purchase_beyond_the_cash_is_refused() -> None:
    """Rulebook I, "1. Decision: Purchasing": only what the team can afford; the message
    names the cash and the price."""
    state = game(market_fill=FULL)
    play(state, A.Roll("Red", die=2))
    refused(state, A.Purchase("Red", units=40), "You have 10,000 Marks; 40 units cost 13,000.")
    refused(state, A.Purchase("Red", units=34), "You have 10,000 Marks; 34 units cost 10,050.")
    play(state, A.Purchase("Red", units=33))  # 5 each at 150..400, 3 at 450: 9,600
    assert state.teams["Red"].cash == 400


def test_purchase_beyond_the_market_is_refused() -> None:
    """Rulebook I, "1. Decision: Purchasing": products are taken out of the market; no more
    than lie in it."""
    state = game(market_fill=(0, 0, 0, 0, 0, 0, 1, 1))
    play(state, A.Roll("Red", die=2))
    refused(state, A.Purchase("Red", units=3), "The market holds 2 units", "cannot buy 3")
    refused(state, A.Purchase("Red", units=0), "Name at least one unit")


# ------------------------------------------------------------------ investing
def test_invest_pays_10000_for_a_machine() -> None:
    """Rulebook I, "2. Decision: Investment": pay 10,000 Marks to the bank, receive a machine
    (single roller up)."""
    state = game()
    play(state, A.Roll("Red", die=2), A.Invest("Red"))
    red = state.teams["Red"]
    assert red.cash == 0 and red.bank_debt == 0
    (machine,) = state.held_machines(red)
    assert machine.owner == machine.holder == "Red" and not machine.double
    assert state.machines_in_bank() == 19
    assert state.ledger.balance("machine", "Red") == 1


def test_invest_with_up_to_5000_bank_credit() -> None:
    """Rulebook I, "2. Decision: Investment": a player may apply for credit with the bank to
    purchase a machine up to a maximum credit of 5,000 Marks."""
    state = machine_game(credit=5_000)
    red = state.teams["Red"]
    assert red.cash == 5_000 and red.bank_debt == 5_000 and len(red.machines) == 1
    # The second machine: 5,000 credit on it although the first one's collateral is used.
    turn_to(state, "Red", "R", A.Invest("Red", credit=5_000))
    assert red.cash == 0 and red.bank_debt == 10_000 and len(red.machines) == 2


def test_invest_with_part_credit() -> None:
    """Rulebook I, "2. Decision: Investment": credit "if needed", in the bank's notes of 500
    Marks, up to 5,000."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=4))  # 1,400: 8,600 left
    roll_to(state, "Red", "R")
    refused(state, A.Invest("Red", credit=1_000), "You have 8,600 Marks",
            "with 1,000 credit you pay 9,000")
    play(state, A.Invest("Red", credit=1_500))
    red = state.teams["Red"]
    assert red.cash == 100 and red.bank_debt == 1_500


def test_invest_credit_above_5000_is_refused() -> None:
    """Rulebook I, "2. Decision: Investment": a maximum credit of 5,000 Marks."""
    state = game()
    play(state, A.Roll("Red", die=2))
    refused(state, A.Invest("Red", credit=5_500), "at most 5,000")
    refused(state, A.Invest("Red", credit=10_000), "at most 5,000")
    refused(state, A.Invest("Red", credit=1_200), "steps of 500")
    refused(state, A.Invest("Red", credit=-500), "cannot be negative")


def test_invest_without_the_cash_is_refused() -> None:
    """Rulebook I, "2. Decision: Investment": pay 10,000 Marks; with 5,000 of credit the
    team still needs 5,000 of its own."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=20))  # cash 1,500
    roll_to(state, "Red", "R")
    refused(state, A.Invest("Red"), "You have 1,500 Marks; a machine costs 10,000.")
    refused(state, A.Invest("Red", credit=5_000),
            "You have 1,500 Marks; a machine costs 10,000 and with 5,000 credit you pay 5,000.")


# ------------------------------------------------------------------ producing
def test_produce_one_unit_per_machine_for_1000() -> None:
    """Rulebook I, "3. Decision: Producing": one product per machine per red field; pay 1,000
    Marks per product; the unit moves from raw to finished."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))
    red = state.teams["Red"]
    assert red.cash == 4_300
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=2), "Your machines can make 1 unit now, not 2")
    events = play(state, A.Produce("Red", units=1))
    assert red.raw == 1 and red.finished == 1 and red.cash == 3_300
    assert next(e for e in events if e["type"] == "produce")["cost"] == 1_000
    assert state.ledger.balance("finished", "Red") == 1


def test_produce_with_two_machines_makes_two_units() -> None:
    """Rulebook I, "3. Decision: Producing": with two machines you can produce two products,
    paying 1,000 Marks for each."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Invest("Red", credit=5_000))  # roll 2: cash 0
    lend(state, "Blue", "Red", 3_000)
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))  # roll 3: 700
    play(state, A.Roll("Red", die=2))  # roll 4: both machines ready
    refused(state, A.Produce("Red", units=3), "Your machines can make 2 units now, not 3")
    play(state, A.Produce("Red", units=2))
    red = state.teams["Red"]
    assert red.finished == 2 and red.cash == 3_000 - 700 - 2_000


def test_produce_needs_raw_material() -> None:
    """Rulebook I, "3. Decision: Producing": the product moves from the raw material
    warehouse - without raw material nothing is produced."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Pass("Red"))
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=1), "You have 0 units of raw material, not 1")
    refused(state, A.Produce("Red", units=0), "Name at least one unit")


def test_produce_needs_a_machine() -> None:
    """Rulebook I, "3. Decision: Producing": with a machine you produce a product; without
    one, nothing."""
    state = game()
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=1))
    turn_to(state, "Blue", "R", A.Pass("Blue"), rest=False)
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=1), "Your machines can make 0 units now, not 1")


def test_produce_needs_the_cash_for_the_production_costs() -> None:
    """Rulebook I, "3. Decision: Producing": pay 1,000 Marks production costs for each
    product produced."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=12))  # 4,650: 350 left
    play(state, A.Roll("Red", die=2))
    refused(state, A.Produce("Red", units=1), "You have 350 Marks", "producing 1 unit costs 1,000")


def test_a_new_machine_waits_two_rolls() -> None:
    """Rulebook I, "2. Decision: Investment": a machine cannot produce anything until the
    turn after next (in 2 die rolls) that follows the purchase."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))  # roll 1
    turn_to(state, "Red", "R", A.Invest("Red", credit=5_000))  # roll 2
    red = state.teams["Red"]
    (machine,) = state.held_machines(red)
    assert machine.ready_at == red.rolls + DELIVERY_ROLLS == 4
    play(state, A.Roll("Red", die=2))  # roll 3: the next turn
    refused(state, A.Produce("Red", units=1), "can make 0 units now",
            "1 machine(s) still being delivered")
    play(state, A.Pass("Red"))
    turn_to(state, "Blue", "R", A.Pass("Blue"), rest=False)
    play(state, A.Roll("Red", die=2), A.Produce("Red", units=1))  # roll 4: the turn after next
    assert red.finished == 1


def test_a_double_machine_produces_two_units() -> None:
    """Rulebook I, "Efficiency Improvements (3 WEBs)": with a double machine you produce 2
    products per red field, paying the production costs for two."""
    state = double_machine_game()
    red = state.teams["Red"]
    cash = red.cash
    turn_to(state, "Red", "R", A.Produce("Red", units=2))
    assert red.finished == 2 and red.raw == 0 and red.cash == cash - 2_000


@pytest.mark.parametrize("how", ["owned", "leased"])
def test_a_computer_halves_the_production_cost(how: str) -> None:
    """Rulebook I, "Computer Leasing (2 WEBs)": whoever possesses a computer - bought or
    leased - pays only 500 Marks per product."""
    state = computer_game(how)
    red = state.teams["Red"]
    assert red.has_computer
    cash = red.cash
    turn_to(state, "Red", "R", A.Produce("Red", units=1))
    assert red.cash == cash - 500 and red.finished == 1


# ------------------------------------------------------------------ selling
def test_sell_into_the_highest_empty_zone_first_at_ten_times_its_price() -> None:
    """Rulebook I, "4. Decision: Selling": place product in the empty dimples, always the
    highest price zone first; collect ten times the zone's price."""
    state = finished_game()
    assert state.market == [3, 5, 5, 4, 5, 5, 5, 4]
    assert state.teams["Red"].cash == 2_700
    events = play(state, A.Roll("Red", die=2), A.Sell("Red", units=2))
    sale = next(e for e in events if e["type"] == "sell")
    assert sale["prices"] == [5_000, 3_000]  # the 500 zone's gap, then the 300 zone's
    red = state.teams["Red"]
    assert red.cash == 2_700 + 8_000 and red.finished == 0
    assert state.market == [3, 5, 5, 5, 5, 5, 5, 5]
    assert red.sales_total == 8_000


def test_sell_into_the_half_market() -> None:
    """Rulebook I, "4. Decision: Selling": the highest zone with an empty dimple first - here
    the 350 zone the raw material was bought from (3,500 per unit), not the empty 300 zone."""
    state = finished_game(market_fill=HALF)
    # Red's two units came from the 350 zone, which now has room for them.
    events = play(state, A.Roll("Red", die=2), A.Sell("Red", units=2))
    assert next(e for e in events if e["type"] == "sell")["prices"] == [3_500, 3_500]


def test_sell_more_than_the_team_has_is_refused() -> None:
    """Rulebook I, "4. Decision: Selling": whoever has finished product can sell it - no more
    than it has."""
    state = finished_game()
    play(state, A.Roll("Red", die=2))
    refused(state, A.Sell("Red", units=3), "You have 2 finished units, not 3")
    refused(state, A.Sell("Red", units=0), "Name at least one unit")
