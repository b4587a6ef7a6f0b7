"""Classroom models (none yet).

To come: a game (its config and current seq), teams and their players, and the append-only
``GameAction`` log (game, seq, actor, action JSON, chance outcomes, idempotency key, time)
with periodic snapshots. A game's state is its latest snapshot plus a replay of the actions
after it; only ``classroom.services`` writes these rows.
"""
