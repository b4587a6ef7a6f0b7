"""Moves open at any time (rulebook I: "Lines of Credit", "Repurchase Value", and the WEB
options "Efficiency Improvements (3 WEBs)", "Advertising Campaigns (2 WEBs)", "Computer
Leasing (2 WEBs)"; buying a computer).

Any team still in the game may make them, whoever's turn it is; a payment the cash does not
cover waits while the team raises money this way.
"""

from __future__ import annotations

from . import advertising, collateral
from .actions import (
    Action,
    Advertise,
    BuyComputer,
    Efficiency,
    LeaseComputer,
    RepayCredit,
    SellBack,
    TakeCredit,
)
from .constants import (
    COMPUTER_CREDIT,
    COMPUTER_PRICE,
    REPURCHASE,
    WEB_ADVERTISING,
    WEB_EFFICIENCY,
    WEB_LEASE,
)
from .errors import RuleViolation, marks, units_of
from .goods import machine_to_bank, pick_machine, to_market, web_to_bank
from .money import borrow, check_credit_amount, credit_available, move_cash, require_cash
from .state import BANK, GameState, Machine, Team
from .turn import ALL, Turn
from .turn_checks import need_units, team_of


def any_time_team(turn: Turn, action: Action) -> Team:
    """Credit, WEB options, repurchase and private business are open at any time, to any
    team still in the game."""
    return team_of(turn, action)


# ---------------------------------------------------------------- the checks
def check_take_credit(state: GameState, action: TakeCredit) -> Team:
    team = state.teams[action.actor]
    if action.amount <= 0:
        raise RuleViolation("Ask for a positive amount of credit.", "Lines of Credit",
                            code="credit_not_positive", params={"amount": action.amount})
    check_credit_amount(state, action.amount, credit_available(state, team), "Lines of Credit")
    return team


def check_repay_credit(state: GameState, action: RepayCredit) -> Team:
    team = state.teams[action.actor]
    rule = "Lines of Credit"
    if action.amount <= 0:
        raise RuleViolation("Repay a positive amount.", rule, code="repay_not_positive",
                            params={"amount": action.amount})
    if action.amount > team.bank_debt:
        raise RuleViolation(f"You owe the bank {marks(team.bank_debt)} Marks, not "
                            f"{marks(action.amount)}.", rule, code="repay_more_than_debt",
                            params={"debt": team.bank_debt, "amount": action.amount})
    require_cash(team, action.amount, "the repayment", rule, code="cash_for_repayment")
    return team


def check_sell_back(state: GameState, action: SellBack) -> tuple[Team, Machine | None]:
    """The team, and the machine it sells back (None for another item)."""
    team = state.teams[action.actor]
    rule = "Repurchase Value"
    item = action.item
    if item in ("raw", "finished"):
        units = action.units
        need_units(units, f"{item} unit to sell back", rule,
                    code="no_raw_to_sell_back" if item == "raw" else "no_finished_to_sell_back")
        have = team.raw if item == "raw" else team.finished
        if units > have:
            raise RuleViolation(f"You have {units_of(have, item)}, not {units}.", rule,
                                code="not_enough_raw" if item == "raw" else "not_enough_finished",
                                params={"have": have, "units": units})
    elif item == "machine":
        return team, pick_machine(state, team, action.machine, None, rule, owned=True)
    elif item == "computer":
        if team.computers_owned < 1:
            raise RuleViolation("You own no computer; a leased computer cannot be sold.", rule,
                                code="no_computer_to_sell")
    else:
        raise RuleViolation("The bank buys back raw, finished, machine or computer.", rule,
                            code="sell_back_item", params={"item": item})
    return team, None


# ---------------------------------------------------------------- bank credit
def take_credit(turn: Turn, action: TakeCredit) -> None:
    team = check_take_credit(turn.state, action)
    borrow(turn, team, action.amount)
    turn.emit("credit", (team.name, BANK), team=team.name, amount=action.amount)


def repay_credit(turn: Turn, action: RepayCredit) -> None:
    team = check_repay_credit(turn.state, action)
    team.bank_debt -= action.amount
    turn.state.ledger.post(turn.state.seq, "bank_debt", team.name, BANK, action.amount,
                           "repayment")
    move_cash(turn, team, None, action.amount, "repayment")
    turn.emit("repay", (team.name, BANK), team=team.name, amount=action.amount)


# ---------------------------------------------------------------- repurchase
def sell_back(turn: Turn, action: SellBack) -> None:
    state = turn.state
    team, machine = check_sell_back(state, action)
    item = action.item
    if item in ("raw", "finished"):
        units = action.units
        value = units * REPURCHASE[item]
        to_market(turn, team, item, units, "repurchase")
        move_cash(turn, None, team, value, "repurchase")
        turn.emit("sell_back", ALL, team=team.name, item=item, units=units, value=value)
    elif machine is not None:
        due = collateral.due_on_release(state, team, machines=1)
        machine_to_bank(turn, machine, "repurchase")
        move_cash(turn, None, team, REPURCHASE["machine"], "repurchase")
        turn.emit("sell_back", ALL, team=team.name, item=item, machine=machine.id,
                  value=REPURCHASE["machine"])
        collateral.repay(turn, team, min(due, REPURCHASE["machine"]))
    else:  # the computer
        due = collateral.due_on_release(state, team, computers=1)
        team.computers_owned -= 1
        state.ledger.post(state.seq, "computer", team.name, BANK, 1, "repurchase")
        move_cash(turn, None, team, REPURCHASE["computer"], "repurchase")
        turn.emit("sell_back", ALL, team=team.name, item=item, value=REPURCHASE["computer"])
        collateral.repay(turn, team, min(due, REPURCHASE["computer"]))


