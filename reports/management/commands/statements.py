"""Write the whole pack of a game from the command line (no Celery, no job rows).

    python manage.py statements GAME [GAME ...] --out DIR [--zip]

GAME is a game's id or its code. Each game gets a folder in DIR with every team's statements
(PDF), the class debrief (PDF), the grading workbook (XLSX) and the CSV tables; ``--zip`` also
writes the folder as one ZIP beside it.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from classroom.models import Game
from reports import packs, services


class Command(BaseCommand):
    help = "Write every statement of a game (team PDFs, class debrief, XLSX, CSV) to a folder."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="+", metavar="GAME", help="game id or game code")
        parser.add_argument("--out", required=True, help="folder to write into")
        parser.add_argument("--zip", action="store_true", help="also write one ZIP per game")

    def handle(self, *args: Any, **options: Any) -> None:
        out = Path(options["out"])
        out.mkdir(parents=True, exist_ok=True)
        for ref in options["games"]:
            game = self._game(ref)
            began = time.perf_counter()
            ctx = services.game_context(game)
            files = packs.build_pack(ctx, services.action_records(game))
            folder = out / packs.pack_root(ctx)
            for f in files:
                path = folder / f.name
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(f.data)
            if options["zip"]:
                (out / f"{packs.pack_root(ctx)}.zip").write_bytes(packs.zip_pack(ctx, files))
            seconds = time.perf_counter() - began
            self.stdout.write(f"{game.name} ({game.code}): {len(files)} files in {folder} "
                              f"after move {ctx.meta.seq} ({seconds:.2f} s)")

    def _game(self, ref: str) -> Game:
        games = Game.objects.select_related("classroom")
        game = games.filter(pk=int(ref)).first() if ref.isdigit() else None
        game = game or games.filter(code=ref.upper()).first()
        if game is None:
            raise CommandError(f"No game with id or code {ref!r}.")
        return game
