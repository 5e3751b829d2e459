"""The random placements of setup, each one place and what may fill it (SETUP-C-4..15, DRAFT-1/2).

The setup places components at random: Books on the Theology spaces (SETUP-C-4), Prestige
tokens on the Port Cities (SETUP-C-5), Students in the queues (SETUP-C-6/7), Sankoré tiles in
the Madrasa and on the regions (SETUP-C-9/11), the market's face-up tiles (SETUP-C-15) and the
draft's Books (DRAFT-1/2). Each *place* belongs to a family that says, from the state alone,
whether the place is filled, what may fill it with what weight, and how it is filled.

Both modes of chance fill the places with these same functions (``place``):

- the default mode draws every value from the seed's generator at once, in the order it
  always has (``rules/setup.py``), so a seed deals what it always dealt;
- the explicit mode starts with every place empty and pushes one chance step (``setup_place``)
  per place; its outcomes are the family's values, weighted (``outcomes``).

What is not placed yet is never held in an order: it is what the box holds less what is on
the table (the supplies of Books and Prestige, the Students and tiles nowhere yet).

Two rules redraw the setup when it comes out wrong; the explicit mode weighs each outcome by
how many valid completions it leaves, which gives exactly the distribution of drawing again
until it is right (the default mode draws again, as it always did):

- ENGINE-2: the 13 Theology Books are drawn again should they leave a discipline without the
  Book the draft needs. A Book of discipline ``d`` weighs (Books of ``d`` left) x (the ways to
  draw the remaining spaces that still leave a Book of every discipline).
- AMB-10: each draft Book is of another discipline than its column's level-1 tile. A Book
  weighs the number of ways to give the remaining columns Books of other disciplines.

Anchors: OpenSpiel's chance nodes, a deal from a bag one component at a time.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections import Counter
from collections.abc import Callable
from typing import NamedTuple

from sankore_rules.core.chance import CHANCE
from sankore_rules.core.shared import adjusted, replaced_at, with_item
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import (
    DEAL_OBJECTIVE,
    FIRST_PLAYER,
    SETUP_PLACE,
    MadrasaTile,
    MarketColumn,
    State,
    Task,
)

__all__ = [
    "FAMILIES",
    "MARKET_SLOTS",
    "Family",
    "book_spaces",
    "empty_market",
    "outcomes",
    "place",
    "place_tasks",
    "region_keys",
    "setup_pending",
    "setup_problems",
    "targets",
    "unplaced",
]

#: The market's four dealt places of a column, in the order they are dealt.
MARKET_SLOTS = ("shown1", "pile1", "shown2", "pile2")


def book_spaces(rules: Rules) -> tuple[str, ...]:
    """The Theology spaces that take a Book at setup, in table order (SETUP-C-4)."""
    return tuple(m.id for m in rules.tables.theology.space if m.row in ("bottom", "middle"))


def region_keys(rules: Rules) -> tuple[str, ...]:
    """The regions that take a Sankoré tile at setup: ``area:region`` (SETUP-C-11)."""
    D = rules.disciplines
    return tuple(f"{a}:{r}" for a in (D[0], D[1], D[3]) for r in sorted(rules.region_discipline))


# ---- the families ------------------------------------------------------------------------------


#: Values that may fill a place, each with its weight.
Weighted = list[tuple[str, int]]


class Family(NamedTuple):
    """One kind of random placement of setup.

    Attributes:
        name: the family, the ``what`` of its chance steps.
        component: what fills a place, in words ("a Book"), for the checks' messages.
        targets: the family's places, in the order they are dealt, for a player count.
        holds: whether a place is filled.
        left: what may fill a place now, each value with its weight (> 0).
        fill: fills a place with a value, taking it from where it was (a supply).
    """

    name: str
    component: str
    targets: Callable[[Rules, int], tuple[str, ...]]
    holds: Callable[[Rules, State, str], bool]
    left: Callable[[Rules, State, str], Weighted]
    fill: Callable[[Rules, State, str, str], None]


# Theology Books (SETUP-C-4, ENGINE-2)


@functools.cache
def _valid_draws(counts: tuple[int, ...], draws: int) -> int:
    """How many sets of ``draws`` Books from ``counts`` leave at least one of each discipline."""
    total = 0
    for taken in itertools.product(*(range(c) for c in counts)):  # at most c - 1 of each
        if sum(taken) == draws:
            total += math.prod(math.comb(c, k) for c, k in zip(counts, taken, strict=True))
    return total


def _theology_left(rules: Rules, state: State, target: str) -> Weighted:
    counts = state.supply_books
    draws = sum(1 for s in book_spaces(rules) if s not in state.theology_books) - 1
    weighted = []
    for i, d in enumerate(rules.disciplines):
        if counts[i]:
            weight = counts[i] * _valid_draws(adjusted(counts, i, -1), draws)
            if weight:
                weighted.append((d, weight))
    return _reduced(weighted)


def _theology_fill(rules: Rules, state: State, target: str, value: str) -> None:
    state.theology_books = with_item(state.theology_books, target, value)
    state.supply_books = adjusted(state.supply_books, rules.discipline_index[value], -1)


# Port City Prestige tokens (SETUP-C-5)


def _port_left(rules: Rules, state: State, target: str) -> Weighted:
    return [(d, n) for d, n in zip(rules.disciplines, state.supply_prestige, strict=True) if n]


def _port_fill(rules: Rules, state: State, target: str, value: str) -> None:
    state.port_tokens = with_item(state.port_tokens, target, value)
    state.supply_prestige = adjusted(state.supply_prestige, rules.discipline_index[value], -1)


# The queues' Students (SETUP-C-6/7, SETUP-N-2, AMB-11): left to right, the "+1" space empty


def _queue_targets(rules: Rules, players: int) -> tuple[str, ...]:
    spaces = len(rules.queue_layouts[players].spaces) - 1
    return tuple(f"{a}:{pos}" for a in rules.disciplines for pos in range(spaces))


def _queue_space(rules: Rules, target: str) -> tuple[int, int]:
    area, pos = target.split(":")
    return rules.discipline_index[area], int(pos)


def _queue_holds(rules: Rules, state: State, target: str) -> bool:
    a, pos = _queue_space(rules, target)
    return state.queues[a][pos] is not None


def _bagged(rules: Rules, state: State) -> list[int]:
    """The Students of the setup's bag not yet in a queue, per discipline."""
    per = rules.tables.components.students_in_bag.per_player_count[str(state.player_count)]
    placed = Counter(s for q in state.queues for s in q if s is not None)
    return [per - placed[d] for d in rules.disciplines]


