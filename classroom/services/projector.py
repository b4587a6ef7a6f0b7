"""What the projector shows, chosen by the bank director: the standings, or one team's books
(issue 13), and a redraw of every screen when something they show changed outside the moves.

A team's books are otherwise its secret; putting them on the projector is the teacher's
decision alone, and the bank console says that the whole class will see them. The choice is
stored on the game (``Game.projector_focus`` and ``projector_focus_move``) and announced like a
move, so every projector follows it at once over its websocket, and one that reloads or joins
late shows the same.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from ..errors import ServiceError
from ..models import Game
from . import games


def set_projector_standings(*, game_id: int, standings: str) -> None:
    """Which standings the projector shows (none, sales or profit): a change every screen of
    the game hears of, so the projector redraws."""
    if standings not in Game.Standings.values:
        raise ServiceError(gettext_lazy("Unknown standings “%(standings)s”."),
                           standings=standings)
    with games.changing(game_id) as game:
        if game.projector_standings == standings:
            return
        game.projector_standings = standings
        games.announce(game, "projector_standings")


def set_projector_focus(*, game_id: int, user: Any, team: str,
                        move: int | str | None = None) -> Game:
    """Show ``team``'s books on the projector after ``move`` (None or "": the latest, which
    follows the game), or the board again when ``team`` is "".

    Only the teacher who runs the game (the bank director) may choose; anyone else, an unknown
    team or a move the game has not reached is refused and nothing changes."""
    with games.changing(game_id, related=("classroom",)) as game:
        if not _is_bank(user, game):
            raise ServiceError(gettext_lazy(
                "Only the bank director (the teacher who runs this game) chooses what the "
                "projector shows."), status=403)
        team = (team or "").strip()
        chosen_move: int | None = None
        if team:
            if not game.teams.filter(name=team).exists():
                raise ServiceError(gettext_lazy("There is no team “%(team)s” in this game."),
                                   team=team[:40])
            chosen_move = _move(move, game.seq)
        if (game.projector_focus, game.projector_focus_move) == (team, chosen_move):
            return game  # already on the projector: nothing to redraw
        game.projector_focus, game.projector_focus_move = team, chosen_move
        games.announce(game, "projector_focus", "projector_focus_move")
    return game


def _is_bank(user: Any, game: Game) -> bool:
    return bool(user is not None and user.is_authenticated
                and game.classroom.teacher_id == user.pk)


def _move(move: int | str | None, last: int) -> int | None:
    """The move asked for: None for the latest; a whole number from 0 to the game's last."""
    if move is None or (isinstance(move, str) and not move.strip()):
        return None
    try:
        number = int(move)
    except (TypeError, ValueError):
        number = -1
    if not 0 <= number <= last:
        raise ServiceError(gettext_lazy(
            "Choose a move from 0 to %(last)s, or leave the move empty for the latest."),
            last=last)
    return number


def screens_changed(*, game_id: int) -> None:
    """Something every screen shows changed outside the game's moves (a team's statements
    finished building): a new revision, so each screen redraws and none stays behind."""
    try:
        with games.changing(game_id) as game:
            games.announce(game)
    except Game.DoesNotExist:
        return
