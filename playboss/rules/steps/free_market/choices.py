"""Legal moves: who the bidding waits on, the answers open to them, the offers that replace
the base model's sale on a red field, and the bank's closing of a round.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

from ... import advertising
from ...actions import Sell
from ...choice import Choice
from ...state import BANK, GameState, Team
from .actions import Bid, CloseBidding, MatchBid, OfferSale, WithdrawBid
from .asking_price import listed_offer_prices
from .constants import STEP
from .market_state import current_market_price, room
from .phase import allowed_prices, eligible, most_units, phase_of
from .stock import sellable


def waiting(state: GameState) -> list[str]:
    data = phase_of(state)
    if data is None:
        return []
    return [n for n in data["waiting"] if eligible(state, data, n)]


def bidding_choices(state: GameState, team: Team) -> list[Choice]:
    data = phase_of(state)
    if data is None or team.name not in waiting(state):
        return []
    if team.name == data["seller"]:
        return [Choice(MatchBid), Choice(WithdrawBid)]
    units = range(1, most_units(state, data, team) + 1)
    # Withdrawing first: a bot that takes the first choice does not start a price war.
    return [Choice(WithdrawBid)] + [Choice(Bid, {"price": p}, "units", units)
                                    for p in allowed_prices(data, team.name)]


def offer_choices(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
    """On a red field the base model's sale becomes an offer with a price."""
    if STEP not in state.config.steps:
        return choices
    for c in choices:
        if c.cls is Sell:
            break
    else:  # no sale to turn into an offer (most calls)
        return choices
    rest = [c for c in choices if c.cls is not Sell]
    most = min(sellable(state, team), room(state))
    market = current_market_price(state)
    if most < 1 or market is None:
        return rest
    units = range(1, most + 1)
    if advertising.applies(team):
        offers = [Choice(OfferSale, {"price": 0}, "units", units)]
    else:
        offers = [Choice(OfferSale, {"price": p}, "units", units)
                  for p in listed_offer_prices(state.config, market)]
    # Offers first: a bot that falls back on the first choice sells its stock.
    return offers + rest


def bank_choices(state: GameState, actor: str) -> list[Choice]:
    if actor == BANK and phase_of(state) is not None:
        return [Choice(CloseBidding)]
    return []
