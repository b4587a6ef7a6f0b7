"""The engine's texts in the page's language.

The rules engine (``playboss/rules``) is pure Python and writes English: every event carries a
sentence in ``text`` beside structured fields, and every refusal (``RuleViolation``) is an
English sentence. The site translates what students see most, here, without touching the
engine:

* ``describe_event(event)``: a gettext-translated sentence built from the event's fields, for
  the common event types; any other type (or an event whose fields do not fit) shows the
  engine's English text.
* ``translate_refusal(message)``: a small table of patterns for the commonest refusals; any
  other message stays English.
* ``reason_text`` / ``kind_text``: the short words of the books (ledger reasons, kinds).

In English the engine's own sentences are shown unchanged: they are the reference, and they
carry details (a machine's first roll, a deal's contents) the fields do not.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from typing import Any

from django.utils import translation
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import (
    gettext_lazy,
    gettext_noop,
    ngettext,
    ngettext_lazy,
    pgettext_lazy,
)

from playboss.rules.constants import COMPUTER_PRICE, MACHINE_PRICE, WEB_PRICE
from playboss.rules.steps.free_market import ALL_UNCOVERED

Event = dict[str, Any]


def _english() -> bool:
    return (translation.get_language() or "en").split("-")[0] == "en"


def money(amount: Any) -> str:
    """Whole Marks with the language's grouping: 34,150 or 34.150."""
    return number_format(int(amount), force_grouping=True)


def _english_number(text: str) -> int:
    """"34,150" (as the engine writes amounts) → 34150."""
    return int(text.replace(",", ""))


