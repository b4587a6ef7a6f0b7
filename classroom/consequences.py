"""What each of a team's decisions does, in numbers, and why a choice is limited.

(Why a decision is missing altogether is the engine's refusal: ``classroom/why.py``.)

``legal_choices`` says *what* a team may do; this module says what happens if it does: the
price per unit and the total, the units, the Marks, the cash after. The figures of a move
come from the engine's quote of it (``playboss.rules.quote``: the move's own handler run on a
cheap copy of the state, without the turn's automatic steps): the cash and bank debt after,
the goods moved, and notes as codes with their numbers. This module only words them
(translated, ``ngettext``, the page's number grouping); it prices nothing itself.
``tests/rules/test_quote.py`` checks quotes against ``apply``, ``tests/web/test_decisions.py``
and ``tests/web/test_quote_labels.py`` the words.

Only the viewer's own choices get consequences (``selectors.panel`` calls ``describe`` for the
team whose screen it is); the bank's and the representative's moves keep their plain labels.
"""

from __future__ import annotations

import threading
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from playboss.rules import (
    BANK,
    WORKERS,
    Choice,
    GameState,
    Quote,
    RuleViolation,
    Team,
    action_from_dict,
    quote_values,
    view,
)

from .texts.bundles import bundle_text

#: A form's consequence: ``label`` (replaces the plain one), ``texts`` (value -> the option's
#: words), ``notes`` (one-line "why" notes under the move), ``start`` (a number field's first
#: value) and ``hint`` (a number field's range in words).
Described = dict[str, Any]


_SEPARATORS: dict[str, str] = {}
#: The page's thousands separator, set by ``describe`` for the calls it
#: makes (a thread draws one screen at a time, in one language).
_here = threading.local()


def _separator() -> str:
    language = get_language() or ""
    separator = _SEPARATORS.get(language)
    if separator is None:
        grouped = number_format(1000, force_grouping=True)
        separator = _SEPARATORS[language] = grouped[1] if len(grouped) == 5 else ""
    return separator


def m(value: int) -> str:
    """Marks grouped in the page's language: 13500 -> "13,500" / "13.500". Django's
    ``number_format`` asks the language's formats on every call, which was most of the cost of
    a screen's options: the separator is asked once per choice."""
    separator = getattr(_here, "separator", None)
    if separator is None:
        separator = _separator()
    return f"{int(value):,}".replace(",", separator)


def _units(n: int) -> str:
    return ngettext("%(n)s unit", "%(n)s units", n) % {"n": n}


def _workers(n: int) -> str:
    return ngettext("%(n)s worker", "%(n)s workers", n) % {"n": n}


def _cash_after(team: Team, delta: int) -> str:
    return _("cash after %(cash)s") % {"cash": m(team.cash + delta)}


class _Option:
    """The words of one kind of option, translated once per choice rather than per option:
    ``_Option(team)("units", n, cost=..., after=...)``."""

    def __init__(self, team: Team) -> None:
        self.cash = team.cash
        self.after = _("cash after %(cash)s")
        self.marks = _("%(cost)s Marks")
        self.plus = _("+%(revenue)s Marks")

    def bought(self, n: int, cost: int) -> str:
        return " · ".join((_units(n), self.marks % {"cost": m(cost)},
                           self.after % {"cash": m(self.cash - cost)}))

    def sold(self, n: int, revenue: int) -> str:
        return " · ".join((_units(n), self.plus % {"revenue": m(revenue)},
                           self.after % {"cash": m(self.cash + revenue)}))


def _steps(state: GameState) -> frozenset[int]:
    return state.config.steps


def _seen(state: GameState, viewer: str) -> dict[str, Any]:
    """``view(state, viewer)``: what the engine shows the viewer of the running bidding, the
    auction, the labour market's offers, a takeover offer, a bankrupt team's estate. The
    screen's own view when ``describe`` was given it, else one asked once per call."""
    seen: dict[str, Any] | None = getattr(_here, "seen", None)
    if seen is None or seen.get("viewer") != viewer or seen.get("seq") != state.seq:
        seen = _here.seen = view(state, viewer)
    return seen


#: Values of a number field quoted: what a screen lists (its drop-down, at most 60 options).
#: A choice of more values is a number field whose options are not listed: only its first
#: and its last value are quoted (the field's start, and the notes of what limits it).
QUOTED_VALUES = 60
#: Screens of how many states keep their quotes (``_memo``): a move's screens are drawn from
#: one state, in every language and for every split duty and page of the books.
MEMO_STATES = 4
_memo_lock = threading.Lock()
_memo: dict[tuple[int, int, int], tuple[GameState, dict[Any, dict[Any, Quote]]]] = {}


