"""Setup and the starting draft: COMP-8..12, SETUP-C-1..16, SETUP-N-1..7, SETUP-P-1..10, DRAFT-1..9.

Every number below is the rulebook's (or, where the rulebook is silent, the engine's data table
named in the test): a new game is checked piece by piece, for 2, 3 and 4 players.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

from collections import Counter

import pytest

import sankore_rules as sr
from positions import RULES, act, options, refused, started
from sankore_rules.interfaces.bots import RandomBot
from sankore_rules.sankore.integrity import component_counts, integrity_problems

DISCIPLINES = ("astronomy", "theology", "mathematics", "law")
PLAYER_COUNTS = (2, 3, 4)
#: data/queues.toml: Knowledge printed on each queue space, left to right, the "+1" last.
QUEUE_KNOWLEDGE = {
    2: [5, 4, 4, 3, 2, 1],
    3: [5, 5, 4, 4, 3, 2, 1],
    4: [6, 5, 5, 4, 4, 3, 2, 1],
}
#: data/queues.toml: where the majority spaces are (each has a Prestige token beside it).
MAJORITY_SPACES = {2: (0, 2), 3: (0, 3), 4: (0, 3)}
#: SETUP-N-2: Students of each discipline bagged for the queues.
BAGGED = {2: 5, 3: 6, 4: 7}


# ---- COMP-8..12: the box, counted on a new game -------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_comp_8_to_12_every_component_is_accounted_for_at_setup(players: int) -> None:
    """COMP-8 52 Books, COMP-9 60 Prestige, COMP-10 32 Students, COMP-11 28 Sankoré tiles,
    COMP-12 16 Graduation tiles (and COMP-4 32 Favour tiles), before and after the draft."""
    for state in (sr.new_game(players=players, seed=3), started(players, 3)):
        counts = component_counts(RULES, state)
        assert [13, 13, 13, 13] == counts["books"]
        assert [15, 15, 15, 15] == counts["prestige"]
        assert [8, 8, 8, 8] == counts["students"]
        assert [7, 7, 7, 7] == counts["sankore"]
        assert [16] == counts["graduation"]
        assert [32] == counts["favour"]
        assert [7] * (4 * players) == counts["pieces"]
        assert [] == integrity_problems(RULES, state)


def test_comp_11_sankore_tiles_split_into_madrasa_board_and_supply() -> None:
    """COMP-11: 16 bonus/star tiles (4 in the Madrasa, 12 on the board) and 12 supply tiles."""
    state = sr.new_game(players=2, seed=8)
    placements = Counter(t.placement for t in RULES.tables.sankore_tiles.tile)
    assert {"madrasa": 4, "board": 12, "supply": 12} == dict(placements)
    in_madrasa = [t.tile for t in state.madrasa if t is not None]
    assert 4 == len(in_madrasa)
    assert 12 == len(state.region_tiles)
    assert 12 == len(state.supply_sankore)
    every = [*in_madrasa, *state.region_tiles.values(), *state.supply_sankore]
    assert 28 == len(set(every))


def test_comp_12_graduation_area_holds_levels_1_to_4_of_each_discipline() -> None:
    """COMP-12, SETUP-C-8: one Graduation tile per discipline and level 1-4, all on the board."""
    state = sr.new_game(players=2, seed=8)
    laid_out = sorted(
        (RULES.graduation_tiles[t].discipline, RULES.graduation_tiles[t].level)
        for t in state.graduation
    )
    assert sorted((d, lv) for d in DISCIPLINES for lv in (1, 2, 3, 4)) == laid_out


# ---- SETUP-C: common setup ----------------------------------------------------------------------


def test_setup_c_1_library_side_and_its_empty_shelves() -> None:
    """SETUP-C-1: the 3-shelf side by default, the 6-shelf side on request, both empty."""
    assert ((), (), ()) == sr.new_game(players=2, seed=1).library
    six = sr.new_game(players=2, seed=1, library="six_shelf")
    assert "six_shelf" == six.library_side
    assert ((), (), (), (), (), ()) == six.library
    with pytest.raises(ValueError):
        sr.new_game(players=2, seed=1, library="five_shelf")


def test_setup_c_2_scoring_boxes_hold_one_book_of_each_discipline_per_area() -> None:
    """SETUP-C-2: 16 boxes; each area's four hold one Book of each discipline and the Prestige
    token of the box's discipline (region A astronomy .. D law, data/components.toml)."""
    state = sr.new_game(players=3, seed=4)
    region_discipline = dict(zip("ABCD", DISCIPLINES, strict=True))
    expected = {
        f"{area}:{region}": (d, d)
        for area in DISCIPLINES
        for region, d in region_discipline.items()
    }
    assert expected == state.boxes
    for area in DISCIPLINES:
        books = sorted(state.boxes[f"{area}:{r}"][0] or "" for r in "ABCD")
        assert sorted(DISCIPLINES) == books


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_c_3_two_prestige_tokens_beside_each_queues_majority_spaces(players: int) -> None:
    """SETUP-C-3: 2 Prestige tokens per queue (8 in all), beside the two majority spaces, of the
    queue area's discipline."""
    state = sr.new_game(players=players, seed=2)
    expected = {f"{area}:{pos}": area for area in DISCIPLINES for pos in MAJORITY_SPACES[players]}
    assert expected == state.queue_tokens


