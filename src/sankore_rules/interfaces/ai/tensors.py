"""Observation tensors and strings, for any game: what one seat may see, as numbers and as text.

[`observation_tensor`][sankore_rules.interfaces.ai.tensors.observation_tensor] asks the state's
game for its tensor layout (the hook ``tensor_layout`` of [`Game`][sankore_rules.core.game.Game],
a [`TensorLayout`][sankore_rules.core.game.TensorLayout]) and lets it write a ``float32`` array:
for a layout that answers ``update``, the seat's previous tensor kept by the door is brought up
to the new state, only what changed rewritten, and handed out as a copy (see
[`TensorWriter`][sankore_rules.interfaces.ai.tensors.TensorWriter]): everything the seat's
[`observation`][sankore_rules.observation] shows and nothing it hides, every value in
``[0, 1]``, other seats seen from the viewer's. The layout is fixed per ruleset, so one network
plays any seat and any player count; the docs page "Game-AI interfaces" prints each game's.

[`observation_string`][sankore_rules.interfaces.ai.tensors.observation_string] is the same view as
one line of canonical JSON, equal for two states exactly when the seat sees the same;
[`information_state_string`][sankore_rules.interfaces.ai.tensors.information_state_string] names
the seat's whole history (perfect recall), as a digest.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=3, seed=8)
    >>> tensor = observation_tensor(state, 0)
    >>> tensor.dtype.name, tensor.shape == (tensor_layout(sr.load_rules()).size,)
    ('float32', True)
    >>> float(tensor.min()) >= 0.0 and float(tensor.max()) <= 1.0
    True
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from sankore_rules import api
from sankore_rules.core.game import TensorLayout
from sankore_rules.interfaces.ai.action_space import check_rules, check_state

__all__ = [
    "TensorWriter",
    "information_state_string",
    "observation_string",
    "observation_tensor",
    "segment_views",
    "state_writer",
    "tensor_layout",
    "tensor_writer",
]


def tensor_layout(rules: Any) -> TensorLayout:
    """The observation tensor's layout for ``rules``, as its game gives it.

    Raises:
        ValueError: ``rules`` is no ruleset of a registered game.
    """
    return check_rules(rules).tensor_layout(rules)


def segment_views(
    layout: TensorLayout, tensor: npt.NDArray[np.float32]
) -> dict[str, npt.NDArray[np.float32]]:
    """Each segment of ``tensor`` by name, a flat slice sharing its memory."""
    views: dict[str, npt.NDArray[np.float32]] = {}
    start = 0
    for name, length in layout.segments:
        views[name] = tensor[start : start + length]
        start += length
    return views


def _seat(state: Any, player: object, game: Any = None) -> int:
    """``player`` as a seat of ``state`` (of ``game``, when the caller found it).

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    seats = (check_state(state) if game is None else game).seats(state)
    if type(player) is int and 0 <= player < seats:
        return player
    if (
        isinstance(player, bool)
        or not isinstance(player, int | np.integer)
        or not 0 <= player < seats
    ):
        raise ValueError(f"player must be 0..{seats - 1}, got {player!r}")
    return int(player)


