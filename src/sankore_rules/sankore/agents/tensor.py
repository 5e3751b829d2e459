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
only the entries of the fields that changed, so a decision costs what it changed. The frames
remember where each value of a field wrote what, and the decision by what the tensor shows of
it (whose, which kind, which discipline), so that a rewrite asks no writer but for a value
never met (``sankore/agents/fields.py``). A seat
whose own tensor is far behind (a round, in a game of several players) starts instead from the
tensor of the seat written last, turned to its seat (``follow``, ``adopt``, and the door's
``TensorWriter``), and so does a seat's first tensor.

Examples:
    >>> import sankore_rules as sr
    >>> layout = tensor_layout(sr.load_rules())
    >>> layout.size
    7081
    >>> out = [0.0] * layout.size
    >>> layout.write(sr.new_game(players=3, seed=8), 0, out)
    >>> 0.0 <= min(out) and max(out) <= 1.0
    True
"""

from __future__ import annotations

import operator
from typing import Any

from sankore_rules.core.agents import Part, SegmentedLayout, Sketch, per_ruleset
from sankore_rules.sankore.agents.fields import Frame, Memo
from sankore_rules.sankore.agents.segments import (
    END_CAUSES,
    MARKET_SLOTS,
    RESOURCE_CAP,
    TURN_SCALE,
    Index,
    segments,
)
from sankore_rules.sankore.agents.writers import WRITERS
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
    values are compared (``sankore/agents/fields.py``, ``sankore/agents/writers.py``).

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
        # Where the fields' values write what, shared by the frames that write alike (``Frame``).
        self._memory: dict[tuple[Any, ...], Memo] = {}

    def frame(self, viewer: int, n: int, solo: bool) -> Frame:
        """The writers of the view from seat ``viewer`` of a game of ``n`` players."""
        key = (viewer, n, solo)
        found = self._frames.get(key)
        if found is None:
            found = self._frames[key] = Frame(
                self.ix, self.offsets, viewer, n, solo, WRITERS, self._memory
            )
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

    def follow(
        self, state: State, player: int, sketch: Sketch | None, source: Sketch
    ) -> tuple[int, int] | None:
        """Whether another seat's buffer, turned to ``player``'s seat, is the nearer start.

        ``source`` is what another seat's buffer shows, ``sketch`` what ``player``'s own
        shows (None for none). When fewer fields of ``state`` changed since the other's state
        than since its own, by more than turning a buffer costs, the answer is the player
        count and the seat shift to turn it by (``seat_turn``): the caller turns the other
        buffer into ``player``'s and calls ``adopt``. None when it is not (a solo game or a
        draft is never followed).

        Raises:
            ValueError: ``state`` is another game's or ruleset's, or ``player`` no seat of it.
        """
        theirs = source.marks[0]
        if (
            (sketch is not None and sketch.state is state)  # its own shows it already
            or type(state) is not State
            or theirs is _DRAFT
            or theirs.solo
            or state.solo is not None
            or theirs.n != state.player_count
            or state.rules_hash != self.rules_hash
        ):
            return None
        viewer = self.check(state, player)
        if viewer == theirs.viewer:
            return None
        if sketch is not None:
            mine = sketch.marks[0]
            if mine is not _DRAFT and mine.n == theirs.n and not mine.solo:
                now = theirs.watched(state)  # the same fields in both frames: neither is solo
                if _distance(now, state, sketch) <= _distance(now, state, source) + _TURN:
                    return None
        return theirs.n, (viewer - theirs.viewer) % theirs.n

    def adopt(self, state: State, player: int, out: Any, source: Sketch) -> Sketch:
        """Make ``out`` show what ``player`` sees of ``state``, after ``follow`` said so.

        ``out`` holds the buffer ``source`` describes turned to ``player``'s seat
        (``seat_turn``): every seat-relative value is where the player sees it, but for the
        hands (OBJ-1), which are swapped here; then what changed since is rewritten.
        """
        theirs: Frame = source.marks[0]
        before: State = source.state
        n = theirs.n
        frame = self.frame(player, n, False)
        # Their hand, turned to the row of their seat, is hidden from this player; this
        # player's own, hidden from them, is written in row 0.
        start, stride = self.offsets["player.hand"][:2]
        base, cards = start + (theirs.viewer - player) % n * stride, self.ix.card_pos
        for number in before.players[theirs.viewer].objectives:
            out[base + cards[number]] = 0.0
        kind, known = frame.players[player][1][_HAND]
        kind.all(known, out, before.players[player].objectives, 1.0)
        marks = [frame, source.marks[1], list(source.marks[2])]
        if state is not before:
            frame.update(out, state, before, marks)
        return Sketch(state, player, [], marks)

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
        seen = [watch(pl) for (watch, _, _), pl in zip(frame.players, state.players, strict=True)]
        return Sketch(state, viewer, [], [frame, frame.watched(state), seen])


#: The mark of a sketch that shows a draft.
_DRAFT = "draft"
#: What turning another seat's buffer costs, in fields rewritten (``follow``): a copy and a
#: gather of the seat-relative segments, measured against rewriting fields one by one.
_TURN = 6
#: A changed player's board counts as this many changed fields in ``_distance``.
_PLAYER_WEIGHT = 4
#: The position of the hand (``objectives``) among a player's fields.
_HAND = [name for name, _, _ in WRITERS.player].index("objectives")


def _distance(now: tuple[Any, ...], state: State, sketch: Sketch) -> int:
    """About how many fields differ between ``state`` (its fields ``now``) and ``sketch``'s."""
    changed = sum(map(operator.is_not, now, sketch.marks[1]))
    players = sum(map(operator.is_not, state.players, sketch.state.players))
    return changed + _PLAYER_WEIGHT * players


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
