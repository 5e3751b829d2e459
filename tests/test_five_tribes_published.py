"""Five Tribes by its published rules (RULES-CHECKLIST 18: FT-PUB-3, FT-PUB-9, FT-PUB-12,
FT-PUB-14, FT-PUB-16, FT-PUB-17, FT-PUB-19, FT-PUB-21, FT-END-1, FT-DJ-1; every Djinn
FT-PUB-DJ-1..22; rulings FT-ENGINE-4, FT-ENGINE-5, FT-ENGINE-8..10).

The grid of ``tribes_positions``: Oases a1-a6, Small Markets b1-b6, c6 and d6, Villages c1-c5,
Sacred Places d1-d5, e5 and e6, Large Markets e1-e4. The blue values are the Villages' and the
Sacred Places'.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

import sankore_rules as sr
from sankore_rules.core.shared import replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.game import FIVE_TRIBES
from sankore_rules.five_tribes.scoring import goods_points
from sankore_rules.five_tribes.state import FiveTribesState, player_to_change
from tribes_positions import (
    TRIBES,
    arrive,
    ask,
    codes,
    deal,
    explicit,
    give,
    legal,
    on,
    own,
    play,
    pool,
    position,
    put,
    show,
)


def _cell(name: str) -> int:
    return int(TRIBES.cell_index[name])


#: The kinds of resource card, as a draw's outcomes list them (sorted).
CARDS = sorted({g.id for g in TRIBES.tables.cards.good} | {"fakir"})


def _picking(player: int = 0) -> FiveTribesState:
    """A position where ``player`` is to pick a tile: a1 and a2 hold a Vizier each."""
    state = position()
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    state.agenda = (Task("pick", player),)
    return state


def _holding(djinn: str, elders: int) -> FiveTribesState:
    """A position where player 0 holds ``djinn`` and ``elders`` Elders."""
    state = position()
    own(state, 0, djinn)
    give(state, 0, "white", elders)
    return state


def _uses(state: FiveTribesState) -> list[str]:
    return [a for a in legal(state) if a.startswith("use ")]


def _control(state: FiveTribesState, player: int, *cells: str) -> None:
    for name in cells:
        state.camels = replaced_at(state.camels, _cell(name), player)
        player_to_change(state, player).camels -= 1


def _assassins_on_c3(state: FiveTribesState, player: int = 0) -> FiveTribesState:
    """``player``'s move ends on c3 with two Assassins, emptying it (its camel goes there)."""
    put(state, "c3", "red")
    return arrive(state, "c2", "c3", "red", player=player)


# ---- the 22 Djinns: their table -----------------------------------------------------------------


def test_ft_pub_17_the_22_djinns_their_points_and_costs() -> None:
    """FT-PUB-17: the 22 published Djinns with their points and what a use of the power costs."""
    table = {d.id: (d.points, d.power.cost.value) for d in TRIBES.tables.djinns.djinn}
    assert table == {
        "al-amin": (5, "none"), "anun-nak": (8, "elder_or_fakir"), "baal": (6, "none"),
        "boaz": (6, "none"), "bouraq": (6, "elder_or_fakir"),
        "echidna": (4, "elder_and_elder_or_fakir"), "enki": (8, "elder_or_fakir"),
        "hagis": (10, "elder_or_fakir"), "haurvatat": (8, "none"), "ibus": (8, "elder_or_fakir"),
        "jafaar": (6, "none"), "kandicha": (6, "none"), "kumarbi": (6, "fakirs"),
        "lamia": (10, "elder_or_fakir"), "leta": (4, "elder_and_elder_or_fakir"),
        "marid": (6, "none"), "monkir": (6, "none"), "nekir": (6, "none"),
        "shamhat": (6, "none"), "sibittis": (4, "elder_and_elder_or_fakir"),
        "sloar": (8, "fakir"), "utug": (4, "elder_and_elder_or_fakir"),
    }  # fmt: skip
    assert {d.source.value for d in TRIBES.tables.djinns.djinn} == {"published"}


