"""``manage.py demo``: what ``scripts/run.sh`` shows a fresh machine."""

from __future__ import annotations

from io import StringIO
from typing import Any

from django.core.management import call_command
from django.test import Client

from classroom.models import Game


def test_the_demo_makes_two_games_to_join(db: Any) -> None:
    out = StringIO()
    call_command("demo", stdout=out)
    text = out.getvalue()
    base, expansion = Game.objects.order_by("pk")
    assert base.config["steps"] == [] and expansion.config["steps"] == [1, 2, 3, 4, 5, 6]
    assert expansion.representative == "students"
    for game in (base, expansion):
        assert f"code {game.code}" in text and f"/games/{game.pk}/bank/" in text
        for team in game.teams.filter(bot=""):
            assert f"PIN {team.pin}" in text
    assert f"Worker representative: http://127.0.0.1:8000/join/  code {expansion.code}  PIN " \
           f"{expansion.representative_pin}" in text
    rep = Client()
    rep.post("/join/", {"code": expansion.code, "pin": expansion.representative_pin})
    assert 'data-actor="workers"' in rep.get(f"/play/{expansion.code}/").content.decode()
    teacher = Client()
    assert teacher.login(username="teacher", password="playboss")
    assert teacher.get(f"/games/{expansion.pk}/workers/").status_code == 200
