"""Template tags for the statements cards on the team screen and the bank console, which
render inside panels that other apps own (``{% include "reports/_team_reports.html" %}``)."""

from __future__ import annotations

from typing import Any

from django import template

from classroom.models import Game

from .. import selectors

register = template.Library()


@register.simple_tag
def team_report_card(game: Game, actor: str) -> dict[str, Any]:
    """The newest statements of the team ``actor`` (empty for anyone else)."""
    team = game.teams.filter(name=actor).first() if actor else None
    return selectors.team_card(game, team)


@register.simple_tag
def teacher_report_card(game: Game) -> dict[str, Any]:
    return selectors.teacher_card(game)
