"""Conservation of the box: every component is somewhere, exactly once.

Used by ``from_json`` to refuse a tampered or corrupted state, and by the property tests to
check that no rule ever creates or loses a component (52 Books, 60 Prestige, 32 Students, 28
Sankoré tiles, 32 Favour tiles, 16 Graduation tiles, 7 pieces of each type per player).
"""

from __future__ import annotations

from collections import Counter

from sankore_rules.core.chance import CHANCE
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.placements import setup_pending, unplaced
from sankore_rules.sankore.state import MARKET_TURN, State

__all__ = ["component_counts", "identity_problems", "integrity_problems", "reference_problems"]


def component_counts(rules: Rules, state: State) -> dict[str, list[int]]:
    """How many of each component the state accounts for, per discipline where it has one."""
    idx = rules.discipline_index
    books = list(state.supply_books)
    prestige = list(state.supply_prestige)
    students = list(state.students_out)
    for pl in state.players:
        for i in range(4):
            books[i] += pl.books[i]
            prestige[i] += pl.prestige[i]
        for d in pl.students.values():
            students[idx[d]] += 1
        for g in pl.graduations:
            if g.student is not None:
                students[idx[g.student]] += 1
    for d in state.theology_books.values():
        books[idx[d]] += 1
    for book, token in state.boxes.values():
        if book is not None:
            books[idx[book]] += 1
        if token is not None:
            prestige[idx[token]] += 1
    for d in (*state.queue_tokens.values(), *state.port_tokens.values()):
        prestige[idx[d]] += 1
    for region in state.overflow_books:
        for i in range(4):
            books[i] += state.overflow_books[region][i]
            prestige[i] += state.overflow_prestige[region][i]
    for shelf in state.library:
        for d in shelf:
            books[idx[d]] += 1
    for queue in state.queues:
        for s in queue:
            if s is not None:
                students[idx[s]] += 1
    for _, d in state.madrasa_students:
        students[idx[d]] += 1
    for _, book, student in state.draft:
        books[idx[book]] += 1
        students[idx[student]] += 1
    if state.teaching is not None:
        students[idx[state.teaching[2]]] += 1
    if state.solo is not None:  # the Scholar's bag and solo board (SOLO-SET-8, SOLO-PH2..3)
        solo = state.solo
        for bagged in (*solo.bag, *solo.phase2, *solo.phase3, *solo.tile_students.values()):
            if bagged is not None:
                students[idx[bagged]] += 1
    for task in state.agenda:
        if task.kind == "enrol_place":  # taken from a queue, its space still to choose
            students[idx[task.args["student"]]] += 1
    # The explicit mode's setup: what its chance steps are still to place (no place yet).
    to_queue, face_down = unplaced(rules, state)
    for student in to_queue:
        students[idx[student]] += 1
    tiles = [*state.supply_sankore, *state.region_tiles.values(), *state.discarded_sankore]
    tiles += face_down
    tiles += [t.tile for t in state.madrasa if t is not None]
    for pl in state.players:
        tiles += pl.kept_sankore
    tiles += [
        t.args["tile"]
        for t in state.agenda
        if t.kind in ("place_sankore_tile", "sankore_after_end")
    ]
    sankore = [0] * 4
    for t in tiles:
        sankore[idx[rules.sankore_tiles[t].discipline]] += 1
    pieces = [[pl.pieces[i] for i in range(4)] for pl in state.players]
    for space, owner in state.spaces.items():
        pieces[owner][idx[rules.area_spaces[space].area]] += 1
    return {
        "books": books,
        "prestige": prestige,
        "students": students,
        "sankore": sankore,
        "favour": [state.favour_supply + sum(pl.favour_tiles for pl in state.players)],
        "graduation": [len(state.graduation) + sum(len(pl.graduations) for pl in state.players)],
        "pieces": [n for row in pieces for n in row],
        "sankore_ids": [len(tiles) - len(set(tiles))],
    }


