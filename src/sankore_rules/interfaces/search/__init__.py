"""Search under hidden information: determinized states and an ISMCTS bot.

[`sample_state`][sankore_rules.interfaces.search.sample_state] and
[`Determinizer`][sankore_rules.interfaces.search.Determinizer] draw full states that agree with
what one player sees; [`MctsBot`][sankore_rules.interfaces.search.MctsBot] searches over them.
"""

from sankore_rules.interfaces.search.determinize import Determinizer, sample_state
from sankore_rules.interfaces.search.mcts import MctsBot, rate

__all__ = ["Determinizer", "MctsBot", "rate", "sample_state"]
