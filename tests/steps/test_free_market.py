"""Step 1: free market for sales (rulebook part II, "1. Step: Free Market for Sales", its
"Explanations" and the "2 Examples on Price Underbidding").

Positions are built exactly: the first supplier "S" moves first and rolls a 2 from field 1 onto
red field 3; finished product is handed out before the first move, booked in the ledger as
raw material taken from the box and produced (``_give``). With any expansion step every team
starts with 20,000 Marks.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from playboss.rules import GameConfig, RuleViolation, apply, check_invariants, new_game, view
from playboss.rules import actions as A
from playboss.rules.cli import final_state
from playboss.rules.legal import legal_actions, legal_choices, waiting_for
from playboss.rules.readings import LEGACY
from playboss.rules.rulebook import with_parts
from playboss.rules.ruleset import RulePart
from playboss.rules.simulate import play_game
from playboss.rules.snapshot import state_from_dict, state_to_dict
from playboss.rules.state import BANK, BOX, MARKET, PRODUCTION, GameState
from playboss.rules.steps.free_market import (
    Bid,
    CloseBidding,
    MatchBid,
    OfferSale,
    WithdrawBid,
)
from playboss.rules.turn import Turn

START = 20_000
#: Market price 5,000: the 500 zone is empty (zones 350, 400, 450 full).
M5000 = (0, 0, 0, 0, 5, 5, 5, 0)
#: Market price 4,000: the 450 and 500 zones are full, the 400 zone empty.
M4000 = (0, 0, 0, 0, 5, 0, 5, 5)


# ====================================================================== helpers
def _give(state: GameState, name: str, units: int) -> None:
    """``units`` of finished product for ``name`` from the box, booked as the engine books a
    purchase and production (set-up, action 0)."""
    led = state.ledger
    state.box -= units
    led.post(0, "raw", BOX, name, units, "test set-up")
    led.post(0, "raw", name, PRODUCTION, units, "test set-up")
    led.post(0, "finished", PRODUCTION, name, units, "test set-up")
    state.teams[name].finished += units


def _game(stock: dict[str, int], market: tuple[int, ...] = M5000, steps: frozenset[int]
          = frozenset({1}), **settings: Any) -> GameState:
    """Teams in the order of ``stock`` (the first one moves first), each holding its finished
    units; the first team stands on red field 3, its decision open."""
    names = tuple(stock)
    state = new_game(GameConfig(teams=names, first_team=names[0], dice="entered", steps=steps,
                                market_fill=market, years=None, **settings))
    for name, units in stock.items():
        if units:
            _give(state, name, units)
    check_invariants(state)
    _do(state, A.Roll(names[0], die=2))
    assert state.pending[0].kind == "red"
    return state


def _do(state: GameState, *actions: A.Action, chance: dict[str, int] | None = None
        ) -> list[dict[str, Any]]:
    events: list[dict[str, Any]] = []
    for action in actions:
        events.extend(apply(state, action, chance))
        check_invariants(state)
    return events


def _snapshot(state: GameState) -> str:
    data = final_state(state)
    data.update(ledger=len(state.ledger), seq=state.seq, step=state.step,
                team_steps={t.name: t.step for t in state.teams.values()},
                pending=[[p.kind, p.amount, p.reason, p.detail] for p in state.pending],
                rng=state.rng.state, market_now=list(state.market), rolled=state.rolled)
    return json.dumps(data, sort_keys=True, default=str)


def _refused(state: GameState, action: A.Action, *words: str) -> str:
    """``action`` is refused with a message holding each of ``words``; nothing changed."""
    before = _snapshot(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, action)
    assert _snapshot(state) == before, f"refused {action} but the state changed"
    check_invariants(state)
    message = info.value.message
    for word in words:
        assert word in message, f"{word!r} not in {message!r}"
    return message


def _cash(state: GameState) -> dict[str, int]:
    return {n: t.cash for n, t in state.teams.items()}


def _sold(events: list[dict[str, Any]]) -> list[tuple[str, int, int]]:
    """(team, units, revenue) of every sale to the market among ``events``."""
    return [(e["team"], e["units"], e["revenue"]) for e in events if e["type"] == "sell"]


def _finished_to_market(state: GameState, name: str) -> int:
    return sum(e.qty for e in state.ledger.entries
               if e.kind == "finished" and e.source == name and e.target == MARKET)


def _data(state: GameState) -> dict[str, Any]:
    result: dict[str, Any] = state.step["free_market"]
    return result


# ====================================================================== the worked examples
def test_example_1_the_lowest_bidders_sell_within_the_first_suppliers_units() -> None:
    """Rulebook II, "2 Examples on Price Underbidding", example 1: S offers 3 at 5,000; A, B
    and C 2 each at 4,500; S goes along; they go to 4,000; S withdraws; A and B go to 3,500 and
    C withdraws; A goes to 3,000 with 2 and B stays with 1 at 3,500: A sells 2 at 3,000, B 1
    at 3,500; B's second unit and C's units are not sold, S sells nothing."""
    state = _game({"S": 3, "A": 2, "B": 2, "C": 2})
    _do(state, OfferSale("S", units=3, price=5_000))
    assert waiting_for(state) == ["A", "B", "C"]
    _do(state, *(Bid(n, units=2, price=4_500) for n in "ABC"))
    assert waiting_for(state) == ["S"]
    _do(state, MatchBid("S"), *(Bid(n, units=2, price=4_000) for n in "ABC"))
    _do(state, WithdrawBid("S"))
    assert _data(state)["seller_in"] is False and waiting_for(state) == ["A", "B", "C"]
    _do(state, Bid("A", units=2, price=3_500), Bid("B", units=2, price=3_500),
        WithdrawBid("C"))
    assert state.teams["A"].cash == START  # nothing sold while 4 units are on offer for 3
    events = _do(state, Bid("A", units=2, price=3_000), Bid("B", units=1, price=3_500))
    assert _sold(events) == [("A", 2, 6_000), ("B", 1, 3_500)]
    assert _cash(state) == {"S": START, "A": START + 6_000, "B": START + 3_500, "C": START}
    assert {n: t.finished for n, t in state.teams.items()} == {"S": 3, "A": 0, "B": 1, "C": 2}
    assert {n: t.sales_total for n, t in state.teams.items()} == {
        "S": 0, "A": 6_000, "B": 3_500, "C": 0}
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 3]  # the highest open zone, whatever the price
    assert _finished_to_market(state, "A") == 2 and _finished_to_market(state, "B") == 1
    # The red decision is complete: S's turn is over, A moves next.
    assert state.pending == [] and state.current == "A" and "free_market" not in state.step


def test_example_2_uncovered_unit_at_the_market_price_then_the_competition_sells() -> None:
    """Rulebook II, "2 Examples on Price Underbidding", example 2: S offers 4 at 4,000 (the
    market price); the competition offers 2 and 1 units, so S sells 1 unit at 4,000 at once;
    with his other 3 units he withdraws at the 3,000 price point and the two competitors sell
    their 3 units at that price."""
    state = _game({"S": 4, "X": 2, "Y": 1}, market=M4000)
    _do(state, OfferSale("S", units=4, price=4_000))
    events = _do(state, Bid("X", units=2, price=3_500), Bid("Y", units=1, price=3_500))
    assert _sold(events) == [("S", 1, 4_000)]
    assert state.market == [0, 0, 0, 0, 5, 1, 5, 5]
    assert _data(state)["units"] == 3 and waiting_for(state) == ["S"]
    _do(state, MatchBid("S"), Bid("X", units=2, price=3_000), Bid("Y", units=1, price=3_000))
    events = _do(state, WithdrawBid("S"))
    assert _sold(events) == [("X", 2, 6_000), ("Y", 1, 3_000)]
    assert _cash(state) == {"S": START + 4_000, "X": START + 6_000, "Y": START + 3_000}
    assert {n: t.finished for n, t in state.teams.items()} == {"S": 3, "X": 0, "Y": 0}
    assert state.market == [0, 0, 0, 0, 5, 4, 5, 5]
    assert state.pending == [] and state.current == "X"


# ====================================================================== the first round
def test_nobody_underbids_the_first_supplier_sells_all_at_the_market_price() -> None:
    """Rulebook II, "1. Step": units the competition did not cover in the first round go to
    the first supplier "without competition – he gets the market price for those units";
    with nobody else holding finished product that is all of them. Setting "zone": each unit
    earns ten times the zone it is placed into, the highest open zones first."""
    state = _game({"S": 4, "B": 0}, market=(0, 0, 0, 0, 5, 3, 3, 5))
    events = _do(state, OfferSale("S", units=4, price=3_500))
    assert _sold(events) == [("S", 4, 2 * 4_500 + 2 * 4_000)]
    assert state.market == [0, 0, 0, 0, 5, 5, 5, 5]
    assert state.teams["S"].cash == START + 17_000 and state.pending == []
    end = [e for e in events if e["type"] == "bidding_end"][0]
    assert end["sales"] == [] and end["ended"] == "all_uncovered"


def test_uncovered_units_at_the_announced_market_price_setting() -> None:
    """Rulebook II, "1. Step" (setting free_market_uncovered = "market_price"): every
    uncovered unit earns the market price of the announcement."""
    state = _game({"S": 4, "B": 0}, market=(0, 0, 0, 0, 5, 3, 3, 5),
                  free_market_uncovered="market_price")
    events = _do(state, OfferSale("S", units=4, price=3_500))
    assert _sold(events) == [("S", 4, 4 * 4_500)]


def test_competitor_at_the_announced_price_loses_the_tie() -> None:
    """Rulebook II, "1. Step": "the seller must not underbid the competition in order to sell"
    — an offer at the first supplier's price does not beat it: the first supplier sells."""
    state = _game({"S": 2, "A": 3})
    _do(state, OfferSale("S", units=2, price=4_500))
    events = _do(state, Bid("A", units=3, price=4_500))
    assert _sold(events) == [("S", 2, 9_000)]
    assert state.teams["A"].finished == 3 and state.pending == []


