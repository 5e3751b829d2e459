"""The Scholar's Teach a Class (SOLO-TEACH-1..9) and its Supported Class bonuses (SOLO-SUP-1..5).

Every turn ends with it. The Scholar takes only the Area action: it places one of its pieces in
the current discipline's area, or, with no piece of that kind left or no empty space within its
Knowledge, in the next area anticlockwise (SOLO-TEACH-2, ruling SCHOLAR-3). It pays nothing and
contributes no Book (SOLO-TEACH-3). Its Knowledge is Shared plus its School Knowledge
(SOLO-TEACH-4), and reaching a space is all a Supported space asks of it (SOLO-TEACH-5).

Of the empty spaces within reach it chooses one by the filters of SOLO-TEACH-6, as ruling
AMB-31 reads them: a region where nobody holds the majority, which the piece wins; else a
region whose majority the piece takes from you; then the highest printed value; then the
alphabetically first region; then the first space of the table. When its Knowledge reaches an
empty Supported space of the area, it also takes that area's Supported Class bonus (SOLO-TEACH-9,
ruling AMB-32).
"""

from __future__ import annotations

from attrs import frozen

from sankore_rules.core.actions import Action
from sankore_rules.core.shared import adjusted, popped, replaced_at, with_item
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, step
from sankore_rules.sankore.rules.areas import astronomy, law, mathematics, theology
from sankore_rules.sankore.rules.areas.astronomy import crosses_outward
from sankore_rules.sankore.rules.common import open_spaces, place_piece, shared_knowledge
from sankore_rules.sankore.solo.common import (
    a,
    anticlockwise,
    gain_scholar_prestige,
    place_tile,
    school_knowledge,
    solo_of,
    take_rewards,
    tell,
)
from sankore_rules.sankore.state import SCHOLAR, MadrasaTile, State, Task, player_to_change
from sankore_rules.sankore.tables import Cost, EffectKind

__all__ = ["PIECES", "Spot", "choose_spot", "spots_within_reach", "teach_area"]

ASTRONOMY, THEOLOGY, MATHEMATICS, LAW = astronomy.AREA, theology.AREA, mathematics.AREA, law.AREA
#: The piece each area's action places (COMP-16).
PIECES = {ASTRONOMY: "Trading Post", THEOLOGY: "Mosque", MATHEMATICS: "Wall", LAW: "Crown"}


@frozen
class Spot:
    """An empty space the Scholar's piece may go to.

    Attributes:
        space: the space's id.
        region: its region letter, A-D (a Wall's side).
        number: its printed value (GAP-2), what filter 3 compares.
        supported: whether a player would need a Supported Class for it (SUPP-1).
        start: in Astronomy, where the camel sets out: ``camel`` (its place) or ``timbuktu``.
    """

    space: str
    region: str
    number: int
    supported: bool
    start: str | None = None


def _cost(table: object, name: str) -> Cost:
    cost: Cost = getattr(table, name)
    return cost


def spots_within_reach(rules: Rules, state: State, area: str, have: int) -> list[Spot]:
    """Every empty space of ``area`` the Scholar's Knowledge ``have`` reaches, in table order.

    In Astronomy a place counts when its route from the camel's place or from Timbuktu is
    short enough (SOLO-TEACH-7); Port City spaces count too (AMB-31), and the camel must move
    (AMB-17). The corner Wall is never one: only Suakin and Zeila reach it (ASTRO-13).
    """
    tables = rules.tables
    spots: list[Spot] = []
    if area == ASTRONOMY:
        camel = state.players[SCHOLAR].camel
        starts = [("camel", camel)] if camel != rules.astro_start else []
        starts.append(("timbuktu", rules.astro_start))
        for dest in open_spaces(state, (*rules.oases, *rules.port_spaces)):
            node = rules.astro_nodes[rules.camel_node(dest)]
            start = next(
                (
                    name
                    for name, origin in starts
                    if origin != node.id and rules.route_distance[origin][node.id] <= have
                ),
                None,
            )
            if start is not None:
                assert node.region is not None
                number = rules.area_spaces[dest].number
                spots.append(Spot(dest, node.region, number, node.kind == "port", start))
    elif area == THEOLOGY:
        for s in open_spaces(state, rules.theology_spaces):
            space = rules.theology_spaces[s]
            if space.knowledge <= have:
                supported = _cost(tables.theology.rows, space.row).supported
                spots.append(Spot(s, space.region, space.knowledge, supported))
    elif area == MATHEMATICS:
        for s in open_spaces(state, rules.wall_spaces):
            wall = rules.wall_spaces[s]
            if wall.number <= have:
                supported = _cost(tables.mathematics.sides, wall.side).supported
                spots.append(Spot(s, wall.side, wall.number, supported))
    else:
        assert area == LAW
        for s in open_spaces(state, rules.law_spaces):
            crown = rules.law_spaces[s]
            if crown.knowledge <= have:
                supported = _cost(tables.law.rows, crown.row).supported
                spots.append(Spot(s, crown.region, crown.knowledge, supported))
    return spots


