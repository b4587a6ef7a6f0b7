"""The invariants can fail: each check of ``check_invariants`` is shown a state broken in its
way, and names the fault (issue 14: before these tests no check's failing branch had ever run,
so a check that could never fire would have gone unnoticed).

The states are real positions: a base game with a machine, WEB chips and a private loan, and
the golden step games (``tests/golden``) replayed to a running bidding (step 1) and to a
strike with a lockout (step 6). Each case breaks one fact in place — the kind of drift between
table and ledger a bug in a rule would cause.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from playboss.rules import GameLog, GameState, check_invariants, replay

from .public_play import do, red_turn, start

GOLDEN = Path(__file__).parent.parent / "golden"


def _base() -> GameState:
    """Red owns a machine bought on credit and a WEB chip; Blue lent Red 2,000."""
    state = start()
    red_turn(state, "Red", "invest", credit=5_000)
    events = do(state, "Blue", "propose_deal", partner="Red", give={"loan": 2_000})
    do(state, "Red", "accept_deal", deal=next(e["deal"] for e in events
                                              if e["type"] == "deal_offered"))
    return state


def _replayed(case: str, move: str) -> GameState:
    """A golden game replayed to just after its first move of kind ``move``."""
    log = GameLog.load(GOLDEN / f"{case}.log.json")
    at = next(n for n, entry in enumerate(log.entries, 1) if entry["type"] == move)
    return replay(log, at=at)


def _red(state: GameState) -> Any:
    return state.teams["Red"]


def _limits(state: GameState, **limits: int) -> None:
    state.config = replace(state.config, limits=replace(state.config.limits, **limits))


def _bidding(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = state.step["free_market"]
    return data


def _labor(state: GameState) -> dict[str, Any]:
    data: dict[str, Any] = state.step["labor"]
    return data


BASE: dict[str, tuple[Callable[[GameState], None], str]] = {
    "a product appears": (lambda s: setattr(_red(s), "raw", _red(s).raw + 1),
                          "products in play"),
    "a zone overflows": (lambda s: s.market.__setitem__(0, -1), "market zones out of range"),
    "the market and its books differ": (lambda s: s.market.__setitem__(0, s.market[0] + 1),
                                        "units in the market"),
    "the box and its books differ": (lambda s: setattr(s, "box", s.box + 1),
                                     "products in the box"),
    "too many machines": (lambda s: _limits(s, machines=0), "machines out of 0"),
    "a machine leaves the hall": (lambda s: _red(s).machines.clear(), "machines in halls"),
    "a hall holds a stranger's machine": (
        lambda s: _red(s).machines.append(999), "not recorded as with it"),
    "computers below zero": (lambda s: setattr(s, "leased_computers", -1),
                             "computers out of"),
    "a lease without its computer": (lambda s: setattr(_red(s), "lease_field", 5),
                                     "1 leases, 0 leased computers"),
    "a WEB chip appears": (lambda s: setattr(s, "web_bank", s.web_bank + 1),
                           "WEB chips counted"),
    "the bank's WEB books differ": (lambda s: setattr(s, "web_bank", s.web_bank + 1),
                                    "ledger and bank disagree on WEB"),
    "negative cash": (lambda s: setattr(_red(s), "cash", -1), "Red has negative cash"),
    "cash off the books": (lambda s: setattr(_red(s), "cash", _red(s).cash + 1),
                           "Red: ledger cash"),
    "negative debt": (lambda s: setattr(_red(s), "bank_debt", -5_000),
                      "debt or capital out of range"),
}

BIDDING: dict[str, tuple[Callable[[GameState], None], str]] = {
    "its data lost": (lambda s: s.step.pop("free_market"), "without its data"),
    "another team's sale": (lambda s: _bidding(s).update(seller="Team 3"),
                            "bidding on Team 3's sale"),
    "more units than announced": (lambda s: _bidding(s).update(units=9), "bidding for 9 of"),
    "the seller bids against itself": (
        lambda s: _bidding(s)["offers"].update({"Team 2": {"units": 1, "price": 4_000}}),
        "bad offer of Team 2"),
    "an offer above the price": (
        lambda s: _bidding(s)["offers"].update({"Team 1": {"units": 1, "price": 9_000}}),
        "outside 1..announced price"),
    "the seller's price rises": (lambda s: _bidding(s).update(seller_price=9_000),
                                 "the first supplier's price rose"),
    "its red decision lost": (lambda s: s.pending.__delitem__(slice(1, None)),
                              "red decision is missing"),
}

LABOR: dict[str, tuple[Callable[[GameState], None], str]] = {
    "its books lost": (lambda s: s.step.pop("labor"), "books are missing"),
    "the fund off the books": (lambda s: _labor(s).update(cash=_labor(s)["cash"] + 1),
                               "worker representative: ledger cash"),
    "a negative fund": (lambda s: _labor(s).update(cash=-1), "has negative cash"),
    "a contract off the books": (
        lambda s: s.teams["Team 1"].step["labor"]["contracts"].append(
            dict(s.teams["Team 1"].step["labor"]["contracts"][0])),
        "Team 1: ledger workers"),
    "a bankrupt employer": (lambda s: setattr(s.teams["Team 1"], "bankrupt", True),
                            "bankrupt Team 1 still employs"),
    "negative workers": (lambda s: _labor(s).update(retired=-1), "negative worker counts"),
    "a worker appears": (lambda s: _labor(s).update(pool=_labor(s)["pool"] + 1),
                         "workers counted"),
    "retired workers off the books": (
        lambda s: _labor(s).update(retired=1, pool=_labor(s)["pool"] - 1),
        "disagree on the retired workers"),
    "unused workers after the first lap": (lambda s: _labor(s).update(first_lap_done=True),
                                           "unused workers left"),
    "a strike at a stranger": (lambda s: _labor(s)["strikes"].update({"Nobody": "called"}),
                               "not a team in the game"),
    "a lockout without a strike": (lambda s: _labor(s)["strikes"].clear(),
                                   "a lockout without a strike"),
}

CASES = ([(name, _base, *case) for name, case in BASE.items()]
         + [(name, lambda: _replayed("step1_free_market", "offer_sale"), *case)
            for name, case in BIDDING.items()]
         + [(name, lambda: _replayed("step6_labor", "declare_lockout"), *case)
            for name, case in LABOR.items()])


@pytest.mark.parametrize(("fault", "position", "break_it", "named"), CASES,
                         ids=[case[0] for case in CASES])
def test_each_invariant_names_its_fault(fault: str, position: Callable[[], GameState],
                                        break_it: Callable[[GameState], None],
                                        named: str) -> None:
    """Rulebook I, "Game Materials": the components are counted (20 machines, 8 computers, 30
    WEB chips, 40 products; step 6's 20 workers) and every team's books agree with its table -
    a position broken in one way is refused with that fault named."""
    state = position()
    check_invariants(state)  # the position itself is sound
    break_it(state)
    with pytest.raises(Exception, match="after action") as caught:
        check_invariants(state)
    assert named in str(caught.value), f"{fault}: {caught.value}"