# ---- Djinns that work by themselves -----------------------------------------------------------


def test_ft_pub_dj_1_al_amin_two_fakirs_are_a_wild_good() -> None:
    """FT-PUB-DJ-1 Al-Amin (5): at the end every 2 Fakir cards count as one good of any kind."""
    assert goods_points(TRIBES, ["gold", "silk"]) == 3
    assert goods_points(TRIBES, ["gold", "silk"], wild=2) == 13  # a set of 4
    assert goods_points(TRIBES, ["gold", "gold"], wild=1) == 3 + 1  # gold+x, gold
    state = position()
    own(state, 0, "al-amin")
    deal(state, 0, "gold", "silk", "fakir", "fakir", "fakir", "fakir", "fakir")
    line = sr.final_scores(state).players[0].breakdown
    assert (line["goods"], line["djinns"]) == (13, 5)


def test_ft_pub_dj_9_11_19_rates_of_palm_trees_viziers_and_elders() -> None:
    """FT-PUB-DJ-9 Haurvatat (8): palm trees 5 each; FT-PUB-DJ-11 Jafaar (6): Viziers 3 each;
    FT-PUB-DJ-19 Shamhat (6): Elders 4 each."""
    state = position()
    _control(state, 0, "a1")
    state.palms, state.palm_supply = replaced_at(state.palms, 0, 2), 10
    give(state, 0, "yellow", 2)
    give(state, 0, "white", 3)
    before = sr.final_scores(state).players[0].breakdown
    assert (before["palms"], before["viziers"], before["elders"]) == (6, 2, 6)
    own(state, 0, "haurvatat", "jafaar", "shamhat")
    after = sr.final_scores(state).players[0].breakdown
    assert (after["palms"], after["viziers"], after["elders"]) == (10, 6, 12)
    assert after["djinns"] == 8 + 6 + 6


def test_ft_pub_dj_3_baal_coins_when_a_djinn_is_taken() -> None:
    """FT-PUB-DJ-3 Ba'al (6): 2 coins when a rival takes a Djinn, 1 when its owner does; taking
    Ba'al itself pays nothing."""
    state = position()
    own(state, 1, "baal")
    show(state, "jafaar", "shamhat")
    put(state, "d3", "white", "white", "white")
    state = arrive(state, "d2", "d3", "white")  # 4 Elders
    state = play(state, "djinn jafaar 2e")
    assert state.players[1].coins == 52
    state = state.clone()  # a sealed state is edited as a draft
    give(state, 1, "white", 2)
    state = play(ask(state, "tile", 1, cell=_cell("d3")), "djinn shamhat 2e")
    assert state.players[1].coins == 53
    fresh = position()
    show(fresh, "baal")
    give(fresh, 1, "white", 2)
    fresh = play(ask(fresh, "tile", 1, cell=_cell("d3")), "djinn baal 2e")
    assert fresh.players[1].coins == 50


def test_ft_pub_dj_4_boaz_shields_viziers_and_elders() -> None:
    """FT-PUB-DJ-4 Boaz (6): the owner's Viziers and Elders cannot be killed."""
    state = position()
    give(state, 1, "yellow", 1)
    put(state, "d3", "green")
    shielded = state.clone()
    own(shielded, 1, "boaz")
    assert legal(_assassins_on_c3(state)) == ["kill p1 yellow", "kill d3 green"]
    shielded = _assassins_on_c3(shielded)
    assert shielded.decision is None  # the one victim, d3's Merchant, killed by itself
    assert pool(shielded, 1) == {"yellow": 1} and on(shielded, "d3") == {}


