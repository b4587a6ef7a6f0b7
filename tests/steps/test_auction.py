"""Step 2: Competition during Purchasing (rulebook part II, "2. Step: Competition during
Purchasing")."""

from __future__ import annotations

import random
from typing import Any

import pytest

from playboss.rules import RuleViolation, apply, legal_actions, legal_choices, waiting_for
from playboss.rules import actions as A
from playboss.rules.config import GameConfig
from playboss.rules.invariants import check
from playboss.rules.simulate import play_game
from playboss.rules.state import BANK, GameState
from playboss.rules.steps.auction import AuctionBid, AuctionPass, CloseAuction
from playboss.rules.views import view
from tests.rules.helpers import HALF, TAX_AUDIT, cash, game, play, refused

RULE = "2. Step: Competition during Purchasing"
ZONE_350 = 4  # index of the 350-Mark zone, the cheapest filled one of a half market


def three(**overrides: Any) -> GameState:
    """Red, Blue and Green with step 2; Red to move, standing on field 1 (red)."""
    settings: dict[str, Any] = {"teams": ("Red", "Blue", "Green"), "steps": frozenset({2})}
    settings.update(overrides)
    return game(**settings)


def red_buys(state: GameState, units: int = 2) -> list[dict[str, Any]]:
    """Red rolls 2 to field 3 (red) and buys ``units`` at the market price."""
    return play(state, A.Roll("Red", die=2), A.Purchase("Red", units=units))


def types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


def entries(state: GameState, reason: str) -> list[tuple[str, str, str, int]]:
    return [(e.kind, e.source, e.target, e.qty) for e in state.ledger.entries
            if e.reason == reason]


# ====================================================================== the purchase
def test_at_most_two_units_at_the_market_price() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": "can purchase a maximum of 2
    units of product at the market indicated price point"."""
    state = three()
    play(state, A.Roll("Red", die=2))
    refused(state, A.Purchase("Red", units=3), "at most 2 units", "auctioned")
    refused(state, A.Purchase("Red", units=5), "at most 2 units")
    events = play(state, A.Purchase("Red", units=2))
    assert state.teams["Red"].raw == 2
    assert cash(state, "Red") == 20_000 - 2 * 350
    assert next(e for e in events if e["type"] == "purchase")["prices"] == [350, 350]
    assert ("raw", "market", "Red", 2) in entries(state, "purchase")


def test_the_rest_of_the_zone_is_auctioned_at_the_market_price() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": "The remaining units ... in that
    market price zone are then auctioned off by the bank ... The bank makes the first price
    point the current market price"."""
    state = three()
    events = red_buys(state, 2)
    assert "auction_open" in types(events)
    assert state.pending[0].kind == "auction"
    auction = state.step["auction"]
    assert (auction["zone"], auction["units"], auction["opening"]) == (ZONE_350, 3, 350)
    assert state.market[ZONE_350] == 3  # the lot lies on the board until it is sold
    # The buyer's red decision is complete; the whole table is asked, the buyer first.
    assert waiting_for(state) == ["Red", "Blue", "Green"]
    assert view(state, "public")["auction"]["lowest_bid"] == 400


def test_the_auction_is_of_the_zone_of_the_last_unit_bought() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": buying across two zones (the
    cheapest held one unit), the zone of the second unit is auctioned."""
    state = three(market_fill=(0, 0, 0, 0, 1, 5, 5, 5))
    red_buys(state, 2)
    assert cash(state, "Red") == 20_000 - 350 - 400
    auction = state.step["auction"]
    assert (auction["zone"], auction["units"], auction["opening"]) == (5, 4, 400)


def test_no_auction_when_the_zone_is_empty() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": only "the remaining units that
    may be present" are auctioned: none left, no auction, the turn goes on."""
    state = three(market_fill=(0, 0, 0, 0, 2, 5, 5, 5))
    events = red_buys(state, 2)
    assert "auction_open" not in types(events)
    assert "auction" not in state.step
    assert state.current == "Blue"


