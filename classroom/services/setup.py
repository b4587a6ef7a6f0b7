"""Setting games up: a class, a new game checked by the engine (its teams, their PINs and QR
links, the first snapshot), and removing practice games nobody plays any more."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext_lazy

from playboss.rules import READINGS, GameConfig, GameLog, RuleViolation, state_to_dict

from .. import bot_levels
from ..errors import ServiceError
from ..models import Classroom, Game, Representative, Snapshot, Team
from . import followups, games
from .seats import check_representative, new_pins, new_representative_secrets


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
    lobby: bool = False, bot_pace: int = 0, practice: bool = False,
) -> Game:
    """A new game: the engine checks the set-up; teams get PINs and QR tokens (and the worker
    representative too, when students play it). With ``lobby`` the game waits until the bank
    director starts it (``start_game``): teams join, nobody moves, bots neither. Without, it
    runs at once (imports, the demo, tests). ``bot_pace``: seconds between two bot moves
    (``bot_levels.PACES``; 0 at once). ``practice``: a student's practice game
    (``classroom.practice``)."""
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
    check_representative(config, representative)
    game = games.insert(classroom=classroom, name=name[:100], code=_new_code(),
                        config=stored_config(state.config), language=language,
                        round_seconds=round_seconds, representative=representative,
                        bot_pace=bot_pace, practice=practice,
                        status=Game.Status.LOBBY if lobby else Game.Status.RUNNING)
    pins = new_pins(len(seats))
    for seat_no, (seat, pin) in enumerate(zip(seats, pins, strict=True)):
        Team.objects.create(game=game, name=names[seat_no], seat=seat_no, bot=seat.bot,
                            pin=pin, token=secrets.token_urlsafe(16))
    if representative == Representative.STUDENTS:
        new_representative_secrets(game)
        games.save_quietly(game, "representative_pin", "representative_token")
    Snapshot.objects.create(game=game, seq=0, state=state_to_dict(state))
    followups.on_commit(game.pk, run_bots=True)
    return game


def delete_idle_practice_games(cutoff: datetime) -> int:
    """Delete the practice games nobody has touched since ``cutoff`` (no move and no change
    of the game since); how many."""
    idle = (Game.objects.filter(practice=True, updated__lt=cutoff)
            .exclude(actions__created__gte=cutoff))
    return games.delete(idle.values_list("pk", flat=True))