def test_setup_c_4_thirteen_books_on_theology_and_the_rest_in_supply() -> None:
    """SETUP-C-4: 13 Books drawn onto the Theology Book spaces (bottom and middle rows); 23 stay
    in the supply, of which the draft lays out 4 (DRAFT-2)."""
    state = sr.new_game(players=2, seed=6)
    book_spaces = {s.id for s in RULES.tables.theology.space if s.row in ("bottom", "middle")}
    assert 13 == len(book_spaces)
    assert book_spaces == set(state.theology_books)
    assert 19 == sum(state.supply_books)
    assert 23 == sum(state.supply_books) + len(state.draft)


def test_setup_c_5_eight_prestige_tokens_on_the_four_leftmost_port_cities() -> None:
    """SETUP-C-5: 2 drawn Prestige tokens on each of Marrakesh, Fez, Tunis and Tripoli; 28 stay
    in the supply."""
    state = sr.new_game(players=4, seed=6)
    cities = Counter(space.split(":")[0] for space in state.port_tokens)
    assert {"marrakesh": 2, "fez": 2, "tunis": 2, "tripoli": 2} == dict(cities)
    assert 28 == sum(state.supply_prestige)


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_c_6_c_7_students_fill_each_queue_leaving_the_plus_one_empty(players: int) -> None:
    """SETUP-C-6, SETUP-C-7, SETUP-N-2, AMB-11: 5/6/7 Students of each discipline are bagged;
    every queue is filled from the left, its last ("+1") space left empty."""
    state = sr.new_game(players=players, seed=9)
    length = len(QUEUE_KNOWLEDGE[players])
    for queue in state.queues:
        assert length == len(queue)
        assert None is queue[-1]
        assert all(s is not None for s in queue[:-1])
    in_queues = Counter(s for queue in state.queues for s in queue if s is not None)
    assert dict.fromkeys(DISCIPLINES, BAGGED[players]) == dict(in_queues)
    # Set aside: 8 - bagged per discipline, less the one on each draft tile (DRAFT-1).
    assert (8 - BAGGED[players] - 1,) * 4 == state.students_out


def test_setup_c_9_madrasa_tiles_on_the_unnumbered_cells_bonus_side_up() -> None:
    """SETUP-C-9: the four Madrasa tiles (one per discipline) lie on the unnumbered cells, star
    side down; the twelve numbered cells start empty."""
    state = sr.new_game(players=2, seed=10)
    unnumbered = [state.madrasa[c] for c in RULES.unnumbered_cells]
    assert [False] * 4 == [t.star for t in unnumbered if t is not None]
    tiles = sorted(t.tile for t in unnumbered if t is not None)
    assert ["ast-madrasa", "law-madrasa", "mat-madrasa", "the-madrasa"] == tiles
    assert [None] * 12 == [state.madrasa[c] for c in RULES.numbered_cells]


