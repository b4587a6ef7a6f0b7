"""Step 2: Competition during Purchasing.

A team deciding to purchase on a red field takes at most 2 units at the market price (cheapest
filled zone first, each unit at its zone's price). What is left in the zone of the last unit it
bought is then auctioned by the bank as one lot: the opening price is that zone's price per
unit; every team still in the game, the buyer too, may bid more, per unit, in steps of
``GameConfig.auction_step``; the highest bidder pays price x units to the bank and takes the lot
as raw material. If nobody offers more than the opening price the units stay on the board.

The auction is a pending item ``"auction"`` at the head of the queue (the red decision is
complete), its data in ``state.step["auction"]``:

- ``buyer``: the team whose purchase opened it; ``zone``/``units``: the lot;
  ``opening``: the zone's price per unit;
- ``bids``: ``[team, price per unit]`` in the order made (each one higher than the last);
- ``passed``: the teams that have passed since the last bid.

It closes when every team still in the game except the highest bidder has passed since the last
bid, or when the bank closes it (``close_auction``: the site's deadline). At closing the bids are
tried from the highest down, one per team: a team whose cash no longer covers its best bid
drops out and the next team's best bid takes its place. ``docs/rules.md`` (Part II)
lists every interpretation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..actions import Action, Purchase
from ..choice import Choice
from ..errors import RuleViolation, marks, units_of
from ..market import purchase_zones
from ..money import move_cash, require_cash
from ..ruleset import Check, Handler, RulePart
from ..state import BANK, MARKET, GameState, Pending, Team
from ..turn import ALL, Turn
from ..turn_checks import check_turn

STEP = 2
RULE = "2. Step: Competition during Purchasing"
#: "can purchase a maximum of 2 units of product at the market indicated price point"
MAX_UNITS_AT_MARKET_PRICE = 2
PENDING = "auction"


# ====================================================================== actions
@dataclass(frozen=True, slots=True)
class AuctionBid(Action):
    """Bid ``price`` Marks per unit for the whole lot now auctioned (any team)."""

    type: ClassVar[str] = "auction_bid"
    price: int = 0


@dataclass(frozen=True, slots=True)
class AuctionPass(Action):
    """Offer no more than the highest bid so far (any team that does not hold it)."""

    type: ClassVar[str] = "auction_pass"


@dataclass(frozen=True, slots=True)
class CloseAuction(Action):
    """The bank closes the auction now (its deadline has passed)."""

    type: ClassVar[str] = "close_auction"



# ====================================================================== the auction's data
def open_auction(state: GameState) -> dict[str, Any] | None:
    """The auction the game waits on now, if any."""
    if state.pending and state.pending[0].kind == PENDING:
        auction: dict[str, Any] | None = state.step.get("auction")
        return auction
    return None


def highest(auction: dict[str, Any]) -> tuple[str | None, int]:
    """The highest bidder (None without a bid) and the price a new bid must beat."""
    if auction["bids"]:
        team, price = auction["bids"][-1]
        return team, price
    return None, auction["opening"]


def lowest_bid(state: GameState, auction: dict[str, Any]) -> int:
    return highest(auction)[1] + state.config.auction_step


def highest_affordable_bid(state: GameState, auction: dict[str, Any], team: Team) -> int:
    """The highest price per unit on the bidding steps that the team's cash covers for the lot
    (may be below the lowest bid allowed)."""
    step = state.config.auction_step
    opening: int = auction["opening"]
    units: int = auction["units"]
    most = team.cash // units
    return opening + (most - opening) // step * step


def still_to_answer(state: GameState, auction: dict[str, Any]) -> list[str]:
    """Teams the auction waits on: all teams still in the game except the highest bidder that
    have not passed since the last bid, round the table from the last bidder (from the buyer
    before the first bid)."""
    leader, _ = highest(auction)
    teams = state.teams
    names = list(teams)
    first = names.index(leader) + 1 if leader is not None else names.index(auction["buyer"])
    passed = auction["passed"]
    return [n for n in names[first:] + names[:first]
            if n != leader and n not in passed and not teams[n].bankrupt]


def _start(turn: Turn, buyer: Team, zone: int) -> None:
    state = turn.state
    units = state.market[zone]
    opening = state.config.zone_prices[zone]
    state.step["auction"] = {"buyer": buyer.name, "zone": zone, "units": units,
                             "opening": opening, "bids": [], "passed": []}
    state.pending.insert(0, Pending(PENDING, opening, "auction", f"{units} units"))
    turn.emit("auction_open", ALL, zone=zone, units=units, opening=opening, buyer=buyer.name)


def _close(turn: Turn, how: str) -> None:
    """Sell the lot to the highest bid whose team can still pay it, or leave it on the board.
    ``how`` says why it closes, in a word for the event (``"no_bids"``, ``"all_passed"``,
    ``"bank"``)."""
    state = turn.state
    auction = state.step.pop("auction")
    if state.pending and state.pending[0].kind == PENDING:
        state.pending.pop(0)
    zone = auction["zone"]
    # The lot cannot grow, but goods sold into the market never take from it; guard anyway.
    units = min(auction["units"], state.market[zone])
    turn.emit("auction_closed", ALL, zone=zone, how=how)
    tried: set[str] = set()
    for name, price in reversed(auction["bids"] if units else []):
        if name in tried:
            continue  # only a team's best bid counts
        tried.add(name)
        team = state.teams[name]
        cost = price * units
        if team.bankrupt or team.cash < cost:
            turn.emit("auction_default", ALL, team=name, price=price, cost=cost)
            continue
        _sell_lot(turn, team, zone, units, price)
        return
    turn.emit("auction_unsold", ALL, zone=zone, units=units, opening=auction["opening"])


def _sell_lot(turn: Turn, team: Team, zone: int, units: int, price: int) -> None:
    state = turn.state
    cost = price * units
    state.market[zone] -= units
    team.raw += units
    state.ledger.post(state.seq, "raw", MARKET, team.name, units, "auction")
    move_cash(turn, team, None, cost, "auction")
    turn.emit("auction_won", ALL, team=team.name, units=units, price=price, cost=cost)


def _auto_close(turn: Turn, team: Team, head: Pending) -> bool:
    """Every team has passed since the last bid: the lot goes to the highest bidder."""
    auction = turn.state.step.get("auction")
    if auction is None:  # the data is gone (cannot happen): do not wait on nothing
        turn.state.pending.pop(0)
        return True
    if still_to_answer(turn.state, auction):
        return False
    _close(turn, "all_passed" if auction["bids"] else "no_bids")
    return True



def _waiting_text(state: GameState) -> str:
    auction = state.step.get("auction")
    if auction is None:
        return "the auction."
    return (f"the auction of {auction['units']} unit(s); bids from "
            f"{marks(lowest_bid(state, auction))} Marks per unit.")


def _waiting_params(state: GameState) -> dict[str, Any]:
    auction = state.step.get("auction")
    return {} if auction is None else {"units": auction["units"],
                                       "price": lowest_bid(state, auction)}


# ====================================================================== handlers
def _require_auction(turn: Turn) -> dict[str, Any]:
    return _check_auction(turn.state)


def _check_auction(state: GameState) -> dict[str, Any]:
    if STEP not in state.config.steps:
        raise RuleViolation("Purchasing auctions are not played in this game (expansion "
                            "step 2).", RULE, code="step_off", params={"step": STEP})
    auction = open_auction(state)
    if auction is None:
        raise RuleViolation("No auction is open now.", RULE, code="no_auction_open")
    return auction


def _check_bid(state: GameState, action: AuctionBid) -> Team:
    auction = _check_auction(state)
    team = state.teams[action.actor]
    price = action.price
    if not isinstance(price, int) or isinstance(price, bool):
        raise RuleViolation("A bid is a whole number of Marks per unit.", RULE,
                            code="bid_whole_number")
    leader, standing = highest(auction)
    if leader == team.name:
        raise RuleViolation(f"You hold the highest bid already ({marks(standing)} Marks per "
                            "unit).", RULE, code="auction_highest_bid_already",
                            params={"price": standing})
    step = state.config.auction_step
    if price <= standing:
        what = "the highest bid" if leader else "the market price the bank opened with"
        raise RuleViolation(f"Bid more than {what}: at least {marks(standing + step)} Marks "
                            f"per unit, not {marks(price)}.", RULE,
                            code="auction_bid_above_highest" if leader
                            else "auction_bid_above_opening",
                            params={"least": standing + step, "price": price})
    if (price - auction["opening"]) % step or price < standing + step:
        raise RuleViolation(f"Bids rise in steps of {marks(step)} Marks from the opening "
                            f"price of {marks(auction['opening'])}: bid "
                            f"{marks(standing + step)}, or more in steps of {marks(step)}.",
                            RULE, code="auction_bid_step",
                            params={"step": step, "opening": auction["opening"],
                                    "least": standing + step, "price": price})
    units = auction["units"]
    require_cash(team, price * units, f"{units_of(units)} at {marks(price)} Marks", RULE,
               code="cash_for_auction_bid", params={"units": units, "price": price})
    return team


def _bid(turn: Turn, action: AuctionBid) -> None:
    state = turn.state
    team = _check_bid(state, action)
    auction = _check_auction(state)
    price = action.price
    units = auction["units"]
    auction["bids"].append([team.name, price])
    auction["passed"] = []
    turn.emit("auction_bid", ALL, team=team.name, price=price, units=units)


def _pass(turn: Turn, action: AuctionPass) -> None:
    state = turn.state
    auction = _require_auction(turn)
    team = state.teams[action.actor]
    leader, standing = highest(auction)
    if leader == team.name:
        raise RuleViolation(f"You hold the highest bid ({marks(standing)} Marks per unit); "
                            "there is nothing to pass on.", RULE, code="auction_pass_leader",
                            params={"price": standing})
    if team.name in auction["passed"]:
        raise RuleViolation("You have passed already; you may still bid until the auction "
                            "closes.", RULE, code="auction_passed_already")
    auction["passed"].append(team.name)
    turn.emit("auction_pass", ALL, team=team.name, price=standing)


def _close_by_bank(turn: Turn, action: CloseAuction) -> None:
    _require_auction(turn)
    _close(turn, "bank")


# ---------------------------------------------------------------- the red field's purchase
def _check_capped_purchase(state: GameState, action: Purchase) -> Team:
    """Step 2's own conditions of a purchase (the base model's follow)."""
    buyer = check_turn(state, action, "red", "Purchasing", "Decision: Purchasing")
    if not isinstance(action.units, int) or isinstance(action.units, bool):
        raise RuleViolation("Name a whole number of units to buy.", "Decision: Purchasing",
                            code="units_whole_number")
    if action.units > MAX_UNITS_AT_MARKET_PRICE:
        raise RuleViolation(f"With competition during purchasing you buy at most "
                            f"{MAX_UNITS_AT_MARKET_PRICE} units at the market price, not "
                            f"{action.units}; the rest of the zone is then auctioned.", RULE,
                            code="auction_purchase_cap",
                            params={"most": MAX_UNITS_AT_MARKET_PRICE, "units": action.units})
    return buyer


def _check_purchase(state: GameState, action: Purchase, base: Check) -> Any:
    """The check of a purchase with competition (``PART.check_wraps``)."""
    if STEP in state.config.steps:
        _check_capped_purchase(state, action)
    return base(state, action)


def _auction_moves(state: GameState, team: Team, moves: list[Action]) -> list[Action]:
    """While an auction runs, every team but the highest bidder may bid: the lowest bid
    (``PART.nearest_moves``)."""
    auction = open_auction(state) if STEP in state.config.steps else None
    if auction is None or highest(auction)[0] == team.name:
        return moves
    return [*moves, AuctionBid(team.name, price=lowest_bid(state, auction))]


def _purchase(turn: Turn, action: Purchase, base: Handler) -> None:
    """At most 2 units at the market price; then the rest of the last unit's zone is
    auctioned. Wraps the base model's purchase (``PART.wraps``)."""
    state = turn.state
    if STEP not in state.config.steps:
        base(turn, action)
        return
    buyer = _check_capped_purchase(state, action)
    zones = purchase_zones(state.market, max(action.units, 0))
    base(turn, action)  # checks the rest; refuses before changing anything
    zone = zones[-1]
    if state.market[zone]:
        _start(turn, buyer, zone)



