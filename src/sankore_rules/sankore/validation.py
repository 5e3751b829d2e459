"""Cross-checks of the rule tables: counts, references, and the rules' own constraints.

Structure, types, the bounds of every number, the ids and the per-field provenance are checked
when the tables are read (``core/tables.py``, the loader every game shares); this module checks
what only the whole set of Sankoré's tables can tell: a route to a place that does not exist,
13 Book spaces in Theology, 28 Sankoré tiles, a drawing that leaves a place undrawn, and so on.
Each failure names the file, the entry and the field.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import networkx as nx

from sankore_rules.sankore.drawing_checks import validate_drawing
from sankore_rules.sankore.schema import RulesTables
from sankore_rules.sankore.vocabulary import (
    RESOURCES,
    Effect,
    EffectKind,
    RulesDataError,
    ScholarAction,
)

__all__ = ["ABILITY_KINDS", "CONDITION_KINDS", "validate_tables"]

CONDITION_KINDS = frozenset(
    (
        "pieces",
        "regions",
        "graduations",
        "advanced",
        "skills",
        "topmost",
        "student_level",
        "favour",
        "prestige",
        "books",
    )
)
ABILITY_KINDS = frozenset(
    (
        "area_knowledge",
        "area_discount",
        "crown_any_cost",
        "flip_any",
        "move_wall",
        "enrol_above",
        "enrol_anywhere",
        "effects",
        "storage_bonus",
    )
)

#: The four areas the rules modules implement; a table may renumber anything but these names.
KNOWN_DISCIPLINES = ("astronomy", "theology", "mathematics", "law")

#: Madrasa cells are named ``r<row>c<column>`` with one digit each.
MAX_MADRASA_SIDE = 10
#: Player counts the queues and the setup know (SETUP-N-1).
PLAYER_COUNTS = (2, 3, 4)
#: The solo boards' difficulties (SOLO-SET-1), which ``new_game(scholar=...)`` names.
SOLO_DIFFICULTIES = ("easy", "medium", "hard", "very_hard")
#: The rows of an Advanced Class market column, from the bottom (SETUP-C-15, SOLO-EST-2).
MARKET_ROWS = 5


def _fail(file: str, where: str, problem: str) -> RulesDataError:
    return RulesDataError(f"{file}.toml", where, problem)


def _check_unique(file: str, what: str, ids: Iterable[str]) -> None:
    for value, n in Counter(ids).items():
        if n > 1:
            raise _fail(file, f"{what} {value!r}", "id used more than once")


def _check_effects(
    file: str,
    where: str,
    effects: Iterable[Effect],
    disciplines: set[str],
    icons: set[str],
    context: str = "",
) -> None:
    """Check a table's effects.

    ``context`` names what the effect's table supplies: "section" (a Skill tile's section),
    "class" (the class being taught) or "area" (a Sankoré tile's discipline, which a majority
    scoring scores). Elsewhere those words would have nothing to refer to.
    """
    for i, effect in enumerate(effects):
        at = f"{where}.reward[{i}]"
        if effect.amount < 1:
            raise _fail(file, at, "amount must be at least 1")
        if effect.kind is EffectKind.GAIN_RESOURCE and (
            not effect.resources
            or set(effect.resources) - set(RESOURCES)
            or len(set(effect.resources)) != len(effect.resources)
        ):
            # A choice among resources names each once (a state's task says the same).
            raise _fail(file, f"{at}.resources", f"must name distinct resources among {RESOURCES}")
        if effect.kind is EffectKind.MAJORITY_SCORING and context != "area":
            raise _fail(file, f"{at}.kind", "a majority scoring only comes from a Sankoré tile")
        needs_discipline = {
            EffectKind.GAIN_BOOK: disciplines
            | {"any"}
            | ({"section"} if context == "section" else set()),
            EffectKind.GAIN_PRESTIGE: disciplines
            | {"any"}
            | ({"class"} if context == "class" else set()),
            EffectKind.ACTIVATE_SKILLS: disciplines | {"any"},
            EffectKind.PLACE_SANKORE: disciplines,
            EffectKind.SKILL_TILE: disciplines | {"any"},
        }.get(effect.kind)
        if needs_discipline is not None and effect.discipline not in needs_discipline:
            raise _fail(file, f"{at}.discipline", f"{effect.discipline!r} is not allowed here")
        if effect.kind is EffectKind.SKILL_TILE and effect.icon not in icons:
            raise _fail(file, f"{at}.icon", f"no Skill tile stack {effect.icon!r}")
        if effect.kind is EffectKind.MAJORITY_SCORING and effect.scoring not in (
            "book",
            "prestige",
        ):
            raise _fail(file, f"{at}.scoring", "must be 'book' or 'prestige'")


def _check_madrasa_size(t: RulesTables) -> None:
    # Every number is within 0..MAX_TABLE_NUMBER already (the shared loader); cells are named
    # with one digit of row and of column.
    m = t.mathematics
    for name in ("rows", "columns"):
        if not 1 <= getattr(m, name) <= MAX_MADRASA_SIDE:
            raise _fail("mathematics", name, f"the Madrasa has 1..{MAX_MADRASA_SIDE} {name}")


def validate_tables(t: RulesTables) -> None:
    """Raise [`RulesDataError`][sankore_rules.RulesDataError] for the first inconsistency in ``t``.

    Every check takes time linear in the tables' size, so a hostile table is refused as
    quickly as a correct one is accepted.
    """
    _check_madrasa_size(t)
    disc = set(t.components.disciplines.order)
    # The order is the rulebook's anticlockwise one (SOLO-DISC-2), and the tables list every
    # per-discipline count (the pieces, the Books, the tiles) in it: another order would give
    # each discipline another's numbers, so it is refused rather than read.
    if tuple(t.components.disciplines.order) != KNOWN_DISCIPLINES:
        raise _fail(
            "components",
            "disciplines.order",
            f"must be {list(KNOWN_DISCIPLINES)}, the rulebook's anticlockwise order",
        )
    regions = t.components.disciplines.regions
    if set(regions) != {"A", "B", "C", "D"} or set(regions.values()) != disc:
        raise _fail("components", "disciplines.regions", "must map A-D onto the four disciplines")
    counts = t.components.counts
    icons = {i.id for i in t.skill_tiles.icon}

    # Player board.
    pb = t.player_board
    class_ids = {c.id for c in pb.classes}
    _check_unique("player_board", "class", (c.id for c in pb.classes))
    _check_unique("player_board", "student", (s.id for s in pb.students))
    student_ids = {s.id for s in pb.students}
    if len(pb.school_knowledge) != counts.pieces_per_type:
        raise _fail("player_board", "school_knowledge", "needs one number per piece of a type")
    for sp in pb.students:
        if sp.under is not None and sp.under not in class_ids:
            raise _fail("player_board", f"student {sp.id!r}.under", f"no class space {sp.under!r}")
    if sum(1 for s in pb.students if s.topmost) != 4:
        raise _fail("player_board", "students", "there must be exactly four topmost spaces")
    class_rows = {c.id: c.row for c in pb.classes}
    under: dict[str, int] = Counter()
    for sp in pb.students:
        # Students sit under a class of their own level; only the topmost spaces sit under
        # none (TEACH-8..10), and each Introductory Class has its one space (SETUP-P-9).
        if (sp.under is None) != sp.topmost:
            raise _fail("player_board", f"student {sp.id!r}.under", "only topmost spaces lack one")
        if sp.under is not None and class_rows.get(sp.under) != sp.level:
            raise _fail("player_board", f"student {sp.id!r}.level", "must be its class's row")
        if sp.under is not None:
            under[sp.under] += 1
    for klass in pb.classes:
        wanted = (1,) if klass.row == 0 else (1, 2)
        if under[klass.id] not in wanted:
            raise _fail("player_board", f"class {klass.id!r}", f"needs {wanted} Student spaces")
    intro_row = [c for c in pb.classes if c.row == 0]
    if len(intro_row) != 4:
        raise _fail("player_board", "classes", "row 0 must hold the four Introductory Classes")
    levels = {s.id: s.level for s in pb.students}
    rows = {c.id: c.row for c in pb.classes}
    for i, arrow in enumerate(pb.arrows):
        if arrow.from_ not in class_ids:
            raise _fail("player_board", f"arrows[{i}].from", f"no class space {arrow.from_!r}")
        for target in arrow.to:
            if target not in student_ids:
                raise _fail("player_board", f"arrows[{i}].to", f"no student space {target!r}")
            if levels[target] != rows[arrow.from_] + 1:
                raise _fail("player_board", f"arrows[{i}].to", f"{target!r} is not one level up")

    # Favour track and queues.
    for i, space in enumerate(t.favour_track.space):
        _check_effects("favour_track", f"space[{i}]", space.reward, disc, icons)
    if not 0 <= t.favour_track.start < len(t.favour_track.space):
        raise _fail("favour_track", "start", "must be a space of the track")
    players_seen = set()
    for i, layout in enumerate(t.queues.layout):
        players_seen.add(layout.players)
        bagged = t.components.students_in_bag.per_player_count.get(str(layout.players))
        if bagged is None or len(layout.spaces) != bagged + 1:
            raise _fail(
                "queues", f"layout[{i}].spaces", "needs one space per bagged Student plus +1"
            )
        for kind in ("book_majority", "prestige_majority"):
            if sum(getattr(s, kind) for s in layout.spaces) != 1:
                raise _fail("queues", f"layout[{i}].spaces", f"needs exactly one {kind} space")
    if players_seen != {2, 3, 4}:
        raise _fail("queues", "layout", "needs one layout for each of 2, 3 and 4 players")

    # Astronomy.
    astro = t.astronomy
    _check_unique("astronomy", "node", (n.id for n in astro.node))
    nodes = {n.id: n for n in astro.node}
    if astro.start not in nodes:
        raise _fail("astronomy", "start", f"no node {astro.start!r}")
    ports = [n for n in astro.node if n.kind == "port"]
    if len(ports) != 8 or any(len(p.spaces) != 3 for p in ports):
        raise _fail("astronomy", "node", "there must be 8 Port Cities of 3 spaces each")
    tokens = sum(sp.token for p in ports for sp in p.spaces)
    if tokens != counts.port_prestige_drawn:
        raise _fail(
            "astronomy",
            "node",
            f"{tokens} token spaces, the setup draws {counts.port_prestige_drawn}",
        )
    for n in astro.node:
        if n.kind not in ("start", "oasis", "port"):
            raise _fail("astronomy", f"node {n.id!r}.kind", "must be start, oasis or port")
        if n.kind != "start" and (n.region not in regions or n.zone not in ("inner", "outer")):
            raise _fail("astronomy", f"node {n.id!r}", "needs a region A-D and a zone")
        if n.kind == "port" and (n.zone != "outer" or n.gold not in (2, 3)):
            raise _fail("astronomy", f"node {n.id!r}", "a Port City is outer and costs 2 or 3")
        for j, port_space in enumerate(n.spaces):
            where = f"node {n.id!r}.spaces[{j}]"
            _check_effects("astronomy", where, port_space.reward, disc, icons)
    for i, path in enumerate(astro.path):
        a, b = path.ends
        for end in (a, b):
            if end not in nodes:
                raise _fail("astronomy", f"path[{i}].ends", f"no node {end!r}")
        if path.knowledge < 1:
            raise _fail("astronomy", f"path[{i}].knowledge", "must be at least 1")
        zones = {nodes[a].zone, nodes[b].zone}
        if path.dotted and (zones != {"inner", "outer"} or nodes[a].region != nodes[b].region):
            raise _fail("astronomy", f"path[{i}].dotted", "a dotted path joins inner and outer")
        if not path.dotted and zones == {"inner", "outer"}:
            raise _fail("astronomy", f"path[{i}].dotted", "crossing a line must be marked dotted")
        if not path.dotted and "outer" in zones and (None in zones or "start" in zones):
            raise _fail("astronomy", f"path[{i}]", "Timbuktu cannot reach an outer place directly")

    # Theology and Law.
    theo = t.theology
    _check_unique("theology", "space", (s.id for s in theo.space))
    book_spaces = sum(1 for s in theo.space if s.row in ("bottom", "middle"))
    if book_spaces != counts.theology_books_drawn:
        raise _fail(
            "theology",
            "space",
            f"{book_spaces} Book spaces, the setup draws {counts.theology_books_drawn}",
        )
    for s in theo.space:
        at = f"space {s.id!r}"
        if s.region not in regions or s.row not in ("bottom", "middle", "top"):
            raise _fail("theology", at, "needs a region A-D and a row bottom/middle/top")
        if (s.row == "middle") != (s.activate is not None):
            raise _fail("theology", f"{at}.activate", "middle-row spaces, and only they, activate")
        if s.activate is not None and s.activate not in disc:
            raise _fail("theology", f"{at}.activate", f"no discipline {s.activate!r}")
        if s.row == "top" and (s.skill is None) == (s.madrasa_student is None):
            raise _fail("theology", at, "a top-row space gives a Skill tile or a Madrasa Student")
        if s.skill is not None and (s.skill.icon not in icons or s.skill.section not in disc):
            raise _fail("theology", f"{at}.skill", "unknown icon or section")
        if s.madrasa_student is not None and s.madrasa_student not in disc:
            raise _fail("theology", f"{at}.madrasa_student", "unknown discipline")
    law = t.law
    _check_unique("law", "space", (s.id for s in law.space))
    if len(law.space) != 28:
        raise _fail("law", "space", "the Law area has 28 Crown spaces")
    for ls in law.space:
        if ls.region not in regions or ls.row not in ("bottom", "middle", "top"):
            raise _fail("law", f"space {ls.id!r}", "needs a region A-D and a row")
        if ls.skill not in icons:
            raise _fail("law", f"space {ls.id!r}.skill", f"no Skill tile stack {ls.skill!r}")

    # Mathematics.
    m = t.mathematics
    cells = set(m.numbered) | set(m.unnumbered)
    if len(m.numbered) != 12 or len(m.unnumbered) != 4 or len(cells) != 16:
        raise _fail("mathematics", "numbered", "12 numbered and 4 unnumbered distinct cells")
    if any(not (0 <= r < m.rows and 0 <= c < m.columns) for r, c in cells):
        raise _fail("mathematics", "numbered", "a cell lies outside the grid")
    if len(m.row_gold) != m.rows or len(m.column_gold) != m.columns:
        raise _fail("mathematics", "row_gold", "one Gold count per row and per column")
    _check_unique("mathematics", "wall", [w.id for w in m.wall] + [m.corner.id])
    for w in m.wall:
        side = getattr(m.sides, w.side, None) if w.side in "ABCD" else None
        if side is None:
            raise _fail("mathematics", f"wall {w.id!r}.side", "must be A, B, C or D")
        size = m.columns if side.orientation == "horizontal" else m.rows
        if not 0 <= w.line < size:
            raise _fail("mathematics", f"wall {w.id!r}.line", "lines up with no row or column")

    # Library, classes, tiles, cards.
    for side in t.library.side:
        if not side.shelves:
            raise _fail("library", f"side {side.id!r}", "needs shelves")
    if {s.id for s in t.library.side} != {"three_shelf", "six_shelf"}:
        raise _fail("library", "side", "needs the three_shelf and six_shelf sides")
    all_classes = t.classes.introductory + t.classes.advanced
    _check_unique("classes", "tile", (c.id for c in all_classes))
    if sorted(c.discipline for c in t.classes.introductory) != sorted(disc):
        raise _fail("classes", "introductory", "one Introductory Class per discipline")
    per_disc = Counter(c.discipline for c in t.classes.advanced)
    for d in disc:
        if per_disc[d] != counts.advanced_classes_per_discipline:
            raise _fail("classes", "advanced", f"{per_disc[d]} {d} tiles, the box has 10")
        level3 = [c for c in t.classes.advanced if c.discipline == d and c.level == 3]
        if len(level3) != 1:
            raise _fail("classes", "advanced", f"{d} needs exactly one level 3 tile")
    for c in all_classes:
        if c.discipline not in disc:
            raise _fail("classes", f"tile {c.id!r}.discipline", f"unknown {c.discipline!r}")
        if c in t.classes.advanced and c.level not in (1, 2, 3):
            raise _fail("classes", f"tile {c.id!r}.level", "must be 1, 2 or 3")
        _check_effects("classes", f"tile {c.id!r}", c.reward, disc, icons, "class")
    if sum(i.count for i in t.skill_tiles.icon) != counts.skill_tiles:
        raise _fail("skill_tiles", "icon", "the counts must add up to 40")
    for icon in t.skill_tiles.icon:
        _check_effects("skill_tiles", f"icon {icon.id!r}", icon.effect, disc, icons, "section")
    tiles = t.sankore_tiles.tile
    _check_unique("sankore_tiles", "tile", (s.id for s in tiles))
    placements = Counter(s.placement for s in tiles)
    if len(tiles) != counts.sankore_tiles or placements != {
        "madrasa": 4,
        "board": 12,
        "supply": 12,
    }:
        raise _fail(
            "sankore_tiles",
            "tile",
            f"found {dict(placements)}: 28 tiles are 4 madrasa, 12 board, 12 supply",
        )
    for st in tiles:
        if st.discipline not in disc:
            raise _fail("sankore_tiles", f"tile {st.id!r}.discipline", "unknown discipline")
        if (st.placement == "supply") == bool(st.bonus):
            raise _fail("sankore_tiles", f"tile {st.id!r}.bonus", "supply tiles alone lack a bonus")
        _check_effects("sankore_tiles", f"tile {st.id!r}", st.bonus, disc, icons, "area")
    if Counter(s.discipline for s in tiles) != dict.fromkeys(disc, 7):
        raise _fail("sankore_tiles", "tile", "7 tiles of each discipline")
    grads = t.graduation_tiles.tile
    _check_unique("graduation_tiles", "tile", (g.id for g in grads))
    if sorted((g.discipline, g.level) for g in grads) != sorted(
        (d, lv) for d in disc for lv in (1, 2, 3, 4)
    ):
        raise _fail("graduation_tiles", "tile", "one tile per discipline and level 1-4")
    cards = t.objectives.card
    if sorted(c.number for c in cards) != list(range(1, counts.objective_cards + 1)):
        raise _fail("objectives", "card", "cards must be numbered 1-24")
    for card in cards:
        at = f"card {card.number}"
        if card.discipline not in disc:
            raise _fail("objectives", f"{at}.discipline", "unknown discipline")
        if not card.requirement:
            raise _fail("objectives", f"{at}.requirement", "needs at least one condition")
        for j, cond in enumerate(card.requirement):
            if cond.kind not in CONDITION_KINDS:
                raise _fail("objectives", f"{at}.requirement[{j}].kind", f"unknown {cond.kind!r}")
            if cond.area is not None and cond.area not in disc:
                raise _fail("objectives", f"{at}.requirement[{j}].area", f"unknown {cond.area!r}")
            if (cond.kind in ("pieces", "regions")) != (cond.area is not None):
                raise _fail("objectives", f"{at}.requirement[{j}].area", "pieces/regions need one")
            if cond.place not in (None, "oasis", "port"):
                raise _fail("objectives", f"{at}.requirement[{j}].place", f"unknown {cond.place!r}")
            if cond.section is not None and (cond.kind != "skills" or cond.section not in disc):
                raise _fail(
                    "objectives",
                    f"{at}.requirement[{j}].section",
                    f"unknown {cond.section!r}: a Skill section is a discipline, for 'skills' only",
                )
        ability = card.ability
        if ability.use not in ("area", "round", "passive") or ability.kind not in ABILITY_KINDS:
            raise _fail("objectives", f"{at}.ability", "unknown use or kind")
        if ability.use == "area" and ability.discipline not in disc:
            raise _fail("objectives", f"{at}.ability.discipline", "an area ability names its area")
        _check_effects("objectives", f"{at}.ability", ability.effects, disc, icons)
    _check_unique("rulings", "ruling", (r.id for r in t.rulings.ruling))
    _check_solo(t)
    _check_area_ids(t)
    _check_routes(t)
    _check_board_rows(t)
    _check_setup_supply(t)
    validate_drawing(t)


def _check_solo(t: RulesTables) -> None:
    """The solo boards (GAP-22) against the rules they must fit (SOLO-FLOW, SOLO-PH1..3)."""
    solo = t.solo
    turns = solo.phases.turns
    if len(turns) != 3 or any(n < 1 for n in turns):
        raise _fail("solo", "phases.turns", "three phases of at least one turn each")
    _check_unique("solo", "class_space", (c.id for c in solo.class_space))
    numbers = sorted(c.number for c in solo.class_space)
    if numbers != list(range(turns[1] + 1)):
        raise _fail(
            "solo",
            "class_space",
            f"the drafted tile's slot (number 0) and one space per phase 2 turn, 1-{turns[1]}",
        )
    for c in solo.class_space:
        rows = (0,) if c.number == 0 else tuple(range(1, MARKET_ROWS + 1))
        if c.market_row not in rows:
            raise _fail("solo", f"class_space {c.id!r}.market_row", f"must be one of {rows}")
    advanced = {c.id for c in t.classes.advanced}
    _check_unique("solo", "enrol_by_area.tiles", solo.enrol_by_area.tiles)
    for tile in solo.enrol_by_area.tiles:
        if tile not in advanced:
            raise _fail("solo", "enrol_by_area.tiles", f"no Advanced Class tile {tile!r}")
    for side in "ABCD":
        if getattr(solo.wall_ends, side) not in ("first", "last"):
            raise _fail("solo", f"wall_ends.{side}", "must be 'first' or 'last'")
    _check_unique("solo", "difficulty", (d.id for d in solo.difficulty))
    if sorted(d.id for d in solo.difficulty) != sorted(SOLO_DIFFICULTIES):
        raise _fail("solo", "difficulty", f"one board per difficulty: {SOLO_DIFFICULTIES}")
    pieces = t.components.counts.pieces_per_type
    for d in solo.difficulty:
        at = f"difficulty {d.id!r}"
        track = d.school_knowledge
        if len(track) != pieces + 1 or list(track) != sorted(track):
            raise _fail(
                "solo",
                f"{at}.school_knowledge",
                f"{pieces + 1} numbers (0 to {pieces} pieces placed), never decreasing",
            )
        for phase, lists in enumerate((d.phase1, d.phase2, d.phase3), start=1):
            where = f"{at}.phase{phase}"
            if len(lists) != turns[phase - 1]:
                raise _fail("solo", where, f"one list per turn of phase {phase}: {turns}")
            for i, actions in enumerate(lists):
                _check_turn_actions(f"{where}[{i}]", phase, actions)


def _check_turn_actions(where: str, phase: int, actions: tuple[ScholarAction, ...]) -> None:
    """One turn's list: no action twice, and the ones each phase requires or forbids."""
    if len(set(actions)) != len(actions):
        raise _fail("solo", where, "lists an action twice")
    count = actions.count
    if phase == 1 and count(ScholarAction.ENROL_DISCIPLINE) != 1:
        raise _fail("solo", where, "each phase 1 turn enrols one Student (SOLO-PH1-4)")
    if (phase == 2) != (count(ScholarAction.ESTABLISH) == 1):
        raise _fail("solo", where, "Establish on every phase 2 turn and only there (SOLO-PH2-3)")
    if phase != 3 and count(ScholarAction.GRADUATE):
        raise _fail("solo", where, "Graduate takes a Student of the phase 3 row (SOLO-GRAD-1)")


