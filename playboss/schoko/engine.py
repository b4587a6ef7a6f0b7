"""``new_game`` and ``apply``: the only ways a Schoko & Co. state comes to be and changes.

Every handler checks the whole move and raises ``RuleViolation`` before it changes anything;
then ``flow.advance`` runs the automatic steps (revealing sealed answers, the secretaries and
bookkeepers, the event card, interest, the next month) until the game waits for someone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..common.chance import Chance
from ..common.errors import RuleViolation
from . import cards
from .actions import (
    Accept,
    Action,
    Announce,
    Bid,
    BuyInside,
    BuyShares,
    Call,
    CashOut,
    ChoosePark,
    Decline,
    EmergencyFire,
    EndFinance,
    Fire,
    Hire,
    Join,
    Pass,
    PaySalaries,
    PlayExpress,
    Process,
    Produce,
    RaisePrice,
    Repay,
    Request,
    SellShares,
    SellToBank,
    SetMarker,
    TakeLoan,
)
from .books import Books
from .checks import require_waiting
from .cocoa import announce, bid, call, request
from .config import GameConfig
from .contracts import choose_contract, sell_to_bank
from .core import Event, Turn, receive, refuse
from .events import buy_inside
from .express import choose_park, play_express
from .finance import buy_shares, end_finance, repay, sell_shares, take_loan
from .flow import advance, enter_inside
from .sales import accept, decline, join, produce, raise_price, set_marker
from .staff import emergency_fire, fire, hire, pay_salaries
from .state import BANK, GameState, Team

__all__ = ["Event", "apply", "new_game", "quote"]


def new_game(config: GameConfig) -> GameState:
    """Preparation: 100,000 each, three express cards each, the decks shuffled (from the
    seed, or in the orders a log wrote into the config)."""
    config.validate()
    rng = Chance(config.seed)
    contracts, events, express = _shuffled(rng, config)
    teams = {name: Team(name=name, seat=seat) for seat, name in enumerate(config.teams)}
    state = GameState(config=config, teams=teams, rng=rng, books=Books(), deck=contracts,
                      events=events)
    turn = Turn(state, None)
    for i, team in enumerate(teams.values()):  # the rest of the express cards are out
        team.hand = express[i * cards.EXPRESS_PER_TEAM:(i + 1) * cards.EXPRESS_PER_TEAM]
        team.cash = 0
        receive(turn, team, config.capital, "capital", "capital")
    enter_inside(turn)
    advance(turn)
    return state


def setup_orders(config: GameConfig) -> tuple[list[int], list[str], list[str]]:
    """The three decks' orders at set-up: the contract cards, the event cards, the express
    cards (dealt three each in seat order; the rest out of the game)."""
    return _shuffled(Chance(config.seed), config)


def _shuffled(rng: Chance, config: GameConfig) -> tuple[list[int], list[str], list[str]]:
    """Shuffled from the seed (the generator always draws them, so a game goes on alike
    whether its log gives the orders or not); a config's own orders take their place."""
    contracts = list(range(len(config.contracts)))
    rng.shuffle(contracts)
    events = sorted(cards.EVENTS)
    _shuffle(rng, events)
    express = sorted(cards.EXPRESS)
    _shuffle(rng, express)
    if config.contract_order is not None:
        contracts = list(config.contract_order)
    if config.event_order is not None:
        events = list(config.event_order)
    if config.express_order is not None:
        express = list(config.express_order)
    return contracts, events, express


def _shuffle(rng: Chance, items: list[str]) -> None:
    for i in range(len(items) - 1, 0, -1):
        j = rng.below(i + 1)
        items[i], items[j] = items[j], items[i]


def _pass(turn: Turn, action: Pass) -> None:
    s = turn.state
    if s.phase not in ("inside", "after_sale", "bank_sale"):
        refuse("Nothing to pass on now: the game waits for a move.", "game log",
               "nothing_to_pass", phase=s.phase)
    team = require_waiting(s, action.actor, s.phase, "6. Main Game")
    s.waiting.remove(team.name)
    turn.emit("passed", "all", team=team.name, phase=s.phase)


