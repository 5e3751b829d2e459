"""How Sankoré's observation tensor is kept: the kinds of fields, and a view's frame.

Each field of ``State`` the tensor shows, and each field of a ``PlayerState`` seen from that
player's seat, has a writer of its own positions, ``put(out, seen, value, on)``
(``sankore/agents/writers.py``): ``on`` is 1.0 to write the value's entries and 0.0 to clear
them, and ``seen`` is what the value is seen with (the view's ``Frame``: the viewer's seat and
the player count; or, for a player's fields, the player's ``Seat`` in it). A frame asks a
writer once per value and remembers what it wrote where (a ``Memo``): ``known[value]`` is the
(position, value) pairs of one value, or of one entry of a collection. A field is one of five
kinds, which say how two of its values are compared and rewrite ``out`` through ``known``: a
``Dense`` value writes the same positions whatever it is, a ``Scalar`` is rewritten whole, an
``Indexed`` sequence entry by entry where the entries are not the same objects, a ``Keyed``
mapping and a ``Members`` collection by the entries that came and went. A ``Frame`` holds the
fields of one view, writes a state whole or rewrites what changed from another; ``tensor.py``'s
layout keeps a frame per view.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Callable, Hashable, Mapping
from itertools import compress
from typing import Any, NamedTuple, TypeAlias

from sankore_rules.sankore.agents.segments import RESOURCE_CAP, Index
from sankore_rules.sankore.state import SCHOLAR, PlayerState, State
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = [
    "Change",
    "Dense",
    "Entries",
    "Field",
    "Frame",
    "Indexed",
    "Keyed",
    "Kind",
    "Known",
    "Members",
    "Memo",
    "Put",
    "Scalar",
    "Seat",
    "View",
    "Writers",
]

#: A field's writer: ``put(out, seen, value, on)``.
Put: TypeAlias = Callable[[Any, Any, Any, float], None]
#: How a field's two values are compared.
Kind: TypeAlias = "type[Dense] | type[Scalar] | type[Indexed] | type[Keyed] | type[Members]"
#: What one value (or entry) of a field writes: (position, value) pairs.
Entries: TypeAlias = "tuple[tuple[int, float], ...] | list[tuple[int, float]]"
#: Where each value of a field writes what, by subscript: ``known[value]`` (``Memo``).
Known: TypeAlias = "Memo | _Fresh | _Viewed | _LastSeen"
#: A field as a frame holds it: its kind, and where its values write what.
Field: TypeAlias = tuple[Kind, Known]
#: A field's rewrite in a frame: ``change(out, old, new)`` makes ``out`` show ``new``.
Change: TypeAlias = Callable[[Any, Any, Any], None]
#: What a field's writer is given of a value: ``view(seen, value)``, hashable.
View: TypeAlias = Callable[[Any, Any], Hashable]


class Writers(NamedTuple):
    """The writers of a layout's fields, which a ``Frame`` binds to its view.

    Attributes:
        state: per field of ``State`` shown, (field, kind, writer).
        player: per field of ``PlayerState`` shown, (field, kind, writer).
        plain: the writers a frame calls as they are, without remembering their values:
            those whose values are not hashable or hardly repeat.
        viewed: the writers of ``State`` fields whose positions depend on the viewer's seat;
            the others write the same for every viewer of a game of one shape.
        views: the writers given a view of their field's value rather than the value: what
            of a value not hashable (a decision) its entries depend on, by which a frame
            remembers them.
    """

    state: tuple[tuple[str, Kind, Put], ...]
    player: tuple[tuple[str, Kind, Put], ...]
    plain: frozenset[Put]
    viewed: frozenset[Put]
    views: Mapping[Put, View]


# ---- how a field's two values are compared ------------------------------------------------------


class Dense:
    """A value that writes the same positions whatever it is: the new one is written over."""

    @staticmethod
    def all(known: Known, out: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for i, v in known[value]:
            out[i] = v * on

    @staticmethod
    def diff(known: Known, out: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        for i, v in known[new]:
            out[i] = v


class Scalar(Dense):
    """A value rewritten whole: its old entries cleared, its new ones written."""

    @staticmethod
    def diff(known: Known, out: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        for i, _ in known[old]:
            out[i] = 0.0
        for i, v in known[new]:
            out[i] = v


class Indexed:
    """A sequence whose entries are (index, element): the elements that changed are rewritten.

    The entries of two indices write different positions.
    """

    @staticmethod
    def all(known: Known, out: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for entry in enumerate(value):
            for i, v in known[entry]:
                out[i] = v * on

    @staticmethod
    def diff(known: Known, out: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        if len(old) != len(new):
            Indexed.all(known, out, old, 0.0)
            Indexed.all(known, out, new, 1.0)
            return
        for k in compress(range(len(new)), map(operator.is_not, new, old)):
            for i, _ in known[k, old[k]]:
                out[i] = 0.0
            for i, v in known[k, new[k]]:
                out[i] = v


class Keyed:
    """A mapping whose entries are its items: those gone are cleared, then those new written.

    The entries of two keys write different positions.
    """

    @staticmethod
    def all(known: Known, out: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for entry in value.items():
            for i, v in known[entry]:
                out[i] = v * on

    @staticmethod
    def diff(known: Known, out: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        # Each key gone, or whose value is not the same object as before, is cleared; then
        # each key new or changed is written (two keys never share a position, but a key's
        # old and new entries may). A loop over the items costs less here than building key
        # sets and tuples: these mappings hold a few keys, rarely over twenty.
        now = new.get
        for key, was in old.items():
            if now(key, _GONE) is not was:
                for i, _ in known[key, was]:
                    out[i] = 0.0
        before = old.get
        for key, value in new.items():
            if before(key, _GONE) is not value:
                for i, v in known[key, value]:
                    out[i] = v


class Members:
    """A collection of distinct entries, each writing positions of its own."""

    @staticmethod
    def all(known: Known, out: Any, value: Any, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``value``."""
        for entry in value:
            for i, v in known[entry]:
                out[i] = v * on

    @staticmethod
    def diff(known: Known, out: Any, old: Any, new: Any) -> None:
        """Make ``out``, which shows ``old``, show ``new``."""
        for entry in set(old).difference(new):
            for i, _ in known[entry]:
                out[i] = 0.0
        for entry in set(new).difference(old):
            for i, v in known[entry]:
                out[i] = v


