"""The decision model: an agenda of steps, resolved one decision at a time.

A state's ``agenda`` is a stack of [`Task`][sankore_rules.Task]. The top task is either a
decision (the player picks one of its options) or an automatic step (carried out at once).
Each game has an [`Engine`][sankore_rules.core.engine.Engine] on which its rules modules
register every step kind with the functions that list its candidate options, check one option
(returning the reasons it is refused) and resolve it. The legal options are the candidates the
check accepts. A decision may also list its legal options directly, family by family, without
wording a reason for each candidate it passes over (Sankoré's turn menu does); the completeness
tests hold every such listing equal to the candidates the check accepts.

A game whose states are values (sealed: see ``core/values.py``) lets the engine remember the
options it last listed, for that one state: ``decide`` then applies an action found among them
without checking it again, and ``legal`` asked twice lists once. A sealed state cannot change, so
the remembered options stay true of it. Any other state (a draft being edited by hand, or a game
whose states are not sealed) is answered as it is at the time of asking: ``decide`` asks the
check about the one action it is given (a check refuses whatever is not a candidate). A caller
that never asks for the options (a replay) never pays for listing them.

This module knows no game: a game's state only has to offer what
[`GameState`][sankore_rules.core.engine.GameState] names, and its rules are passed through to
its own steps untouched.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple, Protocol, Self, TypeVar

import attrs

from sankore_rules.core.actions import Action, action_problem
from sankore_rules.core.chance import Outcomes, draw_number, probabilities, roll
from sankore_rules.core.errors import IllegalAction, Reason
from sankore_rules.core.information import remember_trail
from sankore_rules.core.tasks import Event, Task

__all__ = [
    "NAMES_NOTHING",
    "Candidates",
    "Check",
    "Engine",
    "GameState",
    "Resolve",
    "SealableState",
    "Step",
    "log",
    "memo",
    "names_nothing",
    "no_words",
    "push",
]


class GameState(Protocol):
    """What the engine needs of a game's state.

    Attributes:
        agenda: the steps still to carry out, a stack: the last one is resolved next.
        events: what the last ``apply`` did, in order.
        game_over: whether the game is over.
    """

    agenda: tuple[Task, ...]
    events: list[Event]
    game_over: bool

    @property
    def decision(self) -> Task | None:
        """The pending decision, or None once the game is over."""

    def clone(self) -> Self:
        """A copy that ``apply`` may change without touching the original."""


class SealableState(GameState, Protocol):
    """A game state that can be sealed into a value (see ``core/values.py``)."""

    def seal(self) -> None:
        """Make this draft a value: no assignment is taken any more."""

    def successor(self) -> Self:
        """The draft ``apply`` changes: a ``clone()`` that may share sealed parts.

        The rules copy such a part before they change it.
        """


S = TypeVar("S", bound=GameState)
T = TypeVar("T")
# A game's rules and state types are its own: the engine passes them through untouched, so
# the callbacks take them as Any (a game's own functions name its own types).
Candidates = Callable[[Any, Any, Task], Iterable[Action]]
"""A decision's options worth checking: ``candidates(rules, state, task)``.

Called with the game's ruleset, the state (not to be changed) and the pending task; it gives
every action that might answer the decision, legal or not: the engine keeps those the
[`Check`][sankore_rules.core.engine.Check] accepts as the legal actions, in this order. A
``lister`` (see [`Step`][sankore_rules.core.engine.Step]) has the same signature and gives the
legal options directly.
"""

Check = Callable[[Any, Any, Task, Action], list[Reason]]
"""Why an option is refused: ``check(rules, state, task, action)``, [] when it is legal.

One check stands behind listing, explaining and applying. It must refuse every action that is
not one of the decision's candidates (with
[`names_nothing()`][sankore_rules.core.engine.names_nothing] for words naming nothing), since
``apply`` asks it alone about the action it is given. It must not change the state.
"""

Resolve = Callable[[Any, Any, Task, "Action | None"], None]
"""Carry a step out: ``resolve(rules, state, task, action)``, changing ``state`` in place.

