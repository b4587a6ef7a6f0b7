"""What a move will do, asked before it is made: ``quote(state, action) -> Quote``.

A screen names each option's consequence (the cost, the cash and bank debt after, the goods
moved). Those figures must be the rules' own, so they are not computed here: the move's own
handler runs on a copy of the state, exactly as ``apply`` runs it, and the quote is the
difference it made — the actor's cash and bank debt after, the goods moved, the ledger entries
and the journal entries they make, the payments it put on the turn's list, its events. What
``apply`` does after the handler (``turn_flow.advance``: payments the cash covers, the turn
passing on) is not this move's consequence and is not run.

Notes are (code, params) pairs about the move that the figures alone do not say ("the
campaign applies from your next red field", "the next unit costs N"); the site words them.
``rule_values(config)`` gives the rule numbers a page writes into its sentences.

A quote costs a copy of the state: ``quote_copy`` copies every container a handler can write
(teams, machines, the market, pending items, deals, loans, the steps' data) and shares what no
handler changes (the config, the rules, the ledger's immutable entries). It is several times
cheaper than ``GameState.clone`` (a deep copy); ``tests/rules/test_quote.py`` checks that a
quote leaves the state it was asked of untouched and equals ``apply``.
"""

from __future__ import annotations

import contextlib
import copy
import marshal
import operator
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from .accounts import UNIT_VALUE
from .actions import Action
from .chance import Chance
from .config import GameConfig
from .constants import (
    ADVERTISING_CAP,
    FINAL_VALUE,
    IDLE_COST,
    WEB_ADVERTISING,
    WEB_EFFICIENCY,
    WEB_FIELD,
    WEB_INSURANCE,
    WEB_LEASE,
    WEB_PRICE,
)
from .deals import TERMS_MAX
from .engine import _check_actor
from .errors import RuleViolation
from .journal import Journal, JournalEntry, team_journal
from .ledger import Entry
from .market import open_dimples, purchase_zones
from .money import credit_available
from .state import Deal, GameState, Loan, Machine, Pending, Team
from .turn import Event, Turn

__all__ = ["LINEAR", "Note", "Quote", "quote", "quote_copy", "quote_values", "rule_values"]

#: A note: a code and the numbers it speaks of.
Note = tuple[str, dict[str, Any]]
#: The actor's goods a quote counts (deltas).
GOODS = ("raw", "finished", "machines", "computers", "web")


@dataclass(frozen=True, slots=True)
class Quote:
    """What ``action`` does to its actor (a team; for the bank or the representative only
    the entries, events and notes say something)."""

    action: Action
    cash_before: int
    cash: int  # after the move
    bank_debt_before: int
    bank_debt: int
    goods: dict[str, int]  # deltas of GOODS, zeros left out
    entries: tuple[Entry, ...]  # the ledger entries the move books
    journal: tuple[JournalEntry, ...]  # the actor's journal entries they make
    owed: tuple[Pending, ...]  # payments the move put on the turn's list (paid after it)
    events: tuple[Event, ...]
    notes: tuple[Note, ...] = field(default=())
    #: The figures (cash, bank debt, goods) of a value between the first two and the last of
    #: a ``LINEAR`` move, by their straight line: no handler ran, so no entries, events or
    #: notes are told.
    interpolated: bool = False

    @property
    def cash_change(self) -> int:
        return self.cash - self.cash_before

    @property
    def debt_change(self) -> int:
        return self.bank_debt - self.bank_debt_before

    def event(self, kind: str) -> Event | None:
        """The first event of ``kind`` the move tells, or None."""
        return next((e for e in self.events if e["type"] == kind), None)

    def note(self, code: str) -> dict[str, Any] | None:
        return next((params for c, params in self.notes if c == code), None)


# ---------------------------------------------------------------- the copy
def _copier(cls: type) -> Callable[[Any], Any]:
    """A shallow copy of a dataclass instance by its constructor: ``copy.copy`` of a slotted
    dataclass costs about seven times as much."""
    names = tuple(f.name for f in fields(cls))
    get = operator.attrgetter(*names)
    return lambda obj: cls(*get(obj))


_copy_team, _copy_machine, _copy_loan = _copier(Team), _copier(Machine), _copier(Loan)


def _data(value: Any) -> Any:
    """A copy of a step's plain data (dicts, lists, numbers, strings): ``marshal`` copies it
    in C, about five times faster than ``copy.deepcopy``; anything else is deep-copied."""
    try:
        return marshal.loads(marshal.dumps(value, _MARSHAL))
    except ValueError:
        return copy.deepcopy(value)