def test_ft_pub_dj_12_kandicha_the_victims_pay() -> None:
    """FT-PUB-DJ-12 Kandicha (6): a killed Vizier or Elder joins the killer's pool, a Merchant
    brings the top resource card, a Builder its coins (blue tiles around its tile)."""
    base = position()
    own(base, 0, "kandicha")
    give(base, 1, "yellow", 1)
    put(base, "d3", "white", "green", "blue")
    elder = play(_assassins_on_c3(base.clone()), "kill d3 white")
    assert pool(elder, 0) == {"white": 1} and elder.bag[1] == base.bag[1]
    vizier = play(_assassins_on_c3(base.clone()), "kill p1 yellow")
    assert pool(vizier, 0) == {"yellow": 1} and pool(vizier, 1) == {}
    merchant = _assassins_on_c3(explicit(base.clone()))
    merchant = play(merchant, "kill d3 green")
    # The card is a chance step of the resource deck: one outcome per kind of card left.
    assert merchant.current_player == sr.CHANCE
    assert [str(a) for a, _ in sr.chance_outcomes(merchant)] == [f"draw {c}" for c in CARDS]
    merchant = play(merchant, "draw ivory")
    held = merchant.players[0]
    assert (held.goods, held.fakirs) == (("ivory",), 0)
    assert (merchant.events[0].kind, merchant.events[0].detail) == ("drew", {"card": "ivory"})
    builder = play(_assassins_on_c3(base.clone()), "kill d3 blue")
    # Around d3: c2, c3, c4, d2, d3, d4 are blue; e2, e3, e4 red.
    assert builder.players[0].coins == 50 + 6


def test_ft_pub_dj_16_marid_coins_for_drops_on_ones_tiles() -> None:
    """FT-PUB-DJ-16 Marid (6): a meeple dropped on the owner's tile pays 2 coins when a rival
    moved it, 1 when the owner did."""
    state = position()
    own(state, 1, "marid")
    _control(state, 1, "c2")
    put(state, "c1", "green")
    rival = arrive(state.clone(), "c2", "c1", "green")  # c2 is only where the move came from
    assert rival.players[1].coins == 50
    put(state, "c2", "green")
    rival = arrive(state.clone(), "b2", "c2", "green")
    assert rival.players[1].coins == 52
    owner = arrive(state.clone(), "b2", "c2", "green", player=1)
    assert owner.players[1].coins == 51


def test_ft_pub_dj_17_monkir_coins_for_palaces() -> None:
    """FT-PUB-DJ-17 Monkir (6): each palace placed pays 2 coins when a rival placed it, 1 when
    the owner did."""
    state = position()
    own(state, 1, "monkir")
    put(state, "c3", "yellow")
    rival = arrive(state.clone(), "c2", "c3", "yellow")
    assert rival.palaces[_cell("c3")] == 1 and rival.players[1].coins == 52
    owner = arrive(state.clone(), "c2", "c3", "yellow", player=1)
    assert owner.players[1].coins == 51


def test_ft_pub_dj_18_nekir_coins_for_kills() -> None:
    """FT-PUB-DJ-18 Nekir (6): each meeple killed pays 2 coins when a rival's Assassins killed
    it, 1 when the owner's did."""
    state = position()
    own(state, 1, "nekir")
    put(state, "d3", "green", "green")
    put(state, "b3", "yellow")
    rival = play(_assassins_on_c3(state.clone()), "kill d3 green")
    assert rival.players[1].coins == 52
    owner = play(_assassins_on_c3(state.clone(), player=1), "kill d3 green")
    assert owner.players[1].coins == 51


# ---- Djinns whose power is used, paid for --------------------------------------------------


def test_ft_pub_dj_2_anun_nak_three_meeples_on_an_empty_tile() -> None:
    """FT-PUB-DJ-2 Anun-Nak (8), an Elder or a Fakir: 3 meeples from the bag onto an empty tile
    (no camel, meeple, palm tree or palace)."""
    state = _picking()
    own(state, 0, "anun-nak")
    give(state, 0, "white", 1)
    _control(state, 1, "e6")
    state.palms, state.palm_supply = replaced_at(state.palms, _cell("e5"), 1), 11
    assert _uses(state) == ["use anun-nak 1e"]
    bag = sum(state.bag)
    state = play(state, "use anun-nak 1e")
    assert state.decision == Task("fill", 0, {"djinn": 1})
    assert legal(state) == [f"fill {c}" for c in TRIBES.cells if c not in ("a1", "a2", "e5", "e6")]
    state = play(state, "fill c3")
    assert sum(state.meeples[_cell("c3")]) == 3 and sum(state.bag) == bag + 1 - 3
    assert pool(state, 0) == {} and state.decision == Task("pick", 0)
    assert _uses(state) == [] and codes(state, "use anun-nak 1f") == ["power_used"]


