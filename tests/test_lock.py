"""Issue 23, the suite: requirements.lock pins every package the project installs, transitive
ones included, at one exact version (pip-compile, scripts/lock.sh), and the scripts install from
it. These tests fail when pyproject.toml and the lock disagree: a dependency added, dropped or
narrowed without running scripts/lock.sh, or a venv that does not hold the locked versions."""

from __future__ import annotations

import re
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
LOCK = ROOT / "requirements.lock"


def locked() -> dict[str, Version]:
    pins: dict[str, Version] = {}
    for line in LOCK.read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        match = re.fullmatch(r"([A-Za-z0-9._-]+)==([^\s;]+)", line)
        assert match, f"requirements.lock: not an exact pin: {line!r}"
        pins[canonicalize_name(match[1])] = Version(match[2])
    return pins


def declared() -> list[Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    texts = project["dependencies"] + project["optional-dependencies"]["dev"]
    return [Requirement(text) for text in texts]


def closure(roots: list[Requirement]) -> set[str]:
    """The names of every package the roots need, through the installed packages' metadata
    (their markers evaluated for this interpreter, extras followed)."""
    seen: set[tuple[str, frozenset[str]]] = set()
    names: set[str] = set()
    todo = list(roots)
    while todo:
        req = todo.pop()
        name = canonicalize_name(req.name)
        key = (name, frozenset(req.extras))
        if key in seen:
            continue
        seen.add(key)
        names.add(name)
        try:
            requires = metadata.distribution(name).requires or []
        except metadata.PackageNotFoundError:  # not installed: the lock lacks it, see below
            continue
        for text in requires:
            sub = Requirement(text)
            extras = [""] + sorted(req.extras)
            if sub.marker is None or any(sub.marker.evaluate({"extra": e}) for e in extras):
                todo.append(sub)
    return names


def test_every_declared_dependency_is_locked_within_its_range() -> None:
    pins = locked()
    for req in declared():
        name = canonicalize_name(req.name)
        assert name in pins, f"{req.name} is in pyproject.toml but not in requirements.lock: " \
                             "run scripts/lock.sh"
        assert req.specifier.contains(pins[name], prereleases=True), (
            f"requirements.lock pins {name}=={pins[name]}, outside pyproject's {req}: "
            "run scripts/lock.sh")


def test_the_lock_is_exactly_what_the_dependencies_need() -> None:
    """Nothing missing (a package pip would pick unpinned) and nothing stale."""
    needed = closure(declared())
    pins = set(locked())
    assert needed - pins == set(), "needed but not locked: run scripts/lock.sh"
    assert pins - needed == set(), "locked but needed by nothing: run scripts/lock.sh"


def test_the_venv_holds_the_locked_versions() -> None:
    wrong = {name: (str(version), metadata.version(name)) for name, version in locked().items()
             if Version(metadata.version(name)) != version}
    assert wrong == {}, "installed versions differ from requirements.lock: source scripts/venv.sh"


def test_the_scripts_install_from_the_lock() -> None:
    venv = (ROOT / "scripts" / "venv.sh").read_text()
    assert "pip install -q --no-deps -r requirements.lock -e ." in venv and "pip check" in venv
    for script in ("scripts/run.sh", "scripts/test.sh", ".ci/run"):
        assert "source scripts/venv.sh" in (ROOT / script).read_text(), script
    assert "pip-compile" in LOCK.read_text().splitlines()[1]  # made by the tool, not by hand
