"""Step 3: Marketing Organization.

Three marketing troughs lie on the board (numbered 1 to 3). Any team, at any time, may found an
organization in a free trough: it pays 20,000 Marks marketing costs to the bank in advance and
the bank puts 3 of its WEB chips into the trough. At every later crossing of the start the
owner pays 15,000 Marks more (a pending item ``"marketing_fee"`` per trough: pay, or give the
organization up). Withdrawing the chips (at any time) or not paying frees the trough, and its 3
chips go to the team, not back to the bank.

Each organization sells one finished unit per die roll of its owner, without competition, at
the market price (into the dearest open zone, ten times its price) — but not a unit produced
with that same roll. The sale is open from the owner's roll to the end of its turn; so that it
is never missed, a pending item ``"marketing_sale"`` is queued after the landing field's item:
there the team sells or passes. Units produced since the roll are counted from the ledger
(``team.step["marketing_mark"]``: the ledger's length when the pawn landed).

Data: ``state.step["marketing_troughs"]`` (the owner of each trough or None), the chips in the
troughs counted in ``state.step["web_elsewhere"]``; per team ``team.step["marketing_sold"]``
(``[roll, units]`` sold with that roll). ``docs/rules.md`` (Part II) lists every
interpretation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..actions import Action, Pass
from ..choice import Choice
from ..errors import RuleViolation, marks, units_of
from ..goods import to_market
from ..market import open_dimples
from ..money import move_cash, require_cash
from ..red_field import sale_prices
from ..ruleset import Handler, RulePart
from ..state import BANK, PRODUCTION, GameState, Pending, Team
from ..turn import ALL, Turn
from ..turn_checks import allowed, check_turn, need_units

STEP = 3
RULE = "3. Step: Marketing Organization"
TROUGHS = 3  # "In 3 corners of the board"
CHIPS = 3  # "a trough which can hold 3 WEBs"
FOUNDING_COST = 20_000
YEARLY_COST = 15_000
#: The ledger's party for WEB chips lying in the troughs.
TROUGH_PARTY = "marketing"
REASON = "marketing"
SALE_REASON = "marketing sale"
FEE = "marketing_fee"
SALE = "marketing_sale"


# ====================================================================== actions
@dataclass(frozen=True, slots=True)
class FoundMarketing(Action):
    """Found a marketing organization in trough 1-3 (the first free one if None)."""

    type: ClassVar[str] = "found_marketing"
    trough: int | None = None


@dataclass(frozen=True, slots=True)
class CloseMarketing(Action):
    """Withdraw the 3 WEB chips from one's trough: the organization closes, the chips are the
    team's. ``trough`` may be left out by a team that owns exactly one."""

    type: ClassVar[str] = "close_marketing"
    trough: int | None = None


@dataclass(frozen=True, slots=True)
class MarketingSale(Action):
    """Sell ``units`` finished units through one's organizations (one per organization per
    roll), in one's own turn after the roll."""

    type: ClassVar[str] = "marketing_sale"
    units: int = 1


@dataclass(frozen=True, slots=True)
class PayMarketing(Action):
    """At the start crossing: ``pay`` the 15,000 Marks for ``trough`` (the one due if None),
    or not, which gives the organization up."""

    type: ClassVar[str] = "pay_marketing"
    trough: int | None = None
    pay: bool = True



# ====================================================================== the troughs
def troughs(state: GameState) -> list[str | None]:
    """The owner of each trough, trough 1 first."""
    owners: list[str | None] = state.step.get("marketing_troughs", [None] * TROUGHS)
    return owners


def owned(state: GameState, team: Team) -> list[int]:
    """The numbers (1-3) of the team's troughs."""
    return [i + 1 for i, owner in enumerate(troughs(state)) if owner == team.name]


def free_troughs(state: GameState) -> list[int]:
    return [i + 1 for i, owner in enumerate(troughs(state)) if owner is None]


def _set_owner(state: GameState, trough: int, owner: str | None) -> None:
    owners = list(troughs(state))
    owners[trough - 1] = owner
    state.step["marketing_troughs"] = owners
    state.step["web_elsewhere"] = state.step.get("web_elsewhere", 0) + (
        CHIPS if owner is not None else -CHIPS)


