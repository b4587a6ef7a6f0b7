"""Delete practice games idle for a week (issue 12): run it daily (cron, or a Celery beat
entry where a beat runs)."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from classroom import practice


class Command(BaseCommand):
    help = f"Delete practice games without a move for {practice.IDLE_DAYS} days."

    def handle(self, *args: Any, **options: Any) -> None:
        deleted = practice.cleanup()
        self.stdout.write(f"{deleted} idle practice game(s) deleted.")
