"""Five Tribes colours and tiles (RULES-CHECKLIST 18: FT-MEEP-1..5, FT-TILE-1..5, FT-PUB-11,
FT-PUB-13..15; rulings FT-AMB-1, FT-AMB-2, FT-AMB-4, FT-AMB-5, FT-AMB-6).

The grid of ``tribes_positions``: c3 is a Village among the Villages c2-c4 and the Sacred
Places d2-d4, so 6 of the 9 tiles around it (itself included) have blue values.
"""

from __future__ import annotations

from sankore_rules.core.shared import removed, replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.rules.colours import blue_tiles_around
from sankore_rules.five_tribes.state import FiveTribesState
from tribes_positions import (
    TRIBES,
    arrive,
    codes,
    deal,
    give,
    legal,
    on,
    play,
    pool,
    position,
    put,
    show,
)


def test_ft_meep_1_and_2_viziers_and_elders_go_to_the_pool() -> None:
    """FT-MEEP-1, FT-MEEP-2: yellow and white meeples taken are kept."""
    state = position()
    put(state, "a2", "yellow", "yellow", "white")
    state = arrive(state, "a1", "a2", "yellow")
    assert pool(state, 0) == {"yellow": 3}
    state = state.clone()  # a sealed state is edited as a draft
    put(state, "b3", "white")
    state = arrive(state, "b4", "b3", "white", player=1)
    assert pool(state, 1) == {"white": 2}


def test_ft_meep_3_merchants_take_the_first_market_cards() -> None:
    """FT-MEEP-3: the Merchants go to the bag; as many cards from the market's start are taken."""
    state = position()
    first = state.market[:2]
    put(state, "a2", "green", "yellow")
    bag = state.bag
    state = arrive(state, "a1", "a2", "green")
    fakirs = first.count("fakir")
    assert sorted(state.players[0].goods) == sorted(c for c in first if c != "fakir")
    assert state.players[0].fakirs == fakirs
    assert len(state.market) == 7
    assert state.bag[2] == bag[2] - 1 + 2  # one came from the bag for the hand, two went back
    assert on(state, "a2") == {"yellow": 1}


def test_ft_meep_4_builders_and_ft_amb_1_ft_amb_2() -> None:
    """FT-MEEP-4, FT-PUB-11, rulings FT-AMB-1 (the Builders go back to the bag) and FT-AMB-2
    (blue tiles among the 9 around, times Builders plus Fakirs)."""
    state = position()
    assert blue_tiles_around(TRIBES, state, TRIBES.cell_index["c3"]) == 6
    assert blue_tiles_around(TRIBES, state, TRIBES.cell_index["a1"]) == 0
    deal(state, 0, "fakir", "fakir")
    put(state, "c3", "blue", "yellow")
    state = arrive(state, "c2", "c3", "blue")
    assert legal(state) == ["fakirs 0", "fakirs 1", "fakirs 2"]
    assert codes(state, "fakirs 3") == ["fakirs_short"]
    state = play(state, "fakirs 1")
    assert state.players[0].coins == 50 + 6 * (2 + 1)
    assert state.players[0].fakirs == 1 and state.discard == ("fakir",)
    assert state.bag[3] == 18  # every Builder back in the bag


def test_ft_meep_5_and_ft_amb_5_assassins_reach() -> None:
    """FT-MEEP-5, ruling FT-AMB-5: a rival's Vizier or Elder at any distance, or a meeple on a
    tile within as many steps as Assassins (and Fakirs); an emptied tile takes a camel."""
    state = position()
    give(state, 1, "yellow", 1)
    put(state, "c3", "red", "green")
    put(state, "e3", "white")
    put(state, "a1", "yellow")
    state = arrive(state, "c2", "c3", "red")
    assert legal(state) == ["kill p1 yellow", "kill c3 green", "kill e3 white"]
    assert codes(state, "kill a1 yellow") == ["out_of_reach"]
    assert codes(state, "kill p0 yellow") == ["no_such_option"]
    killed = play(state, "kill c3 green")
    assert on(killed, "c3") == {} and killed.camels[TRIBES.cell_index["c3"]] == 0
    rival = play(state, "kill p1 yellow")
    assert pool(rival, 1) == {} and rival.bag[0] == 16 - 1  # a1's Vizier is on the board


