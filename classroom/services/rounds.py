"""Rounds with a deadline: the bidding round, the auction and step 7's estate round.

Pure reading of the engine state: which timed round is open and whether a move opened a new
one (it then gets a full round's time, ``moves`` and ``lesson`` set the deadline).
"""

from __future__ import annotations

from playboss.rules import GameState, waiting_for

#: Pending kinds that are rounds with a deadline, and the bank's move that closes one.
TIMED_ROUNDS = {"bidding": "close_bidding", "auction": "close_auction",
                "estate": "close_estate"}

#: An open round: its kind and who it waits on.
OpenRound = tuple[str, frozenset[str]]


def open_round(state: GameState) -> OpenRound | None:
    """The open bidding round or auction, as its kind and who it waits on (None if none)."""
    if state.phase != "turn" or not state.pending or state.pending[0].kind not in TIMED_ROUNDS:
        return None
    return state.pending[0].kind, frozenset(waiting_for(state))


def new_round(before: OpenRound | None, after: OpenRound | None) -> bool:
    """A round that opened with this move: another kind, or someone new to wait on (answers
    only shrink the waiting list within a round)."""
    return after is not None and (before is None or before[0] != after[0]
                                  or not after[1] <= before[1])