``state`` is the engine's fresh copy (the caller's state is never changed), the task already
taken off the agenda; ``action`` is the legal option chosen, the outcome drawn for a chance
step, or None for an automatic step. It pushes the steps that follow
([`push`][sankore_rules.core.engine.push]) and logs what happened
([`log`][sankore_rules.core.engine.log]); the engine then settles the state to its next
decision.
"""


class Step(NamedTuple):
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
            candidates ``check`` accepts; it only spares wording reasons nobody reads.
        answers: the action kinds (verbs) that answer the decision, every one its options
            may use (``camel`` and ``skip`` for ``astronomy``); () for an automatic step.
            The docs list them beside the prompt, and a test holds the options to them.
        outcomes: for a chance step (``core/chance.py``), its outcomes with their weights;
            None for any other step.
    """

    kind: str
    resolve: Resolve
    candidates: Candidates | None = None
    check: Check | None = None
    prompt: str = ""
    always_ask: bool = False
    lister: Candidates | None = None
    answers: tuple[str, ...] = ()
    outcomes: Outcomes | None = None


def push(state: GameState, *tasks: Task) -> None:
    """Put tasks on the agenda so that the first one given is resolved first."""
    state.agenda += tasks[::-1]


def log(state: GameState, kind: str, player: int | None, **detail: object) -> None:
    """Record an event of the current ``apply``."""
    # Event(kind, player, detail) made as its frozen __init__ makes it, without the call: an
    # apply logs a few. Its slots are written through their descriptors, past the frozen
    # class's refusal (a third cheaper than ``object.__setattr__``, which looks each one up).
    # ``detail`` is this call's own dict.
    event = _new_record(Event)
    _set_kind(event, kind)
    _set_player(event, player)
    _set_detail(event, detail)
    state.events.append(event)


_new_record = object.__new__
if tuple(f.name for f in attrs.fields(Event)) != ("kind", "player", "detail"):
    raise AssertionError("log() sets every field of an Event: update it with them")
_set_kind = Event.__dict__["kind"].__set__
_set_player = Event.__dict__["player"].__set__
_set_detail = Event.__dict__["detail"].__set__


#: The reason a check gives for words naming nothing of the ruleset;
#: [`Engine.check`][sankore_rules.core.engine.Engine.check] words it, listing the options of
#: that kind.
NAMES_NOTHING = Reason("no_such_option", "names nothing there is")


def names_nothing() -> list[Reason]:
    """What a check returns for words naming nothing of the ruleset (an unknown id, a missing word).

    A check refuses every action that is not one of its decision's legal options, so that
    ``apply`` can ask the check alone about the action it is given; this is the refusal that
    [`Engine.check`][sankore_rules.core.engine.Engine.check] turns into ``no_such_option`` with
    a list of the options.
    """
    return [NAMES_NOTHING]


def no_words(action: Action) -> list[Reason]:
    """The check of an answer that takes no words (``skip``, ``end``): any word names nothing."""
    return [] if not action.args else names_nothing()


def memo(state: GameState, key: object, compute: Callable[[], T]) -> T:
    """``compute()``, computed once while one decision's options are being checked.

    Checks are pure functions of a state that does not change while they run, so a figure
    every option needs (the Knowledge total, whether the class is Supported) is worked out once.
    Outside a check it is simply computed.
    """
    listing = _listing
    if listing is None or listing[0] is not state:
        return compute()
    scratch = listing[1]
    if key not in scratch:
        scratch[key] = compute()
    value: T = scratch[key]
    return value


#: The state whose options are being listed and the figures ``memo`` keeps for it; None
#: outside a listing. Kept here, not on the state, which may be sealed. A listing in another
#: thread at the same time only makes ``memo`` compute afresh: its figures are the state's alone.
_listing: tuple[object, dict[object, Any]] | None = None


