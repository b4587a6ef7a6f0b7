"""The teacher's forms: a new teacher, a class, a game's set-up, a log to import.

Forms check what a person typed and say clearly what is wrong; the engine checks the set-up
once more (``services.create_game``), and its message is shown the same way.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import UserCreationForm, UsernameField
from django.contrib.auth.models import User
from django.utils.translation import gettext_lazy as _

from playboss.rules.config import DICE_MODES, FIELD_NAMES, GOALS, LEASE_RENEWAL_MODES

from .models import Representative, Team
from .services import TeamSeat

MAX_TEAMS = 9
#: Reserved actor names: the bank director and (step 6) the worker representative.
RESERVED_NAMES = ("bank", "workers", "public")
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
    "asset_yield": _("Highest asset yield per lap (step 5)"),
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
MARKET_FILL_CHOICES = [
    ("auto", _("Automatic (full with 5 or more teams, else half)")),
    ("full", _("Full")),
    ("half", _("Half (the cheaper zones start empty)")),
]


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

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(1, MAX_TEAMS + 1):
            self.fields[f"player_{seat}"] = forms.ChoiceField(
                label=_("Team %(n)d is played by") % {"n": seat}, choices=Team.Bot.choices,
                required=False, initial=Team.Bot.HUMAN)

    def player_fields(self) -> list[forms.BoundField]:
        return [self[f"player_{seat}"] for seat in range(1, MAX_TEAMS + 1)]

    # ------------------------------------------------------------------ checks
    def clean_teams(self) -> list[str]:
        names = [line.strip() for line in self.cleaned_data["teams"].splitlines()]
        names = [n for n in names if n]
        if not names:
            raise forms.ValidationError(_("Name at least one team, one name per line."))
        if len(names) > MAX_TEAMS:
            raise forms.ValidationError(
                _("A game has at most 9 teams; you named %(n)d. A bigger class plays in "
                  "several games at once.") % {"n": len(names)})
        long = [n for n in names if len(n) > 40]
        if long:
            raise forms.ValidationError(
                _("Team names have at most 40 characters: “%(name)s”.") % {"name": long[0]})
        seen: set[str] = set()
        for n in names:
            if n.casefold() in seen:
                raise forms.ValidationError(_("Two teams are called “%(name)s”; every team "
                                              "needs its own name.") % {"name": n})
            seen.add(n.casefold())
            if n.casefold() in RESERVED_NAMES:
                raise forms.ValidationError(
                    _("“%(name)s” is a role in the game, not a team name; choose another.")
                    % {"name": n})
        return names

    def clean_board(self) -> str:
        board = "".join(self.cleaned_data["board"].split()).upper()
        if not board:
            return ""
        wrong = sorted(set(board) - set(FIELD_NAMES))
        if wrong:
            raise forms.ValidationError(
                _("The board uses only the letters S, R, G, Y, B and W; not %(letters)s.")
                % {"letters": ", ".join(wrong)})
        if board[0] != "S" or board.count("S") != 1:
            raise forms.ValidationError(_("The board begins with the start field S, and has "
                                          "only one."))
        if "R" not in board:
            raise forms.ValidationError(_("The board needs red decision fields (R)."))
        return board

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        goal = data.get("goal")
        if goal and goal != "profit" and 5 not in data.get("steps", []):
            self.add_error("goal", _("This goal needs expansion step 5 (various game goals): "
                                     "tick step 5 or choose the highest profit."))
        data["representative"] = data.get("representative") or Representative.TEACHER
        if data["representative"] != Representative.TEACHER and 6 not in data.get("steps", []):
            self.add_error("representative", _(
                "Only expansion step 6 (labour market) has a worker representative: tick step "
                "6 or leave the role to the teacher."))
        return data

    # ------------------------------------------------------------------ results
    def seats(self) -> list[TeamSeat]:
        names: list[str] = self.cleaned_data["teams"]
        return [TeamSeat(name, self.cleaned_data.get(f"player_{seat}") or "")
                for seat, name in enumerate(names, start=1)]

    def engine_settings(self) -> dict[str, Any]:
        """The engine's GameConfig fields this form sets (teams come with the seats)."""
        data = self.cleaned_data
        out: dict[str, Any] = {
            "steps": sorted(data.get("steps") or []),
            "goal": data["goal"],
            "sales_target": data["sales_target"],
            "years": data.get("years"),
            "market_fill": data["market_fill"],
            "dice": data["dice"],
            "lease_renewal": data["lease_renewal"],
            "final_capital": data.get("final_capital") or "full",
        }
        if data.get("board"):
            out["board"] = data["board"]
        if data.get("split_duties"):
            out["duties"] = [seat.name for seat in self.seats() if not seat.bot]
        return out
