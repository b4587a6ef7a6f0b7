"""Turning the engine's legal choices and events into what a page shows.

Every move a page offers comes from ``legal_choices``: the page never decides what is allowed,
so the engine's rules and the buttons cannot drift apart. Labels are translated here.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from playboss.rules import (
    COMPUTER_PRICE,
    MACHINE_PRICE,
    MARKETING_FOUNDING_COST,
    WEB_ADVERTISING,
    WEB_EFFICIENCY,
    WEB_LEASE,
    WEB_PRICE,
    Choice,
    GameState,
    RuleViolation,
    Team,
    quote_values,
)

from .consequences import describe, describe_console
from .texts.bundles import bundle_text  # noqa: F401  (the deal panel and quote import it here)

ACTION_LABELS: dict[str, Any] = {
    "roll": _("Roll the die"),
    "purchase": _("Buy raw material"),
    "invest": _("Buy a machine for %(price)s Marks"),
    "produce": _("Produce"),
    "sell": _("Sell finished product"),
    "pass": _("Do nothing"),
    "buy_web": _("Buy a WEB chip for %(price)s Marks"),
    "cost": _("Cost field"),
    "write_off": _("Write-off"),
    "draw_risk": _("Risk card drawn"),
    "renew_lease": _("Computer lease"),
    "take_credit": _("Borrow from the bank"),
    "repay_credit": _("Repay the bank"),
    "sell_back": _("Sell back to the bank"),
    "web_efficiency": _("Efficiency: double a machine for %(web)s WEB chips"),
    "web_advertising": _("Advertising campaign for %(web)s WEB chips"),
    "web_lease_computer": _("Lease a computer for %(web)s WEB chips"),
    "buy_computer": _("Buy a computer for %(price)s Marks"),
    "propose_deal": _("Offer a deal"),
    "accept_deal": _("Accept"),
    "reject_deal": _("Turn down"),
    "withdraw_deal": _("Withdraw"),
    "repay_private": _("Repay private loan"),
    "call_time": _("Call time (the round is played out)"),
    "correction": _("Book a correction"),
    "estate_bid": _("Bid for the bankrupt team's assets"),
    "estate_pass": _("Pass (no bid for the assets)"),
    "close_estate": _("Close the auction of the assets"),
    # expansion steps
    "offer_sale": _("Offer finished product for sale"),
    "bid": _("Underbid"),
    "match_bid": _("Match the competition's price"),
    "withdraw_bid": _("Withdraw from the bidding"),
    "close_bidding": _("Close the bidding round"),
    "auction_bid": _("Bid in the auction"),
    "auction_pass": _("Pass: drop out of this auction"),
    "close_auction": _("Close the auction"),
    "found_marketing": _("Found a marketing organization for %(price)s Marks"),
    "close_marketing": _("Close a marketing organization"),
    "marketing_sale": _("Sell through the marketing organization"),
    "pay_marketing": _("Marketing costs"),
    "offer_takeover": _("Offer to buy a business"),
    "accept_takeover": _("Accept the takeover offer"),
    "reject_takeover": _("Turn down the takeover offer"),
    "personal_goal": _("Write down the personal goal"),
    "offer_hire": _("Offer to hire workers"),
    "accept_hire": _("Accept the hiring offer"),
    "reject_hire": _("Turn down the hiring offer"),
    "give_notice": _("Give notice"),
    "call_strike": _("Call a strike"),
    "end_strike": _("End the strike"),
    "declare_lockout": _("Lock the workers out"),
    "end_lockout": _("End the lockout"),
}
OPTION_LABELS: dict[str, Any] = {
    "sell_half": _("Sell all finished product at half price"),
    "produce": _("Produce on every ready machine"),
    "idle": _("Idle costs for every machine"),
    "web": _("Pay 1 WEB chip"),
    "return": _("Return a machine"),
    "downgrade": _("Turn a double machine back to single"),
    "raw": _("raw material"),
    "finished": _("finished product"),
    "machine": _("a machine"),
    "computer": _("the computer"),
}
PARAM_LABELS: dict[str, Any] = {
    "units": _("units"),
    "credit": _("of it on credit"),
    "amount": _("Marks"),
    "machine": _("machine no."),
    "die": _("the die shows"),
    "card": _("card no."),
    "price": _("Marks a unit"),
    "trough": _("organization no."),
    "workers": _("workers"),
}
#: A field whose words depend on the move, not only on its name: an estate's bid is the price
#: of the whole lot, an auction's a price per unit.
TYPE_PARAM_LABELS: dict[str, Any] = {
    "estate_bid": _("Marks for the whole lot"),
}
PENDING_TEXTS: dict[str, Any] = {
    "red": _("a decision on the red field: buy, invest, produce, sell, or do nothing"),
    "green": _("the green WEB field: buy a WEB chip, or not"),
    "yellow": _("a choice on the yellow cost field"),
    "white": _("a write-off on the white field"),
    "risk": _("the risk card drawn from the deck"),
    "lease": _("renewing the leased computer with WEB chips, or giving it back"),
    "pay": _("a payment the cash does not cover yet: borrow or sell to raise it"),
    "bidding": _("a bidding round of the free market"),
    "auction": _("the bank's auction of raw material"),
    "estate": _("the auction of a bankrupt team's assets"),
    "marketing_fee": _("paying the marketing costs, or giving the organization up"),
    "marketing_sale": _("a sale through the marketing organization, or a pass"),
    "salaries": _("the salaries to the worker representative"),
    "production": _("production on the red field (produce, or pass)"),
}


def pending_text(pending: dict[str, Any] | None) -> str:
    """What the turn waits for, in words."""
    if not pending:
        return str(_("the roll of the die"))
    return str(PENDING_TEXTS.get(pending["kind"], pending["kind"].replace("_", " ")))


DEAL_MOVES = {"accept_deal", "reject_deal", "withdraw_deal"}


#: Few enough values for a drop-down; more get a number field.
SELECT_LIMIT = 12
#: Options that carry their consequence ("3 units · 1,050 Marks · cash after 8,950") stay a
#: drop-down up to this many.
NAMED_SELECT_LIMIT = 60


#: The numbers a label names, read from the engine's constants when the label is drawn.
LABEL_NUMBERS: dict[str, Callable[[], dict[str, int]]] = {
    "invest": lambda: {"price": MACHINE_PRICE},
    "buy_web": lambda: {"price": WEB_PRICE},
    "buy_computer": lambda: {"price": COMPUTER_PRICE},
    "web_efficiency": lambda: {"web": WEB_EFFICIENCY},
    "web_advertising": lambda: {"web": WEB_ADVERTISING},
    "web_lease_computer": lambda: {"web": WEB_LEASE},
    "found_marketing": lambda: {"price": MARKETING_FOUNDING_COST},
}


def action_name(kind: str) -> str:
    """A move's type as its button names it ("invest" -> "Buy a machine for 10,000 Marks")."""
    label = ACTION_LABELS.get(kind)
    if label is None:
        return kind.replace("_", " ").capitalize()
    if kind in LABEL_NUMBERS:  # the engine's own numbers, never written into a label
        return str(label) % {k: number_format(v, force_grouping=True)
                             for k, v in LABEL_NUMBERS[kind]().items()}
    return str(label)


