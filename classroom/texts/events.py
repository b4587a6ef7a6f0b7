"""Engine events as sentences in the page's language: the one catalogue of what they say.

The engine emits an event as a code (its ``type``), its params and its audience, and no
sentence (issue 19; docs/decisions/events.md). ``describe_event(event)`` tells it from its
params with gettext (``_DESCRIBERS``: every code the engine emits, and the site's own), in
English as in German: the English msgids are the only English sentences of the events.
``tests/web/test_event_codes.py`` holds the catalogue to the engine's codes and params.

Events stored before (``GameAction.events`` of older games) carry the engine's English
``text`` and no audience: English shows that text as it was told, other languages the
catalogue. An event the catalogue cannot tell shows its stored text, or else its code and
params in plain words (``playboss.rules.plain_event``), never nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import (
    gettext_lazy,
    gettext_noop,
    ngettext,
    ngettext_lazy,
)

from playboss.rules import plain_event

from .bundles import bundle_text
from .describers import and_list, and_teams, by_field, fields_of, plural, simple, with_workers
from .formatting import Event, in_english, money
from .risk_cards import card_text, card_title
from .words import FIELD_COLOURS, reason_text


def _move(e: Event) -> str:
    return _("%(team)s rolls %(die)s and moves to field %(field)s (%(colour)s).") % {
        **fields_of(e), "colour": FIELD_COLOURS.get(str(e.get("color")), e.get("color"))}


def _invest(e: Event) -> str:
    values = {**fields_of(e), "price": money(e["price"])}
    if e.get("credit"):
        values["credit"] = money(e["credit"])
        sentence = _("%(team)s buys machine %(machine)s for %(price)s Marks, %(credit)s of them "
                     "on credit.") % values
    else:
        sentence = _("%(team)s buys machine %(machine)s for %(price)s Marks.") % values
    return sentence + " " + _("It produces from its roll %(roll)s on.") % {"roll": e["ready_at"]}


def _buy_computer(e: Event) -> str:
    values = {**fields_of(e), "price": money(e["price"])}
    if e.get("credit"):
        values["credit"] = money(e["credit"])
        return _("%(team)s buys a computer for %(price)s Marks, %(credit)s of them on "
                 "credit.") % values
    return _("%(team)s buys a computer for %(price)s Marks.") % values


def _sell(e: Event) -> str:
    how = e["how"]
    if how == "advertising":
        sentence = ngettext_lazy(
            "%(team)s sells %(units)s unit for %(revenue)s Marks with its advertising "
            "campaign.",
            "%(team)s sells %(units)s units for %(revenue)s Marks with its advertising "
            "campaign.", "units")
    elif how == "uncovered":
        sentence = ngettext_lazy(
            "%(team)s sells %(units)s unit for %(revenue)s Marks, not covered by the "
            "competition.",
            "%(team)s sells %(units)s units for %(revenue)s Marks, not covered by the "
            "competition.", "units")
    else:
        sentence = ngettext_lazy("%(team)s sells %(units)s unit for %(revenue)s Marks.",
                                 "%(team)s sells %(units)s units for %(revenue)s Marks.",
                                 "units")
    return plural(sentence, "revenue")(e)


def _detail_of_payment(e: Event) -> str:
    """The bracketed detail of a "paid" or "bankrupt" event, from the fields the engine gives
    the payment ("" when it has none)."""
    reason = e.get("reason")
    if reason == "risk" and "card" in e:
        return card_title(e["card"])
    if reason == "interest" and "debt" in e:
        return _("%(percent)s%% of %(debt)s Marks bank debt") % {
            "percent": e["percent"], "debt": money(e["debt"])}
    if reason == "idle costs" and "machines" in e:
        n = int(e["machines"])
        if e.get("idle"):
            return ngettext("%(n)s machine at %(each)s", "%(n)s machines at %(each)s", n) % {
                "n": n, "each": money(e["each"])}
        return ngettext("%(n)s machine", "%(n)s machines", n) % {"n": n}
    if reason == "tax" and "year" in e:
        return _("year %(year)s") % {"year": e["year"]}
    return ""


def _paid(e: Event) -> str:
    values = {"team": e["team"], "amount": money(e["amount"]), "reason": reason_text(e["reason"])}
    detail = _detail_of_payment(e)
    if detail:
        return _("%(team)s pays %(amount)s Marks: %(reason)s (%(detail)s).") % {
            **values, "detail": detail}
    return _("%(team)s pays %(amount)s Marks: %(reason)s.") % values


def _bankrupt(e: Event) -> str:
    values = {"team": e["team"], "amount": money(e["amount"]),
              "reason": reason_text(e["reason"])}
    return _("%(team)s cannot pay %(amount)s Marks (%(reason)s) and is bankrupt. Its assets "
             "are sold.") % values


def _write_off(e: Event) -> str | None:
    sentence = {
        "none": gettext_lazy("%(team)s has no machine to write off."),
        "web": gettext_lazy("%(team)s pays 1 WEB chip and keeps its machines."),
        "downgrade": gettext_lazy("Write-off: machine %(machine)s of %(team)s runs single "
                                  "again."),
        "return": gettext_lazy("Write-off: %(team)s returns machine %(machine)s to the bank."),
    }.get(str(e.get("option")))
    return None if sentence is None else str(sentence) % {"machine": "", **fields_of(e)}


def _sell_back(e: Event) -> str | None:
    item = e.get("item")
    if item == "raw":
        return plural(ngettext_lazy(
            "%(team)s sells %(units)s unit of raw material back to the bank for %(value)s "
            "Marks.",
            "%(team)s sells %(units)s units of raw material back to the bank for %(value)s "
            "Marks.", "units"), "value")(e)
    if item == "finished":
        return plural(ngettext_lazy(
            "%(team)s sells %(units)s unit of finished product back to the bank for "
            "%(value)s Marks.",
            "%(team)s sells %(units)s units of finished product back to the bank for "
            "%(value)s Marks.", "units"), "value")(e)
    if item == "machine":
        return simple(gettext_noop("%(team)s sells machine %(machine)s back to the bank for "
                                   "%(value)s Marks."), "value")(e)
    if item == "computer":
        return simple(gettext_noop("%(team)s sells its computer back to the bank for "
                                   "%(value)s Marks."), "value")(e)
    return None


def _risk_card(e: Event) -> str:
    return _("%(team)s draws the risk card “%(title)s”: %(text)s") % {
        "team": e["team"], "title": card_title(e["card"]), "text": card_text(e["card"])}


def _time_up(e: Event) -> str | None:
    why = e["why"]
    if why == "bank":
        return _("The bank calls time: the current round is played to its end.")
    if why == "years":
        return ngettext("%(team)s has played %(years)s year: time is up. The current round "
                        "is played to its end.",
                        "%(team)s has played %(years)s years: time is up. The current round "
                        "is played to its end.", int(e["years"])) % {
            "team": e["team"], "years": e["years"]}
    if why == "sales":
        return _("%(team)s reaches %(sales)s Marks sales: the game ends when the current "
                 "round is played out.") % {"team": e["team"], "sales": money(e["sales"])}
    return None


def _game_over(e: Event) -> str:
    results = "; ".join(f"{r['team']}: {money(r['result'])}" for r in e.get("results", []))
    return _("The game is over. %(results)s") % {"results": results}


def _close_bidding(e: Event) -> str:
    if e.get("silent"):
        return and_teams("silent", gettext_noop(
            "The bank closes round %(round)s of the bidding: %(silent)s did not answer."))(e)
    return _("The bank closes round %(round)s of the bidding.") % {"round": e["round"]}


def _bidding_end(e: Event) -> str:
    sales = e.get("sales") or []
    if not sales and e.get("ended") == "all_uncovered":
        return _("The bidding ends: nobody underbid; the first supplier sold all its units "
                 "uncovered.")
    if not sales:
        return _("The bidding ends: no units sold.")
    said = "; ".join(
        ngettext("%(team)s %(units)s unit at %(price)s Marks",
                 "%(team)s %(units)s units at %(price)s Marks", int(s["units"]))
        % {"team": s["team"], "units": s["units"], "price": money(s["price"])} for s in sales)
    return _("The bidding ends: %(sales)s sold.") % {"sales": said}


def _hire_offered(e: Event) -> str:
    if e.get("by") == "workers":
        return with_workers(gettext_noop(
            "The worker representative offers %(team)s %(workers)s at %(salary)s Marks a red "
            "field each (offer %(offer)s)."), "salary")(e)
    return with_workers(gettext_noop(
        "%(team)s offers the worker representative %(workers)s at %(salary)s Marks a red "
        "field each (offer %(offer)s)."), "salary")(e)


def _hire_rejected(e: Event) -> str | None:
    if e["how"] == "withdrawn":
        return with_workers(gettext_noop("%(who)s withdraws hiring offer %(offer)s."))(e)
    if e["how"] == "rejected":
        return with_workers(gettext_noop("%(who)s turns down hiring offer %(offer)s."))(e)
    return None


def _shortfall(due: int, paid: int) -> str:
    """" It has only ... and pays that (... unpaid)." when the representative is short."""
    if paid >= due:
        return ""
    return " " + _("It has only %(paid)s Marks and pays that (%(unpaid)s Marks unpaid).") % {
        "paid": money(paid), "unpaid": money(due - paid)}


def _idle_field(e: Event) -> str:
    sentence = (gettext_noop("%(team)s is struck: no salaries, no production; idle costs "
                             "%(idle_costs)s Marks. The worker representative pays "
                             "%(strike_wages)s Marks strike wages.")
                if e.get("idle") == "strike" else
                gettext_noop("%(team)s has locked its workers out: no salaries, no "
                             "production; idle costs %(idle_costs)s Marks. The worker "
                             "representative pays %(strike_wages)s Marks strike wages."))
    return simple(sentence, "idle_costs", "strike_wages")(e) + _shortfall(
        int(e["wages_due"]), int(e["strike_wages"]))


def _unemployment_support(e: Event) -> str:
    return with_workers(gettext_noop(
        "The worker representative pays %(due)s Marks unemployment support for %(workers)s at "
        "%(salary)s Marks."), "due", "salary")(e) + _shortfall(int(e["due"]), int(e["amount"]))


def _withdraw_bid(e: Event) -> str | None:
    values = {**fields_of(e)}
    if e["seller"]:
        sentence = {
            "withdraws": gettext_noop("%(team)s, the first supplier, withdraws from the "
                                      "bidding at %(price)s Marks."),
            "silent": gettext_noop("%(team)s, the first supplier, did not answer and "
                                   "withdraws from the bidding at %(price)s Marks."),
            "no_stock": gettext_noop("%(team)s, the first supplier, has no finished product "
                                     "left and withdraws from the bidding at %(price)s "
                                     "Marks."),
            "not_matched": gettext_noop("%(team)s, the first supplier, has not matched the "
                                        "competition's price and sells nothing."),
        }.get(e["why"])
        values["price"] = money(e["price"])
    else:
        sentence = {
            "withdraws": gettext_noop("%(team)s withdraws from the bidding."),
            "silent": gettext_noop("%(team)s did not answer and withdraws from the bidding."),
            "no_stock": gettext_noop("%(team)s has no finished product left and withdraws "
                                     "from the bidding."),
        }.get(e["why"])
    return None if sentence is None else _(sentence) % values


def _bidding_round(e: Event) -> str:
    if e["stage"] == "seller":
        return ngettext(
            "Round %(round)s: the competition offers %(offered)s unit down to %(price)s Marks. "
            "%(seller)s matches that price or withdraws.",
            "Round %(round)s: the competition offers %(offered)s units down to %(price)s "
            "Marks. %(seller)s matches that price or withdraws.", int(e["offered"])) % {
            **fields_of(e), "price": money(e["price"])}
    return ngettext(
        "Round %(round)s: %(offered)s unit on offer for %(sought)s sought; offers at "
        "%(prices)s Marks.",
        "Round %(round)s: %(offered)s units on offer for %(sought)s sought; offers at "
        "%(prices)s Marks.", int(e["offered"])) % {
        **fields_of(e), "prices": ", ".join(money(p) for p in e["prices"])}


def _bidding_tie(e: Event) -> str:
    return _("Offers at %(price)s Marks do not all fit: chance orders them %(order)s.") % {
        "price": money(e["price"]), "order": ", ".join(str(t) for t in e["order"])}


def _estate_auction(e: Event) -> str:
    lot = [ngettext("%(n)s unit of raw material", "%(n)s units of raw material", n) % {"n": n}
           for n in [int(e["raw"])] if n]
    lot += [ngettext("%(n)s unit of finished product", "%(n)s units of finished product",
                     n) % {"n": n} for n in [int(e["finished"])] if n]
    lot += [ngettext("%(n)s machine", "%(n)s machines", n) % {"n": n}
            for n in [int(e["machines"])] if n]
    lot += [_("its computer")] if int(e["computers"]) else []
    return _("The bank auctions %(team)s's assets (%(lot)s): it takes them for %(value)s Marks "
             "unless a team bids more.") % {"team": e["team"], "lot": and_list(lot),
                                            "value": money(e["value"])}


def _estate_sold(e: Event) -> str:
    if e["team"] == "bank":
        return _("No team bid more: the bank takes %(partner)s's assets for %(price)s "
                 "Marks.") % {"partner": e["partner"], "price": money(e["price"])}
    return _("%(partner)s's assets go to %(team)s for %(price)s Marks.") % {
        "partner": e["partner"], "team": e["team"], "price": money(e["price"])}


def _takeover_rejected(e: Event) -> str:
    return _("The offer for %(target)s's business is off (offer %(offer)s).") % {
        "target": e["target"], "offer": e["offer"]}


def _deal_offered(e: Event) -> str:
    return _("%(team)s offers %(partner)s a deal (offer %(deal)s): gives %(give)s, asks "
             "%(take)s.") % {**fields_of(e), "give": bundle_text(e["give"]),
                              "take": bundle_text(e["take"])}


def _hired(e: Event) -> str:
    return with_workers(gettext_noop("%(team)s hires %(workers)s at %(salary)s Marks a red "
                                     "field each."), "salary")(e) + " " + ngettext(
        "It employs %(n)s worker.", "It employs %(n)s workers.", int(e["employs"])) % {
        "n": e["employs"]}


_DESCRIBERS: dict[str, Callable[[Event], str | None]] = {
    # ---- the base game
    "order_roll": simple(gettext_noop("%(team)s rolls %(die)s for first place.")),
    "order_tie": and_teams("teams", gettext_noop("%(teams)s rolled the same; they roll "
                                                 "again.")),
    "first_player": simple(gettext_noop("%(team)s rolled highest and begins.")),
    "move": _move,
    "purchase": plural(ngettext_lazy(
        "%(team)s buys %(units)s unit of raw material for %(cost)s Marks.",
        "%(team)s buys %(units)s units of raw material for %(cost)s Marks.", "units"), "cost"),
    "invest": _invest,
    "produce": plural(ngettext_lazy(
        "%(team)s produces %(units)s unit for %(cost)s Marks.",
        "%(team)s produces %(units)s units for %(cost)s Marks.", "units"), "cost"),
    "sell": _sell,
    "pass": by_field("on", {
        "red": gettext_lazy("%(team)s decides to do nothing."),
        "green": gettext_lazy("%(team)s buys no WEB chip."),
        "production": gettext_lazy("%(team)s produces nothing on this red field."),
        "marketing_sale": gettext_lazy("%(team)s sells nothing (more) through its marketing "
                                       "organization this roll."),
    }),
    "buy_web": simple(gettext_noop("%(team)s buys a WEB chip for %(price)s Marks."), "price"),
    "paid": _paid,
    "capital": simple(gettext_noop("%(team)s completes its first year and receives "
                                   "%(amount)s Marks more starting capital."), "amount"),
    "year_end": simple(gettext_noop("%(team)s completes year %(year)s.")),
    "time_up": _time_up,
    "cost_sell_half": plural(ngettext_lazy(
        "%(team)s sells %(units)s unit at half price for %(revenue)s Marks.",
        "%(team)s sells %(units)s units at half price for %(revenue)s Marks.", "units"),
        "revenue"),
    "cost_idle": simple(gettext_noop("%(team)s produces nothing: idle costs %(cost)s Marks."),
                        "cost"),
    "cost_web": simple(gettext_noop("%(team)s pays 1 WEB chip on the cost field.")),
    "write_off": _write_off,
    "risk_card": _risk_card,
    "insured": simple(gettext_noop("%(team)s holds enough WEB chips and is insured: no "
                                   "damage.")),
    "lease_renewed": simple(gettext_noop("%(team)s pays 2 WEB chips: the computer lease runs "
                                         "another year.")),
    "lease_ended": by_field("how", {
        "bankrupt": gettext_lazy("%(team)s is bankrupt: the leased computer goes back to the "
                                 "bank."),
        "no_chips": gettext_lazy("%(team)s has no 2 WEB chips to renew the lease: the leased "
                                 "computer goes back to the bank."),
        "returned": gettext_lazy("%(team)s gives the leased computer back to the bank."),
    }),
    "credit": simple(gettext_noop("%(team)s borrows %(amount)s Marks from the bank."),
                     "amount"),
    "repay": simple(gettext_noop("%(team)s repays %(amount)s Marks to the bank."), "amount"),
    "sell_back": _sell_back,
    "efficiency": simple(gettext_noop("%(team)s turns machine %(machine)s to double "
                                      "capacity.")),
    "advertising": simple(gettext_noop("%(team)s runs an advertising campaign for its next "
                                       "red field.")),
    "lease": simple(gettext_noop("%(team)s leases a computer with 2 WEB chips placed on field "
                                 "%(field)s.")),
    "buy_computer": _buy_computer,
    "deal_offered": _deal_offered,
    "deal_done": simple(gettext_noop("%(team)s accepts deal %(deal)s with %(partner)s.")),
    "deal_rejected": simple(gettext_noop("%(team)s turns down deal %(deal)s.")),
    "deal_withdrawn": simple(gettext_noop("%(team)s withdraws deal %(deal)s.")),
    "repay_private": simple(gettext_noop("%(team)s repays %(amount)s Marks to %(partner)s."),
                            "amount"),
    "correction": simple(gettext_noop("The bank corrects %(team)s's cash by %(amount)s "
                                      "Marks: %(reason)s"), "amount"),
    "bankrupt": _bankrupt,
    "game_over": _game_over,
    # ---- step 1: free market for sales
    "offer_sale": plural(ngettext_lazy(
        "%(team)s offers %(units)s unit at %(price)s Marks each (market price "
        "%(market_price)s). Teams with finished product may underbid.",
        "%(team)s offers %(units)s units at %(price)s Marks each (market price "
        "%(market_price)s). Teams with finished product may underbid.", "units"),
        "price", "market_price"),
    "bid": plural(ngettext_lazy("%(team)s offers %(units)s unit at %(price)s Marks each.",
                                "%(team)s offers %(units)s units at %(price)s Marks each.",
                                "units"), "price"),
    "match_bid": simple(gettext_noop("%(team)s goes along with %(price)s Marks."), "price"),
    "withdraw_bid": _withdraw_bid,
    "close_bidding": _close_bidding,
    "bidding_round": _bidding_round,
    "bidding_tie": _bidding_tie,
    "uncovered": plural(ngettext_lazy(
        "The competition offers %(covered)s of the %(announced)s units: %(team)s sells "
        "%(units)s unit without competition at the market price.",
        "The competition offers %(covered)s of the %(announced)s units: %(team)s sells "
        "%(units)s units without competition at the market price.", "units")),
    "bidding_end": _bidding_end,
    # ---- step 2: competition during purchasing
    "auction_open": plural(ngettext_lazy(
        "The bank auctions the %(units)s unit left in the %(opening)s zone: bids above "
        "%(opening)s Marks per unit.",
        "The bank auctions the %(units)s units left in the %(opening)s zone as one lot: bids "
        "above %(opening)s Marks per unit.", "units"), "opening"),
    "auction_bid": lambda e: _("%(team)s bids %(price)s Marks per unit (%(lot)s Marks for the "
                               "lot).") % {
        "team": e["team"], "price": money(e["price"]),
        "lot": money(int(e["price"]) * int(e["units"]))},
    "auction_pass": simple(gettext_noop("%(team)s offers no more than %(price)s Marks per "
                                        "unit."), "price"),
    "auction_closed": by_field("how", {
        "no_bids": gettext_lazy("The auction closes: no team bids."),
        "all_passed": gettext_lazy("The auction closes: every team has passed since the last "
                                   "bid."),
        "bank": gettext_lazy("The auction closes: the bank closes it."),
    }),
    "auction_won": plural(ngettext_lazy(
        "%(team)s buys the lot of %(units)s unit at %(price)s Marks each for %(cost)s Marks.",
        "%(team)s buys the lot of %(units)s units at %(price)s Marks each for %(cost)s Marks.",
        "units"), "price", "cost"),
    "auction_unsold": plural(ngettext_lazy(
        "No bid above %(opening)s Marks: the %(units)s unit stays on the board.",
        "No bid above %(opening)s Marks: the %(units)s units stay on the board.", "units"),
        "opening"),
    "auction_default": simple(gettext_noop("%(team)s can no longer pay %(cost)s Marks for its "
                                           "bid of %(price)s Marks per unit; the next highest "
                                           "bid counts."), "price", "cost"),
    # ---- step 3: marketing organizations
    "marketing_founded": simple(gettext_noop(
        "%(team)s founds marketing organization %(trough)s for %(cost)s Marks; the bank puts "
        "%(chips)s WEB chips in the trough."), "cost"),
    "marketing_paid": simple(gettext_noop("%(team)s pays %(cost)s Marks marketing costs for "
                                          "organization %(trough)s."), "cost"),
    "marketing_closed": by_field("how", {
        "closed": gettext_lazy("%(team)s closes marketing organization %(trough)s; its "
                               "%(chips)s WEB chips go to %(team)s."),
        "unpaid": gettext_lazy("Marketing organization %(trough)s of %(team)s closes: the "
                               "marketing costs are not paid. Its %(chips)s WEB chips go to "
                               "%(team)s."),
        "bankrupt": gettext_lazy("Marketing organization %(trough)s of %(team)s closes: "
                                 "%(team)s is bankrupt. Its %(chips)s WEB chips go to "
                                 "%(team)s."),
    }),
    "marketing_idle": by_field("why", {
        "no_stock": gettext_lazy("The marketing organization of %(team)s has no finished unit "
                                 "in stock from before this roll: it sells nothing this "
                                 "roll."),
        "market_full": gettext_lazy("The marketing organization of %(team)s finds no open "
                                    "dimple in the market: it sells nothing this roll."),
    }),
    "marketing_sale": plural(ngettext_lazy(
        "%(team)s sells %(units)s unit through its marketing organization for %(revenue)s "
        "Marks.",
        "%(team)s sells %(units)s units through its marketing organization for %(revenue)s "
        "Marks.", "units"), "revenue"),
    # ---- steps 4 and 5: takeovers, goals, taxes
    "takeover_offered": simple(gettext_noop("%(team)s offers %(price)s Marks for %(partner)s's "
                                            "business (offer %(offer)s)."), "price"),
    "takeover_rejected": _takeover_rejected,
    "takeover": simple(gettext_noop("%(team)s buys %(partner)s's business for %(price)s Marks "
                                    "and takes over its books."), "price"),
    "personal_goal": simple(gettext_noop("%(team)s writes down its personal goal.")),
    "market_leader": simple(gettext_noop("%(team)s reaches %(sales)s Marks sales first and is "
                                         "the market leader: it wins."), "sales"),
    "tax": simple(gettext_noop("%(team)s declares %(profit)s Marks profit for year %(year)s; "
                               "taxable %(taxable)s, tax %(tax)s Marks."),
                  "profit", "taxable", "tax"),
    # ---- step 6: the labour market
    "hire_offered": _hire_offered,
    "hired": _hired,
    "hire_rejected": _hire_rejected,
    "notice": with_workers(gettext_noop(
        "%(who)s gives notice to %(workers)s of %(team)s: they produce and are paid a last "
        "time on its next red field, then leave.")),
    # made once: a lazy plural costs milliseconds to make (it was made per event before)
    "workers_leave": by_field("why", {
        "bankrupt": ngettext_lazy(
            "%(workers)s worker of %(team)s loses their job and goes back to the worker "
            "representative, unemployed.",
            "%(workers)s workers of %(team)s lose their jobs and go back to the worker "
            "representative, unemployed.", "workers"),
        "notice": ngettext_lazy(
            "%(workers)s worker leaves %(team)s and goes back to the worker representative, "
            "unemployed.",
            "%(workers)s workers leave %(team)s and go back to the worker representative, "
            "unemployed.", "workers"),
    }),
    "workers_retired": with_workers(gettext_noop(
        "%(team)s completes the first year: the worker representative returns %(workers)s "
        "never hired; from now on salaries are negotiated freely and unemployment support "
        "is paid.")),
    "unemployment_support": _unemployment_support,
    "salaries": by_field("how", {
        "bankruptcy": gettext_lazy(
            "From the bankruptcy sale the worker representative receives %(amount)s Marks of "
            "%(team)s's salaries."),
        "cost_field": gettext_lazy(
            "%(team)s pays %(amount)s Marks salaries to the worker representative for "
            "producing on the cost field."),
        "red_field": gettext_lazy(
            "%(team)s pays %(amount)s Marks salaries to the worker representative."),
    }, "amount"),
    "strike_called": and_teams("teams", gettext_noop(
        "The worker representative calls a strike at %(teams)s: it becomes active on each "
        "one's next red field unless settled before.")),
    "strike_active": simple(gettext_noop("The strike at %(team)s is active from this red "
                                         "field.")),
    "strike_ended": by_field("how", {
        "ended": gettext_lazy("The worker representative ends the strike at %(team)s."),
        "no_workers": gettext_lazy("No workers are left: the strike at %(team)s ends."),
        "bankrupt": gettext_lazy("%(team)s is bankrupt: the strike there ends."),
    }),
    "lockout": simple(gettext_noop("%(team)s locks its workers out: no salaries and no "
                                   "production, %(each)s Marks idle costs a machine on each "
                                   "red field."), "each"),
    "lockout_ended": lambda e: and_teams("teams", {
        "no_strike": gettext_noop("No business is struck any more: the lockout of %(teams)s "
                                  "ends."),
        "ended": gettext_noop("%(teams)s ends its lockout."),
    }[e["how"]])(e),
    "idle_field": _idle_field,
    # ---- bankruptcy: the auction of the assets
    "estate_auction": _estate_auction,
    "estate_bid": simple(gettext_noop("%(team)s bids %(price)s Marks for the assets."),
                         "price"),
    "estate_pass": simple(gettext_noop("%(team)s passes.")),
    "estate_sold": _estate_sold,
    # ---- the site's own announcements (classroom.services: undo, pause)
    "undo": simple(gettext_noop("The bank takes back the moves after move %(to_seq)s.")),
    "pause": simple(gettext_noop("The bank pauses the game.")),
    "resume": simple(gettext_noop("The game goes on.")),
}


#: Events whose engine text spoke of a "lap" where the game's words say "year" (issue 13,
#: "Words"): the site tells them in its own words in English too. The engine says "year" now,
#: but a game's events are stored as they were told (``GameAction.events``): a game played
#: before keeps "lap" in its texts.
SITE_WORDS_IN_ENGLISH = frozenset({"workers_retired"})


#: The codes the engine emits (the catalogue's entries less the site's own events).
ENGINE_CODES = frozenset(_DESCRIBERS) - {"undo", "pause", "resume"}

#: What a private event's audience-less readers are told instead (``classroom.ticker``): that
#: it happened, not its terms. A private event not listed here is not told to them at all.
_DISCREET: dict[str, Any] = {
    "deal_offered": gettext_lazy("%(team)s offers %(partner)s a private deal."),
    "deal_done": gettext_lazy("%(team)s and %(partner)s close a private deal."),
    "takeover_offered": gettext_lazy("%(team)s makes %(partner)s an offer for its business."),
}


def _stored_before(event: Event) -> bool:
    """An event stored before events were codes: it has the engine's English ``text`` and
    no audience. The site's own announcements (``classroom.services``) look the same."""
    return "audience" not in event and bool(event.get("text"))