def test_setup_c_10_c_11_supply_tiles_and_board_tiles() -> None:
    """SETUP-C-10: the 12 double-Prestige tiles form the supply. SETUP-C-11: the other 12 lie on
    the Astronomy, Theology and Law areas, 4 per area (one per region)."""
    state = sr.new_game(players=2, seed=10)
    placement = {t.id: t.placement for t in RULES.tables.sankore_tiles.tile}
    assert ["supply"] * 12 == [placement[t] for t in state.supply_sankore]
    expected_keys = {f"{a}:{r}" for a in ("astronomy", "theology", "law") for r in "ABCD"}
    assert expected_keys == set(state.region_tiles)
    assert ["board"] * 12 == [placement[t] for t in state.region_tiles.values()]


def test_setup_c_11_board_tiles_are_drawn_at_random() -> None:
    """SETUP-C-11: the bag draw depends on the seed: five seeds, five different layouts."""
    layouts = {tuple(sr.new_game(players=2, seed=s).region_tiles.values()) for s in range(5)}
    assert 5 == len(layouts)


def test_setup_c_12_c_13_skill_stacks_and_favour_supply() -> None:
    """SETUP-C-12: one Skill stack per icon, 40 tiles. SETUP-C-13, SETUP-N-4: 32 Favour tiles,
    less the n per player handed out."""
    for players in PLAYER_COUNTS:
        state = sr.new_game(players=players, seed=1)
        assert {i.id: i.count for i in RULES.tables.skill_tiles.icon} == state.skill_stacks
        assert 40 == sum(state.skill_stacks.values())
        assert 32 - players * players == state.favour_supply


def test_setup_c_14_to_16_advanced_class_market() -> None:
    """SETUP-C-14..16: per discipline column the level-3 tile, a level-2 pile with one dealt
    tile, a level-1 pile with one dealt tile; 5 visible tiles per discipline."""
    state = sr.new_game(players=2, seed=12)
    assert 4 == len(state.market)
    for d, column in zip(DISCIPLINES, state.market, strict=True):
        tile = RULES.class_tiles
        assert column.level3 is not None and column.shown2 is not None
        assert column.shown1 is not None
        assert (d, 3) == (tile[column.level3].discipline, tile[column.level3].level)
        level2 = [column.shown2, *column.pile2]
        level1 = [column.shown1, *column.pile1]
        assert [(d, 2)] * 4 == [(tile[t].discipline, tile[t].level) for t in level2]
        assert [(d, 1)] * 5 == [(tile[t].discipline, tile[t].level) for t in level1]
        assert (
            column.level3,
            column.pile2[0],
            column.shown2,
            column.pile1[0],
            column.shown1,
        ) == column.visible()


def test_setup_c_14_level_1_and_2_piles_are_shuffled() -> None:
    """SETUP-C-14: the level-1 and level-2 piles are shuffled: over six seeds, the dealt tile
    and the pile's top vary (five and four pairs); below the top a pile keeps no order (its
    tiles sorted), since its next top is drawn when it is turned (the chance step
    market_turn)."""
    games = [sr.new_game(players=2, seed=s) for s in range(6)]
    deals1 = {(g.market[0].shown1, g.market[0].pile1[0]) for g in games}
    deals2 = {(g.market[0].shown2, g.market[0].pile2[0]) for g in games}
    assert (5, 4) == (len(deals1), len(deals2))  # of 20 and 12 possible pairs
    for game in games:
        for column in game.market:
            assert sorted(column.pile1[1:]) == list(column.pile1[1:])
            assert sorted(column.pile2[1:]) == list(column.pile2[1:])