def test_matched_price_not_undercut_the_first_supplier_sells() -> None:
    """Rulebook II, "1. Step": "Once the original seller lowers his price to the competition's
    bid price, and the competition do not again lower their bid price another step, THEN the
    seller gets to complete his sale"; a competitor may stay at its price or withdraw."""
    state = _game({"S": 2, "A": 2, "B": 2})
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=2, price=4_500),
        Bid("B", units=2, price=5_000), MatchBid("S"))
    assert waiting_for(state) == ["A", "B"]
    events = _do(state, Bid("A", units=1, price=4_500), WithdrawBid("B"))
    assert _sold(events) == [("S", 2, 9_000)]
    assert _cash(state) == {"S": START + 9_000, "A": START, "B": START}


def test_uncovered_units_then_the_first_supplier_wins_the_rest() -> None:
    """Rulebook II, "1. Step": the first supplier sells the uncovered units at the market
    price and "with the remainder of his units he must deal with the competition"."""
    state = _game({"S": 3, "A": 1})
    _do(state, OfferSale("S", units=3, price=4_500))
    events = _do(state, Bid("A", units=1, price=4_000))
    assert _sold(events) == [("S", 2, 10_000)]  # 2 uncovered units at 5,000 (zone 500)
    events = _do(state, MatchBid("S"), Bid("A", units=1, price=4_000))
    assert _sold(events) == [("S", 1, 4_000)]
    assert state.teams["S"].cash == START + 14_000 and state.teams["S"].finished == 0