# ====================================================================== legal moves
def _auction_choices(state: GameState, team: Team) -> list[Choice]:
    auction = open_auction(state)
    if auction is None or team.bankrupt:
        return []
    leader, standing = highest(auction)
    if leader == team.name:
        return []
    out: list[Choice] = []
    if team.name not in auction["passed"]:
        out.append(Choice(AuctionPass))  # first: a bot that knows no better passes
    low = standing + state.config.auction_step  # lowest_bid(state, auction)
    top = highest_affordable_bid(state, auction, team)
    if top >= low:
        out.append(Choice(AuctionBid, param="price",
                                values=range(low, top + 1, state.config.auction_step)))
    return out


def _waiting(state: GameState) -> list[str]:
    auction = open_auction(state)
    return still_to_answer(state, auction) if auction is not None else []


def _bank_choices(state: GameState, actor: str) -> list[Choice]:
    if actor == BANK and STEP in state.config.steps and open_auction(state) is not None:
        return [Choice(CloseAuction)]
    return []


def _limit_purchase(state: GameState, team: Team, choices: list[Choice]
                    ) -> list[Choice]:
    if STEP not in state.config.steps:
        return choices
    for c in choices:
        if c.cls is Purchase:
            break
    else:  # nothing to limit (most calls): the list as it is
        return choices
    out = []
    for c in choices:
        if c.cls is Purchase and not c.fixed and c.param == "units":
            values = [v for v in c.values if v <= MAX_UNITS_AT_MARKET_PRICE]
            if not values:
                continue
            c = Choice(Purchase, param="units", values=values)
        out.append(c)
    return out



