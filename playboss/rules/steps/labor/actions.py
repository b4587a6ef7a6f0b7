"""The labor market's moves ("Hiring", "Termination", "Strike", "Lockout"), known to the
log and the engine through ``part.PART``."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from ...actions import Action
from .constants import START_SALARY


@dataclass(frozen=True, slots=True)
class OfferHire(Action):
    """Hiring: ``workers`` at ``salary`` Marks each per red field. A team offers to the worker
    representative (no ``team``); the representative names the ``team``."""

    type: ClassVar[str] = "offer_hire"
    team: str = ""
    workers: int = 1
    salary: int = START_SALARY


@dataclass(frozen=True, slots=True)
class AcceptHire(Action):
    """The other side accepts hiring offer ``offer``: the workers join the team."""

    type: ClassVar[str] = "accept_hire"
    offer: int = 0


@dataclass(frozen=True, slots=True)
class RejectHire(Action):
    """The other side turns hiring offer ``offer`` down, or its maker withdraws it."""

    type: ClassVar[str] = "reject_hire"
    offer: int = 0


@dataclass(frozen=True, slots=True)
class GiveNotice(Action):
    """Termination: ``workers`` leave the team on its next red field. The team sends it for
    itself; the representative names the ``team``. Only while the team stands on red."""

    type: ClassVar[str] = "give_notice"
    team: str = ""
    workers: int = 1


@dataclass(frozen=True, slots=True)
class CallStrike(Action):
    """The representative calls a strike at ``teams`` while a business stands on red."""

    type: ClassVar[str] = "call_strike"
    teams: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class EndStrike(Action):
    """The representative ends the strike at ``team``."""

    type: ClassVar[str] = "end_strike"
    team: str = ""


@dataclass(frozen=True, slots=True)
class DeclareLockout(Action):
    """A team locks its workers out while another business is struck."""

    type: ClassVar[str] = "declare_lockout"


@dataclass(frozen=True, slots=True)
class EndLockout(Action):
    type: ClassVar[str] = "end_lockout"

