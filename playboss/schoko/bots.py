"""Bots: ``choose(state, actor)`` returns a legal move and the reason for it, a code and its
params (no words, like a refusal), so the site can tell it in its own language.

``random``: uniform over the kinds of move, then over the move's parameter (fuzzing); now and
then an any-time move (a loan, an express card). ``careful``: a small, lean company that sells
only at a fair price, keeps a cash reserve for the salaries and puts what is left into shares;
its reasons are hints for a team (``hint``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..common.chance import Chance
from . import cards
from .actions import (
    Accept,
    Action,
    Announce,
    Bid,
    BuyInside,
    BuyShares,
    Call,
    CashOut,
    ChoosePark,
    Decline,
    EmergencyFire,
    EndFinance,
    Hire,
    Join,
    Pass,
    PaySalaries,
    PlayExpress,
    Process,
    Produce,
    RaisePrice,
    Repay,
    Request,
    SellShares,
    SellToBank,
    SetMarker,
    TakeLoan,
)
from .cocoa import free_cocoa
from .contracts import CHOICE, may_sell_to_bank
from .legal import any_time_choices, legal_choices, turn_choices, waiting_for
from .sales import production_capacity, track_capacity
from .staff import salaries_due
from .state import BANK, GameState, Team

Params = dict[str, object]


class Reason(NamedTuple):
    code: str
    params: Params


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Chance(seed)

    def choose(self, state: GameState, actor: str) -> tuple[Action, Reason]:
        raise NotImplementedError


#: The random bot's one reason (shared: a reason is read, never changed).
_RANDOM = Reason("random", {})


class RandomBot(Bot):
    name = "random"

    def choose(self, state: GameState, actor: str) -> tuple[Action, Reason]:
        if actor == BANK:
            return RaisePrice(BANK, state.config.price_step), Reason("default_step", {})
        team = state.teams[actor]
        choices = turn_choices(state, team) if actor in waiting_for(state) else []
        if not choices or self.rng.below(25) == 0:
            # legal_choices(state, actor), without making the turn's choices again
            choices = [] if team.bankrupt else choices + any_time_choices(state, team)
        below = self.rng.below
        c = choices[below(len(choices))]
        return c.pick(actor, below(c.size())), _RANDOM


#: The careful bot's company: two workers (6 bars a month), two sales reps, two secretaries
#: and one bookkeeper: 62,000 a month.
TARGET = {"worker": 3, "sales": 2, "secretary": 2, "bookkeeper": 1}
FAIR_PRICE = 15_000  # a bar sold for less hardly pays cocoa, the worker and the office
COCOA_BID = 2_000
RESERVE = 20_000  # cash kept beyond next month's salaries and cocoa
CALL_ABOVE = 6_000  # variant: a bar of cocoa offered dearer than this is called
NASTY = ("spitze", "ruehrend", "bedauerlich", "fuerchterlich", "katastrophal", "schmerzlich",
         "schlapp", "entsetzlich", "grosszuegig", "unglaublich")


class CarefulBot(Bot):
    name = "careful"
    #: inside information is bought when what it could save is worth this many times its
    #: price (measured: at 1x the buyers ended poorer than the teams that never bought)
    inside_worth = 2

    def choose(self, state: GameState, actor: str) -> tuple[Action, Reason]:
        s = state
        if actor == BANK:
            return RaisePrice(BANK, s.config.price_step), Reason(
                "default_step", {"step": s.config.price_step})
        team = s.teams[actor]
        if s.interrupt:
            kind = next(k for k in ("bookkeeper", "secretary", "sales", "worker")
                        if team.staff[k])
            return ChoosePark(actor, kind), Reason("holiday_least_needed", {"kind": kind})
        phase = s.phase
        played = self._express(s, team)
        if played is not None:
            return played
        if phase == "inside":
            return self._inside(s, team)
        if phase == "staff":
            return self._staff(s, team)
        if phase == "emergency":
            kind = next(k for k in ("bookkeeper", "secretary", "sales", "worker")
                        if team.staff[k])
            return EmergencyFire(actor, kind), Reason("loan_headcount", {"kind": kind})
        if phase == "request":
            need = self._cocoa_need(team)
            if team.inside == "kakaoschock":  # no cocoa next month: buy for two
                need = min(free_cocoa(team), need + cards.PER_WORKER * team.staff["worker"])
                return Request(actor, need), Reason("cocoa_before_kakaoschock", {"bars": need})
            return Request(actor, need), Reason("cocoa_for_workers", {
                "bars": need, "workers": team.staff["worker"]})
        if phase == "bid":
            return self._bid(s, team)
        if phase == "announce":
            bars, price = s.sealed.get(actor, (0, 0))
            if bars and bars * price > team.cash:  # a card took cash since: no offer
                bars = price = 0
            return Announce(actor, bars, price), Reason("announce_as_written", {
                "bars": bars, "price": price})
        if phase == "call":
            return self._call(s, team)
        if phase == "produce":
            n = production_capacity(s, team)
            return Produce(actor, n), Reason("produce_all", {"bars": n})
        if phase == "marker":
            n = track_capacity(s, team)
            return SetMarker(actor, n), Reason("every_meeting", {"meetings": n})
        if phase == "join":
            # every meeting it can deliver: one standing yes for the month
            return Join(actor, True, every=True), Reason("join_with_chocolate", {
                "chocolate": team.chocolate})
        if phase == "offer":
            return self._offer(s, team)
        if phase == "after_sale":
            return self._after_sale(s, team)
        if phase in CHOICE:
            return self._contract_choice(s, team)
        if phase == "bank_sale":
            if may_sell_to_bank(s, team):
                n = min(cards.BANK_SALE_MAX, team.chocolate)
                return SellToBank(actor, n), Reason("bank_sale_no_contract", {
                    "bars": n, "price": cards.BANK_SALE_PRICE})
            return Pass(actor), Reason("nothing_to_sell", {})
        if phase == "finance":
            return self._finance(s, team)
        c = legal_choices(s, actor)[0]
        return c.pick(actor, 0), Reason("only_move", {})

    # ------------------------------------------------------------ helpers
    def _cocoa_need(self, team: Team) -> int:
        months = 2 if team.inside == "kakaoschock" else 1
        return max(0, min(free_cocoa(team),
                          months * cards.PER_WORKER * team.staff["worker"] - team.cocoa))

    def _inside(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        """Inside information when what it could save is worth more than its 15,000: the
        chocolate a "Schock im Schokolager" would tax or a "Schoko Protest" take (sold at any
        price instead), a month's cocoa before a "Kakaoschock" (bought now). Only the deck's
        composition is used (the cards turned are public), never its order."""
        left = _events_left(s)
        if s.month == 1 or s.month == s.config.months or not left or \
                team.cash < cards.INSIDE_PRICE + self._reserve(s, team):
            return Pass(team.name), Reason("no_inside_information", {
                "price": cards.INSIDE_PRICE})
        stock = team.chocolate + min(team.cocoa, cards.PER_WORKER * team.staff["worker"])
        gain = {"schock": cards.SCHOCK_TAX * stock,
                "protest": min(cards.PROTEST_BARS, stock) * cards.BANK_SALE_PRICE,
                "kakaoschock": cards.PER_WORKER * team.staff["worker"] * INSIDE_BAR_MARGIN}
        worth = sum(gain.get(card, 0) for card in left) // len(left)
        if worth > self.inside_worth * cards.INSIDE_PRICE:
            return BuyInside(team.name), Reason("inside_pays", {
                "worth": worth, "price": cards.INSIDE_PRICE})
        return Pass(team.name), Reason("no_inside_information", {"price": cards.INSIDE_PRICE})

    def _reserve(self, s: GameState, team: Team) -> int:
        return team.payroll() + COCOA_BID * cards.PER_WORKER * team.staff["worker"] + RESERVE

    def _staff(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        last = s.month == s.config.months
        if not last:
            for kind in cards.STAFF:
                want = TARGET[kind] - team.staff[kind]
                if want > 0:
                    for c in turn_choices(s, team):
                        if c.cls is Hire and c.fixed["kind"] == kind:
                            n = min(want, len(c.values))
                            return Hire(team.name, kind, n), Reason("hire_to_plan", {
                                "kind": kind, "count": n, "plan": TARGET[kind]})
        due = salaries_due(team)
        if team.cash < due + COCOA_BID * self._cocoa_need(team) and s.loan_cards:
            return TakeLoan(team.name, 1), Reason("loan_for_salaries", {
                "due": due, "cash": team.cash})
        return PaySalaries(team.name), Reason("pay_salaries", {"due": due})

    def _bid(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        bought_need = self._cocoa_need(team)
        bars = min(bought_need, s.market[s.city])
        price = COCOA_BID
        if bars and bars * price <= team.cash:
            return Bid(team.name, bars, price), Reason("bid_for_need", {
                "bars": bars, "price": price, "city": s.config.cities[s.city]})
        if not bought_need:  # enough for the month: the later cities lined out too
            return Bid(team.name, 0, 0, rest=True), Reason("no_more_cocoa_needed", {
                "city": s.config.cities[s.city]})
        return Bid(team.name, 0, 0), Reason("no_cocoa_needed", {"city": s.config.cities[s.city]})

    def _offer(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        m = s.meeting
        assert m is not None
        bars, low, high = s.config.contracts[m.card]
        fair = FAIR_PRICE * bars
        if team.inside in ("schock", "protest"):  # chocolate kept is taxed or lost
            return Accept(team.name), Reason("sell_before_event", {
                "price": m.price, "event": team.inside})
        if m.price >= min(fair, high):
            return Accept(team.name), Reason("fair_price", {
                "price": m.price, "bars": bars, "per_bar": m.price // bars})
        wanted = min(fair, high)  # asked again when the ladder gets there
        return Decline(team.name, below=wanted), Reason("price_too_low", {
            "price": m.price, "wanted": wanted})

    def _call(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        """Variant: call an offer only when it is dearer than any sensible bid (a team that
        states it means to lose money on cocoa, or bluffs to scare the others off)."""
        name, (bars, price, _) = next((n, o) for n, o in s.offers.items() if o[2] == "open")
        if price > CALL_ABOVE and team.cash > cards.VARIANT_FEE + self._reserve(s, team):
            return Call(team.name, True), Reason("call_dear_offer", {
                "team": name, "price": price, "above": CALL_ABOVE})
        return Call(team.name, False), Reason("offer_believed", {"team": name, "price": price})

    def _contract_choice(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        """The dearest contract first: the secretaries move the money nearest to cash, the
        bookkeepers cash the most (any left may be lost to "Finanzielle Magenverstimmung")."""
        forced, pool, k = CHOICE[s.phase](team)
        chosen = s.sealed.get(team.name, ())
        best = min((c for c in pool if c.card not in chosen),
                   key=lambda c: (-c.price, c.month, c.card))
        if s.phase == "process":
            return Process(team.name, best.card), Reason("process_dearest", {
                "card": best.card, "price": best.price})
        return CashOut(team.name, best.card), Reason("cash_dearest", {
            "card": best.card, "price": best.price})

    def _after_sale(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        for c in turn_choices(s, team):
            if c.cls is PlayExpress:
                card, target = c.fixed["card"], c.fixed["target"]
                return PlayExpress(team.name, card, target), Reason("spoil_rival_sale", {
                    "card": card, "target": target})
        return Pass(team.name), Reason("no_card_to_play", {})

    def _express(self, s: GameState, team: Team) -> tuple[Action, Reason] | None:
        """From February, each card when it hurts most: production cards before phase 3,
        the chocolate cards once it is made (at the markers), money cards at the start of a
        month; on the rival it hurts most, the leader (by what lies on the table) first."""
        if s.month == 1 or not team.hand or s.phase not in _WHEN_PHASES:
            return None
        best: tuple[int, int, str, str] | None = None
        for card in team.hand:
            if s.phase not in WHEN.get(card, ()):
                continue
            for other in s.order():
                if other == team.name or s.teams[other].received is not None:
                    continue
                target = s.teams[other]
                damage = _damage(s, card, target)
                if damage <= 0:
                    continue
                key = (damage, _table_worth(s, target), card, other)
                if best is None or key > best:
                    best = key
        if best is None:
            return None
        damage, _, card, target_name = best
        action = PlayExpress(team.name, card, target_name)
        if not any(c.cls is PlayExpress and c.fixed == {"card": card, "target": target_name}
                   for c in legal_choices(s, team.name)):
            return None
        return action, Reason("express_on_rival", {"card": card, "target": target_name,
                                                   "damage": damage})

    def _finance(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        reserve = self._reserve(s, team)
        if team.loans and team.cash >= cards.LOAN + cards.INTEREST:
            # a loan kept costs 10,000 a month; one taken again when needed costs the same
            return Repay(team.name, 1), Reason("repay_loan", {"cash": team.cash})
        value = s.config.share_value(s.month)
        going_on = s.month < s.config.months
        if going_on and team.shares and team.loans and \
                team.cash + value >= cards.LOAN + cards.INTEREST:
            # a share gains 7,000 a month, a loan costs 10,000: sell one to repay one
            return SellShares(team.name, 1), Reason("sell_share_to_repay", {
                "value": value, "loans": team.loans})
        due = team.payroll() + team.loans * cards.INTEREST
        if going_on and team.shares and team.cash < due:
            # cheaper than the loan the salaries and the interest would take otherwise
            return SellShares(team.name, 1), Reason("sell_share_for_salaries", {
                "value": value, "due": due, "cash": team.cash})
        spare = team.cash - reserve
        if going_on and spare >= value and s.share_certificates:
            n = min(spare // value, s.share_certificates)
            return BuyShares(team.name, n), Reason("shares_with_spare_cash", {
                "count": n, "value": value, "spare": spare})
        return EndFinance(team.name), Reason("keep_reserve", {"reserve": reserve})


#: When the careful bot plays each express card: before production, once the chocolate is
#: made (the markers are placed after phase 3), or at the start of a month.
WHEN = {"katastrophal": ("request", "bid"), "schmerzlich": ("request", "bid"),
        "bedauerlich": ("marker",), "fuerchterlich": ("marker",), "entsetzlich": ("marker",),
        "schlapp": ("marker",), "spitze": ("inside",), "ruehrend": ("inside",),
        "unglaublich": ("inside",), "grosszuegig": ("inside",)}
_WHEN_PHASES = frozenset(p for phases in WHEN.values() for p in phases)
INSIDE_BAR_MARGIN = 8_000  # what a bar made and sold earns over its cocoa (about)
BAR = 12_000  # a bar of chocolate at about a contract's lowest price


def _damage(s: GameState, card: str, t: Team) -> int:
    """About what ``card`` costs ``t`` (0: nothing now), from what lies on the table."""
    workers = t.at_work("worker")
    if card == "bedauerlich":
        return t.chocolate // 3 * BAR
    if card == "fuerchterlich":
        return min(t.chocolate, len(s.in_game()) - 1) * BAR
    if card == "katastrophal":
        return max(0, min(t.cocoa, 3 * workers) - 2 * workers) * INSIDE_BAR_MARGIN
    if card == "schmerzlich":
        return min(3, t.cocoa) * INSIDE_BAR_MARGIN if workers else 0
    if card == "entsetzlich":
        return 2 * BAR if t.at_work("sales") and t.chocolate else 0
    if card == "schlapp":
        return BAR if t.bookkeeping or len(t.secretariat) > 1 else 0
    if card == "spitze":
        return cards.SPITZE * (len(s.in_game()) - 1)
    if card == "ruehrend":
        return cards.RUEHREND * t.headcount()
    if card == "grosszuegig":
        return 5_000 if t.headcount() else 0
    if card == "unglaublich":
        return 1
    return 0


def _table_worth(s: GameState, t: Team) -> int:
    """A rival's worth as the others see it: contracts, shares, bars, less loans (cash is
    behind its screen unless it had to tell it)."""
    return (sum(c.price for c in (*t.secretariat, *t.bookkeeping))
            + t.shares * s.config.share_value(s.month) + t.chocolate * BAR
            - t.loans * cards.LOAN + (t.announced_cash or 0))


def _events_left(s: GameState) -> list[str]:
    """The event cards that may be on top: the deck's composition, public from the cards
    turned (all seven again once it is used up)."""
    turned = list(s.event_discard)
    left = [c for c in cards.EVENTS if c not in turned]
    return left or list(cards.EVENTS)


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "careful": CarefulBot}


def hint(state: GameState, team: str) -> tuple[Action, Reason]:
    """What the careful bot would do in ``team``'s place."""
    return CarefulBot().choose(state, team)
