"""Issue 10: each open round's state on the team screen (near the top), and the expansion steps'
blocks on the bank console as readable tables, in English and German.

Positions come from a bot game with all six steps (greedy bots, seed 1), imported up to the
moment a bidding round or an auction opens, and played on from there through the services, as
teams would: rulebook part II, "1. Step: Free Market for Sales" (the first supplier, the
competition's offers, 500-Mark steps), "2. Step: Competition during Purchasing" (the rest of
the zone auctioned as one lot), "3. Step: Marketing Organization", "5. Step: Various Game
Goals", "6. Step: Labor Market" ("Hiring") and buying a business (steps 4 and 6)."""

from __future__ import annotations

import re
from datetime import timedelta
from functools import cache
from typing import Any

import pytest
from django.utils import timezone

from classroom import services
from classroom.models import Classroom, Game
from classroom.screens import ScreenSpec, build_screen
from playboss.rules import GameConfig, GameLog, apply
from playboss.rules.bots import BOTS, RandomBot
from playboss.rules.legal import to_move

TEAMS = ("Red", "Blue", "Sharks")
#: Words that are data keys or Python, never text a reader should see.
RAW = ("sales_yield", "bidding_round", "free_market", "units_sought", "price_point",
       "highest_bid", "highest_bidder", "seller_in", "prices_open", "founding_cost",
       "yearly_cost", "first_lap_done", "support_paid", "{'", "['", "None", "True", "False")


@cache
def _bot_log() -> tuple[dict[str, Any], int, int]:
    """A greedy bots' game with every step; the number of moves after which its first bidding
    round and its first auction are open."""
    config = GameConfig(teams=TEAMS, seed=1, years=3, steps=frozenset({1, 2, 3, 4, 5, 6}),
                        goal="sales_yield")
    log, state = GameLog.start(config)
    bots = {n: BOTS["greedy"](1_000 + i) for i, n in enumerate(TEAMS)}
    bidding = auction = 0
    while state.phase != "ended" and not (bidding and auction):
        actor = to_move(state)
        bots.setdefault(actor, RandomBot(1_999))
        action = bots[actor].choose(state, actor)
        apply(state, action)
        log.record(action, state)
        kind = state.pending[0].kind if state.pending else None
        if kind == "bidding" and not bidding:
            bidding = len(log.entries)
        if kind == "auction" and not auction:
            auction = len(log.entries)
    assert bidding and auction
    return log.to_dict(), bidding, auction


def _imported(classroom: Classroom, moves: int) -> Game:
    data, _, _ = _bot_log()
    game = services.import_log(classroom=classroom, name="Steps",
                               log_data={**data, "actions": data["actions"][:moves]})
    # An imported game has no countdown; give the open round one as a running class has.
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(seconds=60))
    game.refresh_from_db()
    return game


def _play(game: Game, actor: str, **action: Any) -> None:
    services.submit_action(game_id=game.pk, actor=actor, payload=action, run_bots=False)
    game.refresh_from_db()


def screen(game: Game, actor: str, language: str = "en") -> str:
    return build_screen(game, ScreenSpec(actor, language)).html()


def region(html: str, name: str) -> str:
    start = html.index(f'data-region="{name}"')
    following = html.find('<div class="region" data-region=', start + 1)
    return html[start:following if following > 0 else None]


