"""Who is looking at a game, and as whom they may act.

A teacher who owns the game's class acts as the bank director, the worker representative, and
(for a physical board, or to help a team) as any team. A student's browser joins one team of a
game with the game code and PIN, or the team's QR link; the session remembers it. No account
is needed for students. The session also keeps the team's seat generation it joined under:
the bank director's "new PIN", "drop devices" or handing the team to a bot raise the team's
generation, and every browser that joined before must join again. With step 6 the worker
representative may be played by students too: they join with the game code and the
representative's PIN (or its QR link) and act as ``"workers"`` only; handing the role
elsewhere changes its secret and locks them out. The
projector laptop opens the game's secret projector link: its session may then watch the public
view (``viewer_for(..., allow_public=True)``), never act.
"""

from __future__ import annotations

import hmac
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.http import HttpRequest
from django.utils.crypto import constant_time_compare

from playboss.rules import BANK, PUBLIC, WORKERS

from .models import PIN_DIGITS, Game, Representative, Team

SESSION_KEY = "playboss_teams"
PROJECTOR_SESSION_KEY = "playboss_projectors"
REPRESENTATIVE_SESSION_KEY = "playboss_representatives"
#: game id → the team's ``seat_generation`` when this browser joined (absent: 0).
SEAT_SESSION_KEY = "playboss_seats"


@dataclass
class Viewer:
    game: Game
    is_teacher: bool
    team: Team | None
    actors: set[str] = field(default_factory=set)
    #: Only the projector's public view: acts as nobody.
    public: bool = False

    #: Students playing the worker representative (step 6): act as "workers" only.
    representative: bool = False

    @property
    def default_actor(self) -> str:
        if self.public:
            return PUBLIC
        if self.representative:
            return WORKERS
        return self.team.name if self.team else BANK


#: What a student may type around the digits of a PIN (the team sheet prints it in groups).
_PIN_SPACING = re.compile(r"[\s\-.]+")
#: Compared against when the code names no game, so a wrong code costs the same work as a
#: wrong PIN (nothing tells an existing game from a made-up code).
_NO_PINS = ["-" * PIN_DIGITS] * 8


def clean_pin(typed: str) -> str:
    """The PIN as stored: the digits a student typed, without spaces or dashes."""
    return _PIN_SPACING.sub("", typed or "")[:32]


def seat_for_pin(code: str, pin: str) -> Team | Game | None:
    """Whom a game code and PIN let in: a team played by students, or (step 6) the game whose
    worker representative students play; None for every other combination — an unknown code,
    a wrong PIN, a bot team's PIN, the PIN of a team of another game — alike.

    Every PIN of the game is compared in constant time and none is skipped, so neither the
    answer nor its time tells which part was wrong or that a bot plays a team."""
    # One query whether or not the code names a game (every game has teams).
    teams = list(Team.objects.select_related("game").filter(game__code=code))
    game = teams[0].game if teams else None
    seats: list[tuple[str, Team | Game | None]] = [(pin_, None) for pin_ in _NO_PINS]
    if game is not None:
        seats = [(t.pin, None if t.bot else t) for t in teams]
        if students_represent(game):
            seats.append((game.representative_pin, game))
    typed = pin.encode()
    found: Team | Game | None = None
    for stored, seat in seats:  # all of them, found or not: the time is the same
        if hmac.compare_digest(typed, stored.encode()) and seat is not None:
            found = seat
    return found if pin else None


def _new_session_key(request: HttpRequest) -> None:
    """A join hands the browser a fresh session id and deletes the old one (session fixation):
    whoever knew or planted the id before — a shared lab computer, a cookie read on plain
    HTTP — does not play the seat it now holds. The session's content is kept."""
    request.session.cycle_key()


def join_team(request: HttpRequest, team: Team) -> None:
    """This browser plays ``team`` (and no longer the representative of its game)."""
    _new_session_key(request)
    teams = dict(request.session.get(SESSION_KEY, {}))
    teams[str(team.game_id)] = team.pk
    request.session[SESSION_KEY] = teams
    seats = dict(request.session.get(SEAT_SESSION_KEY, {}))
    seats[str(team.game_id)] = team.seat_generation
    request.session[SEAT_SESSION_KEY] = seats
    _forget(request, REPRESENTATIVE_SESSION_KEY, team.game_id)


def join_as_representative(request: HttpRequest, game: Game) -> None:
    """This browser plays the worker representative of ``game`` (and no longer a team of it);
    the caller checked the PIN or the link."""
    _new_session_key(request)
    tokens = dict(request.session.get(REPRESENTATIVE_SESSION_KEY, {}))
    tokens[str(game.pk)] = game.representative_token
    request.session[REPRESENTATIVE_SESSION_KEY] = tokens
    _forget(request, SESSION_KEY, game.pk)
    _forget(request, SEAT_SESSION_KEY, game.pk)


def lost_seat(request: HttpRequest, game: Game) -> bool:
    """This browser had joined a team of ``game`` but holds the seat no more (the teacher gave
    the team a new PIN, dropped its devices or handed it to a bot). The stale entry stays until
    the browser joins again, so every visit until then can say why."""
    if str(game.pk) not in request.session.get(SESSION_KEY, {}):
        return False
    return _team_of(request.session, game) is None


