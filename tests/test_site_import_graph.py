"""The site's modules (``classroom``, ``reports``) import each other without a circle (issue 19).

Read from the source as ``tests/test_import_graph.py`` reads the engine's: every import
statement counts, at module level or inside a function (a late import hides a circle from
Python, not from a reader), and importing ``a.b.c`` runs ``a.b``'s ``__init__`` too.

One circle is the Celery pattern and allowed: a ``tasks`` module imports the services it
calls, and those services send its tasks. Its edges from ``<app>.tasks`` to ``<app>.services``
(and modules inside it) are left out; any other way back into the services is a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.test_import_graph import _ancestors, _imported, _run_imports, circles

ROOT = Path(__file__).resolve().parent.parent
APPS = ("classroom", "reports")

#: Circles known and being broken elsewhere: none left (each entry fails the test once it is
#: no longer a circle, so the list can only shrink).
KNOWN_ELSEWHERE: list[list[str]] = []


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for app in APPS for path in sorted((ROOT / app).rglob("*.py"))
            if "migrations" not in path.parts}


def _celery_pattern(importer: str, target: str) -> bool:
    """``<app>.tasks`` importing ``<app>.services`` or a module inside it."""
    app, _, rest = importer.partition(".")
    return rest == "tasks" and (target == f"{app}.services"
                                or target.startswith(f"{app}.services."))


def site_graph() -> dict[str, set[str]]:
    """Module -> the site's modules importing it runs, the Celery pattern left out."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text("utf-8"), filename=str(path))
        own_packages = {*_ancestors(name), name}
        for node in _run_imports(tree):
            for target in _imported(node, name, path.name == "__init__.py", modules):
                for runs in [*_ancestors(target), target]:
                    if (runs in modules and runs not in own_packages
                            and not _celery_pattern(name, runs)):
                        graph[name].add(runs)
    return graph


def test_the_site_graph_is_read() -> None:
    """The reader finds edges it must, so an empty graph cannot pass the test below: a view
    imports the services, a service the state store, an import inside a function counts."""
    graph = site_graph()
    assert "classroom.services" in graph["classroom.views.live"]
    assert "classroom.state_store" in graph["classroom.services.moves"]
    assert "classroom.tasks" in graph["classroom.services.followups"]  # inside a function
    assert "classroom.services" not in graph["classroom.tasks"]  # the Celery pattern
    assert "reports.services" not in graph["reports.tasks"]
    assert _celery_pattern("classroom.tasks", "classroom.services.bots")
    assert not _celery_pattern("classroom.pacing", "classroom.services")
    assert not _celery_pattern("reports.tasks", "classroom.services")


def test_no_import_circle_in_the_site() -> None:
    """No module of ``classroom`` or ``reports`` imports, however indirectly or late, one that
    imports it — but for the Celery pattern (and the circles listed as being broken
    elsewhere, which must still exist: a broken one leaves the list)."""
    found = circles(site_graph())
    unexpected = [c for c in found if c not in KNOWN_ELSEWHERE]
    assert not unexpected, "import circles:\n" + "\n".join(" <-> ".join(c) for c in unexpected)
    gone = [c for c in KNOWN_ELSEWHERE if c not in found]
    assert not gone, f"no longer circles, remove them from KNOWN_ELSEWHERE: {gone}"
