"""Phase 3, producing chocolate (6.3), and phase 4, selling it (6.4): the negotiation track,
the contract cards turned one by one, the price ladder (the secretaries: contracts.py)."""

from __future__ import annotations

from . import cards
from .actions import Accept, Decline, Join, Produce, RaisePrice, SetMarker
from .books import take_share
from .checks import require_waiting
from .core import Turn, refuse
from .state import BANK, Contract, GameState, Meeting, Team

PRODUCE_RULE = "6.3 Producing Chocolate"
RULE = "6.4 Selling Chocolate"


# ---------------------------------------------------------------- phase 3
def per_worker(s: GameState, team: Team) -> int:
    """Bars a worker makes this month: 3; 1 after "Der Kakao sitzt fest"; 2 with
    "Katastrophal"; the lowest figure counts when both apply."""
    n = cards.PER_WORKER
    if "sitzt_fest" in s.this_month:
        n = 1
    if team.katastrophal:
        n = min(n, 2)
    return n


def production_capacity(s: GameState, team: Team) -> int:
    """6.3: bars per worker times the workers at work, no more than the cocoa in store and
    the room in the chocolate store (16 bars)."""
    return max(0, min(per_worker(s, team) * team.at_work("worker"), team.cocoa,
                      cards.STORE - team.chocolate))


def enter_produce(turn: Turn) -> None:
    s = turn.state
    s.phase = "produce"
    s.waiting = [t.name for t in s.in_game() if production_capacity(s, t) > 0]


def produce(turn: Turn, action: Produce) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "produce", PRODUCE_RULE)
    most = production_capacity(s, team)
    if not 0 <= action.bars <= most:
        refuse(f"{team.name} can make 0 to {most} bars this month "
               f"({team.at_work('worker')} workers at {per_worker(s, team)} a bar each, "
               f"{team.cocoa} cocoa, room for {cards.STORE - team.chocolate}).",
               PRODUCE_RULE, "produce_beyond_capacity", bars=action.bars, most=most)
    bars = action.bars
    cost = take_share(s.books, team.name, "cocoa", bars, team.cocoa)
    team.cocoa -= bars
    team.chocolate += bars
    turn.book(team.name, "chocolate", "cocoa", cost, "production")
    s.waiting.remove(team.name)
    turn.emit("produced", "all", team=team.name, bars=bars, cocoa=team.cocoa,
              chocolate=team.chocolate)


def finish_produce(turn: Turn) -> str:
    return "marker"


# ---------------------------------------------------------------- the track
def track_capacity(s: GameState, team: Team) -> int:
    """6.4: meetings per sales rep at work (4; 2 or 3 with two or three players), at most
    15, less two for an "Entsetzlich" received before the markers were placed."""
    return max(0, min(cards.TRACK_MAX, team.at_work("sales") * s.per_rep())
               - team.marker_penalty)


def enter_marker(turn: Turn) -> None:
    s = turn.state
    s.phase = "marker"
    s.sealed = {}
    for team in s.in_game():
        team.marker = 0
    s.waiting = [t.name for t in s.in_game() if track_capacity(s, t) > 0]


def set_marker(turn: Turn, action: SetMarker) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "marker", RULE)
    most = track_capacity(s, team)
    if not 0 <= action.meetings <= most:
        refuse(f"{team.name}'s sales reps can attend 0 to {most} meetings this month.", RULE,
               "marker_beyond_reps", meetings=action.meetings, most=most)
    s.sealed[team.name] = action.meetings
    s.waiting.remove(team.name)
    turn.emit("marker_placed", "all", team=team.name)


def finish_marker(turn: Turn) -> str:
    """The markers shown together; the highest sets the number of meetings."""
    s = turn.state
    for name, value in s.sealed.items():
        s.teams[name].marker = value
    s.sealed = {}
    s.meetings = max((t.marker for t in s.in_game()), default=0)
    s.meetings_held = 0
    turn.emit("markers_revealed", "all", meetings=s.meetings,
              markers={t.name: t.marker for t in s.in_game()})
    return "join"