HANDLERS: dict[type[Action], Callable[[Turn, Any], None]] = {
    BuyInside: buy_inside, Pass: _pass, Hire: hire, Fire: fire, PaySalaries: pay_salaries,
    EmergencyFire: emergency_fire, Request: request, Bid: bid, Announce: announce,
    Call: call, Produce: produce,
    SetMarker: set_marker, Join: join, Accept: accept, Decline: decline,
    RaisePrice: raise_price, Process: choose_contract, CashOut: choose_contract,
    SellToBank: sell_to_bank, Repay: repay, BuyShares: buy_shares,
    SellShares: sell_shares, EndFinance: end_finance, TakeLoan: take_loan,
    PlayExpress: play_express, ChoosePark: choose_park,
}


def apply(state: GameState, action: Action, chance: dict[str, Any] | None = None
          ) -> list[Event]:
    """Carry out ``action``; return what happened. ``chance`` replays recorded outcomes
    (a log's "chance": the event deck's order after a reshuffle)."""
    if state.phase == "ended":
        raise RuleViolation("The game is over.", "Game End", code="game_over")
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation(f"Unknown action {action.type!r}.", "game log",
                            code="unknown_action_type", params={"type": action.type})
    actor = action.actor
    if actor == BANK:
        if type(action) is not RaisePrice:
            refuse("The bank cannot make that move; a team must.", "game log",
                   "bank_cannot_move")
    else:
        team = state.teams.get(actor)
        if team is None:
            refuse(f"There is no team called {actor!r} in this game.", "game log",
                   "no_such_team", team=actor)
        if team.bankrupt:
            refuse(f"{actor} is bankrupt and out of the game.", "Bankruptcy",
                   "team_bankrupt", team=actor)
        if type(action) is RaisePrice:
            refuse("Only the bank raises the price.", "6.4 Selling Chocolate", "bank_only")
    if chance:
        # a recorded outcome is checked only where it is used, perhaps after the move has
        # changed things: play it on a copy and keep the copy only if all went well
        trial = state.clone()
        events = _apply_on(trial, handler, action, chance)
        unused = sorted(set(chance) - set(trial.last_chance))
        if unused:  # an outcome the action never drew: the log is wrong, do not ignore it
            refuse(f"The log records a chance outcome ({', '.join(unused)}) that this action "
                   "did not draw.", "game log", "chance_not_used", names=unused)
        for name in GameState.__slots__:
            setattr(state, name, getattr(trial, name))
        return events
    return _apply_on(state, handler, action, None)


def _apply_on(state: GameState, handler: Callable[[Turn, Any], None], action: Action,
              chance: dict[str, Any] | None) -> list[Event]:
    turn = Turn(state, chance)
    state.seq += 1
    try:
        handler(turn, action)
    except RuleViolation:
        state.seq -= 1
        raise
    advance(turn)
    state.last_chance = turn.drawn
    return turn.events


def quote(state: GameState, action: Action) -> dict[str, Any]:
    """What ``action`` would do, worked out on a copy: the actor's cash, stores and loans
    after it, the journal entries it books, the events (codes) it tells; or the refusal."""
    trial = state.clone()
    before = len(trial.books.entries)
    try:
        events = apply(trial, action)
    except RuleViolation as refusal:
        return {"ok": False, "code": refusal.code, "params": refusal.params,
                "message": refusal.message}
    out: dict[str, Any] = {"ok": True, "events": [e["type"] for e in events],
                           "journal": [e.to_dict() for e in trial.books.entries[before:]]}
    team = trial.teams.get(action.actor)
    if team is not None:
        was = state.teams[action.actor]
        out.update(cash=team.cash, cash_change=team.cash - was.cash, cocoa=team.cocoa,
                   chocolate=team.chocolate, loans=team.loans,
                   contracts=len(team.secretariat) + len(team.bookkeeping))
    return out
