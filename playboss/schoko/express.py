"""6.8 Express cards: played at any time on another team, not in January, at most one
received per team and month; "Skandalös" and "Schlimm" only right after a sale."""

from __future__ import annotations

from . import cards
from .actions import ChoosePark, PlayExpress
from .books import take_share
from .contracts import refresh_choosers
from .core import Turn, bars_to_bank, pay_forced, refuse
from .sales import after_sale_waiting, card_row, track_capacity
from .state import Contract, GameState, Team

RULE = "6.8 Express-Cards"


def check_play(s: GameState, action: PlayExpress) -> tuple[Team, Team]:
    """Every condition of playing ``action.card`` on ``action.target`` (raises)."""
    if s.phase == "ended":
        refuse("The game is over.", "Game End", "game_over")
    player = s.teams[action.actor]
    if action.card not in player.hand:
        refuse(f"{player.name} holds no card {action.card!r}.", RULE, "card_not_in_hand",
               card=action.card)
    if s.month == 1:
        refuse("Express cards may not be played in January.", RULE, "express_not_january")
    target = s.teams.get(action.target)
    if target is None or target.bankrupt:
        refuse(f"There is no team {action.target!r} in the game.", RULE, "no_such_target",
               target=action.target)
    if target is player:
        refuse("Express cards are played on fellow players.", RULE, "express_not_on_self")
    if target.received is not None:
        refuse(f"{target.name} has received an express card this month already.", RULE,
               "express_one_per_month", target=target.name)
    if action.card in cards.AFTER_SALE_CARDS:
        sale = s.last_sale
        if s.phase != "after_sale" or sale is None or sale[0] != target.name:
            refuse("This card is played on the winner right after a sales meeting.", RULE,
                   "express_after_sale_only", card=action.card)
        if action.card == "skandaloes":
            if player.name not in sale[2]:
                refuse("You must have taken part in the negotiation to play this.", RULE,
                       "skandaloes_not_present")
            bars = card_row(s, sale[1])[0]
            if player.chocolate < bars:
                refuse(f"The contract needs {bars} bars of chocolate; {player.name} has "
                       f"{player.chocolate}.", RULE, "skandaloes_needs_chocolate",
                       bars=bars, chocolate=player.chocolate)
    return player, target


def play_express(turn: Turn, action: PlayExpress) -> None:
    s = turn.state
    player, target = check_play(s, action)
    card = action.card
    player.hand.remove(card)  # played cards are out of the game
    target.received = card
    turn.emit("express_played", "all", team=player.name, target=target.name, card=card)
    EFFECTS[card](turn, player, target)
    if card in cards.AFTER_SALE_CARDS and s.phase == "after_sale":
        s.waiting = after_sale_waiting(s)  # a new holder may still be asked about
    refresh_choosers(s)  # a bookkeeper with Schlapp may leave nothing to choose


def _bedauerlich(turn: Turn, player: Team, target: Team) -> None:
    bars = target.chocolate // 3  # every 3rd bar of chocolate melts
    bars_to_bank(turn, target, "chocolate", bars, "lost_goods", "express")
    turn.emit("chocolate_lost", "all", team=target.name, bars=bars)


def _fuerchterlich(turn: Turn, player: Team, target: Team) -> None:
    """One bar to each other team in turn order while bars last; a bar for a full store
    goes to the bank."""
    s = turn.state
    for name in s.order():
        if name == target.name or target.chocolate == 0:
            continue
        other = s.teams[name]
        if other.chocolate >= cards.STORE:
            bars_to_bank(turn, target, "chocolate", 1, "lost_goods", "express")
            turn.emit("gift_to_bank", "all", team=target.name, to=name)
            continue
        cost = take_share(s.books, target.name, "chocolate", 1, target.chocolate)
        target.chocolate -= 1
        other.chocolate += 1
        turn.book(target.name, "lost_goods", "chocolate", cost, "express")
        turn.book(name, "chocolate", "received", cost, "express")
        turn.emit("chocolate_given", "all", team=target.name, to=name, bars=1)


