"""Two players running one business with split duties (rulebook step 6: "One manages the
marketing and financial aspects and the other manages the purchase, production and labor
aspects of the business").

A teacher switches it on per game (for every human team; it needs step 6). A student who joins
such a team says which half it runs — once: the session remembers it with the team's
``duty_generation``, and a browser that holds a half cannot choose again (issue 23: one browser
re-chose its half and then made the partner's moves). The screen offers only that half's moves,
and a move of the other half is refused. The teacher reassigns on the bank console
(``services.reset_team_duties``): the team's generation grows, every browser of the team has no
half any more and chooses once again. Moves of either half (rolling, the fields that are no
business decision) stay open to both. The engine classifies every action type
(``playboss.rules.duty_of``); the site only applies it.
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

from .models import Team

SESSION_KEY = "playboss_duties"
DUTY_LABELS: dict[str, Any] = {
    MARKETING_FINANCE: _("Marketing and finance"),
    PURCHASE_PRODUCTION_LABOR: _("Purchase, production and labour"),
}


def has_split_duties(team: Team) -> bool:
    return team.name in (team.game.config.get("duties") or [])


class AlreadyChosen(Exception):
    """This browser holds a half already: only the teacher lets it choose again."""

    def __init__(self, duty: str) -> None:
        super().__init__(duty)
        self.duty = duty


def choose(request: HttpRequest, team: Team, duty: str) -> None:
    """This browser runs ``duty`` of ``team``'s business, if it holds no half yet."""
    if duty not in DUTY_LABELS:
        raise ValueError(duty)
    held = chosen(request, team)
    if held is not None:
        raise AlreadyChosen(held)
    mine = dict(request.session.get(SESSION_KEY, {}))
    mine[str(team.game_id)] = [duty, team.duty_generation]
    request.session[SESSION_KEY] = mine


def chosen(request: HttpRequest, team: Team) -> str | None:
    return chosen_in(request.session, team)


def chosen_in(session: Mapping[str, Any], team: Team) -> str | None:
    """The half this browser runs, from a page's session or a websocket's: None when it has
    not chosen, or chose before the teacher let the team choose again."""
    held = session.get(SESSION_KEY, {}).get(str(team.game_id))
    if isinstance(held, str):  # chosen before halves had generations: generation 0
        held = [held, 0]
    if not isinstance(held, list) or len(held) != 2:
        return None
    duty, generation = held
    return duty if duty in DUTY_LABELS and generation == team.duty_generation else None


def form_duty(form: dict[str, Any]) -> str | None:
    """The half of the business a move of the screen belongs to (None: either)."""
    return duty_of_move(form["type"], form["fixed"].get("option"))


def allows(duty: str | None, action: Action) -> bool:
    needed = duty_of(action)
    return duty is None or needed is None or needed == duty
