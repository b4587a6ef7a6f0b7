"""The teacher's forms: a new teacher, a class, a game's set-up, a log to import.

Forms check what a person typed and say clearly what is wrong. Whether a set-up makes a game
is the engine's to say: the new-game form asks it (``GameConfig.from_dict``) and shows each
problem it names by the field it is about, in the page's language; ``services.create_game``
asks it once more.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from playboss.rules import (
    DICE_MODES,
    GOALS,
    LEASE_RENEWAL_MODES,
    LITERAL_READINGS,
    READINGS,
    YIELD_LOSSES,
    ConfigError,
    GameConfig,
)
from playboss.rules import MAX_TEAMS as CONFIG_MAX_TEAMS

from . import bot_levels
from .models import Representative, Team
from .services import TeamSeat
from .texts import setup_problem

MAX_TEAMS = CONFIG_MAX_TEAMS  # the engine's own limit (config.validate checks it)
MAX_LOG_BYTES = 5 * 1024 * 1024

STEP_CHOICES = [
    (1, _("1 · Free market for sales")),
    (2, _("2 · Competition during purchasing (auction)")),
    (3, _("3 · Marketing organization")),
    (4, _("4 · Taxation")),
    (5, _("5 · Various game goals")),
    (6, _("6 · Labour market (worker representative)")),
]
GOAL_LABELS = {
    "profit": _("Highest profit when time is up"),
    "first_to_sales": _("First to reach the sales target (step 5)"),
    "sales_then_profit": _("Highest profit once a team reaches the sales target (step 5)"),
    "sales_yield": _("Highest sales yield: profit / sales (step 5)"),
    "asset_yield": _("Highest asset yield per year (step 5)"),
}
DICE_LABELS = {
    "engine": _("The site rolls the die"),
    "entered": _("Physical board: the dice rolled at the table are entered"),
}
LEASE_LABELS = {
    "lease_field": _("On crossing the field where the lease was paid (rulebook)"),
    "start": _("At the start field"),
}
FINAL_CAPITAL_LABELS = {
    "full": _("The full 20,000 Marks from every team (rulebook)"),
    "received": _("Only what the bank paid in (10,000 if a team never crossed the start)"),
}
YIELD_LOSS_LABELS = {
    "behind": _("A team with a loss ranks behind every team with a profit, the smaller loss "
                "first"),
    "rulebook": _("The printed ratio decides for losses too"),
}
#: The rulebook's literal readings (``playboss.rules.readings``): each setting's label, help
#: and its choices' words. The literal value is the one that does what the rulebook says.
READING_FIELDS: dict[str, tuple[Any, Any, dict[str, Any]]] = {
    "advertising_field": (
        _("An advertising campaign bought on a red field"),
        _("Rulebook: the next higher price \"upon landing on the next red field\"."),
        {"next": _("Waits for the next red field (rulebook)"),
         "current": _("Applies to the sale on that field")}),
    "marketing_sales": (
        _("Marketing organizations sell per roll"),
        _("Step 3. Rulebook: \"the right to sell one of his finished products\" at every "
          "turn."),
        {"one_per_turn": _("One unit, however many organizations (rulebook)"),
         "per_organization": _("One unit per organization")}),
    "free_market_asking_price": (
        _("The first supplier's asking price"),
        _("Step 1. Rulebook: \"may NOT be higher than the currently set market price, but it "
          "may be lower\"; underbidding goes in 500-Mark steps."),
        {"any": _("Any price up to the market price (rulebook)"),
         "steps": _("The market price or 500-Mark steps below it")}),
    "collateral": (
        _("Selling a machine or computer that secures bank debt"),
        _("Rulebook: machines \"are considered collateral which can be collected by the "
          "bank\"."),
        {"repay_first": _("First repays the debt above the credit line left (rulebook)"),
         "free": _("Leaves the bank debt as it is")}),
    "private_loan_due": (
        _("Private loans"),
        _("Rulebook: \"If your assets are not sufficient to repay a bank or private loan when "
          "it comes due, you will enter bankruptcy.\""),
        {"agreed": _("May carry a due date; at it they are repaid or the borrower is bankrupt "
                     "(rulebook)"),
         "never": _("Have no due date")}),
}
#: The engine's settings (``GameConfig``) -> the field of this form that sets them.
ENGINE_FIELDS = {
    "teams": "teams", "steps": "steps", "goal": "goal", "sales_target": "sales_target",
    "years": "years", "market_fill": "market_fill", "dice": "dice",
    "lease_renewal": "lease_renewal", "final_capital": "final_capital", "board": "board",
    "duties": "split_duties", "yield_losses": "yield_losses",
    **{name: name for name in READING_FIELDS},
}
MARKET_FILL_CHOICES = [
    ("auto", _("Automatic (full with 5 or more teams, else half)")),
    ("full", _("Full")),
    ("half", _("Half (the cheaper zones start empty)")),
]


def _engine_default(setting: str) -> Any:
    """The engine's default of a setting (``GameConfig``): what the form offers first."""
    return GameConfig.__dataclass_fields__[setting].default


