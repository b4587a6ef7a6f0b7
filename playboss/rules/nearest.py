"""The base model's moves at a moment, as their nearest instances: what a team would send to
make each decision its field offers, in the form most likely to be allowed (one unit, the
smallest credit that pays for the machine, the only option). ``why.why_not`` asks each move's
check for those the legal choices do not list, to say why they are missing.

Rulebook I: "Decision: Purchasing", "Investment", "Producing", "Selling", "The Green WEB
Field", "The Yellow Cost Field", "The White Write-off Field", "Computer Leasing (2 WEBs)";
at any time "Lines of Credit", "Repurchase Value", "Efficiency Improvements (3 WEBs)",
"Advertising Campaigns (2 WEBs)" and "Computer Leasing (2 WEBs)".
"""

from __future__ import annotations

from .actions import (
    Action,
    Advertise,
    BuyComputer,
    BuyWeb,
    CostChoice,
    Efficiency,
    Invest,
    LeaseComputer,
    Produce,
    Purchase,
    RenewLease,
    RepayCredit,
    Sell,
    SellBack,
    TakeCredit,
    WriteOff,
)
from .constants import COMPUTER_CREDIT, COMPUTER_PRICE, MACHINE_CREDIT, MACHINE_PRICE
from .money import credit_available
from .state import GameState, Team


def nearest_credit(state: GameState, team: Team, price: int, most: int) -> int:
    """The smallest credit, in the bank's steps, with which the cash pays ``price``; the most
    the bank would lend (at most ``most``) when no credit is enough."""
    step = state.config.credit_step
    need = max(0, price - team.cash)
    low = -(-need // step) * step
    top = min(most, credit_available(state, team, most))
    top -= top % step
    return min(low, max(top, 0))


def base_moves(state: GameState, team: Team, moves: list[Action]) -> list[Action]:
    """The decisions of the field the team's turn waits on (none while it rolls or another
    team's turn runs)."""
    if state.phase != "turn" or state.current != team.name or not state.pending:
        return moves
    name = team.name
    head = state.pending[0].kind
    if head == "red":
        return [*moves, Purchase(name, units=1),
                Invest(name, credit=nearest_credit(state, team, MACHINE_PRICE, MACHINE_CREDIT)),
                Produce(name, units=1), Sell(name, units=1)]
    if head == "green":
        return [*moves, BuyWeb(name)]
    if head == "yellow":
        return [*moves, *(CostChoice(name, option=o) for o in ("sell_half", "produce", "web"))]
    if head == "white":
        return [*moves, WriteOff(name, option="downgrade"), WriteOff(name, option="web")]
    if head == "lease":
        return [*moves, RenewLease(name, renew=True)]
    return moves


def any_time_moves(state: GameState, team: Team) -> list[Action]:
    """The base model's moves open at any time: the smallest credit, the smallest
    repayment, one unit (or the first machine, the computer) sold back, the WEB options (the
    first machine the efficiency fits), and a computer leased or bought (with the smallest
    credit that pays for it)."""
    name = team.name
    step = state.config.credit_step
    return [TakeCredit(name, amount=step),
            RepayCredit(name, amount=min(step, team.bank_debt) or step),
            SellBack(name, item="raw", units=1), SellBack(name, item="finished", units=1),
            SellBack(name, item="machine"), SellBack(name, item="computer"),
            Efficiency(name), Advertise(name), LeaseComputer(name),
            BuyComputer(name, credit=nearest_credit(state, team, COMPUTER_PRICE,
                                                    COMPUTER_CREDIT))]
