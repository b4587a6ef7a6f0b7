"""The greedy bot: produce at capacity, sell, invest while it can afford to."""

from __future__ import annotations

from ..actions import (
    Action,
    BuyWeb,
    CostChoice,
    Invest,
    Produce,
    Purchase,
    RenewLease,
    RepayCredit,
    Roll,
    Sell,
    WriteOff,
)
from ..legal import Choice, legal_choices, turn_choices
from ..state import GameState, Team
from .base import Bot


class GreedyBot(Bot):
    """Plays like a sensible student: produce at capacity, sell when it holds stock, invest
    while it can afford to, buy raw material for its machines, keep two WEB for insurance."""

    name = "greedy"

    def choose(self, state: GameState, actor: str) -> Action:
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
               turn: list[Choice]) -> Action:
        """``choices``: all legal moves, or None to have them listed here if needed."""
        by_cls: dict[type, list[Choice]] = {}
        for c in turn:
            by_cls.setdefault(c.cls, []).append(c)
        name = team.name
        if state.config.steps:  # the hints of the steps in force
            for hint in state.rules.bot_hints:
                move = hint(state, team, choices)
                if move is not None:
                    return move

        def largest(cls: type) -> Action | None:
            options = by_cls.get(cls)
            return options[0].pick(name, options[0].size() - 1) if options else None

        if Roll in by_cls:
            return self.pick(by_cls[Roll][0], name)
        if team.bank_debt and team.cash > 25_000:
            if choices is None:
                choices = legal_choices(state, name)
            repay = [c for c in choices if c.cls is RepayCredit]
            if repay:
                return repay[0].pick(name, repay[0].size() - 1)
        for cls in (Produce, Sell):
            move = largest(cls)
            if move is not None and (cls is Produce or team.finished >= 2):
                return move
        invest = by_cls.get(Invest)
        if invest and len(team.machines) < 4 and team.cash >= 12_000:
            return invest[0].pick(name, 0)
        buy = by_cls.get(Purchase)
        if buy and team.raw < 2 * max(1, len(team.machines)):
            want = min(buy[0].size(), 2 * max(1, len(team.machines)) - team.raw)
            return buy[0].pick(name, want - 1)
        if BuyWeb in by_cls and team.web < 2 and team.cash > 3_000:
            return BuyWeb(name)
        for c in turn:
            if c.cls is CostChoice and c.fixed["option"] == "web" and team.web > 2:
                return c.pick(name, 0)
        for c in turn:
            if c.cls is WriteOff and c.fixed["option"] == "web":
                return c.pick(name, 0)
        for c in turn:
            if c.cls is RenewLease and c.fixed["renew"] and team.web >= 4:
                return c.pick(name, 0)
        return self.pick(turn[0], name)