#: marshal's format 2 writes no back-references, so equal data gives equal bytes.
_MARSHAL = 2


def _team(team: Team, step: Any) -> Team:
    new: Team = _copy_team(team)
    new.machines = list(team.machines)
    new.year_starts = list(team.year_starts)
    new.year_end_machines = [list(row) for row in team.year_end_machines]
    new.step = step
    return new


def quote_copy(state: GameState, shared: dict[str, bytes] | None = None) -> GameState:
    """A copy of ``state`` that a handler may change without changing ``state``: every
    container copied, immutable parts (config, rules, ledger entries) shared. The ledger's
    memo starts empty, as in ``Ledger.copy``.

    With ``shared`` (``_shareable``: team -> its step data's bytes), those teams' step data
    is not copied but shared, and ``_unshare`` gives ``state`` back its own should the handler
    have changed it: copying the teams' step data was most of a copy's cost, and a move
    rarely touches another team's."""
    shared = shared or {}
    teams = {name: _team(t, t.step if name in shared else _data(t.step))
             for name, t in state.teams.items()}
    new = copy.copy(state)
    new.teams = teams
    new.market = list(state.market)
    new.machines = {i: _copy_machine(m) for i, m in state.machines.items()}
    new.deck = list(state.deck)
    new.rng = Chance(0)
    new.rng.state = state.rng.state
    new.ledger = state.ledger.copy()
    new.order_rolls = dict(state.order_rolls)
    new.order_contest = list(state.order_contest)
    new.pending = [Pending(p.kind, p.amount, p.reason, p.detail, _data(p.data) if p.data else {})
                   for p in state.pending]
    new.deals = {i: Deal(d.id, d.proposer, d.partner, _data(d.give), _data(d.take), d.terms)
                 for i, d in state.deals.items()}
    new.loans = {i: _copy_loan(loan) for i, loan in state.loans.items()}
    new.last_chance = dict(state.last_chance)
    new.step = _data(state.step)
    return new


def _shareable(state: GameState, actor: str) -> dict[str, bytes]:
    """The other teams' step data as bytes, for those that marshal can write."""
    out = {}
    for name, team in state.teams.items():
        if name != actor:
            with contextlib.suppress(ValueError):  # not plain data: copied instead
                out[name] = marshal.dumps(team.step, _MARSHAL)
    return out


def _unshare(state: GameState, shared: dict[str, bytes]) -> None:
    """After the handler: a team's shared step data that it changed is the copy's now;
    ``state`` gets its own back, as it was."""
    for name, before in shared.items():
        team = state.teams[name]
        if marshal.dumps(team.step, _MARSHAL) != before:
            team.step = marshal.loads(before)


# ---------------------------------------------------------------- quoting
def quote(state: GameState, action: Action) -> Quote:
    """What ``apply(state, action)`` does to the actor before the turn's automatic steps.
    Raises ``RuleViolation`` exactly where ``apply`` would; ``state`` is never changed."""
    return _quote(state, action, _shareable(state, action.actor))


#: Moves whose figures are linear in their parameter over the values the engine lists: each
#: step of the parameter changes the actor's cash, bank debt and goods by the same amount
#: (credit taken or repaid Mark for Mark; a machine or a computer bought with one step more
#: credit and one step less cash; each unit produced at the team's one unit cost). A
#: purchase or a sale is not: the market's price zones change the price per unit.
#: ``tests/rules/test_quote.py`` checks every listed value of these moves against its own
#: quote over bot games of every set of steps.
LINEAR = frozenset({"take_credit", "repay_credit", "invest", "buy_computer", "produce"})


def quote_values(state: GameState, actor: str, choice: Any,
                 limit: int | None = None) -> dict[Any, Quote]:
    """The quote of each of a legal choice's values (its first ``limit``), by value; a
    choice without a parameter has one quote, under the key None. A ``LINEAR`` move is
    quoted at its first two values and its last, the values between interpolated (their
    quotes say so: ``Quote.interpolated``); should the last not lie on the line of the first
    two, every value is quoted."""
    shared = _shareable(state, actor)
    if choice.param is None:
        return {None: _quote(state, choice.cls(actor, **choice.fixed), shared)}
    values: Sequence[Any] = choice.values
    if limit is not None:
        values = list(values)[:limit]

    def make(value: Any) -> Action:
        made: Action = choice.cls(actor, **choice.fixed, **{choice.param: value})
        return made

    if choice.cls.type in LINEAR and len(values) > 3:
        line = _on_a_line(state, list(values), make, shared)
        if line is not None:
            return line
    return {v: _quote(state, make(v), shared) for v in values}


