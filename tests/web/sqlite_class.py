"""A class on one process with the embedded database: GAMES games in a file-based SQLite, every
game's moves pressed from a thread of its own (through ``classroom.services``, as the site
does), and screens polling from more threads. Prints one JSON line: moves made, seconds, and
every database error; exits 1 if there was any ("database is locked" above all).

Run by ``test_sqlite_class.py``; by hand:
``python tests/web/sqlite_class.py /tmp/class.sqlite3 --games 15 --moves 40``.
``--without-options`` drops the SQLite OPTIONS of the settings (WAL, IMMEDIATE, timeout), as
before they existed, to see the difference.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
import time
from pathlib import Path
from typing import Any


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("database", type=Path)
    parser.add_argument("--games", type=int, default=15)
    parser.add_argument("--moves", type=int, default=40, help="moves per game")
    parser.add_argument("--pollers", type=int, default=6, help="threads reading, like screens")
    parser.add_argument("--without-options", action="store_true")
    args = parser.parse_args()

    os.environ["DATABASE_URL"] = f"sqlite:///{args.database}"
    os.environ.pop("REDIS_URL", None)  # the embedded defaults: Celery in-process, no Redis
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "playboss.settings")
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    import django
    from django.conf import settings

    django.setup()
    if args.without_options:
        settings.DATABASES["default"]["OPTIONS"] = {}
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import OperationalError, connection, connections

    from classroom import services
    from classroom.models import Game, GameAction, Team

    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        journal = cursor.execute("PRAGMA journal_mode").fetchone()[0]
    teacher = User.objects.create_user("teacher", password="class-password-1")
    classroom = services.create_classroom(teacher=teacher, name="Year 9")
    game_ids = []
    for number in range(args.games):
        seats = [services.TeamSeat(name) for name in ("Red", "Blue", "Green")]
        game = services.create_game(classroom=classroom, name=f"Table {number + 1}", seats=seats,
                                    settings_={"dice": "engine", "seed": number, "years": 3})
        game_ids.append(game.pk)
    # Every team's moves are chosen by a bot, pressed through the same service as a person's.
    Team.objects.update(bot="greedy")

    errors: list[str] = []
    moves = [0] * len(game_ids)
    done = threading.Event()
    barrier = threading.Barrier(len(game_ids) + args.pollers)

    def play(index: int) -> None:
        barrier.wait()
        try:
            # play_bots stops when a move is refused; go on until this game had its moves.
            for _ in range(args.moves):
                made = services.play_bots(game_id=game_ids[index],
                                          limit=args.moves - moves[index])
                moves[index] += made
                if made == 0 or moves[index] >= args.moves:
                    break
        except OperationalError as exc:
            errors.append(f"game {game_ids[index]}: {exc}")
        except Exception as exc:  # any other failure is a failure too
            errors.append(f"game {game_ids[index]}: {type(exc).__name__}: {exc}")
        finally:
            connections.close_all()

    def poll(index: int) -> None:
        barrier.wait()
        try:
            while not done.is_set():
                for game_id in game_ids[index::args.pollers]:
                    Game.objects.get(pk=game_id)
                    list(GameAction.objects.filter(game_id=game_id).order_by("-seq")[:20])
        except OperationalError as exc:
            errors.append(f"poller {index}: {exc}")
        finally:
            connections.close_all()

    players = [threading.Thread(target=play, args=(i,)) for i in range(len(game_ids))]
    pollers = [threading.Thread(target=poll, args=(i,)) for i in range(args.pollers)]
    start = time.monotonic()
    for thread in players + pollers:
        thread.start()
    for thread in players:
        thread.join()
    seconds = time.monotonic() - start
    done.set()
    for thread in pollers:
        thread.join()
    locked = sum("database is locked" in e for e in errors)
    report: dict[str, Any] = {
        "journal_mode": journal, "games": len(game_ids), "moves": sum(moves),
        "seconds": round(seconds, 2), "moves_per_second": round(sum(moves) / seconds, 1),
        "locked": locked, "errors": errors[:20],
    }
    print(json.dumps(report))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
