"""Game-AI interfaces: action indices and masks, observation tensors, PettingZoo, OpenSpiel.

Installed with the ``ai`` extra (``pip install sankore-rules[ai]``): numpy, gymnasium, pettingzoo
and open_spiel. The core package never imports this one. The action space, the tensors and the
returns are re-exported here; the PettingZoo environment
([`pettingzoo_env`][sankore_rules.interfaces.ai.pettingzoo_env]) and the OpenSpiel game
([`openspiel_game`][sankore_rules.interfaces.ai.openspiel_game], which registers ``python_sankore``
with pyspiel when imported) are imported by name.
"""

from sankore_rules.interfaces.ai.action_space import (
    ActionLayout,
    Family,
    action_layout,
    action_to_index,
    index_to_action,
    layout_digest,
    legal_indices,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.interfaces.ai.returns import SCHEMES, outcome, returns
from sankore_rules.interfaces.ai.tensors import (
    Segment,
    TensorLayout,
    information_state_string,
    observation_string,
    observation_tensor,
    tensor_layout,
)

__all__ = [
    "SCHEMES",
    "ActionLayout",
    "Family",
    "Segment",
    "TensorLayout",
    "action_layout",
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
    "returns",
    "tensor_layout",
]
