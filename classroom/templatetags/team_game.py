"""A team's status bar and news (issue 10, "each team sees its game"): the game's goal in
words, whose move it is by name, and the team's news in the page's language.

Every filter reads only the values it is given (and the language), so the ``team-status`` and
``news`` regions that name those values stay right from the memo.
"""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.translation import gettext_lazy, pgettext, pgettext_lazy

from ..texts import news_text
from ..texts.describers import and_list

register = template.Library()

#: The game's goal in a sentence a student who never played reads at a glance (the engine's
#: ``GOAL_TITLES`` are English; step 5 brings the variants, the base game plays for profit).
GOALS: dict[str, Any] = {
    "profit": gettext_lazy("Highest profit when time is up"),
    "first_to_sales": gettext_lazy("First to reach the sales target wins"),
    "sales_then_profit": gettext_lazy("Highest profit once a team reaches the sales target"),
    "sales_yield": gettext_lazy("Highest sales yield (profit / sales)"),
    "asset_yield": gettext_lazy("Highest asset yield per year (profit / balance-sheet total / "
                                "years)"),
}


@register.filter
def goal_words(variant: Any) -> str:
    words = GOALS.get(str(variant))
    return str(words) if words is not None else str(variant)


@register.filter
def news_line(event: Any, me: Any) -> str:
    """One item of ``me``'s news in the page's language."""
    return news_text(event, str(me))


@register.filter
def team_names(names: Any, me: Any) -> str:
    """The teams the game waits for, "you" for the screen's own team: "you and Lions"."""
    said = [pgettext("the game waits for", "you") if name == me
            else str(PARTIES.get(str(name), name)) for name in names or []]
    return and_list(said)


#: The players that are not teams, by their role (the engine's names are keys, not words).
PARTIES: dict[str, Any] = {
    "workers": gettext_lazy("the worker representative"),
    "bank": pgettext_lazy("the game waits for", "the bank"),
}
