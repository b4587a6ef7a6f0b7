"""Bots against each other: many games, the seats rotated, each bot's results with intervals.

    python -m playboss.rules tournament --bots sensible,greedy --games 100 --teams 6 --seed 1

In game ``g`` seat ``i`` is played by bot ``bots[(i + g) % len(bots)]``, so every bot sits in
every seat equally often (the first player is rolled for, but the seat decides the order after
it). A bot *wins* a game when it holds rank 1 of the final results (the goal of step 5 when it
is on). *Pairs won*: of every two teams of different bots in one game, the share in which this
bot's team ended with the better result (issue 21: the strong bot ranks above the sensible one
in most pairs). The 95 % intervals: Wilson's for the win rate, the share of teams in profit and
the pairs won (the pairs of one game are not independent: read it as a rough guide), the normal
approximation for the mean result.
"""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass, field

from .bots import BOTS
from .config import GameConfig
from .simulate import play_seated
from .statements import final_results

#: z for a two-sided 95 % interval.
Z95 = 1.959964


@dataclass
class BotRecord:
    """One bot's teams over a tournament."""

    bot: str
    results: list[int] = field(default_factory=list)
    wins: int = 0
    games: int = 0  # games in which the bot held at least one seat
    bankrupt: int = 0
    #: Head to head: pairs of teams of this bot and another in one game, and those in which
    #: this bot's team ended with the better result (a tie counts half to each).
    pairs: int = 0
    pairs_won: float = 0.0

    @property
    def teams(self) -> int:
        return len(self.results)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.results) if self.results else 0.0

    @property
    def median(self) -> float:
        return statistics.median(self.results) if self.results else 0.0

    def mean_interval(self) -> tuple[float, float]:
        if len(self.results) < 2:
            return (self.mean, self.mean)
        half = Z95 * statistics.stdev(self.results) / math.sqrt(len(self.results))
        return (self.mean - half, self.mean + half)

    @property
    def in_profit(self) -> int:
        return sum(1 for r in self.results if r > 0)


def wilson(successes: int, trials: int) -> tuple[float, float]:
    """Wilson's 95 % score interval for a proportion."""
    if trials == 0:
        return (0.0, 0.0)
    p = successes / trials
    denominator = 1 + Z95 ** 2 / trials
    centre = (p + Z95 ** 2 / (2 * trials)) / denominator
    half = Z95 * math.sqrt(p * (1 - p) / trials + Z95 ** 2 / (4 * trials ** 2)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def tournament(bots: list[str], games: int, teams: int, seed: int, years: int = 10,
               steps: frozenset[int] = frozenset(), checks: bool = False
               ) -> dict[str, BotRecord]:
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown bot(s): {', '.join(unknown)}; known: {', '.join(BOTS)}")
    records = {b: BotRecord(b) for b in bots}
    names = tuple(f"Team {i + 1}" for i in range(teams))
    for g in range(games):
        config = GameConfig(teams=names, seed=seed + g, years=years, steps=steps)
        kinds = {name: bots[(i + g) % len(bots)] for i, name in enumerate(names)}
        seats = {name: BOTS[kind](config.seed * 1_000 + i)
                 for i, (name, kind) in enumerate(kinds.items())}
        state, _ = play_seated(config, seats, checks)
        rows = final_results(state)
        for kind in set(kinds.values()):
            records[kind].games += 1
        for row in rows:
            record = records[kinds[str(row["team"])]]
            record.results.append(int(row["result"]))
            record.bankrupt += bool(row["bankrupt"])
            if row.get("rank") == 1:
                record.wins += 1
        count_pairs(records, kinds, rows)
    return records


def count_pairs(records: dict[str, BotRecord], kinds: dict[str, str],
                rows: list[dict[str, object]]) -> None:
    """Every two teams of different bots in one game: the better result wins the pair."""
    results = [(kinds[str(r["team"])], int(str(r["result"]))) for r in rows]
    for i, (bot_a, result_a) in enumerate(results):
        for bot_b, result_b in results[i + 1:]:
            if bot_a == bot_b:
                continue
            for bot, mine, theirs in ((bot_a, result_a, result_b), (bot_b, result_b, result_a)):
                records[bot].pairs += 1
                records[bot].pairs_won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0


def report(records: dict[str, BotRecord]) -> str:
    lines = [f"{'bot':10} {'teams':>6} {'win rate (95% CI)':>24} {'in profit (95% CI)':>24} "
             f"{'mean result (95% CI)':>30} {'median':>9} {'bankrupt':>9} "
             f"{'pairs won (95% CI)':>24}"]
    for r in records.values():
        win_low, win_high = wilson(r.wins, r.games)
        profit_low, profit_high = wilson(r.in_profit, r.teams)
        mean_low, mean_high = r.mean_interval()
        win = f"{r.wins / r.games if r.games else 0:.1%} ({win_low:.1%}-{win_high:.1%})"
        profit = f"{r.in_profit / r.teams if r.teams else 0:.1%} " \
                 f"({profit_low:.1%}-{profit_high:.1%})"
        mean = f"{r.mean:,.0f} ({mean_low:,.0f} to {mean_high:,.0f})"
        pair_low, pair_high = wilson(round(r.pairs_won), r.pairs)
        pairs = f"{r.pairs_won / r.pairs if r.pairs else 0:.1%} " \
                f"({pair_low:.1%}-{pair_high:.1%})"
        lines.append(f"{r.bot:10} {r.teams:6} {win:>24} {profit:>24} {mean:>30} "
                     f"{r.median:9,.0f} {r.bankrupt:9} {pairs:>24}")
    return "\n".join(lines)
