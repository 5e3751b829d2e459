"""Sankoré's observation tensor laid out: its segments and the positions of their labels.

[`segments`][sankore_rules.sankore.agents.segments.segments] lists the tensor's segments, each a
block of labelled axes built from the tables (so a corrected ruleset gets its own), with its
encoding and what it shows; [`Index`][sankore_rules.sankore.agents.segments.Index] holds every
label list and the position of each label, which the field writers
(``sankore/agents/writers.py``) look up. ``tensor.py`` puts them together.
"""

from __future__ import annotations

from collections.abc import Iterable

from sankore_rules.core.agents import SegmentSpec
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import STEPS
from sankore_rules.sankore.rules.turn import TURN_OPTIONS
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = ["END_CAUSES", "MARKET_SLOTS", "RESOURCE_CAP", "TURN_SCALE", "Index", "segments"]

#: Counts with no bound in the tables are capped at this many times their storage limit.
RESOURCE_CAP = 2
#: Turns played are divided by this and capped at 1.
TURN_SCALE = 64
#: Market slots, top to bottom of a column (SETUP-C-15).
MARKET_SLOTS = ("level3", "pile2_top", "shown2", "pile1_top", "shown1")
#: Why a game's end was triggered (``State.end_cause``); the solo game's ``scholar`` has a
#: segment of its own.
END_CAUSES = ("madrasa", "deadlock", "turn_limit")


