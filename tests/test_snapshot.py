"""Snapshots: a state as JSON and back plays on exactly like the original."""

from __future__ import annotations

import json

import pytest

from playboss.rules import GameConfig
from playboss.rules.cli import final_state
from playboss.rules.engine import apply
from playboss.rules.gamelog import parse_entry, replay
from playboss.rules.simulate import play_game
from playboss.rules.snapshot import state_from_dict, state_to_dict


@pytest.mark.parametrize("steps", [frozenset(), frozenset({4, 5})])
def test_snapshot_round_trip_plays_on_identically(steps: frozenset[int]) -> None:
    final, log = play_game(GameConfig(teams=("A", "B", "C"), seed=5, years=3, steps=steps),
                           "greedy", log=True)
    assert log is not None
    for at in (0, 7, len(log.entries) // 3, len(log.entries) - 1):
        original = replay(log, at)
        copy = state_from_dict(json.loads(json.dumps(state_to_dict(original))))
        assert state_to_dict(copy) == state_to_dict(original)
        for entry in log.entries[at:]:
            action, chance = parse_entry(entry)
            apply(original, action, chance)
            apply(copy, action, chance)
        assert final_state(copy) == final_state(original) == final_state(final)


def test_snapshot_of_another_version_is_refused() -> None:
    with pytest.raises(ValueError, match="version"):
        state_from_dict({"version": 99})
