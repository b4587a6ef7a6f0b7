"""Phase 6, the economic event cards "Schmidt-Wirtschaftsdienst" (6.6), and inside
information. Every shuffle of the deck is a chance outcome the log records."""

from __future__ import annotations

from . import cards
from .actions import BuyInside
from .checks import require_waiting
from .core import Turn, bars_to_bank, money, pay, pay_forced, receive, refuse

RULE = "6.6 Economic Event-Cards"
NEXT_MONTH = ("kakaoschock", "sitzt_fest", "leergefegt")


def ensure_deck(turn: Turn) -> None:
    """6.6 "When all event cards are used, they are reshuffled": when the next card is
    needed. A log's recorded order is used instead of a draw (the draw still advances the
    generator, so a replay goes on exactly as the game did)."""
    s = turn.state
    if s.events:
        return
    order = sorted(s.event_discard)
    _shuffle(s.rng, order)
    recorded = turn.recorded.get("events")
    if recorded is not None:
        if not isinstance(recorded, list) or sorted(recorded) != sorted(s.event_discard):
            refuse("The log's shuffled event deck is not the used cards.", "game log",
                   "impossible_chance", name="events", value=repr(recorded))
        order = list(recorded)
    s.events, s.event_discard = order, []
    turn.drawn["events"] = list(order)
    turn.emit("events_shuffled", "all", cards=len(order))


def _shuffle(rng: object, items: list[str]) -> None:
    below = rng.below  # type: ignore[attr-defined]
    for i in range(len(items) - 1, 0, -1):
        j = below(i + 1)
        items[i], items[j] = items[j], items[i]


def buy_inside(turn: Turn, action: BuyInside) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "inside", RULE)
    if team.cash < cards.INSIDE_PRICE:
        refuse(f"Inside information costs {money(cards.INSIDE_PRICE)}; {team.name} has "
               f"{money(team.cash)}.", RULE, "inside_needs_cash", price=cards.INSIDE_PRICE,
               cash=team.cash)
    ensure_deck(turn)
    pay(turn, team, cards.INSIDE_PRICE, "inside_info", "inside_info")
    team.inside = s.events[0]
    s.waiting.remove(team.name)
    turn.emit("inside_bought", "all", team=team.name, price=cards.INSIDE_PRICE)
    turn.emit("inside_seen", [team.name], team=team.name, card=s.events[0])


def run_event(turn: Turn) -> None:
    """At the end of every month but January the top card is turned and takes effect."""
    s = turn.state
    if s.month == 1:
        return
    ensure_deck(turn)
    card = s.events.pop(0)
    s.event_discard.append(card)
    turn.emit("event_drawn", "all", card=card)
    order = [s.teams[n] for n in s.order()]
    if card == "magenverstimmung":
        for team in order:  # all contracts and money at the bookkeepers are cancelled
            for c in team.bookkeeping:
                turn.book(team.name, "cancelled", "bookkeeping", c.price, "event")
                s.deck.append(c.card)
            if team.bookkeeping:
                turn.emit("contracts_cancelled", "all", team=team.name,
                          cards=[c.card for c in team.bookkeeping],
                          amount=sum(c.price for c in team.bookkeeping))
            team.bookkeeping = []
    elif card == "protest":
        for team in order:
            bars = min(cards.PROTEST_BARS, team.chocolate)
            bars_to_bank(turn, team, "chocolate", bars, "lost_goods", "event")
            if bars:
                turn.emit("chocolate_lost", "all", team=team.name, bars=bars)
    elif card == "schock":
        for team in order:
            tax = cards.SCHOCK_TAX * team.chocolate
            if tax:
                turn.emit("tax_due", "all", team=team.name, bars=team.chocolate, amount=tax)
                pay_forced(turn, team, tax, "taxes", "event")
    elif card == "zuschuss":
        _zuschuss(turn)
    elif s.month < s.config.months:
        s.next_month.append(card)
        turn.emit("next_month_effect", "all", card=card)
    else:
        turn.emit("event_without_effect", "all", card=card)


def _zuschuss(turn: Turn) -> None:
    """"Personal: Finanzzuschuß": 50,000 to the team that paid the most salaries this month
    (severance in, emergency refunds out); a tie splits it in whole thousands."""
    s = turn.state
    teams = s.in_game()
    top = max((t.salaries_paid for t in teams), default=0)
    if top <= 0:
        return
    winners = [t for t in teams if t.salaries_paid == top]
    share = cards.FINANZZUSCHUSS // len(winners) // 1_000 * 1_000
    for t in winners:
        receive(turn, t, share, "premiums", "event")
    turn.emit("premium_paid", "all", teams=[t.name for t in winners], amount=share,
              salaries=top)
