"""The closed vocabularies of the rule tables: sources, effect kinds, effects and costs.

These are the words every table is written in; ``effects.py`` interprets the effects.
"""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from sankore_rules.core.errors import RulesDataError
from sankore_rules.core.words import (
    ID_CHARACTERS,
    MAX_ID,
    MAX_WORD,
    NOTATION_CHARACTERS,
    word_problem,
)

__all__ = [
    "ID_CHARACTERS",
    "MAX_ID",
    "MAX_WORD",
    "NOTATION_CHARACTERS",
    "RESOURCES",
    "Cost",
    "Effect",
    "EffectKind",
    "RulesDataError",
    "ScholarAction",
    "Source",
    "word_problem",
]


class Source(StrEnum):
    """Where a table entry's numbers come from."""

    RULEBOOK = "rulebook"
    EXAMPLE = "example"
    RECONSTRUCTED = "reconstructed"


class EffectKind(StrEnum):
    """The closed vocabulary of rewards and bonuses; ``effects.py`` interprets each one."""

    GAIN_RESOURCE = "gain_resource"
    GAIN_BOOK = "gain_book"
    GAIN_PRESTIGE = "gain_prestige"
    ADVANCE_FAVOUR = "advance_favour"
    EXCHANGE_FAVOUR = "exchange_favour"
    RETURN_FAVOUR = "return_favour"
    TRANSFER_STUDENT = "transfer_student"
    PROMOTE_STUDENT = "promote_student"
    GRADUATE_FREE = "graduate_free"
    ESTABLISH_FREE = "establish_free"
    ENROL_ANY = "enrol_any"
    ACTIVATE_SKILLS = "activate_skills"
    SKILL_TILE = "skill_tile"
    PLACE_SANKORE = "place_sankore"
    MAJORITY_SCORING = "majority_scoring"
    FREE_WALL = "free_wall"


RESOURCES = ("gold", "salt", "inspiration")


class ScholarAction(StrEnum):
    """The actions a solo board lists for one of the Scholar's turns (SOLO-BOOK..SOLO-SANK).

    Teach a Class closes every turn without being listed (SOLO-FLOW-3), and Enrol by Area is
    triggered by an Advanced Class tile (SOLO-ENRA-2), so neither is a word of these lists.
    """

    CONTRIBUTE_BOOK = "contribute_book"
    ENROL_DISCIPLINE = "enrol_discipline"
    ESTABLISH = "establish"
    GAIN_PRESTIGE = "gain_prestige"
    GRADUATE = "graduate"
    PLACE_SANKORE = "place_sankore"


@frozen
class Effect:
    """One reward or bonus in the effect vocabulary.

    Attributes:
        kind: what happens.
        amount: how many times (gains) or spaces (Favour advance).
        discipline: a discipline name, ``"any"`` (the player chooses), ``"section"`` (the Skill
            section the tile sits in) or ``"class"`` (the class being taught).
        resources: for ``gain_resource``, the resources to choose one from.
        icon: for ``skill_tile``, which Skill tile stack it takes from.
        scoring: for ``majority_scoring``, ``"book"`` or ``"prestige"``.
    """

    kind: EffectKind
    amount: int = 1
    discipline: str | None = None
    resources: tuple[str, ...] = ()
    icon: str | None = None
    scoring: str | None = None


@frozen
class Cost:
    """The red carpet under a space: resources to pay, Books to contribute, support needed."""

    gold: int = 0
    salt: int = 0
    books: int = 0
    distinct_books: bool = False
    supported: bool = False