def _free(turn: Turn, team: Team, trough: int, how: str) -> None:
    """The trough becomes free; its chips go to the team ("NOT back to the bank"). ``how``
    says why, in a word for the event (``"closed"``, ``"unpaid"``, ``"bankrupt"``)."""
    state = turn.state
    _set_owner(state, trough, None)
    team.web += CHIPS
    state.ledger.post(state.seq, "web", TROUGH_PARTY, team.name, CHIPS, REASON)
    # A fee still queued for this trough is no longer due.
    state.pending = [p for p in state.pending
                     if not (p.kind == FEE and p.detail == str(trough))]
    turn.emit("marketing_closed", ALL, team=team.name, trough=trough, how=how, chips=CHIPS)


def _step_on(state: GameState) -> None:
    if STEP not in state.config.steps:
        raise RuleViolation("Marketing organizations are not played in this game (expansion "
                            "step 3).", RULE, code="step_off", params={"step": STEP})


def _check_trough_number(trough: Any) -> None:
    if not isinstance(trough, int) or isinstance(trough, bool) or not 1 <= trough <= TROUGHS:
        raise RuleViolation(f"The board has marketing troughs 1 to {TROUGHS}; not {trough}.",
                            RULE, code="trough_range",
                            params={"troughs": TROUGHS, "trough": repr(trough)
                                    if not isinstance(trough, int) else trough})


# ====================================================================== founding and closing
def check_found(state: GameState, action: FoundMarketing) -> tuple[Team, int]:
    """The founding team and the trough it takes (the first free one, unnamed)."""
    _step_on(state)
    team = state.teams[action.actor]
    free = free_troughs(state)
    if action.trough is None:
        if not free:
            raise RuleViolation(f"All {TROUGHS} marketing troughs are taken.", RULE,
                                code="troughs_all_taken", params={"troughs": TROUGHS})
        trough = free[0]
    else:
        _check_trough_number(action.trough)
        trough = action.trough
        owner = troughs(state)[trough - 1]
        if owner is not None:
            raise RuleViolation(f"Marketing trough {trough} is taken by {owner}"
                                f"{' (you)' if owner == team.name else ''}.", RULE,
                                code="trough_yours" if owner == team.name else "trough_taken",
                                params={"trough": trough, "owner": owner})
    if state.web_bank < CHIPS:
        raise RuleViolation(f"The bank has {state.web_bank} WEB chips; a marketing trough "
                            f"takes {CHIPS}.", RULE, code="bank_web_for_trough",
                            params={"have": state.web_bank, "need": CHIPS})
    require_cash(team, FOUNDING_COST, "a marketing organization", RULE,
               code="cash_for_marketing_organization")
    return team, trough


def _found(turn: Turn, action: FoundMarketing) -> None:
    state = turn.state
    team, trough = check_found(state, action)
    move_cash(turn, team, None, FOUNDING_COST, REASON)
    state.web_bank -= CHIPS
    state.ledger.post(state.seq, "web", BANK, TROUGH_PARTY, CHIPS, REASON)
    _set_owner(state, trough, team.name)
    turn.emit("marketing_founded", ALL, team=team.name, trough=trough, cost=FOUNDING_COST,
              chips=CHIPS)


def check_close(state: GameState, action: CloseMarketing) -> tuple[Team, int]:
    """The closing team and the trough it gives up."""
    _step_on(state)
    team = state.teams[action.actor]
    mine = owned(state, team)
    if action.trough is None:
        if len(mine) != 1:
            raise RuleViolation("Name the trough to close: you own "
                                f"{', '.join(map(str, mine)) or 'none'}.", RULE,
                                code="trough_to_close", params={"yours": list(mine)})
        trough = mine[0]
    else:
        _check_trough_number(action.trough)
        trough = action.trough
        if trough not in mine:
            raise RuleViolation(f"Marketing trough {trough} is not yours.", RULE,
                                code="trough_not_yours", params={"trough": trough})
    return team, trough


def _close(turn: Turn, action: CloseMarketing) -> None:
    team, trough = check_close(turn.state, action)
    _free(turn, team, trough, "closed")




# ====================================================================== the yearly fee
def _on_cross_start(turn: Turn, team: Team) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        return
    for trough in owned(state, team):
        state.pending.append(Pending(FEE, YEARLY_COST, REASON, str(trough)))


def _fee_due(state: GameState, team: Team) -> int | None:
    """The trough whose fee the turn waits on, if the team still owns it."""
    head = state.pending[0] if state.pending else None
    if head is None or head.kind != FEE:
        return None
    trough = int(head.detail)
    return trough if troughs(state)[trough - 1] == team.name else None


def _auto_fee(turn: Turn, team: Team, head: Pending) -> bool:
    if _fee_due(turn.state, team) is None:  # given up meanwhile: nothing is due
        turn.state.pending.pop(0)
        return True
    return False


