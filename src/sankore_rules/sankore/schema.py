"""The records of the rule tables: one frozen attrs class per TOML file and per kind of entry.

``tables.py`` reads the TOML files into these records (with the loader every game shares,
``core/tables.py``); ``validation.py`` cross-checks them.

Provenance (DESIGN "Data provenance"): a record with a ``source`` says where its values come
from, ``rulebook``, ``example`` or ``reconstructed``. Its ``sources`` table overrides that for
single values the texts give differently, keyed by field name (``knowledge``) or by one item
of a list field (``column_gold[3]``); ``tables.fields_with_source`` reads both.

Every number lies within ``0..MAX_TABLE_NUMBER`` unless a field says otherwise with
``at_most`` (the drawing's positions).
"""

from __future__ import annotations

from typing import Any

import attrs
from attrs import frozen

from sankore_rules.core.tables import at_most, table_files
from sankore_rules.sankore.drawing import MAX_DRAWING_NUMBER, Drawing
from sankore_rules.sankore.vocabulary import Cost, Effect, ScholarAction, Source

__all__ = [
    "DATA_FILES",
    "Ability",
    "Arrow",
    "AstroNode",
    "AstroPath",
    "Astronomy",
    "ClassSpace",
    "ClassTile",
    "Classes",
    "Components",
    "Condition",
    "Corner",
    "Counts",
    "Disciplines",
    "EnrolByArea",
    "FavourSpace",
    "FavourTrack",
    "GraduationTile",
    "GraduationTiles",
    "Law",
    "LawSpace",
    "Library",
    "LibrarySide",
    "Limits",
    "MadrasaStudents",
    "Mathematics",
    "ObjectiveCard",
    "Objectives",
    "PlayerBoard",
    "PortSpace",
    "PrestigeStorage",
    "QueueLayout",
    "QueueSpace",
    "Queues",
    "RulesTables",
    "Ruling",
    "Rulings",
    "SankoreTile",
    "SankoreTiles",
    "Shelf",
    "SkillGrant",
    "SkillIcon",
    "SkillTiles",
    "Solo",
    "SoloClassSpace",
    "SoloDifficulty",
    "SoloPhases",
    "Start",
    "StudentSpace",
    "StudentsInBag",
    "Theology",
    "TheologyRows",
    "TheologySpace",
    "WallEnds",
    "WallSide",
    "WallSides",
    "WallSpace",
]


# ---- components -------------------------------------------------------------------------------


@frozen
class Disciplines:
    """The four disciplines in anticlockwise order and the discipline each region letter names."""

    order: tuple[str, ...]
    regions: dict[str, str]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Counts:
    """How many of each component the box holds."""

    books_per_discipline: int
    prestige_per_discipline: int
    students_per_discipline: int
    sankore_tiles: int
    favour_tiles: int
    pieces_per_type: int
    advanced_classes_per_discipline: int
    skill_tiles: int
    objective_cards: int
    objectives_dealt: int
    theology_books_drawn: int
    port_prestige_drawn: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class StudentsInBag:
    """Students of each discipline bagged for the queues, by player count (SETUP-N-2)."""

    per_player_count: dict[str, int]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Limits:
    """What a player may keep at the end of a turn (STOR-1)."""

    inspiration: int
    gold: int
    salt: int
    books_per_discipline: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Start:
    """Each player's starting resources (SETUP-P-10)."""

    inspiration: int
    gold: int
    salt: int
    favour_tiles_per_player: str
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class PrestigeStorage:
    """Prestige storage spaces and how many each Favour tile covers (RES-7)."""

    spaces: int
    covered_per_favour_tile: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Components:
    """``components.toml``."""

    name: str
    disciplines: Disciplines
    counts: Counts
    students_in_bag: StudentsInBag
    limits: Limits
    start: Start
    prestige_storage: PrestigeStorage


# ---- player board, favour track, queues ------------------------------------------------------


@frozen
class ClassSpace:
    """A Class space of the player board."""

    id: str
    row: int


@frozen
class StudentSpace:
    """A Student space: its level, the Class space above it, whether it is a topmost space."""

    id: str
    level: int
    under: str | None = None
    topmost: bool = False


@frozen
class Arrow:
    """The arrows leading up from a Class space to Student spaces one level higher."""

    from_: str = attrs.field(alias="from_")
    to: tuple[str, ...] = ()


