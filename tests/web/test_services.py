"""Services against the database: every change locked, logged, and announced on commit."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest

from classroom import selectors, services, state_store
from classroom.models import PIN_DIGITS, Classroom, Game, GameAction, Snapshot
from classroom.texts import describe_event

from .conftest import make_game


def submit(game: Game, actor: str, **payload: Any) -> services.Outcome:
    return services.submit_action(game_id=game.pk, actor=actor, payload=payload)


def test_new_game_has_teams_with_pins_and_a_first_snapshot(game: Game) -> None:
    teams = list(game.teams.all())
    assert [t.name for t in teams] == ["Red", "Blue"]
    assert all(len(t.pin) == PIN_DIGITS and t.token for t in teams)
    assert Snapshot.objects.filter(game=game, seq=0).exists()
    assert game.config["risk_order"]  # the deck order is part of the log


def test_bad_set_up_is_refused_with_the_engines_message(classroom: Classroom) -> None:
    with pytest.raises(services.ServiceError, match="team names must be distinct"):
        make_game(classroom, teams=["Red", "Red"])
    assert not Game.objects.exists()


def test_a_move_is_logged_and_announced_on_commit(
    game: Game, django_capture_on_commit_callbacks: Any
) -> None:
    with mock.patch("classroom.events.broadcast") as broadcast, \
            django_capture_on_commit_callbacks(execute=True):
        outcome = submit(game, "Red", type="roll", die=6)
    assert outcome.seq == 1
    row = GameAction.objects.get(game=game)
    assert row.action == {"type": "roll", "actor": "Red", "die": 6}
    game.refresh_from_db()
    assert (game.seq, game.revision) == (1, 1)
    args = broadcast.call_args.args
    assert args[:3] == (game.pk, 1, 1)
    assert any("moves to field 7" in describe_event(e, "en") for e in args[3])


def test_a_refused_move_changes_nothing(game: Game) -> None:
    with pytest.raises(services.ServiceError, match="It is Red's turn"):
        submit(game, "Blue", type="roll", die=3)
    with pytest.raises(services.ServiceError, match="Unknown action type"):
        submit(game, "Red", type="teleport")
    game.refresh_from_db()
    assert (game.seq, game.revision) == (0, 0)
    assert not GameAction.objects.exists()


def test_the_same_press_twice_counts_once(game: Game) -> None:
    first = services.submit_action(game_id=game.pk, actor="Red",
                                   payload={"type": "roll", "die": 2}, idempotency_key="k1")
    again = services.submit_action(game_id=game.pk, actor="Red",
                                   payload={"type": "roll", "die": 2}, idempotency_key="k1")
    assert again.duplicate and again.seq == first.seq
    assert GameAction.objects.count() == 1


def test_pause_blocks_teams_but_not_the_bank(game: Game) -> None:
    services.set_paused(game_id=game.pk, paused=True)
    with pytest.raises(services.ServiceError, match="paused"):
        submit(game, "Red", type="roll", die=1)
    submit(game, "bank", type="correction", team="Red", amount=500, reason="found a note")
    services.set_paused(game_id=game.pk, paused=False)
    submit(game, "Red", type="roll", die=1)


def test_state_is_rebuilt_from_the_log_after_a_restart(game: Game) -> None:
    submit(game, "Red", type="roll", die=6)
    submit(game, "Red", type="purchase", units=2)
    game.refresh_from_db()
    cached = selectors.team_view(game, "Red")
    state_store.forget(game.pk)  # as after a restart of the server
    assert selectors.team_view(game, "Red") == cached
    assert cached["teams"][0]["raw"] == 2


def test_snapshots_are_taken_and_used(game: Game, monkeypatch: Any) -> None:
    monkeypatch.setattr(services.moves, "SNAPSHOT_EVERY", 2)
    submit(game, "Red", type="roll", die=6)
    submit(game, "Red", type="pass")
    assert Snapshot.objects.filter(game=game, seq=2).exists()
    state_store.forget(game.pk)
    game.refresh_from_db()
    assert state_store.build_state(game).seq == 2


def test_undo_replays_the_log_and_the_dice_come_out_the_same(classroom: Classroom) -> None:
    game = make_game(classroom, dice="engine")
    first = submit(game, "Red", type="roll")
    die = next(e["die"] for e in first.events if e["type"] == "move")
    services.undo(game_id=game.pk, to_seq=0)
    game.refresh_from_db()
    assert game.seq == 0 and GameAction.objects.filter(undone=True).count() == 1
    again = submit(game, "Red", type="roll")
    assert next(e["die"] for e in again.events if e["type"] == "move") == die
    with pytest.raises(services.ServiceError, match="Undo goes back"):
        services.undo(game_id=game.pk, to_seq=5)


def test_bots_take_their_turns(classroom: Classroom) -> None:
    game = make_game(classroom, teams=["Red", "Bot A", "Bot B"], bots={"Bot A": "greedy",
                     "Bot B": "random"}, dice="engine")
    submit(game, "Red", type="roll")
    while True:
        game.refresh_from_db()
        view = selectors.team_view(game, "Red")
        if view["current"] == "Red" or view["phase"] == "ended":
            break
        services.play_bots(game_id=game.pk)
    assert GameAction.objects.filter(game=game, actor="Bot A").exists()
    assert GameAction.objects.filter(game=game, actor="Bot B").exists()


def test_import_replays_and_checks_an_exported_log(game: Game, classroom: Classroom) -> None:
    submit(game, "Red", type="roll", die=6)
    submit(game, "Red", type="purchase", units=2)
    log = selectors.export_log(game)
    copy = services.import_log(classroom=classroom, name="Replay", log_data=log)
    assert copy.seq == 2
    assert selectors.team_view(copy, "Red")["teams"][0]["raw"] == 2
    log["actions"].append({"type": "roll", "actor": "Red", "die": 9})
    with pytest.raises(services.ServiceError, match="A die shows 1 to 6"):
        services.import_log(classroom=classroom, name="Bad", log_data=log)