def _figures(q: Quote) -> tuple[int, ...]:
    return (q.cash, q.bank_debt, *(q.goods.get(k, 0) for k in GOODS))


def _on_a_line(state: GameState, values: list[Any], make: Callable[[Any], Action],
               shared: dict[str, bytes]) -> dict[Any, Quote] | None:
    """A linear move's quotes from three: the first two values give the step, the last
    must lie on it; the values between get their figures from the line. None where the
    values are not whole numbers on one grid, or the last is off the line."""
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        return None
    first_value, step = values[0], values[1] - values[0]
    if step <= 0 or any((v - first_value) % step for v in values):
        return None
    first, second, last = (_quote(state, make(v), shared)
                           for v in (values[0], values[1], values[-1]))
    base = _figures(first)
    per_step = tuple(b - a for a, b in zip(base, _figures(second), strict=True))

    def at(value: int) -> tuple[int, ...]:
        steps = (value - first_value) // step
        return tuple(a + steps * d for a, d in zip(base, per_step, strict=True))

    if at(values[-1]) != _figures(last):
        return None
    out: dict[Any, Quote] = {values[0]: first, values[1]: second}
    for value in values[2:-1]:
        cash, debt, *goods = at(value)
        out[value] = Quote(make(value), first.cash_before, cash, first.bank_debt_before, debt,
                           {k: n for k, n in zip(GOODS, goods, strict=True) if n},
                           (), (), (), (), (), interpolated=True)
    out[values[-1]] = last
    return out


def _quote(state: GameState, action: Action, shared: dict[str, bytes]) -> Quote:
    if state.phase == "ended":
        raise RuleViolation("The game is over.", "End of the Game", code="game_over")
    handler = state.rules.handlers.get(type(action))
    if handler is None:
        raise RuleViolation(f"Unknown action {action.type!r}.", "game log",
                            code="unknown_action_type", params={"type": action.type})
    _check_actor(state.rules, state, action)
    after = quote_copy(state, shared)
    turn = Turn(after, None)
    after.seq += 1
    try:
        handler(turn, action)
    finally:
        _unshare(state, shared)
    return _difference(state, after, action, turn.events)


def _goods(team: Team) -> tuple[int, ...]:
    return (team.raw, team.finished, len(team.machines), team.computers_owned, team.web)


def _difference(before: GameState, after: GameState, action: Action,
                events: list[Event]) -> Quote:
    entries = tuple(after.ledger.entries[len(before.ledger.entries):])
    old, new = before.teams.get(action.actor), after.teams.get(action.actor)
    waiting = [p for p in before.pending if p.kind == "pay"]
    owed_list = []
    for item in after.pending:
        if item.kind != "pay":
            continue
        if item in waiting:  # owed before the move (copies compare equal)
            waiting.remove(item)
        else:
            owed_list.append(item)
    owed = tuple(owed_list)
    if old is None or new is None:  # the bank or the representative
        return Quote(action, 0, 0, 0, 0, {}, entries, (), owed, tuple(events),
                     tuple(_notes(before, after, action, events)))
    goods = {k: b - a for k, a, b in zip(GOODS, _goods(old), _goods(new), strict=True) if b != a}
    return Quote(action, old.cash, new.cash, old.bank_debt, new.bank_debt, goods, entries,
                 _journal(before, after, action.actor), owed, tuple(events),
                 tuple(_notes(before, after, action, events)))


def _journal(before: GameState, after: GameState, name: str) -> tuple[JournalEntry, ...]:
    """The actor's journal entries of the move: the journal of ``before`` (kept in its
    ledger's memo) copied and fed the new entries."""
    known = team_journal(before, name)
    fed = Journal(name)
    fed.upto = known.upto
    fed.balances = dict(known.balances)
    fed.lent = dict(known.lent)
    fed.accrued = known.accrued
    fed.lender_changes = set(known.lender_changes)
    fed.bankrupt_at = set(known.bankrupt_at)
    fed.feed(after.ledger.entries, after.teams[name])
    return tuple(fed.entries)


# ---------------------------------------------------------------- notes
NoteMaker = Callable[[GameState, GameState, Action, list[Event]], list[Note]]