def test_one_unit_bought_auctions_the_other_four() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": a purchase of one unit also
    leaves the rest of its zone to the auction."""
    state = three()
    red_buys(state, 1)
    assert state.step["auction"]["units"] == 4


def test_highest_bidder_pays_and_takes_the_lot() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": "auctioned off by the bank to
    the highest bidder" — the winner pays price x units to the bank and gets raw material."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionBid("Blue", price=400))
    assert waiting_for(state) == ["Green", "Red"]  # round the table from the last bidder
    play(state, AuctionBid("Red", price=450), AuctionPass("Blue"))
    assert state.pending[0].kind == "auction"  # Green has not passed since the last bid
    events = play(state, AuctionPass("Green"))
    won = next(e for e in events if e["type"] == "auction_won")
    assert (won["team"], won["units"], won["price"], won["cost"]) == ("Red", 3, 450, 1_350)
    red = state.teams["Red"]
    assert red.raw == 5
    assert cash(state, "Red") == 20_000 - 700 - 1_350
    assert state.market[ZONE_350] == 0
    assert entries(state, "auction") == [("raw", "market", "Red", 3), ("cash", "Red", "bank",
                                                                        1_350)]
    assert "auction" not in state.step
    assert state.current == "Blue"  # Red's turn ended with the auction


def test_without_a_higher_offer_the_units_stay() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": "If no one offers more than
    that, then the remaining product stays on the board unpurchased"."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionPass("Red"), AuctionPass("Blue"))
    events = play(state, AuctionPass("Green"))
    assert "auction_unsold" in types(events)
    assert state.market[ZONE_350] == 3
    assert entries(state, "auction") == []
    assert state.current == "Blue"


def test_a_bid_must_top_the_standing_price_by_a_step() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": one must offer MORE than the
    market price (then more than the highest bid), in steps of ``auction_step``."""
    state = three()
    red_buys(state, 2)
    refused(state, AuctionBid("Blue", price=350), "Bid more than the market price", "400")
    refused(state, AuctionBid("Blue", price=375), "steps of 50", "400")
    play(state, AuctionBid("Blue", price=500))
    refused(state, AuctionBid("Green", price=500), "Bid more than the highest bid", "550")
    refused(state, AuctionBid("Green", price=520), "steps of 50")
    refused(state, AuctionBid("Blue", price=600), "highest bid already")
    play(state, AuctionBid("Green", price=600))


def test_the_step_is_a_setting() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the bidding step is this
    edition's setting ``auction_step``."""
    state = three(auction_step=100)
    red_buys(state, 2)
    refused(state, AuctionBid("Blue", price=400), "steps of 100", "450")
    play(state, AuctionBid("Blue", price=450))
    with pytest.raises(RuleViolation, match="auction_step"):
        GameConfig(teams=("Red",), auction_step=0).validate()


def test_a_bid_needs_the_cash_for_the_whole_lot() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the bidder must be able to pay
    price x units (the bank gives no credit on raw material)."""
    state = three()
    red_buys(state, 2)
    # Blue has 20,000: 3 units at 6,700 cost 20,100.
    refused(state, AuctionBid("Blue", price=6_700), "You have 20,000 Marks", "20,100")
    play(state, AuctionBid("Blue", price=6_650))


def test_passing_is_not_final_a_new_bid_asks_everyone_again() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": a team may bid any number of
    times; the auction closes only when every team has passed since the last bid."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionPass("Red"), AuctionPass("Blue"))
    refused(state, AuctionPass("Blue"), "passed already")
    play(state, AuctionBid("Green", price=400))
    assert waiting_for(state) == ["Red", "Blue"]
    play(state, AuctionBid("Blue", price=450))  # Blue had passed: it may still bid
    play(state, AuctionBid("Green", price=500), AuctionPass("Red"), AuctionPass("Blue"))
    assert state.teams["Green"].raw == 3
    assert cash(state, "Green") == 20_000 - 1_500


def test_the_highest_bidder_neither_passes_nor_raises_itself() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the highest bidder is not
    asked again until someone outbids it."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionBid("Blue", price=400))
    refused(state, AuctionPass("Blue"), "highest bid")
    refused(state, AuctionBid("Blue", price=450), "highest bid already")
    assert "Blue" not in waiting_for(state)


def test_winner_who_can_no_longer_pay_falls_back_to_the_next_bid() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": at closing the highest bidder
    must still pay; if its cash no longer covers its bid the next highest team's bid wins."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionBid("Blue", price=400), AuctionBid("Green", price=450))
    play(state, A.BuyComputer("Green"))  # any-time move: Green spends its 20,000
    assert cash(state, "Green") == 0
    play(state, AuctionPass("Red"))
    events = play(state, AuctionPass("Blue"))
    assert types(events)[1:4] == ["auction_closed", "auction_default", "auction_won"]
    assert state.teams["Blue"].raw == 3
    assert cash(state, "Blue") == 20_000 - 1_200
    assert state.teams["Green"].raw == 0


def test_nobody_able_to_pay_leaves_the_lot() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": no bid that can be paid is
    like no bid: the units stay."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionBid("Green", price=450), A.BuyComputer("Green"))
    events = play(state, AuctionPass("Red"), AuctionPass("Blue"))
    assert types(events)[-2:] == ["auction_default", "auction_unsold"]
    assert state.market[ZONE_350] == 3


def test_the_bank_closes_the_auction_at_its_deadline() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the bank runs the auction; at
    its deadline it closes it, the highest bid standing wins."""
    state = three()
    red_buys(state, 2)
    play(state, AuctionBid("Blue", price=400))
    assert [c.cls for c in legal_choices(state, BANK)] == [A.CallTime, CloseAuction]
    refused(state, CloseAuction("Red"), "Only the bank director")
    events = play(state, CloseAuction(BANK))
    assert "auction_won" in types(events)
    assert state.teams["Blue"].raw == 3
    refused(state, CloseAuction(BANK), "No auction is open")


