"""The site's data: classes, games, teams, and each game as its append-only action log.

A game's state is never stored as rows of cash and machines: it is the engine's replay of the
game's ``GameAction`` rows (from the latest ``Snapshot``), so the books can never disagree with
the moves, and a restart loses nothing. Only ``classroom.services`` writes these rows.
"""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Classroom(models.Model):
    name = models.CharField(_("name"), max_length=100)
    teacher = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="classrooms", verbose_name=_("teacher"))
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("class")
        verbose_name_plural = _("classes")

    def __str__(self) -> str:
        return self.name


def new_projector_token() -> str:
    return secrets.token_urlsafe(16)


#: Digits of a team's (and the worker representative's) PIN. With the join throttle's limit
#: per game, guessing one of a game's PINs takes years on average (docs/security.md), and
#: eight digits are still quick to type on a phone's number pad.
PIN_DIGITS = 8


def new_pin() -> str:
    """A random PIN of ``PIN_DIGITS`` digits (leading zeros kept: it is text, not a number)."""
    return f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}"


class Representative(models.TextChoices):
    """Who plays the worker representative of step 6 (rulebook: "One player becomes the worker
    representative. He does not get a business to start")."""

    TEACHER = "teacher", _("the teacher")
    STUDENTS = "students", _("students (with their own PIN)")
    # The bots by their one name (``bot_levels.BOT_NAMES``).
    RANDOM = "random", _("Random bot")
    GREEDY = "greedy", _("Beginner bot")


class Game(models.Model):
    class Status(models.TextChoices):
        #: Set up and waiting for the teams: nobody moves, bots neither, until the bank
        #: director starts the game (``services.start_game``).
        LOBBY = "lobby", _("lobby")
        RUNNING = "running", _("running")
        PAUSED = "paused", _("paused")
        ENDED = "ended", _("ended")

    class Standings(models.TextChoices):
        NONE = "none", _("no standings")
        SALES = "sales", _("sales totals")
        PROFIT = "profit", _("profit (balance-sheet result)")

    classroom = models.ForeignKey(Classroom, on_delete=models.CASCADE, related_name="games",
                                  verbose_name=_("class"))
    name = models.CharField(_("name"), max_length=100)
    #: What students type to join (with their team PIN).
    code = models.CharField(_("game code"), max_length=8, unique=True)
    #: The engine's GameConfig as JSON (with the risk deck's order drawn at set-up).
    config = models.JSONField(_("set-up"))
    language = models.CharField(_("language"), max_length=8, default="en")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices,
                              default=Status.RUNNING)
    #: Actions in the live log (undone ones excluded): the engine's ``state.seq``.
    seq = models.PositiveIntegerField(default=0)
    #: Grows with every change anyone can see (an action, an undo, a pause): what clients
    #: compare to notice that they missed a message.
    revision = models.PositiveIntegerField(default=0)
    #: Grows with every undo: the engine state depends on (``history``, ``seq``) only, so a
    #: process whose cached state has the same history can catch up by applying the newer
    #: actions instead of rebuilding from a snapshot.
    history = models.PositiveIntegerField(default=0)
    #: Seconds a bidding round or an auction stays open before the bank closes it.
    round_seconds = models.PositiveIntegerField(_("seconds per bidding round"), default=90)
    #: When the open bidding round or auction closes (None: none open).
    deadline = models.DateTimeField(null=True, blank=True)
    #: While the game is paused: the seconds the open round had left (its deadline is cleared,
    #: so no countdown runs and nothing closes it; resuming sets the deadline anew).
    paused_remaining = models.FloatField(null=True, blank=True)
    #: Grows with every change of a seat (a team handed to a bot or back, a new PIN, devices
    #: dropped, the worker representative handed over): open sockets of players check then
    #: whether their browser still holds its seat.
    seats = models.PositiveIntegerField(default=0)
    #: The secret of the projector's read-only link (no sign-in on the projector laptop).
    projector_token = models.CharField(max_length=32, default=new_projector_token,
                                       editable=False)
    #: Which standings the projector shows: none, the teams' sales, or their profit.
    projector_standings = models.CharField(_("standings on the projector"), max_length=8,
                                           choices=Standings.choices, default=Standings.NONE)
    #: The team whose books the projector shows instead of the board ("": the board). The
    #: bank director's choice (``classroom.projector_focus``): public to the room, stored so a
    #: projector that reloads or joins late shows the same.
    projector_focus = models.CharField(_("team's books on the projector"), max_length=40,
                                       blank=True, default="")
    #: The move after which those books are shown (None: the latest, following the game).
    projector_focus_move = models.PositiveIntegerField(_("books shown after move"), null=True,
                                                       blank=True)
    #: Step 6: who plays the worker representative. The teacher may always act for it too.
    representative = models.CharField(_("worker representative played by"), max_length=10,
                                      choices=Representative.choices,
                                      default=Representative.TEACHER)
    #: Step 6: while the teacher or students play the representative, a bot answers the
    #: teams' hiring offers for it at the going salary (the engine's
    #: ``answer_at_going_salary``); the teacher switches it on the representative's console.
    hiring_at_going_salary = models.BooleanField(
        _("a bot answers hiring offers at the going salary"), default=False)
    #: The representative's PIN and QR secret when students play it (distinct from the teams'
    #: PINs; a new secret locks out the browsers that joined with the old one).
    representative_pin = models.CharField(_("representative's PIN"), max_length=PIN_DIGITS,
                                          blank=True)
    representative_token = models.CharField(max_length=32, blank=True, editable=False)
    #: A student's practice game against bots (``classroom/practice.py``): no teacher, the
    #: bots move one at a time when the player's page asks, undo is the player's own.
    practice = models.BooleanField(default=False, editable=False)
    #: Seconds between two bot moves (``bot_levels.PACES``): 0 plays them at once; a class
    #: game set up on the form moves its bots one at a time, so the projector can be followed.
    bot_pace = models.PositiveSmallIntegerField(_("seconds between bot moves"), default=0)
    #: When the next paced bot move may be played: the slot a paced step claims in the game's
    #: row lock, so two scheduled steps never play two moves within one pace.
    bots_next_at = models.DateTimeField(null=True, blank=True, editable=False)
    created = models.DateTimeField(auto_now_add=True)
    updated = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return f"{self.name} ({self.code})"


