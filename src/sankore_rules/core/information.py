"""What a seat knows: its information state, made of what it saw, in order.

A seat's information state at a state is the sequence of everything that seat was shown from
the start of the game to that state: at the start and after each ``apply``, its observation
(the game's ``observation`` for that seat, which holds the events of the action just applied,
so every public event is in it), and, where it was the seat that acted, the action it took. Two
histories give a seat the same information state exactly when that seat saw the same things in
the same order, so perfect recall holds by construction, for every game, without a game saying
anything more than what its ``observation`` already says.

The engine remembers how it reached each state it makes: its place in its history (a
[`Line`][sankore_rules.core.information.Line] of actions and a depth; the
[`Trail`][sankore_rules.core.information.Trail] that
[`trail_of`][sankore_rules.core.information.trail_of] gives names the action and the seat that
took it), so the information state of any state the engine made is rebuilt by walking back to
the start. A state made any other way (``new_game``, ``from_json``, a draft edited by hand, a
state copied into another process) has no trail: its history starts with it. The place is kept
in a slot of the state past its sealing (``Traced``), or beside it in a weak map by identity:
it is not part of the position, so equal positions reached by different histories are equal
states, and JSON does not carry it (a game record does: replaying it rebuilds every trail).

The string of an information state
([`InformationState.string`][sankore_rules.core.information.InformationState.string]) is a
digest of the whole sequence, under a hundred characters whatever the game's length. An
information state is a chain (the last step and the one before), remembered on each state's
trail once asked: a search asking it at every node pays for one observation per new state.

Anchors: OpenSpiel's ``information_state_string`` (a player's own actions and observations, in
order), Ludii's and TAG's per-player views built from the moves a player saw.
"""

from __future__ import annotations

import hashlib
import json
import weakref
from collections.abc import Callable, Mapping
from typing import Any

from attrs import frozen

from sankore_rules.core.actions import Action

__all__ = [
    "DIGEST_BYTES",
    "InformationState",
    "Line",
    "Seen",
    "Traced",
    "Trail",
    "adopt",
    "history",
    "information_state",
    "remember_trail",
    "share",
    "trail_of",
]

#: The length of an information state's digest (blake2b), in bytes.
DIGEST_BYTES = 20

#: What the game says one seat sees of one state: ``observe(state, seat)``, JSON-ready.
Observe = Callable[[Any, int], Mapping[str, Any]]
#: The game's ``apply``: ``step(state, action)``, the next state (to replay a history).
Step = Callable[[Any, Action], Any]


@frozen
class Seen:
    """One step of a seat's information state.

    Attributes:
        action: the action the seat itself took to reach this step, in notation; None at the
            start and after another seat's action (or a step the rules took).
        observation: what the seat was shown once the step was made.
    """

    action: str | None
    observation: Mapping[str, Any]


@frozen(eq=False)
class InformationState:
    """Everything one seat has seen in a game, in order.

    It is a chain: the last step and the information state before it, so the information
    state after an action shares everything before with the one it extends. Two are equal
    when their digests are (the digest covers every step, in order).

    Attributes:
        seat: whose it is.
        last: what the seat saw at the latest step.
        previous: the information state before that step; None at the first.
        length: how many steps there are.
        digest: a digest of every step in order: ``blake2b(previous digest + step)``.
    """

    seat: int
    last: Seen
    previous: InformationState | None
    length: int
    digest: bytes

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, InformationState):
            return NotImplemented
        return self.seat == other.seat and self.digest == other.digest

    def __hash__(self) -> int:
        return hash((self.seat, self.digest))

    @property
    def observation(self) -> Mapping[str, Any]:
        """What the seat sees now: the last step's observation."""
        return self.last.observation

    @property
    def steps(self) -> tuple[Seen, ...]:
        """Every step, the first first."""
        found: list[Seen] = []
        current: InformationState | None = self
        while current is not None:
            found.append(current.last)
            current = current.previous
        return tuple(reversed(found))

    def string(self) -> str:
        """A short text that two information states share exactly when they are equal.

        It names the seat, how many steps the history has, and the digest of its content.
        """
        return f"seat {self.seat} step {self.length} {self.digest.hex()}"

    def events(self) -> list[Mapping[str, Any]]:
        """Every event the seat was shown, in order (those of each step's observation)."""
        found: list[Mapping[str, Any]] = []
        for step in self.steps:
            events = step.observation.get("events", ())
            if isinstance(events, list | tuple):
                found.extend(e for e in events if isinstance(e, Mapping))
        return found

    def then(self, step: Seen) -> InformationState:
        """This information state followed by ``step``."""
        return InformationState(self.seat, step, self, self.length + 1, _chain(self.digest, step))

    @classmethod
    def first(cls, seat: int, step: Seen) -> InformationState:
        """The information state of one step, the start of a history."""
        return cls(seat, step, None, 1, _chain(b"", step))


