"""A Schoko & Co. game's set-up: the teams, the length, and every setting the rulebook leaves
to the table (docs/schoko/rules.md names the sentence each one reads).

``validate()`` reports every problem at once as a ``ConfigError`` whose ``errors`` map each
setting's name to its problems (code + params), like Playboss's set-up.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any

from ..common.errors import ConfigError, FieldError
from . import cards

RESERVED = ("bank", "public")
HEADCOUNT_READINGS = ("most", "fewest")


@dataclass(frozen=True)
class GameConfig:
    teams: tuple[str, ...] = ("Red", "Green", "Blue", "Yellow")
    #: Preparation: "you may want to play from 6-12 rounds"; shorter games for a lesson.
    months: int = 8
    seed: int = 0
    capital: int = 100_000
    #: 6.4 the banker's price step (1,000-5,000) used when nobody chooses it.
    price_step: int = 2_000
    #: True: the bank (the teacher) chooses every step with a ``raise_price`` move.
    bank_chooses_steps: bool = False
    contracts: tuple[tuple[int, int, int], ...] = cards.DEFAULT_CONTRACTS
    cities: tuple[str, ...] = cards.DEFAULT_CITIES
    share_values: tuple[int, ...] = cards.DEFAULT_SHARE_VALUES
    #: 6.7 the loan's headcount: not more staff than the most-staffed other team (the
    #: example, 8 vs 5, 6, 7) or than the fewest (the sentence word for word).
    loan_headcount: str = "most"
    #: Game End: what a loan card still held costs at the end (50,000: the last phase 7
    #: charged its interest; 60,000 reads "with interest" as one more month).
    end_loan_charge: int = 50_000
    #: 6.6 inside information offered at the start of every month.
    inside_information: bool = True
    #: Variant "Hidden Cocoa-Purchases": written bids stay hidden; each team announces an
    #: offer (perhaps a bluff) that the others may call (5,000 either way).
    hidden_cocoa: bool = False
    #: The orders drawn at set-up, written into a game's log (None: shuffled from the seed).
    contract_order: tuple[int, ...] | None = None
    event_order: tuple[str, ...] | None = None
    express_order: tuple[str, ...] | None = None
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    # ------------------------------------------------------------ checks
    def validate(self) -> None:
        found: list[tuple[str, FieldError]] = []

        def bad(name: str, code: str, message: str, rule: str = "Preparation",
                **params: Any) -> None:
            found.append((name, FieldError(code, params, message, rule)))

        teams = self.teams
        if not isinstance(teams, tuple) or not all(isinstance(t, str) and t for t in teams):
            bad("teams", "teams_not_names", "Teams are a list of names.")
        else:
            if not 2 <= len(teams) <= 4:
                bad("teams", "teams_count", "Schoko & Co. is played by 2 to 4 teams.",
                    "Game Info", count=len(teams))
            if len(set(teams)) != len(teams):
                bad("teams", "teams_duplicate", "Each team needs its own name.")
            for t in teams:
                if t in RESERVED or len(t) > 40:
                    bad("teams", "team_name_reserved",
                        f"{t!r} cannot be a team's name.", team=t[:40])
        if not _whole(self.months) or not 1 <= self.months <= 12:
            bad("months", "months_range", "A game lasts 1 to 12 months (the rulebook: 6-12).",
                most=12)
        if not _whole(self.seed):
            bad("seed", "seed_number", "The seed is a whole number.")
        if not _whole(self.capital) or self.capital < 0 or self.capital % 1_000:
            bad("capital", "capital_thousands",
                "The starting capital is a whole number of thousands.")
        if not _whole(self.price_step) or self.price_step not in range(1_000, 5_001, 1_000):
            bad("price_step", "price_step_range",
                "The banker raises the price by 1,000 to 5,000 in whole thousands.",
                "6.4 Selling Chocolate", least=1_000, most=5_000)
        if not isinstance(self.bank_chooses_steps, bool):
            bad("bank_chooses_steps", "setting_bool", "This setting is yes or no.")
        if not isinstance(self.inside_information, bool):
            bad("inside_information", "setting_bool", "This setting is yes or no.")
        if not isinstance(self.hidden_cocoa, bool):
            bad("hidden_cocoa", "setting_bool", "This setting is yes or no.")
        self._check_contracts(bad)
        if (not isinstance(self.cities, tuple) or len(self.cities) != cards.CITIES
                or not all(isinstance(c, str) and 0 < len(c) <= 40 for c in self.cities)
                or len(set(self.cities)) != cards.CITIES):
            bad("cities", "cities_five", "The cocoa market has five different cities.",
                "6.2 Buying Cocoa", count=cards.CITIES)
        if (not isinstance(self.share_values, tuple) or len(self.share_values) != 12
                or not all(_whole(v) and v > 0 and v % 1_000 == 0 for v in self.share_values)):
            bad("share_values", "share_values_twelve",
                "A share has a value (whole thousands) for each of the 12 months.",
                "6.7 Financials")
        if self.loan_headcount not in HEADCOUNT_READINGS:
            bad("loan_headcount", "setting_choice", "Choose one of the listed readings.",
                "6.7 Financials", choices=list(HEADCOUNT_READINGS))
        if not _whole(self.end_loan_charge) or self.end_loan_charge not in (50_000, 60_000):
            bad("end_loan_charge", "end_loan_charge_choice",
                "A loan still held at the end costs 50,000 or 60,000.", "Game End",
                choices=[50_000, 60_000])
        self._check_orders(bad)
        if self.extra:
            bad("config", "config_unknown_settings",
                f"Unknown settings: {', '.join(sorted(self.extra))}.",
                "game log", names=sorted(self.extra))
        if found:
            raise ConfigError(found)

    def _check_contracts(self, bad: Any) -> None:
        rows = self.contracts
        if rows is cards.DEFAULT_CONTRACTS:  # the rulebook's own table (checked in its tests)
            return
        ok = isinstance(rows, tuple) and len(rows) == 23 and all(
            isinstance(r, tuple) and len(r) == 3 and all(_whole(x) for x in r)
            and 1 <= r[0] <= 6 and 0 < r[1] <= r[2] and r[1] % 1_000 == 0 and r[2] % 1_000 == 0
            for r in rows)
        if ok:
            sizes = sorted(r[0] for r in rows)
            ok = sizes == sorted(r[0] for r in cards.DEFAULT_CONTRACTS)
        if not ok:
            bad("contracts", "contracts_table",
                "The 23 contract cards are 3 x 10 t, 4 x 20 t, 5 x 30 t, 4 x 40 t, 5 x 50 t and "
                "2 x 60 t, each with a lowest and a highest price in whole thousands.",
                "6.4 Selling Chocolate")

    def _check_orders(self, bad: Any) -> None:
        if self.contract_order is not None and (
                not isinstance(self.contract_order, tuple)
                or sorted(self.contract_order) != list(range(23))):
            bad("contract_order", "order_not_deck", "The order lists each card once.",
                "Preparation")
        if self.event_order is not None and (
                not isinstance(self.event_order, tuple)
                or sorted(self.event_order) != sorted(cards.EVENTS)):
            bad("event_order", "order_not_deck", "The order lists each card once.",
                "Preparation")
        if self.express_order is not None and (
                not isinstance(self.express_order, tuple)
                or sorted(self.express_order) != sorted(cards.EXPRESS)):
            bad("express_order", "order_not_deck", "The order lists each card once.",
                "Preparation")

    # ------------------------------------------------------------ JSON
    def to_dict(self) -> dict[str, Any]:
        """Every setting that differs from the default (the teams and seed always)."""
        default = GameConfig()
        out: dict[str, Any] = {}
        for f in fields(self):
            if f.name == "extra":
                continue
            value = getattr(self, f.name)
            if f.name in ("teams", "seed", "months") or value != getattr(default, f.name):
                out[f.name] = _plain(value)
        return out

    @classmethod
    def from_dict(cls, data: Any) -> GameConfig:
        if not isinstance(data, dict):
            raise ConfigError([("config", FieldError(
                "config_not_object", {}, "A game's set-up is an object of settings.",
                "game log"))])
        names = {f.name for f in fields(cls)} - {"extra"}
        kwargs: dict[str, Any] = {}
        extra = {k: v for k, v in data.items() if k not in names}
        for name, value in data.items():
            if name not in names:
                continue
            if name == "contracts" and isinstance(value, list):
                value = tuple(tuple(r) if isinstance(r, list) else r for r in value)
            elif isinstance(value, list):
                value = tuple(value)
            kwargs[name] = value
        config = cls(**kwargs, extra=extra)
        config.validate()
        return config

    # ------------------------------------------------------------ derived
    def share_value(self, month: int) -> int:
        return self.share_values[month - 1]


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value
