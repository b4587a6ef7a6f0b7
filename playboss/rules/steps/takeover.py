"""Buying another team's whole business (with steps 4 and 6).

The rulebook mentions it twice: step 4 lets the loss of "a money losing business purchased and
consolidated into the financial statements" be set against later profits, and step 6 lets the
worker representative "buy businesses from other players". The representative buying is not
modelled (it would need a business of its own); between teams it works like this:

- ``offer_takeover {target, price, terms}``: a team offers to buy another team's business.
- ``accept_takeover {offer}`` by the target (not during its own turn), or ``reject_takeover``
  by either side.
- On acceptance the buyer pays the price to the target's owners, and takes over everything of
  the business at book value: cash, raw material and finished product, WEB chips, machines
  (owned, leased in, leased out), the computer (owned or leased), bank debt, private loans and
  claims, marketing organizations (step 3), workers (step 6), and its tax loss carried forward
  (step 4). The target is then out of the game, its result the price less its paid-in capital.

Machines keep their remaining delivery time. A buyer that already has a computer cannot take
over a second (one slot per factory): it sells one first.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ..actions import Action
from ..choice import Choice
from ..errors import RuleViolation, marks
from ..money import move_cash
from ..ruleset import RulePart
from ..state import BANK, GameState, Team
from ..statements import balance_sheet
from ..turn import ALL, Turn
from ..turn_checks import allowed as move_allowed
from . import labor
from .common import enabled

RULE = "4. Step: Taxation"
REASON = "takeover"


def allowed(state: GameState) -> bool:
    return enabled(state, 4) or enabled(state, 6)


@dataclass(frozen=True, slots=True)
class OfferTakeover(Action):
    type: ClassVar[str] = "offer_takeover"
    target: str = ""
    price: int = 0
    terms: str = ""


@dataclass(frozen=True, slots=True)
class AcceptTakeover(Action):
    type: ClassVar[str] = "accept_takeover"
    offer: int = 0


@dataclass(frozen=True, slots=True)
class RejectTakeover(Action):
    type: ClassVar[str] = "reject_takeover"
    offer: int = 0



#: Open takeover offers a team may have made at once (as open deals, issue 11).
OPEN_OFFERS_MAX = 10


def offers(state: GameState) -> dict[str, dict[str, Any]]:
    """The open offers (read only: an empty dict is not stored, so a refusal writes nothing)."""
    found: dict[str, dict[str, Any]] = state.step.get("takeovers", {})
    return found


def _require(state: GameState) -> None:
    if not allowed(state):
        raise RuleViolation("Buying a business belongs to steps 4 and 6, not played here.", RULE,
                            code="takeover_off")


def _offer(turn: Turn, action: OfferTakeover) -> None:
    state = turn.state
    _require(state)
    buyer = state.teams[action.actor]
    target = state.teams.get(action.target)
    if target is None or target.bankrupt or target is buyer:
        raise RuleViolation(f"There is no other team {action.target!r} in business to buy.",
                            RULE, code="takeover_no_target", params={"target": action.target})
    if action.price < 0:
        raise RuleViolation("The price of a business cannot be negative.", RULE,
                            code="takeover_price_negative", params={"price": action.price})
    if action.price > buyer.cash + target.cash:  # the acceptance's own check: never payable
        raise RuleViolation(f"{buyer.name} cannot pay {marks(action.price)} Marks, even with "
                            f"{target.name}'s cash.", RULE, code="takeover_cash",
                            params={"team": buyer.name, "price": action.price,
                                    "target": target.name})
    if not isinstance(action.terms, str) or len(action.terms) > 200:
        raise RuleViolation("Terms are a text of at most 200 characters.", RULE,
                            code="terms_length", params={"most": 200})
    standing = sum(1 for o in offers(state).values() if o["buyer"] == buyer.name)
    if standing >= OPEN_OFFERS_MAX:  # a flood of offers fills the target's screens
        raise RuleViolation(f"{buyer.name} has {standing} open takeover offers already; wait "
                            "for an answer before making another.", RULE,
                            code="takeover_too_many_open",
                            params={"team": buyer.name, "most": OPEN_OFFERS_MAX})
    offer_id = str(state.new_id())
    state.step.setdefault("takeovers", {})[offer_id] = {"buyer": buyer.name, "target": target.name,
                               "price": action.price, "terms": action.terms}
    turn.emit("takeover_offered", (buyer.name, target.name), team=buyer.name, partner=target.name,
              offer=int(offer_id), price=action.price)


def _find(state: GameState, offer_id: int) -> dict[str, Any]:
    found = offers(state).get(str(offer_id))
    if found is None:
        raise RuleViolation(f"There is no open takeover offer {offer_id}.", RULE,
                            code="no_takeover_offer", params={"offer": offer_id})
    return found


def check_reject(state: GameState, action: RejectTakeover) -> dict[str, Any]:
    """The offer a party of it turns down (or its buyer takes back)."""
    _require(state)
    offer = _find(state, action.offer)
    if action.actor not in (offer["buyer"], offer["target"]):
        raise RuleViolation("Only the two teams of an offer can turn it down.", RULE,
                            code="takeover_reject_parties")
    return offer


def _reject(turn: Turn, action: RejectTakeover) -> None:
    state = turn.state
    offer = check_reject(state, action)
    del offers(state)[str(action.offer)]
    turn.emit("takeover_rejected", ALL, team=action.actor, target=offer["target"],
              buyer=offer["buyer"], offer=action.offer)


def acceptance_problem(state: GameState, offer: dict[str, Any]) -> RuleViolation | None:
    """Why the target cannot accept the offer now, or None: it can (``check_accept``'s
    conditions of the moment, which the legal moves ask through the check)."""
    buyer, target = state.teams[offer["buyer"]], state.teams[offer["target"]]
    if buyer.bankrupt:
        return RuleViolation(f"{buyer.name} is out of the game.", RULE,
                             code="takeover_buyer_out", params={"team": buyer.name})
    if state.phase == "order":
        return RuleViolation("The game has not begun: businesses are sold once it has.", RULE,
                             code="takeover_before_game")
    if state.current == target.name:
        return RuleViolation("A business is sold between its turns, not during one.", RULE,
                             code="takeover_during_turn")
    price = offer["price"]
    if buyer.cash + target.cash < price:
        return RuleViolation(f"{buyer.name} cannot pay {marks(price)} Marks, even with "
                             f"{target.name}'s cash.", RULE, code="takeover_cash",
                             params={"team": buyer.name, "price": price,
                                     "target": target.name})
    if target.has_computer and buyer.has_computer:
        return RuleViolation(f"{buyer.name} has a computer already; a factory has one slot. "
                             "Sell one first.", RULE, code="takeover_computer_room",
                             params={"team": buyer.name})
    return None


def check_accept(state: GameState, action: AcceptTakeover) -> dict[str, Any]:
    """The offer its target accepts."""
    _require(state)
    offer = _find(state, action.offer)
    if action.actor != offer["target"]:
        raise RuleViolation(f"Only {offer['target']} can accept an offer for its business.",
                            RULE, code="takeover_accept_target",
                            params={"target": offer["target"]})
    problem = acceptance_problem(state, offer)
    if problem is not None:
        raise problem
    return offer


def _accept(turn: Turn, action: AcceptTakeover) -> None:
    state = turn.state
    offer = check_accept(state, action)
    buyer, target = state.teams[offer["buyer"]], state.teams[offer["target"]]
    price = offer["price"]
    del offers(state)[str(action.offer)]
    open_year_loss = _open_year_loss(turn, target) if enabled(state, 4) else 0
    _consolidate(turn, buyer, target)
    if open_year_loss:
        buyer.step["loss_carried_forward"] = (buyer.step.get("loss_carried_forward", 0)
                                              + open_year_loss)
    if price:
        move_cash(turn, buyer, target, price, "takeover price")
    target.sold_to = buyer.name
    target.bankrupt = True  # out of the game: no more turns, no moves
    for offer_id in [k for k, o in offers(state).items()
                     if target.name in (o["buyer"], o["target"])]:
        del offers(state)[offer_id]
    turn.emit("takeover", ALL, team=buyer.name, partner=target.name, price=price)


def _open_year_loss(turn: Turn, target: Team) -> int:
    """The target's loss in its year not yet closed (step 4): it joins the buyer's loss carried
    forward with the closed years' ("If a money losing business is purchased and consolidated
    into the financial statements, then this loss can also be amortized"). A profit of the
    open year is the seller's: it is in the price, not in the buyer's books."""
    result: int = (balance_sheet(turn.state, target.name).profit
                   - int(target.step.get("profit_at_year_start", 0))
                   + int(target.step.get("taxes_paid_in_year", 0)))
    return max(0, -result)


def _consolidate(turn: Turn, buyer: Team, target: Team) -> None:
    """Move everything of the target's business to the buyer, booked in the ledger."""
    state = turn.state
    led = state.ledger
    seq = state.seq
    if target.cash:
        move_cash(turn, target, buyer, target.cash, REASON)
    for kind in ("raw", "finished", "web"):
        units = getattr(target, kind)
        if units:
            setattr(target, kind, 0)
            setattr(buyer, kind, getattr(buyer, kind) + units)
            led.post(seq, kind, target.name, buyer.name, units, REASON)
    for machine in state.machines.values():
        if machine.holder == target.name:
            left = max(0, machine.ready_at - target.rolls)
            target.machines.remove(machine.id)
            buyer.machines.append(machine.id)
            machine.holder = buyer.name
            machine.ready_at = buyer.rolls + left
        if machine.owner == target.name:
            machine.owner = buyer.name
            led.post(seq, "machine", target.name, buyer.name, 1, REASON)
    if target.computers_owned:
        buyer.computers_owned += target.computers_owned
        led.post(seq, "computer", target.name, buyer.name, target.computers_owned, REASON)
        target.computers_owned = 0
    if target.lease_field is not None:
        buyer.lease_field, target.lease_field = target.lease_field, None
    if target.bank_debt:
        led.post(seq, "bank_debt", target.name, buyer.name, target.bank_debt, REASON)
        buyer.bank_debt += target.bank_debt
        target.bank_debt = 0
    _take_over_loans(turn, buyer, target)
    for deal_id in [d.id for d in state.deals.values()
                    if target.name in (d.proposer, d.partner)]:
        del state.deals[deal_id]
    if enabled(state, 4):
        carried = target.step.get("loss_carried_forward", 0)
        buyer.step["loss_carried_forward"] = buyer.step.get("loss_carried_forward", 0) + carried
        target.step["loss_carried_forward"] = 0
    for hook in TAKEOVER_HOOKS:
        hook(turn, buyer, target)