class Traced:
    """A base class that gives a game's state class a slot for its trail.

    The engine writes there where each state stands in its history (a line of actions and a
    depth, see [`Line`][sankore_rules.core.information.Line]), past the state's sealing: it is
    not part of the position, and equality, keys, JSON and pickles leave it out. A state class
    without the slot still gets information states: its places are kept in a weak map beside
    the states, at a little more cost per ``apply``.
    """

    __slots__ = ("_trail",)


class Line:
    """A run of actions applied one after another, from the start of a history or a branch.

    Each ``apply`` of the engine adds its action to the line of the state it applied it to,
    when that state is the line's last, or else starts a branch (a new line whose ``parent`` is
    the old one, from the depth it leaves it). So a playout adds to one list and makes no
    object that outlives its state: the cyclic garbage collector, which runs more often the more
    long-lived objects a program makes, hardly notices the history being kept. The line holds
    the first state of its history (``root``) and the actions, not the states in between: a
    long game keeps its actions alive, not its states.

    Attributes:
        root: the first state of the history.
        parent: the line this one branches from; None for a line that starts at ``root``.
        base: the depth (actions since ``root``) of the state this line starts after.
        steps: the action and the seat that took it, two items per action (one list, appended
            in one call, so that two threads extending the same line find out, see
            ``remember_trail``).
        known: the information states asked at a depth, by seat (a cache: a state is a value).
        kept: weak references to the states whose information state was asked, by depth, so
            that a replay starts from the latest that still lives.
    """

    __slots__ = ("base", "kept", "known", "parent", "root", "steps")

    def __init__(self, root: Any, parent: Line | None, base: int) -> None:
        self.root = root
        self.parent = parent
        self.base = base
        self.steps: list[Any] = []
        self.known: dict[int, dict[int, InformationState]] | None = None
        self.kept: dict[int, weakref.ref[Any]] | None = None

    def place(self, depth: int) -> tuple[Line, int] | None:
        """Where the state before the one at ``depth`` stands; None before the root."""
        if depth <= 0:
            return None
        if depth - 1 > self.base or self.parent is None:
            return self, depth - 1
        return self.parent, depth - 1

    def step(self, depth: int) -> tuple[Action, int | None]:
        """The action that made the state at ``depth`` and the seat that took it."""
        k = 2 * (depth - self.base - 1)
        return self.steps[k], self.steps[k + 1]

    def alive(self, depth: int) -> Any:
        """The state at ``depth`` if this line remembers it and it still lives, else None."""
        if depth == 0 and self.parent is None:
            return self.root
        kept = self.kept
        ref = None if kept is None else kept.get(depth)
        return None if ref is None else ref()

    def remember(self, depth: int, state: Any) -> None:
        """Keep a weak reference to ``state``, at ``depth``, for later replays."""
        try:
            ref = _weakref(state)
        except TypeError:
            return  # a state without weak references is replayed instead
        if self.kept is None:
            self.kept = {}
        self.kept[depth] = ref


#: Where a state stands in its history: its line and its depth (actions since the root).
Place = tuple[Line, int]


class Trail:
    """How the engine reached a state: the action applied, by whom, and what came before.

    A view of a state's place in its history, made when asked
    ([`trail_of`][sankore_rules.core.information.trail_of]).

    Attributes:
        line: the line the state stands on.
        depth: how many actions lie between the history's first state and this one.
    """

    __slots__ = ("depth", "line")

    def __init__(self, line: Line, depth: int) -> None:
        self.line = line
        self.depth = depth

    @property
    def root(self) -> Any:
        """The first state of the history."""
        return self.line.root

    @property
    def action(self) -> Action | None:
        """The action applied to reach this state; None at the start of a history."""
        return self.line.step(self.depth)[0] if self.depth > self.line.base else None

    @property
    def player(self) -> int | None:
        """The seat that took ``action`` (None at the start of a history)."""
        return self.line.step(self.depth)[1] if self.depth > self.line.base else None

    @property
    def parent(self) -> Trail | None:
        """The trail of the state before; None when that state is the root (or at the start)."""
        before = self.line.place(self.depth)
        if before is None or before[1] == 0:
            return None
        return Trail(*before)


