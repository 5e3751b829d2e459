"""Determinization: full states that agree with everything one player sees, in any game.

A search bot under hidden information cannot look at what its player may not see (another
player's hand, the order of a deck, the seed), but it can play out states in which those
hidden parts are redrawn. [`Determinizer`][sankore_rules.interfaces.search.Determinizer]
builds them from an observation alone (the dict of [`observation`][sankore_rules.observation]),
so a bot built on it cannot see what its player may not: the true state never reaches it.

Which parts are hidden, and how they are redrawn, is each game's business: the observation
names its game (``"game"``) and its ruleset (``"rules_hash"``), and the game's ``sampler`` hook
does the drawing (see ``core/game.py``). Every sample ``s`` of a view ``v`` of seat ``p``
satisfies ``observation(s, p) == v`` and is a state ``from_json`` accepts.

Examples:
    >>> import random
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=3, seed=4)
    >>> sampled = sample_state(state, 0, random.Random(1))
    >>> sr.observation(sampled, 0) == sr.observation(state, 0)
    True
    >>> tribes = sr.new_game(players=2, seed=4, game="five_tribes")
    >>> sampled = sample_state(tribes, 1, random.Random(1))
    >>> sr.observation(sampled, 1) == sr.observation(tribes, 1)
    True
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any

from sankore_rules import api
from sankore_rules.core.game import Game
from sankore_rules.core.information import InformationState, adopt
from sankore_rules.core.registry import find_game

__all__ = ["Determinizer", "sample_state"]

#: What a state the game's checks refuse may raise beside StateError (a ValueError): the
#: checks are written for states from JSON, and a view's template can be stranger still.
_MALFORMED = (ValueError, KeyError, TypeError, IndexError, AttributeError, RecursionError)


class Determinizer:
    """Draws full states consistent with one player's observation, of any game.

    Built once per observation (the game's sampler parses and checks it); each
    [`sample`][sankore_rules.interfaces.search.Determinizer.sample] then redraws the hidden
    parts.

    Args:
        view: what [`observation`][sankore_rules.observation] returned for the viewing player.
        rules: the ruleset of the observed state, when it is not the game's bundled one (a
            corrected copy from [`load_rules`][sankore_rules.load_rules]); it must be the one
            the observation names.

    Attributes:
        game: the observed state's game.
        rules: its ruleset.
        viewer: the seat whose observation it is.
        information: the seat's information state, when the determinizer was built from one
            (``of``, ``of_information``); None when built from an observation alone.

    Raises:
        ValueError: ``view`` is not an observation of a registered game's state (no game, an
            unknown game, a ruleset other than the bundled or given one), the game's sampler
            refuses it (a field missing or mistyped, counts that do not add up, a card seen
            twice: the message says which), a first sample is a state ``from_json`` refuses,
            or its observation by the viewer is not ``view``.
        NotSupported: the game cannot redraw its hidden parts.
    """

    def __init__(self, view: Mapping[str, Any], rules: Any = None) -> None:
        self._read(view, rules)
        self._check(view)

    @classmethod
    def of(cls, state: Any, player: int) -> Determinizer:
        """The determinizer of what ``player`` has seen of the game up to ``state``.

        It draws from the player's whole information state
        ([`information_state`][sankore_rules.information_state]), not its latest observation
        alone, and each sample carries that information state on (see
        ``core/information.py``'s ``adopt``): the states that follow a sample extend it as the
        true ones extend the true state's. The observations are the library's own of a real
        state, so the checks an observation from elsewhere gets (a first sample read back by
        ``from_json`` and shown back to its viewer) are left out: they cost a search several
        milliseconds, and the games' tests hold their samplers to them.

        Raises:
            ValueError: for a player the game does not have.
        """
        return cls.of_information(api.information_state(state, player), api.rules_of(state))

    @classmethod
    def of_information(cls, information: InformationState, rules: Any) -> Determinizer:
        """The determinizer of one seat's information state, in a game played by ``rules``."""
        determinizer = cls.__new__(cls)
        determinizer._read(information.observation, rules, information)
        return determinizer

    def _read(
        self, view: Mapping[str, Any], rules: Any, information: InformationState | None = None
    ) -> None:
        """Find ``view``'s game and ruleset and build the game's sampler of it."""
        if not isinstance(view, Mapping):
            raise ValueError(f"not an observation of a game state: a {type(view).__name__}")
        if "game" not in view:
            raise ValueError("not an observation of a game state: it names no game")
        self.game: Game[Any, Any] = find_game(view["game"])
        self.rules: Any = _ruleset(self.game, view, rules)
        self.information = information
        if information is None:
            self._sampler = self.game.sampler(self.rules, view)
        else:
            self._sampler = self.game.information_sampler(self.rules, information)
        self.viewer: int = self._sampler.viewer

    def sample(self, rng: random.Random) -> Any:
        """A full state agreeing with what the seat saw, its hidden parts drawn from ``rng``.

        Built from an information state, the sample carries it: the seat's information
        state at the sample, and at the states that follow it, is the true one's.
        """
        sample = self._sampler.sample(rng)
        if self.information is not None:
            adopt(sample, self.information)
        return sample

    def _check(self, view: Mapping[str, Any]) -> None:
        """Refuse ``view`` unless a first sample passes ``from_json`` and shows it back.

        A view a game's sampler could read may still describe no state (counts that add up to
        more than the box holds, a rule broken) or not be what its viewer would be shown (a
        decision tampered with). Samples differ only in what the view hides, which neither
        check depends on, so one sample stands for all.
        """
        game, rules = self.game, self.rules
        first = self._sampler.sample(random.Random(0))
        try:
            game.from_json(rules, game.to_json(first))
        except _MALFORMED as exc:
            raise ValueError(f"the observation describes no state of the game: {exc}") from exc
        # Compared as JSON: a view that travelled as JSON text has lists for tuples.
        if _as_json(game.observation(rules, first, self.viewer)) != _as_json(dict(view)):
            raise ValueError(
                "the observation is not what its viewer sees of the state it describes"
            )


def sample_state(state: Any, player: int, rng: random.Random) -> Any:
    """A state ``player`` cannot tell from ``state``, its hidden parts redrawn from ``rng``.

    ``observation(sample_state(state, p, rng), p) == observation(state, p)``, and the sample
    plays on to the end like any state. Only ``observation(state, player)`` is read: see
    [`Determinizer`][sankore_rules.interfaces.search.Determinizer].

    Raises:
        ValueError: for a player the game does not have.
    """
    return Determinizer.of(state, player).sample(rng)


def _ruleset(game: Game[Any, Any], view: Mapping[str, Any], rules: Any) -> Any:
    """The ruleset ``view`` names: ``rules`` when given, else the game's bundled one."""
    wanted = view.get("rules_hash")
    if rules is None:
        rules = api.load_rules(game=game.name)
        if rules.content_hash != wanted:
            raise ValueError(
                f"the observation names ruleset {view.get('rules_name')!r} ({wanted!r}), "
                f"not the bundled {game.name} ruleset: pass that ruleset as rules="
            )
        return rules
    given = getattr(rules, "content_hash", None)
    if not isinstance(rules, game.rules_type) or given != wanted:
        raise ValueError(
            f"the observation names ruleset {view.get('rules_name')!r} ({wanted!r}), "
            f"not the given one ({given!r})"
        )
    return rules


def _as_json(value: Any) -> Any:
    """``value`` as JSON reads it back.

    Raises:
        ValueError: ``value`` holds what JSON cannot.
    """
    try:
        return json.loads(json.dumps(value))
    except (TypeError, ValueError, RecursionError) as exc:
        raise ValueError(f"not an observation: it holds what JSON cannot ({exc})") from exc
