"""The rules a game plays by, as data: rule parts and the rule set composed of them.

A ``RulePart`` is one part of the rulebook (the base model, the estate auction of a bankrupt
team, each expansion step, buying a business) and declares everything it contributes. A
``RuleSet`` is the composition of the parts a game's config switches on, in one order; the
engine, the legal moves, the views, the invariants and the bots read it from ``state.rules``.
Which parts exist, and their order, is ``rulebook.PARTS``; ``rulebook.rules_for(config)``
builds (and caches) a game's rule set.

Bottom layer: this module knows the shapes of rules, not the rules; it imports no rule module.

What a part contributes, in two kinds:

* **Its vocabulary, in every game**: the handlers of its own moves, their checks (``checks``:
  the conditions a handler raises before it changes anything, asked alone by ``why.why_not``)
  and who may make them (``handlers``, ``actor_actions``, ``shared_actions``, ``int_fields``),
  and its ``invariant_checks``. A move
  of a step the game does not play is still answered by the step's own handler, which refuses
  it in the step's words ("This game does not play the labor market (step 6)"); and a state
  holding a step's data where the step is not played is as broken as any other.
* **Its rules, only where it is switched on** (``enabled(config)``): handlers it wraps (and
  their checks, ``check_wraps``, composed the same way), the moves it knows at a moment
  (``nearest_moves``), hooks at
  the named points of a turn, the automatic handling and the words of its kinds of pending
  item, the moves it lists, what it shows, bot hints, limits on what may be sold, the ranking.
  Each of these functions also checks its step itself, so the composition and the functions
  agree; a game without the step never calls them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import partial
from types import MappingProxyType
from typing import Any, Protocol, TypeVar

from .actions import Action
from .choice import Choice
from .config import GameConfig
from .state import GameState, Pending, Team
from .turn import Turn

Handler = Callable[[Turn, Any], None]


class Wrapper(Protocol):
    """A handler that wraps the one in force before it: ``wrapper(turn, action, base)``, where
    ``base`` is the handler of the parts before (which it calls, or refuses before); the rule
    set holds ``partial(wrapper, base=base)``."""

    def __call__(self, turn: Turn, action: Any, base: Handler) -> None: ...


Hook = Callable[..., None]
T = TypeVar("T")

#: A move's conditions, without changing anything: ``check(state, action)`` raises the
#: ``RuleViolation`` its handler would raise, or returns (what it returns is the handler's
#: business: the team, a machine). The handler calls it before it changes the state, and
#: ``why.why_not`` asks it for a move the legal choices do not list.
Check = Callable[[GameState, Any], Any]


class CheckWrapper(Protocol):
    """A part's check of a move whose handler it wraps: ``wrapper(state, action, base)``,
    ``base`` being the check of the parts before (called or refused before, as the handler
    calls or refuses before its base)."""

    def __call__(self, state: GameState, action: Any, base: Check) -> Any: ...


#: The moves a part knows at this moment for a team, as their nearest instances (one unit,
#: the smallest credit, the only option): ``nearest(state, team, moves) -> moves``, given the
#: parts before's list (``why.nearest_moves``).
Nearest = Callable[[GameState, Team, list[Action]], list[Action]]

#: The named points of a turn where parts hook in, and what each hook is called with.
HOOK_POINTS: Mapping[str, str] = MappingProxyType({
    "set_up": "(state,): the game is set up (ledger seq 0), before the first action",
    "moved": "(turn, team): the pawn has moved; the landing field is not queued yet",
    "cross_start": "(turn, team): crossing the start, before the year closes",
    "close_year": "(turn, team): the year closes, its start-field payments made",
    "landed": "(turn, team, letter): the landing field's decision is queued",
    "round_end": "(turn,): every team has had its turn in this round",
    "sale": "(turn, team, revenue): finished product sold to the market",
    "bankrupt": "(turn, team): the team is bankrupt, before its assets are sold",
    "game_over": "(turn,): the game ends, before the results are drawn up",
})

def always(config: GameConfig) -> bool:
    """The base model's parts: in every game."""
    return True


