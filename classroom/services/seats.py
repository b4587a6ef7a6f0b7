"""Seats: who plays each team and the worker representative, and the devices that may.

A team's seat is its PIN and QR link, and its ``seat_generation`` (a browser that joined under
an older one has lost its seat); who plays it is its students or a bot. Step 6's worker
representative is played by the teacher, by students with a PIN of their own, or by a bot; the
projector's seat is its secret link. Every change of a seat is logged (``SeatChange``) and told
to every screen (``_seat_changed``).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.utils import timezone, translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from playboss.rules import GameConfig

from .. import bot_levels
from ..errors import ServiceError
from ..models import Game, Representative, SeatChange, Team, new_pin, new_projector_token
from . import followups, games


def new_pins(count: int, taken: set[str] | frozenset[str] = frozenset()) -> list[str]:
    """``count`` PINs distinct from each other and from ``taken``: within a game, the code and
    a PIN name one seat (a team, or the worker representative)."""
    pins: list[str] = []
    while len(pins) < count:
        pin = new_pin()
        if pin not in taken and pin not in pins:
            pins.append(pin)
    return pins


def check_representative(config: GameConfig, representative: str) -> None:
    if representative not in Representative.values:
        raise ServiceError(gettext_lazy("Unknown player of the worker representative "
                           "%(who)s."), who=representative)
    if representative != Representative.TEACHER and 6 not in config.steps:
        raise ServiceError(gettext_lazy("Only expansion step 6 (labour market) has a worker "
                                        "representative; the teacher keeps the role "
                                        "otherwise."))


def new_representative_secrets(game: Game) -> None:
    """A fresh PIN and QR secret: browsers that joined with the old ones are out."""
    taken = set(game.teams.values_list("pin", flat=True))
    game.representative_pin = new_pins(1, taken)[0]
    game.representative_token = secrets.token_urlsafe(16)


def set_representative(*, game_id: int, played_by: str) -> Game:
    """Hand the worker representative of step 6 to the teacher, to students (with a PIN of
    their own) or to a bot, also in the middle of a game. Every screen of the game reloads:
    students who played the role lose it when it goes elsewhere."""
    with games.changing(game_id) as game:
        check_representative(GameConfig.from_dict(game.config), played_by)
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.representative == played_by:
            return game
        game.representative = played_by
        if played_by == Representative.STUDENTS:
            new_representative_secrets(game)
        else:
            game.representative_pin = game.representative_token = ""
        with translation.override(game.language):
            text = _("The worker representative is played by %(who)s now.") % {
                "who": Representative(played_by).label}
        _seat_changed(game, None, SeatChange.Kind.REPRESENTATIVE, played_by, text,
                      fields=("representative", "representative_pin", "representative_token"))
        followups.on_commit(game_id, run_bots=True)
    return game


def set_hiring_at_going_salary(*, game_id: int, on: bool) -> Game:
    """Step 6: let a bot answer the teams' hiring offers for the representative at the going
    salary (the engine's ``answer_at_going_salary``), or stop it. Only while the teacher or
    students play the representative: a bot playing it answers them anyway. An offer open now
    is answered at once (or at the game's pace)."""
    with games.changing(game_id) as game:
        if 6 not in GameConfig.from_dict(game.config).steps:
            raise ServiceError(gettext_lazy("Only expansion step 6 (labour market) has hiring "
                                            "offers."))
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        if game.hiring_at_going_salary == on:
            return game
        game.hiring_at_going_salary = on
        games.announce(game, "hiring_at_going_salary")
        followups.on_commit(game_id, run_bots=True)
    return game


def record_join(*, team_id: int) -> None:
    """A browser joined a team (code and PIN, or its QR link). The first time counts: the
    lobby shows the team as joined. In the lobby that is a change every screen hears of (a new
    revision, a line in the ticker); in a running game it is not (a revision would make the
    other screens of the team stale for nothing) — the bank console redraws when the new
    screen connects."""
    game_id = Team.objects.filter(pk=team_id, joined__isnull=True).values_list(
        "game_id", flat=True).first()
    if game_id is None:
        return  # no such team, or it has joined before
    with games.changing(game_id) as game:
        if not Team.objects.filter(pk=team_id, joined__isnull=True).update(
                joined=timezone.now()):
            return
        if game.status != Game.Status.LOBBY:
            return
        name = Team.objects.filter(pk=team_id).values_list("name", flat=True).get()
        with translation.override(game.language):
            text = _("%(team)s has joined the game.") % {"team": name}
        games.announce(game, produced=[{"type": "joined", "team": name, "text": text}])


def _seat_team(game: Game, team_id: int) -> Team:
    """The locked game's team, for a change of the team's seat."""
    team = game.teams.filter(pk=team_id).first()
    if team is None:
        raise ServiceError(gettext_lazy("This game has no such team."), status=404)
    if game.status == Game.Status.ENDED:
        raise ServiceError(gettext_lazy("The game is over."), status=409)
    return team


def _seat_changed(game: Game, team: Team | None, kind: str, detail: str, text: str,
                  fields: Iterable[str] = ()) -> None:
    """Record a change of a seat (in the game's row lock), give the game a new revision
    (saving ``fields`` of the game changed with the seat) and tell every screen: the bank
    console lists it, the ticker says it, and the sockets of the players check whether they
    still hold their seat."""
    game.seats += 1
    SeatChange.objects.create(game=game, team=team, team_name=team.name if team else "",
                              kind=kind, detail=detail, revision=game.revision + 1)
    event = {"type": "seat", "change": kind, "team": team.name if team else "",
             "text": text}
    games.announce(game, "seats", *fields, produced=[event])


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
    with games.changing(game_id) as game:
        team = _seat_team(game, team_id)
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
        followups.on_commit(game_id, run_bots=True)
    return team


def new_team_pin(*, game_id: int, team_id: int) -> Team:
    """A new PIN and QR link for a team (a phone was lost, the PIN got round the class): every
    browser that joined with the old one must join again with the new one."""
    with games.changing(game_id) as game:
        team = _seat_team(game, team_id)
        _renew_pin(game, team)
    return team


def new_team_pins(*, game_id: int) -> list[Team]:
    """A new PIN and QR link for every team its students play (the bank console offers it
    when someone is guessing PINs, issue 23): one change, every student team's browsers join
    again with the new PINs. Bot teams keep theirs (nobody joins them)."""
    with games.changing(game_id) as game:
        if game.status == Game.Status.ENDED:
            raise ServiceError(gettext_lazy("The game is over."), status=409)
        teams = list(game.teams.filter(bot="").order_by("seat"))
        if not teams:
            raise ServiceError(gettext_lazy("No team of this game is played by students."),
                               status=409)
        for team in teams:
            _renew_pin(game, team)
    return teams


def _renew_pin(game: Game, team: Team) -> None:
    taken = set(game.teams.exclude(pk=team.pk).values_list("pin", flat=True))
    if game.representative_pin:
        taken.add(game.representative_pin)
    taken.add(team.pin)  # a new PIN is a different one
    team.pin = new_pins(1, taken)[0]
    team.token = secrets.token_urlsafe(16)
    team.seat_generation += 1
    team.save(update_fields=["pin", "token", "seat_generation"])
    with translation.override(game.language):
        text = _("%(team)s has a new PIN: its devices join again.") % {"team": team.name}
    _seat_changed(game, team, SeatChange.Kind.PIN, "", text)


def drop_team_devices(*, game_id: int, team_id: int) -> Team:
    """Every browser of the team loses its seat and must join again (same PIN)."""
    with games.changing(game_id) as game:
        team = _seat_team(game, team_id)
        team.seat_generation += 1
        team.save(update_fields=["seat_generation"])
        with translation.override(game.language):
            text = _("%(team)s's devices must join again.") % {"team": team.name}
        _seat_changed(game, team, SeatChange.Kind.DROP, "", text)
    return team


def reset_team_duties(*, game_id: int, team_id: int) -> Team:
    """A team with split duties (step 6) chooses its halves again: every browser of the team
    loses its half (each chose once) and chooses once more. The teacher's way to reassign who
    runs which half (issue 23)."""
    with games.changing(game_id) as game:
        team = _seat_team(game, team_id)
        if team.name not in (game.config.get("duties") or []):
            raise ServiceError(gettext_lazy("%(team)s has no split duties."), team=team.name,
                               status=409)
        team.duty_generation += 1
        team.save(update_fields=["duty_generation"])
        with translation.override(game.language):
            text = _("%(team)s chooses who runs which half again.") % {"team": team.name}
        _seat_changed(game, team, SeatChange.Kind.DUTIES, "", text)
    return team


def new_representative_pin(*, game_id: int) -> Game:
    """A new PIN and QR link for the students who play the worker representative (step 6):
    the browsers that joined with the old ones are out and join again with the new."""
    with games.changing(game_id) as game:
        if game.representative != Representative.STUDENTS:
            raise ServiceError(_("Only students who play the worker representative have a "
                                 "PIN of their own."), status=409)
        if game.status == Game.Status.ENDED:
            raise ServiceError(_("The game is over."), status=409)
        old = game.representative_pin
        while game.representative_pin == old:  # a new PIN is a different one
            new_representative_secrets(game)
        with translation.override(game.language):
            text = _("The worker representative has a new PIN: its devices join again.")
        _seat_changed(game, None, SeatChange.Kind.PIN, "", text,
                      fields=("representative_pin", "representative_token"))
    return game


def new_projector_link(*, game_id: int) -> Game:
    """A new secret projector link (the old one was shown or shared): projectors that opened
    the old link stop showing the game; the teacher opens the new one on the projector."""
    with games.changing(game_id) as game:
        game.projector_token = new_projector_token()
        with translation.override(game.language):
            text = _("The projector has a new link.")
        _seat_changed(game, None, SeatChange.Kind.PROJECTOR, "", text,
                      fields=("projector_token",))
    return game
