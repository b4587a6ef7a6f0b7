"""Scenarios from the rulebook, part 4: 6.7 Financials (loans, interest, the loan headcount,
shares), Game End, and the command line's documented behaviour with bad logs.

Each test is a short game log replayed through the documented format and the command line
(tests/schoko/scenario_log.py)."""

from __future__ import annotations

import json
import subprocess
import sys

from playboss.schoko import waiting_for

from .scenario_log import (
    ROOT,
    act,
    config,
    events_of,
    finance,
    log,
    passes,
    pay,
    play,
    refused_last,
    requests,
    run_cli,
    staff,
)
from .test_scenarios_sales import make_chocolate

JAN2 = ("B", "A")
FEB2 = ("A", "B")
JAN4 = ("B", "C", "D", "A")


def quiet(order: tuple[str, ...]) -> list[dict]:
    return [*passes(*order), *pay(*order), *requests(*((t, 0) for t in order)),
            *finance(*order)]


# ---------------------------------------------------------------- loans and interest
def test_6_7_a_loan_at_any_time_pays_interest_even_in_its_own_month() -> None:
    # "Anytime (!) during the game a player may take a loan ... The banker gives the player
    # taking out the loan 50.000 and a loan-card ... In phase 7 you must pay the bank 10.000
    # of interest for each loan card, even if the loan was just taken out this month!"
    head = [*passes(*JAN2), *pay(*JAN2), act("take_loan", "B"), *requests(("B", 0), ("A", 0))]
    s = play(log(config(), head))
    assert s.teams["B"].cash == 150_000 and s.teams["B"].loans == 1 and s.loan_cards == 12
    s = play(log(config(), head, finance(*JAN2)))
    assert s.month == 2 and s.teams["B"].cash == 140_000


def test_6_7_repaying_outside_phase_7_is_refused() -> None:
    # "Loans may also be paid back to the bank only in this phase."
    head = [*passes(*JAN2), act("take_loan", "B")]
    refused_last(log(config(), head, act("repay", "B")), "wrong_phase")


def test_6_7_repaying_in_phase_7_costs_50000_plus_10000() -> None:
    # "you return the loan card to the bank with 50.000 plus the 10.000 interest for that
    # loan." The card repaid pays no further interest (docs/schoko/rules.md 21).
    head = [*passes(*JAN2), *pay(*JAN2), act("take_loan", "B", count=2),
            *requests(("B", 0), ("A", 0))]
    s = play(log(config(), head, act("repay", "B"), finance(*JAN2)))
    assert s.teams["B"].loans == 1 and s.loan_cards == 12
    assert s.teams["B"].cash == 200_000 - 60_000 - 10_000


def test_6_7_only_while_the_bank_has_loan_cards() -> None:
    # "(as long as the bank still has loan cards available)" - 13 loan cards.
    head = [*passes(*JAN2), act("take_loan", "B", count=13)]
    play(log(config(), head))
    refused_last(log(config(), head, act("take_loan", "A")), "no_loan_cards")


def test_6_7_loan_headcount_example_8_against_5_6_7_fires_one() -> None:
    # "At the end of the hiring phase you have a total of 8 employees, whereas the other 3
    # players have totals of 5, 6, and 7 employees. If you have an outstanding loan, you must
    # fire 1 of your employees. If you have already paid out the required payroll ... you
    # would receive half the money back for the fired employee"
    four = ("A", "B", "C", "D")
    jan = [*passes(*JAN4),
           *staff("B", hire={"worker": 2, "sales": 1, "secretary": 1, "bookkeeper": 1}),
           *staff("C", hire={"worker": 2, "sales": 1, "secretary": 2, "bookkeeper": 1}),
           *staff("D", hire={"worker": 2, "sales": 1, "secretary": 2, "bookkeeper": 2}),
           act("take_loan", "A"),
           *staff("A", hire={"worker": 2, "sales": 2, "secretary": 2, "bookkeeper": 2})]
    # before A lets one go, nothing else may happen
    refused_last(log(config(four), jan, act("request", "B", bars=0)), "wrong_phase")
    s = play(log(config(four), jan, act("emergency_fire", "A", kind="worker")))
    a = s.teams["A"]
    assert a.headcount() == 7
    assert a.cash == 150_000 - 72_000 + 3_000
    assert s.bank_staff["worker"] == 20 - 2 - 2 - 2 - 1


def test_6_7_without_a_loan_any_headcount_is_allowed() -> None:
    four = ("A", "B", "C", "D")
    jan = [*passes(*JAN4), *staff("B", hire={"worker": 1}), *pay("C", "D"),
           *staff("A", hire={"worker": 2, "sales": 2, "secretary": 2, "bookkeeper": 2}),
           act("request", "B", bars=0)]
    s = play(log(config(four), jan))
    assert s.teams["A"].headcount() == 8