def _quotes(state: GameState, team: Team, choice: Choice,
            last_only: bool = False) -> dict[Any, Quote]:
    """The engine's quote of each value the screen lists (one, under None, without a
    parameter), asked once per state and team: a quote is the same in every language.
    ``last_only``: the options' words need no quote, only the notes of the last value."""
    values = list(choice.values) if choice.param is not None else []
    if values and last_only:
        values = values[-1:]
    elif len(values) > QUOTED_VALUES:
        values = [values[0], values[-1]]
    key = (team.name, choice.cls.type, repr(sorted(choice.fixed.items())), tuple(values))
    quotes = _memo_of(state)
    found = quotes.get(key)
    if found is None:
        asked = Choice(choice.cls, choice.fixed, choice.param, values) if values else choice
        found = quotes[key] = quote_values(state, team.name, asked)
    return found


def _memo_of(state: GameState) -> dict[Any, dict[Any, Quote]]:
    """The quotes asked of this state so far. Keyed by the state object and its move (a
    cached state catches up in place, and its sequence number and ledger grow with every
    move); the state is held, so its id cannot be another's while it is kept."""
    key = (id(state), state.seq, len(state.ledger.entries))
    with _memo_lock:
        kept = _memo.get(key)
        if kept is None or kept[0] is not state:
            while len(_memo) >= MEMO_STATES:
                _memo.pop(next(iter(_memo)))
            kept = _memo[key] = (state, {})
        return kept[1]


def _last(quotes: dict[Any, Quote]) -> Quote:
    """The quote of the largest value: its notes say what limits the choice."""
    return quotes[next(reversed(quotes))]


def _spent(q: Quote) -> int:
    return q.cash_before - q.cash


def _earned(q: Quote) -> int:
    return q.cash - q.cash_before


def _live(pattern: str, times: int, cash: int, sign: int, start: int) -> dict[str, Any]:
    """A number field's consequence that follows what is typed (``live.js``): the words with
    ``{total}`` and ``{cash}`` for the numbers, and the text for the field's first value."""
    words = pattern % {"total": "{total}", "cash": "{cash}"}
    total = start * times
    return {"times": times, "cash": cash, "sign": sign, "pattern": words,
            "text": words.replace("{total}", m(total)).replace("{cash}",
                                                                 m(cash + sign * total))}


def _advertise(state: GameState, team: Team, choice: Choice) -> Described:
    """Advertising "next": a campaign bought on a red field not yet decided waits for the next
    red field (``advertising.campaign_bought``)."""
    if _quotes(state, team, choice)[None].note("advertising_next_red_field") is not None:
        return {"notes": [_("Bought now, the campaign applies from your next red field, not "
                            "this one.")]}
    return {}


# ---------------------------------------------------------------- the red field
def _purchase(state: GameState, team: Team, choice: Choice) -> Described:
    words = _Option(team)
    quotes = _quotes(state, team, choice)
    texts = {n: words.bought(n, _spent(q)) for n, q in quotes.items()}
    last = _last(quotes)
    notes = []
    capped, further = last.note("purchase_capped_auction"), last.note("next_unit_costs")
    bought_out = last.note("market_bought_out")
    if capped is not None:
        notes.append(_("Competition during purchasing: at most %(n)s units at the market "
                       "price; the rest of that price zone is then auctioned to every "
                       "team.") % {"n": capped["units"]})
    elif further is not None:
        notes.append(_("Your cash, %(cash)s Marks, pays for %(units)s; the next unit costs "
                       "%(next)s Marks.") % {"cash": m(further["cash"]),
                                             "units": _units(further["units"]),
                                             "next": m(further["next"])})
    elif bought_out is not None:
        # Only when the market, not the cash, is what stops the team.
        notes.append(_("The market holds %(units)s of raw material, and you can pay for all "
                       "of them.")
                     % {"units": _units(bought_out["units"])})
    return {"texts": texts, "notes": notes}


def _rolled(team: Team) -> str:
    return ngettext("you have rolled %(now)s time", "you have rolled %(now)s times",
                    team.rolls) % {"now": team.rolls}


def _price_on_credit(q: Quote) -> int:
    """What a purchase on credit costs: the cash it takes and the credit it borrows."""
    return _spent(q) + q.debt_change


def _on_credit(state: GameState, team: Team, choice: Choice) -> tuple[Described, Quote]:
    texts = {}
    on_credit, own, after = (_("%(credit)s Marks on credit"), _("%(own)s Marks from your cash"),
                             _("cash after %(cash)s"))
    debt = _("bank debt %(debt)s")
    quotes = _quotes(state, team, choice)
    for credit, q in quotes.items():
        if credit:
            texts[credit] = " · ".join((
                on_credit % {"credit": m(q.debt_change)}, own % {"own": m(_spent(q))},
                after % {"cash": m(q.cash)}, debt % {"debt": m(q.bank_debt)}))
        else:
            texts[credit] = " · ".join((_("no credit"), own % {"own": m(_spent(q))},
                                        after % {"cash": m(q.cash)}))
    return {"texts": texts}, _last(quotes)


def _invest(state: GameState, team: Team, choice: Choice) -> Described:
    out, q = _on_credit(state, team, choice)
    out["label"] = _("Buy a machine for %(price)s Marks") % {"price": m(_price_on_credit(q))}
    notes = []
    ready = q.note("machine_ready_at")
    if ready is not None:
        notes.append(_("A new machine produces from your roll %(roll)s on (%(rolled)s).") % {
            "roll": ready["roll"], "rolled": _rolled(team)})
    if q.note("machine_needs_worker") is not None:
        notes.append(_("One worker runs one machine: a machine without a worker produces "
                       "nothing."))
    out["notes"] = notes
    return out


