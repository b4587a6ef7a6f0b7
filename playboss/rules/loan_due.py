"""Private loans that come due (setting ``private_loan_due``).

Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "If your assets are not
sufficient to repay a bank or private loan when it comes due, you will enter bankruptcy ...
If both bank and personal loans are in effect, the bank has first rights to repayment and any
money left after the bank has been satisfied is left for private lenders."

With ``"agreed"`` (the literal reading) a deal that lends Marks may carry ``loan_due_years``:
the loan comes due when the borrower has completed that many more years (crossings of the
start) after the deal is accepted. At that crossing what is still owed is a payment the
borrower cannot refuse, paid to the lender: at once when the cash covers it, otherwise the
turn waits while the team raises money, as for every payment; when its liquidity cannot cover
it, the team is bankrupt - and in the bankruptcy the bank is paid first, the lenders after it
(``bankruptcy``: the due loan is not paid ahead of the bank as other payments due are). A loan
without a due date is repaid when the borrower chooses, as before. With ``"never"`` (the
engine's earlier reading) a due date is refused.

Data, only while there is some (a game without due dates keeps the state it had):
``state.step["loan_due_offers"]`` maps an open deal's number to its years,
``state.step["loan_due"]`` a loan's number to the borrower's year count at which it is due
(both keyed by the number as text, as JSON keeps them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import RuleViolation
from .money import move_cash
from .state import GameState, Pending, Team

if TYPE_CHECKING:  # only named in annotations: no import of the dispatcher at run time
    from .turn import Turn

RULE = "Explanations: Credit, Bankruptcy and Private Trade"
#: The reason of the payment a due loan makes (``Pending.reason``).
REASON = "private loan due"
OFFERS = "loan_due_offers"
DUE = "loan_due"


def check_offer(state: GameState, years: int | None, give: dict[str, Any],
                take: dict[str, Any]) -> None:
    """A due date needs the setting, a loan in the deal, and at least one year."""
    if years is None:
        return
    if state.config.private_loan_due != "agreed":
        raise RuleViolation("Private loans carry no due date in this game: agree on the "
                            "repayment in the terms.", RULE, code="loan_due_not_played")
    if not give.get("loan") and not take.get("loan"):
        raise RuleViolation("A due date needs a loan in the deal.", RULE,
                            code="loan_due_without_loan")
    if not isinstance(years, int) or isinstance(years, bool) or years < 1:
        raise RuleViolation(f"A loan comes due after 1 or more of the borrower's years, not "
                            f"{years}.", RULE, code="loan_due_years", params={"years": years})


def offered(state: GameState, deal: int, years: int | None) -> None:
    if years is not None:
        state.step.setdefault(OFFERS, {})[str(deal)] = years


def offer_closed(state: GameState, deal: int) -> int | None:
    """The deal is accepted, turned down or withdrawn: its due date, if it had one."""
    offers = state.step.get(OFFERS)
    if not offers or str(deal) not in offers:
        return None
    years: int = offers.pop(str(deal))
    if not offers:
        del state.step[OFFERS]
    return years


def offer_due(state: GameState, deal: int) -> dict[str, Any] | None:
    """An open deal's loan with a due date: its years, its borrower and the borrower's year it
    would be due with if accepted now (``lent`` counts from the borrower's years at
    acceptance). None without a due date."""
    years = state.step.get(OFFERS, {}).get(str(deal))
    found = state.deals.get(deal)
    if years is None or found is None:
        return None
    borrower = state.teams[found.partner if found.give.get("loan") else found.proposer]
    return {"years": years, "borrower": borrower.name, "year": borrower.years + years}


def lent(state: GameState, loan: int, borrower: Team, years: int | None) -> None:
    """A loan of an accepted deal with a due date: due at the borrower's year count now +
    ``years``."""
    if years is not None:
        state.step.setdefault(DUE, {})[str(loan)] = borrower.years + years


def due_year(state: GameState, loan: int) -> int | None:
    due: dict[str, int] = state.step.get(DUE, {})
    return due.get(str(loan))


def on_cross_start(turn: Turn, team: Team) -> None:
    """The borrower completes a year: each of its loans due with it becomes a payment owed to
    the lender (the turn's queue settles it, see ``pays_lender``)."""
    state = turn.state
    due: dict[str, int] | None = state.step.get(DUE)
    if not due:
        return
    for key in list(due):
        loan = state.loans.get(int(key))
        if loan is None:  # repaid, or taken over by the bank at the lender's bankruptcy
            del due[key]
        elif loan.borrower == team.name and team.years + 1 >= due[key]:
            del due[key]
            state.pending.append(Pending(
                "pay", loan.amount, REASON, f"loan {loan.id} from {loan.lender}",
                {"loan": loan.id, "lender": loan.lender}))
    if not due:
        del state.step[DUE]


def pays_lender(turn: Turn, team: Team, head: Pending) -> bool:
    """Settle a due loan's payment (its cash covers it): the lender is repaid what is still
    owed. False for every other payment (it goes to the bank)."""
    if head.reason != REASON:
        return False
    state = turn.state
    loan = state.loans.get(int(head.data["loan"]))
    if loan is None:  # repaid or taken over meanwhile: nothing is owed to the lender
        return True
    amount = min(loan.amount, head.amount)
    lender = state.teams[loan.lender]
    loan.amount -= amount
    if not loan.amount:
        del state.loans[loan.id]
    state.ledger.post(state.seq, "private_debt", team.name, lender.name, amount,
                      "private repayment")
    move_cash(turn, team, lender, amount, "private repayment")
    turn.emit("repay_private", (team.name, lender.name), team=team.name, partner=lender.name,
              amount=amount, how="due")
    return True
