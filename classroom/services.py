"""The only code that changes a game (HackSoft's services; Zulip's actions).

Every change locks the game's row, rebuilds or takes the engine state, lets the engine judge
the move, appends to the log, and announces the change with ``transaction.on_commit`` so that
nobody hears of a change that was rolled back. Two teams pressing at the same moment are
served one after the other: one of them may hear "not your turn", neither is lost or doubled.
"""

from __future__ import annotations

import copy
import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.functional import lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from playboss.rules import (
    BANK,
    GameConfig,
    GameLog,
    RuleViolation,
    action_from_dict,
    apply,
    legal_choices,
    new_game,
    waiting_for,
)
from playboss.rules.bots import BOTS, Bot
from playboss.rules.readings import CHOICES as READINGS
from playboss.rules.snapshot import state_to_dict
from playboss.rules.state import GameState
from playboss.rules.steps.labor import WORKERS

from . import bot_levels, events, state_store
from .models import (
    Classroom,
    Game,
    GameAction,
    Representative,
    SeatChange,
    Snapshot,
    Team,
    new_pin,
    new_projector_token,
)

SNAPSHOT_EVERY = 50
#: Called with a game's id once a game has ended (after the commit): the reports app builds
#: every team's statements then (registered in reports/apps.py), so they are ready at once.
GAME_ENDED: list[Callable[[int], None]] = []
#: Pending kinds that are rounds with a deadline, and the bank's move that closes one.
TIMED_ROUNDS = {"bidding": "close_bidding", "auction": "close_auction",
                "estate": "close_estate"}
BOT_MOVES_PER_CALL = 2_000


class ServiceError(Exception):
    """A request that changes nothing, with a message for the person who made it, in the
    language of the page that shows it.

    How to write one (``tests/web/test_service_errors.py`` reads every raise site and fails
    on any other form, or on a sentence without German in the catalogue):

    * the site's own sentence: ``ServiceError(gettext_lazy("Undo goes back to a move between 0
      and %(last)s."), last=n)`` -- a ``gettext_lazy`` sentence with named placeholders, the
      values as keyword params. ``message`` tells it in the language active where it is read
      (the view's), so a German page never shows English, even when the service ran in
      another language. A param may be a ``RuleViolation`` (told in words, see below) or a
      lazy string. ``_("A sentence.")`` (gettext at the raise, in the request's language)
      is accepted too, and ``_("... %(x)s") % {...}``; never an f-string or a bare literal;
    * an engine refusal: ``raise ServiceError.refusal(exc) from exc`` -- told from the
      ``RuleViolation``'s code and params by ``classroom.texts.translate_refusal``, which
      reads ``code``/``params`` here too.

    ``status`` is the HTTP status a view answers with (400; 409 for "not now", 404, 403).
    """

    def __init__(self, message: Any, status: int = 400, **params: Any) -> None:
        super().__init__(message)
        self.text = message
        self.status = status
        #: The sentence's named values; for an engine refusal, the refusal's params.
        self.params: dict[str, Any] = params
        #: An engine refusal's code ("" for the site's own sentences).
        self.code = ""
        self.rule_violation: RuleViolation | None = None

    @classmethod
    def refusal(cls, violation: RuleViolation, status: int = 400) -> ServiceError:
        """The engine's refusal, told in the page's language from its code and params."""
        error = cls(violation.message, status)
        error.code, error.params = violation.code, dict(violation.params)
        error.rule_violation = violation
        return error

    @property
    def message(self) -> str:
        """The sentence in the active language."""
        from .texts import translate_refusal

        if self.rule_violation is not None:
            return translate_refusal(self.rule_violation)
        text = str(self.text)
        if not self.params:
            return text
        return text % {name: translate_refusal(value) if isinstance(value, RuleViolation)
                       else value for name, value in self.params.items()}

    def __str__(self) -> str:
        return self.message


@dataclass
class Outcome:
    seq: int
    events: list[dict[str, Any]] = field(default_factory=list)
    duplicate: bool = False
    #: The game's revision after the move (a screen that shows it is up to date).
    revision: int = 0


# ====================================================================== set-up
def create_classroom(*, teacher: User, name: str) -> Classroom:
    name = name.strip()
    if not name:
        raise ServiceError(gettext_lazy("A class needs a name."))
    return Classroom.objects.create(teacher=teacher, name=name[:100])


@dataclass
class TeamSeat:
    name: str
    bot: str = ""


def _new_code() -> str:
    alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread on a projector
    while True:
        code = "".join(secrets.choice(alphabet) for _ in range(6))
        if not Game.objects.filter(code=code).exists():
            return code