def _produce(state: GameState, team: Team, choice: Choice) -> Described:
    words = _Option(team)
    quotes = _quotes(state, team, choice)
    texts = {n: words.bought(n, _spent(q)) for n, q in quotes.items()}
    each = _spent(quotes[choice.values[0]]) // choice.values[0]
    return {"label": _("Produce at %(each)s Marks a unit") % {"each": m(each)},
            "texts": texts, "notes": _production_notes(team, _last(quotes))}


def _production_notes(team: Team, q: Quote) -> list[str]:
    """What limits the units produced (rulebook I, "Decision: Producing"; step 6's workers
    and goods bought since the last red field), in the engine's order."""
    notes = []
    for code, p in q.notes:
        if code == "machine_delivering":
            notes.append(_("Machine #%(id)s produces from your roll %(roll)s on (%(rolled)s).")
                         % {"id": p["machine"], "roll": p["roll"], "rolled": _rolled(team)})
        elif code == "workers_run_machines":
            notes.append(_("One worker runs one machine: your %(workers)s run %(run)s of your "
                           "%(machines)s delivered machines (%(units)s).")
                         % {"workers": _workers(p["workers"]), "run": p["run"],
                            "machines": p["machines"], "units": _units(p["units"])})
        elif code == "fresh_raw_waits":
            notes.append(_("%(units)s of raw material bought since your last red field can be "
                           "produced from your next red field on.")
                         % {"units": _units(p["units"])})
        elif code == "production_cash_limit":
            notes.append(_("Producing costs %(each)s Marks a unit: your cash, %(cash)s Marks, "
                           "pays for %(units)s.") % {"each": m(p["each"]), "cash": m(p["cash"]),
                                                     "units": _units(p["units"])})
        elif code == "production_raw_limit":
            notes.append(_("You have %(units)s of raw material.") % {"units": _units(p["units"])})
    return notes


def _room_note(q: Quote) -> list[str]:
    room = q.note("market_room")
    if room is not None:
        return [_("The market has room for %(units)s only.") % {"units": _units(room["units"])}]
    return []


def _sell(state: GameState, team: Team, choice: Choice) -> Described:
    words = _Option(team)
    # A campaign bought on this red field under the literal reading waits for the next one:
    # the prices quoted are the ones the engine pays.
    quotes = _quotes(state, team, choice)
    texts = {n: words.sold(n, _earned(q)) for n, q in quotes.items()}
    last = _last(quotes)
    notes = _room_note(last)
    if last.note("advertising_applies") is not None:
        notes.append(_("Your advertising campaign: each unit sells at the next higher price."))
    elif last.note("advertising_next_red_field") is not None:
        notes.append(_("Your advertising campaign applies from your next red field, not "
                       "this one."))
    return {"texts": texts, "notes": notes}


# ---------------------------------------------------------------- the other fields
def _cost_choice(state: GameState, team: Team, choice: Choice) -> Described:
    option = choice.fixed.get("option")
    if option not in ("idle", "sell_half", "produce"):
        return {}
    q = _quotes(state, team, choice)[None]
    if option == "idle":
        idle = q.note("idle_costs") or {"machines": 0, "each": 0, "cost": 0}
        return {"label": ngettext("Idle costs: %(n)s machine × %(each)s = %(cost)s Marks",
                                  "Idle costs: %(n)s machines × %(each)s = %(cost)s Marks",
                                  idle["machines"])
                % {"n": idle["machines"], "each": m(idle["each"]), "cost": m(idle["cost"])}}
    if option == "sell_half":
        units, revenue = -q.goods.get("finished", 0), _earned(q)
        return {"label": _("Sell %(units)s at half price: +%(revenue)s Marks (%(cash)s)")
                % {"units": _units(units), "revenue": m(revenue),
                   "cash": _cash_after(team, revenue)}}
    units, cost = q.goods.get("finished", 0), _spent(q)
    return {"label": _("Produce %(units)s for %(cost)s Marks (%(cash)s)")
            % {"units": _units(units), "cost": m(cost), "cash": _cash_after(team, -cost)}}


def _buy_web(state: GameState, team: Team, choice: Choice) -> Described:
    price = _spent(_quotes(state, team, choice)[None])
    return {"label": _("Buy a WEB chip for %(price)s Marks (%(cash)s)")
            % {"price": m(price), "cash": _cash_after(team, -price)}}


