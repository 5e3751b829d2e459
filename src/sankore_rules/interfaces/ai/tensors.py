"""Observation tensors and strings, for any game: what one seat may see, as numbers and as text.

[`observation_tensor`][sankore_rules.interfaces.ai.tensors.observation_tensor] asks the state's
game for its tensor layout (the hook ``tensor_layout`` of [`Game`][sankore_rules.core.game.Game],
a [`TensorLayout`][sankore_rules.core.game.TensorLayout]), allocates a zeroed ``float32`` array of
its size and lets the layout write into it: everything the seat's
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
    "information_state_string",
    "observation_string",
    "observation_tensor",
    "segment_views",
    "tensor_layout",
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


def observation_tensor(state: Any, player: int) -> npt.NDArray[np.float32]:
    """What ``player`` may see of ``state``, as a flat ``float32`` array of values in [0, 1].

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.
    """
    seat = _seat(state, player)
    layout = tensor_layout(api.rules_of(state))
    tensor = np.zeros(layout.size, dtype=np.float32)
    layout.write(state, seat, tensor)
    return tensor


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