def _holder(
    rules: Rules, state: State, area: str, region: str, extra: str | None = None
) -> int | None:
    """Who holds a region's majority (MAJ-4), with the Scholar's piece on ``extra`` if given."""
    count: dict[int, int] = {}
    best: dict[int, int] = {}
    for space in rules.spaces_by_area_region.get((area, region), ()):
        owner = SCHOLAR if space.id == extra else state.spaces.get(space.id)
        if owner is not None:
            count[owner] = count.get(owner, 0) + 1
            best[owner] = max(best.get(owner, 0), space.number)
    return max(count, key=lambda p: (count[p], best[p])) if count else None


def _regions(spots: list[Spot]) -> str:
    return ", ".join(sorted({s.region for s in spots}))


def choose_spot(rules: Rules, state: State, area: str, spots: list[Spot]) -> tuple[Spot, list[str]]:
    """The space the Scholar picks among ``spots`` and each filter that narrowed the choice.

    SOLO-TEACH-6 as ruling AMB-31 reads it: (1) regions where nobody holds the majority, which
    the piece wins; else (2) regions whose majority the piece takes from you; then (3) the
    highest printed value; (4) the alphabetically first region; then the first in table order.
    """
    steps: list[str] = []
    held = {s.region: _holder(rules, state, area, s.region) for s in spots}
    open_regions = [s for s in spots if held[s.region] is None]
    taken = [
        s
        for s in spots
        if held[s.region] not in (None, SCHOLAR)
        and _holder(rules, state, area, s.region, s.space) == SCHOLAR
    ]
    if open_regions:
        spots = open_regions
        steps.append(f"filter 1: region {_regions(spots)}, where nobody holds the majority")
    elif taken:
        spots = taken
        steps.append(f"filter 2: region {_regions(spots)}, where it takes your majority")
    top = max(s.number for s in spots)
    if any(s.number != top for s in spots):
        spots = [s for s in spots if s.number == top]
        steps.append(f"filter 3: the highest value, {top}")
    first = min(s.region for s in spots)
    if any(s.region != first for s in spots):
        spots = [s for s in spots if s.region == first]
        steps.append(f"filter 4: region {first}, first alphabetically")
    if len(spots) > 1:
        steps.append(f"{spots[0].space}, first of the {len(spots)} left in table order")
    return spots[0], steps


def teach_area(
    rules: Rules, state: State, current: str
) -> tuple[str, int, list[Spot], list[str]] | None:
    """The area the Scholar teaches in, its Knowledge there, the spots in reach, and why.

    The current discipline's area, or the next anticlockwise when it has no piece of that kind
    left (SOLO-TEACH-2) or no empty space within its Knowledge (ruling SCHOLAR-3). None when
    no area has both.
    """
    pieces = state.players[SCHOLAR].pieces
    notes: list[str] = []
    for area in anticlockwise(rules, current):
        i = rules.discipline_index[area]
        if pieces[i] == 0:
            notes.append(f"no {PIECES[area]} left (SOLO-TEACH-2)")
            continue
        shared = shared_knowledge(rules, state, area)
        school = school_knowledge(rules, state, area)
        have = shared + school
        spots = spots_within_reach(rules, state, area, have)
        if not spots:
            notes.append(f"no empty {area} space within Knowledge {have} (SCHOLAR-3)")
            continue
        notes.append(f"Knowledge {have} (shared {shared} + school {school}, SOLO-TEACH-4)")
        return area, have, spots, notes
    return None


