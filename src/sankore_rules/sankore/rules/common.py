"""Shared rule helpers: gaining and paying components, Knowledge, the Library, Sankoré tiles.

Every procedure that gains a Book or a Prestige token, contributes to the Library or reads a
Knowledge total goes through these functions, so each rule about them is written once. Gaining
Books and Prestige and the Prestige storage live in ``holdings.py``, below the effect interpreter
that these helpers push tasks of; they are re-exported here for the rules modules.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from sankore_rules.core.actions import Action
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import adjusted, popped, removed, replaced_at, with_item
from sankore_rules.sankore.abilities import area_knowledge
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.effects import effect_tasks
from sankore_rules.sankore.engine import log, memo, names_nothing, push, step
from sankore_rules.sankore.holdings import gain_books, gain_prestige, prestige_capacity
from sankore_rules.sankore.limits import END_CAUSES
from sankore_rules.sankore.state import MadrasaTile, PlayerState, State, Task, player_to_change

__all__ = [
    "SKIP",
    "area_options",
    "can_pay",
    "can_pay_books",
    "contribute_tasks",
    "gain_books",
    "gain_prestige",
    "knowledge_reasons",
    "pay_reasons",
    "prestige_capacity",
    "sankore_tile_task",
    "school_knowledge",
    "shared_knowledge",
    "shelves_with_room",
    "take_region_tile",
]


# ---- the Library (RES-5) -----------------------------------------------------------------------


def shelves_with_room(rules: Rules, state: State) -> list[int]:
    """Indices of the Library shelves that still have an empty slot."""
    shelves = rules.library_sides[state.library_side].shelves
    return [i for i, shelf in enumerate(shelves) if len(state.library[i]) < shelf.slots]


def free_library_slots(rules: Rules, state: State) -> int:
    """How many Books the Library can still take."""
    return rules.library_slots[state.library_side] - sum(map(len, state.library))


def contribute_tasks(p: int, discipline: str, count: int = 1, distinct: bool = False) -> Task:
    """The task of contributing ``count`` Books (of ``discipline`` or ``"any"``) to the Library."""
    return Task(
        "contribute",
        p,
        {"discipline": discipline, "count": count, "distinct": distinct, "used": []},
    )


def _contribute_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    wanted = task.args["discipline"]
    disciplines = rules.disciplines if wanted == "any" else (wanted,)
    return [
        Action("library", (d, str(shelf)))
        for d in disciplines
        for shelf in range(len(state.library))
    ]


def _contribute_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 2 or action.args[0] not in rules.discipline_index:
        return [Reason("bad_arguments", "write 'library <discipline> <shelf number>'")]
    d, shelf_text = action.args
    wanted = task.args["discipline"]
    if wanted != "any" and d != wanted:
        return [
            Reason(
                "wrong_discipline",
                f"the Book must be {wanted}, the discipline this action asks for (EST-1, GRAD-2)",
            )
        ]
    if task.args["distinct"] and d in task.args["used"]:
        return [
            Reason(
                "books_not_distinct",
                f"a {d} Book was already contributed: the Books must differ (MATH-4)",
            )
        ]
    reasons = []
    if state.players[task.player].books[rules.discipline_index[d]] < 1:
        reasons.append(Reason("no_book", f"you have no {d} Book on your Bookshelf (RES-5)"))
    if not shelf_text.isdigit() or not 0 <= int(shelf_text) < len(state.library):
        return [Reason("bad_arguments", f"the Library has no shelf {shelf_text}")]
    if int(shelf_text) not in shelves_with_room(rules, state):
        reasons.append(Reason("shelf_full", f"shelf {shelf_text} has no empty slot (RES-5)"))
    return reasons


def _contribute_options(rules: Rules, state: State, task: Task) -> list[Action]:
    # The check's tests without the words, in the candidates' order: a Book held of the
    # discipline asked for, not one given already when they must differ (MATH-4), to a shelf
    # with an empty slot (EST-1, GRAD-2, RES-5).
    wanted, used = task.args["discipline"], task.args["used"]
    distinct = task.args["distinct"]
    books = state.players[task.player].books
    room = shelves_with_room(rules, state)
    options: list[Action] = []
    index = rules.discipline_index
    for d in rules.disciplines if wanted == "any" else (wanted,):
        if d in index and books[index[d]] >= 1 and not (distinct and d in used):
            options += [Action("library", (d, str(shelf))) for shelf in room]
    return options


@step(
    "contribute",
    candidates=_contribute_candidates,
    check=_contribute_check,
    lister=_contribute_options,
    prompt="Choose a Book and the Library shelf it goes to",
    answers=("library",),
)
def _contribute(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    d, shelf = action.args[0], int(action.args[1])
    pl = player_to_change(state, task.player)
    pl.books = adjusted(pl.books, rules.discipline_index[d], -1)
    state.library = replaced_at(state.library, shelf, (*state.library[shelf], d))
    log(state, "contribute", task.player, discipline=d, shelf=shelf)
    if task.args["count"] > 1:
        args = dict(task.args, count=task.args["count"] - 1, used=[*task.args["used"], d])
        push(state, Task("contribute", task.player, args))


def _books_held(books: tuple[int, ...], i: int | None, distinct: bool) -> int:
    """Books a payment can use: of discipline ``i``, of distinct disciplines, or any."""
    if i is not None:
        return books[i]
    return len([b for b in books if b > 0]) if distinct else sum(books)


def can_pay_books(
    rules: Rules, state: State, p: int, discipline: str, count: int = 1, distinct: bool = False
) -> bool:
    """Whether ``p`` can contribute ``count`` Books now (RES-5, MATH-4, AMB-25).

    The question ``book_payment_reasons`` words the answer to.
    """
    i = None if discipline == "any" else rules.discipline_index[discipline]
    return (
        _books_held(state.players[p].books, i, distinct) >= count
        and free_library_slots(rules, state) >= count
    )


def book_payment_reasons(
    rules: Rules, state: State, p: int, discipline: str, count: int = 1, distinct: bool = False
) -> list[Reason]:
    """Why ``p`` cannot contribute ``count`` Books now (none when they can)."""
    if can_pay_books(rules, state, p, discipline, count, distinct):
        return []
    books = state.players[p].books
    reasons = []
    if discipline != "any":
        if books[rules.discipline_index[discipline]] < count:
            reasons.append(
                Reason("no_book", f"you need {count} {discipline} Book(s) to contribute (RES-5)")
            )
    elif distinct:
        if sum(1 for b in books if b > 0) < count:
            reasons.append(
                Reason(
                    "not_enough_books", f"you need Books of {count} different disciplines (MATH-4)"
                )
            )
    elif sum(books) < count:
        reasons.append(
            Reason("not_enough_books", f"you need {count} Book(s) to contribute (RES-5)")
        )
    if free_library_slots(rules, state) < count:
        reasons.append(Reason("library_full", "the Library has no room for the Book (AMB-25)"))
    return reasons


# ---- Knowledge (KNOW-1..KNOW-9) ----------------------------------------------------------------


def school_knowledge(rules: Rules, pl: PlayerState, discipline: str) -> int:
    """The number uncovered under the last piece of that area's type to leave (KNOW-3, AMB-45)."""
    placed = rules.counts.pieces_per_type - pl.pieces[rules.discipline_index[discipline]]
    return rules.school_knowledge[placed - 1] if placed > 0 else 0


