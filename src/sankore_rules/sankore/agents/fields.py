"""How Sankoré's observation tensor is kept: the kinds of fields, and a view's frame.

Each field of ``State`` the tensor shows, and each field of a ``PlayerState`` seen from that
player's seat, has a writer of its own positions, ``put(out, seen, value, on)``
(``sankore/agents/writers.py``): ``on`` is 1.0 to write the value's entries and 0.0 to clear
them, and ``seen`` is what the value is seen with (the view's ``Frame``: the viewer's seat and
the player count; or, for a player's fields, the player's ``Seat`` in it). A field is one of
five kinds, which say how two of its values are compared: a ``Dense`` value writes the same
positions whatever it is, a ``Scalar`` is rewritten whole, an ``Indexed`` sequence entry by
entry where the entries are not the same objects, a ``Keyed`` mapping and a ``Members``
collection by the entries that came and went. A ``Frame`` holds the writers for one view,
writes a state whole or rewrites what changed from another, and remembers where each value it
met wrote what; ``tensor.py``'s layout keeps a frame per view.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Mapping
from itertools import compress
from typing import Any, NamedTuple, TypeAlias

from sankore_rules.sankore.agents.segments import RESOURCE_CAP, Index
from sankore_rules.sankore.state import SCHOLAR, PlayerState, State
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = [
    "Change",
    "Dense",
    "Field",
    "Frame",
    "Indexed",
    "Keyed",
    "Kind",
    "Members",
    "Put",
    "Scalar",
    "Seat",
    "Writers",
]

#: A field's writer: ``put(out, seen, value, on)``.
Put: TypeAlias = Callable[[Any, Any, Any, float], None]
#: How a field's two values are compared.
Kind: TypeAlias = "type[Dense] | type[Scalar] | type[Indexed] | type[Keyed] | type[Members]"
#: A field as a frame holds it: its kind, its writer, what it is seen with.
Field: TypeAlias = tuple[Kind, Put, Any]
#: A field's rewrite in a frame: ``change(out, old, new)`` makes ``out`` show ``new``.
Change: TypeAlias = Callable[[Any, Any, Any], None]


class Writers(NamedTuple):
    """The writers of a layout's fields, which a ``Frame`` binds to its view.

    Attributes:
        state: per field of ``State`` shown, (field, kind, writer).
        player: per field of ``PlayerState`` shown, (field, kind, writer).
        plain: the writers a frame calls as they are, without remembering their values:
            those whose values are not hashable or hardly repeat.
        viewed: the writers of ``State`` fields whose positions depend on the viewer's seat;
            the others write the same for every viewer of a game of one shape.
    """

    state: tuple[tuple[str, Kind, Put], ...]
    player: tuple[tuple[str, Kind, Put], ...]
    plain: frozenset[Put]
    viewed: frozenset[Put]


# ---- how a field's two values are compared ------------------------------------------------------


class Dense:
    """A value that writes the same positions whatever it is: the new one is written over."""

    @staticmethod
    def all(put: Put, out: Any, seen: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        put(out, seen, value, on)

    @staticmethod
    def diff(put: Put, out: Any, seen: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        put(out, seen, new, 1.0)


class Scalar(Dense):
    """A value rewritten whole: its old entries cleared, its new ones written."""

    @staticmethod
    def diff(put: Put, out: Any, seen: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        put(out, seen, old, 0.0)
        put(out, seen, new, 1.0)


class Indexed:
    """A sequence whose entries are (index, element): the elements that changed are rewritten.

    The entries of two indices write different positions.
    """

    @staticmethod
    def all(put: Put, out: Any, seen: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for entry in enumerate(value):
            put(out, seen, entry, on)

    @staticmethod
    def diff(put: Put, out: Any, seen: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        if len(old) != len(new):
            Indexed.all(put, out, seen, old, 0.0)
            Indexed.all(put, out, seen, new, 1.0)
            return
        for i in compress(range(len(new)), map(operator.is_not, new, old)):
            put(out, seen, (i, old[i]), 0.0)
            put(out, seen, (i, new[i]), 1.0)


class Keyed:
    """A mapping whose entries are its items: those gone are cleared, then those new written.

    The entries of two keys write different positions.
    """

    @staticmethod
    def all(put: Put, out: Any, seen: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for entry in value.items():
            put(out, seen, entry, on)

    @staticmethod
    def diff(put: Put, out: Any, seen: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        keys = tuple(new)
        if keys[: len(old)] == tuple(old):
            # The common case: a copy with an item changed or added (``with_item`` keeps the
            # order of the keys), so the values are compared by identity in key order.
            for key in compress(keys, map(operator.is_not, new.values(), old.values())):
                put(out, seen, (key, old[key]), 0.0)
                put(out, seen, (key, new[key]), 1.0)
            for key in keys[len(old) :]:
                put(out, seen, (key, new[key]), 1.0)
            return
        for entry in old.items() - new.items():
            put(out, seen, entry, 0.0)
        for entry in new.items() - old.items():
            put(out, seen, entry, 1.0)


class Members:
    """A collection of distinct entries, each writing positions of its own."""

    @staticmethod
    def all(put: Put, out: Any, seen: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for entry in value:
            put(out, seen, entry, on)

    @staticmethod
    def diff(put: Put, out: Any, seen: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        for entry in set(old).difference(new):
            put(out, seen, entry, 0.0)
        for entry in set(new).difference(old):
            put(out, seen, entry, 1.0)


# ---- a view: the viewer's seat, the player count ------------------------------------------------


class Frame:
    """The writers of one view: from seat ``viewer`` of games of ``n`` players, solo or not.

    Attributes:
        fields: per field of ``State`` shown, (kind, writer, what it is seen with);
            ``watched`` gets those fields of a state, in the same order, and ``changes``
            rewrites each.
        players: per seat, the getter of its ``PlayerState``'s fields, their fields and
            their rewrites.
    """

    def __init__(
        self,
        ix: Index,
        at: Mapping[str, tuple[int, int, int, int, int]],
        viewer: int,
        n: int,
        solo: bool,
        writers: Writers,
        memory: dict[tuple[Any, ...], dict[Any, Any]],
    ) -> None:
        self.viewer, self.n, self.solo = viewer, n, solo
        self.ix, self.at = ix, at
        names = [name for name, _, _ in writers.state if solo or name != "solo"]

        def known(put: Put, *seen: object) -> dict[Any, Any] | None:
            # What a writer remembers is shared by the views in which it writes alike.
            return None if put in writers.plain else memory.setdefault((put, n, solo, *seen), {})

        made = [
            _bind(kind, put, self, known(put, viewer if put in writers.viewed else None))
            for name, kind, put in writers.state
            if name in names
        ]
        self.fields: tuple[Field, ...] = tuple(field for field, _ in made)
        self.changes: tuple[Change, ...] = tuple(change for _, change in made)
        self.watched = operator.attrgetter(*names)
        self.indices = range(len(self.fields))
        self.players: list[
            tuple[Callable[[PlayerState], tuple[Any, ...]], tuple[Field, ...], tuple[Change, ...]]
        ] = []
        watch = operator.attrgetter(*(name for name, _, _ in writers.player))
        for p in range(n):
            seat = Seat(self, p)
            bound = [
                _bind(kind, put, seat, known(put, seat.s, seat.scholar))
                for _, kind, put in writers.player
            ]
            self.players.append(
                (watch, tuple(field for field, _ in bound), tuple(change for _, change in bound))
            )
        self.seats = range(n)
        self.player_indices = range(len(writers.player))

    def write(self, out: Any, state: State, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``state``'s view."""
        for (kind, put, seen), value in zip(self.fields, self.watched(state), strict=True):
            kind.all(put, out, seen, value, on)
        for (watch, fields, _), pl in zip(self.players, state.players, strict=True):
            for (kind, put, seen), value in zip(fields, watch(pl), strict=True):
                kind.all(put, out, seen, value, on)

    def update(self, out: Any, state: State, before: State, marks: list[Any]) -> None:
        """Rewrite, in ``out`` which shows ``before``, the entries ``state`` changed.

        ``marks`` holds what the fields of ``before`` were (``watched``, then each player's),
        and is brought up to ``state``.
        """
        now = self.watched(state)
        then = marks[1]
        changes = self.changes
        for k in compress(self.indices, map(operator.is_not, now, then)):
            changes[k](out, then[k], now[k])
        marks[1] = now
        players, earlier = state.players, before.players
        if players is not earlier:
            shown = marks[2]
            indices = self.player_indices
            for p in compress(self.seats, map(operator.is_not, players, earlier)):
                watch, _, changes = self.players[p]
                now = watch(players[p])
                then = shown[p]
                for k in compress(indices, map(operator.is_not, now, then)):
                    changes[k](out, then[k], now[k])
                shown[p] = now

    def rel(self, player: int) -> int:
        """``player``'s seat counted from the viewer's."""
        return (player - self.viewer) % self.n


