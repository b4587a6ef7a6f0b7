"""Facts that hold after every action, whatever happened: the 40 products are all somewhere,
no component exceeds the box, the books agree with the table, and no cash is below zero."""

from __future__ import annotations

from .constants import WEB_LEASE
from .ledger import EMPTY_ACCOUNT
from .state import BANK, BOX, MARKET, GameState


class InvariantBroken(AssertionError):
    pass


#: The ledger kinds a team's own numbers are compared with, in the order problems are listed.
_TEAM_KINDS = ("cash", "raw", "finished", "web", "computer", "bank_debt", "capital", "machine",
               "private_debt")


def problems(state: GameState) -> list[str]:
    """Every broken fact, as text; empty when all hold.

    This runs after every action of a simulation, so it makes one pass over the teams, one over
    the machines and one over the loans, and reads the ledger's running balances directly; the
    facts checked are the same as stated one by one.
    """
    out: list[str] = []
    config = state.config
    led = state.ledger
    accounts = led.accounts
    teams = state.teams.values()
    market = state.market
    machines = state.machines

    on_board = sum(market)
    products = on_board + state.box
    held = computers = leases = web = 0
    for t in teams:
        products += t.raw + t.finished
        held += len(t.machines)
        computers += t.computers_owned
        web += t.web
        if t.lease_field is not None:
            leases += 1
    if products != config.products:
        out.append(f"{products} products in play, not {config.products}")
    if market and (min(market) < 0 or max(market) > config.zone_capacity):
        out.append(f"market zones out of range: {market}")
    books = accounts.get(MARKET, EMPTY_ACCOUNT)
    in_market = books["raw"] + books["finished"]
    if in_market != on_board:
        out.append(f"ledger has {in_market} units in the market, the board {on_board}")
    if accounts.get(BOX, EMPTY_ACCOUNT)["raw"] != state.box:
        out.append("ledger and board disagree on the products in the box")

    limits = config.limits
    out_of_bank = len(machines)
    if out_of_bank > limits.machines:
        out.append(f"{out_of_bank} machines out of {limits.machines}")
    if held != out_of_bank:
        out.append(f"{held} machines in halls, {out_of_bank} out of the bank")
    computers += state.leased_computers
    if computers > limits.computers or state.leased_computers < 0:
        out.append(f"{computers} computers out of {limits.computers}")
    if leases != state.leased_computers:
        out.append(f"{leases} leases, {state.leased_computers} leased computers")
    web += WEB_LEASE * leases + state.web_bank + state.step.get("web_elsewhere", 0)
    if web != limits.web_chips or state.web_bank < 0:
        out.append(f"{web} WEB chips counted, not {limits.web_chips}")
    if accounts.get(BANK, EMPTY_ACCOUNT)["web"] != state.web_bank:
        out.append("ledger and bank disagree on WEB chips")

    # Machines owned and private debt net of loans given, per team, in one pass each.
    owned: dict[str, int] = {}
    for m in machines.values():
        owned[m.owner] = owned.get(m.owner, 0) + 1
    private: dict[str, int] = {}
    for ln in state.loans.values():
        private[ln.borrower] = private.get(ln.borrower, 0) + ln.amount
        private[ln.lender] = private.get(ln.lender, 0) - ln.amount

    full_capital = config.full_capital
    for t in teams:
        name = t.name
        if t.cash < 0:
            out.append(f"{name} has negative cash {t.cash}")
        books = accounts.get(name, EMPTY_ACCOUNT)  # every kind of KINDS is in an account
        if (  # the books agree with the table (the usual case: no list, no messages built)
            books["cash"] != t.cash
            or books["raw"] != t.raw
            or books["finished"] != t.finished
            or books["web"] != t.web
            or books["computer"] != t.computers_owned
            or books["bank_debt"] != t.bank_debt
            or books["capital"] != t.capital_received
            or books["machine"] != owned.get(name, 0)
            or books["private_debt"] != private.get(name, 0)
        ):
            table = (t.cash, t.raw, t.finished, t.web, t.computers_owned, t.bank_debt,
                     t.capital_received, owned.get(name, 0), private.get(name, 0))
            for kind, value in zip(_TEAM_KINDS, table, strict=True):
                on_books = led.balance(kind, name)
                if on_books != value:
                    out.append(f"{name}: ledger {kind} {on_books}, table {value}")
        if t.bank_debt < 0 or t.capital_received > full_capital:
            out.append(f"{name}: debt or capital out of range")
        for mid in t.machines:
            held_machine = machines.get(mid)
            if held_machine is None or held_machine.holder != name:
                out.append(f"{name} holds machine {mid} that is not recorded as with it")
    for extra in state.rules.invariant_checks:  # every part's (a step's data where the step
        # is not played is broken too)
        found = extra(state)
        if found:
            out.extend(found)
    return out


def check(state: GameState) -> None:
    found = problems(state)
    if found:
        raise InvariantBroken(f"after action {state.seq}: " + "; ".join(found))
