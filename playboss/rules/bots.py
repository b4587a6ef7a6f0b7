"""Players that choose among the legal moves: a random one and a greedier one.

Bots draw from a generator of their own, seeded, so a simulation is repeatable and the game's
generator (dice, cards) is untouched by how the bots think.
"""

from __future__ import annotations

from collections.abc import Callable

from . import actions as A
from .chance import Chance
from .constants import WEB_ADVERTISING
from .legal import Choice, legal_choices, turn_choices
from .state import GameState, Team

#: Any-time moves that bring cash in: what a team uses when a payment is due.
RAISING = (A.TakeCredit, A.SellBack)
#: Expansion steps add moves a greedy team makes before its usual play (step 6: hire a worker
#: for each machine): ``hint(state, team, choices) -> action, or None to play on as usual``.
#: ``choices`` is the team's legal moves, or None when the bot has not listed them: a hint
#: then lists what it needs itself, and only when it needs it (most of the time it decides
#: from the state that it has nothing to say), so the greedy bot never lists every legal move
#: just to ask its hints. Like every step's code, a hint changes nothing in a game without
#: its step; in a game with no step on, hints are not asked at all.
GREEDY_HINTS: list[Callable[[GameState, Team, list[Choice] | None], A.Action | None]] = []


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Chance(seed)

    def choose(self, state: GameState, actor: str) -> A.Action:
        choices = legal_choices(state, actor)
        team = state.teams.get(actor)
        if team is None:  # the bank or the worker representative: any move it may make
            moves = [c for c in choices if not c.any_time] or choices
            return self.pick(moves[self.rng.below(len(moves))], actor)
        turn = [c for c in choices if not c.any_time]
        if not turn:  # a payment is due: raise the cash
            return self.raise_cash(state, team, choices)
        return self.decide(state, team, choices, turn)

    def decide(self, state: GameState, team: Team, choices: list[Choice],
               turn: list[Choice]) -> A.Action:
        raise NotImplementedError

    def pick(self, choice: Choice, actor: str) -> A.Action:
        return choice.pick(actor, self.rng.below(choice.size()))

    def raise_cash(self, state: GameState, team: Team, choices: list[Choice]) -> A.Action:
        for cls, item in ((A.TakeCredit, None), (A.SellBack, "finished"), (A.SellBack, "raw"),
                          (A.SellBack, "computer"), (A.SellBack, "machine")):
            for c in choices:
                if c.cls is cls and (item is None or c.fixed.get("item") == item):
                    return c.pick(team.name, c.size() - 1)  # the largest amount on offer
        raise RuntimeError(f"{team.name} owes money and cannot raise any")


class RandomBot(Bot):
    """Uniform over the kinds of move, then over the move's parameter. Mostly plays the turn;
    now and then uses an any-time move."""

    name = "random"

    def choose(self, state: GameState, actor: str) -> A.Action:
        """As ``Bot.choose``, but when the team surely has an any-time move to draw from,
        the any-time moves (a dozen choices, with the steps' moves) are listed only in the one
        draw of ten that picks one: the same draws, in the same order, pick the same move.

        "Surely": it holds raw material or finished product, owns a computer, can repay bank
        debt, or can start an advertising campaign — each lists an any-time move of the base
        model whatever else holds (a ``SellBack``, ``RepayCredit`` or ``Advertise``, all
        marked ``any_time``, none a ``RepayPrivate``). Otherwise every move is listed first."""
        team = state.teams.get(actor)
        if (team is None or team.bankrupt or state.phase == "ended"
                or not (team.raw or team.finished or team.computers_owned
                        or (team.bank_debt and team.cash)
                        or (team.web >= WEB_ADVERTISING and not team.advertising))):
            return super().choose(state, actor)
        turn = [c for c in turn_choices(state, team) if not c.any_time]
        if not turn:  # a payment is due: raise the cash
            return self.raise_cash(state, team, legal_choices(state, actor))
        if self.rng.below(10) == 0:
            extra = [c for c in legal_choices(state, actor)
                     if c.any_time and c.cls not in (A.RepayPrivate,)]
            return self.pick(extra[self.rng.below(len(extra))], team.name)
        return self.pick(turn[self.rng.below(len(turn))], team.name)

    def decide(self, state: GameState, team: Team, choices: list[Choice],
               turn: list[Choice]) -> A.Action:
        extra = [c for c in choices if c.any_time and c.cls not in (A.RepayPrivate,)]
        if extra and self.rng.below(10) == 0:
            return self.pick(extra[self.rng.below(len(extra))], team.name)
        return self.pick(turn[self.rng.below(len(turn))], team.name)


class GreedyBot(Bot):
    """Plays like a sensible student: produce at capacity, sell when it holds stock, invest
    while it can afford to, buy raw material for its machines, keep two WEB for insurance."""

    name = "greedy"

    def choose(self, state: GameState, actor: str) -> A.Action:
        """As ``Bot.choose``, but the any-time moves (a dozen choices to build on every call)
        are listed only when the decision needs them: a payment due, credit to repay; a step's
        hint lists its own when it needs them. Any-time choices are all marked ``any_time`` (a
        property test checks), so the moves of the turn are the same either way."""
        team = state.teams.get(actor)
        if team is None or team.bankrupt or state.phase == "ended":
            return super().choose(state, actor)
        turn = [c for c in turn_choices(state, team) if not c.any_time]
        if not turn:  # a payment is due: raise the cash
            return self.raise_cash(state, team, legal_choices(state, actor))
        return self.decide(state, team, None, turn)

    def decide(self, state: GameState, team: Team, choices: list[Choice] | None,
               turn: list[Choice]) -> A.Action:
        """``choices``: all legal moves, or None to have them listed here if needed."""
        by_cls: dict[type, list[Choice]] = {}
        for c in turn:
            by_cls.setdefault(c.cls, []).append(c)
        name = team.name
        if state.config.steps:
            for hint in GREEDY_HINTS:
                move = hint(state, team, choices)
                if move is not None:
                    return move

        def largest(cls: type) -> A.Action | None:
            options = by_cls.get(cls)
            return options[0].pick(name, options[0].size() - 1) if options else None

        if A.Roll in by_cls:
            return self.pick(by_cls[A.Roll][0], name)
        if team.bank_debt and team.cash > 25_000:
            if choices is None:
                choices = legal_choices(state, name)
            repay = [c for c in choices if c.cls is A.RepayCredit]
            if repay:
                return repay[0].pick(name, repay[0].size() - 1)
        for cls in (A.Produce, A.Sell):
            move = largest(cls)
            if move is not None and (cls is A.Produce or team.finished >= 2):
                return move
        invest = by_cls.get(A.Invest)
        if invest and len(team.machines) < 4 and team.cash >= 12_000:
            return invest[0].pick(name, 0)
        buy = by_cls.get(A.Purchase)
        if buy and team.raw < 2 * max(1, len(team.machines)):
            want = min(buy[0].size(), 2 * max(1, len(team.machines)) - team.raw)
            return buy[0].pick(name, want - 1)
        if A.BuyWeb in by_cls and team.web < 2 and team.cash > 3_000:
            return A.BuyWeb(name)
        for c in turn:
            if c.cls is A.CostChoice and c.fixed["option"] == "web" and team.web > 2:
                return c.pick(name, 0)
        for c in turn:
            if c.cls is A.WriteOff and c.fixed["option"] == "web":
                return c.pick(name, 0)
        for c in turn:
            if c.cls is A.RenewLease and c.fixed["renew"] and team.web >= 4:
                return c.pick(name, 0)
        return self.pick(turn[0], name)


BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot}