def _sell_back(state: GameState, team: Team, choice: Choice) -> Described:
    item = choice.fixed.get("item")
    if item not in ("raw", "finished", "machine", "computer"):
        return {}
    quotes = _quotes(state, team, choice)
    if item in ("raw", "finished"):
        words = _Option(team)
        return {"texts": {n: words.sold(n, _earned(q)) for n, q in quotes.items()}}
    # Collateral "repay_first": the sale first repays the bank debt above the line it leaves.
    value = {v: _earned(q) - q.debt_change for v, q in quotes.items()}
    if item == "machine":
        texts = {mid: _("machine #%(id)s · +%(revenue)s Marks")
                 % {"id": mid, "revenue": m(value[mid])} for mid in quotes}
        texts = {mid: f"{text} · {_collateral_words(-quotes[mid].debt_change)}"
                 if quotes[mid].debt_change else text for mid, text in texts.items()}
        return {"texts": texts}
    q = quotes[None]
    label = _("Sell back to the bank: the computer, +%(revenue)s Marks") % {
        "revenue": m(value[None])}
    if q.debt_change:
        label = f"{label} · {_collateral_words(-q.debt_change)}"
    return {"label": label}


def _collateral_words(repaid: int) -> str:
    """Collateral "repay_first": the sale first repays the bank debt above the line it leaves,
    from the proceeds as far as they go (the quote's bank debt after)."""
    return _("%(repaid)s Marks of it go to the bank first: your debt above the credit line "
             "that is left") % {"repaid": m(repaid)}


def _credit_texts(state: GameState, team: Team, choice: Choice) -> tuple[dict[Any, str],
                                                                            dict[Any, Quote]]:
    amount, after, debt = (_("%(amount)s Marks"), _("cash after %(cash)s"),
                           _("bank debt %(debt)s"))
    quotes = _quotes(state, team, choice)
    return {a: " · ".join((amount % {"amount": m(a)}, after % {"cash": m(q.cash)},
                           debt % {"debt": m(q.bank_debt)}))
            for a, q in quotes.items()}, quotes


def _take_credit(state: GameState, team: Team, choice: Choice) -> Described:
    texts, quotes = _credit_texts(state, team, choice)
    first = quotes[choice.values[0]]
    out: Described = {"texts": texts}
    out["live"] = _live(_("%(total)s Marks · cash after %(cash)s"), 1, team.cash, 1,
                        choice.values[0])
    terms = first.note("credit_available") or {"most": 0, "step": 0}
    out["hint"] = _("The bank lends up to %(most)s Marks now, in steps of %(step)s (half the "
                    "value of your machines and computers, less your debt).") % {
        "most": m(terms["most"]), "step": m(terms["step"])}
    return out


def _repay_credit(state: GameState, team: Team, choice: Choice) -> Described:
    texts, _quoted = _credit_texts(state, team, choice)
    return {"texts": texts,
            "hint": _("You owe the bank %(debt)s Marks.") % {"debt": m(team.bank_debt)}}


def _buy_computer(state: GameState, team: Team, choice: Choice) -> Described:
    out, q = _on_credit(state, team, choice)
    out["label"] = _("Buy a computer for %(price)s Marks") % {"price": m(_price_on_credit(q))}
    return out


# ---------------------------------------------------------------- step 1: the free market
def _offer_sale(state: GameState, team: Team, choice: Choice) -> Described:
    price = int(choice.fixed.get("price") or 0)
    # An offer at a price sells only when the bidding closes: its options name the price
    # times the units, and only the last value's notes (the market price, its room) are read.
    quotes = _quotes(state, team, choice, last_only=price != 0)
    last = _last(quotes)
    if price == 0:  # an advertising campaign: the sale goes through at once
        words = _Option(team)
        texts = {n: words.sold(n, _earned(q)) for n, q in quotes.items()}
        return {"label": _("Sell with your advertising campaign (nobody can underbid you)"),
                "texts": texts, "notes": _room_note(last)}
    terms = last.note("market_price") or {"price": 0, "step": 1}
    market, step = int(terms["price"]), int(terms["step"])
    total = _("%(total)s Marks if they sell")
    texts = {n: " · ".join((_units(n), total % {"total": m(n * price)})) for n in choice.values}
    if price == market:
        label = _("Offer at the market price, %(price)s Marks a unit") % {"price": m(price)}
        notes = [_("Teams holding finished product may underbid you in steps of %(step)s "
                   "Marks; the lowest offers sell.") % {"step": m(step)}]
        notes += _room_note(last)
    else:
        label = _("Offer at %(price)s Marks a unit (%(below)s below the market price)") % {
            "price": m(price), "below": m(market - price)}
        notes = []
    # Any price up to the market price (the literal reading) lists 100-Mark steps: the prices
    # between the underbidding's steps go behind "More prices", so a phone shows five buttons.
    secondary = price != market and (market - price) % step != 0
    return {"label": label, "texts": texts, "notes": notes, "secondary": secondary}


def _bidding(state: GameState, team: Team) -> dict[str, Any] | None:
    """The running bidding of step 1, as the engine shows it (the same to every viewer)."""
    found: dict[str, Any] | None = _seen(state, team.name).get("free_market")
    return found


def _point_holders(data: dict[str, Any], me: str) -> list[str]:
    """Who offers at the round's price point now (the first supplier included while in)."""
    point = data["price_point"]
    out = [o["team"] for o in data["offers"] if o["price"] == point and o["team"] != me]
    if data["seller_in"] and data["seller_price"] == point and data["seller"] != me:
        out.insert(0, data["seller"])
    return out