def _queue_left(rules: Rules, state: State, target: str) -> Weighted:
    return [(d, n) for d, n in zip(rules.disciplines, _bagged(rules, state), strict=True) if n > 0]


def _queue_fill(rules: Rules, state: State, target: str, value: str) -> None:
    a, pos = _queue_space(rules, target)
    state.queues = replaced_at(state.queues, a, replaced_at(state.queues[a], pos, value))


# Sankoré tiles: the Madrasa's unnumbered cells (SETUP-C-9), the regions (SETUP-C-11)


def _tiles(rules: Rules, placement: str) -> list[str]:
    return [t.id for t in rules.tables.sankore_tiles.tile if t.placement == placement]


def _madrasa_targets(rules: Rules, players: int) -> tuple[str, ...]:
    return tuple(rules.cell_name(c) for c in rules.unnumbered_cells)


def _cell(rules: Rules, target: str) -> int:
    cell = rules.cell_index(target)
    assert cell is not None  # the targets are the ruleset's cells
    return cell


def _madrasa_holds(rules: Rules, state: State, target: str) -> bool:
    return state.madrasa[_cell(rules, target)] is not None


def _madrasa_left(rules: Rules, state: State, target: str) -> Weighted:
    there = {t.tile for t in state.madrasa if t is not None}
    return [(t, 1) for t in sorted(_tiles(rules, "madrasa")) if t not in there]


def _madrasa_fill(rules: Rules, state: State, target: str, value: str) -> None:
    state.madrasa = replaced_at(state.madrasa, _cell(rules, target), MadrasaTile(value, False))


def _region_left(rules: Rules, state: State, target: str) -> Weighted:
    there = set(state.region_tiles.values())
    return [(t, 1) for t in sorted(_tiles(rules, "board")) if t not in there]


def _region_fill(rules: Rules, state: State, target: str, value: str) -> None:
    state.region_tiles = with_item(state.region_tiles, target, value)


# The market (SETUP-C-15): each column's shown tile and its pile's top; the rest of a pile
# lies below its top in no order (sorted), dealt with the top.


def _market_targets(rules: Rules, players: int) -> tuple[str, ...]:
    return tuple(f"{d}:{slot}" for d in rules.disciplines for slot in MARKET_SLOTS)


def _market_place(rules: Rules, target: str) -> tuple[int, str, int]:
    """The column's index, the slot, and the slot's level."""
    d, slot = target.split(":")
    return rules.discipline_index[d], slot, int(slot[-1])


def _market_holds(rules: Rules, state: State, target: str) -> bool:
    i, slot, _ = _market_place(rules, target)
    return bool(getattr(state.market[i], slot))


