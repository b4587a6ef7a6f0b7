"""Issue 14's literal readings in the words of a team's decisions (``classroom.consequences``):
what the proceeds of a machine sold back repay under collateral "repay_first", an advertising
campaign bought on a red field under "next", a marketing organization's one unit per turn -
each in English and German, and each figure checked against the engine's own move."""

from __future__ import annotations

import copy

from django.utils import translation

from playboss.rules import GameConfig, apply, new_game
from playboss.rules import actions as A
from playboss.rules.rulebook import action_from_dict
from playboss.rules.state import GameState
from tests.web.test_decisions import HALF, forms, give, mk, on_red, one, texts


def _sell_back_texts(state: GameState) -> dict[int, str]:
    [form] = [f for f in forms(state, "Red", "sell_back") if f["fixed"].get("item") == "machine"]
    return texts(form)


def _red_in_debt(collateral: str) -> GameState:
    """Red owns one machine and owes the bank the whole line it gives (5,000)."""
    state = on_red(collateral=collateral)
    give(state, "Red", machines=(1,))
    apply(state, A.TakeCredit("Red", amount=5000))
    return state


def test_selling_back_collateral_names_what_repays_the_bank() -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: "the machines are considered
    collateral" - the proceeds first repay the debt above the line the sale leaves."""
    state = _red_in_debt("repay_first")
    machine, text = next(iter(_sell_back_texts(state).items()))
    after = copy.deepcopy(state)
    apply(after, action_from_dict({"type": "sell_back", "actor": "Red", "item": "machine",
                                   "machine": machine}))
    repaid = state.teams["Red"].bank_debt - after.teams["Red"].bank_debt
    assert repaid > 0
    assert text.endswith(f"{mk(repaid)} Marks of it go to the bank first: your debt above the "
                         "credit line that is left")
    with translation.override("de"):
        german = _sell_back_texts(state)[machine]
        assert f"davon gehen zuerst {mk(repaid)} Mark an die Bank" in german


def test_selling_back_under_the_free_reading_names_no_repayment() -> None:
    """Explanations: Credit, Bankruptcy and Private Trade: under "free" the debt may stay."""
    text = next(iter(_sell_back_texts(_red_in_debt("free")).values()))
    assert "go to the bank first" not in text


def test_an_advertising_campaign_bought_on_a_red_field_waits_for_the_next() -> None:
    """Advertising Campaigns (2 WEBs): "If, upon landing on the next red field, one sells" -
    bought on an undecided red field, the campaign prices the next one, and the sale's prices
    on this field are the plain ones."""
    state = on_red(advertising_field="next")
    give(state, "Red", finished=2)
    state.teams["Red"].web = 2
    note = "Bought now, the campaign applies from your next red field, not this one."
    assert note in one(state, "Red", "web_advertising")["notes"]
    with translation.override("de"):
        assert ("Jetzt gekauft, gilt die Kampagne erst ab deinem nächsten roten Feld, nicht "
                "auf diesem.") in one(state, "Red", "web_advertising")["notes"]
    plain = texts(one(state, "Red", "sell"))
    apply(state, action_from_dict({"type": "web_advertising", "actor": "Red"}))
    sell = one(state, "Red", "sell")
    assert texts(sell) == plain  # the engine pays these prices: the campaign waits
    assert ("Your advertising campaign applies from your next red field, not this one."
            in sell["notes"])
    after = copy.deepcopy(state)
    apply(after, A.Sell("Red", units=1))
    assert f"cash after {mk(after.teams['Red'].cash)}" in texts(sell)[1]


def test_an_advertising_campaign_on_the_current_reading_has_no_note() -> None:
    """Advertising Campaigns (2 WEBs): under "current" the campaign prices this decision."""
    state = on_red(advertising_field="current")
    state.teams["Red"].web = 2
    assert one(state, "Red", "web_advertising")["notes"] == []


def _marketing(sales: str) -> GameState:
    from playboss.rules.steps.marketing import FoundMarketing

    state = new_game(GameConfig(teams=("Red", "Blue"), first_team="Red", dice="entered",
                                years=None, steps=frozenset({3}), market_fill=HALF,
                                marketing_sales=sales))
    give(state, "Red", finished=2)
    apply(state, FoundMarketing("Red", trough=1))
    apply(state, A.Roll("Red", die=2))
    apply(state, A.Pass("Red"))
    return state


def test_a_marketing_sale_says_one_unit_per_turn() -> None:
    """3. Step: Marketing Organization: "the right to sell one of his finished products ... at
    every of his turns"."""
    state = _marketing("one_per_turn")
    assert ("Your marketing organizations sell one unit per turn, however many you own."
            in one(state, "Red", "marketing_sale")["notes"])
    with translation.override("de"):
        assert ("Deine Vertriebsorganisationen verkaufen eine Einheit pro Zug, egal wie viele "
                "du besitzt.") in one(state, "Red", "marketing_sale")["notes"]
    assert one(_marketing("per_organization"), "Red", "marketing_sale")["notes"] == []
