"""Game-AI interfaces: action indices and masks, observation tensors, PettingZoo, OpenSpiel.

Installed with the ``ai`` extra (``pip install 'sankore-rules[ai]'``): numpy, gymnasium,
pettingzoo and open_spiel. The core package never imports this one. Every function here takes
a state or ruleset of any registered game and asks its game for the action space and the
tensor layout (hooks of [`Game`][sankore_rules.core.game.Game]). The action space, the tensors
and the returns are re-exported here; the PettingZoo environment
([`pettingzoo_env`][sankore_rules.interfaces.ai.pettingzoo_env]) and the OpenSpiel game
([`openspiel_game`][sankore_rules.interfaces.ai.openspiel_game]) are imported by name.

No function shares its name with a module: ``action_space`` and ``returns`` here are the
modules [`action_space`][sankore_rules.interfaces.ai.action_space] and
[`returns`][sankore_rules.interfaces.ai.returns] (however they are imported), and their
functions are ``action_space_of`` and ``returns_of``. The functions' old names are deprecated
([`renamed`][sankore_rules.interfaces.ai.renamed]).
"""

try:
    import numpy  # noqa: F401 - checked first, so that its absence is told in words
except ImportError as exc:  # pragma: no cover - the test runs it in a process without numpy
    raise ImportError(
        "sankore_rules.interfaces.ai needs numpy, which comes with the extra 'ai': "
        "pip install 'sankore-rules[ai]'"
    ) from exc

from sankore_rules.interfaces.ai.action_space import (
    action_space_of,
    action_to_index,
    index_to_action,
    layout_digest,
    legal_indices,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.returns import SCHEMES, outcome, returns_of
from sankore_rules.interfaces.ai.tensors import (
    information_state_string,
    observation_string,
    observation_tensor,
    segment_views,
    tensor_layout,
)

__all__ = [
    "SCHEMES",
    "action_space_of",
    "action_to_index",
    "index_to_action",
    "information_state_string",
    "layout_digest",
    "legal_indices",
    "legal_mask",
    "num_distinct_actions",
    "observation_string",
    "observation_tensor",
    "outcome",
    "returns_of",
    "segment_views",
    "tensor_layout",
]
