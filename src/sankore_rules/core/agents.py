"""Building blocks of the action spaces and tensor layouts the games give learning agents.

A game's action space (the protocol [`ActionSpace`][sankore_rules.core.game.ActionSpace]) is a
list of families, each one kind of action with its words ranging over the game's tables;
[`NumberedSpace`][sankore_rules.core.agents.NumberedSpace] numbers them in order and answers
both ways, refusing in words what it does not hold. A game's observation tensor (the protocol
[`TensorLayout`][sankore_rules.core.game.TensorLayout]) is a list of named segments, each a
block of labelled axes; [`SegmentedLayout`][sankore_rules.core.agents.SegmentedLayout] lays
them out, and a [`Writer`][sankore_rules.core.agents.Writer] collects a state's non-zero values
by segment and position before writing them into the caller's buffer.

A state changes little from one decision to the next, and its unchanged parts are the same
objects (``apply`` copies only along the path that changes; a sealed state never changes). So a
layout answers ``update``: it brings a buffer that shows one state up to another and says, in a
[`Sketch`][sankore_rules.core.agents.Sketch], what the buffer shows now. By default it collects
the whole view as [`Part`][sankore_rules.core.agents.Part]s (each the non-zero values one piece
of the state gives) and rewrites only the parts that changed
([`rewrite`][sankore_rules.core.agents.rewrite]); a game's layout may compare the two states
themselves and rewrite only the entries that changed (Sankoré's does). A door keeps one buffer
and its sketch per seat and rewrites it state after state.

Nothing here imports numpy: the buffer comes from the caller (the AI door allocates a numpy
array and writes through a memoryview of it); a Python list of floats serves as well.
"""

from __future__ import annotations

import functools
import hashlib
import math
import operator
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar

from attrs import frozen

from sankore_rules.core.actions import Action, action_problem

__all__ = [
    "MAX_AXES",
    "Family",
    "NumberedSpace",
    "Part",
    "Segment",
    "SegmentedLayout",
    "Sketch",
    "Writer",
    "number",
    "rewrite",
]

#: One piece of a tensor: the value at each position it sets (every other position is 0). A
#: part is never changed once made: two parts are compared by identity, or as sets of items.
Part: TypeAlias = Mapping[int, float]


class _Ruleset(Protocol):
    @property
    def name(self) -> str: ...
    @property
    def content_hash(self) -> str: ...


RulesT = TypeVar("RulesT", bound=_Ruleset)
BuiltT = TypeVar("BuiltT")


def per_ruleset(build: Callable[[RulesT], BuiltT]) -> Callable[[RulesT], BuiltT]:
    """``build`` run once per ruleset (by content hash and name), its result kept and reused.

    A game's action space and tensor layout are asked for at every step of a game; they are
    functions of the tables, so they are made once.
    """
    made: dict[tuple[str, str], BuiltT] = {}

    @functools.wraps(build)
    def cached(rules: RulesT) -> BuiltT:
        key = (rules.content_hash, rules.name)
        found = made.get(key)
        if found is None:
            found = made[key] = build(rules)
        return found

    return cached


@frozen
class Family:
    """The actions of one kind and shape, numbered ``start`` to ``stop - 1``.

    Attributes:
        pattern: the notation with its words named (``transfer <from> <to>``).
        meaning: what the family's words range over, and the rule that limits them.
        start: the index of its first action; ``stop`` one past its last.
        actions: its actions, in index order.
    """

    pattern: str
    meaning: str
    start: int
    stop: int
    actions: tuple[Action, ...]


