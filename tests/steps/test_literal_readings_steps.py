"""The rulebook's literal readings (issue 14) in the expansion steps, each a setting: the
marketing organizations' one unit per turn (step 3) and the first supplier's asking price
(step 1). Each test passes the literal value explicitly (the defaults stay the engine's earlier
readings until the integrator flips them) and shows the legacy value still plays as before."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules import legal_choices
from playboss.rules.readings import LEGACY, LITERAL
from playboss.rules.steps.marketing import FoundMarketing, MarketingSale
from tests.rules.helpers import play, refused
from tests.steps.test_marketing import g3, give, produce_stock


# ====================================================================== step 3
def _two_organizations(setting: str) -> tuple[object, list[int]]:
    """Red with 2 finished units and two marketing organizations, rolled onto a blue field:
    the state and the units its listed marketing sale offers."""
    state = g3(marketing_sales=setting)
    produce_stock(state, productions=2)
    give(state, "Red", 40_000)
    play(state, FoundMarketing("Red"), FoundMarketing("Red"))
    play(state, A.Roll("Red", die=1), A.DrawRisk("Red", card=30))  # field 10
    sale = [c for c in legal_choices(state, "Red") if c.cls is MarketingSale]
    return state, list(sale[0].values)


def test_two_organizations_sell_one_unit_per_turn() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "The owner of one or more marketing
    organizations then has the right to sell one of his finished products ... at every of his
    turns": one unit per roll, however many organizations - listed and refused alike."""
    state, units = _two_organizations(LITERAL["marketing_sales"])
    assert units == [1]
    error = refused(state, MarketingSale("Red", units=2), "however many you own")
    assert error.code == "marketing_sale_one_per_turn"
    events = play(state, MarketingSale("Red", units=1))
    assert next(e for e in events if e["type"] == "marketing_sale")["prices"] == [3_500]
    assert state.teams["Red"].finished == 1 and state.current == "Blue"


def test_two_organizations_sell_two_units_on_the_legacy_reading() -> None:
    """Rulebook II, "3. Step: Marketing Organization": with ``marketing_sales:
    "per_organization"`` (the engine's earlier reading) each organization sells one unit."""
    _, units = _two_organizations(LEGACY["marketing_sales"])
    assert units == [1, 2]
