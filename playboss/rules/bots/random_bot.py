"""The random bot: uniform over the kinds of move, then over the move's parameter (fuzzing)."""

from __future__ import annotations

from ..actions import Action, RepayPrivate
from ..constants import WEB_ADVERTISING
from ..legal import Choice, legal_choices, turn_choices
from ..state import GameState, Team
from .base import Bot


class RandomBot(Bot):
    """Uniform over the kinds of move, then over the move's parameter. Mostly plays the turn;
    now and then uses an any-time move."""

    name = "random"

    def choose(self, state: GameState, actor: str) -> Action:
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
                     if c.any_time and c.cls not in (RepayPrivate,)]
            return self.pick(extra[self.rng.below(len(extra))], team.name)
        return self.pick(turn[self.rng.below(len(turn))], team.name)

    def decide(self, state: GameState, team: Team, choices: list[Choice],
               turn: list[Choice]) -> Action:
        extra = [c for c in choices if c.any_time and c.cls not in (RepayPrivate,)]
        if extra and self.rng.below(10) == 0:
            return self.pick(extra[self.rng.below(len(extra))], team.name)
        return self.pick(turn[self.rng.below(len(turn))], team.name)
