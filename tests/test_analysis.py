"""The analysis figures (cash flow, capital bridge, ratios, the class) against the books:
rulebook part I, "Explanations: Financial Statement and Profit"; with all steps, part II."""

from __future__ import annotations

from fractions import Fraction

import pytest

from playboss.rules import GameConfig, GameState
from playboss.rules.accounts import PnLLine, YearAccount, year_accounts
from playboss.rules.analysis import (
    activity_of,
    capital_bridge,
    cash_flow,
    class_comparison,
    ratios,
)
from playboss.rules.simulate import play_game
from playboss.rules.statements import balance_sheet_from

ALL = frozenset({1, 2, 3, 4, 5, 6})
#: (bot, steps, seed): greedy bots play long businesses; random bots go bankrupt, strike and
#: are taken over, and a base-model team that never crosses the start owes its capital.
GAMES = [("greedy", frozenset(), 3), ("greedy", frozenset({4}), 7), ("greedy", ALL, 5),
         ("greedy", ALL, 11), *[("random", ALL, seed) for seed in range(1, 6)],
         ("random", frozenset(), 1), ("random", frozenset(), 2)]


def _game(bot: str, steps: frozenset[int], seed: int) -> GameState:
    config = GameConfig(teams=("Red", "Blue", "Green", "Yellow"), seed=seed, years=3,
                        steps=steps)
    return play_game(config, bot)[0]


@pytest.mark.parametrize(("bot", "steps", "seed"), GAMES)
def test_cash_flow_and_capital_bridge_reconcile_for_every_team_and_year(
        bot: str, steps: frozenset[int], seed: int) -> None:
    """Start cash + operating + investing + financing = end cash, and the end cash is the
    ledger's (the live balance for the running year); owned capital at the start + the bridge's
    lines = owned capital at the end, the balance sheet's; each year starts where the last
    ended."""
    state = _game(bot, steps, seed)
    for name in state.teams:
        accounts = year_accounts(state, name)
        assert accounts
        previous_cash = previous_equity = None
        for account in accounts:
            flow = cash_flow(account)
            assert flow.start + sum(flow.total(a) for a in
                                    ("operating", "investing", "financing")) == flow.end
            assert flow.end == account.closing.cash
            bridge = capital_bridge(account)
            assert (bridge.start + bridge.operating + bridge.events + bridge.tax
                    + bridge.unpaid + bridge.paid_in) == bridge.end == account.closing.equity
            assert bridge.profit == account.profit
            if previous_cash is not None:
                assert flow.start == previous_cash and bridge.start == previous_equity
            previous_cash, previous_equity = flow.end, bridge.end
        assert accounts[-1].closing.cash == state.ledger.balance("cash", name)


def test_the_games_above_hold_events_bankruptcies_and_capital_never_received() -> None:
    """Rulebook, "Bankruptcy" and "End of the Game": the reconciliation above is not only
    over quiet years - its games hold events, bankruptcy sales and unpaid capital."""
    seen: set[str] = set()
    for game in GAMES:
        state = _game(*game)
        for name in state.teams:
            for account in year_accounts(state, name):
                bridge = capital_bridge(account)
                seen |= {"events"} if bridge.events else set()
                seen |= {"unpaid"} if bridge.unpaid else set()
                seen |= {key for _, key, _ in cash_flow(account).lines}
    assert {"events", "unpaid", "bankruptcy", "investment", "financing", "capital",
            "tax_paid"} <= seen, seen


def _account(lines: list[PnLLine], opening_cash: int, closing_kwargs: dict[str, int]
             ) -> YearAccount:
    opening = balance_sheet_from("Red", cash=opening_cash)
    closing = balance_sheet_from("Red", **closing_kwargs)
    return YearAccount("Red", 1, True, opening, closing, lines, sales=0)


def test_cash_flow_groups_lines_by_activity() -> None:
    """Sales and purchases are operating, a machine bought investing, bank credit financing."""
    lines = [PnLLine("sales_market", "", cash=6_000), PnLLine("raw_material", "", cash=-1_500,
             book=1_500), PnLLine("investment", "", cash=-10_000, book=10_000),
             PnLLine("financing", "", cash=10_000, book=-10_000)]
    account = _account(lines, 20_000, dict(cash=24_500, machines_single=1, raw=10,
                                           bank_debt=10_000))
    flow = cash_flow(account)
    assert (flow.total("operating"), flow.total("investing"), flow.total("financing")) == (
        4_500, -10_000, 10_000)
    assert [key for _, key, _ in flow.lines] == ["sales_market", "raw_material", "investment",
                                                 "financing"]
    assert activity_of("tax_paid") == "operating" and activity_of("capital") == "financing"


