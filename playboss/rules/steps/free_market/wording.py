"""How the step words units and prices in its events and refusals.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

from ...errors import marks


def units_text(n: int) -> str:
    return f"{n} unit{'' if n == 1 else 's'}"


def prices_text(prices: list[int]) -> str:
    return " or ".join(f"{marks(p)}" for p in prices) + " Marks"