def _take_over_loans(turn: Turn, buyer: Team, target: Team) -> None:
    state = turn.state
    led = state.ledger
    for loan in list(state.loans.values()):
        if target.name not in (loan.lender, loan.borrower):
            continue
        if loan.borrower == target.name:
            led.post(state.seq, "private_debt", target.name, buyer.name, loan.amount, REASON)
            loan.borrower = buyer.name
        else:
            led.post(state.seq, "private_debt", buyer.name, target.name, loan.amount, REASON)
            loan.lender = buyer.name
        if loan.lender == loan.borrower:  # the buyer owed the business it bought: settled
            del state.loans[loan.id]


def _marketing(turn: Turn, buyer: Team, target: Team) -> None:
    state = turn.state
    owners = state.step.get("marketing_troughs")
    if owners:
        state.step["marketing_troughs"] = [buyer.name if o == target.name else o
                                           for o in owners]


def _labor(turn: Turn, buyer: Team, target: Team) -> None:
    state = turn.state
    if not enabled(state, 6) or "labor" not in target.step:
        return
    contracts = target.step["labor"]["contracts"]
    staff = labor.workers_of(target)
    buyer.step.setdefault("labor", dict(target.step["labor"], contracts=[]))
    buyer.step["labor"]["contracts"].extend(contracts)
    target.step["labor"]["contracts"] = []
    if staff:
        state.ledger.post(state.seq, labor.WORKER, target.name, buyer.name, staff, REASON)
    books = labor.books(state)
    books["strikes"].pop(target.name, None)  # the dispute was with the old owners
    books["lockouts"] = [n for n in books["lockouts"] if n != target.name]
    if not books["strikes"]:
        books["lockouts"] = []  # "Insofar as one or more business are being striked"
    books["offers"] = {k: o for k, o in books["offers"].items() if o["team"] != target.name}