def reference_problems(rules: Rules, state: State) -> list[str]:
    """Names in ``state`` the ruleset does not have: steps, tiles, spaces, places, cards."""
    from sankore_rules.sankore.engine import STEPS  # the steps are registered by the rules modules

    problems: list[str] = []

    def unknown(what: str, names: object, known: object) -> None:
        for name in names:  # type: ignore[attr-defined]
            if name not in known:  # type: ignore[operator]
                problems.append(f"unknown {what} {name!r}")

    n = state.player_count
    if state.library_side not in rules.library_sides:
        return [f"unknown library side {state.library_side!r}"]
    if not 0 <= state.first_player < n:
        problems.append(f"first player {state.first_player} is not a player")
    for i, task in enumerate(state.agenda):
        if task.kind not in STEPS:
            problems.append(f"unknown step {task.kind!r} in the agenda")
        chance = task.player == CHANCE and STEPS.get(task.kind, STEPS["turn"]).outcomes
        if not 0 <= task.player < n and not chance:
            problems.append(f"agenda[{i}] names player {task.player}, not a player")
    layout = rules.queue_layouts.get(n)
    if layout is None or [len(q) for q in state.queues] != [len(layout.spaces)] * 4:
        problems.append("the queues do not have this player count's spaces")
    unknown(
        "queue Student",
        (s for q in state.queues for s in q if s is not None),
        rules.discipline_index,
    )
    unknown("area space", state.spaces, rules.area_spaces)
    unknown("player", (p for p in state.spaces.values() if not 0 <= p < n), ())
    unknown("Theology space", state.theology_books, rules.theology_spaces)
    unknown("Port City space", state.port_tokens, rules.port_spaces)
    unknown(
        "Sankoré tile", (*state.supply_sankore, *state.region_tiles.values()), rules.sankore_tiles
    )
    unknown("Graduation tile", state.graduation, rules.graduation_tiles)
    unknown("Skill tile stack", state.skill_stacks, rules.skill_icons)
    market = [
        t for col in state.market for t in (col.level3, col.shown2, col.shown1) if t is not None
    ]
    market += [t for col in state.market for t in (*col.pile1, *col.pile2)]
    unknown("market tile", market, rules.class_tiles)
    if len(state.market) != 4 or len(state.madrasa) != rules.madrasa_cells:
        problems.append("the market or the Madrasa has the wrong size")
    shelves = rules.library_sides[state.library_side].shelves
    if len(state.library) != len(shelves) or any(
        len(books) > shelf.slots for books, shelf in zip(state.library, shelves, strict=False)
    ):
        problems.append("the Library's shelves do not fit its side")
    if not state.agenda and not state.game_over:
        problems.append("nothing left to decide, yet the game is not over")
    for area, kind, _token in state.pending_scorings:
        if area not in rules.discipline_index or kind not in ("book", "prestige"):
            problems.append(f"unknown majority scoring {area!r} {kind!r}")
    cards: list[int] = []
    for p, pl in enumerate(state.players):
        unknown(f"class space of player {p}", pl.classes, rules.class_row)
        unknown(f"class tile of player {p}", pl.classes.values(), rules.class_tiles)
        unknown(f"student space of player {p}", pl.students, rules.student_level)
        unknown(f"camel place of player {p}", [pl.camel], rules.astro_nodes)
        unknown(
            f"Graduation tile of player {p}",
            (g.tile for g in pl.graduations),
            rules.graduation_tiles,
        )
        unknown(f"Skill tile of player {p}", (i for s in pl.skills for i in s), rules.skill_icons)
        unknown(
            f"objective card of player {p}", (*pl.objectives, *pl.completed), rules.objective_cards
        )
        intro = sorted(pl.classes.get(c, "") for c in rules.intro_spaces)
        if state.is_scholar(p):
            pass  # the solo board has no Introductory Classes (SOLO-SET-3)
        elif intro != sorted(rules.intro_by_discipline.values()):
            problems.append(f"player {p} lacks an Introductory Class on c0a-c0d (SETUP-P-9)")
        size = rules.skill_section_size
        if len(pl.skills) != 4 or any(len(s) > size for s in pl.skills):
            problems.append(f"player {p}'s Skill sections hold more than {size} tiles")
        if state.is_scholar(p):
            if pl.favour_pos != -1:
                problems.append(
                    "the Scholar's Favour disc is in the box: favour_pos -1 (SOLO-SET-7)"
                )
        elif not 0 <= pl.favour_pos < len(rules.favour_rewards):
            problems.append(f"player {p}'s Favour disc is off the track")
        cards += [*pl.objectives, *pl.completed]
    if state.solo is not None:
        problems += _solo_references(rules, state)
        cards += state.solo.slots
    unknown("used ability card", state.abilities_used, rules.objective_cards)
    if len(cards) != len(set(cards)):
        problems.append("an Objective card is held twice (objectives)")
    return problems


def _solo_references(rules: Rules, state: State) -> list[str]:
    """Names on the solo board the ruleset does not have (SOLO-SET, SOLO-PH1..3)."""
    solo = state.solo
    assert solo is not None
    if solo.difficulty not in rules.solo_difficulties:
        return [f"unknown Scholar difficulty {solo.difficulty!r}"]
    problems = []
    problems += [
        f"unknown Objective card {n!r} on the solo board"
        for n in solo.slots
        if n not in rules.objective_cards
    ]
    students = [*solo.bag, *solo.phase2, *solo.phase3, *solo.tile_students.values()]
    problems += [
        f"unknown Student {d!r} on the solo board"
        for d in students
        if d is not None and d not in rules.discipline_index
    ]
    if solo.current is not None and solo.current not in rules.discipline_index:
        problems.append(f"unknown current discipline {solo.current!r}")
    spaces = {rules.solo_draft_space, *rules.solo_class_spaces}
    problems += [f"unknown solo Class space {c!r}" for c in solo.classes if c not in spaces]
    problems += [
        f"the solo board holds {t!r}, not an Advanced Class tile"
        for t in solo.classes.values()
        if t not in rules.class_tiles or not rules.class_tiles[t].level
    ]
    problems += [
        f"a Student enrolled by Area onto {c!r}, which holds no Advanced Class tile (SOLO-ENRA-2)"
        for c in solo.tile_students
        if c not in rules.solo_class_spaces or c not in solo.classes
    ]
    return problems


