"""Money (rulebook I: "Lines of Credit"; "Explanations: Credit, Bankruptcy and Private Trade").

Cash moving between the teams and the bank, the bank credit a team may still draw, payments it
cannot refuse, and its liquidity: the most cash it could raise, which decides bankruptcy. Every
movement is booked in the ledger.
"""

from __future__ import annotations

from typing import Any

from .constants import COMPUTER_CREDIT, MACHINE_CREDIT, REPURCHASE
from .errors import RuleViolation, marks
from .state import BANK, GameState, Pending, Team
from .turn import Turn


# ---------------------------------------------------------------- checks
def require_cash(team: Team, cost: int, what: str, rule: str, verb: str | None = None, *,
               code: str, params: dict[str, Any] | None = None) -> None:
    """Refuse unless the team has ``cost`` Marks: "You have 3,000 Marks; 4 units cost 4,200."
    ``verb`` replaces "cost(s)" ("... and with 5,000 credit you" + "pay"). The refusal's
    params are ``cash`` and ``cost`` and the caller's ``params`` (what ``what`` speaks of)."""
    if team.cash < cost:
        if verb is None:
            verb = "cost" if what.endswith("s") else "costs"
        raise RuleViolation(f"You have {marks(team.cash)} Marks; {what} {verb} {marks(cost)}.",
                            rule, code=code,
                            params={"cash": team.cash, "cost": cost, **(params or {})})


def credit_available(state: GameState, team: Team, new_collateral: int = 0) -> int:
    """Bank credit still open: half the value of the owned capital equipment (plus the
    collateral of equipment being bought with this credit), less the debt."""
    name = team.name
    machines = 0
    for m in state.machines.values():  # a loop, not sum(genexpr): legal moves ask often
        if m.owner == name:
            machines += 1
    limit = MACHINE_CREDIT * machines + COMPUTER_CREDIT * team.computers_owned
    return max(0, limit + new_collateral - team.bank_debt)


def check_credit_amount(state: GameState, amount: int, available: int, rule: str) -> None:
    step = state.config.credit_step
    if amount < 0:
        raise RuleViolation("A credit cannot be negative.", rule, code="credit_negative",
                            params={"amount": amount})
    if amount % step:
        raise RuleViolation(f"The bank lends in steps of {marks(step)} Marks.", rule,
                            code="credit_step", params={"step": step, "amount": amount})
    if amount > available:
        raise RuleViolation(
            f"The bank lends up to half the value of your machines and computers: "
            f"{marks(available)} Marks more at most, not {marks(amount)}.",
            "Lines of Credit", code="credit_limit",
            params={"available": available, "amount": amount},
        )


def credit_options(state: GameState, team: Team, price: int, most: int) -> list[int]:
    """The credits ``check_credit_amount`` allows for a purchase of ``price`` with at most
    ``most`` borrowed (an investment, a computer) that also leave the cash enough to pay the
    rest, in the bank's steps."""
    step = state.config.credit_step
    need = max(0, price - team.cash)
    low = -(-need // step) * step
    if low > most:  # more than any credit could give (top <= most): no need to ask the bank
        return []
    top = min(most, credit_available(state, team, most))
    top -= top % step
    return list(range(low, top + 1, step)) if low <= top else []


def repayment_options(state: GameState, team: Team) -> list[int]:
    """Repayments of bank credit ``check_repay_credit`` allows, as a page offers them: the
    bank's steps up to what is owed and the cash pays, and that most itself."""
    most = min(team.bank_debt, team.cash)
    if most <= 0:
        return []
    step = state.config.credit_step
    amounts = list(range(step, most + 1, step))
    if most < step or most % step:  # ``most`` is not among the steps: the rest, too
        amounts.append(most)
    return amounts


# ---------------------------------------------------------------- movements
def move_cash(turn: Turn, source: Team | None, target: Team | None, amount: int,
              reason: str) -> None:
    """Move cash between two teams or a team and the bank (None)."""
    if source is not None:
        source.cash -= amount
    if target is not None:
        target.cash += amount
    turn.state.ledger.post(
        turn.state.seq,
        "cash",
        source.name if source else BANK,
        target.name if target else BANK,
        amount,
        reason,
    )


def borrow(turn: Turn, team: Team, amount: int, reason: str = "bank credit") -> None:
    if amount:
        team.bank_debt += amount
        turn.state.ledger.post(turn.state.seq, "bank_debt", BANK, team.name, amount, reason)
        move_cash(turn, None, team, amount, reason)


def owe(turn: Turn, team: Team, amount: int, reason: str, detail: str = "",
         data: dict[str, Any] | None = None) -> None:
    """A payment the team cannot refuse. Paid at once when the cash covers it; otherwise the
    turn waits until the team has raised the money (or goes bankrupt). ``data``: what
    ``detail`` says, in fields (``Pending.data``)."""
    if amount > 0:
        turn.state.pending.insert(0, Pending("pay", amount, reason, detail, dict(data or {})))


# ---------------------------------------------------------------- liquidity
def liquidity(state: GameState, team: Team) -> int:
    """The most cash the team could raise from the bank: its cash, the credit still open, and
    what the bank pays for everything in its hall and stores. Loans it gave are not counted:
    the bank cannot turn them into cash on demand (at a bankruptcy it takes them over)."""
    owned_held = sum(1 for m in team.machines if state.machines[m].owner == team.name)
    step = state.config.credit_step
    credit = credit_available(state, team)
    credit -= credit % step  # the bank lends in whole steps only
    return (
        team.cash
        + credit
        + team.raw * REPURCHASE["raw"]
        + team.finished * REPURCHASE["finished"]
        + owned_held * REPURCHASE["machine"]
        + team.computers_owned * REPURCHASE["computer"]
    )


def pay_capital(state: GameState, seq: int, team: Team, amount: int, reason: str) -> None:
    """The bank pays (part of) a team's starting capital, booked as cash and as capital."""
    team.cash += amount
    team.capital_received += amount
    state.ledger.post(seq, "cash", BANK, team.name, amount, reason)
    state.ledger.post(seq, "capital", BANK, team.name, amount, reason)
