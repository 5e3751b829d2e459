"""An OpenSpiel game, through pyspiel's Python-game API: ``pyspiel.load_game("python_sankore")``.

Importing this module registers the game. It is sequential, of imperfect information (the other
players' Objective cards and the order of the market's piles are hidden), and its chance is explicit
and all at the start: the first node is a chance node that deals the setup, its ``setups`` outcomes
equally likely, outcome ``k`` being the game [`new_game`][sankore_rules.new_game] sets up with seed
``k``. After it every node is a player's decision; nothing is drawn later (the engine draws
everything at setup). Actions are the indices of
[`action_space`][sankore_rules.interfaces.ai.action_space], so ``num_distinct_actions`` is the
ruleset's; the observation tensor is [`tensors`][sankore_rules.interfaces.ai.tensors]'.

Parameters (all optional):

``players``
    2 (default), 3 or 4.
``library``
    ``"three_shelf"`` (default) or ``"six_shelf"``.
``turn_limit``
    the engine's variant that ends a game once a player has had this many turns; 0 (default)
    plays the game as the rulebook has it.
``setups``
    how many setups the chance node deals from (default 10,000).
``max_game_length``
    the most decisions a game lasts (default 20,000): a game still running then ends there
    and is scored as it stands. Random games of the bundled rules take a few hundred.
``rules``
    a folder of corrected tables for [`load_rules`][sankore_rules.load_rules]; empty for the
    bundled.

Returns are the ``"win_loss"`` scheme of [`returns`][sankore_rules.interfaces.ai.returns]: zero-sum,
the winners sharing +1 and the others -1, paid at the end. ``information_state_string`` is perfect
recall (the view now and every decision since the deal); ``observation_string`` and
``observation_tensor`` are the view now. ``serialize()`` writes the deal and the actions, and
``game.deserialize_state`` replays them.

Examples:
    >>> import pyspiel
    >>> game = pyspiel.load_game("python_sankore", {"players": 3})
    >>> state = game.new_initial_state()
    >>> state.is_chance_node()
    True
    >>> state.apply_action(42)
    >>> state.current_player() in (0, 1, 2), len(state.observation_tensor(0)) > 0
    (True, True)
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from sankore_rules import api
from sankore_rules.interfaces.ai.action_space import (
    index_to_action,
    legal_indices,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.returns import outcome
from sankore_rules.interfaces.ai.tensors import (
    information_state_string,
    observation_string,
    observation_tensor,
    tensor_layout,
)
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State, to_json

__all__ = ["SankoreGame", "SankoreObserver", "SankoreState"]

SHORT_NAME = "python_sankore"
_DEFAULTS: dict[str, Any] = {
    "players": 2,
    "library": "three_shelf",
    "turn_limit": 0,
    "setups": 10_000,
    "max_game_length": 20_000,
    "rules": "",
}
_GAME_TYPE = pyspiel.GameType(
    short_name=SHORT_NAME,
    long_name="Sankoré: The Pride of Mansa Musa",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


#: The rulesets of the games made in this process, by content hash: a state (cloned by pickling
#: its attributes) names its ruleset by hash rather than carrying it.
_RULES: dict[str, Rules] = {}


class SankoreGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no type hints
    """The game: its parameters, ruleset and sizes."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        self.params = {**_DEFAULTS, **(params or {})}
        self.rules: Rules = api.load_rules(self.params["rules"] or None)
        _RULES.setdefault(self.rules.content_hash, self.rules)
        self.players: int = self.params["players"]
        self.library: str = self.params["library"]
        self.turn_limit: int | None = self.params["turn_limit"] or None
        self.setups: int = self.params["setups"]
        self.max_length: int = self.params["max_game_length"]
        if self.players not in (2, 3, 4):
            raise ValueError(f"players must be 2, 3 or 4, got {self.players}")
        if self.setups < 1 or self.max_length < 1:
            raise ValueError("setups and max_game_length must be at least 1")
        info = pyspiel.GameInfo(
            num_distinct_actions=num_distinct_actions(self.rules),
            max_chance_outcomes=self.setups,
            num_players=self.players,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(_GAME_TYPE, info, self.params)

    def new_initial_state(self) -> SankoreState:
        """The state before the deal: a chance node."""
        return SankoreState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> SankoreObserver:
        """An observer of the view now, or of the whole history (``perfect_recall``)."""
        return SankoreObserver(
            self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )

    def deserialize_state(self, text: str) -> SankoreState:
        """The state that ``SankoreState.serialize`` wrote: the deal, then the actions replayed."""
        state = self.new_initial_state()
        for line in text.split():
            state.apply_action(int(line))
        return state


class _Shared:
    """A value that ``copy.deepcopy`` shares rather than copies.

    pyspiel clones a Python state by deep-copying its attributes, which would walk the whole
    engine state (milliseconds); an engine state never changes once made (``apply`` returns a
    new one), so a clone can share it.
    """

    __slots__ = ("value",)

    def __init__(self, value: State | None) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self

    def __reduce__(self) -> tuple[type[_Shared], tuple[State | None]]:
        return (_Shared, (self.value,))


class SankoreState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no type hints
    """A game in progress: the engine's state once dealt, and how many decisions were taken."""

    def __init__(self, game: SankoreGame) -> None:
        super().__init__(game)
        # Plain values only: pyspiel clones a state by pickling its attributes.
        self.players = game.players
        self.library = game.library
        self.turn_limit = game.turn_limit
        self.setups = game.setups
        self.max_length = game.max_length
        self.rules_hash = game.rules.content_hash
        self._position = _Shared(None)  # no position until the chance node deals
        self.decisions = 0

    @property
    def position(self) -> State | None:
        """The engine's state; None before the deal."""
        return self._position.value

    @position.setter
    def position(self, value: State | None) -> None:
        self._position = _Shared(value)

    @property
    def rules(self) -> Rules:
        """The ruleset (loaded by the game, found by its hash)."""
        return _RULES[self.rules_hash]

    def current_player(self) -> int:
        """The player to decide, ``CHANCE`` before the deal, ``TERMINAL`` at the end."""
        if self.position is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        player = self.position.current_player
        assert player is not None
        return player

    def _legal_actions(self, player: int) -> list[int]:
        if self.position is None or self.is_terminal() or player != self.current_player():
            return []
        return legal_indices(self.position)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The setups, each as likely (the deal is the game's only chance)."""
        p = 1.0 / self.setups
        return [(k, p) for k in range(self.setups)]

    def _apply_action(self, action: int) -> None:
        if self.position is None:
            self.position = api.new_game(
                self.players,
                seed=int(action),
                library=self.library,
                rules=self.rules,
                turn_limit=self.turn_limit,
            )
            return
        chosen = index_to_action(self.rules, int(action))
        self.position = api.apply(self.position, chosen)
        self.decisions += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal setup {action}"
        return str(index_to_action(self.rules, int(action)))

    def is_terminal(self) -> bool:
        """Over by the rules, or cut off at ``max_game_length`` decisions."""
        return self.position is not None and (
            api.is_terminal(self.position) or self.decisions >= self.max_length
        )

    def returns(self) -> list[float]:
        """The ``"win_loss"`` returns at the end; 0 for everyone before."""
        if self.position is None or not self.is_terminal():
            return [0.0] * self.players
        return outcome(self.position)

    def serialize(self) -> str:
        """The deal and every action since, one number a line."""
        return "\n".join(map(str, self.history()))

    def __str__(self) -> str:
        return "(not dealt yet)" if self.position is None else to_json(self.position)


class SankoreObserver:
    """pyspiel's observer protocol: ``tensor`` and ``dict`` set by ``set_from``, and strings.

    The view is one player's: their own hand and everything public (pyspiel's
    ``PrivateInfoType.SINGLE_PLAYER`` with public information). With ``perfect_recall`` the
    string adds the decisions taken since the deal, and there is no tensor.
    """

    def __init__(self, game: SankoreGame, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported, got {params}")
        if iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER or not (
            iig_obs_type.public_info
        ):
            raise ValueError("only a player's own view (single-player private, public) is made")
        self.perfect_recall: bool = iig_obs_type.perfect_recall
        layout = tensor_layout(game.rules)
        size = 0 if self.perfect_recall else layout.size
        self.tensor: npt.NDArray[np.float32] = np.zeros(size, np.float32)
        self.dict = {} if self.perfect_recall else layout.views(self.tensor)

    def set_from(self, state: SankoreState, player: int) -> None:
        """Write ``player``'s view of ``state`` into ``tensor``."""
        if self.perfect_recall:
            return
        if state.position is None:
            self.tensor.fill(0.0)
        else:
            self.tensor[:] = observation_tensor(state.position, player)

    def string_from(self, state: SankoreState, player: int) -> str:
        """``player``'s view as a line of text (with the decisions so far, for perfect recall)."""
        if state.position is None:
            return "(not dealt yet)"
        if self.perfect_recall:
            decisions = state.history()[1:]  # the deal is chance's, and hidden
            return information_state_string(state.position, player, decisions)
        return observation_string(state.position, player)


pyspiel.register_game(_GAME_TYPE, SankoreGame)
