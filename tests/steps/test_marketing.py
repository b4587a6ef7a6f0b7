"""Step 3: Marketing Organization (rulebook part II, "3. Step: Marketing Organization")."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from playboss.rules import actions as A
from playboss.rules import apply, legal_actions, legal_choices, waiting_for
from playboss.rules.bots import GreedyBot, RandomBot
from playboss.rules.config import GameConfig, Limits
from playboss.rules.gamelog import GameLog
from playboss.rules.invariants import check
from playboss.rules.legal import to_move
from playboss.rules.readings import LEGACY
from playboss.rules.rulebook import with_parts
from playboss.rules.ruleset import RulePart
from playboss.rules.simulate import play_game
from playboss.rules.state import BANK, GameState
from playboss.rules.steps.marketing import (
    CloseMarketing,
    FoundMarketing,
    MarketingSale,
    PayMarketing,
    troughs,
)
from playboss.rules.turn import Turn
from playboss.rules.views import view
from tests.rules.helpers import TAX_AUDIT, cash, game, idle, play, refused, walk

RULE = "3. Step: Marketing Organization"


def g3(**overrides: Any) -> GameState:
    """Red and Blue with step 3; Red to move from field 1 (red); a half market."""
    settings: dict[str, Any] = {"steps": frozenset({3})}
    settings.update(overrides)
    return game(**settings)


def give(state: GameState, team: str, amount: int) -> None:
    """The bank books cash to a team (a correction): set-up for tests that need more."""
    play(state, A.Correction(BANK, team=team, amount=amount, reason="test set-up"))


def produce_stock(state: GameState, productions: int = 1) -> None:
    """Red invests, buys 3 raw and produces one unit on each of ``productions`` red fields
    (Blue idles in between). Red stands on field 5 + 2 x productions, Blue to move."""
    play(state, A.Roll("Red", die=2), A.Invest("Red"))  # field 3; ready from roll 3
    idle(state, "Blue")
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=3))  # field 5, 3 x 350
    idle(state, "Blue")
    for _ in range(productions):
        play(state, A.Roll("Red", die=2), A.Produce("Red", units=1))
        idle(state, "Blue")
    assert state.current == "Red"


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def marketing_entries(state: GameState) -> list[tuple[str, str, str, int]]:
    return [(e.kind, e.source, e.target, e.qty) for e in state.ledger.entries
            if e.reason == "marketing"]


def lap_to_the_start(state: GameState) -> None:
    """Red walks to field 40 and rolls 3 over the start to field 1 (red)."""
    walk(state, "Red", 40)
    idle(state, "Blue")
    play(state, A.Roll("Red", die=3))


# ====================================================================== founding
def test_founding_costs_20000_and_the_bank_puts_3_chips_in_the_trough() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "paying 20,000 Marks, in advance, to
    the bank ... The bank then puts 3 WEBs into the vacant marketing trough"."""
    state = g3()
    events = play(state, FoundMarketing("Red"))
    assert types(events) == ["marketing_founded"]
    assert cash(state, "Red") == 0
    assert state.web_bank == 27
    assert state.teams["Red"].web == 0
    assert troughs(state) == ["Red", None, None]
    assert state.step["web_elsewhere"] == 3
    assert marketing_entries(state) == [("cash", "Red", "bank", 20_000),
                                        ("web", "bank", "marketing", 3)]
    assert view(state, "public")["marketing"]["troughs"][0] == {
        "trough": 1, "owner": "Red", "chips": 3}


def test_any_team_may_found_at_any_time() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "Any player can, at any time (without
    having to be on red), start one or more marketing organizations"."""
    state = g3()
    play(state, A.Roll("Red", die=3))  # Red waits on a risk card; it is not Blue's turn
    play(state, FoundMarketing("Blue", trough=3))
    give(state, "Blue", 20_000)
    play(state, FoundMarketing("Blue"))  # the first free trough
    assert troughs(state) == ["Blue", None, "Blue"]


