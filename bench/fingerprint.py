"""Fingerprint of the engine's behaviour: hashes that must not move when only speed changes.

    python bench/fingerprint.py                                  # print the hashes
    python bench/fingerprint.py --save bench/fingerprint.json    # record them
    python bench/fingerprint.py --compare bench/fingerprint.json # exit 1 on any difference
    python bench/fingerprint.py --games 20 --configs base,all    # a quicker partial run

For every configuration (the base model, each expansion step alone, all six; random and
greedy bots) it plays ``--games`` games (100 by default), the game log recorded:

* games 1-20: exactly the games of ``python -m playboss.rules simulate`` / the benchmark
  (6 teams, 10 years, seeds 1-20, the step set of the configuration);
* then bot games of 1-9 teams over 1-5 years with varied settings (entered dice, lease renewal
  at the start, market fill, first team, auction step, a bankrupt team's assets auctioned to
  the teams, goal variants, the uncovered-unit price of step 1, split duties of step 6);
* the last 30 %: the same varied settings, but besides the waited-on bot other actors act at
  any time — teams, the bank and the worker representative pick a random listed move, private
  deals and takeovers are offered and answered (refusals are hashed with their message).

Each configuration gets one hash per aspect, so a difference points at what changed:

``log``       every game log (``GameLog.dumps``) and the bots' generator states at the end;
``events``    every event of every action (type, text, data);
``ledger``    every ledger entry and every running balance, after every game;
``final``     ``cli.final_state``, the full snapshot (``snapshot.state_to_dict``: step data,
              pending items, generator) and every team's ``year_accounts`` at the end;
``choices``   at every 3rd action: ``waiting_for``, ``legal_choices`` of every actor (teams,
              bank, worker representative; with and without any-time moves),
              ``turn_choices`` and ``any_time_choices`` of every team still in the game;
``views``     at every 40th action: ``view`` for the bank, the public and the current team;
``invariants`` at a few points of every 4th game: ``invariants.problems`` on ~50 broken copies
              of the state (one fact broken each: cash, goods, machines, loans, the books,
              workers, troughs, auction, bidding and estate data ...) — the same problems must be
              found, with the same messages, in the same order;
``replay``    the final state of ``gamelog.replay`` of the JSON log (invariants checked), and
              snapshot/clone round trips at sampled points (asserted equal to the original).

Nothing here is timed. It takes a few minutes (two processes).
"""

from __future__ import annotations

import argparse
import copy
import hashlib
import json
import random
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playboss.rules import actions as A  # noqa: E402
from playboss.rules import cli, invariants  # noqa: E402
from playboss.rules.accounts import year_accounts  # noqa: E402
from playboss.rules.bots import BOTS, Bot, RandomBot  # noqa: E402
from playboss.rules.config import ALL_STEPS, GameConfig  # noqa: E402
from playboss.rules.deals import BUNDLE_KEYS  # noqa: E402
from playboss.rules.engine import apply  # noqa: E402
from playboss.rules.errors import RuleViolation  # noqa: E402
from playboss.rules.gamelog import GameLog, replay  # noqa: E402
from playboss.rules.ledger import KINDS  # noqa: E402
from playboss.rules.legal import (  # noqa: E402
    Choice,
    any_time_choices,
    asked,
    legal_choices,
    turn_choices,
    waiting_for,
)
from playboss.rules.snapshot import state_from_dict, state_to_dict  # noqa: E402
from playboss.rules.state import BANK, GameState, Loan  # noqa: E402
from playboss.rules.steps import takeover  # noqa: E402
from playboss.rules.views import PUBLIC, view  # noqa: E402

WORKERS = "workers"
ASPECTS = ("log", "events", "ledger", "final", "choices", "views", "invariants", "replay")
STEP_SETS: dict[str, frozenset[int]] = {
    "base": frozenset(), **{f"step{n}": frozenset({n}) for n in sorted(ALL_STEPS)},
    "all": ALL_STEPS,
}
CHOICE_EVERY = 3
#: Mixed games that stopped early: the waited-on bot found no move, or an invariant broke
#: (engine bugs that interference finds; reported, and part of the hash).
STUCK: list[str] = []
VIEW_EVERY = 40


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr, separators=(",", ":"))


