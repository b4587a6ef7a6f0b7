"""Step 4: Taxation.

At every crossing of the start the team's year is closed: the profit of the lap, taken from its
statements, less losses carried forward, rounded down to whole thousands, is taxed by the
brackets of the rulebook's table; a loss is carried forward and set against later profits. Each
closed year is kept for the tax statement (``team.step["tax_years"]``).

The year's profit is the change of the balance sheet's profit over the lap, with the taxes paid
in the lap added back: taxes are not a cost that lowers the next year's tax.
"""

from __future__ import annotations

from typing import Any

from ..money import owe
from ..ruleset import RulePart
from ..state import Team
from ..statements import balance_sheet
from ..turn import ALL, Turn
from .common import enabled

#: (upper bound of the band, percent) — "up to 2,000 no tax; 2,000 ... 10,000 50%; 10,000 ...
#: 20,000 70%; over 20,000 80%".
BRACKETS: tuple[tuple[int | None, int], ...] = ((2_000, 0), (10_000, 50), (20_000, 70),
                                                 (None, 80))


def tax_bands(taxable: int) -> list[dict[str, int]]:
    """Each bracket's share of ``taxable``: the Marks in the band, the rate, the tax."""
    bands = []
    lower = 0
    for upper, rate in BRACKETS:
        top = taxable if upper is None else min(taxable, upper)
        amount = max(0, top - lower)
        bands.append({"from": lower, "to": -1 if upper is None else upper, "amount": amount,
                      "rate": rate, "tax": amount * rate // 100})
        if upper is None or taxable <= upper:
            break
        lower = upper
    return bands


def tax_for(taxable: int) -> int:
    """The tax on a taxable profit (already rounded down to thousands)."""
    return sum(b["tax"] for b in tax_bands(taxable))


def assess(profit: int, loss_brought_forward: int) -> dict[str, Any]:
    """One year's tax assessment."""
    if profit <= 0:
        return {"profit": profit, "loss_brought_forward": loss_brought_forward,
                "loss_used": 0, "taxable": 0, "bands": [], "tax": 0,
                "loss_carried_forward": loss_brought_forward - profit}
    used = min(loss_brought_forward, profit)
    taxable = (profit - used) // 1_000 * 1_000  # "taxes are paid for each full 1,000 Marks"
    bands = tax_bands(taxable)
    return {"profit": profit, "loss_brought_forward": loss_brought_forward, "loss_used": used,
            "taxable": taxable, "bands": bands, "tax": sum(b["tax"] for b in bands),
            "loss_carried_forward": loss_brought_forward - used}


def tax_books(team: Team) -> dict[str, Any]:
    """A team's tax records as ``replay`` prints them: each closed year (profit, the loss set
    against it, taxable, tax) and the loss carried forward now."""
    return {
        "loss_carried_forward": team.step.get("loss_carried_forward", 0),
        "years": [{key: record[key] for key in ("year", "profit", "loss_used", "taxable", "tax")}
                  for record in team.step.get("tax_years", [])],
    }


def _profit_so_far(turn: Turn, team: Team) -> int:
    return balance_sheet(turn.state, team.name).profit


def on_close_year(turn: Turn, team: Team) -> None:
    if not enabled(turn.state, 4):
        return
    data = team.step
    profit_now = _profit_so_far(turn, team)
    taxes_paid = data.get("taxes_paid_in_year", 0)
    profit = profit_now - data.get("profit_at_year_start", 0) + taxes_paid
    record = assess(profit, data.get("loss_carried_forward", 0))
    record["year"] = team.years
    data.setdefault("tax_years", []).append(record)
    data["loss_carried_forward"] = record["loss_carried_forward"]
    data["profit_at_year_start"] = profit_now
    data["taxes_paid_in_year"] = 0
    tax = record["tax"]
    turn.emit("tax", ALL, team=team.name, year=team.years, profit=profit, taxable=record["taxable"],
              tax=tax)
    if tax:
        data["taxes_paid_in_year"] = tax  # it is paid in the new year; added back there
        owe(turn, team, tax, "tax", f"year {team.years}", {"year": team.years})



PART = RulePart(
    name="step 4: taxation",
    enabled=lambda config: 4 in config.steps,
    hooks={"close_year": (on_close_year,)},
)
