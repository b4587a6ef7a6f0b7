"""Issue 12 in class: the teacher chooses each bot seat's level (new-game form, bank console)
and the pace bot seats move at (``Game.bot_pace``; ``services.play_paced_bot``).

Pacing is tested with a fake clock and a fake timer (``dispatch.LATER`` records what is due
when): never a timed assertion. Not game rules: the site's seats and timing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from classroom import bot_levels, dispatch, services
from classroom.models import Classroom, Game, GameAction, SeatChange
from playboss.rules.bots import BOTS

from .conftest import make_game

ACCEPT_JSON = {"Accept": "application/json"}


# ====================================================================== helpers
@pytest.fixture
def bots_asked(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Which engine bot ``services`` asks for each bot move: (bot kind, actor)."""
    asked: list[tuple[str, str]] = []

    def spy(kind: str) -> type:
        base = BOTS[kind]

        class Spy(base):  # type: ignore[misc, valid-type]
            def choose(self, state: Any, actor: str) -> Any:
                asked.append((kind, actor))
                return super().choose(state, actor)

        return Spy

    monkeypatch.setattr(services.bots, "BOTS", {kind: spy(kind) for kind in BOTS})
    return asked


@dataclass
class FakeTime:
    """A clock and the timers due on it; ``run_next`` jumps to the next timer and runs it
    with its on-commit callbacks (so a paced chain schedules its next step)."""

    now: datetime
    due: list[tuple[datetime, Callable[[], None]]] = field(default_factory=list)
    delays: list[float] = field(default_factory=list)

    def later(self, seconds: float, call: Callable[[], None]) -> None:
        self.delays.append(seconds)
        self.due.append((self.now + timedelta(seconds=seconds), call))

    def run_next(self, capture: Any) -> None:
        self.due.sort(key=lambda item: item[0])
        when, call = self.due.pop(0)
        self.now = max(self.now, when)
        with capture(execute=True):
            call()


@pytest.fixture
def fake_time(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeTime]:
    clock = FakeTime(now=timezone.now())
    monkeypatch.setattr(dispatch, "LATER", clock.later)
    monkeypatch.setattr(timezone, "now", lambda: clock.now)
    yield clock


def bot_game(classroom: Classroom, capture: Any, pace: int) -> Game:
    """Two bot teams (beginner and careful) at ``pace``, the engine's dice, started at once."""
    with capture(execute=True):
        return services.create_game(
            classroom=classroom, name="Bots", bot_pace=pace,
            seats=[services.TeamSeat("Red", "greedy"), services.TeamSeat("Blue", "sensible")],
            settings_={"first_team": "Red", "seed": 3, "years": 2})


def moves(game: Game) -> int:
    return GameAction.objects.filter(game=game).count()


# ====================================================================== levels
def test_the_level_chosen_on_the_form_is_the_bot_that_plays(
    owner: Client, classroom: Classroom, bots_asked: list[tuple[str, str]]
) -> None:
    page = owner.get(f"/classes/{classroom.pk}/games/new/").content.decode()
    careful = bot_levels.LEVELS["careful"]
    assert f'<option value="{careful}">Careful bot</option>' in page
    assert ("<strong>Strong bot</strong>: thinks ahead" in page) == ("strong" in bot_levels.LEVELS)
    response = owner.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "Levels", "teams": "Red\nBlue", "player_1": careful,
        "player_2": bot_levels.LEVELS["beginner"], "goal": "profit", "sales_target": "60000",
        "years": "10", "market_fill": "auto", "board": "", "dice": "engine",
        "lease_renewal": "lease_field", "round_seconds": "90", "language": "en",
        "begin": "now", "bot_pace": "4"})
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get(name="Levels")
    assert game.bot_pace == 4
    assert dict(game.teams.values_list("name", "bot")) == {"Red": "sensible", "Blue": "greedy"}
    assert services.play_bots(game_id=game.pk, limit=6) == 6
    assert {kind for kind, actor in bots_asked if actor == "Red"} == {"sensible"}
    assert {kind for kind, actor in bots_asked if actor == "Blue"} <= {"greedy"}


def test_a_level_changed_mid_game_is_logged_and_plays_from_then_on(
    owner: Client, classroom: Classroom, bots_asked: list[tuple[str, str]]
) -> None:
    game = make_game(classroom, bots={"Red": "greedy", "Blue": "greedy"}, dice="engine",
                     teams=["Red", "Blue"])
    assert services.play_bots(game_id=game.pk, limit=4) == 4
    red = game.teams.get(name="Red")
    response = owner.post(f"/games/{game.pk}/bank/teams/{red.pk}/player/", {"bot": "careful"},
                          headers=ACCEPT_JSON)
    assert response.status_code == 200, response.json()
    red.refresh_from_db()
    assert red.bot == "sensible"
    change = SeatChange.objects.get(game=game, team=red)
    assert (change.kind, change.detail) == ("bot", "sensible")
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert "Red handed to: Careful bot" in html
    bots_asked.clear()
    assert services.play_bots(game_id=game.pk, limit=40) > 0
    assert {kind for kind, actor in bots_asked if actor == "Red"} == {"sensible"}


def test_the_bank_console_offers_levels_and_the_pace(owner: Client, classroom: Classroom) -> None:
    game = make_game(classroom, bots={"Blue": "greedy"})
    html = owner.get(f"/games/{game.pk}/panel/?as=bank").content.decode()
    assert '<option value="careful">Careful bot</option>' in html
    assert '<option value="beginner" selected>Beginner bot</option>' in html
    assert f'action="/games/{game.pk}/bank/bot-pace/"' in html
    assert '<option value="2">2 seconds between moves</option>' in html