@step("scholar_teach")
def _scholar_teach(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    current = solo_of(state).current or ASTRONOMY
    plan = teach_area(rules, state, current)
    if plan is None:
        tell(state, "teach", "Teach a Class: no area has a piece and an empty space in reach")
        return
    area, have, spots, notes = plan
    supported = [s for s in spots if s.supported]
    bonus = bool(supported)  # SOLO-TEACH-9, AMB-32
    if bonus and area == LAW:
        spots, note = _most_prestige(rules, state, spots)
        notes.append(note)
    spot, steps = choose_spot(rules, state, area, spots)
    moved = "" if area == current else f" (the current discipline is {current})"
    why = (
        f"Teach {area.capitalize()}{moved}: "
        + "; ".join(notes)
        + f"; {len(spots)} space{'s' if len(spots) != 1 else ''} considered"
        + (f"; {'; '.join(steps)}" if steps else "")
        + f": a {PIECES[area]} on {spot.space} (SOLO-TEACH-6)"
        + (
            f"; its Knowledge reaches the Supported space {supported[0].space}: "
            "Supported Class bonus (SOLO-TEACH-9)"
            if bonus
            else ""
        )
    )
    tell(state, "teach", why, area=area, space=spot.space, knowledge=have, bonus=bonus)
    _PLACE[area](rules, state, spot, bonus)


# ---- the four areas ------------------------------------------------------------------------------


def _most_prestige(rules: Rules, state: State, spots: list[Spot]) -> tuple[list[Spot], str]:
    """SOLO-SUP-4, AMB-32: the spaces whose region's Overflow holds the most Prestige tokens."""
    tokens = {s.region: sum(state.overflow_prestige[s.region]) for s in spots}
    most = max(tokens.values())
    kept = [s for s in spots if tokens[s.region] == most]
    if len(kept) == len(spots):
        return spots, f"Supported Class bonus: every Overflow in reach holds {most} Prestige tokens"
    return kept, (
        f"Supported Class bonus: region {_regions(kept)}, whose Overflow holds the most Prestige "
        f"tokens, {most} (SOLO-SUP-4)"
    )


def _astronomy(rules: Rules, state: State, spot: Spot, bonus: bool) -> None:
    # SOLO-TEACH-7: the camel moves as a player's would, from its place or from Timbuktu.
    scholar = player_to_change(state, SCHOLAR)
    origin = rules.astro_nodes[scholar.camel if spot.start == "camel" else rules.astro_start]
    node = rules.astro_nodes[rules.camel_node(spot.space)]
    if crosses_outward(origin, node):  # ASTRO-7, AMB-2: the region's tile first (AMB-44)
        tile, state.region_tiles = popped(state.region_tiles, f"{ASTRONOMY}:{node.region}")
        if tile is not None:
            place_tile(rules, state, tile, from_supply=False)
    log(state, "camel", SCHOLAR, start=origin.id, end=node.id)
    place_piece(rules, state, SCHOLAR, ASTRONOMY, spot.space)
    # No Gold paid, no Salt gained (SOLO-TEACH-3, SOLO-FLOW-4); a Port sends it home (ASTRO-11).
    scholar.camel = node.id if node.kind == "oasis" else rules.astro_start
    if node.kind == "oasis":
        tell(
            state,
            "reward_let_go",
            f"{spot.space}: its Salt let go: the Scholar never gains Gold, Salt or Inspiration "
            "(SOLO-FLOW-4)",
            reward="gain_resource",
        )
        return
    if not bonus:
        return
    # SOLO-SUP-1: the space's Prestige token; of a choice, an Astronomy one (ruling AMB-34:
    # the space's other rewards are not taken).
    token, state.port_tokens = popped(state.port_tokens, spot.space)
    if token is not None:
        scholar.prestige = adjusted(scholar.prestige, rules.discipline_index[token], 1)
        log(state, "gain_prestige", SCHOLAR, discipline=token, count=1, source=spot.space)
    reward = node.spaces[rules.port_spaces[spot.space][1]].reward
    for effect in reward:
        if effect.kind is EffectKind.GAIN_PRESTIGE:
            named = effect.discipline if effect.discipline in rules.discipline_index else None
            for _ in range(effect.amount):
                gain_scholar_prestige(rules, state, named or ASTRONOMY)
        else:
            what = effect.kind.value.replace("_", " ")
            tell(
                state,
                "reward_let_go",
                f"{spot.space}: {what} let go: a Port City space gives the Scholar its Prestige "
                "only (SOLO-SUP-1, AMB-34)",
                reward=str(effect.kind),
            )
    tell(
        state,
        "supported_bonus",
        f"Supported Class bonus: the Prestige the Port space {spot.space} offers (SOLO-SUP-1)",
        area=ASTRONOMY,
    )


def _theology(rules: Rules, state: State, spot: Spot, bonus: bool) -> None:
    space = rules.theology_spaces[spot.space]
    place_piece(rules, state, SCHOLAR, THEOLOGY, spot.space)
    if space.row == "top":  # THEO-10, AMB-5: the region's tile, first (AMB-44)
        tile, state.region_tiles = popped(state.region_tiles, f"{THEOLOGY}:{space.region}")
        if tile is not None:
            place_tile(rules, state, tile, from_supply=False)
    book, state.theology_books = popped(state.theology_books, space.id)
    if book is not None:  # THEO-5 into its unlimited storage (SOLO-FLOW-5, AMB-34)
        scholar = player_to_change(state, SCHOLAR)
        scholar.books = adjusted(scholar.books, rules.discipline_index[book], 1)
        log(state, "gain_book", SCHOLAR, discipline=book, count=1, source=space.id)
    if space.activate is not None or space.skill is not None:
        tell(state, "reward_let_go", "the Scholar has no Skill sections (AMB-34)", source=space.id)
    if space.madrasa_student is not None:
        tell(
            state,
            "reward_let_go",
            "the Scholar sends no Student to the Madrasa (AMB-34)",
            source=space.id,
        )
    if bonus:  # SOLO-SUP-2: a token of the discipline of the Mosque's region (GAP-6)
        d = rules.region_discipline[space.region]
        gained = gain_scholar_prestige(rules, state, d)
        token = a(gained) if gained else "no"
        tell(
            state,
            "supported_bonus",
            f"Supported Class bonus: {token} Prestige token, region {space.region} being "
            f"{d}'s (SOLO-SUP-2)",
            area=THEOLOGY,
        )


def _flip_nearest(rules: Rules, state: State, wall: str) -> str | None:
    """Flip the face-down tile of the Wall's line nearest to it, bonus first (MATH-9, AMB-34)."""
    for cell in rules.wall_nearest[wall]:
        tile = state.madrasa[cell]
        if tile is None or tile.star:
            continue
        info = rules.sankore_tiles[tile.tile]
        take_rewards(rules, state, info.bonus, area=info.discipline, source=tile.tile)
        state.madrasa = replaced_at(state.madrasa, cell, MadrasaTile(tile.tile, star=True))
        log(state, "flip", SCHOLAR, cell=rules.cell_name(cell), tile=tile.tile)
        return rules.cell_name(cell)
    return None


def _stars(state: State, line: tuple[int, ...]) -> int:
    return sum(1 for c in line if (t := state.madrasa[c]) is not None and t.star)


def _mathematics(rules: Rules, state: State, spot: Spot, bonus: bool) -> None:
    place_piece(rules, state, SCHOLAR, MATHEMATICS, spot.space)
    # SOLO-TEACH-8: the nearest face-down tile of its line (AMB-34); no Gold (SOLO-FLOW-4).
    flipped = _flip_nearest(rules, state, spot.space)
    tell(
        state,
        "flip",
        f"the tile on {flipped}, nearest to the Wall on {spot.space}, is flipped (SOLO-TEACH-8)"
        if flipped
        else f"no face-down tile is left in the line of {spot.space} (SOLO-TEACH-8)",
        cell=flipped,
    )
    if not bonus:
        return
    # SOLO-SUP-3, AMB-33: while the Wall's line shows fewer stars than every other line of its
    # direction, flip on until it shows as many as the fewest of them.
    line = rules.wall_line[spot.space]
    lines = rules.row_cells if rules.wall_vertical[spot.space] else rules.column_cells
    others = [other for other in lines if other != line]
    target = min(_stars(state, other) for other in others)
    more: list[str] = []
    while _stars(state, line) < target:
        cell = _flip_nearest(rules, state, spot.space)
        if cell is None:
            break
        more.append(cell)
        target = min(_stars(state, other) for other in others)
    tell(
        state,
        "supported_bonus",
        f"Supported Class bonus: {len(more)} more tile{'s' if len(more) != 1 else ''} flipped "
        f"in the Wall's line to catch up with the others (SOLO-SUP-3)",
        area=MATHEMATICS,
        cells=more,
    )


def _law(rules: Rules, state: State, spot: Spot, bonus: bool) -> None:
    space = rules.law_spaces[spot.space]
    place_piece(rules, state, SCHOLAR, LAW, spot.space)
    tell(state, "reward_let_go", "the Scholar has no Skill sections (AMB-34)", source=space.id)
    if space.row in ("middle", "top"):  # LAW-6: the region's tile (AMB-44)
        tile, state.region_tiles = popped(state.region_tiles, f"{LAW}:{space.region}")
        if tile is not None:
            place_tile(rules, state, tile, from_supply=False)
    if not bonus:
        return
    # SOLO-SUP-5, AMB-32: every Book and Prestige token of the region's Overflow.
    scholar = player_to_change(state, SCHOLAR)
    books, prestige = state.overflow_books[space.region], state.overflow_prestige[space.region]
    taken = sum(books) + sum(prestige)
    for i in range(len(books)):
        scholar.books = adjusted(scholar.books, i, books[i])
        scholar.prestige = adjusted(scholar.prestige, i, prestige[i])
    state.overflow_books = with_item(state.overflow_books, space.region, (0,) * len(books))
    state.overflow_prestige = with_item(state.overflow_prestige, space.region, (0,) * len(books))
    log(state, "collect_overflow", SCHOLAR, region=space.region)
    tell(
        state,
        "supported_bonus",
        f"Supported Class bonus: the {taken} Books and Prestige tokens of region "
        f"{space.region}'s Overflow (SOLO-SUP-5)",
        area=LAW,
    )


_PLACE = {ASTRONOMY: _astronomy, THEOLOGY: _theology, MATHEMATICS: _mathematics, LAW: _law}
