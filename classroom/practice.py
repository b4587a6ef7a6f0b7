"""Practice games (issue 12): a student plays alone against 2–5 bots, no teacher, no class.

* **Owner.** Every practice game belongs to one hidden classroom, "Practice", of a system
  user that cannot sign in (``practice_classroom``); ``Game.practice`` marks the games.
* **Seat.** The player's browser is seated in its team by the session (``access.join_team``),
  with no PIN: the team's PIN is never shown, and only the session that made the game has it.
* **Bots' pace.** After a move, a practice game's bots are not sent off at once
  (``services.followups.after_change``): the player's page asks for one bot move at a time
  (``bot_step``, the class's paced step) after a short delay, so each move can be seen on the
  board and in the ticker.
* **Hint.** ``hint`` asks the sensible bot what it would do for the player, and why.
* **Undo.** ``undo_last_move`` takes back the player's last move (and the bots' moves after
  it); the dice come out the same again (``services.moves.undo``).
* **Limits.** At most ``PRACTICE_GAMES_PER_ADDRESS`` new games per address a day
  (``allowed_for``); games idle for ``IDLE_DAYS`` are deleted (``cleanup``; the
  ``cleanup_practice`` command).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.http import HttpRequest
from django.utils import timezone
from django.utils.translation import gettext_lazy

from playboss.rules import waiting_for
from playboss.rules.bots import Reason, SensibleBot

from . import services, state_store, throttle
from .bot_levels import LEVEL_LABELS, LEVELS, bot_seats, due  # noqa: F401  (LEVEL_LABELS re-exported)
from .errors import ServiceError
from .models import Classroom, Game, GameAction, Representative, Team

MIN_BOTS, MAX_BOTS = 2, 5
BOT_NAMES = ("Bot A", "Bot B", "Bot C", "Bot D", "Bot E")
PRACTICE_USER = "practice-system"
IDLE_DAYS = 7
PRACTICE_GAMES_PER_ADDRESS = 10
PRACTICE_WINDOW_SECONDS = 24 * 3600


def practice_classroom() -> Classroom:
    """The hidden classroom every practice game belongs to; its user cannot sign in."""
    user, made = get_user_model().objects.get_or_create(
        username=PRACTICE_USER, defaults={"is_active": False})
    if made:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    classroom, _ = Classroom.objects.get_or_create(teacher=user, name="Practice")
    return classroom


def _bucket(request: HttpRequest) -> throttle.Bucket:
    return throttle.Bucket("practice", throttle.client_address(request),
                           PRACTICE_GAMES_PER_ADDRESS, PRACTICE_WINDOW_SECONDS)


def allowed_for(request: HttpRequest) -> bool:
    """Whether this address may open another practice game today."""
    count, _ = throttle._read(_bucket(request))  # the count expires with its window
    return count < PRACTICE_GAMES_PER_ADDRESS


@dataclass(frozen=True)
class PracticeSetup:
    player: str
    bots: int
    level: str
    years: int
    steps: tuple[int, ...] = ()


def create_practice_game(request: HttpRequest, setup: PracticeSetup) -> Game:
    """A practice game, running at once, the player's browser seated in its team."""
    from .access import join_team

    if not allowed_for(request):
        raise ServiceError(gettext_lazy("This address has opened %(most)s practice games "
                                        "today; try again tomorrow."),
                           most=PRACTICE_GAMES_PER_ADDRESS, status=429)
    if setup.level not in LEVELS:
        raise ServiceError(gettext_lazy("Unknown level “%(kind)s”."), kind=setup.level)
    if not MIN_BOTS <= setup.bots <= MAX_BOTS:
        raise ServiceError(gettext_lazy("Choose 2 to 5 bot opponents."))
    player = setup.player.strip() or str(gettext_lazy("Me"))
    if player in BOT_NAMES:
        raise ServiceError(gettext_lazy("Choose a name other than the bots'."))
    seats = [services.TeamSeat(player)] + [services.TeamSeat(n, LEVELS[setup.level])
                                   for n in BOT_NAMES[:setup.bots]]
    settings_: dict[str, Any] = {"years": setup.years, "steps": sorted(setup.steps)}
    representative = Representative.GREEDY if 6 in setup.steps else Representative.TEACHER
    game = services.create_game(classroom=practice_classroom(), name=f"Practice · {player}",
                                seats=seats, settings_=settings_, representative=representative,
                                language=request.LANGUAGE_CODE, practice=True)
    throttle._count(_bucket(request))
    join_team(request, game.teams.get(seat=0))
    return game


def player_team(game: Game) -> Team:
    return game.teams.get(seat=0)


def bot_step(game: Game) -> dict[str, Any]:
    """One bot move, if the game waits on a bot; ``moved`` says whether one was made and
    ``waiting`` whether a bot is still to move after it (the page then asks again).

    The step is the class's paced step (``services.bots.play_paced_bot``): one move, made exactly
    once, the bot thinking outside any lock. Only the clock differs: a practice game has no
    pace of its own (0), the page is its clock, so closing the page stops the bots and each
    move is seen; a class's clock is the server (``tasks.play_bots_paced``), so the bots move
    with no browser open."""
    moved = services.play_paced_bot(game_id=game.pk).moved
    game.refresh_from_db()
    return {"moved": moved, "waiting": _bots_waiting(game), "status": game.status}


def _bots_waiting(game: Game) -> bool:
    if game.status != Game.Status.RUNNING:
        return False
    bots = bot_seats(game)
    waiting = state_store.read_state(game, due)
    return any(actor in bots for actor in waiting)


def hint(game: Game, team: Team) -> Reason | None:
    """What the sensible bot would do for ``team`` now, and why; None when the game does not
    wait on the team. The bot is seeded by game and move, as the site's bots are."""
    def explain(state: Any) -> Reason | None:
        if team.name not in waiting_for(state) or state.phase == "ended":
            return None
        _, reason = SensibleBot(game.pk * 100_003 + state.seq).explain(state, team.name)
        return reason

    return state_store.read_state(game, explain)


def undo_last_move(game: Game, team: Team) -> int:
    """Take back the team's last move and every bot move after it."""
    last = (GameAction.objects.filter(game=game, actor=team.name, undone=False)
            .order_by("-seq").first())
    if last is None:
        raise ServiceError(gettext_lazy("There is no move of yours to take back."))
    return services.undo(game_id=game.pk, to_seq=last.seq - 1)


def cleanup(now: Any = None) -> int:
    """Delete practice games nobody has touched for ``IDLE_DAYS`` (no move and no change of
    the game since); how many."""
    cutoff = (now or timezone.now()) - timedelta(days=IDLE_DAYS)
    return services.delete_idle_practice_games(cutoff)
