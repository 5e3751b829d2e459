"""Exchange a Favour and the Favour track: FAV-1..9 (Take: a reward at or left of the disc and a
Favour tile covering 2 Prestige spaces; Return; Advance; free Exchanges), with the French worked
example FAV-9.

The track (data/favour_track.toml), spaces 1..12: 1 Gold or 1 Salt; 1 Book of any discipline;
Enrol from any position; 2 Gold; free Establish; 2 Salt; 1 Inspiration; 3 Gold; 3 Salt;
1 Prestige token; 2 Books; free Graduate. The disc starts on space 1 (``favour_pos`` 0).
Prestige storage has 16 spaces. ``started(2, 0)``: player 0 holds 2 Gold, 1 Salt and 2 Favour
tiles; 28 tiles are left in the supply.
"""

# Assertions read `expected == actual` (the project's test convention), which SIM300 flags.

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, options, refused, started, with_decision
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.rules.common import prestige_capacity
from sankore_rules.sankore.state import State, Task


def disc_on(space: int, **player: object) -> State:
    """Player 0 to play with the Favour disc on ``space`` (1-based) and other fields set."""

    def change(s: State) -> None:
        s.players[0].favour_pos = space - 1
        for name, value in player.items():
            setattr(s.players[0], name, value)

    return edit(started(2, 0), change)


# ---- FAV-1..5: Take and Return -------------------------------------------------------------------


def test_fav_1_both_versions_are_one_main_action() -> None:
    """FAV-1, TURN-4: both versions are offered and count as the 'favour' main action."""
    state = started(2, 0)
    assert {"favour take", "favour return"} <= set(options(state))
    assert ("favour",) == act(state, "favour return").main_used
    assert ("favour",) == act(state, "favour take", "resource salt").main_used


@pytest.mark.parametrize("space", [2, 6, 12])
def test_fav_2_rewards_at_or_left_of_the_disc(space: int) -> None:
    """FAV-2: with the disc on space n the rewards of spaces 1..n are offered, none further."""
    state = act(disc_on(space), "favour take")
    assert "favour_reward" == state.decision.kind
    assert sorted(f"reward {i}" for i in range(1, space + 1)) == options(state)
    if space < 12:
        refused(state, f"reward {space + 1}", ["beyond_favour_disc"])


def test_fav_2_on_the_first_space_the_only_reward_is_taken_at_once() -> None:
    """FAV-2, IC-FAV-1: with the disc on space 1, its reward (1 Gold or 1 Salt) is the only one:
    only the choice of resource is asked."""
    state = act(started(2, 0), "favour take")
    assert ("gain_resource", ["resource gold", "resource salt"]) == (
        state.decision.kind,
        options(state),
    )
    state = act(state, "resource salt")
    assert (2, 2) == (state.players[0].gold, state.players[0].salt)


def test_fav_3_5_take_adds_a_favour_tile_and_leaves_the_disc() -> None:
    """FAV-3: the tile comes from the supply and covers 2 more Prestige spaces (capacity 12 ->
    10). FAV-5: the disc does not move."""
    state = disc_on(4)
    assert 12 == prestige_capacity(RULES, state.players[0])
    state = act(state, "favour take")
    # The tile is taken first, so a Take nested in the reward sees the real supply (AMB-8).
    assert ["favour_taken"] == [e.kind for e in state.events if e.kind == "favour_taken"]
    state = act(state, "reward 1", "resource gold")
    pl = state.players[0]
    assert (3, 27) == (pl.favour_tiles, state.favour_supply)
    assert 10 == prestige_capacity(RULES, pl)
    assert 3 == pl.favour_pos


def test_fav_3_amb_8_take_needs_a_tile_and_two_uncovered_spaces() -> None:
    """FAV-3, AMB-8: 8 tiles cover all 16 spaces (storage_covered); an empty supply has no tile
    to give (no_favour_tiles); both at once give both reasons."""
    refused(disc_on(1, favour_tiles=8), "favour take", ["storage_covered"])
    empty = edit(started(2, 0), lambda s: setattr(s, "favour_supply", 0))
    refused(empty, "favour take", ["no_favour_tiles"])
    both = edit(disc_on(1, favour_tiles=8), lambda s: setattr(s, "favour_supply", 0))
    refused(both, "favour take", ["no_favour_tiles", "storage_covered"])
    assert [] == sr.explain(disc_on(1, favour_tiles=7), "favour take")


def test_fav_4_return_gives_a_tile_back_and_two_spaces() -> None:
    """FAV-4: the uppermost tile goes back to the supply, freeing 2 Prestige spaces."""
    state = act(started(2, 0), "favour return")
    pl = state.players[0]
    assert (1, 29) == (pl.favour_tiles, state.favour_supply)
    assert 14 == prestige_capacity(RULES, pl)
    assert 0 == pl.favour_pos


