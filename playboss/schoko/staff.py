"""Phase 1, hiring and paying personnel (6.1), and the loan's headcount rule (6.7)."""

from __future__ import annotations

from . import cards
from .actions import EmergencyFire, Fire, Hire, PaySalaries
from .checks import require_waiting
from .core import Turn, money, pay, pay_forced, receive, refuse
from .state import GameState, Team

RULE = "6.1 Hiring and Paying Personnel"
LOAN_RULE = "6.7 Financials"
NAMES = {"worker": "worker", "sales": "sales rep", "secretary": "secretary",
         "bookkeeper": "bookkeeper"}


def enter_staff(turn: Turn) -> None:
    s = turn.state
    s.phase = "staff"
    s.waiting = s.order()


def finish_staff(turn: Turn) -> str:
    return "emergency"


def _check_kind(kind: str) -> None:
    if kind not in cards.STAFF:
        refuse(f"There is no kind of employee called {kind!r}.", RULE, "no_such_kind",
               kind=kind, kinds=list(cards.STAFF))


def _check_count(count: int) -> None:
    if count < 1:
        refuse("Give a number of employees, at least 1.", RULE, "count_at_least_one",
               count=count)


def hire(turn: Turn, action: Hire) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "staff", RULE)
    kind, count = action.kind, action.count
    _check_kind(kind)
    _check_count(count)
    if kind == "bookkeeper" and "leergefegt" in s.this_month:
        refuse("No bookkeepers can be found this month (Arbeitsmarkt leergefegt).",
               "6.6 Economic Event-Cards", "no_bookkeepers_this_month")
    if team.hired[kind] + count > cards.HIRES_PER_KIND:
        refuse(f"At most {cards.HIRES_PER_KIND} new employees of a kind a month; "
               f"{team.name} has hired {team.hired[kind]} {NAMES[kind]}(s).", RULE,
               "hire_limit", kind=kind, hired=team.hired[kind], most=cards.HIRES_PER_KIND)
    if s.bank_staff[kind] < count:
        refuse(f"The bank has only {s.bank_staff[kind]} {NAMES[kind]}(s) left.",
               "Game Materials", "bank_out_of_staff", kind=kind, left=s.bank_staff[kind])
    s.bank_staff[kind] -= count
    team.staff[kind] += count
    team.hired[kind] += count
    turn.emit("hired", "all", team=team.name, kind=kind, count=count,
              payroll=team.payroll())


def fire(turn: Turn, action: Fire) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "staff", RULE)
    kind, count = action.kind, action.count
    _check_kind(kind)
    _check_count(count)
    if s.month == 1:
        refuse("Employees may be let go from the second month on.", RULE,
               "fire_from_second_month")
    employed = team.staff[kind] - team.hired[kind]
    if count > employed:
        refuse(f"{team.name} employs {employed} {NAMES[kind]}(s) from before this month.",
               RULE, "fire_more_than_employed", kind=kind, employed=employed, count=count)
    s.bank_staff[kind] += count
    team.staff[kind] -= count
    team.fired[kind] += count
    if team.park == kind and team.staff[kind] == 0:
        team.park = None
    turn.emit("fired", "all", team=team.name, kind=kind, count=count,
              severance=count * cards.SALARY[kind] // 2, payroll=team.payroll())


def salaries_due(team: Team) -> int:
    """6.1: the month's salaries plus half a salary for everyone let go this month."""
    return team.payroll() + team.severance()


def pay_salaries(turn: Turn, action: PaySalaries) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "staff", RULE)
    payroll, severance = team.payroll(), team.severance()
    due = payroll + severance
    if team.cash < due and s.loan_cards > 0:
        refuse(f"The salaries come to {money(due)} and {team.name} has {money(team.cash)}: "
               "take a loan or employ fewer people.", RULE, "salaries_need_cash",
               due=due, cash=team.cash)
    s.waiting.remove(team.name)
    if team.cash >= due:
        pay(turn, team, payroll, "salaries", "salaries")
        pay(turn, team, severance, "severance", "severance")
    else:  # no loan card left: what it has, then bankruptcy
        pay_forced(turn, team, due, "salaries", "salaries")
    team.salaries_paid = due
    turn.emit("salaries_paid", [team.name], team=team.name, payroll=payroll,
              severance=severance, paid=due, staff=dict(team.staff))
    turn.emit("staff_done", "all", team=team.name, staff=dict(team.staff))


# ---------------------------------------------------------------- 6.7 the loan headcount
def headcount_limit(s: GameState, team: Team) -> int | None:
    """The most employees a loan holder may keep after phase 1, or None without a loan.
    'most' (default) reads the example (8 vs 5, 6, 7: fire 1); 'fewest' the sentence."""
    if team.loans == 0:
        return None
    others = [t.headcount() for t in s.in_game() if t is not team]
    if not others:
        return None
    return max(others) if s.config.loan_headcount == "most" else min(others)


def enter_emergency(turn: Turn) -> None:
    s = turn.state
    s.phase = "emergency"
    s.sealed = {}
    # every limit from the headcounts at the end of phase 1, before anyone lets staff go
    for team in s.in_game():
        limit = headcount_limit(s, team)
        if limit is not None and team.headcount() > limit:
            s.sealed[team.name] = team.headcount() - limit
            turn.emit("emergency_terminations", "all", team=team.name,
                      headcount=team.headcount(), limit=limit,
                      count=team.headcount() - limit)
    s.waiting = [n for n in s.order() if n in s.sealed]


def finish_emergency(turn: Turn) -> str:
    s = turn.state
    s.sealed = {}
    return "produce" if "kakaoschock" in s.this_month else "request"


def emergency_fire(turn: Turn, action: EmergencyFire) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "emergency", LOAN_RULE)
    kind = action.kind
    _check_kind(kind)
    if team.staff[kind] < 1:
        refuse(f"{team.name} employs no {NAMES[kind]}.", LOAN_RULE, "no_such_employee",
               kind=kind)
    s.bank_staff[kind] += 1
    team.staff[kind] -= 1
    if team.park == kind and team.staff[kind] == 0:
        team.park = None
    half = cards.SALARY[kind] // 2
    # the salary was paid: half comes back, the other half stays as severance
    receive(turn, team, half, "salaries", "emergency_refund")
    turn.book(team.name, "severance", "salaries", cards.SALARY[kind] - half, "severance")
    team.salaries_paid -= half
    s.sealed[team.name] -= 1
    if s.sealed[team.name] == 0:
        s.waiting.remove(team.name)
    turn.emit("emergency_fired", "all", team=team.name, kind=kind, refund=half,
              left=s.sealed[team.name])
