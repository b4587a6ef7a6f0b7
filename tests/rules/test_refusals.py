"""Every kind of illegal move is refused with a message a student can read, and the state is
left exactly as it was (rulebook sections as named on each test)."""

from __future__ import annotations

from typing import Any

import pytest

from playboss.rules import RuleViolation, action_from_dict, apply
from playboss.rules import actions as A
from playboss.rules.config import Limits
from playboss.rules.readings import LEGACY

from .helpers import (
    FULL,
    MAJOR_BREAKDOWN,
    buy_webs,
    deal,
    game,
    lend,
    machine_game,
    play,
    refused,
    roll_to,
    snapshot,
    turn_to,
)


# ------------------------------------------------------------------ turns and phases
def test_not_your_turn() -> None:
    """Rulebook I, "Now We Can Begin to Play": the teams move in turn; only the team whose
    turn it is rolls and decides."""
    state = game()
    refused(state, A.Roll("Blue", die=3), "It is Red's turn, not Blue's.")
    play(state, A.Roll("Red", die=2))
    refused(state, A.Purchase("Blue", units=1), "It is Red's turn, not Blue's.")
    refused(state, A.Pass("Blue"), "It is Red's turn, not Blue's.")


def test_wrong_phase_of_the_turn() -> None:
    """Rulebook I, "The Red Decision Field" and the other fields: a field's decision only on
    that field, after the roll, before the turn passes on."""
    state = game()
    refused(state, A.Pass("Red"), "not open now", "Red rolls the die")
    play(state, A.Roll("Red", die=2))  # red field
    refused(state, A.Roll("Red", die=2), "Red has rolled already", "a decision on the red field")
    refused(state, A.BuyWeb("Red"), "Buying a WEB chip is not open now",
            "a decision on the red field")
    refused(state, A.CostChoice("Red", option="idle"), "A cost-field choice is not open now")
    refused(state, A.WriteOff("Red", option="web"), "A write-off is not open now")
    refused(state, A.DrawRisk("Red", card=1), "Drawing a risk card is not open now")
    refused(state, A.RenewLease("Red"), "Renewing the computer lease is not open now")


def test_no_moves_before_the_first_player_is_found() -> None:
    """Rulebook I, "Now We Can Begin to Play": everyone rolls for first place before play
    begins."""
    state = game(first_team=None)
    refused(state, A.Purchase("Red", units=1), "The game has not begun")


# ------------------------------------------------------------------ money
def test_not_enough_cash() -> None:
    """Rulebook I, "1. Decision: Purchasing": as many as the team can afford - the message
    names the cash and the price."""
    state = game(market_fill=FULL)
    turn_to(state, "Red", "R", A.Purchase("Red", units=33))  # 9,600: 400 left
    roll_to(state, "Red", "R")
    refused(state, A.Purchase("Red", units=4), "You have 400 Marks; 4 units cost 1,900.")
    refused(state, A.Invest("Red"), "You have 400 Marks; a machine costs 10,000.")
    refused(state, A.RepayCredit("Red", amount=100), "You owe the bank 0 Marks")
    refused(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 500}),
            "Red has 400 Marks, not 500.")


def test_not_enough_units() -> None:
    """Rulebook I, "3. Decision: Producing" and "4. Decision: Selling": only the units the
    team has."""
    state = machine_game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=1))
    roll_to(state, "Red", "R")
    refused(state, A.Produce("Red", units=2), "can make 1 unit now, not 2")
    refused(state, A.Sell("Red", units=1), "You have 0 finished units, not 1")
    refused(state, A.SellBack("Red", item="raw", units=2), "You have 1 raw unit, not 2")
    refused(state, A.ProposeDeal("Red", partner="Blue", give={"finished": 1}),
            "Red has 0 finished units, not 1")


def test_over_the_credit_limit() -> None:
    """Rulebook I, "Lines of Credit": the bank lends up to half the value of machines and
    purchased computers, less what it has lent already (``collateral: "free"`` pinned, so
    that a debt can outlive its machine)."""
    state = machine_game(collateral=LEGACY["collateral"])  # one machine, 5,000 borrowed
    refused(state, A.TakeCredit("Red", amount=500),
            "The bank lends up to half the value of your machines and computers: 0 Marks more "
            "at most, not 500.")
    play(state, A.SellBack("Red", item="machine"))  # debt 5,000 stays, no collateral left
    roll_to(state, "Red", "R")
    # A new machine's 5,000 of collateral does not cover more: the old debt uses it up.
    refused(state, A.Invest("Red", credit=500), "0 Marks more at most, not 500")
    refused(state, A.BuyComputer("Red", credit=10_000), "5,000 Marks more at most")


