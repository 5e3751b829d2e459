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
from collections.abc import Callable, Mapping
from typing import Any

from attrs import define, frozen

from sankore_rules.core.actions import Action

__all__ = [
    "DIGEST_BYTES",
    "InformationState",
    "Seen",
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


@define(slots=True, eq=False)
class Trail:
    """How the engine reached a state: the state it came from and the action applied to it.

    A state drawn by a sampler for one seat (see ``adopt``) has a trail with no parent: the
    seat's information state there is the one it was drawn from.

    Attributes:
        parent: the state the action was applied to (it stays alive as long as this one);
            None for a drawn state.
        action: the action applied; None for a drawn state.
        player: the seat that took it (the pending decision's player then).
        known: each seat's information state at the state holding this trail, once asked (a
            cache: the state is a value, so it never changes), and for a drawn state the
            information state of the seat it was drawn for.
    """

    parent: Any
    action: Action | None
    player: int | None
    known: dict[int, InformationState]


class _Ref(weakref.ref):  # type: ignore[type-arg]  # of any state
    """A weak reference to a state that knows the key of its entry in ``_TRAILS``."""

    __slots__ = ("key",)
    key: int


#: Each state's trail by the state's identity, with a weak reference that drops the entry when
#: the state is collected (states define ``__eq__`` without ``__hash__``, so no weak dict).
_TRAILS: dict[int, tuple[_Ref, Trail]] = {}


def _forget(gone: _Ref) -> None:
    """Drop the entry of a state that was collected (unless a newer state took its key)."""
    entry = _TRAILS.get(gone.key)
    if entry is not None and entry[0] is gone:
        del _TRAILS[gone.key]


def remember_trail(state: Any, parent: Any, action: Action, player: int | None) -> None:
    """Remember that ``state`` was made by applying ``action`` of ``player`` to ``parent``.

    The engine calls it for every state it makes; a state that takes no weak reference is
    left without a trail (its information state then starts with it).
    """
    _keep(state, Trail(parent, action, player, {}))


def adopt(sample: Any, information: InformationState) -> None:
    """Give ``sample``, drawn for ``information.seat``, that seat's information state.

    A sampler draws a state the seat cannot tell from the true one: the seat's information
    state there is the one the sample was drawn from, and the states that follow the sample
    extend it as they would extend the true state's. Other seats' histories start at the
    sample.
    """
    _keep(sample, Trail(None, None, None, {information.seat: information}))


def _keep(state: Any, trail: Trail) -> None:
    try:
        ref = _Ref(state, _forget)
    except TypeError:
        return
    ref.key = key = id(state)
    _TRAILS[key] = (ref, trail)


def trail_of(state: Any) -> Trail | None:
    """How the engine reached ``state``; None for a state it did not make."""
    entry = _TRAILS.get(id(state))
    if entry is None or entry[0]() is not state:
        return None
    return entry[1]


def history(state: Any) -> list[tuple[Any, Trail | None]]:
    """The states from the start of ``state``'s known history to ``state``, with their trails.

    The first has no trail, or no parent: its history starts there.
    """
    chain: list[tuple[Any, Trail | None]] = []
    current: Any = state
    while current is not None:
        trail = trail_of(current)
        chain.append((current, trail))
        current = None if trail is None else trail.parent
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


def information_state(observe: Observe, state: Any, seat: int) -> InformationState:
    """The information state of ``seat`` at ``state``: its observations and actions, in order.

    Each state's information state is remembered on its trail, so a state whose parent was
    asked before costs one observation.

    Args:
        observe: the game's view of a state for a seat (its ``observation``).
        state: a state; its trail (when the engine made it) leads back to the start.
        seat: the seat whose information state it is.
    """
    # Walk back to the first state whose information state is known (or the start), without
    # recursion: a game may be thousands of actions long.
    pending: list[tuple[Any, Trail | None]] = []
    known: InformationState | None = None
    current: Any = state
    while current is not None:
        trail = trail_of(current)
        if trail is not None and seat in trail.known:
            known = trail.known[seat]
            break
        pending.append((current, trail))
        current = None if trail is None else trail.parent
    for past, trail in reversed(pending):
        step = _step(trail, seat, observe(past, seat))
        known = InformationState.first(seat, step) if known is None else known.then(step)
        if trail is not None:
            trail.known[seat] = known
    assert known is not None  # ``pending`` held ``state`` at least
    return known
