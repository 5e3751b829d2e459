"""The decision model: an agenda of steps, resolved one decision at a time.

A state's ``agenda`` is a stack of [`Task`][sankore_rules.sankore.state.Task]. The top task is
either a decision (the player picks one of its options) or an automatic step (carried out at once).
Every step kind is registered here with the functions that list its candidate options, check
one option (returning the reasons it is refused) and resolve it. The legal options are the
candidates the check accepts: ``legal_actions``, ``explain`` and ``apply`` all go through
[`check`][sankore_rules.sankore.engine.check], so what is listed and what is accepted can never
disagree.

This module knows nothing of Sankoré's disciplines or boards; the rules modules register steps.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, TypeVar

from attrs import frozen

from sankore_rules.sankore.actions import Action, action_problem
from sankore_rules.sankore.errors import IllegalAction, Reason
from sankore_rules.sankore.state import Event, State, Task

if TYPE_CHECKING:
    from sankore_rules.sankore.board import Rules

__all__ = [
    "ALWAYS_KINDS",
    "ELSEWHERE",
    "STEPS",
    "Step",
    "check",
    "decide",
    "legal",
    "log",
    "memo",
    "names_nothing",
    "perform",
    "push",
    "settle",
    "step",
]

T = TypeVar("T")
Candidates = Callable[["Rules", State, Task], Iterable[Action]]
Check = Callable[["Rules", State, Task, Action], list[Reason]]
Resolve = Callable[["Rules", State, Task, "Action | None"], None]


@frozen
class Step:
    """How one kind of task is carried out.

    Attributes:
        kind: the task kind it handles.
        resolve: carries the task out (with the chosen action, or None for an automatic step).
        candidates: lists every option worth checking; None for an automatic step.
        check: the reasons an option is refused; [] when it is allowed.
        prompt: a short question a frontend shows ("Choose a Class to teach").
        always_ask: never resolve by itself, even with a single option (the turn menu).
        lister: lists the legal options directly, for a decision whose options group into
            families sharing their checks (the turn menu). It must return exactly the
            candidates ``check`` accepts; it only spares the per-option dispatch.
        answers: the action kinds (verbs) that answer the decision, every one its options
            may use (``camel`` and ``skip`` for ``astronomy``); () for an automatic step.
            The docs list them beside the prompt, and a test holds the options to them.
    """

    kind: str
    resolve: Resolve
    candidates: Candidates | None = None
    check: Check | None = None
    prompt: str = ""
    always_ask: bool = False
    lister: Candidates | None = None
    answers: tuple[str, ...] = ()


STEPS: dict[str, Step] = {}


def step(
    kind: str,
    *,
    candidates: Candidates | None = None,
    check: Check | None = None,
    prompt: str = "",
    always_ask: bool = False,
    lister: Candidates | None = None,
    answers: tuple[str, ...] = (),
) -> Callable[[Resolve], Resolve]:
    """Register the decorated function as the resolver of ``kind`` tasks."""

    def register(resolve: Resolve) -> Resolve:
        if kind in STEPS:
            raise ValueError(f"step {kind!r} registered twice")
        STEPS[kind] = Step(kind, resolve, candidates, check, prompt, always_ask, lister, answers)
        return resolve

    return register


def push(state: State, *tasks: Task) -> None:
    """Put tasks on the agenda so that the first one given is resolved first."""
    state.agenda.extend(reversed(tasks))


def log(state: State, kind: str, player: int | None, **detail: object) -> None:
    """Record an event of the current ``apply``."""
    state.events.append(Event(kind, player, dict(detail)))


def _no_reasons(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    return []


def names_nothing() -> list[Reason]:
    """What a check returns for words naming nothing of the ruleset (an unknown id, a missing word).

    No reason of its own: [`check`][sankore_rules.sankore.engine.check] then answers
    ``no_such_option`` and lists the options.
    """
    return []


def memo(state: State, key: object, compute: Callable[[], T]) -> T:
    """``compute()``, computed once while one decision's options are being checked.

    Checks are pure functions of a state that does not change while they run, so a figure
    every option needs (the Knowledge total, whether the class is Supported) is worked out once.
    Outside a check it is simply computed.
    """
    scratch: dict[object, Any] | None = state._scratch
    if scratch is None:
        return compute()
    if key not in scratch:
        scratch[key] = compute()
    value: T = scratch[key]
    return value


def legal(rules: Rules, state: State) -> list[Action]:
    """The legal options of the pending decision, computed once per state and cached."""
    cached: list[Action] | None = state._options
    if cached is not None:
        return cached
    task = state.decision
    if task is None:
        result: list[Action] = []
    else:
        spec = STEPS[task.kind]
        assert spec.candidates is not None, f"{task.kind} is not a decision"
        checker = spec.check or _no_reasons
        state._scratch = {}
        try:
            if spec.lister is not None:
                result = list(spec.lister(rules, state, task))
            else:
                candidates = spec.candidates(rules, state, task)
                result = [a for a in candidates if not checker(rules, state, task, a)]
        finally:
            state._scratch = None
    state._options = result
    return result


def settle(rules: Rules, state: State) -> None:
    """Carry out automatic steps and single-option decisions until a real choice is pending."""
    while state.agenda and not state.game_over:
        task = state.agenda[-1]
        spec = STEPS[task.kind]
        if spec.candidates is None:
            state.agenda.pop()
            spec.resolve(rules, state, task, None)
            continue
        state._options = None
        options = legal(rules, state)
        if spec.always_ask or len(options) > 1:
            return
        # A decision with one option makes itself; one with none cannot happen and lapses.
        state.agenda.pop()
        state._options = None
        if options:
            spec.resolve(rules, state, task, options[0])
    state._options = None


def check(rules: Rules, state: State, action: Action, player: int | None = None) -> list[Reason]:
    """Every reason ``action`` is refused now; [] when it is legal."""
    task = state.decision
    if task is None:
        return [Reason("game_over", "the game is over: there is nothing left to decide")]
    if player is not None and player != task.player:
        return [
            Reason(
                "not_your_decision",
                f"player {task.player} must decide now, not player {player}",
            )
        ]
    malformed = action_problem(action)
    if malformed is not None:
        return [Reason("not_an_action", malformed)]
    if action in legal(rules, state):
        return []
    spec = STEPS[task.kind]
    assert spec.candidates is not None
    candidates = list(spec.candidates(rules, state, task))
    kinds = {c.kind for c in candidates}
    if action.kind not in kinds and action.kind not in ALWAYS_KINDS.get(task.kind, ()):
        elsewhere = ELSEWHERE.get(action.kind)
        misplaced = elsewhere(rules, state, task, action) if elsewhere is not None else []
        if misplaced:
            return misplaced
        expected = ", ".join(sorted(kinds)) or "nothing"
        return [
            Reason(
                "wrong_decision",
                f"'{action.kind}' is not an answer to this decision ({spec.prompt}); "
                f"expected one of: {expected}",
            )
        ]
    reasons = spec.check(rules, state, task, action) if spec.check else []
    if reasons:
        return reasons
    # The kind answers this decision but its words name nothing there is (every rule that
    # refuses an existing space, tile or id has a reason of its own).
    listed = [str(a) for a in legal(rules, state) if a.kind == action.kind]
    hint = f"; the options are: {', '.join(listed[:6])}{' ...' if len(listed) > 6 else ''}"
    return [Reason("no_such_option", f"'{action}' is not one of the options here" + hint)]


#: Action kinds a decision understands even when none is currently listed (for explanations).
ALWAYS_KINDS: dict[str, tuple[str, ...]] = {}

#: For an action kind that answers some other decision, why it cannot be taken at the pending
#: one, when a rule says so (a bonus action in the middle of a main action); [] leaves the
#: generic ``wrong_decision``.
ELSEWHERE: dict[str, Check] = {}


def decide(rules: Rules, state: State, action: Action, player: int | None = None) -> State:
    """Apply ``action`` to a copy of ``state`` and return the copy, settled to the next decision.

    Raises:
        IllegalAction: with the reasons of [`check`][sankore_rules.sankore.engine.check] when the
            action is not legal.
    """
    reasons = check(rules, state, action, player)
    if reasons:
        raise IllegalAction(action, reasons)
    return perform(rules, state, action)


def perform(rules: Rules, state: State, action: Action) -> State:
    """Apply an action already known to be legal."""
    new = state.clone()
    new.events = []  # the new state's log tells what this action did
    task = new.agenda.pop()
    STEPS[task.kind].resolve(rules, new, task, action)
    settle(rules, new)
    return new
