"""Every path and Python name the docs put in backticks exists in the code as it is.

Read: every Markdown file under `docs/` and `README.md`. Checked: each inline code span
(single backticks, also when it runs over a line break); fenced and indented code blocks are
commands and their output, and are left alone. A span is checked when it looks like one of
these, otherwise it is left alone (a JSON value, a command, a setting's value):

* **A path** - only path characters (no spaces, no `<placeholder>`, no `*`), and a slash in
  it or a file extension at its end. URLs (`/games/...`, `http...`) and options (`-x`) are
  not paths; neither are `GENERATED` names (files the site or a tool makes at run time).
  - Its first part is a top-level entry of the repository (`classroom/...`, `bench/...`,
    `docs/...`, `tests/...`, `.ci/run`): it must exist from the repository's root.
  - Any other path with a slash (`steps/labor/`, `examples/first-year.json`) must exist
    next to the Markdown file that names it or below one of `BASE_DIRS` (the engine, the
    site's packages, the templates, the static files): the places the docs write paths
    relative to.
  - A bare file name of source (`live.js`, `sensible.py`, `rules.md`) must be the name of a
    file somewhere in the repository. Other bare names (`LOG.json`) are not checked.
  So a path outside the repository (`shared/design/...`) fails.
* **A dotted Python name** - identifiers joined by dots, optionally followed by a call's
  argument list, which is dropped (`playboss.rules.journal`, `Turn.hook(point, ...)`).
  `classroom/events.broadcast` (a module's path, then a name in it) is read as
  `classroom.events.broadcast`. The first part may mean
  - one of `ALIASES` (a few names the docs use for a third-party module, such as
    `transaction` for `django.db.transaction`; then nothing else), or else
  - any module of the repository's packages of that name (`red_field` is
    `playboss.rules.red_field`, `services` is `classroom.services` or `reports.services`,
    `selectors` is `classroom.selectors`), any class or function defined at the top level
    of one of their modules under that name (`Game`, `GameState`, `ConfigError`), a
    top-level module that imports (`playboss`, `functools`, ...) and a builtin (`dict.get`).
  The rest is read with getattr, importing a submodule where there is one; the name
  resolves when one of the candidates of its first part gives the whole of it. A class's
  attribute also counts when the class annotates it (a dataclass or NamedTuple field
  without a default) or assigns it as `self.name` in its body. So an instance's attribute
  is written on its class (`GameState.rules`, not `state.rules`: that is the module `state`).
  A logger's name the source asks for literally (`classroom.security`) counts too.
* **A bare private name** (`_sheet_at`) or **a bare call** (`rules_for(config)`): it must be
  defined (def, class, a module-level assignment) or imported by name somewhere in the
  repository's Python source, or be a builtin.

Links too: a relative Markdown link (`[text](rules.md#known-disagreements)`) must name a file
that exists next to the doc and, with `#`, a heading of that file (GitHub's anchors: lower
case, punctuation dropped, spaces as hyphens, `-1`, `-2` for repeats).

A span in `PLANNED` is a name another branch is building now; it is not checked until it
exists, and then it must leave `PLANNED`. A stale reference is fixed in the docs, not here:
add to `ALIASES`, `BASE_DIRS`, `GENERATED` or `PLANNED` only what the docs really mean.
"""

from __future__ import annotations

import builtins
import importlib
import inspect
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent

DOCS = sorted((ROOT / "docs").rglob("*.md")) + [ROOT / "README.md"]

PACKAGES = ("playboss", "classroom", "reports")

BASE_DIRS = (
    "playboss/rules",
    "playboss/rules/steps",
    "playboss/rules/bots",
    "classroom",
    "classroom/static/classroom",
    "templates",
    "templates/classroom",
    "reports",
)

ALIASES = {
    "transaction": "django.db.transaction",
    "translation": "django.utils.translation",
    "Client": "django.test.Client",
}

GENERATED = {"staticfiles/", "db.sqlite3"}

#: Names the docs already use for what other branches of issue 19 and 20 are building now (the
#: contract in `docs/architecture.md`, "What a game provides"). Each must NOT exist yet: once
#: it does, the test below fails and the name is taken out of here.
PLANNED = {
}

