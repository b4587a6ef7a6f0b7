"""Step 1's contribution to a game's rules (``rulebook.PARTS``): its moves, the sale it turns
into an offer (it wraps the base model's ``sell``), the bidding's automatic handling and words,
its choices, view and checks."""

from __future__ import annotations

from ...actions import Sell
from ...ruleset import RulePart
from ...state import BANK
from .actions import Bid, CloseBidding, MatchBid, OfferSale, WithdrawBid
from .answers import (
    bid,
    check_bid,
    check_match_bid,
    check_withdraw_bid,
    close_bidding,
    match_bid,
    withdraw_bid,
)
from .choices import bank_choices, bidding_choices, offer_choices, waiting
from .constants import KIND, STEP
from .engine_hooks import auto, game_over, waiting_params, waiting_text
from .invariant_checks import problems
from .offer import check_offer_sale, check_sell, offer_moves, offer_sale, sell
from .views import view

PART = RulePart(
    name="step 1: free market for sales",
    enabled=lambda config: STEP in config.steps,
    handlers={OfferSale: offer_sale, Bid: bid, MatchBid: match_bid, WithdrawBid: withdraw_bid,
              CloseBidding: close_bidding},
    actor_actions={BANK: frozenset({CloseBidding})},
    invariant_checks=(problems,),
    checks={OfferSale: check_offer_sale, Bid: check_bid, MatchBid: check_match_bid,
            WithdrawBid: check_withdraw_bid},
    wraps={Sell: sell},
    check_wraps={Sell: check_sell},
    nearest_moves=(offer_moves,),
    hooks={"game_over": (game_over,)},
    auto={KIND: auto},
    waiting_texts={KIND: waiting_text},
    waiting_params={KIND: waiting_params},
    waiting_on={KIND: waiting},
    pending_choices={KIND: bidding_choices},
    turn_choice_filters=(offer_choices,),
    actor_choices=(bank_choices,),
    views=(view,),
)
