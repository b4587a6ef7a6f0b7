"""Refusals shared by the phases: is it this phase, and is it this team's turn."""

from __future__ import annotations

from .core import refuse
from .state import GameState, Team

PHASE_NAMES = {
    "inside": "inside information", "staff": "phase 1 (hiring and paying)",
    "emergency": "phase 1 (emergency terminations)", "request": "phase 2 (cocoa requests)",
    "bid": "phase 2 (cocoa bids)", "announce": "phase 2 (announced offers, the variant)",
    "call": "phase 2 (calling an offer, the variant)", "produce": "phase 3 (production)",
    "marker": "phase 4 (negotiation markers)", "join": "phase 4 (a sales meeting)",
    "offer": "phase 4 (a sales meeting)", "step": "phase 4 (the banker's price step)",
    "after_sale": "phase 4 (right after a sale)", "process": "phase 4 (the secretaries)",
    "cash_out": "phase 5 (the bookkeepers)", "bank_sale": "phase 5 (sale to the bank)",
    "finance": "phase 7 (financials)", "vacation": "an express card", "ended": "the end",
}


def require_phase(state: GameState, phase: str, rule: str) -> None:
    if state.phase != phase:
        refuse(f"That is a move of {PHASE_NAMES[phase]}; the game is in "
               f"{PHASE_NAMES[state.phase]}.", rule, "wrong_phase",
               phase=phase, now=state.phase)


def require_waiting(state: GameState, actor: str, phase: str, rule: str) -> Team:
    """The team must be asked now: first in line (a phase played in turn) or among those
    still to answer (a decision everyone makes at once)."""
    if state.interrupt:
        refuse(f"{state.interrupt[0]} first chooses who goes on holiday (Großzügig).",
               "6.8 Express-Cards", "waiting_for_vacation", team=state.interrupt[0])
    require_phase(state, phase, rule)
    if actor not in state.waiting:
        refuse(f"{actor} is not asked now.", rule, "not_asked", team=actor)
    if phase in SEQUENTIAL and state.waiting[0] != actor:
        refuse(f"It is {state.waiting[0]}'s turn, not {actor}'s.", rule, "not_your_turn",
               team=actor, current=state.waiting[0])
    return state.teams[actor]


#: Phases played in turn (one team at a time); the others collect answers from all at once.
SEQUENTIAL = frozenset({"staff", "emergency", "request", "announce", "offer", "finance"})