class TeacherCreationForm(UserCreationForm):
    """A new teacher account, made by a teacher who is signed in."""

    email = forms.EmailField(label=_("Email"), required=False)

    class Meta:
        model = User
        fields = ("username", "email")
        field_classes = {"username": UsernameField}


class ClassroomForm(forms.Form):
    name = forms.CharField(label=_("Class name"), max_length=100,
                           widget=forms.TextInput(attrs={"placeholder": _("e.g. Business 10b")}))


class ImportLogForm(forms.Form):
    name = forms.CharField(label=_("Game name"), max_length=100, required=False,
                           help_text=_("Empty: the file's name."))
    log = forms.FileField(label=_("Game log (JSON)"))

    def clean_log(self) -> Any:
        upload = self.cleaned_data["log"]
        if upload.size > MAX_LOG_BYTES:
            raise forms.ValidationError(
                _("The file is too large (%(size)d KB); a game log has at most 5 MB.")
                % {"size": upload.size // 1024})
        return upload


class NewGameForm(forms.Form):
    #: Whether this engine has the strong level (the template's note on the levels says so).
    offers_strong = "strong" in bot_levels.LEVELS

    name = forms.CharField(label=_("Game name"), max_length=100,
                           error_messages={"required": _("A game needs a name.")})
    teams = forms.CharField(
        label=_("Teams"),
        error_messages={"required": _("Name at least one team, one name per line.")},
        widget=forms.Textarea(attrs={"rows": 6, "placeholder": "Red\nBlue"}),
        help_text=_("One team name per line, 1 to 9 teams."))
    steps = forms.TypedMultipleChoiceField(
        label=_("Expansion steps"), choices=STEP_CHOICES, coerce=int, required=False,
        widget=forms.CheckboxSelectMultiple)
    goal = forms.ChoiceField(label=_("Goal"), choices=[(g, GOAL_LABELS[g]) for g in GOALS],
                             initial="profit")
    sales_target = forms.IntegerField(
        label=_("Sales target (Marks)"), min_value=1, max_value=10_000_000, initial=60_000,
        help_text=_("Ends the game in the sales goals of step 5."))
    yield_losses = forms.ChoiceField(
        label=_("In the yield goals, a loss"),
        choices=[(m, YIELD_LOSS_LABELS[m]) for m in YIELD_LOSSES], initial="behind",
        required=False,
        help_text=_("Step 5, sales yield and asset yield only. The rulebook is silent on "
                    "losses: divided by a small business, a loss looks smaller than the same "
                    "loss of a large one."))
    years = forms.IntegerField(
        label=_("Duration in years"), min_value=1, max_value=100, required=False, initial=10,
        help_text=_("Empty: no fixed duration, you call time from the bank console."))
    final_capital = forms.ChoiceField(
        label=_("At the end, the starting capital subtracted is"),
        choices=list(FINAL_CAPITAL_LABELS.items()), initial="full", required=False,
        help_text=_("Base model: the second 10,000 Marks come at the first crossing of the "
                    "start."))
    market_fill = forms.ChoiceField(label=_("Market at the start"), choices=MARKET_FILL_CHOICES,
                                    initial="auto")
    board = forms.CharField(
        label=_("Board layout"), required=False, max_length=200,
        help_text=_("Empty: the standard board. Otherwise the fields clockwise from the start "
                    "as letters: S start, R red, G green, Y yellow, B blue, W white."))
    dice = forms.ChoiceField(label=_("Dice"), choices=[(d, DICE_LABELS[d]) for d in DICE_MODES],
                             initial="engine", widget=forms.RadioSelect)
    lease_renewal = forms.ChoiceField(
        label=_("A leased computer is renewed"),
        choices=[(m, LEASE_LABELS[m]) for m in LEASE_RENEWAL_MODES], initial="lease_field")
    round_seconds = forms.IntegerField(
        label=_("Seconds per bidding round"), min_value=10, max_value=3_600, initial=90,
        help_text=_("How long an auction or a bidding round stays open (10 to 3,600)."))
    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES, initial="en")
    split_duties = forms.BooleanField(
        label=_("Two players per team with split duties"), required=False,
        help_text=_("Step 6: one player runs marketing and finance, the other purchase, "
                    "production and labour; each screen offers only its own half."))

    representative = forms.ChoiceField(
        label=_("The worker representative is played by"), choices=Representative.choices,
        initial=Representative.TEACHER, required=False,
        help_text=_("Step 6: the teacher (besides the bank), a group of students who run no "
                    "business and join with a PIN of their own, or a bot."))

    #: Seconds between two bot moves; a request without it (a script, an older form) gets
    #: bots at once, as the lobby's "at once" default for such requests.
    bot_pace = forms.TypedChoiceField(
        label=_("Bots' pace"), coerce=int, required=False, empty_value=None,
        choices=[(p, bot_levels.PACE_LABELS[p]) for p in bot_levels.PACES],
        initial=bot_levels.FORM_PACE,
        error_messages={"invalid_choice": _("Choose a pace from the list: 0, 1, 2 or 4 "
                                            "seconds between bot moves.")},
        help_text=_("Bot teams move one at a time with this pause, so the class can follow "
                    "each move on the projector. You can change it on the bank console."))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(1, MAX_TEAMS + 1):
            # Values are bot kinds (Team.bot), labels the levels (bot_levels: the one place).
            self.fields[f"player_{seat}"] = forms.ChoiceField(
                label=_("Team %(n)d is played by") % {"n": seat},
                choices=bot_levels.seat_choices(), required=False, initial=Team.Bot.HUMAN)
        for name, (label, help_text, words) in READING_FIELDS.items():
            # The literal reading first; the engine's default preselected.
            order = [LITERAL_READINGS[name]] + [c for c in READINGS[name]
                                                if c != LITERAL_READINGS[name]]
            self.fields[name] = forms.ChoiceField(
                label=label, help_text=help_text, choices=[(c, words[c]) for c in order],
                initial=_engine_default(name), required=False)

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(1, MAX_TEAMS + 1)]

    def reading_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in READING_FIELDS]

    # ------------------------------------------------------------------ checks
    # The form reads what was typed; whether it makes a game is the engine's to say
    # (``GameConfig.from_dict`` names every problem by setting), shown by the field it is
    # about, in the page's language.
    def clean_teams(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["teams"].splitlines()]
        names = [n for n in names if n]
        long = [n for n in names if len(n) > 40]  # what the site stores of a name
        if long:
            raise forms.ValidationError(
                _("Team names have at most 40 characters: “%(name)s”.") % {"name": long[0]})
        return names

    def clean_bot_pace(self) -> int:
        return self.cleaned_data.get("bot_pace") or 0  # not sent: at once

    def clean_board(self) -> str:
        return "".join(self.cleaned_data["board"].split()).upper()

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        data["representative"] = data.get("representative") or Representative.TEACHER
        if data["representative"] != Representative.TEACHER and 6 not in data.get("steps", []):
            self.add_error("representative", _(
                "Only expansion step 6 (labour market) has a worker representative: tick step "
                "6 or leave the role to the teacher."))
        self._check_with_the_engine()
        return data

    def _check_with_the_engine(self) -> None:
        """The engine's checks of the set-up, each problem on the field it is about (those
        of a field the form refused already are left out: they would say it twice)."""
        refused = set(self.errors)
        if "teams" in refused:
            return  # the team names decide too many other checks
        settings_ = {name: value for name, value in self._engine_settings(partial=True).items()
                     if ENGINE_FIELDS.get(name, name) not in refused}
        try:
            GameConfig.from_dict(settings_)
        except ConfigError as exc:
            for name, error in exc.problems:
                field_name = ENGINE_FIELDS.get(name)
                if field_name is not None and field_name in refused:
                    continue
                self.add_error(field_name if field_name in self.fields else None,
                               setup_problem(error.code, error.params, error.message))

    # ------------------------------------------------------------------ results
    def seats(self) -> list[TeamSeat]:
        names: list[str] = self.cleaned_data["teams"]
        return [TeamSeat(name, self.cleaned_data.get(f"player_{seat}") or "")
                for seat, name in enumerate(names, start=1)]

    def engine_settings(self) -> dict[str, Any]:
        """The engine's GameConfig fields this form sets (teams come with the seats)."""
        settings_ = self._engine_settings()
        del settings_["teams"]
        return settings_

    def _engine_settings(self, partial: bool = False) -> dict[str, Any]:
        """The GameConfig fields of what was typed, the teams too; ``partial``: only those
        the form could read (the engine's defaults stand in for the others)."""
        data = self.cleaned_data
        out: dict[str, Any] = {"teams": data.get("teams"),
                               "steps": sorted(data.get("steps") or [])}
        for name in ("goal", "sales_target", "market_fill", "dice", "lease_renewal"):
            out[name] = data.get(name)
        out["years"] = data.get("years")
        out["final_capital"] = data.get("final_capital") or "full"
        out["yield_losses"] = data.get("yield_losses") or "behind"  # not sent: the default
        for name in READING_FIELDS:
            # Always named: a config that names no reading plays its legacy value
            # (``readings``), whatever the engine's default is.
            out[name] = data.get(name) or _engine_default(name)
        if data.get("board"):
            out["board"] = data["board"]
        if data.get("split_duties") and data.get("teams"):
            out["duties"] = [seat.name for seat in self.seats() if not seat.bot]
        if partial:
            return {name: value for name, value in out.items()
                    if value is not None or name == "years" and "years" not in self.errors}
        return out