def _purchase_notes(before: GameState, after: GameState, action: Any,
                    events: list[Event]) -> list[Note]:
    """Rulebook I, "Decision: Purchasing" (and step 2's cap at the market price)."""
    team = before.teams[action.actor]
    units, in_market = int(action.units), sum(before.market)
    prices = before.config.zone_prices
    notes: list[Note] = []
    if 2 in before.config.steps:
        from .steps.auction import MAX_UNITS_AT_MARKET_PRICE

        if units == MAX_UNITS_AT_MARKET_PRICE and in_market > units:
            notes.append(("purchase_capped_auction", {"units": units}))
    if units < in_market:
        cost = sum(prices[z] for z in purchase_zones(before.market, units))
        more = sum(prices[z] for z in purchase_zones(before.market, units + 1))
        notes.append(("next_unit_costs", {"cash": team.cash, "units": units,
                                          "next": more - cost}))
    elif after.teams[action.actor].cash >= max(prices):
        notes.append(("market_bought_out", {"units": in_market}))
    return notes


def _machine_notes(before: GameState, after: GameState, action: Any,
                   events: list[Event]) -> list[Note]:
    """Rulebook I, "Decision: Investment": the new machine produces "the turn after next"."""
    invested = next((e for e in events if e["type"] == "invest"), None)
    notes: list[Note] = []
    if invested is not None:
        notes.append(("machine_ready_at", {"machine": invested["machine"],
                                           "roll": invested["ready_at"],
                                           "rolls": before.teams[action.actor].rolls}))
    if 6 in before.config.steps:
        notes.append(("machine_needs_worker", {}))
    return notes


def _delivering(state: GameState, team: Team, now: int) -> list[Note]:
    return [("machine_delivering", {"machine": mid, "roll": state.machines[mid].ready_at,
                                    "rolls": team.rolls})
            for mid in team.machines if state.machines[mid].ready_at > now]


def _produce_notes(before: GameState, after: GameState, action: Any,
                   events: list[Event]) -> list[Note]:
    """Rulebook I, "Decision: Producing" (and step 6: workers, goods bought since the last red
    field): what limits the units."""
    from .red_field import ready_capacity

    team = before.teams[action.actor]
    units = int(action.units)
    each = (team.cash - after.teams[action.actor].cash) // units
    notes: list[Note] = []
    labour = 6 in before.config.steps
    if labour:
        from .steps.labor.books import team_data, workers_of
        from .steps.labor.fresh_goods import fresh_units
        from .steps.labor.production import staffed_capacity

        here = team_data(team)["field"]
        landed_at = int(here["roll"]) if here else 0
        notes += _delivering(before, team, landed_at)
        delivered = sum(1 for mid in team.machines
                        if before.machines[mid].ready_at <= landed_at)
        workers = workers_of(team)
        if workers < delivered:
            notes.append(("workers_run_machines", {
                "workers": workers, "run": min(workers, delivered), "machines": delivered,
                "units": staffed_capacity(before, team)}))
        fresh = fresh_units(before, team)[0]
        if fresh:
            notes.append(("fresh_raw_waits", {"units": fresh}))
    else:
        notes += _delivering(before, team, team.rolls)
    if each and units == team.cash // each and units < team.raw:
        notes.append(("production_cash_limit", {"each": each, "cash": team.cash,
                                                "units": units}))
    elif not labour and units == team.raw and units < ready_capacity(before, team):
        notes.append(("production_raw_limit", {"units": team.raw}))
    return notes


def _room(before: GameState, units: int) -> list[Note]:
    room = open_dimples(before.market, before.config.zone_capacity)
    return [("market_room", {"units": room})] if units == room else []


def _sell_notes(before: GameState, after: GameState, action: Any,
                events: list[Event]) -> list[Note]:
    """Rulebook I, "Decision: Selling" and "WEB Advertising"."""
    from .advertising import applies

    team = before.teams[action.actor]
    notes = _room(before, int(action.units))
    if applies(team):
        notes.append(("advertising_applies", {}))
    elif team.advertising:
        notes.append(("advertising_next_red_field", {}))
    return notes


def _advertise_notes(before: GameState, after: GameState, action: Any,
                     events: list[Event]) -> list[Note]:
    """The literal reading of "WEB Advertising": bought on a red field not yet decided, the
    campaign waits for the next red field."""
    from .advertising import on_undecided_red_field

    if (before.config.advertising_field == "next"
            and on_undecided_red_field(before, before.teams[action.actor])):
        return [("advertising_next_red_field", {})]
    return []


def _cost_notes(before: GameState, after: GameState, action: Any,
                events: list[Event]) -> list[Note]:
    """Rulebook I, "The Yellow Cost Field": the idle costs, by machine."""
    if action.option != "idle":
        return []
    idle = next((e for e in events if e["type"] == "cost_idle"), None)
    machines = len(before.teams[action.actor].machines)
    return [("idle_costs", {"machines": machines, "each": IDLE_COST,
                            "cost": int(idle["cost"]) if idle else 0})]


