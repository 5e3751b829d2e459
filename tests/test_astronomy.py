"""The Astronomy area action (RULES-CHECKLIST 11a, ASTRO-1..16; rulings AMB-1/2/3/17/18/46).

Positions come from ``test_teach.position``: player 0 teaches an Astronomy class on seed 0's
first turn, with the Knowledge, support and Gold each test needs.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import sankore_rules as sr
from positions import RULES, act, codes, edit, options
from sankore_rules.core.shared import adjusted, replaced_at, with_item, without
from sankore_rules.sankore.state import MadrasaTile, State, Task
from test_teach import P, idx, position, swap_region_tile, teach

AST = idx("astronomy")

# Camel distances from Timbuktu on data/astronomy.toml's map, worked out by hand.
FROM_TIMBUKTU = {
    "oasis-a1": 1,
    "oasis-b1": 1,
    "oasis-a2": 2,
    "oasis-b2": 2,
    "oasis-c1": 2,
    "oasis-c2": 2,
    "oasis-d1": 2,
    "oasis-d2": 3,
    "oasis-a3": 4,
    "oasis-b3": 4,
    "oasis-c3": 4,
    "fez": 4,
    "tripoli": 4,
    "oasis-d3": 5,
    "cairo": 5,
    "mogadishu": 5,
    "marrakesh": 6,
    "suakin": 6,
    "tunis": 6,
    "zeila": 7,
}
PORT_GOLD = {
    "fez": 2,
    "marrakesh": 3,
    "tripoli": 2,
    "tunis": 3,
    "cairo": 3,
    "suakin": 3,
    "mogadishu": 2,
    "zeila": 3,
}


def astronomy(
    knowledge: int,
    *,
    supported: bool = True,
    partner: str = "law",
    gold: int = 3,
    change: Callable[[State], None] | None = None,
) -> State:
    """Player 0 at the Astronomy decision with exactly ``knowledge`` (1..7).

    Up to 2 a Law Student teaches (no class bonus) with that Shared Knowledge; from 3 the
    Astronomy Student's +2 adds to Shared Knowledge ``knowledge - 2``. A Supported class has
    ``partner`` on its second Student space.
    """
    if knowledge <= 2:
        kwargs: dict[str, object] = {"student": "law", "shared": knowledge}
    else:
        kwargs = {"shared": knowledge - 2}
    second = partner if supported else None
    return teach(position("ast-1e", partner=second, gold=gold, change=change, **kwargs))


def destinations(state: State) -> list[str]:
    return [o for o in options(state) if o != "skip"]


def missing(node: str, knowledge: int, supported: bool, gold: int) -> list[str]:
    """The reason codes a Trading Post on ``node``, the camel leaving Timbuktu, is refused with."""
    port = node in PORT_GOLD
    found = []
    if FROM_TIMBUKTU[node] > knowledge:
        found.append("knowledge_short")
    if port and not supported:
        found.append("needs_supported_class")
    if gold < (PORT_GOLD[node] if port else 1):
        found.append("not_enough_gold")
    return found


def every_destination() -> dict[str, str]:
    """Notation of every Trading Post place, reached from Timbuktu -> its map node."""
    places = {}
    for node in FROM_TIMBUKTU:
        if node in PORT_GOLD:
            places.update({f"camel {node}:{i} timbuktu": node for i in range(3)})
        else:
            places[f"camel {node} timbuktu"] = node
    return places


def expected_from_timbuktu(knowledge: int, supported: bool, gold: int) -> list[str]:
    return sorted(
        place
        for place, node in every_destination().items()
        if not missing(node, knowledge, supported, gold)
    )


def camel_at(node: str, owner: int = P) -> Callable[[State], None]:
    """The camel of ``owner`` stopped at ``node``, with that player's Trading Post there.

    The piece count is left alone so that the Knowledge asked for is not raised by it.
    """

    def change(s: State) -> None:
        s.players[owner].camel = node
        s.spaces = with_item(s.spaces, node, owner)

    return change


# ---- what is reachable, and why not ---------------------------------------------------------


def test_astro_2_reachable_with_knowledge_one() -> None:
    """ASTRO-2: Knowledge 1 reaches the two Oases one step from Timbuktu."""
    state = astronomy(1)
    assert destinations(state) == ["camel oasis-a1 timbuktu", "camel oasis-b1 timbuktu"]


@pytest.mark.parametrize("knowledge", [1, 2, 3, 4, 5, 6, 7])
@pytest.mark.parametrize("supported", [False, True])
def test_astro_2_legal_destinations_are_those_within_knowledge(
    knowledge: int, supported: bool
) -> None:
    """ASTRO-2, ASTRO-8, AMB-1: path sums within Knowledge; Port Cities only when Supported;
    every other place is refused with what it lacks."""
    state = astronomy(knowledge, supported=supported)
    assert expected_from_timbuktu(knowledge, supported, 3) == destinations(state)
    for place, node in every_destination().items():
        assert (place, missing(node, knowledge, supported, 3)) == (place, codes(state, place))


def test_astro_2_legal_destinations_with_two_gold() -> None:
    """ASTRO-9: with 2 Gold, Knowledge 7 and support, only the 2-Gold cities are open."""
    state = astronomy(7, gold=2)
    assert expected_from_timbuktu(7, True, 2) == destinations(state)
    for place, node in every_destination().items():
        assert (place, missing(node, 7, True, 2)) == (place, codes(state, place))
    assert [d for d in destinations(state) if d.endswith(":0 timbuktu")] == [
        "camel fez:0 timbuktu",
        "camel mogadishu:0 timbuktu",
        "camel tripoli:0 timbuktu",
    ]


def test_astro_explain_names_what_is_missing() -> None:
    """KNOW-1, ASTRO-8, ASTRO-9: each missing requirement is named."""
    short = astronomy(3)
    assert [sr.Reason("knowledge_short", "needs Knowledge 4, you have 3 (KNOW-1)")] == sr.explain(
        short, "camel fez:0 timbuktu"
    )
    assert codes(astronomy(4, supported=False), "camel fez:1 timbuktu") == ["needs_supported_class"]
    assert codes(astronomy(6, gold=2), "camel marrakesh:0 timbuktu") == ["not_enough_gold"]
    assert codes(astronomy(3, supported=False, gold=1), "camel fez:0 timbuktu") == [
        "knowledge_short",
        "needs_supported_class",
        "not_enough_gold",
    ]


def test_astro_3_start_from_the_camel_or_from_timbuktu() -> None:
    """ASTRO-3: from Oasis a3 with Knowledge 2 both starting points are offered."""
    state = astronomy(2, change=camel_at("oasis-a3"))
    from_camel = [
        *(f"camel fez:{i} camel" for i in range(3)),
        *(f"camel marrakesh:{i} camel" for i in range(3)),
        "camel oasis-a2 camel",
    ]
    assert sorted(from_camel + expected_from_timbuktu(2, True, 3)) == destinations(state)


def test_astro_4_the_camel_passes_through_other_camels_and_trading_posts() -> None:
    """ASTRO-4, ASTRO-5: Oasis a1 is taken by player 1 yet Fez via a1 stays 4 away."""
    state = astronomy(4, change=camel_at("oasis-a1", owner=1))
    assert codes(state, "camel fez:0 timbuktu") == []
    assert codes(state, "camel oasis-a1 timbuktu") == ["space_taken"]


def test_amb_46_the_camel_cannot_stop_on_its_own_trading_post() -> None:
    """AMB-46, ASTRO-5: an Oasis holding the player's own Trading Post is not a stop."""
    state = astronomy(3, change=camel_at("oasis-a1"))
    assert codes(state, "camel oasis-a1 timbuktu") == ["space_taken"]
    assert codes(state, "camel oasis-a1 camel") == ["space_taken"]