def _and(names: list[str]) -> str:
    if len(names) < 2:
        return "".join(names)
    return _("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


# ====================================================================== short words
FIELD_COLOURS: dict[str, Any] = {
    "S": pgettext_lazy("field colour", "start"),
    "R": pgettext_lazy("field colour", "red"),
    "G": pgettext_lazy("field colour", "green"),
    "Y": pgettext_lazy("field colour", "yellow"),
    "B": pgettext_lazy("field colour", "blue"),
    "W": pgettext_lazy("field colour", "white"),
}

#: Reasons of payments and ledger entries (the engine's words) → what the books say.
REASONS: dict[str, Any] = {
    "set-up": pgettext_lazy("ledger", "set-up"),
    "starting capital": pgettext_lazy("ledger", "starting capital"),
    "second capital": pgettext_lazy("ledger", "second starting capital"),
    "purchase": pgettext_lazy("ledger", "purchase"),
    "production": pgettext_lazy("ledger", "production"),
    "sale": pgettext_lazy("ledger", "sale"),
    "investment": pgettext_lazy("ledger", "investment"),
    "WEB chip": pgettext_lazy("ledger", "WEB chip"),
    "bank credit": pgettext_lazy("ledger", "bank credit"),
    "repayment": pgettext_lazy("ledger", "repayment"),
    "interest": pgettext_lazy("ledger", "interest"),
    "loan fee": pgettext_lazy("ledger", "loan fee"),
    "repurchase": pgettext_lazy("ledger", "repurchase by the bank"),
    "risk": pgettext_lazy("ledger", "risk card"),
    "idle costs": pgettext_lazy("ledger", "idle costs"),
    "cost field": pgettext_lazy("ledger", "cost field"),
    "cost-field production": pgettext_lazy("ledger", "production on the cost field"),
    "sale at half price": pgettext_lazy("ledger", "sale at half price"),
    "write-off": pgettext_lazy("ledger", "write-off"),
    "written off": pgettext_lazy("ledger", "written off"),
    "advertising": pgettext_lazy("ledger", "advertising"),
    "efficiency": pgettext_lazy("ledger", "efficiency improvement"),
    "computer lease": pgettext_lazy("ledger", "computer lease"),
    "correction": pgettext_lazy("ledger", "correction"),
    "bankruptcy": pgettext_lazy("ledger", "bankruptcy"),
    "bankruptcy sale": pgettext_lazy("ledger", "bankruptcy sale"),
    "private deal": pgettext_lazy("ledger", "private deal"),
    "private loan": pgettext_lazy("ledger", "private loan"),
    "private repayment": pgettext_lazy("ledger", "private repayment"),
    "tax": pgettext_lazy("ledger", "tax"),
    "auction": pgettext_lazy("ledger", "auction"),
    "marketing": pgettext_lazy("ledger", "marketing organization"),
    "marketing sale": pgettext_lazy("ledger", "sale through the marketing organization"),
    "takeover": pgettext_lazy("ledger", "takeover"),
    "takeover price": pgettext_lazy("ledger", "takeover price"),
    "salaries": pgettext_lazy("ledger", "salaries"),
    "salaries (cost field)": pgettext_lazy("ledger", "salaries (cost field)"),
    "salaries (bankruptcy)": pgettext_lazy("ledger", "salaries (bankruptcy)"),
    "hiring": pgettext_lazy("ledger", "hiring"),
    "termination": pgettext_lazy("ledger", "termination"),
    "strike wages": pgettext_lazy("ledger", "strike wages"),
    "unemployment support": pgettext_lazy("ledger", "unemployment support"),
    "unemployment fund": pgettext_lazy("ledger", "unemployment fund"),
    "retired after the first lap": pgettext_lazy("ledger", "retired after the first lap"),
}

#: What a ledger entry moves.
KINDS: dict[str, Any] = {
    "cash": pgettext_lazy("ledger kind", "cash"),
    "raw": pgettext_lazy("ledger kind", "raw material"),
    "finished": pgettext_lazy("ledger kind", "finished product"),
    "machine": pgettext_lazy("ledger kind", "machine"),
    "computer": pgettext_lazy("ledger kind", "computer"),
    "web": pgettext_lazy("ledger kind", "WEB chips"),
    "workers": pgettext_lazy("ledger kind", "workers"),
    "worker": pgettext_lazy("ledger kind", "workers"),
    "bank_debt": pgettext_lazy("ledger kind", "bank debt"),
    "private_debt": pgettext_lazy("ledger kind", "private debt"),
    "capital": pgettext_lazy("ledger kind", "capital"),
}

#: The parties of the books that are not teams.
PARTIES: dict[str, Any] = {
    "bank": pgettext_lazy("ledger party", "bank"),
    "market": pgettext_lazy("ledger party", "market"),
    "box": pgettext_lazy("ledger party", "box"),
    "production": pgettext_lazy("ledger party", "production"),
    "board": pgettext_lazy("ledger party", "board"),
    "workers": pgettext_lazy("ledger party", "worker representative"),
    "retired": pgettext_lazy("ledger party", "retired"),
    "marketing": pgettext_lazy("ledger party", "marketing organization"),
    "supply": pgettext_lazy("ledger party", "the box (worker pieces)"),
}


def reason_text(reason: Any) -> str:
    """A payment's or ledger entry's reason in the active language ("interest" → "Zinsen")."""
    if reason is None:
        return ""
    return str(REASONS.get(str(reason), reason))


def kind_text(kind: Any) -> str:
    return str(KINDS.get(str(kind), kind))


def party_text(party: Any) -> str:
    """The other side of a ledger entry: a team's name as it is, the bank, the market ..."""
    return str(PARTIES.get(str(party), party))


# ====================================================================== risk cards
@cache
def _deck() -> dict[int, dict[str, Any]]:
    """The risk deck as data, with the German texts the engine ignores."""
    raw = json.loads(resources.files("playboss.rules").joinpath("risk_deck.json")
                     .read_text("utf-8"))
    return {int(c["id"]): c for c in raw["cards"]}


def card_title(card_id: int) -> str:
    card = _deck()[int(card_id)]
    return str(card.get("title_de") or card["title"]) if _german() else str(card["title"])


def card_text(card_id: int) -> str:
    card = _deck()[int(card_id)]
    return str(card.get("text_de") or card["text"]) if _german() else str(card["text"])


def _german() -> bool:
    return (translation.get_language() or "").split("-")[0] == "de"


def _card_by_english_title(title: str) -> int | None:
    for cid, card in _deck().items():
        if card["title"] == title:
            return cid
    return None


# ====================================================================== events
def _fields(e: Event) -> dict[str, Any]:
    return {k: v for k, v in e.items() if k not in ("text", "type")}


def _simple(sentence: str, *money_fields: str) -> Callable[[Event], str]:
    """An event told by its fields alone; ``money_fields`` hold amounts of Marks. The
    sentence is marked with gettext_noop (for makemessages) and translated when told."""

    def describe(e: Event) -> str:
        values = _fields(e)
        for key in money_fields:
            values[key] = money(e[key])
        return _(sentence) % values

    return describe


def _units(sentence: Any, *money_fields: str) -> Callable[[Event], str]:
    """Like ``_simple`` for an ``ngettext_lazy(..., "units")``: its plural follows the
    event's units."""

    def describe(e: Event) -> str:
        values = _fields(e)
        values["units"] = int(e["units"])
        for key in money_fields:
            values[key] = money(e[key])
        return str(sentence % values)

    return describe


def _by_text(table: list[tuple[str, Any]]) -> Callable[[Event], str | None]:
    """Events of one type whose variants differ only in the engine's text: the first
    ``(needle, sentence)`` whose needle is in the text."""

    def describe(e: Event) -> str | None:
        text = str(e.get("text", ""))
        for needle, sentence in table:
            if needle in text:
                return str(sentence % _fields(e))
        return None

    return describe


def _workers(n: Any) -> str:
    return ngettext("%(n)s worker", "%(n)s workers", int(n)) % {"n": int(n)}


def _move(e: Event) -> str:
    return _("%(team)s rolls %(die)s and moves to field %(field)s (%(colour)s).") % {
        **_fields(e), "colour": FIELD_COLOURS.get(str(e.get("color")), e.get("color"))}


def _invest(e: Event) -> str:
    values = {**_fields(e), "price": money(MACHINE_PRICE)}
    if e.get("credit"):
        values["credit"] = money(e["credit"])
        sentence = _("%(team)s buys machine %(machine)s for %(price)s Marks, %(credit)s of them "
                     "on credit.") % values
    else:
        sentence = _("%(team)s buys machine %(machine)s for %(price)s Marks.") % values
    if match := re.search(r"It produces from its roll (\d+) on\.", str(e.get("text", ""))):
        sentence += " " + _("It produces from its roll %(roll)s on.") % {"roll": match[1]}
    return sentence


def _buy_computer(e: Event) -> str:
    values = {**_fields(e), "price": money(COMPUTER_PRICE)}
    if e.get("credit"):
        values["credit"] = money(e["credit"])
        return _("%(team)s buys a computer for %(price)s Marks, %(credit)s of them on "
                 "credit.") % values
    return _("%(team)s buys a computer for %(price)s Marks.") % values


def _sell(e: Event) -> str:
    how = e.get("how") or ("advertising" if str(e.get("text", "")).endswith("(advertising).")
                           else "")
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
    return _units(sentence, "revenue")(e)


def _detail_of_payment(e: Event) -> str:
    """The bracketed detail of a "paid" event, in the active language ("" if unknown)."""
    prefix = f"{e['team']} pays {int(e['amount']):,} Marks: {e['reason']} ("
    text = str(e.get("text", ""))
    if not (text.startswith(prefix) and text.endswith(").")):
        return ""
    detail = text[len(prefix):-2]
    if e["reason"] == "risk":
        cid = _card_by_english_title(detail)
        return card_title(cid) if cid is not None else ""
    if match := re.fullmatch(r"10% of ([\d,]+) Marks bank debt", detail):
        return _("10%% of %(debt)s Marks bank debt") % {
            "debt": money(_english_number(match[1]))}
    if match := re.fullmatch(r"(?:(strike|lockout): )?(\d+) machine\(s\)(?: at ([\d,]+))?",
                             detail):
        n = int(match[2])
        if match[3]:
            return ngettext("%(n)s machine at %(each)s", "%(n)s machines at %(each)s", n) % {
                "n": n, "each": money(_english_number(match[3]))}
        return ngettext("%(n)s machine", "%(n)s machines", n) % {"n": n}
    if match := re.fullmatch(r"year (\d+)", detail):
        return _("year %(year)s") % {"year": match[1]}
    return ""


def _paid(e: Event) -> str:
    values = {"team": e["team"], "amount": money(e["amount"]), "reason": reason_text(e["reason"])}
    detail = _detail_of_payment(e)
    if detail:
        return _("%(team)s pays %(amount)s Marks: %(reason)s (%(detail)s).") % {
            **values, "detail": detail}
    return _("%(team)s pays %(amount)s Marks: %(reason)s.") % values


def _bankrupt(e: Event) -> str:
    prefix = f"{e['team']} cannot pay {int(e['amount']):,} Marks ("
    text = str(e.get("text", ""))
    reason = ""
    if text.startswith(prefix) and ") and is bankrupt" in text:
        reason = text[len(prefix):text.index(") and is bankrupt")]
    values = {"team": e["team"], "amount": money(e["amount"]), "reason": reason_text(reason)}
    if reason:
        return _("%(team)s cannot pay %(amount)s Marks (%(reason)s) and is bankrupt. Its "
                 "assets are sold.") % values
    return _("%(team)s cannot pay %(amount)s Marks and is bankrupt. Its assets are "
             "sold.") % values


def _write_off(e: Event) -> str | None:
    sentence = {
        "none": gettext_lazy("%(team)s has no machine to write off."),
        "web": gettext_lazy("%(team)s pays 1 WEB chip and keeps its machines."),
        "downgrade": gettext_lazy("Write-off: machine %(machine)s of %(team)s runs single "
                                  "again."),
        "return": gettext_lazy("Write-off: %(team)s returns machine %(machine)s to the bank."),
    }.get(str(e.get("option")))
    return None if sentence is None else str(sentence) % {"machine": "", **_fields(e)}


def _sell_back(e: Event) -> str | None:
    item = e.get("item")
    if item == "raw":
        return _units(ngettext_lazy(
            "%(team)s sells %(units)s unit of raw material back to the bank for %(value)s "
            "Marks.",
            "%(team)s sells %(units)s units of raw material back to the bank for %(value)s "
            "Marks.", "units"), "value")(e)
    if item == "finished":
        return _units(ngettext_lazy(
            "%(team)s sells %(units)s unit of finished product back to the bank for "
            "%(value)s Marks.",
            "%(team)s sells %(units)s units of finished product back to the bank for "
            "%(value)s Marks.", "units"), "value")(e)
    if item == "machine":
        return _simple(gettext_noop("%(team)s sells machine %(machine)s back to the bank for "
                                    "%(value)s Marks."), "value")(e)
    if item == "computer":
        return _simple(gettext_noop("%(team)s sells its computer back to the bank for "
                                    "%(value)s Marks."), "value")(e)
    return None


def _risk_card(e: Event) -> str:
    return _("%(team)s draws the risk card “%(title)s”: %(text)s") % {
        "team": e["team"], "title": card_title(e["card"]), "text": card_text(e["card"])}


def _time_up(e: Event) -> str | None:
    text = str(e.get("text", ""))
    if text.startswith("The bank calls time"):
        return _("The bank calls time: the current round is played to its end.")
    if match := re.search(r" has played (\d+) years", text):
        return _("%(team)s has played %(years)s years: time is up. The current round is "
                 "played to its end.") % {"team": e["team"], "years": match[1]}
    if match := re.search(r" reaches ([\d,]+) Marks sales", text):
        return _("%(team)s reaches %(sales)s Marks sales: the game ends when the current "
                 "round is played out.") % {
            "team": e["team"], "sales": money(_english_number(match[1]))}
    return None


def _game_over(e: Event) -> str:
    results = "; ".join(f"{r['team']}: {money(r['result'])}" for r in e.get("results", []))
    return _("The game is over. %(results)s") % {"results": results}


def _and_teams(key: str, sentence: str) -> Callable[[Event], str]:
    def describe(e: Event) -> str:
        return _(sentence) % {**_fields(e), key: _and([str(t) for t in e[key]])}

    return describe


def _close_bidding(e: Event) -> str:
    if e.get("silent"):
        return _and_teams("silent", gettext_noop(
            "The bank closes round %(round)s of the bidding: %(silent)s did not answer."))(e)
    return _("The bank closes round %(round)s of the bidding.") % {"round": e["round"]}


def _bidding_end(e: Event) -> str:
    sales = e.get("sales") or []
    if not sales and e.get("why") == ALL_UNCOVERED:
        return _("The bidding ends: nobody underbid; the first supplier sold all its units "
                 "uncovered.")
    if not sales:
        return _("The bidding ends: no units sold.")
    said = "; ".join(
        ngettext("%(team)s %(units)s unit at %(price)s Marks",
                 "%(team)s %(units)s units at %(price)s Marks", int(s["units"]))
        % {"team": s["team"], "units": s["units"], "price": money(s["price"])} for s in sales)
    return _("The bidding ends: %(sales)s sold.") % {"sales": said}


def _with_workers(sentence: str, *money_fields: str) -> Callable[[Event], str]:
    """A labour-market event: ``%(workers)s`` is "2 workers"; ``%(who)s`` the team or the
    worker representative who acted (the event's ``by``)."""

    def describe(e: Event) -> str:
        values = _fields(e)
        values["workers"] = _workers(e["workers"]) if "workers" in e else ""
        by = e.get("by", e.get("team"))
        values["who"] = _("The worker representative") if by == "workers" else by
        for key in money_fields:
            values[key] = money(e[key])
        return _(sentence) % values

    return describe


def _hire_offered(e: Event) -> str:
    if e.get("by") == "workers":
        return _with_workers(gettext_noop(
            "The worker representative offers %(team)s %(workers)s at %(salary)s Marks a red "
            "field each (offer %(offer)s)."), "salary")(e)
    return _with_workers(gettext_noop(
        "%(team)s offers the worker representative %(workers)s at %(salary)s Marks a red "
        "field each (offer %(offer)s)."), "salary")(e)


def _hire_rejected(e: Event) -> str:
    if "withdraws" in str(e.get("text", "")):
        return _with_workers(gettext_noop("%(who)s withdraws hiring offer %(offer)s."))(e)
    return _with_workers(gettext_noop("%(who)s turns down hiring offer %(offer)s."))(e)


def _idle_field(e: Event) -> str:
    sentence = (gettext_noop("%(team)s is struck: no salaries, no production; idle costs "
                             "%(idle_costs)s Marks. The worker representative pays "
                             "%(strike_wages)s Marks strike wages.")
                if e.get("idle") == "strike" else
                gettext_noop("%(team)s has locked its workers out: no salaries, no "
                             "production; idle costs %(idle_costs)s Marks. The worker "
                             "representative pays %(strike_wages)s Marks strike wages."))
    return _simple(sentence, "idle_costs", "strike_wages")(e)


_DESCRIBERS: dict[str, Callable[[Event], str | None]] = {
    # ---- the base game
    "order_roll": _simple(gettext_noop("%(team)s rolls %(die)s for first place.")),
    "order_tie": _and_teams("teams", gettext_noop("%(teams)s rolled the same; they roll "
                                                  "again.")),
    "first_player": _simple(gettext_noop("%(team)s rolled highest and begins.")),
    "move": _move,
    "purchase": _units(ngettext_lazy(
        "%(team)s buys %(units)s unit of raw material for %(cost)s Marks.",
        "%(team)s buys %(units)s units of raw material for %(cost)s Marks.", "units"), "cost"),
    "invest": _invest,
    "produce": _units(ngettext_lazy(
        "%(team)s produces %(units)s unit for %(cost)s Marks.",
        "%(team)s produces %(units)s units for %(cost)s Marks.", "units"), "cost"),
    "sell": _sell,
    "pass": _by_text([
        ("decides to do nothing", gettext_lazy("%(team)s decides to do nothing.")),
        ("buys no WEB chip", gettext_lazy("%(team)s buys no WEB chip.")),
        ("produces nothing on this red field",
         gettext_lazy("%(team)s produces nothing on this red field.")),
        ("through its marketing organization",
         gettext_lazy("%(team)s sells nothing (more) through its marketing organization this "
                      "roll.")),
    ]),
    "buy_web": lambda e: _("%(team)s buys a WEB chip for %(price)s Marks.") % {
        "team": e["team"], "price": money(WEB_PRICE)},
    "paid": _paid,
    "capital": _simple(gettext_noop("%(team)s completes its first year and receives "
                                    "%(amount)s Marks more starting capital."), "amount"),
    "year_end": _simple(gettext_noop("%(team)s completes year %(year)s.")),
    "time_up": _time_up,
    "cost_sell_half": _units(ngettext_lazy(
        "%(team)s sells %(units)s unit at half price for %(revenue)s Marks.",
        "%(team)s sells %(units)s units at half price for %(revenue)s Marks.", "units"),
        "revenue"),
    "cost_idle": _simple(gettext_noop("%(team)s produces nothing: idle costs %(cost)s Marks."),
                         "cost"),
    "cost_web": _simple(gettext_noop("%(team)s pays 1 WEB chip on the cost field.")),
    "write_off": _write_off,
    "risk_card": _risk_card,
    "insured": _simple(gettext_noop("%(team)s holds enough WEB chips and is insured: no "
                                    "damage.")),
    "lease_renewed": _simple(gettext_noop("%(team)s pays 2 WEB chips: the computer lease runs "
                                          "another year.")),
    "lease_ended": _by_text([
        ("is bankrupt", gettext_lazy("%(team)s is bankrupt: the leased computer goes back to "
                                     "the bank.")),
        ("has no 2 WEB chips", gettext_lazy("%(team)s has no 2 WEB chips to renew the lease: "
                                            "the leased computer goes back to the bank.")),
        ("gives it back", gettext_lazy("%(team)s gives the leased computer back to the "
                                       "bank.")),
    ]),
    "credit": _simple(gettext_noop("%(team)s borrows %(amount)s Marks from the bank."),
                      "amount"),
    "repay": _simple(gettext_noop("%(team)s repays %(amount)s Marks to the bank."), "amount"),
    "sell_back": _sell_back,
    "efficiency": _simple(gettext_noop("%(team)s turns machine %(machine)s to double "
                                       "capacity.")),
    "advertising": _simple(gettext_noop("%(team)s runs an advertising campaign for its next "
                                        "red field.")),
    "lease": _simple(gettext_noop("%(team)s leases a computer with 2 WEB chips placed on field "
                                  "%(field)s.")),
    "buy_computer": _buy_computer,
    "deal_offered": _simple(gettext_noop("%(team)s offers %(partner)s a deal (offer "
                                         "%(deal)s).")),
    "deal_done": _simple(gettext_noop("%(team)s accepts deal %(deal)s with %(partner)s.")),
    "deal_rejected": _simple(gettext_noop("%(team)s turns down deal %(deal)s.")),
    "deal_withdrawn": _simple(gettext_noop("%(team)s withdraws deal %(deal)s.")),
    "repay_private": _simple(gettext_noop("%(team)s repays %(amount)s Marks to %(partner)s."),
                             "amount"),
    "correction": _simple(gettext_noop("The bank corrects %(team)s's cash by %(amount)s "
                                       "Marks: %(reason)s"), "amount"),
    "bankrupt": _bankrupt,
    "game_over": _game_over,
    # ---- step 1: free market for sales
    "offer_sale": _units(ngettext_lazy(
        "%(team)s offers %(units)s unit at %(price)s Marks each (market price "
        "%(market_price)s). Teams with finished product may underbid.",
        "%(team)s offers %(units)s units at %(price)s Marks each (market price "
        "%(market_price)s). Teams with finished product may underbid.", "units"),
        "price", "market_price"),
    "bid": _units(ngettext_lazy("%(team)s offers %(units)s unit at %(price)s Marks each.",
                                "%(team)s offers %(units)s units at %(price)s Marks each.",
                                "units"), "price"),
    "match_bid": _simple(gettext_noop("%(team)s goes along with %(price)s Marks."), "price"),
    "withdraw_bid": _simple(gettext_noop("%(team)s withdraws from the bidding.")),
    "close_bidding": _close_bidding,
    "bidding_round": _simple(gettext_noop("Round %(round)s of the bidding: the price point is "
                                          "%(price)s Marks."), "price"),
    "uncovered": _units(ngettext_lazy(
        "The competition does not cover the offer: %(team)s sells %(units)s unit without "
        "competition.",
        "The competition does not cover the offer: %(team)s sells %(units)s units without "
        "competition.", "units")),
    "bidding_end": _bidding_end,
    # ---- step 2: competition during purchasing
    "auction_open": _units(ngettext_lazy(
        "The bank auctions the %(units)s unit left in the %(opening)s zone: bids above "
        "%(opening)s Marks per unit.",
        "The bank auctions the %(units)s units left in the %(opening)s zone as one lot: bids "
        "above %(opening)s Marks per unit.", "units"), "opening"),
    "auction_bid": lambda e: _("%(team)s bids %(price)s Marks per unit (%(lot)s Marks for the "
                               "lot).") % {
        "team": e["team"], "price": money(e["price"]),
        "lot": money(int(e["price"]) * int(e["units"]))},
    "auction_pass": _simple(gettext_noop("%(team)s bids no higher.")),
    "auction_closed": _by_text([
        ("no team bids", gettext_lazy("The auction closes: no team bids.")),
        ("every team has passed",
         gettext_lazy("The auction closes: every team has passed since the last bid.")),
        ("the bank closes it", gettext_lazy("The auction closes: the bank closes it.")),
    ]),
    "auction_won": _units(ngettext_lazy(
        "%(team)s buys the lot of %(units)s unit at %(price)s Marks each for %(cost)s Marks.",
        "%(team)s buys the lot of %(units)s units at %(price)s Marks each for %(cost)s Marks.",
        "units"), "price", "cost"),
    "auction_unsold": _units(ngettext_lazy(
        "No bid: the %(units)s unit stays on the board.",
        "No bid: the %(units)s units stay on the board.", "units")),
    "auction_default": _simple(gettext_noop("%(team)s can no longer pay its bid of %(price)s "
                                            "Marks per unit; the next highest bid counts."),
                               "price"),
    # ---- step 3: marketing organizations
    "marketing_founded": _simple(gettext_noop(
        "%(team)s founds marketing organization %(trough)s for %(cost)s Marks; the bank puts "
        "3 WEB chips in the trough."), "cost"),
    "marketing_paid": _simple(gettext_noop("%(team)s pays %(cost)s Marks marketing costs for "
                                           "organization %(trough)s."), "cost"),
    "marketing_closed": _simple(gettext_noop("The marketing organization %(trough)s of "
                                             "%(team)s closes; its WEB chips go to %(team)s.")),
    "marketing_idle": _simple(gettext_noop("The marketing organization of %(team)s sells "
                                           "nothing this roll.")),
    "marketing_sale": _units(ngettext_lazy(
        "%(team)s sells %(units)s unit through its marketing organization for %(revenue)s "
        "Marks.",
        "%(team)s sells %(units)s units through its marketing organization for %(revenue)s "
        "Marks.", "units"), "revenue"),
    # ---- steps 4 and 5: takeovers, goals, taxes
    "takeover_offered": _simple(gettext_noop("%(team)s offers to buy %(partner)s's "
                                             "business (offer %(offer)s).")),
    "takeover": _simple(gettext_noop("%(team)s buys %(partner)s's business for %(price)s Marks "
                                     "and takes over its books."), "price"),
    "personal_goal": _simple(gettext_noop("%(team)s writes down its personal goal.")),
    "market_leader": _simple(gettext_noop("%(team)s is the first to reach the sales target and "
                                          "is the market leader: it wins.")),
    "tax": _simple(gettext_noop("%(team)s declares %(profit)s Marks profit for year %(year)s; "
                                "taxable %(taxable)s, tax %(tax)s Marks."),
                   "profit", "taxable", "tax"),
    # ---- step 6: the labour market
    "hire_offered": _hire_offered,
    "hired": _with_workers(gettext_noop("%(team)s hires %(workers)s at %(salary)s Marks a red "
                                        "field each."), "salary"),
    "hire_rejected": _hire_rejected,
    "notice": _with_workers(gettext_noop(
        "%(who)s gives notice to %(workers)s of %(team)s: they produce and are paid a last "
        "time on its next red field, then leave.")),
    "workers_leave": _by_text([
        ("lose their jobs", ngettext_lazy(
            "%(workers)s worker of %(team)s loses their job and goes back to the worker "
            "representative, unemployed.",
            "%(workers)s workers of %(team)s lose their jobs and go back to the worker "
            "representative, unemployed.", "workers")),
        ("leave", ngettext_lazy(
            "%(workers)s worker leaves %(team)s and goes back to the worker representative, "
            "unemployed.",
            "%(workers)s workers leave %(team)s and go back to the worker representative, "
            "unemployed.", "workers")),
    ]),
    "workers_retired": _with_workers(gettext_noop(
        "%(team)s completes the first lap: the worker representative returns %(workers)s "
        "never hired; from now on salaries are negotiated freely and unemployment support "
        "is paid.")),
    "unemployment_support": _with_workers(gettext_noop(
        "The worker representative pays %(amount)s Marks unemployment support for "
        "%(workers)s."), "amount"),
    "salaries": lambda e: _by_text([
        ("From the bankruptcy sale", gettext_lazy(
            "From the bankruptcy sale the worker representative receives %(amount)s Marks of "
            "%(team)s's salaries.")),
        ("producing on the cost field", gettext_lazy(
            "%(team)s pays %(amount)s Marks salaries to the worker representative for "
            "producing on the cost field.")),
        ("salaries to the", gettext_lazy(
            "%(team)s pays %(amount)s Marks salaries to the worker representative.")),
    ])({**e, "amount": money(e["amount"])}),
    "strike_called": _and_teams("teams", gettext_noop(
        "The worker representative calls a strike at %(teams)s: it becomes active on each "
        "one's next red field unless settled before.")),
    "strike_active": _simple(gettext_noop("The strike at %(team)s is active from this red "
                                          "field.")),
    "strike_ended": _simple(gettext_noop("The strike at %(team)s ends.")),
    "lockout": _simple(gettext_noop("%(team)s locks its workers out: no salaries and no "
                                    "production.")),
    "lockout_ended": _and_teams("teams", gettext_noop("The lockout of %(teams)s ends.")),
    "idle_field": _idle_field,
    # ---- bankruptcy: the auction of the assets
    "estate_auction": _simple(gettext_noop(
        "The bank auctions %(team)s's assets: it takes them for %(value)s Marks unless a team "
        "bids more."), "value"),
    "estate_bid": _simple(gettext_noop("%(team)s bids %(price)s Marks for the assets."),
                          "price"),
    "estate_pass": _simple(gettext_noop("%(team)s passes.")),
    "estate_sold": _simple(gettext_noop("%(partner)s's assets go to %(team)s for %(price)s "
                                        "Marks."), "price"),
    # ---- the site's own announcements (classroom.services: undo, pause)
    "undo": _simple(gettext_noop("The bank takes back the moves after move %(to_seq)s.")),
    "pause": _simple(gettext_noop("The bank pauses the game.")),
    "resume": _simple(gettext_noop("The game goes on.")),
}


def describe_event(event: Event, language: str | None = None) -> str:
    """What happened, as one sentence in ``language`` (default: the active language).

    Known event types are told from their fields with gettext; any other type, an event
    whose fields do not fit, and every event in English show the engine's own text.
    """
    if language is not None:
        with translation.override(language):
            return describe_event(event)
    text = str(event.get("text", ""))
    if _english():
        return text
    describer = _DESCRIBERS.get(str(event.get("type", "")))
    if describer is None:
        return text
    try:
        sentence = describer(event)
    except (KeyError, TypeError, ValueError, IndexError):
        return text
    return sentence or text


def describe_events(events: list[Event], language: str | None = None) -> list[str]:
    """The sentences of the events that have a text, in order."""
    return [describe_event(e, language) for e in events if e.get("text")]


# ====================================================================== refusals
def _amount(text: str) -> str:
    return money(_english_number(text))


#: What the turn waits for, as the engine writes it after "... is not open now: ".
_WAITING: list[tuple[re.Pattern[str], Callable[[re.Match[str]], str]]] = [
    (re.compile(r"the teams roll for the first player\."),
     lambda m: _("the teams roll for the first player.")),
    (re.compile(r"(?P<team>.+) rolls the die\."),
     lambda m: _("%(team)s rolls the die.") % {"team": m["team"]}),
    (re.compile(r"a decision on the red field\."), lambda m: _("a decision on the red field.")),
    (re.compile(r"whether to buy a WEB chip on the green field\."),
     lambda m: _("whether to buy a WEB chip on the green field.")),
    (re.compile(r"a choice on the yellow cost field\."),
     lambda m: _("a choice on the yellow cost field.")),
    (re.compile(r"a write-off on the white field\."),
     lambda m: _("a write-off on the white field.")),
    (re.compile(r"the risk card drawn from the deck\."),
     lambda m: _("the risk card drawn from the deck.")),
    (re.compile(r"renewing or returning the leased computer\."),
     lambda m: _("renewing or returning the leased computer.")),
    (re.compile(r"a payment of (?P<amount>[\d,]+) Marks \((?P<reason>.*)\)\."),
     lambda m: _("a payment of %(amount)s Marks (%(reason)s).") % {
         "amount": _amount(m["amount"]), "reason": reason_text(m["reason"])}),
    # expansion steps
    (re.compile(r"the auction of (?P<units>\d+) unit\(s\); bids from (?P<price>[\d,]+) Marks "
                r"per unit\."),
     lambda m: ngettext("the auction of %(units)s unit; bids from %(price)s Marks per unit.",
                        "the auction of %(units)s units; bids from %(price)s Marks per unit.",
                        int(m["units"])) % {"units": m["units"], "price": _amount(m["price"])}),
    (re.compile(r"the bidding on (?P<team>.+)'s sale \(round (?P<round>\d+); waiting for "
                r"(?P<teams>.+)\)\."),
     lambda m: _("the bidding on %(team)s's sale (round %(round)s; waiting for %(teams)s).")
     % {"team": m["team"], "round": m["round"], "teams": m["teams"]}),
    (re.compile(r"(?P<team>.+)'s salaries to the worker representative \((?P=team) raises the "
                r"cash\)\."),
     lambda m: _("%(team)s's salaries to the worker representative (%(team)s raises the "
                 "cash).") % {"team": m["team"]}),
    (re.compile(r"(?P<team>.+)'s production on its red field \(produce, or pass\)\."),
     lambda m: _("%(team)s's production on its red field (produce, or pass).") % {
         "team": m["team"]}),
    (re.compile(r"the worker representative's answer to the hiring offer of (?P<teams>.+)\."),
     lambda m: _("the worker representative's answer to the hiring offer of %(teams)s.") % {
         "teams": m["teams"]}),
    (re.compile(r"paying (?P<cost>[\d,]+) Marks marketing costs for trough (?P<trough>\d+), or "
                r"giving it up\."),
     lambda m: _("paying %(cost)s Marks marketing costs for organization %(trough)s, or "
                 "giving it up.") % {"cost": _amount(m["cost"]), "trough": m["trough"]}),
    (re.compile(r"a sale through the marketing organization, or a pass\."),
     lambda m: _("a sale through the marketing organization, or a pass.")),
]


def _waiting(text: str) -> str | None:
    for pattern, render in _WAITING:
        match = pattern.fullmatch(text)
        if match:
            return render(match)
    return None


#: The "what" of "<what> is not open now" (engine's _require_turn callers).
_NOT_OPEN: dict[str, Any] = {
    "Purchasing": gettext_lazy("Purchasing"),
    "Investing": gettext_lazy("Investing"),
    "Producing": gettext_lazy("Producing"),
    "Selling": gettext_lazy("Selling"),
    "Doing nothing": gettext_lazy("Doing nothing"),
    "Buying a WEB chip": gettext_lazy("Buying a WEB chip"),
    "A cost-field choice": gettext_lazy("A cost-field choice"),
    "A write-off": gettext_lazy("A write-off"),
    "Drawing a risk card": gettext_lazy("Drawing a risk card"),
    "Renewing the computer lease": gettext_lazy("Renewing the computer lease"),
    "Paying the marketing costs": gettext_lazy("Paying the marketing costs"),
}


def _not_open(m: re.Match[str]) -> str | None:
    what = _NOT_OPEN.get(m["what"])
    waiting = _waiting(m["waiting"])
    if what is None or waiting is None:
        return None
    return _("%(what)s is not possible now; the game waits for %(waiting)s") % {
        "what": what, "waiting": waiting}


def _need_cash(m: re.Match[str]) -> str | None:
    """"You have 3,000 Marks; 4 units cost 4,200." and its kin (engine's _need_cash)."""
    what = m["what"]
    values = {"cash": _amount(m["cash"]), "cost": _amount(m["cost"])}
    if units := re.fullmatch(r"(\d+) units", what):
        n = int(units[1])
        return ngettext("You have %(cash)s Marks; %(units)s unit costs %(cost)s.",
                        "You have %(cash)s Marks; %(units)s units cost %(cost)s.", n) % {
            **values, "units": n}
    if units := re.fullmatch(r"producing (\d+) units", what):
        n = int(units[1])
        return ngettext("You have %(cash)s Marks; producing %(units)s unit costs %(cost)s.",
                        "You have %(cash)s Marks; producing %(units)s units costs %(cost)s.",
                        n) % {**values, "units": n}
    simple = {
        "a machine": gettext_lazy("You have %(cash)s Marks; a machine costs %(cost)s."),
        "a WEB chip": gettext_lazy("You have %(cash)s Marks; a WEB chip costs %(cost)s."),
        "the repayment": gettext_lazy("You have %(cash)s Marks; the repayment is %(cost)s."),
        "the correction": gettext_lazy("The team has %(cash)s Marks; the correction takes "
                                       "%(cost)s."),
        "a computer": gettext_lazy("You have %(cash)s Marks; a computer costs %(cost)s."),
        "a marketing organization": gettext_lazy("You have %(cash)s Marks; a marketing "
                                                 "organization costs %(cost)s."),
        "the yearly marketing costs": gettext_lazy("You have %(cash)s Marks; the yearly "
                                                   "marketing costs are %(cost)s."),
    }.get(what)
    if simple is not None:
        return str(simple) % values
    if credit := re.fullmatch(r"an? (machine|computer) costs? ([\d,]+) and with ([\d,]+) "
                              r"credit you", what):
        sentence = (_("You have %(cash)s Marks; a machine costs %(price)s and with %(credit)s "
                      "credit you pay %(cost)s.") if credit[1] == "machine" else
                    _("You have %(cash)s Marks; a computer costs %(price)s and with "
                      "%(credit)s credit you pay %(cost)s."))
        return sentence % {**values, "price": _amount(credit[2]),
                           "credit": _amount(credit[3])}
    return None


_Refusal = Callable[[re.Match[str]], str | None]

#: The commonest refusals: (pattern of the engine's English, German-capable sentence).
_REFUSALS: list[tuple[re.Pattern[str], _Refusal]] = [
    (re.compile(r"It is (?P<current>.+)'s turn, not (?P<actor>.+)'s\."),
     lambda m: _("It is %(current)s's turn, not %(actor)s's.") % {
         "current": m["current"], "actor": m["actor"]}),
    (re.compile(r"(?P<what>[A-Z][^:]*?) is not open now: (?P<waiting>.+)"), _not_open),
    (re.compile(r"(?P<team>.+) has rolled already; waiting for (?P<waiting>.+)"),
     lambda m: (lambda w: None if w is None else _(
         "%(team)s has rolled already; the game waits for %(waiting)s") % {
         "team": m["team"], "waiting": w})(_waiting(m["waiting"]))),
    (re.compile(r"You have (?P<cash>-?[\d,]+) Marks; (?P<what>.+) (?:costs?|pay) "
                r"(?P<cost>[\d,]+)\."), _need_cash),
    (re.compile(r"The bank lends in steps of (?P<step>[\d,]+) Marks\."),
     lambda m: _("The bank lends in steps of %(step)s Marks.") % {"step": _amount(m["step"])}),
    (re.compile(r"The bank lends up to half the value of your machines and computers: "
                r"(?P<available>[\d,]+) Marks more at most, not (?P<amount>[\d,]+)\."),
     lambda m: _("The bank lends up to half the value of your machines and computers: "
                 "%(available)s Marks more at most, not %(amount)s.") % {
         "available": _amount(m["available"]), "amount": _amount(m["amount"])}),
    (re.compile(r"Your machines can make (?P<capacity>\d+) units now"
                r"(?: \((?P<waiting>\d+) machine\(s\) still being delivered\))?, "
                r"not (?P<units>\d+)\."),
     lambda m: (_("Your machines can make %(capacity)s units now (%(waiting)s machine(s) "
                  "still being delivered), not %(units)s.") if m["waiting"] else
                _("Your machines can make %(capacity)s units now, not %(units)s.")) % {
         "capacity": m["capacity"], "waiting": m["waiting"], "units": m["units"]}),
    (re.compile(r"You have (?P<have>\d+) units of raw material, not (?P<units>\d+)\."),
     lambda m: _("You have %(have)s units of raw material, not %(units)s.") % {
         "have": m["have"], "units": m["units"]}),
    (re.compile(r"You have (?P<have>\d+) finished units(?: to sell)?, not (?P<units>\d+)\."),
     lambda m: _("You have %(have)s units of finished product, not %(units)s.") % {
         "have": m["have"], "units": m["units"]}),
    (re.compile(r"You have (?P<have>\d+) (?P<item>raw|finished) units, not (?P<units>\d+)\."),
     lambda m: (_("You have %(have)s units of raw material, not %(units)s.")
                if m["item"] == "raw" else
                _("You have %(have)s units of finished product, not %(units)s.")) % {
         "have": m["have"], "units": m["units"]}),
    (re.compile(r"The market holds (?P<available>\d+) units; you cannot buy (?P<units>\d+)\."),
     lambda m: _("The market holds %(available)s units; you cannot buy %(units)s.") % {
         "available": m["available"], "units": m["units"]}),
    (re.compile(r"The market has room for (?P<room>\d+) units only\."),
     lambda m: _("The market has room for %(room)s units only.") % {"room": m["room"]}),
    (re.compile(r"The game is over\."), lambda m: _("The game is over.")),
    # ---- step 6: the labour market (moves a player can race for on two screens)
    (re.compile(r"Until the first team completes its first lap the salary is (?P<salary>[\d,]+) "
                r"Marks a worker; then it is negotiated freely\."),
     lambda m: _("Until the first team completes its first lap the salary is %(salary)s Marks "
                 "a worker; then it is negotiated freely.") % {"salary": _amount(m["salary"])}),
    (re.compile(r"The worker representative has (?P<have>\d+) worker\(s\) (?:to hire out|left), "
                r"not (?P<asked>\d+)\."),
     lambda m: _("The worker representative has %(have)s worker(s) left, not %(asked)s.") % {
         "have": m["have"], "asked": m["asked"]}),
    (re.compile(r"Hiring offer (?P<offer>\d+) between (?P<team>.+) and the worker representative "
                r"is open: answer or withdraw it first\."),
     lambda m: _("Hiring offer %(offer)s between %(team)s and the worker representative is "
                 "open: answer or withdraw it first.") % {"offer": m["offer"],
                                                          "team": m["team"]}),
    (re.compile(r"There is no open hiring offer (?P<offer>\d+)\."),
     lambda m: _("There is no open hiring offer %(offer)s.") % {"offer": m["offer"]}),
    (re.compile(r"Offer (?P<offer>\d+) waits for (?P<who>.+)'s answer\."),
     lambda m: _("Offer %(offer)s waits for the answer of %(who)s.") % {
         "offer": m["offer"], "who": party_text(
             "workers" if m["who"] == "the worker representative" else m["who"])}),
    (re.compile(r"The worker representative answers the open hiring offer first\."),
     lambda m: _("The worker representative answers the open hiring offer first.")),
    (re.compile(r"A strike is called when a business lands on a red field: wait until one "
                r"stands on red\."),
     lambda m: _("A strike is called when a business lands on a red field: wait until one "
                 "stands on red.")),
    (re.compile(r"Notice is given on a red field: while (?P<team>.+) stands on its red field\."),
     lambda m: _("Notice is given on a red field: while %(team)s stands on its red field.") % {
         "team": m["team"]}),
    (re.compile(r"(?P<team>.+) is struck already\."),
     lambda m: _("%(team)s is struck already.") % {"team": m["team"]}),
    (re.compile(r"A lockout answers a strike: no business is struck now\."),
     lambda m: _("A lockout answers a strike: no business is struck now.")),
    (re.compile(r"Your workers are locked out already\."),
     lambda m: _("Your workers are locked out already.")),
    (re.compile(r"Only the worker representative can do that\."),
     lambda m: _("Only the worker representative can do that.")),
    (re.compile(r"Only the bank director can do that\."),
     lambda m: _("Only the bank director can do that.")),
    (re.compile(r"Only expansion step 6 \(labour market\) has a worker representative; the "
                r"teacher keeps the role otherwise\."),
     lambda m: _("Only expansion step 6 (labour market) has a worker representative; the "
                 "teacher keeps the role otherwise.")),
    (re.compile(r"Unknown player of the worker representative (?P<who>.+)\."),
     lambda m: _("Unknown player of the worker representative %(who)s.") % {"who": m["who"]}),
    (re.compile(r"The game has not begun: roll for the first player\."),
     lambda m: _("The game has not begun: roll for the first player.")),
    (re.compile(r"The bank director has paused the game\."),
     lambda m: _("The bank director has paused the game.")),
    (re.compile(r"That move was sent twice; the first one counts\."),
     lambda m: _("That move was sent twice; the first one counts.")),
    (re.compile(r"There is no open deal (?P<deal>\d+)\."),
     lambda m: _("There is no open deal %(deal)s.") % {"deal": m["deal"]}),
    (re.compile(r"There is no team (?:called )?'(?P<team>.*)'(?: in this game)?\."),
     lambda m: _("There is no team %(team)s in this game.") % {"team": m["team"]}),
    (re.compile(r"There is no risk card (?P<card>-?\d+); cards are 1 to (?P<n>\d+)\."),
     lambda m: _("There is no risk card %(card)s; the cards are 1 to %(n)s.") % {
         "card": m["card"], "n": m["n"]}),
    (re.compile(r"The bank has no (?P<item>machine|computer|WEB chip) left: all (?P<n>\d+) "
                r"are in play\."),
     lambda m: {"machine": _("The bank has no machine left: all %(n)s are in play."),
                "computer": _("The bank has no computer left: all %(n)s are in play."),
                "WEB chip": _("The bank has no WEB chip left: all %(n)s are in play.")
                }[m["item"]] % {"n": m["n"]}),
    (re.compile(r"An investment may borrow at most (?P<max>[\d,]+) Marks\."),
     lambda m: _("An investment may borrow at most %(max)s Marks.") % {
         "max": _amount(m["max"])}),
    (re.compile(r"You owe the bank (?P<debt>[\d,]+) Marks, not (?P<amount>[\d,]+)\."),
     lambda m: _("You owe the bank %(debt)s Marks, not %(amount)s.") % {
         "debt": _amount(m["debt"]), "amount": _amount(m["amount"])}),
    (re.compile(r"An? (?P<what>efficiency improvement|advertising campaign) takes "
                r"(?P<need>\d) WEB chips; you have (?P<have>\d+)\."),
     lambda m: (_("An efficiency improvement takes %(need)s WEB chips; you have %(have)s.")
                if m["what"] == "efficiency improvement" else
                _("An advertising campaign takes %(need)s WEB chips; you have %(have)s.")) % {
         "need": m["need"], "have": m["have"]}),
    (re.compile(r"Leasing a computer takes 2 WEB chips; you have (?P<have>\d+)\."),
     lambda m: _("Leasing a computer takes 2 WEB chips; you have %(have)s.") % {
         "have": m["have"]}),
    (re.compile(r"You have a computer already(?P<slot>; a factory has one computer slot)?\."),
     lambda m: _("You have a computer already; a factory has one computer slot.")),
    (re.compile(r"Your campaign already runs until your next red field\."),
     lambda m: _("Your campaign already runs until your next red field.")),
    (re.compile(r"You have no WEB chip to pay (?:with|instead)\."),
     lambda m: _("You have no WEB chip to pay with.")),
    (re.compile(r"Ask for a positive amount of credit\."),
     lambda m: _("Ask for a positive amount of credit.")),
    (re.compile(r"Repay a positive amount\."), lambda m: _("Repay a positive amount.")),
    (re.compile(r"Name at least one unit to (?P<verb>buy|produce)\."),
     lambda m: (_("Name at least one unit to buy.") if m["verb"] == "buy"
                else _("Name at least one unit to produce."))),
    (re.compile(r"(?P<team>.+) is bankrupt and out of the game\."),
     lambda m: _("%(team)s is bankrupt and out of the game.") % {"team": m["team"]}),
    (re.compile(r"Machine (?P<id>\d+) is not in your hall\."),
     lambda m: _("Machine %(id)s is not in your hall.") % {"id": m["id"]}),
    (re.compile(r"Time has been called already\."),
     lambda m: _("Time has been called already.")),
    (re.compile(r"(?P<team>.+) does not roll for first place now; waiting for (?P<teams>.+)\."),
     lambda m: _("%(team)s does not roll for first place now; waiting for %(teams)s.") % {
         "team": m["team"], "teams": m["teams"]}),
    # expansion steps
    (re.compile(r"With competition during purchasing you buy at most (?P<max>\d+) units at the "
                r"market price, not (?P<units>\d+); the rest of the zone is then auctioned\."),
     lambda m: _("With competition during purchasing you buy at most %(max)s units at the "
                 "market price, not %(units)s; the rest of the zone is then auctioned.") % {
         "max": m["max"], "units": m["units"]}),
    (re.compile(r"Your machines with a worker can make (?P<capacity>\d+) unit\(s\) now, not "
                r"(?P<units>\d+): (?P<workers>\d+) workers? for (?P<machines>\d+) delivered "
                r"machine\(s\); one worker runs one machine, a double machine too\."),
     lambda m: _("Your machines with a worker can make %(capacity)s unit(s) now, not "
                 "%(units)s: %(workers)s worker(s) for %(machines)s delivered machine(s); one "
                 "worker runs one machine, a double machine too.") % {
         "capacity": m["capacity"], "units": m["units"], "workers": m["workers"],
         "machines": m["machines"]}),
    (re.compile(r"The worker representative answers the open hiring offer first\."),
     lambda m: _("The worker representative answers the open hiring offer first.")),
    (re.compile(r"You have produced on this red field already: production is once per red "
                r"field\."),
     lambda m: _("You have produced on this red field already: production is once per red "
                 "field.")),
]


def translate_refusal(message: str, language: str | None = None) -> str:
    """An engine (or service) refusal in the active language, or the English as it is."""
    if language is not None:
        with translation.override(language):
            return translate_refusal(message)
    if _english():
        return message
    for pattern, render in _REFUSALS:
        match = pattern.fullmatch(message)
        if match:
            try:
                text = render(match)
            except (KeyError, TypeError, ValueError):
                text = None
            if text:
                return text
    return message
