"""What a seat knows: its information state, made of what it saw, in order.

A seat's information state at a state is the sequence of everything that seat was shown from
the start of the game to that state: at the start and after each ``apply``, its observation
(the game's ``observation`` for that seat, which holds the events of the action just applied,
so every public event is in it), and, where it was the seat that acted, the action it took. Two
histories give a seat the same information state exactly when that seat saw the same things in
the same order, so perfect recall holds by construction, for every game, without a game saying
anything more than what its ``observation`` already says.

The engine remembers how it reached each state it makes: its trail
([`Trail`][sankore_rules.core.information.Trail], found by
[`trail_of`][sankore_rules.core.information.trail_of]) names the state it came from and the
action applied to it, so the information state of any state the engine made is rebuilt by
walking back to the start. A state made any other way (``new_game``, ``from_json``, a draft
edited by hand, a state copied into another process) has no trail: its history starts with
it. The trail is kept beside the state, not in it (a weak map by identity, which forgets a
state's trail when the state is gone): it is not part of the position, so equal positions
reached by different histories are equal states, JSON does not carry it (a game record does:
replaying it rebuilds every trail), and a game's state class needs no field for it, only to
accept weak references (an ``attrs`` class does by default).

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
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from attrs import frozen

from sankore_rules.core.actions import Action

__all__ = [
    "DIGEST_BYTES",
    "InformationState",
    "Seen",
    "Traced",
    "Trail",
    "adopt",
    "history",
    "information_state",
    "remember_trail",
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

    The engine writes each state's [`Trail`][sankore_rules.core.information.Trail] there, past
    the state's sealing (it is not part of the position, and equality, keys, JSON and pickles
    leave it out). A state class without the slot still gets information states: its trails
    are kept in a weak map beside the states, at a little more cost per ``apply``.
    """

    __slots__ = ("_trail",)


class Trail:
    """How the engine reached a state: the state it came from and the action applied to it.

    A trail holds the first state of its history (``root``) and the trail before it, not the
    states in between: a long game keeps its actions, not its states, alive. A state whose
    information state is asked is observed from the state itself while it lives (``state``),
    else replayed from the nearest state that does, the root at worst.

    A state drawn by a sampler for one seat (see ``adopt``) is the root of its own trail, which
    holds that seat's information state there: the one the sample was drawn from.

    Attributes:
        root: the first state of the history.
        parent: the trail of the state the action was applied to; None when that state is
            the root (or for a drawn state's own trail).
        action: the action applied; None for a drawn state's own trail.
        player: the seat that took it (the pending decision's player then).
        state: a weak reference to the state this trail is of (None where the state takes
            none).
        known: each seat's information state at that state, once asked (a cache: the state is
            a value, so it never changes); None until then.
    """

    __slots__ = ("action", "known", "parent", "player", "root", "state")

    def __init__(
        self,
        root: Any,
        parent: Trail | None,
        action: Action | None,
        player: int | None,
        state: weakref.ref[Any] | None,
        known: dict[int, InformationState] | None = None,
    ) -> None:
        self.root = root
        self.parent = parent
        self.action = action
        self.player = player
        self.state = state
        self.known = known

    def alive(self) -> Any:
        """The state of this trail if it still lives, else None."""
        return None if self.state is None else self.state()


class _Ref(weakref.ref):  # type: ignore[type-arg]  # of any state
    """A weak reference to a state that knows the key of its entry in ``_TRAILS``."""

    __slots__ = ("key",)
    key: int


#: The trails of states whose class has no ``_trail`` slot, by the state's identity, with a
#: weak reference that drops the entry when the state is collected (states define ``__eq__``
#: without ``__hash__``, so no weak dict).
_TRAILS: dict[int, tuple[_Ref, Trail]] = {}
#: ``getattr``'s answer for a state whose class has no trail slot, or whose slot is empty.
_NONE: Any = object()


def _forget(gone: _Ref) -> None:
    """Drop the entry of a state that was collected (unless a newer state took its key)."""
    entry = _TRAILS.get(gone.key)
    if entry is not None and entry[0] is gone:
        del _TRAILS[gone.key]


_weakref = weakref.ref
#: Writes a field past a sealed state's refusal (``core/values.py``).
_set_field = object.__setattr__


def _weak(state: Any) -> weakref.ref[Any] | None:
    try:
        return weakref.ref(state)
    except TypeError:
        return None


def remember_trail(state: Any, parent: Any, action: Action, player: int | None) -> None:
    """Remember that ``state`` was made by applying ``action`` of ``player`` to ``parent``.

    The engine calls it for every state it makes, so it is written for speed.
    """
    try:
        before = parent._trail
    except AttributeError:  # an empty slot (a state the engine did not make), or no slot
        before = trail_of(parent)
    try:
        ref: weakref.ref[Any] | None = _weakref(state)
    except TypeError:
        ref = None
    trail = Trail(parent if before is None else before.root, before, action, player, ref)
    try:
        _set_field(state, "_trail", trail)
    except AttributeError:
        _keep(state, trail)


def adopt(sample: Any, information: InformationState) -> None:
    """Give ``sample``, drawn for ``information.seat``, that seat's information state.

    A sampler draws a state the seat cannot tell from the true one: the seat's information
    state there is the one the sample was drawn from, and the states that follow the sample
    extend it as they would extend the true state's. Other seats' histories start at the
    sample.
    """
    known = {information.seat: information}
    _attach(sample, Trail(sample, None, None, None, _weak(sample), known))


