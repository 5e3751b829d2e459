"""What the environments of any game share: their bound on a game's length, their checks.

[`GameEnv`][sankore_rules.interfaces.ai.pettingzoo_env.GameEnv] (PettingZoo) and
[`VectorGameEnv`][sankore_rules.interfaces.ai.vector_env.VectorGameEnv] take the same
arguments and refuse the same bad ones in the same words; this module holds those checks
without importing PettingZoo, so the vectorised environment needs numpy only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sankore_rules.core.game import Game
from sankore_rules.core.registry import find_game, games
from sankore_rules.interfaces.ai.returns import SCHEMES

__all__ = ["MAX_TURNS", "check_arguments", "whole"]

#: The decisions a game may last before every live agent is truncated, by default.
MAX_TURNS = 10_000


def whole(value: object) -> bool:
    """Whether ``value`` is an int and not a bool."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_arguments(
    game: object,
    players: object,
    seed: object,
    rewards: object,
    max_turns: object,
    options: object,
) -> Game[Any, Any]:
    """The game an environment's arguments name, once each argument is checked.

    Shared by the PettingZoo environment and the vectorised one.

    Raises:
        ValueError: for any argument an environment or the game does not take, with words.
    """
    if game is not None and not isinstance(game, str):
        raise ValueError(f"game must be a registered game's name or None, got {game!r}")
    found = games()[0] if game is None else find_game(game)
    if not whole(players) or players not in found.player_counts:
        counts = ", ".join(map(str, found.player_counts))
        raise ValueError(f"players must be one of {counts} for {found.name}, got {players!r}")
    if seed is not None and not whole(seed):
        raise ValueError(f"seed must be an int or None, got {seed!r}")
    if rewards not in SCHEMES:
        raise ValueError(f"rewards must be one of {', '.join(SCHEMES)}, got {rewards!r}")
    if max_turns is not None and (not whole(max_turns) or max_turns < 1):  # type: ignore[operator]
        raise ValueError(f"max_turns must be an int of at least 1 or None, got {max_turns!r}")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping of option names, got {options!r}")
    return found
