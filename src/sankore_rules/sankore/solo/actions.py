"""The Scholar's actions, each with its priorities.

Contribute a Book (SOLO-BOOK), Enrol by Discipline (SOLO-ENRD) and by Area (SOLO-ENRA),
Establish (SOLO-EST), Gain Prestige (SOLO-PRES), Graduate (SOLO-GRAD), Place a Sankoré tile
(SOLO-SANK). Each action is an automatic step: a function that makes the Scholar's choice (and
says why), then the step that carries it out and logs a ``scholar`` event. The choice functions
are public so that a frontend or a test can ask what the Scholar would do. Every choice starts
from the current discipline and falls back anticlockwise (SOLO-DISC-1, SOLO-DISC-2).
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.shared import adjusted, removed, replaced_at, with_item
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, push, step
from sankore_rules.sankore.rules.common import graduation_tile_for, shelves_with_room
from sankore_rules.sankore.rules.enrol import rightmost, slide_out
from sankore_rules.sankore.rules.establish import take_from_market
from sankore_rules.sankore.rules.scoring import shelf_ranking
from sankore_rules.sankore.solo.common import (
    a,
    anticlockwise,
    gain_scholar_prestige,
    place_tile,
    put_in_bag,
    queue_icons,
    solo_of,
    supply_tile,
    tell,
)
from sankore_rules.sankore.state import (
    SCHOLAR,
    Graduated,
    MarketColumn,
    State,
    Task,
    player_to_change,
)

__all__ = [
    "book_to_contribute",
    "enrol_choice",
    "establish_choice",
    "graduate_choice",
    "market_tile",
    "shelf_choice",
]

_ORDINALS = ("rightmost", "second from the right", "third from the right")


def _current(rules: Rules, state: State) -> str:
    return solo_of(state).current or rules.disciplines[0]


def _from_right(depth: int) -> str:
    return _ORDINALS[depth] if depth < len(_ORDINALS) else f"{depth + 1}th from the right"


# ---- Contribute a Book to the Library (SOLO-BOOK-1..4) -------------------------------------------


def book_to_contribute(rules: Rules, state: State, current: str) -> tuple[str, str] | None:
    """The discipline of the Book the Scholar contributes and where it comes from.

    A Book of the current discipline from the general supply, else from the Scholar's storage
    (SOLO-BOOK-2); with neither, the next discipline anticlockwise the same way (AMB-36).
    Returns (discipline, ``"supply"`` or ``"storage"``), or None when no Book is anywhere.
    """
    scholar = state.players[SCHOLAR]
    for d in anticlockwise(rules, current):
        i = rules.discipline_index[d]
        if state.supply_books[i] > 0:
            return d, "supply"
        if scholar.books[i] > 0:
            return d, "storage"
    return None


def _lead(books: tuple[str, ...], discipline: str) -> int:
    """How many Books ``discipline`` has more than the shelf's runner-up."""
    others = [books.count(d) for d in set(books) if d != discipline]
    return books.count(discipline) - max(others, default=0)


def _leads(books: tuple[str, ...], discipline: str) -> bool:
    """Whether ``discipline`` wins the shelf, ties counted as LIB-3 breaks them."""
    ranking = shelf_ranking(books)
    return bool(ranking) and ranking[0] == discipline


