"""The engine's modules import each other in layers, never in a circle (issue 14).

The graph is read from the source with ``ast``: every ``import`` statement counts, at module
level or inside a function alike, so a circle cannot be hidden by importing late. Only imports
under ``if TYPE_CHECKING:`` are left out: they never run (types may refer to each other: a
state holds its rule set, whose functions take states). Importing ``a.b.c`` runs the
``__init__`` of ``a.b`` first unless the importer lives inside it, so such package edges count
too.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "playboss.rules"
PACKAGE_DIR = ROOT / "playboss" / "rules"


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(path): path for path in sorted(PACKAGE_DIR.rglob("*.py"))}


def _ancestors(name: str) -> list[str]:
    parts = name.split(".")
    return [".".join(parts[:i]) for i in range(1, len(parts))]


def _imported(node: ast.Import | ast.ImportFrom, importer: str, is_package: bool,
              modules: dict[str, Path]) -> set[str]:
    """The modules of the package that one import statement names."""
    names: set[str] = set()
    if isinstance(node, ast.Import):
        for alias in node.names:
            names.add(alias.name)
        return names
    if node.level:
        base = importer.split(".")
        if not is_package:
            base = base[:-1]
        base = base[: len(base) - (node.level - 1)]
        source = ".".join([*base, node.module] if node.module else base)
    else:
        source = node.module or ""
    names.add(source)
    for alias in node.names:  # ``from pkg import module`` names a module, not a value
        if f"{source}.{alias.name}" in modules:
            names.add(f"{source}.{alias.name}")
    return names


def _type_checking_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and (
        (isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING")
        or (isinstance(node.test, ast.Attribute) and node.test.attr == "TYPE_CHECKING"))


def _run_imports(tree: ast.AST) -> list[ast.Import | ast.ImportFrom]:
    """Every import statement that can run: anywhere but in an ``if TYPE_CHECKING:`` body."""
    found: list[ast.Import | ast.ImportFrom] = []
    todo: list[ast.AST] = [tree]
    while todo:
        node = todo.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif _type_checking_only(node):
            assert isinstance(node, ast.If)
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))
    return found


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of ``playboss.rules`` importing it runs (edges to the packages the
    importer already sits in are left out: they are being imported already)."""
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(), filename=str(path))
        own_packages = {*_ancestors(name), name}
        for node in _run_imports(tree):
            for target in _imported(node, name, path.name == "__init__.py", modules):
                for runs in [*_ancestors(target), target]:
                    if runs in modules and runs not in own_packages:
                        graph[name].add(runs)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components with more than one module (Tarjan), and modules that
    import themselves."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:  # iterative, so a deep graph cannot hit the recursion limit
        nonlocal counter
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1 or node in graph[node]:
                        found.append(sorted(component))

    for name in sorted(graph):
        if name not in index:
            visit(name)
    return found


def test_the_graph_is_read() -> None:
    """The reader finds the edges it must (so an empty graph cannot pass the next test)."""
    graph = import_graph()
    assert f"{PACKAGE}.state" in graph[f"{PACKAGE}.engine"] or any(
        f"{PACKAGE}.state" in graph[name] for name in graph)
    assert sum(len(targets) for targets in graph.values()) > 100
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"a"}}) == [["a"]]
    lazy = ast.parse("def f():\n    import x\n"
                     "if TYPE_CHECKING:\n    import y\nelse:\n    import z\n")
    assert sorted(n.names[0].name for n in _run_imports(lazy) if isinstance(n, ast.Import)) \
        == ["x", "z"]


def test_no_import_circle_in_the_engine() -> None:
    """No module of ``playboss.rules`` imports, however indirectly or late, one that imports it."""
    found = circles(import_graph())
    assert not found, "import circles:\n" + "\n".join(" <-> ".join(c)
                                                       for c in found)