def _market_tiles(rules: Rules) -> dict[tuple[str, int], tuple[str, ...]]:
    """Each column's tiles of each level, sorted, once per ruleset (a setup asks 16 times)."""
    known = _MARKET_TILES.get(rules.content_hash)
    if known is None:
        tiles: dict[tuple[str, int], list[str]] = {}
        for c in rules.tables.classes.advanced:
            tiles.setdefault((c.discipline, c.level), []).append(c.id)
        known = {key: tuple(sorted(ids)) for key, ids in tiles.items()}
        _MARKET_TILES[rules.content_hash] = known
    return known


#: ``_market_tiles`` by ruleset content hash (not by ruleset: a cache would keep it alive).
_MARKET_TILES: dict[str, dict[tuple[str, int], tuple[str, ...]]] = {}


def _market_unplaced(rules: Rules, state: State, target: str) -> list[str]:
    i, _, level = _market_place(rules, target)
    column = state.market[i]
    there = {getattr(column, f"shown{level}"), *getattr(column, f"pile{level}")}
    return [t for t in _market_tiles(rules)[rules.disciplines[i], level] if t not in there]


def _market_left(rules: Rules, state: State, target: str) -> Weighted:
    return [(t, 1) for t in _market_unplaced(rules, state, target)]


def _market_fill(rules: Rules, state: State, target: str, value: str) -> None:
    i, slot, _ = _market_place(rules, target)
    c = state.market[i]
    if slot == "shown1":
        column = MarketColumn(c.level3, c.pile2, c.shown2, c.pile1, value)
    elif slot == "shown2":
        column = MarketColumn(c.level3, c.pile2, value, c.pile1, c.shown1)
    else:
        # A pile: its top, then the rest in no order (sorted).
        pile = (value, *(t for t in _market_unplaced(rules, state, target) if t != value))
        if slot == "pile1":
            column = MarketColumn(c.level3, c.pile2, c.shown2, pile, c.shown1)
        else:
            column = MarketColumn(c.level3, pile, c.shown2, c.pile1, c.shown1)
    state.market = replaced_at(state.market, i, column)


# The draft's Books (DRAFT-1/2, AMB-10): one of each discipline, none of its column's.


def _draft_targets(rules: Rules, players: int) -> tuple[str, ...]:
    return rules.disciplines


def _draft_holds(rules: Rules, state: State, target: str) -> bool:
    return any(student == target for _, _, student in state.draft)


def _arrangements(columns: tuple[str, ...], books: tuple[str, ...]) -> int:
    """How many ways give each column one of ``books``, none of the column's own discipline."""
    return sum(
        all(b != c for b, c in zip(order, columns, strict=True))
        for order in itertools.permutations(books)
    )


def _draft_left(rules: Rules, state: State, target: str) -> Weighted:
    given = {book for _, book, _ in state.draft}
    books = [d for d in rules.disciplines if d not in given]
    columns = tuple(
        d for d in rules.disciplines if d != target and not _draft_holds(rules, state, d)
    )
    tile = state.market[rules.discipline_index[target]].shown1
    assert tile is not None  # the market is dealt before the draft
    own = rules.class_tiles[tile].discipline
    weighted = []
    for b in books:
        if b != own:
            rest = tuple(x for x in books if x != b)
            weight = _arrangements(columns, rest)
            if weight:
                weighted.append((b, weight))
    return _reduced(weighted)


def _draft_fill(rules: Rules, state: State, target: str, value: str) -> None:
    # The Student of the tile's discipline comes from those out of the bag (SETUP-N-2).
    tile = state.market[rules.discipline_index[target]].shown1
    assert tile is not None
    d = rules.class_tiles[tile].discipline
    idx = rules.discipline_index
    state.students_out = adjusted(state.students_out, idx[d], -1)
    state.supply_books = adjusted(state.supply_books, idx[value], -1)
    state.draft = (*state.draft, (tile, value, d))


def _fixed(places: Callable[[Rules], tuple[str, ...]]) -> Callable[[Rules, int], tuple[str, ...]]:
    return lambda rules, players: places(rules)


def _keyed(name: str) -> Callable[[Rules, State, str], bool]:
    return lambda rules, state, target: target in getattr(state, name)


#: Every family, in the order the explicit mode deals them (the default mode's order).
FAMILIES: tuple[Family, ...] = (
    Family(
        "theology",
        "a Book",
        _fixed(book_spaces),
        _keyed("theology_books"),
        _theology_left,
        _theology_fill,
    ),
    Family(
        "port",
        "a Prestige token",
        _fixed(lambda rules: rules.token_port_spaces),
        _keyed("port_tokens"),
        _port_left,
        _port_fill,
    ),
    Family("queue", "a Student", _queue_targets, _queue_holds, _queue_left, _queue_fill),
    Family(
        "madrasa", "a Sankoré tile", _madrasa_targets, _madrasa_holds, _madrasa_left, _madrasa_fill
    ),
    Family(
        "region",
        "a Sankoré tile",
        _fixed(region_keys),
        _keyed("region_tiles"),
        _region_left,
        _region_fill,
    ),
    Family(
        "market",
        "an Advanced Class tile",
        _market_targets,
        _market_holds,
        _market_left,
        _market_fill,
    ),
    Family("draft", "a draft Book", _draft_targets, _draft_holds, _draft_left, _draft_fill),
)
_BY_NAME = {f.name: f for f in FAMILIES}


