"""Phase 2, buying cocoa (6.2): requests make the supply, five cities, sealed bids."""

from __future__ import annotations

from . import cards
from .actions import Announce, Bid, Call, Request
from .checks import require_waiting
from .core import Turn, money, pay_forced, refuse
from .state import GameState, Team

RULE = "6.2 Buying Cocoa"
VARIANT = "Variant: Hidden Cocoa-Purchases"


def free_cocoa(team: Team) -> int:
    return cards.STORE - team.cocoa


def distribute(supply: int, cities: int = cards.CITIES) -> list[int]:
    """6.2 "as evenly as possible between the five cities": 20 → 4 each; 22 → 4, 4, 4, 5, 5
    (the rulebook's example puts the extra bars on the last cities)."""
    base, extra = divmod(supply, cities)
    return [base + (1 if i >= cities - extra else 0) for i in range(cities)]


def enter_request(turn: Turn) -> None:
    s = turn.state
    s.phase = "request"
    s.waiting = s.order()
    for team in s.in_game():
        team.requested = 0


def request(turn: Turn, action: Request) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "request", RULE)
    free = free_cocoa(team)
    if not 0 <= action.bars <= free:
        refuse(f"{team.name} can request 0 to {free} bars (its cocoa store holds "
               f"{cards.STORE}).", RULE, "request_beyond_store", bars=action.bars, most=free)
    team.requested = action.bars
    s.waiting.remove(team.name)
    turn.emit("requested", "all", team=team.name, bars=action.bars)


def finish_request(turn: Turn) -> str:
    s = turn.state
    asked = sum(t.requested for t in s.in_game())
    supply = min(asked, s.bank_bars)  # the bank cannot offer bars it does not have
    s.bank_bars -= supply
    s.market = distribute(supply)
    s.city = -1
    turn.emit("market_supplied", "all", requested=asked, supply=supply,
              cities=dict(zip(s.config.cities, s.market, strict=True)))
    _open_next_city(s)
    return "bid" if s.city < cards.CITIES else "produce"


def _open_next_city(s: GameState) -> None:
    s.city += 1
    while s.city < cards.CITIES and s.market[s.city] == 0:
        s.city += 1
    s.sealed = {}
    s.waiting = [t.name for t in s.in_game() if free_cocoa(t) > 0 and not t.lined_out]


def enter_bid(turn: Turn) -> None:
    s = turn.state
    s.phase = "bid"
    turn.emit("city_open", "all", city=s.config.cities[s.city], index=s.city,
              bars=s.market[s.city])


def check_offer(s: GameState, team: Team, bars: int, price: int, rule: str = RULE) -> None:
    """A bid written (or, in the variant, announced): the city's bars, the store's room, a
    price of whole thousands, the cash to pay it; 0 bars lines the city out."""
    if bars != 0:
        offered = s.market[s.city]
        if not 0 < bars <= offered:
            refuse(f"{s.config.cities[s.city]} offers {offered} bars.", rule,
                   "bid_more_than_city", bars=bars, offered=offered)
        if bars > free_cocoa(team):
            refuse(f"{team.name}'s cocoa store has room for {free_cocoa(team)} bars.", rule,
                   "bid_beyond_store", bars=bars, room=free_cocoa(team))
        if price < cards.MIN_BID or price % cards.MIN_BID:
            refuse("A price for a bar is 1,000 or a multiple of it.", rule,
                   "bid_price_thousands", price=price)
        if bars * price > team.cash:
            refuse(f"{bars} bars at {money(price)} cost {money(bars * price)}; "
                   f"{team.name} has {money(team.cash)} (a loan can help).", rule,
                   "bid_beyond_cash", bars=bars, price=price, cost=bars * price,
                   cash=team.cash)
    elif price != 0:
        refuse("A bid for no bars has no price.", rule, "bid_price_without_bars", price=price)


def bid(turn: Turn, action: Bid) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "bid", RULE)
    bars, price = action.bars, action.price
    check_offer(s, team, bars, price)
    if action.rest:
        if bars:
            refuse("Only a city lined out can line out the rest of the month's too.", RULE,
                   "bid_rest_needs_no_bars", bars=bars)
        team.lined_out = True
    s.sealed[team.name] = (bars, price)
    s.waiting.remove(team.name)
    turn.emit("bid_written", [team.name], team=team.name, city=s.config.cities[s.city],
              bars=bars, price=price)
    turn.emit("bid_in", "all", team=team.name, city=s.config.cities[s.city])


def finish_bid(turn: Turn) -> str | None:
    """All bids in: revealed together (in the variant: kept hidden, and the teams announce
    offers instead)."""
    s = turn.state
    if s.config.hidden_cocoa:
        s.offers = {}
        return "announce"
    city = s.config.cities[s.city]
    order = {n: i for i, n in enumerate(s.order())}
    turn.emit("bids_revealed", "all", city=city,
              bids=[{"team": n, "bars": s.sealed[n][0], "price": s.sealed[n][1]}
                    for n in sorted(s.sealed, key=lambda n: order.get(n, 9))])
    return _settle(turn, [(n, b, p) for n, (b, p) in s.sealed.items()])


