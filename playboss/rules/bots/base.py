"""What every bot shares: choosing among the legal moves, and raising cash when a payment is due.

Bots draw from a generator of their own, seeded, so a simulation is repeatable and the game's
generator (dice, cards) is untouched by how the bots think.
"""

from __future__ import annotations

from ..actions import Action, SellBack, TakeCredit
from ..chance import Chance
from ..legal import Choice, legal_choices
from ..state import GameState, Team

#: Any-time moves that bring cash in: what a team uses when a payment is due.
RAISING = (TakeCredit, SellBack)
# Expansion steps give moves a greedy team makes before its usual play (step 6: hire a worker
# for each machine), ``state.rules.bot_hints``: ``hint(state, team, choices) -> action, or
# None to play on as usual``. ``choices`` is the team's legal moves, or None when the bot has
# not listed them: a hint then lists what it needs itself, and only when it needs it (most of
# the time it decides from the state that it has nothing to say), so the greedy bot never
# lists every legal move just to ask its hints. A game with no step on has no hints to ask.


class Bot:
    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Chance(seed)

    def choose(self, state: GameState, actor: str) -> Action:
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
               turn: list[Choice]) -> Action:
        raise NotImplementedError

    def pick(self, choice: Choice, actor: str) -> Action:
        return choice.pick(actor, self.rng.below(choice.size()))

    def raise_cash(self, state: GameState, team: Team, choices: list[Choice]) -> Action:
        for cls, item in ((TakeCredit, None), (SellBack, "finished"), (SellBack, "raw"),
                          (SellBack, "computer"), (SellBack, "machine")):
            for c in choices:
                if c.cls is cls and (item is None or c.fixed.get("item") == item):
                    return c.pick(team.name, c.size() - 1)  # the largest amount on offer
        raise RuntimeError(f"{team.name} owes money and cannot raise any")