#: What a key missing from a mapping's earlier value is compared as (``Keyed``).
_GONE = object()


# ---- a view: the viewer's seat, the player count ------------------------------------------------


class Frame:
    """The fields of one view: from seat ``viewer`` of games of ``n`` players, solo or not.

    Attributes:
        fields: per field of ``State`` shown, (kind, entries): the entries each value of the
            field writes (``Known``); ``watched`` gets those fields of a state, in the same
            order, and ``changes`` rewrites each.
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
        memory: dict[tuple[Any, ...], Memo],
    ) -> None:
        self.viewer, self.n, self.solo = viewer, n, solo
        self.ix, self.at = ix, at
        names = [name for name, _, _ in writers.state if solo or name != "solo"]

        def bind(kind: Kind, put: Put, seen: Frame | Seat, *alike: object) -> Field:
            known: Known
            if put in writers.plain:
                known = _Fresh(put, seen)
            else:
                # What a writer remembers is shared by the views in which it writes alike.
                known = memory.setdefault((put, n, solo, *alike), Memo(put, seen))
            view = writers.views.get(put)
            if view is not None:
                known = _Viewed(known, view, seen)
            return kind, known

        self.fields: tuple[Field, ...] = tuple(
            bind(kind, put, self, viewer if put in writers.viewed else None)
            for name, kind, put in writers.state
            if name in names
        )
        self.changes: tuple[Change, ...] = _changes(self.fields)
        self.watched = operator.attrgetter(*names)
        self.indices = range(len(self.fields))
        self.players: list[
            tuple[Callable[[PlayerState], tuple[Any, ...]], tuple[Field, ...], tuple[Change, ...]]
        ] = []
        watch = operator.attrgetter(*(name for name, _, _ in writers.player))
        for p in range(n):
            seat = Seat(self, p)
            fields = tuple(
                bind(kind, put, seat, seat.s, seat.scholar) for _, kind, put in writers.player
            )
            self.players.append((watch, fields, _changes(fields)))
        self.seats = range(n)
        self.player_indices = range(len(writers.player))

    def write(self, out: Any, state: State, on: float) -> None:
        """Write (``on`` 1.0) or clear (0.0) every entry of ``state``'s view."""
        for (kind, known), value in zip(self.fields, self.watched(state), strict=True):
            kind.all(known, out, value, on)
        for (watch, fields, _), pl in zip(self.players, state.players, strict=True):
            for (kind, known), value in zip(fields, watch(pl), strict=True):
                kind.all(known, out, value, on)

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


class Memo(dict[Any, Entries]):
    """Where each value of one field, seen by ``seen``, writes what (a ``Known``).

    A field's values repeat (a Student on a space, a piece's owner, a shelf's Books), and
    looking a value up (one subscript) costs less than working out its positions again: a
    value met for the first time is written once by the field's writer into a ``_Noted``
    buffer and remembered (``__missing__``).
    """

    def __init__(self, put: Put, seen: Any) -> None:
        super().__init__()
        self.put, self.seen = put, seen

    def __missing__(self, value: Any) -> Entries:
        if len(self) >= _REMEMBER:
            self.clear()
        noted = _Noted()
        self.put(noted, self.seen, value, 1.0)
        found = self[value] = tuple(noted.items)
        return found


class _Fresh:
    """Where a value writes what, worked out by the field's writer at each look (a ``Known``).

    For the fields whose values are not hashable or hardly repeat.
    """

    def __init__(self, put: Put, seen: Any) -> None:
        self.put, self.seen = put, seen

    def __getitem__(self, value: Any) -> Entries:
        noted = _Noted()
        self.put(noted, self.seen, value, 1.0)
        return noted.items


class _Viewed:
    """The entries of a field's value, looked up by what ``view`` makes of it (a ``Known``).

    For a field whose writer is given its value's view (a decision's shape) rather than the
    value: the view is hashable where the value is not, and repeats more often.
    """

    def __init__(self, known: Known, view: View, seen: Any) -> None:
        self.known, self.view, self.seen = known, view, seen

    def __getitem__(self, value: Any) -> Entries:
        return self.known[self.view(self.seen, value)]


class _LastSeen:
    """A ``_Viewed`` for rewrites: the value looked up last is answered by its identity.

    A rewrite's old value is, most times, the new value of the frame's previous rewrite, and
    working out a view costs more than an identity test. Only rewrites use it: they are given
    sealed states' values, which never change, so an answer kept for one object stays true (a
    draft's decision may still be edited, and its view is worked out at each look).
    """

    def __init__(self, known: _Viewed) -> None:
        self.known = known
        self.last: tuple[Any, Entries] = (_GONE, ())

    def __getitem__(self, value: Any) -> Entries:
        last, entries = self.last
        if value is not last:
            entries = self.known[value]
            self.last = (value, entries)
        return entries


def _changes(fields: tuple[Field, ...]) -> tuple[Change, ...]:
    """The rewrite of each of ``fields``: its kind's ``diff`` bound to where its values write."""
    return tuple(
        functools.partial(kind.diff, _LastSeen(known) if isinstance(known, _Viewed) else known)
        for kind, known in fields
    )


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
