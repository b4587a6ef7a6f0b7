"""The strong bot: looks ahead with the engine itself (issue 12, the strongest level).

For a decision that matters (the red field's amounts, WEB chips on the green field, the yellow
and white fields, a computer lease, the expansion steps' decisions) it takes a handful of
candidate moves - the sensible bot's own choice and a few sensible alternatives, never every
amount - and plays each forward in sampled futures: a copy of the state, the candidate
applied, then every team played by the sensible bot until this team has rolled
``Budget.horizon_rolls`` more times (or the game ends). A future is scored by this team's
profit on the balance sheet less the mean of the other teams' (bankruptcy costs
``BANKRUPT_PENALTY`` on top), and the candidate with the best mean wins. Trivial decisions
(a roll, a payment due, a single legal move) are the sensible bot's.

**It never peeks** (information-set Monte-Carlo). Before each future it *determinizes* the
copy: everything a team cannot see (``views.py``) is replaced by what the bot can know -

* the game's generator (future dice, the free market's draws) is re-seeded from the bot's own
  generator;
* the risk deck is sorted and shuffled from the bot's generator (the bot does not track which
  cards went under the deck: it knows a little less than a team could, never more);
* the other teams' cash and bank debt, which only they and the bank see, are set to this
  team's own (teams start alike; the guess is the bot's, not the game's);
* deals, private loans' terms and takeover offers between other teams, and their personal
  goals (step 5), are dropped or blanked.

Each decision draws its futures' seeds from the bot's generator whatever the state, so two
states that differ only in hidden things give the same decision, and a seed gives the same
game. Every candidate is played in the same futures (common random numbers), so the
comparison is between moves, not between lucky and unlucky dice. The engine has no clock: the
budget is a fixed number of futures and rolls, chosen so a decision takes well under a second
(``bench/bench_playout.py``, docs/benchmarks.md "Bots").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .. import actions
from ..chance import Chance
from ..constants import FINAL_VALUE, WEB_INSURANCE, WEB_PRICE
from ..engine import apply
from ..errors import RuleViolation
from ..legal import Choice, to_move, turn_choices
from ..market import purchase_zones
from ..red_field import production_cost
from ..state import BANK, GameState, Team
from ..statements import balance_sheet
from .base import Bot
from .random_bot import RandomBot
from .reasons import Reason
from .sensible import SensibleBot

#: Lost on top of the balance sheet when a future ends in bankruptcy: out of the game is worse
#: than any loss on the books.
BANKRUPT_PENALTY = 100_000
#: A future that runs this many actions without reaching its horizon is cut there (a bot
#: game's whole year is under 200 actions with four teams).
MAX_PLAYOUT_ACTIONS = 2_000
#: Pending items whose decision is the sensible bot's without looking ahead.
TRIVIAL_HEADS = frozenset({"pay", "risk", "close_year"})

# The reason the look-ahead gives when it plays another move than the sensible bot is
# "lookahead" in ``reasons.REASON_CODES`` (the futures it played per move and the mean gain).


@dataclass(frozen=True)
class Budget:
    """How hard the bot thinks: futures per candidate, how far each runs, how many moves it
    compares. The defaults decide in about 0.2 s on the benchmark machine."""

    playouts: int = 8
    horizon_rolls: int = 8
    candidates: int = 6
    #: The sensible move stands unless another beats it by this many Marks on average ...
    least_gain: int = 500
    #: ... and by this many standard errors of the paired differences (the same futures).
    confidence: float = 2.0


def pick_best(scores: list[list[float]], budget: Budget) -> int:
    """The candidate to play: the best mean of the paired gains over the sensible move
    (candidate 0) if that gain is clear - large and well beyond the futures' noise - else the
    sensible move. A short horizon cannot see everything a careful rule guards against
    (insurance, a machine's later years), so the look-ahead overrules it only when sure."""
    base = scores[0]
    best, best_gain = 0, 0.0
    for index, row in enumerate(scores[1:], start=1):
        gains = [a - b for a, b in zip(row, base, strict=True)]
        mean = sum(gains) / len(gains)
        spread = (sum((g - mean) ** 2 for g in gains) / max(1, len(gains) - 1)) ** 0.5
        noise = budget.confidence * spread / len(gains) ** 0.5
        if mean > max(budget.least_gain, noise) and mean > best_gain:
            best, best_gain = index, mean
    return best


#: A budget for tests: the same code paths, a fraction of the work.
SMALL_BUDGET = Budget(playouts=2, horizon_rolls=3, candidates=3)


@dataclass
class Lookahead:
    """What the last look-ahead compared (for ``explain`` and the benchmark)."""

    moves: list[actions.Action] = field(default_factory=list)
    means: list[float] = field(default_factory=list)
    playouts: int = 0
    chosen: int = 0
    sensible: int = 0


class StrongBot(Bot):
    name = "strong"

    def __init__(self, seed: int = 0, budget: Budget | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget()
        #: The move the look-ahead starts from, and the bot that plays the trivial moves.
        self.sensible = SensibleBot(seed)
        self.last: Lookahead | None = None

    # -- deciding ----------------------------------------------------------------------

    def choose(self, state: GameState, actor: str) -> actions.Action:
        self.last = None
        baseline = self.sensible.choose(state, actor)
        team = state.teams.get(actor)
        if team is None or team.bankrupt or state.phase != "turn":
            return baseline
        candidates = self.candidates(state, team, baseline)
        if len(candidates) < 2:
            return baseline
        seeds = [self.rng.next64() for _ in range(self.budget.playouts)]
        scores = [[self.playout(state, team.name, move, seed) for seed in seeds]
                  for move in candidates]
        best = pick_best(scores, self.budget)
        self.last = Lookahead(candidates, [sum(s) / len(s) for s in scores], len(seeds), best,
                              0)
        return candidates[best]

    def explain(self, state: GameState, actor: str) -> tuple[actions.Action, Reason]:
        """The move ``choose`` makes and why: the sensible bot's reason when the look-ahead
        kept its move, else what the look-ahead compared."""
        action = self.choose(state, actor)
        look = self.last
        if look is None or look.chosen == look.sensible:
            from .reasons import reason_for

            return action, reason_for(self.sensible, state, actor, action)
        gain = round(look.means[look.chosen] - look.means[look.sensible])
        return action, Reason("lookahead", {"playouts": look.playouts, "gain": gain})

    # -- the moves compared --------------------------------------------------------------

    def candidates(self, state: GameState, team: Team,
                   baseline: actions.Action) -> list[actions.Action]:
        """The sensible move first, then a few alternatives of the decision in front of the
        team; empty when the decision is trivial."""
        if not state.pending:
            return []  # before the roll: nothing to weigh
        head = state.pending[0].kind
        if head in TRIVIAL_HEADS:
            return []
        if isinstance(baseline, actions.BuyWeb) and team.web < WEB_INSURANCE:
            return []  # the insurance: the same reason as the first machine's (below)
        if isinstance(baseline, actions.Invest) and not team.machines:
            # The first machine is the plan's backbone (a factory without one earns nothing,
            # and the machine keeps its value): a horizon of a few rolls sees its credit's
            # interest but not its years of output, so it is never weighed away.
            return []
        turn = [c for c in turn_choices(state, team) if not c.any_time]
        if sum(c.size() for c in turn) < 2:
            return []
        if head == "red":
            alternatives = self.red_alternatives(state, team, turn)
        else:
            alternatives = spread(turn, team.name)
        moves: list[actions.Action] = [baseline]
        plain = self.sensible.decide(state, team, None, turn)  # without any-time moves
        for move in (plain, *alternatives):
            if move not in moves and not self.drains_cash(state, team, move) \
                    and not self.gives_up_insurance(team, move):
                moves.append(move)
            if len(moves) >= self.budget.candidates:
                break
        return moves

    def gives_up_insurance(self, team: Team, move: actions.Action) -> bool:
        """Paying the yellow field with a WEB chip that insures the machines: fire and the
        like (one card in 30 a risk field, a machine lost) are too rare for a few sampled
        futures to see, so the insurance the sensible bot keeps is kept."""
        return isinstance(move, actions.CostChoice) and move.option == "web" \
            and team.web <= WEB_INSURANCE and bool(team.machines)

    def drains_cash(self, state: GameState, team: Team, move: actions.Action) -> bool:
        """A purchase or production that leaves a team with machines less cash than the
        sensible bot's base reserve: the next bill would cost a machine sold back at half its
        value, which a few sampled futures rarely show (measured: the strong bot went
        bankrupt where the sensible bot did not)."""
        if not team.machines:
            return False
        if isinstance(move, actions.Purchase):
            cost = sum(state.config.zone_prices[z] for z in purchase_zones(state.market,
                                                                           move.units))
        elif isinstance(move, actions.Produce):
            cost = move.units * production_cost(team)
        else:
            return False
        return team.cash - cost < self.sensible.style.reserve_base

    def red_alternatives(self, state: GameState, team: Team,
                         turn: list[Choice]) -> Iterable[actions.Action]:
        """Pass, produce all it can, sell what the sensible bot would and everything, buy
        half, the same and twice the sensible batch, invest with the most credit."""
        name = team.name
        by_cls = {c.cls: c for c in turn}
        sensible = self.sensible
        sell = by_cls.get(actions.Sell)
        if sell is not None:
            late = sensible.years_left(state, team) < 0.5
            units = sensible.units_to_sell(state, team, late or team.cash < sensible.reserve(
                team))
            if units:
                yield actions.Sell(name, units=min(units, sell.values[-1]))
            yield actions.Sell(name, units=sell.values[-1])
        produce = by_cls.get(actions.Produce)
        if produce is not None:
            yield actions.Produce(name, units=produce.values[-1])
        buy = by_cls.get(actions.Purchase) if team.machines else None  # no raw without a machine
        if buy is not None:
            most = buy.values[-1]
            batch = sensible.units_to_buy(state, team, sensible.capacity(state, team), most)
            batch = batch or max(1, sensible.capacity(state, team)) * 2
            for units in (batch, 2 * batch, max(1, batch // 2)):
                yield actions.Purchase(name, units=min(units, most))
        invest = by_cls.get(actions.Invest)
        if invest is not None and team.web >= WEB_INSURANCE:  # a machine uninsured: never
            yield invest.pick(name, invest.size() - 1)
        yield actions.Pass(name)
        # A step's red-field moves (a free-market offer, marketing, ...): their extremes.
        yield from spread([c for c in turn if c.cls not in (
            actions.Sell, actions.Produce, actions.Purchase, actions.Invest, actions.Pass)], name)

    # -- the futures ---------------------------------------------------------------------

    def playout(self, state: GameState, name: str, move: actions.Action, seed: int) -> float:
        """One sampled future after ``move``: this team's profit less the others' mean."""
        world = determinize(state, name, seed)
        try:
            apply(world, move)
        except RuleViolation:
            return -float(BANKRUPT_PENALTY) * 10  # never chosen: the move is not legal
        team = world.teams[name]
        stop = team.rolls + self.budget.horizon_rolls
        players: dict[str, Bot] = {n: SensibleBot(seed + i) for i, n in enumerate(world.teams)}
        fallback = RandomBot(seed + 999)  # also the bank and the worker representative
        for _ in range(MAX_PLAYOUT_ACTIONS):
            if world.phase == "ended" or team.bankrupt or team.rolls >= stop:
                break
            actor = to_move(world)
            try:
                apply(world, players.get(actor, fallback).choose(world, actor))
            except RuleViolation:
                # The sensible bot knows a few of the steps' rules less well than the engine
                # (step 6's fresh goods): a move of the random bot's instead, or the future
                # ends here.
                try:
                    apply(world, fallback.choose(world, actor))
                except RuleViolation:
                    break
        return standing(world, name)


def spread(turn: list[Choice], name: str) -> Iterable[actions.Action]:
    """Each choice at its least, its most and its middle value."""
    for choice in turn:
        size = choice.size()
        for index in dict.fromkeys((0, size - 1, size // 2)):
            yield choice.pick(name, index)


def standing(state: GameState, name: str) -> float:
    """This team's worth less the mean of the other teams' (the ranking's measure);
    bankruptcy costs ``BANKRUPT_PENALTY`` more. Worth is the profit on the balance sheet,
    which values goods at what they fetch when the game ends; while the game goes on they are
    worth more (``going_concern``), or a short look-ahead would never buy raw material."""
    worth = {n: balance_sheet(state, n).profit + going_concern(state, t)
             for n, t in state.teams.items()}
    others = [w for n, w in worth.items() if n != name]
    score = worth[name] - (sum(others) / len(others) if others else 0.0)
    if state.teams[name].bankrupt:
        score -= BANKRUPT_PENALTY
    return score


#: What a unit is worth beyond its final value while the game goes on: raw material what it
#: costs in a cheap zone, a finished unit a little below the least the sensible bot sells
#: for, a WEB chip its price (up to the insurance and the spares a careful team keeps).
GOING_CONCERN = {"raw": 300, "finished": 4_000, "web": WEB_PRICE}
KEPT_WEB = 5


def going_concern(state: GameState, team: Team) -> int:
    if state.phase == "ended" or team.bankrupt or state.time_called:
        return 0
    return ((GOING_CONCERN["raw"] - FINAL_VALUE["raw"]) * team.raw
            + (GOING_CONCERN["finished"] - FINAL_VALUE["finished"]) * team.finished
            + GOING_CONCERN["web"] * min(team.web, KEPT_WEB))


def determinize(state: GameState, name: str, seed: int) -> GameState:
    """A copy of ``state`` in which everything ``name`` cannot see is drawn from ``seed`` or
    replaced by the team's own guess (module docstring)."""
    world = state.clone()
    chance = Chance(seed)
    world.rng = Chance(chance.next64())
    deck = sorted(world.deck)  # sorted first: the hidden order must not shape the shuffle
    chance.shuffle(deck)
    world.deck = deck
    me = world.teams[name]
    for other in world.teams.values():
        if other.name == name or other.bankrupt:
            continue
        for kind in ("cash", "bank_debt"):  # the books first: they are what the sheet reads
            guess = world.ledger.balance(kind, name)
            world.ledger.post(world.seq, kind, BANK, other.name,
                              guess - world.ledger.balance(kind, other.name), "guess")
        other.cash, other.bank_debt = me.cash, me.bank_debt
        other.step.pop("personal_goal", None)
    world.deals = {i: d for i, d in world.deals.items() if name in (d.proposer, d.partner)}
    for loan in world.loans.values():
        if name not in (loan.lender, loan.borrower):
            loan.terms = ""
    takeovers = world.step.get("takeovers")
    if takeovers:
        world.step["takeovers"] = {k: o for k, o in takeovers.items()
                                   if name in (o["buyer"], o["target"])}
    return world


__all__ = ["BANKRUPT_PENALTY", "SMALL_BUDGET", "Budget", "StrongBot", "determinize",
           "standing"]
