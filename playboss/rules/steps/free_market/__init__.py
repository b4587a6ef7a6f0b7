"""Step 1: Free Market for Sales.

A team on a red field that sells no longer gets the market price automatically: it is the
*first supplier* and announces (``offer_sale``) a number of units N and a price per unit no
higher than the market price (ten times the dearest zone with an empty dimple). Every other
team holding finished product may then underbid in steps of 500 Marks over several rounds; the
bidding goes on until no more than N units are on offer. Sold units go into the highest open
zones whatever their price. A first supplier with an advertising campaign cannot be underbid:
its sale goes through at once at the advertising price.

The phase, round by round (``docs/rules.md`` (Part II) gives the reasons):

* Round 1 — the competition: each team holding finished product answers ``bid {units,
  price}`` with the price at P or P - 500 (P: the announced price), or ``withdraw_bid``.
  Units the competition did not cover (N - C, C its units on offer) go to the first supplier
  at once at the market price; the contest goes on for the C units. Nobody bidding, the first
  supplier sells all N at the market price.
* While the first supplier is in: if no competing offer is below its price, it sells the
  contested units at its price (the seller wins ties). Otherwise it answers first —
  ``match_bid`` (its price becomes the lowest offer) or ``withdraw_bid`` — and then the
  competition answers again, each keeping its price, meeting the lowest offer L or going to
  L - 500, with no more units than before.
* Once the first supplier has withdrawn, the competition bids on until its units are no more
  than the contested units; each then sells its units at its own price. A round that changes
  nothing, or the round limit (``GameConfig.free_market_round_limit``), ends the bidding: the
  lowest offers sell first, a tie at the margin broken by a recorded draw.
* A team that does not answer withdraws ("by not participating in the subsequent bidding
  round"); the bank may close a round for the teams that have not answered
  (``close_bidding``).

The phase's data is ``state.step["free_market"]`` (plain JSON); it is public: the bidding
happens out loud.

The package, one module a part of the rules:

- ``constants``: the step, its rules' names, the pending item, the 500-Mark steps;
- ``actions``: the moves; ``stock``: what a team may offer (``sellable``);
- ``market_state`` (market price, announceable prices, room), ``phase`` (the bidding's data
  and what it says), ``checks`` (offers and bids), ``wording``;
- ``offer`` (the first supplier's offer, the advertised sale), ``answers`` (bids, matching,
  withdrawing, the bank closing a round): the moves' handlers;
- ``rounds`` (closing a round, the next stage), ``sales`` (units to the market, the uncovered
  units), ``ending`` (the sales that end the bidding, the draw for a tie);
- ``engine_hooks``, ``choices`` (legal moves), ``views`` and ``invariant_checks``;
- ``part``: the step's contribution to a game's rules (``PART``, listed in
  ``rulebook.PARTS``).

The names other code uses are re-exported here: import them from
``playboss.rules.steps.free_market``. What a team may offer is its finished units, held back by
the ``sale_limits`` of the rules in force (step 6's fresh goods).
"""

from __future__ import annotations

from .actions import Bid, CloseBidding, MatchBid, OfferSale, WithdrawBid
from .constants import (
    ADVERTISING_RULE,
    ALL_UNCOVERED,
    KEY,
    KIND,
    OFFER_SPAN,
    RULE,
    STEP,
    STEP_MARKS,
)
from .market_state import offer_prices
from .phase import allowed_prices, most_units, phase_of
from .stock import sellable

__all__ = [
    # the step, its rules, the pending item, the rulebook's numbers
    "STEP", "RULE", "ADVERTISING_RULE", "KEY", "KIND", "STEP_MARKS", "OFFER_SPAN",
    "ALL_UNCOVERED",
    # the moves
    "OfferSale", "Bid", "MatchBid", "WithdrawBid", "CloseBidding",
    # what a team may offer, and the running bidding
    "sellable", "phase_of", "offer_prices", "allowed_prices", "most_units",
]
