"""Setting up a game (SETUP-C, SETUP-N, SETUP-P) and the starting draft (DRAFT-1..9).

The setup's chance comes in one of two ways (``core/chance.py``):

- by default, all at once from a generator seeded by the game's seed
  ([`generator`][sankore_rules.sankore.rules.setup.generator]): bag draws, shuffles, the first
  player and the Objective cards, in a fixed order, so a seed always deals the same setup;
- in the explicit mode, by chance steps the caller resolves: the game starts before anything
  random is placed, with one step per place (``setup_place``, ``sankore/placements.py``), one
  per Objective card dealt (``deal_objective``) and the first player's draw
  (``first_player``), which pushes the draft.

Both modes place each component with the same functions (``placements.place``). The draws of
play (a market pile's next top, the Scholar's cards and bag) are chance steps in either mode.
"""

from __future__ import annotations

import functools
import itertools
import random

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import ReadOnlyDict, adjusted, removed, with_item
from sankore_rules.core.values import draft_of
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import ENGINE, log, names_nothing, push, settle, step
from sankore_rules.sankore.limits import SEED_BOUND
from sankore_rules.sankore.placements import (
    MARKET_SLOTS,
    book_spaces,
    empty_market,
    outcomes,
    place,
    place_tasks,
    region_keys,
    targets,
)
from sankore_rules.sankore.rules.market import take_from_market
from sankore_rules.sankore.state import (
    DEAL_OBJECTIVE,
    FIRST_PLAYER,
    SETUP_PLACE,
    PlayerState,
    State,
    Task,
    player_to_change,
)

__all__ = ["SEED_BOUND", "deal", "generator", "new_state"]


def generator(seed: object) -> random.Random:
    """The generator of every shuffle and draw of the game with ``seed``.

    ``random.Random`` seeds from the absolute value of an integer, so ``n`` and ``-n`` would
    give the same game. A negative seed is moved past every non-negative one instead, so that
    distinct seeds give distinct games while every non-negative seed keeps the game it always
    gave (the golden games and every recorded game stay valid).

    Raises:
        ValueError: for a seed that is not an integer or lies outside the bound.
    """
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed must be an integer, got {seed!r}")
    if not -SEED_BOUND < seed < SEED_BOUND:
        raise ValueError("seed must lie strictly between -2**256 and 2**256")
    return random.Random(seed if seed >= 0 else SEED_BOUND - seed)