def _reduced(weighted: Weighted) -> Weighted:
    """The weights divided by their greatest common divisor: the same probabilities."""
    common = math.gcd(*(w for _, w in weighted)) or 1
    return [(v, w // common) for v, w in weighted]


# ---- what the setup and its chance steps use ----------------------------------------------------


def place(rules: Rules, state: State, what: str, target: str, value: str) -> None:
    """Fill the place ``target`` of the family ``what`` with ``value`` (both modes)."""
    _BY_NAME[what].fill(rules, state, target, value)


def targets(rules: Rules, what: str, players: int) -> tuple[str, ...]:
    """The places of the family ``what`` for ``players`` seats, in the order they are dealt."""
    return _BY_NAME[what].targets(rules, players)


def outcomes(rules: Rules, state: State, task: Task) -> Weighted:
    """A ``setup_place`` step's values and their weights."""
    return _BY_NAME[task.args["what"]].left(rules, state, task.args["at"])


def place_tasks(rules: Rules, state: State) -> list[Task]:
    """The explicit mode's chance steps: one per place, in the order they are dealt."""
    return [
        Task(SETUP_PLACE, CHANCE, {"what": f.name, "at": target})
        for f in FAMILIES
        for target in f.targets(rules, state.player_count)
    ]


def setup_pending(state: State) -> bool:
    """Whether a random placement of setup waits on the agenda (the explicit mode)."""
    return any(t.kind in (SETUP_PLACE, FIRST_PLAYER) for t in state.agenda)


def unplaced(rules: Rules, state: State) -> tuple[list[str], list[str]]:
    """The Students and Sankoré tiles still to be placed by pending setup steps.

    They are in no place of the state (the setup's bag, face down): the component counts
    find them here. Books and Prestige tokens still to be placed are in their supplies.
    """
    pending = {t.args["what"] for t in state.agenda if t.kind == SETUP_PLACE}
    students: list[str] = []
    if "queue" in pending:
        bagged = _bagged(rules, state)
        students = [d for d, n in zip(rules.disciplines, bagged, strict=True) for _ in range(n)]
    tiles: list[str] = []
    for family in ("madrasa", "region"):
        if family in pending:
            tiles += [t for t, _ in _BY_NAME[family].left(rules, state, "")]
    return students, tiles


def setup_problems(rules: Rules, state: State, frame: list[Task]) -> list[str]:
    """What keeps ``state`` from being a setup dealt by chance steps; [] when it is one.

    ``frame`` is what lies below the setup's steps: the 2-4 player game's first-player draw
    (it pushes the draft), or the solo draft's tasks. The agenda must be the setup's full
    agenda with its last steps resolved, and every place filled exactly when its step is.
    """
    dealt = rules.counts.objectives_dealt
    deals = [Task(DEAL_OBJECTIVE, CHANCE, {"player": p}) for p in range(state.player_count)]
    full = [*frame, *(t for t in reversed(deals) for _ in range(dealt))]
    full += reversed(place_tasks(rules, state))
    agenda = [(t.kind, t.player, dict(t.args)) for t in state.agenda]
    if agenda != [(t.kind, t.player, dict(t.args)) for t in full[: len(agenda)]]:
        return ["agenda: the setup's chance steps are not those left of its deal, in order"]
    pending = {(t.args["what"], t.args["at"]) for t in state.agenda if t.kind == SETUP_PLACE}
    problems = []
    for family in FAMILIES:
        for target in family.targets(rules, state.player_count):
            held = family.holds(rules, state, target)
            if held and (family.name, target) in pending:
                problems.append(f"{family.name} {target}: filled, yet a chance step deals it")
            elif not held and (family.name, target) not in pending:
                problems.append(
                    f"{family.name} {target}: {family.component} is missing "
                    "and no chance step places it"
                )
    return problems


def empty_market(rules: Rules) -> tuple[MarketColumn, ...]:
    """The market before its tiles are dealt: only each column's level-3 tile (SETUP-C-14)."""
    level3 = {c.discipline: c.id for c in reversed(rules.tables.classes.advanced) if c.level == 3}
    return tuple(MarketColumn(level3[d], (), None, (), None) for d in rules.disciplines)
