"""The bank director's own moves (rulebook I: "Choose a Bank Director", "End of the Game"):
calling time, and correcting a team's cash.
"""

from __future__ import annotations

from .actions import CallTime, Correction
from .errors import RuleViolation
from .money import move_cash, require_cash
from .turn import ALL, Turn
from .turn_flow import end_game

#: The longest reason the bank's correction form takes, in characters: the reason goes into
#: the log and the team's news as it is written. (The form keeps to it; the handler does not
#: refuse a longer one, as it never has.)
CORRECTION_REASON_MAX = 200


def call_time(turn: Turn, action: CallTime) -> None:
    state = turn.state
    if state.time_called:
        raise RuleViolation("Time has been called already.", "End of the Game",
                            code="time_called_already")
    state.time_called = True
    turn.emit("time_up", ALL, why="bank")
    if state.phase == "order":
        end_game(turn)


def correction(turn: Turn, action: Correction) -> None:
    state = turn.state
    rule = "Choose a Bank Director"
    team = state.teams.get(action.team)
    if team is None:
        raise RuleViolation(f"There is no team {action.team!r}.", rule, code="no_such_team",
                            params={"team": action.team})
    if not action.reason.strip():
        raise RuleViolation("A correction needs its reason.", rule,
                            code="correction_needs_reason")
    if action.amount == 0:
        raise RuleViolation("A correction of 0 Marks changes nothing.", rule,
                            code="correction_zero")
    if action.amount < 0:
        require_cash(team, -action.amount, "the correction", rule, code="cash_for_correction")
        move_cash(turn, team, None, -action.amount, "correction")
    else:
        move_cash(turn, None, team, action.amount, "correction")
    turn.emit("correction", ALL, team=team.name, amount=action.amount, reason=action.reason)