# ====================================================================== withdrawing
def test_withdrawing_wholly_and_in_part() -> None:
    """Rulebook II, "1. Step": "One can always withdraw one's entire offer by not
    participating in the subsequent bidding round, or ... partially by only offering up a
    smaller number of units"; a withdrawn team takes no further part."""
    state = _game({"S": 2, "A": 3, "B": 2})
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=3, price=4_500),
        Bid("B", units=2, price=4_500), WithdrawBid("S"))
    _refused(state, MatchBid("S"), "withdrawn")
    _refused(state, Bid("A", units=4, price=4_500), "3 finished units")
    _do(state, Bid("A", units=1, price=4_500), WithdrawBid("B"))  # 1 unit left for 2 sought
    assert state.pending == []
    assert _cash(state) == {"S": START, "A": START + 4_500, "B": START}
    assert state.teams["A"].finished == 2


def test_a_team_that_does_not_answer_withdraws_when_the_bank_closes_the_round() -> None:
    """Rulebook II, "1. Step": withdrawing is "not participating in the subsequent bidding
    round": when the bank closes a round, the teams that have not answered withdraw — in the
    first round they offer nothing, the first supplier that does not match gives up."""
    state = _game({"S": 2, "A": 2, "B": 2})
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=2, price=4_500))
    events = _do(state, CloseBidding(BANK))
    assert events[0]["type"] == "close_bidding" and events[0]["silent"] == ["B"]
    assert _data(state)["offers"] == {"A": {"units": 2, "price": 4_500}}
    assert waiting_for(state) == ["S"]
    events = _do(state, CloseBidding(BANK))  # S is silent: it does not match
    assert _sold(events) == [("A", 2, 9_000)]
    assert state.teams["S"].cash == START


