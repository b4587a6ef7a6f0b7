"""The core of the base model (rulebook part I, "Preparation for Play"): ``new_game`` and
``apply``.

``apply(state, action)`` is the only way a state changes. Every handler first checks the whole
action and raises ``RuleViolation`` before it touches anything; only then does it move money and
goods, each movement booked in the ledger. After the action, automatic steps of the turn run
(payments the cash covers, a card drawn, the turn passing on) until the game waits for someone.

Here: the ``Turn`` an action produces, the registries the expansion steps plug into, set-up,
``apply`` and its dispatch, and the checks every move shares. The moves themselves live by part
of the rulebook: ``turn_flow`` (rolling, moving, the start field, the turn passing on),
``red_field`` and ``fields`` (the board's fields), ``any_time`` (credit, repurchase, WEB
options), ``deals`` (private business), ``bank_director``; ``money`` and ``goods`` move cash and
goods and book them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as A
from .chance import Chance
from .config import GameConfig
from .errors import RuleViolation, marks
from .risk import standard_deck
from .state import BANK, BOX, MARKET, GameState, Pending, Team

Event = dict[str, Any]


class Turn:
    """What one ``apply`` produces: events, and the chance outcomes it drew or was given."""

    __slots__ = ("state", "events", "recorded", "chance")

    def __init__(self, state: GameState, recorded: dict[str, int] | None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.recorded = recorded or {}
        self.chance: dict[str, int] = {}

    def emit(self, kind: str, text: str, **data: Any) -> None:
        data["type"] = kind
        data["text"] = text
        self.events.append(data)

    def draw(self, name: str, draw: Callable[[], int]) -> int:
        # The generator always advances, so a log with recorded outcomes keeps later draws
        # in step with the original game; a recorded outcome wins over the drawn one.
        value = draw()
        value = self.recorded.get(name, value)
        self.chance[name] = value
        return value


# ====================================================================== expansion steps
# Each step module (playboss/rules/steps/) plugs in here rather than being woven through the
# base model: its actions' handlers go into HANDLERS, the automatic handling of its kinds of
# pending item into AUTO, and functions into HOOKS at the moments the rulebook names. Every hook
# checks that its own step is switched on in the game's config.
HOOKS: dict[str, list[Callable[..., None]]] = {
    "moved": [],  # (turn, team): the pawn has moved; the landing field is not queued yet
    "cross_start": [],  # (turn, team): crossing the start, before the year closes
    "close_year": [],  # (turn, team): the year closes, its start-field payments made
    "landed": [],  # (turn, team, letter): the landing field's decision is queued
    "round_end": [],  # (turn,): every team has had its turn in this round
    "sale": [],  # (turn, team, revenue): finished product sold to the market
    "game_over": [],  # (turn,): the game ends, before the results are drawn up
    "bankrupt": [],  # (turn, team): the team is bankrupt, before its assets are sold
    "set_up": [],  # (state,): the game is set up (ledger seq 0), before the first action
}
#: kind of pending item -> handler that settles it without a decision and returns True, or
#: returns False when the turn must wait for someone.
AUTO: dict[str, Callable[[Turn, Team, Pending], bool]] = {}
#: kind of pending item -> what the game waits for, in words, for refusals ("... is not open
#: now: <text>"); steps add their kinds.
WAITING_TEXTS: dict[str, Callable[[GameState], str]] = {}
#: kind of pending item -> the numbers and names of its WAITING_TEXTS sentence, for the
#: ``waiting`` param of a refusal (``waiting(state)``); steps add their kinds.
WAITING_PARAMS: dict[str, Callable[[GameState], dict[str, Any]]] = {}


def _hook(moment: str, *args: Any) -> None:
    for hook in HOOKS[moment]:
        hook(*args)


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
        _pay_capital(state, 0, team, config.capital_at_start, "starting capital")
    if config.first_team is not None:
        state.phase = "turn"
        state.current = state.leader = config.first_team
    else:
        state.order_contest = list(config.teams)
    _hook("set_up", state)
    return state


def _pay_capital(state: GameState, seq: int, team: Team, amount: int, reason: str) -> None:
    team.cash += amount
    team.capital_received += amount
    state.ledger.post(seq, "cash", BANK, team.name, amount, reason)
    state.ledger.post(seq, "capital", BANK, team.name, amount, reason)


# ====================================================================== apply
def apply(
    state: GameState, action: A.Action, chance: dict[str, int] | None = None
) -> list[Event]:
    """Carry out ``action``; return what happened. ``chance`` replays recorded outcomes."""
    if state.phase == "ended":
        raise RuleViolation("The game is over.", "End of the Game", code="game_over")
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation(f"Unknown action {action.type!r}.", "game log",
                            code="unknown_action_type", params={"type": action.type})
    _check_recorded(chance)
    turn = Turn(state, chance)
    _check_actor(state, action)
    state.seq += 1
    try:
        handler(turn, action)
    except RuleViolation:
        state.seq -= 1  # handlers raise before they change anything
        raise
    _advance(turn)
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


def _team(turn: Turn, action: A.Action) -> Team:
    return turn.state.teams[action.actor]


def _require_turn(turn: Turn, action: A.Action, pending: str, what: str, rule: str) -> Team:
    """The actor must be the team whose turn it is, and the turn must wait for ``pending``."""
    state = turn.state
    if state.phase == "order":
        raise RuleViolation("The game has not begun: roll for the first player.",
                            "Now We Can Begin", code="game_not_begun")
    if action.actor != state.current:
        raise RuleViolation(f"It is {state.current}'s turn, not {action.actor}'s.", rule,
                            code="not_your_turn",
                            params={"current": state.current, "actor": action.actor})
    if not state.pending or state.pending[0].kind != pending:
        raise RuleViolation(f"{what} is not open now: {_waiting_text(state)}", rule,
                            code="not_open_now",
                            params={"action": action.type, "waiting": waiting(state)})
    return state.teams[action.actor]


def waiting(state: GameState) -> dict[str, Any]:
    """What the game waits for, as ``_waiting_text`` says it, in fields: ``kind`` (``"roll_off"``,
    ``"roll"``, or the kind of the pending item: ``"red"``, ``"pay"``, a step's kind) and the
    numbers and names its sentence speaks of."""
    if state.phase == "order":
        return {"kind": "roll_off"}
    if not state.pending:
        return {"kind": "roll", "team": state.current}
    head = state.pending[0]
    if head.kind in WAITING_PARAMS:
        return {"kind": head.kind, **WAITING_PARAMS[head.kind](state)}
    if head.kind == "pay":
        return {"kind": "pay", "amount": head.amount, "reason": head.reason}
    return {"kind": head.kind}


def _waiting_text(state: GameState) -> str:
    if state.phase == "order":
        return "the teams roll for the first player."
    if not state.pending:
        return f"{state.current} rolls the die."
    head = state.pending[0]
    if head.kind in WAITING_TEXTS:
        return WAITING_TEXTS[head.kind](state)
    return {
        "red": "a decision on the red field.",
        "green": "whether to buy a WEB chip on the green field.",
        "yellow": "a choice on the yellow cost field.",
        "white": "a write-off on the white field.",
        "risk": "the risk card drawn from the deck.",
        "lease": "renewing or returning the leased computer.",
        "pay": f"a payment of {marks(head.amount)} Marks ({head.reason}).",
    }.get(head.kind, head.kind)


def _need_units(n: int, what: str, rule: str, *, code: str, params: dict[str, Any] | None = None
                ) -> None:
    if n < 1:
        raise RuleViolation(f"Name at least one {what}.", rule, code=code, params=params)


# ---------------------------------------------------------------- bankruptcy
def _bankrupt(turn: Turn, team: Team, due: Pending) -> None:
    """The team cannot pay what it owes: see ``bankruptcy`` (the auction of its assets)."""
    from .bankruptcy import declare

    declare(turn, team, due)


# ====================================================================== dispatch
# The base model's moves live in modules of their own that build on the core above, so they are
# imported here, below it, like the steps further down.
from . import any_time, bank_director, deals, fields, red_field, turn_flow  # noqa: E402
from .goods import _give_machine  # noqa: E402, F401  (re-exported: test_labor builds halls)
from .turn_flow import _advance  # noqa: E402

HANDLERS: dict[type[A.Action], Callable[[Turn, Any], None]] = {
    A.Roll: turn_flow._roll,
    A.Purchase: red_field._purchase,
    A.Invest: red_field._invest,
    A.Produce: red_field._produce,
    A.Sell: red_field._sell,
    A.Pass: red_field._pass,
    A.BuyWeb: fields._buy_web,
    A.CostChoice: fields._cost_choice,
    A.WriteOff: fields._write_off,
    A.DrawRisk: fields._draw_risk,
    A.RenewLease: fields._renew_lease,
    A.TakeCredit: any_time._take_credit,
    A.RepayCredit: any_time._repay_credit,
    A.SellBack: any_time._sell_back,
    A.Efficiency: any_time._efficiency,
    A.Advertise: any_time._advertise,
    A.LeaseComputer: any_time._lease_computer,
    A.BuyComputer: any_time._buy_computer,
    A.ProposeDeal: deals._propose_deal,
    A.AcceptDeal: deals._accept_deal,
    A.RejectDeal: deals._reject_deal,
    A.WithdrawDeal: deals._withdraw_deal,
    A.RepayPrivate: deals._repay_private,
    A.CallTime: bank_director._call_time,
    A.Correction: bank_director._correction,
}
#: Actors that are not teams, and the moves only they may make: the bank director, and with
#: step 6 the worker representative (``"workers"``).
ACTOR_ACTIONS: dict[str, set[type[A.Action]]] = {BANK: {A.CallTime, A.Correction}}
#: Moves a non-team actor may make besides its own, that teams may make too (step 6: the worker
#: representative offers, accepts and ends employment like a team does).
SHARED_ACTIONS: dict[str, set[type[A.Action]]] = {}


def _check_actor(state: GameState, action: A.Action) -> None:
    actor = action.actor
    kind = type(action)
    own = ACTOR_ACTIONS.get(actor)
    if own is not None:
        if kind not in own and kind not in SHARED_ACTIONS.get(actor, ()):
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
    for other, moves in ACTOR_ACTIONS.items():
        if kind in moves:
            if other == BANK:
                raise RuleViolation("Only the bank director can do that.",
                                    "Choose a Bank Director", code="bank_only")
            raise RuleViolation("Only the worker representative can do that.",
                                "6. Step: Labor Market", code="workers_only")

# Bankruptcy and the expansion steps register their handlers and hooks on import.
from . import bankruptcy, steps  # noqa: E402, F401