def _skandaloes(turn: Turn, player: Team, target: Team) -> None:
    """The winner hands the contract just won to the player at the same price; the player
    delivers the chocolate, the winner gets his bars back."""
    s = turn.state
    assert s.last_sale is not None
    card = s.last_sale[1]
    contract = next(c for c in target.secretariat if c.card == card)
    bars = card_row(s, card)[0]
    target.secretariat.remove(contract)
    turn.book(target.name, "sales", "secretariat", contract.price, "express")
    turn.book(target.name, "chocolate", "cost_of_sales", contract.cost, "express")
    target.chocolate += bars
    s.bank_bars -= bars
    cost = take_share(s.books, player.name, "chocolate", bars, player.chocolate)
    player.chocolate -= bars
    s.bank_bars += bars
    turn.book(player.name, "cost_of_sales", "chocolate", cost, "express")
    turn.book(player.name, "secretariat", "sales", contract.price, "express")
    player.secretariat.append(Contract(card, contract.price, s.month, cost))
    s.last_sale = (player.name, card, s.last_sale[2])
    turn.emit("contract_taken", "all", team=player.name, loser=target.name, card=card,
              price=contract.price)


def _schlimm(turn: Turn, player: Team, target: Team) -> None:
    s = turn.state
    assert s.last_sale is not None
    contract = next(c for c in target.secretariat if c.card == s.last_sale[1])
    half = contract.price // 2 // 1_000 * 1_000  # half, in whole thousands
    turn.book(target.name, "sales", "secretariat", contract.price - half, "express")
    turn.emit("contract_halved", "all", team=target.name, card=contract.card,
              price=contract.price, now=half)
    contract.price = half


def _ruehrend(turn: Turn, player: Team, target: Team) -> None:
    amount = cards.RUEHREND * target.headcount()
    turn.emit("bonus_due", "all", team=target.name, amount=amount,
              employees=target.headcount())
    pay_forced(turn, target, amount, "bonuses", "express")


def _schlapp(turn: Turn, player: Team, target: Team) -> None:
    target.schlapp = True


def _katastrophal(turn: Turn, player: Team, target: Team) -> None:
    target.katastrophal = True


def _grosszuegig(turn: Turn, player: Team, target: Team) -> None:
    s = turn.state
    if target.headcount() > 0 and target.park is None:
        s.interrupt.append(target.name)


def _entsetzlich(turn: Turn, player: Team, target: Team) -> None:
    """Two meetings fewer: off the marker at once when it is placed (at least 0), else off
    the reps' capacity when it is."""
    s = turn.state
    if s.phase == "marker" and target.name in s.sealed:
        s.sealed[target.name] = max(0, s.sealed[target.name] - 2)
    elif s.phase in ("join", "offer", "step", "after_sale"):
        target.marker = max(0, target.marker - 2)
    else:
        target.marker_penalty += 2
    turn.emit("meetings_lost", "all", team=target.name, meetings=2)


def _spitze(turn: Turn, player: Team, target: Team) -> None:
    s = turn.state
    for name in s.order():
        if name != target.name and not target.bankrupt:
            pay_forced(turn, target, cards.SPITZE, "paid_out", "express", to=s.teams[name])


def _schmerzlich(turn: Turn, player: Team, target: Team) -> None:
    target.ill_worker = target.staff["worker"] > 0


def _unglaublich(turn: Turn, player: Team, target: Team) -> None:
    target.announced_cash = target.cash
    target.announced_seq = turn.state.seq
    turn.emit("cash_announced", "all", team=target.name, cash=target.cash)


EFFECTS = {
    "bedauerlich": _bedauerlich, "fuerchterlich": _fuerchterlich, "skandaloes": _skandaloes,
    "ruehrend": _ruehrend, "schlapp": _schlapp, "katastrophal": _katastrophal,
    "grosszuegig": _grosszuegig, "entsetzlich": _entsetzlich, "spitze": _spitze,
    "schmerzlich": _schmerzlich, "schlimm": _schlimm, "unglaublich": _unglaublich,
}


def choose_park(turn: Turn, action: ChoosePark) -> None:
    """Großzügig: the team that received it picks who goes on holiday; still paid."""
    s = turn.state
    if not s.interrupt or s.interrupt[0] != action.actor:
        refuse("Only a team that received Großzügig chooses who goes on holiday.", RULE,
               "no_vacation_to_choose")
    team = s.teams[action.actor]
    if action.kind not in cards.STAFF or team.staff[action.kind] < 1:
        refuse(f"{team.name} employs no {action.kind!r}.", RULE, "no_such_employee",
               kind=action.kind)
    team.park = action.kind
    s.interrupt.pop(0)
    if action.kind == "sales" and s.phase in ("join", "offer", "step", "after_sale"):
        team.marker = min(team.marker, track_capacity(s, team))
    refresh_choosers(s)  # a secretary or bookkeeper on holiday may leave nothing to choose
    turn.emit("sent_to_park", "all", team=team.name, kind=action.kind)