# ---- SETUP-N: by player count -------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_n_1_n_3_queue_layout_by_player_count(players: int) -> None:
    """SETUP-N-1, SETUP-N-3 (data/queues.toml): 6, 7 or 8 spaces per queue; Shared Knowledge
    starts at 1, the "+1" space being the only one showing (ENROL-9)."""
    layout = RULES.queue_layouts[players].spaces
    assert QUEUE_KNOWLEDGE[players] == [sp.knowledge for sp in layout]
    state = sr.new_game(players=players, seed=0)
    assert [len(QUEUE_KNOWLEDGE[players])] * 4 == [len(q) for q in state.queues]
    showing = [
        max(sp.knowledge for sp, s in zip(layout, q, strict=True) if s is None)
        for q in state.queues
    ]
    assert [1, 1, 1, 1] == showing


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_n_4_n_5_p_7_favour_tiles_and_only_the_players_in_the_game(players: int) -> None:
    """SETUP-N-4, SETUP-P-7: each player holds n Favour tiles, covering 2n of 16 Prestige spaces.
    SETUP-N-5: only n player colours are in play."""
    state = sr.new_game(players=players, seed=0)
    assert players == len(state.players)
    assert [players] * players == [pl.favour_tiles for pl in state.players]
    storage = RULES.tables.components.prestige_storage
    assert 16 == storage.spaces
    assert [16 - 2 * players] * players == [
        storage.spaces - storage.covered_per_favour_tile * pl.favour_tiles for pl in state.players
    ]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_n_6_p_8_four_objective_cards_each_from_a_shuffled_deck(players: int) -> None:
    """SETUP-N-6, SETUP-P-8: 4 different Objective cards per player, from the 24."""
    state = sr.new_game(players=players, seed=5)
    hands = [pl.objectives for pl in state.players]
    assert [4] * players == [len(h) for h in hands]
    dealt = [card for hand in hands for card in hand]
    assert 4 * players == len(set(dealt))
    assert set(dealt) <= set(range(1, 25))
    other = sr.new_game(players=players, seed=6)
    assert hands != [pl.objectives for pl in other.players]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_n_7_the_draft_offers_four_combinations(players: int) -> None:
    """SETUP-N-7: four combinations whatever the player count."""
    state = sr.new_game(players=players, seed=7)
    assert 4 == len(state.draft)
    assert 4 == len(options(state))


# ---- SETUP-P: player setup ----------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_setup_p_1_to_6_p_10_each_players_starting_board(players: int) -> None:
    """SETUP-P-1 (one board per player), SETUP-P-3, SETUP-P-6: 7 pieces of each type at home
    (School Knowledge not yet revealed); SETUP-P-4: disc on the Favour track's first space;
    SETUP-P-5: camel on Timbuktu; SETUP-P-10: 1 Inspiration, 2 Gold, 1 Salt; no Book, Prestige,
    Skill or Graduation tile yet."""
    state = sr.new_game(players=players, seed=11)
    for pl in state.players:
        assert (7, 7, 7, 7) == pl.pieces
        assert 0 == pl.favour_pos
        assert "timbuktu" == pl.camel
        assert (1, 2, 1) == (pl.inspiration, pl.gold, pl.salt)
        assert (0, 0, 0, 0) == pl.books
        assert (0, 0, 0, 0) == pl.prestige
        assert ((), (), (), ()) == pl.skills
        assert () == pl.graduations
        assert {} == pl.students


def test_setup_p_2_first_player_is_random_and_drafts_first() -> None:
    """SETUP-P-2: the first player is drawn by the seed, and takes the first decision."""
    firsts = []
    for seed in range(10):
        state = sr.new_game(players=4, seed=seed)
        assert state.first_player == state.current_player
        assert "draft" == state.decision.kind
        firsts.append(state.first_player)
    assert [1, 0, 1, 0, 1, 1, 2, 1, 1, 0] == firsts


