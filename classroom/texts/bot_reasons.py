"""The catalogue of the sensible bot's reasons (``playboss.rules.bots.reasons``): each code →
one line for a hint, with ``%(name)s`` for the reason's params, marked for gettext (English
and German). Every code the bot can give has an entry (``tests/test_bot_reasons.py``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy as _

from playboss.rules.bots import Reason

from .formatting import money

#: Params that are amounts of Marks: shown with the language's grouping.
MONEY = frozenset({"amount", "ceiling", "credit", "floor", "gain", "idle", "owed", "price",
                   "reserve", "salary", "value"})

CATALOGUE: dict[str, Any] = {
    "roll": _("Roll the die: there is nothing to decide before moving."),
    "first_machine": _("Buy a machine with %(credit)s credit: without a machine the factory "
                       "earns nothing, and it keeps its value to the end."),
    "more_machines": _("Buy machine number %(machines)s with %(credit)s credit: the cash "
                       "still covers the running costs."),
    "produce": _("Produce %(units)s units: %(machines)s machines should not stand still."),
    "sell_price_pays": _("Sell %(units)s units: the market pays at least %(floor)s each."),
    "sell_for_cash": _("Sell %(units)s units: the cash is below the %(reserve)s the running "
                       "costs need."),
    "sell_late": _("Sell %(units)s units: the game ends soon, and a unit kept is worth only "
                   "1,500."),
    "buy_raw": _("Buy %(units)s raw material: %(machines)s machines, enough for about "
                 "%(productions)s productions."),
    "pass_red": _("Pass: nothing pays on this field now; keep %(reserve)s for the running "
                  "costs."),
    "buy_web": _("Buy a WEB chip: it insures the machines against fire and the write-off "
                 "field (%(web)s held now)."),
    "pass_wait_white": _("Pass for now: the write-off field is %(fields)s fields ahead and "
                         "no WEB chip could save a machine bought today; buy it once past "
                         "that field or with a chip."),
    "pass_no_machine": _("Pass: %(cash)s in cash and the bank's credit do not pay for a "
                         "machine yet."),
    "pass_no_machine_late": _("Pass: the game ends too soon for a new machine to earn its "
                              "costs."),
    "pass_insure_first": _("Pass: in a game this long, buy the first machine once two WEB "
                           "chips insure it (%(web)s held now); a machine lost uninsured "
                           "would end the business."),
    "buy_web_before_machine": _("Buy a WEB chip: it will save the first machine on the "
                                "write-off field (%(web)s held now)."),
    "pass_green": _("Pass: %(web)s WEB chips are enough, or the cash is needed."),
    "idle_web": _("Pay the idle costs with a WEB chip instead of %(idle)s in cash."),
    "idle_cash": _("Pay the idle costs of %(idle)s in cash: the WEB chips insure the "
                   "machines."),
    "idle_cash_no_web": _("Pay the idle costs of %(idle)s in cash: there is no WEB chip to "
                          "pay them with."),
    "idle_on_credit": _("Pay the idle costs of %(idle)s: with no WEB chip to give and "
                        "%(cash)s in cash, credit or a sale back to the bank covers the "
                        "rest."),
    "idle_no_machine": _("Choose the idle costs: without a machine they cost nothing."),
    "write_off_web": _("Give a WEB chip: it saves a machine worth %(value)s."),
    "write_off_downgrade": _("Turn a double machine single: that costs less than returning a "
                             "machine."),
    "write_off_return": _("Return the machine that would produce last."),
    "renew_lease": _("Renew the computer lease: the game goes on long enough for it to pay."),
    "end_lease": _("End the computer lease: it would not pay any more."),
    "repay": _("Repay the bank's %(amount)s: credit costs 10%% interest and a fee every year."),
    "efficiency": _("Double a machine with WEB chips: twice the output for one decision."),
    "raise_credit": _("Take %(amount)s credit: a payment of %(owed)s is due and the cash does "
                      "not cover it."),
    "credit_to_produce": _("Take %(amount)s credit: the cash does not cover producing "
                           "%(units)s units and the running costs, and idle machines earn "
                           "nothing."),
    "raise_sell_back": _("Sell %(units)s back to the bank: a payment of %(owed)s is due and "
                         "the bank lends no more."),
    "bid": _("Offer the stock at %(price)s each: that still pays."),
    "withdraw_bid": _("Stay out of this round: no price of at least %(floor)s is open."),
    "match_bid": _("Match the bid: keep the sale going."),
    "auction": _("Bid %(price)s: raw material is wanted and still cheap."),
    "auction_pass_no_machine": _("Stay out of the auction: without a machine raw material "
                                 "only ties up cash."),
    "auction_pass_stock": _("Stay out of the auction: %(raw)s raw material in stock is "
                            "enough for %(productions)s productions."),
    "auction_pass_price": _("Stay out of the auction: %(price)s a unit is more than the "
                            "%(ceiling)s raw material is worth buying at."),
    "auction_pass_cash": _("Stay out of the auction: after bidding %(price)s a unit the cash "
                           "would fall below the %(reserve)s the running costs need."),
    "hire": _("Hire workers: %(workers)s at %(salary)s each per red field, one for "
              "every machine (machines: %(machines)s, employed now: %(staying)s)."),
    "hire_before_machine": _("Hire workers: %(workers)s at %(salary)s each per red field; "
                             "the first machine needs one, and workers nobody hired retire "
                             "after the first year."),
    "accept_hire": _("Accept the representative's offer: %(workers)s at %(salary)s each per "
                     "red field, one worker for every machine (machines: %(machines)s)."),
    "give_notice": _("Give notice (%(workers)s): a worker without a machine only costs "
                     "salary (machines: %(machines)s, employed now: %(staying)s)."),
    "step_move": _("Play this expansion-step decision as a simple team would."),
    "lookahead": _("Looked ahead over %(playouts)s sampled futures: this move came out "
                   "%(gain)s Marks better on average than the careful one."),
    "other": _("Play on: nothing better is open."),
}


def reason_text(reason: Reason | tuple[str, Mapping[str, Any]],
                language: str | None = None) -> str:
    """The reason in ``language`` (default: the active one); an unknown code or params that
    do not fit give the catch-all line, never an error on a page."""
    if language is not None:
        with translation.override(language):
            return reason_text(reason)
    code, params = reason
    sentence = CATALOGUE.get(code, CATALOGUE["other"])
    values = {k: money(v) if k in MONEY else v for k, v in params.items()}
    try:
        return str(sentence % values)
    except (KeyError, TypeError, ValueError):
        return str(CATALOGUE["other"])
