"""Bots: ``choose(state, actor)`` returns a legal move and the reason for it, a code and its
params (no words, like a refusal), so the site can tell it in its own language.

``random``: uniform over the kinds of move, then over the move's parameter (fuzzing); now and
then an any-time move (a loan, an express card). ``careful``: a small, lean company that sells
only at a fair price, keeps a cash reserve for the salaries and puts what is left into shares;
its reasons are hints for a team (``hint``).
"""

from __future__ import annotations

from typing import NamedTuple

from ..rules.chance import Chance
from . import cards
from .actions import (
    Accept,
    Action,
    Announce,
    Bid,
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
    SellToBank,
    SetMarker,
    TakeLoan,
)
from .cocoa import free_cocoa
from .contracts import CHOICE, may_sell_to_bank
from .legal import legal_choices, turn_choices, waiting_for
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


class RandomBot(Bot):
    name = "random"

    def choose(self, state: GameState, actor: str) -> tuple[Action, Reason]:
        if actor == BANK:
            return RaisePrice(BANK, state.config.price_step), Reason("default_step", {})
        team = state.teams[actor]
        choices = turn_choices(state, team) if actor in waiting_for(state) else []
        if not choices or self.rng.below(25) == 0:
            choices = legal_choices(state, actor)
        c = choices[self.rng.below(len(choices))]
        return c.pick(actor, self.rng.below(c.size())), Reason("random", {})


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
        if phase == "inside":
            played = self._express(s, team)
            if played is not None:
                return played
            return Pass(actor), Reason("no_inside_information", {"price": cards.INSIDE_PRICE})
        if phase == "staff":
            return self._staff(s, team)
        if phase == "emergency":
            kind = next(k for k in ("bookkeeper", "secretary", "sales", "worker")
                        if team.staff[k])
            return EmergencyFire(actor, kind), Reason("loan_headcount", {"kind": kind})
        if phase == "request":
            need = self._cocoa_need(team)
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
            return Join(actor, True), Reason("join_with_chocolate", {"chocolate": team.chocolate})
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
        return max(0, min(free_cocoa(team), cards.PER_WORKER * team.staff["worker"] - team.cocoa))

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
        return Bid(team.name, 0, 0), Reason("no_cocoa_needed", {"city": s.config.cities[s.city]})

    def _offer(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        m = s.meeting
        assert m is not None
        bars, low, high = s.config.contracts[m.card]
        fair = FAIR_PRICE * bars
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
        """From February, at the start of a month, one card on the next team that may
        receive one (its effects last the whole month)."""
        if s.month == 1:
            return None
        for card in NASTY:
            if card not in team.hand:
                continue
            for c in legal_choices(s, team.name):
                if c.cls is PlayExpress and c.fixed["card"] == card:
                    target = c.fixed["target"]
                    return PlayExpress(team.name, card, target), Reason("express_on_rival", {
                        "card": card, "target": target})
        return None

    def _finance(self, s: GameState, team: Team) -> tuple[Action, Reason]:
        reserve = self._reserve(s, team)
        if team.loans and team.cash >= cards.LOAN + cards.INTEREST:
            # a loan kept costs 10,000 a month; one taken again when needed costs the same
            return Repay(team.name, 1), Reason("repay_loan", {"cash": team.cash})
        value = s.config.share_value(s.month)
        spare = team.cash - reserve
        if s.month < s.config.months and spare >= value and s.share_certificates:
            n = min(spare // value, s.share_certificates)
            return BuyShares(team.name, n), Reason("shares_with_spare_cash", {
                "count": n, "value": value, "spare": spare})
        return EndFinance(team.name), Reason("keep_reserve", {"reserve": reserve})


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "careful": CarefulBot}


def hint(state: GameState, team: str) -> tuple[Action, Reason]:
    """What the careful bot would do in ``team``'s place."""
    return CarefulBot().choose(state, team)
