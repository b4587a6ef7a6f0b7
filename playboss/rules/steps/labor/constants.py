"""Step 6's names and the rulebook's numbers for it: the worker representative, its fund, the
salaries to begin with ("Labor Costs"), the costs of producing ("Production Costs", "The
Yellow Cost Field") and of standing idle ("Strike", "Lockout"), and the pending items the
step adds to a turn."""

from __future__ import annotations

STEP = 6
RULE = "6. Step: Labor Market"
#: The worker representative: an actor, and its party in the ledger.
WORKERS = "workers"
RETIRED = "retired"  # ledger party of the workers removed from play after the first lap
WORKER = "worker"  # ledger kind
FUND = 5_000  # "This fund starts with a balance of 5,000 Marks."
START_SALARY = 500  # "The salaries are set to begin with at 500 Marks per worker unit"
PRODUCTION_COST = 500  # "Production Costs": per unit
COMPUTER_PRODUCTION_COST = 250
YELLOW_PRODUCTION_PER_MACHINE = 3_000  # "The Yellow Cost Field" (step 6)
STRIKE_IDLE_COST = 3_000  # per machine and red field
LOCKOUT_IDLE_COST = 300
#: Pending items: a team pays its salaries; a team may still produce on its red field after
#: its decision. (A hiring offer is no item: it waits beside play, ``hiring.asked``.)
SALARIES, PRODUCTION_ITEM = "salaries", "production"


def section(name: str) -> str:
    return f"{RULE}: {name}"
