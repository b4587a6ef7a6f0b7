"""Rulebook I, "Repurchase Value": the bank buys back machines, purchased computers, raw
material and finished product at any time, at fixed prices; goods go into the highest open
price zone."""

from __future__ import annotations

from playboss.rules import actions as A

from .helpers import (
    GAPS,
    computer_game,
    double_machine_game,
    finished_game,
    game,
    idle,
    machine_game,
    play,
    refused,
    turn_to,
)


def test_raw_material_150_each_into_the_highest_open_zone() -> None:
    """Rulebook I, "Repurchase Value": 150 Marks for a raw material product; returned product
    is always placed in the highest open price zone."""
    state = game(market_fill=GAPS)
    turn_to(state, "Red", "R", A.Purchase("Red", units=2))  # 2 x 150 from the cheapest zone
    assert state.market == [3, 5, 5, 4, 5, 5, 5, 4]
    events = play(state, A.SellBack("Red", item="raw", units=2))
    assert state.teams["Red"].cash == 10_000 - 300 + 300 and state.teams["Red"].raw == 0
    assert state.market == [3, 5, 5, 5, 5, 5, 5, 5]  # the 500 gap first, then the 300 gap
    assert next(e for e in events if e["type"] == "sell_back")["value"] == 300


def test_finished_product_1500_each() -> None:
    """Rulebook I, "Repurchase Value": 1,500 Marks for a finished product."""
    state = finished_game()
    cash = state.teams["Red"].cash
    play(state, A.SellBack("Red", item="finished", units=2))
    red = state.teams["Red"]
    assert red.cash == cash + 3_000 and red.finished == 0
    assert state.market == [3, 5, 5, 5, 5, 5, 5, 5]
    assert red.sales_total == 0  # a repurchase is no sale to the market


def test_machine_5000() -> None:
    """Rulebook I, "Repurchase Value": 5,000 Marks for each machine (one bought without credit,
    so that no debt is repaid from the price: ``collateral``)."""
    state = machine_game(credit=0)
    assert state.teams["Red"].cash == 0
    play(state, A.SellBack("Red", item="machine"))
    red = state.teams["Red"]
    assert red.cash == 5_000 and red.machines == [] and red.bank_debt == 0
    assert state.machines_in_bank() == 20


def test_a_double_machine_also_5000() -> None:
    """Rulebook I, "Repurchase Value": 5,000 Marks per machine, regardless of whether it is a
    single or a double machine."""
    state = double_machine_game()
    red = state.teams["Red"]
    worth = red.cash - red.bank_debt  # the price may repay debt first (``collateral``)
    events = play(state, A.SellBack("Red", item="machine", machine=1))
    assert next(e for e in events if e["type"] == "sell_back")["value"] == 5_000
    assert red.cash - red.bank_debt == worth + 5_000


def test_purchased_computer_10000() -> None:
    """Rulebook I, "Repurchase Value": 10,000 Marks for a computer, if it was purchased."""
    state = computer_game("owned")
    red = state.teams["Red"]
    worth = red.cash - red.bank_debt  # the price may repay debt first (``collateral``)
    events = play(state, A.SellBack("Red", item="computer"))
    assert next(e for e in events if e["type"] == "sell_back")["value"] == 10_000
    assert red.cash - red.bank_debt == worth + 10_000
    assert red.computers_owned == 0 and not red.has_computer
    assert state.computers_in_bank() == 8


def test_a_leased_computer_cannot_be_sold() -> None:
    """Rulebook I, "Repurchase Value": leased computers cannot be sold."""
    state = computer_game("leased")
    refused(state, A.SellBack("Red", item="computer"), "a leased computer cannot be sold")


def test_a_leased_in_machine_cannot_be_sold() -> None:
    """Rulebook I, "Repurchase Value": a team sells the bank its own machines, not one it
    leases from another team."""
    state = machine_game()
    play(state, A.ProposeDeal("Red", partner="Blue", give={"lease": [1]}, take={"cash": 500}))
    play(state, A.AcceptDeal("Blue", deal=max(state.deals)))
    refused(state, A.SellBack("Blue", item="machine", machine=1), "leased from Red")
    refused(state, A.SellBack("Blue", item="machine"), "no machine")
    refused(state, A.SellBack("Red", item="machine", machine=1), "not in your hall")


def test_repurchase_at_any_time() -> None:
    """Rulebook I, "Repurchase Value": you can sell back machines and product at any time - in
    another team's turn too."""
    state = machine_game(credit=0)  # no debt for the price to repay (``collateral``)
    idle(state, "Red")
    play(state, A.Roll("Blue", die=1))  # Blue on a green field
    play(state, A.SellBack("Red", item="machine"))
    assert state.teams["Red"].cash == 5_000


def test_repurchase_refusals() -> None:
    """Rulebook I, "Repurchase Value": only what the team has, of the four kinds the bank
    buys."""
    state = game()
    refused(state, A.SellBack("Red", item="raw", units=1), "You have 0 raw units, not 1")
    refused(state, A.SellBack("Red", item="finished", units=0), "Name at least one")
    refused(state, A.SellBack("Red", item="machine"), "no machine")
    refused(state, A.SellBack("Red", item="computer"), "You own no computer")
    refused(state, A.SellBack("Red", item="web"), "raw, finished, machine or computer")