def test_ft_pub_dj_5_bouraq_a_palace_on_any_village() -> None:
    """FT-PUB-DJ-5 Bouraq (6), an Elder or a Fakir: a palace from the supply on any Village."""
    state = _picking()
    own(state, 0, "bouraq")
    deal(state, 0, "fakir")
    assert _uses(state) == ["use bouraq 1f"]
    state = play(state, "use bouraq 1f")
    assert legal(state) == ["raise c1", "raise c2", "raise c3", "raise c4", "raise c5"]
    state = play(state, "raise c4")
    assert state.palaces[_cell("c4")] == 1 and state.palace_supply == 9
    assert state.players[0].fakirs == 0 and state.discard == ("fakir",)


def test_ft_pub_dj_7_enki_a_palm_tree_on_any_oasis() -> None:
    """FT-PUB-DJ-7 Enki (8), an Elder or a Fakir: a palm tree from the supply on any Oasis."""
    state = _picking()
    own(state, 0, "enki")
    give(state, 0, "white", 1)
    state = play(state, "use enki 1e")
    assert legal(state) == [f"plant a{n}" for n in range(1, 7)]
    state = play(state, "plant a4")
    assert state.palms[_cell("a4")] == 1 and state.palm_supply == 11 and pool(state, 0) == {}


def test_ft_pub_dj_6_echidna_doubles_the_builders_coins() -> None:
    """FT-PUB-DJ-6 Echidna (4), an Elder and an Elder or a Fakir: the Builders' coins doubled."""
    state = _holding("echidna", 2)
    put(state, "c3", "blue")
    state = arrive(state, "c2", "c3", "blue")
    assert legal(state) == ["fakirs 0", "use echidna 2e"]
    state = play(state, "use echidna 2e")  # then "fakirs 0", the one option, by itself
    assert state.players[0].coins == 50 + 6 * 2 * 2 and pool(state, 0) == {}
    plain = position()
    put(plain, "c3", "blue")
    assert arrive(plain, "c2", "c3", "blue").players[0].coins == 50 + 6 * 2


def test_ft_pub_dj_8_hagis_the_villages_palace_next_door() -> None:
    """FT-PUB-DJ-8 Hagis (10), an Elder or a Fakir: the Village's palace goes on a tile around
    (any other palace placed too: ruling FT-ENGINE-11, test_five_tribes_rulebook)."""
    state = _holding("hagis", 1)
    put(state, "c3", "yellow")
    state = arrive(state, "c2", "c3", "yellow")
    assert legal(state) == ["palace", "use hagis 1e"]
    state = play(state, "use hagis 1e")
    assert legal(state) == [f"place {c}" for c in ("b2", "b3", "b4", "c2", "c4", "d2", "d3", "d4")]
    state = play(state, "place b3")
    assert state.palaces[_cell("b3")] == 1 and state.palaces[_cell("c3")] == 0


def test_ft_pub_dj_14_lamia_the_oasis_palm_tree_next_door() -> None:
    """FT-PUB-DJ-14 Lamia (10), an Elder or a Fakir: the Oasis's palm tree goes on a tile around
    (any other palm tree placed too: ruling FT-ENGINE-11)."""
    state = position()
    own(state, 0, "lamia")
    deal(state, 0, "fakir")
    put(state, "a2", "yellow")
    state = arrive(state, "a1", "a2", "yellow")
    assert legal(state) == ["palm", "use lamia 1f"]
    state = play(state, "use lamia 1f", "place b2")
    assert state.palms[_cell("b2")] == 1 and state.palms[_cell("a2")] == 0