class _Ref(weakref.ref):  # type: ignore[type-arg]  # of any state
    """A weak reference to a state that knows the key of its entry in ``_TRAILS``."""

    __slots__ = ("key",)
    key: int


#: The places of states whose class has no ``_trail`` slot, by the state's identity, with a
#: weak reference that drops the entry when the state is collected (states define ``__eq__``
#: without ``__hash__``, so no weak dict).
_TRAILS: dict[int, tuple[_Ref, Place]] = {}


def _forget(gone: _Ref, trails: dict[int, tuple[_Ref, Place]] = _TRAILS) -> None:
    """Drop the entry of a state that was collected (unless a newer state took its key).

    The map is bound at definition: at the interpreter's exit, states still collected would
    otherwise find the module's globals already gone.
    """
    entry = trails.get(gone.key)
    if entry is not None and entry[0] is gone:
        del trails[gone.key]


_weakref = weakref.ref
#: Writes a field past a sealed state's refusal (``core/values.py``).
_set_field = object.__setattr__


def remember_trail(state: Any, parent: Any, action: Action, player: int | None) -> None:
    """Remember that ``state`` was made by applying ``action`` of ``player`` to ``parent``.

    The engine calls it for every state it makes, so it is written for speed: it adds the
    action to the parent's line, or starts a branch where the line went on from the parent
    already (another action applied to the same state, as a search does).
    """
    try:
        at = parent._trail
    except AttributeError:  # an empty slot (a state the engine did not make), or no slot
        at = _place(parent)
    if at is None:
        line = Line(parent, None, 0)
        depth = 0
    else:
        line, depth = at
    steps = line.steps
    n = 2 * (depth - line.base)
    if len(steps) != n:  # the line went on from ``parent`` already: a branch
        line = Line(line.root, line, depth)
        steps = line.steps
        n = 0
    steps += (action, player)  # one call: another thread's steps cannot come between
    if steps[n] is not action:  # another thread extended the line first: branch off
        line = Line(line.root, line, depth)
        line.steps += (action, player)
    try:
        _set_field(state, "_trail", (line, depth + 1))
    except AttributeError:
        _keep(state, (line, depth + 1))


def adopt(sample: Any, information: InformationState) -> None:
    """Give ``sample``, drawn for ``information.seat``, that seat's information state.

    A sampler draws a state the seat cannot tell from the true one: the seat's information
    state there is the one the sample was drawn from, and the states that follow the sample
    extend it as they would extend the true state's. Other seats' histories start at the
    sample.
    """
    line = Line(sample, None, 0)
    line.known = {0: {information.seat: information}}
    try:
        _set_field(sample, "_trail", (line, 0))
    except AttributeError:
        _keep(sample, (line, 0))  # a state class without the slot: the weak map


def share(state: Any, information: InformationState) -> None:
    """Remember ``information`` as its seat's information state at ``state``.

    For a state reached by a history that seat cannot tell from the one ``information`` was
    built along, step by step (a replay that redrew only what the seat never saw, as OpenSpiel's
    ``resample_from_infostate`` makes): the seat's information state there is that one, and
    working it out again would cost an observation per step of the history. Unlike
    ``adopt``, the state keeps its own history, so the other seats' information states are
    still built from what they saw along it. Nothing happens for a state the engine did not
    make.
    """
    at = _place(state)
    if at is None:
        return
    line, depth = at
    if line.known is None:
        line.known = {}
    line.known.setdefault(depth, {})[information.seat] = information
    line.remember(depth, state)


def _keep(state: Any, place: Place) -> None:
    try:
        ref = _Ref(state, _forget)
    except TypeError:
        return  # nor weak references: the state's history starts with it
    ref.key = key = id(state)
    _TRAILS[key] = (ref, place)


def _place(state: Any) -> Place | None:
    """Where ``state`` stands in its history; None for a state the engine did not make."""
    try:
        found: Place | None = state._trail
        return found
    except AttributeError:
        pass
    entry = _TRAILS.get(id(state))
    if entry is None or entry[0]() is not state:
        return None
    return entry[1]


