"""Step 1: Free Market for Sales.

A team on a red field that sells no longer gets the market price automatically: it is the
*first supplier* and announces (``offer_sale``) a number of units N and a price per unit no
higher than the market price (ten times the dearest zone with an empty dimple). Every other
team holding finished product may then underbid in steps of 500 Marks over several rounds; the
bidding goes on until no more than N units are on offer. Sold units go into the highest open
zones whatever their price. A first supplier with an advertising campaign cannot be underbid:
its sale goes through at once at the advertising price.

The phase, round by round (``docs/rules.md`` (Part II) gives the reasons):

* Round 1 — the competition: each team holding finished product answers ``bid {units,
  price}`` with the price at P or P - 500 (P: the announced price), or ``withdraw_bid``.
  Units the competition did not cover (N - C, C its units on offer) go to the first supplier
  at once at the market price; the contest goes on for the C units. Nobody bidding, the first
  supplier sells all N at the market price.
* While the first supplier is in: if no competing offer is below its price, it sells the
  contested units at its price (the seller wins ties). Otherwise it answers first —
  ``match_bid`` (its price becomes the lowest offer) or ``withdraw_bid`` — and then the
  competition answers again, each keeping its price, meeting the lowest offer L or going to
  L - 500, with no more units than before.
* Once the first supplier has withdrawn, the competition bids on until its units are no more
  than the contested units; each then sells its units at its own price. A round that changes
  nothing, or the round limit (``GameConfig.free_market_round_limit``), ends the bidding: the
  lowest offers sell first, a tie at the margin broken by a recorded draw.
* A team that does not answer withdraws ("by not participating in the subsequent bidding
  round"); the bank may close a round for the teams that have not answered
  (``close_bidding``).

The phase's data is ``state.step["free_market"]`` (plain JSON); it is public: the bidding
happens out loud.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from .. import actions as A
from .. import engine as E
from .. import invariants, legal, views
from ..errors import RuleViolation, marks
from ..goods import _to_market
from ..legal import Choice
from ..market import market_price, open_dimples
from ..money import _cash
from ..red_field import _decided, sale_prices
from ..state import BANK, GameState, Pending, Team

STEP = 1
RULE = "1. Step: Free Market for Sales"
ADVERTISING_RULE = "Advertising Campaigns (2 WEBs)"
KEY = "free_market"
KIND = "bidding"
#: "You can only underbid in price in decrements of 500 Marks."
STEP_MARKS = 500
#: How far below the market price the listed offer choices go (bots, the site's buttons); any
#: price in 500-Mark steps below the market price may be announced.
OFFER_SPAN = 2_000

#: Steps that keep finished units from sale (e.g. units made this turn, step 6) add a
#: function returning how many of a team's finished units it may offer now.
SELLABLE: list[Callable[[GameState, Team], int]] = []


# ====================================================================== actions
@dataclass(frozen=True, slots=True)
class OfferSale(A.Action):
    """Red field, step 1: the first supplier announces ``units`` at ``price`` Marks each (at
    most the market price). With an advertising campaign send no price: the sale goes through
    at the advertising price."""

    type: ClassVar[str] = "offer_sale"
    units: int = 1
    price: int = 0


@dataclass(frozen=True, slots=True)
class Bid(A.Action):
    """A competitor's offer in a round of the bidding: ``units`` at ``price`` Marks each."""

    type: ClassVar[str] = "bid"
    units: int = 1
    price: int = 0


@dataclass(frozen=True, slots=True)
class MatchBid(A.Action):
    """The first supplier lowers its price to the competition's lowest offer."""

    type: ClassVar[str] = "match_bid"


@dataclass(frozen=True, slots=True)
class WithdrawBid(A.Action):
    """Leave the bidding: the first supplier gives up, a competitor withdraws its offer."""

    type: ClassVar[str] = "withdraw_bid"


@dataclass(frozen=True, slots=True)
class CloseBidding(A.Action):
    """The bank closes the current round: teams that have not answered withdraw."""

    type: ClassVar[str] = "close_bidding"


for _cls in (OfferSale, Bid, MatchBid, WithdrawBid, CloseBidding):
    A.register(_cls)


# ====================================================================== helpers
def sellable(state: GameState, team: Team) -> int:
    """Finished units the team may offer now."""
    if team.bankrupt:
        return 0
    return min([team.finished, *(limit(state, team) for limit in SELLABLE)])