class Team(models.Model):
    class Bot(models.TextChoices):
        HUMAN = "", _("students")
        # The bots by their one name (``bot_levels.BOT_NAMES``).
        RANDOM = "random", _("Random bot")
        GREEDY = "greedy", _("Beginner bot")
        SENSIBLE = "sensible", _("Careful bot")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=40)
    seat = models.PositiveSmallIntegerField(_("seat"))
    #: The team's PIN, read out or printed on the team sheet (with the game code, it joins).
    #: Games made before PINs had eight digits keep their four until the teacher issues new ones.
    pin = models.CharField(_("PIN"), max_length=PIN_DIGITS)
    #: The secret in the team's QR link.
    token = models.CharField(max_length=32, unique=True)
    bot = models.CharField(_("played by"), max_length=10, choices=Bot.choices, blank=True,
                           default=Bot.HUMAN)
    #: When the team last made a move (the bank console shows it beside who is connected).
    last_acted = models.DateTimeField(null=True, blank=True)
    #: When a browser first joined the team (the lobby shows who is there).
    joined = models.DateTimeField(null=True, blank=True)
    #: Grows when the team's browsers are dropped (a new PIN, "drop devices", the team handed
    #: to a bot): a browser keeps the generation it joined under in its session and loses the
    #: seat when it is no longer the team's (``classroom.access``).
    seat_generation = models.PositiveIntegerField(default=0)
    #: Grows when the teacher lets a team with split duties choose its halves again (step 6,
    #: issue 23): a browser keeps the generation it chose under with its half, and a half chosen
    #: under an older one is no longer held (``classroom.duties``).
    duty_generation = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["game", "seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="team_seat_unique"),
            models.UniqueConstraint(fields=["game", "name"], name="team_name_unique"),
        ]
        verbose_name = _("team")
        verbose_name_plural = _("teams")

    def __str__(self) -> str:
        return self.name


