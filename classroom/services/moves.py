"""Moves: a team's, the bank's or a bot's move judged by the engine and appended to the log,
and the bank director's undo.

Two teams pressing at the same moment are served one after the other in the game's row lock:
one of them may hear "not your turn", neither is lost or doubled. A refused move changes
nothing, not even the cached state (``state_store.keep_if_unchanged``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy

from playboss.rules import BANK, GameState, RuleViolation, action_from_dict, apply, state_to_dict

from .. import state_store
from ..access import HeldSeat, seat_lost
from ..errors import ServiceError
from ..models import Game, GameAction, Snapshot
from . import followups, games
from .rounds import OpenRound, new_round, open_round

#: A snapshot of the state every this many moves (an undo or a new process replays from it).
SNAPSHOT_EVERY = 50
#: Called with a game's id once a game has ended (after the commit): the reports app builds
#: every team's statements then (registered in reports/apps.py), so they are ready at once.
GAME_ENDED: list[Callable[[int], None]] = []


@dataclass
class Outcome:
    seq: int
    events: list[dict[str, Any]] = field(default_factory=list)
    duplicate: bool = False
    #: The game's revision after the move (a screen that shows it is up to date).
    revision: int = 0


def submit_action(
    *, game_id: int, actor: str, payload: dict[str, Any], idempotency_key: str | None = None,
    run_bots: bool = True, screen_revision: int | None = None, seat: HeldSeat | None = None,
) -> Outcome:
    """Apply one move for ``actor`` (already authenticated by the caller).

    ``idempotency_key`` names one press of a button: the same key again (a retry after a lost
    answer) gets the first outcome, never a second move; the same key with another move or
    actor is refused. ``screen_revision`` is the revision the screen showed when the button was
    pressed: if the actor has moved since (another phone of the team, a double press), the
    decision the screen offered may be gone, and the move is refused rather than guessed.

    ``seat`` is what the sending browser holds (``access.held_seat``; None: the teacher, a
    bot): checked in the game's row lock, in the transaction that records the move, so a move
    in flight when the teacher dropped the team's devices or gave it (or the worker
    representative) a new PIN is refused once that change has committed — never lands after
    it (issue 23: 7 of 30 did); likewise a move of one half of a split business once the
    teacher has let the team choose its halves again."""
    if not isinstance(payload, dict):
        raise ServiceError(gettext_lazy("A move is a JSON object."))
    body = {k: v for k, v in payload.items() if k not in ("actor", "chance")}
    body["actor"] = actor
    key = (idempotency_key or "").strip()[:64] or None
    try:
        with games.changing(game_id) as game:
            if key is not None:
                earlier = game.actions.filter(idempotency_key=key).first()
                if earlier is not None:
                    _check_same_move(earlier, body)
                    return Outcome(seq=earlier.seq, events=earlier.events, duplicate=True,
                                   revision=game.revision)
            lost = seat_lost(game, seat) if seat is not None else ""
            if lost == "seat":  # a new PIN or "Drop devices" committed while it was on its way
                raise ServiceError(gettext_lazy(
                    "The teacher has signed this device out (new PIN or devices dropped): the "
                    "move was not made. Join again."), status=403)
            if lost == "half":  # "Choose halves again" (split duties) committed meanwhile
                raise ServiceError(gettext_lazy(
                    "The teacher lets your team choose its halves again: the move was not "
                    "made. Choose your half."), status=403)
            if screen_revision is not None and screen_revision < game.revision:
                _check_not_stale(game, actor, screen_revision)
            _check_running(game, actor)
            state = state_store.take_state(game)
            taken = state_store.mark(state)
            before = open_round(state)
            try:
                action = action_from_dict(body)
                produced = apply(state, action)
            except RuleViolation as exc:
                state_store.keep_if_unchanged(game.pk, game.history, state, taken)
                raise ServiceError.refusal(exc) from exc
            outcome = _record(game, state, action.to_dict(), produced, key, before)
    except IntegrityError as exc:  # a concurrent duplicate of the same key
        state_store.forget(game_id)
        raise ServiceError(gettext_lazy("That move was sent twice; the first one counts."),
                           409) from exc
    if run_bots:
        followups.on_commit(game_id, run_bots=True)
    return outcome


def _check_running(game: Game, actor: str) -> None:
    if game.status == Game.Status.LOBBY:
        raise ServiceError(gettext_lazy("The game has not started yet: it begins "
                                        "when the bank director starts it."), status=409)
    if game.status == Game.Status.PAUSED and actor != BANK:
        raise ServiceError(gettext_lazy("The bank director has paused the game."),
                           status=409)
    if game.status == Game.Status.ENDED:
        raise ServiceError(gettext_lazy("The game is over."), status=409)


def _check_same_move(earlier: GameAction, body: dict[str, Any]) -> None:
    """A repeated key must repeat its move: another body or actor under it is refused."""
    try:
        same = action_from_dict(body).to_dict() == earlier.action
    except RuleViolation:
        same = False
    if not same:
        raise ServiceError(gettext_lazy("That move key was already used for another move."),
                           status=409)


def _party_text(actor: str) -> str:
    from ..texts import party_text

    return party_text(actor)


#: A team's name, or "the bank"/"the worker representative" in the language of the page.
_party = lazy(_party_text, str)


def _check_not_stale(game: Game, actor: str, screen_revision: int) -> None:
    moved = (game.actions.filter(undone=False, actor=actor, revision__gt=screen_revision)
             .order_by("-seq").first())
    if moved is not None:
        raise ServiceError(gettext_lazy(
            "%(team)s has moved since this screen was drawn (move %(seq)s); the screen is up "
            "to date now: look and decide again."), status=409, team=_party(actor),
            seq=moved.seq)


def _record(game: Game, state: GameState, action: dict[str, Any],
            produced: list[dict[str, Any]], key: str | None,
            before: OpenRound | None) -> Outcome:
    """Append the applied move, snapshot when due, and announce it on commit."""
    game.seq = state.seq
    # The move's row carries the revision it makes (``announce`` below counts it).
    GameAction.objects.create(game=game, seq=state.seq, actor=action["actor"], action=action,
                              chance=state.last_chance or None, events=produced,
                              idempotency_key=key, revision=game.revision + 1)
    game.teams.filter(name=action["actor"]).update(last_acted=timezone.now())
    if state.phase == "ended":
        game.status = Game.Status.ENDED
    after = open_round(state)
    if after is None:
        game.deadline = game.paused_remaining = None
    elif new_round(before, after):
        if game.status == Game.Status.PAUSED:  # a bank's move during a pause: the clock waits
            game.deadline, game.paused_remaining = None, float(game.round_seconds)
        else:
            game.deadline = timezone.now() + timedelta(seconds=game.round_seconds)
    if state.seq % SNAPSHOT_EVERY == 0:
        Snapshot.objects.update_or_create(game=game, seq=state.seq,
                                          defaults={"state": state_to_dict(state)})
    game_id, seq, history = game.pk, state.seq, game.history
    revision = games.announce(
        game, "seq", "status", "deadline", "paused_remaining", produced=produced,
        before=lambda: state_store.keep_state(game_id, history, state))
    if state.phase == "ended":
        for listener in GAME_ENDED:
            transaction.on_commit(partial(listener, game_id), robust=True)
    return Outcome(seq=seq, events=produced, revision=revision)


def undo(*, game_id: int, to_seq: int) -> int:
    """Take back every move after ``to_seq``; the state is replayed from the log. Dice drawn
    by the engine come out the same again: an undo cannot buy a better roll."""
    with games.changing(game_id) as game:
        if not 0 <= to_seq < game.seq:
            raise ServiceError(gettext_lazy("Undo goes back to a move between 0 and %(last)s."),
                               last=game.seq - 1)
        game.actions.filter(undone=False, seq__gt=to_seq).update(undone=True)
        game.snapshots.filter(seq__gt=to_seq).delete()
        game.seq = to_seq
        game.history += 1
        # books on the projector after a move taken back: after the last move left
        if game.projector_focus_move is not None and game.projector_focus_move > to_seq:
            game.projector_focus_move = to_seq
        if game.status == Game.Status.ENDED:
            game.status = Game.Status.RUNNING
        state_store.forget(game.pk)
        # A bidding round or auction open at the point gone back to gets a full round's time
        # again (it had lost its deadline, and nothing would have closed it): counting now,
        # or from the resume when the game is paused.
        game.deadline = game.paused_remaining = None
        if state_store.read_state(game, open_round) is not None:
            if game.status == Game.Status.PAUSED:
                game.paused_remaining = float(game.round_seconds)
            else:
                game.deadline = timezone.now() + timedelta(seconds=game.round_seconds)
        games.announce(game, "seq", "history", "deadline", "paused_remaining", "status",
                       "projector_focus_move",
                       produced=[{"type": "undo", "to_seq": to_seq,
                                  "text": f"The bank takes back the moves after move {to_seq}."}])
        # the reopened round's closing task (bots wait for the next move, as before)
        followups.on_commit(game_id, run_bots=False)
    return to_seq
