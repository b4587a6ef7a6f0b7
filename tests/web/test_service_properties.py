"""A property test through the services, in the manner of Zulip's tests of its events (issue 11).

A hypothesis state machine plays site games only through ``classroom.services``: listed moves
of whoever the game waits on, refused moves, undo to an earlier move, export and import into a
new game (the copy then goes on with every later rule exactly as the original), moves that take
a snapshot, and flushes of the process's caches (the state cache, the rendered regions, the
consumers' game rows — what ``tests/conftest.py``'s ``_fresh_caches`` clears). After every rule,
for every game, these agree, generator included:

* the state the site serves (``state_store.read_state``, cached or not);
* the state rebuilt from the newest snapshot plus the live moves after it;
* the state from the game's config plus every live move;
* the replay of the exported log (``gamelog.replay``);

and every copy of the game equals the original. The callbacks a commit runs (the state cache's
refill, the broadcast) run as in the site (``captureOnCommitCallbacks(execute=True)``), so the
cached state is the one the moves left behind, not a rebuild.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from unittest import mock

import pytest
from django.test import TestCase
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from classroom import consumers, screens, selectors, services, state_store
from classroom.models import Classroom, Game
from classroom.templatetags.regions import MEMO
from playboss.rules import (
    GameConfig,
    GameState,
    RuleViolation,
    action_from_dict,
    apply,
    legal_choices,
    new_game,
    waiting_for,
)
from playboss.rules.gamelog import GameLog, replay

from .walk import canonical

STEP_SETS: list[list[int] | str] = [[], [1], [2], [3], [4], [5], [6], "all"]
MAX_COPIES = 3


@contextmanager
def committed() -> Iterator[None]:
    """Run what the services leave for after the commit, as the site does."""
    with TestCase.captureOnCommitCallbacks(execute=True):
        yield


def _moves(state: GameState, actor: str, any_time: bool) -> list[dict[str, Any]]:
    return [a.to_dict() for c in legal_choices(state, actor, any_time=any_time)
            for a in c.expand(actor)]


class ServiceMachine(RuleBasedStateMachine):
    classroom: Classroom

    def __init__(self) -> None:
        super().__init__()
        self.games: list[Game] = []
        self.patches: list[Any] = []

    # ------------------------------------------------------------------ set-up
    @initialize(teams=st.integers(2, 4), steps=st.sampled_from(STEP_SETS),
                seed=st.integers(0, 2**31 - 1), every=st.integers(3, 12),
                roll_for_first=st.booleans())
    def new_game(self, teams: int, steps: list[int] | str, seed: int, every: int,
                 roll_for_first: bool) -> None:
        # Snapshots every few moves rather than every 50: a short walk crosses several.
        patch = mock.patch.object(services.moves, "SNAPSHOT_EVERY", every)
        patch.start()
        self.patches.append(patch)
        names = ["Red", "Blue", "Green", "Yellow"][:teams]
        with committed():
            game = services.create_game(
                classroom=self.classroom, name="Walk", seats=[services.TeamSeat(n) for n in names],
                settings_={"dice": "engine", "seed": seed, "steps": steps, "years": 2,
                           "first_team": None if roll_for_first else names[0]})
        self.games = [game]

    def teardown(self) -> None:
        for patch in self.patches:
            patch.stop()

    # ------------------------------------------------------------------ helpers
    @property
    def game(self) -> Game:
        self.games[0].refresh_from_db()
        return self.games[0]

    def _read(self, reader: Any) -> Any:
        return state_store.read_state(self.game, reader)

    def _listed(self, any_time: bool) -> list[tuple[str, dict[str, Any]]]:
        def read(state: GameState) -> list[tuple[str, dict[str, Any]]]:
            if state.phase == "ended":
                return []
            return [(actor, move) for actor in waiting_for(state)
                    for move in _moves(state, actor, any_time)]
        listed: list[tuple[str, dict[str, Any]]] = self._read(read)
        return listed

    def _everywhere(self, actor: str, move: dict[str, Any]) -> None:
        """The same move in the original and in every copy: all are accepted alike."""
        outcomes = []
        for game in self.games:
            with committed():
                outcome = services.submit_action(game_id=game.pk, actor=actor, payload=move,
                                                 run_bots=False)
            outcomes.append((outcome.seq, outcome.events))
        assert all(o == outcomes[0] for o in outcomes), outcomes

    # ------------------------------------------------------------------ rules
    @rule(pick=st.integers(0, 10**6), any_time=st.booleans())
    def legal_move(self, pick: int, any_time: bool) -> None:
        listed = self._listed(any_time) or self._listed(not any_time)
        if listed:
            self._everywhere(*listed[pick % len(listed)])

    @rule(moves=st.integers(1, 25), seed=st.integers(0, 2**16))
    def burst(self, moves: int, seed: int) -> None:
        """Several listed moves, mostly the turn's own, so that games get somewhere."""
        rng = random.Random(seed)
        for _ in range(moves):
            listed = self._listed(rng.random() < 0.15) or self._listed(True)
            if not listed:
                return
            self._everywhere(*rng.choice(listed))

    @rule(pick=st.integers(0, 10**6))
    def snapshot_move(self, pick: int) -> None:
        """A listed move that takes a snapshot (as every SNAPSHOT_EVERY-th move does)."""
        listed = self._listed(False) or self._listed(True)
        if listed:
            with mock.patch.object(services.moves, "SNAPSHOT_EVERY", 1):
                self._everywhere(*listed[pick % len(listed)])
            for game in self.games:
                game.refresh_from_db()
                assert game.snapshots.filter(seq=game.seq).exists()

    @rule(pick=st.integers(0, 10**6), kind=st.sampled_from(["not_waited", "junk"]))
    def refused_move(self, pick: int, kind: str) -> None:
        """A move the engine refuses changes nothing: log, revision, state, in every game."""

        def candidates(state: GameState) -> list[tuple[str, dict[str, Any]]]:
            waiting = set(waiting_for(state))
            if kind == "not_waited":  # a turn's move by a team the game does not wait on
                turn_moves = [m for actor in waiting if actor in state.teams
                              for m in _moves(state, actor, any_time=False)]
                return [(team, {**m, "actor": team}) for team in state.teams
                        if team not in waiting for m in turn_moves]
            return [(team, junk) for team in state.teams for junk in (
                {"type": "teleport"}, {"type": "purchase", "units": -3},
                {"type": "take_credit", "amount": 777}, {"type": "roll", "die": 9},
                {"type": "accept_deal", "deal": 999_999})]

        def refused(state: GameState) -> tuple[str, dict[str, Any]] | None:
            # The first candidate from ``pick`` on that the engine refuses (a turn's move can
            # be open to others too, e.g. at any time): the service must refuse it as well.
            options = candidates(state)
            for i in range(min(len(options), 40)):
                actor, move = options[(pick + i) % len(options)]
                try:
                    apply(state.clone(), action_from_dict({**move, "actor": actor}))
                except RuleViolation:
                    return actor, move
            return None

        chosen = self._read(refused)
        if chosen is None:
            return
        actor, move = chosen
        for game in self.games:
            game.refresh_from_db()
            before = (game.seq, game.revision, game.actions.count(),
                      state_store.read_state(game, canonical))
            with pytest.raises(services.ServiceError), committed():
                services.submit_action(game_id=game.pk, actor=actor, payload=move,
                                       run_bots=False)
            game.refresh_from_db()
            assert (game.seq, game.revision, game.actions.count(),
                    state_store.read_state(game, canonical)) == before, (actor, move)

    @precondition(lambda self: self.games and self.games[0].seq > 0)
    @rule(back=st.integers(1, 40))
    def undo(self, back: int) -> None:
        to_seq = max(0, self.game.seq - back)
        for game in self.games:
            with committed():
                services.undo(game_id=game.pk, to_seq=to_seq)

    @precondition(lambda self: 0 < len(self.games) < MAX_COPIES)
    @rule()
    def export_and_import(self) -> None:
        log = selectors.export_log(self.game)
        with committed():
            copy = services.import_log(classroom=self.classroom, name="Copy", log_data=log)
        self.games.append(copy)

    @rule()
    def flush_caches(self) -> None:
        with state_store._lock:
            state_store._cache.clear()
        MEMO.clear()
        screens._stamps.clear()
        consumers._games.clear()

    # ------------------------------------------------------------------ the invariant
    @invariant()
    def every_way_to_the_state_agrees(self) -> None:
        if not self.games:
            return
        states = []
        for game in self.games:
            game.refresh_from_db()
            served = state_store.read_state(game, canonical)
            from_snapshot = canonical(state_store.build_state(game))
            from_config = new_game(GameConfig.from_dict(game.config))
            for row in game.actions.filter(undone=False).order_by("seq"):
                apply(from_config, action_from_dict(row.action), row.chance)
            from_log = replay(GameLog.from_dict(selectors.export_log(game)))
            assert served["seq"] == game.seq
            assert served == from_snapshot, f"game {game.pk}: cache vs snapshot"
            assert served == canonical(from_config), f"game {game.pk}: cache vs config"
            assert served == canonical(from_log), f"game {game.pk}: cache vs exported log"
            states.append(served)
        assert all(s == states[0] for s in states), "a copy differs from the original"
        # What the walks reached (pytest --hypothesis-show-statistics).
        event(f"games: {len(self.games)}")
        event(f"moves: {states[0]['seq'] // 25 * 25}+")
        event(f"snapshots: {min(self.game.snapshots.count(), 5)}")


def test_every_way_to_a_games_state_agrees_through_the_services(classroom: Classroom) -> None:
    ServiceMachine.classroom = classroom
    run_state_machine_as_test(ServiceMachine, settings=settings(
        max_examples=12, stateful_step_count=25, deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]))
