"""Statements that are right for the team's situation (issue 13): the tax in its own year,
events as named lines."""

from __future__ import annotations

import pytest

from playboss.rules import GameConfig
from playboss.rules.accounts import EVENT_LINES, year_accounts
from playboss.rules.simulate import play_game


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_a_years_tax_is_on_that_years_statements(seed: int) -> None:
    """Rulebook, "4. Step: Taxation": the profit of the past year is declared at the crossing,
    taxed, and "the remaining profit is put back into the subsequent financial statements as
    capital". So the tax is the closed year's expense (and its liability until paid), the
    profit before tax is the declared profit, and the next year starts from the profit after
    tax; paying the tax in the next year moves cash, not profit."""
    state, _ = play_game(GameConfig(teams=("A", "B", "C"), seed=seed, years=4,
                                    steps=frozenset({4})), "greedy")
    taxed = 0
    for team in state.teams:
        years = year_accounts(state, team)
        for year, following in zip(years, years[1:] + [None], strict=True):
            assert year.profit == year.closing.profit - year.opening.profit
            assert year.closing.total_assets == year.closing.total_liabilities
            lines = {line.key: line for line in year.lines}
            if not year.closed:
                assert "taxes" not in lines
                continue
            assert year.tax is not None
            tax = year.tax["tax"]
            assert lines.get("taxes") is None or lines["taxes"].profit == -tax
            # One profit of the year: the P&L's profit before tax is the declared profit.
            assert year.profit + tax == year.tax["profit"], (team, year.year)
            if tax:
                taxed += 1
                assert lines["taxes"].cash == 0  # booked at the close, paid afterwards
                assert following is not None
                paid = {line.key: line for line in following.lines}["tax_paid"]
                assert (paid.cash, paid.profit) == (-tax, 0)
                assert year.closing.tax_due == tax
                assert following.opening.tax_due == tax
    assert taxed, "no team paid tax: the test would prove nothing"


def test_events_have_named_lines_and_no_empty_other() -> None:
    """Rulebook, "Bankruptcy" and steps 4 and 6: bankruptcies, strikes and takeovers are
    named lines; no line is printed at nothing under "Other"."""
    keys: set[str] = set()
    for seed in range(1, 9):
        state, _ = play_game(GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=3,
                                        steps=frozenset({1, 2, 3, 4, 5, 6})), "random")
        for team in state.teams:
            for year in year_accounts(state, team):
                for line in year.lines:
                    keys.add(line.key)
                    if line.key == "other":
                        assert line.cash or line.book, line
                assert year.profit == year.closing.profit - year.opening.profit
                assert sum(year.positions.values()) == year.profit  # HGB § 275, issue 22
    assert "other" not in keys, keys
    assert keys & set(EVENT_LINES), keys


@pytest.mark.parametrize("goal", ["asset_yield", "sales_yield"])
def test_a_yield_goal_ranks_a_smaller_loss_above_a_larger_one(goal: str) -> None:
    """Rulebook, "5. Step: Various Game Goals" (3, 4): the highest yield wins. The rulebook
    is silent on losses, where a yield grows the smaller the business; with the default
    ``yield_losses: "behind"`` a loss ranks behind every profit and losses by their size, and
    each row names the figure that decided its rank. ``"rulebook"`` ranks by the ratio."""
    from dataclasses import replace

    from playboss.rules.statements import final_results

    for seed in range(1, 30):
        config = GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=2,
                            steps=frozenset({4, 5}), goal=goal)
        state, _ = play_game(config, "random")
        rows = final_results(state)
        live = [r for r in rows if not r["bankrupt"]]
        losses = [r for r in live if r["result"] < 0]
        if len(losses) < 2:
            continue
        profits = [r for r in live if r["result"] >= 0]
        assert live == [r for r in live if r["result"] >= 0] + losses
        assert [r["result"] for r in losses] == sorted((r["result"] for r in losses),
                                                       reverse=True)
        assert {r["rank_figure"] for r in losses} == {"result"}
        expected = "asset_yield_per_lap" if goal == "asset_yield" else "sales_yield"
        assert all(r["rank_figure"] == expected for r in profits)
        state.config = replace(state.config, yield_losses="rulebook")
        assert all(r["rank_figure"] == expected for r in final_results(state))
        return
    pytest.fail("no game with two losses: the test would prove nothing")
