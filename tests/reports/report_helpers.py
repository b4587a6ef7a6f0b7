"""Helpers of the report tests: games played by bots, and PDFs read back as lines of text.

(No ``__init__.py`` in this folder: a package named ``reports`` would hide the app.)
"""

from __future__ import annotations

import functools
import io
import re
from dataclasses import dataclass
from typing import Any

from pypdf import PdfReader

from classroom import services
from classroom.models import Classroom, Game
from playboss.rules import GameConfig, GameState, apply
from playboss.rules.gamelog import GameLog
from playboss.rules.legal import to_move
from playboss.rules.simulate import play_game
from playboss.rules.steps.goals import SetPersonalGoal

TEAMS = ("Red", "Blue", "Green")


@dataclass(frozen=True)
class Played:
    state: GameState
    log: GameLog


@functools.cache
def played(steps: frozenset[int] = frozenset({4}), seed: int = 7, years: int = 3,
           goal: str = "profit", teams: tuple[str, ...] = TEAMS) -> Played:
    """A game played to its end by greedy bots (with step 5, each team first writes down a
    personal goal). Cached: treat the state as read-only."""
    config = GameConfig(teams=teams, seed=seed, years=years, steps=steps, goal=goal)
    if 5 not in steps:
        state, log = play_game(config, "greedy", log=True)
        assert log is not None
        return Played(state, log)
    log, state = GameLog.start(config)
    for name in teams:
        personal = SetPersonalGoal(name, text=f"{name}: grow & stay <debt-free>")
        apply(state, personal)
        log.record(personal, state)
    from playboss.rules.bots import BOTS, RandomBot

    bots = {name: BOTS["greedy"](seed * 1_000 + i) for i, name in enumerate(teams)}
    while state.phase != "ended":
        actor = to_move(state)
        bot = bots.get(actor) or bots.setdefault(actor, RandomBot(seed * 1_000 + 999))
        action = bot.choose(state, actor)
        apply(state, action)
        log.record(action, state)
    return Played(state, log)


def pages(pdf: bytes) -> list[list[str]]:
    """Each page's text as its non-empty lines (pypdf puts each table cell on a line)."""
    reader = PdfReader(io.BytesIO(pdf))
    return [[line.strip() for line in (page.extract_text() or "").splitlines() if line.strip()]
            for page in reader.pages]


def page_count(pdf: bytes) -> int:
    return len(PdfReader(io.BytesIO(pdf)).pages)


def num(text: str, group: str = ",") -> int:
    """A printed amount back to an int: "-21,700" → -21700, "–" → 0."""
    text = text.strip()
    if text in ("–", "-", ""):
        return 0
    return int(text.replace(group, ""))


def after(lines: list[str], label: str, count: int = 1, start: int = 0) -> list[str]:
    """The ``count`` cells printed after the line ``label`` (from ``start``)."""
    i = lines.index(label, start)
    return lines[i + 1: i + 1 + count]


def amount_after(lines: list[str], label: str, start: int = 0, group: str = ",") -> int:
    return num(after(lines, label, 1, start)[0], group)


def find(lines: list[str], pattern: str) -> re.Match[str]:
    for line in lines:
        match = re.search(pattern, line)
        if match:
            return match
    raise AssertionError(f"{pattern!r} not in {lines}")


def import_played(classroom: Classroom, played: Any, name: str = "Year-end game",
                  language: str = "en") -> Game:
    """A site game whose log is a bot-played game (every move checked again on import)."""
    game = services.import_log(classroom=classroom, name=name, log_data=played.log.to_dict())
    if language != "en":
        Game.objects.filter(pk=game.pk).update(language=language)
        game.refresh_from_db()
    return game