def test_bank_closes_a_later_round() -> None:
    """Rulebook II, "1. Step": in a later round a silent competitor withdraws too."""
    state = _game({"S": 2, "A": 2, "B": 2})
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=2, price=4_500),
        Bid("B", units=2, price=4_500), WithdrawBid("S"), Bid("A", units=2, price=4_000))
    events = _do(state, CloseBidding(BANK))
    assert _sold(events) == [("A", 2, 8_000)]
    assert state.teams["B"].finished == 2


def test_a_team_that_sells_its_stock_elsewhere_drops_out() -> None:
    """Rulebook II, "1. Step": only teams that possess finished product compete; a team that
    sells its units back to the bank during the bidding withdraws, and an offer shrinks to
    the units the team still holds."""
    state = _game({"S": 2, "A": 2, "B": 3})
    _do(state, OfferSale("S", units=2, price=5_000), Bid("B", units=3, price=4_500))
    _do(state, A.SellBack("A", item="finished", units=2))
    assert "A" in _data(state)["withdrawn"] and waiting_for(state) == ["S"]
    _do(state, A.SellBack("B", item="finished", units=2), WithdrawBid("S"))
    assert state.teams["B"].cash == START + 2 * 1_500 + 4_500  # its 1 unit left sells
    assert state.pending == []


# ====================================================================== ending a bidding
def test_a_round_that_changes_nothing_ends_with_a_draw_at_the_margin() -> None:
    """Rulebook II, "1. Step": "the bidding process MUST continue until the amount of units
    offered ... has been reduced to the original number"; when a round changes nothing, the
    lowest offers sell first and chance orders the offers tied at the margin (recorded)."""
    state = _game({"S": 3, "A": 2, "B": 2, "C": 2})
    _do(state, OfferSale("S", units=3, price=5_000), Bid("A", units=2, price=4_500),
        Bid("B", units=2, price=4_500), Bid("C", units=1, price=4_500), WithdrawBid("S"))
    _do(state, Bid("A", units=2, price=4_500), Bid("B", units=2, price=4_500),
        Bid("C", units=1, price=4_000))  # round 2: C goes lower
    assert _data(state)["round"] == 3
    _do(state, Bid("A", units=2, price=4_500), Bid("B", units=2, price=4_500))
    events = _do(state, Bid("C", units=1, price=4_000), chance={"free_market_tie_0": 1})
    assert state.last_chance == {"free_market_tie_0": 1, "free_market_tie_1": 0}
    assert _sold(events) == [("C", 1, 4_000), ("B", 2, 9_000)]
    assert any(e["type"] == "bidding_tie" and e["order"] == ["B", "A"] for e in events)
    assert state.teams["A"].finished == 2


