"""Game-AI interfaces: action indices and masks, observation tensors, PettingZoo, OpenSpiel.

Installed with the ``ai`` extra (``pip install sankore-rules[ai]``): numpy, gymnasium,
pettingzoo and open_spiel. The core package never imports this one. The action space, the
tensors and the returns are re-exported here; the PettingZoo environment
(:mod:`.pettingzoo_env`) and the OpenSpiel game (:mod:`.openspiel_game`, which registers
``python_sankore`` with pyspiel when imported) are imported by name.
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

__all__ = [
    "ActionLayout",
    "Family",
    "action_layout",
    "action_to_index",
    "index_to_action",
    "layout_digest",
    "legal_indices",
    "legal_mask",
    "num_distinct_actions",
]
