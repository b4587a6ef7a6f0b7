"""Issue 21, point 1: whenever the game waits for a team, that team's "Your move" offers a way
on. A property over bot games of several sets of steps: at every moment the game waits for a
team, the "Your move" region of that team's rendered screen holds at least one enabled control
whose move -- built from the form as the page's script builds it -- the engine accepts (its
quote raises no refusal). A payment the cash does not cover (the rulebook's "take a loan or
sell") once showed "Nothing to decide right now." there."""

from __future__ import annotations

import json
from collections import Counter
from html.parser import HTMLParser
from typing import Any

import pytest

from classroom import state_store
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen
from playboss.rules import (
    GameConfig,
    GameState,
    RuleViolation,
    action_from_dict,
    apply,
    new_game,
    quote,
    waiting_for,
)
from playboss.rules.bots import BOTS, RandomBot

from .conftest import make_game


class Forms(HTMLParser):
    """The move forms of a region: type, fixed fields, the first value of each field, and
    whether the form's button is enabled."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        form = self.forms[-1] if self.forms else None
        if tag == "form" and "move" in (a.get("class") or "").split():
            self.forms.append({"type": a.get("data-type"), "fixed": json.loads(
                a.get("data-fixed") or "{}"), "fields": {}, "enabled": False})
        elif form is None:
            return
        elif tag == "input" and a.get("name"):
            form["fields"][a["name"]] = a.get("value") or ""
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select:
            if self._select not in form["fields"] or "selected" in a:
                form["fields"][self._select] = a.get("value") or ""
        elif tag == "button" and "disabled" not in a:
            form["enabled"] = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def as_sent(value: str) -> Any:
    """A field's value as live.js sends it (``numberOrText``)."""
    return int(value) if value.lstrip("-").isdigit() else value


def accepted_controls(game: Game, state: GameState, team: str) -> int:
    """How many enabled controls of ``team``'s "Your move" the engine accepts at ``state``."""
    game.seq = state.seq
    state_store.keep_state(game.pk, game.history, state)
    screen = build_screen(game, ScreenSpec(team, "de"))
    parser = Forms()
    parser.feed(screen.regions["moves"][1])
    accepted = 0
    for form in parser.forms:
        if not form["enabled"]:
            continue
        move = {"type": form["type"], **form["fixed"],
                **{k: as_sent(v) for k, v in form["fields"].items()}, "actor": team}
        try:
            quote(state, action_from_dict(move))
        except RuleViolation:
            continue
        accepted += 1
    return accepted


STEP_SETS = [(), (1,), (2,), (3,), (5,), (6,), (1, 2, 3, 4, 5, 6)]


@pytest.mark.parametrize("steps", STEP_SETS, ids=lambda s: "steps" + "".join(map(str, s)))
def test_every_wait_for_a_team_offers_a_move_the_engine_accepts(
        classroom: Classroom, steps: tuple[int, ...]) -> None:
    teams = ["Red", "Blue", "Green", "Gold"]
    seen: Counter[str] = Counter()
    for seed in (1, 2):
        game = make_game(classroom, teams=teams, dice="engine", steps=list(steps), years=2,
                         seed=seed)
        game.status = Game.Status.RUNNING  # in memory: the screens are drawn from states below
        state = new_game(GameConfig.from_dict(game.config))
        # Random bots spend carelessly: they run into payments their cash does not cover.
        bots: dict[str, Any] = {n: (BOTS["sensible"] if i % 2 else RandomBot)(seed * 10 + i)
                                for i, n in enumerate(teams)}
        while state.phase != "ended" and state.seq < 3000:
            waiting = waiting_for(state)
            for team in waiting:
                if team in state.teams:
                    kind = state.pending[0].kind if state.pending else "roll"
                    assert accepted_controls(game, state, team) >= 1, (seed, state.seq, team,
                                                                       kind)
                    seen[kind] += 1
            actor = waiting[0]
            bots.setdefault(actor, RandomBot(99))
            apply(state, bots[actor].choose(state, actor))
    # The case of the issue was among them: a payment the cash did not cover.
    assert seen["roll"] > 40 and seen["red"] > 10 and seen["pay"] >= 1, seen