def test_round_limit_ends_the_bidding() -> None:
    """Rulebook II, "1. Step" (setting free_market_round_limit): after the last round the
    lowest offers sell within the first supplier's units."""
    state = _game({"S": 2, "A": 2, "B": 2}, free_market_round_limit=2)
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=2, price=4_500),
        Bid("B", units=2, price=4_500), WithdrawBid("S"), Bid("A", units=2, price=4_000))
    events = _do(state, Bid("B", units=1, price=4_500))
    assert _sold(events) == [("A", 2, 8_000)]


def test_round_limit_with_the_first_supplier_still_in() -> None:
    """Rulebook II, "1. Step" (round limit 1): the first supplier has not matched the lower
    offers, so "the lowest bidders will be able to sell" within its units."""
    state = _game({"S": 2, "A": 1, "B": 2}, free_market_round_limit=1)
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=1, price=4_500))
    events = _do(state, Bid("B", units=2, price=5_000))
    assert _sold(events) == [("A", 1, 4_500), ("B", 1, 5_000)]
    assert state.teams["S"].cash == START


def test_prices_stop_at_500() -> None:
    """Rulebook II, "1. Step": prices fall in 500-Mark steps and never below 500; matched at
    500 the first supplier sells."""
    state = _game({"S": 1, "A": 1}, market=(0, 0, 0, 0, 0, 0, 0, 0))
    assert _data_after_offer(state, 1_500) == 1_500
    _do(state, Bid("A", units=1, price=1_000), MatchBid("S"), Bid("A", units=1, price=500),
        MatchBid("S"))
    assert [c.fixed["price"] for c in legal_choices(state, "A") if c.cls is Bid] == [500]
    _refused(state, Bid("A", units=1, price=0), "cannot go below 500")
    events = _do(state, Bid("A", units=1, price=500))
    assert _sold(events) == [("S", 1, 500)]


def _data_after_offer(state: GameState, price: int) -> int:
    _do(state, OfferSale("S", units=1, price=price))
    result: int = _data(state)["seller_price"]
    return result


# ====================================================================== advertising
def test_an_advertising_first_supplier_cannot_be_underbid() -> None:
    """Rulebook I, "Advertising Campaigns (2 WEBs)": "Insofar as you have agreed to free trade,
    no one can underbid you": the sale goes through at once at the next higher price (at most
    5,000), with no bidding, and the campaign is spent."""
    state = _game({"S": 3, "A": 2}, market=M4000)
    state.teams["S"].advertising = True  # as if S had given 2 WEB chips back before
    _refused(state, OfferSale("S", units=3, price=4_000), "without a price")
    events = _do(state, OfferSale("S", units=3))
    assert _sold(events) == [("S", 3, 3 * 4_500)]
    assert state.teams["S"].advertising is False and state.pending == []
    assert state.market == [0, 0, 0, 0, 5, 3, 5, 5]
    _refused(state, Bid("A", units=1, price=4_000), "No bidding")


def test_a_campaign_started_during_the_bidding_runs_to_the_next_red_field() -> None:
    """Rulebook I, "Advertising Campaigns": the campaign works "upon landing on the next red
    field"; the decision on this field was taken with the offer, so a campaign started while
    the bidding runs is not spent on it."""
    state = _game({"S": 2, "A": 1})
    state.teams["S"].web = 2
    state.web_bank -= 2
    state.ledger.post(0, "web", BANK, "S", 2, "test set-up")
    _do(state, OfferSale("S", units=2, price=5_000), A.Advertise("S"))
    _do(state, Bid("A", units=1, price=5_000))
    assert state.pending == [] and state.teams["S"].advertising is True


# ====================================================================== refusals
def test_base_sale_and_offer_refused_by_step() -> None:
    """Rulebook II, "1. Step": with the free market a seller "makes an offer"; without it the
    base model's sale stands."""
    state = _game({"S": 3, "A": 0})
    _refused(state, A.Sell("S", units=1), "offer_sale", "5,000")
    base = _game({"S": 3, "A": 0}, steps=frozenset({4}))
    _refused(base, OfferSale("S", units=1, price=5_000), "does not play the free market")
    assert not any(c.cls is OfferSale for c in legal_choices(base, "S"))
    _do(base, A.Sell("S", units=1))


