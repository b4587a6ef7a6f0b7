"""The base model of the rulebook (part I): ``new_game`` and ``apply``.

``apply(state, action)`` is the only way a state changes. Every handler first checks the whole
action and raises ``RuleViolation`` before it touches anything; only then does it move money and
goods, each movement booked in the ledger. After the action, automatic steps of the turn run
(payments the cash covers, a card drawn, the turn passing on) until the game waits for someone.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from . import actions as A
from .chance import Chance
from .config import FIELD_NAMES, GameConfig
from .constants import (  # noqa: F401  (re-exported for legal.py, bots and steps)
    ADVERTISING_CAP,
    COMPUTER_CREDIT,
    COMPUTER_PRICE,
    COMPUTER_PRODUCTION_COST,
    COST_FIELD_PRODUCTION,
    DELIVERY_ROLLS,
    FINAL_VALUE,
    IDLE_COST,
    INTEREST_PERCENT,
    LOAN_FEE,
    MACHINE_CREDIT,
    MACHINE_PRICE,
    PRODUCTION_COST,
    REPURCHASE,
    WEB_ADVERTISING,
    WEB_EFFICIENCY,
    WEB_INSURANCE,
    WEB_LEASE,
    WEB_PRICE,
)
from .errors import RuleViolation, marks
from .market import open_dimples, placement_zones, purchase_zones
from .risk import RiskCard, standard_deck
from .state import BANK, BOX, MARKET, PRODUCTION, Deal, GameState, Loan, Machine, Pending, Team

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


def _hook(moment: str, *args: Any) -> None:
    for hook in HOOKS[moment]:
        hook(*args)


def delivery_rolls(state: GameState) -> int:
    """Die rolls before a new machine produces: "the turn after next (in 2 die rolls)"; with
    the labour market (step 6) machines produce "from the next red field" on."""
    return 1 if 6 in state.config.steps else DELIVERY_ROLLS


# ====================================================================== set-up
def new_game(config: GameConfig) -> GameState:
    """A game ready for its first action (rulebook: "Preparation for Play")."""
    config.validate()
    rng = Chance(config.seed)
    deck_ids = sorted(standard_deck())
    if config.risk_order is not None:
        if sorted(config.risk_order) != deck_ids:
            raise RuleViolation(
                "Game set-up: risk_order must name each of the 30 risk cards once.",
                "The Blue Risk Field",
            )
        deck = list(config.risk_order)
    else:
        deck = list(deck_ids)
        rng.shuffle(deck)
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
        raise RuleViolation("The game is over.", "End of the Game")
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation(f"Unknown action {action.type!r}.", "game log")
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
                            "game log")


def _team(turn: Turn, action: A.Action) -> Team:
    return turn.state.teams[action.actor]


def _require_turn(turn: Turn, action: A.Action, pending: str, what: str, rule: str) -> Team:
    """The actor must be the team whose turn it is, and the turn must wait for ``pending``."""
    state = turn.state
    if state.phase == "order":
        raise RuleViolation("The game has not begun: roll for the first player.",
                            "Now We Can Begin")
    if action.actor != state.current:
        raise RuleViolation(f"It is {state.current}'s turn, not {action.actor}'s.", rule)
    if not state.pending or state.pending[0].kind != pending:
        raise RuleViolation(f"{what} is not open now: {_waiting_text(state)}", rule)
    return state.teams[action.actor]


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


def _need_cash(team: Team, cost: int, what: str, rule: str, verb: str | None = None) -> None:
    """Refuse unless the team has ``cost`` Marks: "You have 3,000 Marks; 4 units cost 4,200."
    ``verb`` replaces "cost(s)" ("... and with 5,000 credit you" + "pay")."""
    if team.cash < cost:
        if verb is None:
            verb = "cost" if what.endswith("s") else "costs"
        raise RuleViolation(f"You have {marks(team.cash)} Marks; {what} {verb} {marks(cost)}.",
                            rule)


def _need_units(n: int, what: str, rule: str) -> None:
    if n < 1:
        raise RuleViolation(f"Name at least one {what}.", rule)


def credit_available(state: GameState, team: Team, new_collateral: int = 0) -> int:
    """Bank credit still open: half the value of the owned capital equipment (plus the
    collateral of equipment being bought with this credit), less the debt."""
    name = team.name
    machines = 0
    for m in state.machines.values():  # a loop, not sum(genexpr): legal moves ask often
        if m.owner == name:
            machines += 1
    limit = MACHINE_CREDIT * machines + COMPUTER_CREDIT * team.computers_owned
    return max(0, limit + new_collateral - team.bank_debt)


def _check_credit_amount(state: GameState, amount: int, available: int, rule: str) -> None:
    step = state.config.credit_step
    if amount < 0:
        raise RuleViolation("A credit cannot be negative.", rule)
    if amount % step:
        raise RuleViolation(f"The bank lends in steps of {marks(step)} Marks.", rule)
    if amount > available:
        raise RuleViolation(
            f"The bank lends up to half the value of your machines and computers: "
            f"{marks(available)} Marks more at most, not {marks(amount)}.",
            "Lines of Credit",
        )


def ready_capacity(state: GameState, team: Team) -> int:
    """Units the team's machines can make now: one each, two on a double machine, counting
    only machines past their delivery time."""
    cap = 0
    for mid in team.machines:
        m = state.machines[mid]
        if m.ready_at <= team.rolls:
            cap += 2 if m.double else 1
    return cap


def production_cost(team: Team) -> int:
    return COMPUTER_PRODUCTION_COST if team.has_computer else PRODUCTION_COST


# ---------------------------------------------------------------- movements
def _cash(turn: Turn, source: Team | None, target: Team | None, amount: int, reason: str) -> None:
    """Move cash between two teams or a team and the bank (None)."""
    if source is not None:
        source.cash -= amount
    if target is not None:
        target.cash += amount
    turn.state.ledger.post(
        turn.state.seq,
        "cash",
        source.name if source else BANK,
        target.name if target else BANK,
        amount,
        reason,
    )


def _to_market(turn: Turn, team: Team, kind: str, units: int, reason: str) -> list[int]:
    """Goods back into the dearest open zones; returns each unit's zone."""
    state = turn.state
    zones = placement_zones(state.market, state.config.zone_capacity, units)
    for z in zones:
        state.market[z] += 1
    if kind == "raw":
        team.raw -= units
    else:
        team.finished -= units
    state.ledger.post(state.seq, kind, team.name, MARKET, units, reason)
    return zones


def _give_machine(turn: Turn, team: Team, double: bool = False) -> Machine:
    state = turn.state
    mid = next(i for i in range(1, state.config.limits.machines + 1) if i not in state.machines)
    machine = Machine(mid, team.name, team.name, double, team.rolls + delivery_rolls(state))
    state.machines[mid] = machine
    team.machines.append(mid)
    state.ledger.post(state.seq, "machine", BANK, team.name, 1, "investment")
    return machine


