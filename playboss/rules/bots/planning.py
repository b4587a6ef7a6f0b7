"""What a careful team's plan rests on: does it hold a machine that can produce?

Rulebook: "2. Decision: Investment" (a machine), "6. Step: Labor Market" ("To operate a
machine, one needs one unit of labor").
"""

from __future__ import annotations

from ..state import GameState, Team

#: Step 6, the labor market.
LABOR = 6


def workers(team: Team) -> int:
    """The team's workers (step 6), those under notice included: they work to their last
    red field."""
    labor = team.step.get("labor")
    return len(labor["contracts"]) if labor else 0


def holds_working_machine(state: GameState, team: Team) -> bool:
    """A machine in the hall, and with step 6 a worker to run it."""
    if team.bankrupt or not team.machines:
        return False
    return LABOR not in state.config.steps or workers(team) >= 1
