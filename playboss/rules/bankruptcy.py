"""Bankruptcy (rulebook I, "Explanations: Credit, Bankruptcy and Private Trade").

"If your assets are not sufficient to repay a bank or private loan when it comes due, you will
enter bankruptcy. The bank will then auction off all of your assets. The resulting cash ...
belongs to the bank ... or the player who lent the money ...; the bank has first rights."

A team is bankrupt when a payment it cannot refuse exceeds its liquidity (``money.liquidity``).
It is out of the game at once. Its leased machines go home, its machines leased out come back,
a leased computer and its WEB chips go to the bank. Then its assets — raw material, finished
product, machines, an owned computer — are auctioned as one lot:

- ``bankruptcy_auction = "teams"``: the bank opens at its own repurchase value
  (raw 150, finished 1,500, machine 5,000, computer 10,000) and every team still in the game
  may bid more (``estate_bid {price}``) or pass (``estate_pass``). The auction closes when
  every team but the highest bidder has passed since the last bid, or when the bank closes it
  (``close_estate``, the site's deadline). The highest bidder pays and takes the lot (its
  machines produce after the usual delivery time); without a bid the bank takes it at its value.
- ``bankruptcy_auction = "bank"`` (the default): the bank, as auctioneer, is the only bidder
  and takes the lot at once at its value — nothing waits, which keeps a class (and a scripted
  game log) moving.

From the cash raised — the price, the team's cash, and the claims it held on other teams, which
the bank takes over at face value — the bank is paid first (the payment due, then the bank debt;
what is left unpaid is written off), then the private lenders in proportion to what each is
owed. Whatever remains is the bankrupt team's final cash.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from . import loan_due
from .actions import Action
from .choice import Choice
from .constants import REPURCHASE
from .errors import RuleViolation, marks
from .fields import end_lease
from .goods import delivery_rolls, machine_to_bank, to_market, web_to_bank
from .money import move_cash
from .ruleset import RulePart
from .state import BANK, GameState, Pending, Team
from .turn import ALL, Turn
from .turn_checks import allowed

RULE = "Explanations: Credit, Bankruptcy and Private Trade"
PENDING = "estate"


@dataclass(frozen=True, slots=True)
class EstateBid(Action):
    """A bid for the whole lot of a bankrupt team's assets, in Marks."""

    type: ClassVar[str] = "estate_bid"
    price: int = 0


@dataclass(frozen=True, slots=True)
class EstatePass(Action):
    type: ClassVar[str] = "estate_pass"


@dataclass(frozen=True, slots=True)
class CloseEstate(Action):
    """The bank closes the auction of a bankrupt team's assets (the deadline)."""

    type: ClassVar[str] = "close_estate"



# ====================================================================== going bankrupt
def declare(turn: Turn, team: Team, due: Pending) -> None:
    state = turn.state
    name = team.name
    turn.emit("bankrupt", ALL, team=name, amount=due.amount, reason=due.reason)
    turn.hook("bankrupt", team)
    _machines_home(state, team)
    if team.lease_field is not None:
        end_lease(turn, team, "bankrupt")
    if team.web:
        web_to_bank(turn, team, team.web, "bankruptcy")
    team.bankrupt = True
    for deal_id in [d.id for d in state.deals.values() if name in (d.proposer, d.partner)]:
        del state.deals[deal_id]
    value = lot_value(state, team)
    bidders = [t for t in state.teams.values() if not t.bankrupt]
    if state.config.bankruptcy_auction == "teams" and value and bidders:
        state.step[PENDING] = {"team": name, "due": due.amount, "reason": due.reason,
                               "value": value, "price": None, "bidder": None, "passed": []}
        state.pending = [Pending(PENDING)]
        turn.emit("estate_auction", ALL, team=name, value=value, raw=team.raw,
                  finished=team.finished, machines=len(team.machines),
                  computers=team.computers_owned)
        return
    _sell_to_bank(turn, team)
    _settle(turn, team, due.amount, due.reason)