def integrity_problems(rules: Rules, state: State) -> list[str]:
    """What does not add up in ``state``; [] for a state the rules could have produced."""
    references = reference_problems(rules, state)
    if references:
        return references
    c = rules.counts
    expected = {
        "books": [c.books_per_discipline] * 4,
        "prestige": [c.prestige_per_discipline] * 4,
        "students": [c.students_per_discipline] * 4,
        "sankore": [c.sankore_tiles // 4] * 4,
        "favour": [c.favour_tiles],
        "graduation": [len(rules.graduation_tiles)],
        "pieces": [c.pieces_per_type] * (4 * state.player_count),
        "sankore_ids": [0],
    }
    try:
        counts = component_counts(rules, state)
    except (KeyError, IndexError, TypeError, AttributeError) as exc:
        return [f"unknown component or malformed field: {exc!r}"]
    problems = [
        f"{name}: {counts[name]} where the box holds {want}"
        for name, want in expected.items()
        if counts[name] != want
    ]
    problems += identity_problems(rules, state)
    if len(state.players) != state.player_count:
        problems.append(f"{len(state.players)} players for a {state.player_count}-player game")
    if any(
        n < 0
        for pl in state.players
        for n in (pl.gold, pl.salt, pl.inspiration, *pl.books, *pl.prestige)
    ):
        problems.append("a player holds a negative amount")
    if any(n < 0 for n in (*state.supply_books, *state.supply_prestige, state.favour_supply)):
        problems.append("a supply holds a negative amount")
    storage = rules.tables.components.prestige_storage
    if any(
        pl.favour_tiles * storage.covered_per_favour_tile > storage.spaces for pl in state.players
    ):
        problems.append("a player holds more Favour tiles than there are spaces to cover")
    return problems


def identity_problems(rules: Rules, state: State) -> list[str]:
    """Components with an identity that are missing or twice: Class and Graduation tiles.

    Counts per discipline cannot see one Advanced Class tile both in the market and on a
    board while another is missing; naming each tile's places can.
    """
    problems: list[str] = []
    advanced = [c.id for c in rules.tables.classes.advanced]
    seen = [t for pl in state.players for t in pl.classes.values() if rules.class_tiles[t].level]
    seen += [t.args["tile"] for t in state.agenda if t.kind in ("draft_space", "establish_space")]
    if state.solo is not None:
        seen += list(state.solo.classes.values())  # the Scholar's solo board
    shown1 = [col.shown1 for col in state.market if col.shown1 is not None]
    offered = [tile for tile, _, _ in state.draft]
    if setup_pending(state):
        # The explicit mode's setup deals the draft's Books column by column: each dealt
        # combination is of its column's level-1 tile.
        if not set(offered) <= set(shown1) or seen:
            problems.append("the draft's tiles are not the market's level-1 row")
        seen += shown1
    elif state.draft or any(t.kind == "draft_finish" for t in state.agenda):
        # DRAFT-4, DRAFT-8: the level-1 tiles stay in the market until the draft ends; each
        # is either still on offer or drafted (and so counted on a board already).
        if sorted(shown1) != sorted(offered + seen):
            problems.append("the draft's tiles are not the market's level-1 row")
        seen += offered
    else:
        seen += shown1
    for col in state.market:
        seen += [t for t in (col.level3, col.shown2) if t is not None]
        seen += [*col.pile1, *col.pile2]
    # A tile whose leaving waits on the draw of its pile's next top (explicit chance) is in
    # the market still, and already where it goes (a board, the establish step): once only.
    for task in state.agenda:
        if task.kind == MARKET_TURN and task.args.get("tile") in seen:
            seen.remove(task.args["tile"])
    # EST-8: a tile built over goes back to the box, so a tile may be nowhere; never twice.
    problems += _once("Advanced Class tile", seen, advanced, all_present=False)
    graduation = [*state.graduation, *(g.tile for pl in state.players for g in pl.graduations)]
    problems += _once("Graduation tile", graduation, list(rules.graduation_tiles))
    return problems


def _once(what: str, found: list[str], box: list[str], *, all_present: bool = True) -> list[str]:
    count = Counter(found)
    twice = sorted(t for t, n in count.items() if n > 1)
    missing = sorted(set(box) - set(count)) if all_present else []
    problems = [f"{what} {t} is in two places" for t in twice[:3]]
    problems += [f"{what} {t} is nowhere" for t in missing[:3]]
    return problems
