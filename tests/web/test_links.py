"""Join links and QR codes use an address phones reach (issue 10, "Classroom network")."""

from __future__ import annotations

import pytest
from django.test import Client

from classroom import links
from classroom.models import Game

WARNING = "this computer only"


def sheet(client: Client, game: Game, host: str) -> str:
    response = client.get(f"/games/{game.pk}/teams/", HTTP_HOST=host)
    assert response.status_code == 200
    return response.content.decode()


@pytest.fixture(autouse=True)
def _hosts(settings: pytest.FixtureRequest) -> None:
    settings.ALLOWED_HOSTS = ["*"]  # type: ignore[attr-defined]


def test_the_teachers_loopback_address_gives_loopback_links_and_a_warning(
        owner: Client, game: Game, settings: object) -> None:
    settings.SITE_URL, settings.LISTEN_HOST = "", "127.0.0.1"  # type: ignore[attr-defined]
    html = sheet(owner, game, "127.0.0.1:8000")
    red = game.teams.get(name="Red")
    assert f"http://127.0.0.1:8000/join/{red.token}/" in html
    assert WARNING in html and "HOST=0.0.0.0" in html
    bank = owner.get(f"/games/{game.pk}/bank/", HTTP_HOST="127.0.0.1:8000").content.decode()
    assert WARNING in bank  # the console warns too


def test_listening_on_every_interface_links_use_the_lan_address(
        owner: Client, game: Game, settings: object, monkeypatch: pytest.MonkeyPatch) -> None:
    settings.SITE_URL, settings.LISTEN_HOST = "", "0.0.0.0"  # type: ignore[attr-defined]
    monkeypatch.setattr(links, "lan_address", lambda: "192.168.4.20")
    html = sheet(owner, game, "localhost:8000")
    red = game.teams.get(name="Red")
    assert f"http://192.168.4.20:8000/join/{red.token}/" in html
    assert "http://192.168.4.20:8000/join/" in html and WARNING not in html
    assert "localhost:8000/join/" not in html


def test_site_url_wins(owner: Client, game: Game, settings: object) -> None:
    settings.SITE_URL = "https://playboss.school.example"  # type: ignore[attr-defined]
    settings.LISTEN_HOST = "0.0.0.0"  # type: ignore[attr-defined]
    html = sheet(owner, game, "127.0.0.1:8000")
    red = game.teams.get(name="Red")
    assert f"https://playboss.school.example/join/{red.token}/" in html
    assert WARNING not in html
    projector = owner.get(f"/games/{game.pk}/projector/", HTTP_HOST="127.0.0.1:8000")
    assert (f"https://playboss.school.example/games/{game.pk}/projector/"
            f"{game.projector_token}/") in projector.content.decode()


def test_a_network_address_is_kept_as_it_is(owner: Client, game: Game, settings: object) -> None:
    settings.SITE_URL, settings.LISTEN_HOST = "", "0.0.0.0"  # type: ignore[attr-defined]
    html = sheet(owner, game, "10.1.2.3:8000")
    assert "http://10.1.2.3:8000/join/" in html and WARNING not in html


def test_the_lan_address_is_never_a_loopback_one() -> None:
    address = links.lan_address()
    assert address is None or not address.startswith("127.")