def _machines_home(state: GameState, team: Team) -> None:
    """Leased machines go back to their owners; the team's own come back from lessees."""
    name = team.name
    for mid in list(team.machines):
        m = state.machines[mid]
        if m.owner != name:
            team.machines.remove(mid)
            state.teams[m.owner].machines.append(mid)
            m.holder = m.owner
    for m in list(state.machines.values()):
        if m.owner == name and m.holder != name:
            state.teams[m.holder].machines.remove(m.id)
            team.machines.append(m.id)
            m.holder = name


def lot_value(state: GameState, team: Team) -> int:
    """What the bank pays for the lot: its repurchase values."""
    return (team.raw * REPURCHASE["raw"] + team.finished * REPURCHASE["finished"]
            + len(team.machines) * REPURCHASE["machine"]
            + team.computers_owned * REPURCHASE["computer"])


def _sell_to_bank(turn: Turn, team: Team) -> None:
    state = turn.state
    proceeds = lot_value(state, team)
    if team.raw:
        to_market(turn, team, "raw", team.raw, "bankruptcy")
    if team.finished:
        to_market(turn, team, "finished", team.finished, "bankruptcy")
    for mid in list(team.machines):
        machine_to_bank(turn, state.machines[mid], "bankruptcy")
    if team.computers_owned:
        state.ledger.post(state.seq, "computer", team.name, BANK, team.computers_owned,
                          "bankruptcy")
        team.computers_owned = 0
    if proceeds:
        move_cash(turn, None, team, proceeds, "bankruptcy sale")


def _sell_to(turn: Turn, team: Team, buyer: Team, price: int) -> None:
    state = turn.state
    led = state.ledger
    move_cash(turn, buyer, team, price, "bankruptcy auction")
    for kind in ("raw", "finished"):
        units = getattr(team, kind)
        if units:
            setattr(team, kind, 0)
            setattr(buyer, kind, getattr(buyer, kind) + units)
            led.post(state.seq, kind, team.name, buyer.name, units, "bankruptcy auction")
    for mid in list(team.machines):
        m = state.machines[mid]
        team.machines.remove(mid)
        buyer.machines.append(mid)
        m.owner = m.holder = buyer.name
        m.ready_at = buyer.rolls + delivery_rolls(state)
        led.post(state.seq, "machine", team.name, buyer.name, 1, "bankruptcy auction")
    if team.computers_owned:
        buyer.computers_owned += team.computers_owned
        led.post(state.seq, "computer", team.name, buyer.name, team.computers_owned,
                 "bankruptcy auction")
        team.computers_owned = 0