def test_ft_pub_dj_10_ibus_two_victims_in_one_place() -> None:
    """FT-PUB-DJ-10 Ibus (8), an Elder or a Fakir: the Assassins kill two meeples of one tile;
    a tile they empty takes a camel, after the move's tile."""
    state = _holding("ibus", 1)
    put(state, "d3", "green", "white")
    put(state, "b3", "yellow")
    state = _assassins_on_c3(state)
    assert legal(state) == ["kill b3 yellow", "kill d3 white", "kill d3 green", "use ibus 1e"]
    state = play(state, "use ibus 1e")
    assert state.decision == Task("kill", 0, {"cell": _cell("c3"), "reach": 2, "kills": 2})
    state = play(state, "kill d3 green")  # the second victim, d3's Elder, by itself
    assert on(state, "d3") == {} and on(state, "b3") == {"yellow": 1}
    assert state.camels[_cell("c3")] == 0 and state.camels[_cell("d3")] == 0
    assert state.players[0].camels == 9


def test_ft_pub_dj_13_kumarbi_fakirs_lower_the_bid() -> None:
    """FT-PUB-DJ-13 Kumarbi (6), one Fakir or more: each makes the bid cost one step less."""
    state = position()
    own(state, 0, "kumarbi")
    deal(state, 0, "fakir", "fakir")
    state.bid_order_track = [0, 1, 2, 3]
    state = ask(state, "auction", -1)
    assert state.decision == Task("bid", 0, {"marker": 0, "discount": 0})
    assert _uses(state) == ["use kumarbi 1f", "use kumarbi 2f"]
    state = play(state, "use kumarbi 2f", "bid 5")  # 5, two steps down: 3, 1
    assert state.players[0].coins == 49 and state.discard == ("fakir", "fakir")
    assert state.turn_order_track[5] == 0
    # The second marker's bid is in the same auction: the power is spent (FT-PUB-16).
    assert state.decision is not None and _uses(state) == []


def test_ft_pub_dj_15_leta_a_camel_on_an_empty_tile() -> None:
    """FT-PUB-DJ-15 Leta (4), an Elder and an Elder or a Fakir: a camel on an empty tile."""
    state = _picking()
    own(state, 0, "leta")
    give(state, 0, "white", 1)
    deal(state, 0, "fakir")
    assert _uses(state) == ["use leta 1e1f"]
    state = play(state, "use leta 1e1f")
    assert "claim a1" not in legal(state) and len(legal(state)) == 28
    state = play(state, "claim e6")
    assert state.camels[_cell("e6")] == 0 and state.players[0].camels == 10


def test_ft_pub_dj_22_utug_a_camel_on_a_tile_of_meeples() -> None:
    """FT-PUB-DJ-22 Utug (4), an Elder and an Elder or a Fakir: a camel on a tile holding
    meeples and no camel, palm tree or palace."""
    state = _picking()
    own(state, 0, "utug")
    give(state, 0, "white", 2)
    state.palms, state.palm_supply = replaced_at(state.palms, 0, 1), 11
    state = play(state, "use utug 2e")  # a2, the one tile it may claim, is claimed by itself
    assert state.camels[_cell("a2")] == 0 and on(state, "a2") == {"yellow": 1}


def test_ft_pub_dj_20_sibittis_draw_three_keep_one() -> None:
    """FT-PUB-DJ-20 Sibittis (4), an Elder and an Elder or a Fakir: the top 3 Djinns drawn, one
    kept, the others discarded face up (ruling FT-ENGINE-10)."""
    state = explicit(_picking())
    own(state, 0, "sibittis")
    give(state, 0, "white", 2)
    state = play(state, "use sibittis 2e")
    # Three chance steps of the Djinn deck, each Djinn left one outcome, equally likely.
    assert sr.chance_outcomes(state) == [
        (sr.Action("draw", (d,)), 1 / 18) for d in state.djinn_deck
    ]
    state = play(state, "draw marid", "draw baal", "draw jafaar")
    assert legal(state) == ["keep marid", "keep baal", "keep jafaar"]
    state = play(state, "keep baal")
    assert state.players[0].djinns == ("sibittis", "baal")
    assert state.djinn_discard == ("marid", "jafaar")
    assert state.decision == Task("pick", 0)