def _settle(turn: Turn, offers: list[tuple[str, int, int]]) -> str | None:
    """The highest price first, ties in turn order from the starting player; each takes
    what it bid for while bars are left; the rest back to the bank (6.2). Then the next
    city opens, or phase 3 begins."""
    s = turn.state
    city = s.config.cities[s.city]
    order = {n: i for i, n in enumerate(s.order())}
    bids = sorted(((p, b, n) for n, b, p in offers if b > 0 and n in order),
                  key=lambda x: (-x[0], order[x[2]]))
    left = s.market[s.city]
    for price, bars, name in bids:
        team = s.teams[name]
        take = min(bars, left, free_cocoa(team))
        if take <= 0 or team.bankrupt:
            continue
        paid = pay_forced(turn, team, take * price, "cocoa", "cocoa")
        if team.bankrupt:
            continue  # what it paid for is not delivered
        assert paid == take * price
        team.cocoa += take
        left -= take
        turn.emit("cocoa_bought", "all", team=name, city=city, bars=take, price=price,
                  cost=take * price)
    if left:
        turn.emit("cocoa_returned", "all", city=city, bars=left)
    s.bank_bars += left
    s.market[s.city] = 0
    s.offers = {}
    _open_next_city(s)
    if s.city < cards.CITIES:
        enter_bid(turn)
        return None
    s.waiting = []
    return "produce"


# ---------------------------------------------------------------- the variant
def _announcers(s: GameState) -> list[str]:
    """Who still announces in this city: every team that wrote a bid, from the starting
    player on ("beginning with the starting player announce their bids")."""
    return [n for n in s.order() if n in s.sealed and n not in s.offers]


def enter_announce(turn: Turn) -> None:
    s = turn.state
    s.phase = "announce"
    s.waiting = _announcers(s)[:1]


def announce(turn: Turn, action: Announce) -> None:
    """Variant: "I could boldly state '4 bars for 3000' even though I only noted 1000": the
    offer stated must be one the team could have written (bars, store, cash)."""
    s = turn.state
    team = require_waiting(s, action.actor, "announce", VARIANT)
    check_offer(s, team, action.bars, action.price, VARIANT)
    s.offers[team.name] = (action.bars, action.price, "open" if action.bars else "none")
    s.waiting.remove(team.name)
    turn.emit("offer_announced", "all", team=team.name, city=s.config.cities[s.city],
              bars=action.bars, price=action.price)


def finish_announce(turn: Turn) -> str | None:
    s = turn.state
    if any(o[2] == "open" for o in s.offers.values()):
        return "call"
    following = _announcers(s)
    if following:
        s.waiting = following[:1]
        return None
    offers = [(n, o[0], o[1]) for n, o in s.offers.items() if o[2] in ("standing", "confirmed")]
    return _settle(turn, offers)


def enter_call(turn: Turn) -> None:
    """Every other team answers at once, sealed: "Call it!" or not."""
    s = turn.state
    s.phase = "call"
    s.calls = {}
    announcer = next(n for n, o in s.offers.items() if o[2] == "open")
    s.waiting = [n for n in s.order() if n != announcer]


def call(turn: Turn, action: Call) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "call", VARIANT)
    s.calls[team.name] = bool(action.call)
    s.waiting.remove(team.name)
    turn.emit("call_answered", "all", team=team.name)


def finish_call(turn: Turn) -> str:
    """The offer is called by the first caller after the announcer (in turn order); the bid
    written is shown: a bluff pays the caller 5,000 and is annulled, a true offer is paid
    5,000 by the caller and stands ("I win the bid"). Uncalled, it stands as stated."""
    s = turn.state
    name = next(n for n, o in s.offers.items() if o[2] == "open")
    bars, price, _ = s.offers[name]
    ring = s.order()
    if name in ring:
        i = ring.index(name)
        ring = ring[i + 1:] + ring[:i]
    callers = [n for n in ring if s.calls.get(n)]
    s.calls = {}
    if not callers:
        s.offers[name] = (bars, price, "standing")
        return "announce"
    caller = s.teams[callers[0]]
    team = s.teams[name]
    written = tuple(s.sealed.get(name, (0, 0)))
    true = written == (bars, price)
    turn.emit("offer_called", "all", team=name, caller=caller.name, bars=bars, price=price,
              written_bars=written[0], written_price=written[1], true=true)
    if true:
        s.offers[name] = (bars, price, "confirmed")
        pay_forced(turn, caller, cards.VARIANT_FEE, "paid_out", "variant_fee", to=team)
    else:
        s.offers[name] = (bars, price, "annulled")
        pay_forced(turn, team, cards.VARIANT_FEE, "paid_out", "variant_fee", to=caller)
    return "announce"