def test_three_troughs_at_most() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "In 3 corners of the board" — a fourth
    organization has no trough; a taken trough cannot be founded again."""
    state = g3(teams=("Red", "Blue", "Green"))
    play(state, FoundMarketing("Red", trough=2))
    refused(state, FoundMarketing("Blue", trough=2), "trough 2 is taken by Red")
    play(state, FoundMarketing("Blue"), FoundMarketing("Green"))
    assert troughs(state) == ["Blue", "Red", "Green"]
    give(state, "Red", 20_000)
    refused(state, FoundMarketing("Red"), "All 3 marketing troughs are taken")
    refused(state, FoundMarketing("Red", trough=1), "taken by Blue")
    refused(state, FoundMarketing("Red", trough=2), "taken by Red (you)")
    refused(state, FoundMarketing("Red", trough=4), "troughs 1 to 3")
    assert state.web_bank == 21


def test_founding_refusals_cash_chips_and_step() -> None:
    """Rulebook II, "3. Step: Marketing Organization": the 20,000 are paid in advance; the
    bank needs 3 WEB chips for the trough; without step 3 there are no organizations."""
    state = g3()
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=1))
    refused(state, FoundMarketing("Red"), "You have 19,650 Marks",
            "a marketing organization costs 20,000")
    few = g3(limits=Limits(web_chips=2))
    refused(few, FoundMarketing("Red"), "The bank has 2 WEB chips", "takes 3")
    base = game()
    refused(base, FoundMarketing("Red"), "not played in this game", "step 3")
    refused(base, CloseMarketing("Red", trough=1), "step 3")
    refused(base, MarketingSale("Red", units=1), "step 3")
    refused(base, PayMarketing("Red", trough=1), "step 3")


# ====================================================================== withdrawing
def test_withdrawing_the_chips_frees_the_trough_and_gives_them_to_the_team() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "If the owner ... withdraws his WEBs
    for other purposes (which is allowed) ... the WEBs in the trough are returned to the
    player and NOT back to the bank"."""
    state = g3()
    play(state, FoundMarketing("Red"))
    refused(state, CloseMarketing("Blue", trough=1), "not yours")
    refused(state, CloseMarketing("Blue"), "you own none")
    events = play(state, CloseMarketing("Red"))
    assert types(events) == ["marketing_closed"]
    assert state.teams["Red"].web == 3
    assert state.web_bank == 27
    assert troughs(state) == [None, None, None]
    assert state.step["web_elsewhere"] == 0
    assert ("web", "marketing", "Red", 3) in marketing_entries(state)
    play(state, A.Advertise("Red"))  # the chips serve other purposes now
    play(state, FoundMarketing("Blue", trough=1))  # the trough is free again
    assert state.web_bank == 26


# ====================================================================== the yearly costs
def test_15000_at_every_later_crossing_of_the_start() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "From that point, at each trip around
    the board, another 15,000 Marks in marketing costs will be due to the bank"."""
    state = g3()
    play(state, FoundMarketing("Red"))
    give(state, "Red", 30_000)
    lap_to_the_start(state)
    assert [p.kind for p in state.pending][:2] == ["marketing_fee", "close_year"]
    assert waiting_for(state) == ["Red"]
    choices = legal_choices(state, "Red", any_time=False)
    assert [(c.cls, c.fixed) for c in choices] == [
        (PayMarketing, {"trough": 1, "pay": True}), (PayMarketing, {"trough": 1, "pay": False})]
    refused(state, PayMarketing("Red", trough=2), "due now are for trough 1")
    refused(state, PayMarketing("Blue", trough=1), "Red's turn")
    events = play(state, PayMarketing("Red", trough=1, pay=True))
    assert "marketing_paid" in types(events)
    assert cash(state, "Red") == 15_000
    play(state, A.Pass("Red"))
    idle(state, "Blue")
    lap_to_the_start(state)
    play(state, PayMarketing("Red"))
    assert cash(state, "Red") == 0
    cash_entries = [e for e in marketing_entries(state) if e[0] == "cash"]
    assert cash_entries == [("cash", "Red", "bank", 20_000), ("cash", "Red", "bank", 15_000),
                            ("cash", "Red", "bank", 15_000)]
    assert troughs(state)[0] == "Red"


def test_not_paying_frees_the_trough_with_the_chips_to_the_team() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "or he does not pay the due marketing
    costs, then that marketing organization will again become available and free ... the
    WEBs in the trough are returned to the player"."""
    state = g3()
    play(state, FoundMarketing("Red"))
    lap_to_the_start(state)
    assert cash(state, "Red") == 0
    choices = legal_choices(state, "Red", any_time=False)
    assert [c.fixed for c in choices] == [{"trough": 1, "pay": False}]
    refused(state, PayMarketing("Red", pay=True), "You have 0 Marks",
            "the yearly marketing costs cost 15,000")
    events = play(state, PayMarketing("Red", pay=False))
    assert "marketing_closed" in types(events)
    assert troughs(state) == [None, None, None]
    assert state.teams["Red"].web == 3
    assert state.web_bank == 27
    assert state.pending[0].kind == "red"  # the year closed; the red field waits