def test_setup_p_9_introductory_classes_one_per_discipline() -> None:
    """SETUP-P-9: the four Introductory Classes, one per discipline, on the bottom row."""
    state = sr.new_game(players=2, seed=0)
    for pl in state.players:
        assert {
            "c0a": "intro-astronomy",
            "c0b": "intro-theology",
            "c0c": "intro-mathematics",
            "c0d": "intro-law",
        } == pl.classes


def test_setup_p_9_any_order_of_introductory_classes_is_offered() -> None:
    """SETUP-P-9, DRAFT-7: the player orders the Introductory Classes: all 24 orders offered."""
    state = act(sr.new_game(players=2, seed=0), "draft ast-1c", "class c1a")
    assert "draft_order" == state.decision.kind
    assert 24 == len(options(state))
    refused(state, "order astronomy,astronomy,law,theology", ["bad_arguments"])


# ---- DRAFT ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_draft_1_a_student_on_each_dealt_level_1_tile(players: int) -> None:
    """DRAFT-1: the four combinations are the dealt level-1 tiles, each with a Student of the
    tile's discipline taken from those set aside."""
    state = sr.new_game(players=players, seed=1)
    assert [c.shown1 for c in state.market] == [tile for tile, _, _ in state.draft]
    assert list(DISCIPLINES) == [student for _, _, student in state.draft]


def test_draft_2_books_form_a_derangement() -> None:
    """DRAFT-2, AMB-10: one Book of each discipline, none with a tile of its own discipline."""
    for seed in range(40):
        state = sr.new_game(players=2, seed=seed)
        books = [book for _, book, _ in state.draft]
        assert sorted(DISCIPLINES) == sorted(books)
        tiles = [RULES.class_tiles[tile].discipline for tile, _, _ in state.draft]
        assert all(b != t for b, t in zip(books, tiles, strict=True))


def test_draft_2_books_are_drawn_at_random() -> None:
    """DRAFT-2: the assignment comes from the bag: 20 seeds give 8 of the 9 derangements."""
    seen = {tuple(b for _, b, _ in sr.new_game(players=2, seed=s).draft) for s in range(20)}
    assert 8 == len(seen)


@pytest.mark.parametrize(("players", "seed"), [(3, 0), (4, 6), (2, 3)])
def test_draft_3_clockwise_from_the_first_player(players: int, seed: int) -> None:
    """DRAFT-3: each player drafts once, clockwise from the first player; then the first
    player's first turn (TURN-1)."""
    state = sr.new_game(players=players, seed=seed)
    first = state.first_player
    drafters = []
    while state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
        drafters += [e.player for e in state.events if e.kind == "drafted"]
    # The last drafter's single combination is taken without asking (it is the only option).
    assert [(first + k) % players for k in range(players)] == drafters
    assert first == state.current_player


def test_draft_4_to_6_the_combination_lands_on_the_board() -> None:
    """DRAFT-4: the tile on a second-row space of the player's choice; DRAFT-5: the Book on the
    Bookshelf; DRAFT-6: the Student under the Introductory Class of its own discipline."""
    state = sr.new_game(players=2, seed=0)
    assert ("the-1e", "mathematics", "theology") in state.draft
    state = act(state, "draft the-1e")
    assert ["class c1a", "class c1b", "class c1c"] == options(state)
    refused(state, "class c2a", ["not_second_row"])
    state = act(state, "class c1c", "order astronomy,theology,mathematics,law")
    pl = state.players[0]
    assert "the-1e" == pl.classes["c1c"]
    assert (0, 0, 1, 0) == pl.books
    assert {"s0b": "theology"} == pl.students


def test_draft_7_reordering_moves_the_drafted_student_with_its_class() -> None:
    """DRAFT-7, AMB-29: after reordering, the Student still sits under its own discipline's
    Introductory Class."""
    state = act(sr.new_game(players=2, seed=0), "draft the-1e", "class c1a")
    state = act(state, "order law,mathematics,theology,astronomy")
    pl = state.players[0]
    assert {
        "c0a": "intro-law",
        "c0b": "intro-mathematics",
        "c0c": "intro-theology",
        "c0d": "intro-astronomy",
        "c1a": "the-1e",
    } == pl.classes
    assert {"s0c": "theology"} == pl.students


