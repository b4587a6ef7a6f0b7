"""Split duties: which of two players running one business may make a move (the site applies
it, ``classroom.duties``). Every move of every part of the rules is listed in ``DUTIES`` (a
test checks it).

Rulebook: "6. Step: Labor Market" (the two players of a business)."""

from __future__ import annotations

from ...actions import Action, CostChoice

MARKETING_FINANCE = "marketing_finance"
PURCHASE_PRODUCTION_LABOR = "purchase_production_labor"
#: "One manages the marketing and financial aspects and the other manages the purchase,
#: production and labor aspects of the business." Per action type; None: either player
#: (moving the pawn, fields that are no business decision, moves of the bank and the
#: representative). A part of the rules that adds moves lists them here.
DUTIES: dict[str, str | None] = {
    # the turn itself
    "roll": None, "pass": None, "buy_web": None, "draw_risk": None, "personal_goal": None,
    # marketing and finance
    "sell": MARKETING_FINANCE, "offer_sale": MARKETING_FINANCE, "bid": MARKETING_FINANCE,
    "match_bid": MARKETING_FINANCE, "withdraw_bid": MARKETING_FINANCE,
    "marketing_sale": MARKETING_FINANCE, "found_marketing": MARKETING_FINANCE,
    "close_marketing": MARKETING_FINANCE, "pay_marketing": MARKETING_FINANCE,
    "web_advertising": MARKETING_FINANCE, "take_credit": MARKETING_FINANCE,
    "repay_credit": MARKETING_FINANCE, "repay_private": MARKETING_FINANCE,
    "sell_back": MARKETING_FINANCE, "propose_deal": MARKETING_FINANCE,
    "accept_deal": MARKETING_FINANCE, "reject_deal": MARKETING_FINANCE,
    "withdraw_deal": MARKETING_FINANCE,
    # purchase, production and labor
    "purchase": PURCHASE_PRODUCTION_LABOR, "auction_bid": PURCHASE_PRODUCTION_LABOR,
    "auction_pass": PURCHASE_PRODUCTION_LABOR, "invest": PURCHASE_PRODUCTION_LABOR,
    "produce": PURCHASE_PRODUCTION_LABOR, "buy_computer": PURCHASE_PRODUCTION_LABOR,
    "web_lease_computer": PURCHASE_PRODUCTION_LABOR, "renew_lease": PURCHASE_PRODUCTION_LABOR,
    "web_efficiency": PURCHASE_PRODUCTION_LABOR, "write_off": PURCHASE_PRODUCTION_LABOR,
    "offer_hire": PURCHASE_PRODUCTION_LABOR, "accept_hire": PURCHASE_PRODUCTION_LABOR,
    "reject_hire": PURCHASE_PRODUCTION_LABOR, "give_notice": PURCHASE_PRODUCTION_LABOR,
    "declare_lockout": PURCHASE_PRODUCTION_LABOR, "end_lockout": PURCHASE_PRODUCTION_LABOR,
    # not team moves
    "call_time": None, "correction": None, "close_bidding": None, "close_auction": None,
    "call_strike": None, "end_strike": None,
    # buying a business (steps 4 and 6) is finance; bidding for a bankrupt team's machines
    # and stock is purchase
    "offer_takeover": MARKETING_FINANCE, "accept_takeover": MARKETING_FINANCE,
    "reject_takeover": MARKETING_FINANCE,
    "estate_bid": PURCHASE_PRODUCTION_LABOR, "estate_pass": PURCHASE_PRODUCTION_LABOR,
    "close_estate": None,
}
#: The yellow field's options: selling is marketing, producing is production.
COST_OPTION_DUTIES: dict[str, str | None] = {
    "sell_half": MARKETING_FINANCE, "produce": PURCHASE_PRODUCTION_LABOR, "idle": None,
    "web": None,
}


def duty_of(action: Action) -> str | None:
    """Which of two players running one business may make ``action``:
    ``"marketing_finance"``, ``"purchase_production_labor"``, or None for either."""
    return duty_of_move(action.type, action.option if isinstance(action, CostChoice) else None)


def duty_of_move(action_type: str, option: str | None = None) -> str | None:
    """``duty_of`` for a move named before it is made (a screen's form: its type, and the
    yellow field's option)."""
    if action_type == CostChoice.type:
        return COST_OPTION_DUTIES.get(option or "")
    return DUTIES.get(action_type)
