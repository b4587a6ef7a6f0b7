"""The labour market (step 6) as the worker representative's console shows it: each hiring
offer with its team, workers and salary and the buttons that answer it, and each strike and
lockout with what it costs whom on every red field of the business.

Read from the engine's view for ``"workers"`` (``playboss/rules/steps/labor/views.py``: the
offers, and each strike's and lockout's costs as ``idle_terms``); nothing here computes a rule.
"""

from __future__ import annotations

from typing import Any

from django import template

from playboss.rules import WORKERS

register = template.Library()

#: Moves the board shows beside their offer or strike, not among the other moves.
BOARD_MOVES = frozenset({"accept_hire", "reject_hire", "end_strike"})


@register.filter
def labour_board(data: Any) -> dict[str, Any]:
    """Offers, strikes and lockouts with their figures, from a screen's data."""
    if not isinstance(data, dict):
        return {}
    labour = data.get("labor") or {}
    if not labour:
        return {}
    moves = [m for m in (data.get("moves") or []) + (data.get("any_time") or [])
             if m.get("type") in BOARD_MOVES]
    highest = int(labour.get("highest_salary") or 0)

    offers = []
    for offer in labour.get("offers") or []:
        count, salary = int(offer["workers"]), int(offer["salary"])
        offers.append({
            "id": offer["id"], "team": offer["team"], "from_team": offer.get("by") != WORKERS,
            "workers": count, "salary": salary, "total": count * salary,
            "moves": [m for m in moves if m["type"] in ("accept_hire", "reject_hire")
                      and m["fixed"].get("offer") == offer["id"]],
        })

    terms = labour.get("idle_terms") or {}

    def idle(name: str, kind: str) -> dict[str, Any]:
        # The engine's figures for a red field under strike or lockout (``idle_terms``).
        found = terms.get(name) or {}
        row = found if found.get("idle") == kind else {}
        return {"team": name, "machines": int(row.get("machines") or 0),
                "per_machine": int(row.get("per_machine") or 0),
                "idle_costs": int(row.get("idle_costs") or 0),
                "workers": int(row.get("workers") or 0), "salary": int(row.get("salary") or 0),
                "wages": int(row.get("wages") or 0)}

    strikes = []
    for name, status in (labour.get("strikes") or {}).items():
        row = idle(name, "strike")
        row["status"] = status
        row["moves"] = [m for m in moves if m["type"] == "end_strike"
                        and m["fixed"].get("team") == name]
        strikes.append(row)
    lockouts = [idle(name, "lockout") for name in labour.get("lockouts") or []]
    return {
        "offers": offers, "strikes": strikes, "lockouts": lockouts,
        "available": labour.get("available"), "pool": labour.get("pool"),
        "unemployed": labour.get("unemployed"), "retired": labour.get("retired"),
        "highest_salary": highest, "cash": labour.get("cash"),
        "first_lap_done": labour.get("first_lap_done"),
        "support_paid": labour.get("support_paid"),
        "strike_wages_paid": labour.get("strike_wages_paid"),
    }


@register.filter
def off_board(moves: Any) -> list[dict[str, Any]]:
    """The moves not shown beside an offer or a strike of the board."""
    return [m for m in moves or [] if isinstance(m, dict) and m.get("type") not in BOARD_MOVES]