def trail_of(state: Any) -> Trail | None:
    """How the engine reached ``state``; None for a state it did not make."""
    at = _place(state)
    return None if at is None else Trail(*at)


def history(state: Any) -> list[tuple[Any, Trail | None]]:
    """The states from the start of ``state``'s history to ``state``, with their trails.

    A state of the history is there while it lives and its line remembers it (the first
    state, and each state whose information state was asked); the others are None. The first
    has no trail, or no action: its history starts there.
    """
    at = _place(state)
    chain: list[tuple[Any, Trail | None]] = [(state, trail_of(state))]
    while at is not None and (before := at[0].place(at[1])) is not None:
        line, depth = before
        chain.append((line.alive(depth), Trail(line, depth) if depth else None))
        at = before
    chain.reverse()
    return chain


def _own(at: Place | None, seat: int) -> str | None:
    """The action that made the state at ``at``, in notation, if ``seat`` took it."""
    if at is None or at[1] <= at[0].base:
        return None
    action, player = at[0].step(at[1])
    return str(action) if player == seat else None


def _encoded(step: Seen) -> bytes:
    """A canonical encoding of one step (sorted keys, no spaces), for the digest."""
    return json.dumps(
        [step.action, step.observation], sort_keys=True, separators=(",", ":"), default=str
    ).encode()


def _chain(previous: bytes, step: Seen) -> bytes:
    return hashlib.blake2b(previous + _encoded(step), digest_size=DIGEST_BYTES).digest()


def _known(at: Place, seat: int) -> InformationState | None:
    known = at[0].known
    if known is None:
        return None
    return known.get(at[1], {}).get(seat)


def information_state(observe: Observe, step: Step, state: Any, seat: int) -> InformationState:
    """The information state of ``seat`` at ``state``: its observations and actions, in order.

    Each information state asked is remembered on its line, so a state whose parent was asked
    before costs one observation. A state of the history that no longer lives (or that its
    line does not remember) is replayed (``step``) from the nearest earlier one that does.

    Args:
        observe: the game's view of a state for a seat (its ``observation``).
        step: the game's ``apply`` of an action to a state (for replays).
        state: a state; its trail (when the engine made it) leads back to the start.
        seat: the seat whose information state it is.
    """
    at = _place(state)
    if at is None:  # a state the engine did not make: its history starts with it
        return InformationState.first(seat, Seen(None, observe(state, seat)))
    # Walk back to the first place whose information state is known (or the start), without
    # recursion: a game may be thousands of actions long.
    pending: list[Place] = []
    known: InformationState | None = None
    link: Place | None = at
    while link is not None:
        known = _known(link, seat)
        if known is not None:
            break
        pending.append(link)
        link = link[0].place(link[1])
    if not pending:
        assert known is not None
        return known  # asked before
    pending.reverse()
    states = _states(pending, state, step)
    for place, past in zip(pending, states, strict=True):
        seen = Seen(_own(place, seat), observe(past, seat))
        known = InformationState.first(seat, seen) if known is None else known.then(seen)
        line, depth = place
        if line.known is None:
            line.known = {}
        line.known.setdefault(depth, {})[seat] = known
    assert known is not None  # ``pending`` held ``state`` at least, or ``state`` was known
    at[0].remember(at[1], state)
    return known


def _states(pending: list[Place], state: Any, step: Step) -> list[Any]:
    """The states at the places of ``pending`` (oldest first; the last is ``state``).

    Those no longer alive (or not remembered) are replayed from the latest earlier state that
    is, walking back past ``pending``'s first if need be: the first state of a history is
    always alive.
    """
    found = [line.alive(depth) for line, depth in pending]
    found[-1] = state
    if all(past is not None for past in found):
        return found
    missing = next(k for k, past in enumerate(found) if past is None)
    replay: list[Action] = []  # the actions from a state alive on, newest first
    current: Any = None
    line, depth = pending[missing]
    link: Place | None = line.place(depth)
    while link is not None:
        line, depth = link
        past = line.alive(depth)
        if past is not None:
            current = past
            break
        replay.append(line.step(depth)[0])
        link = line.place(depth)
    assert current is not None, "the first state of a history is alive"
    for action in reversed(replay):
        current = step(current, action)
    for k in range(missing, len(found)):
        if found[k] is None:
            line, depth = pending[k]
            found[k] = step(current, line.step(depth)[0])
        current = found[k]
    return found
