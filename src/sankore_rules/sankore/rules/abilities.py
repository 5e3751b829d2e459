"""What completed Objective cards change in other rules, as the rules package names it.

The queries live in [`sankore.abilities`][sankore_rules.sankore.abilities], below ``rules/`` so
that the state's checks can ask them too; callers that import them from here keep working.
"""

from __future__ import annotations

from sankore_rules.sankore.abilities import (
    abilities,
    area_discount,
    area_knowledge,
    has_ability,
    storage_bonus,
)

__all__ = ["abilities", "area_discount", "area_knowledge", "has_ability", "storage_bonus"]