@frozen
class PlayerBoard:
    """``player_board.toml``."""

    source: Source
    school_knowledge: tuple[int, ...]
    graduation_slots: int
    skill_section_size: int
    second_row: int
    top_rows: tuple[int, ...]
    top_space_row: int
    classes: tuple[ClassSpace, ...]
    students: tuple[StudentSpace, ...]
    arrows: tuple[Arrow, ...]
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class FavourSpace:
    """One space of the Favour track and the reward taken from it."""

    reward: tuple[Effect, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class FavourTrack:
    """``favour_track.toml``."""

    start: int
    space: tuple[FavourSpace, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class QueueSpace:
    """A Student Queue space: the Knowledge it shows once empty and the icons it carries."""

    knowledge: int
    favour: bool = False
    sankore: bool = False
    book_majority: bool = False
    prestige_majority: bool = False


@frozen
class QueueLayout:
    """The queue used by every area for one player count."""

    players: int
    source: Source
    spaces: tuple[QueueSpace, ...]
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Queues:
    """``queues.toml``."""

    layout: tuple[QueueLayout, ...]


# ---- areas -------------------------------------------------------------------------------------


@frozen
class PortSpace:
    """One of the three Trading Post spaces of a Port City."""

    number: int
    source: Source
    token: bool = False
    reward: tuple[Effect, ...] = ()
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class AstroNode:
    """A place on the camel map: Timbuktu, an Oasis or a Port City."""

    id: str
    kind: str
    source: Source
    region: str | None = None
    zone: str | None = None
    number: int = 0
    name: str | None = None
    gold: int = 0
    spaces: tuple[PortSpace, ...] = ()
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class AstroPath:
    """A path between two places, with the Knowledge it needs; dotted paths cross a line."""

    ends: tuple[str, str]
    knowledge: int
    source: Source
    dotted: bool = False
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Astronomy:
    """``astronomy.toml``."""

    start: str
    oasis_gold: int
    oasis_salt: int
    source: Source
    node: tuple[AstroNode, ...]
    path: tuple[AstroPath, ...]
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class SkillGrant:
    """A Skill tile given by a space, and the section it must go to."""

    icon: str
    section: str


@frozen
class TheologyRows:
    """The carpet of each Theology row."""

    bottom: Cost
    middle: Cost
    top: Cost
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class TheologySpace:
    """A Mosque space."""

    id: str
    city: str
    region: str
    row: str
    knowledge: int
    source: Source
    activate: str | None = None
    skill: SkillGrant | None = None
    madrasa_student: str | None = None
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Theology:
    """``theology.toml``."""

    rows: TheologyRows
    space: tuple[TheologySpace, ...]


@frozen
class LawSpace:
    """A Crown space and the Skill tile it gives."""

    id: str
    region: str
    row: str
    knowledge: int
    skill: str
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Law:
    """``law.toml``."""

    rows: TheologyRows
    space: tuple[LawSpace, ...]


@frozen
class WallSide:
    """One side of the Madrasa and its carpet."""

    orientation: str
    books: int
    distinct_books: bool = False
    supported: bool = False


@frozen
class WallSides:
    """The four sides of the Madrasa."""

    A: WallSide
    B: WallSide
    C: WallSide
    D: WallSide
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class WallSpace:
    """A Wall space: its side, the row or column it lines up with, its printed number."""

    id: str
    side: str
    line: int
    number: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Corner:
    """The dark-blue corner Wall space."""

    id: str
    number: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class MadrasaStudents:
    """The Theology spaces of the Madrasa."""

    disciplines: tuple[str, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Mathematics:
    """``mathematics.toml``."""

    rows: int
    columns: int
    unnumbered: tuple[tuple[int, int], ...]
    numbered: tuple[tuple[int, int], ...]
    row_gold: tuple[int, ...]
    column_gold: tuple[int, ...]
    sides: WallSides
    wall: tuple[WallSpace, ...]
    corner: Corner
    madrasa_students: MadrasaStudents
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


# ---- tiles, cards, library ----------------------------------------------------------------------


@frozen
class Shelf:
    """A Library shelf: slots, and the points for its winner and runner-up."""

    slots: int
    points: int
    second: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class LibrarySide:
    """One side of the Library board."""

    id: str
    source: Source
    shelves: tuple[Shelf, ...]
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Library:
    """``library.toml``."""

    side: tuple[LibrarySide, ...]


@frozen
class ClassTile:
    """An Introductory or Advanced Class tile."""

    id: str
    discipline: str
    knowledge: int
    reward: tuple[Effect, ...]
    source: Source
    level: int = 0
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Classes:
    """``classes.toml``."""

    introductory: tuple[ClassTile, ...]
    advanced: tuple[ClassTile, ...]


@frozen
class SkillIcon:
    """A Skill tile stack: its icon, how many tiles, what one does."""

    id: str
    count: int
    effect: tuple[Effect, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class SkillTiles:
    """``skill_tiles.toml``."""

    icon: tuple[SkillIcon, ...]


@frozen
class SankoreTile:
    """A Sankoré tile: discipline, where it starts, its placement bonus."""

    id: str
    discipline: str
    placement: str
    bonus: tuple[Effect, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class SankoreTiles:
    """``sankore_tiles.toml``."""

    tile: tuple[SankoreTile, ...]


@frozen
class GraduationTile:
    """A Graduation tile and the Prestige icons it prints."""

    id: str
    discipline: str
    level: int
    prestige: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class GraduationTiles:
    """``graduation_tiles.toml``."""

    tile: tuple[GraduationTile, ...]


@frozen
class Condition:
    """One part of an Objective card's requirement: a count that must reach ``at_least``.

    Attributes:
        kind: what is counted (see ``objectives.toml`` for the closed list).
        at_least: the smallest count that meets the condition.
        area: the board area counted, for piece and region counts.
        place: narrows Astronomy pieces to ``"oasis"`` or ``"port"``.
        level: the lowest Graduation level that counts.
        section: the one Skill section counted.
    """

    kind: str
    at_least: int
    area: str | None = None
    place: str | None = None
    level: int = 1
    section: str | None = None


@frozen
class Ability:
    """What a completed Objective card lets its owner do, and when (BONUS-6)."""

    use: str
    kind: str
    discipline: str | None = None
    resource: str | None = None
    amount: int = 0
    effects: tuple[Effect, ...] = ()


@frozen
class ObjectiveCard:
    """An Objective card: number, Prestige discipline and icons, requirement and ability."""

    number: int
    discipline: str
    prestige: int
    requirement: tuple[Condition, ...]
    ability: Ability
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Objectives:
    """``objectives.toml``."""

    card: tuple[ObjectiveCard, ...]


# ---- the solo mode ------------------------------------------------------------------------------


@frozen
class SoloPhases:
    """How many turns each of the Scholar's three phases has (SOLO-FLOW-6)."""

    turns: tuple[int, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class SoloClassSpace:
    """An Advanced Class space of the solo board.

    Attributes:
        id: the space's id.
        number: 0 for the bottom-centre slot the drafted tile goes to (SOLO-SET-13); 1 and up
            for the spaces the Scholar's Establish fills, lowest number first (SOLO-PH2-4).
        market_row: the row of the Advanced Class market, counted from the bottom, that the
            tile for this space comes from (SOLO-EST-2); 0 for the drafted tile's slot.
    """

    id: str
    number: int
    market_row: int
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class EnrolByArea:
    """The Advanced Class tiles whose Scholar icon triggers Enrol by Area (SOLO-ENRA, GAP-15)."""

    tiles: tuple[str, ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class WallEnds:
    """Which end of its Madrasa line each side's Walls stand at: ``first`` or ``last``.

    The line's cells are read in ``rules.row_cells``/``rules.column_cells`` order; the Scholar
    flips the face-down tile nearest to its Wall (SOLO-TEACH-8, AMB-33, AMB-34).
    """

    A: str
    B: str
    C: str
    D: str
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class SoloDifficulty:
    """One solo board: a difficulty, its Scholar, School Knowledge and per-turn actions.

    Attributes:
        id: ``easy``, ``medium``, ``hard`` or ``very_hard``: what ``new_game(scholar=...)``
            takes (SOLO-SET-1).
        name: the historical scholar of that difficulty.
        school_knowledge: the Scholar's School Knowledge in an area with 0, 1, ... 7 of that
            area's pieces placed (SOLO-TEACH-4).
        phase1: for each card slot (turns 1-4), the actions before Teach (SOLO-PH1-3).
        phase2: for each space of the phase 2 row (turns 5-9), the actions (SOLO-PH2-3).
        phase3: for each space of the phase 3 row (turns 10-16), the actions (SOLO-PH3-2).
    """

    id: str
    name: str
    school_knowledge: tuple[int, ...]
    phase1: tuple[tuple[ScholarAction, ...], ...]
    phase2: tuple[tuple[ScholarAction, ...], ...]
    phase3: tuple[tuple[ScholarAction, ...], ...]
    source: Source
    sources: dict[str, Source] = attrs.field(factory=dict)


@frozen
class Solo:
    """``solo.toml``: the solo boards (GAP-22)."""

    phases: SoloPhases
    class_space: tuple[SoloClassSpace, ...]
    enrol_by_area: EnrolByArea
    wall_ends: WallEnds
    difficulty: tuple[SoloDifficulty, ...]


@frozen
class Ruling:
    """How the engine decides one ambiguity of the texts (RULES-CHECKLIST section 17b)."""

    id: str
    question: str
    choice: str
    reason: str
    alternative: str | None = None


@frozen
class Rulings:
    """``rulings.toml``."""

    ruling: tuple[Ruling, ...]


@frozen
class RulesTables:
    """Every table, as loaded and validated; ``content_hash`` identifies the exact numbers."""

    components: Components
    player_board: PlayerBoard
    favour_track: FavourTrack
    queues: Queues
    astronomy: Astronomy
    theology: Theology
    mathematics: Mathematics
    law: Law
    library: Library
    classes: Classes
    skill_tiles: SkillTiles
    sankore_tiles: SankoreTiles
    graduation_tiles: GraduationTiles
    objectives: Objectives
    solo: Solo
    rulings: Rulings
    # Positions in a picture, not numbers of the game: bounded by the picture's size.
    drawing: Drawing = attrs.field(metadata=at_most(MAX_DRAWING_NUMBER))
    content_hash: str


#: The files of the tables, each with the record it is read into, in the order they are hashed.
DATA_FILES: dict[str, type[Any]] = table_files(RulesTables)