def new_state(
    rules: Rules,
    players: object,
    seed: object,
    library: object,
    turn_limit: object = None,
    explicit: bool = False,
) -> State:
    """A new game for 2-4 players, settled to its first decision (the first player's draft).

    ``turn_limit`` is the variant that bounds the game's length (see
    [`State`][sankore_rules.State]); ``explicit`` leaves every chance step to the caller
    (``core/chance.py``), the setup's included: the game then waits at the first place of
    its setup, before anything random is placed. The arguments come from callers as they
    are, so their types are checked here too (the compiled build would otherwise refuse them
    first).
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    state = deal(rules, players, seed, library, turn_limit, explicit)
    if explicit:
        # The setup's chance steps: every place, then the hands, then the first player,
        # whose draw pushes the draft.
        push(state, Task(FIRST_PLAYER, CHANCE))
        push(state, *deal_tasks(rules, state))
        push(state, *place_tasks(rules, state))
    else:
        push(state, *_draft_tasks(state))
    settle(rules, state)
    state.seal()
    return state


def _draft_tasks(state: State) -> list[Task]:
    """The draft (DRAFT-3): clockwise from the first player; then the first turn."""
    first, players = state.first_player, state.player_count
    order = [(first + k) % players for k in range(players)]
    return [*(Task("draft", p) for p in order), Task("draft_finish", first), Task("turn", first)]


def _seats(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    return [(_FIRST[str(p)], 1) for p in range(state.player_count)]


#: The first player's draw's outcomes, one per seat: ``first <seat>``.
_FIRST = OneWordActions("first")


@ENGINE.chance(FIRST_PLAYER, outcomes=_seats, prompt="Draw the first player", answers=("first",))
def _first_player(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SETUP-P-2: the last step of the explicit mode's setup; the draft follows.
    assert action is not None
    state.first_player = int(action.args[0])
    push(state, *_draft_tasks(state))


def _place_outcomes(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    return [(_PUT[value], weight) for value, weight in outcomes(rules, state, task)]


#: A random placement's outcomes, one per kind of component: ``put <value>``.
_PUT = OneWordActions("put")


@ENGINE.chance(
    SETUP_PLACE, outcomes=_place_outcomes, prompt="Place a component of setup", answers=("put",)
)
def _setup_place(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    place(rules, state, task.args["what"], task.args["at"], action.args[0])


def deal_tasks(rules: Rules, state: State) -> list[Task]:
    """In the explicit mode, the chance steps dealing each player's Objective cards (SETUP-P-8).

    Seat by seat, a card at a time, each from the cards no one holds: a hand is hidden from the
    other seats, so it comes from chance outcomes, not from the seed that deals what all see.
    None in the default mode, where ``deal`` dealt the hands from the seed.
    """
    if not state.explicit_chance:
        return []
    dealt = rules.counts.objectives_dealt
    seats = range(state.player_count)
    return [Task(DEAL_OBJECTIVE, CHANCE, {"player": p}) for p in seats for _ in range(dealt)]


def _undealt(rules: Rules, state: State, task: Task) -> list[tuple[Action, int]]:
    held = {c for pl in state.players for c in (*pl.objectives, *pl.completed)}
    return [(_DEAL[str(c)], 1) for c in sorted(rules.objective_cards) if c not in held]


#: The deal's outcomes, one per card: ``deal <card>``.
_DEAL = OneWordActions("deal")


@ENGINE.chance(
    DEAL_OBJECTIVE, outcomes=_undealt, prompt="Deal an Objective card", answers=("deal",)
)
def _deal_objective(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    player = player_to_change(state, task.args["player"])
    player.objectives = tuple(sorted((*player.objectives, int(action.args[0]))))


def deal(
    rules: Rules,
    players: int,
    seed: object,
    library: object,
    turn_limit: object = None,
    explicit: bool = False,
) -> State:
    """The common, player and draft setup of ``players`` seats, before anyone drafts.

    Returns the state, with an empty agenda. In the default mode every random placement comes
    from the seed's generator in a fixed order, so a seed always gives the same setup. In the
    explicit mode nothing random is placed yet: the caller pushes the chance steps that place
    it (``placements.place_tasks``), and the first player is 0 until drawn. The seed, the
    Library side and the turn limit come from callers as they are and are checked here.

    Raises:
        ValueError: for a seed, Library side or turn limit the game does not have.
    """
    if not isinstance(library, str) or library not in rules.library_sides:
        raise ValueError(f"library must be one of {sorted(rules.library_sides)}, got {library!r}")
    if turn_limit is not None and (
        isinstance(turn_limit, bool) or not isinstance(turn_limit, int) or turn_limit < 1
    ):
        raise ValueError(f"turn_limit must be a positive integer or None, got {turn_limit!r}")
    rng = generator(seed)
    assert isinstance(seed, int)  # generator refused anything else
    state = _table(rules, players, seed, library, turn_limit, explicit)
    if not explicit:
        _draw_setup(rules, state, rng)
    return state


def _table(
    rules: Rules, players: int, seed: int, library: str, turn_limit: int | None, explicit: bool
) -> State:
    """The table before anything random is placed on it: what the setup puts in fixed places."""
    D = rules.disciplines
    counts = rules.counts
    supply_books = [counts.books_per_discipline] * 4
    supply_prestige = [counts.prestige_per_discipline] * 4
    idx = rules.discipline_index

    # SETUP-C-2: each area's four boxes hold the Book and Prestige of the box's discipline.
    boxes: dict[str, tuple[str | None, str | None]] = {}
    for area in D:
        for region, rd in sorted(rules.region_discipline.items()):
            boxes[f"{area}:{region}"] = (rd, rd)
            supply_books[idx[rd]] -= 1
            supply_prestige[idx[rd]] -= 1
    # SETUP-C-3: a Prestige token of the area's discipline beside each majority space.
    layout = rules.queue_layouts[players].spaces
    queue_tokens: dict[str, str] = {}
    for area in D:
        for pos, space in enumerate(layout):
            if space.book_majority or space.prestige_majority:
                queue_tokens[f"{area}:{pos}"] = area
                supply_prestige[idx[area]] -= 1
    # SETUP-N-2, AMB-11: the Students not put in the setup's bag stay in the box.
    per = rules.tables.components.students_in_bag.per_player_count[str(players)]
    tiles = rules.tables.sankore_tiles.tile
    start = rules.tables.components.start
    player_states = [
        draft_of(PlayerState)(
            gold=start.gold,
            salt=start.salt,
            inspiration=start.inspiration,
            books=(0,) * 4,
            prestige=(0,) * 4,
            favour_tiles=players,  # SETUP-N-4
            favour_pos=rules.tables.favour_track.start,
            pieces=(counts.pieces_per_type,) * 4,
            classes=ReadOnlyDict(
                zip(rules.intro_spaces, (rules.intro_by_discipline[d] for d in D), strict=True)
            ),
            students=ReadOnlyDict(),
            skills=((),) * 4,
            graduations=(),
            camel=rules.astro_start,
            objectives=(),  # SETUP-P-8: dealt from the seed, or by chance steps
            completed=(),
            kept_sankore=(),
        )
        for p in range(players)
    ]
    return draft_of(State)(
        explicit_chance=explicit,
        rules_name=rules.name,
        rules_hash=rules.content_hash,
        player_count=players,
        library_side=library,
        seed=seed,
        turn_limit=turn_limit,
        first_player=0,
        players=tuple(player_states),
        queues=((None,) * len(layout),) * len(D),
        queue_tokens=ReadOnlyDict(queue_tokens),
        boxes=ReadOnlyDict(boxes),
        spaces=ReadOnlyDict(),
        theology_books=ReadOnlyDict(),
        port_tokens=ReadOnlyDict(),
        region_tiles=ReadOnlyDict(),
        overflow_books=ReadOnlyDict((r, (0,) * 4) for r in sorted(rules.region_discipline)),
        overflow_prestige=ReadOnlyDict((r, (0,) * 4) for r in sorted(rules.region_discipline)),
        madrasa=(None,) * rules.madrasa_cells,
        madrasa_students=(),
        supply_books=tuple(supply_books),
        supply_prestige=tuple(supply_prestige),
        supply_sankore=tuple(t.id for t in tiles if t.placement == "supply"),
        skill_stacks=ReadOnlyDict((i.id, i.count) for i in rules.tables.skill_tiles.icon),
        favour_supply=counts.favour_tiles - players * players,
        graduation=tuple(g.id for g in rules.tables.graduation_tiles.tile),
        market=empty_market(rules),  # SETUP-C-14: the level-3 tiles
        library=((),) * len(rules.library_sides[library].shelves),
        students_out=(counts.students_per_discipline - per,) * 4,
        discarded_sankore=(),
        draft=(),
        main_used=(),
        pending_scorings=(),
        scorings_done=(),
        teaching=None,
        abilities_used=(),
        end_triggered=False,
        end_cause=None,
        game_over=False,
        agenda=(),
    )


def _draw_setup(rules: Rules, state: State, rng: random.Random) -> None:
    """Place everything random of the setup from the seed's generator (the default mode).

    The draws come in the order they always came, so every seed deals what it always dealt;
    each placement is the explicit mode's (``placements.place``).
    """
    D = rules.disciplines
    idx = rules.discipline_index
    # SETUP-C-4: 13 Books drawn onto the Theology Book spaces; drawn again, in the rare case
    # they would leave a discipline without the Book the draft needs (ENGINE-2).
    while True:
        bag = [d for d in D for _ in range(state.supply_books[idx[d]])]
        rng.shuffle(bag)
        drawn = {space: bag.pop() for space in book_spaces(rules)}
        if all(d in bag for d in D):
            break
    for space, d in drawn.items():
        place(rules, state, "theology", space, d)
    # SETUP-C-5: 8 Prestige tokens drawn onto the four leftmost Port Cities.
    bag = [d for d in D for _ in range(state.supply_prestige[idx[d]])]
    rng.shuffle(bag)
    for space_id in rules.token_port_spaces:
        place(rules, state, "port", space_id, bag.pop())
    # SETUP-C-6/7, SETUP-N-2, AMB-11: the bagged Students fill the queues left to right.
    per = rules.tables.components.students_in_bag.per_player_count[str(state.player_count)]
    bag = [d for d in D for _ in range(per)]
    rng.shuffle(bag)
    for target in targets(rules, "queue", state.player_count):
        place(rules, state, "queue", target, bag.pop())
    # SETUP-C-9/10/11: Madrasa tiles and the board tiles drawn onto regions.
    tiles = rules.tables.sankore_tiles.tile
    madrasa_tiles = [t.id for t in tiles if t.placement == "madrasa"]
    rng.shuffle(madrasa_tiles)
    for cell, tile_id in zip(rules.unnumbered_cells, madrasa_tiles, strict=True):
        place(rules, state, "madrasa", rules.cell_name(cell), tile_id)
    board_tiles = [t.id for t in tiles if t.placement == "board"]
    rng.shuffle(board_tiles)
    for key, tile_id in zip(region_keys(rules), board_tiles, strict=True):
        place(rules, state, "region", key, tile_id)
    # SETUP-C-15: each column's shown tiles and its piles' tops; the rest of a pile lies
    # below its top in no order (the chance step market_turn draws it when the top leaves).
    for d in D:
        by_level = {
            lv: [c.id for c in rules.tables.classes.advanced if c.discipline == d and c.level == lv]
            for lv in (1, 2)
        }
        rng.shuffle(by_level[1])
        rng.shuffle(by_level[2])
        for slot in MARKET_SLOTS:
            shuffled = by_level[int(slot[-1])]
            top = shuffled[1 if slot.startswith("pile") else 0]  # the shown tile, then the pile's
            place(rules, state, "market", f"{d}:{slot}", top)
    # SETUP-P-2, SETUP-P-8: first player and Objective cards.
    state.first_player = rng.randrange(state.player_count)
    cards = sorted(rules.objective_cards)
    rng.shuffle(cards)
    dealt = rules.counts.objectives_dealt
    for p, pl in enumerate(state.players):
        pl.objectives = tuple(cards[p * dealt : (p + 1) * dealt])
    # DRAFT-1/2, AMB-10: a Student on each level-1 tile and a Book of another discipline.
    draft_books = list(D)
    while True:
        rng.shuffle(draft_books)
        if all(
            rules.class_tiles[col.shown1 or ""].discipline != b
            for b, col in zip(draft_books, state.market, strict=True)
        ):
            break
    for d, book in zip(D, draft_books, strict=True):
        place(rules, state, "draft", d, book)


# ---- the draft -----------------------------------------------------------------------------------


def _draft_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [Action("draft", (tile,)) for tile, _, _ in state.draft]


def _draft_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.class_tiles:
        return names_nothing()
    if all(tile != action.args[0] for tile, _, _ in state.draft):
        offered = ", ".join(tile for tile, _, _ in state.draft)
        return [
            Reason(
                "not_in_draft",
                f"{action.args[0]} is not a combination on offer (they are: {offered}); "
                "the draft offers the level-1 tiles dealt, one taken per player (DRAFT-1, DRAFT-3)",
            )
        ]
    return []


@step(
    "draft",
    candidates=_draft_candidates,
    check=_draft_check,
    prompt="Choose a starting combination",
    answers=("draft",),
)
def _draft(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    combo = next(c for c in state.draft if c[0] == action.args[0])
    state.draft = removed(state.draft, combo)
    tile, book, student = combo
    pl = player_to_change(state, task.player)
    pl.books = adjusted(pl.books, rules.discipline_index[book], 1)  # DRAFT-5
    intro_space = next(
        c for c in rules.intro_spaces if rules.class_tiles[pl.classes[c]].discipline == student
    )
    pl.students = with_item(pl.students, rules.spaces_under[intro_space][0], student)  # DRAFT-6
    log(state, "drafted", task.player, tile=tile, book=book, student=student)
    push(state, Task("draft_space", task.player, {"tile": tile}), Task("draft_order", task.player))


def _draft_space_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [Action("class", (c,)) for c in rules.second_row_spaces]  # DRAFT-4


def _draft_space_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.class_row:
        return names_nothing()
    if action.args[0] not in rules.second_row_spaces:
        return [
            Reason(
                "not_second_row",
                f"the drafted tile goes on a space of the second Class row "
                f"({', '.join(rules.second_row_spaces)}), not {action.args[0]} (DRAFT-4)",
            )
        ]
    return []


@step(
    "draft_space",
    candidates=_draft_space_candidates,
    check=_draft_space_check,
    prompt="Choose the second-row space for your Advanced Class",
    answers=("class",),
)
def _draft_space(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    pl = player_to_change(state, task.player)
    pl.classes = with_item(pl.classes, action.args[0], task.args["tile"])


def _orders(rules: Rules) -> tuple[str, ...]:
    return _orders_of(rules.disciplines)


@functools.cache
def _orders_of(disciplines: tuple[str, ...]) -> tuple[str, ...]:
    """Every left-to-right order of the Introductory Classes, written out once per ruleset."""
    return tuple(",".join(p) for p in itertools.permutations(disciplines))


def _order_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [Action("order", (o,)) for o in _orders(rules)]


def _order_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in _orders(rules):
        return [Reason("bad_arguments", "write 'order' and the four disciplines, comma-separated")]
    return []


@step(
    "draft_order",
    candidates=_order_candidates,
    lister=_order_candidates,  # its check accepts every candidate, in any state
    check=_order_check,
    prompt="Order your Introductory Classes, left to right",
    answers=("order",),
)
def _draft_order(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # SETUP-P-9, DRAFT-7, AMB-29: the drafted Student stays under its own discipline's class.
    assert action is not None
    pl = player_to_change(state, task.player)
    moved = {}
    classes, students = dict(pl.classes), dict(pl.students)
    for c in rules.intro_spaces:
        s = rules.spaces_under[c][0]
        if s in students:
            moved[rules.class_tiles[classes[c]].discipline] = students.pop(s)
    for c, d in zip(rules.intro_spaces, action.args[0].split(","), strict=True):
        classes[c] = rules.intro_by_discipline[d]
        if d in moved:
            students[rules.spaces_under[c][0]] = moved[d]
    pl.classes, pl.students = ReadOnlyDict(classes), ReadOnlyDict(students)


@step("draft_finish")
def _draft_finish(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # DRAFT-8/9: unchosen Books go to the supply, unchosen Students leave the game, and the
    # market's level-1 row refills where a tile was chosen.
    left_over = {tile for tile, _, _ in state.draft}
    for _tile, book, student in state.draft:
        state.supply_books = adjusted(state.supply_books, rules.discipline_index[book], 1)
        state.students_out = adjusted(state.students_out, rules.discipline_index[student], 1)
    state.draft = ()
    for col in state.market:
        if col.shown1 is not None and col.shown1 not in left_over:
            take_from_market(rules, state, col.shown1)  # its pile's top moves down (EST-10)