def _check_area_ids(t: RulesTables) -> None:
    # Pieces on the four areas share one map of space ids (State.spaces): an id used by two
    # areas would credit a piece to the wrong one.
    files = {
        "astronomy": [n.id for n in t.astronomy.node if n.kind == "oasis"]
        + [f"{n.id}:{i}" for n in t.astronomy.node for i in range(len(n.spaces))],
        "theology": [s.id for s in t.theology.space],
        "mathematics": [w.id for w in t.mathematics.wall] + [t.mathematics.corner.id],
        "law": [s.id for s in t.law.space],
    }
    owner: dict[str, str] = {}
    for file, ids in files.items():
        for space_id in ids:
            if space_id in owner and owner[space_id] != file:
                raise _fail(
                    file, f"space {space_id!r}", f"id already used by a space of {owner[space_id]}"
                )
            owner[space_id] = file


def _check_routes(t: RulesTables) -> None:
    # The camel's distances are precomputed from Timbuktu's map: a place no path reaches has
    # no distance, and a Trading Post there could never be priced.
    g = nx.Graph()
    g.add_nodes_from(n.id for n in t.astronomy.node)
    g.add_edges_from(p.ends for p in t.astronomy.path)
    reached = nx.node_connected_component(g, t.astronomy.start)
    for n in t.astronomy.node:
        if n.id not in reached:
            raise _fail("astronomy", f"node {n.id!r}", "no path leads there from the start")