def _bid(state: GameState, team: Team, choice: Choice) -> Described:
    data = _bidding(state, team)
    price = int(choice.fixed.get("price") or 0)
    total = _("%(total)s Marks if they sell")
    texts = {n: " · ".join((_units(n), total % {"total": m(n * price)})) for n in choice.values}
    if data is None:
        return {"texts": texts}
    point = data["price_point"]
    holders = ", ".join(_point_holders(data, team.name)) or _("the lowest offer")
    notes = []
    standing = next((o for o in data["offers"] if o["team"] == team.name), None)
    if standing is not None and price == standing["price"]:
        label = _("Keep your price of %(price)s Marks a unit") % {"price": m(price)}
    elif price < point:
        label = _("Underbid %(who)s: offer at %(price)s Marks a unit (%(point)s now)") % {
            "who": holders, "price": m(price), "point": m(point)}
    elif price == point:
        label = _("Offer at %(price)s Marks a unit, the same as %(who)s (no underbid)") % {
            "who": holders, "price": m(price)}
        if data["seller_in"] and data["seller_price"] == point:
            notes.append(_("At the same price the first supplier, %(seller)s, sells first.")
                         % {"seller": data["seller"]})
    else:  # above the point: only a standing price is (kept above)
        label = _("Keep your price of %(price)s Marks a unit") % {"price": m(price)}
    # Once a round: on the dearest price open to the team (its standing price or the point).
    if standing is not None and price == max(point, int(standing["price"])):
        notes.append(_("You may offer fewer units than before (%(units)s), not more.")
                     % {"units": _units(standing["units"])})
    return {"label": label, "texts": texts, "notes": notes}


def _match_bid(state: GameState, team: Team, choice: Choice) -> Described:
    data = _bidding(state, team)
    if data is None:
        return {}
    point, units = int(data["price_point"]), int(data["units_sought"])
    return {"label": _("Match the lowest offer: sell %(units)s at %(price)s Marks a unit "
                       "(%(total)s Marks)") % {"units": _units(units), "price": m(point),
                                               "total": m(units * point)}}


def _withdraw_bid(state: GameState, team: Team, choice: Choice) -> Described:
    data = _bidding(state, team)
    if data is not None and data["seller"] == team.name:
        return {"label": _("Withdraw: sell nothing in this bidding")}
    return {"label": _("Withdraw: offer nothing in this bidding")}


# ---------------------------------------------------------------- step 2: the auction
def _auction_bid(state: GameState, team: Team, choice: Choice) -> Described:
    auction = _seen(state, team.name).get("auction")
    if auction is None:
        return {}
    units = int(auction["units"])
    values = list(choice.values)
    leader = auction["highest_bidder"]
    standing = int(auction["highest_bid"] if leader else auction["opening"])
    each, lot, after = (_("%(price)s Marks a unit"), _("%(total)s Marks for the lot"),
                        _("cash after %(cash)s"))
    texts = {p: " · ".join((each % {"price": m(p)}, lot % {"total": m(p * units)},
                            after % {"cash": m(team.cash - p * units)})) for p in values[:60]}
    if leader:
        note = _("Highest bid now: %(team)s, %(price)s Marks a unit.") % {
            "team": leader, "price": m(standing)}
    else:
        note = _("No bid yet: the bank opened at %(price)s Marks a unit.") % {
            "price": m(standing)}
    return {"label": _("Bid for the lot of %(units)s of raw material")
            % {"units": _units(units)},
            "texts": texts, "notes": [note], "start": values[0],
            "live": _live(_("%(total)s Marks for the lot · cash after %(cash)s"), units,
                          team.cash, -1, values[0]),
            "hint": _("From %(low)s to %(top)s Marks a unit (what your cash pays for the lot), "
                      "in steps of %(step)s.") % {"low": m(values[0]), "top": m(values[-1]),
                                                  "step": m(auction["step"])}}


def _auction_pass(state: GameState, team: Team, choice: Choice) -> Described:
    return {"label": _("Pass: drop out of this auction")}


# ---------------------------------------------------------------- step 3: marketing
def _marketing_sale(state: GameState, team: Team, choice: Choice) -> Described:
    """Sold without competition at the market price (rulebook II, "3. Step")."""
    words = _Option(team)
    quotes = _quotes(state, team, choice)
    out: Described = {"texts": {n: words.sold(n, _earned(q)) for n, q in quotes.items()}}
    if _last(quotes).note("marketing_one_per_turn") is not None:
        out["notes"] = [_("Your marketing organizations sell one unit per turn, however many "
                          "you own.")]
    return out


def _pay_marketing(state: GameState, team: Team, choice: Choice) -> Described:
    if choice.fixed.get("pay"):
        cost = _spent(_quotes(state, team, choice)[None])
        return {"label": _("Pay the marketing costs: %(cost)s Marks (%(cash)s)")
                % {"cost": m(cost), "cash": _cash_after(team, -cost)}}
    return {}