# ---------------------------------------------------------------- meetings
def card_row(s: GameState, card: int) -> tuple[int, int, int]:
    return s.config.contracts[card]


def enter_join(turn: Turn) -> None:
    """The next meeting: the top contract card is turned; the teams with a meeting left on
    their marker and the chocolate to deliver decide, all at once, whether to take part."""
    s = turn.state
    s.phase = "join"
    s.sealed = {}
    s.meeting = None
    s.waiting = []
    if s.meetings_held >= s.meetings or not s.deck:
        if s.meetings_held < s.meetings:
            turn.emit("contracts_used_up", "all", held=s.meetings_held, planned=s.meetings)
        return
    card = s.deck.pop(0)
    s.meetings_held += 1
    s.meeting = Meeting(card)
    bars, low, high = card_row(s, card)
    eligible = [n for n in s.order()
                if s.teams[n].marker > 0 and s.teams[n].chocolate >= bars]
    turn.emit("contract_turned", "all", card=card, bars=bars, low=low, high=high,
              meeting=s.meetings_held, meetings=s.meetings, eligible=eligible)
    s.waiting = []
    for name in eligible:
        if s.teams[name].joins_all:  # its standing yes, sealed like any answer
            s.sealed[name] = True
            turn.emit("join_answered", "all", team=name)
        else:
            s.waiting.append(name)


def join(turn: Turn, action: Join) -> None:
    s = turn.state
    team = require_waiting(s, action.actor, "join", RULE)
    if action.every:
        if not action.take_part:
            refuse("A standing answer is a yes to every meeting; a no is given each time.",
                   RULE, "join_every_needs_yes")
        team.joins_all = True
    s.sealed[team.name] = bool(action.take_part)
    s.waiting.remove(team.name)
    turn.emit("join_answered", "all", team=team.name)


def finish_join(turn: Turn) -> str | None:
    s = turn.state
    m = s.meeting
    if m is None:  # the month's meetings are over
        return "secretaries"
    bars, low, high = card_row(s, m.card)
    m.joined = [n for n in s.order() if s.sealed.get(n) and s.teams[n].chocolate >= bars]
    s.sealed = {}
    for name in m.joined:
        s.teams[name].marker -= 1
    turn.emit("participants", "all", card=m.card, teams=list(m.joined),
              markers={n: s.teams[n].marker for n in m.joined})
    if not m.joined:
        _cancel(turn, m, "nobody_took_part")
        return "join"
    if len(m.joined) == 1:  # 6.4 a lone participant gets the highest price
        m.price = high
        m.winner = m.joined[0]
        return "offer"
    m.price = low
    m.asked = 0
    turn.emit("price_offered", "all", card=m.card, price=low)
    return "offer"


def _cancel(turn: Turn, m: Meeting, why: str) -> None:
    s = turn.state
    s.deck.append(m.card)  # under the deck; it still counts as a meeting
    s.meeting = None
    turn.emit("contract_unfilled", "all", card=m.card, why=why)


def enter_offer(turn: Turn) -> None:
    """Who is asked next is ``finish_offer``'s: it skips the standing "no"s first."""
    s = turn.state
    s.phase = "offer"
    s.waiting = []


def _current_asked(s: GameState, actor: str) -> Meeting:
    require_waiting(s, actor, "offer", RULE)
    assert s.meeting is not None
    return s.meeting


def accept(turn: Turn, action: Accept) -> None:
    s = turn.state
    m = _current_asked(s, action.actor)
    m.winner = action.actor
    s.waiting = []


def decline(turn: Turn, action: Decline) -> None:
    s = turn.state
    m = _current_asked(s, action.actor)
    below = action.below
    if below:
        high = card_row(s, m.card)[2]
        if not m.price < below <= high or below % 1_000:
            refuse(f"A standing refusal names a price above {m.price:,} and at most the "
                   f"highest, {high:,}, in whole thousands.", RULE, "decline_below_range",
                   below=below, price=m.price, high=high)
        m.standing[action.actor] = below
    turn.emit("declined", "all", team=action.actor, price=m.price)
    m.asked += 1
    s.waiting = []