def test_credit_not_in_steps_of_500() -> None:
    """Rulebook I, "Lines of Credit": the bank pays credit out in its notes - steps of 500
    Marks."""
    state = machine_game(credit=0)
    refused(state, A.TakeCredit("Red", amount=750), "The bank lends in steps of 500 Marks.")
    roll_to(state, "Red", "R")
    refused(state, A.Invest("Red", credit=250), "steps of 500")
    refused(state, A.BuyComputer("Red", credit=9_999), "steps of 500")


def test_machine_not_ready() -> None:
    """Rulebook I, "2. Decision: Investment": no production until the turn after next."""
    state = game()
    turn_to(state, "Red", "R", A.Purchase("Red", units=1))
    turn_to(state, "Red", "R", A.Invest("Red", credit=5_000))
    roll_to(state, "Red", "R")
    refused(state, A.Produce("Red", units=1), "1 machine(s) still being delivered")


def test_market_limits() -> None:
    """Rulebook I, "1. Decision: Purchasing": the products lying in the market, no more."""
    state = game(market_fill=(0, 0, 0, 0, 0, 0, 0, 3))
    roll_to(state, "Red", "R")
    refused(state, A.Purchase("Red", units=4), "The market holds 3 units; you cannot buy 4.")


def test_no_web_chips() -> None:
    """Rulebook I, "The Green WEB Field": the WEB options need the WEBs they use."""
    state = machine_game()
    refused(state, A.Efficiency("Red"), "takes 3 WEB chips; you have 0")
    refused(state, A.Advertise("Red"), "takes 2 WEB chips; you have 0")
    refused(state, A.LeaseComputer("Red"), "takes 2 WEB chips; you have 0")
    buy_webs(state, "Red", 1)
    refused(state, A.Efficiency("Red"), "you have 1")
    play(state, A.Roll("Red", die=4))  # field 12, yellow
    play(state, A.CostChoice("Red", option="web"))  # the one chip
    refused(state, A.Advertise("Red"), "you have 0")


def test_no_web_on_the_cost_and_write_off_fields() -> None:
    """Rulebook I, "The Yellow Cost Field" and "The White Write-off Field": paying 1 WEB needs
    a WEB."""
    state = game()
    roll_to(state, "Red", "Y")
    refused(state, A.CostChoice("Red", option="web"), "You have no WEB chip to pay with.")


@pytest.mark.parametrize(
    ("limits", "moves", "action", "words"),
    [
        (Limits(machines=1), "invest", A.Invest("Blue"), "no machine left: all 1"),
        (Limits(computers=1), "computer", A.BuyComputer("Blue", credit=10_000),
         "no computer left: all 1"),
        (Limits(web_chips=1), "web", A.BuyWeb("Blue"), "no WEB chip left: all 1"),
    ],
)
def test_components_exhausted(limits: Limits, moves: str, action: A.Action,
                              words: str) -> None:
    """Rulebook "Game Materials": the box holds so many machines, computers and WEB chips
    (here a box of one each; the full counts are in test_limits.py)."""
    state = game(limits=limits)
    if moves == "invest":
        turn_to(state, "Red", "R", A.Invest("Red"), rest=False)
        roll_to(state, "Blue", "R")
    elif moves == "computer":
        play(state, A.BuyComputer("Red", credit=10_000))
    else:
        turn_to(state, "Red", "G", A.BuyWeb("Red"), rest=False)
        roll_to(state, "Blue", "G")
    refused(state, action, words)


# ------------------------------------------------------------------ who acts
def test_unknown_team() -> None:
    """Rulebook I, "Choose a Bank Director": the bank deals with the business managers of the
    game, no one else."""
    state = game()
    refused(state, A.Roll("Green", die=2), "There is no team called 'Green' in this game.")
    refused(state, A.ProposeDeal("Red", partner="Green", give={"cash": 1}),
            "There is no team 'Green' in the game to deal with.")
    refused(state, A.Correction("bank", team="Green", amount=100, reason="x"),
            "There is no team 'Green'")


