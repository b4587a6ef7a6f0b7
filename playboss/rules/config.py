"""Everything that defines one game: teams, board, market, dice, steps, limits, settings.

A config is frozen and round-trips through JSON (``to_dict``/``from_dict``); it is the head of
every game log. Defaults follow ``shared/design/playboss-facts.md``; every one of them is a
setting so that a teacher with another edition can change it.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields
from typing import Any

from . import readings
from .errors import ConfigError, FieldError, Params, RuleViolation
from .risk import standard_deck

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
#: "Game Materials": the board seats at most nine businesses.
MAX_TEAMS = 9
#: Names no team may take (compared regardless of case), and whom they name: the actors and
#: viewers that are not teams — the bank director, step 6's worker representative
#: (``steps.labor``), and the projector's view of the table (``views.PUBLIC``).
RESERVED_NAMES = {
    "bank": "the bank director",
    "workers": "the worker representative",
    "public": "the projector's view of the table",
}
#: Step 5's goal variants, in the rulebook's order, after the base model's "profit".
GOALS = ("profit", "first_to_sales", "sales_then_profit", "sales_yield", "asset_yield")
#: Step 1: how units the competition did not cover in the first round are priced.
FREE_MARKET_UNCOVERED = ("zone", "market_price")
#: What the end of the game subtracts as starting capital: all of it, as the rulebook says
#: ("subtract the 20,000 Marks of starting capital"), or only what the bank paid in.
FINAL_CAPITAL = ("full", "received")
#: Step 5's yield goals with a loss: "behind" - a team with a loss ranks behind every team in
#: profit, by its loss (a yield of a loss magnifies it the smaller the business: -1,900 %),
#: and a yield's base is at least the full starting capital; "rulebook" - the printed ratio
#: decides for losses too.
YIELD_LOSSES = ("behind", "rulebook")


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
    #: How the yield goals rank losses (see YIELD_LOSSES).
    yield_losses: str = "behind"
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
    #: The rulebook's literal readings (``readings``: each setting's choices, its legacy and
    #: its literal value). The defaults are the literal values.
    advertising_field: str = "next"
    marketing_sales: str = "one_per_turn"
    free_market_asking_price: str = "any"
    collateral: str = "repay_first"
    private_loan_due: str = "agreed"

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
        """Refuse a set-up that cannot be played: a ``ConfigError`` naming every problem."""
        found = self.problems()
        if found:
            raise ConfigError(found)

    def problems(self) -> list[tuple[str, FieldError]]:
        """Every problem of this set-up, as ``(setting, FieldError)``, in the order checked."""
        found = _Problems("Preparation for Play")

        def bad(name: str, msg: str, *, code: str, params: Params | None = None) -> None:
            found.add(name, f"Game set-up: {msg}", code=code, params=params)

        teams = self.teams
        if not 1 <= len(teams) <= MAX_TEAMS:
            bad("teams", f"a game has 1 to {MAX_TEAMS} teams.", code="config_team_count",
                params={"min": 1, "max": MAX_TEAMS, "named": len(teams)})
        seen: set[str] = set()
        for name in teams:
            key = name.strip().casefold()
            if not key:
                bad("teams", "team names must be distinct, non-empty and not 'bank' or "
                    "'workers'.", code="config_team_name_empty")
            elif key in seen:
                bad("teams", "team names must be distinct, non-empty and not 'bank' or "
                    "'workers'.", code="config_team_names_distinct", params={"name": name})
            elif key in ("bank", "workers"):  # "workers": the worker representative of step 6
                bad("teams", "team names must be distinct, non-empty and not 'bank' or "
                    "'workers'.", code="config_team_name_reserved", params={"name": name})
            elif key in RESERVED_NAMES:
                bad("teams", f"team names must not be {name!r}: it names "
                    f"{RESERVED_NAMES[key]}.", code="config_team_name_reserved",
                    params={"name": name})
            seen.add(key)
        board = self.board
        if not board or board[0] != "S" or board.count("S") != 1:
            bad("board", "the board starts with the start field 'S' and has only one.",
                code="config_board_start")
        if set(board) - set(FIELD_NAMES):
            bad("board", f"board letters are {', '.join(FIELD_NAMES)}.",
                code="config_board_letters",
                params={"letters": list(FIELD_NAMES),
                        "wrong": sorted(set(board) - set(FIELD_NAMES))})
        if "R" not in board:
            bad("board", "the board needs red decision fields.", code="config_board_red")
        prices = self.zone_prices
        if list(prices) != sorted(set(prices)) or not prices:
            bad("zone_prices", "zone prices rise from the cheapest zone to the dearest.",
                code="config_zone_prices_rise")
        if self.zone_capacity < 1:
            bad("zone_capacity", "a zone holds at least one unit.",
                code="config_zone_capacity")
        if isinstance(self.market_fill, tuple):
            if len(self.market_fill) != len(prices) or any(
                not 0 <= n <= self.zone_capacity for n in self.market_fill
            ):
                bad("market_fill",
                    f"market_fill gives 0..{self.zone_capacity} units for each of "
                    f"{len(prices)} zones.", code="config_market_fill_units",
                    params={"capacity": self.zone_capacity, "zones": len(prices)})
        elif self.market_fill not in ("auto", "full", "half"):
            bad("market_fill",
                "market_fill is 'auto', 'full', 'half' or a list of units per zone.",
                code="config_market_fill")
        if self.years is not None and self.years < 1:
            bad("years", "the game lasts at least one year.", code="config_years")
        if self.dice not in DICE_MODES:
            bad("dice", f"dice is one of {', '.join(DICE_MODES)}.", code="config_choice",
                params={"setting": "dice", "choices": list(DICE_MODES)})
        if not self.steps <= ALL_STEPS:
            bad("steps", "expansion steps are numbered 1 to 6.", code="config_steps")
        if self.first_team is not None and self.first_team not in teams:
            bad("first_team", f"first_team {self.first_team!r} is not a team of this game.",
                code="config_first_team", params={"team": self.first_team})
        if self.lease_renewal not in LEASE_RENEWAL_MODES:
            bad("lease_renewal", f"lease_renewal is one of {', '.join(LEASE_RENEWAL_MODES)}.",
                code="config_choice",
                params={"setting": "lease_renewal", "choices": list(LEASE_RENEWAL_MODES)})
        if self.goal not in GOALS:
            bad("goal", f"goal is one of {', '.join(GOALS)}.", code="config_choice",
                params={"setting": "goal", "choices": list(GOALS)})
        elif self.goal != "profit" and 5 not in self.steps:
            bad("goal", "a goal other than profit needs step 5 (various game goals).",
                code="config_goal_needs_step_5")
        if self.sales_target < 1:
            bad("sales_target", "the sales target is at least 1 Mark.",
                code="config_sales_target")
        if self.bankruptcy_auction not in ("teams", "bank"):
            bad("bankruptcy_auction", "bankruptcy_auction is 'teams' or 'bank'.",
                code="config_choice",
                params={"setting": "bankruptcy_auction", "choices": ["teams", "bank"]})
        if self.yield_losses not in YIELD_LOSSES:
            bad("yield_losses", f"yield_losses is one of {', '.join(YIELD_LOSSES)}.",
                code="config_choice",
                params={"setting": "yield_losses", "choices": list(YIELD_LOSSES)})
        if self.final_capital not in FINAL_CAPITAL:
            bad("final_capital", f"final_capital is one of {', '.join(FINAL_CAPITAL)}.",
                code="config_choice",
                params={"setting": "final_capital", "choices": list(FINAL_CAPITAL)})
        if self.starting_capital < 0 or self.second_capital < 0:
            bad("starting_capital" if self.starting_capital < 0 else "second_capital",
                "the starting capital is no negative amount.", code="config_capital")
        if prices and prices[0] < 1:
            bad("zone_prices", "zone prices are at least 1 Mark.",
                code="config_zone_prices_positive")
        limits = self.limits
        if min(limits.machines, limits.computers, limits.web_chips, limits.workers) < 0:
            bad("limits", "limits count components of the box: none is negative.",
                code="config_limits_negative")
        if self.credit_step < 1:
            bad("credit_step", "credit_step is at least 1 Mark.", code="config_at_least",
                params={"setting": "credit_step", "least": 1})
        if self.free_market_round_limit < 1:
            bad("free_market_round_limit", "free_market_round_limit is at least 1 round.",
                code="config_at_least",
                params={"setting": "free_market_round_limit", "least": 1})
        if self.free_market_uncovered not in FREE_MARKET_UNCOVERED:
            bad("free_market_uncovered", f"free_market_uncovered is one of "
                f"{', '.join(FREE_MARKET_UNCOVERED)}.", code="config_choice",
                params={"setting": "free_market_uncovered",
                        "choices": list(FREE_MARKET_UNCOVERED)})
        if self.auction_step < 1:
            bad("auction_step", "auction_step is at least 1 Mark.", code="config_at_least",
                params={"setting": "auction_step", "least": 1})
        if self.duties and 6 not in self.steps:
            bad("duties", "split duties belong to the labour market: they need step 6.",
                code="config_duties_need_step_6")
        if any(t not in teams for t in self.duties) or len(set(self.duties)) != len(
            self.duties
        ):
            bad("duties", "duties names each team run by two players once.",
                code="config_duties_teams")
        for name, choices in readings.CHOICES.items():
            if getattr(self, name) not in choices:
                bad(name, f"{name} is one of {', '.join(choices)}.", code="config_choice",
                    params={"setting": name, "choices": list(choices)})
        if self.risk_order is not None and sorted(self.risk_order) != sorted(standard_deck()):
            found.add("risk_order",
                      "Game set-up: risk_order must name each of the 30 risk cards once.",
                      rule="The Blue Risk Field", code="config_risk_order",
                      params={"cards": len(standard_deck())})
        return found.found

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
            elif f.name in readings.LITERAL and readings.LITERAL[f.name] == value:
                continue  # a reading at its default, the literal value, is implied
            out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameConfig:
        """A config from its JSON form. Every problem is found at once and raised as one
        ``ConfigError``: settings of the wrong kind (each by its name), then the checks of
        ``problems`` on the settings that could be read."""
        found = _Problems("game log")
        known = {f.name for f in fields(cls)}
        unknown = set(data) - known
        if unknown:
            found.add("config", f"Game set-up: unknown setting(s) {', '.join(sorted(unknown))}.",
                      code="config_unknown_settings", params={"settings": sorted(unknown)})
        if "teams" not in data:
            found.add("teams", "Game set-up: the config names its teams.",
                      code="config_teams_missing")
        _check_types(cls, data, found)
        unusable = {name for name, _ in found.found}
        kwargs: dict[str, Any] = {k: v for k, v in data.items()
                                  if k in known and k not in unusable}
        for name, convert in _CONVERT.items():
            if name not in kwargs:
                continue
            try:
                kwargs[name] = convert(kwargs[name])
            except RuleViolation as exc:
                found.add(name, exc.message, code=exc.code, params=exc.params)
                del kwargs[name]
            except (TypeError, ValueError) as exc:
                found.add(name, f"Game set-up: {exc}", code="config_unreadable",
                          params={"setting": name, "error": str(exc)})
                del kwargs[name]
        unusable = {name for name, _ in found.found}
        if "teams" in unusable:
            kwargs["teams"] = ("?",)  # to check the other settings; teams' own checks dropped
        config = cls(**kwargs)
        # A setting that could not be read is not checked again (its default stands in), nor
        # are the checks that lean on the teams when they could not be read.
        skip = unusable | ({"teams", "first_team", "duties"} if "teams" in unusable else set())
        for name, error in config.problems():
            if name not in skip:
                found.found.append((name, error))
        if found.found:
            raise ConfigError(found.found)
        return config


class _Problems:
    """The problems of a set-up found so far, each with its setting's name."""

    def __init__(self, rule: str) -> None:
        self.rule = rule
        self.found: list[tuple[str, FieldError]] = []

    def add(self, name: str, message: str, *, code: str, params: Params | None = None,
            rule: str | None = None) -> None:
        self.found.append((name, FieldError(code, dict(params or {}), message,
                                            self.rule if rule is None else rule)))