def shared_knowledge(rules: Rules, state: State, discipline: str) -> int:
    """The highest number showing on the area's Student Queue (KNOW-4)."""
    layout = rules.queue_layouts[state.player_count].spaces
    queue = state.queues[rules.discipline_index[discipline]]
    return max(
        [sp.knowledge for sp, student in zip(layout, queue, strict=True) if student is None],
        default=0,
    )


def teaching_knowledge(rules: Rules, state: State) -> int:
    """Total Knowledge of the class being taught (KNOW-2): school + shared + class bonus."""
    return memo(state, "teaching_knowledge", lambda: _teaching_knowledge(rules, state))


def _teaching_knowledge(rules: Rules, state: State) -> int:
    assert state.teaching is not None
    p, class_space, student, _ = state.teaching
    pl = state.players[p]
    tile = rules.class_tiles[pl.classes[class_space]]
    bonus = tile.knowledge if student == tile.discipline else 0  # KNOW-5
    bonus += area_knowledge(rules, state, p, tile.discipline)  # Objective cards (BONUS-6 a)
    return (
        school_knowledge(rules, pl, tile.discipline)
        + shared_knowledge(rules, state, tile.discipline)
        + bonus
    )


def teaching_supported(rules: Rules, state: State) -> bool:
    """Whether the class being taught is Supported now (SUPP-1, SUPP-3, AMB-13).

    Asked when an Area action's space is chosen: both Student spaces under the class must be
    occupied at that moment. The active Student still holds the space it left; the other space
    counts only if a Student is on it now, so one promoted or transferred away since the class
    was chosen no longer supports it, and one that arrived since does.
    """
    assert state.teaching is not None
    p, class_space, _, origin = state.teaching
    others = [s for s in rules.spaces_under[class_space] if s != origin]
    # An Introductory Class has a single space: it is never Supported.
    return bool(others) and state.players[p].students.keys() >= set(others)


