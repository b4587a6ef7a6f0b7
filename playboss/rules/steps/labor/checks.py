"""Checks the labor market's moves share: the step is played, a number is whole, the team a
move is about, and whether a team stands on its red field (where notice is given and strikes
are called)."""

from __future__ import annotations

from typing import Any

from ...errors import RuleViolation
from ...state import GameState, Team
from .constants import PRODUCTION_ITEM, RULE, STEP, WORKERS


def stands_on_red(state: GameState, team: Team) -> bool:
    """The team's turn waits on its red field: its decision or its production."""
    return (state.phase == "turn" and state.current == team.name
            and any(p.kind in ("red", PRODUCTION_ITEM) for p in state.pending))


def require_step(state: GameState) -> None:
    if STEP not in state.config.steps:
        raise RuleViolation("This game does not play the labor market (step 6).", RULE,
                            code="step_off", params={"step": STEP})


def whole_number(value: Any, what: str, rule: str, *, code: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(f"The {what} must be a whole number.", rule, code=code)
    return value


def team_concerned(state: GameState, action: Any, rule: str) -> Team:
    """The team an action is about: the actor itself, or the team the representative names."""
    name = action.team
    if action.actor == WORKERS:
        team = state.teams.get(name) if isinstance(name, str) else None
        if team is None:
            raise RuleViolation(f"Name the team: there is no team {name!r}.", rule,
                                code="name_the_team", params={"team": name if isinstance(
                                    name, str) else repr(name)})
        if team.bankrupt:
            raise RuleViolation(f"{name} is bankrupt and out of the game.", rule,
                                code="team_bankrupt", params={"team": name})
        return team
    if name not in ("", action.actor):
        raise RuleViolation("A team acts for itself: leave out 'team' or name yourself.", rule,
                            code="team_acts_for_itself", params={"team": name})
    return state.teams[action.actor]
