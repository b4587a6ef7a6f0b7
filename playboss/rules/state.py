"""The state of one game: plain dataclasses, money as ``int`` Marks.

The engine mutates a state only inside ``apply``, and only after an action has been fully
checked, so an illegal action leaves it untouched. ``clone`` gives an independent copy.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .chance import Chance
from .config import GameConfig
from .ledger import Ledger

if TYPE_CHECKING:
    from .ruleset import RuleSet

BANK = "bank"
MARKET = "market"
BOX = "box"  # products outside a half-filled market
PRODUCTION = "production"  # where raw material turns into finished product


@dataclass(slots=True)
class Machine:
    id: int
    owner: str
    holder: str  # differs from owner while the machine is leased out
    double: bool = False
    #: The holder's roll count from which the machine may produce: a machine bought or
    #: leased produces "not until the turn after next (in 2 die rolls)".
    ready_at: int = 0


@dataclass(slots=True)
class Loan:
    """A private loan between two teams on terms they agreed."""

    id: int
    lender: str
    borrower: str
    amount: int  # outstanding
    terms: str = ""


@dataclass(slots=True)
class Deal:
    """A private offer from one team to another, waiting for the other's answer."""

    id: int
    proposer: str
    partner: str
    give: dict[str, Any]  # what the proposer hands over
    take: dict[str, Any]  # what the partner hands over
    terms: str = ""


@dataclass(slots=True)
class Pending:
    """One thing the current turn still waits for, in order.

    kinds: ``red``, ``green``, ``yellow``, ``white`` (a decision on that field),
    ``risk`` (a card to be entered, physical-board mode), ``lease`` (renew a WEB-leased
    computer or give it back), ``pay`` (a payment owed that the cash does not yet cover).
    """

    kind: str
    amount: int = 0
    reason: str = ""
    detail: str = ""
    #: What ``detail`` says, in fields (a payment's: ``debt`` for interest, ``card`` for a
    #: risk card, ``machines`` and ``each`` for idle costs, ``year`` for tax): the "paid" and
    #: "bankrupt" events carry them. Left out of a snapshot when empty.
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(slots=True)
class Team:
    name: str
    seat: int
    position: int
    cash: int = 0
    raw: int = 0
    finished: int = 0
    web: int = 0
    machines: list[int] = field(default_factory=list)  # ids of the machines it holds
    computers_owned: int = 0
    #: Field where the two WEB of a computer lease lie; None without a leased computer.
    lease_field: int | None = None
    bank_debt: int = 0
    capital_received: int = 0
    rolls: int = 0
    fields_moved: int = 0  # laps played = fields_moved / board length (step 5)
    years: int = 0  # completed years: crossings of the start field
    advertising: bool = False  # a campaign waits for the next red field
    bankrupt: bool = False  # out of the game: bankrupt, or sold (see sold_to)
    sold_to: str | None = None  # the team that bought the business (steps 4 and 6)
    sales_total: int = 0  # Marks of finished product sold to the market (step 5 goals)
    #: Ledger length at the start of each of its years (index 0: the game's start).
    year_starts: list[int] = field(default_factory=lambda: [0])
    #: [single, double] machines owned at each year's end: the ledger books machines, not
    #: which of them run double, and the year-end balance sheet shows both.
    year_end_machines: list[list[int]] = field(default_factory=list)
    step: dict[str, Any] = field(default_factory=dict)  # per-team data of expansion steps

    @property
    def has_computer(self) -> bool:
        return self.computers_owned > 0 or self.lease_field is not None


@dataclass(slots=True)
class GameState:
    config: GameConfig
    #: The rules in force, composed from the config (``rulebook.rules_for``); shared, never
    #: copied, not part of the state's value (equality, snapshots, logs).
    rules: RuleSet = field(compare=False, repr=False)
    teams: dict[str, Team]  # in seat order, clockwise
    market: list[int]  # units lying in each price zone, cheapest zone first
    box: int  # products not in play (half-filled market)
    machines: dict[int, Machine]  # machines out of the bank, by id
    leased_computers: int
    web_bank: int
    deck: list[int]  # risk card ids, top first
    rng: Chance
    ledger: Ledger = field(default_factory=Ledger)
    phase: str = "order"  # "order" (rolling for the first player), "turn", "ended"
    current: str | None = None  # whose turn it is
    leader: str | None = None  # the first player: a round ends before it moves again
    order_rolls: dict[str, int] = field(default_factory=dict)
    order_contest: list[str] = field(default_factory=list)  # who still rolls for first place
    rolled: bool = False  # the current team has moved this turn
    pending: list[Pending] = field(default_factory=list)
    deals: dict[int, Deal] = field(default_factory=dict)
    loans: dict[int, Loan] = field(default_factory=dict)
    next_id: int = 1
    seq: int = 0  # actions applied
    rounds: int = 0  # completed rounds
    time_called: bool = False
    last_chance: dict[str, int] = field(default_factory=dict)  # outcomes of the last action
    step: dict[str, Any] = field(default_factory=dict)  # game-wide data of expansion steps

    # --------------------------------------------------------------- helpers
    def team(self, name: str) -> Team:
        return self.teams[name]

    def active_teams(self) -> list[Team]:
        return [t for t in self.teams.values() if not t.bankrupt]

    def held_machines(self, team: Team) -> list[Machine]:
        return [self.machines[m] for m in team.machines]

    def owned_machines(self, name: str) -> list[Machine]:
        return [m for m in self.machines.values() if m.owner == name]

    def machines_in_bank(self) -> int:
        return self.config.limits.machines - len(self.machines)

    def computers_in_bank(self) -> int:
        owned = sum(t.computers_owned for t in self.teams.values())
        return self.config.limits.computers - owned - self.leased_computers

    def new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def clone(self) -> GameState:
        """An independent copy. The ledger's entries are immutable and shared (``Ledger.copy``
        copies the list and the balances), and so is the frozen config: deep-copying every
        entry one by one was most of the cost."""
        memo: dict[int, Any] = {id(self.ledger): self.ledger.copy(), id(self.config): self.config}
        return copy.deepcopy(self, memo)