def test_ft_pub_dj_21_sloar_the_top_resource_card() -> None:
    """FT-PUB-DJ-21 Sloar (8), a Fakir: the top card of the resource deck."""
    state = explicit(_picking())
    own(state, 0, "sloar")
    deal(state, 0, "fakir")
    state = play(state, "use sloar 1f")
    left = Counter(state.deck)
    assert sr.chance_outcomes(state) == [(sr.Action("draw", (c,)), left[c] / 44) for c in CARDS]
    state = play(state, "draw fakir")
    held = state.players[0]
    assert (held.goods, held.fakirs) == ((), 1)
    assert state.discard == ("fakir",) and len(state.deck) == 45 - 1 - 1


# ---- when a power may be used ----------------------------------------------------------------


def test_ft_pub_16_once_a_turn_on_ones_turn_and_at_once_when_taken() -> None:
    """FT-PUB-16, ruling FT-ENGINE-8: a Djinn taken may be used in the same turn; its power once
    a round (the rulebook's turn), so its owner's next turn of the round does not allow it
    again; a power is never offered in another's decision."""
    state = position()
    show(state, "sloar")
    deal(state, 0, "fakir", "fakir", "gold")
    put(state, "d3", "white")
    state = arrive(state, "d2", "d3", "white")
    state = play(state, "djinn sloar 2e")
    assert state.decision is not None and state.decision.kind == "sell"
    assert legal(state) == ["sell gold", "use sloar 1f", "end"]
    state = play(state, "use sloar 1f")
    assert "use sloar 1f" not in legal(state)
    assert codes(state, "use sloar 1f") == ["power_used"]
    state = play(state, "end")
    assert state.used_powers == ("sloar",)
    state = state.clone()  # a sealed state is edited as a draft
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    state.bid_order_track = [None, 1, 2, 3]
    state.turn_order_track = [0, None, None, None, None, None, None, None, None]
    state = ask(state, "turn", 0, marker=0)
    assert state.used_powers == ("sloar",) and _uses(state) == []
    assert codes(state, "use sloar 1f") == ["power_used"]
    rival = state.clone()
    rival.used_powers = ()
    rival.agenda = (Task("sell", 1),)
    assert legal(rival) == ["end"]
    assert codes(rival, "use sloar 1f") == ["not_held"]


# ---- the published rules -----------------------------------------------------------------------


def test_ft_pub_3_hidden_coins_and_the_sampler_redraws_them() -> None:
    """FT-PUB-3, ruling FT-ENGINE-9: a player sees only their own coins; the sampler redraws the
    others' (within 10 of the viewer's own) and the bank, and the view is unchanged."""
    state = sr.new_game(players=3, seed=5, game="five_tribes")
    state = play(state, "bid 8", "bid 3")
    mine = state.players[2].coins
    view = sr.observation(state, 2)
    assert [p["coins"] for p in view["players"]] == [None, None, mine]
    assert view["bank"] is None
    text = FIVE_TRIBES.seat_text(TRIBES, state, 2)
    assert f"P2: {mine} coins" in text and "P0: ? coins" in text and "bank ? coins" in text
    assert f"P0: {state.players[0].coins} coins" in FIVE_TRIBES.text(TRIBES, state)
    sampler = FIVE_TRIBES.sampler(TRIBES, view)
    rng = random.Random(1)
    samples = [sampler.sample(rng) for _ in range(20)]
    for sample in samples:
        assert sr.observation(sample, 2) == view
        assert sum(p.coins for p in sample.players) + sample.bank == 1000
        assert sample.players[2].coins == mine
        assert all(mine - 10 <= p.coins <= mine + 10 for p in sample.players[:2])
        assert sr.from_json(sr.to_json(sample)) == sample
    assert len({(s.players[0].coins, s.players[1].coins) for s in samples}) > 1