# ---------------------------------------------------------------- step 6: the labour market
def _offer_hire(state: GameState, team: Team, choice: Choice) -> Described:
    salary = int(choice.fixed.get("salary") or 0)
    bill = _("%(bill)s Marks salaries per red field")
    texts = {n: " · ".join((_workers(n), bill % {"bill": m(n * salary)}))
             for n in choice.values}
    return {"label": _("Offer to hire workers at %(salary)s Marks each per red field")
            % {"salary": m(salary)}, "texts": texts}


def _offer_of(state: GameState, viewer: str, choice: Choice) -> dict[str, Any] | None:
    """The hiring offer a choice answers, as the engine shows it to ``viewer``."""
    wanted = str(choice.fixed.get("offer"))
    labour = _seen(state, viewer).get("labor") or {}
    return next((o for o in labour.get("offers") or [] if str(o["id"]) == wanted), None)


def _hire_answer(state: GameState, team: Team, choice: Choice) -> Described:
    offer = _offer_of(state, team.name, choice)
    if offer is None:
        return {}
    n, salary = int(offer["workers"]), int(offer["salary"])
    what = {"workers": _workers(n), "salary": m(salary), "bill": m(n * salary)}
    if choice.cls.type == "accept_hire":
        return {"label": _("Accept: %(workers)s at %(salary)s Marks each per red field "
                           "(%(bill)s Marks a red field)") % what}
    if offer["by"] == WORKERS:
        return {"label": _("Turn down the offer of %(workers)s at %(salary)s Marks each")
                % what}
    return {"label": _("Withdraw your offer of %(workers)s at %(salary)s Marks each") % what}


def _give_notice(state: GameState, team: Team, choice: Choice) -> Described:
    return {"texts": {n: _("%(workers)s · they leave at your next red field")
                      % {"workers": _workers(n)} for n in choice.values}}


# ---------------------------------------------------------------- the white field
def _write_off(state: GameState, team: Team, choice: Choice) -> Described:
    """Rulebook I, "The White Write-off Field": a machine returned is one machine less at the
    end (valued at ``FINAL_VALUE``), a double one set back produces one unit less."""
    option = choice.fixed.get("option")
    if option == "web":
        return {"label": _("Pay 1 WEB chip and keep your machines (%(left)s left)")
                % {"left": ngettext("%(n)s chip", "%(n)s chips", team.web - 1)
                   % {"n": team.web - 1}}}
    if option == "return":
        # The option stays short (a phone's drop-down cuts long ones); the note says the rest.
        worth = _("machine #%(id)s · %(value)s Marks at the end")
        final = _quotes(state, team, choice)[choice.values[0]].note("machine_final_value")
        value, left = m(final["value"] if final else 0), int(final["left"] if final else 0)
        kept = ngettext("%(n)s machine", "%(n)s machines", left) % {"n": left}
        return {"label": _("Return a machine to the bank (no money back)"),
                "texts": {mid: worth % {"id": mid, "value": value} for mid in choice.values},
                "notes": [_("A machine returned is gone: at the end each machine counts "
                            "%(value)s Marks. You keep %(left)s.")
                          % {"value": value, "left": kept}]}
    if option == "downgrade":
        single = _("machine #%(id)s · produces 1 unit a red field instead of 2")
        return {"label": _("Turn a double machine back to single (you keep the machine)"),
                "texts": {mid: single % {"id": mid} for mid in choice.values}}
    return {}


# ---------------------------------------------------------------- private deals
def _deal_answer(state: GameState, team: Team, choice: Choice) -> Described:
    deal = state.deals.get(int(choice.fixed.get("deal") or 0))
    if deal is None:
        return {}
    kind = choice.cls.type
    if kind == "withdraw_deal":
        return {"label": _("Withdraw your deal %(deal)s with %(team)s (nothing changes hands)")
                % {"deal": deal.id, "team": deal.partner}}
    if kind == "reject_deal":
        return {"label": _("Turn down %(team)s's deal %(deal)s (nothing changes hands)")
                % {"deal": deal.id, "team": deal.proposer}}
    after = _quotes(state, team, choice)[None].cash
    label = _("Accept: you give %(give)s and get %(get)s · cash after %(cash)s") % {
        "give": bundle_text(deal.take), "get": bundle_text(deal.give), "cash": m(after)}
    shown: dict[str, Any] = next((d for d in _seen(state, team.name)["deals"]
                                  if d["id"] == deal.id), {})
    if shown.get("due") is not None:  # the loan's due date, if agreed (the engine's view)
        label = f"{label} · {due_words(shown['due'])}"
    return {"label": label}


def due_words(due: dict[str, Any]) -> str:
    """"due when Blue completes year 5" (a deal's ``due`` in the engine's view)."""
    return _("the loan is due when %(team)s completes year %(year)s") % {
        "team": due["borrower"], "year": due["year"]}


