"""The dispatcher, on top of the engine's layers: ``new_game`` and ``apply``.

``apply(state, action)`` is the only way a state changes. It looks the move's handler up in the
rules in force (``state.rules``, composed from the game's config by ``rulebook.rules_for``);
every handler first checks the whole action and raises ``RuleViolation`` before it touches
anything; only then does it move money and goods, each movement booked in the ledger. After
the action, automatic steps of the turn run (payments the cash covers, a card drawn, the turn
passing on) until the game waits for someone (``turn_flow.advance``).

Which rules a game plays by, and in which order they are composed, is ``rulebook.py``; the
moves themselves live by part of the rulebook: ``turn_flow`` (rolling, moving, the start field,
the turn passing on), ``red_field`` and ``fields`` (the board's fields), ``any_time`` (credit,
repurchase, WEB options), ``deals`` (private business), ``bank_director``, ``bankruptcy``, and
the expansion steps (``steps/``); ``money`` and ``goods`` move cash and goods and book them.
"""

from __future__ import annotations

from .actions import Action
from .chance import Chance
from .config import GameConfig
from .errors import RuleViolation
from .money import pay_capital
from .risk import standard_deck
from .rulebook import rules_for
from .ruleset import RuleSet
from .state import BANK, BOX, MARKET, GameState, Team
from .turn import Event, Turn
from .turn_flow import advance

__all__ = ["Event", "Turn", "apply", "new_game"]


# ====================================================================== set-up
def new_game(config: GameConfig) -> GameState:
    """A game ready for its first action (rulebook: "Preparation for Play")."""
    config.validate()
    # The deck is shuffled with the seed. A config that gives exactly that order is the log of
    # a game that drew it (``play`` and the site write the drawn order into the config): its
    # generator goes on from after the shuffle's draws, as the game's did, so an imported or
    # replayed game rolls what the original rolls. Any other order (checked by validate: each
    # card once) is a deck laid by hand, and the generator starts at the seed.
    drawn = Chance(config.seed)
    shuffled = sorted(standard_deck())
    drawn.shuffle(shuffled)
    if config.risk_order is None or list(config.risk_order) == shuffled:
        rng, deck = drawn, shuffled
    else:
        rng, deck = Chance(config.seed), list(config.risk_order)
    market = config.initial_market()
    teams = {
        name: Team(name=name, seat=seat, position=config.start_position)
        for seat, name in enumerate(config.teams)
    }
    state = GameState(
        config=config,
        rules=rules_for(config),
        teams=teams,
        market=market,
        box=config.products - sum(market),
        machines={},
        leased_computers=0,
        web_bank=config.limits.web_chips,
        deck=deck,
        rng=rng,
    )
    led = state.ledger
    led.post(0, "raw", BOX, MARKET, sum(market), "set-up")
    led.post(0, "raw", "supply", BOX, config.products, "set-up")
    led.post(0, "web", "supply", BANK, config.limits.web_chips, "set-up")
    for team in teams.values():
        pay_capital(state, 0, team, config.capital_at_start, "starting capital")
    if config.first_team is not None:
        state.phase = "turn"
        state.current = state.leader = config.first_team
    else:
        state.order_contest = list(config.teams)
    state.rules.run("set_up", state)
    return state


# ====================================================================== apply
def apply(
    state: GameState, action: Action, chance: dict[str, int] | None = None
) -> list[Event]:
    """Carry out ``action``; return what happened. ``chance`` replays recorded outcomes."""
    if state.phase == "ended":
        raise RuleViolation("The game is over.", "End of the Game", code="game_over")
    rules = state.rules
    handler = rules.handlers.get(type(action))
    if handler is None:
        raise RuleViolation(f"Unknown action {action.type!r}.", "game log",
                            code="unknown_action_type", params={"type": action.type})
    _check_recorded(chance)
    turn = Turn(state, chance)
    _check_actor(rules, state, action)
    state.seq += 1
    try:
        handler(turn, action)
    except RuleViolation:
        state.seq -= 1  # handlers raise before they change anything
        raise
    advance(turn)
    state.last_chance = turn.chance
    return turn.events


# ---------------------------------------------------------------- checks
def _check_recorded(chance: dict[str, int] | None) -> None:
    """Outcomes replayed from a log must be outcomes the game can have."""
    if not chance:
        return
    for name, value in chance.items():
        if name == "die" and value in range(1, 7):
            continue
        if name == "card" and value in standard_deck():
            continue
        if name not in ("die", "card") and isinstance(value, int):
            continue  # a step's own draw (a tie break): checked where it is drawn
        raise RuleViolation(f"The log records {name} = {value!r}, which no die or card shows.",
                            "game log", code="impossible_chance",
                            params={"name": name, "value": repr(value)})


def _check_actor(rules: RuleSet, state: GameState, action: Action) -> None:
    """Non-team actors (the bank; step 6's worker representative) make their own moves (and
    the shared ones); a team must be in the game and not bankrupt, and cannot make theirs."""
    actor = action.actor
    kind = type(action)
    own = rules.actor_actions.get(actor)
    if own is not None:
        if kind not in own and kind not in rules.shared_actions.get(actor, ()):
            who = "The bank" if actor == BANK else "The worker representative"
            raise RuleViolation(f"{who} cannot make that move; a team must.", "game log",
                                code="bank_cannot_move" if actor == BANK
                                else "workers_cannot_move")
        return
    team = state.teams.get(actor)
    if team is None:
        raise RuleViolation(f"There is no team called {actor!r} in this game.", "game log",
                            code="no_such_team", params={"team": actor})
    if team.bankrupt:
        raise RuleViolation(f"{actor} is bankrupt and out of the game.", "Bankruptcy",
                            code="team_bankrupt", params={"team": actor})
    for other, moves in rules.actor_actions.items():
        if kind in moves:
            if other == BANK:
                raise RuleViolation("Only the bank director can do that.",
                                    "Choose a Bank Director", code="bank_only")
            raise RuleViolation("Only the worker representative can do that.",
                                "6. Step: Labor Market", code="workers_only")
