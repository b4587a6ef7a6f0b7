"""Two players running one business with split duties (rulebook step 6: "One manages the
marketing and financial aspects and the other manages the purchase, production and labor
aspects of the business").

A teacher switches it on per game (for every human team; it needs step 6). A student who joins
such a team says which half it runs; the session remembers it, the screen offers only that
half's moves, and a move of the other half is refused. Moves of either half (rolling, the
fields that are no business decision) stay open to both. The engine classifies every action
type (``playboss.rules.duty_of``); the site only applies it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from playboss.rules import (
    MARKETING_FINANCE,
    PURCHASE_PRODUCTION_LABOR,
    Action,
    duty_of,
    duty_of_move,
)

from .models import Game, Team

SESSION_KEY = "playboss_duties"
DUTY_LABELS: dict[str, Any] = {
    MARKETING_FINANCE: _("Marketing and finance"),
    PURCHASE_PRODUCTION_LABOR: _("Purchase, production and labour"),
}


def has_split_duties(team: Team) -> bool:
    return team.name in (team.game.config.get("duties") or [])


def choose(request: HttpRequest, game: Game, duty: str) -> None:
    if duty not in DUTY_LABELS:
        raise ValueError(duty)
    chosen = dict(request.session.get(SESSION_KEY, {}))
    chosen[str(game.pk)] = duty
    request.session[SESSION_KEY] = chosen


def chosen(request: HttpRequest, game: Game) -> str | None:
    return chosen_in(request.session, game)


def chosen_in(session: Mapping[str, Any], game: Game) -> str | None:
    """The half this browser runs, from a page's session or a websocket's."""
    duty = session.get(SESSION_KEY, {}).get(str(game.pk))
    return duty if duty in DUTY_LABELS else None


def form_duty(form: dict[str, Any]) -> str | None:
    """The half of the business a move of the screen belongs to (None: either)."""
    return duty_of_move(form["type"], form["fixed"].get("option"))


def allows(duty: str | None, action: Action) -> bool:
    needed = duty_of(action)
    return duty is None or needed is None or needed == duty
