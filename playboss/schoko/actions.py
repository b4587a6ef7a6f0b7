"""One small dataclass per kind of move, with its JSON round trip.

JSON form: ``{"type": "bid", "actor": "Red", "bars": 4, "price": 2000}``; fields at their
default may be left out. docs/schoko/game-log.md lists every type with the section it plays.
"""

from __future__ import annotations

from dataclasses import Field, dataclass, fields
from typing import Any, ClassVar

from ..common.errors import RuleViolation

MAX_NUMBER = 10**9
MAX_TEXT = 40


@dataclass(frozen=True, slots=True)
class Action:
    type: ClassVar[str] = ""
    rule: ClassVar[str] = ""
    actor: str

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type}
        for f in _fields(type(self)):
            value = getattr(self, f.name)
            if f.name == "actor" or value != f.default:
                out[f.name] = value
        return out


# ------------------------------------------------------------ start of a month
@dataclass(frozen=True, slots=True)
class BuyInside(Action):
    """Pay 15,000 to see the top event card (6.6 "inside information")."""

    type: ClassVar[str] = "buy_inside"
    rule: ClassVar[str] = "6.6 Economic Event-Cards"


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """No, thank you: no inside information, no card after a sale, nothing sold to the bank."""

    type: ClassVar[str] = "pass"


# ------------------------------------------------------------ phase 1
@dataclass(frozen=True, slots=True)
class Hire(Action):
    type: ClassVar[str] = "hire"
    rule: ClassVar[str] = "6.1 Hiring and Paying Personnel"
    kind: str = "worker"
    count: int = 1


@dataclass(frozen=True, slots=True)
class Fire(Action):
    type: ClassVar[str] = "fire"
    rule: ClassVar[str] = "6.1 Hiring and Paying Personnel"
    kind: str = "worker"
    count: int = 1


@dataclass(frozen=True, slots=True)
class PaySalaries(Action):
    """End the team's hiring and pay the month's salaries and severance."""

    type: ClassVar[str] = "pay_salaries"
    rule: ClassVar[str] = "6.1 Hiring and Paying Personnel"


@dataclass(frozen=True, slots=True)
class EmergencyFire(Action):
    """6.7 a loan holder with more staff than the others lets one go (half its salary back)."""

    type: ClassVar[str] = "emergency_fire"
    rule: ClassVar[str] = "6.7 Financials"
    kind: str = "worker"


# ------------------------------------------------------------ phase 2
@dataclass(frozen=True, slots=True)
class Request(Action):
    type: ClassVar[str] = "request"
    rule: ClassVar[str] = "6.2 Buying Cocoa"
    bars: int = 0


@dataclass(frozen=True, slots=True)
class Bid(Action):
    """A sealed bid for the city now open: ``bars`` at ``price`` a bar; 0 bars lines it out
    (with ``rest``, the month's later cities too: the team is not asked again)."""

    type: ClassVar[str] = "bid"
    rule: ClassVar[str] = "6.2 Buying Cocoa"
    bars: int = 0
    price: int = 0
    rest: bool = False


@dataclass(frozen=True, slots=True)
class Announce(Action):
    """Variant "Hidden Cocoa-Purchases": the offer a team states aloud for the city open
    (perhaps not the one written down); 0 bars: no offer."""

    type: ClassVar[str] = "announce"
    rule: ClassVar[str] = "Variant: Hidden Cocoa-Purchases"
    bars: int = 0
    price: int = 0


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Variant: "Call it!" (``call`` true) or let the offer just announced stand."""

    type: ClassVar[str] = "call"
    rule: ClassVar[str] = "Variant: Hidden Cocoa-Purchases"
    call: bool = False


# ------------------------------------------------------------ phase 3
@dataclass(frozen=True, slots=True)
class Produce(Action):
    type: ClassVar[str] = "produce"
    rule: ClassVar[str] = "6.3 Producing Chocolate"
    bars: int = 0


# ------------------------------------------------------------ phase 4
@dataclass(frozen=True, slots=True)
class SetMarker(Action):
    type: ClassVar[str] = "set_marker"
    rule: ClassVar[str] = "6.4 Selling Chocolate"
    meetings: int = 0


@dataclass(frozen=True, slots=True)
class Join(Action):
    """Take part in the meeting on the contract just turned, or not; ``every``: yes to every
    later meeting this month it can take part in too (it is not asked again)."""

    type: ClassVar[str] = "join"
    rule: ClassVar[str] = "6.4 Selling Chocolate"
    take_part: bool = True
    every: bool = False


@dataclass(frozen=True, slots=True)
class Accept(Action):
    type: ClassVar[str] = "accept"
    rule: ClassVar[str] = "6.4 Selling Chocolate"


@dataclass(frozen=True, slots=True)
class Decline(Action):
    """Refuse the price offered; with ``below``, also every later price of this meeting
    under it (the team is asked again once the ladder reaches it): one move instead of a
    "no" at every step."""

    type: ClassVar[str] = "decline"
    rule: ClassVar[str] = "6.4 Selling Chocolate"
    below: int = 0


@dataclass(frozen=True, slots=True)
class RaisePrice(Action):
    """The bank (the banker) raises the price by 1,000 to 5,000."""

    type: ClassVar[str] = "raise_price"
    rule: ClassVar[str] = "6.4 Selling Chocolate"
    step: int = 2_000


@dataclass(frozen=True, slots=True)
class Process(Action):
    """6.4 "Secretarial work": with more contracts of a month than secretaries left for
    them, one the team's secretaries pass to bookkeeping (once for each of them)."""

    type: ClassVar[str] = "process"
    rule: ClassVar[str] = "6.4 Selling Chocolate"
    card: int = 0