@dataclass(frozen=True)
class RulePart:
    """One part of the rulebook and what it contributes (see the module's docstring)."""

    name: str
    #: Is this part played in a game with this config?
    enabled: Callable[[GameConfig], bool] = always

    # ---- vocabulary: in every game
    #: The part's own moves: action class -> handler.
    handlers: Mapping[type[Action], Handler] = field(default_factory=dict)
    #: Actors that are not teams (the bank, step 6's worker representative) -> moves only they
    #: make.
    actor_actions: Mapping[str, frozenset[type[Action]]] = field(default_factory=dict)
    #: Non-team actors -> moves they may make besides their own, that teams make too.
    shared_actions: Mapping[str, frozenset[type[Action]]] = field(default_factory=dict)
    #: ``check(state) -> problems``, after the base model's facts (``invariants.problems``).
    invariant_checks: tuple[Callable[[GameState], list[str]], ...] = ()
    #: The checks of its own moves (``Check``): action class -> check.
    checks: Mapping[type[Action], Check] = field(default_factory=dict)
    #: Names of fields of its moves that hold whole numbers (checked when a move is read from
    #: JSON, in every move with a field of that name: ``rulebook.INT_FIELDS``).
    int_fields: frozenset[str] = frozenset()

    # ---- rules: only where the part is switched on
    #: Handlers of earlier parts this part wraps: action class -> ``wrapper(turn, action,
    #: base)``. Parts wrap in their order, so a later part wraps what the earlier made.
    wraps: Mapping[type[Action], Wrapper] = field(default_factory=dict)
    #: The checks of the moves it wraps, in the same way: action class -> ``CheckWrapper``.
    check_wraps: Mapping[type[Action], CheckWrapper] = field(default_factory=dict)
    #: The moves it knows at a moment, for the "why is this missing" (``Nearest``).
    nearest_moves: tuple[Nearest, ...] = ()
    #: Hook point (``HOOK_POINTS``) -> functions called there.
    hooks: Mapping[str, tuple[Hook, ...]] = field(default_factory=dict)
    #: Kind of pending item -> ``auto(turn, team, item)``: settles it without a decision and
    #: returns True, or returns False when the turn must wait for someone.
    auto: Mapping[str, Callable[[Turn, Team, Pending], bool]] = field(default_factory=dict)
    #: Kind of pending item -> what the game waits for, in words, for refusals ("... is not
    #: open now: <text>").
    waiting_texts: Mapping[str, Callable[[GameState], str]] = field(default_factory=dict)
    #: Kind of pending item -> the numbers and names of that sentence (a refusal's params).
    waiting_params: Mapping[str, Callable[[GameState], dict[str, Any]]] = field(
        default_factory=dict)
    #: Kind of pending item -> who the game waits on while it is open (``waiting_for``).
    waiting_on: Mapping[str, Callable[[GameState], list[str]]] = field(default_factory=dict)
    #: Who a question waits for beside play: ``asked(state) -> actors`` (step 6: the
    #: representative while a team's hiring offer is open). The game does not wait for them
    #: (``waiting_for`` does not name them); a driver lets a bot among them answer.
    asked: tuple[Callable[[GameState], list[str]], ...] = ()
    #: Kind of pending item -> the choices it offers a team (the function decides which teams
    #: may act; several may).
    pending_choices: Mapping[str, Callable[[GameState, Team], list[Choice]]] = field(
        default_factory=dict)
    #: Filters of the turn's choices: ``adjust(state, team, choices) -> choices``.
    turn_choice_filters: tuple[Callable[[GameState, Team, list[Choice]], list[Choice]], ...] = ()
    #: A team's any-time moves the part adds: ``extra(state, team) -> choices``.
    any_time_choices: tuple[Callable[[GameState, Team], list[Choice]], ...] = ()
    #: Moves of non-team actors: ``extra(state, actor) -> choices`` ([] for other actors).
    actor_choices: tuple[Callable[[GameState, str], list[Choice]], ...] = ()
    #: ``view(state, viewer) -> dict`` merged into the view (each keeps to its own keys).
    views: tuple[Callable[[GameState, str], dict[str, Any]], ...] = ()
    #: Viewers the part brings into a game: name -> "does this game have them?".
    viewers: Mapping[str, Callable[[GameState], bool]] = field(default_factory=dict)
    #: Moves a greedy team makes before its usual play: ``hint(state, team, choices) ->
    #: action or None``; ``choices`` is the team's legal moves or None (see ``bots.base``).
    bot_hints: tuple[Callable[[GameState, Team, list[Choice] | None], Action | None], ...] = ()
    #: Limits on the finished units a team may sell to the market beside its stock (step 6:
    #: only what its workers may sell): ``limit(state, team) -> units``.
    sale_limits: tuple[Callable[[GameState, Team], int], ...] = ()
    #: Orders the final result rows instead of the base model's ranking (step 5's goals):
    #: ``rank(state, rows)`` sorts the rows and numbers them.
    ranking: Callable[[GameState, list[dict[str, Any]]], None] | None = None