def _check_board_rows(t: RulesTables) -> None:
    pb = t.player_board
    rows = {c.row for c in pb.classes}
    named = {"second_row": (pb.second_row,), "top_rows": pb.top_rows}
    named["top_space_row"] = (pb.top_space_row,)
    for field, values in named.items():
        for row in values:
            if row not in rows or row == 0:
                raise _fail("player_board", field, f"{row} is not a row of Advanced Class spaces")
    for field in ("graduation_slots", "skill_section_size"):
        if getattr(pb, field) < 1:
            raise _fail("player_board", field, "must be at least 1")


def _check_setup_supply(t: RulesTables) -> None:
    """Enough of every component for any setup of 2-4 players (SETUP-C, SETUP-N, DRAFT)."""
    counts = t.components.counts
    bagged = t.components.students_in_bag.per_player_count
    # Books: each area's four boxes take one of each discipline (SETUP-C-2); the draft offers
    # a Book of each discipline (DRAFT-2); Theology's spaces draw from what is left (SETUP-C-4).
    boxes = len(KNOWN_DISCIPLINES)
    if counts.books_per_discipline < boxes + 1 or 4 * (
        counts.books_per_discipline - boxes
    ) < counts.theology_books_drawn + len(KNOWN_DISCIPLINES):
        raise _fail(
            "components",
            "counts.books_per_discipline",
            "too few Books for the boxes, the draft and the Theology spaces",
        )
    # Prestige: boxes, the queues' majority tokens (SETUP-C-3), then the Port Cities' draw.
    tokens = max(
        sum(1 for s in layout.spaces if s.book_majority or s.prestige_majority)
        for layout in t.queues.layout
    )
    left = counts.prestige_per_discipline - boxes - tokens
    if left < 0 or 4 * left < counts.port_prestige_drawn:
        raise _fail(
            "components",
            "counts.prestige_per_discipline",
            "too few Prestige tokens for the boxes, the queues and the Port Cities",
        )
    for players, per in sorted(bagged.items()):
        if per + 1 > counts.students_per_discipline:  # the bag, and the draft's Student
            raise _fail(
                "components",
                f"students_in_bag.per_player_count.{players}",
                f"more than the {counts.students_per_discipline} Students of a discipline less "
                "the one the draft offers",
            )
    most = max(PLAYER_COUNTS)
    if counts.favour_tiles < most * most:  # SETUP-N-4: each player starts with one per player
        raise _fail("components", "counts.favour_tiles", f"needs at least {most * most}")
    storage = t.components.prestige_storage
    if most * storage.covered_per_favour_tile > storage.spaces:  # RES-7 with SETUP-N-4's tiles
        raise _fail(
            "components",
            "prestige_storage.covered_per_favour_tile",
            f"{most} starting Favour tiles must fit the {storage.spaces} storage spaces",
        )
    start, limits = t.components.start, t.components.limits
    for resource in ("inspiration", "gold", "salt"):  # SETUP-P-10 within STOR-1
        if getattr(start, resource) > getattr(limits, resource):
            raise _fail("components", f"start.{resource}", "more than a player may keep")
    if limits.books_per_discipline < 1:  # DRAFT-5: the drafted Book
        raise _fail("components", "limits.books_per_discipline", "must be at least 1")
    if counts.objective_cards < most * counts.objectives_dealt:
        raise _fail("components", "counts.objectives_dealt", "more cards dealt than the deck has")
    for d in KNOWN_DISCIPLINES:
        levels = Counter(c.level for c in t.classes.advanced if c.discipline == d)
        if levels[1] < 1 or levels[2] < 1:  # the market shows a tile of each (SETUP-C-15)
            raise _fail("classes", "advanced", f"{d} needs level 1 and level 2 tiles")
