"""``python -m playboss.schoko simulate|play|replay|tournament``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from ..common.errors import RuleViolation
from .actions import Action
from .bots import BOTS
from .config import GameConfig
from .gamelog import GameLog, InvariantBroken, ReplayError, replay
from .invariants import check
from .legal import legal_actions, waiting_for
from .render import render
from .simulate import play_game
from .state import BANK, GameState
from .views import view

TEAMS = ("Red", "Green", "Blue", "Yellow")


def _config(args: argparse.Namespace, seed: int) -> GameConfig:
    teams = tuple(TEAMS[: args.teams])
    return GameConfig(teams=teams, months=args.months, seed=seed,
                      bank_chooses_steps=False, hidden_cocoa=args.hidden_cocoa)


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError("a number of actions is 0 or more")
    return value


def _bots(spec: str, teams: int) -> list[str]:
    names = spec.split(",")
    for n in names:
        if n not in BOTS and n != "human":
            raise SystemExit(f"unknown bot {n!r} (choose from {', '.join(BOTS)}, human)")
    return [names[i % len(names)] for i in range(teams)]


def _summary(state: GameState) -> dict[str, Any]:
    return {"month": state.month, "results": state.results}


def cmd_simulate(args: argparse.Namespace) -> int:
    for g in range(args.games):
        config = _config(args, args.seed + g)
        log, state = play_game(config, _bots(args.bots, args.teams),
                               check=check if args.check else None)
        print(json.dumps({"seed": config.seed, "actions": len(log.entries),
                          **_summary(state)}))
    return 0


def share_wins(results: list[dict[str, Any]], by_team: dict[str, str],
               wins: dict[str, Fraction], shared: dict[str, int]) -> None:
    """Credit one game's win: the k teams at rank 1 (equal worth shares a rank) get 1/k each,
    to the bot that played them; ``shared`` counts the games a bot won only in a tie."""
    first = [row["team"] for row in results if row["rank"] == 1]
    for team in first:
        bot = by_team[team]
        wins[bot] = wins.get(bot, Fraction(0)) + Fraction(1, len(first))
        if len(first) > 1:
            shared[bot] = shared.get(bot, 0) + 1


def cmd_tournament(args: argparse.Namespace) -> int:
    bots = _bots(args.bots, args.teams)
    wins: dict[str, Fraction] = {}
    shared: dict[str, int] = {}
    richer: dict[str, list[int]] = {}
    for g in range(args.games):
        config = _config(args, args.seed + g)
        seats = bots[g % len(bots):] + bots[:g % len(bots)]  # bots move round the seats
        _, state = play_game(config, seats)
        by_team = dict(zip(config.teams, seats, strict=True))
        share_wins(state.results, by_team, wins, shared)
        for row in state.results:
            tally = richer.setdefault(by_team[row["team"]], [0, 0])
            tally[0] += row["worth"] > config.capital
            tally[1] += 1
    print(json.dumps({"games": args.games,
                      "wins": {b: int(w) if w.denominator == 1 else round(float(w), 3)
                               for b, w in wins.items()},
                      "shared_wins": shared,
                      "richer_than_start": {b: round(r / n, 3) for b, (r, n) in
                                            richer.items()}}))
    return 0


def _ask_human(state: GameState, actor: str) -> Action:
    actions = legal_actions(state, actor)
    print(json.dumps(view(state, actor), ensure_ascii=False)[:2000])
    for i, a in enumerate(actions):
        print(f"  {i}: {json.dumps(a.to_dict(), ensure_ascii=False)}")
    while True:
        line = input(f"{actor}> ").strip()
        if line.isdigit() and int(line) < len(actions):
            return actions[int(line)]
        print("type the number of a move")


def cmd_play(args: argparse.Namespace) -> int:
    config = _config(args, args.seed)
    bots = _bots(args.bots, args.teams)
    players = {team: BOTS[b](config.seed + i) if b != "human" else None
               for i, (team, b) in enumerate(zip(config.teams, bots, strict=True))}
    banker = BOTS["careful"](0)
    log, state = GameLog.start(config)
    while state.phase != "ended":
        actor = waiting_for(state)[0]
        bot = banker if actor == BANK else players[actor]
        action = _ask_human(state, actor) if bot is None else bot.choose(state, actor)[0]
        try:
            events = log.apply(state, action)
        except RuleViolation as refusal:
            print(f"refused: {refusal}")
            continue
        if not args.quiet:
            for e in events:
                if e["audience"] == "all":
                    print(render(e))
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(log.dumps())
    print(json.dumps(_summary(state)))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    log = GameLog.load(args.log)

    def tell(index: int, event: dict[str, Any]) -> None:
        if args.events:
            print(f"{index:5} {render(event)}")

    try:
        state = replay(log, at=args.at, on_event=tell, check=check)
    except ReplayError as error:
        print(json.dumps({"error": error.violation.code, "index": error.index,
                          "message": error.violation.message}))
        return 1
    except InvariantBroken as broken:
        print(json.dumps({"error": "invariant_broken", "index": broken.index,
                          "message": broken.message}))
        return 3
    print(json.dumps(view(state, BANK) if args.full else _summary(state),
                     ensure_ascii=False))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m playboss.schoko",
                                     description="Schoko & Co.: bot games, logs, replays")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("simulate", "play", "tournament"):
        p = sub.add_parser(name)
        p.add_argument("--teams", type=int, default=4, choices=(2, 3, 4))
        p.add_argument("--months", type=int, default=8)
        p.add_argument("--seed", type=int, default=0)
        p.add_argument("--bots", default="careful",
                       help="comma-separated, by seat: careful, random (or human for play)")
        p.add_argument("--hidden-cocoa", action="store_true",
                       help='the variant "hidden cocoa purchases" (bluffs and calls)')
        if name != "play":
            p.add_argument("--games", type=int, default=10)
        if name == "simulate":
            p.add_argument("--check", action="store_true", help="invariants after every move")
        if name == "play":
            p.add_argument("--out", help="write the game log here")
            p.add_argument("--quiet", action="store_true")
    p = sub.add_parser("replay", description="Replay a game log (docs/schoko/game-log.md) "
                       "with the invariants checked after every action. Exit 0: replayed; "
                       "1: an action was refused (JSON with its code and 1-based index); "
                       "2: the file is not a readable log (message on stderr); "
                       "3: an invariant broke after an action (JSON with error "
                       "invariant_broken, the index and what broke).")
    p.add_argument("log", help="the log file (JSON)")
    p.add_argument("--at", type=_count, default=None,
                   help="stop after the first AT actions (0 or more)")
    p.add_argument("--events", action="store_true", help="print every public event")
    p.add_argument("--full", action="store_true", help="print the bank's whole view")
    args = parser.parse_args(argv)
    try:
        return {"simulate": cmd_simulate, "play": cmd_play, "replay": cmd_replay,
                "tournament": cmd_tournament}[args.command](args)
    except RuleViolation as refusal:
        print(f"error: {refusal}", file=sys.stderr)
        return 2
