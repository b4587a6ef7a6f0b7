"""What drawing the live screens costs: all ten screens of an 8-team game after each move.

    python bench/bench_screens.py [--moves 40] [--warmup 150]

Plays ``--warmup`` moves (a greedy bot's choices, through the services), then for ``--moves``
moves draws every screen (8 teams, the bank console, the projector) with the region memo warm,
as the sockets of one process would, and prints milliseconds per move and the regions that had
to be rendered again (docs/benchmarks.md, "Live screens under load"). Uses a throw-away SQLite
file in a temporary folder.
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=40)
    parser.add_argument("--warmup", type=int, default=150)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="bench-screens-")
    os.environ["DJANGO_SETTINGS_MODULE"] = "playboss.settings"
    os.environ["DATABASE_URL"] = f"sqlite:///{folder}/bench.sqlite3"
    os.environ.pop("REDIS_URL", None)
    import django

    django.setup()
    from django.contrib.auth.models import User
    from django.core.management import call_command

    from classroom import services, state_store
    from classroom.models import Game
    from classroom.screens import ScreenSpec, build_screen
    from classroom.templatetags import regions
    from playboss.rules import waiting_for
    from playboss.rules.bots import BOTS

    call_command("migrate", verbosity=0)
    teacher = User.objects.create_user("bench")
    classroom = services.create_classroom(teacher=teacher, name="bench")
    names = ["A", "B", "C", "D", "E", "F", "G", "H"]
    game = services.create_game(classroom=classroom, name="bench", settings_={"years": 3},
                                seats=[services.TeamSeat(n) for n in names])

    def step(count: int) -> Game:
        for _ in range(count):
            current = Game.objects.get(pk=game.pk)
            move = state_store.read_state(current, lambda s: BOTS["greedy"](s.seq).choose(
                s, waiting_for(s)[0]).to_dict())
            services.submit_action(game_id=game.pk, actor=move["actor"], payload=move,
                                   run_bots=False)
        return Game.objects.get(pk=game.pk)

    current = step(args.warmup)
    specs = [ScreenSpec(n, "en") for n in names] + [ScreenSpec("bank", "en"),
                                                    ScreenSpec("public", "en")]
    for spec in specs:
        build_screen(current, spec)
    rendered: collections.Counter[str] = collections.Counter()
    original = regions.RegionNode.render

    def counting(node: Any, context: Any) -> str:
        misses = regions.MEMO.misses
        html = original(node, context)
        if regions.MEMO.misses > misses:
            rendered[str(node.name.resolve(context))] += 1
        return html

    regions.RegionNode.render = counting  # type: ignore[method-assign]
    # The engine's quotes the screens ask for (issue 19: every figure from a quote).
    import importlib

    quoting = importlib.import_module("playboss.rules.quote")  # the module, not the function

    quoted = [0]
    quote_once = quoting._quote

    def counted(*args: Any) -> Any:
        quoted[0] += 1
        return quote_once(*args)

    quoting._quote = counted  # type: ignore[assignment]
    total = 0.0
    for _ in range(args.moves):
        current = step(1)
        start = time.perf_counter()
        for spec in specs:
            build_screen(current, spec)
        total += time.perf_counter() - start
    print(f"all {len(specs)} screens: {total / args.moves * 1000:.1f} ms a move "
          f"(moves {args.warmup}..{args.warmup + args.moves}), "
          f"{total / args.moves / len(specs) * 1e6:.0f} µs a screen, "
          f"{quoted[0] / args.moves / len(specs):.1f} quotes a screen")
    for name, count in rendered.most_common():
        print(f"  {name:16s} rendered {count / args.moves:.1f}× a move")


if __name__ == "__main__":
    main()