def shelf_choice(rules: Rules, state: State, discipline: str) -> tuple[int, str] | None:
    """The shelf (0 the uppermost) the Scholar puts a Book of ``discipline`` on, and why.

    By SOLO-BOOK-3's priorities, as ruling SCHOLAR-2 reads them, among shelves with room:

    1. a shelf the discipline wins now (a tie it wins included) by fewer than 2 Books, where
       this Book secures or moves towards a 2-Book lead;
    2. else the shelf where it needs the fewest Books to win (LIB-3 decides ties, so a Book
       added after a tied leader does not win the tie);
    3. else, and between equal shelves, the uppermost.

    None when the Library is full (AMB-25).
    """
    room = shelves_with_room(rules, state)
    if not room:
        return None
    library = state.library
    securing = [i for i in room if _leads(library[i], discipline)]
    securing = [i for i in securing if _lead(library[i], discipline) < 2]
    if securing:
        i = securing[0]
        lead = _lead(library[i], discipline)
        how = "on a tie it wins" if lead == 0 else "by 1 Book"
        return i, (
            f"{discipline} wins shelf {i} {how}: this Book secures its lead "
            "(SOLO-BOOK-3, priority 1)"
        )
    shelves = rules.library_sides[state.library_side].shelves
    needed: dict[int, int] = {}
    for i in room:
        if _leads(library[i], discipline):
            continue  # won by 2 or more already
        free = shelves[i].slots - len(library[i])
        wins = (k for k in range(1, free + 1) if _leads(library[i] + (discipline,) * k, discipline))
        k = next(wins, 0)
        if k:
            needed[i] = k
    if needed:
        fewest = min(needed.values())
        i = next(i for i in room if needed.get(i) == fewest)
        return i, (
            f"shelf {i} is where {discipline} needs the fewest Books to win, {fewest} "
            "(SOLO-BOOK-3, priority 2)"
        )
    return room[0], f"shelf {room[0]} is the uppermost with room (SOLO-BOOK-3, priority 3)"


