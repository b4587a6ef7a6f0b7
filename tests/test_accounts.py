"""Accounts over time: year-end balance sheets and profit and loss, from the ledger."""

from __future__ import annotations

import pytest

from playboss.rules import GameConfig, apply, new_game
from playboss.rules.accounts import year_accounts
from playboss.rules.actions import CallTime, Pass, Purchase, Roll
from playboss.rules.simulate import play_game
from playboss.rules.statements import balance_sheet


@pytest.mark.parametrize("steps", [frozenset(), frozenset({4}), frozenset({1, 2, 3, 4, 5, 6})])
def test_profit_and_loss_equals_the_change_in_equity(steps: frozenset[int]) -> None:
    """Rulebook I, "Explanations: Financial Statement and Profit": the profit is what the
    balance sheet shows; each year's lines add up to the change of it."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C"), seed=11, years=3, steps=steps),
                         "greedy")
    for team in state.teams:
        years = year_accounts(state, team)
        assert years, team
        for year in years:
            assert year.profit == year.closing.profit - year.opening.profit
            assert year.closing.total_assets == year.closing.total_liabilities
        assert years[-1].closing == balance_sheet(state, team)
        assert years[0].opening.profit == 0


def test_lines_follow_the_ledger_reasons() -> None:
    """Rulebook I, "1. Decision: Purchasing" and "4. Decision: Selling": a purchase costs its
    price but adds raw material at 150; a sale brings its price and takes 1,500 of stock."""
    state = new_game(GameConfig(teams=("Red",), first_team="Red", dice="entered", years=None,
                                market_fill=(0, 0, 0, 0, 5, 5, 5, 5)))
    apply(state, Roll("Red", die=6))  # field 7, red
    apply(state, Purchase("Red", units=2))  # 2 × 350
    apply(state, Roll("Red", die=6))  # field 13, red
    apply(state, Pass("Red"))
    (year,) = year_accounts(state, "Red")
    lines = {line.key: line for line in year.lines}
    assert (lines["raw_material"].cash, lines["raw_material"].book) == (-700, 300)
    assert lines["raw_material"].profit == -400
    assert lines["capital"].profit == 0  # paid-in capital is not profit
    assert year.profit == -400 and not year.closed
    assert "sales_market" not in lines


def test_the_starting_capital_never_received_is_the_last_years_loss() -> None:
    """Rulebook I, "End of the Game": "subtract the 20,000 Marks of starting capital" - a team
    that never crossed the start received 10,000; its last year's profit and loss shows the
    other 10,000 as a line of its own, so the lines still add up to the balance sheet."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                                years=None, market_fill=(0, 0, 0, 0, 5, 5, 5, 5)))
    apply(state, Roll("Red", die=6))
    apply(state, Pass("Red"))
    apply(state, CallTime("bank"))
    apply(state, Roll("Blue", die=6))
    apply(state, Pass("Blue"))
    assert state.phase == "ended"
    (year,) = year_accounts(state, "Red")
    lines = {line.key: line for line in year.lines}
    assert lines["capital"].profit == -10_000
    assert "starting capital not received" in lines["capital"].reasons
    assert year.profit == year.closing.profit - year.opening.profit == -10_000
    assert year.closing == balance_sheet(state, "Red")
