"""Five Tribes' engine: the [`Engine`][sankore_rules.core.engine.Engine] its rules register on."""

from __future__ import annotations

from sankore_rules.core.engine import Engine

__all__ = ["ENGINE"]

#: The steps of Five Tribes, registered by the modules of ``five_tribes/rules``.
ENGINE = Engine("five_tribes")