def check_pay(state: GameState, action: PayMarketing) -> tuple[Team, int]:
    """The paying team and the trough whose costs are due."""
    _step_on(state)
    team = check_turn(state, action, FEE, "Paying the marketing costs", RULE)
    trough = _fee_due(state, team)
    if trough is None:  # cannot happen: an item for a freed trough is dropped with it
        raise RuleViolation("No marketing costs are due now.", RULE, code="no_marketing_costs_due")
    if action.trough is not None and action.trough != trough:
        raise RuleViolation(f"The marketing costs due now are for trough {trough}.", RULE,
                            code="marketing_costs_for_trough", params={"trough": trough})
    if not isinstance(action.pay, bool):
        raise RuleViolation("pay is true (pay the 15,000 Marks) or false (give the "
                            "organization up).", RULE, code="marketing_pay_bool",
                            params={"cost": YEARLY_COST})
    if action.pay:
        require_cash(team, YEARLY_COST, "the yearly marketing costs", RULE,
                   code="cash_for_marketing_costs")
    return team, trough


def _pay(turn: Turn, action: PayMarketing) -> None:
    state = turn.state
    team, trough = check_pay(state, action)
    if action.pay:
        state.pending.pop(0)
        move_cash(turn, team, None, YEARLY_COST, REASON)
        turn.emit("marketing_paid", ALL, team=team.name, trough=trough, cost=YEARLY_COST)
    else:
        _free(turn, team, trough, "unpaid")




# ====================================================================== the sale
def produced_this_roll(state: GameState, team: Team) -> int:
    """Finished units the team produced since its pawn landed (this roll)."""
    mark = team.step.get("marketing_mark", len(state.ledger))
    return sum(e.qty for e in state.ledger.entries[mark:]
               if e.kind == "finished" and e.source == PRODUCTION and e.target == team.name)


def sold_this_roll(team: Team) -> int:
    sold = team.step.get("marketing_sold")
    if sold is None:  # nothing sold yet (as [-1, 0]: no roll is number -1)
        return 0
    roll, units = sold
    return int(units) if roll == team.rolls else 0


def allowance(state: GameState, team: Team) -> int:
    """Units the team's organizations may still sell with this roll: one each, or with
    ``marketing_sales: "one_per_turn"`` (the rulebook's "the right to sell one of his finished
    products ... at every of his turns") one however many it owns."""
    owners = state.step.get("marketing_troughs")  # None: no trough was ever taken
    mine = owners.count(team.name) if owners is not None else 0
    if state.config.marketing_sales == "one_per_turn":
        mine = min(mine, 1)
    return max(0, mine - sold_this_roll(team))


def sellable(state: GameState, team: Team) -> int:
    """Finished units in stock that were not produced with this roll, held back by the
    ``sale_limits`` of the rules in force (step 6: only what the workers may sell)."""
    units = max(0, team.finished - produced_this_roll(state, team))
    for limit in state.rules.sale_limits:
        units = min(units, limit(state, team))
    return units


def sale_limit(state: GameState, team: Team) -> int:
    room = open_dimples(state.market, state.config.zone_capacity)
    left = allowance(state, team)
    if not left:  # no organization selling (the usual case): the stock need not be counted,
        return min(left, room)  # ``sellable`` is never below 0
    return min(left, sellable(state, team), room)


def _sale_open(state: GameState, team: Team) -> bool:
    """From the team's roll to the end of its turn, except while a phase of several teams
    (an auction, a free-market bidding) runs, and except when its turn waits on its
    ``marketing_sale`` item, which handles it."""
    if state.phase != "turn" or state.current != team.name or not state.rolled:
        return False
    head = state.pending[0].kind if state.pending else None
    return head not in state.rules.waiting_on


def _on_landed(turn: Turn, team: Team, letter: str) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        return
    team.step["marketing_mark"] = len(state.ledger)
    state.pending.append(Pending(SALE))


def _auto_sale(turn: Turn, team: Team, head: Pending) -> bool:
    """Nothing to decide: no organization, all used, or nothing to sell."""
    state = turn.state
    left = allowance(state, team)  # sale_limit's, asked once (popping the item changes none)
    room = open_dimples(state.market, state.config.zone_capacity)
    if (min(left, sellable(state, team), room) if left else min(left, room)):
        return False
    state.pending.pop(0)
    if left and not sold_this_roll(team):
        stock = sellable(state, team)
        turn.emit("marketing_idle", ALL, team=team.name,
                  why="no_stock" if not stock else "market_full")
    return True


