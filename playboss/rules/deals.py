"""Private deals and loans between teams (rulebook I: "Private Business between Players";
"Explanations: Credit, Bankruptcy and Private Trade").

A team offers another a bundle — cash, goods, machines sold or leased out, a computer, a loan —
for a bundle in return; the partner accepts or turns it down, the proposer may withdraw it.
Each side's holdings are checked when the deal is done. Private loans are repaid at any time.
"""

from __future__ import annotations

from typing import Any

from . import collateral, loan_due
from .actions import (
    MAX_LIST,
    MAX_NUMBER,
    AcceptDeal,
    ProposeDeal,
    RejectDeal,
    RepayPrivate,
    WithdrawDeal,
)
from .any_time import any_time_team
from .errors import RuleViolation, marks, units_of
from .goods import delivery_rolls
from .money import move_cash, require_cash
from .state import Deal, GameState, Loan, Team
from .turn import ALL, Turn

BUNDLE_KEYS = ("cash", "raw", "finished", "machines", "lease", "computers", "loan")
#: A deal's terms are a sentence or two ("repaid after year 3 with 10% interest"); every
#: screen of both teams shows them.
TERMS_MAX = 200
#: Open offers a team may have made at once: enough for a deal with every other team and a
#: few second thoughts; more is a flood that fills both teams' panels.
OPEN_DEALS_MAX = 10


def check_bundle(state: GameState, giver: Team, receiver: Team, bundle: dict[str, Any]) -> None:
    rule = "Private Business between Players"
    unknown = set(bundle) - set(BUNDLE_KEYS)
    if unknown:
        raise RuleViolation(f"A deal can hold {', '.join(BUNDLE_KEYS)}; not "
                            f"{', '.join(sorted(unknown))}.", rule, code="deal_keys",
                            params={"allowed": list(BUNDLE_KEYS), "keys": sorted(unknown)})
    for key in ("cash", "raw", "finished", "computers", "loan"):
        value = bundle.get(key, 0)
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise RuleViolation(f"In a deal, {key} is a whole number, not below zero.", rule,
                                code="deal_value_number", params={"key": key})
    _check_sizes(bundle)
    money = bundle.get("cash", 0) + bundle.get("loan", 0)
    if money > giver.cash:
        raise RuleViolation(f"{giver.name} has {marks(giver.cash)} Marks, not "
                            f"{marks(money)}.", rule, code="deal_cash",
                            params={"team": giver.name, "cash": giver.cash, "amount": money})
    for key in ("raw", "finished"):
        have = giver.raw if key == "raw" else giver.finished
        if bundle.get(key, 0) > have:
            raise RuleViolation(f"{giver.name} has {units_of(have, key)}, not {bundle[key]}.", rule,
                                code="deal_not_enough_raw" if key == "raw"
                                else "deal_not_enough_finished",
                                params={"team": giver.name, "have": have, "units": bundle[key]})
    if bundle.get("computers", 0) > giver.computers_owned:
        raise RuleViolation(f"{giver.name} owns no computer to sell.", rule,
                            code="deal_no_computer", params={"team": giver.name})
    if bundle.get("computers", 0) and (bundle["computers"] > 1 or receiver.has_computer):
        raise RuleViolation(f"{receiver.name} has room for one computer only.", rule,
                            code="deal_computer_room", params={"team": receiver.name})
    for key in ("machines", "lease"):
        ids = bundle.get(key, [])
        if not isinstance(ids, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) for i in ids
        ) or len(set(ids)) != len(ids):
            raise RuleViolation(f"In a deal, {key} is a list of machine numbers.", rule,
                                code="deal_machine_list", params={"key": key})
        for mid in ids:
            m = state.machines.get(mid)
            if m is None:
                raise RuleViolation(f"Machine {mid} is not in play.", rule,
                                    code="machine_not_in_play", params={"machine": mid})
            if key == "lease" and not (m.owner == giver.name and m.holder == giver.name):
                raise RuleViolation(f"{giver.name} can lease out only its own machines in its "
                                    f"hall; machine {mid} is not.", rule,
                                    code="deal_lease_own_only",
                                    params={"team": giver.name, "machine": mid})
            if key == "machines" and not (
                (m.owner == giver.name and m.holder == giver.name)
                or (m.holder == giver.name and m.owner == receiver.name)
                or (m.owner == giver.name and m.holder == receiver.name)
            ):
                raise RuleViolation(f"{giver.name} cannot hand machine {mid} to "
                                    f"{receiver.name}.", rule, code="deal_cannot_hand_machine",
                                    params={"team": giver.name, "machine": mid,
                                            "partner": receiver.name})
    both = set(bundle.get("machines", [])) & set(bundle.get("lease", []))
    if both:
        raise RuleViolation(f"Machine {min(both)} cannot be sold and leased in the same deal.",
                            rule, code="deal_sold_and_leased", params={"machine": min(both)})


