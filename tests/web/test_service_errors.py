"""The site speaks in words of the page's language (issue 10): every ``ServiceError`` is a
translated sentence, so a German page never shows an English service message.

Two checks: every raise site in the site's source is written as ``ServiceError``'s docstring
asks (a gettext sentence with German in the catalogue, its named placeholders given as params),
read from the source so a new one cannot slip through; and the refusals a class meets are
provoked, through the services and through the pages, on a German request.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from classroom import services
from classroom.models import Classroom, Game
from classroom.services import ServiceError

from .conftest import make_game

ROOT = Path(__file__).resolve().parents[2]
#: The site's code (the engine raises RuleViolations with codes, checked elsewhere).
SOURCES = [p for folder in ("classroom", "reports", "playboss")
           for p in (ROOT / folder).rglob("*.py")
           if "rules" not in p.relative_to(ROOT).parts and "migrations" not in p.parts]
GETTEXT = {"_", "gettext", "gettext_lazy", "pgettext", "pgettext_lazy"}
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _is_service_error(call: ast.Call) -> bool:
    func = call.func
    return (isinstance(func, ast.Name) and func.id == "ServiceError") or (
        isinstance(func, ast.Attribute) and func.attr == "ServiceError")


def _gettext_literal(node: ast.expr) -> str | None:
    """The msgid of ``_("...")`` / ``gettext_lazy("...")``, else None."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
            and node.func.id in GETTEXT and node.args
            and isinstance(node.args[-1], ast.Constant) and isinstance(node.args[-1].value, str)):
        return node.args[-1].value
    return None


def raise_sites() -> list[tuple[str, int, ast.Call]]:
    sites = []
    for path in SOURCES:
        tree = ast.parse(path.read_text("utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _is_service_error(node):
                sites.append((str(path.relative_to(ROOT)), node.lineno, node))
    return sites


def test_every_service_error_is_a_sentence_with_german_words() -> None:
    sites = raise_sites()
    assert len(sites) >= 25  # the services, the reports' services: the walk finds them
    problems = []
    for where, line, call in sites:
        first = call.args[0] if call.args else None
        formatted = isinstance(first, ast.BinOp) and isinstance(first.op, ast.Mod)
        msgid = _gettext_literal(first.left if formatted else first)  # type: ignore[union-attr,arg-type]
        if msgid is None:
            problems.append(f"{where}:{line}: not a gettext sentence")
            continue
        with translation.override("de"):
            if translation.gettext(msgid) == msgid:
                problems.append(f"{where}:{line}: no German for {msgid!r}")
        if not formatted:  # the lazy form: each placeholder is a keyword param, and only those
            given = {k.arg for k in call.keywords if k.arg not in (None, "status")}
            if set(PLACEHOLDER.findall(msgid)) != given:
                problems.append(f"{where}:{line}: placeholders {msgid!r}, params {given}")
    assert not problems, "\n".join(problems)


def test_an_engine_refusal_wrapped_by_a_service_is_told_from_its_code(
        classroom: Classroom) -> None:
    game = make_game(classroom)
    with pytest.raises(ServiceError) as info:
        services.submit_action(game_id=game.pk, actor="Blue", payload={"type": "roll", "die": 2},
                               run_bots=False)
    assert info.value.code == "not_your_turn"
    assert info.value.message == "It is Red's turn, not Blue's."
    with translation.override("de"):
        german = info.value.message
    assert german != "It is Red's turn, not Blue's." and "Red" in german and "Blue" in german


def _provoked(classroom: Classroom, teacher: User) -> dict[str, Any]:
    """One call per refusal a class meets, each raising a ServiceError."""
    game = make_game(classroom)
    over = make_game(classroom)
    Game.objects.filter(pk=over.pk).update(status=Game.Status.ENDED)
    paused = make_game(classroom)
    services.set_paused(game_id=paused.pk, paused=True)
    team = game.teams.get(name="Red")

    def new_game(**kw: Any) -> Any:
        args: dict[str, Any] = {"classroom": classroom, "name": "G",
                                "seats": [services.TeamSeat("A"), services.TeamSeat("B")],
                                "settings_": {}}
        args.update(kw)
        return lambda: services.create_game(**args)

    return {
        "class name": lambda: services.create_classroom(teacher=teacher, name=" "),
        "game name": new_game(name=""),
        "team name": new_game(seats=[services.TeamSeat("x" * 41), services.TeamSeat("B")]),
        "player kind": new_game(seats=[services.TeamSeat("A", "genius"),
                                       services.TeamSeat("B")]),
        "set-up": new_game(settings_={"years": 0}),
        "round": new_game(round_seconds=5),
        "representative": new_game(representative="robot"),
        "step 6": new_game(representative="students"),
        "json": lambda: services.submit_action(game_id=game.pk, actor="Red",
                                               payload=[], run_bots=False),  # type: ignore[arg-type]
        "paused": lambda: services.submit_action(game_id=paused.pk, actor="Red",
                                                 payload={"type": "roll", "die": 1}),
        "over": lambda: services.submit_action(game_id=over.pk, actor="Red",
                                               payload={"type": "roll", "die": 1}),
        "undo": lambda: services.undo(game_id=game.pk, to_seq=99),
        "started": lambda: services.start_game(game_id=game.pk),
        "seat bot": lambda: services.set_team_player(game_id=game.pk, team_id=team.pk,
                                                     bot="genius"),
        "standings": lambda: services.set_projector_standings(game_id=game.pk,
                                                              standings="luck"),
        "log": lambda: services.import_log(classroom=classroom, name="x", log_data={"x": 1}),
        "seat over": lambda: services.new_team_pin(game_id=over.pk,
                                                   team_id=over.teams.first().pk),  # type: ignore[union-attr]
    }


def test_each_refusal_a_class_meets_reads_german_on_a_german_request(
        classroom: Classroom, teacher: User) -> None:
    english: dict[str, str] = {}
    for name, call in _provoked(classroom, teacher).items():
        with translation.override("de"):  # the request's language while the service runs
            with pytest.raises(ServiceError) as info:
                call()
            german = info.value.message
        with translation.override("en"):
            english[name] = info.value.message
        assert german and german != english[name], (name, german)
    # The same error read in English (a page in English) says it in English.
    assert english["undo"] == "Undo goes back to a move between 0 and -1."
    assert english["class name"] == "A class needs a name."


def test_the_stale_screen_names_the_bank_in_german(classroom: Classroom) -> None:
    game = make_game(classroom)
    shown = Game.objects.get(pk=game.pk).revision
    services.submit_action(game_id=game.pk, actor="bank", payload={"type": "call_time"},
                           run_bots=False)
    with pytest.raises(ServiceError) as info:  # a second console that showed the game before
        services.submit_action(game_id=game.pk, actor="bank", payload={"type": "call_time"},
                               run_bots=False, screen_revision=shown)
    with translation.override("de"):
        german = info.value.message
    assert "bank" not in german and "Bank" in german


def test_a_german_page_shows_the_service_refusal_in_german(owner: Client, game: Game) -> None:
    answer = owner.post(f"/games/{game.pk}/bank/undo/", {"to_seq": "99"},
                        HTTP_ACCEPT="application/json", HTTP_ACCEPT_LANGUAGE="de")
    assert answer.status_code == 400
    with translation.override("de"):
        expected = translation.gettext("Undo goes back to a move between 0 and %(last)s.") % {
            "last": -1}
    assert answer.json()["error"] == expected != "Undo goes back to a move between 0 and -1."