# ------------------------------------------------------------ phase 5
@dataclass(frozen=True, slots=True)
class CashOut(Action):
    """6.5 with more contracts than the bookkeepers can cash out: one of those they cash
    ("choose the best ones"), once for each contract they can."""

    type: ClassVar[str] = "cash_out"
    rule: ClassVar[str] = "6.5 Processing Contracts"
    card: int = 0


@dataclass(frozen=True, slots=True)
class SellToBank(Action):
    type: ClassVar[str] = "sell_to_bank"
    rule: ClassVar[str] = "6.5 Processing Contracts"
    bars: int = 1


# ------------------------------------------------------------ phase 7
@dataclass(frozen=True, slots=True)
class Repay(Action):
    type: ClassVar[str] = "repay"
    rule: ClassVar[str] = "6.7 Financials"
    count: int = 1


@dataclass(frozen=True, slots=True)
class BuyShares(Action):
    type: ClassVar[str] = "buy_shares"
    rule: ClassVar[str] = "6.7 Financials"
    count: int = 1


@dataclass(frozen=True, slots=True)
class SellShares(Action):
    type: ClassVar[str] = "sell_shares"
    rule: ClassVar[str] = "6.7 Financials"
    count: int = 1


@dataclass(frozen=True, slots=True)
class EndFinance(Action):
    type: ClassVar[str] = "end_finance"
    rule: ClassVar[str] = "6.7 Financials"


# ------------------------------------------------------------ any time
@dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    type: ClassVar[str] = "take_loan"
    rule: ClassVar[str] = "6.7 Financials"
    count: int = 1


@dataclass(frozen=True, slots=True)
class PlayExpress(Action):
    type: ClassVar[str] = "play_express"
    rule: ClassVar[str] = "6.8 Express-Cards"
    card: str = ""
    target: str = ""


@dataclass(frozen=True, slots=True)
class ChoosePark(Action):
    """Großzügig: the team that received it sends one employee of ``kind`` on holiday."""

    type: ClassVar[str] = "choose_park"
    rule: ClassVar[str] = "6.8 Express-Cards"
    kind: str = "worker"


ACTION_TYPES: dict[str, type[Action]] = {
    cls.type: cls for cls in (
        BuyInside, Pass, Hire, Fire, PaySalaries, EmergencyFire, Request, Bid, Announce, Call,
        Produce,
        SetMarker, Join, Accept, Decline, RaisePrice, Process, CashOut, SellToBank, Repay,
        BuyShares, SellShares, EndFinance, TakeLoan, PlayExpress, ChoosePark)
}

#: Moves a team may make whatever the game waits for.
ANY_TIME: tuple[type[Action], ...] = (TakeLoan, PlayExpress)

_FIELDS: dict[type, tuple[Field[Any], ...]] = {}


def _fields(cls: type) -> tuple[Field[Any], ...]:
    found = _FIELDS.get(cls)
    if found is None:
        found = _FIELDS[cls] = fields(cls)
    return found


def _spec(cls: type) -> dict[str, type]:
    """Each field's expected type (the actor a text), worked out once per class."""
    found = _SPECS.get(cls)
    if found is None:
        found = _SPECS[cls] = {f.name: str if f.name == "actor" else type(f.default)
                               for f in _fields(cls)}
    return found


_SPECS: dict[type, dict[str, type]] = {}


def action_from_dict(data: Any) -> Action:
    """Parse one action; junk gets a clear refusal, never a crash."""
    if type(data) is not dict:
        raise RuleViolation("An action is a JSON object with a 'type'.", "game log",
                            code="action_not_object")
    kind = data.get("type")
    cls = ACTION_TYPES.get(kind) if type(kind) is str else None
    if cls is None:
        raise RuleViolation(f"Unknown action type {kind!r}.", "game log",
                            code="unknown_action_type",
                            params={"type": kind if isinstance(kind, str) else repr(kind)})
    spec = _SPECS.get(cls) or _spec(cls)
    actor = data.get("actor")
    if type(actor) is not str or len(actor) > MAX_TEXT:
        raise RuleViolation(f"Action '{kind}' needs an 'actor' (a team or 'bank').",
                            "game log", code="action_needs_actor", params={"type": kind})
    if len(data) == 2:  # only type and actor: the most common move (decline, join, pass)
        return cls(actor)
    kwargs = dict(data)
    del kwargs["type"]
    for name, value in kwargs.items():
        expected = spec.get(name)
        if expected is None:
            unknown = sorted(set(kwargs) - set(spec))
            raise RuleViolation(f"Action '{kind}' has no field(s) {', '.join(unknown)}.",
                                "game log", code="action_unknown_fields",
                                params={"type": kind, "fields": unknown})
        vt = type(value)
        if vt is expected and (vt is bool or (vt is int and -MAX_NUMBER <= value <= MAX_NUMBER)
                               or (vt is str and len(value) <= MAX_TEXT)):
            continue
        raise RuleViolation(
            f"Action '{kind}': {name} must be {_KIND_WORD[expected]}.", "game log",
            code="action_field_type",
            params={"type": kind, "field": name, "expected": _KIND_WORD[expected]})
    return cls(**kwargs)


_KIND_WORD = {bool: "true or false", int: "a whole number", str: "a short text"}