def within_knowledge(needed: int, have: int) -> bool:
    """Whether a Knowledge total reaches a requirement (KNOW-1: meet or exceed)."""
    return have >= needed


def knowledge_reasons(needed: int, have: int) -> list[Reason]:
    """The ``knowledge_short`` reason, or none."""
    if within_knowledge(needed, have):
        return []
    return [Reason("knowledge_short", f"needs Knowledge {needed}, you have {have} (KNOW-1)")]


def can_pay(pl: PlayerState, gold: int = 0, salt: int = 0) -> bool:
    """Whether a player has the Gold and Salt: the question ``pay_reasons`` words (KNOW-6)."""
    return pl.gold >= gold and pl.salt >= salt


def pay_reasons(pl: PlayerState, gold: int = 0, salt: int = 0) -> list[Reason]:
    """Reasons a player cannot pay Gold and Salt."""
    if can_pay(pl, gold, salt):
        return []
    reasons = []
    if pl.gold < gold:
        reasons.append(Reason("not_enough_gold", f"costs {gold} Gold, you have {pl.gold} (KNOW-6)"))
    if pl.salt < salt:
        reasons.append(Reason("not_enough_salt", f"costs {salt} Salt, you have {pl.salt} (KNOW-6)"))
    return reasons


def piece_reasons(rules: Rules, pl: PlayerState, area: str) -> list[Reason]:
    """The ``no_pieces_left`` reason when every piece for that area has left the board."""
    if pl.pieces[rules.discipline_index[area]] > 0:
        return []
    return [Reason("no_pieces_left", f"you have no {area} pieces left to place (COMP-15, COMP-16)")]


#: Every Area action may be skipped (AMB-17).
SKIP = Action("skip")


def area_options(
    rules: Rules,
    state: State,
    task: Task,
    area: str,
    candidates: Callable[[Rules, State, Task], list[Action]],
    allowed: Callable[[Action, bool], bool],
    group: Callable[[Action], Hashable] | None = None,
) -> list[Action]:
    """The legal options of an Area action, listed without wording a refusal.

    Skipping is always one. Placing needs a piece of the area left (COMP-15, COMP-16), then
    each of the area's ``candidates`` (already open and within Knowledge) is kept when
    ``allowed(action, supported)`` says the area's own rules let it be taken, ``supported``
    telling whether the class being taught is Supported now (SUPP-1, AMB-13). When
    ``allowed`` depends on ``group(action)`` alone (a space's row, a Wall's side), it is asked
    once per group, the first action of each standing for the others.
    """
    if state.players[task.player].pieces[rules.discipline_index[area]] < 1:
        return [SKIP]
    supported = teaching_supported(rules, state)
    if group is None:
        return [
            a for a in candidates(rules, state, task) if a.kind == "skip" or allowed(a, supported)
        ]
    verdicts: dict[Hashable, bool] = {}
    options: list[Action] = []
    for action in candidates(rules, state, task):
        if action.kind != "skip":
            key = group(action)
            verdict = verdicts.get(key)
            if verdict is None:
                verdict = verdicts[key] = allowed(action, supported)
            if not verdict:
                continue
        options.append(action)
    return options


def open_spaces(state: State, spaces: Iterable[str]) -> list[str]:
    """The spaces no piece occupies yet.

    Every area's check refuses an occupied space (``space_taken``); the areas list only open
    spaces so that a filling board does not cost a refusal per taken space.
    """
    taken = state.spaces
    return [s for s in spaces if s not in taken]


def place_piece(rules: Rules, state: State, p: int, area: str, space: str) -> None:
    """Move one of ``p``'s pieces of that area onto an area space."""
    pl = player_to_change(state, p)
    pl.pieces = adjusted(pl.pieces, rules.discipline_index[area], -1)
    state.spaces = with_item(state.spaces, space, p)
    log(state, "place_piece", p, area=area, space=space)