@dataclass(frozen=True, eq=False, slots=True)
class RuleSet:
    """The rules in force in one game: the composition of its parts (``compose``).

    Shared by every state of games with the same steps (``rulebook.rules_for``), never copied:
    a copy of a state refers to the same rule set. Its tables are plain dicts, read on every
    action (a read-only proxy would cost a method call per lookup): never change them."""

    #: The parts in force, in order.
    parts: tuple[RulePart, ...]
    #: For every part composed, whether it is in force (what ``rebuild`` takes).
    in_force: tuple[bool, ...]
    handlers: Mapping[type[Action], Handler]
    checks: Mapping[type[Action], Check]
    actor_actions: Mapping[str, frozenset[type[Action]]]
    shared_actions: Mapping[str, frozenset[type[Action]]]
    invariant_checks: tuple[Callable[[GameState], list[str]], ...]
    hooks: Mapping[str, tuple[Hook, ...]]
    auto: Mapping[str, Callable[[Turn, Team, Pending], bool]]
    waiting_texts: Mapping[str, Callable[[GameState], str]]
    waiting_params: Mapping[str, Callable[[GameState], dict[str, Any]]]
    waiting_on: Mapping[str, Callable[[GameState], list[str]]]
    asked: tuple[Callable[[GameState], list[str]], ...]
    pending_choices: Mapping[str, Callable[[GameState, Team], list[Choice]]]
    turn_choice_filters: tuple[Callable[[GameState, Team, list[Choice]], list[Choice]], ...]
    any_time_choices: tuple[Callable[[GameState, Team], list[Choice]], ...]
    actor_choices: tuple[Callable[[GameState, str], list[Choice]], ...]
    views: tuple[Callable[[GameState, str], dict[str, Any]], ...]
    viewers: Mapping[str, Callable[[GameState], bool]]
    bot_hints: tuple[Callable[[GameState, Team, list[Choice] | None], Action | None], ...]
    sale_limits: tuple[Callable[[GameState, Team], int], ...]
    ranking: Callable[[GameState, list[dict[str, Any]]], None] | None
    nearest_moves: tuple[Nearest, ...]
    #: What rebuilds this rule set from ``in_force`` (``rulebook.rules_in_force``): how a
    #: pickled state finds its rules again.
    rebuild: Callable[[tuple[bool, ...]], RuleSet] | None = field(default=None, repr=False)

    def run(self, point: str, *args: Any) -> None:
        """Call the hooks at ``point`` in order (``Turn.hook`` does this for a turn)."""
        for hook in self.hooks[point]:
            hook(*args)

    def part_names(self) -> list[str]:
        return [part.name for part in self.parts]

    def __copy__(self) -> RuleSet:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> RuleSet:
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        if self.rebuild is None:
            raise TypeError("a rule set composed by hand cannot be pickled")
        return (self.rebuild, (self.in_force,))


def _merge(table: dict[str, T], contributed: Mapping[str, T], part: str) -> None:
    """Kinds of pending item and viewers belong to one part each."""
    for key, value in contributed.items():
        if key in table:
            raise ValueError(f"{part}: {key!r} is another part's already")
        table[key] = value


def in_force(every_part: tuple[RulePart, ...], config: GameConfig) -> tuple[bool, ...]:
    """For each part, whether a game with this config plays it."""
    return tuple(bool(part.enabled(config)) for part in every_part)


