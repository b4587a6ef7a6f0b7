"""What a team may offer: its finished units, held back by any part of the rules in force that
keeps some from sale (``RuleSet.sale_limits``: step 6's fresh goods).

Rulebook: "1. Step: Free Market for Sales" (teams "holding finished product")."""

from __future__ import annotations

from ...state import GameState, Team


def sellable(state: GameState, team: Team) -> int:
    """Finished units the team may offer now."""
    if team.bankrupt:
        return 0
    return min([team.finished, *(limit(state, team) for limit in state.rules.sale_limits)])