EXTENSIONS = (
    "py",
    "md",
    "html",
    "json",
    "jsonl",
    "txt",
    "lock",
    "js",
    "css",
    "po",
    "mo",
    "toml",
    "yml",
    "yaml",
    "pdf",
    "png",
    "csv",
    "xlsx",
    "zip",
    "service",
    "timer",
    "example",
    "conf",
    "cfg",
    "ini",
    "sh",
    "sqlite3",
    "pem",
)
SOURCE_EXTENSIONS = (".py", ".md", ".html", ".js", ".css", ".toml")

CODE_SPAN = re.compile(r"(?<!`)`([^`]+?)`(?!`)")
FENCE = re.compile(r"^\s*(```|~~~)")
PATH_CHARS = re.compile(r"^[\w.\-/@]+$")
HAS_EXTENSION = re.compile(r"\.(" + "|".join(EXTENSIONS) + r")$")
MODULE_PATH_NAME = re.compile(r"^([a-z_]\w*(?:/[a-z_]\w*)+)\.([A-Za-z_]\w*)(\(.*\))?$")
DOTTED = re.compile(r"^([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)+)(\(.*\))?$")
BARE_CALL = re.compile(r"^([A-Za-z_]\w*)\(.*\)$")
BARE_PRIVATE = re.compile(r"^_[a-z]\w*$")


def code_spans(path: Path) -> list[tuple[int, str]]:
    """(line number, text) of every inline code span outside fenced and indented blocks."""
    kept = []
    in_fence = False
    previous_blank_or_code = True
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
            kept.append("")
            continue
        # An indented code block begins after a blank line (it cannot interrupt a paragraph).
        indented_code = line.startswith("    ") and previous_blank_or_code
        previous_blank_or_code = not line.strip() or indented_code
        kept.append("" if in_fence or indented_code else line)
    text = "\n".join(kept)
    # A span may run over a line break, as Markdown allows; it is read as one line.
    return [
        (text.count("\n", 0, match.start()) + 1, " ".join(match.group(1).split()))
        for match in CODE_SPAN.finditer(text)
    ]


@cache
def repo_files() -> frozenset[str]:
    """Every file and folder of the repository, as a path from its root."""
    skip = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}
    found = set()
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        if skip.intersection(relative.parts):
            continue
        found.add(relative.as_posix())
    return frozenset(found)


@cache
def file_names() -> frozenset[str]:
    return frozenset(name.rsplit("/", 1)[-1] for name in repo_files())


def python_sources() -> list[str]:
    return sorted(name for name in repo_files() if name.endswith(".py"))


@cache
def defined_names() -> frozenset[str]:
    """Names defined (def, class, module-level assignment) or imported by name in the source."""
    defined = re.compile(r"^\s*(?:async\s+)?(?:def|class)\s+(\w+)|^(\w+)\s*[:=]", re.M)
    imported = re.compile(r"^\s*from\s+\S+\s+import\s+(?:\(([^)]*)\)|([\w \t,]+))", re.M)
    names = set()
    for name in python_sources():
        text = (ROOT / name).read_text(encoding="utf-8")
        for match in defined.finditer(text):
            names.add(match.group(1) or match.group(2))
        for match in imported.finditer(text):
            listed = (match.group(1) or match.group(2)).split(",")
            names.update(word.split()[-1] for word in listed if word.strip())
    return frozenset(names)


@cache
def candidates_by_name() -> dict[str, list[str]]:
    """Where a first part may be found: modules of that name, modules that define it on top."""
    top_level = re.compile(r"^(?:async\s+)?(?:def|class)\s+(\w+)", re.M)
    found: dict[str, list[str]] = {}
    for name in python_sources():
        if not name.startswith(tuple(f"{package}/" for package in PACKAGES)):
            continue
        module = name.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
        found.setdefault(module.rsplit(".", 1)[-1], []).append(module)
        for match in top_level.finditer((ROOT / name).read_text(encoding="utf-8")):
            found.setdefault(match.group(1), []).append(f"{module}.{match.group(1)}")
    # The engine's modules first: the docs mean them when a site module has the same name.
    for places in found.values():
        places.sort(key=lambda place: not place.startswith("playboss.rules"))
    return found