def propose_deal(turn: Turn, action: ProposeDeal) -> None:
    state = turn.state
    team = any_time_team(turn, action)
    rule = "Private Business between Players"
    partner = state.teams.get(action.partner)
    if partner is None or partner.bankrupt:
        raise RuleViolation(f"There is no team {action.partner!r} in the game to deal with.",
                            rule, code="deal_no_partner", params={"partner": action.partner})
    if partner is team:
        raise RuleViolation("A deal needs another team.", rule, code="deal_needs_other_team")
    if not any(action.give.values()) and not any(action.take.values()):
        raise RuleViolation("The deal is empty: say what changes hands.", rule,
                            code="deal_empty")
    if len(action.terms) > TERMS_MAX:
        raise RuleViolation(f"Terms are a text of at most {TERMS_MAX} characters.", rule,
                            code="terms_length", params={"most": TERMS_MAX})
    open_deals = sum(1 for d in state.deals.values() if d.proposer == team.name)
    if open_deals >= OPEN_DEALS_MAX:
        raise RuleViolation(f"{team.name} has {open_deals} open offers already; withdraw one "
                            "before making another.", rule, code="deal_too_many_open",
                            params={"team": team.name, "most": OPEN_DEALS_MAX})
    check_bundle(state, team, partner, action.give)
    # The partner's side is checked when it accepts: its holdings are its own business.
    _check_bundle_shape(action.take)
    loan_due.check_offer(state, action.loan_due_years, action.give, action.take)
    deal = Deal(state.new_id(), team.name, partner.name, dict(action.give), dict(action.take),
                action.terms)
    state.deals[deal.id] = deal
    loan_due.offered(state, deal.id, action.loan_due_years)
    turn.emit("deal_offered", (team.name, partner.name), team=team.name, partner=partner.name,
              deal=deal.id, give=dict(action.give), take=dict(action.take))


def _check_bundle_shape(bundle: dict[str, Any]) -> None:
    rule = "Private Business between Players"
    unknown = set(bundle) - set(BUNDLE_KEYS)
    if unknown:
        raise RuleViolation(f"A deal can hold {', '.join(BUNDLE_KEYS)}; not "
                            f"{', '.join(sorted(unknown))}.", rule, code="deal_keys",
                            params={"allowed": list(BUNDLE_KEYS), "keys": sorted(unknown)})
    for key, value in bundle.items():
        ok = (isinstance(value, list) and all(isinstance(i, int) for i in value)) if key in (
            "machines", "lease") else (isinstance(value, int) and not isinstance(value, bool)
                                       and value >= 0)
        if not ok:
            raise RuleViolation(f"In a deal, {key} has a bad value.", rule,
                                code="deal_bad_value", params={"key": key})
    _check_sizes(bundle)


