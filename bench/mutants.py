"""Mutants the suite must catch (issues 14 and 19): each is a small, plausible bug put into the
engine or into the site's words for the engine's figures.

    python bench/mutants.py                 # every mutant: caught, survived or not applied
    python bench/mutants.py --only interest_rounded_down
    python bench/mutants.py --list

A mutant is a regular expression and its replacement, applied to the source of the one function
it names, wherever in ``playboss/rules`` or ``classroom`` that function lives, while its module
is imported (an import hook: nothing on disk changes, so this runs safely beside other people's
work in the same checkout). For each mutant a fresh interpreter runs the mutant's tests with
the mutation in place; the mutant is *caught* when they fail. It is *not applied* when the
pattern matches nowhere or more than once: the engine's code moved or changed, and the pattern
must be brought up to date (that is a failure too — a mutant that silently stops applying
proves nothing). The unmutated tests must pass, or the check means nothing: that is run first.

``tests/test_mutants.py`` runs this in the suite. Exit status: 0 when every mutant is caught.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from types import CodeType, ModuleType

ROOT = Path(__file__).resolve().parent.parent
#: The packages a mutant may change, with their directories: the engine, and the site (whose
#: labels must say what the engine's quotes say, issue 19).
PACKAGES = {"playboss.rules": Path("playboss") / "rules", "classroom": Path("classroom")}
#: Exit status of a run whose mutation was not applied exactly once.
NOT_APPLIED = 3

INTEREST_TESTS = ("tests/rules/test_new_interest_liquidity_estate.py",)
TAKEOVER_TESTS = ("tests/steps/test_new_takeover_consolidation.py",)
LABEL_TESTS = ("tests/web/test_quote_labels.py", "tests/web/test_decisions.py")
CONSOLE_TESTS = ("tests/web/test_console_quotes.py",)
LINEAR_TESTS = (
    "tests/rules/test_quote.py::test_a_linear_moves_interpolated_values_are_its_quotes[0]",)
QUOTE_TESTS = ("tests/rules/test_quote.py::test_every_listed_value_is_quoted_as_apply_does_it[0]",
               "tests/rules/test_quote.py::test_a_quote_refuses_what_apply_refuses_and_changes_nothing")


@dataclass(frozen=True)
class Mutant:
    name: str
    what: str
    function: str  # the function whose body is mutated (``def <function>(``)
    pattern: str  # a regular expression within that function
    replacement: str
    tests: tuple[str, ...]


MUTANTS = (
    Mutant("interest_rounded_down", "interest rounded down instead of up",
           "", r"-\(\s*-\s*(?P<debt>[\w.]+\s*\*\s*INTEREST_PERCENT)\s*//\s*100\s*\)",
           r"\g<debt> // 100", INTEREST_TESTS),
    Mutant("liquidity_without_finished", "liquidity ignoring finished goods",
           "liquidity", r"\+\s*team\.finished\s*\*\s*REPURCHASE\[\"finished\"\]", "",
           INTEREST_TESTS),
    Mutant("lot_without_computer", "a bankrupt team's lot value ignoring computers",
           "lot_value", r"\+\s*team\.computers_owned\s*\*\s*REPURCHASE\[\"computer\"\]", "",
           INTEREST_TESTS),
    Mutant("takeover_restarts_delivery",
           "a takeover resetting machine delivery countdowns (a full delivery time again)",
           "_consolidate", r"(machine\.ready_at\s*=\s*buyer\.rolls\s*\+\s*)left\b",
           r"\g<1>2", TAKEOVER_TESTS),
    Mutant("takeover_delivers_at_once",
           "a takeover ending machine delivery countdowns (machines on order ready at once)",
           "_consolidate", r"(machine\.ready_at\s*=\s*buyer\.rolls)\s*\+\s*left\b",
           r"\g<1>", TAKEOVER_TESTS),
    Mutant("takeover_keeps_target_clock",
           "a takeover leaving delivery counted in the target's rolls",
           "_consolidate", r"machine\.ready_at\s*=\s*buyer\.rolls\s*\+\s*left\b",
           "machine.ready_at = machine.ready_at", TAKEOVER_TESTS),
    Mutant("takeover_leaves_lease", "a takeover leaving the leased computer with the target",
           "_consolidate",
           r"buyer\.lease_field\s*,\s*target\.lease_field\s*=\s*target\.lease_field\s*,\s*None",
           "target.lease_field = target.lease_field", TAKEOVER_TESTS),
    Mutant("takeover_drops_computer", "a takeover leaving the owned computer uncounted",
           "_consolidate",
           r"buyer\.computers_owned\s*\+=\s*target\.computers_owned",
           "buyer.computers_owned += 0", TAKEOVER_TESTS),
    Mutant("takeover_leaves_bank_debt", "a takeover leaving the bank debt with the target",
           "_consolidate", r"buyer\.bank_debt\s*\+=\s*target\.bank_debt",
           "buyer.bank_debt += 0", TAKEOVER_TESTS),
    Mutant("takeover_leaves_private_debt", "a takeover leaving the target's private debts",
           "_take_over_loans", r"loan\.borrower\s*=\s*buyer\.name",
           "loan.borrower = loan.borrower", TAKEOVER_TESTS),
    # The site's words for the engine's quotes (issue 19): the label mutants that survived
    # every in-process web test before the figures came from quotes.
    Mutant("half_price_label_full_price", "a half-price sale labelled at the full price",
           "_cost_choice", r"(units, revenue = -q\.goods\.get\(\"finished\", 0\), )_earned\(q\)",
           r"\g<1>2 * _earned(q)", LABEL_TESTS),
    Mutant("idle_costs_without_machines", "idle costs shown for a team without machines",
           "_cost_choice", r"\"cost\": m\(idle\[\"cost\"\]\)",
           '"cost": m(idle["each"] * max(1, idle["machines"]))', LABEL_TESTS),
    Mutant("repay_label_debt_plus_amount", "the repay-credit label showing debt plus amount",
           "_credit_texts", r"debt % \{\"debt\": m\(q\.bank_debt\)\}",
           'debt % {"debt": m(q.bank_debt_before + a)}', LABEL_TESTS),
    Mutant("strike_at_lockout_rate", "a strike priced at the lockout rate",
           "view", r"idle_terms\(state, state\.teams\[name\], \"strike\"\)",
           'idle_terms(state, state.teams[name], "lockout")', LABEL_TESTS),
    Mutant("strike_board_reads_lockout",
           "the labour board reading a strike's figures as a lockout's",
           "labour_board", r"row = idle\(name, \"strike\"\)", 'row = idle(name, "lockout")',
           LABEL_TESTS),
    Mutant("machine_label_without_credit", "a machine bought on credit labelled at its cash part",
           "_price_on_credit", r"return _spent\(q\) \+ q\.debt_change", "return _spent(q)",
           LABEL_TESTS),
    Mutant("purchase_cash_after_added", "a purchase's cash after adding the cost",
           "bought", r"self\.cash - cost", "self.cash + cost", LABEL_TESTS),
    Mutant("quote_shares_the_market", "a quote's copy sharing the market with the state",
           "quote_copy", r"new\.market = list\(state\.market\)", "new.market = state.market",
           QUOTE_TESTS),
    Mutant("console_auction_total_is_price",
           "closing the auction labelled with the price a unit as the lot's total",
           "_bank_close_auction", r"\"total\": m\(won\[\"cost\"\]\)",
           '"total": m(won["price"])', CONSOLE_TESTS),
    Mutant("console_estate_buyer_is_bank", "closing the estate auction naming the wrong taker",
           "_bank_close_estate", r"if sold\[\"team\"\] != BANK:", 'if sold["team"] == BANK:',
           CONSOLE_TESTS),
    Mutant("linear_value_off_by_a_step",
           "a linear move's interpolated values drawn one step along the line",
           "_on_a_line", r"cash, debt, \*goods = at\(value\)",
           "cash, debt, *goods = at(value + step)", LINEAR_TESTS),
    Mutant("purchase_declared_linear", "a purchase declared linear in its units",
           "", r"LINEAR = frozenset\(\{", 'LINEAR = frozenset({"purchase", ',
           ("tests/rules/test_quote.py::test_linear_names_moves_and_purchase_is_not_one",)),
    Mutant("quote_memo_ignores_moves", "the screens' quotes kept across moves of one state",
           "_memo_of", r"key = \(id\(state\), state\.seq, len\(state\.ledger\.entries\)\)",
           "key = (id(state), 0, 0)", ("tests/web/test_quote_memo.py",)),
    Mutant("bid_holders_without_seller",
           "an underbid naming the other offers but not the first supplier's",
           "_point_holders", r"out\.insert\(0, data\[\"seller\"\]\)", "pass",
           ("tests/web/test_decisions.py::test_an_underbid_says_its_price_and_whom_it_undercuts",)),
    Mutant("hire_answer_bill_one_salary",
           "accepting a hiring offer labelled with one salary as the whole bill",
           "_hire_answer", r"\"bill\": m\(n \* salary\)", '"bill": m(salary)',
           ("tests/web/test_decisions.py::test_hiring_offers_name_workers_and_salary",)),
)
BY_NAME = {m.name: m for m in MUTANTS}


# ------------------------------------------------------------------ applying a mutation
def _function_span(source: str, function: str) -> tuple[int, int] | None:
    """Where ``def function(`` and its body lie in ``source`` (to the next line indented no
    deeper than the ``def``), or None."""
    found = re.search(rf"^(?P<indent>[ \t]*)def {re.escape(function)}\(", source, re.M)
    if found is None:
        return None
    indent = len(found.group("indent"))
    body = source.find("\n", found.end()) + 1 or len(source)
    end = len(source)
    for line in re.finditer(r"^([ \t]*)\S.*$", source[body:], re.M):
        if len(line.group(1)) <= indent and not line.group(0).lstrip().startswith(")"):
            end = body + line.start()
            break
    return found.start(), end


def mutate(source: str, mutant: Mutant) -> tuple[str, int]:
    """``source`` with the mutation applied, and how many places it changed."""
    start, end = 0, len(source)
    if mutant.function:
        span = _function_span(source, mutant.function)
        if span is None:
            return source, 0
        start, end = span
    body, count = re.subn(mutant.pattern, mutant.replacement, source[start:end])
    return source[:start] + body + source[end:], count


def matches_on_disk(mutant: Mutant) -> list[str]:
    """The files the mutant would change (it must be exactly one, once)."""
    hits = []
    paths = [p for folder in PACKAGES.values() for p in sorted((ROOT / folder).rglob("*.py"))]
    for path in paths:
        _, count = mutate(path.read_text(encoding="utf-8"), mutant)
        hits += [str(path.relative_to(ROOT))] * count
    return hits


class _MutatedLoader(importlib.machinery.SourceFileLoader):
    def __init__(self, fullname: str, path: str, source: str) -> None:
        super().__init__(fullname, path)
        self.mutated = source

    def get_source(self, fullname: str) -> str:
        return self.mutated

    def get_code(self, fullname: str) -> CodeType:
        # Never the cached bytecode: that is the unmutated module.
        return compile(self.mutated, self.path, "exec", dont_inherit=True)


class _MutatingFinder(importlib.abc.MetaPathFinder):
    """Finds the engine's modules as usual and hands the one holding the mutant's function
    to a loader that compiles the mutated source."""

    def __init__(self, mutant: Mutant) -> None:
        self.mutant = mutant
        self.applied: list[str] = []

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if not any(fullname.startswith(p + ".") for p in PACKAGES) or path is None:
            return None
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or not spec.origin or not spec.origin.endswith(".py"):
            return None
        source = Path(spec.origin).read_text(encoding="utf-8")
        mutated, count = mutate(source, self.mutant)
        if not count:
            return None
        self.applied += [fullname] * count
        return importlib.util.spec_from_file_location(
            fullname, spec.origin, loader=_MutatedLoader(fullname, spec.origin, mutated))


def run_mutated(name: str, pytest_args: list[str]) -> int:
    """In this interpreter: install the mutant, run pytest, say whether it was applied."""
    sys.path.insert(0, str(ROOT))  # this checkout's engine, as ``python -m pytest`` finds it
    import pytest

    finder = _MutatingFinder(BY_NAME[name])
    sys.meta_path.insert(0, finder)
    status = int(pytest.main(pytest_args))
    if len(finder.applied) != 1:
        print(f"mutant {name} applied {len(finder.applied)} times ({finder.applied}), "
              "not once", file=sys.stderr)
        return NOT_APPLIED
    return status


# ------------------------------------------------------------------ the whole check
def _pytest_args(tests: Sequence[str]) -> list[str]:
    return [*tests, "-x", "-q", "-p", "no:cacheprovider", "-p", "no:randomly"]


def _run(args: list[str]) -> tuple[int, float, str]:
    began = time.perf_counter()
    done = subprocess.run([sys.executable, *args], cwd=ROOT, capture_output=True, text=True,
                          env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"}, check=False)
    return done.returncode, time.perf_counter() - began, done.stdout + done.stderr


def check(mutants: Sequence[Mutant]) -> list[dict[str, object]]:
    """Each mutant's verdict: ``caught``, ``survived``, ``not applied`` or ``error``."""
    results: list[dict[str, object]] = []
    tests = sorted({t for m in mutants for t in m.tests})
    status, seconds, output = _run(["-m", "pytest", *_pytest_args(tests)])
    if status != 0:
        raise SystemExit(f"the unmutated tests fail; fix them first:\n{output[-3000:]}")
    for mutant in mutants:
        hits = matches_on_disk(mutant)
        if len(hits) != 1:
            results.append({"mutant": mutant.name, "verdict": "not applied", "where": hits,
                            "what": mutant.what})
            continue
        status, seconds, output = _run([__file__, "--apply", mutant.name, "--",
                                        *_pytest_args(mutant.tests)])
        verdict = {0: "survived", 1: "caught", NOT_APPLIED: "not applied"}.get(status, "error")
        row: dict[str, object] = {"mutant": mutant.name, "verdict": verdict, "where": hits[0],
                                  "what": mutant.what, "seconds": round(seconds, 1)}
        if verdict == "caught":
            failed = re.findall(r"^FAILED (\S+)", output, re.M)
            row["caught_by"] = failed[0] if failed else "?"
        elif verdict != "survived":
            row["output"] = output[-2000:]
        results.append(row)
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(BY_NAME),
                        help="check only this mutant (repeatable)")
    parser.add_argument("--list", action="store_true", help="list the mutants and exit")
    parser.add_argument("--json", action="store_true", help="print the verdicts as JSON")
    parser.add_argument("--apply", choices=sorted(BY_NAME), help=argparse.SUPPRESS)
    parser.add_argument("pytest_args", nargs="*", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.apply:
        return run_mutated(args.apply, args.pytest_args)
    if args.list:
        for mutant in MUTANTS:
            print(f"{mutant.name:30} {mutant.what}")
        return 0
    chosen = [BY_NAME[n] for n in args.only] if args.only else list(MUTANTS)
    results = check(chosen)
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        for row in results:
            print(f"{row['verdict']:12} {row['mutant']:30} {row.get('caught_by', '')}"
                  f"{'' if row['verdict'] == 'caught' else row.get('output', row['where'])}")
    return 0 if all(row["verdict"] == "caught" for row in results) else 1


if __name__ == "__main__":
    sys.exit(main())