def _fallback(event: Event) -> str:
    text = event.get("text")
    return str(text) if text else plain_event(event)


def told(event: Event) -> str | None:
    """The catalogue's sentence for ``event`` in the active language, or None where it has
    no entry or the event's params do not fit it (the test of the catalogue asks this)."""
    describer = _DESCRIBERS.get(str(event.get("type", "")))
    if describer is None:
        return None
    try:
        return describer(event) or None
    except (KeyError, TypeError, ValueError, IndexError):
        return None


def describe_event(event: Event, language: str | None = None) -> str:
    """What happened, as one sentence in ``language`` (default: the active language): the
    catalogue's, but for an event stored before in English (its own text, as it was told;
    ``SITE_WORDS_IN_ENGLISH`` aside)."""
    if language is not None:
        with translation.override(language):
            return describe_event(event)
    if (_stored_before(event) and in_english()
            and event.get("type") not in SITE_WORDS_IN_ENGLISH):
        return str(event["text"])
    return told(event) or _fallback(event)


def discreet_line(event: Event, language: str) -> str | None:
    """What a private event tells those outside its audience, or None: nothing."""
    sentence = _DISCREET.get(str(event.get("type", "")))
    if sentence is None:
        return None
    names = {"team": event.get("team", "?"), "partner": event.get("partner", "?")}
    with translation.override(language):
        return str(sentence) % names


