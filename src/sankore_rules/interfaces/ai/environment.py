"""What the environments of any game share: their bound, their checks, their seeds.

[`GameEnv`][sankore_rules.interfaces.ai.pettingzoo_env.GameEnv] (PettingZoo) and
[`VectorGameEnv`][sankore_rules.interfaces.ai.vector_env.VectorGameEnv] take the same
arguments and refuse the same bad ones in the same words; this module holds those checks
without importing PettingZoo, so the vectorised environment needs numpy and Gymnasium only.

Seeds: every game an environment deals gets a 128-bit seed from a
[`SeedStream`][sankore_rules.interfaces.ai.environment.SeedStream], numpy's ``SeedSequence``
started from the caller's seed or, without one, from 128 bits of the operating system's
randomness. A ``SeedSequence`` hashes its root and the path of spawns to each child, so no
number of dealt seeds tells the next one (a Mersenne Twister's 624 words do), and two roots,
even 10 and 11, share no child: no two resets deal the same game unless given the same seed.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from typing import Any

import numpy as np

from sankore_rules.core.game import Game
from sankore_rules.core.registry import find_game, games
from sankore_rules.interfaces.ai.returns import SCHEMES

__all__ = ["MAX_TURNS", "SEED_BITS", "SeedStream", "check_arguments", "check_seed", "whole"]

#: The decisions a game may last before every live agent is truncated, by default.
MAX_TURNS = 10_000
#: The bits of a dealt game's seed, and of the entropy drawn when no seed is given.
SEED_BITS = 128


class SeedStream:
    """An endless, unguessable supply of game seeds, reproduced by its root seed.

    Args:
        seed: the root, any int of at least 0; None draws ``SEED_BITS`` bits from the
            operating system (``secrets``), so that nobody can guess it.

    Examples:
        >>> one, other = SeedStream(7), SeedStream(7)
        >>> one.next_seed() == other.next_seed(), one.next_seed() == SeedStream(7).next_seed()
        (True, False)
    """

    def __init__(self, seed: int | None = None) -> None:
        entropy = secrets.randbits(SEED_BITS) if seed is None else seed
        self._sequence = np.random.SeedSequence(entropy)

    def spawn(self, count: int) -> list[SeedStream]:
        """``count`` streams of their own, none sharing a seed with this one or earlier spawns."""
        streams = []
        for child in self._sequence.spawn(count):
            stream = SeedStream.__new__(SeedStream)
            stream._sequence = child
            streams.append(stream)
        return streams

    def next_seed(self) -> int:
        """The next game's seed: ``SEED_BITS`` bits of a new child, never dealt before."""
        (child,) = self._sequence.spawn(1)
        words = child.generate_state(SEED_BITS // 32, np.uint32)
        return int.from_bytes(words.astype("<u4").tobytes(), "little")


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
    check_seed(seed)
    if rewards not in SCHEMES:
        raise ValueError(f"rewards must be one of {', '.join(SCHEMES)}, got {rewards!r}")
    if max_turns is not None and (not whole(max_turns) or max_turns < 1):  # type: ignore[operator]
        raise ValueError(f"max_turns must be an int of at least 1 or None, got {max_turns!r}")
    if options is not None and not isinstance(options, Mapping):
        raise ValueError(f"options must be a mapping of option names, got {options!r}")
    return found


def check_seed(seed: object) -> None:
    """Refuse a seed that is neither None nor an int of at least 0.

    (``SeedSequence`` takes no negative root.)

    Raises:
        ValueError: for such a seed, with words.
    """
    if seed is not None and (not whole(seed) or seed < 0):  # type: ignore[operator]
        raise ValueError(f"seed must be an int of at least 0 or None, got {seed!r}")