def test_ratios_on_a_hand_made_year() -> None:
    """The rulebook's example sheet at the year's end (34,150 total, owned capital 22,150)
    after a year that started with 20,000 cash: equity ratio 22,150 / 34,150, return on
    equity 2,150 / 20,000; 4 units made in 2 runs on 3 machines (capacity use 4 / 6);
    2 sold for 6,000 (average price 3,000)."""
    from playboss.rules import new_game
    from playboss.rules.ledger import Entry

    state = new_game(GameConfig(teams=("Red", "Blue")))
    state.ledger.entries.clear()
    state.ledger.entries.extend([
        Entry(1, "finished", "bank", "Red", 2, "production"),
        Entry(2, "finished", "bank", "Red", 2, "production"),
        Entry(3, "finished", "Red", "market", 2, "sale"),
    ])
    state.teams["Red"].year_starts = [0]
    lines = [PnLLine("sales_market", "", cash=6_000), PnLLine("production", "", cash=-2_000),
             PnLLine("raw_material", "", cash=-600), PnLLine("other", "", cash=-1_250)]
    account = _account(lines, 20_000, dict(machines_single=3, raw=1, finished=2, cash=1_000,
                                           bank_debt=10_000, other_debt=2_000))
    account.sales = 6_000
    r = ratios(state, account)
    assert r.equity_ratio == Fraction(22_150, 34_150)
    assert r.return_on_equity == Fraction(account.profit, 20_000)
    assert (r.units_produced, r.production_runs, r.capacity) == (4, 2, 3)
    assert r.capacity_use == Fraction(4, 6)
    assert r.average_price == 3_000
    assert r.unit_cost == Fraction(2_600, 4)  # raw material and production; "other" is not


def test_return_on_equity_is_none_without_positive_equity_at_the_start() -> None:
    """A business starting the year with nothing owned and nothing paid in has no return on
    its capital (shown "–")."""
    from playboss.rules import new_game

    state = new_game(GameConfig(teams=("Red", "Blue")))
    state.ledger.entries.clear()  # no capital paid in during the year either
    state.teams["Red"].year_starts = [0]
    opening = balance_sheet_from("Red", starting_capital=0)
    account = YearAccount("Red", 1, True, opening, balance_sheet_from("Red", cash=500,
                          starting_capital=0), [PnLLine("sales_market", "", cash=500)], 0)
    r = ratios(state, account)
    assert r.return_on_equity is None and r.unit_cost is None and r.average_price is None
    assert r.equity_ratio == 1


def test_return_on_equity_in_year_1_is_on_the_starting_capital_paid_in() -> None:
    """Rulebook, "Preparation": the bank pays the starting capital in at the start, after
    year 1's opening balance (all zero): year 1's return is on that capital."""
    state = _game("greedy", frozenset({4}), 7)
    for name in state.teams:
        first = year_accounts(state, name)[0]
        assert first.opening.equity == 0
        capital = sum(
            e.qty for e in state.ledger.entries[:state.teams[name].year_starts[1]]
            if e.kind == "capital" and e.target == name)
        assert capital > 0
        assert ratios(state, first).return_on_equity == Fraction(first.profit, capital)


def test_class_comparison_ranks_and_averages() -> None:
    """Each team's rank per year is 1 + the teams with a higher figure; the average is over the
    teams with a figure."""
    state, _ = play_game(GameConfig(teams=("Red", "Blue", "Green"), seed=3, years=2), "greedy")
    table = class_comparison(state, 1)
    profits = {name: year_accounts(state, name)[0].profit for name in state.teams}
    for name, row in table.items():
        assert row["profit"].value == profits[name]
        assert row["profit"].rank == 1 + sum(1 for p in profits.values() if p > profits[name])
        assert row["profit"].average == Fraction(sum(profits.values()), 3)
