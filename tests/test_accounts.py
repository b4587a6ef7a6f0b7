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


#: Lines whose finished products move only by producing and selling them: a year with no other
#: line moving products changes its stock of them by the change in inventories alone.
_PRODUCT_LINES = frozenset({"sales_market", "sales_bank", "production"})


@pytest.mark.parametrize(("steps", "bot"), [
    (frozenset(), "sensible"), (frozenset({4}), "sensible"), (frozenset({6}), "greedy"),
    (frozenset({4, 6}), "sensible"), (frozenset({1, 2, 3, 4, 5, 6}), "sensible")])
def test_the_total_cost_positions_add_up_to_the_years_profit(steps: frozenset[int],
                                                              bot: str) -> None:
    """HGB § 275 (2), the total-cost form (issue 22): every year of generated games, the
    positions add up to the year's profit - the change of the balance sheet's profit, as the
    lines do -; revenue is the full price of products sold (never less than the sales to the
    market), the change in inventories is the change of the finished products' value where
    only producing and selling moved them, the tax is step 4's assessment, and an operating
    year without events has nothing outside the operating and financial results."""
    from playboss.rules.accounts import GKV_POSITIONS

    state, _ = play_game(GameConfig(teams=("A", "B", "C", "D", "E"), seed=5, years=4,
                                    steps=steps), bot)
    seen: set[str] = set()
    for team in state.teams:
        for year in year_accounts(state, team):
            assert set(year.positions) <= set(GKV_POSITIONS)
            seen |= set(year.positions)
            assert sum(year.positions.values()) == year.profit
            assert {k: sum(v.values()) for k, v in year.position_lines.items()} == \
                year.positions
            assert year.profit == year.closing.profit - year.opening.profit
            assert (year.operating_result + year.financial_result
                    + sum(year.position(k) for k in ("bargain", "business_sold",
                                                      "capital_not_received"))
                    == year.result_before_tax)
            assert year.position("revenue") >= year.sales
            keys = {line.key for line in year.lines}
            if keys <= {"sales_market", "production", "raw_material", "salaries", "interest",
                        "web", "idle", "investment", "financing", "capital", "tax_paid",
                        "taxes", "marketing"}:
                assert year.position("revenue") == year.sales
            if not any(line.key not in _PRODUCT_LINES and any(
                    r in line.reasons for r in ("risk", "takeover", "bankruptcy",
                                                "bankruptcy sale", "private deal", "correction"))
                       for line in year.lines):
                assert year.position("inventory_change") == (
                    year.closing.finished_value - year.opening.finished_value)
            tax = year.tax["tax"] if year.tax else 0
            assert year.position("income_tax") == -tax
            assert year.result_before_tax == year.profit + tax
            if year.tax is not None:
                assert year.result_before_tax == year.tax["profit"]
    assert {"revenue", "materials", "other_expenses"} <= seen
    if 4 in steps:
        assert "income_tax" in seen, "no tax in the games: the test would prove less"
    if 6 in steps:
        assert "staff" in seen


def test_a_bargain_is_its_own_position_outside_the_operating_result() -> None:
    """Issue 22: Red buys Blue's business (15,000 of cash, book value) for 12,000: Red's
    bargain of 3,000 is its own position, outside the operating result; Blue's side is the
    business sold (a loss of 3,000), not Red's position."""
    from playboss.rules.actions import Correction
    from playboss.rules.steps.takeover import AcceptTakeover, OfferTakeover
    from tests.rules import helpers as H

    state = H.new_game(GameConfig(teams=("Red", "Blue", "Green"), first_team="Red",
                                  dice="entered", steps=frozenset({4}), years=None))
    H.play(state, Correction("bank", team="Blue", amount=-5_000, reason="a loss"))
    H.play(state, OfferTakeover("Red", target="Blue", price=12_000))
    H.play(state, AcceptTakeover("Blue", offer=int(next(iter(state.step["takeovers"])))))
    red = year_accounts(state, "Red")[-1]
    blue = year_accounts(state, "Blue")[-1]
    assert red.positions == {"bargain": 3_000}
    assert red.operating_result == 0 and red.profit == 3_000
    assert blue.positions == {"other_expenses": -5_000, "business_sold": -3_000}
    assert blue.operating_result == -5_000
