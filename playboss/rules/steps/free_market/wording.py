"""How the step words prices in its refusals.

Rulebook: "1. Step: Free Market for Sales"."""

from __future__ import annotations

from ...errors import marks


def prices_text(prices: list[int]) -> str:
    return " or ".join(f"{marks(p)}" for p in prices) + " Marks"
