"""The observation tensor of Sankoré as it was written before it was kept piece by piece.

The reference the faster writer is held to (tests/test_ai_tensor_equality.py) and measured
against (benchmarks/tensor_speed.py): the whole view collected value by value on every call,
as ``sankore_rules.sankore.agents.tensor`` did until issue 29. Keep it as it is: it is the
yardstick, not code the package runs.
"""

from __future__ import annotations

from typing import Any

from sankore_rules.core.agents import Writer
from sankore_rules.sankore.agents.tensor import END_CAUSES, RESOURCE_CAP, TURN_SCALE, tensor_layout
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import SCHOLAR, SoloState, State
from sankore_rules.sankore.vocabulary import RESOURCES

_DISCIPLINE_ARGS = ("discipline", "student", "section")


def reference_values(state: State, viewer: int) -> dict[int, float]:
    """The non-zero values of ``viewer``'s tensor of ``state``, by position, written the old way."""
    layout = tensor_layout(state_rules(state))
    w = Writer(layout.offsets)
    _fill(layout.rules, layout.ix, state, viewer, w)
    if state.solo is not None:
        _fill_solo(layout.rules, layout.ix, state, state.solo, w)
    return w.values


def reference_tensor(state: State, viewer: int) -> list[float]:
    """``viewer``'s whole tensor of ``state`` as a list, written the old way."""
    layout = tensor_layout(state_rules(state))
    out = [0.0] * layout.size
    for i, value in reference_values(state, viewer).items():
        out[i] = value
    return out


def state_rules(state: State) -> Rules:
    """The ruleset ``state`` was made with."""
    import sankore_rules as sr

    rules: Rules = sr.rules_of(state)
    return rules


