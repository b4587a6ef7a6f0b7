"""The rules a game plays by are composed from its config (issue 14): ``rulebook.PARTS``, one
``RulePart`` each, ``rules_for(config)``; nothing registers itself at import."""

from __future__ import annotations

import ast
import copy
import pickle
import subprocess
import sys
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import actions, red_field, rulebook
from playboss.rules.bots import GreedyBot
from playboss.rules.cli import final_state
from playboss.rules.config import GameConfig
from playboss.rules.engine import apply, new_game
from playboss.rules.legal import to_move
from playboss.rules.ruleset import RulePart, compose
from playboss.rules.snapshot import state_from_dict, state_to_dict
from playboss.rules.state import GameState
from playboss.rules.steps import takeover
from playboss.rules.steps.free_market import offer
from playboss.rules.steps.free_market.part import PART as FREE_MARKET
from playboss.rules.steps.labor import fresh_goods
from playboss.rules.steps.labor.part import PART as LABOR_MARKET

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "playboss" / "rules"
TEAMS = ("Red", "Blue", "Green")


def _config(steps: set[int], seed: int = 5) -> GameConfig:
    return GameConfig(teams=TEAMS, seed=seed, years=2, steps=frozenset(steps))


def _play(states: list[GameState], moves: int) -> list[list[Any]]:
    """Greedy bots (and one for step 6's worker representative) play the games in turns, one
    move each; every game's events."""
    bots = [{name: GreedyBot(i * 10 + k) for k, name in enumerate((*TEAMS, "workers"))}
            for i in range(len(states))]
    events: list[list[Any]] = [[] for _ in states]
    for _ in range(moves):
        for i, state in enumerate(states):
            if state.phase == "ended":
                continue
            actor = to_move(state)
            events[i].extend(apply(state, bots[i][actor].choose(state, actor)))
    return events


def test_games_with_different_steps_live_side_by_side() -> None:
    """A game with steps 1 and 6 and a game with none, moved in turns in one process, play
    exactly as each plays alone: neither game's rules reach the other."""
    alone = [_play([new_game(_config(steps))], 400) for steps in ({1, 6}, set())]
    both = [new_game(_config({1, 6})), new_game(_config(set()))]
    together = _play(both, 400)
    assert together == [alone[0][0], alone[1][0]]
    assert any(e["type"] == "offer_sale" for e in together[0])  # step 1 was played...
    assert not any(e["type"] == "offer_sale" for e in together[1])  # ... and only there
    assert both[0].rules is not both[1].rules


def test_the_rule_set_is_composed_from_the_config() -> None:
    """The parts in force are those the config switches on, in ``PARTS`` order; a step's
    wrapper wraps the handler of the parts before it."""
    base = rulebook.rules_for(_config(set()))
    one_and_six = rulebook.rules_for(_config({6, 1}))
    assert base.part_names() == [rulebook.BASE.name, rulebook.PARTS[1].name]
    assert one_and_six.parts == (rulebook.BASE, rulebook.PARTS[1], FREE_MARKET, LABOR_MARKET,
                                 takeover.PART)  # buying a business comes with step 6
    assert base.handlers[actions.Sell] is red_field.sell  # no step: the base model's sale
    sale = one_and_six.handlers[actions.Sell]  # step 6's, over step 1's, over the base model's
    assert isinstance(sale, partial) and sale.func is fresh_goods.sell
    assert sale.keywords["base"].func is offer.sell
    assert sale.keywords["base"].keywords["base"] is red_field.sell
    assert not base.bot_hints and not base.sale_limits and not base.turn_choice_filters
    assert one_and_six.viewers.keys() == {"workers"}
    # The vocabulary is every part's: step 6's moves are known (and refused by step 6's own
    # handler) in a game without it.
    assert base.handlers.keys() == one_and_six.handlers.keys()
    assert rulebook.rules_for(_config({1, 6}, seed=9)) is one_and_six  # cached


