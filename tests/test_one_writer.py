"""One writer of game rows (issue 19): ``classroom/services/games.py``.

Every change of a ``Game`` row is made in the row lock (``games.changing``) and published with
a new revision (``games.announce``), so no screen misses a change and none hears of one that
was rolled back. Read from the source of ``classroom`` and ``reports``: outside ``games.py``
nothing saves, updates, creates or deletes a game (``game.save()``, ``x.game.save()``,
``Game.objects....update()`` and the like) and nothing sets a ``revision``.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WRITER = ROOT / "classroom" / "services" / "games.py"
WRITES = {"save", "delete", "update", "create", "bulk_create", "bulk_update",
          "update_or_create", "get_or_create"}
#: A name that holds a game row: ``game``, ``made_game``; the attribute ``job.game``.
GAME_NAME = re.compile(r"(^|_)game$")


def _is_game(node: ast.expr) -> bool:
    return (isinstance(node, ast.Name) and bool(GAME_NAME.search(node.id))) or (
        isinstance(node, ast.Attribute) and node.attr == "game")


def _on_game_manager(node: ast.expr) -> bool:
    """``Game.objects`` somewhere down a chain like ``Game.objects.filter(...).only(...)``."""
    while True:
        if isinstance(node, ast.Attribute):
            if node.attr == "objects" and isinstance(node.value, ast.Name) \
                    and node.value.id == "Game":
                return True
            node = node.value
        elif isinstance(node, ast.Call):
            node = node.func
        else:
            return False


def writes(source: str) -> list[tuple[int, str]]:
    """The lines of ``source`` that write a game row, and how."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr in WRITES:
            receiver = node.func.value
            if _is_game(receiver) or _on_game_manager(receiver):
                found.append((node.lineno, f"{ast.unparse(node.func)}()"))
        targets: list[ast.expr] = []
        if isinstance(node, ast.Assign):
            targets = node.targets
        elif isinstance(node, (ast.AugAssign, ast.AnnAssign)):
            targets = [node.target]
        for target in targets:
            for part in ast.walk(target):
                if isinstance(part, ast.Attribute) and part.attr == "revision":
                    found.append((node.lineno, f"{ast.unparse(part)} set"))
    return found


def _site_sources() -> list[Path]:
    return [path for app in ("classroom", "reports") for path in sorted((ROOT / app).rglob("*.py"))
            if "migrations" not in path.parts]


def test_the_reader_finds_writes() -> None:
    """Each form of a write is found, reads and other rows' writes are not (so the test
    below cannot pass by finding nothing)."""
    source = "\n".join([
        "game.save(update_fields=['seq'])",
        "job.game.save()",
        "Game.objects.filter(pk=1).update(seq=2)",
        "Game.objects.create(name='x')",
        "Game.objects.select_for_update().filter(pk=1).delete()",
        "game.revision += 1",
        "game.seq, game.revision = 1, 2",
        "made_game.delete()",
        # not writes of a game row:
        "game.teams.filter(name='Red').update(last_acted=1)",
        "Team.objects.filter(pk=1).update(joined=1)",
        "team.save()",
        "Game.objects.select_for_update().get(pk=1)",
        "revision = game.revision + 1",
    ])
    assert sorted(line for line, _ in writes(source)) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert writes(WRITER.read_text("utf-8")), "games.py itself writes (the reader sees it)"


def test_only_the_games_module_writes_game_rows() -> None:
    problems = [f"{path.relative_to(ROOT)}:{line}: {what}"
                for path in _site_sources() if path != WRITER
                for line, what in writes(path.read_text("utf-8"))]
    assert not problems, ("write game rows through classroom.services.games:\n"
                          + "\n".join(problems))