def text(html: str) -> str:
    """What a reader sees: tags out, spaces folded."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def assert_readable(html: str) -> None:
    seen = text(html)
    for raw in RAW:
        assert raw not in seen, f"{raw!r} shows on the page: …{seen[:400]}"


@pytest.fixture
def bidding(classroom: Classroom) -> Game:
    """Sharks, on a red field, offer 2 units at 5,000 (the market price); Red underbids with 3
    units at 4,500; Blue still has to answer."""
    _, moves, _ = _bot_log()
    game = _imported(classroom, moves)
    _play(game, "Red", type="bid", units=3, price=4_500)
    return game


@pytest.fixture
def auction(classroom: Classroom) -> Game:
    _, _, moves = _bot_log()
    game = _imported(classroom, moves)
    return game


# ====================================================================== team screens
def test_a_competitor_sees_the_bidding_round_at_the_top_with_every_offer(bidding: Game) -> None:
    """Rulebook II, "1. Step: Free Market for Sales": the seller announces units and price out
    loud, the competition may underbid in 500-Mark steps; the team to answer sees who offers
    how many units at what price, the price to beat and the time left, before its moves."""
    html = screen(bidding, "Blue")
    assert html.index('data-region="team-status"') < html.index('data-region="open-round"') \
        < html.index('data-region="moves"')
    block = region(html, "open-round")
    seen = text(block)
    assert "Free market: the bidding round" in seen
    assert "First supplier Sharks · announced 2 units at 5,000 M each" in seen
    assert re.search(r"Red\s+3\s+4,500 M", seen), seen  # team, units, price per unit
    assert re.search(r"Sharks first supplier\s+2\s+5,000 M", seen), seen
    assert "Price this round 5,000 M · offers now at 5,000 M or 4,500 M" in seen
    assert "You may compete: offer finished units at 5,000 M or 4,500 M per unit" in seen
    assert f'data-deadline="{bidding.deadline.isoformat()}"' in block  # type: ignore[union-attr]
    assert '<span class="countdown" hidden></span>' in block
    assert_readable(block)
    assert "You are the first supplier" in text(region(screen(bidding, "Sharks"), "open-round"))
    assert "Your offer stands" in text(region(screen(bidding, "Red"), "open-round"))


def test_the_bidding_round_in_german(bidding: Game) -> None:
    block = region(screen(bidding, "Blue", "de"), "open-round")
    seen = text(block)
    assert "Erstanbieter" in seen and "Preis je Einheit" in seen and "4.500 M" in seen
    assert "Free market" not in seen and "Price this round" not in seen and "You may" not in seen
    assert_readable(block)


def test_an_auction_shows_the_lot_the_leading_bid_and_bidder(auction: Game) -> None:
    """Rulebook II, "2. Step: Competition during Purchasing": what is left of the zone is
    auctioned as one lot from the zone's price; each team sees the lot, the leading bid and its
    bidder, the least next bid, and the time left."""
    data = _auction_data(auction)
    bidder = data["waiting_for"][0]
    _play(auction, bidder, type="auction_bid", price=data["lowest_bid"])
    data = _auction_data(auction)
    assert data["highest_bidder"] == bidder
    units, bid = data["units"], data["highest_bid"]
    other = next(t for t in TEAMS if t != bidder)
    seen = text(region(screen(auction, other), "open-round"))
    assert "Auction of raw material" in seen
    assert f"Lot {units} units of raw material" in seen or f"Lot {units} unit of raw material" \
        in seen
    assert f"Leading bid {bid:,} M per unit by {bidder}" in seen
    assert f"{bid * units:,} M for the lot" in seen
    assert f"Opening price {data['opening']:,} M per unit" in seen
    assert "You hold the leading bid" in text(region(screen(auction, bidder), "open-round"))
    german = text(region(screen(auction, other, "de"), "open-round"))
    assert "Höchstgebot" in german and "Posten" in german and "Leading bid" not in german
    assert_readable(seen)
    assert_readable(german)


def _auction_data(game: Game) -> dict[str, Any]:
    from classroom import selectors

    found: dict[str, Any] = selectors.team_view(game, "bank")["auction"]
    return found


def test_no_open_round_no_block(classroom: Classroom) -> None:
    _, moves, _ = _bot_log()
    game = _imported(classroom, moves - 1)  # the move before the bidding opens
    assert "open-round" not in screen(game, "Blue") or \
        "<section" not in region(screen(game, "Blue"), "open-round")


def _offers(game: Game) -> None:
    """Red offers 17,250 M for Blue's business; Sharks ask the worker representative for 2
    workers at 500 M each (the salary until the first lap is done)."""
    _play(game, "Red", type="offer_takeover", target="Blue", price=17_250, terms="cash now")
    _play(game, "Sharks", type="offer_hire", team="Sharks", workers=2, salary=500)


def test_a_team_sees_only_its_own_takeover_and_hiring_offers(auction: Game) -> None:
    """Buying a business (steps 4 and 6) is between its two teams; a hiring offer ("6. Step:
    Labor Market", "Hiring") between a team and the worker representative: neither shows on a
    third team's screen."""
    _offers(auction)
    blue = text(region(screen(auction, "Blue"), "open-round"))
    assert "Red offers 17,250 M for your whole business" in blue and "cash now" in blue
    assert "worker" not in blue.lower()  # Sharks' hiring offer
    sharks = text(region(screen(auction, "Sharks"), "open-round"))
    assert "17,250" not in sharks and "cash now" not in sharks
    assert "You ask the worker representative for 2 workers at 500 M each" in sharks
    assert "17,250" not in screen(auction, "Sharks")  # anywhere on its screen
    red_de = text(region(screen(auction, "Red", "de"), "open-round"))
    assert "17.250 M" in red_de and "Blue" in red_de and "You offer" not in red_de
    assert_readable(blue)
    assert_readable(red_de)


# ====================================================================== the bank console
def test_the_bank_console_shows_every_steps_block_as_tables(auction: Game) -> None:
    data = _auction_data(auction)
    bidder = data["waiting_for"][0]
    _play(auction, bidder, type="auction_bid", price=data["lowest_bid"])
    _play(auction, "Red", type="offer_takeover", target="Blue", price=17_250, terms="cash now")
    for language in ("en", "de"):
        steps = region(screen(auction, "bank", language), "steps")
        # auction bids, takeovers, troughs, sales, labour
        assert steps.count("<table") >= 5, text(steps)
        assert '<dl class="data">' not in steps  # no block falls back to the raw dump
        assert_readable(steps)
    seen = text(region(screen(auction, "bank"), "steps"))
    for words in ("Auction of raw material", f"by {bidder}", "Takeover offers",
                  "Marketing organizations", "Game goal", "Labour market",
                  "Highest sales yield (profit / sales)",
                  "Sales yield = total profit / total sales", "Trough 1", "20,000 M",
                  "Worker representative's cash 5,000 M"):
        assert words in seen, words
    assert re.search(r"\d+ Red Blue 17,250 M", seen)  # no., buyer, business, price
    german = text(region(screen(auction, "bank", "de"), "steps"))
    for words in ("Versteigerung", "Übernahmeangebote", "Vertriebsorganisationen", "Spielziel",
                  "Arbeitsmarkt", "Kasse des Arbeitnehmervertreters", "17.250 M"):
        assert words in german, words
    # A hiring offer waits beside play for the representative's answer.
    _play(auction, "Sharks", type="offer_hire", team="Sharks", workers=2, salary=500)
    seen = text(region(screen(auction, "bank"), "steps"))
    assert "Open hiring offers" in seen
    assert re.search(r"\d+ Sharks the team 2 500 M 1,000 M", seen)  # workers, each, per field
    assert "Team Sharks" not in seen and "From Sharks" not in seen  # the old key/value dump
    assert_readable(region(screen(auction, "bank", "de"), "steps"))


def test_the_bank_console_shows_the_bidding_round(bidding: Game) -> None:
    seen = text(region(screen(bidding, "bank"), "steps"))
    assert "Free market: the bidding round" in seen
    assert re.search(r"Red 3 4,500 M", seen) and re.search(r"Sharks first supplier 2 5,000 M",
                                                           seen)
    assert "Waiting for Blue" in seen
    assert_readable(seen)
    assert_readable(text(region(screen(bidding, "bank", "de"), "steps")))


def test_the_bank_console_shows_the_auction(auction: Game) -> None:
    data = _auction_data(auction)
    seen = text(region(screen(auction, "bank"), "steps"))
    assert "Auction of raw material" in seen and f"Opened by {data['buyer']}'s purchase" in seen
    assert "no bid yet" in seen
    assert f"at least {data['lowest_bid']:,} M per unit" in seen
    assert_readable(seen)


def test_an_unknown_step_key_still_shows_as_data(bidding: Game,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A key a step adds without a block of its own is not lost: it shows as data."""
    from classroom import state_store
    from playboss.rules import rulebook
    from playboss.rules.ruleset import RulePart

    def new_step(state: object, viewer: str) -> dict[str, object]:
        return {"new_step": {"lots": 3}}

    monkeypatch.setattr(rulebook, "PARTS", (*rulebook.PARTS, RulePart("new", views=(new_step,))))
    monkeypatch.setattr(rulebook, "_COMPOSED", {})
    state_store.forget(bidding.pk)
    steps = region(screen(bidding, "bank"), "steps")
    card = steps[steps.index("step-new_step"):]
    assert '<dl class="data">' in card and "Lots" in text(card) and "3" in text(card)


def test_a_paused_round_shows_its_frozen_seconds_and_no_countdown(bidding: Game) -> None:
    """Pause freezes the open round's countdown: the block says how many seconds are left and
    carries no deadline for live.js to count down."""
    services.set_paused(game_id=bidding.pk, paused=True)
    bidding.refresh_from_db()
    assert bidding.deadline is None and bidding.paused_remaining is not None
    block = region(screen(bidding, "Blue"), "open-round")
    left = int(bidding.paused_remaining)
    assert f"paused · {left} s left" in text(block) or f"paused · {left + 1} s left" in text(block)
    assert "data-deadline" not in block
    assert "angehalten · noch" in text(region(screen(bidding, "Blue", "de"), "open-round"))


@pytest.fixture
def estate(classroom: Classroom, monkeypatch: pytest.MonkeyPatch) -> Game:
    """Red is bankrupt (a major breakdown it cannot pay) and its assets — 10 units of raw
    material and a machine — are auctioned to the teams (``bankruptcy_auction = "teams"``):
    the position of ``tests/rules/helpers.bankrupt_red``, its moves recorded as a game log."""
    from playboss.rules.gamelog import FORMAT, VERSION
    from tests.rules import helpers

    moves: list[dict[str, Any]] = []
    real = helpers.apply

    def recording(state: Any, action: Any, *args: Any) -> Any:
        events = real(state, action, *args)
        moves.append(action.to_dict())
        return events

    monkeypatch.setattr(helpers, "apply", recording)
    state, _ = helpers.bankrupt_red(bankruptcy_auction="teams")
    game = services.import_log(classroom=classroom, name="Estate", log_data={
        "format": FORMAT, "version": VERSION, "config": state.config.to_dict(),
        "actions": moves})
    Game.objects.filter(pk=game.pk).update(deadline=timezone.now() + timedelta(seconds=60))
    game.refresh_from_db()
    return game


def test_a_bankrupt_teams_assets_auctioned_show_the_lot_and_the_highest_bid(
        estate: Game) -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": "The bank will then
    auction off all of your assets": every team sees the lot, the bank's price and the highest
    bid with its bidder; what Red owed shows on the bank's console only."""
    _play(estate, "Blue", type="estate_bid", price=7_000)
    green = text(region(screen(estate, "Green"), "open-round"))
    assert "Auction of a bankrupt team's assets" in green
    assert re.search(r"Lot Red.s assets ?: 10 units of raw material ?, 1 machine", green), green
    assert "Highest bid 7,000 M by Blue" in green and "The bank pays 6,500 M" in green
    assert "Bid more than 7,000 M for the whole lot, or pass" in green
    assert "Owed when it went bankrupt" not in green
    assert "You hold the highest bid" in text(region(screen(estate, "Blue"), "open-round"))
    assert "Your business is bankrupt" in text(region(screen(estate, "Red"), "open-round"))
    bank = text(region(screen(estate, "bank"), "steps"))
    assert "Owed when it went bankrupt 3,000 M" in bank and "Highest bid 7,000 M by Blue" in bank
    german = text(region(screen(estate, "Green", "de"), "open-round"))
    assert "Höchstes Gebot 7.000 M von Blue" in german and "Lot" not in german
    for seen in (green, bank, german):
        assert_readable(seen)


def test_the_bank_status_counts_a_bidding_rounds_units_as_units(bidding: Game) -> None:
    """The bidding round's open item holds the units offered, not Marks ("bidding round ·
    1 M" in the issue); the turn card names it in words, without the engine's key or its
    English detail beside the step's block."""
    html = screen(bidding, "bank")
    status = text(region(html, "bank-status"))
    assert "2 units" in status and "2 M" not in status
    turn = text(region(html, "turn"))
    assert "2 units" in turn and "(bidding)" not in turn and "Sharks offers 2" not in turn
    german = screen(bidding, "bank", "de")
    assert "2 Einheiten" in text(region(german, "bank-status"))
    assert "offers" not in text(region(german, "turn"))


def test_the_glance_has_no_empty_more_per_team(auction: Game) -> None:
    """Every team row carries ``sold_to`` (empty until a business is sold): the table of every
    team at a glance offers "more" only for data that is there."""
    glance = region(screen(auction, "bank"), "glance")
    assert "inline-details" not in glance and "Business sold to" not in glance


def test_the_bank_console_shows_the_running_round_first(auction: Game) -> None:
    steps = region(screen(auction, "bank"), "steps")
    cards = re.findall(r'class="card step-data step-(\w+)"', steps)
    assert cards[0] == "auction" and cards[-1] == "free_market", cards  # nothing to sell now


# ====================================================================== issue 10: the last gaps
def test_the_estate_bid_is_for_the_whole_lot(estate: Game) -> None:
    """Rulebook I, "Explanations: Credit, Bankruptcy and Private Trade": the bank auctions
    all of the assets as one lot; a bid is the price of all of it, not Marks a unit."""
    _play(estate, "Blue", type="estate_bid", price=7_000)
    from html import unescape

    seen = unescape(text(region(screen(estate, "Green"), "moves")))
    assert "Marks for the whole lot" in seen and "a unit" not in seen
    assert "Bid for Red's assets (the whole lot)" in seen
    assert re.search(r"7,100 Marks for the whole lot · cash after [\d,]+", seen), seen
    german = text(region(screen(estate, "Green", "de"), "moves"))
    assert "Mark für das ganze Los" in german and "je Einheit" not in german


def test_the_status_bar_counts_a_bidding_rounds_units_as_units(bidding: Game) -> None:
    """Rulebook II, "1. Step: Free Market": the round sells the units the first supplier
    offered; the status bar says units, not Marks ("2 M")."""
    status = text(region(screen(bidding, "Sharks"), "team-status"))
    assert "(2 units" in status and "(2 M" not in status
    assert "(2 Einheiten" in text(region(screen(bidding, "Sharks", "de"), "team-status"))


def test_the_team_screen_shows_its_marketing_organizations_and_its_workers(
        auction: Game) -> None:
    """Rulebook II, "3. Step: Marketing" (three organizations, founding and yearly costs) and
    "6. Step: Labor Market" (workers, salaries, notice, strikes): each team reads its own
    figures on its screen, never another team's salaries."""
    from classroom import selectors

    data = selectors.panel(auction, "Red")
    workers = data["labor"]["workers"]["Red"]
    red = text(region(screen(auction, "Red"), "team-steps"))
    assert "Marketing organizations" in red and "Organization 1" in red
    founding, yearly = data["marketing"]["founding_cost"], data["marketing"]["yearly_cost"]
    held = [t for t in data["marketing"]["troughs"] if t["owner"] == "Red"]
    if held:
        assert f"you pay {yearly:,} M" in red
    else:
        assert f"Founding a free one costs {founding:,} M" in red
    assert f"Your workers Workers {workers}" in red and "Salary per worker" in red
    assert "Salaries per red field" in red and "Dispute" in red
    own = data["labor"]["mine"]["salary_bill"]
    for other in ("Blue", "Sharks"):  # no other team's labour figures (one equal to Red's own
        bill = selectors.panel(auction, other)["labor"]["mine"]["salary_bill"]  # can't tell)
        if bill and bill != own:
            assert f"Salaries per red field {bill:,} M" not in red
    german = text(region(screen(auction, "Red", "de"), "team-steps"))
    assert "Deine Arbeitskräfte" in german and "Lohn je Arbeitskraft" in german
    assert "Organisation 1" in german and "Workers" not in german
    assert_readable(red)


def test_the_representatives_console_shows_the_steps_as_readable_blocks(auction: Game) -> None:
    """The worker representative's console (step 6) shows the other steps' data — the game
    goal, the troughs, the auction — with the bank's readable blocks, in English and German,
    never a key of the engine ("Spielziel: sales_yield" was shown)."""
    from classroom.access import WORKERS

    for language in ("en", "de"):
        steps = region(screen(auction, WORKERS, language), "workers-steps")
        assert '<dl class="data">' not in steps, text(steps)
        assert_readable(steps)
    seen = text(region(screen(auction, WORKERS), "workers-steps"))
    assert "Highest sales yield (profit / sales)" in seen
    assert "Spielziel" in text(region(screen(auction, WORKERS, "de"), "workers-steps"))


def test_closing_the_bidding_round_names_who_withdraws_and_the_units(bidding: Game) -> None:
    """Rulebook "1. Step: Free Market for Sales": the bank's button that closes a round says
    what closing does — the teams that have not answered withdraw — with the units sought
    and on offer, in English and German."""
    seen = text(screen(bidding, "bank"))
    assert re.search(r"Close round 1 of the bidding now: Blue, not answered yet, withdraw; "
                     r"\d+ units? sought, \d+ units? on offer", seen), seen[:2000]
    german = text(screen(bidding, "bank", "de"))
    assert "Runde 1 der Bieterrunde jetzt schließen: Blue, noch ohne Antwort" in german, \
        german[:2000]