def _settle(turn: Turn, team: Team, due: int, reason: str) -> None:
    """Claims to the bank; the bank paid first, then the private lenders."""
    state = turn.state
    led = state.ledger
    seq = state.seq
    name = team.name
    claims = 0
    for loan in [ln for ln in state.loans.values() if ln.lender == name]:
        claims += loan.amount
        borrower = state.teams[loan.borrower]
        led.post(seq, "private_debt", loan.borrower, name, loan.amount, "bankruptcy")
        borrower.bank_debt += loan.amount
        led.post(seq, "bank_debt", BANK, loan.borrower, loan.amount, "loan taken over by bank")
        del state.loans[loan.id]
    if claims:
        move_cash(turn, None, team, claims, "bankruptcy sale")
    # A private loan that came due ranks behind the bank, among the private lenders below.
    paid = min(team.cash, due) if reason != loan_due.REASON else 0
    if paid:  # (no part of the rules has a payee other than the bank for what comes due)
        move_cash(turn, team, None, paid, reason)
    bank_paid = min(team.cash, team.bank_debt)
    if bank_paid:
        move_cash(turn, team, None, bank_paid, "repayment")
        led.post(seq, "bank_debt", name, BANK, bank_paid, "repayment")
    if team.bank_debt - bank_paid:
        led.post(seq, "bank_debt", name, BANK, team.bank_debt - bank_paid, "written off")
    team.bank_debt = 0
    debts = [ln for ln in state.loans.values() if ln.borrower == name]
    owed = sum(ln.amount for ln in debts)
    pot = min(team.cash, owed)
    shares = [pot * ln.amount // owed for ln in debts] if owed else []
    for i in range(pot - sum(shares)):
        shares[i % len(shares)] += 1
    for loan, share in zip(debts, shares, strict=True):
        if share:
            move_cash(turn, team, state.teams[loan.lender], share, "private repayment")
        led.post(seq, "private_debt", name, loan.lender, loan.amount, "bankruptcy")
        del state.loans[loan.id]
    if state.current == name:
        state.pending = []


# ====================================================================== the auction
def _open(state: GameState) -> dict[str, Any]:
    estate: dict[str, Any] | None = state.step.get(PENDING)
    if estate is None or not state.pending or state.pending[0].kind != PENDING:
        # (Step 6 may put a hiring offer in front of the auction: it is answered first.)
        raise RuleViolation("No bankrupt team's assets are being auctioned now.", RULE,
                            code="no_estate_auction")
    return estate


def waiting(state: GameState) -> list[str]:
    estate = state.step.get(PENDING)
    if estate is None or not state.pending or state.pending[0].kind != PENDING:
        return []
    return [t.name for t in state.teams.values() if not t.bankrupt
            and t.name != estate["bidder"] and t.name not in estate["passed"]]


def bid_floor(estate: dict[str, Any]) -> int:
    """What a bid must beat: the highest bid, or what the bank pays."""
    floor: int = estate["price"] if estate["price"] is not None else estate["value"]
    return floor


def check_bid(state: GameState, action: EstateBid) -> tuple[dict[str, Any], Team]:
    """The estate auction and the bidding team."""
    estate = _open(state)
    team = state.teams[action.actor]
    floor = bid_floor(estate)
    if action.actor == estate["bidder"]:
        raise RuleViolation("You hold the highest bid already.", RULE,
                            code="estate_highest_bid_already")
    if action.price <= floor:
        raise RuleViolation(f"Bid more than {marks(floor)} Marks "
                            f"({'the highest bid' if estate['price'] else 'what the bank pays'}).",
                            RULE, code="estate_bid_above_highest" if estate["price"]
                            else "estate_bid_above_bank",
                            params={"floor": floor, "price": action.price})
    if action.price > team.cash:
        raise RuleViolation(f"You have {marks(team.cash)} Marks; you cannot bid "
                            f"{marks(action.price)}.", RULE, code="estate_bid_cash",
                            params={"cash": team.cash, "price": action.price})
    if team.has_computer and state.teams[estate["team"]].computers_owned:
        raise RuleViolation("The lot holds a computer and your factory has one already.", RULE,
                            code="estate_computer_room")
    return estate, team


def _bid(turn: Turn, action: EstateBid) -> None:
    state = turn.state
    estate, team = check_bid(state, action)
    estate.update(price=action.price, bidder=team.name, passed=[])
    turn.emit("estate_bid", ALL, team=team.name, price=action.price)
    if not waiting(state):  # the only team left to bid has bid
        _close(turn)


def _pass(turn: Turn, action: EstatePass) -> None:
    state = turn.state
    estate = _open(state)
    if action.actor not in waiting(state):
        raise RuleViolation("You have passed already, or hold the highest bid.", RULE,
                            code="estate_pass_not_waiting")
    estate["passed"].append(action.actor)
    turn.emit("estate_pass", ALL, team=action.actor)
    if not waiting(state):
        _close(turn)


def _close_by_bank(turn: Turn, action: CloseEstate) -> None:
    _open(turn.state)
    _close(turn)


def _nobody_left(turn: Turn, team: Team, head: Pending) -> bool:
    """Every team that could still answer has left the game meanwhile (its business sold
    whole, say): the auction closes as if they had passed."""
    if turn.state.step.get(PENDING) is not None and not waiting(turn.state):
        _close(turn)
        return True
    return False


def _close(turn: Turn) -> None:
    state = turn.state
    estate = state.step.pop(PENDING)
    team = state.teams[estate["team"]]
    buyer = state.teams.get(estate["bidder"] or "")
    if buyer is not None and buyer.cash >= estate["price"] and not buyer.bankrupt:
        _sell_to(turn, team, buyer, estate["price"])
        turn.emit("estate_sold", ALL, team=buyer.name, partner=team.name, price=estate["price"])
    else:
        _sell_to_bank(turn, team)
        turn.emit("estate_sold", ALL, team=BANK, partner=team.name, price=estate["value"])
    _settle(turn, team, estate["due"], estate["reason"])
    state.pending = []  # the bankrupt team's turn is over


# ====================================================================== legal moves
def _choices(state: GameState, team: Team) -> list[Choice]:
    estate = state.step.get(PENDING)
    if estate is None or team.name not in waiting(state):
        return []
    out = [Choice(EstatePass)]
    floor = bid_floor(estate)
    # The bids a page offers: above the floor by steps, those the cash covers; the lowest is
    # asked of the check, which decides for the others (the computer's room, the bidder).
    prices = [p for p in (floor + 100, floor + 500, floor + 1_000, floor + 5_000)
              if p <= team.cash]
    if prices and allowed(state, EstateBid(team.name, price=prices[0])):
        out.append(Choice(EstateBid, param="price", values=prices))
    return out


def _bank_choices(state: GameState, actor: str) -> list[Choice]:
    if actor == BANK and state.step.get(PENDING) is not None and state.pending and \
            state.pending[0].kind == PENDING:
        return [Choice(CloseEstate)]
    return []


def _waiting_text(state: GameState) -> str:
    estate = state.step.get(PENDING, {})
    return f"the auction of {estate.get('team')}'s assets (waiting for " \
           f"{', '.join(waiting(state))})."


def _check(state: GameState) -> list[str]:
    estate = state.step.get(PENDING)
    if estate is None:
        return []
    out = []
    if not state.teams[estate["team"]].bankrupt:
        out.append("an estate auction of a team that is not bankrupt")
    if not any(p.kind == PENDING for p in state.pending):
        out.append("an estate auction the turn does not wait for")
    return out


def _waiting_params(state: GameState) -> dict[str, Any]:
    return {"team": state.step.get(PENDING, {}).get("team"), "teams": waiting(state)}


def _view(state: GameState, viewer: str) -> dict[str, Any]:
    """The open auction of a bankrupt team's assets, held in the open ("The bank will then
    auction off all of your assets"): everyone sees the lot, the bank's price, the highest bid
    and its bidder; what the team owed, and why, only the bank."""
    estate = state.step.get(PENDING)
    if estate is None or not state.pending or state.pending[0].kind != PENDING:
        return {}
    team = state.teams[estate["team"]]
    out: dict[str, Any] = {
        "team": team.name, "raw": team.raw, "finished": team.finished,
        "machines": len(team.machines), "computers": team.computers_owned,
        "value": estate["value"], "price": estate["price"], "bidder": estate["bidder"],
        "passed": list(estate["passed"]), "waiting_for": waiting(state),
    }
    if viewer == BANK:
        out.update(due=estate["due"], reason=estate["reason"])
    return {"estate": out}



#: The auction of a bankrupt team's assets, in every game (rulebook part I).
PART = RulePart(
    name="bankruptcy: the auction of a bankrupt team's assets",
    handlers={EstateBid: _bid, EstatePass: _pass, CloseEstate: _close_by_bank},
    checks={EstateBid: check_bid},
    actor_actions={BANK: frozenset({CloseEstate})},
    int_fields=frozenset({"price"}),
    invariant_checks=(_check,),
    auto={PENDING: _nobody_left},
    waiting_texts={PENDING: _waiting_text},
    waiting_params={PENDING: _waiting_params},
    waiting_on={PENDING: waiting},
    pending_choices={PENDING: _choices},
    actor_choices=(_bank_choices,),
    views=(_view,),
)
