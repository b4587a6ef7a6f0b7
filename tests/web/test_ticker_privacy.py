"""Privacy of the ticker (issue 10): the lines every screen sees never carry the terms of a
private deal or a team's borrowing; the parties and the bank see the full line."""

from __future__ import annotations

from typing import Any

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.contrib.auth.models import AnonymousUser, User
from django.test import Client

from classroom import services, ticker
from classroom.access import SESSION_KEY
from classroom.consumers import GameConsumer
from classroom.models import Classroom, Game

from .conftest import make_game

DEAL = {"type": "propose_deal", "partner": "Blue", "give": {"cash": 700},
        "take": {"raw": 1}, "terms": "pay back 800 next year"}


def test_a_deal_offer_reads_discreetly_for_everyone_but_its_parties() -> None:
    offered = {"type": "deal_offered", "audience": ["Red", "Blue"], "team": "Red",
               "partner": "Blue", "deal": 3, "give": {"cash": 700}, "take": {"raw": 1}}
    credit = {"type": "credit", "audience": ["Red", "bank"], "team": "Red", "amount": 4000}
    full_offer = "Red offers Blue a deal (offer 3): gives 700 Marks, asks 1 unit of raw material."
    full_credit = "Red borrows 4,000 Marks from the bank."
    lines = ticker.tickers([offered, credit], "en")
    assert lines["public"] == ["Red offers Blue a private deal."]
    assert lines["Red"] == [full_offer, full_credit]
    assert lines["Blue"] == [full_offer]  # Red's credit is Red's business
    assert lines["bank"] == [full_offer, full_credit]
    assert "700" not in " ".join(lines["public"]) and "4,000" not in " ".join(lines["public"])


def test_in_german_too() -> None:
    offered = {"type": "deal_offered", "audience": ["Rot", "Blau"], "team": "Rot",
               "partner": "Blau", "deal": 3, "give": {"cash": 700}, "take": {"raw": 1}}
    german = ticker.tickers([offered], "de")["public"]
    assert german == ["Rot bietet Blau ein privates Geschäft an."]


@pytest.fixture
def three(classroom: Classroom) -> Game:
    return make_game(classroom, teams=["Red", "Blue", "Green"])


def _socket(game: Game, query: str = "", **scope: Any) -> WebsocketCommunicator:
    comm = WebsocketCommunicator(GameConsumer.as_asgi(), f"/ws/games/{game.pk}/{query}")
    comm.scope["url_route"] = {"kwargs": {"game_id": game.pk}}
    comm.scope.update(scope)
    return comm


async def _changed(comm: WebsocketCommunicator) -> dict[str, Any]:
    while True:
        message = await comm.receive_json_from(timeout=5)
        if message["type"] == "changed":
            return message


@pytest.mark.django_db(transaction=True)
def test_each_socket_hears_the_line_it_may_read(three: Game, teacher: User) -> None:
    def socket(**scope: Any) -> WebsocketCommunicator:
        return _socket(three, **scope)

    changed = _changed

    async def scenario() -> None:
        ids = await database_sync_to_async(
            lambda: dict(three.teams.values_list("name", "pk")))()
        seats = {name: socket(user=AnonymousUser(),
                              session={SESSION_KEY: {str(three.pk): ids[name]}})
                 for name in ("Blue", "Green")}
        seats["bank"] = socket(user=teacher, session={})
        for comm in seats.values():
            assert (await comm.connect())[0]
        await database_sync_to_async(services.submit_action)(
            game_id=three.pk, actor="Red", payload=DEAL, run_bots=False)
        heard = {name: " ".join((await changed(comm))["ticker"]) for name, comm in seats.items()}
        assert "700" in heard["Blue"] and "700" in heard["bank"]
        assert "700" not in heard["Green"] and "private deal" in heard["Green"]
        for comm in seats.values():
            await comm.disconnect()

    async_to_sync(scenario)()


def test_the_projectors_ticker_keeps_the_terms_private(three: Game, owner: Client) -> None:
    services.submit_action(game_id=three.pk, actor="Red", payload=DEAL, run_bots=False)
    page = owner.get(f"/games/{three.pk}/projector/").content.decode()
    assert "Red offers Blue a private deal." in page
    assert "700" not in page.split('id="ticker"')[1].split("</ol>")[0]


@pytest.mark.django_db(transaction=True)
def test_each_socket_hears_the_ticker_in_its_own_pages_language(three: Game) -> None:
    """A German page in an English game reads the ticker in German, an English page in
    English (the lines used to come in the game's language only: "Red rolls 2 …" on German
    screens)."""
    def socket(name: str, language: str, ids: dict[str, int]) -> WebsocketCommunicator:
        return _socket(three, f"?lang={language}", user=AnonymousUser(),
                       session={SESSION_KEY: {str(three.pk): ids[name]}})

    changed = _changed

    async def scenario() -> None:
        ids = await database_sync_to_async(
            lambda: dict(three.teams.values_list("name", "pk")))()
        german, english = socket("Blue", "de", ids), socket("Green", "en", ids)
        for comm in (german, english):
            assert (await comm.connect())[0]
        await database_sync_to_async(services.submit_action)(
            game_id=three.pk, actor="Red", payload=DEAL, run_bots=False)
        heard_de = " ".join((await changed(german))["ticker"])
        heard_en = " ".join((await changed(english))["ticker"])
        assert "Geschäft" in heard_de and "deal" not in heard_de, heard_de
        assert "private deal" in heard_en, heard_en
        for comm in (german, english):
            await comm.disconnect()

    async_to_sync(scenario)()