def stored_config(config: GameConfig) -> dict[str, Any]:
    """A game's set-up as the site stores it: the engine's JSON with every rulebook reading
    named, also at its default, so a page reads it off the set-up and a later change of the
    defaults cannot change a stored game's rules (``playboss/rules/readings.py``)."""
    return {**config.to_dict(), **{name: getattr(config, name) for name in READINGS}}


@transaction.atomic
def create_game(
    *, classroom: Classroom, name: str, seats: list[TeamSeat], settings_: dict[str, Any],
    round_seconds: int = 90, language: str = "en", representative: str = "teacher",
    lobby: bool = False, bot_pace: int = 0,
) -> Game:
    """A new game: the engine checks the set-up; teams get PINs and QR tokens (and the worker
    representative too, when students play it). With ``lobby`` the game waits until the bank
    director starts it (``start_game``): teams join, nobody moves, bots neither. Without, it
    runs at once (imports, the demo, tests). ``bot_pace``: seconds between two bot moves
    (``bot_levels.PACES``; 0 at once)."""
    bot_pace = bot_levels.check_pace(bot_pace)
    name = name.strip()
    if not name:
        raise ServiceError(gettext_lazy("A game needs a name."))
    names = [s.name.strip() for s in seats]
    if any(len(n) > 40 for n in names):
        raise ServiceError(gettext_lazy("Team names have at most %(most)s characters."), most=40)
    for seat in seats:
        if not bot_levels.is_seat_kind(seat.bot):
            raise ServiceError(gettext_lazy("Unknown player kind “%(kind)s”."), kind=seat.bot)
    data = dict(settings_)
    data["teams"] = names
    data.setdefault("seed", secrets.randbelow(2**31))
    try:
        config = GameConfig.from_dict(data)
        _, state = GameLog.start(config)
    except RuleViolation as exc:
        raise ServiceError.refusal(exc) from exc
    if not 10 <= round_seconds <= 3_600:
        raise ServiceError(gettext_lazy("A bidding round lasts 10 seconds to an hour."))
    _check_representative(config, representative)
    game = Game.objects.create(classroom=classroom, name=name[:100], code=_new_code(),
                               config=stored_config(state.config), language=language,
                               round_seconds=round_seconds, representative=representative,
                               bot_pace=bot_pace,
                               status=Game.Status.LOBBY if lobby else Game.Status.RUNNING)
    pins = _new_pins(len(seats))
    for seat_no, (seat, pin) in enumerate(zip(seats, pins, strict=True)):
        Team.objects.create(game=game, name=names[seat_no], seat=seat_no, bot=seat.bot,
                            pin=pin, token=secrets.token_urlsafe(16))
    if representative == Representative.STUDENTS:
        _new_representative_secrets(game)
        game.save(update_fields=["representative_pin", "representative_token"])
    Snapshot.objects.create(game=game, seq=0, state=state_to_dict(state))
    transaction.on_commit(lambda: _after_change(game.pk, run_bots=True), robust=True)
    return game


