"""The Django admin for the classroom's data.

A game is its action log, and ``classroom.services`` is the only code that changes a game:
games, teams, actions and snapshots are read-only here. A team's seat (a new PIN, its devices,
a bot) changes through actions that call the services; everything else of a game belongs to
the bank console. PINs and join tokens are never shown.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.contrib import admin, messages
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .models import Classroom, Game, GameAction, Snapshot, Team


class ReadOnlyAdmin(admin.ModelAdmin):
    """Rows that only the services write: to look at, never to add, change or delete (a game
    deleted with its class takes them along)."""

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Classroom)
class ClassroomAdmin(admin.ModelAdmin):
    list_display = ("name", "teacher", "game_count", "created")
    list_filter = ("created", "teacher")
    search_fields = ("name", "teacher__username")
    date_hierarchy = "created"
    list_select_related = ("teacher",)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Classroom]:
        queryset: QuerySet[Classroom] = super().get_queryset(request)
        return queryset.annotate(_game_count=Count("games"))

    @admin.display(description=_("games"), ordering="_game_count")
    def game_count(self, obj: Classroom) -> int:
        return int(getattr(obj, "_game_count", 0))


class TeamInline(admin.TabularInline):
    """A game's teams to look at; seats change from the bank console or the team list's
    actions, which go through the services."""

    model = Team
    extra = 0
    can_delete = False
    fields = ("seat", "name", "bot", "joined_at", "last_move")
    readonly_fields = fields

    @admin.display(description=_("joined"), ordering="joined")
    def joined_at(self, obj: Team) -> Any:
        return obj.joined

    @admin.display(description=_("last move"), ordering="last_acted")
    def last_move(self, obj: Team) -> Any:
        return obj.last_acted

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """Games to look at only. Everything a game holds is the services' to change — a move, a
    pause, a seat, a language: each needs the game's row lock, a new revision and a broadcast to
    the screens, which a saved admin form gives none of (and it would write back columns that a
    move changed meanwhile). The bank console does it all. PINs and join tokens are not shown:
    they are the teacher's to hand out."""

    list_display = ("name", "code", "classroom", "teacher", "status", "moves", "language",
                    "made", "console")
    list_filter = ("status", "language", "created")
    search_fields = ("name", "code", "classroom__name", "classroom__teacher__username")
    date_hierarchy = "created"
    list_select_related = ("classroom__teacher",)
    fields = ("classroom", "name", "code", "status", "language", "moves", "round_seconds",
              "representative", "projector_standings", "config", "made", "console")
    inlines = [TeamInline]

    @admin.display(description=_("moves"), ordering="seq")
    def moves(self, obj: Game) -> int:
        return obj.seq

    @admin.display(description=_("created"), ordering="created")
    def made(self, obj: Game) -> Any:
        return obj.created

    @admin.display(description=_("teacher"), ordering="classroom__teacher__username")
    def teacher(self, obj: Game) -> str:
        return str(obj.classroom.teacher)

    @admin.display(description=_("bank console"))
    def console(self, obj: Game) -> str:
        if obj.pk is None:
            return "–"
        return format_html('<a href="{}">{}</a>',
                           reverse("classroom:bank", kwargs={"game_id": obj.pk}), _("open"))


def _seat_action(request: HttpRequest, queryset: QuerySet[Team], change: Any,
                 done: Callable[[int], str]) -> None:
    """Run ``change(team)`` (a service) for each chosen team and say what came of it: a team
    the service refuses (its game is over) keeps its seat and its message is shown."""
    changed = 0
    for team in queryset.select_related("game"):
        try:
            change(team)
        except services.ServiceError as error:
            messages.error(request, f"{team.game} – {team.name}: {error.message}")
        else:
            changed += 1
    if changed:
        messages.success(request, done(changed) % {"count": changed})


@admin.register(Team)
class TeamAdmin(ReadOnlyAdmin):
    """Teams to look at; a new PIN, dropping a team's devices and handing it to a bot or back
    to its students are actions that go through the services, like the bank console's seat
    buttons (a new revision, the ticker, every screen told, PINs unique in their game)."""

    list_display = ("name", "game", "seat", "bot", "joined_at", "last_move")
    list_filter = ("bot", "game__status")
    search_fields = ("name", "game__name", "game__code")
    list_select_related = ("game",)
    fields = ("game", "seat", "name", "bot", "joined_at", "last_move")
    joined_at = TeamInline.joined_at
    last_move = TeamInline.last_move
    actions = ["new_pin", "drop_devices", "to_students", "to_careful_bot", "to_random_bot"]

    def has_seats_permission(self, request: HttpRequest) -> bool:
        return bool(request.user.has_perm("classroom.change_team"))

    @admin.action(description=_("Give a new PIN (signs the team's devices out)"),
                  permissions=["seats"])
    def new_pin(self, request: HttpRequest, queryset: QuerySet[Team]) -> None:
        _seat_action(request, queryset,
                     lambda t: services.new_team_pin(game_id=t.game_id, team_id=t.pk),
                     lambda n: ngettext("%(count)d team has a new PIN.",
                                        "%(count)d teams have a new PIN.", n))

    @admin.action(description=_("Drop the team's devices"), permissions=["seats"])
    def drop_devices(self, request: HttpRequest, queryset: QuerySet[Team]) -> None:
        _seat_action(request, queryset,
                     lambda t: services.drop_team_devices(game_id=t.game_id, team_id=t.pk),
                     lambda n: ngettext("%(count)d team was signed out of its devices.",
                                        "%(count)d teams were signed out of their devices.",
                                        n))

    def _hand_to(self, request: HttpRequest, queryset: QuerySet[Team], bot: str) -> None:
        _seat_action(request, queryset,
                     lambda t: services.set_team_player(game_id=t.game_id, team_id=t.pk,
                                                        bot=bot),
                     lambda n: ngettext("%(count)d team changed hands.",
                                        "%(count)d teams changed hands.", n))

    @admin.action(description=_("Hand to its students"), permissions=["seats"])
    def to_students(self, request: HttpRequest, queryset: QuerySet[Team]) -> None:
        self._hand_to(request, queryset, Team.Bot.HUMAN)

    @admin.action(description=_("Hand to the careful bot"), permissions=["seats"])
    def to_careful_bot(self, request: HttpRequest, queryset: QuerySet[Team]) -> None:
        self._hand_to(request, queryset, Team.Bot.GREEDY)

    @admin.action(description=_("Hand to the random bot"), permissions=["seats"])
    def to_random_bot(self, request: HttpRequest, queryset: QuerySet[Team]) -> None:
        self._hand_to(request, queryset, Team.Bot.RANDOM)


@admin.register(GameAction)
class GameActionAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "actor", "kind", "undone", "created")
    list_filter = ("undone", "created")
    search_fields = ("game__code", "game__name", "actor")
    list_select_related = ("game",)
    ordering = ("-created",)
    list_per_page = 50

    @admin.display(description=_("move"))
    def kind(self, obj: GameAction) -> str:
        return str(obj.action.get("type", "?")) if isinstance(obj.action, dict) else "?"


@admin.register(Snapshot)
class SnapshotAdmin(ReadOnlyAdmin):
    list_display = ("game", "seq", "created")
    list_filter = ("created",)
    search_fields = ("game__code", "game__name")
    list_select_related = ("game",)
    ordering = ("-created",)
    list_per_page = 50
    exclude = ("state",)  # a whole engine state: large, and of no use on a page