# ---------------------------------------------------------------- shares
def test_6_7_a_share_bought_in_february_for_55000_is_worth_83000_at_the_end_of_june() -> None:
    # "You purchase a bond in February for 55.000 and sell it at the end of June for 83.000."
    months = [quiet(JAN2), quiet(FEB2), quiet(JAN2), quiet(FEB2), quiet(JAN2), quiet(FEB2)]
    months[1] = months[1][:-2] + [act("buy_shares", "A"), *finance(*FEB2)]
    cfg = config(months=6, events=("leergefegt", "sitzt_fest", "zuschuss", "protest", "schock",
                                   "magenverstimmung", "kakaoschock"))
    s = play(log(cfg, *months))
    assert s.phase == "ended"
    row = next(r for r in s.results if r["team"] == "A")
    assert row["shares"] == 1 and row["share_value"] == 83_000
    assert row["worth"] == 100_000 - 55_000 + 83_000


def test_6_7_shares_only_in_phase_7() -> None:
    # "In this phase there are 2 possible activities: Pay interest, Buy shares"
    refused_last(log(config(), passes(*JAN2), act("buy_shares", "B")), "wrong_phase")


def test_6_7_ten_share_certificates() -> None:
    # Game Materials: "10 Share certificates" (docs/schoko/rules.md 12)
    head = [*passes(*JAN2), *pay(*JAN2), act("take_loan", "B", count=8),
            *requests(("B", 0), ("A", 0)), act("buy_shares", "B", count=10)]
    play(log(config(), head))
    refused_last(log(config(), head, act("end_finance", "B"), act("buy_shares", "A")),
                 "no_share_certificates")


# ---------------------------------------------------------------- Game End
def test_game_end_money_and_shares_less_loans_the_richest_wins() -> None:
    # "After the last agreed upon round, players count up their money and the value of any
    # shares held and pay any outstanding credits with interest to the bank. The player with
    # the greatest monetary wealth is declared the winner"
    head = [*passes(*JAN2), *pay(*JAN2), act("take_loan", "B"), *requests(("B", 0), ("A", 0)),
            act("buy_shares", "B", count=2), *finance(*JAN2)]
    s = play(log(config(months=1), head))
    assert s.phase == "ended"
    b = next(r for r in s.results if r["team"] == "B")
    # 150,000 - 2 x 48,000 - 10,000 interest = 44,000 cash; + 96,000 shares - 50,000 loan
    assert (b["cash"], b["worth"]) == (44_000, 90_000)
    assert [r["team"] for r in s.results] == ["A", "B"] and s.results[0]["rank"] == 1


def test_game_end_a_loan_can_cost_60000_as_a_setting() -> None:
    # "pay any outstanding credits with interest" read as one more month (end_loan_charge)
    head = [*passes(*JAN2), *pay(*JAN2), act("take_loan", "B"), *requests(("B", 0), ("A", 0)),
            *finance(*JAN2)]
    s = play(log(config(months=1, end_loan_charge=60_000), head))
    assert next(r for r in s.results if r["team"] == "B")["worth"] == 140_000 - 60_000


def test_game_end_unprocessed_contracts_are_worth_nothing() -> None:
    # "It's possible that you may still have unprocessed contracts in your secretariat or in
    # the accounts. They are now worth nothing." B wins card 0 alone but has no secretary.
    hires = {"B": {"worker": 2, "sales": 1}}
    jan = make_chocolate(JAN2, hires, {"B": 1})
    jan += [act("set_marker", "B", meetings=1), act("join", "B", take_part=True),
            *finance(*JAN2)]
    s = play(log(config(months=1), jan))
    b = next(r for r in s.results if r["team"] == "B")
    assert b["worth"] == 100_000 - 24_000 - 5_000
    assert len(s.teams["B"].secretariat) == 1


# ---------------------------------------------------------------- the command line
def test_cli_replay_prints_the_results_and_exits_0() -> None:
    data = log(config(months=1), quiet(JAN2))
    done = run_cli(data, subprocess_=True)
    assert done.returncode == 0, done.stderr
    said = json.loads(done.stdout)
    assert said["month"] == 1 and [r["rank"] for r in said["results"]] == [1, 1]


def test_cli_replay_at_stops_after_that_many_actions() -> None:
    data = log(config(months=1), quiet(JAN2))
    done = run_cli(data, "--at", "2", "--full")
    assert done.returncode == 0
    assert json.loads(done.stdout)["phase"] == "staff"


def test_cli_a_refused_move_names_its_code_and_index_and_exits_1() -> None:
    data = log(config(), passes(*JAN2), act("hire", "B", kind="worker", count=3))
    done = run_cli(data, subprocess_=True)
    assert done.returncode == 1
    said = json.loads(done.stdout)
    assert said["error"] == "hire_limit" and said["index"] == 3 and "2" in said["message"]


def test_cli_an_unknown_action_is_a_refusal_with_its_code() -> None:
    data = log(config(), passes(*JAN2), act("bribe", "B"))
    done = run_cli(data)
    assert done.returncode == 1
    assert json.loads(done.stdout)["error"] == "unknown_action_type"