def is_path(span: str) -> bool:
    if not PATH_CHARS.match(span) or span.startswith(("/", "-", "http")) or span in GENERATED:
        return False
    return "/" in span or bool(HAS_EXTENSION.search(span))


def path_problem(span: str, doc: Path) -> str | None:
    path = span.rstrip("/")
    top = path.split("/", 1)[0]
    files = repo_files()
    if top in {name for name in files if "/" not in name}:
        return None if path in files else "no such path in the repository"
    if "/" not in path:
        if not path.endswith(SOURCE_EXTENSIONS) or path in file_names():
            return None
        return "no file of that name in the repository"
    own_folder = doc.parent.relative_to(ROOT).as_posix()
    if any(f"{base}/{path}" in files for base in (own_folder, *BASE_DIRS)):
        return None
    return f"no such path from the repository's root, next to the doc or below {BASE_DIRS}"


def _import(name: str) -> Any | None:
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return None
        raise


class _Annotated:
    """A field a class annotates without a class attribute: nothing can be looked up on it."""


def _attribute(owner: Any, owner_name: str, part: str) -> Any | None:
    if isinstance(owner, _Annotated):
        return None
    if hasattr(owner, part):
        return getattr(owner, part)
    if isinstance(owner, type) and any(
        part in getattr(klass, "__annotations__", {}) or _assigns_on_self(klass, part)
        for klass in owner.__mro__
    ):
        return _Annotated()
    return _import(f"{owner_name}.{part}") if hasattr(owner, "__path__") else None


def _assigns_on_self(klass: type, part: str) -> bool:
    try:
        source = inspect.getsource(klass)
    except (OSError, TypeError):
        return False
    return re.search(rf"\bself\.{part}\s*[:=]", source) is not None


def _resolve(place: str) -> Any | None:
    """A module or a module's attribute, by its full dotted name."""
    module = _import(place)
    if module is not None:
        return module
    owner_name, _, part = place.rpartition(".")
    owner = _import(owner_name) if owner_name else None
    return None if owner is None else _attribute(owner, owner_name, part)


def _starts(first: str) -> list[tuple[Any, str]]:
    """Every place a first part may mean; the name resolves if one of them gives all of it."""
    if first in ALIASES:
        found = _resolve(ALIASES[first])
        return [] if found is None else [(found, ALIASES[first])]
    starts = []
    for place in candidates_by_name().get(first, []):
        found = _resolve(place)
        if found is not None:
            starts.append((found, place))
    module = _import(first)
    if module is not None:
        starts.append((module, first))
    if hasattr(builtins, first):
        starts.append((getattr(builtins, first), first))
    return starts


@cache
def logger_names() -> frozenset[str]:
    """The loggers the source asks for by a literal name (`getLogger("classroom.security")`)."""
    pattern = re.compile(r"getLogger\(\s*[\"']([\w.]+)[\"']\s*\)")
    return frozenset(
        name
        for source in python_sources()
        for name in pattern.findall((ROOT / source).read_text(encoding="utf-8"))
    )


@cache
def name_problem(name: str) -> str | None:
    if name in logger_names():
        return None
    first, *rest = name.split(".")
    starts = _starts(first)
    if not starts:
        return f"{first!r} is no module, builtin or top-level name of {PACKAGES}"
    problems = []
    for owner, owner_name in starts:
        for part in rest:
            found = _attribute(owner, owner_name, part)
            if found is None:
                problems.append(f"{owner_name} has no {part!r}")
                break
            owner, owner_name = found, f"{owner_name}.{part}"
        else:
            return None
    return "; ".join(problems)


def reference_problem(span: str, doc: Path = ROOT / "docs" / "architecture.md") -> str | None:
    if span in GENERATED or span in PLANNED:
        return None
    return _problem(span, doc)


def _problem(span: str, doc: Path) -> str | None:
    module_path_name = MODULE_PATH_NAME.match(span)
    if module_path_name and module_path_name.group(2) not in EXTENSIONS:
        return name_problem(
            f"{module_path_name.group(1).replace('/', '.')}.{module_path_name.group(2)}"
        )
    if is_path(span):
        return path_problem(span, doc)
    dotted = DOTTED.match(span)
    if dotted:
        return name_problem(dotted.group(1))
    bare = BARE_CALL.match(span)
    name = bare.group(1) if bare else span if BARE_PRIVATE.match(span) else None
    if name is None or name in defined_names() or hasattr(builtins, name):
        return None
    return "not defined or imported by name in the Python source"


LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")


@cache
def anchors(path: Path) -> frozenset[str]:
    found: set[str] = set()
    counts: dict[str, int] = {}
    in_fence = False
    for line in path.read_text(encoding="utf-8").splitlines():
        if FENCE.match(line):
            in_fence = not in_fence
        heading = None if in_fence else HEADING.match(line)
        if heading:
            slug = re.sub(r"[^\w\- ]", "", heading.group(1).replace("`", "").lower())
            slug = slug.replace(" ", "-")
            repeat = counts.get(slug, 0)
            counts[slug] = repeat + 1
            found.add(slug if repeat == 0 else f"{slug}-{repeat}")
    return frozenset(found)


def link_problem(target: str, doc: Path) -> str | None:
    if re.match(r"^[a-z]+:", target):
        return None  # http:, https:, mailto:
    name, _, anchor = target.partition("#")
    path = (doc.parent / name).resolve() if name else doc
    if not path.exists():
        return "no such file"
    if anchor and path.suffix == ".md" and anchor not in anchors(path):
        return f"no heading #{anchor} in {path.relative_to(ROOT)}"
    return None


def test_every_relative_link_in_the_docs_exists() -> None:
    problems = []
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for match in LINK.finditer(text):
            problem = link_problem(match.group(1), doc)
            if problem:
                line = text.count("\n", 0, match.start()) + 1
                problems.append(f"{doc.relative_to(ROOT)}:{line}: ({match.group(1)}): {problem}")
    assert not problems, "broken links in the docs:\n" + "\n".join(problems)


def test_the_link_checker_tells_a_broken_link() -> None:
    doc = ROOT / "docs" / "architecture.md"
    assert link_problem("rules.md#known-disagreements", doc) is None
    assert link_problem("rules.md#no-such-heading", doc) is not None
    assert link_problem("no-such-file.md", doc) is not None
    assert link_problem("#the-rule-set", doc) is None
    assert link_problem("https://example.org/x.md", doc) is None


def test_every_backticked_reference_in_the_docs_exists() -> None:
    problems = []
    for doc in DOCS:
        for line, span in code_spans(doc):
            problem = reference_problem(span, doc)
            if problem:
                problems.append(f"{doc.relative_to(ROOT)}:{line}: `{span}`: {problem}")
    assert not problems, "stale references in the docs:\n" + "\n".join(problems)


@pytest.mark.parametrize("span", sorted(PLANNED))
def test_a_planned_name_does_not_exist_yet(span: str) -> None:
    """Once a planned name exists it is checked like any other: take it out of PLANNED."""
    assert _problem(span, ROOT / "docs" / "architecture.md") is not None, span


@pytest.mark.parametrize(
    ("span", "broken"),
    [
        ("playboss/rules/rulebook.py", False),
        ("playboss/rules/no_such_module.py", True),
        ("shared/design/architecture.md", True),
        ("steps/labor/", False),
        ("risk_deck.json", False),
        ("no_such_file.py", True),
        ("LOG.json", False),
        ("ConfigError.errors", False),
        ("playboss.rules.journal", False),
        ("playboss.rules.no_such_name", True),
        ("red_field.purchase", False),
        ("red_field._purchase_cost", True),
        ("accounts._sheet_at", True),
        ("accounts.sheet_at", False),
        ("turn.Turn.hook(point, ...)", False),
        ("Turn.hook(point, ...)", False),
        ("state.rules", True),
        ("classroom/events.broadcast", False),
        ("classroom/events.no_such_function", True),
        ("examples/first-year.json", False),
        ("sum(genexpr)", False),
        ("rules_for(config)", False),
        ("no_such_function(x)", True),
        ("dict.get", False),
        ("functools.partial", False),
        ("GameState.rules", False),
        ("a value, not a reference", False),
        ("classroom.security", False),
        ("Client.login", False),
        ("Limits.workers", False),
    ],
)
def test_the_checker_tells_a_stale_reference(span: str, broken: bool) -> None:
    assert (reference_problem(span) is not None) is broken