def test_ft_pub_9_a_tile_emptied_again_keeps_its_owner() -> None:
    """FT-PUB-9: emptying a tile another player controls leaves their camel there."""
    state = position()
    _control(state, 1, "c3")
    put(state, "c3", "yellow")
    state = arrive(state, "c2", "c3", "yellow")
    assert on(state, "c3") == {} and state.camels[_cell("c3")] == 1
    assert state.players[0].camels == 11


def test_ft_pub_12_the_kill_takes_a_tile_only_with_a_camel_left() -> None:
    """FT-PUB-12, ruling FT-AMB-5: the move's tile takes the last camel first; the tile the kill
    empties then stays free."""
    state = position()
    state.players[0].camels = 1
    for cell in (*range(6), *range(24, 28)):  # a1-a6 and e1-e4
        state.camels = replaced_at(state.camels, cell, 0)
    put(state, "d3", "green")
    state = _assassins_on_c3(state)  # d3's Merchant, the one victim, is killed by itself
    assert state.camels[_cell("c3")] == 0 and state.players[0].camels == 0
    assert on(state, "d3") == {} and state.camels[_cell("d3")] is None
    assert state.end_cause == "last_camel"


def test_ft_pub_14_the_large_market_asks_6_for_the_last_card() -> None:
    """FT-PUB-14: with one card left, the Large Market still asks 6 coins for it."""
    state = position()
    state.deck += state.market[1:]
    state.market = state.market[:1]
    card = state.market[0]
    state.agenda = (Task("tile", 0, {"cell": _cell("e1")}),)
    assert legal(state) == [f"buy {card}", "skip"]
    state = play(state, f"buy {card}")
    assert state.players[0].coins == 44 and state.market == ()


def test_ft_pub_19_and_ft_engine_4_the_djinn_deck_is_rebuilt_from_its_discards() -> None:
    """FT-PUB-19, ruling FT-ENGINE-4: an empty Djinn deck takes the discarded Djinns (no order:
    the display's next Djinn is drawn from them) when the display is refilled."""
    state = position()
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    state.djinn_discard = (*state.djinn_deck, state.djinn_display[-1])
    state.djinn_display = state.djinn_display[:-1]
    state.djinn_deck = []
    discarded = sorted(state.djinn_discard)
    state.bid_order_track = [0, 1, 2, 3]
    state = ask(state, "round_end", -1)
    assert len(state.djinn_display) == 3 and state.djinn_discard == ()
    assert sorted(state.djinn_display[2:] + state.djinn_deck) == discarded
    assert len(state.djinn_deck) == 19 and state.round == 2
    assert [e.detail for e in state.events if e.kind == "reshuffled"] == [{"djinns": 20}]


def test_ft_pub_21_and_ft_engine_5_djinn_powers_after_the_last_move() -> None:
    """FT-PUB-21, ruling FT-ENGINE-5: the player who cannot move, and every player after, may
    still use their Djinns' powers; then the round, and the game, end with no new bid."""
    state = position()
    put(state, "a1", "yellow")
    put(state, "e6", "white")
    own(state, 0, "sloar")
    own(state, 1, "enki")
    deal(state, 0, "fakir")
    give(state, 1, "white", 1)
    state.bid_order_track = [None, 1, None, 3]  # markers 0, 1 are P0's; 2, 3 P1's
    state.turn_order_track = [0, 2, None, None, None, None, None, None, None]
    state.agenda = (Task("round_end", -1), Task("turn", 1, {"marker": 2}))
    state = ask(state, "turn", 0, marker=0)
    assert state.end_triggered and state.end_cause == "no_move" and not state.game_over
    assert state.decision == Task("powers", 0)
    assert legal(state) == ["use sloar 1f", "end"]
    assert codes(state, "pick a1") != []
    state = play(state, "use sloar 1f")  # then "end", the one option left, by itself
    assert state.decision == Task("powers", 1)
    assert legal(state) == ["use enki 1e", "end"]
    state = play(state, "use enki 1e", "plant a3")  # then "end", by itself
    assert state.game_over and state.round == 1 and state.palms[_cell("a3")] == 1
    assert [p.coins for p in state.players] == [50, 50]


