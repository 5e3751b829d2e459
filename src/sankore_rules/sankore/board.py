"""A ruleset: the validated tables plus the boards as networkx graphs and precomputed indices.

Everything the hot paths look up (camel distances, student-space geometry, which Madrasa cells a
Wall lines up with) is computed once here when the ruleset loads; a ruleset is shared by every
state made with it and never copied.
"""

from __future__ import annotations

from functools import cached_property
from pathlib import Path

import networkx as nx
from attrs import frozen

from sankore_rules.core.actions import Action
from sankore_rules.sankore.tables import (
    AstroNode,
    ClassTile,
    GraduationTile,
    LawSpace,
    QueueLayout,
    RulesTables,
    SankoreTile,
    SkillIcon,
    SoloDifficulty,
    TheologySpace,
    WallSpace,
    load_tables,
)

__all__ = ["Rules", "load_rules"]


@frozen
class AreaSpace:
    """Any space a piece can occupy, seen the same way by majority scoring.

    Attributes:
        id: the space's id (also its key in ``State.spaces``).
        area: the discipline of the board area it belongs to.
        region: its region letter A-D, or None (the Madrasa corner, on no side).
        number: the printed number that breaks majority ties.
    """

    id: str
    area: str
    region: str | None
    number: int


class Rules:
    """The rules a game is played by: tables, graphs and indices, built once.

    Use [`load_rules`][sankore_rules.load_rules] to make one. Two rulesets with the same
    ``content_hash`` hold the same numbers. The attributes below are the board's geometry, for
    frontends to draw and query; they are read-only, shared by every state of the ruleset.

    Attributes:
        tables: the validated rule tables, one record per TOML file.
        name: the ruleset's name; ``content_hash``: a hash of its numbers.
        disciplines: the four disciplines, in the order every per-discipline list uses.
        queue_layouts: per player count, the queue spaces left to right, each with the
            Knowledge it shows once empty and its icons (Favour, Sankoré tile, Book or
            Prestige majority).
        class_spaces: the player board's Class spaces; ``class_row`` their rows (0 at the
            bottom); ``intro_spaces`` the bottom row's.
        student_spaces: the Student spaces; ``student_level`` their levels (the stars
            beside them), ``student_under`` the Class space each lies under (None for the
            four topmost), ``topmost`` the four that score at the end, ``spaces_under`` the
            Student spaces under each Class space, ``spaces_by_level`` those of each level.
        arrows: from each Class space, the Student spaces of the row above it leads to.
        graduation_slots: the Graduation slots on a player board.
        school_knowledge: the numbers uncovered as pieces of one kind leave the board.
        astro_nodes: the camel map's places (Timbuktu, Oases, Port Cities) by id;
            ``route_graph`` the map (a networkx graph), ``route_distance`` the length of the
            shortest route between any two places; ``oases`` and ``port_spaces`` the places
            a Trading Post can go (a Port space is named ``city:index``).
        theology_spaces, law_spaces, wall_spaces: those areas' spaces by id, with their
            Knowledge (a Wall's ``number``), row or side, region and rewards.
        area_spaces: every space a piece can go to, with its area, region and printed number.
        madrasa_columns, madrasa_cells: the Madrasa grid's width and size; cells are numbered
            in reading order (``cell_name`` gives ``r<row>c<column>``); ``numbered_cells``
            the twelve numbered spaces in the order tiles fill them; ``row_cells`` and
            ``column_cells`` the cells of each line; ``wall_line`` the cells each Wall space
            lines up with.
        favour_rewards: the Favour track's rewards, space by space.
        library_sides: the two Library sides with their shelves.
        solo_difficulties: the solo boards by difficulty (``solo.toml``); ``solo_phase_turns``
            the turns of each of the Scholar's phases and ``solo_turns`` their sum, its last
            turn; ``solo_draft_space`` and ``solo_class_spaces`` its Class spaces, with
            ``solo_market_row`` the market row each takes a tile from; ``enrol_area_tiles``
            the tiles that trigger its Enrol by Area; ``wall_nearest`` each Wall's line,
            nearest cell first.
    """

    def __init__(self, tables: RulesTables) -> None:
        self.tables = tables
        comp = tables.components
        self.name: str = comp.name
        self.content_hash: str = tables.content_hash
        self.disciplines: tuple[str, ...] = comp.disciplines.order
        self.discipline_index: dict[str, int] = {d: i for i, d in enumerate(self.disciplines)}
        self.region_discipline: dict[str, str] = dict(comp.disciplines.regions)
        self.discipline_region: dict[str, str] = {d: r for r, d in self.region_discipline.items()}
        self.counts = comp.counts
        self.limits = comp.limits
        self._build_player_board()
        self._build_astronomy()
        self._build_areas()
        self.queue_layouts: dict[int, QueueLayout] = {q.players: q for q in tables.queues.layout}
        self.class_tiles: dict[str, ClassTile] = {
            c.id: c for c in tables.classes.introductory + tables.classes.advanced
        }
        self.intro_by_discipline: dict[str, str] = {
            c.discipline: c.id for c in tables.classes.introductory
        }
        self.skill_icons: dict[str, SkillIcon] = {i.id: i for i in tables.skill_tiles.icon}
        self.sankore_tiles: dict[str, SankoreTile] = {t.id: t for t in tables.sankore_tiles.tile}
        self.graduation_tiles: dict[str, GraduationTile] = {
            g.id: g for g in tables.graduation_tiles.tile
        }
        self.favour_rewards = tuple(s.reward for s in tables.favour_track.space)
        # For a Student of each discipline and level: the Graduation tiles it may take, best
        # first (GRAD-4).
        self.graduation_choices: dict[tuple[str, int], tuple[str, ...]] = {
            (d, level): tuple(
                g.id
                for g in sorted(tables.graduation_tiles.tile, key=lambda g: -g.level)
                if g.discipline == d and g.level <= level
            )
            for d in self.disciplines
            for level in range(max(self.student_level.values()) + 1)
        }
        self.library_sides = {s.id: s for s in tables.library.side}
        self.library_slots: dict[str, int] = {
            s.id: sum(shelf.slots for shelf in s.shelves) for s in tables.library.side
        }
        self.objective_cards = {c.number: c for c in tables.objectives.card}
        self._build_solo()

    # ---- player board ------------------------------------------------------------------------

    def _build_player_board(self) -> None:
        pb = self.tables.player_board
        self.class_spaces: tuple[str, ...] = tuple(c.id for c in pb.classes)
        self.class_row: dict[str, int] = {c.id: c.row for c in pb.classes}
        self.intro_spaces: tuple[str, ...] = tuple(c.id for c in pb.classes if c.row == 0)
        self.student_spaces: tuple[str, ...] = tuple(s.id for s in pb.students)
        self.student_level: dict[str, int] = {s.id: s.level for s in pb.students}
        self.student_under: dict[str, str | None] = {s.id: s.under for s in pb.students}
        self.topmost: frozenset[str] = frozenset(s.id for s in pb.students if s.topmost)
        self.spaces_under: dict[str, tuple[str, ...]] = {
            c: tuple(s.id for s in pb.students if s.under == c) for c in self.class_spaces
        }
        self.arrows: dict[str, tuple[str, ...]] = {c: () for c in self.class_spaces}
        for arrow in pb.arrows:
            self.arrows[arrow.from_] = arrow.to
        self.spaces_by_level: dict[int, tuple[str, ...]] = {}
        for s in pb.students:
            self.spaces_by_level[s.level] = (*self.spaces_by_level.get(s.level, ()), s.id)
        self.school_knowledge: tuple[int, ...] = pb.school_knowledge
        self.graduation_slots: int = pb.graduation_slots
        self.skill_section_size: int = pb.skill_section_size
        rows_for_level = {1: set(range(1, pb.top_space_row + 1)), 2: set(pb.top_rows)}
        rows_for_level[3] = {pb.top_space_row}
        self.class_spaces_for_level: dict[int, tuple[str, ...]] = {
            lv: tuple(c for c in self.class_spaces if self.class_row[c] in rows)
            for lv, rows in rows_for_level.items()
        }
        self.second_row_spaces: tuple[str, ...] = tuple(
            c for c in self.class_spaces if self.class_row[c] == pb.second_row
        )

    @cached_property
    def student_moves(self) -> dict[str, dict[str, tuple[tuple[str, Action], ...]]]:
        """Every Transfer and Promote a Student on each space could make, with its action.

        By action kind (``transfer``, ``promote``), then by the space the Student leaves: each
        space it could move to, in board order, with its ``<kind> <from> <to>`` action. A
        Transfer goes to any other space of the same level (BONUS-2), a Promote to a space an
        arrow of the Class space above leads to (BONUS-3); whether the move is allowed now
        (the target empty, a Class tile above, the level) is for the rules to ask. The turn
        menu lists these moves at every turn, without building the same actions again.
        """
        transfer = {
            origin: tuple(
                (t, Action("transfer", (origin, t)))
                for t in self.spaces_by_level[self.student_level[origin]]
                if t != origin
            )
            for origin in self.student_spaces
        }
        promote: dict[str, tuple[tuple[str, Action], ...]] = {}
        for origin in self.student_spaces:
            under = self.student_under[origin]
            targets = self.arrows[under] if under is not None else ()
            promote[origin] = tuple((t, Action("promote", (origin, t))) for t in targets)
        return {"transfer": transfer, "promote": promote}

    @cached_property
    def player_board_graph(self) -> nx.DiGraph:
        """Class and Student spaces, with ``under`` edges (student to class) and arrows."""
        g = nx.DiGraph()
        for c in self.class_spaces:
            g.add_node(c, kind="class", row=self.class_row[c])
        for s in self.student_spaces:
            g.add_node(s, kind="student", level=self.student_level[s], topmost=s in self.topmost)
            under = self.student_under[s]
            if under is not None:
                g.add_edge(s, under, kind="under")
        for c, targets in self.arrows.items():
            for t in targets:
                g.add_edge(c, t, kind="arrow")
        return g

    # ---- astronomy ---------------------------------------------------------------------------

    def _build_astronomy(self) -> None:
        astro = self.tables.astronomy
        self.astro_start: str = astro.start
        self.astro_nodes: dict[str, AstroNode] = {n.id: n for n in astro.node}
        g = nx.Graph()
        for n in astro.node:
            g.add_node(n.id, kind=n.kind, region=n.region, zone=n.zone)
        for p in astro.path:
            g.add_edge(*p.ends, knowledge=p.knowledge, dotted=p.dotted)
        self.route_graph: nx.Graph = g
        lengths = dict(nx.all_pairs_dijkstra_path_length(g, weight="knowledge"))
        self.route_distance: dict[str, dict[str, int]] = {
            a: {b: int(d) for b, d in row.items()} for a, row in lengths.items()
        }
        # Every place a Trading Post can go: Oases by node id, Port spaces as "city:index".
        self.oases: tuple[str, ...] = tuple(n.id for n in astro.node if n.kind == "oasis")
        self.port_spaces: dict[str, tuple[str, int]] = {}
        for n in astro.node:
            for i in range(len(n.spaces)):
                self.port_spaces[f"{n.id}:{i}"] = (n.id, i)
        self.token_port_spaces: tuple[str, ...] = tuple(
            f"{n.id}:{i}" for n in astro.node for i, s in enumerate(n.spaces) if s.token
        )
        # Looked up for every destination the Astronomy options weigh.
        self._destination_nodes = {
            **{oasis: oasis for oasis in self.oases},
            **{space: city for space, (city, _) in self.port_spaces.items()},
        }

    @cached_property
    def camel_moves(self) -> dict[str, tuple[tuple[str, int, Action], ...]]:
        """Each Trading Post destination's route length and action, from each map place.

        Per place: every destination, Oases first then Port spaces (the listing order), with
        its route length from the place and its ``camel <destination> camel`` action. The
        Astronomy listing asks it at every camel move instead of building the same
        actions again; ``camel_moves_from_timbuktu`` holds the ``timbuktu`` actions.
        """
        return self._camel_moves("camel")

    @cached_property
    def camel_moves_from_timbuktu(self) -> tuple[tuple[str, int, Action], ...]:
        """``camel_moves`` of Timbuktu, with the ``camel <destination> timbuktu`` actions."""
        return self._camel_moves("timbuktu")[self.astro_start]

    def _camel_moves(self, start: str) -> dict[str, tuple[tuple[str, int, Action], ...]]:
        destinations = (*self.oases, *self.port_spaces)
        return {
            origin: tuple(
                (d, distance[self.camel_node(d)], Action("camel", (d, start))) for d in destinations
            )
            for origin, distance in self.route_distance.items()
        }

    @cached_property
    def post_nodes(self) -> dict[str, AstroNode]:
        """The map place of each Trading Post destination: an Oasis, or a Port space's city.

        What ``camel_node`` names, as the place itself: the Astronomy listing weighs every
        destination within reach by its place's kind and Gold.
        """
        return {d: self.astro_nodes[self.camel_node(d)] for d in (*self.oases, *self.port_spaces)}

    def camel_node(self, destination: str) -> str:
        """The map node a Trading Post destination belongs to (the city of a Port space)."""
        node = self._destination_nodes.get(destination)
        return node if node is not None else destination.split(":", 1)[0]

    # ---- every area's spaces -----------------------------------------------------------------

    def _build_areas(self) -> None:
        t = self.tables
        astro_d, theo_d, math_d, law_d = self.disciplines
        self.theology_spaces: dict[str, TheologySpace] = {s.id: s for s in t.theology.space}
        self.law_spaces: dict[str, LawSpace] = {s.id: s for s in t.law.space}
        self.wall_spaces: dict[str, WallSpace] = {w.id: w for w in t.mathematics.wall}
        self.corner_id: str = t.mathematics.corner.id
        spaces: dict[str, AreaSpace] = {}
        for oasis in self.oases:
            n = self.astro_nodes[oasis]
            spaces[oasis] = AreaSpace(oasis, astro_d, n.region, n.number)
        for sid, (node, i) in self.port_spaces.items():
            n = self.astro_nodes[node]
            spaces[sid] = AreaSpace(sid, astro_d, n.region, n.spaces[i].number)
        for s in t.theology.space:
            spaces[s.id] = AreaSpace(s.id, theo_d, s.region, s.knowledge)
        for w in t.mathematics.wall:
            spaces[w.id] = AreaSpace(w.id, math_d, w.side, w.number)
        spaces[self.corner_id] = AreaSpace(
            self.corner_id, math_d, None, t.mathematics.corner.number
        )
        for ls in t.law.space:
            spaces[ls.id] = AreaSpace(ls.id, law_d, ls.region, ls.knowledge)
        self.area_spaces: dict[str, AreaSpace] = spaces
        self.spaces_by_area_region: dict[tuple[str, str], tuple[AreaSpace, ...]] = {}
        for sp in spaces.values():
            if sp.region is not None:
                key = (sp.area, sp.region)
                self.spaces_by_area_region[key] = (*self.spaces_by_area_region.get(key, ()), sp)

        # The Madrasa: cells in reading order, index = row * columns + column.
        m = t.mathematics
        self.madrasa_columns: int = m.columns
        self.madrasa_cells: int = m.rows * m.columns
        self.numbered_cells: tuple[int, ...] = tuple(r * m.columns + c for r, c in m.numbered)
        self.unnumbered_cells: tuple[int, ...] = tuple(r * m.columns + c for r, c in m.unnumbered)
        self.row_cells: tuple[tuple[int, ...], ...] = tuple(
            tuple(r * m.columns + c for c in range(m.columns)) for r in range(m.rows)
        )
        self.column_cells: tuple[tuple[int, ...], ...] = tuple(
            tuple(r * m.columns + c for r in range(m.rows)) for c in range(m.columns)
        )
        # For each Wall space: the cells it lines up with and the Gold icons of that line.
        self.wall_line: dict[str, tuple[int, ...]] = {}
        self.wall_gold: dict[str, int] = {}
        self.wall_vertical: dict[str, bool] = {}
        for w in m.wall:
            side = getattr(m.sides, w.side)
            vertical = side.orientation == "vertical"
            self.wall_vertical[w.id] = vertical
            self.wall_line[w.id] = self.row_cells[w.line] if vertical else self.column_cells[w.line]
            self.wall_gold[w.id] = m.row_gold[w.line] if vertical else m.column_gold[w.line]
        # The corner lines up with row 0 and column 0 (AMB-24).
        self.wall_line[self.corner_id] = tuple(
            sorted(set(self.row_cells[0]) | set(self.column_cells[0]))
        )
        self.wall_gold[self.corner_id] = 0
        self.wall_vertical[self.corner_id] = False
        self.walls_by_cell: dict[int, tuple[str, ...]] = {
            cell: tuple(w for w, line in self.wall_line.items() if cell in line)
            for cell in range(self.madrasa_cells)
        }

    # ---- the solo boards ---------------------------------------------------------------------

    def _build_solo(self) -> None:
        solo = self.tables.solo
        self.solo_difficulties: dict[str, SoloDifficulty] = {d.id: d for d in solo.difficulty}
        self.solo_phase_turns: tuple[int, ...] = solo.phases.turns
        self.solo_turns: int = sum(solo.phases.turns)
        spaces = sorted(solo.class_space, key=lambda c: c.number)
        self.solo_draft_space: str = spaces[0].id
        self.solo_class_spaces: tuple[str, ...] = tuple(c.id for c in spaces[1:])
        self.solo_market_row: dict[str, int] = {c.id: c.market_row for c in spaces}
        self.enrol_area_tiles: frozenset[str] = frozenset(solo.enrol_by_area.tiles)
        # Each Wall's line, nearest cell first (SOLO-TEACH-8).
        self.wall_nearest: dict[str, tuple[int, ...]] = {
            w: line if getattr(solo.wall_ends, self.wall_spaces[w].side) == "first" else line[::-1]
            for w, line in self.wall_line.items()
            if w in self.wall_spaces
        }

    @cached_property
    def madrasa_graph(self) -> nx.Graph:
        """Madrasa cells joined to the Wall spaces that line up with them."""
        g = nx.Graph()
        for cell in range(self.madrasa_cells):
            g.add_node(("cell", cell), numbered=cell in self.numbered_cells)
        for wall, line in self.wall_line.items():
            g.add_node(("wall", wall), vertical=self.wall_vertical[wall])
            for cell in line:
                g.add_edge(("wall", wall), ("cell", cell))
        return g

    def cell_name(self, cell: int) -> str:
        """A Madrasa cell as ``r<row>c<column>``, the notation actions use."""
        return f"r{cell // self.madrasa_columns}c{cell % self.madrasa_columns}"

    def cell_index(self, name: str) -> int | None:
        """The inverse of [`cell_name`][sankore_rules.Rules.cell_name]; None for a bad name."""
        if len(name) == 4 and name[0] == "r" and name[2] == "c" and name[1::2].isdigit():
            cell = int(name[1]) * self.madrasa_columns + int(name[3])
            return cell if 0 <= cell < self.madrasa_cells else None
        return None


def load_rules(path: str | Path | None = None) -> Rules:
    """Load the bundled rule tables, or a corrected copy from the folder ``path``.

    Raises:
        RulesDataError: when a table is malformed, naming file, entry and field.

    Examples:
        >>> rules = load_rules()
        >>> rules.disciplines
        ('astronomy', 'theology', 'mathematics', 'law')
    """
    return _cached_default() if path is None else Rules(load_tables(path))


_DEFAULT: list[Rules] = []


def _cached_default() -> Rules:
    # The bundled ruleset is shared by every game that does not bring its own.
    if not _DEFAULT:
        _DEFAULT.append(Rules(load_tables()))
    return _DEFAULT[0]


def graduation_column(rules: Rules, discipline: str) -> tuple[GraduationTile, ...]:
    """The Graduation tiles of one discipline, lowest level first."""
    return tuple(
        sorted(
            (g for g in rules.graduation_tiles.values() if g.discipline == discipline),
            key=lambda g: g.level,
        )
    )
