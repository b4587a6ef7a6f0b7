"""Players that choose among the legal moves, by name: ``BOTS["sensible"](seed)``.

* ``random`` — uniform over the legal moves (fuzzing: it reaches odd corners of the rules);
* ``greedy`` — produce, sell, invest while it can; simple and short-sighted;
* ``sensible`` — plays as a careful team would (``sensible.py``);
* ``strong`` — looks ahead with the engine over sampled dice and cards, never peeking
  (``strong.py``).

The levels a site offers: easy = ``greedy``, sensible = ``sensible``, strong = ``strong``.

``answer_at_going_salary(state)``: the worker representative's answer to a team's hiring offer
at the going salary (step 6), what the teacher may let a bot say for the representative.

Bots draw from a generator of their own, seeded, so a simulation is repeatable and the game's
generator (dice, cards) is untouched by how the bots think.
"""

from __future__ import annotations

from ..steps.labor import answer_at_going_salary
from .base import RAISING, Bot
from .greedy import GreedyBot
from .random_bot import RandomBot
from .reasons import REASON_CODES, Reason
from .sensible import SensibleBot
from .strong import StrongBot

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot,
                              "sensible": SensibleBot, "strong": StrongBot}

__all__ = ["BOTS", "RAISING", "REASON_CODES", "Bot", "GreedyBot", "RandomBot",
           "Reason", "SensibleBot", "StrongBot", "answer_at_going_salary"]
