"""The course of a turn (rulebook I: "Now We Can Begin", "Movement", "The Start Field",
"End of the Game").

Rolling for the first player, rolling and moving, crossing the start (a year closes: capital,
interest, the lease), landing on a field, and the automatic steps that carry a turn on until
someone must decide: payments the cash covers, a card drawn, the turn passing to the next team,
the round and the game ending.
"""

from __future__ import annotations

from . import loan_due
from .actions import Roll
from .bankruptcy import declare as declare_bankrupt
from .constants import INTEREST_PERCENT, LOAN_FEE, WEB_LEASE
from .errors import RuleViolation, marks
from .fields import end_lease, risk_card
from .money import liquidity, move_cash, pay_capital
from .state import BANK, GameState, Pending, Team
from .statements import final_results
from .turn import ALL, Turn
from .turn_checks import team_of, waiting, waiting_text


# ---------------------------------------------------------------- rolling and moving
def roll(turn: Turn, action: Roll) -> None:
    state = turn.state
    team = team_of(turn, action)
    if state.config.dice == "entered":
        if action.die is None:
            raise RuleViolation("Enter the number the die shows.", "physical board",
                                code="die_missing")
        if not 1 <= action.die <= 6:
            raise RuleViolation(f"A die shows 1 to 6, not {action.die}.", "physical board",
                                code="die_range", params={"die": action.die})
    elif action.die is not None:
        raise RuleViolation("The engine rolls the die in this game; send no number.", "dice",
                            code="die_not_entered")
    if state.phase == "order":
        if team.name not in state.order_contest or team.name in state.order_rolls:
            still = [t for t in state.order_contest if t not in state.order_rolls]
            raise RuleViolation(
                f"{team.name} does not roll for first place now; waiting for "
                f"{', '.join(still)}.",
                "Now We Can Begin", code="not_in_roll_off",
                params={"team": team.name, "teams": still},
            )
        die = _die(turn, action)
        state.order_rolls[team.name] = die
        turn.emit("order_roll", ALL, team=team.name, die=die)
        if len(state.order_rolls) == len(state.order_contest):
            _settle_order(turn)
        return
    if action.actor != state.current:
        raise RuleViolation(f"It is {state.current}'s turn, not {action.actor}'s.", "Movement",
                            code="not_your_turn",
                            params={"current": state.current, "actor": action.actor})
    if state.rolled or state.pending:
        raise RuleViolation(f"{team.name} has rolled already; waiting for "
                            f"{waiting_text(state)}", "Movement", code="rolled_already",
                            params={"team": team.name, "waiting": waiting(state)})
    die = _die(turn, action)
    _move(turn, team, die)


def _die(turn: Turn, action: Roll) -> int:
    drawn = turn.draw("die", turn.state.rng.die)
    if action.die is None:
        return drawn
    turn.chance["die"] = action.die  # the log records the die the team entered
    return action.die


def _settle_order(turn: Turn) -> None:
    """Highest roll begins; a six gives no second roll; a tie is rolled off by the tied."""
    state = turn.state
    best = max(state.order_rolls.values())
    tied = [t for t in state.order_contest if state.order_rolls[t] == best]
    state.order_rolls = {}
    if len(tied) > 1:
        state.order_contest = tied
        turn.emit("order_tie", ALL, teams=tied, die=best)
        return
    state.order_contest = []
    state.phase = "turn"
    state.current = state.leader = tied[0]
    turn.emit("first_player", ALL, team=tied[0])


def _move(turn: Turn, team: Team, die: int) -> None:
    state = turn.state
    board = state.config.board
    size = len(board)
    team.rolls += 1
    team.fields_moved += die
    state.rolled = True
    start = team.position
    target = (start + die) % size
    turn.emit("move", ALL, team=team.name, die=die, field=target, color=board[target])
    team.position = target
    for step in range(1, die + 1):
        passed = (start + step) % size
        if passed == 0:
            _cross_start(turn, team)
        if state.config.lease_renewal == "lease_field" and team.lease_field == passed:
            # The WEBs may lie on the start field too, if the pawn stood there.
            state.pending.append(Pending("lease"))
    turn.hook("moved", team)
    _land(turn, team, board[target])