def _credit_notes(before: GameState, after: GameState, action: Any,
                  events: list[Event]) -> list[Note]:
    """Rulebook I, "Lines of Credit": how much the bank lends now, in which steps."""
    return [("credit_available", {"most": credit_available(before, before.teams[action.actor]),
                                  "step": before.config.credit_step})]


def _write_off_notes(before: GameState, after: GameState, action: Any,
                     events: list[Event]) -> list[Note]:
    """Rulebook I, "The White Write-off Field" and "End of the Game": a machine returned is
    worth nothing more; at the end each machine counts its final value."""
    if action.option != "return":
        return []
    return [("machine_final_value", {"value": FINAL_VALUE["machine"],
                                     "left": len(after.teams[action.actor].machines)})]


def _offer_sale_notes(before: GameState, after: GameState, action: Any,
                      events: list[Event]) -> list[Note]:
    """Step 1, the free market: the market price and the underbidding's step."""
    from .steps.free_market.constants import STEP_MARKS
    from .steps.free_market.market_state import current_market_price

    notes: list[Note] = [("market_price", {"price": current_market_price(before) or 0,
                                           "step": STEP_MARKS})]
    return notes + _room(before, int(action.units))


def _marketing_notes(before: GameState, after: GameState, action: Any,
                     events: list[Event]) -> list[Note]:
    if before.config.marketing_sales == "one_per_turn":
        return [("marketing_one_per_turn", {})]
    return []


def _strike_notes(before: GameState, after: GameState, action: Any,
                  events: list[Event]) -> list[Note]:
    """Step 6, "Strike": what a strike will cost the struck team on each of its red fields."""
    from .steps.labor.books import workers_of
    from .steps.labor.red_field import idle_terms

    notes: list[Note] = []
    for name in getattr(action, "teams", ()) or ():
        team = before.teams.get(name)
        if team is not None:
            terms = idle_terms(before, team, "strike")
            notes.append(("strike_terms", {"team": name, "workers": workers_of(team), **terms}))
    return notes


#: Notes by action type.
NOTES: dict[str, NoteMaker] = {
    "purchase": _purchase_notes,
    "invest": _machine_notes,
    "produce": _produce_notes,
    "sell": _sell_notes,
    "web_advertising": _advertise_notes,
    "cost": _cost_notes,
    "take_credit": _credit_notes,
    "write_off": _write_off_notes,
    "offer_sale": _offer_sale_notes,
    "marketing_sale": _marketing_notes,
    "call_strike": _strike_notes,
}


def _notes(before: GameState, after: GameState, action: Action,
           events: list[Event]) -> list[Note]:
    maker = NOTES.get(action.type)
    return maker(before, after, action, events) if maker is not None else []


# ---------------------------------------------------------------- rule values for sentences
def rule_values(config: GameConfig) -> dict[str, Any]:
    """The rule numbers a page writes into its sentences, as the game plays them: the books'
    unit values, the longest text of a deal's terms and of a correction's reason, how many
    teams a game may have, and the steps' fixed figures where the game plays them (step 5:
    the longest personal goal)."""
    from .bank_director import CORRECTION_REASON_MAX
    from .config import MAX_TEAMS

    values: dict[str, Any] = {
        "unit_values": {"raw": UNIT_VALUE["raw"], "finished": UNIT_VALUE["finished"],
                        "machine": UNIT_VALUE["machine"], "computer": UNIT_VALUE["computer"]},
        "terms_max": TERMS_MAX,
        "max_teams": MAX_TEAMS,
        "correction_reason_max": CORRECTION_REASON_MAX,
        # "The Green WEB Field": a chip's price and its uses' chips, as the green field
        # explains them (issue 21).
        "web": {"price": WEB_PRICE, "insurance": WEB_INSURANCE, "advertising": WEB_ADVERTISING,
                "advertising_cap": ADVERTISING_CAP, "efficiency": WEB_EFFICIENCY,
                "lease": WEB_LEASE, "field": WEB_FIELD},
    }
    if 1 in config.steps:
        from .steps.free_market.constants import STEP_MARKS

        values["underbid_step"] = STEP_MARKS
    if 5 in config.steps:
        from .steps.goals import PERSONAL_GOAL_MAX

        values["personal_goal_max"] = PERSONAL_GOAL_MAX
    if 6 in config.steps:
        from .steps.labor.constants import START_SALARY

        values["start_salary"] = START_SALARY
    return values
