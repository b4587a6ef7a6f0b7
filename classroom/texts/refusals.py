"""The engine's refusals in the page's language.

Every ``RuleViolation`` carries a ``code`` and the ``params`` its English message speaks of.
``translate_refusal(refusal)`` tells it from those with the sentence the catalogue
(``refusal_codes.CATALOGUE``) has for the code, in the active language: amounts with the
language's grouping, what the game waits for (``waiting``) and the other words params in words
of that language. In English the engine's own message is shown as it is; an unknown code, or
params that do not fit, show it too.

A ``ServiceError`` that wraps a ``RuleViolation`` (``raise ServiceError(...) from exc``) is told
from its cause; the services' own refusals are translated where they are raised (a lazy
gettext sentence, read in the request's language: ``classroom/services/``), so their message
is shown as it is — no English sentence is parsed back into words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from playboss.rules import RuleViolation

from .describers import and_list
from .formatting import in_english, money
from .refusal_codes import CATALOGUE, MONEY
from .words import party_text, reason_text

# ====================================================================== what the game waits for
#: ``waiting["kind"]`` -> the words for "the game waits for ...", from the waiting's fields.
_WAITING: dict[str, Callable[[Mapping[str, Any]], str]] = {
    "roll_off": lambda w: _("the teams roll for the first player."),
    "roll": lambda w: _("%(team)s rolls the die.") % {"team": w["team"]},
    "red": lambda w: _("a decision on the red field."),
    "green": lambda w: _("whether to buy a WEB chip on the green field."),
    "yellow": lambda w: _("a choice on the yellow cost field."),
    "white": lambda w: _("a write-off on the white field."),
    "risk": lambda w: _("the risk card drawn from the deck."),
    "lease": lambda w: _("renewing or returning the leased computer."),
    "pay": lambda w: _("a payment of %(amount)s Marks (%(reason)s).") % {
        "amount": money(w["amount"]), "reason": reason_text(w["reason"])},
    # bankruptcy, and the expansion steps
    "estate": lambda w: _("the auction of %(team)s's assets (waiting for %(teams)s).") % {
        "team": w["team"], "teams": and_list(list(w["teams"]))},
    "auction": lambda w: ngettext(
        "the auction of %(units)s unit; bids from %(price)s Marks per unit.",
        "the auction of %(units)s units; bids from %(price)s Marks per unit.",
        int(w["units"])) % {"units": w["units"], "price": money(w["price"])}
    if "units" in w else _("the auction."),
    "bidding": lambda w: _(
        "the bidding on %(team)s's sale (round %(round)s; waiting for %(teams)s).") % {
        "team": w["seller"], "round": w["round"],
        "teams": and_list(list(w["teams"])) or _("nobody")}
    if "seller" in w else _("the bidding on a sale."),
    "salaries": lambda w: _("%(team)s's salaries to the worker representative (%(team)s "
                            "raises the cash).") % {"team": w["team"]},
    "production": lambda w: _("%(team)s's production on its red field (produce, or "
                              "pass).") % {"team": w["team"]},
    "marketing_fee": lambda w: _("paying %(cost)s Marks marketing costs for organization "
                                 "%(trough)s, or giving it up.") % {
        "cost": money(w["cost"]), "trough": w["trough"]},
    "marketing_sale": lambda w: _("a sale through the marketing organization, or a pass."),
}


def waiting_text(waiting: Mapping[str, Any]) -> str:
    """What the game waits for (the engine's ``waiting(state)``), in the active language."""
    return _WAITING[str(waiting["kind"])](waiting)


#: The moves of ``not_open_now`` (the action's type) as the subject of "... is not possible
#: now".
ACTIONS: dict[str, Any] = {
    "purchase": gettext_lazy("Purchasing"),
    "invest": gettext_lazy("Investing"),
    "produce": gettext_lazy("Producing"),
    "sell": gettext_lazy("Selling"),
    "offer_sale": gettext_lazy("Selling"),
    "pass": gettext_lazy("Doing nothing"),
    "buy_web": gettext_lazy("Buying a WEB chip"),
    "cost": gettext_lazy("A cost-field choice"),
    "write_off": gettext_lazy("A write-off"),
    "draw_risk": gettext_lazy("Drawing a risk card"),
    "renew_lease": gettext_lazy("Renewing the computer lease"),
    "pay_marketing": gettext_lazy("Paying the marketing costs"),
}


# ====================================================================== params in words
def _words(name: str, value: Any) -> Any:
    """One param as the sentence shows it."""
    if name == "waiting":
        return waiting_text(value)
    if name == "action":
        return str(ACTIONS[str(value)])
    if name == "who":
        return party_text(value)
    if name in MONEY:
        if isinstance(value, list):
            return ", ".join(money(v) for v in value)
        return money(value)
    if name in ("teams", "yours") and isinstance(value, list):
        return and_list([str(v) for v in value]) or _("none")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value)
    return value