class TensorWriter:
    """Observation tensors of one layout, each seat's kept and rewritten state after state.

    The writer keeps one buffer per seat (and per ``slot``: one per game an environment runs
    side by side) with what it shows. A layout that answers ``update`` (every
    ``core.agents.SegmentedLayout``) brings the buffer from the
    state it shows to the next, rewriting only what changed; a layout that answers only the
    protocol's ``write`` is written whole into the zeroed buffer each time.

    A layout that also answers ``follow``, ``adopt`` and ``seat_turn`` (Sankoré's) lets a
    seat start from the buffer of the seat written last in the same slot, turned to its seat
    (one copy, then slice copies of the rows that move whole and one gather of the rest of the
    seat-relative segments: ``_moves``), when that buffer shows a nearer state than its own:
    in a game of several players, a seat's own buffer is a whole round behind, the last one a
    decision behind. A seat's first tensor starts so too.
    """

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self._update: Any = getattr(layout, "update", None)
        self._follow: Any = getattr(layout, "follow", None)
        # (seat, slot) -> [the buffer, a memoryview of it (item writes cost less), sketch].
        self._kept: dict[object, list[Any]] = {}
        # slot -> the seat whose buffer was written last in it.
        self._last: dict[object, int] = {}

    def tensor(self, state: Any, seat: int, slot: object = None) -> npt.NDArray[np.float32]:
        """A new array: what ``seat`` sees of ``state`` (a state of the layout's ruleset)."""
        return self.into(state, seat, slot).copy()

    def copy_into(
        self, state: Any, seat: int, out: npt.NDArray[np.float32], slot: object = None
    ) -> None:
        """Write what ``seat`` sees of ``state`` over the whole of ``out``, the layout's size."""
        out[:] = self.into(state, seat, slot)

    def into(self, state: Any, seat: int, slot: object = None) -> npt.NDArray[np.float32]:
        """The kept array of (``seat``, ``slot``), rewritten to show ``state``.

        It is the writer's own and the next call for the same seat and slot rewrites it:
        copy it to keep it.
        """
        kept = self._kept.get((seat, slot))
        if self._follow is not None:
            last = self._last.get(slot)
            source = None if last is None or last == seat else self._kept.get((last, slot))
            if source is not None:
                followed = self._followed(state, seat, slot, kept, source)
                if followed is not None:
                    self._last[slot] = seat
                    return followed
        if self._update is None:
            if kept is None:
                kept = self._kept[seat, slot] = [np.zeros(self.layout.size, dtype=np.float32)]
            tensor: npt.NDArray[np.float32] = kept[0]
            tensor.fill(0.0)
            self.layout.write(state, seat, tensor)
        elif kept is None:
            fresh = np.zeros(self.layout.size, dtype=np.float32)
            # Kept only once the layout took the seat: a refused one leaves nothing behind.
            sketch = self._update(state, seat, fresh.data, None)
            kept = self._kept[seat, slot] = [fresh, fresh.data, sketch]
        else:
            kept[2] = self._update(state, seat, kept[1], kept[2])
        self._last[slot] = seat
        return kept[0]  # type: ignore[no-any-return]

    def _followed(
        self, state: Any, seat: int, slot: object, kept: list[Any] | None, source: list[Any]
    ) -> npt.NDArray[np.float32] | None:
        """The buffer of (``seat``, ``slot``) made from ``source``'s, or None if not nearer."""
        plan = self._follow(state, seat, None if kept is None else kept[2], source[2])
        if plan is None:
            return None
        turn = _TURNS.get((self.layout, *plan))
        if turn is None:
            spans = self.layout.seat_turn(*plan)  # type: ignore[attr-defined]
            turn = _TURNS[self.layout, *plan] = _moves(spans)
        if kept is None:
            fresh = np.empty(self.layout.size, dtype=np.float32)
            kept = self._kept[seat, slot] = [fresh, fresh.data, None]
        tensor: npt.NDArray[np.float32] = kept[0]
        _turn(turn, source[0], source[1], tensor, kept[1])
        kept[2] = self.layout.adopt(state, seat, kept[1], source[2])  # type: ignore[attr-defined]
        return tensor


#: A stretch of positions whose sources run on at least this long is copied as one slice rather
#: than gathered value by value (a gather costs by the value, a slice copy by the call): the
#: larger rows of a player's board move whole when a view is turned.
_RUN = 128


class Moves(NamedTuple):
    """How a turned buffer is made from another seat's, after a copy of the whole buffer.

    Attributes:
        slices: per long run ``(lo, hi, start)``: ``view[lo:hi]`` takes the other's values
            from ``start`` on.
        into: the positions of every other value that moves (None when none does), which
            take the other's values at ``sources``, in one gather.
    """

    slices: list[tuple[int, int, int]]
    into: npt.NDArray[np.intp] | None
    sources: npt.NDArray[np.intp] | None


#: (layout, player count, seat shift) -> the moves of a buffer turned to another seat, made
#: once per layout (an environment makes a writer per game).
_TURNS: dict[tuple[Any, int, int], Moves] = {}
_WRITERS: dict[int, tuple[TensorLayout, TensorWriter]] = {}
#: The writer and the game of each (state class, ruleset hash) seen: the door's fast path.
_DOORS: dict[tuple[type, object], tuple[TensorWriter, Any]] = {}