# ====================================================================== hooks, checks, views
def _on_bankrupt(turn: Turn, team: Team) -> None:
    # Only the team whose turn it is goes bankrupt, and its pending items go with it.
    if team.name == turn.state.current:
        turn.state.step.pop("auction", None)


def _on_game_over(turn: Turn) -> None:
    turn.state.step.pop("auction", None)



def _check(state: GameState) -> list[str]:
    auction = state.step.get("auction")
    queued = False
    for item in state.pending:  # a loop, not any(genexpr): this runs after every action
        if item.kind == PENDING:
            queued = True
            break
    if auction is None:
        return ["an auction is queued without its data"] if queued else []
    out = [] if queued else ["auction data without a queued auction"]
    prices = [price for _, price in auction["bids"]]
    if prices != sorted(set(prices)) or any(p <= auction["opening"] for p in prices):
        out.append(f"auction bids do not rise above the opening price: {auction['bids']}")
    if auction["units"] < 1:
        out.append("an auction of no units")
    return out



def _view(state: GameState, viewer: str) -> dict[str, Any]:
    auction = open_auction(state)
    if auction is None:
        return {}
    leader, standing = highest(auction)
    # Bids are called out loud at the table: everyone sees them.
    return {"auction": {
        "buyer": auction["buyer"], "zone": auction["zone"], "units": auction["units"],
        "opening": auction["opening"], "highest_bid": standing if leader else None,
        "highest_bidder": leader, "lowest_bid": lowest_bid(state, auction),
        "step": state.config.auction_step, "bids": [list(b) for b in auction["bids"]],
        "passed": list(auction["passed"]), "waiting_for": still_to_answer(state, auction),
    }}



PART = RulePart(
    name="step 2: competition during purchasing",
    enabled=lambda config: STEP in config.steps,
    handlers={AuctionBid: _bid, AuctionPass: _pass, CloseAuction: _close_by_bank},
    actor_actions={BANK: frozenset({CloseAuction})},
    int_fields=frozenset({"price"}),
    invariant_checks=(_check,),
    checks={AuctionBid: _check_bid},
    wraps={Purchase: _purchase},
    check_wraps={Purchase: _check_purchase},
    nearest_moves=(_auction_moves,),
    hooks={"bankrupt": (_on_bankrupt,), "game_over": (_on_game_over,)},
    auto={PENDING: _auto_close},
    waiting_texts={PENDING: _waiting_text},
    waiting_params={PENDING: _waiting_params},
    waiting_on={PENDING: _waiting},
    pending_choices={PENDING: _auction_choices},
    turn_choice_filters=(_limit_purchase,),
    actor_choices=(_bank_choices,),
    views=(_view,),
)