def _new_pins(count: int, taken: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """``count`` PINs distinct from each other and from ``taken``: within a game, the code and
    a PIN name one seat (a team, or the worker representative)."""
    pins: list[str] = []
    while len(pins) < count:
        pin = new_pin()
        if pin not in taken and pin not in pins:
            pins.append(pin)
    return pins


def _check_representative(config: GameConfig, representative: str) -> None:
    if representative not in Representative.values:
        raise ServiceError(gettext_lazy("Unknown player of the worker representative "
                           "%(who)s."), who=representative)
    if representative != Representative.TEACHER and 6 not in config.steps:
        raise ServiceError(gettext_lazy("Only expansion step 6 (labour market) has a worker "
                                        "representative; the teacher keeps the role "
                                        "otherwise."))


def _new_representative_secrets(game: Game) -> None:
    """A fresh PIN and QR secret: browsers that joined with the old ones are out."""
    taken = set(game.teams.values_list("pin", flat=True))
    game.representative_pin = _new_pins(1, taken)[0]
    game.representative_token = secrets.token_urlsafe(16)


def set_representative(*, game_id: int, played_by: str) -> Game:
    """Hand the worker representative of step 6 to the teacher, to students (with a PIN of
    their own) or to a bot, also in the middle of a game. Every screen of the game reloads:
    students who played the role lose it when it goes elsewhere."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        _check_representative(GameConfig.from_dict(game.config), played_by)
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.representative == played_by:
            return game
        game.representative = played_by
        if played_by == Representative.STUDENTS:
            _new_representative_secrets(game)
        else:
            game.representative_pin = game.representative_token = ""
        game.save(update_fields=["representative", "representative_pin",
                                 "representative_token"])
        with translation.override(game.language):
            text = _("The worker representative is played by %(who)s now.") % {
                "who": Representative(played_by).label}
        _seat_changed(game, None, SeatChange.Kind.REPRESENTATIVE, played_by, text)
        transaction.on_commit(lambda: _after_change(game_id, run_bots=True), robust=True)
    return game


# ====================================================================== moves
def submit_action(
    *, game_id: int, actor: str, payload: dict[str, Any], idempotency_key: str | None = None,
    run_bots: bool = True, screen_revision: int | None = None,
) -> Outcome:
    """Apply one move for ``actor`` (already authenticated by the caller).

    ``idempotency_key`` names one press of a button: the same key again (a retry after a lost
    answer) gets the first outcome, never a second move; the same key with another move or
    actor is refused. ``screen_revision`` is the revision the screen showed when the button was
    pressed: if the actor has moved since (another phone of the team, a double press), the
    decision the screen offered may be gone, and the move is refused rather than guessed."""
    if not isinstance(payload, dict):
        raise ServiceError(gettext_lazy("A move is a JSON object."))
    body = {k: v for k, v in payload.items() if k not in ("actor", "chance")}
    body["actor"] = actor
    key = (idempotency_key or "").strip()[:64] or None
    try:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if key is not None:
                earlier = game.actions.filter(idempotency_key=key).first()
                if earlier is not None:
                    _check_same_move(earlier, body)
                    return Outcome(seq=earlier.seq, events=earlier.events, duplicate=True,
                                   revision=game.revision)
            if screen_revision is not None and screen_revision < game.revision:
                _check_not_stale(game, actor, screen_revision)
            if game.status == Game.Status.LOBBY:
                raise ServiceError(gettext_lazy("The game has not started yet: it begins "
                                                "when the bank director starts it."),
                                   status=409)
            if game.status == Game.Status.PAUSED and actor != BANK:
                raise ServiceError(gettext_lazy("The bank director has paused the game."),
                                   status=409)
            if game.status == Game.Status.ENDED:
                raise ServiceError(gettext_lazy("The game is over."), status=409)
            state = state_store.take_state(game)
            before = _open_round(state)
            try:
                action = action_from_dict(body)
                produced = apply(state, action)
            except RuleViolation as exc:
                state_store.keep_state(game.pk, game.history, state)  # unchanged by the rule
                raise ServiceError.refusal(exc) from exc
            outcome = _record(game, state, action.to_dict(), produced, key, before)
    except IntegrityError as exc:  # a concurrent duplicate of the same key
        state_store.forget(game_id)
        raise ServiceError(gettext_lazy("That move was sent twice; the first one counts."),
                           409) from exc
    if run_bots:
        transaction.on_commit(lambda: _after_change(game_id, run_bots=True), robust=True)
    return outcome


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
    from .texts import party_text

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
            before: tuple[str, frozenset[str]] | None) -> Outcome:
    """Append the applied move, snapshot when due, and announce it on commit."""
    game.seq = state.seq
    game.revision += 1
    GameAction.objects.create(game=game, seq=state.seq, actor=action["actor"], action=action,
                              chance=state.last_chance or None, events=produced,
                              idempotency_key=key, revision=game.revision)
    game.teams.filter(name=action["actor"]).update(last_acted=timezone.now())
    if state.phase == "ended":
        game.status = Game.Status.ENDED
    after = _open_round(state)
    if after is None:
        game.deadline = game.paused_remaining = None
    elif _new_round(before, after):
        if game.status == Game.Status.PAUSED:  # a bank's move during a pause: the clock waits
            game.deadline, game.paused_remaining = None, float(game.round_seconds)
        else:
            game.deadline = timezone.now() + timedelta(seconds=game.round_seconds)
    game.save(update_fields=["seq", "revision", "status", "deadline", "paused_remaining",
                             "updated"])
    if state.seq % SNAPSHOT_EVERY == 0:
        Snapshot.objects.update_or_create(game=game, seq=state.seq,
                                          defaults={"state": state_to_dict(state)})
    game_id, revision, seq, history = game.pk, game.revision, state.seq, game.history

    ended = state.phase == "ended"

    def published() -> None:
        state_store.keep_state(game_id, history, state)
        events.broadcast(game_id, revision, seq, produced)
        if ended:
            for listener in GAME_ENDED:
                listener(game_id)

    transaction.on_commit(published, robust=True)
    return Outcome(seq=seq, events=produced, revision=revision)


def _open_round(state: GameState) -> tuple[str, frozenset[str]] | None:
    """The open bidding round or auction, as its kind and who it waits on (None if none)."""
    if state.phase != "turn" or not state.pending or state.pending[0].kind not in TIMED_ROUNDS:
        return None
    return state.pending[0].kind, frozenset(waiting_for(state))


def _new_round(before: tuple[str, frozenset[str]] | None,
               after: tuple[str, frozenset[str]] | None) -> bool:
    """A round that opened with this move: another kind, or someone new to wait on (answers
    only shrink the waiting list within a round)."""
    return after is not None and (before is None or before[0] != after[0]
                                  or not after[1] <= before[1])


# ====================================================================== the bank director
def undo(*, game_id: int, to_seq: int) -> int:
    """Take back every move after ``to_seq``; the state is replayed from the log. Dice drawn
    by the engine come out the same again: an undo cannot buy a better roll."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if not 0 <= to_seq < game.seq:
            raise ServiceError(gettext_lazy("Undo goes back to a move between 0 and %(last)s."),
                               last=game.seq - 1)
        game.actions.filter(undone=False, seq__gt=to_seq).update(undone=True)
        game.snapshots.filter(seq__gt=to_seq).delete()
        game.seq = to_seq
        game.revision += 1
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
        if state_store.read_state(game, _open_round) is not None:
            if game.status == Game.Status.PAUSED:
                game.paused_remaining = float(game.round_seconds)
            else:
                game.deadline = timezone.now() + timedelta(seconds=game.round_seconds)
        game.save(update_fields=["seq", "revision", "history", "deadline", "paused_remaining",
                                 "status", "projector_focus_move", "updated"])
        revision = game.revision
        transaction.on_commit(lambda: events.broadcast(
            game_id, revision, to_seq,
            [{"type": "undo", "to_seq": to_seq,
              "text": f"The bank takes back the moves after move {to_seq}."}]), robust=True)
        # the reopened round's closing task (bots wait for the next move, as before)
        transaction.on_commit(lambda: _after_change(game_id, run_bots=False), robust=True)
    return to_seq


def set_paused(*, game_id: int, paused: bool) -> None:
    """Pause or resume the game. A pause freezes the open round's countdown: its remaining
    seconds are kept and the deadline cleared (nothing closes it meanwhile); resuming gives it
    that time again from now, and its closing task anew. A round open on resuming that has no
    time kept (an undo reopened it) gets a full round. Bots go on after the resume."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.status == Game.Status.LOBBY:
            raise ServiceError(gettext_lazy("The game has not started yet: start it first."),
                               status=409)
        if paused == (game.status == Game.Status.PAUSED):
            return  # paused already, or running already: nothing changes
        now = timezone.now()
        if paused:
            if game.deadline is not None:  # whole seconds, as every screen shows them
                game.paused_remaining = float(math.ceil(
                    max(0.0, (game.deadline - now).total_seconds())))
            game.deadline = None
        else:
            game.deadline = None
            if state_store.read_state(game, _open_round) is not None:
                seconds = game.paused_remaining
                if seconds is None:
                    seconds = float(game.round_seconds)
                game.deadline = now + timedelta(seconds=seconds)
            game.paused_remaining = None
        game.status = Game.Status.PAUSED if paused else Game.Status.RUNNING
        game.revision += 1
        game.save(update_fields=["status", "deadline", "paused_remaining", "revision",
                                 "updated"])
        revision, seq = game.revision, game.seq
        text = "The bank pauses the game." if paused else "The game goes on."
        transaction.on_commit(lambda: events.broadcast(
            game_id, revision, seq, [{"type": "pause" if paused else "resume", "text": text}]),
            robust=True)
        if not paused:
            transaction.on_commit(lambda: _after_change(game_id, run_bots=True), robust=True)


def start_game(*, game_id: int) -> Game:
    """The bank director starts a game that waits in the lobby: from now on teams move and
    bots play."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status != Game.Status.LOBBY:
            raise ServiceError(gettext_lazy("The game has started already."), status=409)
        game.status = Game.Status.RUNNING
        game.revision += 1
        game.save(update_fields=["status", "revision", "updated"])
        revision, seq = game.revision, game.seq
        with translation.override(game.language):
            text = _("The bank director starts the game.")
        transaction.on_commit(lambda: events.broadcast(
            game_id, revision, seq, [{"type": "start", "text": text}]), robust=True)
        transaction.on_commit(lambda: _after_change(game_id, run_bots=True), robust=True)
    return game


def set_bot_pace(*, game_id: int, seconds: Any) -> Game:
    """Seconds between two bot moves (``bot_levels.PACES``), also in the middle of a game: a
    change every screen hears of (the console shows it); bots waiting go on at the new pace."""
    seconds = bot_levels.check_pace(seconds)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.bot_pace == seconds:
            return game
        game.bot_pace = seconds
        game.bots_next_at = None  # the next step plays when due at the new pace
        game.revision += 1
        game.save(update_fields=["bot_pace", "bots_next_at", "revision", "updated"])
        revision, seq = game.revision, game.seq
        with translation.override(game.language):
            text = _("Bots move with %(s)s s between moves now.") % {"s": seconds}
        transaction.on_commit(lambda: events.broadcast(
            game_id, revision, seq, [{"type": "bot_pace", "text": text}]), robust=True)
        transaction.on_commit(lambda: _after_change(game_id, run_bots=True), robust=True)
    return game


# ====================================================================== seats
def record_join(*, team_id: int) -> None:
    """A browser joined a team (code and PIN, or its QR link). The first time counts: the
    lobby shows the team as joined. In the lobby that is a change every screen hears of (a new
    revision, a line in the ticker); in a running game it is not (a revision would make the
    other screens of the team stale for nothing) — the bank console redraws when the new
    screen connects."""
    with transaction.atomic():
        game_id = Team.objects.filter(pk=team_id, joined__isnull=True).values_list(
            "game_id", flat=True).first()
        if game_id is None:
            return  # no such team, or it has joined before
        game = Game.objects.select_for_update().get(pk=game_id)
        if not Team.objects.filter(pk=team_id, joined__isnull=True).update(
                joined=timezone.now()):
            return
        if game.status != Game.Status.LOBBY:
            return
        name = Team.objects.filter(pk=team_id).values_list("name", flat=True).get()
        game.revision += 1
        game.save(update_fields=["revision", "updated"])
        revision, seq = game.revision, game.seq
        with translation.override(game.language):
            text = _("%(team)s has joined the game.") % {"team": name}
        transaction.on_commit(lambda: events.broadcast(
            game_id, revision, seq, [{"type": "joined", "team": name, "text": text}]),
            robust=True)


def _seat_team(game_id: int, team_id: int) -> tuple[Game, Team]:
    """The locked game and its team, for a change of the team's seat."""
    game = Game.objects.select_for_update().get(pk=game_id)
    team = game.teams.filter(pk=team_id).first()
    if team is None:
        raise ServiceError(gettext_lazy("This game has no such team."), status=404)
    if game.status == Game.Status.ENDED:
        raise ServiceError(gettext_lazy("The game is over."), status=409)
    return game, team


def _seat_changed(game: Game, team: Team | None, kind: str, detail: str, text: str) -> None:
    """Record a change of a seat (in the game's row lock), give the game a new revision and
    tell every screen: the bank console lists it, the ticker says it, and the sockets of the
    players check whether they still hold their seat."""
    game.revision += 1
    game.seats += 1
    game.save(update_fields=["revision", "seats", "updated"])
    SeatChange.objects.create(game=game, team=team, team_name=team.name if team else "",
                              kind=kind, detail=detail, revision=game.revision)
    game_id, revision, seq = game.pk, game.revision, game.seq
    event = {"type": "seat", "change": kind, "team": team.name if team else "",
             "text": text}
    transaction.on_commit(lambda: events.broadcast(game_id, revision, seq, [event]),
                          robust=True)


def set_team_player(*, game_id: int, team_id: int, bot: str) -> Team:
    """Hand a team to a bot (``"random"``, ``"greedy"``) or back to its students (``""``), also
    in the middle of a game. Handed to a bot, the team's browsers lose the seat (they would
    play against the bot); handed back, the students join again with the team's PIN. A bot
    whose move the game waits for plays it at once (or at the game's pace). ``bot`` may be a
    level (``bot_levels.LEVELS``): a bot team's level changes the same way, logged as a
    hand-over to the other bot."""
    bot = bot_levels.bot_for(bot)
    if not bot_levels.is_seat_kind(bot):
        raise ServiceError(gettext_lazy("Unknown player kind “%(kind)s”."), kind=bot)
    with transaction.atomic():
        game, team = _seat_team(game_id, team_id)
        if team.bot == bot:
            return team
        team.bot = bot
        fields = ["bot"]
        if bot:
            team.seat_generation += 1
            fields.append("seat_generation")
        team.save(update_fields=fields)
        with translation.override(game.language):
            if bot == Team.Bot.RANDOM:
                text = _("%(team)s is played by a random bot now.") % {"team": team.name}
            elif level := bot_levels.level_of(bot):
                text = _("%(team)s is played by a bot at the level “%(level)s” now.") % {
                    "team": team.name, "level": bot_levels.LEVEL_LABELS[level]}
            else:
                text = _("%(team)s is played by its students again.") % {"team": team.name}
        _seat_changed(game, team, SeatChange.Kind.BOT if bot else SeatChange.Kind.STUDENTS,
                      bot, text)
        transaction.on_commit(lambda: _after_change(game_id, run_bots=True), robust=True)
    return team


def new_team_pin(*, game_id: int, team_id: int) -> Team:
    """A new PIN and QR link for a team (a phone was lost, the PIN got round the class): every
    browser that joined with the old one must join again with the new one."""
    with transaction.atomic():
        game, team = _seat_team(game_id, team_id)
        taken = set(game.teams.exclude(pk=team.pk).values_list("pin", flat=True))
        if game.representative_pin:
            taken.add(game.representative_pin)
        taken.add(team.pin)  # a new PIN is a different one
        team.pin = _new_pins(1, taken)[0]
        team.token = secrets.token_urlsafe(16)
        team.seat_generation += 1
        team.save(update_fields=["pin", "token", "seat_generation"])
        with translation.override(game.language):
            text = _("%(team)s has a new PIN: its devices join again.") % {"team": team.name}
        _seat_changed(game, team, SeatChange.Kind.PIN, "", text)
    return team


def drop_team_devices(*, game_id: int, team_id: int) -> Team:
    """Every browser of the team loses its seat and must join again (same PIN)."""
    with transaction.atomic():
        game, team = _seat_team(game_id, team_id)
        team.seat_generation += 1
        team.save(update_fields=["seat_generation"])
        with translation.override(game.language):
            text = _("%(team)s's devices must join again.") % {"team": team.name}
        _seat_changed(game, team, SeatChange.Kind.DROP, "", text)
    return team


def new_representative_pin(*, game_id: int) -> Game:
    """A new PIN and QR link for the students who play the worker representative (step 6):
    the browsers that joined with the old ones are out and join again with the new."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.representative != Representative.STUDENTS:
            raise ServiceError(_("Only students who play the worker representative have a "
                                 "PIN of their own."), status=409)
        if game.status == Game.Status.ENDED:
            raise ServiceError(_("The game is over."), status=409)
        old = game.representative_pin
        while game.representative_pin == old:  # a new PIN is a different one
            _new_representative_secrets(game)
        game.save(update_fields=["representative_pin", "representative_token"])
        with translation.override(game.language):
            text = _("The worker representative has a new PIN: its devices join again.")
        _seat_changed(game, None, SeatChange.Kind.PIN, "", text)
    return game


def new_projector_link(*, game_id: int) -> Game:
    """A new secret projector link (the old one was shown or shared): projectors that opened
    the old link stop showing the game; the teacher opens the new one on the projector."""
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        game.projector_token = new_projector_token()
        game.save(update_fields=["projector_token"])
        with translation.override(game.language):
            text = _("The projector has a new link.")
        _seat_changed(game, None, SeatChange.Kind.PROJECTOR, "", text)
    return game


def set_projector_standings(*, game_id: int, standings: str) -> None:
    """Which standings the projector shows (none, sales or profit): a change every screen of
    the game hears of, so the projector redraws."""
    if standings not in Game.Standings.values:
        raise ServiceError(gettext_lazy("Unknown standings “%(standings)s”."),
                           standings=standings)
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game_id)
        if game.projector_standings == standings:
            return
        game.projector_standings = standings
        game.revision += 1
        game.save(update_fields=["projector_standings", "revision", "updated"])
        revision, seq = game.revision, game.seq
        transaction.on_commit(lambda: events.broadcast(game_id, revision, seq, []),
                              robust=True)


def screens_changed(*, game_id: int) -> None:
    """Something every screen shows changed outside the game's moves (a team's statements
    finished building): a new revision, so each screen redraws and none stays behind."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None:
            return
        game.revision += 1
        game.save(update_fields=["revision", "updated"])
        revision, seq = game.revision, game.seq
        transaction.on_commit(lambda: events.broadcast(game_id, revision, seq, []),
                              robust=True)