def _steps(steps: Any) -> frozenset[int]:
    if steps == "all":
        steps = sorted(ALL_STEPS)
    elif not isinstance(steps, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) for x in steps):
        raise RuleViolation('Game set-up: steps is a list of numbers 1 to 6, or "all".',
                            "game log", code="config_steps_list")
    return frozenset(int(s) for s in steps)


def _duties(duties: Any) -> tuple[str, ...]:
    if isinstance(duties, dict):
        return tuple(str(t) for t, on in duties.items() if on)
    return tuple(str(t) for t in duties)


#: How the JSON form of a setting becomes its value (the others are taken as they are).
_CONVERT: dict[str, Any] = {
    "teams": lambda teams: tuple(str(t) for t in teams),
    "steps": _steps,
    "zone_prices": lambda prices: tuple(int(p) for p in prices),
    "market_fill": lambda fill: tuple(int(n) for n in fill) if isinstance(fill, list) else fill,
    "risk_order": lambda order: None if order is None else tuple(int(c) for c in order),
    "limits": lambda limits: _limits(limits),
    "duties": _duties,
}


def _limits(data: Any) -> Limits:
    """The box's components, each a whole number; the ones not given keep their default."""
    known = {f.name for f in fields(Limits)}
    if not isinstance(data, dict) or set(data) - known or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in data.values()):
        raise RuleViolation(f"Game set-up: limits gives whole numbers for "
                            f"{', '.join(sorted(known))}.", "game log", code="config_limits",
                            params={"components": sorted(known)})
    return Limits(**data)


def _check_types(cls: type[GameConfig], data: dict[str, Any], found: _Problems) -> None:
    """A setting of the wrong kind is refused with its name, not a traceback: numbers where
    the default is a number, text where it is text, a list of names for the teams."""

    def wrong_kind(name: str, what: str, *, code: str) -> None:
        found.add(name, f"Game set-up: {name} must be {what}.", code=code,
                  params={"setting": name})

    teams = data.get("teams", [])
    if not isinstance(teams, list) or not all(isinstance(t, str) for t in teams):
        wrong_kind("teams", "a list of team names", code="config_teams_list")
    for f in fields(cls):
        if f.name not in data or f.name == "teams":
            continue
        value = data[f.name]
        if value is None and "None" in str(f.type):
            continue
        default = f.default
        if isinstance(default, bool):
            if not isinstance(value, bool):
                wrong_kind(f.name, "true or false", code="config_bool")
        elif isinstance(default, int):
            if not isinstance(value, int) or isinstance(value, bool):
                wrong_kind(f.name, "a whole number", code="config_whole_number")
        elif isinstance(default, str) and f.name != "market_fill" and not isinstance(value, str):
            wrong_kind(f.name, "text", code="config_text")