def _machine_to_bank(turn: Turn, machine: Machine, reason: str) -> None:
    state = turn.state
    state.teams[machine.holder].machines.remove(machine.id)
    del state.machines[machine.id]
    state.ledger.post(state.seq, "machine", machine.owner, BANK, 1, reason)


def _borrow(turn: Turn, team: Team, amount: int, reason: str = "bank credit") -> None:
    if amount:
        team.bank_debt += amount
        turn.state.ledger.post(turn.state.seq, "bank_debt", BANK, team.name, amount, reason)
        _cash(turn, None, team, amount, reason)


def _web_to_bank(turn: Turn, team: Team, chips: int, reason: str) -> None:
    team.web -= chips
    turn.state.web_bank += chips
    turn.state.ledger.post(turn.state.seq, "web", team.name, BANK, chips, reason)


def _owe(turn: Turn, team: Team, amount: int, reason: str, detail: str = "") -> None:
    """A payment the team cannot refuse. Paid at once when the cash covers it; otherwise the
    turn waits until the team has raised the money (or goes bankrupt)."""
    if amount > 0:
        turn.state.pending.insert(0, Pending("pay", amount, reason, detail))


# ====================================================================== the turn
def _roll(turn: Turn, action: A.Roll) -> None:
    state = turn.state
    team = _team(turn, action)
    if state.config.dice == "entered":
        if action.die is None:
            raise RuleViolation("Enter the number the die shows.", "physical board")
        if not 1 <= action.die <= 6:
            raise RuleViolation(f"A die shows 1 to 6, not {action.die}.", "physical board")
    elif action.die is not None:
        raise RuleViolation("The engine rolls the die in this game; send no number.", "dice")
    if state.phase == "order":
        if team.name not in state.order_contest or team.name in state.order_rolls:
            raise RuleViolation(
                f"{team.name} does not roll for first place now; waiting for "
                f"{', '.join(t for t in state.order_contest if t not in state.order_rolls)}.",
                "Now We Can Begin",
            )
        die = _die(turn, action)
        state.order_rolls[team.name] = die
        turn.emit("order_roll", f"{team.name} rolls {die} for first place.", team=team.name,
                  die=die)
        if len(state.order_rolls) == len(state.order_contest):
            _settle_order(turn)
        return
    if action.actor != state.current:
        raise RuleViolation(f"It is {state.current}'s turn, not {action.actor}'s.", "Movement")
    if state.rolled or state.pending:
        raise RuleViolation(f"{team.name} has rolled already; waiting for "
                            f"{_waiting_text(state)}", "Movement")
    die = _die(turn, action)
    _move(turn, team, die)


def _die(turn: Turn, action: A.Roll) -> int:
    drawn = turn.draw("die", turn.state.rng.die)
    if action.die is None:
        return drawn
    turn.chance["die"] = action.die  # the log records the die the team entered
    return action.die


def _settle_order(turn: Turn) -> None:
    """Highest roll begins; a six gives no second roll; a tie is rolled off by the tied."""
    state = turn.state
    best = max(state.order_rolls.values())
    tied = [t for t in state.order_contest if state.order_rolls[t] == best]
    state.order_rolls = {}
    if len(tied) > 1:
        state.order_contest = tied
        turn.emit("order_tie", f"{' and '.join(tied)} tie with {best}; they roll again.",
                  teams=tied)
        return
    state.order_contest = []
    state.phase = "turn"
    state.current = state.leader = tied[0]
    turn.emit("first_player", f"{tied[0]} rolled highest and begins.", team=tied[0])


def _move(turn: Turn, team: Team, die: int) -> None:
    state = turn.state
    board = state.config.board
    size = len(board)
    team.rolls += 1
    team.fields_moved += die
    state.rolled = True
    start = team.position
    target = (start + die) % size
    turn.emit("move", f"{team.name} rolls {die} and moves to field {target} "
              f"({_field_name(board[target])}).", team=team.name, die=die, field=target,
              color=board[target])
    team.position = target
    for step in range(1, die + 1):
        passed = (start + step) % size
        if passed == 0:
            _cross_start(turn, team)
        if state.config.lease_renewal == "lease_field" and team.lease_field == passed:
            # The WEBs may lie on the start field too, if the pawn stood there.
            state.pending.append(Pending("lease"))
    _hook("moved", turn, team)
    _land(turn, team, board[target])


def _field_name(letter: str) -> str:
    return FIELD_NAMES[letter]


