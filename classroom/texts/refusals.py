"""The engine's refusals in the page's language.

Every ``RuleViolation`` (and the services' "The game is over." and kin) is an English sentence.
``translate_refusal(message)`` matches it against a table of patterns for the commonest
refusals (``_REFUSALS``) and tells it in the active language; any other message stays English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .formatting import english_number, in_english, money
from .words import party_text, reason_text


def _amount(text: str) -> str:
    return money(english_number(text))


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
    (re.compile(r"(?P<team>.+) has moved since this screen was drawn \(move (?P<seq>\d+)\); "
                r"the screen is up to date now: look and decide again\."),
     lambda m: _("%(team)s has moved since this screen was drawn (move %(seq)s); the screen "
                 "is up to date now: look and decide again.") % {
         "team": party_text(m["team"]), "seq": m["seq"]}),
    (re.compile(r"That move key was already used for another move\."),
     lambda m: _("That move key was already used for another move.")),
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
    if in_english():
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