def test_offer_refusals() -> None:
    """Rulebook II, "1. Step": the price "may NOT be higher than the currently set market
    price, but it may be lower" (any whole Mark; 500-Mark steps only with
    ``free_market_asking_price: "steps"`` pinned); only finished product held, into the open
    dimples, on one's own red field."""
    market = (5, 5, 5, 5, 5, 5, 5, 3)
    state = _game({"S": 3, "A": 1}, market=market)
    _refused(state, OfferSale("S", units=1, price=5_500), "higher than the market price",
             "5,000")
    apply(state.clone(), OfferSale("S", units=1, price=4_700))  # the literal reading: accepted
    in_steps = _game({"S": 3, "A": 1}, market=market,
                     free_market_asking_price=LEGACY["free_market_asking_price"])
    _refused(in_steps, OfferSale("S", units=1, price=4_700), "500-Mark steps")
    _refused(state, OfferSale("S", units=1, price=0), "above 0")
    _refused(state, OfferSale("S", units=1, price=-500), "above 0")
    _refused(state, OfferSale("S", units=0, price=5_000), "at least one")
    _refused(state, OfferSale("S", units=4, price=5_000), "3 finished units", "not 4")
    _do(state, A.SellBack("A", item="finished", units=1))  # one dimple left
    _refused(state, OfferSale("S", units=2, price=5_000), "room for 1")
    _refused(state, OfferSale("A", units=1, price=5_000), "S's turn")
    _refused(state, OfferSale("S", units="2", price=5_000), "whole number")  # type: ignore[arg-type]


def test_bid_refusals() -> None:
    """Rulebook II, "1. Step": underbid only in 500-Mark steps, one step per round, from the
    price point; only teams with finished product; each in its own turn of the round; the
    first supplier only matches or withdraws; an offer can shrink but not grow."""
    state = _game({"S": 2, "A": 2, "B": 3, "C": 0})
    _refused(state, Bid("A", units=1, price=4_500), "No bidding")
    _do(state, OfferSale("S", units=2, price=5_000))
    _refused(state, Bid("A", units=1, price=4_700), "steps of 500", "5,000 or 4,500")
    _refused(state, Bid("A", units=1, price=5_500), "above the current price point")
    _refused(state, Bid("A", units=1, price=4_000), "One step of 500")
    _refused(state, Bid("A", units=3, price=4_500), "2 finished units", "not 3")
    _refused(state, Bid("A", units=0, price=4_500), "at least one")
    _refused(state, Bid("C", units=1, price=4_500), "no finished product")
    _refused(state, Bid("S", units=1, price=4_500), "competition answers now")
    _refused(state, MatchBid("S"), "competition answers now")
    _refused(state, WithdrawBid("S"), "competition answers now")
    _refused(state, MatchBid("A"), "Only the first supplier")
    _refused(state, A.Pass("S"), "not open now", "bidding on S's sale", "A, B")
    _refused(state, A.Roll("S", die=3), "bidding on S's sale")
    _refused(state, CloseBidding("A"), "bank director")
    _do(state, Bid("A", units=2, price=4_500))
    _refused(state, Bid("A", units=1, price=4_500), "answered in this round already")
    _do(state, WithdrawBid("B"))
    _refused(state, Bid("B", units=1, price=4_500), "withdrawn")
    # Round 2: the first supplier answers first.
    _refused(state, Bid("A", units=2, price=4_000), "answers first")
    _refused(state, Bid("S", units=2, price=4_500), "only match", "must not underbid")
    _refused(state, Bid("C", units=1, price=4_500), "first round")
    _do(state, MatchBid("S"))
    _refused(state, Bid("A", units=2, price=3_500), "One step of 500")
    _do(state, A.ProposeDeal("B", partner="A", give={"finished": 1}, take={"cash": 1}))
    deal = next(iter(state.deals))
    _do(state, A.AcceptDeal("A", deal=deal))  # A now holds 3 units, offered 2
    _refused(state, Bid("A", units=3, price=4_000), "fewer", "not more")
    _do(state, Bid("A", units=2, price=4_000), WithdrawBid("S"))
    _refused(state, WithdrawBid("S"), "No bidding")
    _refused(state, CloseBidding(BANK), "No bidding")


