"""Strikes and lockouts: the representative calls a strike while a business stands on red (it
becomes active on the struck team's next red field) and ends it; a team locks its workers out
while another business is struck, until it ends the lockout or no strike is left. What they
cost on a red field is the red field's (``red_field._idle_field``).

Rulebook: "Strike", "Lockout"."""

from __future__ import annotations

from ...errors import RuleViolation
from ...state import GameState, Team
from ...turn import ALL, Turn
from .actions import CallStrike, DeclareLockout, EndLockout, EndStrike
from .books import books, locked_out, strike_of, workers_of
from .checks import require_step, stands_on_red
from .constants import LOCKOUT_IDLE_COST, section


def _someone_on_red(state: GameState) -> bool:
    return state.current is not None and stands_on_red(state, state.teams[state.current])


def check_call_strike(state: GameState, action: CallStrike) -> list[str]:
    """The businesses struck."""
    require_step(state)
    rule = section("Strike")
    names = action.teams
    if (not isinstance(names, list) or not names
            or not all(isinstance(n, str) for n in names) or len(set(names)) != len(names)):
        raise RuleViolation("Name the businesses to strike, each once.", rule,
                            code="strike_names")
    if not _someone_on_red(state):
        raise RuleViolation("A strike is called when a business lands on a red field: wait "
                            "until one stands on red.", rule, code="strike_on_red_only")
    for name in names:
        team = state.teams.get(name)
        if team is None or team.bankrupt:
            raise RuleViolation(f"There is no business {name!r} in the game.", rule,
                                code="no_such_business", params={"team": name})
        if not workers_of(team):
            raise RuleViolation(f"{name} employs no workers.", rule, code="employs_no_workers",
                                params={"team": name})
        if strike_of(state, name):
            raise RuleViolation(f"{name} is struck already.", rule, code="struck_already",
                                params={"team": name})
        if locked_out(state, name):
            raise RuleViolation(f"{name} has locked its workers out.", section("Lockout"),
                                code="has_locked_out", params={"team": name})
    return list(names)


def call_strike(turn: Turn, action: CallStrike) -> None:
    state = turn.state
    names = check_call_strike(state, action)
    strikes = books(state)["strikes"]
    for name in names:
        strikes[name] = "called"
    turn.emit("strike_called", ALL, teams=list(names))


def check_end_strike(state: GameState, action: EndStrike) -> str:
    """The business whose strike ends."""
    require_step(state)
    rule = section("Strike")
    name = action.team
    if not isinstance(name, str) or not strike_of(state, name):
        raise RuleViolation(f"There is no strike at {name!r}.", rule, code="no_strike_at",
                            params={"team": name if isinstance(name, str) else repr(name)})
    return name


def end_strike(turn: Turn, action: EndStrike) -> None:
    stop_strike(turn, check_end_strike(turn.state, action), "ended")


def stop_strike(turn: Turn, name: str, how: str) -> None:
    """The strike at ``name`` ends; ``how`` says why, in a word for the event (``"ended"`` by
    the representative, ``"no_workers"``, ``"bankrupt"``)."""
    lab = books(turn.state)
    del lab["strikes"][name]
    turn.emit("strike_ended", ALL, team=name, how=how)
    if not lab["strikes"] and lab["lockouts"]:
        ended = list(lab["lockouts"])
        lab["lockouts"] = []
        turn.emit("lockout_ended", ALL, teams=ended, how="no_strike")


def check_declare_lockout(state: GameState, action: DeclareLockout) -> Team:
    require_step(state)
    rule = section("Lockout")
    team = state.teams[action.actor]
    if locked_out(state, team.name):
        raise RuleViolation("Your workers are locked out already.", rule,
                            code="locked_out_already")
    if strike_of(state, team.name):
        raise RuleViolation("Your business is struck: a lockout is for the other businesses.",
                            rule, code="lockout_while_struck")
    if not any(n != team.name for n in books(state)["strikes"]):
        raise RuleViolation("A lockout answers a strike: no business is struck now.", rule,
                            code="lockout_without_strike")
    if not workers_of(team):
        raise RuleViolation("You employ no workers to lock out.", rule,
                            code="lockout_no_workers")
    return team


def declare_lockout(turn: Turn, action: DeclareLockout) -> None:
    state = turn.state
    team = check_declare_lockout(state, action)
    books(state)["lockouts"].append(team.name)
    turn.emit("lockout", ALL, team=team.name, each=LOCKOUT_IDLE_COST)


def check_end_lockout(state: GameState, action: EndLockout) -> None:
    require_step(state)
    if not locked_out(state, action.actor):
        raise RuleViolation("Your workers are not locked out.", section("Lockout"),
                            code="not_locked_out")


def end_lockout(turn: Turn, action: EndLockout) -> None:
    state = turn.state
    check_end_lockout(state, action)
    books(state)["lockouts"].remove(action.actor)
    turn.emit("lockout_ended", ALL, teams=[action.actor], how="ended")