#: The most values a field's frame remembers before it forgets them all (a bound on memory).
_REMEMBER = 4096


class _Noted:
    """A buffer that notes the (position, value) of every write, in order."""

    def __init__(self) -> None:
        self.items: list[tuple[int, float]] = []

    def __setitem__(self, i: int, value: float) -> None:
        self.items.append((i, value))


def _bind(
    kind: Kind, put: Put, seen: Any, known: dict[Any, tuple[tuple[int, float], ...]] | None
) -> tuple[Field, Change]:
    """The field ``put`` of kind ``kind`` seen by ``seen``, and its rewrite.

    Unless ``known`` is None, the writer remembers in it where each value it met wrote what:
    a field's values repeat (a Student on a space, a piece's owner, a shelf's Books), and
    looking a value up costs less than working out its positions again. The two simplest
    kinds, which most changes are, rewrite with no call to the writer at all.
    """
    if known is None:
        return (kind, put, seen), _plain_change(kind, put, seen)

    def learn(value: Any) -> tuple[tuple[int, float], ...]:
        if len(known) >= _REMEMBER:
            known.clear()
        noted = _Noted()
        put(noted, seen, value, 1.0)
        found = known[value] = tuple(noted.items)
        return found

    def remembered(out: Any, _seen: Any, value: Any, on: float) -> None:
        found = known.get(value)
        for i, v in learn(value) if found is None else found:
            out[i] = v * on

    def dense(out: Any, old: Any, new: Any) -> None:
        found = known.get(new)
        for i, v in learn(new) if found is None else found:
            out[i] = v

    def scalar(out: Any, old: Any, new: Any) -> None:
        found = known.get(old)
        for i, _ in learn(old) if found is None else found:
            out[i] = 0.0
        dense(out, old, new)

    def entries(out: Any, old: Any, new: Any) -> None:
        diff(remembered, out, seen, old, new)

    diff = kind.diff
    change = dense if kind is Dense else scalar if kind is Scalar else entries
    return (kind, remembered, seen), change