def _check_sizes(bundle: dict[str, Any]) -> None:
    """No amount beyond what the game holds, no list of machines longer than a game has: an
    offer asking 10^20 Marks is refused when it is made, not when it is answered."""
    rule = "Private Business between Players"
    for key, value in bundle.items():
        numbers = value if isinstance(value, list) else [value]
        if isinstance(value, list) and len(value) > MAX_LIST:
            raise RuleViolation(f"In a deal, {key} lists at most {MAX_LIST} machines.", rule,
                                code="deal_list_too_long", params={"key": key,
                                                                   "most": MAX_LIST})
        if any(isinstance(n, int) and abs(n) > MAX_NUMBER for n in numbers):
            raise RuleViolation(f"In a deal, {key} is larger than the game holds (at most "
                                f"{MAX_NUMBER:,}).", rule, code="deal_value_too_large",
                                params={"key": key, "most": MAX_NUMBER})


def deal_of(state: GameState, deal_id: int) -> Deal:
    deal = state.deals.get(deal_id)
    if deal is None:
        raise RuleViolation(f"There is no open deal {deal_id}.", "Private Business between Players",
                            code="no_open_deal", params={"deal": deal_id})
    return deal


def check_accept_deal(state: GameState, action: AcceptDeal) -> tuple[Team, Deal]:
    """The accepting team and the deal: offered to it, and both sides hold what they give."""
    team = state.teams[action.actor]
    deal = deal_of(state, action.deal)
    if deal.partner != team.name:
        raise RuleViolation(f"Deal {deal.id} is offered to {deal.partner}, not {team.name}.",
                            "Private Business between Players", code="deal_offered_to_other",
                            params={"deal": deal.id, "partner": deal.partner,
                                    "team": team.name})
    proposer = state.teams[deal.proposer]
    check_bundle(state, proposer, team, deal.give)
    check_bundle(state, team, proposer, deal.take)
    if deal.give.get("computers") and deal.take.get("computers"):
        raise RuleViolation("Swap computers by two deals.", "Private Business between Players",
                            code="deal_swap_computers")
    return team, deal


def accept_deal(turn: Turn, action: AcceptDeal) -> None:
    state = turn.state
    team, deal = check_accept_deal(state, action)
    proposer = state.teams[deal.proposer]
    del state.deals[deal.id]
    due_years = loan_due.offer_closed(state, deal.id)
    dues = [(proposer, collateral.due_on_bundle(state, proposer, deal.give)),
            (team, collateral.due_on_bundle(state, team, deal.take))]
    _hand_over(turn, proposer, team, deal.give, deal.terms, due_years)
    _hand_over(turn, team, proposer, deal.take, deal.terms, due_years)
    turn.emit("deal_done", (team.name, proposer.name), team=team.name, partner=proposer.name,
              deal=deal.id, give=deal.give, take=deal.take)
    for seller, due in dues:  # the collateral's reading: the bank is repaid first
        collateral.repay(turn, seller, due)


def _hand_over(turn: Turn, giver: Team, receiver: Team, bundle: dict[str, Any], terms: str,
               due_years: int | None = None) -> None:
    state = turn.state
    led = state.ledger
    reason = "private deal"
    if bundle.get("cash"):
        move_cash(turn, giver, receiver, bundle["cash"], reason)
    for key in ("raw", "finished"):
        units = bundle.get(key, 0)
        if units:
            if key == "raw":
                giver.raw -= units
                receiver.raw += units
            else:
                giver.finished -= units
                receiver.finished += units
            led.post(state.seq, key, giver.name, receiver.name, units, reason)
    for mid in bundle.get("machines", []):
        m = state.machines[mid]
        if m.owner == giver.name:  # a sale (possibly to the team that leases it)
            m.owner = receiver.name
            led.post(state.seq, "machine", giver.name, receiver.name, 1, reason)
        if m.holder != receiver.name:
            state.teams[m.holder].machines.remove(mid)
            receiver.machines.append(mid)
            m.holder = receiver.name
            m.ready_at = receiver.rolls + delivery_rolls(state)  # delivery and set-up time
    for mid in bundle.get("lease", []):
        m = state.machines[mid]
        giver.machines.remove(mid)
        receiver.machines.append(mid)
        m.holder = receiver.name
        m.ready_at = receiver.rolls + delivery_rolls(state)
    if bundle.get("computers"):
        giver.computers_owned -= 1
        receiver.computers_owned += 1
        led.post(state.seq, "computer", giver.name, receiver.name, 1, reason)
    if bundle.get("loan"):
        amount = bundle["loan"]
        loan = Loan(state.new_id(), giver.name, receiver.name, amount, terms)
        state.loans[loan.id] = loan
        loan_due.lent(state, loan.id, receiver, due_years)
        led.post(state.seq, "private_debt", giver.name, receiver.name, amount, "private loan")
        move_cash(turn, giver, receiver, amount, "private loan")