def label_for(choice: Choice) -> str:
    kind = choice.cls.type
    base = action_name(kind)
    option = choice.fixed.get("option") or choice.fixed.get("item")
    if option is not None:
        return f"{base}: {OPTION_LABELS.get(option, option)}"
    if kind == "renew_lease":
        return (str(_("Renew the lease with %(web)s WEB chips")) % {"web": WEB_LEASE}
                if choice.fixed.get("renew") else str(_("Give the computer back")))
    if kind == "pay_marketing":
        return str(_("Pay the marketing costs") if choice.fixed.get("pay")
                   else _("Give the marketing organization up"))
    return base


def form_for(choice: Choice, state: GameState | None = None,
             team: Team | None = None, seen: dict[str, Any] | None = None) -> dict[str, Any]:
    """What a template needs to render one choice as a small form. With the state and the
    team whose screen it is, the form names its consequence (``classroom.consequences``):
    its label and each option carry the numbers, and "why" notes say what limits it.
    ``seen``: the screen's ``view`` of that state, which the consequences read."""
    values = list(choice.values) if choice.param else []
    form: dict[str, Any] = {
        "type": choice.cls.type,
        "label": label_for(choice),
        "fixed": {k: v for k, v in choice.fixed.items()},
        "param": choice.param,
        "param_label": TYPE_PARAM_LABELS.get(choice.cls.type)
        or PARAM_LABELS.get(choice.param or "", choice.param),
        "any_time": choice.any_time,
        "notes": [],
    }
    said: dict[str, Any] = {}
    if state is not None:  # a team's own move, or the bank's or representative's on its console
        said = (describe(state, team, choice, seen) if team is not None
                else describe_console(state, choice, seen))
    if "label" in said:
        form["label"] = said["label"]
    if "param_label" in said:
        form["param_label"] = said["param_label"]
    form["notes"] = said.get("notes", [])
    form["secondary"] = bool(said.get("secondary"))
    texts = said.get("texts", {})
    if choice.param:
        # Options that name their numbers are worth a longer drop-down than bare numbers.
        named = bool(texts) and len(values) <= NAMED_SELECT_LIMIT and all(v in texts
                                                                          for v in values)
        if len(values) <= SELECT_LIMIT or named:
            form["options"] = values
            # The option's words with its numbers; the value sent stays the plain value.
            form["entries"] = [{"value": v, "text": texts.get(v, v)} for v in values]
        else:
            form["min"], form["max"] = values[0], values[-1]
            form["step"] = values[1] - values[0] if len(values) > 1 else 1
            form["start"] = said.get("start", values[0])
            form["hint"] = said.get("hint", "")
            form["live"] = said.get("live")
    if state is not None and team is not None and team.cash > 0:
        _cash_after(form, state, team, choice)
    return form


def _cash_after(form: dict[str, Any], state: GameState, team: Team, choice: Choice) -> None:
    """The team's cash after the move, for each value the form offers (the engine's quotes):
    the page asks before a move that spends more than half of it (issue 21). A number field
    has its live line's figures instead."""
    if choice.param is not None and "entries" not in form:
        return
    try:
        quotes = quote_values(state, team.name, choice, limit=NAMED_SELECT_LIMIT)
    except RuleViolation:
        return
    form["cash"] = team.cash
    # Only where the move changes the cash now (a bid pays when its auction closes).
    if choice.param is None:
        if None in quotes and quotes[None].cash != team.cash:
            form["after"] = quotes[None].cash
        return
    for entry in form["entries"]:
        if entry["value"] in quotes and quotes[entry["value"]].cash != team.cash:
            entry["after"] = quotes[entry["value"]].cash


def is_int_value(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