def phase_of(state: GameState) -> dict[str, Any] | None:
    """The running bidding's data, or None when no bidding is at the head of the turn."""
    if state.pending and state.pending[0].kind == KIND:
        data: dict[str, Any] | None = state.step.get(KEY)
        return data
    return None


def _whole(value: Any, name: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RuleViolation(f"The {name} must be a whole number.", "game log")
    return value


def _current_market_price(state: GameState) -> int | None:
    config = state.config
    return market_price(state.market, config.zone_capacity, config.zone_prices)


def offer_prices(market: int) -> list[int]:
    """Prices a first supplier may announce: the market price and 500-Mark steps below it."""
    return list(range(market, 0, -STEP_MARKS))


def _total(data: dict[str, Any]) -> int:
    return sum(o["units"] for o in data["offers"].values())


def _lowest(data: dict[str, Any]) -> int | None:
    prices = [o["price"] for o in data["offers"].values()]
    return min(prices) if prices else None


def allowed_prices(data: dict[str, Any], name: str) -> list[int]:
    """The price points open to competitor ``name`` in the current round, dearest first:
    the round's price and 500 below it; after round 1 also its own standing price."""
    point = data["point"]
    out = {point}
    if point - STEP_MARKS > 0:
        out.add(point - STEP_MARKS)
    standing = data["offers"].get(name)
    if standing is not None:
        out.add(standing["price"])
    return sorted(out, reverse=True)


def most_units(state: GameState, data: dict[str, Any], team: Team) -> int:
    """The most units ``team`` may offer now: its stock, and after round 1 no more than it
    offered before (an offer can only be withdrawn in part)."""
    have = sellable(state, team)
    standing = data["offers"].get(team.name)
    return have if standing is None else min(have, standing["units"])


def _eligible(state: GameState, data: dict[str, Any], name: str) -> bool:
    team = state.teams[name]
    if name == data["seller"]:
        return sellable(state, team) >= 1
    return sellable(state, team) >= 1 and (data["round"] == 1 or name in data["offers"])


def _units(n: int) -> str:
    return f"{n} unit{'' if n == 1 else 's'}"


def _prices_text(prices: list[int]) -> str:
    return " or ".join(f"{marks(p)}" for p in prices) + " Marks"


# ====================================================================== the offer
_base_sell = E.HANDLERS[A.Sell]


def _sell(turn: E.Turn, action: A.Sell) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        return _base_sell(turn, action)
    price = _current_market_price(state)
    at_most = f" (at most the market price, {marks(price)} Marks)" if price else ""
    raise RuleViolation("With the free market a sale is an offer: send offer_sale with the "
                        f"units and your price{at_most}.", RULE)


def _offer_sale(turn: E.Turn, action: OfferSale) -> None:
    state = turn.state
    if STEP not in state.config.steps:
        raise RuleViolation("This game does not play the free market (step 1): sell with "
                            "'sell'.", RULE)
    team = E._require_turn(turn, action, "red", "Selling", RULE)
    units = _whole(action.units, "number of units")
    price = _whole(action.price, "price")
    E._need_units(units, "unit to sell", RULE)
    have = sellable(state, team)
    if units > have:
        raise RuleViolation(f"You have {have} finished units to sell, not {units}.", RULE)
    room = open_dimples(state.market, state.config.zone_capacity)
    if units > room:
        raise RuleViolation(f"The market has room for {room} units only.", RULE)
    if team.advertising:
        if price:
            raise RuleViolation("Your advertising campaign sells at the advertising price and "
                                "cannot be underbid: send the offer without a price.",
                                ADVERTISING_RULE)
        _advertised_sale(turn, team, units)
        return
    market = _current_market_price(state)
    assert market is not None  # there is room, so a zone has an empty dimple
    _check_offer_price(price, market)
    _open_bidding(turn, team, units, price, market)


def _check_offer_price(price: int, market: int) -> None:
    if price <= 0:
        raise RuleViolation("Announce a price per unit above 0 Marks.", RULE)
    if price > market:
        raise RuleViolation(f"The price may not be higher than the market price, "
                            f"{marks(market)} Marks; you asked {marks(price)}.", RULE)
    if (market - price) % STEP_MARKS:
        raise RuleViolation(f"Prices go in 500-Mark steps below the market price of "
                            f"{marks(market)}: {_prices_text(offer_prices(market)[:3])} ...; "
                            f"not {marks(price)}.", RULE)


def _advertised_sale(turn: E.Turn, team: Team, units: int) -> None:
    """"Insofar as you have agreed to free trade, no one can underbid you": the sale goes
    through at once, each unit at the next higher price (at most 5,000)."""
    prices = sale_prices(turn.state, team, units, advertising=True)
    _decided(turn, team)  # the red decision is made; the campaign is spent on it
    _sell_units(turn, team, units, prices, "advertising")


def _open_bidding(turn: E.Turn, team: Team, units: int, price: int, market: int) -> None:
    state = turn.state
    data: dict[str, Any] = {
        "seller": team.name,
        "announced_units": units,
        "announced_price": price,
        "market_price": market,
        "units": units,  # the units the contest sells (less those uncovered in round 1)
        "seller_price": price,
        "seller_in": True,
        "round": 1,
        "stage": "competitors",
        "point": price,
        "offers": {},
        "withdrawn": [],
        "waiting": [],
        "round_start": {},
        "sold": [],
    }
    state.step[KEY] = data
    # The bidding goes in front of the red decision, which is completed when it ends.
    state.pending.insert(0, Pending(KIND, units, "free market",
                                    f"{team.name} offers {units} at {marks(price)}"))
    turn.emit("offer_sale", f"{team.name} offers {_units(units)} at {marks(price)} Marks each "
              f"(market price {marks(market)}). Teams with finished product may underbid.",
              team=team.name, units=units, price=price, market_price=market)
    data["waiting"] = [n for n, t in state.teams.items()
                       if n != team.name and not t.bankrupt and sellable(state, t) >= 1]
    _progress(turn)


# ====================================================================== answers
def _answering(turn: E.Turn, action: A.Action) -> tuple[dict[str, Any], Team]:
    """The bidding runs and waits for the actor's answer in this round."""
    state = turn.state
    data = phase_of(state)
    if data is None:
        raise RuleViolation("No bidding is running now.", RULE)
    name = action.actor
    if name in data["waiting"]:
        return data, state.teams[name]
    if name in data["withdrawn"] or (name == data["seller"] and not data["seller_in"]):
        raise RuleViolation("You have withdrawn from this bidding.", RULE)
    if name == data["seller"]:
        raise RuleViolation("The competition answers now; as first supplier you answer "
                            "when its offers are in.", RULE)
    if data["round"] > 1 and name not in data["offers"]:
        raise RuleViolation("Only teams that offered in the first round take part in the "
                            "later rounds.", RULE)
    if data["stage"] == "seller":
        raise RuleViolation(f"{data['seller']}, the first supplier, answers first in this "
                            "round.", RULE)
    if name in data["offers"]:
        raise RuleViolation("You have answered in this round already.", RULE)
    raise RuleViolation("You had no finished product when the sale was announced, so you "
                        "are not in this bidding.", RULE)


def _bid(turn: E.Turn, action: Bid) -> None:
    state = turn.state
    data, team = _answering(turn, action)
    if team.name == data["seller"]:
        raise RuleViolation("As first supplier you may only match the competition's price "
                            "(match_bid) or withdraw (withdraw_bid); you must not underbid "
                            "it.", RULE)
    units = _whole(action.units, "number of units")
    price = _whole(action.price, "price")
    E._need_units(units, "unit to offer", RULE)
    _check_bid_units(state, data, team, units)
    _check_bid_price(data, team.name, price)
    data["offers"][team.name] = {"units": units, "price": price}
    data["waiting"].remove(team.name)
    turn.emit("bid", f"{team.name} offers {_units(units)} at {marks(price)} Marks each.",
              team=team.name, units=units, price=price, round=data["round"])
    _progress(turn)


def _check_bid_units(state: GameState, data: dict[str, Any], team: Team, units: int) -> None:
    have = sellable(state, team)
    if units > have:
        raise RuleViolation(f"You have {have} finished units, not {units}.", RULE)
    standing = data["offers"].get(team.name)
    if standing is not None and units > standing["units"]:
        raise RuleViolation(f"You offered {standing['units']} units; you may offer fewer "
                            f"(withdraw in part) but not more.", RULE)


def _check_bid_price(data: dict[str, Any], name: str, price: int) -> None:
    allowed = allowed_prices(data, name)
    if price in allowed:
        return
    point = data["point"]
    if (point - price) % STEP_MARKS:
        raise RuleViolation(f"Underbid in steps of 500 Marks: {_prices_text(allowed)}, not "
                            f"{marks(price)}.", RULE)
    if price > max(allowed):
        raise RuleViolation(f"{marks(price)} Marks is above the current price point of "
                            f"{marks(point)}: offer {_prices_text(allowed)}.", RULE)
    if point - STEP_MARKS <= 0:
        raise RuleViolation(f"The price cannot go below {marks(point)} Marks.", RULE)
    raise RuleViolation(f"One step of 500 Marks per round: offer {_prices_text(allowed)}, "
                        f"not {marks(price)}.", RULE)


def _match_bid(turn: E.Turn, action: MatchBid) -> None:
    data, team = _answering(turn, action)
    if team.name != data["seller"]:
        raise RuleViolation(f"Only the first supplier, {data['seller']}, matches the "
                            "competition's price; offer with 'bid' or withdraw.", RULE)
    data["seller_price"] = data["point"]
    data["waiting"].remove(team.name)
    turn.emit("match_bid", f"{team.name} goes along with {marks(data['point'])} Marks.",
              team=team.name, price=data["point"], round=data["round"])
    _progress(turn)


def _withdraw_bid(turn: E.Turn, action: WithdrawBid) -> None:
    data, team = _answering(turn, action)
    data["waiting"].remove(team.name)
    _withdraw(turn, data, team.name, "withdraws")
    _progress(turn)


def _withdraw(turn: E.Turn, data: dict[str, Any], name: str, how: str) -> None:
    if name == data["seller"]:
        data["seller_in"] = False
        turn.emit("withdraw_bid", f"{name}, the first supplier, {how} from the bidding at "
                  f"{marks(data['seller_price'])} Marks.", team=name, seller=True)
        return
    data["offers"].pop(name, None)
    if name not in data["withdrawn"]:
        data["withdrawn"].append(name)
    turn.emit("withdraw_bid", f"{name} {how} from the bidding.", team=name, seller=False)


def _close_bidding(turn: E.Turn, action: CloseBidding) -> None:
    data = phase_of(turn.state)
    if data is None:
        raise RuleViolation("No bidding is running now.", RULE)
    silent = list(data["waiting"])
    turn.emit("close_bidding", f"The bank closes round {data['round']} of the bidding"
              f"{': ' + ', '.join(silent) + ' did not answer' if silent else ''}.",
              round=data["round"], silent=silent)
    _close_stage(turn, data)
    _progress(turn)


# ====================================================================== rounds
def _progress(turn: E.Turn) -> None:
    """Close every round whose answers are all in (teams that can no longer act — no finished
    product left, bankrupt — count as withdrawn), until the game waits for someone or the
    bidding is over."""
    state = turn.state
    while (data := phase_of(state)) is not None:
        for name in [n for n in data["waiting"] if not _eligible(state, data, n)]:
            data["waiting"].remove(name)
            _withdraw(turn, data, name, "has no finished product left and withdraws")
        if data["waiting"]:
            return
        _close_stage(turn, data)


def _close_stage(turn: E.Turn, data: dict[str, Any]) -> None:
    """All answers of the round's stage are in (or the bank closed it): who has not answered
    withdraws; then the bidding ends or the next stage begins."""
    for name in list(data["waiting"]):
        data["waiting"].remove(name)
        _withdraw(turn, data, name, "did not answer and withdraws")
    _clamp_offers(turn, data)
    if data["stage"] == "seller":
        _after_seller(turn, data)
    else:
        _after_competitors(turn, data)


def _clamp_offers(turn: E.Turn, data: dict[str, Any]) -> None:
    """An offer holds no more units than the team still has (it may have sold some to the
    bank or another team meanwhile)."""
    state = turn.state
    for name in list(data["offers"]):
        have = sellable(state, state.teams[name])
        if have < 1:
            _withdraw(turn, data, name, "has no finished product left and withdraws")
        elif have < data["offers"][name]["units"]:
            data["offers"][name]["units"] = have


#: Why a bidding ends when the competition covered none of the first supplier's units: all
#: of them were sold to it at the market price already (rulebook: "units that were not
#: covered by the competition in the first round").
ALL_UNCOVERED = "the first supplier sold every unit uncovered"


def _after_competitors(turn: E.Turn, data: dict[str, Any]) -> None:
    state = turn.state
    if data["round"] == 1:
        _sell_uncovered(turn, data)
        if data["units"] == 0:
            _finish(turn, data, [], ALL_UNCOVERED)
            return
    lowest = _lowest(data)
    if data["seller_in"]:
        if lowest is None or lowest >= data["seller_price"]:
            _finish(turn, data, [(data["seller"], data["units"], data["seller_price"])],
                    "the competition does not go lower")
            return
        if data["round"] >= state.config.free_market_round_limit:
            _finish_by_rank(turn, data, "the round limit is reached")
            return
        _start_stage(turn, data, "seller", data["round"] + 1)
        return
    if _total(data) <= data["units"]:
        _finish(turn, data, _competitor_sales(data), "only the units sought are on offer")
    elif data["offers"] == data["round_start"]:
        _finish_by_rank(turn, data, "a round changed nothing")
    elif data["round"] >= state.config.free_market_round_limit:
        _finish_by_rank(turn, data, "the round limit is reached")
    else:
        _start_stage(turn, data, "competitors", data["round"] + 1)


def _after_seller(turn: E.Turn, data: dict[str, Any]) -> None:
    if data["seller_in"]:
        _start_stage(turn, data, "competitors", data["round"])
    elif _total(data) <= data["units"]:
        _finish(turn, data, _competitor_sales(data), "only the units sought are on offer")
    else:
        _start_stage(turn, data, "competitors", data["round"])


def _start_stage(turn: E.Turn, data: dict[str, Any], stage: str, round_no: int) -> None:
    state = turn.state
    data["stage"] = stage
    data["round"] = round_no
    data["point"] = _lowest(data) or data["seller_price"]
    if stage == "seller":
        data["waiting"] = [data["seller"]]
        turn.emit("bidding_round", f"Round {round_no}: the competition offers "
                  f"{_units(_total(data))} down to {marks(data['point'])} Marks. "
                  f"{data['seller']} matches that price or withdraws.",
                  round=round_no, stage=stage, price=data["point"])
        return
    data["round_start"] = {n: dict(o) for n, o in data["offers"].items()}
    data["waiting"] = [n for n in state.teams if n in data["offers"]]
    turn.emit("bidding_round", f"Round {round_no}: {_units(_total(data))} on offer for "
              f"{data['units']} sought; offers at {_prices_text(allowed_prices(data, ''))}.",
              round=round_no, stage=stage, price=data["point"])


def _sell_uncovered(turn: E.Turn, data: dict[str, Any]) -> None:
    """"If the competition offers a lower number of units than offered by the original seller
    at the very first price bidding round, then the first seller may sell the difference ...
    without competition – he gets the market price for those units.\""""
    state = turn.state
    covered = _total(data)
    uncovered = data["units"] - covered
    if uncovered <= 0:
        return
    data["units"] = covered
    seller = state.teams[data["seller"]]
    units = min(uncovered, sellable(state, seller), _room(state))
    if units < 1:
        return
    if state.config.free_market_uncovered == "market_price":
        prices = [data["market_price"]] * units
    else:
        prices = sale_prices(state, seller, units, advertising=False)
    turn.emit("uncovered", f"The competition offers {covered} of the "
              f"{data['announced_units']} units: {seller.name} sells {_units(units)} without "
              "competition at the market price.", team=seller.name, units=units)
    _record(data, seller.name, units, prices, "uncovered")
    _sell_units(turn, seller, units, prices, "uncovered")


def _competitor_sales(data: dict[str, Any]) -> list[tuple[str, int, int]]:
    return [(n, o["units"], o["price"])
            for n, o in sorted(data["offers"].items(), key=lambda item: item[1]["price"])]


def _finish_by_rank(turn: E.Turn, data: dict[str, Any], why: str) -> None:
    """More units are on offer than sought and the bidding must end: the lowest offers sell
    first; where offers at the same price do not all fit, chance decides their order."""
    state = turn.state
    if data["seller_in"]:
        data["seller_in"] = False
        turn.emit("withdraw_bid", f"{data['seller']}, the first supplier, has not matched "
                  f"the competition's price and sells nothing.", team=data["seller"],
                  seller=True)
    left = data["units"]
    sales: list[tuple[str, int, int]] = []
    by_price: dict[int, list[str]] = {}
    for name in state.teams:
        if name in data["offers"]:
            by_price.setdefault(data["offers"][name]["price"], []).append(name)
    draws = 0
    for price in sorted(by_price):
        tied = by_price[price]
        if sum(data["offers"][n]["units"] for n in tied) > left and len(tied) > 1:
            order = []
            while tied:
                order.append(tied.pop(_draw_index(turn, f"free_market_tie_{draws}",
                                                  len(tied))))
                draws += 1
            turn.emit("bidding_tie", f"Offers at {marks(price)} Marks do not all fit: chance "
                      f"orders them {', '.join(order)}.", price=price, order=order)
            tied = order
        for name in tied:
            units = min(data["offers"][name]["units"], left)
            if units:
                sales.append((name, units, price))
                left -= units
    _finish(turn, data, sales, why)


def _draw_index(turn: E.Turn, name: str, n: int) -> int:
    """A recorded draw of one of ``n`` places (a replayed outcome is kept in range)."""
    return turn.draw(name, lambda: turn.state.rng.below(n)) % n


def _finish(turn: E.Turn, data: dict[str, Any], sales: list[tuple[str, int, int]],
            why: str) -> None:
    """The bidding ends: the red decision is complete, the sales go through."""
    state = turn.state
    # A sale's hook may have put a payment in front: remove the items by their kind.
    for kind in (KIND, "red"):  # the bidding, then the first supplier's decision
        for i, item in enumerate(state.pending):
            if item.kind == kind:
                del state.pending[i]
                break
    del state.step[KEY]
    said = "; ".join(f"{n} {u} at {marks(p)}" for n, u, p in sales) or (
        "no further units" if why == ALL_UNCOVERED else "no units")
    turn.emit("bidding_end", f"The bidding ends ({why}): {said} sold.", why=why,
              sales=[{"team": n, "units": u, "price": p} for n, u, p in sales])
    for name, units, price in sales:
        team = state.teams[name]
        count = min(units, sellable(state, team), _room(state))
        if count >= 1:
            _sell_units(turn, team, count, [price] * count,
                        "first supplier" if name == data["seller"] else "underbid")


def _room(state: GameState) -> int:
    return open_dimples(state.market, state.config.zone_capacity)


def _record(data: dict[str, Any], name: str, units: int, prices: list[int], how: str) -> None:
    data["sold"].append({"team": name, "units": units, "revenue": sum(prices), "how": how})


def _sell_units(turn: E.Turn, team: Team, units: int, prices: list[int], how: str) -> None:
    """``units`` into the highest open zones, whatever their price; the bank pays
    ``prices`` (one per unit)."""
    revenue = sum(prices)
    _to_market(turn, team, "finished", units, "sale")
    _cash(turn, None, team, revenue, "sale")
    team.sales_total += revenue
    E._hook("sale", turn, team, revenue)
    each = (f"{marks(prices[0])} Marks each" if len(set(prices)) == 1
            else f"{marks(revenue)} Marks")
    label = {"advertising": " (advertising)", "uncovered": " (not covered by the competition)"
             }.get(how, "")
    turn.emit("sell", f"{team.name} sells {_units(units)} at {each}{label}.", team=team.name,
              units=units, revenue=revenue, prices=prices, how=how)


# ====================================================================== the engine's hooks
def _auto(turn: E.Turn, team: Team, head: Pending) -> bool:
    """After any move (a sale to the bank, a deal) a round may have no one left to wait on."""
    _progress(turn)
    pending = turn.state.pending
    return not (pending and pending[0].kind == KIND)  # True only once the head has changed


def _game_over(turn: E.Turn) -> None:
    turn.state.step.pop(KEY, None)


def _waiting_text(state: GameState) -> str:
    data = state.step.get(KEY)
    if data is None:
        return "the bidding on a sale."
    return (f"the bidding on {data['seller']}'s sale (round {data['round']}; waiting for "
            f"{', '.join(data['waiting']) or 'nobody'}).")


# ====================================================================== legal moves
def _waiting(state: GameState) -> list[str]:
    data = phase_of(state)
    if data is None:
        return []
    return [n for n in data["waiting"] if _eligible(state, data, n)]


def _bidding_choices(state: GameState, team: Team) -> list[Choice]:
    data = phase_of(state)
    if data is None or team.name not in _waiting(state):
        return []
    if team.name == data["seller"]:
        return [Choice(MatchBid), Choice(WithdrawBid)]
    units = range(1, most_units(state, data, team) + 1)
    # Withdrawing first: a bot that takes the first choice does not start a price war.
    return [Choice(WithdrawBid)] + [Choice(Bid, {"price": p}, "units", units)
                                    for p in allowed_prices(data, team.name)]


def _offer_choices(state: GameState, team: Team, choices: list[Choice]) -> list[Choice]:
    """On a red field the base model's sale becomes an offer with a price."""
    if STEP not in state.config.steps:
        return choices
    for c in choices:
        if c.cls is A.Sell:
            break
    else:  # no sale to turn into an offer (most calls)
        return choices
    rest = [c for c in choices if c.cls is not A.Sell]
    most = min(sellable(state, team), _room(state))
    market = _current_market_price(state)
    if most < 1 or market is None:
        return rest
    units = range(1, most + 1)
    if team.advertising:
        offers = [Choice(OfferSale, {"price": 0}, "units", units)]
    else:
        offers = [Choice(OfferSale, {"price": p}, "units", units)
                  for p in offer_prices(market) if p >= market - OFFER_SPAN]
    # Offers first: a bot that falls back on the first choice sells its stock.
    return offers + rest


def _bank_choices(state: GameState, actor: str) -> list[Choice]:
    if actor == BANK and phase_of(state) is not None:
        return [Choice(CloseBidding)]
    return []


# ====================================================================== view and checks
def _view(state: GameState, viewer: str) -> dict[str, Any]:
    if STEP not in state.config.steps:
        return {}
    data = phase_of(state)
    if data is None:
        return {KEY: None}
    offers = [{"team": n, **data["offers"][n]} for n in state.teams if n in data["offers"]]
    return {KEY: {
        "seller": data["seller"],
        "announced_units": data["announced_units"],
        "announced_price": data["announced_price"],
        "market_price": data["market_price"],
        "units_sought": data["units"],
        "seller_price": data["seller_price"],
        "seller_in": data["seller_in"],
        "round": data["round"],
        "round_limit": state.config.free_market_round_limit,
        "stage": data["stage"],
        "price_point": data["point"],
        "prices_open": allowed_prices(data, ""),
        "offers": offers,
        "units_on_offer": _total(data),
        "withdrawn": list(data["withdrawn"]),
        "waiting": _waiting(state),
        "sold": list(data["sold"]),
    }}


def _problems(state: GameState) -> list[str]:
    head = state.pending[0] if state.pending else None
    if head is None or head.kind != KIND:
        return []
    data = state.step.get(KEY)
    if data is None:
        return ["a bidding is pending without its data"]
    out = []
    if data["seller"] != state.current:
        out.append(f"bidding on {data['seller']}'s sale during {state.current}'s turn")
    if not 0 <= data["units"] <= data["announced_units"]:
        out.append(f"bidding for {data['units']} of {data['announced_units']} units")
    for name, offer in data["offers"].items():
        if name == data["seller"] or offer["units"] < 1:
            out.append(f"bad offer of {name}: {offer}")
        if not 0 < offer["price"] <= data["announced_price"]:
            out.append(f"{name} offers at {offer['price']}, outside 1..announced price")
    if data["seller_price"] > data["announced_price"]:
        out.append("the first supplier's price rose")
    if not any(p.kind == "red" for p in state.pending[1:]):
        out.append("the bidding's red decision is missing")
    return out


# ====================================================================== registration
E.HANDLERS[A.Sell] = _sell
E.HANDLERS[OfferSale] = _offer_sale
E.HANDLERS[Bid] = _bid
E.HANDLERS[MatchBid] = _match_bid
E.HANDLERS[WithdrawBid] = _withdraw_bid
E.HANDLERS[CloseBidding] = _close_bidding
E.ACTOR_ACTIONS[BANK].add(CloseBidding)
E.AUTO[KIND] = _auto
E.WAITING_TEXTS[KIND] = _waiting_text
E.HOOKS["game_over"].append(_game_over)
legal.WAITING[KIND] = _waiting
legal.PENDING_CHOICES[KIND] = _bidding_choices
legal.TURN_CHOICE_FILTERS.append(_offer_choices)
legal.ACTOR_CHOICES.append(_bank_choices)
views.EXTRA_VIEWS.append(_view)
invariants.EXTRA_CHECKS.append(_problems)