def describe_events(events: list[Event], language: str | None = None) -> list[str]:
    """The sentences of the events, in order (an entry that is no event is left out)."""
    return [describe_event(e, language) for e in events
            if isinstance(e, dict) and (e.get("type") or e.get("text"))]


# ====================================================================== a team's own news
def _to_me(me: str) -> dict[str, Callable[[Event], str | None]]:
    """The events told to ``me`` in its own words (its news): a deal answered, a strike at
    its factory, its risk card. None where the common sentence says it as well."""

    def deal_done(e: Event) -> str | None:
        if e.get("proposer") == me:
            return _("Your deal %(deal)s with %(team)s was accepted.") % {
                "deal": e["deal"], "team": e["team"]}
        if e["team"] == me:  # the accepting team reads its own words, not the common ones
            return _("You accepted %(team)s's deal %(deal)s.") % {
                "deal": e["deal"], "team": e.get("proposer") or e["partner"]}
        return None

    def deal_rejected(e: Event) -> str | None:
        if e.get("proposer") == me and e["team"] != me:
            return _("%(team)s turned down your deal %(deal)s.") % {
                "deal": e["deal"], "team": e["team"]}
        if e["team"] == me and e.get("proposer") not in (None, me):
            return _("You turned down %(team)s's deal %(deal)s.") % {
                "deal": e["deal"], "team": e["proposer"]}
        return None

    def deal_withdrawn(e: Event) -> str | None:
        if e["team"] != me:
            return _("%(team)s withdrew its deal %(deal)s with you.") % {
                "deal": e["deal"], "team": e["team"]}
        return None

    def deal_offered(e: Event) -> str | None:
        if e["partner"] == me:
            return _("%(team)s offers you a deal (offer %(deal)s): answer it under “Private "
                     "business”.") % {"deal": e["deal"], "team": e["team"]}
        return None

    def strike_called(e: Event) -> str:
        return _("Strike called at your factory: it becomes active on your next red field "
                 "unless settled before.")

    def strike_active(e: Event) -> str | None:
        if e["team"] == me:
            return _("Strike at your factory: from this red field on, no production and no "
                     "salaries; idle costs instead.")
        return None

    def risk_card(e: Event) -> str | None:
        if e["team"] == me:
            return _("Your risk card “%(title)s”: %(text)s") % {
                "title": card_title(e["card"]), "text": card_text(e["card"])}
        return None

    return {"deal_done": deal_done, "deal_rejected": deal_rejected,
            "deal_withdrawn": deal_withdrawn, "deal_offered": deal_offered,
            "strike_called": strike_called, "strike_active": strike_active,
            "risk_card": risk_card}


def news_text(event: Event, me: str, language: str | None = None) -> str:
    """An event of ``me``'s news (``classroom.news``) in ``language`` (default: the active one):
    in ``me``'s own words where the event is about it, else as everyone reads it."""
    if language is not None:
        with translation.override(language):
            return news_text(event, me)
    told = _to_me(me).get(str(event.get("type", "")))
    if told is not None:
        try:
            sentence = told(event)
        except (KeyError, TypeError, ValueError, IndexError):
            sentence = None
        if sentence:
            return sentence
    return describe_event(event)