def test_a_state_keeps_its_rules_through_copies_snapshots_and_pickles() -> None:
    """Clones, deep copies, snapshots and pickles of a state play by the same rule set."""
    state = new_game(_config({1, 6}))
    _play([state], 30)
    for other in (state.clone(), copy.deepcopy(state), pickle.loads(pickle.dumps(state)),
                  state_from_dict(state_to_dict(state))):
        assert other.rules is state.rules
        assert final_state(other) == final_state(state)


def test_composing_refuses_what_it_cannot_order() -> None:
    """A move with two handlers, a wrapper of a move nobody handles and a kind of pending
    item claimed twice are mistakes in ``PARTS``, refused when the rule set is composed."""
    def noop(*args: Any, **kwargs: Any) -> None:
        return None

    cases = [
        RulePart("twice", handlers={actions.Roll: noop}),
        RulePart("wraps nothing", wraps={type("Nothing", (actions.Action,), {}): noop}),
        RulePart("claims estate", auto={"estate": lambda turn, team, item: True}),
        RulePart("no such point", hooks={"lunch": (noop,)}),
    ]
    for part in cases:
        with pytest.raises(ValueError):
            compose((*rulebook.PARTS, part), (True,) * (len(rulebook.PARTS) + 1))


def _imported_modules(tree: ast.Module) -> set[str]:
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.update(a.asname or a.name for a in node.names)
    return names


def _changes_to_imported(tree: ast.Module) -> list[str]:
    """Module-level statements that change something another module holds: an assignment to
    ``other.NAME``/``other.NAME[...]``, or ``other.NAME.append(...)``, ``.add``, ``.update``,
    ``.extend``, ``.insert``, ``.setdefault``."""
    imported = _imported_modules(tree)

    def root(node: ast.AST) -> str | None:
        while isinstance(node, (ast.Attribute, ast.Subscript)):
            node = node.value
        return node.id if isinstance(node, ast.Name) else None

    found = []
    for node in tree.body:
        targets: list[ast.AST] = []
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            assigned = node.targets if isinstance(node, ast.Assign) else [node.target]
            targets = [t for t in assigned if isinstance(t, (ast.Attribute, ast.Subscript))]
        elif isinstance(node, ast.Expr) and isinstance(node.value, ast.Call):
            func = node.value.func
            if isinstance(func, ast.Attribute) and func.attr in (
                    "append", "add", "update", "extend", "insert", "setdefault"):
                targets = [func.value]
        elif isinstance(node, ast.For):
            found.append(f"line {node.lineno}: a loop at import")
        for target in targets:
            if root(target) in imported:
                found.append(f"line {node.lineno}: {ast.unparse(node)[:80]}")
    return found


def test_no_module_changes_another_at_import() -> None:
    """Importing a module of the engine changes no other module: no registry is filled, no
    function replaced, no loop run at import (the detector itself is checked first)."""
    bad = ast.parse("from . import engine as E\nE.HANDLERS[A] = f\nimport legal\n"
                    "legal.WAITING.append(g)\nfor c in (A, B):\n    register(c)\n")
    assert len(_changes_to_imported(bad)) == 3
    found = {}
    for path in sorted(RULES.rglob("*.py")):
        problems = _changes_to_imported(ast.parse(path.read_text()))
        if problems:
            found[str(path.relative_to(ROOT))] = problems
    assert not found, found


def test_the_engine_loads_no_site_wiring() -> None:
    """``import playboss.rules`` in a fresh interpreter loads no module of the site: of
    ``playboss`` only the (empty) package itself and the engines' shared base
    (``playboss.common``), and no Django, Celery, Channels or Redis."""
    code = (
        "import sys, playboss.rules\n"
        "site = sorted(m for m in sys.modules if m.split('.')[0] == 'playboss'"
        " and m != 'playboss' and not m.startswith(('playboss.rules', 'playboss.common')))\n"
        "libraries = sorted(m for m in sys.modules if m.split('.')[0] in"
        " ('django', 'celery', 'channels', 'channels_redis', 'kombu', 'redis', 'daphne'))\n"
        "assert not site and not libraries, (site, libraries)\n"
    )
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