def test_draft_8_9_refill_and_leftovers_with_two_players() -> None:
    """DRAFT-8: the chosen tiles' market slots refill from their level-1 piles; the unchosen
    tiles stay. DRAFT-9: unchosen Books go back to the supply, unchosen Students leave."""
    state = sr.new_game(players=2, seed=0)
    market = state.market
    supply = state.supply_books
    out = state.students_out
    # ('ast-1c', law Book), ('the-1e', mathematics Book) are chosen; the other two are not.
    state = act(state, "draft ast-1c", "class c1a", "order astronomy,theology,mathematics,law")
    state = act(state, "draft the-1e", "class c1a", "order astronomy,theology,mathematics,law")
    assert "turn" == state.decision.kind
    assert () == state.draft
    # The pile's top moves down; its new top was turned from the tiles below (market_turn).
    assert market[0].pile1[0] == state.market[0].shown1
    assert sorted(market[0].pile1[1:]) == sorted(state.market[0].pile1)
    assert market[1].pile1[0] == state.market[1].shown1
    assert sorted(market[1].pile1[1:]) == sorted(state.market[1].pile1)
    assert 2 == state.draws
    assert (market[2].shown1, market[2].pile1) == (state.market[2].shown1, state.market[2].pile1)
    assert (market[3].shown1, market[3].pile1) == (state.market[3].shown1, state.market[3].pile1)
    # Unchosen: ('mat-1c', astronomy Book, mathematics Student), ('law-1a', theology, law).
    assert (supply[0] + 1, supply[1] + 1, supply[2], supply[3]) == state.supply_books
    assert (out[0], out[1], out[2] + 1, out[3] + 1) == state.students_out
    assert (0, 0, 0, 1) == state.players[0].books
    assert (0, 0, 1, 0) == state.players[1].books


def test_draft_9_four_players_leave_nothing_over() -> None:
    """DRAFT-9 with 4 players: every combination is taken; nothing returns to the supply."""
    state = sr.new_game(players=4, seed=1)
    supply = state.supply_books
    state = started(4, 1)
    assert supply == state.supply_books
    assert (0, 0, 0, 0) == state.students_out
    assert (1, 1, 1, 1) == tuple(sum(pl.books) for pl in state.players)
    assert [1, 1, 1, 1] == [len(pl.students) for pl in state.players]


# ---- reproducibility -----------------------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_same_seed_same_game_and_same_future(players: int) -> None:
    """A game is fixed by its options and seed: the same seed gives equal states, and the same
    actions keep them equal; another seed gives another game."""
    a = sr.new_game(players=players, seed=42)
    b = sr.new_game(players=players, seed=42)
    assert sr.to_json(a) == sr.to_json(b)
    bot = RandomBot(seed=players)
    for _ in range(60):
        choice = bot.choose(a)
        a, b = sr.apply(a, choice), sr.apply(b, str(choice))
    assert sr.to_json(a) == sr.to_json(b)
    assert sr.to_json(sr.new_game(players=players, seed=43)) != sr.to_json(
        sr.new_game(players=players, seed=42)
    )


def test_engine_2_theology_draw_never_leaves_the_draft_without_a_book() -> None:
    """SETUP-C-4, DRAFT-2, ENGINE-2: with seed 79729 the first Theology draw takes every
    remaining Theology Book; the Books are drawn again, so the draft deals one Book of each
    discipline, the supply never goes below zero and the state is a valid one."""
    state = sr.new_game(players=2, seed=79729)
    assert (5, 4, 5, 5) == state.supply_books
    assert ["astronomy", "law", "mathematics", "theology"] == sorted(b for _, b, _ in state.draft)
    assert 13 == len(state.theology_books)
    assert state == sr.from_json(sr.to_json(state))