# ---------------------------------------------------------------- WEB options and computers
def check_efficiency(state: GameState, action: Efficiency) -> tuple[Team, Machine]:
    """The team, and the single machine it doubles."""
    team = state.teams[action.actor]
    rule = "Efficiency Improvements (3 WEBs)"
    if team.web < WEB_EFFICIENCY:
        raise RuleViolation(f"An efficiency improvement takes 3 WEB chips; you have {team.web}.",
                            rule, code="web_for_efficiency",
                            params={"need": WEB_EFFICIENCY, "have": team.web})
    return team, pick_machine(state, team, action.machine, double=False, rule=rule)


def check_advertise(state: GameState, action: Advertise) -> Team:
    team = state.teams[action.actor]
    rule = "Advertising Campaigns (2 WEBs)"
    if team.web < WEB_ADVERTISING:
        raise RuleViolation(f"An advertising campaign takes 2 WEB chips; you have {team.web}.",
                            rule, code="web_for_advertising",
                            params={"need": WEB_ADVERTISING, "have": team.web})
    if team.advertising:
        raise RuleViolation("Your campaign already runs until your next red field.", rule,
                            code="advertising_running")
    return team


def _check_computer_in_bank(state: GameState) -> None:
    if state.computers_in_bank() < 1:
        raise RuleViolation("The bank has no computer left: all "
                            f"{state.config.limits.computers} are in play.", "Game Materials",
                            code="bank_out_of_computers",
                            params={"limit": state.config.limits.computers})


def check_lease_computer(state: GameState, action: LeaseComputer) -> Team:
    team = state.teams[action.actor]
    rule = "Computer Leasing (2 WEBs)"
    if team.has_computer:
        raise RuleViolation("You have a computer already.", rule, code="computer_already")
    if team.web < WEB_LEASE:
        raise RuleViolation(f"Leasing a computer takes 2 WEB chips; you have {team.web}.", rule,
                            code="web_for_lease", params={"need": WEB_LEASE, "have": team.web})
    _check_computer_in_bank(state)
    return team


def check_buy_computer(state: GameState, action: BuyComputer) -> Team:
    team = state.teams[action.actor]
    rule = "Computer Leasing (2 WEBs)"
    if team.has_computer:
        raise RuleViolation("You have a computer already; a factory has one computer slot.", rule,
                            code="computer_already")
    _check_computer_in_bank(state)
    if action.credit > COMPUTER_CREDIT:
        raise RuleViolation(f"A computer may be bought with at most "
                            f"{marks(COMPUTER_CREDIT)} Marks credit.", rule,
                            code="computer_credit_cap",
                            params={"max_credit": COMPUTER_CREDIT, "credit": action.credit})
    check_credit_amount(state, action.credit,
                         credit_available(state, team, COMPUTER_CREDIT), rule)
    if action.credit:
        what, verb = (f"a computer costs {marks(COMPUTER_PRICE)} and with "
                      f"{marks(action.credit)} credit you", "pay")
        require_cash(team, COMPUTER_PRICE - action.credit, what, rule, verb,
                   code="cash_for_computer_on_credit",
                   params={"price": COMPUTER_PRICE, "credit": action.credit})
    else:
        require_cash(team, COMPUTER_PRICE, "a computer", rule, "costs", code="cash_for_computer")
    return team


def efficiency(turn: Turn, action: Efficiency) -> None:
    team, machine = check_efficiency(turn.state, action)
    web_to_bank(turn, team, WEB_EFFICIENCY, "efficiency")
    machine.double = True
    turn.emit("efficiency", ALL, team=team.name, machine=machine.id)


def advertise(turn: Turn, action: Advertise) -> None:
    team = check_advertise(turn.state, action)
    web_to_bank(turn, team, WEB_ADVERTISING, "advertising")
    team.advertising = True
    advertising.campaign_bought(turn.state, team)
    turn.emit("advertising", ALL, team=team.name)


def lease_computer(turn: Turn, action: LeaseComputer) -> None:
    state = turn.state
    team = check_lease_computer(state, action)
    team.web -= WEB_LEASE
    state.ledger.post(state.seq, "web", team.name, "board", WEB_LEASE, "computer lease")
    state.leased_computers += 1
    team.lease_field = team.position
    turn.emit("lease", ALL, team=team.name, field=team.position)


def buy_computer(turn: Turn, action: BuyComputer) -> None:
    state = turn.state
    team = check_buy_computer(state, action)
    borrow(turn, team, action.credit)
    team.computers_owned += 1
    state.ledger.post(state.seq, "computer", BANK, team.name, 1, "investment")
    move_cash(turn, team, None, COMPUTER_PRICE, "investment")
    turn.emit("buy_computer", ALL, team=team.name, credit=action.credit, price=COMPUTER_PRICE)
