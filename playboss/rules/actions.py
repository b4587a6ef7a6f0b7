"""One small dataclass per kind of move, each with a JSON round trip.

JSON form: ``{"type": "purchase", "actor": "Red", "units": 3}``. ``docs/game-log.md`` lists
every type with its fields and the rulebook section it carries out.
"""

from __future__ import annotations

from collections.abc import Mapping, Set
from dataclasses import Field, dataclass, field, fields
from typing import Any, ClassVar

from .errors import RuleViolation


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""
    actor: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in _fields_of(type(self))[0]:
            value = getattr(self, f.name)
            if f.name != "actor" and value == f.default and not isinstance(value, dict):
                continue  # keep logs short: defaults are implied
            out[f.name] = value
        return out


# ---------------------------------------------------------------- the turn
@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the die: for the first player in set-up, or to move. ``die`` only with entered
    dice (physical-board mode)."""

    type: ClassVar[str] = "roll"
    die: int | None = None


@dataclass(frozen=True, slots=True)
class Purchase(Action):
    type: ClassVar[str] = "purchase"
    units: int = 1


@dataclass(frozen=True, slots=True)
class Invest(Action):
    """Buy a machine for 10,000; ``credit`` Marks of it (at most 5,000) on bank credit."""

    type: ClassVar[str] = "invest"
    credit: int = 0


@dataclass(frozen=True, slots=True)
class Produce(Action):
    type: ClassVar[str] = "produce"
    units: int = 1


@dataclass(frozen=True, slots=True)
class Sell(Action):
    type: ClassVar[str] = "sell"
    units: int = 1


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """Do nothing on a red field, or buy no WEB chip on a green one."""

    type: ClassVar[str] = "pass"


@dataclass(frozen=True, slots=True)
class BuyWeb(Action):
    type: ClassVar[str] = "buy_web"


@dataclass(frozen=True, slots=True)
class CostChoice(Action):
    """Yellow field: ``sell_half``, ``produce``, ``idle`` or ``web``."""

    type: ClassVar[str] = "cost"
    option: str = ""


@dataclass(frozen=True, slots=True)
class WriteOff(Action):
    """White field: ``return`` a machine, ``downgrade`` a double one, or pay one ``web``."""

    type: ClassVar[str] = "write_off"
    option: str = ""
    machine: int | None = None


@dataclass(frozen=True, slots=True)
class DrawRisk(Action):
    """Physical-board mode: the risk card the team drew from the real deck."""

    type: ClassVar[str] = "draw_risk"
    card: int = 0


@dataclass(frozen=True, slots=True)
class RenewLease(Action):
    """On crossing the lease field: ``renew`` with 2 WEB, or give the computer back."""

    type: ClassVar[str] = "renew_lease"
    renew: bool = True


# ---------------------------------------------------------------- at any time
@dataclass(frozen=True, slots=True)
class TakeCredit(Action):
    type: ClassVar[str] = "take_credit"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class RepayCredit(Action):
    type: ClassVar[str] = "repay_credit"
    amount: int = 0


@dataclass(frozen=True, slots=True)
class SellBack(Action):
    """Sell to the bank at its repurchase value: ``raw``, ``finished``, ``machine``,
    ``computer``."""

    type: ClassVar[str] = "sell_back"
    item: str = ""
    units: int = 1
    machine: int | None = None


@dataclass(frozen=True, slots=True)
class Efficiency(Action):
    type: ClassVar[str] = "web_efficiency"
    machine: int | None = None


@dataclass(frozen=True, slots=True)
class Advertise(Action):
    type: ClassVar[str] = "web_advertising"


@dataclass(frozen=True, slots=True)
class LeaseComputer(Action):
    type: ClassVar[str] = "web_lease_computer"


@dataclass(frozen=True, slots=True)
class BuyComputer(Action):
    type: ClassVar[str] = "buy_computer"
    credit: int = 0


@dataclass(frozen=True, slots=True)
class ProposeDeal(Action):
    """A private offer. ``give`` and ``take`` are bundles: ``cash``, ``raw``, ``finished``,
    ``machines`` (ids sold, or returned from a lease), ``lease`` (ids lent for use),
    ``computers`` (purchased computers sold), ``loan`` (Marks lent)."""

    type: ClassVar[str] = "propose_deal"
    partner: str = ""
    give: dict[str, Any] = field(default_factory=dict)
    take: dict[str, Any] = field(default_factory=dict)
    terms: str = ""
    #: The loan in the deal comes due after this many of the borrower's years (``loan_due``).
    loan_due_years: int | None = None


@dataclass(frozen=True, slots=True)
class AcceptDeal(Action):
    type: ClassVar[str] = "accept_deal"
    deal: int = 0


@dataclass(frozen=True, slots=True)
class RejectDeal(Action):
    type: ClassVar[str] = "reject_deal"
    deal: int = 0


@dataclass(frozen=True, slots=True)
class WithdrawDeal(Action):
    type: ClassVar[str] = "withdraw_deal"
    deal: int = 0


@dataclass(frozen=True, slots=True)
class RepayPrivate(Action):
    type: ClassVar[str] = "repay_private"
    loan: int = 0
    amount: int = 0


# ---------------------------------------------------------------- the bank
@dataclass(frozen=True, slots=True)
class CallTime(Action):
    """The agreed time is up: the current round is played out, then the game ends."""

    type: ClassVar[str] = "call_time"


@dataclass(frozen=True, slots=True)
class Correction(Action):
    """The bank director books a correction of a team's cash, with its reason."""

    type: ClassVar[str] = "correction"
    team: str = ""
    amount: int = 0
    reason: str = ""


