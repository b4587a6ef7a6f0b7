"""Facts that hold after every action, whatever happened: the 40 products are all somewhere,
no component exceeds the box, the books agree with the table, and no cash is below zero."""

from __future__ import annotations

from collections.abc import Callable

from .engine import WEB_LEASE
from .state import BANK, BOX, MARKET, GameState


class InvariantBroken(AssertionError):
    pass


#: Expansion steps add checks of their own components here (workers, marketing troughs, ...).
EXTRA_CHECKS: list[Callable[[GameState], list[str]]] = []


def problems(state: GameState) -> list[str]:
    out: list[str] = []
    config = state.config
    led = state.ledger
    teams = state.teams.values()

    products = sum(state.market) + state.box + sum(t.raw + t.finished for t in teams)
    if products != config.products:
        out.append(f"{products} products in play, not {config.products}")
    if any(not 0 <= n <= config.zone_capacity for n in state.market):
        out.append(f"market zones out of range: {state.market}")
    in_market = led.balance("raw", MARKET) + led.balance("finished", MARKET)
    if in_market != sum(state.market):
        out.append(f"ledger has {in_market} units in the market, the board {sum(state.market)}")
    if led.balance("raw", BOX) != state.box:
        out.append("ledger and board disagree on the products in the box")

    if len(state.machines) > config.limits.machines:
        out.append(f"{len(state.machines)} machines out of {config.limits.machines}")
    held = sum(len(t.machines) for t in teams)
    if held != len(state.machines):
        out.append(f"{held} machines in halls, {len(state.machines)} out of the bank")
    computers = sum(t.computers_owned for t in teams) + state.leased_computers
    if computers > config.limits.computers or state.leased_computers < 0:
        out.append(f"{computers} computers out of {config.limits.computers}")
    leases = sum(1 for t in teams if t.lease_field is not None)
    if leases != state.leased_computers:
        out.append(f"{leases} leases, {state.leased_computers} leased computers")
    web = sum(t.web for t in teams) + WEB_LEASE * leases + state.web_bank
    web += state.step.get("web_elsewhere", 0)
    if web != config.limits.web_chips or state.web_bank < 0:
        out.append(f"{web} WEB chips counted, not {config.limits.web_chips}")
    if led.balance("web", BANK) != state.web_bank:
        out.append("ledger and bank disagree on WEB chips")

    for t in teams:
        name = t.name
        if t.cash < 0:
            out.append(f"{name} has negative cash {t.cash}")
        checks = {
            "cash": t.cash,
            "raw": t.raw,
            "finished": t.finished,
            "web": t.web,
            "computer": t.computers_owned,
            "bank_debt": t.bank_debt,
            "capital": t.capital_received,
            "machine": sum(1 for m in state.machines.values() if m.owner == name),
            "private_debt": sum(ln.amount for ln in state.loans.values() if ln.borrower == name)
            - sum(ln.amount for ln in state.loans.values() if ln.lender == name),
        }
        for kind, value in checks.items():
            booked = led.balance(kind, name)
            if booked != value:
                out.append(f"{name}: ledger {kind} {booked}, table {value}")
        if t.bank_debt < 0 or t.capital_received > config.full_capital:
            out.append(f"{name}: debt or capital out of range")
        for mid in t.machines:
            m = state.machines.get(mid)
            if m is None or m.holder != name:
                out.append(f"{name} holds machine {mid} that is not recorded as with it")
    for extra in EXTRA_CHECKS:
        out.extend(extra(state))
    return out


def check(state: GameState) -> None:
    found = problems(state)
    if found:
        raise InvariantBroken(f"after action {state.seq}: " + "; ".join(found))