class Index:
    """Every label list of the layout, and the position of each label, for one ruleset."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        t = rules.tables
        storage = t.components.prestige_storage
        self.seats = ("self", *(f"+{k}" for k in range(1, max(rules.queue_layouts))))
        self.disciplines = rules.disciplines
        self.regions = tuple(sorted(rules.region_discipline))
        longest = max(len(q.spaces) for q in rules.queue_layouts.values())
        self.queue_positions = tuple(str(i) for i in range(longest))
        self.class_tiles = tuple(rules.class_tiles)
        self.advanced = tuple(c.id for c in t.classes.advanced)
        self.draft_tiles = tuple(c.id for c in t.classes.advanced if c.level == 1)
        self.sankore = tuple(rules.sankore_tiles)
        self.graduation = tuple(rules.graduation_tiles)
        self.cards = tuple(str(n) for n in rules.objective_cards)
        self.icons = tuple(rules.skill_icons)
        self.cells = tuple(rules.cell_name(c) for c in range(rules.madrasa_cells))
        sides = rules.library_sides.values()
        self.shelves = tuple(str(i) for i in range(max(len(s.shelves) for s in sides)))
        self.shelf_slots = max(shelf.slots for s in sides for shelf in s.shelves)
        self.sides = tuple(rules.library_sides)
        self.decisions = tuple(sorted(k for k, s in STEPS.items() if s.candidates is not None))
        self.mains = tuple(sorted({o.main for o in TURN_OPTIONS.values() if o.main is not None}))
        self.favour_spaces = tuple(str(i + 1) for i in range(len(rules.favour_rewards)))
        self.skill_slots = tuple(str(k) for k in range(rules.skill_section_size))
        self.graduation_slots = tuple(str(k) for k in range(rules.graduation_slots))
        self.max_favour = storage.spaces // storage.covered_per_favour_tile
        self.difficulties = tuple(rules.solo_difficulties)
        self.slots = tuple(str(k) for k in range(rules.solo_phase_turns[0]))
        self.phase2 = tuple(str(k) for k in range(rules.solo_phase_turns[1]))
        self.phase3 = tuple(str(k) for k in range(rules.solo_phase_turns[2]))
        self.solo_spaces = (rules.solo_draft_space, *rules.solo_class_spaces)

        def pos(labels: Iterable[str]) -> dict[str, int]:
            return {label: i for i, label in enumerate(labels)}

        self.disc = pos(self.disciplines)
        self.region_pos = pos(self.regions)
        self.card_pos = {n: i for i, n in enumerate(rules.objective_cards)}
        self.sankore_pos = pos(self.sankore)
        self.graduation_pos = pos(self.graduation)
        self.icon_pos = pos(self.icons)
        self.advanced_pos = pos(self.advanced)
        self.draft_pos = pos(self.draft_tiles)
        self.class_tile_pos = pos(self.class_tiles)
        self.side_pos = pos(self.sides)
        self.decision_pos = pos(self.decisions)
        self.main_pos = pos(self.mains)
        self.class_space_pos = pos(rules.class_spaces)
        self.student_space_pos = pos(rules.student_spaces)
        self.area_space_pos = pos(rules.area_spaces)
        self.theology_pos = pos(rules.theology_spaces)
        self.port_pos = pos(rules.token_port_spaces)
        self.camel_pos = pos(rules.astro_nodes)
        self.difficulty_pos = pos(self.difficulties)
        self.solo_space_pos = pos(self.solo_spaces)


def segments(rules: Rules, ix: Index) -> list[SegmentSpec]:
    """(name, {axis: labels}, encoding, meaning) of every segment, in order."""
    c, lim = rules.counts, rules.limits
    seat, d, area, region = ix.seats, ix.disciplines, ix.disciplines, ix.regions
    player_board = rules.class_spaces
    pile_scale = c.advanced_classes_per_discipline
    return [
        # ---- seats and the decision
        ("seat.present", {"seat": seat}, "flag", "a player sits in this seat"),
        ("seat.first", {"seat": seat}, "flag", "the first player (SETUP-P-2)"),
        ("seat.deciding", {"seat": seat}, "flag", "the player who decides now"),
        ("decision.kind", {"decision": ix.decisions}, "one-hot", "the pending decision"),
        (
            "decision.discipline",
            {"discipline": d},
            "one-hot",
            "the discipline the pending decision names, if any",
        ),
        ("turn.main_used", {"main action": ix.mains}, "flag", "main actions taken (TURN-2)"),
        ("turn.abilities_used", {"card": ix.cards}, "flag", "round abilities used (AMB-15)"),
        (
            "turn.pending_scorings",
            {"area": area, "scoring": ("book", "prestige")},
            "flag",
            "majority scorings waiting for the end of the turn (MAJ-1)",
        ),
        (
            "scorings_done",
            {"area": area, "scoring": ("book", "prestige")},
            "flag",
            "majority scorings already resolved",
        ),
        ("teaching.seat", {"seat": seat}, "one-hot", "who is teaching a Class"),
        ("teaching.class", {"class space": player_board}, "one-hot", "the Class being taught"),
        ("teaching.student", {"discipline": d}, "one-hot", "the active Student's discipline"),
        (
            "teaching.origin",
            {"Student space": rules.student_spaces},
            "one-hot",
            "the space the active Student came from",
        ),
        ("end.triggered", {"flag": ("triggered",)}, "flag", "the end is triggered (END-1)"),
        ("end.over", {"flag": ("over",)}, "flag", "the game is over"),
        ("end.cause", {"cause": END_CAUSES}, "one-hot", "why the end was triggered"),
        # ---- the shared board
        (
            "queues",
            {"area": area, "position": ix.queue_positions, "discipline": d},
            "one-hot",
            "the Student on each queue space (SETUP-C-3)",
        ),
        (
            "queue_tokens",
            {"area": area, "position": ix.queue_positions, "discipline": d},
            "one-hot",
            "the Prestige token beside each majority space",
        ),
        (
            "boxes.book",
            {"area": area, "region": region, "discipline": d},
            "one-hot",
            "the Book in each scoring box",
        ),
        (
            "boxes.prestige",
            {"area": area, "region": region, "discipline": d},
            "one-hot",
            "the Prestige token in each scoring box",
        ),
        (
            "spaces",
            {"space": tuple(rules.area_spaces), "seat": seat},
            "one-hot",
            "whose piece stands on each area space",
        ),
        (
            "theology_books",
            {"Theology space": tuple(rules.theology_spaces), "discipline": d},
            "one-hot",
            "the Book still lying on each Theology space (THEO-5)",
        ),
        (
            "port_tokens",
            {"Port space": rules.token_port_spaces, "discipline": d},
            "one-hot",
            "the Prestige token still lying on each Port City space",
        ),
        (
            "region_tiles",
            {"area": area, "region": region, "tile": ix.sankore},
            "one-hot",
            "the Sankoré tile still lying in each region",
        ),
        (
            "overflow.books",
            {"region": region, "discipline": d},
            f"count / {c.books_per_discipline}",
            "Books on each Law Overflow space (LAW-7)",
        ),
        (
            "overflow.prestige",
            {"region": region, "discipline": d},
            f"count / {c.prestige_per_discipline}",
            "Prestige tokens on each Law Overflow space (LAW-7)",
        ),
        ("madrasa.tile", {"cell": ix.cells, "tile": ix.sankore}, "one-hot", "each Madrasa tile"),
        ("madrasa.star", {"cell": ix.cells}, "flag", "the tile shows its Prestige side"),
        (
            "madrasa.students",
            {"seat": seat, "discipline": d},
            f"count / {c.students_per_discipline}",
            "Students sent to the Madrasa (THEO-8)",
        ),
        (
            "supply.books",
            {"discipline": d},
            f"count / {c.books_per_discipline}",
            "Books in the supply",
        ),
        (
            "supply.prestige",
            {"discipline": d},
            f"count / {c.prestige_per_discipline}",
            "Prestige tokens in the supply",
        ),
        ("supply.sankore", {"tile": ix.sankore}, "flag", "Sankoré tiles in the supply"),
        ("supply.favour", {"count": ("favour",)}, f"count / {c.favour_tiles}", "Favour tiles"),
        (
            "supply.skills",
            {"icon": ix.icons},
            "count / the icon's tiles",
            "Skill tiles left in each stack",
        ),
        ("graduation", {"tile": ix.graduation}, "flag", "Graduation tiles on the board"),
        (
            "market",
            {"column": d, "slot": MARKET_SLOTS, "tile": ix.advanced},
            "one-hot",
            "the visible Advanced Class tiles (EST-2); a pile shows only its top",
        ),
        (
            "market.piles",
            {"column": d, "pile": ("pile2", "pile1")},
            f"count / {pile_scale}",
            "how many tiles each pile holds",
        ),
        ("library.side", {"side": ix.sides}, "one-hot", "the Library side in play"),
        (
            "library.books",
            {"shelf": ix.shelves, "discipline": d},
            f"count / {ix.shelf_slots}",
            "the Books on each shelf (RES-5)",
        ),
        (
            "students_out",
            {"discipline": d},
            f"count / {c.students_per_discipline}",
            "Students out of the game",
        ),
        ("discarded_sankore", {"tile": ix.sankore}, "flag", "Sankoré tiles discarded (SANK-10)"),
        ("draft.tile", {"tile": ix.draft_tiles}, "flag", "combinations still on offer (DRAFT-1)"),
        (
            "draft.book",
            {"tile": ix.draft_tiles, "discipline": d},
            "one-hot",
            "the Book of each combination",
        ),
        (
            "draft.student",
            {"tile": ix.draft_tiles, "discipline": d},
            "one-hot",
            "the Student of each combination",
        ),
        ("variant.turn_limit", {"flag": ("set",)}, "flag", "the game has a turn limit"),
        # ---- each player
        (
            "player.resources",
            {"seat": seat, "resource": RESOURCES},
            f"count / ({RESOURCE_CAP} x storage limit), capped at 1",
            "Gold, Salt and Inspiration (RES-1)",
        ),
        (
            "player.books",
            {"seat": seat, "discipline": d},
            f"count / {lim.books_per_discipline}",
            "Books on the Bookshelf (RES-4)",
        ),
        (
            "player.prestige",
            {"seat": seat, "discipline": d},
            f"count / {c.prestige_per_discipline}",
            "Prestige tokens",
        ),
        (
            "player.favour_tiles",
            {"seat": seat},
            f"count / {ix.max_favour}",
            "Favour tiles held (RES-7)",
        ),
        (
            "player.favour_pos",
            {"seat": seat, "space": ix.favour_spaces},
            "one-hot",
            "the disc on the Favour track",
        ),
        (
            "player.pieces",
            {"seat": seat, "area": area},
            f"count / {c.pieces_per_type}",
            "Trading Posts, Mosques, Walls and Crowns still at home",
        ),
        (
            "player.classes",
            {"seat": seat, "class space": player_board, "tile": ix.class_tiles},
            "one-hot",
            "the Class tile on each Class space",
        ),
        (
            "player.students",
            {"seat": seat, "Student space": rules.student_spaces, "discipline": d},
            "one-hot",
            "the Student on each Student space",
        ),
        (
            "player.skills",
            {"seat": seat, "section": d, "slot": ix.skill_slots, "icon": ix.icons},
            "one-hot",
            "the Skill tiles in each section, in the order placed (SKILL-2)",
        ),
        (
            "player.graduations",
            {"seat": seat, "slot": ix.graduation_slots, "tile": ix.graduation},
            "one-hot",
            "the Graduation tiles held (GRAD-5)",
        ),
        (
            "player.graduated",
            {"seat": seat, "slot": ix.graduation_slots, "discipline": d},
            "one-hot",
            "the Student still on each Graduation tile",
        ),
        (
            "player.camel",
            {"seat": seat, "place": tuple(rules.astro_nodes)},
            "one-hot",
            "where the camel stands (ASTRO-2)",
        ),
        (
            "player.hand",
            {"seat": seat, "card": ix.cards},
            "flag",
            "the viewer's own Objective cards; all zero for the other seats (OBJ-1)",
        ),
        (
            "player.hand_size",
            {"seat": seat},
            f"count / {c.objectives_dealt}",
            "how many Objective cards each player holds",
        ),
        ("player.completed", {"seat": seat, "card": ix.cards}, "flag", "completed cards (OBJ-1)"),
        (
            "player.kept_sankore",
            {"seat": seat, "tile": ix.sankore},
            "flag",
            "Sankoré tiles kept as Prestige (SANK-10)",
        ),
        (
            "player.turns",
            {"seat": seat},
            f"count / {TURN_SCALE}, capped at 1",
            "turns played",
        ),
        # ---- the solo game: the Scholar's board, all zero in a game of 2-4 players
        ("solo.present", {"flag": ("solo",)}, "flag", "a solo game against the Scholar"),
        (
            "solo.difficulty",
            {"difficulty": ix.difficulties},
            "one-hot",
            "the Scholar's difficulty (SOLO-SET-1)",
        ),
        (
            "solo.current",
            {"discipline": d},
            "one-hot",
            "the current discipline of the Scholar's turn (SOLO-FLOW-3)",
        ),
        (
            "solo.slots",
            {"card slot": ix.slots, "card": ix.cards},
            "one-hot",
            "the cards turned into the card slots in phase 1 (SOLO-PH1-3)",
        ),
        (
            "solo.deck",
            {"count": ("deck",)},
            f"count / {c.objectives_dealt}, capped at 1",
            "how many cards the Scholar's face-down deck holds (SOLO-SET-9); not which",
        ),
        (
            "solo.bag",
            {"discipline": d},
            f"count / {c.students_per_discipline}",
            "the Students in the bag, counted: the bag keeps no order (SOLO-SET-8)",
        ),
        (
            "solo.phase2",
            {"phase 2 space": ix.phase2, "discipline": d},
            "one-hot",
            "the Student drawn onto each space of the phase 2 row (SOLO-PH2-3)",
        ),
        (
            "solo.phase3",
            {"phase 3 space": ix.phase3, "discipline": d},
            "one-hot",
            "the Student drawn onto each space of the phase 3 row (SOLO-PH3-2)",
        ),
        (
            "solo.classes",
            {"solo Class space": ix.solo_spaces, "tile": ix.advanced},
            "one-hot",
            "the Advanced Class tile on each Class space of the solo board (SOLO-EST-2)",
        ),
        (
            "solo.tile_students",
            {"solo Class space": ix.solo_spaces, "discipline": d},
            "one-hot",
            "the Student enrolled by Area onto each tile (SOLO-ENRA-2)",
        ),
        (
            "solo.end_scholar",
            {"flag": ("scholar",)},
            "flag",
            "the Scholar's last turn triggered the end (SOLO-FLOW-2)",
        ),
        (
            "solo.scholar_books",
            {"discipline": d},
            f"count / {c.books_per_discipline}",
            "the Scholar's Books, its storage unlimited (SOLO-FLOW-5); player.books caps them",
        ),
    ]