def test_ft_tile_1_ft_pub_13_and_ft_amb_4_an_oasis_palm_is_compulsory() -> None:
    """FT-TILE-1: an Oasis places a palm tree; FT-PUB-13, ruling FT-AMB-4: it must, so it is
    placed by itself; only an empty supply lets the action lapse."""
    state = position()
    put(state, "a2", "yellow", "white")
    state = arrive(state, "a1", "a2", "yellow")
    assert "palm" in [e.kind for e in state.events]
    assert state.palms[TRIBES.cell_index["a2"]] == 1 and state.palm_supply == 11
    asked = position()
    asked.agenda = (Task("tile", 0, {"cell": TRIBES.cell_index["a2"]}),)
    assert legal(asked) == ["palm"]
    assert codes(asked, "skip") == ["compulsory"]
    assert codes(asked, "palace") == ["wrong_tile"]
    asked.palm_supply, asked.palms = 0, replaced_at(asked.palms, 5, 12)  # every palm on a6
    assert legal(asked) == ["skip"]


def test_ft_tile_2_and_ft_pub_13_a_village_palace_is_compulsory() -> None:
    """FT-TILE-2, FT-PUB-13: a Village places a palace, by itself."""
    state = position()
    put(state, "c3", "yellow")
    state = arrive(state, "c2", "c3", "yellow")
    assert state.palaces[TRIBES.cell_index["c3"]] == 1 and state.palace_supply == 9


def _market(state: FiveTribesState, *cards: str) -> None:
    """The market's first cards set to ``cards`` (swapped with the deck)."""
    for i, card in enumerate(cards):
        if state.market[i] == card:
            continue
        later = [k for k in range(i + 1, len(state.market)) if state.market[k] == card]
        if later:  # already further along the market: the two swap places
            k = later[0]
            market = list(state.market)
            market[i], market[k] = market[k], market[i]
            state.market = tuple(market)
        else:
            state.deck = (*removed(state.deck, card), state.market[i])
            state.market = replaced_at(state.market, i, card)


def test_ft_tile_3_small_market_one_of_the_first_three_for_3() -> None:
    """FT-TILE-3: a Small Market sells one of the first 3 cards for 3 coins; FT-PUB-13: it may
    be skipped."""
    state = position()
    _market(state, "gold", "fakir", "gold", "ivory")
    put(state, "c6", "yellow")
    state = arrive(state, "c5", "c6", "yellow")
    assert legal(state) == ["buy fakir", "buy gold", "skip"]
    state = play(state, "buy gold")
    assert state.players[0].coins == 47 and state.players[0].goods == ("gold",)
    assert state.market[:3] == ("fakir", "gold", "ivory")
    poor = position()
    poor.players[0].coins, poor.bank = 2, poor.bank + 48
    put(poor, "c6", "yellow")
    poor = arrive(poor, "c5", "c6", "yellow")
    assert [e.kind for e in poor.events][-1] == "skip"  # the one option, taken by itself
    poor = poor.clone()  # a sealed state is edited as a draft
    poor.agenda = (Task("tile", 0, {"cell": TRIBES.cell_index["c6"]}),)
    assert legal(poor) == ["skip"] and codes(poor, "buy gold") == ["coins_short"]


def test_ft_tile_4_large_market_two_of_the_first_six_for_6() -> None:
    """FT-TILE-4, FT-PUB-14: a Large Market sells two of the first 6 cards for 6 coins."""
    state = position()
    _market(state, "gold", "gold", "silk", "fish", "fish", "fish", "ivory")
    put(state, "e1", "yellow")
    state = arrive(state, "d1", "e1", "yellow")
    assert legal(state) == [
        "buy fish fish", "buy fish gold", "buy fish silk", "buy gold gold", "buy gold silk",
        "skip",
    ]  # fmt: skip
    state = play(state, "buy gold silk")
    assert state.players[0].coins == 44 and sorted(state.players[0].goods) == ["gold", "silk"]


def test_ft_tile_5_sacred_place_djinn_for_two_elders_or_an_elder_and_a_fakir() -> None:
    """FT-TILE-5, FT-PUB-15: a Djinn for 2 Elders, or 1 Elder and 1 Fakir card, both spent (the
    Elder to the bag, the Fakir to the discard pile); the display is not refilled at once."""
    state = position()
    show(state, "jafaar")
    deal(state, 0, "fakir")
    put(state, "d3", "white")
    state = arrive(state, "d2", "d3", "white")  # 2 Elders into the pool
    display = state.djinn_display
    assert legal(state) == [f"djinn {d} {p}" for p in ("2e", "1e1f") for d in display] + ["skip"]
    state = play(state, "djinn jafaar 1e1f")
    assert state.players[0].djinns == ("jafaar",) and pool(state, 0) == {"white": 1}
    assert state.players[0].fakirs == 0 and state.discard == ("fakir",)
    assert "jafaar" not in state.djinn_display and state.bag[1] == 20 - 1
    assert len(state.djinn_display) == 2