# ---------------------------------------------------------------- a bankrupt team's assets
def _estate_bid(state: GameState, team: Team, choice: Choice) -> Described:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bid buys the
    whole lot; the price is for all of it, not per unit."""
    estate = _seen(state, team.name).get("estate") or {}
    lot = _("%(total)s Marks for the whole lot · cash after %(cash)s")
    return {"label": _("Bid for %(team)s's assets (the whole lot)")
            % {"team": estate.get("team", "")},
            "param_label": _("Marks for the whole lot"),
            "texts": {p: lot % {"total": m(p), "cash": m(team.cash - p)}
                      for p in choice.values}}


# ---------------------------------------------------------------- steps 4 and 6: takeovers
def _takeover_answer(state: GameState, team: Team, choice: Choice) -> Described:
    wanted = str(choice.fixed.get("offer"))
    offer = next((o for o in _seen(state, team.name).get("takeovers") or []
                  if str(o["id"]) == wanted), None)
    if offer is None:
        return {}
    what = {"buyer": offer["buyer"], "target": offer["target"], "price": m(offer["price"])}
    if choice.cls.type == "accept_takeover":
        return {"label": _("Accept: %(buyer)s pays %(price)s Marks to your owners and takes "
                           "over your business with all it has and owes; your team leaves "
                           "the game") % what}
    if team.name == offer["buyer"]:
        return {"label": _("Take back your offer of %(price)s Marks for %(target)s's "
                           "business") % what}
    out: Described = {"label": _("Turn down %(buyer)s's offer of %(price)s Marks for your "
                                 "business") % what}
    # Only the answer "turn down" is listed when the rules keep the target from accepting:
    # the engine's own refusal of the acceptance says why.
    from .texts import translate_refusal

    # The acceptance's move by its name (the surface reads moves by name, as a log does).
    accept = type(action_from_dict({"type": "accept_takeover", "actor": team.name}))
    try:
        quote_values(state, team.name, Choice(accept, {"offer": offer["id"]}))
    except RuleViolation as problem:
        out["notes"] = [_("You cannot accept now: %(why)s") % {
            "why": translate_refusal(problem)}]
    return out


DESCRIBERS = {
    "purchase": _purchase,
    "invest": _invest,
    "produce": _produce,
    "sell": _sell,
    "cost": _cost_choice,
    "buy_web": _buy_web,
    "web_advertising": _advertise,
    "sell_back": _sell_back,
    "take_credit": _take_credit,
    "repay_credit": _repay_credit,
    "buy_computer": _buy_computer,
    "offer_sale": _offer_sale,
    "bid": _bid,
    "match_bid": _match_bid,
    "withdraw_bid": _withdraw_bid,
    "auction_bid": _auction_bid,
    "auction_pass": _auction_pass,
    "marketing_sale": _marketing_sale,
    "pay_marketing": _pay_marketing,
    "offer_hire": _offer_hire,
    "accept_hire": _hire_answer,
    "reject_hire": _hire_answer,
    "give_notice": _give_notice,
    "write_off": _write_off,
    "accept_deal": _deal_answer,
    "reject_deal": _deal_answer,
    "withdraw_deal": _deal_answer,
    "estate_bid": _estate_bid,
    "accept_takeover": _takeover_answer,
    "reject_takeover": _takeover_answer,
}


def describe(state: GameState, team: Team, choice: Choice,
             seen: dict[str, Any] | None = None) -> Described:
    """The consequence of ``choice`` for ``team``: see ``Described``. {} when there is
    nothing to add to the plain label. ``seen``: the screen's ``view(state, team.name)``,
    if it has one (else it is asked when a describer needs it)."""
    fn = DESCRIBERS.get(choice.cls.type)
    if fn is None or (choice.param is not None and not choice.values):
        return {}
    _here.separator, _here.seen = _separator(), seen
    try:
        return fn(state, team, choice)
    finally:
        _here.separator = _here.seen = None


# ---------------------------------------------------------------- the consoles
def _rep_offer(state: GameState, choice: Choice) -> Described:
    """The representative offers workers to a team (rulebook II, "6. Step")."""
    salary, team = int(choice.fixed.get("salary") or 0), str(choice.fixed.get("team") or "")
    bill = _("%(bill)s Marks to you per red field of %(team)s")
    return {"label": _("Offer %(team)s workers at %(salary)s Marks each per red field")
            % {"team": team, "salary": m(salary)},
            "texts": {n: " · ".join((_workers(n), bill % {"bill": m(n * salary),
                                                          "team": team}))
                      for n in choice.values}}


def _rep_answer(state: GameState, choice: Choice) -> Described:
    """The representative answers a team's hiring offer, or takes back its own."""
    offer = _offer_of(state, WORKERS, choice)
    if offer is None:
        return {}
    n, salary = int(offer["workers"]), int(offer["salary"])
    what = {"team": offer["team"], "workers": _workers(n), "salary": m(salary),
            "bill": m(n * salary)}
    if choice.cls.type == "accept_hire":
        return {"label": _("Accept: %(team)s hires %(workers)s at %(salary)s Marks each "
                           "(%(bill)s Marks to you per red field of %(team)s)") % what}
    if offer["by"] == WORKERS:
        return {"label": _("Take back your offer to %(team)s: %(workers)s at %(salary)s "
                           "Marks each") % what}
    return {"label": _("Turn down %(team)s's request for %(workers)s at %(salary)s Marks "
                       "each") % what}


