"""Five Tribes read as the published game reads as a whole (issue 43): a paid Djinn power once a
round, at any point of its owner's turn; Hagis and Lamia on every placement of their piece; the
tracks and the market by the rulebook's names; a foreign id among a player's Djinns refused.

Rulings FT-ENGINE-8 (when and how often a paid power is used), FT-ENGINE-11 (the nearby powers
on every placement), FT-AMB-7 (the names), FT-PUB-16, FT-PUB-DJ-5, -7, -8, -14, -21. The grid is
``tribes_positions``' (Oases a1-a6, Small Markets b1-b6, Villages c1-c5).

The rulebook's words quoted are short phrases of the published rulebook; the Djinn cards' words
are those the peer implementation (otac0n/GameTheory) gives each card.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import sankore_rules as sr
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.display.words import describe_events
from sankore_rules.five_tribes.game import FIVE_TRIBES
from sankore_rules.five_tribes.state import FiveTribesState
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
)

DOCS = Path(__file__).resolve().parents[1] / "docs" / "five-tribes"


def _cell(name: str) -> int:
    return int(TRIBES.cell_index[name])


def _goods_first(state: FiveTribesState) -> None:
    """The market row with its goods before its Fakirs (the same cards), so what a market or
    the Merchants take shows among the goods held."""
    state.market = tuple(sorted(state.market, key=lambda card: card == "fakir"))


# ---- a paid power: once a round -----------------------------------------------------------------


def _two_player_round() -> FiveTribesState:
    """2 players, P0 holding Sloar and 3 Fakirs; the auction of round 1 is pending.

    Pairs of Viziers lie so that each move below has one way only: a1-a2, a5-a6 (Oases),
    c1-c2, c4-c5 (Villages), and e5-e6 for the next round.
    """
    state = position()
    own(state, 0, "sloar")
    deal(state, 0, "fakir", "fakir", "fakir")
    for first, second in (("a1", "a2"), ("a5", "a6"), ("c1", "c2"), ("c4", "c5"), ("e5", "e6")):
        put(state, first, "yellow")
        put(state, second, "yellow")
    state.bid_order_track = [0, 1, 2, 3]  # markers 0, 1 are P0's; 2, 3 P1's
    return ask(state, "auction", -1)


def test_a_two_player_owner_uses_sloar_once_a_round_and_again_the_next_round() -> None:
    """FT-PUB-16, ruling FT-ENGINE-8, FT-PUB-DJ-21 Sloar. The rulebook's "Turn" is the round:
    "the beginning of all new turns, all players must bid", and with two players "each player
    will play two times per turn"; a paid power is used "once per turn". So P0's two markers
    share one use of Sloar in round 1, and round 2 gives it back."""
    state = play(_two_player_round(), "bid 8", "bid 5", "bid 3", "bid 1")
    assert state.decision == Task("pick", 0)
    state = play(state, "use sloar 1f", "pick a1")  # a1's Vizier to a2, the only way
    # The seed's draws: what Sloar draws in round 1, then in round 2.
    assert state.players[0].goods == ("pottery",) and state.players[0].fakirs == 2
    state = play(state, "end")
    # P0's second marker, same round: Sloar stays spent.
    assert state.decision == Task("pick", 0)
    assert [a for a in legal(state) if a.startswith("use")] == []
    assert codes(state, "use sloar 1f") == ["power_used"]
    assert state.used_powers == ("sloar",)
    state = play(state, "pick a5", "end", "pick c1", "pick c4")
    # Round 2: its auction has emptied the powers used.
    assert state.round == 2 and state.used_powers == ()
    assert state.decision == Task("bid", 0, {"marker": 0, "discount": 0})
    state = play(state, "bid 8", "bid 5", "bid 3", "bid 1")
    assert legal(state) == ["pick e5", "pick e6", "use sloar 1f"]
    state = play(state, "use sloar 1f")
    assert state.players[0].goods == ("pottery", "fish") and state.players[0].fakirs == 1


# ---- a paid power: at any point of its owner's turn ---------------------------------------------


def test_sloar_after_the_move_and_before_the_tribe_action() -> None:
    """Ruling FT-ENGINE-8: the rulebook allows a power "only during the turn of the player who
    controls the Djinn" and names no narrower moment. After the move (2.2) and the tile control
    check (2.3), before the Merchants act (2.4), P0 draws with Sloar: the card drawn comes
    before the two market cards the Merchants take."""
    state = position()
    own(state, 0, "sloar")
    deal(state, 0, "fakir")
    put(state, "c3", "green")
    _goods_first(state)
    first, second = state.market[:2]
    state = arrive(explicit(state), "c2", "c3", "green")
    assert state.decision == Task("tribe", 0, {"cell": _cell("c3"), "colour": 2, "count": 2})
    assert legal(state) == ["tribe", "use sloar 1f"]
    assert state.camels[_cell("c3")] == 0  # the control check came first
    state = play(state, "use sloar 1f")
    assert (
        state.current_player == sr.CHANCE and str(sr.chance_outcomes(state)[0][0]) == "draw fakir"
    )
    state = play(state, "draw fish")  # then "tribe", the one option left, by itself
    held = state.players[0]
    assert held.goods == ("fish", first, second) and held.fakirs == 0
    # The Village's palace followed (compulsory), then the sale.
    assert state.palaces[_cell("c3")] == 1 and state.decision == Task("sell", 0)


def test_without_a_usable_power_the_tribe_acts_by_itself() -> None:
    """Ruling FT-ENGINE-8: the ``tribe`` decision is asked only when a power could be used first;
    otherwise the Merchants take their cards at once, as before."""
    state = position()
    put(state, "c3", "green")
    _goods_first(state)
    first, second = state.market[:2]
    state = arrive(state, "c2", "c3", "green")
    assert state.players[0].goods == (first, second)
    assert [e.kind for e in state.events][:4] == ["drop", "take", "camel", "cards"]


def test_a_power_before_buying_at_a_market() -> None:
    """Ruling FT-ENGINE-8: at a Small Market, Sloar may be used before the purchase (the tile's
    action comes back after it), and the card it draws is no card of the market row."""
    state = position()
    own(state, 0, "sloar")
    deal(state, 0, "fakir")
    put(state, "b3", "yellow")
    _goods_first(state)
    state = arrive(explicit(state), "b2", "b3", "yellow")
    state = play(state, "tribe")
    shown = state.market[:3]
    assert legal(state) == [*(f"buy {c}" for c in sorted(set(shown))), "skip", "use sloar 1f"]
    state = play(state, "use sloar 1f", "draw fish")
    assert state.decision == Task("tile", 0, {"cell": _cell("b3")})
    state = play(state, f"buy {shown[0]}")
    assert state.players[0].goods == ("fish", shown[0]) and state.players[0].coins == 47


def test_a_power_never_replaces_a_compulsory_tile_action() -> None:
    """FT-PUB-13, ruling FT-ENGINE-8: at an Oasis, Sloar may come first, but the palm tree is
    still placed; ``skip`` is not offered."""
    state = position()
    own(state, 0, "sloar")
    deal(state, 0, "fakir")
    put(state, "a3", "yellow")
    state = play(arrive(state, "a2", "a3", "yellow"), "tribe")
    assert legal(state) == ["palm", "use sloar 1f"]
    assert codes(state, "skip") == ["compulsory"]
    state = play(state, "use sloar 1f")  # then "palm", the one option left, by itself
    assert state.palms[_cell("a3")] == 1


# ---- Hagis and Lamia: every placement of their piece -------------------------------------------


def test_hagis_moves_a_palace_placed_by_bouraq() -> None:
    """FT-PUB-DJ-8 Hagis, FT-PUB-DJ-5 Bouraq, ruling FT-ENGINE-11. Hagis's card speaks of
    "placing a Palace", with no word of how: the palace Bouraq raises on c4 goes to b4."""
    state = position()
    own(state, 0, "bouraq", "hagis")
    deal(state, 0, "fakir")
    give(state, 0, "white", 1)
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    state.agenda = (Task("pick", 0),)
    state = play(state, "use bouraq 1f", "raise c4")
    assert state.decision == Task("piece", 0, {"cell": _cell("c4"), "djinn": 4})
    assert legal(state) == ["palace", "use hagis 1e"]
    state = play(state, "use hagis 1e")
    assert legal(state) == [f"place {c}" for c in ("b3", "b4", "b5", "c3", "c5", "d3", "d4", "d5")]
    state = play(state, "place b4")
    assert state.palaces[_cell("b4")] == 1 and state.palaces[_cell("c4")] == 0
    assert state.palace_supply == 9 and pool(state, 0) == {} and state.players[0].fakirs == 0
    assert state.used_powers == ("bouraq", "hagis") and state.decision == Task("pick", 0)


def test_lamia_moves_a_palm_tree_planted_by_enki() -> None:
    """FT-PUB-DJ-14 Lamia, FT-PUB-DJ-7 Enki, ruling FT-ENGINE-11: Lamia's card speaks of
    "building a Palm Tree"; the tree Enki plants on a4 goes to b4."""
    state = position()
    own(state, 0, "enki", "lamia")
    give(state, 0, "white", 2)
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    state.agenda = (Task("pick", 0),)
    state = play(state, "use enki 1e", "plant a4", "use lamia 1e", "place b4")
    assert state.palms[_cell("b4")] == 1 and state.palms[_cell("a4")] == 0
    assert state.palm_supply == 11 and pool(state, 0) == {}


def test_bouraq_alone_places_its_palace_by_itself() -> None:
    """Ruling FT-ENGINE-11: without a usable Hagis, the palace chosen goes down at once."""
    state = position()
    own(state, 0, "bouraq", "hagis")
    deal(state, 0, "fakir")  # pays Bouraq; nothing is left for Hagis
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    state.agenda = (Task("pick", 0),)
    state = play(state, "use bouraq 1f", "raise c4")
    assert state.palaces[_cell("c4")] == 1 and state.decision == Task("pick", 0)


# ---- Nekir: per meeple killed ------------------------------------------------------------------


def test_nekir_pays_for_each_meeple_a_double_kill_takes() -> None:
    """FT-PUB-DJ-18 Nekir, FT-PUB-DJ-10 Ibus, ruling FT-ENGINE-12: the card pays "each time
    Assassins kill Meeple(s)"; the engine counts each meeple killed, so Ibus's two victims pay
    P1 twice 2 coins."""
    state = position()
    own(state, 0, "ibus")
    own(state, 1, "nekir")
    give(state, 0, "white", 1)
    put(state, "d3", "green", "white")
    put(state, "c3", "red")
    state = arrive(state, "c2", "c3", "red")
    state = play(state, "use ibus 1e", "kill d3 green")  # then d3's Elder, by itself
    assert on(state, "d3") == {} and state.players[1].coins == 50 + 2 * 2


# ---- the rulebook's names ----------------------------------------------------------------------


def test_the_tracks_and_the_market_by_the_rulebook_names_in_the_text_view() -> None:
    """Ruling FT-AMB-7: markers wait on the Bid Order Track and bid for a space of the Turn Order
    Track (the rulebook's components: "1 Bid Order Track & 1 Turn Order Track"); the 6-coin
    market is the Large Market. The text view, the prompt and the event words say so."""
    state = play(sr.new_game(players=2, seed=5, game="five_tribes"), "bid 8")
    text = FIVE_TRIBES.text(TRIBES, state)
    lines = text.splitlines()
    assert "Turn Order Track: 0:., 0:., 0:., 1:., 3:., 5:., 8:P1, 12:., 18:." in lines
    assert "Bid Order Track: ., P0, P0, P1" in lines
    assert "Now: P0 decides (bid): Choose a space of the Turn Order Track" in lines
    assert "M Large Market (buy cards)" in text
    for old in ("bid track", "turn-order", "turn order:", "great"):
        assert old not in text.lower()
    assert describe_events(state)[-1] == (
        "P1 bid on the 8 space of the Turn Order Track, paying 8 coins"
    )
    state = play(state, "bid 18", "bid 0", "bid 1")
    turn = [line for line in describe_events(state) if "begins a turn" in line]
    assert turn == ["P0 begins a turn, marker 0 to the Bid Order Track"]
    assert state.bid_order_track == (0, None, None, None)


def test_the_docs_name_the_tracks_and_the_market_as_the_rulebook_does() -> None:
    """Ruling FT-AMB-7: the Five Tribes pages say Turn Order Track, Bid Order Track and Large
    Market, never the old names."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in sorted(DOCS.glob("*.md")))
    assert "Turn Order Track" in text and "Bid Order Track" in text and "Large Market" in text
    for old in ("bid track", "turn-order track", "great market"):
        assert old not in text.lower()


def test_from_json_reads_a_state_written_with_the_old_track_keys() -> None:
    """Ruling FT-AMB-7: a state stored before the renaming (its Turn Order Track under
    "bid_track", its Bid Order Track under "turn_track") reads back as the same state; one
    holding an old key beside its new name is refused, naming the extra field."""
    state = play(sr.new_game(players=3, seed=2, game="five_tribes"), "bid 5")
    document = json.loads(sr.to_json(state))
    data = document["state"]
    old = {"bid_track" if k == "turn_order_track" else "turn_track" if k == "bid_order_track"
           else k: v for k, v in data.items()}  # fmt: skip
    assert old["bid_track"] == list(state.turn_order_track)
    assert sr.from_json(json.dumps({**document, "state": old})) == state
    both = {**data, "bid_track": data["turn_order_track"]}
    with pytest.raises(sr.StateError, match="bid_track"):
        sr.from_json(json.dumps({**document, "state": both}))


# ---- from_json: a foreign id among Djinns ------------------------------------------------------


@pytest.mark.parametrize("foreign", ["oasis-4", "gold", "fakir"])
def test_from_json_refuses_a_foreign_id_among_a_players_djinns(foreign: str) -> None:
    """A tile's or a card's id in a player's Djinns is refused with StateError naming the
    field, whether added (a 23rd Djinn) or in place of a Djinn."""
    state = sr.new_game(players=3, seed=4, game="five_tribes")
    document = json.loads(sr.to_json(state))
    document["state"]["players"][1]["djinns"] = [foreign]
    with pytest.raises(sr.StateError, match=rf"players\[1\]\.djinns: '{foreign}' is not a Djinn"):
        sr.from_json(json.dumps(document))
    replaced = json.loads(sr.to_json(state))
    replaced["state"]["djinn_display"][0] = foreign
    with pytest.raises(sr.StateError, match=rf"djinn_display: '{foreign}' is not a Djinn"):
        sr.from_json(json.dumps(replaced))


def test_a_state_waiting_for_the_tribe_reads_back_with_its_meeples_counted() -> None:
    """The meeples taken wait in the ``tribe`` step (ruling FT-ENGINE-8): a state saved there
    reads back equal, and one whose step names another count is refused."""
    state = position()
    own(state, 0, "sloar")
    deal(state, 0, "fakir")
    put(state, "c3", "green")
    state = arrive(state, "c2", "c3", "green")
    assert state.decision is not None and state.decision.kind == "tribe"
    assert on(state, "c3") == {}
    assert sr.from_json(sr.to_json(state)) == state
    document = json.loads(sr.to_json(state))
    document["state"]["agenda"][-1]["args"]["count"] = 3
    with pytest.raises(sr.StateError, match="green meeples"):
        sr.from_json(json.dumps(document))
