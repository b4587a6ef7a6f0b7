"""The levels of bots a teacher or a student chooses, mapped to the engine's bots in one place
(issue 12), and the paces a class game's bots move at.

* **Levels.** ``beginner`` plays the greedy bot, ``careful`` the sensible bot, ``strong`` the
  strong bot (it looks ahead with the engine; up to about a second a move). ``strong`` is
  offered only where this process's engine has the bot (``"strong" in BOTS``), so the site
  runs with an engine that lacks it. The random bot stays a choice of the new-game form and
  the bank console under its own name (it fuzzes the rules, it teaches nothing), never as a
  level.
* **Pace.** Seconds between two bot moves of a class game (``Game.bot_pace``): 0 is at once
  (as games made by scripts, imports and the demo play); the new-game form offers 2 s, which a
  projector can be followed at. See ``services.bots.play_paced_bot``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext_lazy

from playboss.rules import WORKERS, GameState, asked, waiting_for
from playboss.rules.bots import BOTS

from .errors import ServiceError

if TYPE_CHECKING:
    from .models import Game

#: One name for each bot, on every page (issue 21): the new-game and practice forms, the bank
#: console (its team list, seat changes and the representative's list), the team sheet and
#: the README. Keyed by the engine bot's kind (``Team.bot``); ``tests/web/test_bot_names.py``
#: compares every place with these.
BOT_NAMES: dict[str, Any] = {"greedy": gettext_lazy("Beginner bot"),
                             "sensible": gettext_lazy("Careful bot"),
                             "strong": gettext_lazy("Strong bot"),
                             "random": gettext_lazy("Random bot")}
#: The level a teacher or student chooses -> the engine bot (``playboss.rules.bots.BOTS``).
LEVELS: dict[str, str] = {"beginner": "greedy", "careful": "sensible"}
if "strong" in BOTS:
    LEVELS["strong"] = "strong"
LEVEL_LABELS = {level: BOT_NAMES[kind] for level, kind in LEVELS.items()}
#: The bot kinds a class seat may have that are no level (kept for testing the rules).
OTHER_BOTS: dict[str, object] = {"random": BOT_NAMES["random"]}


def bot_name(kind: str) -> str:
    """A bot kind's one name ("greedy" -> "Beginner bot"); the kind itself if unknown."""
    return str(BOT_NAMES.get(kind, kind))

#: Seconds between two bot moves a teacher may choose.
PACES: tuple[int, ...] = (0, 1, 2, 4)
PACE_LABELS = {0: gettext_lazy("At once"), 1: gettext_lazy("1 second between moves"),
               2: gettext_lazy("2 seconds between moves"),
               4: gettext_lazy("4 seconds between moves")}
#: The new-game form's pace: slow enough to follow each bot move on the projector.
FORM_PACE = 2


def bot_for(choice: str) -> str:
    """The engine bot for a level, a bot kind (passed through) or "" (the students).

    Raises ``ServiceError`` with a message for anything else."""
    if choice in LEVELS:
        return LEVELS[choice]
    if choice == "" or choice in LEVELS.values() or choice in OTHER_BOTS:
        return choice
    raise ServiceError(gettext_lazy("Unknown bot level “%(level)s”."), level=choice)


def is_seat_kind(kind: str) -> bool:
    """Whether a team's seat may be played by ``kind`` (a ``Team.bot``): students (""), a
    level's bot, or a bot that is no level. ``Team.Bot``'s choices lack the strong bot on
    purpose: a level this engine lacks is refused, with no migration either way."""
    return kind == "" or kind in LEVELS.values() or kind in OTHER_BOTS


def level_of(bot: str) -> str:
    """The level a bot kind plays ("" for students or a bot that is no level)."""
    for level, kind in LEVELS.items():
        if kind == bot:
            return level
    return ""


def seat_choices() -> list[tuple[str, object]]:
    """Who plays a seat, for the forms: students, each level, the random bot. The values are
    bot kinds (what ``Team.bot`` stores), the labels levels."""
    return [("", gettext_lazy("students")),
            *((LEVELS[level], label) for level, label in LEVEL_LABELS.items()),
            *OTHER_BOTS.items()]


#: The kind of "bot" that only answers the teams' hiring offers for the representative, at
#: the going salary (``Game.hiring_at_going_salary``; the engine's ``answer_at_going_salary``).
GOING_SALARY = "going_salary"


def bot_seats(game: Game) -> dict[str, str]:
    """Who a bot plays in ``game`` -> the engine bot's kind (teams, and step 6's
    representative when a bot plays it, or ``GOING_SALARY`` when the teacher lets a bot
    answer the hiring offers for the teacher or students who play it)."""
    bots = {t.name: t.bot for t in game.teams.all() if t.bot}
    if game.representative in BOTS:  # step 6: a bot plays the worker representative
        bots[WORKERS] = game.representative
    elif game.hiring_at_going_salary:
        bots[WORKERS] = GOING_SALARY
    return bots


def due(state: GameState) -> list[str]:
    """Who may move now for the game to go on: those asked beside play first (step 6's
    representative while a team's hiring offer is open: it answers when it likes, a bot at
    once), then those the game waits for."""
    out = asked(state)
    return out + [actor for actor in waiting_for(state) if actor not in out]


def check_pace(seconds: object) -> int:
    """A pace the teacher may choose, as an int; ``ServiceError`` with a message otherwise."""
    if isinstance(seconds, bool) or not isinstance(seconds, int) or seconds not in PACES:
        raise ServiceError(gettext_lazy("The bots' pace is one of %(paces)s seconds between "
                                        "moves."), paces=", ".join(str(p) for p in PACES))
    return seconds