def _moves(spans: list[tuple[int, int, list[int]]]) -> Moves:
    """The spans of a turned view (``seat_turn``) as slice copies and one gather.

    A run of positions whose sources follow one another is one slice copy when it is long
    (``_RUN``), and nothing at all when it stays where it is (the copy of the whole buffer
    put it there); every other value that moves is gathered, all in one numpy call.
    """
    slices: list[tuple[int, int, int]] = []
    into: list[int] = []
    sources: list[int] = []
    for lo, _hi, spanned in spans:
        k = 0
        while k < len(spanned):
            end = k + 1
            while end < len(spanned) and spanned[end] == spanned[end - 1] + 1:
                end += 1
            if spanned[k] != lo + k:  # a run that stays where it is needs nothing
                if end - k >= _RUN:
                    slices.append((lo + k, lo + end, spanned[k]))
                else:
                    into += range(lo + k, lo + end)
                    sources += spanned[k:end]
            k = end
    if not into:
        return Moves(slices, None, None)
    return Moves(slices, np.array(into, dtype=np.intp), np.array(sources, dtype=np.intp))


def _turn(
    moves: Moves,
    theirs: npt.NDArray[np.float32],
    their_view: memoryview,
    tensor: npt.NDArray[np.float32],
    view: memoryview,
) -> None:
    """Make ``tensor`` (``view`` its memoryview) the buffer ``theirs`` turned by ``moves``."""
    view[:] = their_view
    for lo, hi, start in moves.slices:  # a memoryview's slice copy costs a third of numpy's
        view[lo:hi] = their_view[start : start + hi - lo]
    if moves.into is not None:  # one gather for every short run: numpy costs by the call
        tensor[moves.into] = theirs[moves.sources]


def tensor_writer(layout: TensorLayout) -> TensorWriter:
    """The shared writer of ``layout``, made once."""
    found = _WRITERS.get(id(layout))
    if found is None or found[0] is not layout:
        found = _WRITERS[id(layout)] = (layout, TensorWriter(layout))
    return found[1]


def state_writer(state: Any) -> tuple[TensorWriter, Any]:
    """The shared writer of the layout of ``state``'s ruleset, and ``state``'s game.

    Found by the state's class and ruleset hash once one was seen: one dictionary lookup (a
    class is one game's once registered).

    Raises:
        ValueError: ``state`` is no game state.
    """
    key = (type(state), getattr(state, "rules_hash", None))
    found = _DOORS.get(key)
    if found is None:
        game = check_state(state)
        writer = tensor_writer(tensor_layout(api.rules_of(state)))
        found = _DOORS[key] = (writer, game)
    return found


def observation_tensor(state: Any, player: int) -> npt.NDArray[np.float32]:
    """What ``player`` may see of ``state``, as a flat ``float32`` array of values in [0, 1].

    A new array at each call: the caller may keep it.

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    writer, game = state_writer(state)
    if type(player) is not int or writer._update is None:
        player = _seat(state, player, game)
    # A plain int goes straight to the layout's ``update``, which checks it against the state
    # (``SegmentedLayout.check``) before it writes anything.
    return writer.into(state, player).copy()


def observation_string(state: Any, player: int) -> str:
    """What ``player`` may see, as one line of canonical JSON (keys sorted, no spaces).

    Two states give the same string for a player exactly when
    [`observation`][sankore_rules.observation] shows that player the same position; the last
    action's ``events`` are left out.

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    seen = api.observation(state, _seat(state, player))
    seen.pop("events", None)
    return json.dumps(seen, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def information_state_string(state: Any, player: int, history: Sequence[int] = ()) -> str:
    """The seat's information state as a short string: what it saw since the start, in order.

    It is [`information_state_string`][sankore_rules.information_state_string] (a digest of
    every observation the seat was shown and every action it took, in order; see
    ``core/information.py``), so two histories that differ in anything the seat saw give
    different strings from then on, whatever the game draws during play.

    ``history``, the action indices an earlier version appended, is no longer needed: the
    state knows how the engine reached it; given, it is ignored with a ``DeprecationWarning``.

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    if history:
        warnings.warn(
            "information_state_string's history is ignored: the information state comes "
            "from the state's own history (sankore_rules.information_state)",
            DeprecationWarning,
            stacklevel=2,
        )
    return api.information_state_string(state, player)