class GameAction(models.Model):
    """One move of the game log. Rows are never changed but for ``undone``: an undo by the
    bank director marks the last moves undone, and the state is replayed without them."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    seq = models.PositiveIntegerField()
    actor = models.CharField(max_length=40)
    action = models.JSONField()
    chance = models.JSONField(null=True, blank=True)
    events = models.JSONField(default=list)
    #: A client's key for one press of a button: a retried request is not applied twice.
    idempotency_key = models.CharField(max_length=64, null=True, blank=True)
    #: The game's revision this move produced: a move sent from a screen that showed an older
    #: revision is stale if its actor has moved since (two phones of one team).
    revision = models.PositiveIntegerField(null=True, blank=True)
    undone = models.BooleanField(default=False)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "seq", "id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], condition=Q(undone=False),
                                    name="action_seq_unique_live"),
            models.UniqueConstraint(fields=["game", "idempotency_key"],
                                    condition=Q(idempotency_key__isnull=False),
                                    name="action_idempotency_unique"),
        ]
        verbose_name = _("game action")
        verbose_name_plural = _("game actions")

    def __str__(self) -> str:
        return f"{self.game_id}#{self.seq} {self.actor} {self.action.get('type')}"


class Snapshot(models.Model):
    """The engine state after ``seq`` actions, so a load replays only what came after."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="snapshots")
    seq = models.PositiveIntegerField()
    state = models.JSONField()
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-seq"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seq"], name="snapshot_seq_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}@{self.seq}"


class Presence(models.Model):
    """One open game screen (a websocket), so the bank console can show who is connected.

    A row lives from the socket's connect to its disconnect; the screen refreshes ``last_seen``
    while it is open, so rows left behind by a server process that died count as gone once
    they are older than ``classroom.presence.FRESH``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="presences")
    #: Whom the screen shows: a team name, "bank", "workers" or "public".
    actor = models.CharField(max_length=40)
    channel_name = models.CharField(max_length=200, unique=True)
    connected = models.DateTimeField(auto_now_add=True)
    last_seen = models.DateTimeField()

    class Meta:
        indexes = [models.Index(fields=["game", "actor"])]

    def __str__(self) -> str:
        return f"{self.game_id} {self.actor}"


class SeatChange(models.Model):
    """A change of who sits at a seat, made by the bank director: a team handed to a bot or
    back to its students, a new PIN, the team's devices dropped, the worker representative
    handed over. Not a move of the game (the engine's log holds those): the bank console lists
    these, and the ticker announces each one."""

    class Kind(models.TextChoices):
        BOT = "bot", _("handed to a bot")
        STUDENTS = "students", _("handed back to the students")
        PIN = "pin", _("new PIN")
        DROP = "drop", _("devices dropped")
        REPRESENTATIVE = "representative", _("worker representative handed over")
        #: The projector's secret link replaced: projectors that opened the old one stop.
        PROJECTOR = "projector", _("new projector link")
        #: A team with split duties chooses its halves again (step 6): the teacher reassigns.
        DUTIES = "duties", _("halves chosen again")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seat_changes")
    #: The team (None: the worker representative); its name is kept as it was.
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="seat_changes")
    team_name = models.CharField(max_length=40, blank=True)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    #: The bot's kind, or who plays the representative now.
    detail = models.CharField(max_length=16, blank=True)
    #: The game's revision this change made.
    revision = models.PositiveIntegerField(default=0)
    created = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "-id"]
        verbose_name = _("seat change")
        verbose_name_plural = _("seat changes")

    def __str__(self) -> str:
        return f"{self.game_id} {self.team_name or 'workers'} {self.kind}"