@step("scholar_contribute")
def _contribute(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    current = _current(rules, state)
    book = book_to_contribute(rules, state, current)
    if book is None:
        tell(state, "contribute_book", "Contribute a Book: no Book is left anywhere (AMB-36)")
        return
    d, source = book
    choice = shelf_choice(rules, state, d)
    if choice is None:
        tell(state, "contribute_book", "Contribute a Book: the Library is full (AMB-25)")
        return
    shelf, why = choice
    i = rules.discipline_index[d]
    if source == "supply":
        state.supply_books = adjusted(state.supply_books, i, -1)
    else:
        scholar = player_to_change(state, SCHOLAR)
        scholar.books = adjusted(scholar.books, i, -1)
    # The shelf's leftmost free slot (SOLO-BOOK-4, RES-5).
    state.library = replaced_at(state.library, shelf, (*state.library[shelf], d))
    log(state, "contribute", SCHOLAR, discipline=d, shelf=shelf)
    whence = "the general supply" if source == "supply" else "its storage, the supply having none"
    fallback = "" if d == current else f" (no {current} Book anywhere: the next anticlockwise)"
    tell(
        state,
        "contribute_book",
        f"Contribute a Book: {a(d)} Book{fallback} from {whence} (SOLO-BOOK-2); {why}",
        discipline=d,
        shelf=shelf,
        source=source,
    )


# ---- Enrol a Student by Discipline (SOLO-ENRD-1..4) and by Area (SOLO-ENRA-1, 2) -----------------


def enrol_choice(rules: Rules, state: State, current: str) -> tuple[str, int, str, str] | None:
    """The queue Student the Scholar enrols by discipline: (area, position, discipline, why).

    SOLO-ENRD-2: a Student of the current discipline among the rightmost of the four queues;
    between queues, the current discipline's area, then the nearest anticlockwise; if no
    rightmost Student matches, the second from the right, and so on; if no queue holds one, the
    same search for the next discipline anticlockwise (AMB-38). None when every queue is empty.
    """
    longest = max(len(q) for q in state.queues)
    for d in anticlockwise(rules, current):
        areas = anticlockwise(rules, d)
        for depth in range(longest):
            for area in areas:
                queue = state.queues[rules.discipline_index[area]]
                last = rightmost(queue)
                if last is None or last < depth or queue[last - depth] != d:
                    continue
                why = f"{_from_right(depth)} {d} Student, in the {area} queue"
                if area != d:
                    why += f", the nearest area anticlockwise from {d} holding one there"
                if depth:
                    why += f"; no queue has {a(d)} Student nearer its right end"
                if d != current:
                    why += f"; no queue holds {a(current)} Student, {d} is next anticlockwise"
                return area, last - depth, d, why + " (SOLO-ENRD-2)"
    return None


@step("scholar_enrol")
def _enrol(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    choice = enrol_choice(rules, state, _current(rules, state))
    if choice is None:
        tell(state, "enrol_discipline", "Enrol by Discipline: every queue is empty")
        return
    area, position, _, why = choice
    student, last = slide_out(rules, state, area, position)  # the others slide (SOLO-ENRD-4)
    log(state, "enrol", SCHOLAR, area=area, position=position, student=student)
    put_in_bag(state, student)  # SOLO-ENRD-3
    tell(
        state,
        "enrol_discipline",
        f"Enrol by Discipline: {why}; into the bag (SOLO-ENRD-3)",
        area=area,
        position=position,
        student=student,
    )
    queue_icons(rules, state, area, last)


@step("scholar_enrol_area")
def _enrol_area(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SOLO-ENRA-1, SOLO-ENRA-2: the rightmost Student of the current area's queue, whatever its
    # discipline, onto the tile that triggered it; an empty queue passes to the next area
    # anticlockwise (SOLO-DISC-2, ruling SCHOLAR-8).
    space = task.args["space"]
    current = _current(rules, state)
    for area in anticlockwise(rules, current):
        queue = state.queues[rules.discipline_index[area]]
        last = rightmost(queue)
        if last is None:
            continue
        student, emptied = slide_out(rules, state, area, last)
        log(state, "enrol", SCHOLAR, area=area, position=last, student=student)
        solo = solo_of(state)
        solo.tile_students = with_item(solo.tile_students, space, student)
        fallback = "" if area == current else f" (the {current} queue is empty: next anticlockwise)"
        tell(
            state,
            "enrol_area",
            f"Enrol by Area: the rightmost Student of the {area} queue{fallback}, {a(student)} "
            f"Student, onto the tile on {space} that triggered it (SOLO-ENRA-1, SOLO-ENRA-2)",
            area=area,
            student=student,
            space=space,
        )
        queue_icons(rules, state, area, emptied)
        return
    tell(state, "enrol_area", "Enrol by Area: every queue is empty", space=space)


# ---- Establish an Advanced Class (SOLO-EST-1..3) -------------------------------------------------


def market_tile(column: MarketColumn, row: int) -> str | None:
    """The tile a market column shows in ``row``, counted from the bottom (SOLO-EST-2).

    1: the level-1 row; 2: the level-1 pile's top; 3: the level-2 row; 4: the level-2 pile's
    top; 5: the level-3 tile (SETUP-C-15).
    """
    tiles = {
        1: column.shown1,
        2: column.pile1[0] if column.pile1 else None,
        3: column.shown2,
        4: column.pile2[0] if column.pile2 else None,
        5: column.level3,
    }
    return tiles[row]


def establish_choice(rules: Rules, state: State, current: str) -> tuple[str, str | None, int]:
    """(Class space, tile or None, market row) of the Scholar's next Establish.

    The lowest-numbered free Class space of the solo board names the market row (SOLO-EST-1,
    SOLO-EST-2); the tile is that row's tile of the current discipline, or, when the row has
    none, of the next discipline anticlockwise (AMB-36).
    """
    solo = solo_of(state)
    space = next(c for c in rules.solo_class_spaces if c not in solo.classes)
    row = rules.solo_market_row[space]
    for d in anticlockwise(rules, current):
        tile = market_tile(state.market[rules.discipline_index[d]], row)
        if tile is not None:
            return space, tile, row
    return space, None, row


@step("scholar_establish")
def _establish(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    solo = solo_of(state)
    if all(c in solo.classes for c in rules.solo_class_spaces):
        tell(state, "establish", "Establish: every Class space of the solo board is taken")
        return
    current = _current(rules, state)
    space, tile, row = establish_choice(rules, state, current)
    if tile is None:
        tell(
            state,
            "establish",
            f"Establish: market row {row} is empty; {space} stays free (AMB-36)",
            space=space,
        )
        return
    d = rules.class_tiles[tile].discipline
    take_from_market(rules, state, tile)  # refilled as for a player (EST-10, AMB-36)
    solo.classes = with_item(solo.classes, space, tile)
    log(state, "establish", SCHOLAR, tile=tile, free=True)
    fallback = "" if d == current else f" (the row has no {current} tile: next anticlockwise)"
    tell(
        state,
        "establish",
        f"Establish: {tile}, the {d} tile of market row {row}{fallback}, onto {space}, the "
        "lowest-numbered free Class space, without a Book (SOLO-EST-1..3)",
        tile=tile,
        space=space,
        row=row,
    )
    if tile in rules.enrol_area_tiles:  # its icon triggers Enrol by Area (SOLO-ENRA, SCHOLAR-8)
        push(state, Task("scholar_enrol_area", SCHOLAR, {"space": space}))


# ---- Gain Prestige (SOLO-PRES-1) -----------------------------------------------------------------


@step("scholar_prestige")
def _prestige(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    current = _current(rules, state)
    d = gain_scholar_prestige(rules, state, current)
    if d is None:
        tell(state, "gain_prestige", "Gain Prestige: the supply has no Prestige token left")
        return
    fallback = "" if d == current else f", none of {current} being left (next anticlockwise)"
    tell(
        state,
        "gain_prestige",
        f"Gain Prestige: {a(d)} Prestige token from the supply{fallback} (SOLO-PRES-1)",
        discipline=d,
    )


# ---- Graduate a Student (SOLO-GRAD-1, 2) ---------------------------------------------------------


def graduate_choice(rules: Rules, state: State) -> tuple[int, str, str] | None:
    """(phase 3 row space, Student, Graduation tile) of the Scholar's Graduate, or None.

    The leftmost Student still on the phase 3 row (SOLO-GRAD-1) takes the highest Graduation
    tile left of its discipline, whatever its level (SOLO-GRAD-2); a Student whose column is
    empty is passed over for the next one (AMB-36).
    """
    top = max(g.level for g in rules.graduation_tiles.values())
    for i, student in enumerate(solo_of(state).phase3):
        if student is None:
            continue
        tile = graduation_tile_for(rules, state, student, top)
        if tile is not None:
            return i, student, tile
    return None


@step("scholar_graduate")
def _graduate(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    choice = graduate_choice(rules, state)
    if choice is None:
        tell(state, "graduate", "Graduate: no Student of the phase 3 row has a tile left")
        return
    i, student, tile = choice
    solo = solo_of(state)
    passed = [s for s in solo.phase3[:i] if s is not None]
    solo.phase3 = replaced_at(solo.phase3, i, None)
    state.graduation = removed(state.graduation, tile)
    scholar = player_to_change(state, SCHOLAR)
    scholar.graduations = (*scholar.graduations, Graduated(tile, student))
    log(state, "graduate", SCHOLAR, space=f"phase3:{i + 1}", tile=tile, free=True)
    skipped = ""
    if passed:
        skipped = f" (the {', '.join(passed)} Students left of it have no tile left, AMB-36)"
    tell(
        state,
        "graduate",
        f"Graduate: the leftmost Student of the phase 3 row{skipped}, {a(student)} Student, on "
        f"{tile}, the highest {student} tile left, without a Book (SOLO-GRAD-1, SOLO-GRAD-2)",
        student=student,
        tile=tile,
    )
    if not any(rules.graduation_tiles[t].discipline == student for t in state.graduation):
        # GRAD-7 for the Scholar too (AMB-36): the column's tile, with its Prestige token.
        released = supply_tile(rules, state, student)
        if released is not None:
            place_tile(rules, state, released, from_supply=True)


# ---- Place a Sankoré tile (SOLO-SANK-1..3) -------------------------------------------------------


@step("scholar_sankore")
def _sankore(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    current = _current(rules, state)
    tile = supply_tile(rules, state, current)
    if tile is None:
        tell(state, "place_sankore", "Place a Sankoré tile: the supply has none left")
        return
    d = rules.sankore_tiles[tile].discipline
    place_tile(rules, state, tile, from_supply=True)
    kept = tile in state.players[SCHOLAR].kept_sankore
    where = (
        "into its storage, the Madrasa being full (SOLO-SANK-2)"
        if kept
        else "into the Madrasa's lowest-numbered free space (SOLO-SANK-1)"
    )
    fallback = "" if d == current else f" (no {current} tile left: next anticlockwise)"
    tell(
        state,
        "place_sankore",
        f"Place a Sankoré tile: {tile}, {a(d)} supply tile{fallback}, {where}, with a Prestige "
        "token (SOLO-SANK-3)",
        tile=tile,
        kept=kept,
    )