def close_overdue_round(*, game_id: int) -> bool:
    """Close the open bidding round or auction if its deadline has passed (a Celery task, or
    any client that sees the countdown run out, asks for this)."""
    game = Game.objects.get(pk=game_id)
    if game.deadline is None or game.deadline > timezone.now():
        return False
    def close_move(state: GameState) -> str | None:
        if not state.pending or state.pending[0].kind not in TIMED_ROUNDS:
            return None
        wanted = TIMED_ROUNDS[state.pending[0].kind]
        for choice in legal_choices(state, BANK):
            if choice.cls.type == wanted:
                return wanted
        return None

    move = state_store.read_state(game, close_move)
    if move is None:
        return False
    try:
        submit_action(game_id=game_id, actor=BANK, payload={"type": move},
                      idempotency_key=f"deadline-{game.revision}")
    except ServiceError:
        return False
    return True


# ====================================================================== bots
def _bot_seats(game: Game) -> dict[str, str]:
    """Who a bot plays in ``game`` -> the engine bot's kind (teams, and step 6's
    representative when a bot plays it)."""
    bots = {t.name: t.bot for t in game.teams.all() if t.bot}
    if game.representative in BOTS:  # step 6: a bot plays the worker representative
        bots[WORKERS] = game.representative
    return bots


