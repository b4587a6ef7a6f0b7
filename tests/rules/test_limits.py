"""Rulebook "Game Materials": 40 products, 20 machines, 8 computers and 30 WEB chips - the
bank cannot hand out more than the box holds."""

from __future__ import annotations

from playboss.rules import actions as A
from playboss.rules.config import Limits
from playboss.rules.state import GameState

from .helpers import FULL, buy_webs, game, idle_others, play, refused, roll_to, turn_to

NINE = tuple(f"T{i}" for i in range(1, 10))


def products(state: GameState) -> int:
    return sum(state.market) + state.box + sum(t.raw + t.finished for t in state.teams.values())


def test_forty_products_in_eight_zones_of_five() -> None:
    """Rulebook "Game Materials": 40 products; the market's zones hold five each, and the
    products of a half market that are not laid out stay in the box."""
    state = game()
    assert state.config.products == 40 and products(state) == 40
    assert state.box == 20
    turn_to(state, "Red", "R", A.Purchase("Red", units=20), rest=False)
    assert state.market == [0] * 8 and products(state) == 40
    play(state, A.Roll("Blue", die=2))
    refused(state, A.Purchase("Blue", units=1), "The market holds 0 units")


def test_a_full_market_has_no_empty_dimple() -> None:
    """Rulebook "Game Materials": 40 products in 40 dimples; sold units go back into the
    dimples the buyers emptied, never more than five to a zone."""
    state = game(market_fill=FULL)
    assert state.box == 0
    turn_to(state, "Red", "R", A.Purchase("Red", units=3))  # from the 150 zone
    play(state, A.SellBack("Red", item="raw", units=3))
    assert state.market == list(FULL) and products(state) == 40


def test_the_twenty_first_machine_is_refused() -> None:
    """Rulebook "Game Materials": 20 machines - when all are in play the bank has none to
    sell (one team, given the money by a correction of the bank director)."""
    state = game(teams=("Red",))
    play(state, A.Correction("bank", team="Red", amount=200_000, reason="test: a rich team"))
    for _ in range(20):
        roll_to(state, "Red", "R")
        play(state, A.Invest("Red"))
    assert len(state.machines) == 20 and state.machines_in_bank() == 0
    roll_to(state, "Red", "R")
    refused(state, A.Invest("Red"), "The bank has no machine left: all 20 are in play")
    play(state, A.SellBack("Red", item="machine"))  # one back into the bank ...
    play(state, A.Invest("Red"))  # ... and out again
    assert len(state.machines) == 20


def test_the_machine_limit_is_the_configured_one() -> None:
    """Rulebook "Game Materials": the box's count of machines (a setting for other editions)."""
    state = game(limits=Limits(machines=1))
    turn_to(state, "Red", "R", A.Invest("Red"), rest=False)
    play(state, A.Roll("Blue", die=2))
    refused(state, A.Invest("Blue"), "The bank has no machine left: all 1 are in play")


def test_the_ninth_computer_is_refused() -> None:
    """Rulebook "Game Materials": 8 computers - a ninth can be neither bought nor leased."""
    state = game(teams=NINE, first_team="T1")
    for name in NINE[:8]:
        play(state, A.BuyComputer(name, credit=10_000))
    assert state.computers_in_bank() == 0
    refused(state, A.BuyComputer("T9", credit=10_000),
            "The bank has no computer left: all 8 are in play")
    idle_others(state, "T9")
    buy_webs(state, "T9", 2)
    assert state.teams["T9"].web == 2
    refused(state, A.LeaseComputer("T9"), "The bank has no computer left: all 8 are in play")
    play(state, A.SellBack("T1", item="computer"))
    play(state, A.LeaseComputer("T9"))
    assert state.computers_in_bank() == 0


def test_the_thirty_first_web_chip_is_refused() -> None:
    """Rulebook "Game Materials": 30 WEB chips - when all are out the green field sells none
    (one team, given the money by a correction of the bank director)."""
    state = game(teams=("Red",))
    play(state, A.Correction("bank", team="Red", amount=20_000, reason="test: a rich team"))
    buy_webs(state, "Red", 30)
    assert state.teams["Red"].web == 30 and state.web_bank == 0
    roll_to(state, "Red", "G")
    refused(state, A.BuyWeb("Red"), "The bank has no WEB chip left: all 30 are in play")
    play(state, A.Advertise("Red"))  # two chips go back to the bank ...
    play(state, A.BuyWeb("Red"))  # ... and one comes out again
    assert state.teams["Red"].web == 29 and state.web_bank == 1
