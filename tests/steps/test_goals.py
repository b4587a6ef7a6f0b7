"""Step 5: various game goals (rulebook part II, "5. Step: Various Game Goals")."""

from __future__ import annotations

from fractions import Fraction

import pytest

from playboss.rules import GameConfig, RuleViolation, apply, check_invariants, new_game, view
from playboss.rules.actions import CostChoice, Invest, Pass, Produce, Purchase, Roll, Sell
from playboss.rules.state import GameState
from playboss.rules.statements import balance_sheet, final_results
from playboss.rules.steps.goals import SetPersonalGoal


def _game(goal: str, target: int = 2_000) -> GameState:
    return new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                               steps=frozenset({5}), goal=goal, sales_target=target,
                               years=None))


def _do(state: GameState, *actions: object) -> None:
    for action in actions:
        apply(state, action)  # type: ignore[arg-type]
        check_invariants(state)


def _blue_waits(state: GameState) -> None:
    """Blue rolls a six and does nothing on the field it reaches."""
    _do(state, Roll("Blue", die=6))
    while state.phase == "turn" and state.current == "Blue" and state.pending:
        kind = state.pending[0].kind
        _do(state, Pass("Blue") if kind == "red" else CostChoice("Blue", option="idle"))


def _red_sells_one_unit(state: GameState) -> None:
    """Red invests, buys, produces and sells one unit in four red fields (sixes: 7, 13, 19;
    then 25, 31, 37 are yellow and the seventh six crosses the start onto red field 1)."""
    _do(state, Roll("Red", die=6), Invest("Red"))
    _blue_waits(state)
    _do(state, Roll("Red", die=6), Purchase("Red", units=2))
    _blue_waits(state)
    _do(state, Roll("Red", die=6), Produce("Red", units=1))
    for _ in range(3):
        _blue_waits(state)
        _do(state, Roll("Red", die=6), CostChoice("Red", option="idle"))
    _blue_waits(state)
    _do(state, Roll("Red", die=6), Sell("Red", units=1))


def test_first_to_the_sales_target_wins_at_once() -> None:
    """Rulebook II, "5. Step: Various Game Goals" (1): the first to reach the sales level is
    the market leader and declared winner."""
    state = _game("first_to_sales")
    _red_sells_one_unit(state)
    assert state.phase == "ended"
    results = final_results(state)
    # Sold into the 350 zone, the dearest with room after Red's purchase: 3,500 Marks.
    assert results[0]["team"] == "Red" and results[0]["sales"] == 3_500
    assert state.step["goal_winner"] == "Red"


def test_sales_target_ends_the_game_after_the_round() -> None:
    """Rulebook II, "5. Step: Various Game Goals" (2): the game ends when a player reaches the
    sales level; the winner has the greatest profit. The round is played out."""
    state = _game("sales_then_profit")
    _red_sells_one_unit(state)
    assert state.time_called and state.phase == "turn" and state.current == "Blue"
    _blue_waits(state)
    assert state.phase == "ended"
    ranking = [r["team"] for r in final_results(state)]
    profits = {t: balance_sheet(state, t).profit for t in ("Red", "Blue")}
    assert ranking == sorted(profits, key=lambda t: -profits[t])


def test_sales_yield_and_asset_yield_per_lap() -> None:
    """Rulebook II, "5. Step: Various Game Goals" (3, 4): sales yield = profit / sales; asset
    yield = profit / balance-sheet total, divided by the laps played, partial laps counted."""
    state = _game("asset_yield")
    _red_sells_one_unit(state)
    _blue_waits(state)
    rows = {r["team"]: r for r in final_results(state)}
    red = balance_sheet(state, "Red")
    laps = Fraction(7 * 6, 42)
    assert rows["Red"]["laps"] == 1.0
    assert rows["Red"]["sales_yield"] == round(float(Fraction(red.profit, 3_500)), 6)
    assert rows["Red"]["asset_yield_per_lap"] == round(
        float(Fraction(red.profit, red.total_assets) / laps), 6)
    assert rows["Blue"]["sales_yield"] is None  # no sales: no yield, ranked behind


def test_personal_goal_is_written_before_the_first_roll() -> None:
    """Rulebook II, "Explanations: Various Game Goals": every player writes down a personal
    goal at the start and it is shown beside the result."""
    state = _game("profit")
    _do(state, SetPersonalGoal("Blue", text="Largest production capacity"))
    assert view(state, "Blue")["goal"]["personal_goal"] == "Largest production capacity"
    _do(state, Roll("Red", die=6), Pass("Red"))
    with pytest.raises(RuleViolation, match="before your first roll"):
        apply(state, SetPersonalGoal("Red", text="Too late"))
    with pytest.raises(RuleViolation, match="1 to 200"):
        apply(state, SetPersonalGoal("Blue", text=""))


def test_goal_variants_need_step_5() -> None:
    """Rulebook II, "5. Step: Various Game Goals": the variants replace the base goal only
    when step 5 is played."""
    with pytest.raises(RuleViolation, match="step 5"):
        GameConfig(teams=("Red",), goal="sales_yield").validate()