def play_bots(*, game_id: int, limit: int = BOT_MOVES_PER_CALL) -> int:
    """Let bot teams (and a bot representative) make every move the game waits on them for
    (at most ``limit``); returns how many."""
    moves = 0
    while moves < limit:
        game = Game.objects.get(pk=game_id)
        if game.status != Game.Status.RUNNING:
            break
        bots = _bot_seats(game)
        if not bots:
            break

        move = state_store.read_state(game, partial(_next_bot_move, game_id, bots))
        if move is None:
            break
        try:
            submit_action(game_id=game_id, actor=move["actor"], payload=move, run_bots=False)
        except ServiceError:
            break
        moves += 1
    return moves


@dataclass(frozen=True)
class PacedStep:
    """What a paced bot step did: whether it moved, and when the next step is due (``None``:
    the chain ends, a later change starts it again). ``wait``: when the step found the slot
    taken, the seconds until it is free (what a practice page waits before asking again)."""

    moved: bool
    next_in: float | None
    history: int = 0
    wait: float = 0.0


def play_paced_bot(*, game_id: int, history: int | None = None) -> PacedStep:
    """One bot move of a game with a pace, when one is due: the step of every paced bot, the
    class's (``tasks.play_bots_paced``, a chain of delayed tasks, restarted by
    ``classroom.pacing`` when it died with its process) and a practice page's (it asks for
    each move, ``practice.bot_step``). Exactly once, whoever calls and how often:

    * Not running (paused, lobby, ended): nothing; the chain ends. Resuming starts it again.
    * ``history`` is the game's undo count when the chain started: an undo since ends the
      chain (bots wait for the next move after an undo, as at pace 0).
    * The slot: a move is due when ``bots_next_at`` has passed; the step claims the next slot
      (now + pace) in the game's row lock before it thinks, so a second caller (a second
      chain, the restart sweep, another tab) finds the slot taken and ends instead of doubling
      the pace.
    * The bot thinks outside the lock (a strong bot takes up to a second: no write of any game
      waits for it on SQLite, whose lock is the whole database's), and its move is made only
      for the state it was chosen in: in the row lock again, the game must still be at the
      same move and undo count and running (a pause, an undo or a team's move meanwhile: no
      bot move; that change has started a chain of its own). The move's idempotency key is
      the state's (``bot-<history>-<seq>``), so not even a second process can make it twice.
    """
    now = timezone.now()
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.RUNNING:
            return PacedStep(False, None)
        if history is not None and history != game.history:
            return PacedStep(False, None)
        if game.bots_next_at is not None and game.bots_next_at > now:
            # another step holds the slot and goes on
            return PacedStep(False, None, game.history,
                             (game.bots_next_at - now).total_seconds())
        slot = now + timedelta(seconds=game.bot_pace)
        Game.objects.filter(pk=game_id).update(bots_next_at=slot)
    seen = (game.history, game.seq)
    bots = _bot_seats(game)
    move = state_store.read_state(game, partial(_next_bot_move, game_id, bots)) if bots \
        else None
    moved = False
    if move is not None:
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            if game.status == Game.Status.RUNNING and (game.history, game.seq) == seen:
                try:
                    moved = not submit_action(
                        game_id=game_id, actor=move["actor"], payload=move, run_bots=False,
                        idempotency_key=f"bot-{seen[0]}-{seen[1]}").duplicate
                except ServiceError:
                    moved = False
    if not moved:  # give the slot back: the next change's step may move at once
        Game.objects.filter(pk=game_id, bots_next_at=slot).update(bots_next_at=None)
    game.refresh_from_db(fields=["status", "bot_pace"])
    # The chain goes on with the undo count its move was made at: an undo after the move (and
    # before this line) ends it at the next step, as an undo before the move does here.
    if not moved or game.status != Game.Status.RUNNING or not game.bot_pace:
        return PacedStep(moved, None, seen[0])  # (pace 0: play_bots plays the rest)
    return PacedStep(True, float(game.bot_pace), seen[0])


