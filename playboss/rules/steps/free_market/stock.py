"""What a team may offer: its finished units, held back by any step that keeps some from sale
(a registry the later steps append to, e.g. step 6's fresh goods).

Rulebook: "1. Step: Free Market for Sales" (teams "holding finished product")."""

from __future__ import annotations

from collections.abc import Callable

from ...state import GameState, Team

#: Steps that keep finished units from sale (e.g. units made this turn, step 6) add a
#: function returning how many of a team's finished units it may offer now.
SELLABLE: list[Callable[[GameState, Team], int]] = []


def sellable(state: GameState, team: Team) -> int:
    """Finished units the team may offer now."""
    if team.bankrupt:
        return 0
    return min([team.finished, *(limit(state, team) for limit in SELLABLE)])
