"""A Schoko & Co. game's whole state: plain dataclasses of whole numbers, names and lists.

Money is in whole units (the rulebook's notes: 1,000 and up). ``clone()`` is a deep copy made by
hand (faster than ``copy.deepcopy``): bots and ``quote`` try moves on clones.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..common.chance import Chance
from . import cards
from .books import Books
from .config import GameConfig

BANK = "bank"
_PAY = cards.SALARY
PUBLIC = "public"


@dataclass(slots=True)
class Contract:
    """A contract card won: its card number, the price agreed, the month won and the cost of
    the chocolate delivered (so a Skandalös can hand it back at what it cost)."""

    card: int
    price: int
    month: int
    cost: int = 0

    def copy(self) -> Contract:
        return Contract(self.card, self.price, self.month, self.cost)


def _staff() -> dict[str, int]:
    return dict.fromkeys(cards.STAFF, 0)


@dataclass(slots=True)
class Team:
    name: str
    seat: int
    cash: int = 0
    staff: dict[str, int] = field(default_factory=_staff)
    cocoa: int = 0
    chocolate: int = 0
    secretariat: list[Contract] = field(default_factory=list)
    bookkeeping: list[Contract] = field(default_factory=list)
    shares: int = 0
    loans: int = 0
    hand: list[str] = field(default_factory=list)
    bankrupt: bool = False
    out_month: int = 0  # the month a bankrupt team dropped out
    # ---- this month only (cleared when a month starts)
    hired: dict[str, int] = field(default_factory=_staff)
    fired: dict[str, int] = field(default_factory=_staff)
    salaries_paid: int = 0  # 6.1 salaries and severance paid this month (Finanzzuschuß)
    received: str | None = None  # the express card played on this team this month
    park: str | None = None  # Großzügig: the kind of the employee on holiday
    ill_worker: bool = False  # Schmerzlich
    katastrophal: bool = False
    schlapp: bool = False
    marker_penalty: int = 0  # Entsetzlich before the markers were placed
    marker: int = 0
    requested: int = 0
    bank_sold: int = 0
    inside: str | None = None  # the event card seen with inside information this month
    announced_cash: int | None = None  # Unglaublich: the cash told to everyone, and when
    announced_seq: int = 0
    lined_out: bool = False  # 6.2 no more bids this month (``Bid.rest``)
    joins_all: bool = False  # 6.4 yes to every meeting it can take part in (``Join.every``)

    def copy(self) -> Team:
        t = Team(self.name, self.seat, self.cash, dict(self.staff), self.cocoa, self.chocolate,
                 [c.copy() for c in self.secretariat], [c.copy() for c in self.bookkeeping],
                 self.shares, self.loans, list(self.hand), self.bankrupt, self.out_month,
                 dict(self.hired), dict(self.fired), self.salaries_paid, self.received,
                 self.park, self.ill_worker, self.katastrophal, self.schlapp,
                 self.marker_penalty, self.marker, self.requested, self.bank_sold, self.inside,
                 self.announced_cash, self.announced_seq, self.lined_out, self.joins_all)
        return t

    def headcount(self) -> int:
        return sum(self.staff.values())

    def payroll(self) -> int:
        """The month's salaries for everyone employed (6.1), without severance."""
        s = self.staff
        return (s["worker"] * _PAY["worker"] + s["sales"] * _PAY["sales"]
                + s["secretary"] * _PAY["secretary"] + s["bookkeeper"] * _PAY["bookkeeper"])

    def severance(self) -> int:
        f = self.fired
        if not (f["worker"] or f["sales"] or f["secretary"] or f["bookkeeper"]):
            return 0
        return sum(f[k] * _PAY[k] // 2 for k in cards.STAFF)

    def at_work(self, kind: str) -> int:
        """Employees of ``kind`` working this month (not on holiday, not ill)."""
        n = self.staff[kind] - (1 if self.park == kind else 0)
        if kind == "worker" and self.ill_worker:
            n -= 1
        return max(n, 0)

    def won_this_month(self, month: int) -> bool:
        return any(c.month == month for c in (*self.secretariat, *self.bookkeeping))


@dataclass(slots=True)
class Meeting:
    """The sales meeting in progress (6.4 "The sequence of each negotiation")."""

    card: int
    joined: list[str] = field(default_factory=list)
    price: int = 0
    asked: int = 0  # index into ``joined`` of the team asked next
    winner: str | None = None
    #: a team's standing "no" to every price below this one (``Decline.below``); secret
    standing: dict[str, int] = field(default_factory=dict)

    def copy(self) -> Meeting:
        return Meeting(self.card, list(self.joined), self.price, self.asked, self.winner,
                       dict(self.standing))


@dataclass(slots=True)
class GameState:
    config: GameConfig
    teams: dict[str, Team]
    rng: Chance
    books: Books
    month: int = 1
    #: What the game waits for: inside, staff, emergency, request, bid, produce, marker, join,
    #: offer, step, after_sale, process, cash_out, bank_sale, finance, ended; with the
    #: variant "hidden cocoa purchases" also announce and call.
    phase: str = "inside"
    current: str | None = None  # the team on turn in a phase played in turn
    sealed: dict[str, Any] = field(default_factory=dict)  # answers in, not yet revealed
    waiting: list[str] = field(default_factory=list)  # teams still to answer (simultaneous)
    interrupt: list[str] = field(default_factory=list)  # teams owing a Großzügig choice
    resume: str = ""  # the phase an interrupt returns to
    bank_bars: int = cards.BARS
    bank_staff: dict[str, int] = field(default_factory=lambda: dict(cards.TOKENS))
    loan_cards: int = cards.LOAN_CARDS
    share_certificates: int = cards.SHARE_CERTIFICATES
    market: list[int] = field(default_factory=lambda: [0] * cards.CITIES)
    city: int = 0
    #: the variant: offers announced in the open city, team -> (bars, price, status) with
    #: status "open" (the others may call it), "standing", "confirmed", "annulled", "none"
    offers: dict[str, tuple[int, int, str]] = field(default_factory=dict)
    calls: dict[str, bool] = field(default_factory=dict)  # the variant: sealed "Call it!"s
    deck: list[int] = field(default_factory=list)  # contract cards, top first
    events: list[str] = field(default_factory=list)  # the event deck, top first
    event_discard: list[str] = field(default_factory=list)
    meetings: int = 0  # sales meetings this month
    meetings_held: int = 0
    meeting: Meeting | None = None
    #: (holder, card, the teams that took part) right after a sale: Skandalös / Schlimm
    last_sale: tuple[str, int, tuple[str, ...]] | None = None
    #: next month's event effects: "kakaoschock", "sitzt_fest", "leergefegt"
    next_month: list[str] = field(default_factory=list)
    this_month: list[str] = field(default_factory=list)
    seq: int = 0
    last_chance: dict[str, Any] = field(default_factory=dict)
    results: list[dict[str, Any]] = field(default_factory=list)

    # ------------------------------------------------------------ order
    def in_game(self) -> list[Team]:
        return [t for t in self.teams.values() if not t.bankrupt]

    def banker_seat(self) -> int:
        """Main Game: the banker rotates every month (the first team's seat in January)."""
        return (self.month - 1) % len(self.teams)

    def order(self) -> list[str]:
        """The month's turn order: the starting player (left of the banker) first, clockwise;
        teams out of the game are skipped."""
        teams = self.teams
        names = list(teams)
        start = self.month % len(names)  # the seat after the banker's, (month - 1) % n
        return [n for n in names[start:] + names[:start] if not teams[n].bankrupt]

    def banker(self) -> str:
        return list(self.teams)[self.banker_seat()]

    def per_rep(self) -> int:
        """6.4 meetings per sales rep: 4, or 2 / 3 with two / three players still in."""
        return min(4, max(2, len(self.in_game())))

    def clone(self) -> GameState:
        rng = Chance(0)
        rng.state = self.rng.state
        return GameState(
            self.config, {n: t.copy() for n, t in self.teams.items()}, rng, self.books.copy(),
            self.month, self.phase, self.current, dict(self.sealed), list(self.waiting),
            list(self.interrupt), self.resume, self.bank_bars, dict(self.bank_staff),
            self.loan_cards, self.share_certificates, list(self.market), self.city,
            dict(self.offers), dict(self.calls),
            list(self.deck), list(self.events), list(self.event_discard), self.meetings,
            self.meetings_held, self.meeting.copy() if self.meeting else None, self.last_sale,
            list(self.next_month), list(self.this_month), self.seq, dict(self.last_chance),
            list(self.results))
