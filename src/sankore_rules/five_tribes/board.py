"""A Five Tribes ruleset: the tables, the Sultanate as a grid graph, and the figures moves need.

Cells are named by row letter and column number, ``a1`` at the top left. The grid is a
``networkx`` grid graph built once per ruleset; the walks a move may still make from a cell
(FT-ACT-4, ruling FT-ENGINE-2) are worked out on demand and kept on the ruleset, which every
state of a game shares.
"""

from __future__ import annotations

from pathlib import Path

import networkx as nx

from sankore_rules.five_tribes.tables import (
    Djinn,
    FiveTribesTables,
    MeepleEffect,
    PlayerCount,
    TileKind,
    load_tables,
)

__all__ = ["GAME", "FiveTribesRules", "load_five_tribes"]

#: The name a Five Tribes state and ruleset go by (``new_game(game="five_tribes")``).
GAME = "five_tribes"
ROW_LETTERS = "abcdefghi"
#: A walk's state: where it is and the cell it came from (-1 at the start of a move).
Walker = tuple[int, int]


class FiveTribesRules:
    """Everything a Five Tribes game reads and never changes: tables, grid, derived figures.

    Attributes:
        name: the ruleset's name.
        game: always ``"five_tribes"``.
        tables: the validated tables.
        content_hash: the hash of the tables' text; a state records it.
        cells: the cell names, row by row (``a1`` ... ``e6``).
        graph: the grid as a ``networkx`` graph on cell indices, edges between orthogonal
            neighbours.
        neighbours: per cell, its orthogonal neighbours (FT-ACT-4).
        around: per cell, itself and its up to 8 neighbours (``FT-MEEP-4``, ``FT-AMB-2``).
        distance: per pair of cells, the orthogonal steps between them (``FT-AMB-5``).
        colours: the meeple colours in table order; a cell's meeples are counted in this order.
        goods: the goods' ids in table order.
    """

    def __init__(self, tables: FiveTribesTables, name: str = GAME) -> None:
        self.name = name
        self.game = GAME
        self.tables = tables
        self.content_hash = tables.content_hash
        rows, columns = tables.sultanate.rows, tables.sultanate.columns
        self.rows, self.columns = rows, columns
        self.cells: tuple[str, ...] = tuple(
            f"{ROW_LETTERS[r]}{c + 1}" for r in range(rows) for c in range(columns)
        )
        self.cell_index = {name: i for i, name in enumerate(self.cells)}
        grid = nx.grid_2d_graph(rows, columns)
        self.graph: nx.Graph = nx.relabel_nodes(grid, {(r, c): r * columns + c for r, c in grid})
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.graph.neighbors(i))) for i in range(len(self.cells))
        )
        self.around: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                r2 * columns + c2
                for r2 in range(r - 1, r + 2)
                for c2 in range(c - 1, c + 2)
                if 0 <= r2 < rows and 0 <= c2 < columns
            )
            for r in range(rows)
            for c in range(columns)
        )
        lengths = dict(nx.all_pairs_shortest_path_length(self.graph))
        self.distance: tuple[tuple[int, ...], ...] = tuple(
            tuple(lengths[a][b] for b in range(len(self.cells))) for a in range(len(self.cells))
        )
        self.colours: tuple[str, ...] = tuple(m.id for m in tables.meeples.meeple)
        self.colour_index = {c: i for i, c in enumerate(self.colours)}
        self.meeple_counts: tuple[int, ...] = tuple(m.count for m in tables.meeples.meeple)
        self.effect_colour: dict[MeepleEffect, int] = {
            m.effect: i for i, m in enumerate(tables.meeples.meeple)
        }
        self.tile_by_id = {t.id: t for t in tables.sultanate.tile}
        self.kind_by_id: dict[str, TileKind] = {k.id: k for k in tables.sultanate.kind}
        self.goods: tuple[str, ...] = tuple(g.id for g in tables.cards.good)
        self.set_values: dict[int, int] = {v.size: v.value for v in tables.cards.set_value}
        self.djinn_by_id: dict[str, Djinn] = {d.id: d for d in tables.djinns.djinn}
        self.per_count: dict[int, PlayerCount] = {p.count: p for p in tables.tracks.players}
        self._ends: dict[tuple[Walker, int], frozenset[int]] = {}
        self._walkers: dict[tuple[Walker, int], frozenset[Walker]] = {}

    def steps_from(self, walker: Walker) -> list[Walker]:
        """The walkers one step on: to each orthogonal neighbour but the cell just left."""
        cell, came_from = walker
        return [(n, cell) for n in self.neighbours[cell] if n != came_from]

    def walkers_after(self, walker: Walker, steps: int) -> frozenset[Walker]:
        """Every (cell, came-from) a walk of exactly ``steps`` steps can reach (``FT-ENGINE-2``)."""
        key = (walker, steps)
        found = self._walkers.get(key)
        if found is None:
            if steps == 0:
                found = frozenset((walker,))
            else:
                found = frozenset(
                    w for nxt in self.steps_from(walker) for w in self.walkers_after(nxt, steps - 1)
                )
            self._walkers[key] = found
        return found

    def ends_after(self, walker: Walker, steps: int) -> frozenset[int]:
        """The cells a walk of exactly ``steps`` steps from ``walker`` can end on."""
        key = (walker, steps)
        found = self._ends.get(key)
        if found is None:
            found = frozenset(cell for cell, _ in self.walkers_after(walker, steps))
            self._ends[key] = found
        return found

    def tile_kind(self, tile: str) -> TileKind:
        """The kind of the tile ``tile``."""
        return self.kind_by_id[self.tile_by_id[tile].kind]

    def set_value(self, size: int) -> int:
        """What a set of ``size`` different goods is worth (FT-SC-7); 0 for no card."""
        return self.set_values.get(size, 0)


def load_five_tribes(path: str | Path | None = None) -> FiveTribesRules:
    """The bundled Five Tribes ruleset, or a corrected copy from the folder ``path``.

    Raises:
        RulesDataError: a table is malformed; the message names file, entry and field.
    """
    if path is None:
        # The bundled ruleset is read once: every new game shares it (and its walks).
        if not _BUNDLED:
            _BUNDLED.append(FiveTribesRules(load_tables()))
        return _BUNDLED[0]
    return FiveTribesRules(load_tables(path), f"{GAME}:{Path(path).name}")


_BUNDLED: list[FiveTribesRules] = []
