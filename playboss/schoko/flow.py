"""The month's course: which phase follows which, the start and the end of a month, the
game's end. ``advance`` runs after every move until the game waits for someone."""

from __future__ import annotations

from collections.abc import Callable

from . import cards
from .cocoa import (
    enter_announce,
    enter_bid,
    enter_call,
    enter_request,
    finish_announce,
    finish_bid,
    finish_call,
    finish_request,
)
from .contracts import (
    enter_bank_sale,
    enter_cash_out,
    enter_secretaries,
    finish_cash_out,
    finish_process,
)
from .core import Turn
from .events import run_event
from .finance import charge_interest, enter_finance
from .sales import (
    enter_after_sale,
    enter_join,
    enter_marker,
    enter_offer,
    enter_produce,
    enter_step,
    finish_after_sale,
    finish_join,
    finish_marker,
    finish_offer,
    finish_produce,
    finish_step,
)
from .staff import enter_emergency, enter_staff, finish_emergency, finish_staff
from .state import GameState, Team


def enter_inside(turn: Turn) -> None:
    """A month begins: the starting player and the banker have moved on one seat; before
    phase 1 every team may buy inside information (6.6)."""
    s = turn.state
    s.phase = "inside"
    s.this_month, s.next_month = s.next_month, []
    for team in s.teams.values():
        _new_month(team)
    turn.emit("month_started", "all", month=s.month, name=cards.MONTHS[s.month - 1],
              banker=s.banker(), starting=s.order()[0] if s.order() else None,
              effects=list(s.this_month))
    s.waiting = s.order() if s.config.inside_information else []


def _new_month(team: Team) -> None:
    for kind in cards.STAFF:
        team.hired[kind] = team.fired[kind] = 0
    team.salaries_paid = team.marker = team.marker_penalty = team.requested = 0
    team.bank_sold = 0
    team.received = team.park = team.inside = None
    team.ill_worker = team.katastrophal = team.schlapp = False
    team.lined_out = team.joins_all = False


def finish_inside(turn: Turn) -> str:
    return "staff"


def finish_bank_sale(turn: Turn) -> str:
    run_event(turn)  # phase 6
    return "finance"


def finish_finance(turn: Turn) -> str:
    s = turn.state
    charge_interest(turn)
    turn.emit("month_ended", "all", month=s.month)
    if s.month >= s.config.months or len(s.in_game()) == 0:
        end_game(turn)
        return "ended"
    s.month += 1
    return "inside"


def end_game(turn: Turn) -> None:
    """Game End: money plus shares at the last month's value, less loans; contracts not
    cashed are worth nothing. Teams out of the game rank after those still in."""
    s = turn.state
    value = s.config.share_value(s.month)
    rows = []
    for team in s.teams.values():
        worth = (team.cash + team.shares * value - team.loans * s.config.end_loan_charge
                 if not team.bankrupt else 0)
        rows.append({"team": team.name, "cash": team.cash, "shares": team.shares,
                     "share_value": value, "loans": team.loans,
                     "loan_charge": s.config.end_loan_charge, "worth": worth,
                     "bankrupt": team.bankrupt, "out_month": team.out_month})
    rows.sort(key=lambda r: (not r["bankrupt"], r["worth"], r["out_month"]), reverse=True)
    # "The player with the greatest monetary wealth is declared the winner": equal wealth
    # shares a rank (1, 1, 3); the seat order is no tie-break the rulebook knows
    previous: tuple[object, ...] | None = None
    rank = 0
    for place, row in enumerate(rows, start=1):
        key = (row["bankrupt"], row["worth"], row["out_month"])
        if key != previous:
            rank, previous = place, key
        row["rank"] = rank
    s.results = rows
    s.phase = "ended"
    s.waiting = []
    winners = [str(r["team"]) for r in rows if r["rank"] == 1]
    turn.emit("game_ended", "all", results=rows, winner=" and ".join(winners) or None,
              winners=winners)


def _enter_ended(turn: Turn) -> None:
    turn.state.phase = "ended"


ENTER: dict[str, Callable[[Turn], None]] = {
    "inside": enter_inside, "staff": enter_staff, "emergency": enter_emergency,
    "request": enter_request, "bid": enter_bid, "announce": enter_announce,
    "call": enter_call, "produce": enter_produce,
    "marker": enter_marker, "join": enter_join, "offer": enter_offer, "step": enter_step,
    "after_sale": enter_after_sale, "secretaries": enter_secretaries,
    "cash_out": enter_cash_out, "bank_sale": enter_bank_sale,
    "finance": enter_finance, "ended": _enter_ended,
}

FINISH: dict[str, Callable[[Turn], str | None]] = {
    "inside": finish_inside, "staff": finish_staff, "emergency": finish_emergency,
    "request": finish_request, "bid": finish_bid, "announce": finish_announce,
    "call": finish_call, "produce": finish_produce,
    "marker": finish_marker, "join": finish_join, "offer": finish_offer,
    "step": finish_step, "after_sale": finish_after_sale, "process": finish_process,
    "cash_out": finish_cash_out, "bank_sale": finish_bank_sale,
    "finance": finish_finance,
}


def advance(turn: Turn) -> None:
    s: GameState = turn.state
    while s.phase != "ended":
        if s.interrupt or s.waiting:
            return
        following = FINISH[s.phase](turn)
        if following:
            ENTER[following](turn)