def _cross_start(turn: Turn, team: Team) -> None:
    """Start field: one year of business is complete (rulebook: "The Start Field")."""
    state = turn.state
    config = state.config
    if team.years == 0 and not config.steps:
        # Base model: the second 10,000 at the FIRST crossing, never more.
        pay_capital(state, state.seq, team, config.second_capital, "second capital")
        turn.emit("capital", ALL, team=team.name, amount=config.second_capital)
    if team.bank_debt:
        interest = -(-team.bank_debt * INTEREST_PERCENT // 100)  # rounded up to whole Marks
        state.pending.append(Pending("pay", interest, "interest",
                                     f"10% of {marks(team.bank_debt)} Marks bank debt",
                                     {"percent": INTEREST_PERCENT, "debt": team.bank_debt}))
        state.pending.append(Pending("pay", LOAN_FEE, "loan fee", "loan maintenance fee"))
    loan_due.on_cross_start(turn, team)  # private loans due with this year (the lenders')
    if config.lease_renewal == "start" and team.lease_field is not None:
        state.pending.append(Pending("lease"))
    turn.hook("cross_start", team)
    state.pending.append(Pending("close_year"))


#: What landing on a field of each colour waits for (the start field: nothing).
_LANDING = {"R": "red", "G": "green", "Y": "yellow", "W": "white", "B": "risk"}


def _land(turn: Turn, team: Team, letter: str) -> None:
    kind = _LANDING.get(letter)
    if kind is not None:
        turn.state.pending.append(Pending(kind))
    turn.hook("landed", team, letter)


# ---------------------------------------------------------------- automatic steps
def advance(turn: Turn) -> None:
    """Run the turn's automatic steps until the game waits for someone's decision."""
    state = turn.state
    if state.step.get("end_now") and state.phase != "ended":
        end_game(turn)  # a goal was reached (step 5): no need to play the round out
    while state.phase == "turn":
        team = state.teams[state.current] if state.current else None
        if team is None:
            return
        if not state.pending:
            if state.rolled:
                _end_turn(turn)
                continue
            return
        head = state.pending[0]
        if head.kind == "pay":
            if team.cash >= head.amount:
                state.pending.pop(0)
                if loan_due.pays_lender(turn, team, head):
                    continue
                move_cash(turn, team, None, head.amount, head.reason)
                turn.emit("paid", (team.name, BANK) if head.reason == "interest" else ALL,
                          team=team.name, amount=head.amount, reason=head.reason, **head.data)
                continue
            if liquidity(state, team) < head.amount:
                declare_bankrupt(turn, team, head)
                continue
            return
        if head.kind == "close_year":
            state.pending.pop(0)
            _close_year(turn, team)
            continue
        if head.kind == "risk" and state.config.dice == "engine":
            state.pending.pop(0)
            card_id = turn.draw("card", lambda: state.deck[0])
            risk_card(turn, team, card_id)
            continue
        if head.kind == "white" and not team.machines:
            state.pending.pop(0)
            turn.emit("write_off", ALL, team=team.name, option="none")
            continue
        if head.kind == "lease" and team.web < WEB_LEASE:
            state.pending.pop(0)
            end_lease(turn, team, "no_chips")
            continue
        auto = turn.rules.auto.get(head.kind)
        if auto is not None and auto(turn, team, head):
            continue
        return


def _close_year(turn: Turn, team: Team) -> None:
    state = turn.state
    team.years += 1
    team.year_starts.append(len(state.ledger))
    owned = [m for m in state.machines.values() if m.owner == team.name]
    doubles = sum(1 for m in owned if m.double)
    team.year_end_machines.append([len(owned) - doubles, doubles])
    turn.emit("year_end", ALL, team=team.name, year=team.years)
    turn.hook("close_year", team)
    years = state.config.years
    if years is not None and team.years >= years and not state.time_called:
        state.time_called = True
        turn.emit("time_up", ALL, team=team.name, why="years", years=team.years)


def _end_turn(turn: Turn) -> None:
    state = turn.state
    state.rolled = False
    state.pending = []
    active = [t.name for t in state.teams.values() if not t.bankrupt]
    if not active:
        end_game(turn)
        return
    n = len(state.teams)
    # Rounds are counted from the first player's seat, even once that team is bankrupt.
    leader_seat = state.teams[state.leader or state.config.teams[0]].seat

    def rel(name: str) -> int:
        return (state.teams[name].seat - leader_seat) % n

    current = state.current or state.config.teams[0]
    following = _next_active(state, current, include_self=False)
    if rel(following) <= rel(current):
        state.rounds += 1
        turn.hook("round_end")
        if state.time_called:
            end_game(turn)
            return
    state.current = following


def _next_active(state: GameState, name: str, include_self: bool) -> str:
    names = list(state.teams)
    i = names.index(name)
    for k in range(0 if include_self else 1, len(names) + 1):
        candidate = names[(i + k) % len(names)]
        if not state.teams[candidate].bankrupt:
            return candidate
    return name


def end_game(turn: Turn) -> None:
    state = turn.state
    state.phase = "ended"
    state.current = None
    state.pending = []
    state.deals = {}
    turn.hook("game_over")
    results = final_results(state)
    turn.emit("game_over", ALL, results=results)