def compose(every_part: tuple[RulePart, ...], switched_on: tuple[bool, ...],
            rebuild: Callable[[tuple[bool, ...]], RuleSet] | None = None) -> RuleSet:
    """The rule set of the parts ``switched_on`` (``in_force``): every part's vocabulary, then
    the rules of the parts switched on, in the order of ``every_part``."""
    if len(switched_on) != len(every_part):
        raise ValueError("say for every part whether it is in force")
    handlers: dict[type[Action], Handler] = {}
    checks: dict[type[Action], Check] = {}
    actor_actions: dict[str, frozenset[type[Action]]] = {}
    shared_actions: dict[str, frozenset[type[Action]]] = {}
    invariants: list[Callable[[GameState], list[str]]] = []
    for part in every_part:
        for cls, handler in part.handlers.items():
            if cls in handlers:
                raise ValueError(f"{part.name}: {cls.__name__} has a handler already; wrap it")
            handlers[cls] = handler
        for cls, check in part.checks.items():
            if cls not in part.handlers:
                raise ValueError(f"{part.name}: a check of {cls.__name__}, not its move")
            checks[cls] = check
        for actor, moves in part.actor_actions.items():
            actor_actions[actor] = actor_actions.get(actor, frozenset()) | moves
        for actor, moves in part.shared_actions.items():
            shared_actions[actor] = shared_actions.get(actor, frozenset()) | moves
        invariants.extend(part.invariant_checks)

    playing = tuple(part for part, on in zip(every_part, switched_on, strict=True) if on)
    hooks: dict[str, list[Hook]] = {point: [] for point in HOOK_POINTS}
    auto: dict[str, Callable[[Turn, Team, Pending], bool]] = {}
    waiting_texts: dict[str, Callable[[GameState], str]] = {}
    waiting_params: dict[str, Callable[[GameState], dict[str, Any]]] = {}
    waiting_on: dict[str, Callable[[GameState], list[str]]] = {}
    pending_choices: dict[str, Callable[[GameState, Team], list[Choice]]] = {}
    viewers: dict[str, Callable[[GameState], bool]] = {}
    ranking = None
    for part in playing:
        for cls, wrapper in part.wraps.items():
            if cls not in handlers:
                raise ValueError(f"{part.name} wraps {cls.__name__}, which has no handler")
            # functools.partial, not a closure: no Python frame of its own on every move
            handlers[cls] = partial(wrapper, base=handlers[cls])
        for cls, check_wrapper in part.check_wraps.items():
            if cls not in checks:
                raise ValueError(f"{part.name} wraps the check of {cls.__name__}, which has "
                                 "none")
            checks[cls] = partial(check_wrapper, base=checks[cls])
        for point, functions in part.hooks.items():
            if point not in hooks:
                raise ValueError(f"{part.name}: no hook point {point!r}")
            hooks[point].extend(functions)
        _merge(auto, part.auto, part.name)
        _merge(waiting_texts, part.waiting_texts, part.name)
        _merge(waiting_params, part.waiting_params, part.name)
        _merge(waiting_on, part.waiting_on, part.name)
        _merge(pending_choices, part.pending_choices, part.name)
        _merge(viewers, part.viewers, part.name)
        if part.ranking is not None:
            ranking = part.ranking
    return RuleSet(
        parts=playing,
        in_force=tuple(switched_on),
        handlers=handlers,
        checks=checks,
        actor_actions=actor_actions,
        shared_actions=shared_actions,
        invariant_checks=tuple(invariants),
        hooks={point: tuple(fs) for point, fs in hooks.items()},
        auto=auto,
        waiting_texts=waiting_texts,
        waiting_params=waiting_params,
        waiting_on=waiting_on,
        asked=tuple(f for p in playing for f in p.asked),
        pending_choices=pending_choices,
        turn_choice_filters=tuple(f for p in playing for f in p.turn_choice_filters),
        any_time_choices=tuple(f for p in playing for f in p.any_time_choices),
        actor_choices=tuple(f for p in playing for f in p.actor_choices),
        views=tuple(f for p in playing for f in p.views),
        viewers=viewers,
        bot_hints=tuple(f for p in playing for f in p.bot_hints),
        sale_limits=tuple(f for p in playing for f in p.sale_limits),
        ranking=ranking,
        nearest_moves=tuple(f for p in playing for f in p.nearest_moves),
        rebuild=rebuild,
    )
