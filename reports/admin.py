"""Report jobs in the admin: what was built for whom, and its file."""

from __future__ import annotations

from django.contrib import admin

from .models import ReportJob


@admin.register(ReportJob)
class ReportJobAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "kind", "team", "year", "status", "progress", "seq", "created",
                    "finished")
    list_filter = ("kind", "status")
    search_fields = ("game__name", "game__code", "team__name")
    raw_id_fields = ("game", "team")
    readonly_fields = ("created", "started", "finished")
