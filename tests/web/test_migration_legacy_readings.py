"""Migration 0010: games stored before the literal readings became the defaults keep the
readings they were played by (their set-up and snapshots get the legacy values written in);
games that name their readings are left as they are."""

from __future__ import annotations

import importlib
from typing import Any

from django.apps import apps

from classroom.models import Game, Snapshot
from classroom.state_store import read_state
from playboss.rules.readings import LEGACY, LITERAL
from tests.web.conftest import make_game

write_legacy_readings = importlib.import_module(
    "classroom.migrations.0010_legacy_readings").write_legacy_readings


def _stored_before_the_readings(game: Game) -> None:
    """Make ``game`` look as a game stored before the readings existed: no reading named in
    its set-up nor in a snapshot's."""
    config = {k: v for k, v in game.config.items() if k not in LEGACY}
    Game.objects.filter(pk=game.pk).update(config=config)
    snapshot = Snapshot.objects.get(game=game, seq=0)
    Snapshot.objects.filter(pk=snapshot.pk).update(
        state={**snapshot.state, "config": dict(config)})


def test_an_old_game_keeps_the_legacy_readings(classroom: Any) -> None:
    game = make_game(classroom)
    _stored_before_the_readings(game)
    write_legacy_readings(apps, None)
    game.refresh_from_db()
    assert {k: game.config[k] for k in LEGACY} == LEGACY
    snapshot = Snapshot.objects.get(game=game, seq=0)
    assert {k: snapshot.state["config"][k] for k in LEGACY} == LEGACY
    assert snapshot.state["teams"]  # the rest of the snapshot is untouched
    assert read_state(game, lambda s: s.config.collateral) == "free"


def test_a_game_that_names_its_readings_is_left_alone(classroom: Any) -> None:
    game = make_game(classroom)
    Game.objects.filter(pk=game.pk).update(config={**game.config, **LITERAL})
    snapshot = Snapshot.objects.get(game=game, seq=0)
    Snapshot.objects.filter(pk=snapshot.pk).update(
        state={**snapshot.state, "config": {**snapshot.state["config"], **LITERAL}})
    game.refresh_from_db()
    before = dict(game.config)
    write_legacy_readings(apps, None)
    game.refresh_from_db()
    assert game.config == before
    assert read_state(game, lambda s: s.config.collateral) == "repay_first"


def test_a_new_game_plays_the_literal_readings(classroom: Any) -> None:
    """A game created today without naming the readings plays the rulebook's words."""
    game = make_game(classroom)
    played = read_state(game, lambda s: {k: getattr(s.config, k) for k in LITERAL})
    assert played == LITERAL