def test_refusals_leave_the_open_bidding_listed() -> None:
    """Rulebook II, "1. Step": each refusal above names the rule: the section is given."""
    state = _game({"S": 1, "A": 1})
    _do(state, OfferSale("S", units=1, price=5_000))
    with pytest.raises(RuleViolation) as info:
        apply(state, Bid("A", units=1, price=4_000))
    assert info.value.rule == "1. Step: Free Market for Sales"


# ====================================================================== legal moves and views
def test_legal_choices_follow_the_bidding() -> None:
    """Rulebook II, "1. Step": the offer replaces the sale on a red field (the market price and
    a 100-Mark grid below it; 500-Mark steps with ``free_market_asking_price: "steps"``
    pinned); in the bidding only the teams the round waits for may answer, each with its
    price points; the bank may close the round."""
    def listed(state: GameState) -> list[int]:
        red = legal_choices(state, "S", any_time=False)
        assert not any(c.cls is A.Sell for c in red)
        offers = [c for c in red if c.cls is OfferSale]
        assert all(list(c.values) == [1, 2, 3] for c in offers)
        return [c.fixed["price"] for c in offers]

    in_steps = _game({"S": 3, "A": 2, "B": 0},
                     free_market_asking_price=LEGACY["free_market_asking_price"])
    assert listed(in_steps) == [5_000, 4_500, 4_000, 3_500, 3_000]
    state = _game({"S": 3, "A": 2, "B": 0})
    assert listed(state) == list(range(5_000, 2_999, -100))
    _do(state, OfferSale("S", units=3, price=5_000))
    a = legal_choices(state, "A", any_time=False)
    assert a[0].cls is WithdrawBid
    assert [(c.fixed["price"], list(c.values)) for c in a[1:]] == [(5_000, [1, 2]),
                                                                    (4_500, [1, 2])]
    assert legal_choices(state, "S", any_time=False) == []
    assert legal_choices(state, "B", any_time=False) == []
    assert [c.cls for c in legal_choices(state, BANK)] == [A.CallTime, CloseBidding]
    _do(state, Bid("A", units=2, price=4_500))
    assert [c.cls for c in legal_choices(state, "S", any_time=False)] == [MatchBid, WithdrawBid]


def test_every_listed_move_is_accepted_through_a_bidding() -> None:
    """Rulebook II, "1. Step": whatever the legal moves list during a bidding, the engine
    accepts (random play through several biddings, every listed move tried on a copy)."""
    rng = random.Random(3)
    for _ in range(12):
        state = _game({"S": 3, "A": 2, "B": 3, "C": 1})
        _do(state, OfferSale("S", units=3, price=rng.choice([5_000, 4_500, 4_000])))
        while "free_market" in state.step and state.pending:
            for actor in [*state.teams, BANK]:
                for action in legal_actions(state, actor):
                    trial = state.clone()
                    apply(trial, action)
                    check_invariants(trial)
            actor = rng.choice(waiting_for(state))
            moves = [c for c in legal_choices(state, actor) if not c.any_time]
            choice = rng.choice(moves)
            _do(state, choice.pick(actor, rng.randrange(choice.size())))
        assert state.current == "A"


def test_the_bidding_is_public() -> None:
    """Rulebook II, "1. Step": the seller announces "loudly": every viewer sees the bidding
    (offers, price point, who is awaited), not the teams' cash."""
    state = _game({"S": 2, "A": 2})
    assert view(state, "public")["free_market"] is None
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=1, price=4_500))
    for viewer in ("public", "A", "S", BANK):
        seen = view(state, viewer)["free_market"]
        assert seen["offers"] == [{"team": "A", "units": 1, "price": 4_500}]
        assert seen["seller"] == "S" and seen["waiting"] == ["S"] and seen["round"] == 2
        # S sold 1 uncovered unit at once: 1 is left to contest.
        assert seen["prices_open"] == [4_500, 4_000] and seen["units_sought"] == 1
        assert seen["sold"] == [{"team": "S", "units": 1, "revenue": 5_000,
                                 "how": "uncovered"}]
    assert "cash" not in view(state, "public")["teams"][1]
    assert "free_market" not in view(_game({"S": 1}, steps=frozenset({4})), "public")


