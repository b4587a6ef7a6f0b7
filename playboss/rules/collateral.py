"""Machines and computers as the bank's collateral (setting ``collateral``).

Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "the machines are considered
collateral which can be collected by the bank if the loan is not repaid". With
``"repay_first"`` (the literal reading) the bank's claim follows the collateral: when a team
sells a machine or computer it owns (back to the bank, or to a team in a private deal), it
first repays its bank debt down to the credit line the sale leaves it - from the sale's
proceeds when it sells back, from its cash after the deal when it sells privately, as far as
they go. With ``"free"`` (the engine's earlier reading) nothing is repaid and the debt may stay
above the new line.

Why not refuse the sale instead ("not unless the debt stays within the line")? The engine
counts a machine's repurchase value in a team's liquidity, and a payment the cash does not
cover waits while the team raises money; a team whose debt sits at its line and whose cash is
short could then raise nothing, and its turn would wait for ever. Repaying from the proceeds
keeps every sale possible, and the bank never loses its collateral: the effect the rulebook's
words ask for.

Known limit (left open on purpose, issue 14's follow-up): ``money.liquidity``, which decides
whether a payment waits while the team raises money or the team is bankrupt at once, still
counts both the credit open and the equipment's full resale value. Under this reading a team
whose debt sits at its line is sent to raise money from a machine whose price only repays the
bank; it goes bankrupt when it sells (the same end, one move later) - unless money reaches it
meanwhile, e.g. a team repays a loan it was given, which the liquidity does not count. Counting
the collateral once would make such a team bankrupt before its debtor can repay it; which is
right is a rulebook question for later.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .constants import COMPUTER_CREDIT, MACHINE_CREDIT
from .money import move_cash
from .state import BANK, GameState, Team

if TYPE_CHECKING:  # only named in annotations: no import of the dispatcher at run time
    from .turn import Turn


def credit_line(state: GameState, team: Team) -> int:
    """The whole line: 5,000 per machine and 10,000 per computer the team owns."""
    machines = sum(1 for m in state.machines.values() if m.owner == team.name)
    return MACHINE_CREDIT * machines + COMPUTER_CREDIT * team.computers_owned


def due_on_release(state: GameState, team: Team, machines: int = 0, computers: int = 0) -> int:
    """What the team must repay when it sells ``machines`` and ``computers`` it owns: its bank
    debt above the line that is left. Nothing under the ``"free"`` reading."""
    if state.config.collateral != "repay_first" or not team.bank_debt:
        return 0
    line = credit_line(state, team) - MACHINE_CREDIT * machines - COMPUTER_CREDIT * computers
    return max(0, team.bank_debt - max(0, line))


def due_on_bundle(state: GameState, giver: Team, bundle: dict[str, Any]) -> int:
    """``due_on_release`` for what ``giver`` sells in a deal: machines it owns (not those it
    returns from a lease, nor those it leases out) and computers."""
    sold = sum(1 for mid in bundle.get("machines", [])
               if mid in state.machines and state.machines[mid].owner == giver.name)
    return due_on_release(state, giver, sold, int(bundle.get("computers", 0)))


def repay(turn: Turn, team: Team, amount: int) -> None:
    """The bank collects ``amount`` of the team's debt from its cash (a repayment)."""
    amount = min(amount, team.cash, team.bank_debt)
    if amount <= 0:
        return
    state = turn.state
    team.bank_debt -= amount
    state.ledger.post(state.seq, "bank_debt", team.name, BANK, amount, "repayment")
    move_cash(turn, team, None, amount, "repayment")
    turn.emit("repay", (team.name, BANK), team=team.name, amount=amount, how="collateral")
