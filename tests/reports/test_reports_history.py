"""The engine's figures over time that reports chart: the market's prices (replayed from the
ledger) and the moves in which each year was first completed."""

from __future__ import annotations

import pytest

from playboss.rules import GameConfig, apply, new_game
from playboss.rules.accounts import market_history, year_accounts, year_marks
from playboss.rules.actions import Purchase, Roll
from playboss.rules.market import market_price, raw_price
from playboss.rules.simulate import play_game


@pytest.mark.parametrize("steps", [frozenset(), frozenset({1, 2, 3}),
                                   frozenset({1, 2, 3, 4, 5, 6})])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_replayed_market_ends_where_the_game_ends(steps: frozenset[int], seed: int) -> None:
    """Buying takes from the cheapest filled zone, selling fills the dearest zone with room
    (rulebook: "Preparation for Play"): replaying the ledger's market entries that way gives
    the market the engine holds, so every price on the chart is one the teams saw."""
    config = GameConfig(teams=("A", "B", "C", "D", "E"), seed=seed, years=4, steps=steps)
    state, _ = play_game(config, "greedy")
    points = market_history(state)
    last = points[-1]
    assert last.units == sum(state.market)
    assert last.raw_price == raw_price(state.market, config.zone_prices)
    assert last.sale_price == market_price(state.market, config.zone_capacity,
                                           config.zone_prices)
    assert points[0].seq == 0 and points[0].units == sum(config.initial_market())
    seqs = [p.seq for p in points]
    assert seqs == sorted(set(seqs)), "one point per action, in order"


def test_a_purchase_moves_the_prices() -> None:
    """Half-filled market (fewer than five teams): raw material costs 350, the cheapest filled
    zone; a sale earns ten times the dearest zone with room (300). Buying the whole 350 zone
    makes raw material dearer (400) and a sale dearer too (3,500): a demand curve."""
    state = new_game(GameConfig(teams=("Red",), first_team="Red", dice="entered", years=None,
                                market_fill=(0, 0, 0, 0, 5, 5, 5, 5)))
    apply(state, Roll("Red", die=6))  # field 7, red
    apply(state, Purchase("Red", units=5))  # the whole 350 zone
    start, bought = market_history(state)
    assert (start.units, start.raw_price, start.sale_price) == (20, 350, 3_000)
    assert (bought.seq, bought.units, bought.raw_price, bought.sale_price) == (2, 15, 400, 3_500)


def test_year_marks_follow_the_first_team_to_complete_each_year() -> None:
    state, _ = play_game(GameConfig(teams=("A", "B", "C"), seed=4, years=3), "greedy")
    marks = year_marks(state)
    most = max(t.years for t in state.teams.values())
    assert [year for year, _ in marks] == list(range(1, most + 1))
    seqs = [seq for _, seq in marks]
    assert seqs == sorted(seqs) and seqs[0] > 0 and seqs[-1] <= state.seq
    # the first team to complete year 1 had a year 1 account closed by then
    first = min(state.teams.values(), key=lambda t: t.year_starts[1] if len(
        t.year_starts) > 1 else 10**9)
    assert year_accounts(state, first.name)[0].closed
