"""Five Tribes colours, tiles and Djinns (RULES-CHECKLIST 18: FT-MEEP-1..5, FT-TILE-1..5,
FT-DJ-1; rulings FT-AMB-1, FT-AMB-2, FT-AMB-4, FT-AMB-5, FT-AMB-6).

The grid of ``tribes_positions``: c3 is a Village among the Villages c2-c4 and the Small
Markets d2-d4, so 6 of the 9 tiles around it (itself included) have blue values.
"""

from __future__ import annotations

from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.rules.colours import blue_tiles_around
from sankore_rules.five_tribes.state import FiveTribesState
from tribes_positions import (
    TRIBES,
    arrive,
    ask,
    codes,
    deal,
    give,
    legal,
    on,
    play,
    pool,
    position,
    put,
)


def _show(state: FiveTribesState, *djinns: str) -> None:
    """Put ``djinns`` on display (swapped with the deck)."""
    for d in djinns:
        if d not in state.djinn_display:
            state.djinn_deck.remove(d)
            state.djinn_deck.append(state.djinn_display.pop())
            state.djinn_display.insert(0, d)


def _own(state: FiveTribesState, player: int, *djinns: str) -> None:
    for d in djinns:
        (state.djinn_deck if d in state.djinn_deck else state.djinn_display).remove(d)
        state.players[player].djinns.append(d)


def test_ft_meep_1_and_2_viziers_and_elders_go_to_the_pool() -> None:
    """FT-MEEP-1, FT-MEEP-2: yellow and white meeples taken are kept."""
    state = position()
    put(state, "a2", "yellow", "yellow", "white")
    state = arrive(state, "a1", "a2", "yellow")
    assert pool(state, 0) == {"yellow": 3}
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
    """FT-MEEP-4, rulings FT-AMB-1 (the Builders go back to the bag) and FT-AMB-2 (blue tiles
    among the 9 around, times Builders plus Fakirs)."""
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
    assert state.players[0].fakirs == 1 and state.discard == ["fakir"]
    assert state.bag[3] == 18  # every Builder back in the bag


def test_ft_dj_1_double_builders() -> None:
    """FT-DJ-1: a Djinn doubling the Builders' coins."""
    state = position()
    _own(state, 0, "master-builder")
    put(state, "c3", "blue")
    state = arrive(state, "c2", "c3", "blue")  # no Fakir: no question
    assert state.players[0].coins == 50 + 2 * 6 * 2


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


def test_ft_tile_1_and_ft_amb_4_an_oasis_palm_optional() -> None:
    """FT-TILE-1: an Oasis offers a palm tree; ruling FT-AMB-4: the action may be skipped."""
    state = position()
    put(state, "a2", "yellow", "white")
    state = arrive(state, "a1", "a2", "yellow")
    assert legal(state) == ["palm", "skip"]
    assert codes(state, "palace") == ["wrong_tile"]
    state = play(state, "palm")
    assert state.palms[TRIBES.cell_index["a2"]] == 1 and state.palm_supply == 11


def test_ft_tile_2_a_village_palace() -> None:
    """FT-TILE-2: a Village offers a palace."""
    state = position()
    put(state, "c3", "yellow")
    state = play(arrive(state, "c2", "c3", "yellow"), "palace")
    assert state.palaces[TRIBES.cell_index["c3"]] == 1 and state.palace_supply == 9


def _market(state: FiveTribesState, *cards: str) -> None:
    """The market's first cards set to ``cards`` (swapped with the deck)."""
    for i, card in enumerate(cards):
        if state.market[i] != card:
            state.deck.remove(card)
            state.deck.append(state.market[i])
            state.market[i] = card


def test_ft_tile_3_small_market_one_of_the_first_three_for_3() -> None:
    """FT-TILE-3: a Small Market sells one of the first 3 cards for 3 coins."""
    state = position()
    _market(state, "gold", "fakir", "gold", "ivory")
    put(state, "c6", "yellow")
    state = arrive(state, "c5", "c6", "yellow")
    assert legal(state) == ["buy fakir", "buy gold", "skip"]
    state = play(state, "buy gold")
    assert state.players[0].coins == 47 and state.players[0].goods == ["gold"]
    assert state.market[:3] == ["fakir", "gold", "ivory"]
    poor = position()
    poor.players[0].coins, poor.bank = 2, poor.bank + 48
    put(poor, "c6", "yellow")
    poor = arrive(poor, "c5", "c6", "yellow")
    assert [e.kind for e in poor.events][-1] == "skip"  # the one option, taken by itself
    poor.agenda = (Task("tile", 0, {"cell": TRIBES.cell_index["c6"]}),)
    assert legal(poor) == ["skip"] and codes(poor, "buy gold") == ["coins_short"]