def check_sale(state: GameState, action: MarketingSale) -> Team:
    """The selling team (the units are the action's)."""
    _step_on(state)
    team = state.teams[action.actor]
    if state.phase != "turn" or state.current != team.name:
        raise RuleViolation(f"Marketing organizations sell in their owner's turn; it is "
                            f"{state.current}'s turn, not {team.name}'s.", RULE,
                            code="marketing_sale_not_your_turn",
                            params={"current": state.current, "actor": team.name})
    if not state.rolled:
        raise RuleViolation("Your marketing organizations sell once you have rolled.", RULE,
                            code="marketing_sale_before_roll")
    at_item = bool(state.pending) and state.pending[0].kind == SALE
    if not at_item and not _sale_open(state, team):
        raise RuleViolation("The marketing sale waits until the phase of several teams is "
                            "over.", RULE, code="marketing_sale_waits")
    units = action.units
    if not isinstance(units, int) or isinstance(units, bool):
        raise RuleViolation("Name a whole number of units.", RULE, code="units_whole_number")
    need_units(units, "unit to sell", RULE, code="no_units_to_sell")
    mine = len(owned(state, team))
    if not mine:
        raise RuleViolation("You own no marketing organization.", RULE,
                            code="no_marketing_organization")
    left = allowance(state, team)
    if units > left and state.config.marketing_sales == "one_per_turn":
        raise RuleViolation(f"Your marketing organizations sell one unit per roll, however "
                            f"many you own: you have sold {sold_this_roll(team)} with this "
                            f"roll, so {left} more at most, not {units}.", RULE,
                            code="marketing_sale_one_per_turn",
                            params={"owned": mine, "sold": sold_this_roll(team), "left": left,
                                    "units": units})
    if units > left:
        raise RuleViolation(f"Each marketing organization sells one unit per roll: you own "
                            f"{mine} and have sold {sold_this_roll(team)} with this roll, so "
                            f"{left} more at most, not {units}.", RULE,
                            code="marketing_sale_allowance",
                            params={"owned": mine, "sold": sold_this_roll(team), "left": left,
                                    "units": units})
    fresh = produced_this_roll(state, team)
    if units > team.finished - fresh:
        if not team.finished:
            raise RuleViolation("You have no finished unit in stock.", RULE,
                                code="no_finished_in_stock")
        raise RuleViolation(f"You have {units_of(team.finished, 'finished')}, {fresh} of them "
                            f"produced with this roll, which cannot be sold through the "
                            f"organization: {max(0, team.finished - fresh)} at most.", RULE,
                            code="marketing_sale_fresh",
                            params={"have": team.finished, "fresh": fresh,
                                    "most": max(0, team.finished - fresh)})
    room = open_dimples(state.market, state.config.zone_capacity)
    if units > room:
        raise RuleViolation(f"The market has room for {units_of(room)} only.", RULE,
                            code="market_room", params={"room": room, "units": units})
    return team


def _sell(turn: Turn, action: MarketingSale) -> None:
    state = turn.state
    team = check_sale(state, action)
    units = action.units
    at_item = bool(state.pending) and state.pending[0].kind == SALE
    prices = sale_prices(state, team, units, advertising=False)
    revenue = sum(prices)
    to_market(turn, team, "finished", units, SALE_REASON)
    move_cash(turn, None, team, revenue, SALE_REASON)
    team.step["marketing_sold"] = [team.rolls, sold_this_roll(team) + units]
    if at_item and not allowance(state, team):
        state.pending.pop(0)
    team.sales_total += revenue
    turn.emit("marketing_sale", ALL, team=team.name, units=units, revenue=revenue, prices=prices)
    turn.hook("sale", team, revenue)


def _pass(turn: Turn, action: Pass, base: Handler) -> None:
    """``pass`` at the ``marketing_sale`` item: sell nothing (more) with this roll. Wraps the
    base model's pass (``PART.wraps``)."""
    state = turn.state
    head = state.pending[0].kind if state.pending else None
    if STEP not in state.config.steps or head != SALE or action.actor != state.current:
        base(turn, action)
        return
    state.pending.pop(0)
    turn.emit("pass", ALL, team=action.actor, on="marketing_sale")




# ====================================================================== bankruptcy
def _on_bankrupt(turn: Turn, team: Team) -> None:
    """A bankrupt team's organizations close; their chips go to the team and, with all its
    WEB chips, to the bank."""
    if STEP not in turn.state.config.steps:
        return
    for trough in owned(turn.state, team):
        _free(turn, team, trough, "bankrupt")



