"""Plugs step 1 into the engine, the legal moves, the views and the invariants, once, on import
(``__init__`` imports it last). The order of these lines is the order the engine sees: the
free market is the first step to wrap ``sell`` (see ``playboss/rules/steps/__init__.py``), so
``offer`` took the base handler when it was imported, before the lines below replace it."""

from __future__ import annotations

from ... import actions as A
from ... import engine as E
from ... import invariants, legal, views
from ...state import BANK
from .actions import Bid, CloseBidding, MatchBid, OfferSale, WithdrawBid
from .answers import _bid, _close_bidding, _match_bid, _withdraw_bid
from .choices import _bank_choices, _bidding_choices, _offer_choices, _waiting
from .constants import KIND
from .engine_hooks import _auto, _game_over, _waiting_params, _waiting_text
from .invariant_checks import _problems
from .offer import _offer_sale, _sell
from .views import _view

E.HANDLERS[A.Sell] = _sell
E.HANDLERS[OfferSale] = _offer_sale
E.HANDLERS[Bid] = _bid
E.HANDLERS[MatchBid] = _match_bid
E.HANDLERS[WithdrawBid] = _withdraw_bid
E.HANDLERS[CloseBidding] = _close_bidding
E.ACTOR_ACTIONS[BANK].add(CloseBidding)
E.AUTO[KIND] = _auto
E.WAITING_TEXTS[KIND] = _waiting_text
E.WAITING_PARAMS[KIND] = _waiting_params
E.HOOKS["game_over"].append(_game_over)
legal.WAITING[KIND] = _waiting
legal.PENDING_CHOICES[KIND] = _bidding_choices
legal.TURN_CHOICE_FILTERS.append(_offer_choices)
legal.ACTOR_CHOICES.append(_bank_choices)
views.EXTRA_VIEWS.append(_view)
invariants.EXTRA_CHECKS.append(_problems)