def test_sale_hook_and_snapshot_mid_bidding() -> None:
    """Rulebook II, "1. Step": each sale counts as sales (step 5 reads the sale hook); a state
    saved in the middle of a bidding plays on exactly like the original."""
    seen: list[tuple[str, int]] = []

    def record(turn: Turn, team: Any, revenue: int) -> None:
        seen.append((team.name, revenue))

    state = _game({"S": 2, "A": 2})
    _do(state, OfferSale("S", units=2, price=5_000), Bid("A", units=1, price=4_500))
    copy = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
    for game in (state, copy):
        game.rules = with_parts(game.rules, RulePart("listener", hooks={"sale": (record,)}))
        _do(game, WithdrawBid("S"))
    assert seen == [("A", 4_500), ("A", 4_500)]
    assert final_state(copy) == final_state(state)


def test_settings_are_checked() -> None:
    """Rulebook II, "1. Step": the round limit and the pricing of uncovered units are
    settings, checked at set-up."""
    for bad in ({"free_market_round_limit": 0}, {"free_market_uncovered": "half"}):
        with pytest.raises(RuleViolation, match="free_market"):
            GameConfig(teams=("A",), **bad).validate()
    config = GameConfig(teams=("A",), free_market_round_limit=5,
                        free_market_uncovered="market_price")
    assert GameConfig.from_dict(config.to_dict()) == config


# ====================================================================== whole games
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_bots_play_free_market_games_to_the_end(bot: str) -> None:
    """Rulebook II, "1. Step": bots play whole games with the free market, the invariants
    checked after every action; offers are made and (random bots) bid on."""
    kinds: dict[str, int] = {}
    # Random bots seldom hold finished product at the same time: they play more games.
    for seed in range(40 if bot == "random" else 3):
        config = GameConfig(teams=("A", "B", "C", "D"), seed=seed, years=3,
                            steps=frozenset({1}))
        state, log = play_game(config, bot, checks=True, log=True)
        assert state.phase == "ended" and log is not None
        for entry in log.entries:
            kinds[entry["type"]] = kinds.get(entry["type"], 0) + 1
    assert kinds.get("offer_sale", 0) > 0 and kinds.get("sell", 0) == 0
    if bot == "random":  # some offers met competition (the rounds are tested above)
        assert kinds.get("bid", 0) + kinds.get("withdraw_bid", 0) > 0


def test_other_steps_can_keep_units_from_sale() -> None:
    """Rulebook II, "6. Step" (for other steps): "Finished product produced in a turn may not
    be sold until the player lands on the next red field" — a part of the rules declares how
    many units a team may offer (``sale_limits``); offers and bids keep to it."""
    def one_unit(state: GameState, team: Any) -> int:
        return 1

    state = _game({"S": 3, "A": 2})
    state.rules = with_parts(state.rules, RulePart("one unit", sale_limits=(one_unit,)))
    offers = [c for c in legal_choices(state, "S") if c.cls is OfferSale]
    assert offers and all(list(c.values) == [1] for c in offers)
    _refused(state, OfferSale("S", units=2, price=5_000), "1 finished units to sell")
    _do(state, OfferSale("S", units=1, price=5_000))
    _refused(state, Bid("A", units=2, price=4_500), "You have 1 finished units")


def test_the_invariants_watch_the_bidding() -> None:
    """Rulebook II, "1. Step": a bidding always knows its data and the red decision it
    belongs to; the invariant check says so when they are lost."""
    from playboss.rules.invariants import problems

    state = _game({"S": 2, "A": 2})
    _do(state, OfferSale("S", units=2, price=5_000))
    broken = state.clone()
    del broken.pending[1]
    assert "the bidding's red decision is missing" in problems(broken)
    del broken.step["free_market"]
    assert "a bidding is pending without its data" in problems(broken)
