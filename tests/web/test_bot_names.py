"""Issue 21, point 6: one set of bot names everywhere. The new-game form, the practice form,
the bank console (its list of who plays, its seat changes), the team sheet, the worker
representative's list and the README name each bot as ``bot_levels.BOT_NAMES`` does, in
English and German; none of the old variants ("sensible bot" for the careful one, "careful
bot" for the beginner) is left."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from classroom import services
from classroom.bot_levels import BOT_NAMES, LEVELS
from classroom.models import Classroom, Game, Representative, Team
from classroom.screens import ScreenSpec, build_screen

from .conftest import make_game

#: Names a bot had before issue 21 that named another bot, or none the pages use now.
OLD_NAMES = ["sensible bot", "a careful bot", "bot · careful", "bot · beginner",
             "Beginner (a simple bot)", "Careful (a sensible bot)", "vernünftiger Bot",
             "Bot · umsichtig", "Bot · Anfänger", "ein vorsichtiger Bot"]


def names(language: str) -> dict[str, str]:
    with translation.override(language):
        return {kind: str(name) for kind, name in BOT_NAMES.items()}


def options(html: str, select: str) -> dict[str, str]:
    """The options of the first <select name=...>: value -> label."""
    body = re.search(rf'<select name="{select}"[^>]*>(.*?)</select>', html, re.S)
    assert body, select
    return {v: label.strip() for v, label in
            re.findall(r'<option value="([^"]*)"[^>]*>([^<]*)</option>', body[1])}


@pytest.fixture
def bot_game(classroom: Classroom) -> Game:
    return make_game(classroom, teams=["Red", "Blue", "Green"],
                     bots={"Blue": "greedy", "Green": "sensible"}, steps=[6])


@pytest.mark.parametrize("language", ["en", "de"])
def test_every_page_names_the_bots_alike(owner: Client, bot_game: Game, language: str) -> None:
    want = names(language)
    assert len(set(want.values())) == len(want)  # four bots, four names
    owner.post("/i18n/setlang/", {"language": language, "next": "/"})
    pages = {}
    # The new-game form: each seat's choice, by bot kind.
    pages["form"] = owner.get(f"/classes/{bot_game.classroom_id}/games/new/").content.decode()
    seat = options(pages["form"], "player_1")
    for kind in (*LEVELS.values(), "random"):
        assert seat[kind] == want[kind], (kind, seat)
        assert f"<strong>{want[kind]}</strong>" in pages["form"]  # the note on each bot
    # The practice form: its levels.
    pages["practice"] = owner.get("/practice/").content.decode()
    level = options(pages["practice"], "level")
    assert {level[lv] for lv in LEVELS} == {want[k] for k in LEVELS.values()}
    # The bank console: who plays each team, its choice, and the seat changes.
    services.set_team_player(game_id=bot_game.pk, team_id=bot_game.teams.get(name="Red").pk,
                             bot="random")
    bot_game.refresh_from_db()
    console = build_screen(bot_game, ScreenSpec("bank", language)).html()
    pages["console"] = console
    for kind in ("greedy", "sensible", "random"):
        assert want[kind] in console, kind
    assert f": {want['random']}" in console  # "Red handed to: Random bot"
    choice = options(console, "bot")
    assert choice["beginner"] == want["greedy"] and choice["careful"] == want["sensible"]
    assert choice["random"] == want["random"]
    # The team sheet.
    pages["sheet"] = owner.get(f"/games/{bot_game.pk}/teams/").content.decode()
    assert f"({want['greedy']})" in pages["sheet"] and f"({want['sensible']})" in pages["sheet"]
    # The worker representative's list (step 6).
    pages["workers"] = owner.get(f"/games/{bot_game.pk}/workers/").content.decode()
    played_by = options(pages["workers"], "played_by")
    assert played_by[Representative.GREEDY] == want["greedy"]
    assert played_by[Representative.RANDOM] == want["random"]
    # The models' own labels (admin, forms): the same names.
    with translation.override(language):
        assert str(Team.Bot.GREEDY.label) == want["greedy"]
        assert str(Team.Bot.SENSIBLE.label) == want["sensible"]
        assert str(Team.Bot.RANDOM.label) == want["random"]
    for where, html in pages.items():
        for old in OLD_NAMES:
            assert old not in html, (where, old)


def test_the_readme_uses_the_same_names() -> None:
    readme = (Path(settings.BASE_DIR) / "README.md").read_text()
    for kind, name in names("en").items():
        if kind in LEVELS.values() or kind == "random":
            assert f"**{name}**" in readme, name
    for old in OLD_NAMES:
        assert old not in readme, old
