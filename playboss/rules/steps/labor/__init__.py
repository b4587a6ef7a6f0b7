"""Step 6: Labor Market.

The worker representative is the actor ``"workers"`` (played by the teacher, or a player who
runs no business). It holds the box's 20 workers (``limits.workers``) and an account that
starts with the unemployment fund of 5,000 Marks from the bank; salaries come into the same
account, support and strike wages go out of it (one account: the rulebook's representative
lends and invests "using the salaries he collects" and pays support from the fund, with no
rule for keeping them apart). Its cash is booked in the ledger under the party ``"workers"``;
its workers under the ledger kind ``"worker"`` (parties ``"workers"``, the teams,
``"retired"``).

- Hiring: a team offers (``offer_hire {workers, salary}``) and the representative answers
  (``accept_hire``/``reject_hire {offer}``), or the representative offers (``offer_hire {team,
  workers, salary}``) and the team answers. An offer waits beside play, like a private deal:
  nobody's turn waits for the answer (``hiring.asked`` names the representative while a
  team's offer is open). Until the first team completes its first lap a salary is 500 Marks;
  then any whole number of Marks. Workers come from the unemployed first,
  then from the pool never hired.
- One worker runs one machine, a double machine too: a team produces on at most as many of its
  delivered machines as it has workers (doubles staffed first).
- On every red field a team pays the salaries of all its workers to the representative (pending
  item ``"salaries"``) and may produce once (500 Marks a unit, 250 with a computer) besides its
  one decision: ``produce`` while the decision is open, or afterwards at the pending item
  ``"production"`` (``produce`` or ``pass``) that follows the red item.
- Raw material bought from the market, and finished product made, since the team last landed
  on a red field cannot be produced / sold (to the market) until it lands on the next one;
  private deals are exempt (and so is the bank's repurchase, see the docs).
- Yellow field: producing costs 3,000 Marks per machine used plus the salaries.
- Termination: ``give_notice {workers}`` (team, or representative naming the team) while the
  team stands on its red field; on its next red field the workers produce a last time, are paid
  a last time, and go back to the representative as unemployed.
- After the first lap: unused workers retire; at every round end (the die passes the
  representative) it pays the bank the highest negotiated salary for every unemployed worker.
- Strike (``call_strike {teams}``, ``end_strike {team}``) and lockout (``declare_lockout``,
  ``end_lockout``): no salaries and no production on the red fields they cover, idle costs of
  3,000 / 300 Marks per machine, and strike wages at the highest negotiated salary per worker
  from the representative to the bank.

Data: ``state.step["labor"]`` (the representative's books, open offers, strikes, lockouts) and
``team.step["labor"]`` (contracts, the ledger mark of the last red landing, the current red
field). ``docs/rules.md`` (Part II) lists every interpretation.

The package, one module a part of the rules:

- ``constants``: the representative, the rulebook's numbers, the pending items;
- ``actions``: the moves; ``books``: the representative's books, each team's labor data,
  set-up, cash and workers moved; ``checks``: what the moves share;
- ``hiring``, ``termination``, ``strikes_and_lockouts``: the moves' handlers;
- ``red_field`` (salaries, idle costs, strike wages), ``production`` (staffing, producing),
  ``fresh_goods`` (what may not yet be produced or sold), ``yellow_field``;
- ``laps_and_rounds`` (the first lap, unemployment support), ``bankruptcy``;
- ``duties``: split duties; ``choices`` and ``bot_hints``: legal moves and the greedy bot;
  ``views`` and ``invariant_checks``;
- ``part``: the step's contribution to a game's rules (``PART``, listed in
  ``rulebook.PARTS``).

The names other code uses are re-exported here: import them from ``playboss.rules.steps.labor``.
"""

from __future__ import annotations

from .actions import (
    AcceptHire,
    CallStrike,
    DeclareLockout,
    EndLockout,
    EndStrike,
    GiveNotice,
    OfferHire,
    RejectHire,
)
from .books import (
    available,
    books,
    contracts,
    locked_out,
    open_offer,
    salary_bill,
    salary_options,
    strike_of,
    team_data,
    workers_of,
)
from .bot_hints import GREEDY_EARLY_HIRES
from .choices import LISTED_HIRES
from .constants import (
    COMPUTER_PRODUCTION_COST,
    FUND,
    LOCKOUT_IDLE_COST,
    PRODUCTION_COST,
    PRODUCTION_ITEM,
    RETIRED,
    RULE,
    SALARIES,
    START_SALARY,
    STEP,
    STRIKE_IDLE_COST,
    WORKER,
    WORKERS,
    YELLOW_PRODUCTION_PER_MACHINE,
    section,
)
from .duties import (
    COST_OPTION_DUTIES,
    DUTIES,
    MARKETING_FINANCE,
    PURCHASE_PRODUCTION_LABOR,
    duty_of,
    duty_of_move,
)
from .fresh_goods import NOT_A_SALE, fresh_units, sellable_finished, usable_raw
from .hiring import answer_at_going_salary, asked, going_salary
from .laps_and_rounds import retiring
from .production import machines_for, producible, staffed_capacity, unit_cost
from .yellow_field import yellow_cost

__all__ = [
    # the step, the representative, the rulebook's numbers, the pending items
    "STEP", "RULE", "section", "WORKERS", "RETIRED", "WORKER", "FUND", "START_SALARY",
    "PRODUCTION_COST", "COMPUTER_PRODUCTION_COST", "YELLOW_PRODUCTION_PER_MACHINE",
    "STRIKE_IDLE_COST", "LOCKOUT_IDLE_COST", "SALARIES", "PRODUCTION_ITEM",
    "NOT_A_SALE", "LISTED_HIRES", "GREEDY_EARLY_HIRES",
    # the moves
    "OfferHire", "AcceptHire", "RejectHire", "GiveNotice", "CallStrike", "EndStrike",
    "DeclareLockout", "EndLockout",
    # the books
    "books", "team_data", "contracts", "workers_of", "salary_bill", "available",
    "salary_options", "open_offer", "strike_of", "locked_out",
    # hiring beside play, the going salary, the unused workers about to leave
    "asked", "going_salary", "answer_at_going_salary", "retiring",
    # production and the fresh goods
    "staffed_capacity", "machines_for", "unit_cost", "producible", "fresh_units",
    "usable_raw", "sellable_finished", "yellow_cost",
    # split duties
    "MARKETING_FINANCE", "PURCHASE_PRODUCTION_LABOR", "DUTIES", "COST_OPTION_DUTIES",
    "duty_of", "duty_of_move",
]