def test_ft_tile_4_great_market_two_of_the_first_six_for_6() -> None:
    """FT-TILE-4: a Great Market sells two of the first 6 cards for 6 coins."""
    state = position()
    _market(state, "gold", "gold", "silk", "fish", "fish", "fish", "ivory")
    put(state, "d6", "yellow")
    state = arrive(state, "d5", "d6", "yellow")
    assert legal(state) == [
        "buy fish fish", "buy fish gold", "buy fish silk", "buy gold gold", "buy gold silk",
        "skip",
    ]  # fmt: skip
    state = play(state, "buy gold silk")
    assert state.players[0].coins == 44 and sorted(state.players[0].goods) == ["gold", "silk"]


def test_ft_tile_5_sacred_place_djinn_for_two_elders_or_an_elder_and_a_fakir() -> None:
    """FT-TILE-5: a Djinn for 2 Elders, or 1 Elder and 1 Fakir card, both spent."""
    state = position()
    _show(state, "old-sage")
    deal(state, 0, "fakir")
    put(state, "e3", "white")
    state = arrive(state, "e2", "e3", "white")  # 2 Elders into the pool
    display = state.djinn_display
    assert legal(state) == [f"djinn {d} {p}" for p in ("2e", "1e1f") for d in display] + ["skip"]
    state = play(state, "djinn old-sage 1e1f")
    assert state.players[0].djinns == ["old-sage"] and pool(state, 0) == {"white": 1}
    assert state.players[0].fakirs == 0 and state.discard == ["fakir"]
    assert "old-sage" not in state.djinn_display and state.bag[1] == 20 - 1


def test_ft_dj_1_claim_tile_and_tithe() -> None:
    """FT-DJ-1: claiming a free tile with a camel; a rival holding a tithe Djinn is paid 3."""
    state = position()
    _show(state, "land-claimer")
    _own(state, 1, "tithe-taker")
    put(state, "e3", "white", "white")
    state = arrive(state, "e2", "e3", "white")
    state = play(state, "djinn land-claimer 2e")
    assert state.players[1].coins == 53
    assert state.decision == Task("claim", 0)
    assert "claim a1" in legal(state) and codes(state, "claim e2") == []
    state = play(state, "claim a1")
    assert state.camels[0] == 0 and state.players[0].camels == 9  # e3 and a1


def test_ft_dj_1_toll_on_a_rival_tile() -> None:
    """FT-DJ-1: coins when another player's move drops a meeple on your tile."""
    state = position()
    _own(state, 1, "toll-keeper")
    state.camels[TRIBES.cell_index["c2"]] = 1
    state.players[1].camels -= 1
    put(state, "c2", "green")
    put(state, "c1", "green")
    state = arrive(state, "b2", "c2", "green")
    assert state.players[1].coins == 51


def test_ft_dj_1_palaces_palms_seeds_and_fakir_trades() -> None:
    """FT-DJ-1: placing a palace and palm trees on one's tiles, meeples from the bag onto the
    board, Fakir cards traded for market cards."""
    state = position()
    state.camels[0] = state.camels[6] = 0  # a1 and b1
    state.players[0].camels -= 2
    _show(state, "palace-raiser", "grove-planter", "bag-shaker")
    give(state, 0, "white", 6)
    put(state, "e3", "white", "yellow")
    state = arrive(state, "e2", "e3", "white")
    state = play(state, "djinn palace-raiser 2e")
    assert legal(state) == ["raise a1", "raise b1"]
    state = play(state, "raise b1")
    assert state.palaces[6] == 1 and state.palace_supply == 9
    state = ask(state, "tile", 0, cell=TRIBES.cell_index["e3"])
    state = play(state, "djinn grove-planter 2e", "plant a1", "plant a1")
    assert state.palms[0] == 2 and state.palm_supply == 10
    state = ask(state, "tile", 0, cell=TRIBES.cell_index["e3"])
    bag = sum(state.bag)
    state = play(state, "djinn bag-shaker 2e")
    assert state.decision is not None and state.decision.kind == "seed"
    assert len(legal(state)) == 30
    state = play(state, "seed a3", "seed a3", "seed a3")
    assert sum(state.meeples[2]) == 3 and sum(state.bag) == bag + 2 - 3
    trader = position()
    _show(trader, "fakir-broker")
    deal(trader, 0, "fakir", "fakir")
    first = trader.market[0]
    put(trader, "e3", "white", "white")
    trader = play(arrive(trader, "e2", "e3", "white"), "djinn fakir-broker 2e")
    assert legal(trader) == ["trade", "done"]
    trader = play(trader, "trade", "done")
    assert trader.players[0].fakirs == 1 + (first == "fakir")