def _rep_notice(state: GameState, choice: Choice) -> Described:
    team = str(choice.fixed.get("team") or "")
    return {"texts": {n: _("%(workers)s leave %(team)s at its next red field")
                      % {"workers": _workers(n), "team": team} for n in choice.values}}


def _rep_strike(state: GameState, choice: Choice) -> Described:
    """Rulebook II, "6. Step: Labor Market", "Strike": what a strike costs both sides, on the
    button the teacher presses (not "teams Red")."""
    if choice.cls.type == "end_strike":
        return {"label": _("End the strike at %(team)s") % {"team": choice.fixed.get("team")}}
    names = list(choice.fixed.get("teams") or [])
    if len(names) != 1 or names[0] not in state.teams:
        return {}
    terms = quote_values(state, WORKERS, choice)[None].note("strike_terms")
    if terms is None:
        return {}
    return {"label": _("Call a strike at %(team)s (from its next red field: no salaries, no "
                       "production, idle costs %(each)s Marks per machine; you pay strike "
                       "wages for its %(workers)s)")
            % {"team": terms["team"], "each": m(terms["per_machine"]),
               "workers": _workers(terms["workers"])}}


def _bank_quote(state: GameState, choice: Choice) -> Quote:
    return quote_values(state, BANK, choice)[None]


def _bank_close_auction(state: GameState, choice: Choice) -> Described:
    """Rulebook II, "2. Step": the close's own quote says who buys the lot at what price (a
    highest bidder who can no longer pay is passed over, as the close passes over it)."""
    q = _bank_quote(state, choice)
    won, unsold = q.event("auction_won"), q.event("auction_unsold")
    if won is not None:
        return {"label": _("Close the auction: %(team)s buys %(units)s at %(price)s Marks a "
                           "unit (%(total)s Marks)")
                % {"team": won["team"], "units": _units(int(won["units"])),
                   "price": m(won["price"]), "total": m(won["cost"])}}
    if unsold is not None:
        return {"label": _("Close the auction: nobody bid, the %(units)s stay on the board")
                % {"units": _units(int(unsold["units"]))}}
    return {}


def _bank_close_estate(state: GameState, choice: Choice) -> Described:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the close's quote
    says who takes the bankrupt team's assets for how much."""
    sold = _bank_quote(state, choice).event("estate_sold")
    if sold is None:
        return {}
    if sold["team"] != BANK:
        return {"label": _("Close the auction: %(buyer)s buys %(team)s's assets for "
                           "%(price)s Marks") % {"buyer": sold["team"],
                                                 "team": sold["partner"],
                                                 "price": m(sold["price"])}}
    return {"label": _("Close the auction: the bank takes %(team)s's assets for %(value)s "
                       "Marks") % {"team": sold["partner"], "value": m(sold["price"])}}


#: The moves of the bank and of the worker representative that name their numbers on their
def _bank_close_bidding(state: GameState, choice: Choice) -> Described:
    """Closing a round of the free market's bidding: who has not answered withdraws (rulebook
    step 1; the close's own quote names them), the offers standing are the round's (the
    engine's view)."""
    data = _seen(state, BANK).get("free_market")
    closed = _bank_quote(state, choice).event("close_bidding")
    if data is None or closed is None:
        return {}
    silent = list(closed["silent"])
    values = {"round": closed["round"], "units": _units(int(data["units_sought"])),
              "offered": _units(int(data["units_on_offer"]))}
    if not silent:
        return {"label": _("Close round %(round)s of the bidding: %(units)s sought, "
                           "%(offered)s on offer") % values}
    return {"label": _("Close round %(round)s of the bidding now: %(silent)s, not answered "
                       "yet, withdraw; %(units)s sought, %(offered)s on offer")
            % {**values, "silent": ", ".join(silent)}}


#: consoles (their answers and closes; the teams' own moves played for them are described as
#: on the team's screen).
CONSOLE_DESCRIBERS = {
    "offer_hire": _rep_offer,
    "accept_hire": _rep_answer,
    "reject_hire": _rep_answer,
    "give_notice": _rep_notice,
    "call_strike": _rep_strike,
    "end_strike": _rep_strike,
    "close_bidding": _bank_close_bidding,
    "close_auction": _bank_close_auction,
    "close_estate": _bank_close_estate,
}


def describe_console(state: GameState, choice: Choice,
                     seen: dict[str, Any] | None = None) -> Described:
    """The consequence of a move of the bank or of the worker representative, on its
    console; {} where the plain label says it all. ``seen``: the console's view, if any."""
    fn = CONSOLE_DESCRIBERS.get(choice.cls.type)
    if fn is None or (choice.param is not None and not choice.values):
        return {}
    _here.separator, _here.seen = _separator(), seen
    try:
        return fn(state, choice)
    finally:
        _here.separator = _here.seen = None