def test_refusals_without_an_auction_or_without_the_step() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": bids only while the bank
    auctions; without step 2 there are no auctions and purchases are free."""
    state = three()
    refused(state, AuctionBid("Blue", price=400), "No auction is open")
    refused(state, AuctionPass("Blue"), "No auction is open")
    base = game(teams=("Red", "Blue", "Green"))
    refused(base, AuctionBid("Blue", price=400), "not played in this game", "step 2")
    refused(base, CloseAuction(BANK), "step 2")
    events = play(base, A.Roll("Red", die=2), A.Purchase("Red", units=3))
    assert "auction_open" not in types(events)
    assert base.teams["Red"].raw == 3


def test_other_decisions_wait_while_the_auction_runs() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the purchase was the red
    field's one decision; the auction is waited for."""
    state = three()
    red_buys(state, 2)
    refused(state, A.Produce("Red", units=1), "not open now", "auction")
    refused(state, A.Roll("Blue", die=2), "Red's turn")


def test_bankrupt_teams_are_not_asked() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": only teams still in the game
    bid."""
    state = three()
    play(state, A.Roll("Red", die=2), A.Pass("Red"), A.Roll("Blue", die=2), A.Pass("Blue"))
    # Green gives its cash away, lands on a risk field and cannot pay the tax audit.
    play(state, A.ProposeDeal("Green", partner="Red", give={"cash": 20_000}))
    play(state, A.AcceptDeal("Red", deal=max(state.deals)))
    play(state, A.Roll("Green", die=3), A.DrawRisk("Green", card=TAX_AUDIT))
    assert state.teams["Green"].bankrupt
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=2))
    assert waiting_for(state) == ["Red", "Blue"]
    assert legal_choices(state, "Green") == []
    refused(state, AuctionBid("Green", price=400), "bankrupt")
    play(state, AuctionPass("Red"), AuctionPass("Blue"))
    assert "auction" not in state.step


# ====================================================================== legal moves
def test_listed_moves_are_legal_and_accepted() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the listed purchase stops at 2
    units; in the auction, pass comes first, then bids in steps up to the cash; every listed
    move is accepted."""
    state = three()
    play(state, A.Roll("Red", die=2))
    purchase = [c for c in legal_choices(state, "Red") if c.cls is A.Purchase]
    assert list(purchase[0].values) == [1, 2]
    play(state, A.Purchase("Red", units=2))
    blue = [c for c in legal_choices(state, "Blue") if not c.any_time]
    assert blue[0].cls is AuctionPass
    assert blue[1].cls is AuctionBid
    assert blue[1].values[0] == 400 and blue[1].values[-1] == 6_650
    for actor in [*state.teams, BANK]:
        for action in legal_actions(state, actor):
            trial = state.clone()
            apply(trial, action)
            check(trial)


def test_random_legal_play_with_auctions_keeps_the_invariants() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": random legal moves of anyone,
    the bank closing now and then, keep the books and always leave someone a move."""
    for seed in range(6):
        rng = random.Random(seed)
        state = game(teams=("Red", "Blue", "Green"), steps=frozenset({2}), dice="engine",
                     market_fill="full", seed=seed, years=2)
        for _ in range(3_000):
            if state.phase == "ended":
                break
            actor = rng.choice(waiting_for(state))
            if rng.random() < 0.05:
                actor = rng.choice([*state.teams, BANK])
            choices = [c for c in legal_choices(state, actor) if c.cls is not A.CallTime]
            if not choices:
                continue
            choice = rng.choice(choices)
            apply(state, choice.pick(actor, rng.randrange(choice.size())))
            check(state)


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("steps", [{2}, {2, 3}])
def test_bots_play_to_the_end(bot: str, steps: set[int]) -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": bots end every auction (by
    passing) and every game, the invariants checked after every action."""
    for seed in range(3):
        config = GameConfig(teams=("A", "B", "C", "D", "E", "F"), seed=seed, years=3,
                            steps=frozenset(steps))
        state, _ = play_game(config, bot)
        assert state.phase == "ended"


def test_market_unchanged_without_the_step() -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": the step is off unless the
    config names it (the wrap passes straight to the base purchase)."""
    state = game(market_fill=HALF)
    assert 2 not in state.config.steps
    play(state, A.Roll("Red", die=2), A.Purchase("Red", units=4))
    assert state.teams["Red"].raw == 4 and not state.pending