# ---- Oases ---------------------------------------------------------------------------------


def test_astro_1_and_6_an_oasis_stop_costs_one_gold_and_gives_two_salt() -> None:
    """ASTRO-1, ASTRO-6, ASTRO-12: a Trading Post on a1; -1 Gold, +2 Salt; the camel stays."""
    state = act(astronomy(1, gold=2), "camel oasis-a1 timbuktu")
    me = state.players[P]
    assert (me.gold, me.salt) == (1, 3)
    assert me.camel == "oasis-a1"
    assert state.spaces == {"oasis-a1": P}
    assert me.pieces == (6, 7, 7, 7)
    assert state.decision.kind == "promote_active"


def test_amb_18_no_gold_no_stop() -> None:
    """AMB-18, AMB-17: without Gold no place can be paid: the area action lapses."""
    state = astronomy(4, gold=0)
    assert state.decision.kind == "promote_active"
    assert [e.kind for e in state.events] == ["teach", "activate_skills", "area_skipped"]
    assert state.spaces == {}
    unsettled = edit(state, lambda s: setattr(s, "agenda", (*s.agenda, Task("astronomy", P))))
    assert codes(unsettled, "camel oasis-a1 timbuktu") == ["not_enough_gold"]


def test_astro_12_a_later_action_continues_from_the_camel() -> None:
    """ASTRO-12, ASTRO-3: next turn the camel leaves Oasis a1 with Knowledge 1 + 1 + 2."""
    state = act(
        astronomy(3, partner="astronomy"), "camel oasis-a1 timbuktu", "promote_to s2a", "end", "end"
    )
    assert state.current_player == P
    state = act(state, "teach c1a")  # the partner Student
    assert state.decision.kind == "astronomy"
    assert codes(state, "camel oasis-b2 camel") == []  # a1 -> b1 -> b2 = 3
    assert codes(state, "camel oasis-a3 camel") == []  # a1 -> a2 -> a3 = 3
    assert codes(state, "camel oasis-d3 camel") == ["knowledge_short"]  # 5
    assert codes(state, "camel oasis-d3 timbuktu") == ["knowledge_short"]  # 5


