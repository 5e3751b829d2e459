"""Observation tensors and strings, for any game: what one seat may see, as numbers and as text.

[`observation_tensor`][sankore_rules.interfaces.ai.tensors.observation_tensor] asks the state's
game for its tensor layout (the hook ``tensor_layout`` of [`Game`][sankore_rules.core.game.Game],
a [`TensorLayout`][sankore_rules.core.game.TensorLayout]), allocates a zeroed ``float32`` array of
its size and lets the layout write into it (or, for a layout that answers ``pieces``, rewrites
only what changed in the seat's previous tensor, see
[`TensorWriter`][sankore_rules.interfaces.ai.tensors.TensorWriter]): everything the seat's
[`observation`][sankore_rules.observation] shows and nothing it hides, every value in
``[0, 1]``, other seats seen from the viewer's. The layout is fixed per ruleset, so one network
plays any seat and any player count; the docs page "Game-AI interfaces" prints each game's.

[`observation_string`][sankore_rules.interfaces.ai.tensors.observation_string] is the same view as
one line of canonical JSON, equal for two states exactly when the seat sees the same;
[`information_state_string`][sankore_rules.interfaces.ai.tensors.information_state_string] adds the
actions taken so far, for methods that need the seat's whole history (perfect recall).

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
from collections.abc import Sequence
from typing import Any

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


def _seat(state: Any, player: object) -> int:
    """``player`` as a seat of ``state``.

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    seats = check_state(state).seats(state)
    if (
        isinstance(player, bool)
        or not isinstance(player, int | np.integer)
        or not 0 <= player < seats
    ):
        raise ValueError(f"player must be 0..{seats - 1}, got {player!r}")
    return int(player)


class TensorWriter:
    """Observation tensors of one layout, each seat's written over its previous one.

    A layout that answers ``pieces`` (a list of parts, each the same object while the piece
    of the state it shows is unchanged) is written incrementally: the writer keeps, for each
    seat (and each ``slot``, one per game an environment runs side by side), the last tensor
    and its parts, clears the positions of the parts that are gone and writes the new ones,
    then hands out a copy. A layout without
    ``pieces`` is written whole into a zeroed array each time.
    """

    def __init__(self, layout: TensorLayout) -> None:
        self.layout = layout
        self._pieces = getattr(layout, "pieces", None)
        self._last: dict[object, tuple[npt.NDArray[np.float32], memoryview, list[Any]]] = {}

    def tensor(self, state: Any, seat: int, slot: object = None) -> npt.NDArray[np.float32]:
        """A new array: what ``seat`` sees of ``state`` (a state of the layout's ruleset)."""
        if self._pieces is None:
            tensor = np.zeros(self.layout.size, dtype=np.float32)
            self.layout.write(state, seat, tensor)
            return tensor
        return self.into(state, seat, slot).copy()

    def copy_into(
        self, state: Any, seat: int, out: npt.NDArray[np.float32], slot: object = None
    ) -> None:
        """Write what ``seat`` sees of ``state`` over the whole of ``out``, the layout's size."""
        if self._pieces is None:
            out.fill(0.0)
            self.layout.write(state, seat, out)
        else:
            out[:] = self.into(state, seat, slot)

    def into(self, state: Any, seat: int, slot: object = None) -> npt.NDArray[np.float32]:
        """The kept array of (``seat``, ``slot``), rewritten to show ``state``: do not keep it."""
        assert self._pieces is not None, "a layout without pieces has no kept array"
        parts = self._pieces(state, seat)
        key = (seat, slot)
        last = self._last.get(key)
        if last is None:
            buffer = np.zeros(self.layout.size, dtype=np.float32)
            last = self._last[key] = (buffer, buffer.data, [])
        buffer, view_of, before = last
        view: Any = view_of  # typeshed's memoryview takes ints only; a float32 view takes floats
        # Parts are few and small, and most are the same objects as last time: writing the
        # changed ones value by value through a memoryview beats making numpy arrays of them.
        if len(before) == len(parts):
            for old, new in zip(before, parts, strict=True):
                if old is not new:
                    for i in old[0]:
                        view[i] = 0.0
                    for i, value in zip(*new, strict=True):
                        view[i] = value
        else:
            buffer.fill(0.0)
            for at, values in parts:
                for i, value in zip(at, values, strict=True):
                    view[i] = value
        self._last[key] = (buffer, view, parts)
        return buffer


_WRITERS: dict[int, tuple[TensorLayout, TensorWriter]] = {}


def tensor_writer(layout: TensorLayout) -> TensorWriter:
    """The shared writer of ``layout``, made once."""
    found = _WRITERS.get(id(layout))
    if found is None or found[0] is not layout:
        found = _WRITERS[id(layout)] = (layout, TensorWriter(layout))
    return found[1]


def observation_tensor(state: Any, player: int) -> npt.NDArray[np.float32]:
    """What ``player`` may see of ``state``, as a flat ``float32`` array of values in [0, 1].

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    seat = _seat(state, player)
    return tensor_writer(tensor_layout(api.rules_of(state))).tensor(state, seat)


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
    """The observation string, then the indices of the actions taken so far.

    A state holds no history, so without ``history`` this is what the player sees now. Every
    action is public, so in a game whose chance all happens at setup (Sankoré) the view now and
    the actions taken since tell apart every history the player can: the perfect-recall
    information state that tabular methods key on. In a game that draws during play (Five
    Tribes' market and bag), a card seen earlier and gone from the view since is not in it.

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    text = observation_string(state, player)
    return f"{text} {','.join(map(str, history))}" if history else text
