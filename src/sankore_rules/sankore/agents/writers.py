"""The writers of Sankoré's observation tensor: one per field of the state it shows.

``put(out, seen, value, on)`` writes (``on`` 1.0) or clears (0.0) the positions of one value of
a field (an entry, for the kinds that compare entries), seen by ``seen``: the frame (the
viewer's seat, the player count) or, for a player's fields, the player's ``Seat``
(``sankore/agents/fields.py``). It reads nothing but its arguments. ``STATE_FIELDS`` and
``PLAYER_FIELDS`` list the fields with their kinds and writers; ``WRITERS`` gathers them for
the frames.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from sankore_rules.core.tasks import Task
from sankore_rules.sankore.agents.fields import (
    Dense,
    Frame,
    Indexed,
    Keyed,
    Kind,
    Members,
    Put,
    Scalar,
    Seat,
    View,
    Writers,
)
from sankore_rules.sankore.agents.segments import END_CAUSES, TURN_SCALE, Index
from sankore_rules.sankore.state import Graduated, MadrasaTile, MarketColumn, SoloState
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = ["PLAIN", "PLAYER_FIELDS", "STATE_FIELDS", "VIEWED", "VIEWS", "WRITERS"]

#: The decision arguments that name a discipline.
_DISCIPLINE_ARGS = ("discipline", "student", "section")

_SCORING = {"book": 0, "prestige": 1}


def _one(
    out: Any,
    seen: Frame | Seat,
    name: str,
    on: float,
    i: int = 0,
    j: int = 0,
    k: int = 0,
    m: int = 0,
) -> None:
    start, a, b, c, d = seen.at[name]
    out[start + i * a + j * b + k * c + m * d] = on


def _row(
    out: Any,
    seen: Frame | Seat,
    name: str,
    values: Iterable[float],
    scale: float,
    on: float,
    i: int = 0,
) -> None:
    """The last axis of segment ``name`` (at ``i`` of its first) set to ``values / scale``."""
    start, a, _, _, _ = seen.at[name]
    base = start + i * a
    for j, value in enumerate(values):
        if value:
            out[base + j] = value / scale * on


def _dense(out: Any, base: int, values: Iterable[float], scale: float, on: float) -> None:
    """The positions from ``base`` on set to ``values / scale``, zeros included."""
    for j, value in enumerate(values):
        out[base + j] = value / scale * on


def _named_discipline(ix: Index, task: Task) -> str | None:
    """The discipline the decision ``task`` names, if any."""
    args = task.args
    for arg in _DISCIPLINE_ARGS:
        named = args.get(arg)
        if isinstance(named, str) and named in ix.disc:
            return named
    return None


def _put_present(out: Any, f: Frame, n: int, on: float) -> None:
    for s in range(n):
        _one(out, f, "seat.present", on, s)


def _put_first(out: Any, f: Frame, first: int, on: float) -> None:
    _one(out, f, "seat.first", on, f.rel(first))


def _put_side(out: Any, f: Frame, side: str, on: float) -> None:
    _one(out, f, "library.side", on, f.ix.side_pos[side])


def _put_turn_limit(out: Any, f: Frame, limit: int | None, on: float) -> None:
    if limit is not None:
        _one(out, f, "variant.turn_limit", on)


def _decision_shape(f: Frame, task: Task | None) -> tuple[int, str, str | None] | None:
    """What the tensor shows of the pending decision: whose, what kind, which discipline.

    A decision's parameters are not hashable, and most of them are not shown: the frame
    remembers the decision's entries by this instead.
    """
    if task is None:
        return None
    return task.player, task.kind, _named_discipline(f.ix, task) if task.args else None


def _put_decision(out: Any, f: Frame, shape: tuple[int, str, str | None] | None, on: float) -> None:
    if shape is not None:
        player, kind, named = shape
        at = f.at
        out[at["seat.deciding"][0] + (player - f.viewer) % f.n] = on
        out[at["decision.kind"][0] + f.ix.decision_pos[kind]] = on
        if named is not None:
            out[at["decision.discipline"][0] + f.ix.disc[named]] = on


def _put_main(out: Any, f: Frame, used: tuple[str, ...], on: float) -> None:
    start, mains = f.at["turn.main_used"][0], f.ix.main_pos
    for main in used:
        out[start + mains[main]] = on


def _put_ability(out: Any, f: Frame, used: tuple[int, ...], on: float) -> None:
    start, cards = f.at["turn.abilities_used"][0], f.ix.card_pos
    for number in used:
        out[start + cards[number]] = on


def _put_pending(out: Any, f: Frame, pending: tuple[tuple[str, str, str], ...], on: float) -> None:
    for area, kind, _token in pending:
        _one(out, f, "turn.pending_scorings", on, f.ix.disc[area], _SCORING[kind])


def _put_done(out: Any, f: Frame, done: tuple[str, ...], on: float) -> None:
    for key in done:
        area, kind = key.split(":")
        _one(out, f, "scorings_done", on, f.ix.disc[area], _SCORING[kind])


def _put_teaching(
    out: Any, f: Frame, teaching: tuple[int, str, str, str] | None, on: float
) -> None:
    if teaching is not None:
        who, taught_class, taught, origin = teaching
        _one(out, f, "teaching.seat", on, f.rel(who))
        _one(out, f, "teaching.class", on, f.ix.class_space_pos[taught_class])
        _one(out, f, "teaching.student", on, f.ix.disc[taught])
        _one(out, f, "teaching.origin", on, f.ix.student_space_pos[origin])


def _put_triggered(out: Any, f: Frame, triggered: bool, on: float) -> None:
    if triggered:
        _one(out, f, "end.triggered", on)


def _put_over(out: Any, f: Frame, over: bool, on: float) -> None:
    if over:
        _one(out, f, "end.over", on)


def _put_cause(out: Any, f: Frame, cause: str | None, on: float) -> None:
    if cause in END_CAUSES:  # the Scholar's end is a solo segment's
        _one(out, f, "end.cause", on, END_CAUSES.index(cause))
    elif f.solo and cause == "scholar":
        _one(out, f, "solo.end_scholar", on)


def _put_favour_supply(out: Any, f: Frame, left: int, on: float) -> None:
    out[f.at["supply.favour"][0]] = left / f.ix.rules.counts.favour_tiles * on


def _put_queue(out: Any, f: Frame, entry: tuple[int, tuple[str | None, ...]], on: float) -> None:
    q, queue = entry
    start, a, b, _, _ = f.at["queues"]
    base, disc = start + q * a, f.ix.disc
    for i, queued in enumerate(queue):
        if queued is not None:
            out[base + i * b + disc[queued]] = on


def _put_queue_token(out: Any, f: Frame, entry: tuple[str, str], on: float) -> None:
    key, d = entry
    area, position = key.split(":")
    _one(out, f, "queue_tokens", on, f.ix.disc[area], int(position), f.ix.disc[d])


def _put_box(
    out: Any, f: Frame, entry: tuple[str, tuple[str | None, str | None]], on: float
) -> None:
    key, (book, prestige) = entry
    area, region = key.split(":")
    disc = f.ix.disc
    start, a, b, _, _ = f.at["boxes.book"]
    at = disc[area] * a + f.ix.region_pos[region] * b
    if book is not None:
        out[start + at + disc[book]] = on
    if prestige is not None:
        out[f.at["boxes.prestige"][0] + at + disc[prestige]] = on


def _put_space(out: Any, f: Frame, entry: tuple[str, int], on: float) -> None:
    space, owner = entry
    start, a, _, _, _ = f.at["spaces"]
    out[start + f.ix.area_space_pos[space] * a + (owner - f.viewer) % f.n] = on


def _put_theology(out: Any, f: Frame, entry: tuple[str, str], on: float) -> None:
    start, a, _, _, _ = f.at["theology_books"]
    out[start + f.ix.theology_pos[entry[0]] * a + f.ix.disc[entry[1]]] = on


def _put_port(out: Any, f: Frame, entry: tuple[str, str], on: float) -> None:
    start, a, _, _, _ = f.at["port_tokens"]
    out[start + f.ix.port_pos[entry[0]] * a + f.ix.disc[entry[1]]] = on


def _put_region_tile(out: Any, f: Frame, entry: tuple[str, str], on: float) -> None:
    key, tile = entry
    area, region = key.split(":")
    ix = f.ix
    start, a, b, _, _ = f.at["region_tiles"]
    out[start + ix.disc[area] * a + ix.region_pos[region] * b + ix.sankore_pos[tile]] = on


def _put_overflow_books(out: Any, f: Frame, entry: tuple[str, tuple[int, ...]], on: float) -> None:
    scale = f.ix.rules.counts.books_per_discipline
    _row(out, f, "overflow.books", entry[1], scale, on, f.ix.region_pos[entry[0]])


def _put_overflow_prestige(
    out: Any, f: Frame, entry: tuple[str, tuple[int, ...]], on: float
) -> None:
    scale = f.ix.rules.counts.prestige_per_discipline
    _row(out, f, "overflow.prestige", entry[1], scale, on, f.ix.region_pos[entry[0]])


def _put_cell(out: Any, f: Frame, entry: tuple[int, MadrasaTile | None], on: float) -> None:
    cell, placed = entry
    if placed is not None:
        start, a, _, _, _ = f.at["madrasa.tile"]
        out[start + cell * a + f.ix.sankore_pos[placed.tile]] = on
        if placed.star:
            out[f.at["madrasa.star"][0] + cell] = on


def _put_sent(out: Any, f: Frame, sent: tuple[tuple[int, str], ...], on: float) -> None:
    counts = [[0] * len(f.ix.disciplines) for _ in range(f.n)]
    for owner, d in sent:
        counts[f.rel(owner)][f.ix.disc[d]] += 1
    scale = f.ix.rules.counts.students_per_discipline
    for s, row in enumerate(counts):
        _row(out, f, "madrasa.students", row, scale, on, s)


def _put_supply_books(out: Any, f: Frame, books: tuple[int, ...], on: float) -> None:
    _dense(out, f.at["supply.books"][0], books, f.ix.rules.counts.books_per_discipline, on)


def _put_supply_prestige(out: Any, f: Frame, prestige: tuple[int, ...], on: float) -> None:
    _dense(out, f.at["supply.prestige"][0], prestige, f.ix.rules.counts.prestige_per_discipline, on)


def _put_supply_tile(out: Any, f: Frame, tile: str, on: float) -> None:
    out[f.at["supply.sankore"][0] + f.ix.sankore_pos[tile]] = on


def _put_skill_stack(out: Any, f: Frame, entry: tuple[str, int], on: float) -> None:
    icon, left = entry
    count = f.ix.rules.skill_icons[icon].count
    out[f.at["supply.skills"][0] + f.ix.icon_pos[icon]] = left / count * on


def _put_graduation(out: Any, f: Frame, tile: str, on: float) -> None:
    out[f.at["graduation"][0] + f.ix.graduation_pos[tile]] = on


def _put_column(out: Any, f: Frame, entry: tuple[int, MarketColumn], on: float) -> None:
    col, column = entry
    slots = column.slots()  # only the top of each pile is visible (SETUP-C-15, EST-2)
    start, a, b, _, _ = f.at["market"]
    base, tiles = start + col * a, f.ix.advanced_pos
    for slot, shown in enumerate(slots):
        if shown is not None:
            out[base + slot * b + tiles[shown]] = on
    piles = (len(column.pile2), len(column.pile1))
    _row(out, f, "market.piles", piles, f.ix.rules.counts.advanced_classes_per_discipline, on, col)


def _put_shelf(out: Any, f: Frame, entry: tuple[int, tuple[str, ...]], on: float) -> None:
    shelf, books = entry
    on_shelf = [0] * len(f.ix.disciplines)
    for d in books:
        on_shelf[f.ix.disc[d]] += 1
    _row(out, f, "library.books", on_shelf, f.ix.shelf_slots, on, shelf)


def _put_out(out: Any, f: Frame, students: tuple[int, ...], on: float) -> None:
    _dense(out, f.at["students_out"][0], students, f.ix.rules.counts.students_per_discipline, on)


def _put_discarded(out: Any, f: Frame, tile: str, on: float) -> None:
    _one(out, f, "discarded_sankore", on, f.ix.sankore_pos[tile])


def _put_draft(out: Any, f: Frame, draft: tuple[tuple[str, str, str], ...], on: float) -> None:
    ix = f.ix
    for tile, book, student in draft:
        _one(out, f, "draft.tile", on, ix.draft_pos[tile])
        _one(out, f, "draft.book", on, ix.draft_pos[tile], ix.disc[book])
        _one(out, f, "draft.student", on, ix.draft_pos[tile], ix.disc[student])


def _put_solo(out: Any, f: Frame, solo: SoloState | None, on: float) -> None:
    """The Scholar's board: its deck and bag counted, its draft card left out.

    Its deck's size and Books are written with the Scholar's own fields (``_put_hand``,
    ``_put_books``), whether its turn ended the game with ``end_cause`` (``_put_cause``).
    """
    if solo is None:
        return
    ix, c = f.ix, f.ix.rules.counts
    disc = ix.disc
    _one(out, f, "solo.present", on)
    _one(out, f, "solo.difficulty", on, ix.difficulty_pos[solo.difficulty])
    if solo.current is not None:
        _one(out, f, "solo.current", on, disc[solo.current])
    for slot, number in enumerate(solo.slots):
        _one(out, f, "solo.slots", on, slot, ix.card_pos[number])
    bag = [solo.bag.count(d) for d in ix.disciplines]
    _row(out, f, "solo.bag", bag, c.students_per_discipline, on)
    for row, drawn in (("solo.phase2", solo.phase2), ("solo.phase3", solo.phase3)):
        for k, student in enumerate(drawn):
            if student is not None:
                _one(out, f, row, on, k, disc[student])
    for space, tile in solo.classes.items():
        _one(out, f, "solo.classes", on, ix.solo_space_pos[space], ix.advanced_pos[tile])
    for space, student in solo.tile_students.items():
        _one(out, f, "solo.tile_students", on, ix.solo_space_pos[space], disc[student])


# ---- each player's fields, from the viewer's seat


def _resource(r: int) -> Put:
    def put(out: Any, p: Seat, held: int, on: float) -> None:
        cap = p.caps[r]
        out[p.base["player.resources"] + r] = min(held, cap) / cap * on

    return put


def _put_books(out: Any, p: Seat, books: tuple[int, ...], on: float) -> None:
    base, cap = p.base["player.books"], p.book_cap
    # The Scholar's storage is unlimited (SOLO-FLOW-5): capped here, in full in solo.*.
    for j, held in enumerate(books):
        out[base + j] = min(held, cap) / cap * on
    if p.scholar:
        _dense(out, p.at["solo.scholar_books"][0], books, p.books_dealt, on)


def _put_prestige(out: Any, p: Seat, prestige: tuple[int, ...], on: float) -> None:
    _dense(out, p.base["player.prestige"], prestige, p.prestige_scale, on)


def _put_favour_tiles(out: Any, p: Seat, held: int, on: float) -> None:
    out[p.base["player.favour_tiles"]] = held / p.ix.max_favour * on


def _put_favour_pos(out: Any, p: Seat, position: int, on: float) -> None:
    if position >= 0:  # the Scholar's disc is in the box (SOLO-SET-7)
        out[p.base["player.favour_pos"] + position] = on


def _put_pieces(out: Any, p: Seat, home: tuple[int, ...], on: float) -> None:
    _dense(out, p.base["player.pieces"], home, p.pieces_scale, on)


def _put_class(out: Any, p: Seat, entry: tuple[str, str], on: float) -> None:
    b = p.at["player.classes"][2]
    out[
        p.base["player.classes"]
        + p.ix.class_space_pos[entry[0]] * b
        + p.ix.class_tile_pos[entry[1]]
    ] = on


def _put_student(out: Any, p: Seat, entry: tuple[str, str], on: float) -> None:
    b = p.at["player.students"][2]
    out[p.base["player.students"] + p.ix.student_space_pos[entry[0]] * b + p.ix.disc[entry[1]]] = on


def _put_section(out: Any, p: Seat, entry: tuple[int, tuple[str, ...]], on: float) -> None:
    section, held = entry
    _, _, a, b, _ = p.at["player.skills"]
    base, icons = p.base["player.skills"] + section * a, p.ix.icon_pos
    for slot, icon in enumerate(held):
        out[base + slot * b + icons[icon]] = on


def _put_graduated(out: Any, p: Seat, entry: tuple[int, Graduated], on: float) -> None:
    slot, g = entry
    _one(out, p, "player.graduations", on, p.s, slot, p.ix.graduation_pos[g.tile])
    if g.student is not None:
        _one(out, p, "player.graduated", on, p.s, slot, p.ix.disc[g.student])


def _put_camel(out: Any, p: Seat, camel: str, on: float) -> None:
    out[p.base["player.camel"] + p.ix.camel_pos[camel]] = on


def _put_hand(out: Any, p: Seat, hand: tuple[int, ...], on: float) -> None:
    in_hand = min(len(hand), p.dealt) / p.dealt
    out[p.base["player.hand_size"]] = in_hand * on
    if p.sees_hand:
        base, cards = p.base["player.hand"], p.ix.card_pos
        for number in hand:
            out[base + cards[number]] = on
    if p.scholar:  # its face-down deck, counted (SOLO-SET-9)
        out[p.at["solo.deck"][0]] = in_hand * on


def _put_completed(out: Any, p: Seat, number: int, on: float) -> None:
    out[p.base["player.completed"] + p.ix.card_pos[number]] = on


def _put_kept(out: Any, p: Seat, tile: str, on: float) -> None:
    out[p.base["player.kept_sankore"] + p.ix.sankore_pos[tile]] = on


def _put_turns(out: Any, p: Seat, turns: int, on: float) -> None:
    out[p.base["player.turns"]] = min(turns, TURN_SCALE) / TURN_SCALE * on


#: The fields of ``State`` the tensor shows: (field, kind, writer). ``decision`` is the pending
#: decision (``agenda`` and ``game_over`` say it); ``solo`` is read in a solo game only.
STATE_FIELDS: tuple[tuple[str, Kind, Put], ...] = (
    ("player_count", Scalar, _put_present),
    ("first_player", Scalar, _put_first),
    ("library_side", Scalar, _put_side),
    ("turn_limit", Scalar, _put_turn_limit),
    ("decision", Scalar, _put_decision),
    ("main_used", Scalar, _put_main),
    ("abilities_used", Scalar, _put_ability),
    ("pending_scorings", Scalar, _put_pending),
    ("scorings_done", Scalar, _put_done),
    ("teaching", Scalar, _put_teaching),
    ("end_triggered", Scalar, _put_triggered),
    ("game_over", Scalar, _put_over),
    ("end_cause", Scalar, _put_cause),
    ("favour_supply", Dense, _put_favour_supply),
    ("queues", Indexed, _put_queue),
    ("queue_tokens", Keyed, _put_queue_token),
    ("boxes", Keyed, _put_box),
    ("spaces", Keyed, _put_space),
    ("theology_books", Keyed, _put_theology),
    ("port_tokens", Keyed, _put_port),
    ("region_tiles", Keyed, _put_region_tile),
    ("overflow_books", Keyed, _put_overflow_books),
    ("overflow_prestige", Keyed, _put_overflow_prestige),
    ("madrasa", Indexed, _put_cell),
    ("madrasa_students", Scalar, _put_sent),
    ("supply_books", Dense, _put_supply_books),
    ("supply_prestige", Dense, _put_supply_prestige),
    ("supply_sankore", Members, _put_supply_tile),
    ("skill_stacks", Keyed, _put_skill_stack),
    ("graduation", Members, _put_graduation),
    ("market", Indexed, _put_column),
    ("library", Indexed, _put_shelf),
    ("students_out", Dense, _put_out),
    ("discarded_sankore", Members, _put_discarded),
    ("draft", Scalar, _put_draft),
    ("solo", Scalar, _put_solo),
)
#: The fields of ``PlayerState`` the tensor shows, seen from the player's seat.
PLAYER_FIELDS: tuple[tuple[str, Kind, Put], ...] = (
    *((name, Dense, _resource(r)) for r, name in enumerate(RESOURCES)),
    ("books", Dense, _put_books),
    ("prestige", Dense, _put_prestige),
    ("favour_tiles", Dense, _put_favour_tiles),
    ("favour_pos", Scalar, _put_favour_pos),
    ("pieces", Dense, _put_pieces),
    ("classes", Keyed, _put_class),
    ("students", Keyed, _put_student),
    ("skills", Indexed, _put_section),
    ("graduations", Indexed, _put_graduated),
    ("camel", Scalar, _put_camel),
    ("objectives", Scalar, _put_hand),
    ("completed", Members, _put_completed),
    ("kept_sankore", Members, _put_kept),
    ("turns", Dense, _put_turns),
)
#: The writers a frame asks afresh at each look, without remembering their values: the solo
#: board is not hashable, the Madrasa's Students hardly repeat, a hand hardly changes (and a
#: draft's may be a list).
PLAIN: frozenset[Put] = frozenset({_put_solo, _put_sent, _put_hand})
#: The writers of ``State`` fields that place a value by the viewer's seat.
VIEWED: frozenset[Put] = frozenset(
    {_put_first, _put_decision, _put_teaching, _put_space, _put_sent}
)
#: The writers given a view of their field's value: the decision, by what the tensor shows of it.
VIEWS: dict[Put, View] = {_put_decision: _decision_shape}
#: Every writer of the tensor, as ``tensor.py``'s frames bind them.
WRITERS = Writers(STATE_FIELDS, PLAYER_FIELDS, PLAIN, VIEWED, VIEWS)