# ---- dotted lines (ASTRO-7, AMB-2) -----------------------------------------------------------


def _tile_a(s: State) -> None:
    swap_region_tile(s, "astronomy:A", "ast-board-1")  # bonus: 1 Inspiration


def test_astro_7_first_outward_crossing_places_the_regions_tile() -> None:
    """ASTRO-7, SANK-1, AMB-44: the tile takes the first free numbered cell, bonus first."""
    state = act(astronomy(4, change=_tile_a), "camel oasis-a3 timbuktu")
    assert MadrasaTile("ast-board-1", star=False) == state.madrasa[0]
    assert "astronomy:A" not in state.region_tiles
    assert state.players[P].inspiration == 2
    kinds = [e.kind for e in state.events]
    assert kinds.index("sankore_placed") < kinds.index("place_piece")


def test_astro_7_the_tile_is_taken_only_once() -> None:
    """ASTRO-7: the second camel across region A's line finds no tile."""

    def gone(s: State) -> None:
        _tile_a(s)
        s.region_tiles = without(s.region_tiles, "astronomy:A")

    before = astronomy(4, change=gone)
    state = act(before, "camel oasis-a3 timbuktu")
    assert before.madrasa == state.madrasa
    assert state.players[P].inspiration == 1


def test_amb_2_moving_beyond_the_line_from_beyond_it_crosses_nothing() -> None:
    """AMB-2: from Oasis a3 (beyond A's line) to Fez, or back inside to a2: no tile."""

    def beyond(s: State) -> None:
        _tile_a(s)
        camel_at("oasis-a3")(s)

    for move in ("camel fez:0 camel", "camel oasis-a2 camel"):
        before = astronomy(4, change=beyond)
        state = act(before, move)
        assert before.madrasa == state.madrasa
        assert state.region_tiles["astronomy:A"] == "ast-board-1"


def test_amb_2_starting_afresh_from_timbuktu_crosses_again() -> None:
    """AMB-2, ASTRO-3: the same camel starting over from Timbuktu crosses A's line outward."""

    def beyond(s: State) -> None:
        _tile_a(s)
        camel_at("oasis-a3")(s)

    state = act(astronomy(4, change=beyond), "camel fez:0 timbuktu")
    assert MadrasaTile("ast-board-1", star=False) == state.madrasa[0]


def test_amb_2_leaving_one_region_for_anothers_far_side_crosses_that_line() -> None:
    """AMB-2: from a3 to b3 (7 steps) crosses A inward, B outward: region B's tile."""

    def beyond(s: State) -> None:
        _tile_a(s)
        swap_region_tile(s, "astronomy:B", "law-board-2")  # bonus: 1 Inspiration
        camel_at("oasis-a3")(s)

    state = act(astronomy(7, change=beyond), "camel oasis-b3 camel")
    assert MadrasaTile("law-board-2", star=False) == state.madrasa[0]
    assert state.region_tiles["astronomy:A"] == "ast-board-1"
    assert state.players[P].inspiration == 2


# ---- Port Cities ---------------------------------------------------------------------------


def test_astro_9_and_11_a_port_city_costs_its_gold_and_sends_the_camel_home() -> None:
    """ASTRO-9, ASTRO-11, ASTRO-15: Marrakesh costs 3 Gold; its left space's token."""

    def token(s: State) -> None:
        s.port_tokens = with_item(s.port_tokens, "marrakesh:0", "mathematics")

    state = act(astronomy(6, change=token), "camel marrakesh:0 timbuktu")
    me = state.players[P]
    assert me.gold == 0
    assert me.camel == "timbuktu"
    assert me.prestige == (0, 0, 1, 0)
    assert "marrakesh:0" not in state.port_tokens
    assert state.spaces["marrakesh:0"] == P


