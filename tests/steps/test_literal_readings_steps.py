"""The rulebook's literal readings (issue 14) in the expansion steps, each a setting: the
marketing organizations' one unit per turn (step 3) and the first supplier's asking price
(step 1). Each test passes the literal value explicitly (the defaults stay the engine's earlier
readings until the integrator flips them) and shows the legacy value still plays as before."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules import apply, legal_actions, legal_choices
from playboss.rules.readings import LEGACY, LITERAL
from playboss.rules.state import GameState
from playboss.rules.steps.free_market import Bid, OfferSale
from playboss.rules.steps.marketing import FoundMarketing, MarketingSale
from tests.rules.helpers import play, refused
from tests.steps.test_free_market import _data, _do, _game, _refused
from tests.steps.test_marketing import g3, give, produce_stock


# ====================================================================== step 3
def _two_organizations(setting: str) -> tuple[GameState, list[int]]:
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


# ====================================================================== step 1
def _offers(setting: str) -> tuple[GameState, list[OfferSale]]:
    """S (2 finished units) on a red field with market price 5,000; A holds 2 units."""
    state = _game({"S": 2, "A": 2}, free_market_asking_price=setting)
    return state, [a for a in legal_actions(state, "S") if isinstance(a, OfferSale)]


def test_the_first_supplier_may_ask_any_price_up_to_the_market_price() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": the first supplier's price "may NOT be
    higher than the currently set market price, but it may be lower" - 4,750 is announced; the
    competition then underbids in steps of 500 from it ("decrements of 500 Marks")."""
    state, _ = _offers(LITERAL["free_market_asking_price"])
    _refused(state, OfferSale("S", units=2, price=5_001), "not be higher than the market price")
    _do(state, OfferSale("S", units=2, price=4_750))
    _refused(state, Bid("A", units=2, price=4_500), "steps of 500")
    _do(state, Bid("A", units=2, price=4_250))
    assert _data(state)["point"] == 4_250


def test_the_asking_price_goes_in_500_mark_steps_on_the_legacy_reading() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": with ``free_market_asking_price:
    "steps"`` (the engine's earlier reading) 4,750 is refused, naming the steps."""
    state, offers = _offers(LEGACY["free_market_asking_price"])
    _refused(state, OfferSale("S", units=2, price=4_750), "500-Mark steps")
    assert sorted({a.price for a in offers}, reverse=True) == [5_000, 4_500, 4_000, 3_500,
                                                               3_000]


def test_the_listed_asking_prices_are_bounded_and_all_accepted() -> None:
    """Rulebook II, "1. Step: Free Market for Sales": the legal moves agree - under the literal
    reading they list the market price and a 100-Mark grid below it (21 prices, not 5,000),
    each of them accepted."""
    state, offers = _offers(LITERAL["free_market_asking_price"])
    prices = sorted({a.price for a in offers}, reverse=True)
    assert prices == list(range(5_000, 2_999, -100))
    for offer in offers:
        apply(state.clone(), offer)
