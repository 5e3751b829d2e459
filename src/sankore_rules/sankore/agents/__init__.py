"""Sankoré for learning agents: its fixed action space and its observation tensor's layout.

The game object's hooks ``action_space`` and ``tensor_layout`` return these; the AI door
([`sankore_rules.interfaces.ai`][sankore_rules.interfaces.ai]) reaches them through the
protocol only. Nothing here imports numpy.
"""

from sankore_rules.sankore.agents.actions import action_space
from sankore_rules.sankore.agents.tensor import SankoreLayout, tensor_layout

__all__ = ["SankoreLayout", "action_space", "tensor_layout"]
