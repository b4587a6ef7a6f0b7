"""Termination: notice given while the team stands on its red field; on its next red field the
workers produce and are paid a last time, then go back to the representative, unemployed.

Rulebook: "Termination"."""

from __future__ import annotations

from typing import Any

from ...errors import RuleViolation
from ...state import GameState, Team
from ...turn import ALL, Turn
from .actions import GiveNotice
from .books import books, contracts, move_workers, workers_text
from .checks import require_step, stands_on_red, team_concerned, whole_number
from .constants import WORKERS, section


def check_give_notice(state: GameState, action: GiveNotice) -> tuple[Team, list[dict[str, Any]],
                                                                      int]:
    """The team, its contracts without notice, and the workers given notice."""
    require_step(state)
    rule = section("Termination")
    team = team_concerned(state, action, rule)
    workers = whole_number(action.workers, "number of workers", rule, code="workers_whole_number")
    if not stands_on_red(state, team):
        raise RuleViolation(f"Notice is given on a red field: while {team.name} stands on its "
                            "red field.", rule, code="notice_on_red_only",
                            params={"team": team.name})
    staying = [c for c in contracts(team) if not c["notice"]]
    if workers < 1:
        raise RuleViolation("Give notice to at least one worker.", rule,
                            code="notice_at_least_one_worker")
    if workers > len(staying):
        raise RuleViolation(f"{team.name} has {workers_text(len(staying))} without notice, not "
                            f"{workers}.", rule, code="notice_more_than_staff",
                            params={"team": team.name, "have": len(staying),
                                    "workers": workers})
    return team, staying, workers


def give_notice(turn: Turn, action: GiveNotice) -> None:
    team, staying, workers = check_give_notice(turn.state, action)
    # The dearest contracts end first.
    for contract in sorted(staying, key=lambda c: -int(c["salary"]))[:workers]:
        contract["notice"] = True
    turn.emit("notice", ALL, team=team.name, by=action.actor, workers=workers)


def release_leaving(turn: Turn, team: Team) -> None:
    """The red field is over: workers whose notice took effect go back to the
    representative, unemployed."""
    mine = contracts(team)
    leaving = [c for c in mine if c["leaving"]]
    if not leaving:
        return
    mine[:] = [c for c in mine if not c["leaving"]]
    books(turn.state)["unemployed"] += len(leaving)
    move_workers(turn, team.name, WORKERS, len(leaving), "termination")
    turn.emit("workers_leave", ALL, team=team.name, workers=len(leaving), why="notice")