def test_fav_4_amb_8_nothing_to_return() -> None:
    """FAV-4, AMB-8: with no Favour tile, Return is refused (no_favour_to_return)."""
    state = disc_on(1, favour_tiles=0)
    refused(state, "favour return", ["no_favour_to_return"])
    assert 16 == prestige_capacity(RULES, state.players[0])


# ---- FAV-6, FAV-7: Advance -----------------------------------------------------------------------


def test_fav_6_an_advance_icon_moves_the_disc_one_space() -> None:
    """FAV-6, FAV-7, IC-SNK-1: the Sankoré tile the-board-2 (Advance once) moves the disc from
    space 4 to space 5."""
    state = disc_on(4)
    state = with_decision(
        state, Task("place_sankore_tile", 0, {"tile": "the-board-2", "supply": False})
    )
    assert 4 == state.players[0].favour_pos
    advanced = [e.detail for e in state.events if e.kind == "favour_advance"]
    assert [{"start": 3, "end": 4}] == advanced


def test_fav_6_on_the_last_space_an_advance_gives_nothing() -> None:
    """FAV-6: the disc on space 12 stays there."""
    state = disc_on(12)
    state = with_decision(
        state, Task("place_sankore_tile", 0, {"tile": "the-board-2", "supply": False})
    )
    assert 11 == state.players[0].favour_pos


def test_fav_7_advance_twice_skill_tile() -> None:
    """FAV-7, IC-SKL-1: the Skill tile 'advance twice' moves the disc 2 spaces (from 3 to 5),
    and from space 11 only to the last space."""

    def skills(s: State) -> None:
        s.players[0].skills = replaced_at(s.players[0].skills, 3, ("advance_favour",))

    state = with_decision(
        edit(disc_on(3), skills), Task("activate_skills", 0, {"discipline": "law"})
    )
    assert 4 == state.players[0].favour_pos
    state = with_decision(
        edit(disc_on(11), skills), Task("activate_skills", 0, {"discipline": "law"})
    )
    assert 11 == state.players[0].favour_pos


def test_fav_3_amb_8_a_take_inside_a_take_cannot_use_the_same_tile() -> None:
    """FAV-3, AMB-8, COMP-4: the supply holds 1 Favour tile. Take a Favour, reward 3 (Enrol),
    and the Student enrolled uncovers a Favour icon: that free Exchange cannot Take too, the
    supply's only tile being the first Take's; it must Return (the only option, made at
    once). The supply never goes below 0."""

    def change(s: State) -> None:
        s.favour_supply = 1
        s.players[1].favour_tiles += 27  # the 32 tiles all accounted for

    state = act(edit(disc_on(3), change), "favour take", "reward 3", "enrol astronomy 4")
    pl = state.players[0]
    assert ("turn", 1, 2) == (state.decision.kind, state.favour_supply, pl.favour_tiles)


def test_fav_3_amb_8_a_take_inside_a_take_cannot_cover_more_than_the_storage() -> None:
    """FAV-3, AMB-8: with 7 Favour tiles, the first Take covers the last 2 spaces; the free
    Exchange of the enrolled Student's icon cannot Take a ninth tile: it Returns one."""
    state = act(disc_on(3, favour_tiles=7), "favour take", "reward 3", "enrol astronomy 4")
    pl = state.players[0]
    assert ("turn", 7) == (state.decision.kind, pl.favour_tiles)
    assert 2 == prestige_capacity(RULES, pl)


# ---- FAV-8: free Exchanges -----------------------------------------------------------------------


def test_fav_8_amb_30_a_free_exchange_after_the_favour_main_action() -> None:
    """FAV-8, AMB-30, IC-ADV-9: Return a Favour as a main action, then teach ast-2c with its
    Astronomy Student: its reward, a free Exchange, may again be either version."""

    def change(s: State) -> None:
        s.players[0].classes = with_item(s.players[0].classes, "c2a", "ast-2c")
        s.players[0].students = with_item(s.players[0].students, "s2a", "astronomy")

    state = act(edit(started(2, 0), change), "favour return", "teach c2a")
    assert ("exchange", ["favour return", "favour take"]) == (state.decision.kind, options(state))
    state = act(state, "favour return")
    assert (0, 30) == (state.players[0].favour_tiles, state.favour_supply)
    state = act(state, "skip", "promote_to s3a")
    assert ("favour", "teach") == state.main_used