def _next_bot_move(game_id: int, bots: dict[str, str], state: GameState) -> dict[str, Any] | None:
    """The move of the first bot the game waits on; seeded by game and move, so a replay
    after an undo plays the same. A bot kind this process does not know (a level that has not
    landed here yet) plays as the sensible bot rather than stopping the game."""
    for actor in waiting_for(state):
        if actor in bots:
            bot: Bot = BOTS.get(bots[actor], BOTS["sensible"])(game_id * 100_003 + state.seq)
            return bot.choose(state, actor).to_dict()
    return None


def _has_bots(game: Game) -> bool:
    """A bot plays a seat of the game (a team, or step 6's representative): only then is the
    bots' task worth sending after a move (a class of students' games never needs it)."""
    return game.representative in BOTS or game.teams.exclude(bot="").exists()


def _after_change(game_id: int, run_bots: bool) -> None:
    """After a commit: bots answer, and a new round's deadline gets its closing task.

    With Redis down the bots play in this process; the deadline's task is dropped, since every
    screen whose countdown runs out asks to close the round (``close_overdue_round``)."""
    from . import dispatch, tasks

    game = Game.objects.filter(pk=game_id).only("deadline", "revision", "representative",
                                                "practice", "bot_pace", "history").first()
    # A practice game's bots move one at a time when the player's page asks (practice.py).
    if run_bots and game is not None and not game.practice and _has_bots(game):
        if game.bot_pace:  # one move a pace, the first one a pace after this change
            dispatch.send_later(tasks.play_bots_paced, game_id, game.history,
                                seconds=game.bot_pace)
        else:
            dispatch.send(tasks.play_bots, game_id)
    if game is not None and game.deadline is not None and not settings.CELERY_TASK_ALWAYS_EAGER:
        dispatch.send(tasks.close_overdue_round, game_id, eta=game.deadline, run_here=False)