#: Steps with components of their own move them to the buyer: (turn, buyer, target).
TAKEOVER_HOOKS = (_marketing, _labor)


def _view(state: GameState, viewer: str) -> dict[str, Any]:
    """The open offers, to the bank and to the two teams of each offer only: buying a business
    is negotiated between its parties, not called out at the table. No key without an offer,
    so a view without takeovers is the view it always was."""
    if not allowed(state):
        return {}
    shown = [{"id": int(offer_id), "buyer": o["buyer"], "target": o["target"],
              "price": o["price"], "terms": o["terms"]}
             for offer_id, o in offers(state).items()
             if viewer == BANK or viewer in (o["buyer"], o["target"])]
    return {"takeovers": shown} if shown else {}



def _any_time(state: GameState, team: Team) -> list[Choice]:
    """The answers to open offers, at any time: the target accepts (when it may) or turns
    an offer down, the buyer takes its own back. Making an offer is not listed: its price
    is open-ended, as a private deal's terms are (the team screen has a form for it)."""
    if not allowed(state) or state.phase == "ended":
        return []
    out: list[Choice] = []
    for offer_id, offer in offers(state).items():
        if team.name not in (offer["buyer"], offer["target"]):
            continue
        fixed = {"offer": int(offer_id)}
        if team.name == offer["target"] and move_allowed(
                state, AcceptTakeover(team.name, offer=int(offer_id))):
            out.append(Choice(AcceptTakeover, fixed, any_time=True))
        out.append(Choice(RejectTakeover, fixed, any_time=True))
    return out



PART = RulePart(
    name="buying a business (steps 4 and 6)",
    enabled=lambda config: 4 in config.steps or 6 in config.steps,
    handlers={OfferTakeover: _offer, AcceptTakeover: _accept, RejectTakeover: _reject},
    checks={AcceptTakeover: check_accept, RejectTakeover: check_reject},
    int_fields=frozenset({"price", "offer"}),
    any_time_choices=(_any_time,),
    views=(_view,),
)