def render(code: str, params: Mapping[str, Any]) -> str | None:
    """The refusal ``code`` with its ``params`` in the active language (English too), or
    None when the catalogue has no sentence for it or the params do not fit."""
    sentence = CATALOGUE.get(code)
    if sentence is None:
        return None
    try:
        values = {name: _words(name, value) for name, value in params.items()}
        if code == "not_open_now":
            values["what"] = values["action"]
        return str(sentence % values)
    except (KeyError, TypeError, ValueError, IndexError):
        return None


# ====================================================================== junk in a number field
#: A move's number field that holds no whole number ("1e3" as a bid, issue 21): the field's own
#: sentence, in every language (English too: the engine's "Action 'auction_bid': price must be
#: a whole number." is written for a log, not for the person who typed it).
FIELD_NUMBERS: dict[str, Any] = {
    "price": gettext_lazy("The price is a whole number of Marks, like 350."),
    "units": gettext_lazy("The number of units is a whole number, like 3."),
    "amount": gettext_lazy("The amount is a whole number of Marks, like 5000."),
    "credit": gettext_lazy("The credit is a whole number of Marks, like 5000."),
    "workers": gettext_lazy("The number of workers is a whole number, like 2."),
    "salary": gettext_lazy("The salary is a whole number of Marks, like 500."),
    "die": gettext_lazy("The die shows a whole number from 1 to 6."),
    "machine": gettext_lazy("A machine is named by its number, like 3."),
    "card": gettext_lazy("A risk card is named by its number, like 7."),
    "trough": gettext_lazy("A marketing organization is named by its number, like 1."),
    "loan_due_years": gettext_lazy("The years until the loan is due are a whole number, "
                                   "like 1."),
}


# ====================================================================== the entry point
def _parts(refusal: Any) -> tuple[str, Mapping[str, Any], str]:
    """(code, params, English message) of a refusal: a RuleViolation, an exception wrapping
    one (a ServiceError raised ``from`` it), an exception with a ``code`` of its own, or a
    message."""
    if isinstance(refusal, str):
        return "", {}, refusal
    message = str(getattr(refusal, "message", refusal))
    cause = refusal if isinstance(refusal, RuleViolation) else refusal.__cause__
    if isinstance(cause, RuleViolation) and cause.code and cause.message == message:
        return cause.code, cause.params, message
    return str(getattr(refusal, "code", "") or ""), getattr(refusal, "params", None) or {}, \
        message


def translate_refusal(refusal: RuleViolation | BaseException | str,
                      language: str | None = None) -> str:
    """A refusal in ``language`` (default: the active language).

    ``refusal`` is the exception (a ``RuleViolation``, or a ``ServiceError`` raised from one)
    or, for the services' own refusals, its (already translated) message. In English the
    engine's message is shown as it is; otherwise the catalogue's sentence for its code, or,
    for an unknown code, the message as it is."""
    if language is not None:
        with translation.override(language):
            return translate_refusal(refusal)
    code, params, message = _parts(refusal)
    if code == "action_field_number" and params.get("field") in FIELD_NUMBERS:
        return str(FIELD_NUMBERS[params["field"]])
    if in_english():
        return message
    if code:
        told = render(code, params)
        if told is not None:
            return told
    return message


def setup_problem(code: str, params: Mapping[str, Any], message: str,
                  language: str | None = None) -> str:
    """One problem of a game's set-up (a ``ConfigError``'s ``FieldError``) for the form that
    set it: the catalogue's sentence in the active language, English too (the engine's
    "Game set-up: ..." is written for a log, not for a form field); its message when the code
    is unknown."""
    if language is not None:
        with translation.override(language):
            return setup_problem(code, params, message)
    return render(code, params) or message
