"""Which red field an advertising campaign is for (setting ``advertising_field``).

Rulebook I, "Advertising Campaigns (2 WEBs)": "If, upon landing on the next red field, one
sells finished product, you will receive the NEXT HIGHER price". With ``"next"`` (the literal
reading) a campaign bought while the team stands on a red field it has not decided yet waits
for the next red field it lands on: this field's decision neither uses nor spends it. With
``"current"`` (the engine's earlier reading) it applies to that undecided decision.

The waiting campaign is marked in ``team.step`` only while it waits, so a game that never has
one (every game on the legacy reading) keeps exactly the state it had.
"""

from __future__ import annotations

from .state import GameState, Team

#: ``team.step`` key: the campaign was bought on the red field the team is deciding now.
WAITS = "advertising_waits"


def on_undecided_red_field(state: GameState, team: Team) -> bool:
    return (state.phase == "turn" and state.current == team.name and bool(state.pending)
            and state.pending[0].kind == "red")


def campaign_bought(state: GameState, team: Team) -> None:
    """Called when the campaign starts: under the literal reading, a campaign bought on an
    undecided red field is for the next one."""
    if state.config.advertising_field == "next" and on_undecided_red_field(state, team):
        team.step[WAITS] = True


def applies(team: Team) -> bool:
    """Does the team's campaign price the red-field decision it makes now?"""
    return team.advertising and not team.step.get(WAITS, False)


def red_field_decided(team: Team) -> None:
    """The red decision is made: a campaign that applied is spent; one that waited now waits
    for the next red field."""
    if team.step.pop(WAITS, False):
        return
    team.advertising = False