#: Fields of the base model's moves that hold whole numbers. A part of the rules adds the names
#: of its own (``RulePart.int_fields``); ``rulebook.INT_FIELDS`` is them all, and a field of
#: that name is a whole number in every move.
INT_FIELDS = frozenset({"die", "units", "credit", "amount", "card", "machine", "deal", "loan",
                        "loan_due_years"})
#: What any number in a move may be, either way: far beyond every amount, count and id a game
#: reaches (a whole class's cash is some millions), far below what makes a log or a panel
#: absurd. A text or list field of a move holds at most MAX_TEXT characters or MAX_LIST
#: items (a deal's terms, a goal, a reason have tighter limits of their own).
MAX_NUMBER = 1_000_000_000
MAX_TEXT = 1_000
MAX_LIST = 100
#: Per action class: its fields, their names, and the names whose default is None — what
#: ``dataclasses.fields`` would say, asked once per class instead of for every log entry.
_FIELDS: dict[type, tuple[tuple[Field[Any], ...], frozenset[str], frozenset[str]]] = {}


def _fields_of(cls: type) -> tuple[tuple[Field[Any], ...], frozenset[str], frozenset[str]]:
    found = _FIELDS.get(cls)
    if found is None:
        every = fields(cls)
        found = _FIELDS[cls] = (every, frozenset(f.name for f in every),
                                frozenset(f.name for f in every if f.default is None))
    return found


def parse_action(data: Any, types: Mapping[str, type[Action]], int_fields: Set[str]) -> Action:
    """Parse one action of the kinds ``types`` (type -> class; every part's moves:
    ``rulebook.action_from_dict``); junk gets a clear message, never a crash."""
    if not isinstance(data, dict):
        raise RuleViolation("An action is a JSON object with a 'type'.", "game log",
                            code="action_not_object")
    kind = data.get("type")
    cls = types.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise RuleViolation(f"Unknown action type {kind!r}.", "game log",
                            code="unknown_action_type",
                            params={"type": kind if isinstance(kind, str) else repr(kind)})
    _, names, optional = _fields_of(cls)
    kwargs = {k: v for k, v in data.items() if k != "type"}
    unknown = set(kwargs) - names
    if unknown:
        raise RuleViolation(
            f"Action '{kind}' has no field(s) {', '.join(sorted(unknown))}.", "game log",
            code="action_unknown_fields", params={"type": kind, "fields": sorted(unknown)},
        )
    if not isinstance(kwargs.get("actor"), str):
        raise RuleViolation(f"Action '{kind}' needs an 'actor' (a team or 'bank').", "game log",
                            code="action_needs_actor", params={"type": kind})
    for name, value in kwargs.items():
        if name in int_fields and (value is not None or name not in optional) and (
            not isinstance(value, int) or isinstance(value, bool)
        ):
            raise RuleViolation(f"Action '{kind}': {name} must be a whole number.", "game log",
                                code="action_field_number", params={"type": kind, "field": name})
        if name in ("give", "take") and not isinstance(value, dict):
            raise RuleViolation(f"Action '{kind}': {name} must be an object.", "game log",
                                code="action_field_object", params={"type": kind, "field": name})
        if name in ("option", "item", "partner", "terms", "reason", "team") and not isinstance(
            value, str
        ):
            raise RuleViolation(f"Action '{kind}': {name} must be text.", "game log",
                                code="action_field_text", params={"type": kind, "field": name})
        if name == "renew" and not isinstance(value, bool):
            raise RuleViolation(f"Action '{kind}': renew must be true or false.", "game log",
                                code="action_field_bool", params={"type": kind, "field": name})
        _check_size(kind, name, value)
    return cls(**kwargs)


def _check_size(kind: Any, name: str, value: Any) -> None:
    """A number, text or list no game holds is refused here, so the site, the command line
    and a replayed log all refuse it alike (10^20 Marks asked, 2 MB of text)."""
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > MAX_NUMBER:
        raise RuleViolation(f"Action '{kind}': {name} is larger than the game holds (at most "
                            f"{MAX_NUMBER:,}).", "game log", code="action_field_too_large",
                            params={"type": kind, "field": name, "most": MAX_NUMBER})
    most = MAX_TEXT if isinstance(value, str) else MAX_LIST if isinstance(value, list) else None
    if most is not None and len(value) > most:
        raise RuleViolation(f"Action '{kind}': {name} is too long (at most {most}).",
                            "game log", code="action_field_too_long",
                            params={"type": kind, "field": name, "most": most})
