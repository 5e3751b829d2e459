"""OpenSpiel games of every registered game, through pyspiel's Python-game API.

Importing this module registers, for each game of the registry, ``python_<name>`` for its
player counts of two or more (parameter ``players``) and, when the game has a one-player way
to play (a variant of one player, such as Sankoré against the Scholar), ``python_<name>_solo``. So
``pyspiel.load_game("python_sankore", {"players": 3})``,
``pyspiel.load_game("python_sankore_solo", {"scholar": "hard"})`` and
``pyspiel.load_game("python_five_tribes", {"players": 2})``. They are all one class,
[`ProtocolGame`][sankore_rules.interfaces.ai.openspiel_game.ProtocolGame], which asks the game
for everything through the protocol of ``core/game.py``.

The OpenSpiel players are the seats that take decisions (``game.agents(state)``): a seat the
rules play by themselves (the Scholar) is no player, so the solo game has one player.

Chance, and information sets that hold: a game that deals its setup by chance steps in the
explicit mode (``Game.chance_setup``: Sankoré, its solo game and Five Tribes) starts at
``new_game(seed=0, chance="explicit")``, and every shuffle and deal of its setup is a chance node
with the outcomes of the deal (one per kind of component left, weighted by count), so its seed
decides nothing. A game whose setup is shuffled from its seed instead starts with 16 chance nodes
of 256 equally likely outcomes each, one byte of the seed apiece (big-endian), and then sets up
``new_game(seed=that, chance="explicit")``: DESIGN.md has hidden information dealt by chance
outcomes or drawn from a seed of 128 bits, never indexed by a small seed, since a player could
otherwise try every seed against their first observation and see every hidden card. A seed
byte outside ``0..255`` is refused with ``ValueError``. Every draw during play
(a market tile turned, a card drawn: the engine's chance steps, ``core/chance.py``) is a chance
node where it happens, its outcomes those of [`chance_outcomes`][sankore_rules.chance_outcomes]
numbered in their listed order: the state holds no order of what nobody has seen, so a clone of
a state does not know the next draw, and OpenSpiel's ``MCTSBot`` samples it.

Parameters: ``players`` (not for a solo game); each setup option of the game (Sankoré's
``library``, ``turn_limit``, and ``scholar`` for the solo game only), an option whose default
is None taking the empty value of its type (``""``, or ``0`` when the option lists no choices)
for None; ``max_game_length``, the most decisions a game lasts (``MAX_DECISIONS``, 10,000, by
default; random games take a few hundred): a game still running then ends there and is scored
as it stands; ``rules``, a folder of corrected tables, empty for the bundled.

Actions are the indices of [`action_space`][sankore_rules.interfaces.ai.action_space]; the
observation tensor is [`tensors`][sankore_rules.interfaces.ai.tensors]', its observer's ``dict``
naming the layout's segments. Returns are the
``"win_loss"`` scheme of [`returns`][sankore_rules.interfaces.ai.returns], paid at the end: zero-sum
between two or more players; in a solo game the one player's +1 or -1 against the automated
seat, declared ``GENERAL_SUM`` as pyspiel's own one-player games are.

Views (pyspiel's observer types): the default observation is one player's own view, as a string
and a tensor; with ``perfect_recall`` (the information state) the string is
[`information_state_string`][sankore_rules.information_state_string], a digest of everything
the player saw since the deal, in order (``core/information.py``), and there is no tensor
(``provides_information_state_tensor`` is False and asking for it raises ``NotSupported``: what
a seat has seen grows with the game, so no fixed-size tensor holds it); the public view is
what every seat's observation shows alike, the private view what this player's shows beyond
it. ``resample_from_infostate`` draws a
state of the player's information set with the game's sampler of that information state
([`Determinizer.of`][sankore_rules.interfaces.search.Determinizer.of]); the sample carries the
player's information state on, so its information-state strings, and those of the states that
follow it, are the true ones' and OpenSpiel's ``ISMCTSBot`` finds its nodes again.
``serialize()`` writes the chance outcomes and the actions, and ``game.deserialize_state``
replays them.

Examples:
    >>> import pyspiel
    >>> game = pyspiel.load_game("python_sankore", {"players": 3})
    >>> state = game.new_initial_state()
    >>> len(state.chance_outcomes()), state.chance_outcomes()[0]  # the setup's first place
    (4, (0, 0.25))
    >>> state.action_to_string(pyspiel.PlayerId.CHANCE, 0)  # a Theology Book, dealt by chance
    'put astronomy'
    >>> while state.is_chance_node():
    ...     state.apply_action(state.chance_outcomes()[0][0])
    >>> state.current_player() in (0, 1, 2), len(state.observation_tensor(0)) > 0
    (True, True)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel
from attrs import frozen

from sankore_rules import api
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.game import Game, NotSupported
from sankore_rules.core.information import share
from sankore_rules.core.registry import find_game, games
from sankore_rules.interfaces.ai.action_space import (
    index_to_action,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.returns import outcome
from sankore_rules.interfaces.ai.tensors import (
    observation_string,
    segment_views,
    tensor_layout,
    tensor_writer,
)
from sankore_rules.interfaces.search import Determinizer
from sankore_rules.interfaces.spectator import common_view

__all__ = [
    "MAX_DECISIONS",
    "SEED_BYTES",
    "SPECS",
    "GameSpec",
    "ProtocolGame",
    "ProtocolObserver",
    "ProtocolState",
    "load",
    "register_games",
]

#: How many chance nodes draw the seed: one byte each, 128 bits in all.
SEED_BYTES = 16
#: The outcomes of each chance node: the values of a byte, equally likely.
BYTE_OUTCOMES = 256
#: The most decisions a game lasts by default (``max_game_length``).
MAX_DECISIONS = 10_000
#: What a view shows in place of a part some seat sees otherwise (the public view).
HIDDEN = "?"


@frozen
class GameSpec:
    """One registered OpenSpiel game: which game of the library, and how it is set up.

    Attributes:
        short_name: pyspiel's name (``python_<game>`` or ``python_<game>_solo``).
        game: the library's game name.
        player_counts: the player counts it takes (``(1,)`` for a solo game).
        defaults: its parameters with their default values (pyspiel's specification).
        option_names: the parameters that are the game's setup options.
    """

    short_name: str
    game: str
    player_counts: tuple[int, ...]
    defaults: Mapping[str, Any]
    option_names: tuple[str, ...]

    @property
    def solo(self) -> bool:
        """Whether one player plays (against the seats the rules play)."""
        return self.player_counts == (1,)


def _parameter(default: Any, choices: Sequence[Any]) -> Any:
    # pyspiel parameters are typed and never None: None reads as the empty value of the type
    # of the option's choices, or of an int when it lists none (a bound such as turn_limit).
    if default is not None:
        return default
    typed = next((c for c in choices if c is not None), 0)
    return type(typed)()


def _specs(game: Game[Any, Any]) -> list[GameSpec]:
    solo_variants = [v for v in game.variants if v.players == 1]
    # An option that a one-player variant fixes (the solo opponent) belongs to the solo game.
    solo_only = {k for v in solo_variants for k in v.options}
    common = {o.name: _parameter(o.default, o.choices) for o in game.options}
    shared = {k: v for k, v in common.items() if k not in solo_only}
    tail = {"max_game_length": MAX_DECISIONS, "rules": ""}
    found = []
    counts = tuple(n for n in game.player_counts if n >= 2)
    if counts:
        players = game.default_players if game.default_players in counts else counts[0]
        found.append(
            GameSpec(
                f"python_{game.name}",
                game.name,
                counts,
                {"players": players, **shared, **tail},
                tuple(shared),
            )
        )
    if 1 in game.player_counts and solo_variants:
        fixed = {k: _parameter(v, ()) for k, v in solo_variants[0].options.items()}
        found.append(
            GameSpec(
                f"python_{game.name}_solo",
                game.name,
                (1,),
                {**common, **fixed, **tail},
                tuple(common),
            )
        )
    return found


def _game_type(spec: GameSpec, title: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=spec.short_name,
        long_name=f"{title}, solo" if spec.solo else title,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.GENERAL_SUM if spec.solo else pyspiel.GameType.Utility.ZERO_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(spec.player_counts),
        min_num_players=min(spec.player_counts),
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(spec.defaults),
    )


class ProtocolGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """An OpenSpiel game of a library game: its parameters, ruleset and sizes.

    pyspiel makes it from a subclass registered per game, its ``SPEC`` saying which game and
    how it is set up.

    Args:
        params: pyspiel's parameters (see the module's docstring).

    Raises:
        ValueError: a parameter the game does not take, with the choices.
    """

    #: Which game and how it is set up (each registered subclass sets it).
    SPEC: GameSpec

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        spec = self.SPEC
        unknown = sorted(set(params or {}) - set(spec.defaults))
        if unknown:
            raise ValueError(
                f"{spec.short_name} takes no parameter {', '.join(unknown)}; "
                f"it takes {', '.join(spec.defaults)}"
            )
        self.spec = spec
        self.params = {**spec.defaults, **(params or {})}
        self.game = find_game(spec.game)
        self.players: int = 1 if spec.solo else self.params["players"]
        if spec.solo is False and self.players not in spec.player_counts:
            counts = ", ".join(map(str, spec.player_counts))
            raise ValueError(f"players must be one of {counts}, got {self.players!r}")
        self.max_length: int = self.params["max_game_length"]
        if self.max_length < 1:
            raise ValueError(f"max_game_length must be at least 1, got {self.max_length}")
        options = {o.name: o.default for o in self.game.options}
        self.options = {
            name: None if options[name] is None and not self.params[name] else self.params[name]
            for name in spec.option_names
        }
        self.rules = api.load_rules(self.params["rules"] or None, game=spec.game)
        # A first deal checks the options with the game's own words and finds the agents.
        self.agents: tuple[int, ...] = self.game.agents(self.deal(0))
        #: How many seed bytes a game starts with: none for a game that deals its setup by
        #: chance steps (``Game.chance_setup``), whose seed then decides nothing.
        self.seed_byte_count = 0 if self.game.chance_setup else SEED_BYTES
        info = pyspiel.GameInfo(
            num_distinct_actions=num_distinct_actions(self.rules),
            max_chance_outcomes=BYTE_OUTCOMES,
            num_players=len(self.agents),
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=None if spec.solo else 0.0,
            max_game_length=self.max_length,
        )
        super().__init__(_game_type(spec, self.game.title), info, self.params)

    def deal(self, seed: int) -> Any:
        """The game's state set up with ``seed``, by this game's parameters.

        Its chance steps wait for OpenSpiel's chance outcomes (the explicit mode).
        """
        return api.new_game(
            self.players,
            seed,
            game=self.spec.game,
            rules=self.rules,
            chance="explicit",
            **self.options,
        )

    def new_initial_state(self) -> ProtocolState:
        """The state before the deal: the first chance node (a seed byte, or the setup's)."""
        return ProtocolState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ProtocolObserver:
        """An observer of the views pyspiel's observation type asks for (see the module)."""
        return ProtocolObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    def deserialize_state(self, text: str) -> ProtocolState:
        """The state ``ProtocolState.serialize`` wrote: its actions replayed.

        A resampled state's actions do not make its position, which follows them as JSON.
        """
        lines = text.split("\n")
        resampled = json.loads(lines.pop()) if lines and lines[-1].startswith("{") else None
        state = self.new_initial_state()
        actions = [int(line) for line in lines if line.strip()]
        if resampled is None:
            for action in actions:
                state.apply_action(action)
        else:
            position = api.from_json(json.dumps(resampled["position"]), self.rules)
            state.replay(actions, resampled["players"], position)
        return state


class _Shared:
    """A value that ``copy.deepcopy`` shares rather than copies.

    pyspiel clones a Python state by deep-copying its attributes, which would walk the whole
    engine state (milliseconds); an engine state never changes once made (``apply`` returns a
    new one), so a clone can share it.
    """

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[type[_Shared], tuple[Any]]:
        return (_Shared, (self.value,))


class ProtocolState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type hints
    """A game in progress: the seed's bytes drawn, then the engine's state and its decisions."""

    def __init__(self, game: ProtocolGame) -> None:
        super().__init__(game)
        # Plain values only: pyspiel clones a state by copying its attributes.
        self.agents = game.agents
        self.max_length = game.max_length
        self.seed_bytes: list[int] = []
        self.seed_byte_count = game.seed_byte_count
        # No position until the seed is drawn; a game dealt by chance steps has one at once.
        self._position = _Shared(None if self.seed_byte_count else game.deal(0))
        self.decisions = 0
        # A resampled state's position is not the one its chance outcomes would deal.
        self.resampled = False
        # While replaying, the player of each action to come (see ``replay``).
        self._replaying: list[int] = []

    @property
    def position(self) -> Any:
        """The engine's state; None while the seed is being drawn."""
        return self._position.value

    @position.setter
    def position(self, value: Any) -> None:
        self._position = _Shared(value)

    @property
    def protocol_game(self) -> ProtocolGame:
        """The OpenSpiel game this is a state of."""
        game: ProtocolGame = self.get_game()
        return game

    def seat(self, player: int) -> int:
        """The library's seat of OpenSpiel's ``player``."""
        return self.agents[player]

    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` while the seed is drawn, ``TERMINAL`` at the end."""
        if self._replaying:
            return self._replaying[len(self.history())]
        if self.position is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        seat = api.game_of(self.position).current_player(self.position)
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return self.agents.index(seat)

    def _legal_actions(self, player: int) -> list[int]:
        if self.position is None or self.is_terminal() or player != self.current_player():
            return []
        return [int(i) for i in np.flatnonzero(legal_mask(self.position))]

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The values of the seed's next byte, each as likely; then a draw's outcomes, if any.

        A draw during play numbers its outcomes in the order the game lists them.
        """
        if self.position is not None:
            return [(k, p) for k, (_, p) in enumerate(self._draw())]
        p = 1.0 / BYTE_OUTCOMES
        return [(k, p) for k in range(BYTE_OUTCOMES)]

    def _draw(self) -> list[tuple[Any, float]]:
        """The pending draw's outcomes (actions of the game) and their probabilities."""
        outcomes = api.chance_outcomes(self.position)
        if len(outcomes) > BYTE_OUTCOMES:
            raise NotSupported(
                f"a draw of {len(outcomes)} outcomes: this door numbers at most {BYTE_OUTCOMES}"
            )
        return outcomes

    def _apply_action(self, action: int) -> None:
        if self._replaying:
            if len(self.seed_bytes) < self.seed_byte_count:
                self.seed_bytes.append(int(action))
            elif self._replaying[len(self.history())] != pyspiel.PlayerId.CHANCE:
                self.decisions += 1  # a draw's outcome is no decision
            return
        if self.position is None:
            if not 0 <= action < BYTE_OUTCOMES:
                raise ValueError(
                    f"a chance outcome is a byte of the seed, 0..{BYTE_OUTCOMES - 1}, got {action}"
                )
            self.seed_bytes.append(int(action))
            if len(self.seed_bytes) == self.seed_byte_count:
                seed = int.from_bytes(bytes(self.seed_bytes), "big")
                self.position = self.protocol_game.deal(seed)
            return
        draw = self._draw()
        if draw:
            if not 0 <= action < len(draw):
                raise ValueError(f"this draw's outcomes are 0..{len(draw) - 1}, got {action}")
            self.position = api.apply(self.position, draw[int(action)][0])
            return
        chosen = index_to_action(api.rules_of(self.position), int(action))
        self.position = api.apply(self.position, chosen)
        self.decisions += 1

    def replay(self, actions: Sequence[int], players: Sequence[int], position: Any) -> None:
        """Take ``actions`` of ``players`` into the history unplayed, then stand at ``position``.

        For a state whose position is not the one its chance outcomes deal (a resampled one):
        its history has the length, the decisions and the players of the state it stands for.
        """
        self._replaying = list(players)
        try:
            for action in actions:
                self.apply_action(action)
        finally:
            self._replaying = []
        self.position = position
        self.resampled = True

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ProtocolState:
        """A state of ``player_id``'s information set, its hidden parts redrawn.

        Its history replays to it. The seed's bytes deal what every seat sees, so they are
        kept; what the player cannot see comes from chance outcomes drawn afresh: the game's
        sampler of the player's information state
        ([`Determinizer.of`][sankore_rules.interfaces.search.Determinizer.of]) draws the hidden
        hands, and the deal's chance nodes deal them (each seat's cards as its hand holds them
        now, with those it completed in the open); the player's own hand, every decision and
        every draw of play (by its outcome's name) are then replayed as they happened. A
        history that does not replay so (a state itself resampled by the older way, or a game
        whose hidden parts did not come from such deals) is drawn as before: a sample
        standing at the end of the true history's actions, with fresh seed bytes.
        ``probability_sampler`` (pyspiel's, a callable giving floats in [0, 1)) seeds it.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        if self.position is None:
            fresh = self.protocol_game.new_initial_state()
            for _ in self.seed_bytes:
                fresh.apply_action(rng.randrange(BYTE_OUTCOMES))
            return fresh
        seat = self.seat(player_id)
        sample = Determinizer.of(self.position, seat).sample(rng)
        if not self.resampled:
            replayed = self._replayed_with(sample, seat)
            if replayed is not None:
                return replayed
        fresh = self.protocol_game.new_initial_state()
        drawn = [rng.randrange(BYTE_OUTCOMES) for _ in self.seed_bytes]
        players = [int(step.player) for step in self.full_history()]
        fresh.replay([*drawn, *self.decisions_taken()], players, sample)
        return fresh

    def _replayed_with(self, sample: Any, seat: int) -> ProtocolState | None:
        """This state's history played again so that it ends in ``sample``, or None.

        At each chance step the game says which outcome the replay takes
        (``Game.replayed_outcome``: the true one but where a deal gave what ``seat`` cannot
        see). None when the history does not replay so.
        """
        game = api.game_of(sample)
        rules = api.rules_of(sample)
        true = self.protocol_game.new_initial_state()
        fresh = self.protocol_game.new_initial_state()
        try:
            for action in self.history():
                if true.is_chance_node() and true.position is not None:
                    outcome = true._draw()[action][0]
                    wanted = game.replayed_outcome(rules, fresh.position, outcome, sample, seat)
                    named = [a for a, _ in fresh._draw()]
                    fresh.apply_action(named.index(wanted))
                else:
                    fresh.apply_action(action)
                true.apply_action(action)
        except (ValueError, IndexError, KeyError, api.IllegalAction):
            return None
        if fresh.position is not None and self.position is not None:
            # ``seat`` saw the same at every step of both histories (the replay redrew only
            # what it never saw): its information state is the true one, not to be worked out
            # again step by step for each sample a search draws.
            share(fresh.position, api.information_state(self.position, seat))
        return fresh

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            if self.position is None:
                return f"seed byte {action}"
            draw = self._draw()
            return str(draw[action][0]) if 0 <= action < len(draw) else f"outcome {action}"
        return str(index_to_action(self.protocol_game.rules, int(action)))

    def is_terminal(self) -> bool:
        """Over by the rules, or cut off at ``max_game_length`` decisions."""
        return self.position is not None and (
            api.is_terminal(self.position) or self.decisions >= self.max_length
        )

    def returns(self) -> list[float]:
        """The ``"win_loss"`` returns at the end (scored as it stands when cut off); 0 before."""
        if not self.is_terminal():
            return [0.0] * len(self.agents)
        return outcome(self.position)

    def decisions_taken(self) -> list[int]:
        """The actions taken since the deal (the history after the seed's bytes).

        The draws' outcomes during play are among them, as OpenSpiel's history has them.
        """
        return [int(a) for a in self.history()[self.seed_byte_count :]]

    def serialize(self) -> str:
        """Every action, one number a line; a resampled state's position follows as JSON."""
        lines = [str(a) for a in self.history()]
        if self.resampled:
            players = [int(step.player) for step in self.full_history()]
            position = json.loads(api.to_json(self.position))
            lines.append(_text({"players": players, "position": position}))
        return "\n".join(lines)

    def __str__(self) -> str:
        if self.position is None:
            return f"(drawing the seed: {len(self.seed_bytes)} of {self.seed_byte_count} bytes)"
        return str(api.to_json(self.position))


# ---- views ---------------------------------------------------------------------------------------


def _beyond(view: Any, common: Any, path: str, out: dict[str, Any]) -> None:
    """Into ``out``, by dotted path, what ``view`` shows where ``common`` is hidden."""
    if common == HIDDEN and view != HIDDEN:
        out[path] = view
    elif isinstance(common, dict):
        for k, v in common.items():
            _beyond(view[k], v, f"{path}.{k}" if path else str(k), out)
    elif isinstance(common, list):
        for i, v in enumerate(common):
            _beyond(view[i], v, f"{path}.{i}" if path else str(i), out)


def _text(data: Any) -> str:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


class ProtocolObserver:
    """pyspiel's observer protocol: ``tensor`` and ``dict`` set by ``set_from``, and strings.

    ``iig_obs_type`` picks the view: ``public_info`` adds what every seat sees alike,
    ``private_info`` ``SINGLE_PLAYER`` what the player sees beyond that (``ALL_PLAYERS``: what
    each seat does), ``perfect_recall`` the decisions taken since the deal. Only the player's
    own view now (public and single-player private, no recall) has a tensor; the others have
    ``tensor`` None, and ``set_from`` refuses them with ``NotSupported``.
    """

    def __init__(self, game: ProtocolGame, iig_obs_type: Any, params: Mapping[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported, got {dict(params)}")
        self.public: bool = iig_obs_type.public_info
        self.private: Any = iig_obs_type.private_info
        self.perfect_recall: bool = iig_obs_type.perfect_recall
        self.own_view = (
            self.public
            and self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER
            and not self.perfect_recall
        )
        self.tensor: npt.NDArray[np.float32] | None = None
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        if self.own_view:
            layout = tensor_layout(game.rules)
            self.tensor = np.zeros(layout.size, np.float32)
            self.dict = segment_views(layout, self.tensor)

    def set_from(self, state: ProtocolState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor``.

        Raises:
            NotSupported: this view has no tensor (the information state's, a public or a
                private view).
        """
        if self.tensor is None:
            raise NotSupported(
                "only a player's own view now has a tensor (no information state tensor, "
                "no public or private tensor): provides_information_state_tensor is False"
            )
        if state.position is None:
            self.tensor.fill(0.0)
        else:
            writer = tensor_writer(tensor_layout(api.rules_of(state.position)))
            writer.copy_into(state.position, state.seat(player), self.tensor)

    def string_from(self, state: ProtocolState, player: int) -> str:
        """``player``'s view as a line of text (with the decisions so far, for perfect recall)."""
        decisions = state.decisions_taken()
        if state.position is None:
            drawn = f"(drawing the seed: {len(state.seed_bytes)} of {state.seed_byte_count} bytes)"
            return drawn if self.public else ""
        seat = state.seat(player)
        if self.public and self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            if self.perfect_recall:
                return api.information_state_string(state.position, seat)
            return observation_string(state.position, seat)
        seats = range(api.game_of(state.position).seats(state.position))
        views = [json.loads(observation_string(state.position, s)) for s in seats]
        common = common_view(views, HIDDEN)
        parts: dict[str, Any] = {"public": common} if self.public else {}
        if self.private == pyspiel.PrivateInfoType.SINGLE_PLAYER:
            parts["private"] = _private(views[seat], common)
        elif self.private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            parts["private"] = {str(s): _private(views[s], common) for s in seats}
        text = _text(parts) if parts else ""
        if self.perfect_recall and self.public:
            return f"{text} {','.join(map(str, decisions))}" if decisions else text
        return text


def _private(view: Any, common: Any) -> dict[str, Any]:
    found: dict[str, Any] = {}
    _beyond(view, common, "", found)
    return found


def register_games() -> dict[str, GameSpec]:
    """Register with pyspiel every game of the registry not registered yet; return them all.

    Importing this module registers the games known then; a game registered later (a game of
    a test, or of a package loaded afterwards) is registered by calling this again, as
    [`load`][sankore_rules.interfaces.ai.openspiel_game.load] does.
    """
    for game in games():
        for spec in _specs(game):
            if spec.short_name in SPECS:
                continue
            # pyspiel keeps what it is given to the end of the process: a class it can keep (a
            # function made here crashes the interpreter as it exits), one per game and spec.
            maker = type(
                f"{game.name.title().replace('_', '')}{'Solo' if spec.solo else ''}Game",
                (ProtocolGame,),
                {"__doc__": f"{spec.short_name}: a ProtocolGame.", "SPEC": spec},
            )
            pyspiel.register_game(_game_type(spec, game.title), maker)
            SPECS[spec.short_name] = spec
    return SPECS


def load(game: str, players: int, options: Mapping[str, Any] | None = None) -> pyspiel.Game:
    """The OpenSpiel game of ``game`` for ``players`` seats, set up with the game's ``options``.

    The way ``new_game(players=..., game=..., **options)`` sets up a game, as pyspiel's
    ``load_game`` takes it: the solo game (``players=1``) is ``python_<name>_solo``, the others
    ``python_<name>`` with the parameter ``players``. An option left None takes its empty value.

    Raises:
        ValueError: a game that is not registered, a player count it has no OpenSpiel game
            for, or an option it does not take.
    """
    name = find_game(game).name
    specs = [s for s in register_games().values() if s.game == name]
    spec = next((s for s in specs if players in s.player_counts), None)
    if spec is None:
        counts = sorted({n for s in specs for n in s.player_counts})
        raise ValueError(f"{name} has OpenSpiel games for {counts} players, not {players!r}")
    given = dict(options or {})
    unknown = sorted(set(given) - set(spec.option_names))
    if unknown:
        raise ValueError(f"{spec.short_name} takes no option {', '.join(unknown)}")
    choices = {o.name: o.choices for o in find_game(name).options}
    params = {k: _parameter(v, choices.get(k, ())) for k, v in given.items()}
    if not spec.solo:
        params["players"] = players
    return pyspiel.load_game(spec.short_name, params)


#: The OpenSpiel games registered, by pyspiel's short name.
SPECS: dict[str, GameSpec] = {}
register_games()
