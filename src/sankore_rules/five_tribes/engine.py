"""Five Tribes' engine: the [`Engine`][sankore_rules.core.engine.Engine] its rules register on."""

from __future__ import annotations

from sankore_rules.core.engine import Engine
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["ENGINE"]

#: The steps of Five Tribes, registered by the modules of ``five_tribes/rules``. Its states
#: are values (sealed), so the options it lists for one are remembered.
ENGINE = Engine("five_tribes", sealed=FiveTribesState)
