"""Issue 21, points 3 and 4: step 6's hiring offers never stop the game, the teacher may let a
bot answer them at the going salary, and every screen warns before the unused workers leave
the game — rulebook part II, "Hiring" ("Hiring can occur at any time") and "6. Step: Labor
Market" (the unused workers go back to the bank when the first team finishes its first lap).
"""

from __future__ import annotations

import re
from typing import Any

from django.test import Client

from classroom import selectors, services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen

from .conftest import make_game

W = "workers"


def _play(game: Game, actor: str, **action: Any) -> None:
    services.submit_action(game_id=game.pk, actor=actor, payload=action, run_bots=False)
    game.refresh_from_db()


def screen(game: Game, actor: str, language: str = "en") -> str:
    return build_screen(game, ScreenSpec(actor, language)).html()


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def labour_game(classroom: Classroom, **kwargs: Any) -> Game:
    return make_game(classroom, steps=[6], years=None, **kwargs)


def test_an_open_hiring_offer_lets_every_team_play_on(classroom: Classroom) -> None:
    """Rulebook II, "Hiring": "Hiring can occur at any time" — the offer is a negotiation
    beside play. With the teacher as representative and Red's offer open, Red rolls and plays
    its turn, no screen waits for the representative, and the bank's "Needs you now" lists the
    offer to answer when the teacher likes."""
    game = labour_game(classroom)
    _play(game, "Red", type="offer_hire", workers=1, salary=500)
    for actor in ("Red", "Blue", "bank", W):
        assert selectors.panel(game, actor)["waiting_for"] == ["Red"], actor
    red = text(screen(game, "Red"))
    assert "worker representative's answer" not in red and "Your move!" in red
    bank = screen(game, "bank")
    assert "asks the worker representative for" in bank
    _play(game, "Red", type="roll", die=2)  # not refused: the offer waits beside play
    assert selectors.panel(game, "Red")["labor"]["offers"]
    _play(game, W, type="accept_hire", offer=1)
    assert selectors.panel(game, "Red")["labor"]["mine"]["salaries"] == [500]


def test_the_teacher_lets_a_bot_answer_hiring_offers_at_the_going_salary(
    owner: Client, classroom: Classroom
) -> None:
    """Rulebook II, "Hiring" and "Labor Costs": with the console's switch on, a bot answers
    the teams' offers for the teacher at the going salary (500 Marks before the first lap);
    switched off, the offer waits for the teacher again."""
    game = labour_game(classroom)
    console = owner.get(f"/games/{game.pk}/workers/").content.decode()
    assert "Let a bot answer hiring offers at the going salary" in console
    response = owner.post(f"/games/{game.pk}/workers/hiring/", {"on": "1"})
    assert response.status_code == 302
    game.refresh_from_db()
    assert game.hiring_at_going_salary
    assert services.bot_seats(game) == {W: "going_salary"}
    _play(game, "Red", type="offer_hire", workers=2, salary=500)
    assert services.play_bots(game_id=game.pk) == 1
    game.refresh_from_db()
    panel = selectors.panel(game, "Red")["labor"]
    assert panel["offers"] == [] and panel["mine"]["salaries"] == [500, 500]
    assert services.play_bots(game_id=game.pk) == 0  # nothing asked: the bot does nothing
    owner.post(f"/games/{game.pk}/workers/hiring/", {"on": "0"})
    game.refresh_from_db()
    assert not game.hiring_at_going_salary and services.bot_seats(game) == {}
    _play(game, "Blue", type="offer_hire", workers=1, salary=500)
    assert services.play_bots(game_id=game.pk) == 0
    assert selectors.panel(game, W)["labor"]["offers"]


def test_the_switch_is_refused_without_the_labour_market(classroom: Classroom) -> None:
    """Rulebook II, "6. Step: Labor Market": only step 6 has hiring offers."""
    game = make_game(classroom)
    try:
        services.set_hiring_at_going_salary(game_id=game.pk, on=True)
    except services.ServiceError as exc:
        assert "step 6" in str(exc.message)
    else:
        raise AssertionError("the switch was accepted in a game without step 6")
    game.refresh_from_db()
    assert not game.hiring_at_going_salary


def test_every_screen_warns_before_the_unused_workers_leave(classroom: Classroom) -> None:
    """Rulebook II, "6. Step: Labor Market": "after the first player crosses the start field
    for the first time, the worker representative must return any unused worker pieces back
    to the bank". Every team screen, the bank console, the representative's console and the
    projector say how many and when, with the engine's figures; German too."""
    game = labour_game(classroom)
    _play(game, W, type="offer_hire", team="Blue", workers=3, salary=500)
    _play(game, "Blue", type="accept_hire", offer=1)
    warning = selectors.panel(game, "Red")["labor"]["retiring"]
    assert warning["workers"] == 17 and warning["team"] == "Red"
    sentence = f"{warning['workers']} unused workers leave the game when the first team " \
        "finishes its first year."
    where = f"Red is {warning['fields']} fields from the start."
    for actor in ("Red", "Blue", "bank", W, "public"):
        seen = text(screen(game, actor))
        assert sentence in seen and where in seen, actor
    assert "Hire the workers your machines need before then" in text(screen(game, "Red"))
    assert "Hire the workers" not in text(screen(game, "public"))
    german = text(screen(game, "Red", "de"))
    assert "17 nicht eingestellte Arbeitskräfte verlassen das Spiel" in german
    assert f"Red ist {warning['fields']} Felder vom Start entfernt." in german


def test_no_warning_once_the_workers_have_left(classroom: Classroom) -> None:
    """Rulebook II, "6. Step: Labor Market": once the first team has crossed the start the
    unused workers are gone; no screen warns any more."""
    game = labour_game(classroom, teams=["Red"])
    state_fields = selectors.panel(game, "Red")["labor"]["retiring"]["fields"]
    rolled = 0
    while rolled < state_fields:
        die = min(6, state_fields - rolled)
        _play(game, "Red", type="roll", die=die)
        rolled += die
        panel = selectors.panel(game, "Red")
        while panel["waiting_for"] == ["Red"] and panel.get("pending"):
            kind = panel["pending"]["kind"]
            move = {"yellow": {"type": "cost", "option": "idle"}}.get(kind, {"type": "pass"})
            _play(game, "Red", **move)
            panel = selectors.panel(game, "Red")
    assert selectors.panel(game, "Red")["labor"]["retiring"] is None
    assert "unused worker" not in text(screen(game, "Red"))
    assert "unused worker" not in text(screen(game, "public"))


def test_with_the_switch_on_an_offer_is_answered_after_the_move(
    classroom: Classroom, django_capture_on_commit_callbacks: Any
) -> None:
    """Rulebook II, "Hiring": with the teacher's switch on, a team's offer is answered as the
    move that made it is committed (the bots' task is sent for a game whose only "bot" is the
    going-salary answerer), with no bot team in the game."""
    game = labour_game(classroom)
    services.set_hiring_at_going_salary(game_id=game.pk, on=True)
    with django_capture_on_commit_callbacks(execute=True):
        services.submit_action(game_id=game.pk, actor="Red",
                               payload={"type": "offer_hire", "workers": 1, "salary": 500})
    game.refresh_from_db()
    panel = selectors.panel(game, "Red")["labor"]
    assert panel["offers"] == [] and panel["mine"]["salaries"] == [500]
