"""Sankoré's observation tensor: what one seat may see, as a flat vector of values in [0, 1].

The layout writes everything [`observation`][sankore_rules.observation] shows a player, and
nothing it hides: the other players' Objective cards count only as how many they hold, a market
pile shows its top tile and its size, and the seed is nowhere; in a solo game the Scholar's
deck and bag are only counted and the card waiting for its draft is nowhere (SOLO-SET-8,
SOLO-SET-9, SOLO-SET-12). It is a list of named segments built from the tables, so a corrected
ruleset gets its own, and the docs page "Game-AI interfaces" prints the bundled one. Its shape
is the same for 2, 3 and 4 players, both Library sides and the solo game: the solo segments
come last and stay zero in a game of 2-4 players.

Every value lies in ``[0, 1]``: one-hot and multi-hot segments hold 0 or 1, counts are divided
by the most the component can reach (a Book count by the Bookshelf limit), and the few counts
with no such bound (Gold, Salt and Inspiration in the middle of a turn, turns played) are capped
at the scale the layout states. Players are seen from the viewer's seat: seat 0 is the viewer,
seat 1 the next player clockwise, and so on; seats past the player count are all zero, their
``seat.present`` flag off. So one network plays any seat. In a solo game the Scholar is the
other seat.

Speed (issue 29): every field of ``State`` and ``PlayerState`` the tensor shows has a writer of
its own positions, which writes a value's entries or clears them. ``SankoreLayout.update``
brings a seat's kept tensor from the state it shows to the next by comparing the two states'
fields by identity (a sealed state shares every container an action left alone) and rewriting
only the entries of the fields that changed, so a decision costs what it changed.

Examples:
    >>> import sankore_rules as sr
    >>> layout = tensor_layout(sr.load_rules())
    >>> layout.size
    7074
    >>> out = [0.0] * layout.size
    >>> layout.write(sr.new_game(players=3, seed=8), 0, out)
    >>> 0.0 <= min(out) and max(out) <= 1.0
    True
"""

from __future__ import annotations

from typing import Any

from sankore_rules.core.agents import Part, SegmentedLayout, Sketch, per_ruleset
from sankore_rules.sankore.agents.fields import Frame
from sankore_rules.sankore.agents.segments import (
    END_CAUSES,
    MARKET_SLOTS,
    RESOURCE_CAP,
    TURN_SCALE,
    Index,
    segments,
)
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State

__all__ = [
    "END_CAUSES",
    "MARKET_SLOTS",
    "RESOURCE_CAP",
    "TURN_SCALE",
    "SankoreLayout",
    "tensor_layout",
]


class SankoreLayout(SegmentedLayout):
    """The observation tensor's layout for one Sankoré ruleset (a ``TensorLayout``).

    Each field of ``State`` it shows (and each field of a ``PlayerState``, seen from that
    player's seat) has a writer of its own positions and a kind that says how two of its
    values are compared (``sankore/agents/fields.py``).

    ``update`` compares the fields of a state with those of the state the buffer shows, by
    identity (a sealed state shares every container an action left alone with the state it
    came from), and rewrites only the entries that changed: the cost of a decision is the
    size of what it changed, not of the tensor.

    Attributes:
        parts: the segments with their axes, labels, encodings and meanings.
        segments: (name, length) of each segment, in order; ``size`` the tensor's length.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ix = Index(rules)
        super().__init__(
            "sankore", State, (rules.name, rules.content_hash), segments(rules, self.ix)
        )
        self._frames: dict[tuple[int, int, bool], Frame] = {}

    def frame(self, viewer: int, n: int, solo: bool) -> Frame:
        """The writers of the view from seat ``viewer`` of a game of ``n`` players."""
        key = (viewer, n, solo)
        found = self._frames.get(key)
        if found is None:
            found = self._frames[key] = Frame(self.ix, self.offsets, viewer, n, solo)
        return found

    def write(self, state: State, player: int, out: Any) -> None:
        """Write what ``player`` sees of ``state`` into the zeroed buffer ``out``.

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        viewer = self.check(state, player)
        self.frame(viewer, state.player_count, state.solo is not None).write(out, state, 1.0)

    def collect(self, state: State, viewer: int) -> list[Part]:
        """What seat ``viewer`` sees of ``state``, as one part."""
        values: dict[int, float] = {}
        self.frame(viewer, state.player_count, state.solo is not None).write(values, state, 1.0)
        return [{i: v for i, v in values.items() if v}]

    def update(self, state: State, player: int, out: Any, sketch: Sketch | None) -> Sketch:
        """Make ``out`` show what ``player`` sees of ``state``, rewriting only what changed.

        ``out`` shows ``sketch`` (zeros when None). A sealed state never changes, so the
        fields that are the same objects as in the state ``out`` shows are left as written;
        a draft (``clone()``) may change, so its view is written whole, and so is the next
        one.

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        if sketch is not None and type(state) is State and type(player) is int:
            frame = sketch.marks[0]
            # The view ``out`` shows (a sealed state's, seen from a seat checked before): the
            # same seat of a state of this ruleset and shape is rewritten where it changed.
            if (
                frame is not _DRAFT
                and player == frame.viewer
                and state.player_count == frame.n
                and (state.solo is not None) == frame.solo
                and state.rules_hash == self.rules_hash
            ):
                before = sketch.state
                if before is not state:
                    frame.update(out, state, before, sketch.marks)
                    sketch.state = state
                return sketch
        return self._rewrite(state, self.check(state, player), out, sketch)

    def _rewrite(self, state: State, viewer: int, out: Any, sketch: Sketch | None) -> Sketch:
        """Clear what ``out`` shows and write ``state`` whole."""
        if sketch is not None:
            if sketch.marks[0] is _DRAFT:
                for i in sketch.marks[1]:
                    out[i] = 0.0
            else:
                sketch.marks[0].write(out, sketch.state, 0.0)
        frame = self.frame(viewer, state.player_count, state.solo is not None)
        if type(state) is not State:
            # A draft may be edited after this call: what it set is cleared next time.
            written = _Written(out)
            frame.write(written, state, 1.0)
            return Sketch(None, viewer, [], (_DRAFT, written.positions))
        frame.write(out, state, 1.0)
        seen = [watch(pl) for (watch, _), pl in zip(frame.players, state.players, strict=True)]
        return Sketch(state, viewer, [], [frame, frame.watched(state), seen])


#: The mark of a sketch that shows a draft.
_DRAFT = "draft"


class _Written:
    """A buffer that notes every position written to it (a draft's, to clear them later)."""

    def __init__(self, out: Any) -> None:
        self.out = out
        self.positions: set[int] = set()

    def __setitem__(self, i: int, value: float) -> None:
        self.out[i] = value
        self.positions.add(i)


@per_ruleset
def tensor_layout(rules: Rules) -> SankoreLayout:
    """The observation tensor's layout for ``rules``, built once per ruleset."""
    return SankoreLayout(rules)
