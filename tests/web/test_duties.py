"""Two players per team with split duties (rulebook step 6, "Labor Market": "One manages the
marketing and financial aspects and the other manages the purchase, production and labor
aspects of the business")."""

from __future__ import annotations

import json
from typing import Any

from django.test import Client

from classroom import services
from classroom.models import Classroom, Game

from .conftest import make_game


def _game(classroom: Classroom) -> Game:
    return make_game(classroom, steps=[6], duties=["Red", "Blue"])


def _join(game: Game, team: str, duty: str | None) -> Client:
    client = Client()
    pin = game.teams.get(name=team).pin
    response = client.post("/join/", {"code": game.code, "pin": pin})
    assert response.status_code == 302
    page = client.get(f"/play/{game.code}/")
    assert b"who does what" in page.content  # asked before anything else
    if duty:
        assert client.post(f"/play/{game.code}/", {"duty": duty}).status_code == 302
    return client


def _move(client: Client, game: Game, **action: Any) -> Any:
    return client.post(f"/games/{game.pk}/move/", json.dumps({"action": action}),
                       content_type="application/json")


def test_each_player_gets_its_half_of_the_moves(classroom: Classroom) -> None:
    game = _game(classroom)
    finance = _join(game, "Red", "marketing_finance")
    production = _join(game, "Red", "purchase_production_labor")
    assert _move(finance, game, type="roll", die=6).status_code == 200  # either may roll
    panel = finance.get(f"/games/{game.pk}/panel/").content.decode()
    assert 'data-type="purchase"' not in panel and 'data-type="pass"' in panel
    assert "Marketing and finance" in panel
    refused = _move(finance, game, type="purchase", units=1)
    assert refused.status_code == 403 and "partner" in refused.json()["error"]
    other = production.get(f"/games/{game.pk}/panel/").content.decode()
    assert 'data-type="purchase"' in other
    assert _move(production, game, type="purchase", units=1).status_code == 200


def test_a_player_must_choose_its_half_first(classroom: Classroom) -> None:
    game = _game(classroom)
    undecided = _join(game, "Blue", None)
    services.submit_action(game_id=game.pk, actor="Red", payload={"type": "roll", "die": 1})
    response = _move(undecided, game, type="take_credit", amount=500)
    assert response.status_code == 403 and "Choose first" in response.json()["error"]


def test_the_form_switches_it_on_for_the_human_teams(client: Client, teacher: Any,
                                                     classroom: Classroom) -> None:
    client.force_login(teacher)
    response = client.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "Split", "teams": "Red\nBlue\nBot", "player_3": "greedy", "steps": ["6"],
        "goal": "profit", "sales_target": 60000, "years": 3, "market_fill": "auto",
        "dice": "engine", "lease_renewal": "lease_field", "round_seconds": 90,
        "language": "en", "split_duties": "on"})
    assert response.status_code == 302
    game = Game.objects.get(name="Split")
    assert game.config["duties"] == ["Red", "Blue"]
    refused = client.post(f"/classes/{classroom.pk}/games/new/", {
        "name": "No step 6", "teams": "Red", "goal": "profit", "sales_target": 60000,
        "years": 3, "market_fill": "auto", "dice": "engine", "lease_renewal": "lease_field",
        "round_seconds": 90, "language": "en", "split_duties": "on"})
    assert refused.status_code == 400 and b"need step 6" in refused.content
    assert not Game.objects.filter(name="No step 6").exists()