def test_a_fee_per_trough_and_withdrawing_drops_its_fee() -> None:
    """Rulebook II, "3. Step: Marketing Organization": the costs are per organization; an
    organization given up before paying owes nothing more."""
    state = g3()
    give(state, "Red", 40_000)
    play(state, FoundMarketing("Red", trough=1), FoundMarketing("Red", trough=3))
    lap_to_the_start(state)
    fees = [p.detail for p in state.pending if p.kind == "marketing_fee"]
    assert fees == ["1", "3"]
    play(state, CloseMarketing("Red", trough=1))
    assert [p.detail for p in state.pending if p.kind == "marketing_fee"] == ["3"]
    play(state, PayMarketing("Red", trough=3))
    assert cash(state, "Red") == 60_000 - 40_000 - 15_000
    assert troughs(state) == [None, None, "Red"]


def test_bankruptcy_closes_the_organization() -> None:
    """Rulebook II, "3. Step: Marketing Organization" with "Explanations: Credit, Bankruptcy
    and Private Trade": a bankrupt team's organization closes; its chips go with its assets
    to the bank."""
    state = g3()
    play(state, FoundMarketing("Red"))
    events = play(state, A.Roll("Red", die=3), A.DrawRisk("Red", card=TAX_AUDIT))
    assert "bankrupt" in types(events) and "marketing_closed" in types(events)
    assert state.teams["Red"].bankrupt
    assert troughs(state) == [None, None, None]
    assert state.web_bank == 30
    assert state.teams["Red"].web == 0


# ====================================================================== the sale
def test_one_finished_unit_per_roll_at_the_market_price() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "the right to sell one of his finished
    products, without competition ... at every of his turns rolling the die" — into the
    dearest open zone at ten times its price; it counts as a sale."""
    state = g3()
    produce_stock(state)
    red = state.teams["Red"]
    assert red.finished == 1 and state.market == [0, 0, 0, 0, 2, 5, 5, 5]
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))
    before = cash(state, "Red")
    heard: list[tuple[str, int]] = []

    def spy(turn: Turn, team: Any, revenue: int) -> None:
        heard.append((team.name, revenue))

    state.rules = with_parts(state.rules, RulePart("spy", hooks={"sale": (spy,)}))
    play(state, A.Roll("Red", die=2), A.Pass("Red"))  # field 9; no decision on red
    assert state.pending[0].kind == "marketing_sale"
    refused(state, MarketingSale("Red", units=2), "one unit per roll", "1 more at most")
    events = play(state, MarketingSale("Red", units=1))
    sale = next(e for e in events if e["type"] == "marketing_sale")
    assert sale["revenue"] == 3_500 and sale["prices"] == [3_500]
    assert cash(state, "Red") == before + 3_500
    assert red.finished == 0 and red.sales_total == 3_500
    assert heard == [("Red", 3_500)]
    assert state.market == [0, 0, 0, 0, 3, 5, 5, 5]
    sale_entries = [(e.kind, e.source, e.target, e.qty) for e in state.ledger.entries
                    if e.reason == "marketing sale"]
    assert sale_entries == [("finished", "Red", "market", 1), ("cash", "bank", "Red", 3_500)]
    assert state.current == "Blue"


def test_one_unit_per_roll_however_many_organizations() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "the right to sell one of his finished
    products ... at every of his turns" - one unit per roll, not again with the same roll, and
    still one with a second organization."""
    state = g3()
    produce_stock(state, productions=2)
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))
    play(state, A.Roll("Red", die=1))  # field 10: a risk card waits
    play(state, MarketingSale("Red", units=1))  # at any moment of its turn after the roll
    refused(state, MarketingSale("Red", units=1), "one unit per roll",
            "you have sold 1 with this roll", "0 more at most")
    play(state, A.DrawRisk("Red", card=30))
    assert state.current == "Blue"  # the marketing_sale item saw the unit sold and went
    idle(state, "Blue")
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))  # a second organization
    give(state, "Red", 10_000)
    play(state, A.Roll("Red", die=1), A.Produce("Red", units=1))  # field 11
    assert state.teams["Red"].finished == 2
    sale = [c for c in legal_choices(state, "Red") if c.cls is MarketingSale]
    assert list(sale[0].values) == [1]
    refused(state, MarketingSale("Red", units=2), "however many you own",
            "1 more at most, not 2")
    play(state, MarketingSale("Red", units=1))
    assert state.current == "Blue"