# ====================================================================== pace
def test_paced_bots_move_one_at_a_time_a_pace_apart(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    assert moves(game) == 0  # nothing at once: the first bot move is a pace after the change
    # a second chain (a change close to the first): the slot in the row lock keeps the pace
    with django_capture_on_commit_callbacks(execute=True):
        services.after_change(game.pk, run_bots=True)
    times = []
    for _ in range(12):
        before = moves(game)
        fake_time.run_next(django_capture_on_commit_callbacks)
        assert moves(game) - before <= 1  # one bot move a step, never a burst
        if moves(game) > before:
            times.append(fake_time.now)
    assert len(times) >= 5
    assert all(b - a >= timedelta(seconds=2) for a, b in zip(times, times[1:], strict=False))
    assert set(fake_time.delays) == {2.0}
    assert len(fake_time.due) == 1  # the second chain ended: one chain goes on


def test_pause_stops_paced_bots_and_resume_starts_them_again(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=1)
    for _ in range(3):
        fake_time.run_next(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.set_paused(game_id=game.pk, paused=True)
    stopped = moves(game)
    while fake_time.due:  # the step already scheduled finds the game paused and ends
        fake_time.run_next(django_capture_on_commit_callbacks)
    assert moves(game) == stopped
    with django_capture_on_commit_callbacks(execute=True):
        services.set_paused(game_id=game.pk, paused=False)
    fake_time.run_next(django_capture_on_commit_callbacks)
    assert moves(game) == stopped + 1


def test_a_scheduled_bot_move_after_an_undo_does_not_play(
    classroom: Classroom, fake_time: FakeTime, django_capture_on_commit_callbacks: Any
) -> None:
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    for _ in range(4):
        fake_time.run_next(django_capture_on_commit_callbacks)
    with django_capture_on_commit_callbacks(execute=True):
        services.undo(game_id=game.pk, to_seq=1)
    fake_time.run_next(django_capture_on_commit_callbacks)  # scheduled before the undo
    game.refresh_from_db()
    assert game.seq == 1 and not fake_time.due


def test_the_pace_changes_mid_game_from_the_console(
    owner: Client, classroom: Classroom, fake_time: FakeTime,
    django_capture_on_commit_callbacks: Any
) -> None:
    game = bot_game(classroom, django_capture_on_commit_callbacks, pace=2)
    with django_capture_on_commit_callbacks(execute=True):
        response = owner.post(f"/games/{game.pk}/bank/bot-pace/", {"seconds": "4"},
                              headers=ACCEPT_JSON)
    assert response.status_code == 200
    game.refresh_from_db()
    assert game.bot_pace == 4 and fake_time.delays[-1] == 4


# ====================================================================== bad input
@pytest.mark.parametrize("seconds", ["-2", "3", "fast", ""])
def test_a_bad_pace_is_refused_with_a_message_and_changes_nothing(
    owner: Client, classroom: Classroom, seconds: str
) -> None:
    game = make_game(classroom, bots={"Blue": "greedy"})
    before = (game.bot_pace, game.revision)
    response = owner.post(f"/games/{game.pk}/bank/bot-pace/", {"seconds": seconds},
                          headers=ACCEPT_JSON)
    assert response.status_code == 400
    assert response.json()["error"] == ("The bots' pace is one of 0, 1, 2, 4 seconds between "
                                        "moves.")
    game.refresh_from_db()
    assert (game.bot_pace, game.revision) == before


def test_a_bad_pace_on_the_form_makes_no_game(owner: Client, classroom: Classroom) -> None:
    response = owner.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "Bad", "teams": "Red\nBlue", "player_2": "greedy", "goal": "profit",
        "sales_target": "60000", "years": "10", "market_fill": "auto", "dice": "engine",
        "lease_renewal": "lease_field", "round_seconds": "90", "language": "en",
        "bot_pace": "-1"})
    assert response.status_code == 400
    assert "Choose a pace from the list" in response.content.decode()
    assert not Game.objects.filter(name="Bad").exists()
    with pytest.raises(services.ServiceError, match="pace is one of"):
        services.create_game(classroom=classroom, name="Bad", bot_pace=-1,
                             seats=[services.TeamSeat("Red")], settings_={})
    assert not Game.objects.filter(name="Bad").exists()


def test_an_unknown_level_is_refused_with_a_message_and_changes_nothing(
    owner: Client, classroom: Classroom
) -> None:
    game = make_game(classroom, bots={"Blue": "greedy"})
    blue = game.teams.get(name="Blue")
    response = owner.post(f"/games/{game.pk}/bank/teams/{blue.pk}/player/", {"bot": "expert"},
                          headers=ACCEPT_JSON)
    assert response.status_code == 400
    assert response.json()["error"] == "Unknown bot level “expert”."
    blue.refresh_from_db()
    assert blue.bot == "greedy" and not SeatChange.objects.filter(game=game).exists()


def test_a_request_without_a_pace_gets_bots_at_once_and_the_form_offers_2_s(
    owner: Client, classroom: Classroom
) -> None:
    page = owner.get(f"/classes/{classroom.pk}/games/new/").content.decode()
    assert '<option value="2" selected>2 seconds between moves</option>' in page
    response = owner.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "Script", "teams": "Red\nBlue", "player_2": "greedy", "goal": "profit",
        "sales_target": "60000", "years": "10", "market_fill": "auto", "dice": "engine",
        "lease_renewal": "lease_field", "round_seconds": "90", "language": "en"})
    assert response.status_code == 302
    assert Game.objects.get(name="Script").bot_pace == 0