def _fill(rules: Rules, ix: Any, state: State, viewer: int, w: Writer) -> None:
    """Collect ``viewer``'s view of ``state`` in ``w``."""
    n = state.player_count
    c, lim = rules.counts, rules.limits
    disc = ix.disc
    cards = ix.card_pos
    sankore = ix.sankore_pos

    def seat(p: int) -> int:
        return (p - viewer) % n

    # ---- seats and the decision
    for s in range(n):
        w.one("seat.present", s)
    w.one("seat.first", seat(state.first_player))
    task = state.decision
    if task is not None:
        w.one("seat.deciding", seat(task.player))
        w.one("decision.kind", ix.decision_pos[task.kind])
        for arg in _DISCIPLINE_ARGS:
            named = task.args.get(arg)
            if isinstance(named, str) and named in disc:
                w.one("decision.discipline", disc[named])
                break
    for main in state.main_used:
        w.one("turn.main_used", ix.main_pos[main])
    for number in state.abilities_used:
        w.one("turn.abilities_used", cards[number])
    scoring = {"book": 0, "prestige": 1}
    for area, kind, _token in state.pending_scorings:
        w.one("turn.pending_scorings", disc[area], scoring[kind])
    for done in state.scorings_done:
        area, kind = done.split(":")
        w.one("scorings_done", disc[area], scoring[kind])
    if state.teaching is not None:
        who, taught_class, taught, origin = state.teaching
        w.one("teaching.seat", seat(who))
        w.one("teaching.class", ix.class_space_pos[taught_class])
        w.one("teaching.student", disc[taught])
        w.one("teaching.origin", ix.student_space_pos[origin])
    w.flag("end.triggered", state.end_triggered)
    w.flag("end.over", state.game_over)
    if state.end_cause in END_CAUSES:  # the Scholar's end is a solo segment's
        w.one("end.cause", END_CAUSES.index(state.end_cause))

    # ---- the shared board
    for q, queue in enumerate(state.queues):
        for i, queued in enumerate(queue):
            if queued is not None:
                w.one("queues", q, i, disc[queued])
    for key, d in state.queue_tokens.items():
        area, position = key.split(":")
        w.one("queue_tokens", disc[area], int(position), disc[d])
    regions = ix.region_pos
    for key, (book, prestige) in state.boxes.items():
        area, region = key.split(":")
        if book is not None:
            w.one("boxes.book", disc[area], regions[region], disc[book])
        if prestige is not None:
            w.one("boxes.prestige", disc[area], regions[region], disc[prestige])
    area_space = ix.area_space_pos
    for space, owner in state.spaces.items():
        w.one("spaces", area_space[space], seat(owner))
    for space, d in state.theology_books.items():
        w.one("theology_books", ix.theology_pos[space], disc[d])
    for space, d in state.port_tokens.items():
        w.one("port_tokens", ix.port_pos[space], disc[d])
    for key, tile in state.region_tiles.items():
        area, region = key.split(":")
        w.one("region_tiles", disc[area], regions[region], sankore[tile])
    for region, counts in state.overflow_books.items():
        w.row("overflow.books", counts, c.books_per_discipline, regions[region])
    for region, counts in state.overflow_prestige.items():
        w.row("overflow.prestige", counts, c.prestige_per_discipline, regions[region])
    for cell, placed in enumerate(state.madrasa):
        if placed is not None:
            w.one("madrasa.tile", cell, sankore[placed.tile])
            if placed.star:
                w.one("madrasa.star", cell)
    sent = [[0] * 4 for _ in range(n)]
    for owner, d in state.madrasa_students:
        sent[seat(owner)][disc[d]] += 1
    for s, row in enumerate(sent):
        w.row("madrasa.students", row, c.students_per_discipline, s)
    w.row("supply.books", state.supply_books, c.books_per_discipline)
    w.row("supply.prestige", state.supply_prestige, c.prestige_per_discipline)
    for tile in state.supply_sankore:
        w.one("supply.sankore", sankore[tile])
    w.put("supply.favour", state.favour_supply / c.favour_tiles)
    for icon, left in state.skill_stacks.items():
        w.put("supply.skills", left / rules.skill_icons[icon].count, ix.icon_pos[icon])
    for tile in state.graduation:
        w.one("graduation", ix.graduation_pos[tile])
    for col, column in enumerate(state.market):
        # Only the top of each pile is visible (SETUP-C-15, EST-2).
        slots = (
            column.level3,
            column.pile2[0] if column.pile2 else None,
            column.shown2,
            column.pile1[0] if column.pile1 else None,
            column.shown1,
        )
        for slot, shown in enumerate(slots):
            if shown is not None:
                w.one("market", col, slot, ix.advanced_pos[shown])
        scale = c.advanced_classes_per_discipline
        w.row("market.piles", (len(column.pile2), len(column.pile1)), scale, col)
    w.one("library.side", ix.side_pos[state.library_side])
    for shelf, books in enumerate(state.library):
        on_shelf = [0] * 4
        for d in books:
            on_shelf[disc[d]] += 1
        w.row("library.books", on_shelf, ix.shelf_slots, shelf)
    w.row("students_out", state.students_out, c.students_per_discipline)
    for tile in state.discarded_sankore:
        w.one("discarded_sankore", sankore[tile])
    for tile, book, student in state.draft:
        w.one("draft.tile", ix.draft_pos[tile])
        w.one("draft.book", ix.draft_pos[tile], disc[book])
        w.one("draft.student", ix.draft_pos[tile], disc[student])
    if state.turn_limit is not None:
        w.one("variant.turn_limit")

    # ---- each player, from the viewer's seat
    caps = [RESOURCE_CAP * getattr(lim, r) for r in RESOURCES]
    class_space_pos, class_tile_pos = ix.class_space_pos, ix.class_tile_pos
    student_space = ix.student_space_pos
    for p, pl in enumerate(state.players):
        s = seat(p)
        for r, cap in enumerate(caps):
            w.put("player.resources", min((pl.gold, pl.salt, pl.inspiration)[r], cap) / cap, s, r)
        # The Scholar's storage is unlimited (SOLO-FLOW-5): capped here, in full in solo.*.
        stored = [min(b, lim.books_per_discipline) for b in pl.books]
        w.row("player.books", stored, lim.books_per_discipline, s)
        w.row("player.prestige", pl.prestige, c.prestige_per_discipline, s)
        w.put("player.favour_tiles", pl.favour_tiles / ix.max_favour, s)
        if pl.favour_pos >= 0:  # the Scholar's disc is in the box (SOLO-SET-7)
            w.one("player.favour_pos", s, pl.favour_pos)
        w.row("player.pieces", pl.pieces, c.pieces_per_type, s)
        for space, tile in pl.classes.items():
            w.one("player.classes", s, class_space_pos[space], class_tile_pos[tile])
        for space, d in pl.students.items():
            w.one("player.students", s, student_space[space], disc[d])
        for section, held in enumerate(pl.skills):
            for slot, icon in enumerate(held):
                w.one("player.skills", s, section, slot, ix.icon_pos[icon])
        for slot, g in enumerate(pl.graduations):
            w.one("player.graduations", s, slot, ix.graduation_pos[g.tile])
            if g.student is not None:
                w.one("player.graduated", s, slot, disc[g.student])
        w.one("player.camel", s, ix.camel_pos[pl.camel])
        # OBJ-1: a hand is seen by its holder only; the Scholar's deck by nobody (SOLO-SET-9).
        if p == viewer and not state.is_scholar(p):
            for number in pl.objectives:
                w.one("player.hand", s, cards[number])
        in_hand = min(len(pl.objectives), c.objectives_dealt)
        w.put("player.hand_size", in_hand / c.objectives_dealt, s)
        for number in pl.completed:
            w.one("player.completed", s, cards[number])
        for tile in pl.kept_sankore:
            w.one("player.kept_sankore", s, sankore[tile])
        w.put("player.turns", min(pl.turns, TURN_SCALE) / TURN_SCALE, s)


def _fill_solo(rules: Rules, ix: Any, state: State, solo: SoloState, w: Writer) -> None:
    """Collect the Scholar's board: its deck and bag counted, its draft card left out."""
    c = rules.counts
    disc = ix.disc
    w.one("solo.present")
    w.one("solo.difficulty", ix.difficulty_pos[solo.difficulty])
    if solo.current is not None:
        w.one("solo.current", disc[solo.current])
    for slot, number in enumerate(solo.slots):
        w.one("solo.slots", slot, ix.card_pos[number])
    deck = len(state.players[SCHOLAR].objectives)
    w.put("solo.deck", min(deck, c.objectives_dealt) / c.objectives_dealt)
    w.row("solo.bag", [solo.bag.count(d) for d in ix.disciplines], c.students_per_discipline)
    for row, drawn in (("solo.phase2", solo.phase2), ("solo.phase3", solo.phase3)):
        for k, student in enumerate(drawn):
            if student is not None:
                w.one(row, k, disc[student])
    for space, tile in solo.classes.items():
        w.one("solo.classes", ix.solo_space_pos[space], ix.advanced_pos[tile])
    for space, student in solo.tile_students.items():
        w.one("solo.tile_students", ix.solo_space_pos[space], disc[student])
    w.row("solo.scholar_books", state.players[SCHOLAR].books, c.books_per_discipline)
    w.flag("solo.end_scholar", state.end_cause == "scholar")