def test_astro_10_other_spaces_of_a_city_stay_open_to_the_same_player() -> None:
    """ASTRO-10: with a Trading Post on Fez's left space, its two others stay open."""

    def own(s: State) -> None:
        s.spaces = with_item(s.spaces, "fez:0", P)
        s.players[P].pieces = adjusted(s.players[P].pieces, AST, -1)

    state = astronomy(4, change=own)
    assert codes(state, "camel fez:0 timbuktu") == ["space_taken"]
    assert codes(state, "camel fez:1 timbuktu") == []
    assert codes(state, "camel fez:2 timbuktu") == []


def test_astro_14_a_right_space_gives_a_skill_tile_for_any_section() -> None:
    """ASTRO-14, SKILL-2: Tripoli's right space gives a Promote tile, section of choice."""

    def tile_b(s: State) -> None:
        swap_region_tile(s, "astronomy:B", "law-board-2")  # bonus: 1 Inspiration

    state = act(astronomy(4, change=tile_b), "camel tripoli:2 timbuktu")
    assert state.decision.kind == "skill_tile"
    assert options(state) == ["skill astronomy", "skill law", "skill mathematics", "skill theology"]
    state = act(state, "skill law")
    assert state.players[P].skills == ((), (), (), ("promote",))


def test_amb_43_cairos_left_space_gives_a_book_of_choice_and_inspiration() -> None:
    """AMB-43, ASTRO-9: Cairo (3 Gold): its left space gives 1 Book of any discipline and
    1 Inspiration."""
    state = act(astronomy(5), "camel cairo:0 timbuktu")
    assert state.decision.kind == "choose_book"
    state = act(state, "book theology")
    me = state.players[P]
    assert (me.books, me.prestige, me.inspiration, me.gold) == ((0, 1, 0, 0), (0, 0, 0, 0), 2, 0)


def test_amb_43_cairos_middle_space_advances_the_favour_disc_twice() -> None:
    """AMB-43: Cairo's middle space moves the Favour disc 2 spaces right."""
    state = act(astronomy(5), "camel cairo:1 timbuktu")
    assert state.players[P].favour_pos == 2


@pytest.mark.parametrize(("city", "knowledge"), [("suakin", 6), ("zeila", 7)])
def test_astro_13_suakin_and_zeila_give_a_free_wall_even_on_the_corner(
    city: str, knowledge: int
) -> None:
    """ASTRO-13, AMB-3, MATH-10: any Wall space or the corner; no cost, flip or Gold; +1 token."""
    before = astronomy(knowledge)
    region = RULES.astro_nodes[city].region
    tile = before.region_tiles[f"astronomy:{region}"]
    state = act(before, f"camel {city}:2 timbuktu")
    assert state.decision.kind == "free_wall"
    walls = sorted([f"wall {w}" for w in RULES.wall_spaces] + ["wall wall-corner", "skip"])
    assert walls == options(state)
    state = act(state, "wall wall-corner")
    me = state.players[P]
    assert state.spaces["wall-corner"] == P
    assert me.pieces == (6, 7, 6, 7)
    assert me.gold == 0  # 3 Gold for the city, none from the Wall
    assert me.prestige == (1, 0, 0, 0)
    # The dotted line's tile, star down; nothing flipped.
    assert replaced_at(before.madrasa, 0, MadrasaTile(tile, star=False)) == state.madrasa


def test_astro_16_french_example_ben_goes_to_fez() -> None:
    """ASTRO-16: Knowledge 4, Supported; two steps to Fez; region A's tile (1 Inspiration)
    first; 2 Gold for Fez's middle space and its Theology token; the camel goes home."""

    def board(s: State) -> None:
        _tile_a(s)
        s.port_tokens = with_item(s.port_tokens, "fez:1", "theology")

    before = astronomy(4, gold=2, change=board)
    assert codes(before, "camel fez:1 timbuktu") == []
    state = act(before, "camel fez:1 timbuktu")
    me = state.players[P]
    assert MadrasaTile("ast-board-1", star=False) == state.madrasa[0]
    assert me.inspiration == 2
    assert me.gold == 0
    assert me.prestige == (0, 1, 0, 0)
    assert state.spaces["fez:1"] == P
    assert me.camel == "timbuktu"
    kinds = [e.kind for e in state.events]
    assert kinds == ["camel", "sankore_placed", "gain", "place_piece", "gain_prestige"]
    assert state.decision.kind == "promote_active"