@frozen
class NumberedSpace:
    """A fixed numbering of every action of one ruleset (an ``ActionSpace``).

    Attributes:
        game: the game's name; ``rules_name`` the ruleset's, ``rules_hash`` its content hash.
        families: the families in index order.
        actions: every action, the one at position ``i`` numbered ``i``.
        indices: each action's number.
        digest: a short hash of the whole numbering: two rulesets with the same digest number
            their actions alike.
    """

    game: str
    rules_name: str
    rules_hash: str
    families: tuple[Family, ...]
    actions: tuple[Action, ...]
    indices: Mapping[Action, int]
    digest: str

    def __len__(self) -> int:
        return len(self.actions)

    @property
    def size(self) -> int:
        """How many distinct actions there are."""
        return len(self.actions)

    def index(self, action: Action) -> int:
        """The index of ``action``.

        Raises:
            ValueError: for something that is no well-formed Action, or an action no decision
                of this ruleset can list.
        """
        found = self.indices.get(action) if type(action) is Action else None
        if found is not None:
            return found
        problem = action_problem(action)
        if problem is not None:
            raise ValueError(problem)
        raise ValueError(f"'{action}' is not an action of ruleset {self.rules_name!r}")

    def action(self, index: int) -> Action:
        """The action numbered ``index`` (an int or numpy integer, not a bool or a float).

        Raises:
            ValueError: for an index outside ``0..size-1``, or no integer.
        """
        try:
            i = operator.index(index)
        except TypeError:
            i = -1
        if isinstance(index, bool) or not 0 <= i < len(self.actions):
            raise ValueError(f"action index must be 0..{len(self.actions) - 1}, got {index!r}")
        return self.actions[i]


def number(
    game: str,
    rules_name: str,
    rules_hash: str,
    families: Iterable[tuple[str, str, Sequence[Action]]],
) -> NumberedSpace:
    """The space numbering ``families`` ((pattern, meaning, actions) each) in order.

    The digest hashes the notation of every action in order, so it is the same in every
    process whatever the string hashing.
    """
    made: list[Family] = []
    actions: list[Action] = []
    for pattern, meaning, members in families:
        made.append(
            Family(pattern, meaning, len(actions), len(actions) + len(members), tuple(members))
        )
        actions += members
    indices = {a: i for i, a in enumerate(actions)}
    assert len(indices) == len(actions), "an action numbered twice"
    digest = hashlib.sha256("\n".join(map(str, actions)).encode()).hexdigest()[:16]
    return NumberedSpace(game, rules_name, rules_hash, tuple(made), tuple(actions), indices, digest)


