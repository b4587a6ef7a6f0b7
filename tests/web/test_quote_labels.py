"""The site's labels say what the engine's quote says (issue 19, "Quotes from the engine").

Each test renders a move's words and checks them against ``apply`` on a copy, so a label
that prices a move itself (the mutants of ``bench/mutants.py``: a half-price sale labelled at
the full price, idle costs for a team without machines, the repay-credit label showing debt
plus amount, a strike priced at the lockout rate) fails here.
"""

from __future__ import annotations

from typing import Any

from django.template.loader import render_to_string

from classroom.templatetags.labour import labour_board
from playboss.rules import GameConfig, apply, new_game, view
from playboss.rules import actions as A
from playboss.rules.steps.labor import CallStrike
from playboss.rules.steps.labor.constants import WORKERS
from tests.web.test_decisions import cash_after, forms, give, mk, one, texts


def _yellow(machines: tuple[int, ...], finished: int = 0) -> Any:
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    give(state, "Red", finished=finished, machines=machines)
    apply(state, A.Roll("Red", die=5))
    assert state.pending[0].kind == "yellow"
    return state


def _cost_labels(state: Any) -> dict[str, str]:
    return {f["fixed"]["option"]: f["label"] for f in forms(state, "Red", "cost")}


def test_the_half_price_label_names_half_the_price_the_engine_pays() -> None:
    """Rulebook I, "The Yellow Cost Field": finished product sold at half price."""
    state = _yellow(machines=(), finished=2)
    after = cash_after(state, A.CostChoice("Red", option="sell_half"))
    revenue = after - state.teams["Red"].cash
    assert revenue > 0
    assert _cost_labels(state)["sell_half"] == (
        f"Sell 2 units at half price: +{mk(revenue)} Marks (cash after {mk(after)})")


def test_idle_costs_of_a_team_without_machines_are_nothing() -> None:
    """Rulebook I, "The Yellow Cost Field": idle costs are per machine; none, nothing to pay."""
    state = _yellow(machines=())
    assert _cost_labels(state)["idle"] == "Idle costs: 0 machines × 1,000 = 0 Marks"
    assert cash_after(state, A.CostChoice("Red", option="idle")) == state.teams["Red"].cash


def test_the_repay_label_names_the_debt_left() -> None:
    """Rulebook I, "Lines of Credit": a repayment lowers the debt by its amount."""
    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered"))
    give(state, "Red", machines=(0,))
    apply(state, A.TakeCredit("Red", amount=2_000))
    form = one(state, "Red", "repay_credit")
    for amount, text in texts(form).items():
        copy = state.clone()
        apply(copy, A.RepayCredit("Red", amount=amount))
        red = copy.teams["Red"]
        assert text == (f"{mk(amount)} Marks · cash after {mk(red.cash)} · "
                        f"bank debt {mk(red.bank_debt)}")


def _struck() -> Any:
    """Step 6: Red holds two machines and two workers; the representative strikes it."""
    from tests.web.test_decisions import on_red

    state = on_red(steps=frozenset({6}))
    give(state, "Red", machines=(0, 0))
    red = state.teams["Red"]
    red.step.setdefault("labor", {}).setdefault("contracts", []).extend(
        [{"salary": 500, "notice": False, "leaving": False}] * 2)
    apply(state, CallStrike(WORKERS, teams=["Red"]))
    return state


def test_a_strike_is_priced_at_the_strike_rate_on_the_board() -> None:
    """Rulebook II, "6. Step: Labor Market", "Strike": 3,000 Marks idle costs a machine on
    each red field (a lockout: 300)."""
    state = _struck()
    data = view(state, WORKERS)
    data.setdefault("moves", [])
    board = labour_board(data)
    (row,) = board["strikes"]
    assert (row["team"], row["machines"], row["per_machine"], row["idle_costs"]) == (
        "Red", 2, 3_000, 6_000)
    html = render_to_string("classroom/steps/labor.html", {"step": data["labor"]})
    assert "500 M each until the first team completes its first year" in html