#: ``Engine._settled`` when settle() listed nothing (its list is never changed).
_NOTHING_SETTLED: tuple[object, list[Action]] = (None, [])
#: How many sealed states' listed options an engine remembers.
LISTED_STATES = 64


class Engine:
    """One game's steps, and the decision model that lists, checks and applies their options.

    A game makes one engine and its rules modules register their steps on it with
    [`step`][sankore_rules.core.engine.Engine.step]; the public functions call
    [`legal`][sankore_rules.core.engine.Engine.legal],
    [`check`][sankore_rules.core.engine.Engine.check] and
    [`decide`][sankore_rules.core.engine.Engine.decide].

    Attributes:
        game: the game's name.
        sealed: the class of the game's sealed states, when its states are values
            (``SealableState``): ``apply`` seals the state it returns, and the options listed
            for a state of that class are remembered. None: states stay as they are.
        steps: every registered step, by kind.
        always_kinds: action kinds a decision understands even when none is currently listed
            (for explanations), by decision kind.
        elsewhere: for an action kind that answers some other decision, why it cannot be taken
            at the pending one, when a rule says so (a bonus action in the middle of a main
            action); [] leaves the generic ``wrong_decision``.
    """

    def __init__(self, game: str, *, sealed: type[SealableState] | None = None) -> None:
        self.game = game
        self.sealed = sealed
        # The last sealed states listed, with their options, by identity: each entry a pair
        # stored whole, so that a reader never sees one state's options beside another
        # state. Several, not one: a vector environment lists each of its games for the mask
        # and decides them all at the next step; a search lists a node's children in turn.
        # A plain dict in the order of insertion, the oldest entry dropped as each new one
        # comes once it holds LISTED_STATES (an OrderedDict's node per entry costs more).
        # One by one, not in batches: the garbage collector runs after so many more objects
        # made than freed, and a batch of states dropped at once would not count against
        # those made before it.
        self._listed: dict[int, tuple[object, tuple[Action, ...]]] = {}
        # The options settle() listed for the draft perform() is about to seal.
        self._settled: tuple[object, list[Action]] = _NOTHING_SETTLED
        self.steps: dict[str, Step] = {}
        self.always_kinds: dict[str, tuple[str, ...]] = {}
        self.elsewhere: dict[str, Check] = {}
        # Each step's answers as a set and its check: what judging one action needs.
        self._judges: dict[str, tuple[frozenset[str], Check | None]] = {}

    def step(
        self,
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
            if kind in self.steps:
                raise ValueError(f"step {kind!r} registered twice")
            self.steps[kind] = Step(
                kind, resolve, candidates, check, prompt, always_ask, lister, answers
            )
            self._judges[kind] = (frozenset(answers), check)
            return resolve

        return register

    def chance(
        self, kind: str, *, outcomes: Outcomes, prompt: str = "", answers: tuple[str, ...] = ()
    ) -> Callable[[Resolve], Resolve]:
        """Register the decorated function as the resolver of ``kind`` chance steps.

        ``outcomes`` lists the step's outcomes with their weights (``core/chance.py``); the
        resolver is given the outcome drawn. In the explicit mode the outcomes are also the
        step's legal options, so ``legal``, ``check`` and ``decide`` treat the step like a
        decision of the seat ``CHANCE``.
        """

        def candidates(rules: Any, state: Any, task: Task) -> list[Action]:
            return [outcome for outcome, _ in outcomes(rules, state, task)]

        def check(rules: Any, state: Any, task: Task, action: Action) -> list[Reason]:
            return [] if action in candidates(rules, state, task) else names_nothing()

        def register(resolve: Resolve) -> Resolve:
            if kind in self.steps:
                raise ValueError(f"step {kind!r} registered twice")
            self.steps[kind] = Step(
                kind, resolve, candidates, check, prompt, False, None, answers, outcomes
            )
            self._judges[kind] = (frozenset(answers), check)
            return resolve

        return register

    def chance_outcomes(self, rules: object, state: GameState) -> list[tuple[Action, float]]:
        """The pending chance step's outcomes with their probabilities; [] at any other step."""
        agenda = state.agenda
        if not agenda or state.game_over:
            return []
        task = agenda[-1]
        outcomes = self.steps[task.kind].outcomes
        if outcomes is None:
            return []
        return [(a, float(p)) for a, p in probabilities(outcomes(rules, state, task))]

    def decision_view(self, state: GameState) -> dict[str, Any] | None:
        """The pending decision as a frontend shows it: kind, player and prompt; None once over."""
        task = state.decision
        if task is None:
            return None
        return {"kind": task.kind, "player": task.player, "prompt": self.steps[task.kind].prompt}

    def legal(self, rules: object, state: GameState) -> list[Action]:
        """The legal options of the pending decision, as a new list."""
        key = id(state)
        remembered = self._listed.get(key)
        if remembered is not None and remembered[0] is state:
            return list(remembered[1])
        agenda = state.agenda  # the pending decision, as ``state.decision`` gives it
        if not agenda or state.game_over:
            return []
        task = agenda[-1]
        spec = self.steps[task.kind]
        assert spec.candidates is not None, f"{task.kind} is not a decision"
        options = self._list(rules, state, task, spec)
        if type(state) is self.sealed:
            self._remember(state, tuple(options))
        return options

    def _list(self, rules: object, state: GameState, task: Task, spec: Step) -> list[Action]:
        """The options of ``task``, the pending decision, listed afresh as a new list."""
        global _listing
        assert spec.candidates is not None, f"{task.kind} is not a decision"
        _listing = (state, {})
        try:
            if spec.lister is not None:
                return list(spec.lister(rules, state, task))
            return self._accepted(rules, state, task, spec.candidates(rules, state, task))
        finally:
            _listing = None

    def _remember(self, state: object, options: tuple[Action, ...]) -> None:
        """Remember the options of a sealed state (which cannot change), forgetting the oldest.

        The entry holds the state itself, so its ``id`` is not reused while it is remembered.
        Two threads remembering at once may forget one entry too many or too few, which costs
        a listing, never a wrong answer.
        """
        listed = self._listed
        if len(listed) >= LISTED_STATES:
            try:  # noqa: SIM105  (suppress() costs a context manager at every apply)
                del listed[next(iter(listed))]  # the oldest
            except (KeyError, RuntimeError):
                pass  # another thread changed it meanwhile: it stays a little longer
        listed[id(state)] = (state, options)

    def _accepted(
        self, rules: object, state: GameState, task: Task, candidates: Iterable[Action]
    ) -> list[Action]:
        """The candidates the pending decision's check accepts, in order."""
        checker = self.steps[task.kind].check
        if checker is None:
            return list(candidates)
        return [a for a in candidates if not checker(rules, state, task, a)]

    def filtered(self, rules: object, state: GameState) -> list[Action]:
        """The candidates the check accepts, one by one: what a direct ``lister`` must equal."""
        global _listing
        task = state.decision
        assert task is not None
        spec = self.steps[task.kind]
        assert spec.candidates is not None
        _listing = (state, {})
        try:
            return self._accepted(rules, state, task, spec.candidates(rules, state, task))
        finally:
            _listing = None

    def _single_option(self, rules: object, state: GameState, task: Task) -> list[Action] | None:
        """The decision's options when there are fewer than two; None when there is a choice.

        Candidates are checked only until a second one passes: a decision that must be asked
        costs two checks here, not a listing.
        """
        global _listing
        spec = self.steps[task.kind]
        assert spec.candidates is not None
        if spec.lister is not None:
            options = self._list(rules, state, task, spec)  # legal()'s, for a draft
            if type(state) is self.sealed:
                self._remember(state, tuple(options))
            if len(options) < 2:
                return options
            self._settled = (state, options)  # what legal() will be asked next: see perform()
            return None
        checker = spec.check
        found: list[Action] = []
        _listing = (state, {})
        try:
            for candidate in spec.candidates(rules, state, task):
                if checker is None or not checker(rules, state, task, candidate):
                    found.append(candidate)
                    if len(found) > 1:
                        return None
        finally:
            _listing = None
        return found

    def settle(self, rules: object, state: GameState) -> None:
        """Carry out automatic steps and single-option decisions until a real choice is pending."""
        steps = self.steps
        while True:
            agenda = state.agenda
            if not agenda or state.game_over:
                return
            task = agenda[-1]
            spec = steps[task.kind]
            if spec.candidates is None:
                state.agenda = agenda[:-1]
                spec.resolve(rules, state, task, None)
                continue
            if spec.outcomes is not None:
                if not self._draw(rules, state, task, spec):
                    return  # the explicit mode: the caller resolves it
                continue
            if spec.always_ask:
                return
            options = self._single_option(rules, state, task)
            if options is None:
                return
            # A decision with one option makes itself; one with none cannot happen and lapses.
            state.agenda = agenda[:-1]
            if options:
                spec.resolve(rules, state, task, options[0])

    def _draw(self, rules: object, state: GameState, task: Task, spec: Step) -> bool:
        """Resolve the chance step ``task`` from the state's generator; False to leave it.

        A step of one outcome resolves by itself; in the explicit mode (the state's
        ``explicit_chance``) a step of several is left for the caller. A step of none lapses.
        """
        assert spec.outcomes is not None
        weighted = spec.outcomes(rules, state, task)
        many = len(weighted) > 1
        if many and getattr(state, "explicit_chance", False):
            return False
        drawing: Any = state  # a game with chance steps has a seed and a count of draws
        state.agenda = state.agenda[:-1]
        if weighted:
            if many:
                total = sum(weight for _, weight in weighted)
                pick = draw_number(self.game, drawing.seed, drawing.draws, total)
                outcome = roll(pick, weighted)
            else:
                outcome = weighted[0][0]
            drawing.draws += 1
            spec.resolve(rules, state, task, outcome)
        return True

    def check(
        self, rules: object, state: GameState, action: object, player: object = None
    ) -> list[Reason]:
        """Every reason ``action`` is refused now; [] when it is legal.

        ``action`` and ``player`` come from callers as they are: anything that is not a
        well-formed [`Action`][sankore_rules.Action] is refused with a reason, not an exception.
        """
        agenda = state.agenda  # the pending decision, as ``state.decision`` gives it
        if not agenda or state.game_over:
            return [Reason("game_over", "the game is over: there is nothing left to decide")]
        task = agenda[-1]
        if player is not None and player != task.player:
            return [
                Reason(
                    "not_your_decision",
                    f"player {task.player} must decide now, not player {player}",
                )
            ]
        malformed = action_problem(action)
        if malformed is not None or not isinstance(action, Action):
            return [Reason("not_an_action", malformed or "not an Action")]
        # Is it an option? Of a kind that answers the decision, and accepted by the check: every
        # check refuses whatever is not one of its candidates (words naming nothing included),
        # as the listing tests hold it to, so no candidate is listed here.
        # One action is checked once, so ``memo`` has nothing to share and computes directly.
        answers, checker = self._judges[task.kind]
        if action.kind in answers and (checker is None or not checker(rules, state, task, action)):
            return []
        return self._why_not(rules, state, task, action)

    def _why_not(self, rules: object, state: GameState, task: Task, action: Action) -> list[Reason]:
        """The reasons a well-formed action that is not an option is refused.

        Only refusals come here, so it may take its time.
        """
        spec = self.steps[task.kind]
        assert spec.candidates is not None
        candidates = list(spec.candidates(rules, state, task))
        kinds = {c.kind for c in candidates}
        if action.kind not in kinds and action.kind not in self.always_kinds.get(task.kind, ()):
            elsewhere = self.elsewhere.get(action.kind)
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
        if reasons and reasons != [NAMES_NOTHING]:
            return reasons
        # The kind answers this decision but its words name nothing there is (every rule that
        # refuses an existing space, tile or id has a reason of its own).
        listed = [str(a) for a in self.legal(rules, state) if a.kind == action.kind]
        hint = f"; the options are: {', '.join(listed[:6])}{' ...' if len(listed) > 6 else ''}"
        return [Reason("no_such_option", f"'{action}' is not one of the options here" + hint)]

    def decide(self, rules: object, state: S, action: object, player: object = None) -> S:
        """Apply ``action`` to a copy of ``state``: the copy, settled to the next decision.

        Raises:
            IllegalAction: with the reasons of
                [`check`][sankore_rules.core.engine.Engine.check] when the action is not legal.
        """
        key = id(state)
        remembered = self._listed.get(key)
        # One of the options listed for this sealed state, which cannot have changed.
        if (
            remembered is not None
            and remembered[0] is state
            and type(action) is Action
            and (player is None or player == state.agenda[-1].player)
        ):
            listed = remembered[1]
            try:
                found = listed[listed.index(action)]
            except ValueError:
                found = None
            # The very object listed is one the rules made, of plain strings; an equal one is
            # trusted once its words are (see ``_exactly_an_action``).
            if found is not None and (found is action or _exactly_an_action(action)):
                return self.perform(rules, state, action)
        reasons = self.check(rules, state, action, player)
        if reasons or not isinstance(action, Action):
            raise IllegalAction(action, reasons)
        return self.perform(rules, state, action)

    def perform(self, rules: object, state: S, action: Action) -> S:
        """Apply an action already known to be legal."""
        if self.sealed is None:
            new = state.clone()
        else:
            sealable: Any = state
            new = sealable.successor()
        new.events = []  # the new state's log tells what this action did
        task = new.agenda[-1]
        new.agenda = new.agenda[:-1]
        spec = self.steps[task.kind]
        if spec.outcomes is not None:  # an outcome of a chance step, given by the caller
            drawing: Any = new
            drawing.draws += 1
        spec.resolve(rules, new, task, action)
        self.settle(rules, new)
        # How ``new`` was reached, for the information states (core/information.py): the
        # action goes on the line of ``state`` when ``state`` is its last (a playout, at every
        # apply: remember_trail's common case, written out), else remember_trail branches.
        player = task.player
        try:
            line, depth = state._trail  # type: ignore[attr-defined]
            steps = line.steps
            n = 2 * (depth - line.base)
            if len(steps) != n:
                raise LookupError  # the line went on from ``state`` already: a branch
            new._trail = (line, depth + 1)  # type: ignore[attr-defined]  # a draft's slot
            steps += (action, player)  # one call: another thread's steps cannot come between
            if steps[n] is not action:
                raise LookupError  # another thread's step came first: a branch
        except (AttributeError, TypeError, LookupError):
            remember_trail(new, state, action, player)
        if self.sealed is not None:
            sealing: Any = new  # a draft of the sealed class
            sealing.seal()
            settled_for, options = self._settled
            if settled_for is new:
                # settle() listed the decision it stopped at, and sealing changed nothing in
                # the position: those are the sealed state's options, to remember as legal()'s.
                self._remember(new, tuple(options))
        self._settled = _NOTHING_SETTLED
        return new


def _exactly_an_action(action: object) -> bool:
    """Whether ``action`` is an Action of plain strings, so that its equality is the words'.

    An object of another type (a ``str`` subclass among the words, say) could claim to equal
    an option it is not; it goes to the check instead.
    """
    if type(action) is not Action or len(action) != 2:  # a kind and its words
        return False
    kind, args = action
    if type(kind) is not str or type(args) is not tuple:
        return False
    for word in args:  # a loop, not all(): this is asked at every apply
        if type(word) is not str:
            return False
    return True