@frozen
class Segment:
    """A named block of the tensor: ``tensor[start:stop]`` laid out row-major over ``shape``.

    Attributes:
        name: the segment's name (``player.books``).
        axes: what each axis runs over (``seat``, ``discipline``).
        labels: the labels along each axis, in order.
        encoding: how a value is written (``one-hot``, ``count / 3``...).
        meaning: what the segment shows.
        start: its first position in the flat tensor; ``stop`` one past its last.
        shape: one length per axis.
    """

    name: str
    axes: tuple[str, ...]
    labels: tuple[tuple[str, ...], ...]
    encoding: str
    meaning: str
    start: int
    stop: int
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many values the segment holds."""
        return self.stop - self.start


#: The most axes a segment has.
MAX_AXES = 4
#: A segment as a game declares it: name, {axis: labels}, encoding, meaning.
SegmentSpec = tuple[str, Mapping[str, Sequence[str]], str, str]


class SegmentedLayout:
    """A tensor layout of named segments (a ``TensorLayout`` but for ``write``).

    A game subclasses it and writes ``fill``, which collects one seat's view of a state in a
    [`Writer`][sankore_rules.core.agents.Writer] (or overrides ``collect``, ``write`` and
    ``update`` with writers of its own); ``write`` checks the state and the seat first.

    Attributes:
        game: the game's name; ``rules_name`` the ruleset's, ``rules_hash`` its content hash.
        state_type: the class of the game's states.
        parts: the segments in order, with their axes and labels.
        size: the tensor's length.
        offsets: each segment's start and the strides of its axes, by name.
    """

    def __init__(
        self,
        game: str,
        state_type: type,
        rules: tuple[str, str],
        specs: Iterable[SegmentSpec],
    ) -> None:
        self.game = game
        self.state_type: type[Any] = state_type
        self.rules_name, self.rules_hash = rules
        parts: list[Segment] = []
        start = 0
        for name, axes, encoding, meaning in specs:
            labels = tuple(tuple(v) for v in axes.values())
            shape = tuple(len(v) for v in labels)
            stop = start + math.prod(shape)
            parts.append(Segment(name, tuple(axes), labels, encoding, meaning, start, stop, shape))
            start = stop
        assert len({p.name for p in parts}) == len(parts), "two segments of one name"
        self.parts: tuple[Segment, ...] = tuple(parts)
        self.size: int = start
        # Each segment's start and the strides of its axes, padded to four: positions are
        # worked out with fixed arguments, which costs far less than a loop per value.
        self.offsets: dict[str, tuple[int, int, int, int, int]] = {}
        for p in parts:
            assert len(p.shape) <= MAX_AXES, f"{p.name}: more than {MAX_AXES} axes"
            strides = [math.prod(p.shape[k + 1 :]) for k in range(len(p.shape))]
            a, b, c, d = (*strides, 0, 0, 0, 0)[:MAX_AXES]
            self.offsets[p.name] = (p.start, a, b, c, d)

    @property
    def segments(self) -> tuple[tuple[str, int], ...]:
        """The named parts of the vector, in order, with their lengths."""
        return tuple((p.name, p.size) for p in self.parts)

    def views(self, tensor: Any) -> dict[str, Any]:
        """Each segment of a numpy ``tensor`` by name, reshaped, sharing its memory."""
        return {p.name: tensor[p.start : p.stop].reshape(p.shape) for p in self.parts}

    def seat_turn(self, n: int, shift: int) -> list[tuple[int, int, list[int]]]:
        """Where each value of one seat's view comes from in the view of another seat.

        Seen from seat ``b``, row ``s`` of a ``seat`` axis shows player ``(b + s) % n``: it is
        row ``(s + shift) % n`` of the view from seat ``(b - shift) % n``. Returned as spans
        ``(lo, hi, sources)``: ``view[lo:hi]`` takes the other view's values at ``sources``.
        The spans cover every segment with a ``seat`` axis; everything else is the same in
        both views, but what a layout shows one seat only (a hand).
        """
        spans: list[tuple[int, int, list[int]]] = []
        for p in self.parts:
            if "seat" not in p.axes:
                continue
            k = p.axes.index("seat")
            inner = math.prod(p.shape[k + 1 :])
            outer, rows = math.prod(p.shape[:k]), p.shape[k]
            sources = list(range(p.start, p.stop))
            for o in range(outer):
                for s in range(min(n, rows)):
                    at = (o * rows + s) * inner
                    source = p.start + (o * rows + (s + shift) % n) * inner
                    sources[at : at + inner] = range(source, source + inner)
            if spans and spans[-1][1] == p.start:
                lo, _, before = spans.pop()
                spans.append((lo, p.stop, before + sources))
            else:
                spans.append((p.start, p.stop, sources))
        return spans

    def check(self, state: Any, player: int) -> int:
        """``player`` as a seat of ``state``.

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        if not isinstance(state, self.state_type) or state.rules_hash != self.rules_hash:
            raise ValueError(f"not a state of the {self.game} ruleset {self.rules_name!r}")
        seats = state.player_count
        if isinstance(player, bool) or not 0 <= player < seats:
            raise ValueError(f"player must be 0..{seats - 1}, got {player!r}")
        return int(player)

    def write(self, state: Any, player: int, out: Any) -> None:
        """Write what ``player`` sees of ``state`` into the zeroed buffer ``out``.

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        positions: list[int] = []
        values: list[float] = []
        for part in self.pieces(state, player):
            positions += part.keys()
            values += part.values()
        try:  # a numpy array takes every position in one assignment
            out[positions] = values
        except TypeError:
            for i, v in zip(positions, values, strict=True):
                out[i] = v

    def pieces(self, state: Any, player: int) -> list[Part]:
        """What ``player`` sees of ``state``, as parts whose positions never overlap.

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        return self.collect(state, self.check(state, player))

    def update(self, state: Any, player: int, out: Any, sketch: Sketch | None) -> Sketch:
        """Make ``out`` show what ``player`` sees of ``state``, and say what it shows now.

        ``out`` is a buffer of ``size`` floats that shows ``sketch`` (zeroed when ``sketch``
        is None), as the previous call on it returned. This one collects every part and
        rewrites the slots whose part is not the same object as before; a game's layout may
        compare the states themselves and make only the parts that changed.

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        viewer = self.check(state, player)
        parts = self.collect(state, viewer)
        rewrite(out, () if sketch is None else sketch.parts, parts)
        return Sketch(None, viewer, parts)

    def collect(self, state: Any, viewer: int) -> list[Part]:
        """The parts of seat ``viewer``'s view; by default one, made by ``fill`` each time."""
        w = Writer(self.offsets)
        self.fill(state, viewer, w)
        return [w.part()]

    def fill(self, state: Any, viewer: int, w: Writer) -> None:
        """Collect in ``w`` what seat ``viewer`` sees of ``state`` (each game writes its own)."""
        raise NotImplementedError(f"{type(self).__name__} does not fill a tensor")

    def __repr__(self) -> str:
        return f"<{self.game} tensor of {self.rules_name}: {self.size} values>"