def check_reject_deal(state: GameState, action: RejectDeal) -> tuple[Team, Deal]:
    team = state.teams[action.actor]
    deal = deal_of(state, action.deal)
    if deal.partner != team.name:
        raise RuleViolation(f"Deal {deal.id} is offered to {deal.partner}; only it can turn "
                            "it down.", "Private Business between Players",
                            code="deal_only_partner_rejects",
                            params={"deal": deal.id, "partner": deal.partner})
    return team, deal


def reject_deal(turn: Turn, action: RejectDeal) -> None:
    team, deal = check_reject_deal(turn.state, action)
    del turn.state.deals[deal.id]
    loan_due.offer_closed(turn.state, deal.id)
    turn.emit("deal_rejected", ALL, team=team.name, deal=deal.id)


def check_withdraw_deal(state: GameState, action: WithdrawDeal) -> tuple[Team, Deal]:
    team = state.teams[action.actor]
    deal = deal_of(state, action.deal)
    if deal.proposer != team.name:
        raise RuleViolation(f"Deal {deal.id} was offered by {deal.proposer}; only it can "
                            "withdraw it.", "Private Business between Players",
                            code="deal_only_proposer_withdraws",
                            params={"deal": deal.id, "proposer": deal.proposer})
    return team, deal


def withdraw_deal(turn: Turn, action: WithdrawDeal) -> None:
    team, deal = check_withdraw_deal(turn.state, action)
    del turn.state.deals[deal.id]
    loan_due.offer_closed(turn.state, deal.id)
    turn.emit("deal_withdrawn", ALL, team=team.name, deal=deal.id)


def check_repay_private(state: GameState, action: RepayPrivate) -> tuple[Team, Loan]:
    team = state.teams[action.actor]
    rule = "Explanations: Credit, Bankruptcy and Private Trade"
    loan = state.loans.get(action.loan)
    if loan is None or loan.borrower != team.name:
        raise RuleViolation(f"You have no private loan {action.loan}.", rule,
                            code="no_private_loan", params={"loan": action.loan})
    if not 0 < action.amount <= loan.amount:
        raise RuleViolation(f"You owe {marks(loan.amount)} Marks on loan {loan.id}; repay "
                            "between 1 and that.", rule, code="private_repay_range",
                            params={"owed": loan.amount, "loan": loan.id,
                                    "amount": action.amount})
    require_cash(team, action.amount, "the repayment", rule, code="cash_for_repayment")
    return team, loan


def repay_private(turn: Turn, action: RepayPrivate) -> None:
    state = turn.state
    team, loan = check_repay_private(state, action)
    lender = state.teams[loan.lender]
    loan.amount -= action.amount
    if not loan.amount:
        del state.loans[loan.id]
    state.ledger.post(state.seq, "private_debt", team.name, lender.name, action.amount,
                      "private repayment")
    move_cash(turn, team, lender, action.amount, "private repayment")
    turn.emit("repay_private", (team.name, lender.name), team=team.name, partner=lender.name,
              amount=action.amount)