def _standing_declines(turn: Turn, m: Meeting) -> None:
    """The teams asked next who refused every price below one not yet reached say "no"
    again (the others hear it as any refusal)."""
    while m.asked < len(m.joined) and m.standing.get(m.joined[m.asked], 0) > m.price:
        turn.emit("declined", "all", team=m.joined[m.asked], price=m.price)
        m.asked += 1


def finish_offer(turn: Turn) -> str | None:
    s = turn.state
    m = s.meeting
    if m is None:
        return "join"
    bars, low, high = card_row(s, m.card)
    if m.winner is not None:
        if s.teams[m.winner].bankrupt or s.teams[m.winner].chocolate < bars:
            m.winner = None
        else:
            sell(turn, m)
            return "after_sale"
    if not m.joined:
        _cancel(turn, m, "nobody_took_part")
        return "join"
    while True:
        if m.standing:
            _standing_declines(turn, m)
        if m.asked < len(m.joined):
            s.waiting = [m.joined[m.asked]]
            return None
        if m.price >= high:  # nobody, even at the highest price
            _cancel(turn, m, "nobody_accepted")
            return "join"
        if s.config.bank_chooses_steps:
            return "step"
        _raise(turn, m, s.config.price_step)


def _raise(turn: Turn, m: Meeting, step: int) -> None:
    high = card_row(turn.state, m.card)[2]
    m.price = min(m.price + step, high)  # the last step stops at the highest price
    m.asked = 0
    turn.emit("price_offered", "all", card=m.card, price=m.price, step=step)


def enter_step(turn: Turn) -> None:
    s = turn.state
    s.phase = "step"
    s.waiting = [BANK]


def raise_price(turn: Turn, action: RaisePrice) -> None:
    s = turn.state
    if s.phase != "step":
        refuse("The banker raises the price only when every participant has refused it.",
               RULE, "no_price_step_now")
    if action.step not in range(1_000, 5_001, 1_000):
        refuse("The banker raises the price by 1,000 to 5,000, in whole thousands.", RULE,
               "price_step_range", step=action.step, least=1_000, most=5_000)
    m = s.meeting
    assert m is not None
    _raise(turn, m, action.step)
    s.waiting = []


def finish_step(turn: Turn) -> str:
    return "offer"


def sell(turn: Turn, m: Meeting) -> None:
    """The winner hands the bars to the bank and takes the card with its banded money into
    the secretariat: revenue now, a receivable until a bookkeeper cashes it (6.4)."""
    s = turn.state
    bars = card_row(s, m.card)[0]
    team = s.teams[m.winner or ""]
    cost = take_share(s.books, team.name, "chocolate", bars, team.chocolate)
    team.chocolate -= bars
    s.bank_bars += bars
    turn.book(team.name, "cost_of_sales", "chocolate", cost, "contract")
    turn.book(team.name, "secretariat", "sales", m.price, "contract")
    team.secretariat.append(Contract(m.card, m.price, s.month, cost))
    s.last_sale = (team.name, m.card, tuple(m.joined))
    s.meeting = None
    turn.emit("contract_won", "all", team=team.name, card=m.card, bars=bars, price=m.price,
              alone=len(m.joined) == 1)


# ---------------------------------------------------------------- after a sale
def after_sale_waiting(s: GameState) -> list[str]:
    """Right after a sale, "Skandalös" or "Schlimm" may be played on the winner: every other
    team with a card in hand is asked (so the question tells nobody who holds one)."""
    if s.last_sale is None or s.month == 1:
        return []
    holder = s.teams[s.last_sale[0]]
    if holder.received is not None:
        return []
    return [n for n in s.order() if n != holder.name and s.teams[n].hand]


def enter_after_sale(turn: Turn) -> None:
    s = turn.state
    s.phase = "after_sale"
    s.waiting = after_sale_waiting(s)


def finish_after_sale(turn: Turn) -> str:
    turn.state.last_sale = None
    return "join"