class Writer:
    """Collects a tensor's non-zero values by segment and index, then gives them as a part.

    Positions are worked out in Python and the buffer written at the end (by the layout's
    ``write``, or by ``update`` from the parts), so a layout's ``fill`` reads as the list of
    what it shows.
    """

    def __init__(self, offsets: Mapping[str, tuple[int, int, int, int, int]]) -> None:
        self.offsets = offsets
        self.values: dict[int, float] = {}

    def at(self, name: str, i: int = 0, j: int = 0, k: int = 0, m: int = 0) -> int:
        """The flat position of index ``(i, j, k, m)`` (trailing axes 0) in segment ``name``."""
        start, a, b, c, d = self.offsets[name]
        return start + i * a + j * b + k * c + m * d

    def one(self, name: str, i: int = 0, j: int = 0, k: int = 0, m: int = 0) -> None:
        """Set the value at index ``(i, j, k, m)`` of segment ``name`` to 1."""
        start, a, b, c, d = self.offsets[name]
        self.values[start + i * a + j * b + k * c + m * d] = 1.0

    def flag(self, name: str, on: bool, i: int = 0) -> None:
        """Set the value at ``i`` of segment ``name`` to 1 if ``on``."""
        if on:
            self.one(name, i)

    def put(self, name: str, value: float, i: int = 0, j: int = 0, k: int = 0) -> None:
        """Set the value at index ``(i, j, k)`` of segment ``name`` (a value in [0, 1])."""
        if value:
            start, a, b, c, _ = self.offsets[name]
            self.values[start + i * a + j * b + k * c] = value

    def row(self, name: str, values: Sequence[float], scale: float, i: int = 0) -> None:
        """Set the last axis of segment ``name`` (at ``i`` of its first) to ``values / scale``."""
        start, a, _, _, _ = self.offsets[name]
        base = start + i * a
        for j, value in enumerate(values):
            if value:
                self.values[base + j] = value / scale

    def part(self) -> Part:
        """What was collected, as a part (the writer is done with it)."""
        return self.values


class Sketch:
    """What a buffer shows: the state it was written from, the seat, the part in each slot.

    [`SegmentedLayout.update`][sankore_rules.core.agents.SegmentedLayout.update] returns one
    and takes it back with the same buffer; the door keeps it and never looks inside.

    Attributes:
        state: the sealed state the buffer shows, or None when the next update must compare
            parts (a draft's, or a layout that does not compare states).
        viewer: the seat it is seen from.
        parts: the part in each of the layout's slots, in slot order.
        marks: whatever else the layout compares the next state with (its own business).
    """

    __slots__ = ("marks", "parts", "state", "viewer")

    def __init__(self, state: Any, viewer: int, parts: list[Part], marks: Any = None) -> None:
        self.state = state
        self.viewer = viewer
        self.parts = parts
        self.marks = marks


def rewrite(out: Any, before: Sequence[Part], after: Sequence[Part]) -> None:
    """Make ``out``, which shows the parts ``before``, show the parts ``after``.

    Slot by slot when both have as many: a part that is the same object stays as written, and
    of one that changed only the positions it no longer sets are cleared and only the values
    that differ are written. Every changed slot is cleared before any is written, so the slots
    of a layout need not keep to regions of their own.
    """
    if len(before) == len(after):
        changed = [(old, new) for old, new in zip(before, after, strict=True) if old is not new]
        for old, new in changed:
            for i in old.keys() - new.keys():
                out[i] = 0.0
        for old, new in changed:
            for i, value in new.items() - old.items():
                out[i] = value
        return
    for old in before:
        for i in old:
            out[i] = 0.0
    for new in after:
        for i, value in new.items():
            out[i] = value
