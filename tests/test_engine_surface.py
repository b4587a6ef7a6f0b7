"""The site and the reports import only the engine's declared surface (issue 19, point 4).

An engine package (``playboss.rules``, and a second game's ``playboss.schoko`` once it exists)
declares its surface in one place, its ``__init__``: the names of its ``__all__``, and the
public modules its docstring lists under "Public modules". Every import of an engine module
from ``classroom/`` or ``reports/`` (read with ``ast``: inside functions and under
``TYPE_CHECKING`` too, so a late import cannot hide a deep one) names the package itself or a
public module. ``from playboss.rules import market`` imports the module ``market`` and counts
as such.

Files other engineers rewrite in issue 19 keep their current deep imports on an explicit
allow-list until that work lands; an entry that is no longer needed fails too, so the list can
only shrink.
"""

from __future__ import annotations

import ast
import importlib
import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
#: The engine packages: the first game, and the second one (issue "Schoko & Co.").
ENGINES = ("playboss.rules", "playboss.schoko")
#: The code that must keep to the surface.
CLIENTS = ("classroom", "reports")

#: Owned by issue-19 work in progress: to be removed. Deep imports of files that other
#: engineers rewrite now (quotes from the engine, events as codes, services by concern); each
#: entry is (file, engine module), and goes when that file keeps to the surface.
ALLOWED: frozenset[tuple[str, str]] = frozenset({
})


@dataclass(frozen=True)
class Import:
    path: str  # relative to the repository, with slashes
    line: int
    module: str


@cache
def public_modules(package: str) -> tuple[str, ...]:
    """The modules an engine package's docstring lists under "Public modules" (each bullet's
    first ``dotted.name``)."""
    init = _package_dir(package) / "__init__.py"
    if not init.is_file():  # a game not written yet declares nothing
        return ()
    doc = ast.get_docstring(ast.parse(init.read_text(), filename=str(init))) or ""
    lines = doc.splitlines()
    start = next((i for i, line in enumerate(lines) if line.startswith("Public modules")),
                 None)
    if start is None:
        return ()
    found: list[str] = []
    for line in lines[start + 1:]:
        if not line.strip():
            if found:
                break
            continue
        bullet = re.match(r"- ``([\w.]+)``", line)
        if bullet:
            found.append(bullet.group(1))
        elif not line.startswith("  "):  # neither a bullet nor its continuation: the end
            break
    return tuple(found)


def _package_dir(package: str) -> Path:
    return ROOT.joinpath(*package.split("."))


def _is_module(name: str) -> bool:
    path = ROOT.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _engine_of(module: str) -> str | None:
    return next((e for e in ENGINES if module == e or module.startswith(e + ".")), None)


def engine_imports(source: str, path: str) -> list[Import]:
    """Every engine module one file imports, wherever the import statement stands."""
    found: list[Import] = []
    for node in ast.walk(ast.parse(source, filename=path)):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            modules = [node.module]
            # ``from package import name``: the name may be a module of the package
            modules += [f"{node.module}.{alias.name}" for alias in node.names
                        if _is_module(f"{node.module}.{alias.name}")]
        for module in modules:
            if _engine_of(module) is not None:
                found.append(Import(path, node.lineno, module))
    return found


def names_from_engines(source: str, path: str) -> list[tuple[int, str, str]]:
    """(line, package, name) of each name imported from an engine package itself that is not
    one of its modules: it must be in the package's ``__all__``, not just happen to be there."""
    found: list[tuple[int, str, str]] = []
    for node in ast.walk(ast.parse(source, filename=path)):
        if isinstance(node, ast.ImportFrom) and not node.level and node.module in ENGINES:
            found += [(node.lineno, node.module, alias.name) for alias in node.names
                      if not _is_module(f"{node.module}.{alias.name}")]
    return found


@cache
def declared_names(package: str) -> frozenset[str]:
    """The package's ``__all__``, read from its source (a game not written yet: none)."""
    init = _package_dir(package) / "__init__.py"
    if not init.is_file():
        return frozenset()
    for node in ast.parse(init.read_text(), filename=str(init)).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            return frozenset(ast.literal_eval(node.value))
    return frozenset()


def allowed(module: str) -> bool:
    """Whether the site may import ``module``: an engine package itself or a public module."""
    engine = _engine_of(module)
    return engine is None or module == engine or module in public_modules(engine)