def test_one_unit_per_organization_and_only_once_per_roll_on_the_legacy_reading() -> None:
    """Rulebook II, "3. Step: Marketing Organization": with ``marketing_sales:
    "per_organization"`` pinned (the engine's earlier reading) each organization sells one unit
    per roll - two organizations two units - and not again with the same roll."""
    state = g3(marketing_sales=LEGACY["marketing_sales"])
    produce_stock(state, productions=2)
    assert state.teams["Red"].finished == 2
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))
    play(state, A.Roll("Red", die=1))  # field 10: a risk card waits
    play(state, MarketingSale("Red", units=1))  # at any moment of its turn after the roll
    refused(state, MarketingSale("Red", units=1), "you own 1 and have sold 1 with this roll",
            "0 more at most")
    play(state, A.DrawRisk("Red", card=30))
    assert state.current == "Blue"  # the marketing_sale item saw the unit sold and went
    idle(state, "Blue")
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))  # a second organization
    give(state, "Red", 10_000)
    play(state, A.Roll("Red", die=1), A.Produce("Red", units=1))  # field 11
    assert state.teams["Red"].finished == 2
    # Two organizations, two units in stock, but one was produced with this roll.
    refused(state, MarketingSale("Red", units=2), "2 finished units, 1 of them produced with "
            "this roll", "1 at most")
    refused(state, MarketingSale("Red", units=3), "you own 2", "2 more at most")
    play(state, MarketingSale("Red", units=1))
    assert state.current == "Blue"


def test_two_organizations_sell_two_units_with_one_roll() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "one or more marketing organizations":
    with ``marketing_sales: "per_organization"`` pinned (the engine's earlier reading) each
    sells one unit per roll of its owner."""
    state = g3(marketing_sales=LEGACY["marketing_sales"])
    produce_stock(state, productions=2)
    give(state, "Red", 40_000)
    play(state, FoundMarketing("Red"), FoundMarketing("Red"))
    play(state, A.Roll("Red", die=1), A.DrawRisk("Red", card=30))  # field 10
    sale = [c for c in legal_choices(state, "Red") if c.cls is MarketingSale]
    assert list(sale[0].values) == [1, 2]
    events = play(state, MarketingSale("Red", units=2))
    assert next(e for e in events if e["type"] == "marketing_sale")["prices"] == [3_500, 3_500]
    assert state.teams["Red"].finished == 0


def test_not_the_unit_produced_with_the_same_roll() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "He cannot, however, sell any finished
    product he may have just finished producing with that same die roll and decision. He must
    thus have at least 1 finished product already in warehouse inventory"."""
    state = g3()
    produce_stock(state, productions=0)
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))
    play(state, A.Roll("Red", die=2))
    refused(state, MarketingSale("Red", units=1), "no finished unit in stock")
    events = play(state, A.Produce("Red", units=1))
    assert "marketing_idle" in types(events)
    assert state.teams["Red"].finished == 1
    assert state.current == "Blue"
    refused(state, MarketingSale("Red", units=1), "Blue's turn, not Red's")
    idle(state, "Blue")
    refused(state, MarketingSale("Red", units=1), "once you have rolled")
    play(state, A.Roll("Red", die=2), A.Pass("Red"))  # with the next roll it may go
    play(state, MarketingSale("Red", units=1))
    assert state.teams["Red"].finished == 0