def _cross_start(turn: Turn, team: Team) -> None:
    """Start field: one year of business is complete (rulebook: "The Start Field")."""
    state = turn.state
    config = state.config
    if team.years == 0 and not config.steps:
        # Base model: the second 10,000 at the FIRST crossing, never more.
        _pay_capital(state, state.seq, team, config.second_capital, "second capital")
        turn.emit("capital", f"{team.name} completes its first year and receives "
                  f"{marks(config.second_capital)} Marks more starting capital.",
                  team=team.name, amount=config.second_capital)
    if team.bank_debt:
        interest = -(-team.bank_debt * INTEREST_PERCENT // 100)  # rounded up to whole Marks
        state.pending.append(Pending("pay", interest, "interest",
                                     f"10% of {marks(team.bank_debt)} Marks bank debt"))
        state.pending.append(Pending("pay", LOAN_FEE, "loan fee", "loan maintenance fee"))
    if config.lease_renewal == "start" and team.lease_field is not None:
        state.pending.append(Pending("lease"))
    _hook("cross_start", turn, team)
    state.pending.append(Pending("close_year"))


#: What landing on a field of each colour waits for (the start field: nothing).
_LANDING = {"R": "red", "G": "green", "Y": "yellow", "W": "white", "B": "risk"}


def _land(turn: Turn, team: Team, letter: str) -> None:
    kind = _LANDING.get(letter)
    if kind is not None:
        turn.state.pending.append(Pending(kind))
    _hook("landed", turn, team, letter)


# ---------------------------------------------------------------- automatic steps
def _advance(turn: Turn) -> None:
    """Run the turn's automatic steps until the game waits for someone's decision."""
    state = turn.state
    if state.step.get("end_now") and state.phase != "ended":
        _end_game(turn)  # a goal was reached (step 5): no need to play the round out
    while state.phase == "turn":
        team = state.teams[state.current] if state.current else None
        if team is None:
            return
        if not state.pending:
            if state.rolled:
                _end_turn(turn)
                continue
            return
        head = state.pending[0]
        if head.kind == "pay":
            if team.cash >= head.amount:
                state.pending.pop(0)
                _cash(turn, team, None, head.amount, head.reason)
                turn.emit("paid", f"{team.name} pays {marks(head.amount)} Marks: {head.reason}"
                          f"{' (' + head.detail + ')' if head.detail else ''}.",
                          team=team.name, amount=head.amount, reason=head.reason)
                continue
            if liquidity(state, team) < head.amount:
                _bankrupt(turn, team, head)
                continue
            return
        if head.kind == "close_year":
            state.pending.pop(0)
            _close_year(turn, team)
            continue
        if head.kind == "risk" and state.config.dice == "engine":
            state.pending.pop(0)
            card_id = turn.draw("card", lambda: state.deck[0])
            _risk_card(turn, team, card_id)
            continue
        if head.kind == "white" and not team.machines:
            state.pending.pop(0)
            turn.emit("write_off", f"{team.name} has no machine to write off.", team=team.name,
                      option="none")
            continue
        if head.kind == "lease" and team.web < WEB_LEASE:
            state.pending.pop(0)
            _end_lease(turn, team, "has no 2 WEB chips to renew it")
            continue
        auto = AUTO.get(head.kind)
        if auto is not None and auto(turn, team, head):
            continue
        return


def _close_year(turn: Turn, team: Team) -> None:
    state = turn.state
    team.years += 1
    team.year_starts.append(len(state.ledger))
    owned = [m for m in state.machines.values() if m.owner == team.name]
    doubles = sum(1 for m in owned if m.double)
    team.year_end_machines.append([len(owned) - doubles, doubles])
    turn.emit("year_end", f"{team.name} completes year {team.years}.", team=team.name,
              year=team.years)
    _hook("close_year", turn, team)
    years = state.config.years
    if years is not None and team.years >= years and not state.time_called:
        state.time_called = True
        turn.emit("time_up", f"{team.name} has played {team.years} years: time is up. The "
                  "current round is played to its end.", team=team.name)


def _end_turn(turn: Turn) -> None:
    state = turn.state
    state.rolled = False
    state.pending = []
    active = [t.name for t in state.teams.values() if not t.bankrupt]
    if not active:
        _end_game(turn)
        return
    n = len(state.teams)
    # Rounds are counted from the first player's seat, even once that team is bankrupt.
    leader_seat = state.teams[state.leader or state.config.teams[0]].seat

    def rel(name: str) -> int:
        return (state.teams[name].seat - leader_seat) % n

    current = state.current or state.config.teams[0]
    following = _next_active(state, current, include_self=False)
    if rel(following) <= rel(current):
        state.rounds += 1
        _hook("round_end", turn)
        if state.time_called:
            _end_game(turn)
            return
    state.current = following


def _next_active(state: GameState, name: str, include_self: bool) -> str:
    names = list(state.teams)
    i = names.index(name)
    for k in range(0 if include_self else 1, len(names) + 1):
        candidate = names[(i + k) % len(names)]
        if not state.teams[candidate].bankrupt:
            return candidate
    return name


def _end_game(turn: Turn) -> None:
    state = turn.state
    state.phase = "ended"
    state.current = None
    state.pending = []
    state.deals = {}
    _hook("game_over", turn)
    from .statements import final_results

    results = final_results(state)
    turn.emit("game_over", "The game is over. " + "; ".join(
        f"{r['team']}: {marks(r['result'])}" for r in results), results=results)


# ---------------------------------------------------------------- red field
def _purchase(turn: Turn, action: A.Purchase) -> None:
    state = turn.state
    team = _require_turn(turn, action, "red", "Purchasing", "Decision: Purchasing")
    units = action.units
    _need_units(units, "unit to buy", "Decision: Purchasing")
    available = sum(state.market)
    if units > available:
        raise RuleViolation(f"The market holds {available} units; you cannot buy {units}.",
                            "Decision: Purchasing")
    zones = purchase_zones(state.market, units)
    prices = state.config.zone_prices
    cost = sum(prices[z] for z in zones)
    _need_cash(team, cost, f"{units} units", "Decision: Purchasing")
    for z in zones:
        state.market[z] -= 1
    team.raw += units
    state.ledger.post(state.seq, "raw", MARKET, team.name, units, "purchase")
    _cash(turn, team, None, cost, "purchase")
    turn.emit("purchase", f"{team.name} buys {units} units for {marks(cost)} Marks.",
              team=team.name, units=units, cost=cost, prices=[prices[z] for z in zones])
    _decided(turn, team)


def _invest(turn: Turn, action: A.Invest) -> None:
    state = turn.state
    team = _require_turn(turn, action, "red", "Investing", "Decision: Investment")
    if state.machines_in_bank() < 1:
        raise RuleViolation("The bank has no machine left: all "
                            f"{state.config.limits.machines} are in play.", "Game Materials")
    if action.credit > MACHINE_CREDIT:
        raise RuleViolation(f"An investment may borrow at most {marks(MACHINE_CREDIT)} Marks.",
                            "Decision: Investment")
    _check_credit_amount(state, action.credit, credit_available(state, team, MACHINE_CREDIT),
                         "Decision: Investment")
    if action.credit:
        what, verb = (f"a machine costs {marks(MACHINE_PRICE)} and with "
                      f"{marks(action.credit)} credit you", "pay")
    else:
        what, verb = "a machine", "costs"
    _need_cash(team, MACHINE_PRICE - action.credit, what, "Decision: Investment", verb)
    _borrow(turn, team, action.credit)
    machine = _give_machine(turn, team)
    _cash(turn, team, None, MACHINE_PRICE, "investment")
    turn.emit("invest", f"{team.name} buys machine {machine.id} for "
              f"{marks(MACHINE_PRICE)} Marks"
              f"{f', {marks(action.credit)} on credit' if action.credit else ''}. It produces "
              f"from its roll {machine.ready_at} on.", team=team.name, machine=machine.id,
              credit=action.credit)
    _decided(turn, team)


def _produce(turn: Turn, action: A.Produce) -> None:
    state = turn.state
    team = _require_turn(turn, action, "red", "Producing", "Decision: Producing")
    units = action.units
    _need_units(units, "unit to produce", "Decision: Producing")
    _check_production(state, team, units, "Decision: Producing")
    cost = units * production_cost(team)
    _need_cash(team, cost, f"producing {units} units", "Decision: Producing")
    _make(turn, team, units, cost, "production")
    _decided(turn, team)


def _check_production(state: GameState, team: Team, units: int, rule: str) -> None:
    capacity = ready_capacity(state, team)
    if units > capacity:
        waiting = sum(1 for m in team.machines if state.machines[m].ready_at > team.rolls)
        note = f" ({waiting} machine(s) still being delivered)" if waiting else ""
        raise RuleViolation(f"Your machines can make {capacity} units now{note}, not {units}.",
                            rule)
    if units > team.raw:
        raise RuleViolation(f"You have {team.raw} units of raw material, not {units}.", rule)


def _make(turn: Turn, team: Team, units: int, cost: int, reason: str) -> None:
    state = turn.state
    team.raw -= units
    team.finished += units
    state.ledger.post(state.seq, "raw", team.name, PRODUCTION, units, reason)
    state.ledger.post(state.seq, "finished", PRODUCTION, team.name, units, reason)
    _cash(turn, team, None, cost, reason)
    turn.emit("produce", f"{team.name} produces {units} units for {marks(cost)} Marks.",
              team=team.name, units=units, cost=cost)


def sale_prices(state: GameState, team: Team, units: int, advertising: bool) -> list[int]:
    """Marks per unit for ``units`` sold into the market now: ten times the zone the unit is
    placed into; with advertising the next higher price, at most 5,000."""
    prices = state.config.zone_prices
    zones = placement_zones(state.market, state.config.zone_capacity, units)
    out = []
    for z in zones:
        if advertising:
            higher = prices[z + 1] if z + 1 < len(prices) else prices[z]
            out.append(min(10 * higher, ADVERTISING_CAP))
        else:
            out.append(10 * prices[z])
    return out


def _sell(turn: Turn, action: A.Sell) -> None:
    state = turn.state
    team = _require_turn(turn, action, "red", "Selling", "Decision: Selling")
    units = action.units
    _need_units(units, "unit to sell", "Decision: Selling")
    if units > team.finished:
        raise RuleViolation(f"You have {team.finished} finished units, not {units}.",
                            "Decision: Selling")
    room = open_dimples(state.market, state.config.zone_capacity)
    if units > room:
        raise RuleViolation(f"The market has room for {room} units only.", "Decision: Selling")
    prices = sale_prices(state, team, units, team.advertising)
    revenue = sum(prices)
    _to_market(turn, team, "finished", units, "sale")
    _cash(turn, None, team, revenue, "sale")
    team.sales_total += revenue
    _hook("sale", turn, team, revenue)
    turn.emit("sell", f"{team.name} sells {units} units for {marks(revenue)} Marks"
              f"{' (advertising)' if team.advertising else ''}.", team=team.name, units=units,
              revenue=revenue, prices=prices)
    _decided(turn, team)


def _pass(turn: Turn, action: A.Pass) -> None:
    state = turn.state
    team = _team(turn, action)
    if state.phase == "turn" and action.actor == state.current and state.pending:
        kind = state.pending[0].kind
        if kind == "red":
            turn.emit("pass", f"{team.name} decides to do nothing.", team=team.name)
            _decided(turn, team)
            return
        if kind == "green":
            state.pending.pop(0)
            turn.emit("pass", f"{team.name} buys no WEB chip.", team=team.name)
            return
    _require_turn(turn, action, "red", "Doing nothing", "Decision: Do Nothing")


def _decided(turn: Turn, team: Team) -> None:
    """One decision per red field; an advertising campaign is spent on it."""
    turn.state.pending.pop(0)
    team.advertising = False


# ---------------------------------------------------------------- green, yellow, white, blue
def _buy_web(turn: Turn, action: A.BuyWeb) -> None:
    state = turn.state
    team = _require_turn(turn, action, "green", "Buying a WEB chip", "The Green WEB Field")
    if state.web_bank < 1:
        raise RuleViolation("The bank has no WEB chip left: all "
                            f"{state.config.limits.web_chips} are in play.", "Game Materials")
    _need_cash(team, WEB_PRICE, "a WEB chip", "The Green WEB Field")
    state.pending.pop(0)
    _cash(turn, team, None, WEB_PRICE, "WEB chip")
    team.web += 1
    state.web_bank -= 1
    state.ledger.post(state.seq, "web", BANK, team.name, 1, "WEB chip")
    turn.emit("buy_web", f"{team.name} buys a WEB chip for {marks(WEB_PRICE)} Marks.",
              team=team.name)


def _cost_choice(turn: Turn, action: A.CostChoice) -> None:
    state = turn.state
    rule = "The Yellow Cost Field"
    team = _require_turn(turn, action, "yellow", "A cost-field choice", rule)
    option = action.option
    if option == "sell_half":
        if team.finished < 1:
            raise RuleViolation("You have no finished product to sell at half price.", rule)
        units = team.finished
        units = min(units, open_dimples(state.market, state.config.zone_capacity))
        prices = [p // 2 for p in sale_prices(state, team, units, advertising=False)]
        revenue = sum(prices)
        state.pending.pop(0)
        _to_market(turn, team, "finished", units, "sale at half price")
        _cash(turn, None, team, revenue, "sale at half price")
        team.sales_total += revenue
        _hook("sale", turn, team, revenue)
        turn.emit("cost_sell_half", f"{team.name} sells {units} units at half price for "
                  f"{marks(revenue)} Marks.", team=team.name, units=units, revenue=revenue)
    elif option == "produce":
        units = min(ready_capacity(state, team), team.raw)
        if units < 1:
            raise RuleViolation("You cannot produce: you need a ready machine and raw material.",
                                rule)
        cost = units * COST_FIELD_PRODUCTION
        _need_cash(team, cost, f"producing {units} units at {marks(COST_FIELD_PRODUCTION)} each",
                   rule)
        state.pending.pop(0)
        _make(turn, team, units, cost, "cost-field production")
    elif option == "idle":
        cost = IDLE_COST * len(team.machines)
        state.pending.pop(0)
        turn.emit("cost_idle", f"{team.name} produces nothing: idle costs {marks(cost)} Marks.",
                  team=team.name, cost=cost)
        _owe(turn, team, cost, "idle costs", f"{len(team.machines)} machine(s)")
    elif option == "web":
        if team.web < 1:
            raise RuleViolation("You have no WEB chip to pay with.", rule)
        state.pending.pop(0)
        _web_to_bank(turn, team, 1, "cost field")
        turn.emit("cost_web", f"{team.name} pays 1 WEB chip.", team=team.name)
    else:
        raise RuleViolation("On the yellow field choose sell_half, produce, idle or web.", rule)


def _write_off(turn: Turn, action: A.WriteOff) -> None:
    state = turn.state
    rule = "The White Write-off Field"
    team = _require_turn(turn, action, "white", "A write-off", rule)
    option = action.option
    if option == "web":
        if team.web < 1:
            raise RuleViolation("You have no WEB chip to pay instead.", rule)
        state.pending.pop(0)
        _web_to_bank(turn, team, 1, "write-off")
        turn.emit("write_off", f"{team.name} pays 1 WEB chip and keeps its machines.",
                  team=team.name, option="web")
        return
    if option not in ("return", "downgrade"):
        raise RuleViolation("On the white field choose return, downgrade or web.", rule)
    # Any machine may be returned, a double one too (setting it back "is sufficient", not
    # required); unnamed, a single machine goes first.
    double: bool | None = True if option == "downgrade" else None
    if option == "return" and action.machine is None and any(
        not state.machines[m].double for m in team.machines
    ):
        double = False
    machine = _pick_machine(state, team, action.machine, double=double, rule=rule)
    state.pending.pop(0)
    if option == "downgrade":
        machine.double = False
        turn.emit("write_off", f"{team.name}'s machine {machine.id} runs single again.",
                  team=team.name, option="downgrade", machine=machine.id)
    else:
        _machine_to_bank(turn, machine, "write-off")
        turn.emit("write_off", f"{team.name} returns machine {machine.id} to the bank.",
                  team=team.name, option="return", machine=machine.id)


def _pick_machine(
    state: GameState, team: Team, mid: int | None, double: bool | None, rule: str,
    owned: bool = False,
) -> Machine:
    """The machine a team names, or, if it names none, the first that fits."""
    held = [state.machines[m] for m in team.machines]
    if owned:
        held = [m for m in held if m.owner == team.name]
    if mid is not None:
        machine = state.machines.get(mid)
        if machine is None or machine.holder != team.name:
            raise RuleViolation(f"Machine {mid} is not in your hall.", rule)
        if owned and machine.owner != team.name:
            raise RuleViolation(f"Machine {mid} is leased from {machine.owner}.", rule)
        if double is True and not machine.double:
            raise RuleViolation(f"Machine {mid} is a single machine.", rule)
        if double is False and machine.double:
            raise RuleViolation(f"Machine {mid} is a double machine already.", rule)
        return machine
    fits = [m for m in held if double is None or m.double == double]
    if not fits:
        kind = {True: "double ", False: "single ", None: ""}[double]
        raise RuleViolation(f"You have no {kind}machine for that.", rule)
    return min(fits, key=lambda m: m.id)


def _draw_risk(turn: Turn, action: A.DrawRisk) -> None:
    state = turn.state
    team = _require_turn(turn, action, "risk", "Drawing a risk card", "The Blue Risk Field")
    deck = standard_deck()
    if action.card not in deck:
        raise RuleViolation(f"There is no risk card {action.card}; cards are 1 to {len(deck)}.",
                            "The Blue Risk Field")
    state.pending.pop(0)
    turn.chance["card"] = action.card
    _risk_card(turn, team, action.card)


def _risk_card(turn: Turn, team: Team, card_id: int) -> None:
    state = turn.state
    card = standard_deck()[card_id]
    if card_id in state.deck:  # the card goes under the deck
        state.deck.remove(card_id)
        state.deck.append(card_id)
    turn.emit("risk_card", f"{team.name} draws '{card.title}': {card.text}", team=team.name,
              card=card.id)
    if card.insured and team.web >= WEB_INSURANCE:
        turn.emit("insured", f"{team.name} holds {team.web} WEB chips and is insured: "
                  "no damage.", team=team.name, card=card.id)
        return
    _card_effect(turn, team, card)


def _card_effect(turn: Turn, team: Team, card: RiskCard) -> None:
    state = turn.state
    effect, amount = card.effect, card.amount
    reason = "risk"
    if effect == "pay":
        _owe(turn, team, amount, reason, card.title)
    elif effect == "pay_per_machine":
        _owe(turn, team, amount * len(team.machines), reason, card.title)
    elif effect == "pay_per_unit":
        _owe(turn, team, amount * (team.raw + team.finished), reason, card.title)
    elif effect == "receive":
        _cash(turn, None, team, amount, reason)
    elif effect in ("lose_raw", "lose_finished"):
        kind = "raw" if effect == "lose_raw" else "finished"
        units = min(amount, team.raw if kind == "raw" else team.finished)
        if units:
            _to_market(turn, team, kind, units, reason)
    elif effect == "lose_machine":
        held = [state.machines[m] for m in team.machines]
        if held:
            # The single machine goes first: the card should not cost an efficiency upgrade.
            machine = min(held, key=lambda m: (m.double, m.id))
            _machine_to_bank(turn, machine, reason)
    elif effect == "downgrade_machine":
        doubles = [state.machines[m] for m in team.machines if state.machines[m].double]
        if doubles:
            doubles[0].double = False
    elif effect == "lose_web":
        chips = min(amount, team.web)
        if chips:
            _web_to_bank(turn, team, chips, reason)


def _renew_lease(turn: Turn, action: A.RenewLease) -> None:
    state = turn.state
    rule = "Computer Leasing (2 WEBs)"
    team = _require_turn(turn, action, "lease", "Renewing the computer lease", rule)
    if action.renew:
        if team.web < WEB_LEASE:
            raise RuleViolation("Renewing the lease takes 2 WEB chips.", rule)
        state.pending.pop(0)
        state.ledger.post(state.seq, "web", "board", BANK, WEB_LEASE, "computer lease")
        state.web_bank += WEB_LEASE
        team.web -= WEB_LEASE
        state.ledger.post(state.seq, "web", team.name, "board", WEB_LEASE, "computer lease")
        turn.emit("lease_renewed", f"{team.name} pays 2 WEB chips: the computer lease runs "
                  "another year.", team=team.name)
    else:
        state.pending.pop(0)
        _end_lease(turn, team, "gives it back")


def _end_lease(turn: Turn, team: Team, why: str) -> None:
    state = turn.state
    team.lease_field = None
    state.leased_computers -= 1
    state.web_bank += WEB_LEASE
    state.ledger.post(state.seq, "web", "board", BANK, WEB_LEASE, "computer lease")
    turn.emit("lease_ended", f"{team.name} {why}: the leased computer goes back to the bank.",
              team=team.name)


# ====================================================================== at any time
def _any_time(turn: Turn, action: A.Action) -> Team:
    """Credit, WEB options, repurchase and private business are open at any time, to any
    team still in the game."""
    return _team(turn, action)


def _take_credit(turn: Turn, action: A.TakeCredit) -> None:
    team = _any_time(turn, action)
    if action.amount <= 0:
        raise RuleViolation("Ask for a positive amount of credit.", "Lines of Credit")
    _check_credit_amount(turn.state, action.amount, credit_available(turn.state, team),
                         "Lines of Credit")
    _borrow(turn, team, action.amount)
    turn.emit("credit", f"{team.name} borrows {marks(action.amount)} Marks from the bank.",
              team=team.name, amount=action.amount)


def _repay_credit(turn: Turn, action: A.RepayCredit) -> None:
    team = _any_time(turn, action)
    rule = "Lines of Credit"
    if action.amount <= 0:
        raise RuleViolation("Repay a positive amount.", rule)
    if action.amount > team.bank_debt:
        raise RuleViolation(f"You owe the bank {marks(team.bank_debt)} Marks, not "
                            f"{marks(action.amount)}.", rule)
    _need_cash(team, action.amount, "the repayment", rule)
    team.bank_debt -= action.amount
    turn.state.ledger.post(turn.state.seq, "bank_debt", team.name, BANK, action.amount,
                           "repayment")
    _cash(turn, team, None, action.amount, "repayment")
    turn.emit("repay", f"{team.name} repays {marks(action.amount)} Marks to the bank.",
              team=team.name, amount=action.amount)


def _sell_back(turn: Turn, action: A.SellBack) -> None:
    state = turn.state
    team = _any_time(turn, action)
    rule = "Repurchase Value"
    item = action.item
    if item in ("raw", "finished"):
        units = action.units
        _need_units(units, f"{item} unit to sell back", rule)
        have = team.raw if item == "raw" else team.finished
        if units > have:
            raise RuleViolation(f"You have {have} {item} units, not {units}.", rule)
        value = units * REPURCHASE[item]
        _to_market(turn, team, item, units, "repurchase")
        _cash(turn, None, team, value, "repurchase")
        turn.emit("sell_back", f"{team.name} sells {units} {item} units back to the bank for "
                  f"{marks(value)} Marks.", team=team.name, item=item, units=units, value=value)
    elif item == "machine":
        machine = _pick_machine(state, team, action.machine, None, rule, owned=True)
        _machine_to_bank(turn, machine, "repurchase")
        _cash(turn, None, team, REPURCHASE["machine"], "repurchase")
        turn.emit("sell_back", f"{team.name} sells machine {machine.id} back to the bank for "
                  f"{marks(REPURCHASE['machine'])} Marks.", team=team.name, item=item,
                  machine=machine.id, value=REPURCHASE["machine"])
    elif item == "computer":
        if team.computers_owned < 1:
            raise RuleViolation("You own no computer; a leased computer cannot be sold.", rule)
        team.computers_owned -= 1
        state.ledger.post(state.seq, "computer", team.name, BANK, 1, "repurchase")
        _cash(turn, None, team, REPURCHASE["computer"], "repurchase")
        turn.emit("sell_back", f"{team.name} sells its computer back to the bank for "
                  f"{marks(REPURCHASE['computer'])} Marks.", team=team.name, item=item,
                  value=REPURCHASE["computer"])
    else:
        raise RuleViolation("The bank buys back raw, finished, machine or computer.", rule)


def _efficiency(turn: Turn, action: A.Efficiency) -> None:
    team = _any_time(turn, action)
    rule = "Efficiency Improvements (3 WEBs)"
    if team.web < WEB_EFFICIENCY:
        raise RuleViolation(f"An efficiency improvement takes 3 WEB chips; you have {team.web}.",
                            rule)
    machine = _pick_machine(turn.state, team, action.machine, double=False, rule=rule)
    _web_to_bank(turn, team, WEB_EFFICIENCY, "efficiency")
    machine.double = True
    turn.emit("efficiency", f"{team.name} turns machine {machine.id} to double capacity.",
              team=team.name, machine=machine.id)


def _advertise(turn: Turn, action: A.Advertise) -> None:
    team = _any_time(turn, action)
    rule = "Advertising Campaigns (2 WEBs)"
    if team.web < WEB_ADVERTISING:
        raise RuleViolation(f"An advertising campaign takes 2 WEB chips; you have {team.web}.",
                            rule)
    if team.advertising:
        raise RuleViolation("Your campaign already runs until your next red field.", rule)
    _web_to_bank(turn, team, WEB_ADVERTISING, "advertising")
    team.advertising = True
    turn.emit("advertising", f"{team.name} runs an advertising campaign for its next red "
              "field.", team=team.name)


def _lease_computer(turn: Turn, action: A.LeaseComputer) -> None:
    state = turn.state
    team = _any_time(turn, action)
    rule = "Computer Leasing (2 WEBs)"
    if team.has_computer:
        raise RuleViolation("You have a computer already.", rule)
    if team.web < WEB_LEASE:
        raise RuleViolation(f"Leasing a computer takes 2 WEB chips; you have {team.web}.", rule)
    if state.computers_in_bank() < 1:
        raise RuleViolation("The bank has no computer left: all "
                            f"{state.config.limits.computers} are in play.", "Game Materials")
    team.web -= WEB_LEASE
    state.ledger.post(state.seq, "web", team.name, "board", WEB_LEASE, "computer lease")
    state.leased_computers += 1
    team.lease_field = team.position
    turn.emit("lease", f"{team.name} leases a computer with 2 WEB chips placed on field "
              f"{team.position}.", team=team.name, field=team.position)


def _buy_computer(turn: Turn, action: A.BuyComputer) -> None:
    state = turn.state
    team = _any_time(turn, action)
    rule = "Computer Leasing (2 WEBs)"
    if team.has_computer:
        raise RuleViolation("You have a computer already; a factory has one computer slot.", rule)
    if state.computers_in_bank() < 1:
        raise RuleViolation("The bank has no computer left: all "
                            f"{state.config.limits.computers} are in play.", "Game Materials")
    if action.credit > COMPUTER_CREDIT:
        raise RuleViolation(f"A computer may be bought with at most "
                            f"{marks(COMPUTER_CREDIT)} Marks credit.", rule)
    _check_credit_amount(state, action.credit,
                         credit_available(state, team, COMPUTER_CREDIT), rule)
    if action.credit:
        what, verb = (f"a computer costs {marks(COMPUTER_PRICE)} and with "
                      f"{marks(action.credit)} credit you", "pay")
    else:
        what, verb = "a computer", "costs"
    _need_cash(team, COMPUTER_PRICE - action.credit, what, rule, verb)
    _borrow(turn, team, action.credit)
    team.computers_owned += 1
    state.ledger.post(state.seq, "computer", BANK, team.name, 1, "investment")
    _cash(turn, team, None, COMPUTER_PRICE, "investment")
    turn.emit("buy_computer", f"{team.name} buys a computer for {marks(COMPUTER_PRICE)} Marks.",
              team=team.name, credit=action.credit)


# ---------------------------------------------------------------- private business
BUNDLE_KEYS = ("cash", "raw", "finished", "machines", "lease", "computers", "loan")


def _check_bundle(state: GameState, giver: Team, receiver: Team, bundle: dict[str, Any]) -> None:
    rule = "Private Business between Players"
    unknown = set(bundle) - set(BUNDLE_KEYS)
    if unknown:
        raise RuleViolation(f"A deal can hold {', '.join(BUNDLE_KEYS)}; not "
                            f"{', '.join(sorted(unknown))}.", rule)
    for key in ("cash", "raw", "finished", "computers", "loan"):
        value = bundle.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RuleViolation(f"In a deal, {key} is a whole number, not below zero.", rule)
    money = bundle.get("cash", 0) + bundle.get("loan", 0)
    if money > giver.cash:
        raise RuleViolation(f"{giver.name} has {marks(giver.cash)} Marks, not "
                            f"{marks(money)}.", rule)
    for key in ("raw", "finished"):
        have = giver.raw if key == "raw" else giver.finished
        if bundle.get(key, 0) > have:
            raise RuleViolation(f"{giver.name} has {have} {key} units, not {bundle[key]}.", rule)
    if bundle.get("computers", 0) > giver.computers_owned:
        raise RuleViolation(f"{giver.name} owns no computer to sell.", rule)
    if bundle.get("computers", 0) and (bundle["computers"] > 1 or receiver.has_computer):
        raise RuleViolation(f"{receiver.name} has room for one computer only.", rule)
    for key in ("machines", "lease"):
        ids = bundle.get(key, [])
        if not isinstance(ids, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in ids
        ) or len(set(ids)) != len(ids):
            raise RuleViolation(f"In a deal, {key} is a list of machine numbers.", rule)
        for mid in ids:
            m = state.machines.get(mid)
            if m is None:
                raise RuleViolation(f"Machine {mid} is not in play.", rule)
            if key == "lease" and not (m.owner == giver.name and m.holder == giver.name):
                raise RuleViolation(f"{giver.name} can lease out only its own machines in its "
                                    f"hall; machine {mid} is not.", rule)
            if key == "machines" and not (
                (m.owner == giver.name and m.holder == giver.name)
                or (m.holder == giver.name and m.owner == receiver.name)
                or (m.owner == giver.name and m.holder == receiver.name)
            ):
                raise RuleViolation(f"{giver.name} cannot hand machine {mid} to "
                                    f"{receiver.name}.", rule)
    both = set(bundle.get("machines", [])) & set(bundle.get("lease", []))
    if both:
        raise RuleViolation(f"Machine {min(both)} cannot be sold and leased in the same deal.",
                            rule)


def _propose_deal(turn: Turn, action: A.ProposeDeal) -> None:
    state = turn.state
    team = _any_time(turn, action)
    rule = "Private Business between Players"
    partner = state.teams.get(action.partner)
    if partner is None or partner.bankrupt:
        raise RuleViolation(f"There is no team {action.partner!r} in the game to deal with.",
                            rule)
    if partner is team:
        raise RuleViolation("A deal needs another team.", rule)
    if not any(action.give.values()) and not any(action.take.values()):
        raise RuleViolation("The deal is empty: say what changes hands.", rule)
    _check_bundle(state, team, partner, action.give)
    # The partner's side is checked when it accepts: its holdings are its own business.
    _check_bundle_shape(action.take)
    deal = Deal(state.new_id(), team.name, partner.name, dict(action.give), dict(action.take),
                action.terms)
    state.deals[deal.id] = deal
    turn.emit("deal_offered", f"{team.name} offers {partner.name} a deal: gives "
              f"{_bundle_text(action.give)}, asks {_bundle_text(action.take)}.",
              team=team.name, partner=partner.name, deal=deal.id)


def _check_bundle_shape(bundle: dict[str, Any]) -> None:
    rule = "Private Business between Players"
    unknown = set(bundle) - set(BUNDLE_KEYS)
    if unknown:
        raise RuleViolation(f"A deal can hold {', '.join(BUNDLE_KEYS)}; not "
                            f"{', '.join(sorted(unknown))}.", rule)
    for key, value in bundle.items():
        ok = (isinstance(value, list) and all(isinstance(i, int) for i in value)) if key in (
            "machines", "lease") else (isinstance(value, int) and not isinstance(value, bool)
                                       and value >= 0)
        if not ok:
            raise RuleViolation(f"In a deal, {key} has a bad value.", rule)


def _bundle_text(bundle: dict[str, Any]) -> str:
    parts = []
    for key in BUNDLE_KEYS:
        value = bundle.get(key)
        if not value:
            continue
        if key in ("cash", "loan"):
            parts.append(f"{marks(value)} Marks{' as a loan' if key == 'loan' else ''}")
        elif key in ("machines", "lease"):
            parts.append(f"machine(s) {', '.join(map(str, value))}"
                         f"{' on lease' if key == 'lease' else ''}")
        else:
            parts.append(f"{value} {key}")
    return ", ".join(parts) or "nothing"


def _deal_of(turn: Turn, deal_id: int) -> Deal:
    deal = turn.state.deals.get(deal_id)
    if deal is None:
        raise RuleViolation(f"There is no open deal {deal_id}.", "Private Business between Players")
    return deal


def _accept_deal(turn: Turn, action: A.AcceptDeal) -> None:
    state = turn.state
    team = _any_time(turn, action)
    deal = _deal_of(turn, action.deal)
    if deal.partner != team.name:
        raise RuleViolation(f"Deal {deal.id} is offered to {deal.partner}, not {team.name}.",
                            "Private Business between Players")
    proposer = state.teams[deal.proposer]
    _check_bundle(state, proposer, team, deal.give)
    _check_bundle(state, team, proposer, deal.take)
    if deal.give.get("computers") and deal.take.get("computers"):
        raise RuleViolation("Swap computers by two deals.", "Private Business between Players")
    del state.deals[deal.id]
    _hand_over(turn, proposer, team, deal.give, deal.terms)
    _hand_over(turn, team, proposer, deal.take, deal.terms)
    turn.emit("deal_done", f"{team.name} accepts deal {deal.id} with {proposer.name}.",
              team=team.name, partner=proposer.name, deal=deal.id,
              give=deal.give, take=deal.take)


def _hand_over(turn: Turn, giver: Team, receiver: Team, bundle: dict[str, Any], terms: str) -> None:
    state = turn.state
    led = state.ledger
    reason = "private deal"
    if bundle.get("cash"):
        _cash(turn, giver, receiver, bundle["cash"], reason)
    for key in ("raw", "finished"):
        units = bundle.get(key, 0)
        if units:
            if key == "raw":
                giver.raw -= units
                receiver.raw += units
            else:
                giver.finished -= units
                receiver.finished += units
            led.post(state.seq, key, giver.name, receiver.name, units, reason)
    for mid in bundle.get("machines", []):
        m = state.machines[mid]
        if m.owner == giver.name:  # a sale (possibly to the team that leases it)
            m.owner = receiver.name
            led.post(state.seq, "machine", giver.name, receiver.name, 1, reason)
        if m.holder != receiver.name:
            state.teams[m.holder].machines.remove(mid)
            receiver.machines.append(mid)
            m.holder = receiver.name
            m.ready_at = receiver.rolls + delivery_rolls(state)  # delivery and set-up time
    for mid in bundle.get("lease", []):
        m = state.machines[mid]
        giver.machines.remove(mid)
        receiver.machines.append(mid)
        m.holder = receiver.name
        m.ready_at = receiver.rolls + delivery_rolls(state)
    if bundle.get("computers"):
        giver.computers_owned -= 1
        receiver.computers_owned += 1
        led.post(state.seq, "computer", giver.name, receiver.name, 1, reason)
    if bundle.get("loan"):
        amount = bundle["loan"]
        loan = Loan(state.new_id(), giver.name, receiver.name, amount, terms)
        state.loans[loan.id] = loan
        led.post(state.seq, "private_debt", giver.name, receiver.name, amount, "private loan")
        _cash(turn, giver, receiver, amount, "private loan")


def _reject_deal(turn: Turn, action: A.RejectDeal) -> None:
    team = _any_time(turn, action)
    deal = _deal_of(turn, action.deal)
    if deal.partner != team.name:
        raise RuleViolation(f"Deal {deal.id} is offered to {deal.partner}; only it can turn "
                            "it down.", "Private Business between Players")
    del turn.state.deals[deal.id]
    turn.emit("deal_rejected", f"{team.name} turns down deal {deal.id}.", team=team.name,
              deal=deal.id)


def _withdraw_deal(turn: Turn, action: A.WithdrawDeal) -> None:
    team = _any_time(turn, action)
    deal = _deal_of(turn, action.deal)
    if deal.proposer != team.name:
        raise RuleViolation(f"Deal {deal.id} was offered by {deal.proposer}; only it can "
                            "withdraw it.", "Private Business between Players")
    del turn.state.deals[deal.id]
    turn.emit("deal_withdrawn", f"{team.name} withdraws deal {deal.id}.", team=team.name,
              deal=deal.id)


def _repay_private(turn: Turn, action: A.RepayPrivate) -> None:
    state = turn.state
    team = _any_time(turn, action)
    rule = "Explanations: Credit, Bankruptcy and Private Trade"
    loan = state.loans.get(action.loan)
    if loan is None or loan.borrower != team.name:
        raise RuleViolation(f"You have no private loan {action.loan}.", rule)
    if not 0 < action.amount <= loan.amount:
        raise RuleViolation(f"You owe {marks(loan.amount)} Marks on loan {loan.id}; repay "
                            "between 1 and that.", rule)
    _need_cash(team, action.amount, "the repayment", rule)
    lender = state.teams[loan.lender]
    loan.amount -= action.amount
    if not loan.amount:
        del state.loans[loan.id]
    state.ledger.post(state.seq, "private_debt", team.name, lender.name, action.amount,
                      "private repayment")
    _cash(turn, team, lender, action.amount, "private repayment")
    turn.emit("repay_private", f"{team.name} repays {marks(action.amount)} Marks to "
              f"{lender.name}.", team=team.name, partner=lender.name, amount=action.amount)


# ---------------------------------------------------------------- the bank
def _call_time(turn: Turn, action: A.CallTime) -> None:
    state = turn.state
    if state.time_called:
        raise RuleViolation("Time has been called already.", "End of the Game")
    state.time_called = True
    turn.emit("time_up", "The bank calls time: the current round is played to its end.")
    if state.phase == "order":
        _end_game(turn)


def _correction(turn: Turn, action: A.Correction) -> None:
    state = turn.state
    rule = "Choose a Bank Director"
    team = state.teams.get(action.team)
    if team is None:
        raise RuleViolation(f"There is no team {action.team!r}.", rule)
    if not action.reason.strip():
        raise RuleViolation("A correction needs its reason.", rule)
    if action.amount == 0:
        raise RuleViolation("A correction of 0 Marks changes nothing.", rule)
    if action.amount < 0:
        _need_cash(team, -action.amount, "the correction", rule)
        _cash(turn, team, None, -action.amount, "correction")
    else:
        _cash(turn, None, team, action.amount, "correction")
    turn.emit("correction", f"The bank corrects {team.name}'s cash by "
              f"{marks(action.amount)} Marks: {action.reason}", team=team.name,
              amount=action.amount, reason=action.reason)


# ====================================================================== bankruptcy
def liquidity(state: GameState, team: Team) -> int:
    """The most cash the team could raise from the bank: its cash, the credit still open, and
    what the bank pays for everything in its hall and stores. Loans it gave are not counted:
    the bank cannot turn them into cash on demand (at a bankruptcy it takes them over)."""
    owned_held = sum(1 for m in team.machines if state.machines[m].owner == team.name)
    step = state.config.credit_step
    credit = credit_available(state, team)
    credit -= credit % step  # the bank lends in whole steps only
    return (
        team.cash
        + credit
        + team.raw * REPURCHASE["raw"]
        + team.finished * REPURCHASE["finished"]
        + owned_held * REPURCHASE["machine"]
        + team.computers_owned * REPURCHASE["computer"]
    )


def _bankrupt(turn: Turn, team: Team, due: Pending) -> None:
    """The team cannot pay what it owes: see ``bankruptcy`` (the auction of its assets)."""
    from .bankruptcy import declare

    declare(turn, team, due)


# ====================================================================== dispatch
HANDLERS: dict[type[A.Action], Callable[[Turn, Any], None]] = {
    A.Roll: _roll,
    A.Purchase: _purchase,
    A.Invest: _invest,
    A.Produce: _produce,
    A.Sell: _sell,
    A.Pass: _pass,
    A.BuyWeb: _buy_web,
    A.CostChoice: _cost_choice,
    A.WriteOff: _write_off,
    A.DrawRisk: _draw_risk,
    A.RenewLease: _renew_lease,
    A.TakeCredit: _take_credit,
    A.RepayCredit: _repay_credit,
    A.SellBack: _sell_back,
    A.Efficiency: _efficiency,
    A.Advertise: _advertise,
    A.LeaseComputer: _lease_computer,
    A.BuyComputer: _buy_computer,
    A.ProposeDeal: _propose_deal,
    A.AcceptDeal: _accept_deal,
    A.RejectDeal: _reject_deal,
    A.WithdrawDeal: _withdraw_deal,
    A.RepayPrivate: _repay_private,
    A.CallTime: _call_time,
    A.Correction: _correction,
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
            raise RuleViolation(f"{who} cannot make that move; a team must.", "game log")
        return
    team = state.teams.get(actor)
    if team is None:
        raise RuleViolation(f"There is no team called {actor!r} in this game.", "game log")
    if team.bankrupt:
        raise RuleViolation(f"{actor} is bankrupt and out of the game.", "Bankruptcy")
    for other, moves in ACTOR_ACTIONS.items():
        if kind in moves:
            if other == BANK:
                raise RuleViolation("Only the bank director can do that.",
                                    "Choose a Bank Director")
            raise RuleViolation("Only the worker representative can do that.",
                                "6. Step: Labor Market")

# Bankruptcy and the expansion steps register their handlers and hooks on import.
from . import bankruptcy, steps  # noqa: E402, F401