def test_cli_junk_json_is_a_clear_error_not_a_traceback() -> None:
    done = run_cli(None, raw="{not json", subprocess_=True)
    assert done.returncode == 2
    assert "not valid JSON" in done.stderr and "Traceback" not in done.stderr


def test_cli_a_log_that_is_not_an_object() -> None:
    done = run_cli([1, 2, 3])
    assert done.returncode == 2 and "object" in done.stderr


def test_cli_a_bad_setting_is_named() -> None:
    data = log(config(months=13), [])
    done = run_cli(data)
    assert done.returncode == 2 and "month" in done.stderr.lower()


def test_cli_a_missing_file_is_a_clear_error() -> None:
    missing = subprocess.run([sys.executable, "-m", "playboss.schoko", "replay",
                              "/nonexistent/log.json"], capture_output=True, text=True,
                             cwd=ROOT, timeout=120, check=False)
    assert missing.returncode == 2, missing.stderr
    assert "Traceback" not in missing.stderr and "log.json" in missing.stderr


# ---------------------------------------------------------------- bankruptcy
def _a_goes_bankrupt_in_february() -> list[dict]:
    """Three teams. B takes all 13 loan cards in January; A hires two of every kind (72,000
    a month) and cannot pay February's salaries with no loan card left."""
    three = ("B", "C", "A")
    return [*passes(*three), act("take_loan", "B", count=13), *staff("B"),
            *staff("C", hire={"sales": 1}),
            *staff("A", hire={"worker": 2, "sales": 2, "secretary": 2, "bookkeeper": 2}),
            *requests(("B", 0), ("C", 0), ("A", 0)), act("set_marker", "C", meetings=3),
            act("set_marker", "A", meetings=0), *finance(*three),
            *passes("C", "A", "B"), *pay("C", "A", "B"), *requests(("C", 0), ("B", 0))]


def test_6_4_a_bankruptcy_leaving_two_players_makes_two_meetings_a_rep() -> None:
    # "The same applies should a player drop out of the game due to bankruptcy leaving only
    # 2 or 3 players." C's rep attended 3 meetings in January (three teams), 2 in February.
    data = log(config(("A", "B", "C"), months=3), _a_goes_bankrupt_in_february(),
               act("set_marker", "C", meetings=2))
    s = play(data)
    assert s.teams["A"].bankrupt and s.teams["A"].headcount() == 0
    assert s.bank_staff == {"worker": 20, "sales": 15, "secretary": 16, "bookkeeper": 10}
    refused_last(log(config(("A", "B", "C"), months=3), _a_goes_bankrupt_in_february(),
                     act("set_marker", "C", meetings=3)), "marker_beyond_reps")


def test_game_end_a_bankrupt_team_ranks_last() -> None:
    # docs/schoko/rules.md 19: it ranks after every team still in.
    s = play(log(config(("A", "B", "C"), months=2), _a_goes_bankrupt_in_february(),
                 act("set_marker", "C", meetings=0), finance("C", "B")))
    assert s.phase == "ended" and s.results[-1]["team"] == "A"
    assert s.results[-1]["bankrupt"] and s.results[-1]["rank"] == 3


def test_game_end_equal_wealth_shares_the_first_place() -> None:
    # "The player with the greatest monetary wealth is declared the winner": two teams with
    # 100,000 each are both the richest; neither wins by its seat.
    data = log(config(months=1), quiet(JAN2))
    s = play(data)
    assert [r["rank"] for r in s.results] == [1, 1]
    ended = next(e for e in events_of(data) if e["type"] == "game_ended")
    assert ended["winners"] == ["A", "B"]


def test_6_7_loan_headcount_word_for_word_not_more_than_the_fewest() -> None:
    # "it is not allowed to have more employees than any other player" read word for word
    # (setting loan_headcount = fewest): 8 against 5, 6, 7 must come down to 5.
    four = ("A", "B", "C", "D")
    jan = [*passes(*JAN4),
           *staff("B", hire={"worker": 2, "sales": 1, "secretary": 1, "bookkeeper": 1}),
           *staff("C", hire={"worker": 2, "sales": 1, "secretary": 2, "bookkeeper": 1}),
           *staff("D", hire={"worker": 2, "sales": 1, "secretary": 2, "bookkeeper": 2}),
           act("take_loan", "A"),
           *staff("A", hire={"worker": 2, "sales": 2, "secretary": 2, "bookkeeper": 2}),
           act("emergency_fire", "A", kind="worker"), act("emergency_fire", "A", kind="worker"),
           act("emergency_fire", "A", kind="sales")]
    cfg = config(four, loan_headcount="fewest")
    s = play(log(cfg, jan))
    assert s.teams["A"].headcount() == 5
    assert s.teams["A"].cash == 150_000 - 72_000 + 3_000 + 3_000 + 6_000
    assert waiting_for(s) == ["B"] and s.phase == "request"


def test_cli_a_negative_at_is_refused() -> None:
    done = run_cli(log(config(months=1), quiet(JAN2)), "--at", "-3")
    assert done.returncode == 2 and "0 or more" in done.stderr
