"""Step 1's moves: the first supplier's offer, the competition's bids, matching, withdrawing,
and the bank closing a round. Known to the log and the engine through ``part.PART``.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...actions import Action


@dataclass(frozen=True, slots=True)
class OfferSale(Action):
    """Red field, step 1: the first supplier announces ``units`` at ``price`` Marks each (at
    most the market price). With an advertising campaign send no price: the sale goes through
    at the advertising price."""

    type: ClassVar[str] = "offer_sale"
    units: int = 1
    price: int = 0


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A competitor's offer in a round of the bidding: ``units`` at ``price`` Marks each."""

    type: ClassVar[str] = "bid"
    units: int = 1
    price: int = 0


@dataclass(frozen=True, slots=True)
class MatchBid(Action):
    """The first supplier lowers its price to the competition's lowest offer."""

    type: ClassVar[str] = "match_bid"


@dataclass(frozen=True, slots=True)
class WithdrawBid(Action):
    """Leave the bidding: the first supplier gives up, a competitor withdraws its offer."""

    type: ClassVar[str] = "withdraw_bid"


@dataclass(frozen=True, slots=True)
class CloseBidding(Action):
    """The bank closes the current round: teams that have not answered withdraw."""

    type: ClassVar[str] = "close_bidding"