def _plain_change(kind: Kind, put: Put, seen: Any) -> Change:
    """The rewrite of a field whose writer is called each time."""
    diff = kind.diff

    def change(out: Any, old: Any, new: Any) -> None:
        diff(put, out, seen, old, new)

    return change


class Seat:
    """A player seen from the viewer: its seat ``s``, whether the viewer sees its hand."""

    def __init__(self, frame: Frame, p: int) -> None:
        self.frame, self.ix, self.at = frame, frame.ix, frame.at
        self.s = frame.rel(p)
        # OBJ-1: a hand is seen by its holder only; the Scholar's deck by nobody (SOLO-SET-9).
        self.scholar = frame.solo and p == SCHOLAR
        self.sees_hand = p == frame.viewer and not self.scholar
        limits, counts = frame.ix.rules.limits, frame.ix.rules.counts
        self.caps = [RESOURCE_CAP * getattr(limits, resource) for resource in RESOURCES]
        self.book_cap, self.books_dealt = limits.books_per_discipline, counts.books_per_discipline
        self.prestige_scale = counts.prestige_per_discipline
        self.pieces_scale = counts.pieces_per_type
        self.dealt = counts.objectives_dealt
        # Where this seat's row of each player segment starts.
        self.base = {
            name: start + self.s * a
            for name, (start, a, _, _, _) in frame.at.items()
            if name.startswith("player.")
        }