def _forget(request: HttpRequest, key: str, game_id: int) -> None:
    entries = dict(request.session.get(key, {}))
    if entries.pop(str(game_id), None) is not None:
        request.session[key] = entries


def students_represent(game: Game) -> bool:
    return game.representative == Representative.STUDENTS and bool(game.representative_token)


def representative_in_session(session: Mapping[str, Any], game: Game) -> bool:
    """The session joined as the representative with the game's current secret."""
    token = session.get(REPRESENTATIVE_SESSION_KEY, {}).get(str(game.pk))
    return (students_represent(game) and isinstance(token, str)
            and constant_time_compare(token, game.representative_token))


def team_in_session(request: HttpRequest, game: Game) -> Team | None:
    return _team_of(request.session, game)


def _team_of(session: Mapping[str, Any], game: Game) -> Team | None:
    team_id = session.get(SESSION_KEY, {}).get(str(game.pk))
    if team_id is None:
        return None
    team = game.teams.filter(pk=team_id).first()
    joined_under = session.get(SEAT_SESSION_KEY, {}).get(str(game.pk), 0)
    if team is None or joined_under != team.seat_generation:
        return None  # the seat was taken from this browser: it joins again
    return team


@dataclass(frozen=True)
class HeldSeat:
    """The seat a browser that sends a move holds, as its session says: the team and the
    ``seat_generation`` it joined under, or the worker representative's secret it joined with.
    The move service checks it again under the game's row lock (issue 23: a move sent just
    before "Drop devices" or "New PIN" committed must not land after it). For a move of one
    half of a business with split duties, also the team's ``duty_generation`` the half was
    chosen under (the teacher may let the team choose again meanwhile)."""

    team_id: int | None = None
    generation: int = 0
    representative_token: str = ""
    duty_generation: int | None = None


def held_seat(session: Mapping[str, Any], viewer: Viewer) -> HeldSeat | None:
    """What ``viewer`` (a player, not the teacher) holds, for the move service to check; None
    for the teacher, who holds no seat to lose."""
    game_id = str(viewer.game.pk)
    if viewer.is_teacher or viewer.public:
        return None
    if viewer.representative:
        token = session.get(REPRESENTATIVE_SESSION_KEY, {}).get(game_id)
        return HeldSeat(representative_token=token if isinstance(token, str) else "")
    if viewer.team is None:
        return None
    joined_under = session.get(SEAT_SESSION_KEY, {}).get(game_id, 0)
    return HeldSeat(team_id=viewer.team.pk,
                    generation=joined_under if isinstance(joined_under, int) else -1)


def seat_lost(game: Game, seat: HeldSeat) -> str:
    """What of ``seat`` ``game`` (read in its row lock) no longer gives that browser: ``"seat"``
    (the team's generation changed, or the representative's secret), ``"half"`` (the team
    chooses its halves again), or ``""`` (nothing: it still holds it)."""
    if seat.team_id is None:
        held = (game.representative == Representative.STUDENTS
                and bool(seat.representative_token)
                and constant_time_compare(seat.representative_token, game.representative_token))
        return "" if held else "seat"
    now = game.teams.filter(pk=seat.team_id).values_list("seat_generation",
                                                         "duty_generation").first()
    if now is None or now[0] != seat.generation:
        return "seat"
    if seat.duty_generation is not None and now[1] != seat.duty_generation:
        return "half"
    return ""


def is_owner(request: HttpRequest, game: Game) -> bool:
    return _owns(request.user, game)


def _owns(user: Any, game: Game) -> bool:
    return bool(user is not None and user.is_authenticated
                and game.classroom.teacher_id == user.pk)


def token_matches(game: Game, token: str) -> bool:
    return bool(token) and constant_time_compare(token, game.projector_token)


def open_projector(request: HttpRequest, game: Game) -> None:
    """This browser opened the game's projector link (the caller checked the token)."""
    tokens = dict(request.session.get(PROJECTOR_SESSION_KEY, {}))
    tokens[str(game.pk)] = game.projector_token
    request.session[PROJECTOR_SESSION_KEY] = tokens


def projector_in_session(session: Mapping[str, Any], game: Game) -> bool:
    """The session holds the game's current projector token (a new token locks old ones out)."""
    token = session.get(PROJECTOR_SESSION_KEY, {}).get(str(game.pk))
    return isinstance(token, str) and token_matches(game, token)


def viewer_for(request: HttpRequest, game: Game, *, allow_public: bool = False) -> Viewer | None:
    """Who looks at ``game``; with ``allow_public`` also a projector that may only watch."""
    return viewer_from(request.session, request.user, game, allow_public=allow_public)


def viewer_from(session: Mapping[str, Any], user: Any, game: Game, *,
                allow_public: bool = False) -> Viewer | None:
    """``viewer_for`` from a session and a user: a page's request, or a websocket's scope."""
    if _owns(user, game):
        names = {t.name for t in game.teams.all()}
        return Viewer(game, True, None, {BANK, WORKERS} | names)
    if representative_in_session(session, game):
        return Viewer(game, False, None, {WORKERS}, representative=True)
    team = _team_of(session, game)
    if team is not None:
        return Viewer(game, False, team, {team.name})
    if allow_public and projector_in_session(session, game):
        return Viewer(game, False, None, set(), public=True)
    return None
