"""What an actor may do now: ``legal_choices`` (moves as parametrised choices),
``legal_actions`` (every move spelled out) and ``waiting_for`` (who the game waits for;
several teams at once for a decision everyone makes together)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..common.errors import RuleViolation
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
    Fire,
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
from .checks import SEQUENTIAL
from .cocoa import free_cocoa
from .contracts import CHOICE, may_sell_to_bank
from .express import check_play
from .sales import production_capacity, track_capacity
from .staff import salaries_due
from .state import BANK, GameState, Team

#: Bid prices listed per bar (any multiple of 1,000 is legal; a list stops somewhere).
BID_PRICES_LISTED = 15


@dataclass(slots=True)
class Choice:
    """``cls(actor, **fixed, param=v)`` is legal for every ``v`` in ``values``."""

    cls: type[Action]
    fixed: dict[str, Any] = field(default_factory=dict)
    param: str | None = None
    values: Sequence[Any] = ()
    any_time: bool = False

    def expand(self, actor: str) -> list[Action]:
        if self.param is None:
            return [self.cls(actor, **self.fixed)]
        return [self.cls(actor, **self.fixed, **{self.param: v}) for v in self.values]

    def size(self) -> int:
        return 1 if self.param is None else len(self.values)

    def pick(self, actor: str, index: int) -> Action:
        if self.param is None:
            return self.cls(actor, **self.fixed)
        if not self.fixed:  # one keyword: no dictionaries merged
            return self.cls(actor, **{self.param: self.values[index]})
        return self.cls(actor, **self.fixed, **{self.param: self.values[index]})


# The choices that never differ, made once (a Choice is never changed once made: the lists
# turn_choices returns are new, the Choice objects in them may be shared).
_PASS = Choice(Pass)
_BUY_INSIDE = Choice(BuyInside)
_CALL = (Choice(Call, {"call": False}), Choice(Call, {"call": True}))
_JOIN = (Choice(Join, {"take_part": True}), Choice(Join, {"take_part": False}),
         Choice(Join, {"take_part": True, "every": True}))
_ACCEPT = Choice(Accept)
_DECLINE = Choice(Decline)
_PAY_SALARIES = Choice(PaySalaries)


def waiting_for(state: GameState) -> list[str]:
    if state.phase == "ended":
        return []
    if state.interrupt:
        return state.interrupt[:1]
    if state.phase in SEQUENTIAL:
        return state.waiting[:1]
    return list(state.waiting)


def legal_actions(state: GameState, actor: str) -> list[Action]:
    return [a for c in legal_choices(state, actor) for a in c.expand(actor)]


def legal_choices(state: GameState, actor: str) -> list[Choice]:
    if state.phase == "ended":
        return []
    if actor == BANK:
        if state.phase == "step":
            return [Choice(RaisePrice, param="step", values=range(1_000, 5_001, 1_000))]
        return []
    team = state.teams.get(actor)
    if team is None or team.bankrupt:
        return []
    out: list[Choice] = []
    if actor in waiting_for(state):
        out = turn_choices(state, team)
    out.extend(any_time_choices(state, team))
    return out


def turn_choices(state: GameState, team: Team) -> list[Choice]:
    """The moves the game waits for from ``team`` now."""
    s = state
    if s.interrupt:
        return [Choice(ChoosePark, {"kind": k}) for k in cards.STAFF if team.staff[k]]
    phase = s.phase
    if phase == "inside":
        return [_BUY_INSIDE, _PASS] if team.cash >= cards.INSIDE_PRICE else [_PASS]
    if phase == "staff":
        return _staff_choices(s, team)
    if phase == "emergency":
        return [Choice(EmergencyFire, {"kind": k}) for k in cards.STAFF if team.staff[k]]
    if phase == "request":
        return [Choice(Request, param="bars", values=range(free_cocoa(team) + 1))]
    if phase == "bid" or phase == "announce":
        cls = Bid if phase == "bid" else Announce
        out = [Choice(cls, {"bars": 0, "price": 0})]
        if phase == "bid":
            out.append(Choice(Bid, {"bars": 0, "price": 0, "rest": True}))
        for bars in range(1, min(s.market[s.city], free_cocoa(team)) + 1):
            top = min(team.cash // bars // 1_000, BID_PRICES_LISTED)
            if top >= 1:
                out.append(Choice(cls, {"bars": bars}, "price",
                                  range(1_000, top * 1_000 + 1, 1_000)))
        if phase == "announce":  # the offer written is always one to state
            bars, price = s.sealed.get(team.name, (0, 0))
            if bars and price > BID_PRICES_LISTED * 1_000 and bars * price <= team.cash:
                out.append(Choice(Announce, {"bars": bars, "price": price}))
        return out
    if phase == "call":
        return list(_CALL)
    if phase == "produce":
        return [Choice(Produce, param="bars", values=range(production_capacity(s, team) + 1))]
    if phase == "marker":
        return [Choice(SetMarker, param="meetings", values=range(track_capacity(s, team) + 1))]
    if phase == "join":
        return list(_JOIN)
    if phase == "offer":
        out = [_ACCEPT, _DECLINE]
        m = s.meeting
        if m is not None:
            high = s.config.contracts[m.card][2]
            if m.price < high:  # a standing "no" up to a price of the ladder still ahead
                out.append(Choice(Decline, param="below",
                                  values=range(m.price // 1_000 * 1_000 + 1_000, high + 1,
                                               1_000)))
        return out
    if phase == "after_sale":
        out = [_PASS]
        if s.last_sale is not None:
            for card in cards.AFTER_SALE_CARDS:
                if card in team.hand and _playable(s, team, card, s.last_sale[0]):
                    out.append(Choice(PlayExpress, {"card": card, "target": s.last_sale[0]}))
        return out
    if phase in CHOICE:
        forced, pool, k = CHOICE[phase](team)
        chosen = s.sealed.get(team.name, ())
        return [Choice(Process if phase == "process" else CashOut, param="card",
                       values=[c.card for c in pool if c.card not in chosen])]
    if phase == "bank_sale":
        out = [_PASS]
        if may_sell_to_bank(s, team):
            most = min(cards.BANK_SALE_MAX - team.bank_sold, team.chocolate)
            out.insert(0, Choice(SellToBank, param="bars", values=range(1, most + 1)))
        return out
    if phase == "finance":
        return _finance_choices(s, team)
    return []


#: The ``fixed`` part of a choice per kind of employee (shared: choices never change it).
_KIND = {kind: {"kind": kind} for kind in cards.STAFF}


def _staff_choices(s: GameState, team: Team) -> list[Choice]:
    out: list[Choice] = []
    hired, staff, bank = team.hired, team.staff, s.bank_staff
    no_bookkeepers = "leergefegt" in s.this_month
    may_fire = s.month > 1
    for kind in cards.STAFF:
        h = hired[kind]
        most = cards.HIRES_PER_KIND - h
        if bank[kind] < most:
            most = bank[kind]
        if most > 0 and not (no_bookkeepers and kind == "bookkeeper"):
            out.append(_HIRES[kind][most])
        employed = staff[kind] - h
        if employed > 0 and may_fire:
            fires = _FIRES[kind]
            out.append(fires[employed] if employed < len(fires) else
                       Choice(Fire, _KIND[kind], "count", range(1, employed + 1)))
    if s.loan_cards == 0 or team.cash >= salaries_due(team):
        out.append(_PAY_SALARIES)
    return out


_COUNTS = [range(1, n + 1) for n in range(cards.HIRES_PER_KIND + 1)]
_HIRES = {kind: [Choice(Hire, _KIND[kind], "count", _COUNTS[n])
                 for n in range(cards.HIRES_PER_KIND + 1)] for kind in cards.STAFF}
_FIRES = {kind: [Choice(Fire, _KIND[kind], "count", range(1, n + 1))
                 for n in range(cards.TOKENS[kind] + 1)] for kind in cards.STAFF}


def _finance_choices(s: GameState, team: Team) -> list[Choice]:
    out = [Choice(EndFinance)]
    repay = min(team.loans, team.cash // (cards.LOAN + cards.INTEREST))
    if repay:
        out.append(Choice(Repay, param="count", values=range(1, repay + 1)))
    value = s.config.share_value(s.month)
    buy = min(s.share_certificates, team.cash // value)
    if buy:
        out.append(Choice(BuyShares, param="count", values=range(1, buy + 1)))
    if team.shares:
        out.append(Choice(SellShares, param="count", values=range(1, team.shares + 1)))
    return out


def any_time_choices(s: GameState, team: Team) -> list[Choice]:
    out: list[Choice] = []
    if s.loan_cards:
        out.append(Choice(TakeLoan, param="count", values=range(1, s.loan_cards + 1),
                          any_time=True))
    if s.month > 1:
        for card in team.hand:
            if card in cards.AFTER_SALE_CARDS:
                continue
            for other in s.order():
                if other != team.name and _playable(s, team, card, other):
                    out.append(Choice(PlayExpress, {"card": card, "target": other},
                                      any_time=True))
    return out


def _playable(s: GameState, team: Team, card: str, target: str) -> bool:
    try:
        check_play(s, PlayExpress(team.name, card, target))
    except RuleViolation:
        return False
    return True