def _attach(state: Any, trail: Trail) -> None:
    try:
        # Past the sealing of a state: the trail is no part of its position.
        _set_field(state, "_trail", trail)
    except AttributeError:
        _keep(state, trail)  # a state class without the slot: the weak map


def _keep(state: Any, trail: Trail) -> None:
    try:
        ref = _Ref(state, _forget)
    except TypeError:
        return  # nor weak references: the state's history starts with it
    ref.key = key = id(state)
    _TRAILS[key] = (ref, trail)


def trail_of(state: Any) -> Trail | None:
    """How the engine reached ``state``; None for a state it did not make."""
    found = getattr(state, "_trail", _NONE)
    if found is not _NONE:
        return found  # type: ignore[no-any-return]
    entry = _TRAILS.get(id(state))
    if entry is None or entry[0]() is not state:
        return None
    return entry[1]


def _back(trail: Trail | None) -> tuple[Any, Trail | None] | None:
    """The state (None when no longer alive) and trail before ``trail``; None at the start."""
    if trail is None or trail.action is None:
        return None
    if trail.parent is None:
        return trail.root, trail_of(trail.root)
    return trail.parent.alive(), trail.parent


def history(state: Any) -> list[tuple[Any, Trail | None]]:
    """The states from the start of ``state``'s history to ``state``, with their trails.

    A state that no longer lives is None. The first has no trail, or no action: its history
    starts there.
    """
    chain: list[tuple[Any, Trail | None]] = [(state, trail_of(state))]
    while (before := _back(chain[-1][1])) is not None:
        chain.append(before)
    chain.reverse()
    return chain


def _step(trail: Trail | None, seat: int, observation: Mapping[str, Any]) -> Seen:
    own = trail is not None and trail.player == seat and trail.action is not None
    return Seen(str(trail.action) if own and trail is not None else None, observation)


def _encoded(step: Seen) -> bytes:
    """A canonical encoding of one step (sorted keys, no spaces), for the digest."""
    return json.dumps(
        [step.action, step.observation], sort_keys=True, separators=(",", ":"), default=str
    ).encode()


def _chain(previous: bytes, step: Seen) -> bytes:
    return hashlib.blake2b(previous + _encoded(step), digest_size=DIGEST_BYTES).digest()


def information_state(observe: Observe, step: Step, state: Any, seat: int) -> InformationState:
    """The information state of ``seat`` at ``state``: its observations and actions, in order.

    Each state's information state is remembered on its trail, so a state whose parent was
    asked before costs one observation. A state of the history that no longer lives is
    replayed (``step``) from the nearest earlier one that does.

    Args:
        observe: the game's view of a state for a seat (its ``observation``).
        step: the game's ``apply`` of an action to a state (for replays).
        state: a state; its trail (when the engine made it) leads back to the start.
        seat: the seat whose information state it is.
    """
    # Walk back to the first state whose information state is known (or the start), without
    # recursion: a game may be thousands of actions long.
    pending: list[tuple[Any, Trail | None]] = []
    known: InformationState | None = None
    link: tuple[Any, Trail | None] | None = (state, trail_of(state))
    while link is not None:
        trail = link[1]
        if trail is not None and trail.known is not None and seat in trail.known:
            known = trail.known[seat]
            break
        pending.append(link)
        link = _back(trail)
    pending.reverse()
    for (past, trail), alive in zip(pending, _alive(pending, link, step), strict=True):
        seen = _step(trail, seat, observe(alive if past is None else past, seat))
        known = InformationState.first(seat, seen) if known is None else known.then(seen)
        if trail is not None:
            if trail.known is None:
                trail.known = {}
            trail.known[seat] = known
    assert known is not None  # ``pending`` held ``state`` at least, or ``state`` was known
    return known


def _alive(
    pending: list[tuple[Any, Trail | None]], before: tuple[Any, Trail | None] | None, step: Step
) -> list[Any]:
    """The states of ``pending`` (oldest first), those no longer alive replayed.

    ``before`` is the link right before ``pending``'s first (None at the start of the
    history). A replay starts at the latest state still alive before the first one missing,
    walking back past ``before`` if need be (the first state of a history is always alive).
    """
    found = [past for past, _ in pending]
    if all(past is not None for past in found):
        return found
    missing = next(k for k, past in enumerate(found) if past is None)

    def earlier() -> Iterator[tuple[Any, Trail | None]]:
        # The links before the first missing state, newest first, back to the start.
        for k in range(missing - 1, -1, -1):
            yield pending[k]
        link = before
        while link is not None:
            yield link
            link = _back(link[1])

    replay: list[Action] = []  # the actions from a state alive on, newest first
    current: Any = None
    for past, trail in earlier():
        if past is not None:
            current = past
            break
        assert trail is not None and trail.action is not None
        replay.append(trail.action)
    assert current is not None, "the first state of a history is alive"
    for action in reversed(replay):
        current = step(current, action)
    for k in range(missing, len(found)):
        trail = pending[k][1]
        if found[k] is None:
            assert trail is not None and trail.action is not None
            found[k] = step(current, trail.action)
        current = found[k]
    return found
