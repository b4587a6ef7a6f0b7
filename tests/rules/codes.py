"""The refusal codes of the engine, read from its source: every ``code=`` a call in
``playboss/rules`` passes (to ``RuleViolation``, or to a helper that raises one), with the param
names that go with it.

A code is a string literal, or several in a conditional (``"a" if x else "b"``) or a dict
(``{True: "a", False: "b"}[x]``). Its params are the keys of the ``params=`` dict literal (a
``**name`` in it is looked up where ``name`` is assigned a dict literal in the same function),
paired with the code's branch when both are conditionals, plus the keys a helper adds itself
(``HELPER_PARAMS``). Used by ``tests/test_rule_codes.py`` and the site's catalogue tests.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "playboss" / "rules"

#: Params a raising helper adds to the ones its caller passes.
HELPER_PARAMS = {"require_cash": {"cash", "cost"}, "wrong_kind": {"setting"}}


@dataclass
class Site:
    path: str
    line: int
    callee: str
    codes: list[str]
    params: list[frozenset[str] | None]  # per code; None: not readable from the source
    #: The code's expression when it holds no literal (a helper passing its caller's on).
    forward: str = ""


@dataclass
class Sites:
    sites: list[Site] = field(default_factory=list)
    #: RuleViolation(...) calls without a code: "path:line".
    missing: list[str] = field(default_factory=list)


def _callee(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _strings(node: ast.AST) -> list[str]:
    """The codes an expression can give: literals, conditionals of them, a dict's values."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.IfExp):
        return _strings(node.body) + _strings(node.orelse)
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        return [s for v in node.value.values for s in _strings(v)]
    return []


def _dict_keys(node: ast.AST, assigned: dict[str, ast.Dict]) -> frozenset[str] | None:
    if not isinstance(node, ast.Dict):
        if isinstance(node, ast.Name) and node.id in assigned:
            return _dict_keys(assigned[node.id], assigned)
        return None
    keys: set[str] = set()
    for key, value in zip(node.keys, node.values, strict=True):
        if key is None:  # **name
            inner = _dict_keys(value, assigned)
            if inner is None:
                return None
            keys |= inner
        elif isinstance(key, ast.Constant) and isinstance(key.value, str):
            keys.add(key.value)
        else:
            return None
    return frozenset(keys)


def _params(node: ast.AST | None, n: int, assigned: dict[str, ast.Dict]
            ) -> list[frozenset[str] | None]:
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return [frozenset()] * n
    if isinstance(node, ast.IfExp) and n == 2:
        return _params(node.body, 1, assigned) + _params(node.orelse, 1, assigned)
    return [_dict_keys(node, assigned)] * n


class _Visitor(ast.NodeVisitor):
    def __init__(self, path: str, out: Sites) -> None:
        self.path = path
        self.out = out
        self.assigned: list[dict[str, ast.Dict]] = [{}]

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        assigned = {t.id: stmt.value for stmt in ast.walk(node) if isinstance(stmt, ast.Assign)
                    and isinstance(stmt.value, ast.Dict)
                    for t in stmt.targets if isinstance(t, ast.Name)}
        self.assigned.append(assigned)
        self.generic_visit(node)
        self.assigned.pop()

    def visit_Call(self, node: ast.Call) -> None:
        keywords = {k.arg: k.value for k in node.keywords if k.arg}
        callee = _callee(node)
        if "code" in keywords:
            codes = _strings(keywords["code"])
            params = _params(keywords.get("params"), len(codes), self.assigned[-1])
            extra = HELPER_PARAMS.get(callee, set())
            params = [None if p is None else p | extra for p in params]
            forward = "" if codes else ast.unparse(keywords["code"])
            self.out.sites.append(Site(self.path, node.lineno, callee, codes, params, forward))
        elif callee == "RuleViolation":
            self.out.missing.append(f"{self.path}:{node.lineno}")
        self.generic_visit(node)


@cache
def engine_sites() -> Sites:
    out = Sites()
    for path in sorted(ENGINE.rglob("*.py")):
        _Visitor(str(path.relative_to(ENGINE)), out).visit(ast.parse(path.read_text("utf-8")))
    return out


def engine_codes() -> dict[str, set[frozenset[str]]]:
    """Every code the engine can raise -> the param-name sets its sites give it (one set, when
    the code keeps its promise)."""
    codes: dict[str, set[frozenset[str]]] = {}
    for site in engine_sites().sites:
        for code, params in zip(site.codes, site.params, strict=True):
            found = codes.setdefault(code, set())
            if params is not None:
                found.add(params)
    return codes
