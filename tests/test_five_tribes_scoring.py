"""Five Tribes scoring (RULES-CHECKLIST 18: FT-SC-1..8, FT-ACT-9, FT-PUB-18, FT-PUB-22; rulings
FT-AMB-6, FT-ENGINE-6)."""

from __future__ import annotations

import sankore_rules as sr
from sankore_rules.core.shared import removed, replaced_at
from sankore_rules.five_tribes.scoring import goods_points
from sankore_rules.five_tribes.state import FiveTribesState
from tribes_positions import TRIBES, ask, deal, give, own, play, position


def _sheet() -> FiveTribesState:
    """Three players: P0 and P1 tie on 68 points, P1 with more coins left."""
    state = position(players=3)
    p0, p1, p2 = state.players
    # P0: 10 coins, 3 Viziers, 2 Elders, Kumarbi (6), a1 (Oasis, 8) with a palm tree,
    # c1 (Village, 5) with a palace, goods gold, silk, gold. The Djinns here change no rate.
    p0.coins, p1.coins, p2.coins = 10, 22, 0
    state.bank = 1000 - 32
    give(state, 0, "yellow", 3)
    give(state, 0, "white", 2)
    give(state, 1, "yellow", 1)
    give(state, 2, "yellow", 1)
    own(state, 0, "kumarbi")
    own(state, 1, "hagis", "lamia")
    for cell, seat in (("a1", 0), ("c1", 0), ("d5", 1), ("e5", 1)):
        state.camels = replaced_at(state.camels, TRIBES.cell_index[cell], seat)
        state.players[seat].camels -= 1
    state.palms = replaced_at(state.palms, TRIBES.cell_index["a1"], 1)
    state.palaces = replaced_at(state.palaces, TRIBES.cell_index["c1"], 1)
    # On a tile nobody controls: worth nothing.
    state.palms = replaced_at(state.palms, TRIBES.cell_index["b5"], 1)
    state.palm_supply -= 2
    state.palace_supply -= 1
    deal(state, 0, "gold", "silk", "gold")
    deal(state, 1, "fish", "wheat")
    return state


def test_ft_sc_1_to_7_every_source_of_points() -> None:
    """FT-SC-1 coins, FT-SC-2 Viziers and 10 per opponent with fewer, FT-SC-3 Elders 2 each,
    FT-SC-4 Djinns, FT-SC-5 controlled tiles, FT-SC-6 palms 3 and palaces 5 on them, FT-SC-7
    goods in sets (gold+silk 3, gold 1)."""
    scores = sr.final_scores(_sheet())
    assert scores.players[0].breakdown == {
        "coins": 10,
        "viziers": 3,
        "elders": 4,
        "vizier_bonus": 20,
        "djinns": 6,
        "tiles": 8 + 5,
        "palms": 3,
        "palaces": 5,
        "goods": 4,
    }
    assert scores.players[1].breakdown == {
        "coins": 22,
        "viziers": 1,
        "elders": 0,
        "vizier_bonus": 0,
        "djinns": 20,
        "tiles": 10 + 12,
        "palms": 0,
        "palaces": 0,
        "goods": 3,
    }
    assert [p.total for p in scores.players] == [68, 68, 1]


def test_ft_sc_8_ft_pub_22_and_ft_engine_6_a_tie_is_shared() -> None:
    """FT-SC-8, FT-PUB-22, ruling FT-ENGINE-6: the highest total wins; a tie is shared, however
    many coins each has left (P1 holds 12 more than P0 here)."""
    state = _sheet()
    scores = sr.final_scores(state)
    assert scores.winners == (0, 1)
    assert [p.winner for p in scores.players] == [True, True, False]
    assert "share" in scores.tie_break and "coins" not in scores.tie_break
    state.players[0].coins, state.players[1].coins = 15, 15
    state.players[0].goods = (*state.players[0].goods, "pottery")
    state.deck = removed(state.deck, "pottery")
    # P0: 68 + 5 coins + 4 (gold+silk+pottery 7 and gold 1 = 8, not 4); P1: 68 - 7.
    scores = sr.final_scores(state)
    assert [p.total for p in scores.players] == [77, 61, 1]
    assert scores.winners == (0,)


def test_ft_sc_7_the_set_table_at_its_ends() -> None:
    """FT-SC-7: 1 card 1, 2 different 3, all 9 different 60; doubles start a second set."""
    goods = list(TRIBES.goods)
    assert goods_points(TRIBES, goods[:1]) == 1
    assert goods_points(TRIBES, goods[:2]) == 3
    assert goods_points(TRIBES, goods) == 60
    assert goods_points(TRIBES, [*goods, goods[0], goods[1]]) == 60 + 3
    assert goods_points(TRIBES, []) == 0


def test_ft_act_9_and_ft_amb_6_a_sold_set_pays_its_value_and_is_discarded() -> None:
    """FT-ACT-9, FT-PUB-18, ruling FT-AMB-6: a set sells for the table's value in coins; the
    cards go to the discard pile; the player may sell again or end."""
    state = position()
    deal(state, 0, "gold", "silk", "spice", "gold")
    state = play(ask(state, "sell", 0), "sell gold+silk+spice")
    assert state.players[0].coins == 57 and state.players[0].goods == ("gold",)
    assert state.discard == ("gold", "silk", "spice")
    state = play(state, "sell gold")
    assert state.players[0].coins == 58 and state.decision is None