class Hashes:
    def __init__(self) -> None:
        self.h = {a: hashlib.sha256() for a in ASPECTS}
        self.counts = dict.fromkeys(ASPECTS, 0)

    def add(self, aspect: str, value: Any) -> None:
        self.h[aspect].update(dump(value).encode())
        self.h[aspect].update(b"\n")
        self.counts[aspect] += 1

    def result(self) -> dict[str, str]:
        return {a: self.h[a].hexdigest()[:24] for a in ASPECTS}


# ====================================================================== configs
def game_config(steps: frozenset[int], index: int, games: int) -> GameConfig:
    """Game ``index`` (1-based) of a configuration."""
    if index <= 20:
        return GameConfig(teams=tuple(f"Team {i + 1}" for i in range(6)), seed=index, years=10,
                          steps=steps)
    seed = 1_000 + index
    teams = tuple(f"Team {i + 1}" for i in range(1 + index % 9))
    kwargs: dict[str, Any] = {
        "teams": teams, "seed": seed, "years": 1 + index % 5, "steps": steps,
        "market_fill": ("auto", "full", "half")[index % 3],
    }
    if index % 7 == 0:
        kwargs["dice"] = "entered"
    if index % 3 == 1:
        kwargs["lease_renewal"] = "start"
    if index % 4 == 2:
        kwargs["first_team"] = teams[-1]
    if index % 5 == 3:
        kwargs["auction_step"] = 100
    if index % 2 == 0:
        kwargs["bankruptcy_auction"] = "teams"  # a bankrupt team's assets auctioned to teams
    if 5 in steps:
        kwargs["goal"] = ("profit", "first_to_sales", "sales_then_profit", "sales_yield",
                          "asset_yield")[index % 5]
        kwargs["sales_target"] = (60_000, 20_000, 40_000)[index % 3]
    if 1 in steps and index % 2:
        kwargs["free_market_uncovered"] = "market_price"
        kwargs["free_market_round_limit"] = 3
    if 6 in steps and index % 3 == 0:
        kwargs["duties"] = teams[: 1 + len(teams) // 2]
    return GameConfig(**kwargs)


# ====================================================================== serialising
def choice_repr(c: Choice) -> list[Any]:
    return [c.cls.type, c.fixed, c.param, list(c.values), c.any_time]


def sample_choices(state: GameState, out: Hashes) -> None:
    rows: list[Any] = [waiting_for(state)]
    actors = [*state.teams, BANK]
    if 6 in state.config.steps:
        actors.append(WORKERS)
    for actor in actors:
        rows.append([actor, [choice_repr(c) for c in legal_choices(state, actor)],
                     [choice_repr(c) for c in legal_choices(state, actor, any_time=False)]])
        team = state.teams.get(actor)
        if team is not None and not team.bankrupt and state.phase != "ended":
            rows.append([[choice_repr(c) for c in turn_choices(state, team)],
                         [choice_repr(c) for c in any_time_choices(state, team)]])
    out.add("choices", rows)


def sample_views(state: GameState, out: Hashes) -> None:
    viewers = [BANK, PUBLIC]
    if state.current:
        viewers.append(state.current)
    out.add("views", [view(state, v) for v in viewers])


def ledger_repr(state: GameState) -> list[Any]:
    led = state.ledger
    return [[e.to_dict() for e in led.entries],
            sorted([list(k), v] for k, v in led.balances.items())]


def deep(state: GameState) -> GameState:
    """An independent copy made without the engine's own clone (which is under test)."""
    return copy.deepcopy(state)


# ====================================================================== broken states
def _teams(state: GameState) -> list[Any]:
    return list(state.teams.values())


def _pick_team(state: GameState, k: int) -> Any:
    teams = _teams(state)
    active = [t for t in teams if not t.bankrupt] or teams
    return active[k % len(active)]


def corruptions(state: GameState, k: int) -> list[tuple[str, Callable[[GameState], None]]]:
    """(name, function that breaks one fact of a copy); ``k`` varies the team picked."""
    out: list[tuple[str, Callable[[GameState], None]]] = []

    def team_attr(attr: str, delta: int) -> Callable[[GameState], None]:
        def f(s: GameState) -> None:
            t = _pick_team(s, k)
            setattr(t, attr, getattr(t, attr) + delta)
        return f

    for attr, delta in (("cash", 1), ("cash", -10**7), ("raw", 1), ("finished", -1),
                        ("web", 1), ("computers_owned", 1), ("bank_debt", 500),
                        ("bank_debt", -10**6), ("capital_received", 1),
                        ("capital_received", 10**6)):
        out.append((f"team.{attr}{delta:+}", team_attr(attr, delta)))

    def machine_ghost(s: GameState) -> None:
        _pick_team(s, k).machines.append(99)

    def machine_drop(s: GameState) -> None:
        t = _pick_team(s, k)
        if t.machines:
            t.machines.pop()

    def machine_owner(s: GameState) -> None:
        for m in s.machines.values():
            others = [n for n in s.teams if n != m.owner]
            if others:
                m.owner = others[k % len(others)]
            return

    def machine_holder(s: GameState) -> None:
        for m in s.machines.values():
            others = [n for n in s.teams if n != m.holder]
            if others:
                m.holder = others[k % len(others)]
            return

    def loan_amount(s: GameState) -> None:
        for ln in s.loans.values():
            ln.amount += 1
            return
        names = list(s.teams)
        s.loans[999] = Loan(999, names[0], names[-1], 100)

    def market(s: GameState) -> None:
        s.market[k % len(s.market)] += 1

    def market_negative(s: GameState) -> None:
        s.market[0] = -1

    def box(s: GameState) -> None:
        s.box += 1

    def web_bank(s: GameState) -> None:
        s.web_bank += 1

    def leased(s: GameState) -> None:
        s.leased_computers += 1

    def lease_field(s: GameState) -> None:
        t = _pick_team(s, k)
        t.lease_field = None if t.lease_field is not None else 3

    def web_elsewhere(s: GameState) -> None:
        s.step["web_elsewhere"] = s.step.get("web_elsewhere", 0) + 1

    def bankrupt(s: GameState) -> None:
        _pick_team(s, k).bankrupt = True

    out += [("machine_ghost", machine_ghost), ("machine_drop", machine_drop),
            ("machine_owner", machine_owner), ("machine_holder", machine_holder),
            ("loan_amount", loan_amount), ("market", market),
            ("market_negative", market_negative), ("box", box), ("web_bank", web_bank),
            ("leased", leased), ("lease_field", lease_field), ("web_elsewhere", web_elsewhere),
            ("bankrupt", bankrupt)]

    for kind in (*KINDS, "worker"):
        def post(s: GameState, kind: str = kind) -> None:
            s.ledger.post(s.seq, kind, _pick_team(s, k).name, BANK, 1, "broken")
        out.append((f"ledger.{kind}", post))

    def post_party(party: str, kind: str) -> Callable[[GameState], None]:
        def f(s: GameState) -> None:
            s.ledger.post(s.seq, kind, "supply", party, 1, "broken")
        return f

    for party, kind in (("market", "raw"), ("market", "finished"), ("box", "raw"),
                        (BANK, "web"), (WORKERS, "cash"), (WORKERS, "worker"),
                        ("retired", "worker"), ("marketing", "web")):
        out.append((f"ledger.{party}.{kind}", post_party(party, kind)))

    # step 6: the representative's books and the contracts
    def lab(key: str, value: Any) -> Callable[[GameState], None]:
        def f(s: GameState) -> None:
            books = s.step.get("labor")
            if books is not None:
                books[key] = value(books[key]) if callable(value) else value
        return f

    out += [("labor.cash", lab("cash", lambda v: v + 1)),
            ("labor.cash_negative", lab("cash", lambda v: -1)),
            ("labor.pool", lab("pool", lambda v: v - 1)),
            ("labor.unemployed", lab("unemployed", lambda v: v + 1)),
            ("labor.retired", lab("retired", lambda v: v + 1)),
            ("labor.first_lap", lab("first_lap_done", lambda v: not v)),
            ("labor.strikes", lab("strikes", lambda v: {**v, "Nobody": "called"})),
            ("labor.lockouts", lab("lockouts", lambda v: [*v, "Team 1"])),
            ("labor.offers", lab("offers", lambda v: {**v, "998": {
                "id": 998, "team": "Nobody", "by": WORKERS, "workers": 1, "salary": 500}}))]

    def labor_missing(s: GameState) -> None:
        s.step.pop("labor", None)

    def contract_add(s: GameState) -> None:
        t = _pick_team(s, k)
        if "labor" in t.step:
            t.step["labor"]["contracts"].append({"salary": 500, "notice": False,
                                                 "leaving": False})

    def contract_drop(s: GameState) -> None:
        for t in _teams(s):
            if t.step.get("labor", {}).get("contracts"):
                t.step["labor"]["contracts"].pop()
                return

    def bankrupt_staff(s: GameState) -> None:
        for t in _teams(s):
            if t.step.get("labor", {}).get("contracts"):
                t.bankrupt = True
                return

    out += [("labor.missing", labor_missing), ("contract_add", contract_add),
            ("contract_drop", contract_drop), ("bankrupt_staff", bankrupt_staff)]

    # step 3: troughs
    def troughs(value: Callable[[list[Any]], list[Any]]) -> Callable[[GameState], None]:
        def f(s: GameState) -> None:
            owners = s.step.get("marketing_troughs", [None, None, None])
            s.step["marketing_troughs"] = value(list(owners))
        return f

    out += [("troughs.short", troughs(lambda o: o[:-1])),
            ("troughs.stranger", troughs(lambda o: ["Nobody", *o[1:]])),
            ("troughs.empty", troughs(lambda o: [None] * len(o)))]

    # step 2: the auction
    def auction(f: Callable[[GameState, dict[str, Any]], None]) -> Callable[[GameState], None]:
        def g(s: GameState) -> None:
            data = s.step.get("auction")
            if data is None:
                s.step["auction"] = {"buyer": "Team 1", "zone": 0, "units": 0, "opening": 150,
                                     "bids": [["Team 1", 100]], "passed": []}
            else:
                f(s, data)
        return g

    out += [("auction.bids", auction(lambda s, d: d["bids"].append(["Team 1", 1]))),
            ("auction.units", auction(lambda s, d: d.update(units=0))),
            ("auction.unqueued", auction(lambda s, d: s.pending.clear()))]

    # step 1: the bidding
    def bidding(f: Callable[[GameState, dict[str, Any]], None]) -> Callable[[GameState], None]:
        def g(s: GameState) -> None:
            data = s.step.get("free_market")
            if data is not None and s.pending and s.pending[0].kind == "bidding":
                f(s, data)
        return g

    out += [("bidding.missing", bidding(lambda s, d: s.step.pop("free_market"))),
            ("bidding.seller", bidding(lambda s, d: d.update(seller="Nobody"))),
            ("bidding.units", bidding(lambda s, d: d.update(units=-1))),
            ("bidding.offer", bidding(lambda s, d: d["offers"].update(
                {d["seller"]: {"units": 0, "price": 10**6}}))),
            ("bidding.price", bidding(lambda s, d: d.update(seller_price=10**6))),
            ("bidding.red", bidding(lambda s, d: s.pending.__setitem__(
                slice(1, None), [p for p in s.pending[1:] if p.kind != "red"])))]

    # bankruptcy: the auction of a bankrupt team's assets
    def estate(f: Callable[[GameState, dict[str, Any]], None]) -> Callable[[GameState], None]:
        def g(s: GameState) -> None:
            data = s.step.get("estate")
            if data is None:
                s.step["estate"] = {"team": _pick_team(s, k).name, "due": 1, "reason": "x",
                                    "value": 1, "price": None, "bidder": None, "passed": []}
            else:
                f(s, data)
        return g

    out += [("estate.unqueued", estate(lambda s, d: s.pending.clear())),
            ("estate.solvent", estate(lambda s, d: setattr(s.teams[d["team"]], "bankrupt",
                                                           False)))]
    return out


def sample_invariants(state: GameState, k: int, out: Hashes) -> None:
    rows = []
    for name, breaker in corruptions(state, k):
        broken = deep(state)
        breaker(broken)
        try:
            found = invariants.problems(broken)
        except Exception as exc:  # a crash is a finding too, and must stay the same
            found = [f"raised {type(exc).__name__}: {exc}"]
        rows.append([name, found])
    out.add("invariants", rows)


# ====================================================================== playing
def random_deal(state: GameState, rng: random.Random) -> A.Action | None:
    active = [t for t in state.teams.values() if not t.bankrupt]
    if len(active) < 2:
        return None
    giver, partner = rng.sample(active, 2)

    def bundle(team: Any, other: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for key in rng.sample(BUNDLE_KEYS, rng.randint(0, 2)):
            if key in ("cash", "loan") and team.cash:
                out[key] = rng.randint(1, team.cash)
            elif key == "raw" and team.raw:
                out[key] = rng.randint(1, team.raw)
            elif key == "finished" and team.finished:
                out[key] = rng.randint(1, team.finished)
            elif key == "computers" and team.computers_owned:
                out[key] = 1
            elif key in ("machines", "lease"):
                ids = list(team.machines)
                if ids:
                    out[key] = rng.sample(ids, 1)
        return out

    give, take = bundle(giver, partner), bundle(partner, giver)
    if not give and not take:
        give = {"cash": rng.randint(0, max(giver.cash, 1))}
    return A.ProposeDeal(giver.name, partner=partner.name, give=give, take=take, terms="fp")


def interference(state: GameState, rng: random.Random) -> A.Action | None:
    """A move by someone the game does not wait on, or None to let the waited-on bot play."""
    r = rng.random()
    if r < 0.03:
        return random_deal(state, rng)
    if r < 0.06 and state.deals:
        deal = rng.choice(list(state.deals.values()))
        answers = [c for c in legal_choices(state, deal.partner)
                   if c.cls.type in ("accept_deal", "reject_deal")
                   and c.fixed.get("deal") == deal.id]
        if answers:
            return rng.choice(answers).pick(deal.partner, 0)
        return None
    if r < 0.075 and takeover.allowed(state):
        active = [t.name for t in state.teams.values() if not t.bankrupt]
        if len(active) >= 2:
            buyer, target = rng.sample(active, 2)
            return takeover.OfferTakeover(buyer, target=target,
                                          price=rng.choice([0, 1_000, 20_000]), terms="fp")
    if r < 0.09 and takeover.offers(state):
        oid, offer = rng.choice(sorted(takeover.offers(state).items()))
        if rng.random() < 0.6:
            return takeover.AcceptTakeover(offer["target"], offer=int(oid))
        return takeover.RejectTakeover(offer["buyer"], offer=int(oid))
    if r < 0.16:
        actors = [*state.teams, BANK]
        if 6 in state.config.steps:
            actors += [WORKERS] * 3
        actor = rng.choice(actors)
        choices = [c for c in legal_choices(state, actor)
                   if c.any_time or actor in (BANK, WORKERS)]
        choices = [c for c in choices if c.cls is not A.CallTime or rng.random() < 0.02]
        if choices:
            choice = rng.choice(choices)
            return choice.pick(actor, rng.randrange(choice.size()))
    return None


def stopped(out: Hashes, config: GameConfig, bot: str, index: int, state: GameState,
            why: str, text: str) -> None:
    """A game that cannot go on (the engine's problem, not the fingerprint's): noted in the
    hash and in the report, and the game is cut there."""
    out.add("events", [why, state.seq, text])
    STUCK.append(f"{'+'.join(map(str, sorted(config.steps))) or 'base'} {bot} game {index} "
                 f"(seed {config.seed}, {len(config.teams)} teams) at action {state.seq}: "
                 f"{why}: {text}")


def play(config: GameConfig, bot: str, mixed: bool, index: int, out: Hashes,
         invariant_points: int) -> tuple[int, int]:
    """One game; returns (actions, bankruptcies)."""
    log, state = GameLog.start(config)
    config = log.config
    bots: dict[str, Bot] = {name: BOTS[bot](config.seed * 1_000 + seat)
                            for seat, name in enumerate(config.teams)}
    rng = random.Random(index * 7_919 + len(config.steps))
    marks_at = {max(1, 50 + 137 * i) for i in range(invariant_points)}
    checks_done = 0
    heads_seen: set[str] = set()  # with invariant points: also the first time of each head
    while state.phase != "ended":
        if state.seq >= 200_000:
            raise RuntimeError(f"game {index} did not end")
        if state.seq % CHOICE_EVERY == 0:
            sample_choices(state, out)
        if state.seq % VIEW_EVERY == 0:
            sample_views(state, out)
        head = state.pending[0].kind if state.pending else ""
        clone = None
        if invariant_points and (head not in heads_seen or state.seq in marks_at):
            heads_seen.add(head)
            sample_invariants(state, index + checks_done, out)
            checks_done += 1
            clone = state.clone()
            assert state_to_dict(clone) == state_to_dict(state), "clone differs"
            again = state_from_dict(json.loads(json.dumps(state_to_dict(state))))
            assert state_to_dict(again) == state_to_dict(state), "snapshot differs"
            out.add("replay", ["clone", state.seq])
        action = interference(state, rng) if mixed else None
        if action is None:
            waiting = asked(state) + waiting_for(state)  # ``legal.to_move``, checked
            try:
                if not waiting:
                    raise RuntimeError("the game waits on nobody but has not ended")
                actor = waiting[0]
                if actor not in bots:
                    bots[actor] = RandomBot(config.seed * 1_000 + 999)
                action = bots[actor].choose(state, actor)
            except RuntimeError as stuck:  # an engine or bot problem: reported, hashed
                stopped(out, config, bot, index, state, "stuck", str(stuck))
                break
        try:
            events = apply(state, action)
        except RuleViolation as refused:
            if not mixed:
                raise
            out.add("events", ["refused", action.to_dict(), refused.message, refused.rule])
            continue
        if clone is not None:  # the clone plays on exactly like the original
            assert apply(clone, action) == events, "clone plays differently"
            assert state_to_dict(clone) == state_to_dict(state), "clone differs after a move"
        log.record(action, state)
        out.add("events", events)
        try:
            invariants.check(state)
        except invariants.InvariantBroken as broken:  # an engine problem: reported, hashed
            stopped(out, config, bot, index, state, "broken", str(broken))
            break
    out.add("log", log.dumps())
    out.add("log", sorted([n, b.rng.state] for n, b in bots.items()))
    out.add("ledger", ledger_repr(state))
    out.add("final", cli.final_state(state))
    out.add("final", state_to_dict(state))
    out.add("final", {t: [dict(vars_of(y)) for y in year_accounts(state, t)]
                      for t in state.teams})
    again = replay(GameLog.from_dict(json.loads(log.dumps())),
                   check=None if state.phase != "ended" else invariants.check)
    out.add("replay", cli.final_state(again))
    out.add("replay", ledger_repr(again))
    return state.seq, sum(1 for t in state.teams.values() if t.bankrupt)


def vars_of(obj: Any) -> dict[str, Any]:
    to_dict = getattr(obj, "to_dict", None)
    if to_dict is not None:
        return dict(to_dict())
    return {name: getattr(obj, name) for name in getattr(obj, "__dataclass_fields__", {})}


def run_config(args: tuple[str, str, int]) -> tuple[str, dict[str, Any]]:
    steps_name, bot, games = args
    steps = STEP_SETS[steps_name]
    STUCK.clear()
    out = Hashes()
    began = time.perf_counter()
    actions = bankruptcies = 0
    mixed_from = games - games * 3 // 10
    for index in range(1, games + 1):
        config = game_config(steps, index, games)
        mixed = index > mixed_from
        n, b = play(config, bot, mixed, index, out, 3 if index % 4 == 0 else 0)
        actions += n
        bankruptcies += b
    result: dict[str, Any] = out.result()
    result["actions"] = actions
    result["bankruptcies"] = bankruptcies
    result["samples"] = dict(out.counts)
    result["seconds"] = round(time.perf_counter() - began, 1)
    result["stuck"] = list(STUCK)
    return f"{steps_name}/{bot}", result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--configs", default=",".join(STEP_SETS),
                        help="comma-separated: " + ",".join(STEP_SETS))
    parser.add_argument("--bots", default="random,greedy")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--save", default=None)
    parser.add_argument("--compare", default=None)
    args = parser.parse_args(argv)
    work = [(s, b, args.games) for s in args.configs.split(",") for b in args.bots.split(",")]
    began = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = dict(pool.map(run_config, work))
    total = hashlib.sha256(dump({k: {a: v[a] for a in ASPECTS} for k, v in
                                 sorted(results.items())}).encode()).hexdigest()[:24]
    for key, res in results.items():
        print(f"{key:14} {res['actions']:>8} actions  "
              + " ".join(f"{a}={res[a][:10]}" for a in ASPECTS) + f"  ({res['seconds']} s)")
    for res in results.values():
        for line in res["stuck"]:
            print(f"  stopped early: {line}")
    print(f"total {total}  ({time.perf_counter() - began:.0f} s, {args.games} games per "
          "configuration)")
    record = {"games": args.games, "total": total, "configs": results}
    if args.save:
        Path(args.save).write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
    if args.compare:
        ref = json.loads(Path(args.compare).read_text())
        bad = []
        for key, res in results.items():
            want = ref["configs"].get(key)
            if want is None:
                bad.append(f"{key}: not in {args.compare}")
                continue
            for aspect in (*ASPECTS, "actions", "bankruptcies", "samples"):
                if res[aspect] != want[aspect]:
                    bad.append(f"{key}: {aspect} differs ({res[aspect]} != {want[aspect]})")
        if bad:
            print("DIFFERENT:\n  " + "\n  ".join(bad))
            return 1
        print(f"identical to {args.compare}: {len(results)} configurations, every aspect")
    return 0


if __name__ == "__main__":
    sys.exit(main())
