"""Everything that defines one game: teams, board, market, dice, steps, limits, settings.

A config is frozen and round-trips through JSON (``to_dict``/``from_dict``); it is the head of
every game log. Defaults follow ``shared/design/playboss-facts.md``; every one of them is a
setting so that a teacher with another edition can change it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from .errors import RuleViolation

#: One letter per board field, clockwise from the start field.
FIELD_NAMES = {
    "S": "start",
    "R": "red",
    "G": "green",
    "Y": "yellow",
    "B": "blue",
    "W": "white",
}

#: 42 fields: start, 20 red decision fields (the rulebook's "almost half"), 7 green WEB,
#: 6 yellow cost, 7 blue risk and the single white write-off field. Red alternates with the
#: other colours so that any roll has close to an even chance of a decision.
DEFAULT_BOARD = "SRGRBRYRGRBRYRGRBRYRGWRBRYRGRBRYRGRBRYRGRB"

#: Eight price zones of five dimples each (facts page: "prices between 150 and 500").
DEFAULT_ZONE_PRICES = (150, 200, 250, 300, 350, 400, 450, 500)

DICE_MODES = ("engine", "entered")
LEASE_RENEWAL_MODES = ("lease_field", "start")
ALL_STEPS = frozenset({1, 2, 3, 4, 5, 6})
#: Step 5's goal variants, in the rulebook's order, after the base model's "profit".
GOALS = ("profit", "first_to_sales", "sales_then_profit", "sales_yield", "asset_yield")
#: Step 1: how units the competition did not cover in the first round are priced.
FREE_MARKET_UNCOVERED = ("zone", "market_price")
#: What the end of the game subtracts as starting capital: all of it, as the rulebook says
#: ("subtract the 20,000 Marks of starting capital"), or only what the bank paid in.
FINAL_CAPITAL = ("full", "received")


@dataclass(frozen=True, slots=True)
class Limits:
    """The physical components of the box: the bank cannot hand out a 21st machine."""

    machines: int = 20
    computers: int = 8
    web_chips: int = 30
    workers: int = 20


@dataclass(frozen=True, slots=True)
class GameConfig:
    teams: tuple[str, ...]
    seed: int = 0
    board: str = DEFAULT_BOARD
    zone_prices: tuple[int, ...] = DEFAULT_ZONE_PRICES
    zone_capacity: int = 5
    #: "auto" (full with 5 or more teams, else half), "full", "half", or units per zone.
    market_fill: str | tuple[int, ...] = "auto"
    #: Years after which time is called (the first team to complete them); None: the bank
    #: calls time. Either way the current round is played out.
    years: int | None = 10
    dice: str = "engine"
    steps: frozenset[int] = frozenset()
    #: Skip the opening roll for the first player (for scenarios and physical boards).
    first_team: str | None = None
    #: Risk deck order, top first, by card id; None: shuffled with the seed.
    risk_order: tuple[int, ...] | None = None
    limits: Limits = field(default_factory=Limits)
    starting_capital: int = 10_000
    second_capital: int = 10_000
    #: Bank credit is paid out in notes: amounts in multiples of this.
    credit_step: int = 500
    #: Where a WEB-leased computer is renewed: on crossing the field where the two WEB were
    #: placed (the rulebook), or at the start field.
    lease_renewal: str = "lease_field"
    #: A bankrupt team's assets: auctioned to the other teams with the bank's repurchase value
    #: as the opening price ("teams"), or taken by the bank at that value at once ("bank").
    bankruptcy_auction: str = "bank"
    #: At the end of the game every team answers for the full starting capital ("full"), also
    #: a base-model team that never crossed the start for its second instalment; or only for
    #: what it received ("received"). During the game a balance sheet counts what was paid in.
    final_capital: str = "full"
    #: Step 5 goal variant (see GOALS) and the sales total that ends the game in the sales
    #: variants.
    goal: str = "profit"
    sales_target: int = 60_000
    #: Step 1 (free market for sales): rounds of bidding after which the lowest offers sell
    #: (a runaway bidding ends), and what a unit the competition did not cover in the first
    #: round earns: "zone" (ten times the zone it is placed into, as a sale without
    #: competition) or "market_price" (the market price at the announcement, for every unit).
    free_market_round_limit: int = 20
    free_market_uncovered: str = "zone"
    #: Step 2 (competition during purchasing): bids in the bank's auction rise in steps of
    #: this many Marks per unit, from the opening price (the zone's price).
    auction_step: int = 50
    #: Step 6 (labour market): teams run by two players with split duties, one for marketing
    #: and finance, one for purchase, production and labour (``steps.labor.duty_of``). JSON
    #: takes a list of team names or a mapping {team: true}.
    duties: tuple[str, ...] = ()

    # ------------------------------------------------------------------ derived
    @property
    def products(self) -> int:
        return self.zone_capacity * len(self.zone_prices)

    @property
    def start_position(self) -> int:
        """The red field next to the start, clockwise (rulebook: "Now We Can Begin")."""
        return self.board.index("R")

    @property
    def capital_at_start(self) -> int:
        # Expansion steps, "Starting Capital": the full amount at once.
        if self.steps:
            return self.starting_capital + self.second_capital
        return self.starting_capital

    @property
    def full_capital(self) -> int:
        return self.starting_capital + self.second_capital

    def initial_market(self) -> list[int]:
        zones = len(self.zone_prices)
        cap = self.zone_capacity
        fill = self.market_fill
        if isinstance(fill, tuple):
            return list(fill)
        if fill == "full" or (fill == "auto" and len(self.teams) >= 5):
            return [cap] * zones
        # Half: the cheaper half of the zones stays empty ("150 to 300 remain empty").
        return [0] * (zones - zones // 2) + [cap] * (zones // 2)

    # ------------------------------------------------------------------ checks
    def validate(self) -> None:
        def bad(msg: str) -> RuleViolation:
            return RuleViolation(f"Game set-up: {msg}", "Preparation for Play")

        if not 1 <= len(self.teams) <= 9:
            raise bad("a game has 1 to 9 teams.")
        if len(set(self.teams)) != len(self.teams) or any(
            not t or t in ("bank", "workers") for t in self.teams
        ):  # "workers" is the worker representative of step 6
            raise bad("team names must be distinct, non-empty and not 'bank' or 'workers'.")
        if not self.board or self.board[0] != "S" or self.board.count("S") != 1:
            raise bad("the board starts with the start field 'S' and has only one.")
        if set(self.board) - set(FIELD_NAMES):
            raise bad(f"board letters are {', '.join(FIELD_NAMES)}.")
        if "R" not in self.board:
            raise bad("the board needs red decision fields.")
        if list(self.zone_prices) != sorted(set(self.zone_prices)) or not self.zone_prices:
            raise bad("zone prices rise from the cheapest zone to the dearest.")
        if self.zone_capacity < 1:
            raise bad("a zone holds at least one unit.")
        if isinstance(self.market_fill, tuple):
            if len(self.market_fill) != len(self.zone_prices) or any(
                not 0 <= n <= self.zone_capacity for n in self.market_fill
            ):
                raise bad(
                    f"market_fill gives 0..{self.zone_capacity} units for each of "
                    f"{len(self.zone_prices)} zones."
                )
        elif self.market_fill not in ("auto", "full", "half"):
            raise bad("market_fill is 'auto', 'full', 'half' or a list of units per zone.")
        if self.years is not None and self.years < 1:
            raise bad("the game lasts at least one year.")
        if self.dice not in DICE_MODES:
            raise bad(f"dice is one of {', '.join(DICE_MODES)}.")
        if not self.steps <= ALL_STEPS:
            raise bad("expansion steps are numbered 1 to 6.")
        if self.first_team is not None and self.first_team not in self.teams:
            raise bad(f"first_team {self.first_team!r} is not a team of this game.")
        if self.lease_renewal not in LEASE_RENEWAL_MODES:
            raise bad(f"lease_renewal is one of {', '.join(LEASE_RENEWAL_MODES)}.")
        if self.goal not in GOALS:
            raise bad(f"goal is one of {', '.join(GOALS)}.")
        if self.goal != "profit" and 5 not in self.steps:
            raise bad("a goal other than profit needs step 5 (various game goals).")
        if self.sales_target < 1:
            raise bad("the sales target is at least 1 Mark.")
        if self.bankruptcy_auction not in ("teams", "bank"):
            raise bad("bankruptcy_auction is 'teams' or 'bank'.")
        if self.final_capital not in FINAL_CAPITAL:
            raise bad(f"final_capital is one of {', '.join(FINAL_CAPITAL)}.")
        if self.starting_capital < 0 or self.second_capital < 0:
            raise bad("the starting capital is no negative amount.")
        if self.zone_prices[0] < 1:
            raise bad("zone prices are at least 1 Mark.")
        limits = self.limits
        if min(limits.machines, limits.computers, limits.web_chips, limits.workers) < 0:
            raise bad("limits count components of the box: none is negative.")
        if self.credit_step < 1:
            raise bad("credit_step is at least 1 Mark.")
        if self.free_market_round_limit < 1:
            raise bad("free_market_round_limit is at least 1 round.")
        if self.free_market_uncovered not in FREE_MARKET_UNCOVERED:
            raise bad(f"free_market_uncovered is one of {', '.join(FREE_MARKET_UNCOVERED)}.")
        if self.auction_step < 1:
            raise bad("auction_step is at least 1 Mark.")
        if self.duties and 6 not in self.steps:
            raise bad("split duties belong to the labour market: they need step 6.")
        if any(t not in self.teams for t in self.duties) or len(set(self.duties)) != len(
            self.duties
        ):
            raise bad("duties names each team run by two players once.")

    # ------------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if isinstance(value, frozenset):
                value = sorted(value)
            elif isinstance(value, tuple):
                value = list(value)
            elif isinstance(value, Limits):
                value = asdict(value)
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameConfig:
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            raise RuleViolation(
                f"Game set-up: unknown setting(s) {', '.join(sorted(unknown))}.", "game log"
            )
        if "teams" not in data:
            raise RuleViolation("Game set-up: the config names its teams.", "game log")
        _check_types(cls, data)
        kwargs: dict[str, Any] = dict(data)
        try:
            kwargs["teams"] = tuple(str(t) for t in data["teams"])
            if "steps" in data:
                steps = data["steps"]
                if steps == "all":
                    steps = sorted(ALL_STEPS)
                elif not isinstance(steps, list) or not all(
                        isinstance(x, int) and not isinstance(x, bool) for x in steps):
                    raise RuleViolation('Game set-up: steps is a list of numbers 1 to 6, or '
                                        '"all".', "game log")
                kwargs["steps"] = frozenset(int(s) for s in steps)
            if "zone_prices" in data:
                kwargs["zone_prices"] = tuple(int(p) for p in data["zone_prices"])
            if isinstance(data.get("market_fill"), list):
                kwargs["market_fill"] = tuple(int(n) for n in data["market_fill"])
            if data.get("risk_order") is not None:
                kwargs["risk_order"] = tuple(int(c) for c in data["risk_order"])
            if "limits" in data:
                kwargs["limits"] = _limits(data["limits"])
            if isinstance(data.get("duties"), dict):
                kwargs["duties"] = tuple(str(t) for t, on in data["duties"].items() if on)
            elif "duties" in data:
                kwargs["duties"] = tuple(str(t) for t in data["duties"])
            config = cls(**kwargs)
        except (TypeError, ValueError) as exc:
            raise RuleViolation(f"Game set-up: {exc}", "game log") from exc
        config.validate()
        return config


def _limits(data: Any) -> Limits:
    """The box's components, each a whole number; the ones not given keep their default."""
    known = {f.name for f in fields(Limits)}
    if not isinstance(data, dict) or set(data) - known or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in data.values()):
        raise RuleViolation(f"Game set-up: limits gives whole numbers for "
                            f"{', '.join(sorted(known))}.", "game log")
    return Limits(**data)


def _check_types(cls: type[GameConfig], data: dict[str, Any]) -> None:
    """A setting of the wrong kind is refused with its name, not a traceback: numbers where
    the default is a number, text where it is text, a list of names for the teams."""

    def bad(name: str, what: str) -> RuleViolation:
        return RuleViolation(f"Game set-up: {name} must be {what}.", "game log")

    teams = data["teams"]
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        raise bad("teams", "a list of team names")
    for f in fields(cls):
        if f.name not in data or f.name == "teams":
            continue
        value = data[f.name]
        if value is None and "None" in str(f.type):
            continue
        default = f.default
        if isinstance(default, bool):
            if not isinstance(value, bool):
                raise bad(f.name, "true or false")
        elif isinstance(default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                raise bad(f.name, "a whole number")
        elif isinstance(default, str) and f.name != "market_fill" and not isinstance(value, str):
            raise bad(f.name, "text")