def test_ft_end_1_a_round_leaving_no_move_ends_before_the_next_auction() -> None:
    """FT-END-1, FT-PUB-21, ruling FT-ENGINE-5: when a round's last move leaves no legal move,
    the game ends at that round's end: no auction, no bid, no coin paid. With a move left, the
    next round's auction begins."""
    state = position(players=4)
    put(state, "a1", "yellow")
    put(state, "e6", "white")
    state.bid_order_track = [0, 1, 2, 3]
    ended = ask(state.clone(), "round_end", -1)
    assert ended.game_over and ended.end_cause == "no_move" and ended.round == 1
    assert [p.coins for p in ended.players] == [50] * 4 and ended.bank == 800
    assert [e.kind for e in ended.events][-2:] == ["end_triggered", "game_over"]
    assert not any(e.kind == "bid" for e in ended.events)
    put(state, "a2", "yellow")
    going = ask(state, "round_end", -1)
    assert not going.game_over and going.round == 2
    assert going.decision is not None and going.decision.kind == "bid"


def test_a_random_game_with_every_power_used_stays_sound() -> None:
    """Played at random, preferring Djinn powers: every state reads back from its JSON and every
    decision lists only actions the action space numbers (FT-DJ-1)."""
    space = FIVE_TRIBES.action_space(TRIBES)
    used: set[str] = set()
    for seed in range(8):
        state = sr.new_game(players=2 + seed % 3, seed=seed, game="five_tribes")
        rng = random.Random(seed)
        while not sr.is_terminal(state):
            options = sr.legal_actions(state)
            uses = [o for o in options if o.kind == "use"]
            action = rng.choice(uses or options)
            assert all(space.index(o) >= 0 for o in options)
            if action.kind == "use":
                used.add(action.args[0])
            state = sr.apply(state, action)
            assert sr.from_json(sr.to_json(state)) == state
    assert len(used) >= 5


@pytest.mark.parametrize("word", ["use sloar", "use nobody 1f", "use sloar 9x"])
def test_a_malformed_use_is_refused_and_changes_nothing(word: str) -> None:
    """A ``use`` naming nothing (no payment, an unknown Djinn, an unreadable payment) is
    refused with the options listed, and the state is unchanged."""
    state = _picking()
    own(state, 0, "sloar")
    deal(state, 0, "fakir")
    before = sr.to_json(state)
    assert codes(state, word) == ["no_such_option"]
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, word)
    assert sr.to_json(state) == before


def test_ft_pub_3_the_sampler_keeps_the_discarded_djinns_seen() -> None:
    """FT-PUB-3, ruling FT-ENGINE-10: after a draw_djinns power the discarded Djinns are seen;
    the sampler's Djinn deck holds the others only, and every sample is a sound state."""
    state = _picking()
    own(state, 0, "sibittis")
    give(state, 0, "white", 2)
    state = play(state, "use sibittis 2e")
    drawn = state.djinn_discard
    state = play(state, f"keep {drawn[0]}")
    view = sr.observation(state, 1)
    assert len(view["djinn_discard"]) == 2 and view["djinn_deck"] == 22 - 3 - 1 - 3
    sample = FIVE_TRIBES.sampler(TRIBES, view).sample(random.Random(3))
    assert sorted(sample.djinn_deck) == sorted(state.djinn_deck)
    assert sr.observation(sample, 1) == view
    assert sr.from_json(sr.to_json(sample)) == sample