# ---- Sankoré tiles (SANK-1..SANK-11) -----------------------------------------------------------


def sankore_tile_task(p: int, tile: str, from_supply: bool) -> Task:
    """The task of placing a Sankoré tile in the Madrasa and taking its bonus."""
    return Task("place_sankore_tile", p, {"tile": tile, "supply": from_supply})


def take_region_tile(state: State, p: int, key: str) -> Task | None:
    """Take the board tile at ``key`` ("area:region") if it is still there."""
    tile, state.region_tiles = popped(state.region_tiles, key)
    return None if tile is None else sankore_tile_task(p, tile, from_supply=False)


def trigger_end(state: State, cause: str, player: int | None) -> None:
    """Trigger the end of the game (END-1) for ``cause``, unless it is already triggered.

    Play then goes on until every player has had the same number of turns (END-2).
    """
    if state.end_triggered:
        return
    state.end_triggered = True
    state.end_cause = cause
    log(state, "end_triggered", player, cause=cause, reason=END_CAUSES[cause])


def graduation_tile_for(rules: Rules, state: State, discipline: str, level: int) -> str | None:
    """The highest Graduation tile of ``discipline`` still available at or below ``level``."""
    available = state.graduation
    for tile in rules.graduation_choices[discipline, level]:  # highest first
        if tile in available:
            return tile
    return None


def madrasa_full(rules: Rules, state: State) -> bool:
    """Whether every numbered Madrasa space holds a tile."""
    return all(state.madrasa[c] is not None for c in rules.numbered_cells)


@step("place_sankore_tile")
def _place_sankore_tile(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    tile_id = task.args["tile"]
    if state.end_triggered or madrasa_full(rules, state):
        # After the trigger, whatever triggered it, the player chooses (SANK-10, END-3).
        push(
            state,
            Task(
                "sankore_after_end", task.player, {"tile": tile_id, "supply": task.args["supply"]}
            ),
        )
        return
    cell = next(c for c in rules.numbered_cells if state.madrasa[c] is None)
    tile = rules.sankore_tiles[tile_id]
    state.madrasa = replaced_at(state.madrasa, cell, MadrasaTile(tile_id, star=task.args["supply"]))
    log(state, "sankore_placed", task.player, tile=tile_id, cell=rules.cell_name(cell))
    if madrasa_full(rules, state):
        trigger_end(state, "madrasa", task.player)  # END-1, AMB-21
    _push_tile_bonus(rules, state, task.player, tile_id, task.args["supply"], tile.discipline)


def _push_tile_bonus(
    rules: Rules, state: State, p: int, tile_id: str, supply: bool, d: str
) -> None:
    if supply:
        push(state, Task("gain_prestige", p, {"discipline": d, "amount": 1}))  # AMB-22/23
    else:
        push(state, *effect_tasks(rules, p, rules.sankore_tiles[tile_id].bonus, area=d))


def _after_end_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [Action("sankore", ("bonus",)), Action("sankore", ("keep",))]


def _after_end_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    # Both choices are always open (SANK-10): only the words can be wrong.
    if action.args not in (("bonus",), ("keep",)):
        return names_nothing()
    return []


@step(
    "sankore_after_end",
    candidates=_after_end_candidates,
    check=_after_end_check,
    prompt="The end is triggered: take this tile's bonus and discard it, or keep it as 1 Prestige",
    answers=("sankore",),
)
def _sankore_after_end(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    tile_id = task.args["tile"]
    if action.args[0] == "keep":
        pl = player_to_change(state, task.player)
        pl.kept_sankore = (*pl.kept_sankore, tile_id)
        log(state, "sankore_kept", task.player, tile=tile_id)
    else:
        state.discarded_sankore = (*state.discarded_sankore, tile_id)
        log(state, "sankore_discarded", task.player, tile=tile_id)
        d = rules.sankore_tiles[tile_id].discipline
        _push_tile_bonus(rules, state, task.player, tile_id, task.args["supply"], d)


@step("supply_sankore")
def _supply_sankore(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    """Place a supply (double-Prestige) tile of a discipline, if one is left (ENROL-7, GRAD-7)."""
    d = task.args["discipline"]
    tile = next((t for t in state.supply_sankore if rules.sankore_tiles[t].discipline == d), None)
    if tile is not None:
        state.supply_sankore = removed(state.supply_sankore, tile)
        push(state, sankore_tile_task(task.player, tile, from_supply=True))
