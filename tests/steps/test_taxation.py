"""Step 4: taxation (rulebook part II, "4. Step: Taxation")."""

from __future__ import annotations

import pytest

from playboss.rules import GameConfig, RuleViolation, apply, check_invariants, new_game
from playboss.rules.actions import Correction, CostChoice, Pass, Roll
from playboss.rules.state import GameState
from playboss.rules.steps.taxation import assess, tax_bands, tax_for


@pytest.mark.parametrize(
    ("profit", "tax"),
    [(1_000, 0), (2_000, 0), (3_000, 500), (4_000, 1_000), (15_000, 7_500), (16_000, 8_200),
     (17_000, 8_900), (18_000, 9_600), (29_000, 18_200), (30_000, 19_000), (31_000, 19_800),
     (32_000, 20_600)],
)
def test_printed_tax_table(profit: int, tax: int) -> None:
    """Rulebook II, "4. Step: Taxation": every figure of the printed tax table."""
    assert tax_for(profit) == tax


def test_bands_show_each_brackets_share() -> None:
    """Rulebook II, "4. Step: Taxation": up to 2,000 nothing, 50% to 10,000, 70% to 20,000,
    80% above."""
    bands = tax_bands(29_000)
    assert [(b["amount"], b["rate"], b["tax"]) for b in bands] == [
        (2_000, 0, 0), (8_000, 50, 4_000), (10_000, 70, 7_000), (9_000, 80, 7_200)]


def test_assessment_rounds_down_after_losses() -> None:
    """Rulebook II, "4. Step: Taxation": losses are set against profits, and tax is paid on
    each full 1,000 Marks."""
    record = assess(8_500, loss_brought_forward=5_000)
    assert record["loss_used"] == 5_000
    assert record["taxable"] == 3_000
    assert record["tax"] == 500
    assert record["loss_carried_forward"] == 0
    loss = assess(-4_000, loss_brought_forward=1_000)
    assert loss["tax"] == 0 and loss["loss_carried_forward"] == 5_000


def _settle(state: GameState) -> None:
    """Answer every decision the lone team's turn waits for as cheaply as possible."""
    while state.phase == "turn" and state.pending:
        kind = state.pending[0].kind
        if kind == "red":
            apply(state, Pass("Red"))
        elif kind == "yellow":
            apply(state, CostChoice("Red", option="idle"))
        else:
            raise AssertionError(f"unexpected {kind}")
        check_invariants(state)


def _lap(state: GameState) -> None:
    """Seven sixes take the pawn from field 1 round the 42-field board back to field 1."""
    for _ in range(7):
        apply(state, Roll("Red", die=6))
        check_invariants(state)
        _settle(state)


def _game() -> GameState:
    return new_game(GameConfig(teams=("Red",), first_team="Red", dice="entered",
                               steps=frozenset({4}), years=None))


def test_profit_of_the_year_is_taxed_at_the_crossing() -> None:
    """Rulebook II, "4. Step: Taxation": at every crossing of the start the bank collects the
    tax on the year's profit."""
    state = _game()
    red = state.teams["Red"]
    assert red.cash == 20_000  # "Starting Capital": the full 20,000 with any step
    apply(state, Correction("bank", team="Red", amount=15_400, reason="windfall"))
    _lap(state)
    record = red.step["tax_years"][0]
    assert (record["profit"], record["taxable"], record["tax"]) == (15_400, 15_000, 7_500)
    assert red.cash == 20_000 + 15_400 - 7_500
    assert red.years == 1


def test_losses_are_carried_forward_and_tax_is_no_cost() -> None:
    """Rulebook II, "4. Step: Taxation": losses carried forward and amortized against later
    profits; the remaining profit stays in the business as capital."""
    state = _game()
    red = state.teams["Red"]
    apply(state, Correction("bank", team="Red", amount=15_000, reason="year 1 profit"))
    _lap(state)  # tax 7,500, paid in year 2
    apply(state, Correction("bank", team="Red", amount=-5_000, reason="year 2 loss"))
    _lap(state)
    year2 = red.step["tax_years"][1]
    # The 7,500 tax paid in year 2 is not a loss of year 2.
    assert (year2["profit"], year2["tax"], year2["loss_carried_forward"]) == (-5_000, 0, 5_000)
    apply(state, Correction("bank", team="Red", amount=8_500, reason="year 3 profit"))
    _lap(state)
    year3 = red.step["tax_years"][2]
    assert (year3["loss_used"], year3["taxable"], year3["tax"]) == (5_000, 3_000, 500)
    assert year3["loss_carried_forward"] == 0


def test_without_step_4_no_tax() -> None:
    """Rulebook I, "The Start Field": the base model knows no tax."""
    state = new_game(GameConfig(teams=("Red",), first_team="Red", dice="entered",
                                steps=frozenset({5}), years=None))
    apply(state, Correction("bank", team="Red", amount=15_000, reason="windfall"))
    _lap(state)
    assert "tax_years" not in state.teams["Red"].step
    assert state.teams["Red"].cash == 35_000


def test_correction_needs_a_reason() -> None:
    """Rulebook I, "Choose a Bank Director": the bank keeps proper books."""
    state = _game()
    with pytest.raises(RuleViolation, match="reason"):
        apply(state, Correction("bank", team="Red", amount=100, reason=" "))