def client_imports() -> list[Import]:
    found: list[Import] = []
    for client in CLIENTS:
        for path in sorted((ROOT / client).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            found += engine_imports(path.read_text(), relative)
    return found


def _existing_engines() -> list[str]:
    return [e for e in ENGINES if (_package_dir(e) / "__init__.py").is_file()]


# ---------------------------------------------------------------- the surface is declared


@pytest.mark.parametrize("package", _existing_engines())
def test_every_public_module_exists_and_is_few(package: str) -> None:
    """A game may declare no public module (its ``__all__`` is then its whole surface)."""
    declared = public_modules(package)
    missing = [m for m in declared if not _is_module(m)]
    assert not missing, f"declared public but no such module: {missing}"
    assert all(m.startswith(package + ".") for m in declared), declared
    assert len(declared) == len(set(declared)), declared
    assert len(declared) <= 8, "the public modules are a few, each read whole"


@pytest.mark.parametrize("package", _existing_engines())
def test_every_name_in_all_exists(package: str) -> None:
    module = importlib.import_module(package)
    names = list(module.__all__)
    assert len(names) == len(set(names)), "a name is listed twice in __all__"
    missing = [name for name in names if not hasattr(module, name)]
    assert not missing, f"{package}.__all__ names what the package does not define: {missing}"


def test_the_first_games_surface_is_read() -> None:
    """The reader finds what the docstring declares (so an empty list cannot pass)."""
    declared = public_modules("playboss.rules")
    assert "playboss.rules.accounts" in declared
    assert "playboss.rules.bots" in declared
    assert "playboss.rules.constants" not in declared


# ----------------------------------------------------- the site keeps to the surface


def test_the_reader_catches_deep_imports() -> None:
    """Every form of a deep import is found: in a function, a submodule imported through its
    package, ``import a.b``, under ``TYPE_CHECKING``; the surface itself passes."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from playboss.rules import apply, market\n"
        "import playboss.rules.money\n"
        "if TYPE_CHECKING:\n"
        "    from playboss.rules.state import Team\n"
        "def f():\n"
        "    from playboss.rules.steps.labor.production import unit_cost\n"
        "from playboss.rules.accounts import YearAccount\n"
        "from playboss.schoko.internals import x\n"
    )
    deep = sorted(i.module for i in engine_imports(source, "x.py") if not allowed(i.module))
    assert deep == ["playboss.rules.market", "playboss.rules.money", "playboss.rules.state",
                    "playboss.rules.steps.labor.production", "playboss.schoko.internals"]
    assert allowed("playboss.rules") and allowed("playboss.rules.accounts")
    undeclared = [(package, name) for _, package, name in names_from_engines(source, "x.py")
                  if name not in declared_names(package)]
    assert undeclared == [], undeclared  # apply is declared; market is a module (above)
    assert names_from_engines("from playboss.rules import check, apply\n", "x.py") == [
        (1, "playboss.rules", "check"), (1, "playboss.rules", "apply")]
    assert "check" not in declared_names("playboss.rules")
    assert "apply" in declared_names("playboss.rules")


def test_the_site_and_the_reports_import_only_the_surface() -> None:
    deep = [i for i in client_imports()
            if not allowed(i.module) and (i.path, i.module) not in ALLOWED]
    assert not deep, "import the engine's surface (playboss.rules, its public modules) " \
        "instead of:\n" + "\n".join(f"  {i.path}:{i.line}: {i.module}" for i in deep)


def test_names_imported_from_the_package_are_its_declared_names() -> None:
    """``from playboss.rules import x`` names an entry of ``__all__`` (or a public module),
    never a name the package only happens to hold."""
    undeclared = []
    for client in CLIENTS:
        for path in sorted((ROOT / client).rglob("*.py")):
            relative = path.relative_to(ROOT).as_posix()
            undeclared += [f"  {relative}:{line}: {package}.{name}"
                           for line, package, name in names_from_engines(path.read_text(),
                                                                          relative)
                           if name not in declared_names(package)]
    assert not undeclared, "not in the package's __all__:\n" + "\n".join(undeclared)


@pytest.mark.parametrize("package", _existing_engines())
def test_all_is_read_from_the_source(package: str) -> None:
    """The source's ``__all__`` (what the tests read) is the package's own."""
    assert declared_names(package) == set(importlib.import_module(package).__all__)


def test_the_allow_list_only_shrinks() -> None:
    """An allowed deep import that is gone must leave the list (and may not come back)."""
    used = {(i.path, i.module) for i in client_imports() if not allowed(i.module)}
    stale = sorted(ALLOWED - used)
    assert not stale, "no longer imported, remove from ALLOWED: " + ", ".join(
        f"{path}: {module}" for path, module in stale)