# ====================================================================== the log
def import_log(*, classroom: Classroom, name: str, log_data: Any,
               bots: dict[str, str] | None = None) -> Game:
    """A new game from an exported log; every move is checked again by the engine."""
    try:
        log = GameLog.from_dict(log_data)
        state = new_game(log.config)
        # The snapshots the original took (move 0 and every SNAPSHOT_EVERY moves): an undo in
        # the imported game rebuilds from them exactly as the original would.
        snapshots = {0: copy.deepcopy(state_to_dict(state))}
        moves = []
        for index, entry in enumerate(log.entries, start=1):
            body = {k: v for k, v in entry.items() if k != "chance"}
            action = action_from_dict(body)
            produced = apply(state, action, entry.get("chance"))
            moves.append((action.to_dict(), dict(state.last_chance) or None, produced, index))
            if state.seq % SNAPSHOT_EVERY == 0:  # a copy: the state's step data plays on
                snapshots[state.seq] = copy.deepcopy(state_to_dict(state))
        snapshots[state.seq] = state_to_dict(state)
    except RuleViolation as exc:
        raise ServiceError(gettext_lazy("The log is refused: %(why)s"), why=exc) from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise ServiceError(gettext_lazy("The log is not a Playboss game log: %(why)s"),
                           why=str(exc)) from exc
    seats = [TeamSeat(n, (bots or {}).get(n, "")) for n in log.config.teams]
    with transaction.atomic():
        game = create_game(classroom=classroom, name=name, seats=seats,
                           settings_={**log.config.to_dict(), "teams": list(log.config.teams)})
        Game.objects.filter(pk=game.pk).update(config=stored_config(log.config))
        GameAction.objects.bulk_create([
            GameAction(game=game, seq=seq, actor=action["actor"], action=action, chance=chance,
                       events=produced)
            for action, chance, produced, seq in moves
        ])
        Game.objects.filter(pk=game.pk).update(
            seq=len(moves), revision=len(moves) + 1,
            status=Game.Status.ENDED if state.phase == "ended" else Game.Status.RUNNING)
        Snapshot.objects.filter(game=game).delete()
        Snapshot.objects.bulk_create([Snapshot(game=game, seq=seq, state=snap)
                                      for seq, snap in snapshots.items()])
        state_store.forget(game.pk)
    game.refresh_from_db()
    return game
