"""The risk deck: 30 cards as data (``risk_deck.json``), each saying what it does and whether
the WEB insurance covers it (rulebook: "The Blue Risk Field", "Insurance (2 WEBs)")."""

from __future__ import annotations

import json
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources

EFFECTS = (
    "pay",  # pay `amount` to the bank
    "pay_per_machine",  # pay `amount` for every machine the team runs
    "pay_per_unit",  # pay `amount` for every raw and finished unit held
    "receive",  # the bank pays `amount`
    "lose_raw",  # `amount` raw units go back to the market, unpaid
    "lose_finished",  # `amount` finished units go back to the market, unpaid
    "lose_machine",  # one machine goes back to the bank, unpaid
    "downgrade_machine",  # one double machine runs single again
    "lose_web",  # `amount` WEB chips go back to the bank
    "none",
)


@dataclass(frozen=True, slots=True)
class RiskCard:
    id: int
    title: str
    text: str
    insured: bool
    effect: str
    amount: int


@cache
def standard_deck() -> dict[int, RiskCard]:
    raw = json.loads(resources.files(__package__).joinpath("risk_deck.json").read_text("utf-8"))
    # Keys the engine does not know (the site's translations, "title_de" ...) are ignored.
    known = {f.name for f in fields(RiskCard)}
    deck = {c["id"]: RiskCard(**{k: v for k, v in c.items() if k in known}) for c in raw["cards"]}
    unknown = {c.effect for c in deck.values()} - set(EFFECTS)
    if unknown:  # a typo in the data must not reach a game
        raise ValueError(f"risk_deck.json: unknown effects {sorted(unknown)}")
    return deck