def test_fav_8_a_free_exchange_with_one_possible_version_makes_itself() -> None:
    """FAV-8: with no Favour tile to return, the queue icon's free Exchange is a Take: only the
    reward's resource is asked."""
    state = act(disc_on(1, favour_tiles=0), "enrol astronomy")
    assert ("gain_resource", 0) == (state.decision.kind, state.current_player)
    state = act(state, "resource gold")
    assert (1, 3) == (state.players[0].favour_tiles, state.players[0].gold)
    assert ("enrol",) == state.main_used


def test_fav_8_amb_8_a_free_exchange_that_cannot_happen_lapses() -> None:
    """FAV-8, AMB-8: no tile to return and none in the supply: the icon gives nothing."""

    def change(s: State) -> None:
        s.players[0].favour_tiles = 0
        s.favour_supply = 0

    state = act(edit(started(2, 0), change), "enrol astronomy")
    assert ("turn", 0, 0) == (
        state.decision.kind,
        state.players[0].favour_tiles,
        state.favour_supply,
    )
    assert {"s0a": "astronomy", "s0b": "theology"} == state.players[0].students


# ---- the rewards ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("reward", "answers", "gold", "salt", "inspiration"),
    [
        ("reward 1", ["resource salt"], 2, 2, 1),
        ("reward 4", [], 4, 1, 1),
        ("reward 6", [], 2, 3, 1),
        ("reward 7", [], 2, 1, 2),
        ("reward 8", [], 5, 1, 1),
        ("reward 9", [], 2, 4, 1),
    ],
)
def test_ic_fav_resource_rewards(
    reward: str, answers: list[str], gold: int, salt: int, inspiration: int
) -> None:
    """IC-FAV-1, 4, 6, 7, 8, 9: the resources of spaces 1, 4, 6, 7, 8 and 9 (from 2 Gold,
    1 Salt, 1 Inspiration)."""
    state = act(disc_on(9), "favour take", reward, *answers)
    pl = state.players[0]
    assert (gold, salt, inspiration) == (pl.gold, pl.salt, pl.inspiration)
    assert "turn" == state.decision.kind


def test_ic_fav_2_one_book_of_a_chosen_discipline() -> None:
    """IC-FAV-2: reward 2 is 1 Book of a discipline the player chooses, from the supply."""
    state = act(disc_on(12), "favour take", "reward 2")
    assert ("choose_book", ["book astronomy", "book law", "book mathematics", "book theology"]) == (
        state.decision.kind,
        options(state),
    )
    supply = state.supply_books[1]
    state = act(state, "book theology")
    assert (0, 1, 0, 1) == state.players[0].books
    assert supply - 1 == state.supply_books[1]
    assert (0, 0, 0, 0) == state.players[0].prestige


def test_ic_fav_11_two_books_each_of_a_chosen_discipline() -> None:
    """IC-FAV-11: reward 11 is 2 Books, the discipline of each chosen."""
    state = act(disc_on(12), "favour take", "reward 11")
    assert "choose_book" == state.decision.kind
    state = act(state, "book astronomy")
    assert "choose_book" == state.decision.kind
    state = act(state, "book law")
    assert (1, 0, 0, 2) == state.players[0].books
    assert (0, 0, 0, 0) == state.players[0].prestige


def test_ic_fav_10_one_prestige_token_of_a_chosen_discipline() -> None:
    """IC-FAV-10, GAP-21: reward 10 is 1 Prestige token, its discipline chosen."""
    state = act(disc_on(12), "favour take", "reward 10")
    assert ("choose_prestige", 4) == (state.decision.kind, len(options(state)))
    state = act(state, "prestige mathematics")
    assert (0, 0, 1, 0) == state.players[0].prestige
    assert "turn" == state.decision.kind


# ---- FAV-9: the French example -------------------------------------------------------------------


def test_fav_9_french_example_remi_takes_two_gold() -> None:
    """FAV-9: Rémi's disc is on the 4th space: rewards 1 to 4 are offered (1 Gold or 1 Salt,
    1 Book, an Enrol from anywhere, 2 Gold). He takes 2 Gold and places a Favour tile, which
    reduces his Prestige storage."""
    state = act(disc_on(4), "favour take")
    assert ["reward 1", "reward 2", "reward 3", "reward 4"] == options(state)
    kinds = [[e.kind for e in RULES.favour_rewards[i]] for i in range(4)]
    assert [["gain_resource"], ["gain_book"], ["enrol_any"], ["gain_resource"]] == kinds
    state = act(state, "reward 4")
    pl = state.players[0]
    assert (4, 1) == (pl.gold, pl.salt)
    assert 3 == pl.favour_tiles
    assert 10 == prestige_capacity(RULES, pl)
    assert 3 == pl.favour_pos
    assert "turn" == state.decision.kind