def test_bankrupt_team_acting() -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": a bankrupt business
    is sold off and plays no more."""
    state = game()
    lend(state, "Red", "Blue", 10_000)
    play(state, A.Roll("Red", die=3), A.DrawRisk("Red", card=MAJOR_BREAKDOWN))
    assert state.teams["Red"].bankrupt
    refused(state, A.TakeCredit("Red", amount=500), "Red is bankrupt and out of the game.")
    refused(state, A.SellBack("Red", item="raw"), "Red is bankrupt")


def test_a_team_making_a_bank_move() -> None:
    """Rulebook I, "Choose a Bank Director": the bank director runs the bank - calling time
    and correcting the books are his."""
    state = game()
    refused(state, A.CallTime("Red"), "Only the bank director can do that.")
    refused(state, A.Correction("Red", team="Red", amount=5_000, reason="mine"),
            "Only the bank director can do that.")


def test_the_bank_making_a_team_move() -> None:
    """Rulebook I, "Choose a Bank Director": the bank director keeps the bank's funds separate
    from any business; the bank plays no turn."""
    state = game()
    refused(state, A.Roll("bank", die=2), "The bank cannot make that move; a team must.")
    refused(state, A.TakeCredit("bank", amount=500), "The bank cannot make that move")


def test_bad_corrections() -> None:
    """Rulebook I, "Choose a Bank Director": the director ensures proper gameplay; a correction
    of the books has a reason and an amount."""
    state = game()
    refused(state, A.Correction("bank", team="Red", amount=100, reason=" "), "needs its reason")
    refused(state, A.Correction("bank", team="Red", amount=0, reason="x"), "changes nothing")
    refused(state, A.Correction("bank", team="Red", amount=-20_000, reason="x"),
            "You have 10,000 Marks")


def test_the_game_is_over() -> None:
    """Rulebook I, "End of the Game": after the last round nobody moves."""
    state = game(years=None)
    play(state, A.CallTime("bank"))
    turn_to(state, "Red", "R", A.Pass("Red"))
    assert state.phase == "ended"
    refused(state, A.Roll("Red", die=1), "The game is over.")


# ------------------------------------------------------------------ deals
@pytest.mark.parametrize(
    ("give", "take", "words"),
    [
        ({"goods": 1}, {}, "A deal can hold cash, raw, finished, machines, lease, computers, "
                           "loan; not goods."),
        ({}, {"web": 2}, "not web"),
        ({"cash": -100}, {}, "cash is a whole number, not below zero"),
        ({"cash": True}, {}, "cash is a whole number"),
        ({"cash": "lots"}, {}, "cash is a whole number"),
        ({"cash": 500}, {}, "Red has 0 Marks, not 500."),
        ({"cash": 300, "loan": 300}, {}, "Red has 0 Marks, not 600."),
        ({"raw": 1}, {}, "Red has 0 raw units, not 1."),
        ({"machines": [7]}, {}, "Machine 7 is not in play."),
        ({"machines": 1}, {}, "machines is a list of machine numbers"),
        ({"machines": [1, 1]}, {}, "machines is a list of machine numbers"),
        ({"machines": [2]}, {}, "Red cannot hand machine 2 to Blue."),
        ({"lease": [2]}, {}, "Red can lease out only its own machines in its hall"),
        ({"machines": [1], "lease": [1]}, {},
         "Machine 1 cannot be sold and leased in the same deal."),
        ({"computers": 1}, {}, "Red owns no computer to sell."),
        ({}, {"raw": -1}, "In a deal, raw has a bad value."),
        ({}, {}, "The deal is empty"),
        ({"cash": 0}, {"raw": 0}, "The deal is empty"),
    ],
)
def test_bad_deal_bundles(give: dict[str, Any], take: dict[str, Any], words: str) -> None:
    """Rulebook I, "Private Business between Players": a deal hands over what the teams have -
    cash, goods, machines (sold or leased), purchased computers, loans."""
    state = game()
    turn_to(state, "Red", "R", A.Invest("Red"), rest=False)  # machine 1 is Red's
    turn_to(state, "Blue", "R", A.Invest("Blue"), rest=False)  # machine 2 is Blue's
    refused(state, A.ProposeDeal("Red", partner="Blue", give=give, take=take), words)


def test_deals_with_oneself_or_a_second_computer() -> None:
    """Rulebook I, "Private Business between Players": business BETWEEN players; a factory has
    room for one computer."""
    state = game()
    refused(state, A.ProposeDeal("Red", partner="Red", give={"cash": 1}), "another team")
    play(state, A.BuyComputer("Red", credit=10_000), A.BuyComputer("Blue", credit=10_000))
    refused(state, A.ProposeDeal("Red", partner="Blue", give={"computers": 1}),
            "Blue has room for one computer only.")


def test_accepting_someone_elses_deal() -> None:
    """Rulebook I, "Private Business between Players": the partner a deal is offered to - and
    only it - accepts or turns it down."""
    state = game(teams=("Red", "Blue", "Green"))
    play(state, A.ProposeDeal("Red", partner="Blue", give={"cash": 1_000}, take={}))
    offer = max(state.deals)
    refused(state, A.AcceptDeal("Green", deal=offer),
            f"Deal {offer} is offered to Blue, not Green.")
    refused(state, A.AcceptDeal("Red", deal=offer), f"Deal {offer} is offered to Blue, not Red.")
    refused(state, A.RejectDeal("Green", deal=offer), "only it can turn it down")
    refused(state, A.WithdrawDeal("Blue", deal=offer), "only it can withdraw it")
    refused(state, A.AcceptDeal("Blue", deal=99), "There is no open deal 99.")
    deal_id = deal(state, "Blue", "Green", give={"cash": 1})
    refused(state, A.AcceptDeal("Green", deal=deal_id), f"There is no open deal {deal_id}")


# ------------------------------------------------------------------ junk from outside
@pytest.mark.parametrize(
    ("data", "words"),
    [
        ([], "An action is a JSON object with a 'type'."),
        ("roll", "An action is a JSON object"),
        ({"actor": "Red"}, "Unknown action type None."),
        ({"type": "cheat", "actor": "Red"}, "Unknown action type 'cheat'."),
        ({"type": 5, "actor": "Red"}, "Unknown action type 5."),
        ({"type": "roll", "actor": "Red", "dice": 6}, "Action 'roll' has no field(s) dice."),
        ({"type": "roll"}, "Action 'roll' needs an 'actor'"),
        ({"type": "roll", "actor": 7}, "needs an 'actor'"),
        ({"type": "purchase", "actor": "Red", "units": "3"}, "units must be a whole number"),
        ({"type": "purchase", "actor": "Red", "units": 2.5}, "units must be a whole number"),
        ({"type": "purchase", "actor": "Red", "units": True}, "units must be a whole number"),
        ({"type": "propose_deal", "actor": "Red", "partner": "Blue", "give": [1]},
         "give must be an object"),
        ({"type": "cost", "actor": "Red", "option": 3}, "option must be text"),
        ({"type": "renew_lease", "actor": "Red", "renew": "yes"}, "renew must be true or false"),
    ],
)
def test_junk_action_json(data: Any, words: str) -> None:
    """Rulebook I, "Choose a Bank Director": the director ensures proper gameplay - a move
    that is not a move is refused with a reason, never a crash."""
    with pytest.raises(RuleViolation) as info:
        action_from_dict(data)
    assert words in info.value.message


def test_parsed_actions_are_checked_by_the_rules() -> None:
    """Rulebook I, "1. Decision: Purchasing": a well-formed action with impossible numbers is
    refused by the rules, the state unchanged."""
    state = game()
    roll_to(state, "Red", "R")
    action = action_from_dict({"type": "purchase", "actor": "Red", "units": -3})
    refused(state, action, "Name at least one unit to buy")
    refused(state, action_from_dict({"type": "roll", "actor": "Red", "die": 9}),
            "A die shows 1 to 6, not 9.")


def test_a_refusal_names_its_rule() -> None:
    """Rulebook I, "1. Decision: Purchasing": each refusal names the rulebook section it rests
    on, for the teacher."""
    state = game()
    roll_to(state, "Red", "R")
    before = snapshot(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, A.Purchase("Red", units=30))
    assert info.value.rule == "Decision: Purchasing"
    assert str(info.value).endswith("[Decision: Purchasing]")
    assert snapshot(state) == before

