"""The Django admin for the classroom's data.

A game is its action log: actions and snapshots are read-only here (only
``classroom.services`` writes them), and so is everything of a game or team that the log
depends on (set-up, seq, team names). Undo and pause belong to the bank console.
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

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
    model = Team
    extra = 0
    max_num = 9
    can_delete = False
    fields = ("seat", "name", "bot", "pin")
    readonly_fields = ("seat", "name")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "classroom", "teacher", "status", "seq", "language",
                    "created", "console")
    list_filter = ("status", "language", "created")
    search_fields = ("name", "code", "classroom__name", "classroom__teacher__username")
    date_hierarchy = "created"
    list_select_related = ("classroom__teacher",)
    #: Who plays the representative changes on its console (a service makes its PIN and link).
    readonly_fields = ("code", "config", "status", "seq", "revision", "deadline",
                       "representative", "representative_pin", "created", "updated", "console")
    inlines = [TeamInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # a game is set up from its class page (the engine checks the set-up)

    @admin.display(description=_("teacher"), ordering="classroom__teacher__username")
    def teacher(self, obj: Game) -> str:
        return str(obj.classroom.teacher)

    @admin.display(description=_("bank console"))
    def console(self, obj: Game) -> str:
        if obj.pk is None:
            return "–"
        return format_html('<a href="{}">{}</a>',
                           reverse("classroom:bank", kwargs={"game_id": obj.pk}), _("open"))


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "seat", "bot", "pin")
    list_filter = ("bot", "game__status")
    search_fields = ("name", "game__name", "game__code")
    list_select_related = ("game",)
    readonly_fields = ("game", "name", "seat", "token")
    fields = ("game", "seat", "name", "bot", "pin", "token")

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # teams come with their game's set-up


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