# ====================================================================== legal moves
def _any_time(state: GameState, team: Team) -> list[Choice]:
    if STEP not in state.config.steps or state.phase == "ended":
        return []
    out: list[Choice] = []
    owners = troughs(state)
    free = [i + 1 for i, owner in enumerate(owners) if owner is None]
    name = team.name
    if free and allowed(state, FoundMarketing(name)):
        out.append(Choice(FoundMarketing, param="trough", values=free, any_time=True))
    mine = [i + 1 for i, owner in enumerate(owners) if owner == name]
    if mine:
        out.append(Choice(CloseMarketing, param="trough", values=mine, any_time=True))
    head = state.pending[0].kind if state.pending else None
    if head != SALE and _sale_open(state, team):
        units = sale_limit(state, team)
        if units:
            out.append(Choice(MarketingSale, param="units", values=range(1, units + 1),
                                    any_time=True))
    return out


def _fee_choices(state: GameState, team: Team) -> list[Choice]:
    if state.current != team.name:
        return []
    trough = _fee_due(state, team)
    if trough is None:
        return []
    out = []
    if allowed(state, PayMarketing(team.name, trough=trough, pay=True)):
        out.append(Choice(PayMarketing, {"trough": trough, "pay": True}))
    out.append(Choice(PayMarketing, {"trough": trough, "pay": False}))
    return out


def _sale_choices(state: GameState, team: Team) -> list[Choice]:
    if state.current != team.name:
        return []
    out = []
    units = sale_limit(state, team)
    if units:
        out.append(Choice(MarketingSale, param="units", values=range(1, units + 1)))
    out.append(Choice(Pass))
    return out


def _fee_waiting_text(state: GameState) -> str:
    return (f"paying {marks(YEARLY_COST)} Marks marketing costs for trough "
            f"{state.pending[0].detail}, or giving it up.")


def _sale_waiting_text(state: GameState) -> str:
    return "a sale through the marketing organization, or a pass."


def _fee_waiting_params(state: GameState) -> dict[str, Any]:
    return {"cost": YEARLY_COST, "trough": int(state.pending[0].detail)}


def _sale_waiting_params(state: GameState) -> dict[str, Any]:
    return {}


# ====================================================================== checks and views
def _check(state: GameState) -> list[str]:
    on_books = state.ledger.balance("web", TROUGH_PARTY)
    if on_books == 0 and "marketing_troughs" not in state.step:
        return []  # no trough was ever taken (three free troughs, no chips in them)
    owners = troughs(state)
    out = []
    if len(owners) != TROUGHS:
        out.append(f"{len(owners)} marketing troughs, not {TROUGHS}")
    held = sum(1 for o in owners if o is not None)
    if on_books != CHIPS * held:
        out.append(f"ledger has {on_books} WEB chips in the marketing troughs, the board "
                   f"{CHIPS * held}")
    for o in owners:
        if o is not None and (o not in state.teams or state.teams[o].bankrupt):
            out.append(f"marketing trough held by {o}, not a team in the game")
    return out



def _view(state: GameState, viewer: str) -> dict[str, Any]:
    if STEP not in state.config.steps:
        return {}
    return {"marketing": {
        "troughs": [{"trough": i + 1, "owner": o, "chips": CHIPS if o else 0}
                    for i, o in enumerate(troughs(state))],
        "founding_cost": FOUNDING_COST, "yearly_cost": YEARLY_COST,
    }}



PART = RulePart(
    name="step 3: marketing organizations",
    enabled=lambda config: STEP in config.steps,
    handlers={FoundMarketing: _found, CloseMarketing: _close, PayMarketing: _pay,
              MarketingSale: _sell},
    checks={FoundMarketing: check_found, CloseMarketing: check_close, PayMarketing: check_pay,
            MarketingSale: check_sale},
    int_fields=frozenset({"trough"}),
    invariant_checks=(_check,),
    wraps={Pass: _pass},
    hooks={"cross_start": (_on_cross_start,), "landed": (_on_landed,),
           "bankrupt": (_on_bankrupt,)},
    auto={FEE: _auto_fee, SALE: _auto_sale},
    waiting_texts={FEE: _fee_waiting_text, SALE: _sale_waiting_text},
    waiting_params={FEE: _fee_waiting_params, SALE: _sale_waiting_params},
    pending_choices={FEE: _fee_choices, SALE: _sale_choices},
    any_time_choices=(_any_time,),
    views=(_view,),
)
