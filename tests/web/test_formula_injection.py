"""Issue 23, formula injection (OWASP "CSV injection"): a team named ``=HYPERLINK(...)`` — typed on
the new-game form or brought in by an imported log — reaches every CSV table and the XLSX
workbook as text. A text cell that begins with =, +, -, @, a tab or a carriage return gets a
leading apostrophe in CSV and is a quote-prefixed text cell in XLSX; every other cell, and every
number (a negative amount included), is written as before."""

from __future__ import annotations

import csv
import io
import json
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from openpyxl import load_workbook

from classroom.models import Classroom, Game
from reports import exports, services
from reports.sheet import FORMULA_TRIGGERS, neutralised
from reports.views import CSV_TABLES

EVIL = '=HYPERLINK("http://x","y")'
TEAMS = [EVIL, "+Blue", "@Green"]


def move(c: Client, game: Game, actor: str, **action: Any) -> Any:
    answer = c.post(f"/games/{game.pk}/move/", json.dumps({"actor": actor, "action": action}),
                    content_type="application/json")
    assert answer.status_code == 200, answer.content[:300]
    return answer


def played_from_the_form(owner: Client, classroom: Classroom) -> Game:
    """A game made on the new-game form with formula-like team names, a few moves played (a
    negative correction among them)."""
    data = {"name": "Monday game", "teams": "\n".join(TEAMS), "player_1": "", "player_2": "",
            "player_3": "", "goal": "profit", "sales_target": "60000", "years": "10",
            "market_fill": "auto", "board": "", "dice": "entered",
            "lease_renewal": "lease_field", "round_seconds": "90", "language": "en"}
    answer = owner.post(f"/classes/{classroom.pk}/games/new/", data)
    assert answer.status_code == 302, answer.content.decode()[:500]
    game = Game.objects.get()
    assert sorted(game.teams.values_list("name", flat=True)) == sorted(TEAMS)
    for team, die in zip(TEAMS, (6, 2, 1), strict=True):  # rolling for the order of play
        move(owner, game, team, type="roll", die=die)
    move(owner, game, "bank", type="correction", team=EVIL, amount=-500, reason="fine")
    return game


def csv_cells(owner: Client, game: Game) -> list[str]:
    cells: list[str] = []
    for table in CSV_TABLES:
        answer = owner.get(f"/games/{game.pk}/reports/csv/{table}.csv")
        assert answer.status_code == 200
        for row in csv.reader(io.StringIO(answer.content.decode("utf-8-sig"))):
            cells.extend(row)
    return cells


def workbook_cells(game: Game) -> list[Any]:
    game = Game.objects.get(pk=game.pk)  # after the moves
    ctx = services.game_context(game)
    data = exports.to_xlsx(exports.grading_sheets(ctx.fig, services.action_records(game)))
    book = load_workbook(io.BytesIO(data))
    return [cell for ws in book.worksheets for row in ws.iter_rows() for cell in row]


def assert_exports_hold_no_formula(owner: Client, game: Game) -> None:
    cells = csv_cells(owner, game)
    live = [c for c in cells if c.startswith(FORMULA_TRIGGERS)
            and not c.lstrip("-").replace(",", "").replace(".", "").isdigit()]
    assert live == []
    assert "'" + EVIL in cells and "'+Blue" in cells and "'@Green" in cells
    assert "-500" in cells  # a negative number is a number, not neutralised text

    xlsx = workbook_cells(game)
    assert [c.coordinate for c in xlsx if c.data_type == "f"] == []
    names = [c for c in xlsx if c.value == EVIL]
    assert names and all(c.data_type == "s" and c.quotePrefix for c in names)
    assert any(c.value == -500 and c.data_type == "n" for c in xlsx)


def test_a_formula_named_team_from_the_new_game_form_exports_as_text(
        owner: Client, classroom: Classroom) -> None:
    assert_exports_hold_no_formula(owner, played_from_the_form(owner, classroom))


def test_a_formula_named_team_from_an_imported_log_exports_as_text(
        owner: Client, classroom: Classroom) -> None:
    original = played_from_the_form(owner, classroom)
    log = owner.get(f"/games/{original.pk}/bank/export/").content
    upload = SimpleUploadedFile("evil.json", log, "application/json")
    assert owner.post(f"/classes/{classroom.pk}/import/",
                      {"name": "", "log": upload}).status_code == 302
    copy = Game.objects.exclude(pk=original.pk).get()
    assert_exports_hold_no_formula(owner, copy)


@pytest.mark.parametrize(("value", "written"), [
    ("=1+1", "'=1+1"), ("+1", "'+1"), ("-1", "'-1"), ("@SUM(A1)", "'@SUM(A1)"),
    ("\tx", "'\tx"), ("\rx", "'\rx"), ("Red", "Red"), ("a=b", "a=b"), ("", ""),
    (-500, -500), (-0.25, -0.25), (None, None),
])
def test_only_formula_like_text_is_neutralised(value: Any, written: Any) -> None:
    assert neutralised(value) == written
