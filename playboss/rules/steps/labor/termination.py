"""Termination: notice given while the team stands on its red field; on its next red field the
workers produce and are paid a last time, then go back to the representative, unemployed.

Rulebook: "Termination"."""

from __future__ import annotations

from ... import engine as E
from ...errors import RuleViolation
from ...state import Team
from .actions import GiveNotice
from .books import _move_workers, _workers, books, contracts
from .checks import _stands_on_red, _step_on, _team_concerned, _whole
from .constants import WORKERS, section


def _give_notice(turn: E.Turn, action: GiveNotice) -> None:
    state = turn.state
    _step_on(state)
    rule = section("Termination")
    team = _team_concerned(state, action, rule)
    workers = _whole(action.workers, "number of workers", rule, code="workers_whole_number")
    if not _stands_on_red(state, team):
        raise RuleViolation(f"Notice is given on a red field: while {team.name} stands on its "
                            "red field.", rule, code="notice_on_red_only",
                            params={"team": team.name})
    staying = [c for c in contracts(team) if not c["notice"]]
    if workers < 1:
        raise RuleViolation("Give notice to at least one worker.", rule,
                            code="notice_at_least_one_worker")
    if workers > len(staying):
        raise RuleViolation(f"{team.name} has {_workers(len(staying))} without notice, not "
                            f"{workers}.", rule, code="notice_more_than_staff",
                            params={"team": team.name, "have": len(staying),
                                    "workers": workers})
    # The dearest contracts end first.
    for contract in sorted(staying, key=lambda c: -int(c["salary"]))[:workers]:
        contract["notice"] = True
    who = "The worker representative" if action.actor == WORKERS else team.name
    turn.emit("notice", f"{who} gives notice to {_workers(workers)} of {team.name}: they "
              "produce and are paid a last time on its next red field, then leave.",
              team=team.name, by=action.actor, workers=workers)


def _release_leaving(turn: E.Turn, team: Team) -> None:
    """The red field is over: workers whose notice took effect go back to the
    representative, unemployed."""
    mine = contracts(team)
    leaving = [c for c in mine if c["leaving"]]
    if not leaving:
        return
    mine[:] = [c for c in mine if not c["leaving"]]
    books(turn.state)["unemployed"] += len(leaving)
    _move_workers(turn, team.name, WORKERS, len(leaving), "termination")
    turn.emit("workers_leave", f"{_workers(len(leaving))} leave {team.name} and go back to the "
              "worker representative, unemployed.", team=team.name, workers=len(leaving),
              why="notice")
