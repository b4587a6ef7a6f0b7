"""Who is looking at a game, and as whom they may act.

A teacher who owns the game's class acts as the bank director, the worker representative, and
(for a physical board, or to help a team) as any team. A student's browser joins one team of a
game with the game code and PIN, or the team's QR link; the session remembers it. No account
is needed for students.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import HttpRequest

from playboss.rules import BANK

from .models import Game, Team

WORKERS = "workers"
SESSION_KEY = "playboss_teams"


@dataclass
class Viewer:
    game: Game
    is_teacher: bool
    team: Team | None
    actors: set[str] = field(default_factory=set)

    @property
    def default_actor(self) -> str:
        return self.team.name if self.team else BANK


def join_team(request: HttpRequest, team: Team) -> None:
    teams = dict(request.session.get(SESSION_KEY, {}))
    teams[str(team.game_id)] = team.pk
    request.session[SESSION_KEY] = teams


def team_in_session(request: HttpRequest, game: Game) -> Team | None:
    team_id = request.session.get(SESSION_KEY, {}).get(str(game.pk))
    if team_id is None:
        return None
    return game.teams.filter(pk=team_id).first()


def is_owner(request: HttpRequest, game: Game) -> bool:
    user = request.user
    return bool(user.is_authenticated and game.classroom.teacher_id == user.pk)


def viewer_for(request: HttpRequest, game: Game) -> Viewer | None:
    if is_owner(request, game):
        names = {t.name for t in game.teams.all()}
        return Viewer(game, True, None, {BANK, WORKERS} | names)
    team = team_in_session(request, game)
    if team is not None:
        return Viewer(game, False, team, {team.name})
    return None