def test_the_sale_waits_even_where_the_field_needs_no_decision() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "irrespective of any other decisions
    he may make, at every of his turns rolling the die" — on the start field, which asks no
    decision, the turn waits for the marketing sale; a pass lets it go."""
    state = g3()
    produce_stock(state)
    walk(state, "Red", 40)
    idle(state, "Blue")
    give(state, "Red", 40_000)
    play(state, FoundMarketing("Red"))
    play(state, A.Roll("Red", die=2))  # lands on the start field
    play(state, PayMarketing("Red"))
    assert [p.kind for p in state.pending] == ["marketing_sale"]
    choices = legal_choices(state, "Red", any_time=False)
    assert [c.cls for c in choices] == [MarketingSale, A.Pass]
    refused(state, A.Pass("Blue"), "Red's turn")
    events = play(state, A.Pass("Red"))
    assert "pass" in types(events)
    assert state.teams["Red"].finished == 1
    assert state.current == "Blue"


def test_sale_refusals() -> None:
    """Rulebook II, "3. Step: Marketing Organization": only the owner of an organization, in
    its own turn after its roll, with a finished unit in stock."""
    state = g3()
    play(state, A.Roll("Red", die=2))
    refused(state, MarketingSale("Red", units=1), "You own no marketing organization")
    refused(state, MarketingSale("Red", units=0), "at least one unit")
    play(state, FoundMarketing("Red"))
    refused(state, MarketingSale("Red", units=1), "You have no finished unit in stock")
    refused(state, MarketingSale("Blue", units=1), "Red's turn, not Blue's")


def test_the_sale_is_without_competition_and_without_advertising() -> None:
    """Rulebook II, "3. Step: Marketing Organization": "without competition" — the market
    price; an advertising campaign waits for the red field's sale."""
    state = g3()
    produce_stock(state)
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"), CloseMarketing("Red"), A.Advertise("Red"))
    give(state, "Red", 20_000)
    play(state, FoundMarketing("Red"))
    events = play(state, A.Roll("Red", die=5), A.CostChoice("Red", option="idle"))  # yellow
    assert "marketing_sale" not in types(events)
    events = play(state, MarketingSale("Red", units=1))
    assert next(e for e in events if e["type"] == "marketing_sale")["revenue"] == 3_500
    assert state.teams["Red"].advertising


# ====================================================================== legal moves, bots
def test_listed_moves_are_accepted() -> None:
    """Rulebook II, "3. Step: Marketing Organization": founding lists the free troughs, closing
    the team's own; every listed move is accepted."""
    state = g3()
    produce_stock(state)
    give(state, "Red", 40_000)
    found = [c for c in legal_choices(state, "Red") if c.cls is FoundMarketing]
    assert list(found[0].values) == [1, 2, 3]
    play(state, FoundMarketing("Red", trough=2))
    found = [c for c in legal_choices(state, "Red") if c.cls is FoundMarketing]
    assert list(found[0].values) == [1, 3]
    close = [c for c in legal_choices(state, "Red") if c.cls is CloseMarketing]
    assert list(close[0].values) == [2]
    play(state, A.Roll("Red", die=2))
    for actor in [*state.teams, BANK]:
        for action in legal_actions(state, actor):
            trial = state.clone()
            apply(trial, action)
            check(trial)


def _marketing_minded_game(seed: int, steps: frozenset[int]) -> Counter[str]:
    """Greedy and random bots with plenty of capital; now and then a team founds or closes an
    organization. The invariants are checked after every action."""
    config = GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=3, steps=steps,
                        starting_capital=50_000)
    _, state = GameLog.start(config)
    rng = random.Random(seed)
    bots = {n: (GreedyBot if i % 2 else RandomBot)(seed * 10 + i)
            for i, n in enumerate(config.teams)}
    seen: Counter[str] = Counter()
    while state.phase != "ended":
        action = None
        if rng.random() < 0.2:
            team = rng.choice(config.teams)
            for c in legal_choices(state, team):
                if c.cls is CloseMarketing or (c.cls is FoundMarketing
                                               and state.teams[team].finished):
                    action = c.pick(team, rng.randrange(c.size()))
        if action is None:
            actor = to_move(state)
            action = bots.setdefault(actor, RandomBot(seed)).choose(state, actor)
        seen.update(e["type"] for e in apply(state, action))
        check(state)
    return seen


def test_marketing_minded_bots_keep_the_invariants() -> None:
    """Rulebook II, "3. Step: Marketing Organization": founding, selling, paying and closing in
    whole games keep the books (the 30 WEB chips among bank, teams and troughs)."""
    seen: Counter[str] = Counter()
    for seed in range(1, 9):
        seen += _marketing_minded_game(seed, frozenset({3} if seed % 2 else {2, 3}))
    assert seen["marketing_founded"] and seen["marketing_sale"] and seen["marketing_closed"]


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("steps", [{3}, {2, 3}])
def test_bots_play_to_the_end(bot: str, steps: set[int]) -> None:
    """Rulebook II, "3. Step: Marketing Organization": bots finish games with the step on,
    the invariants checked after every action."""
    for seed in range(3):
        config = GameConfig(teams=("A", "B", "C", "D", "E", "F"), seed=seed, years=3,
                            steps=frozenset(steps))
        state, _ = play_game(config, bot)
        assert state.phase == "ended"
