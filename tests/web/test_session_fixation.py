"""Issue 23, session fixation: every join (PIN, QR link, the worker representative's PIN or link),
every sign-in and every sign-out hands the browser a new session id, and the old id no longer
plays — whoever copied it before (a shared lab computer, a cookie read on plain HTTP) gets
nothing from the seat joined after."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.sessions.backends.base import SessionBase
from django.test import Client

from classroom.models import Game

from .conftest import make_game


def planted() -> tuple[Client, str]:
    """A browser whose session id someone else knows (the attacker planted or copied it)."""
    store: SessionBase = Client().session
    store["planted"] = True
    store.save()
    browser = Client()
    browser.cookies[settings.SESSION_COOKIE_NAME] = store.session_key
    return browser, str(store.session_key)


def with_old_id(session_key: str) -> Client:
    """The attacker's browser, carrying the id it knew before the victim joined."""
    attacker = Client()
    attacker.cookies[settings.SESSION_COOKIE_NAME] = session_key
    return attacker


def roll(c: Client, game: Game, actor: str | None = None) -> Any:
    body: dict[str, Any] = {"action": {"type": "roll", "die": 1}}
    if actor:
        body["actor"] = actor
    return c.post(f"/games/{game.pk}/move/", json.dumps(body), content_type="application/json")


def assert_new_id_plays_old_does_not(browser: Client, old_key: str, game: Game) -> None:
    new_key = browser.cookies[settings.SESSION_COOKIE_NAME].value
    assert new_key and new_key != old_key
    assert browser.get(f"/games/{game.pk}/panel/").status_code == 200
    attacker = with_old_id(old_key)
    assert attacker.get(f"/games/{game.pk}/panel/").status_code in (302, 403)
    assert attacker.get(f"/games/{game.pk}/revision/").status_code in (302, 403)
    assert roll(attacker, game).status_code in (302, 403)
    assert attacker.get(f"/play/{game.code}/").status_code == 302  # to the join form


JOINS: dict[str, Callable[[Client, Game], Any]] = {
    "pin": lambda c, g: c.post("/join/", {"code": g.code, "pin": g.teams.get(name="Red").pin}),
    "qr link": lambda c, g: c.get(f"/join/{g.teams.get(name='Red').token}/"),
}


@pytest.mark.parametrize("how", sorted(JOINS))
def test_a_team_join_cycles_the_session_id(game: Game, how: str) -> None:
    browser, old_key = planted()
    assert JOINS[how](browser, game).status_code == 302
    assert_new_id_plays_old_does_not(browser, old_key, game)
    # The session's other content survived the new id.
    assert browser.session.get("planted") is True


@pytest.mark.parametrize("how", ["pin", "qr link"])
def test_a_representative_join_cycles_the_session_id(classroom: Any, how: str) -> None:
    game = make_game(classroom, steps=[6], years=None, representative="students")
    browser, old_key = planted()
    if how == "pin":
        answer = browser.post("/join/", {"code": game.code, "pin": game.representative_pin})
    else:
        answer = browser.get(f"/join/{game.representative_token}/")
    assert answer.status_code == 302
    assert_new_id_plays_old_does_not(browser, old_key, game)
    assert roll(with_old_id(old_key), game, actor="workers").status_code in (302, 403)


def test_sign_in_and_sign_out_cycle_the_session_id(teacher: User, game: Game) -> None:
    browser, old_key = planted()
    signed_in = browser.post("/accounts/login/",
                             {"username": "teacher", "password": "secret-pass-1"})
    assert signed_in.status_code == 302
    in_key = browser.cookies[settings.SESSION_COOKIE_NAME].value
    assert in_key != old_key
    assert browser.get(f"/games/{game.pk}/bank/").status_code == 200
    assert with_old_id(old_key).get(f"/games/{game.pk}/bank/").status_code == 302  # to sign-in

    assert browser.post("/accounts/logout/").status_code in (200, 302)
    assert browser.cookies[settings.SESSION_COOKIE_NAME].value != in_key
    # Whoever copied the signed-in id is signed out too.
    assert with_old_id(in_key).get(f"/games/{game.pk}/bank/").status_code == 302
