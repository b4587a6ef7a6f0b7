"""``python -m playboss.rules``: replay a game log, play bot games, print a transcript."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .bots import BOTS
from .config import ALL_STEPS, GameConfig
from .errors import RuleViolation
from .event_text import plain
from .gamelog import GameLog, ReplayError, replay
from .invariants import check
from .simulate import play_game, simulate
from .state import BANK, GameState
from .statements import balance_sheet, final_results
from .steps.taxation import tax_books
from .tournament import report as tournament_report
from .tournament import tournament


def final_state(state: GameState) -> dict[str, Any]:
    """The state as ``replay`` prints it (documented in docs/game-log.md)."""
    teams = {}
    for team in state.teams.values():
        machines = [state.machines[m] for m in team.machines]
        teams[team.name] = {
            "cash": team.cash,
            "machines": {"single": sum(1 for m in machines if not m.double),
                         "double": sum(1 for m in machines if m.double)},
            "machine_ids": sorted(team.machines),
            "computers": {"owned": team.computers_owned,
                          "leased": 1 if team.lease_field is not None else 0},
            "raw": team.raw,
            "finished": team.finished,
            "web": team.web,
            "bank_debt": team.bank_debt,
            "private_debt": sum(ln.amount for ln in state.loans.values()
                                if ln.borrower == team.name),
            "loans_given": sum(ln.amount for ln in state.loans.values()
                               if ln.lender == team.name),
            "position": team.position,
            "year": team.years,
            "rolls": team.rolls,
            "advertising": team.advertising,
            "sales_total": team.sales_total,
            "bankrupt": team.bankrupt and team.sold_to is None,
            "sold_to": team.sold_to,
            "balance_sheet": balance_sheet(state, team.name).to_dict(),
        }
    head = state.pending[0] if state.pending else None
    out: dict[str, Any] = {
        "seq": state.seq,
        "phase": state.phase,
        "current": state.current,
        "waiting_for": head.kind if head else ("roll" if state.phase != "ended" else None),
        "time_called": state.time_called,
        "rounds": state.rounds,
        "market": list(state.market),
        "bank": {"machines": state.machines_in_bank(), "computers": state.computers_in_bank(),
                 "web_chips": state.web_bank},
        "deals": {str(d.id): {"proposer": d.proposer, "partner": d.partner, "give": d.give,
                              "take": d.take} for d in state.deals.values()},
        "loans": {str(ln.id): {"lender": ln.lender, "borrower": ln.borrower,
                               "amount": ln.amount} for ln in state.loans.values()},
        "teams": teams,
    }
    if 4 in state.config.steps:
        for name, row in teams.items():
            row["tax"] = tax_books(state.teams[name])
    steps: dict[str, Any] = {}
    for extra in state.rules.views:  # what each expansion step shows the bank
        steps.update(extra(state, BANK))
    if steps:
        out["steps"] = steps
    if state.phase == "ended":
        out["results"] = final_results(state)
    return out


def _count(text: str) -> int:
    """A number of actions: a whole number, 0 or more (argparse exits with 2 otherwise)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"{value} actions: give 0 or more")
    return value


def parse_steps(text: str) -> frozenset[int]:
    if text in ("", "none"):
        return frozenset()
    if text == "all":
        return ALL_STEPS
    return frozenset(int(s) for s in text.split(","))


def cmd_replay(args: argparse.Namespace) -> int:
    try:
        log = GameLog.load(args.log)
    except (OSError, RuleViolation) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2

    def show(index: int, event: dict[str, Any]) -> None:
        if args.events:
            print(f"{index:5} {plain(event)}", file=sys.stderr)

    try:
        state = replay(log, args.at, on_event=show, check=check if args.check else None)
    except ReplayError as err:
        print(json.dumps(final_state(err.state), indent=2))
        print(f"error: action {err.index} refused: {err.violation}", file=sys.stderr)
        return 1
    print(json.dumps(final_state(state), indent=2))
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    report = simulate(args.games, args.teams, args.seed, args.years, parse_steps(args.steps),
                      args.bot, checks=not args.no_check)
    print(f"{report.games} games, {report.actions} actions, {report.seconds:.2f} s: "
          f"{report.games_per_second:.1f} games/s, {report.actions_per_second:,.0f} actions/s, "
          f"{report.bankruptcies} bankruptcies; invariants "
          f"{'checked after every action' if not args.no_check else 'not checked'}")
    return 0


def cmd_tournament(args: argparse.Namespace) -> int:
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    try:
        records = tournament(bots, args.games, args.teams, args.seed, args.years,
                             parse_steps(args.steps), checks=args.check)
    except ValueError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    print(tournament_report(records))
    return 0


def cmd_play(args: argparse.Namespace) -> int:
    """One bot game written out as a game log."""
    names = tuple(f"Team {i + 1}" for i in range(args.teams))
    config = GameConfig(teams=names, seed=args.seed, years=args.years,
                        steps=parse_steps(args.steps))
    _, log = play_game(config, args.bot, checks=True, log=True)
    assert log is not None
    text = log.dumps()
    if args.out:
        with open(args.out, "w", encoding="utf-8") as fh:
            fh.write(text)
    else:
        print(text)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playboss.rules",
                                     description="The Playboss rules engine.")
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a game log and print the final state as JSON")
    p.add_argument("log")
    p.add_argument("--at", type=_count, default=None, help="stop after N actions (N >= 0)")
    p.add_argument("--events", action="store_true", help="print each event to stderr")
    p.add_argument("--check", action="store_true", help="check invariants after every action")
    p.set_defaults(func=cmd_replay)
    s = sub.add_parser("simulate", help="bots play games to the end")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--teams", type=int, default=6)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--years", type=int, default=10)
    s.add_argument("--steps", default="", help="expansion steps: 1,3,6 or all")
    s.add_argument("--bot", choices=tuple(BOTS), default="sensible",
                   help="who plays every seat (random: the fuzzing bot)")
    s.add_argument("--no-check", action="store_true", help="skip the invariant checks")
    s.set_defaults(func=cmd_simulate)
    t = sub.add_parser("tournament", help="bots against each other, seats rotated")
    t.add_argument("--bots", default="sensible,greedy", help="comma-separated: " + ",".join(BOTS))
    t.add_argument("--games", type=int, default=100)
    t.add_argument("--teams", type=int, default=6)
    t.add_argument("--seed", type=int, default=1)
    t.add_argument("--years", type=int, default=10)
    t.add_argument("--steps", default="", help="expansion steps: 1,3,6 or all")
    t.add_argument("--check", action="store_true", help="check invariants after every action")
    t.set_defaults(func=cmd_tournament)
    g = sub.add_parser("play", help="one bot game, written as a game log")
    g.add_argument("--teams", type=int, default=4)
    g.add_argument("--seed", type=int, default=1)
    g.add_argument("--years", type=int, default=3)
    g.add_argument("--steps", default="")
    g.add_argument("--bot", choices=tuple(BOTS), default="greedy")
    g.add_argument("--out", default=None)
    g.set_defaults(func=cmd_play)
    args = parser.parse_args(argv)
    try:
        return int(args.func(args))
    except RuleViolation as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
