"""Five Tribes' setup dealt by chance steps in the explicit mode (issue 39's last piece).

``new_game(..., chance="explicit")`` starts on an empty table; every placement of the setup is
a chance step of the engine (``five_tribes/rules/setup.py``, ``rules/draws.py``) with one outcome
per kind of component left, weighted by its count: the tiles cell by cell, the meeples from
the bag tile by tile, the market and the Djinn display, the markers of the first turn order. A
state mid-deal is a state like any other. The default mode deals what it always dealt from the
seed (the golden games hold it), through the same placing helpers.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pyspiel
import pytest

import sankore_rules as sr
from sankore_rules.core.chance import probabilities
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.game import FIVE_TRIBES
from sankore_rules.five_tribes.rules.setup import next_deal
from sankore_rules.five_tribes.serial import problems
from sankore_rules.interfaces.ai import openspiel_game  # noqa: F401 - registers the games
from sankore_rules.interfaces.ai.tensors import observation_tensor, segment_views, tensor_layout
from sankore_rules.interfaces.search import Determinizer
from tribes_positions import TRIBES

#: The deal's own chance steps, and the refills it shares with the end of a round.
DEAL_STEPS = ("deal_tile", "deal_meeple", "turn_card", "turn_djinn", "deal_marker")


def _fresh(players: int = 2, seed: int = 7) -> Any:
    return sr.new_game(players=players, seed=seed, game="five_tribes", chance="explicit")


def _exact(state: Any) -> list[tuple[sr.Action, Fraction]]:
    """The pending chance step's outcomes with their exact probabilities."""
    task = state.decision
    outcomes = ENGINE.steps[task.kind].outcomes
    assert outcomes is not None
    return probabilities(outcomes(TRIBES, state, task))


def _deal(state: Any, rng: random.Random, until: str | None = None) -> list[Any]:
    """Every state of the deal from ``state`` on, outcomes at random; it stops at the first
    chance step of kind ``until`` when one is given, else when the deal is done."""
    states = [state]
    while state.current_player == sr.CHANCE and "deal" in [t.kind for t in state.agenda]:
        if state.decision.kind == until:
            break
        state = sr.apply(state, rng.choice([a for a, _ in sr.chance_outcomes(state)]))
        states.append(state)
    return states


def _read_back(state: Any) -> Any:
    return sr.from_json(sr.to_json(state))


def _edited(state: Any, **fields: Any) -> str:
    """The JSON of ``state`` with ``fields`` replaced (JSON values)."""
    document = json.loads(sr.to_json(state))
    document["state"].update(fields)
    return json.dumps(document)


# ---- the first chance step ---------------------------------------------------------------------


def test_a_fresh_explicit_game_waits_for_the_first_tile() -> None:
    """FT-SET-1: nothing is placed yet; the first step deals a1's tile, one outcome per kind of
    identical tiles (named by the first in the tables), weighted by how many there are."""
    state = _fresh()
    assert state.current_player == sr.CHANCE and state.draws == 0
    assert state.decision == sr.Task("deal_tile", sr.CHANCE, {"cell": 0})
    assert state.tiles == ("",) * 30 and state.bag == (16, 20, 18, 18, 18)
    assert all(m == (0,) * 5 for m in state.meeples)
    assert state.market == () and state.djinn_display == () and len(state.deck) == 54
    assert state.bid_order_track == (None,) * 4 and len(state.djinn_deck) == 22
    assert _exact(state) == [
        (sr.Action("draw", ("large-market-1",)), Fraction(4, 30)),
        (sr.Action("draw", ("oasis-1",)), Fraction(6, 30)),
        (sr.Action("draw", ("sacred-place-1",)), Fraction(4, 30)),  # the four of 6 points
        (sr.Action("draw", ("sacred-place-5",)), Fraction(1, 30)),
        (sr.Action("draw", ("sacred-place-6",)), Fraction(1, 30)),
        (sr.Action("draw", ("sacred-place-7",)), Fraction(1, 30)),
        (sr.Action("draw", ("small-market-1",)), Fraction(8, 30)),
        (sr.Action("draw", ("village-1",)), Fraction(5, 30)),
    ]
    assert sr.chance_outcomes(state)[6] == (sr.Action("draw", ("small-market-1",)), 8 / 30)
    assert sr.legal_actions(state) == [a for a, _ in sr.chance_outcomes(state)]
    # The next Oasis dealt is the next one of the tables: identical tiles are one outcome.
    after = sr.apply(sr.apply(state, "draw oasis-1"), "draw oasis-2")
    assert after.tiles[:2] == ("oasis-1", "oasis-2") and after.draws == 2
    assert (sr.Action("draw", ("oasis-3",)), Fraction(4, 28)) in _exact(after)
    assert sr.explain(state, "draw oasis-2")[0].code == "no_such_option"
    assert sr.explain(state, "draw oasis-1", player=0)[0].code == "not_your_decision"


def test_each_step_of_the_deal_in_turn() -> None:
    """After the tiles, the meeples (per colour left in the bag), the market's cards, the
    Djinns, then the markers (one outcome per player with markers left)."""
    rng = random.Random(3)
    meeples = _deal(_fresh(), rng, until="deal_meeple")[-1]
    assert "" not in meeples.tiles and sorted(meeples.tiles) == sorted(TRIBES.tile_by_id)
    assert meeples.decision == sr.Task("deal_meeple", sr.CHANCE, {"cell": 0})
    assert _exact(meeples) == [
        (sr.Action("draw", (colour,)), Fraction(n, 90))
        for colour, n in zip(TRIBES.colours, (16, 20, 18, 18, 18), strict=True)
    ]
    after = sr.apply(meeples, "draw red")
    assert after.meeples[0] == (0, 0, 0, 0, 1) and after.bag == (16, 20, 18, 18, 17)
    assert after.decision == sr.Task("deal_meeple", sr.CHANCE, {"cell": 0})
    market = _deal(after, rng, until="turn_card")[-1]
    assert all(sum(m) == 3 for m in market.meeples) and sum(market.bag) == 0
    left = Counter(market.deck)
    assert _exact(market) == [
        (sr.Action("draw", (card,)), Fraction(left[card], 54)) for card in sorted(left)
    ]
    djinns = _deal(market, rng, until="turn_djinn")[-1]
    assert len(djinns.market) == 9 and djinns.djinn_display == ()
    assert len(_exact(djinns)) == 22 and {p for _, p in _exact(djinns)} == {Fraction(1, 22)}
    markers = _deal(djinns, rng, until="deal_marker")[-1]
    assert len(markers.djinn_display) == 3 and markers.markers == (0, 0, 1, 1)
    assert _exact(markers) == [
        (sr.Action("draw", ("p0",)), Fraction(1, 2)),
        (sr.Action("draw", ("p1",)), Fraction(1, 2)),
    ]
    # A player's first marker left takes the space; the last marker draws itself.
    one = sr.apply(markers, "draw p1")
    assert one.bid_order_track == (2, None, None, None)
    assert _exact(one) == [
        (sr.Action("draw", ("p0",)), Fraction(2, 3)),
        (sr.Action("draw", ("p1",)), Fraction(1, 3)),
    ]
    done = sr.apply(sr.apply(one, "draw p0"), "draw p0")
    assert done.bid_order_track == (2, 0, 1, 3)
    assert done.decision == sr.Task("bid", 1, {"marker": 2, "discount": 0})
    assert [t.kind for t in done.agenda].count("deal") == 0


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_every_step_of_a_random_deal_sums_to_one_and_the_game_plays_on(
    players: int, seed: int
) -> None:
    """Random outcomes through the whole deal: every step's exact probabilities sum to 1, every
    state mid-deal passes every check and reads back equal; the dealt game is sound, its
    components all placed, and plays on to its end."""
    states = _deal(_fresh(players, seed), random.Random(seed))
    dealt = states[-1]
    kinds = Counter(s.decision.kind for s in states[:-1])
    assert set(kinds) == set(DEAL_STEPS)
    assert kinds["turn_card"] == 9 and kinds["turn_djinn"] == 3
    assert kinds["deal_tile"] == 29  # the last tile has one outcome: it deals itself
    for state in states[:-1]:
        assert sum(p for _, p in _exact(state)) == 1 and len(_exact(state)) >= 2
        assert problems(TRIBES, state) == []
    for state in states[::9]:
        assert _read_back(state) == state
    assert problems(TRIBES, dealt) == [] and _read_back(dealt) == dealt
    # Every placement counts as a draw, a step of one outcome too: 30 tiles, 90 meeples, 9
    # cards, 3 Djinns and the markers.
    assert dealt.draws == 30 + 90 + 9 + 3 + len(dealt.markers)
    assert all(sum(m) == 3 for m in dealt.meeples)
    assert len(dealt.market) == 9 and len(dealt.djinn_display) == 3
    assert Counter(dealt.bid_order_track) == Counter(range(len(dealt.markers)))
    assert dealt.decision.kind == "bid" and dealt.current_player in range(players)
    rng, state = random.Random(seed), dealt
    while not sr.is_terminal(state):
        options = [a for a, _ in sr.chance_outcomes(state)] or sr.legal_actions(state)
        state = sr.apply(state, rng.choice(options))
    assert state.game_over and state.end_cause in ("last_camel", "no_move")


def test_two_clones_at_a_setup_chance_node_resolve_differently() -> None:
    state = _deal(_fresh(), random.Random(5), until="deal_meeple")[-1]
    yellow, blue = sr.apply(state.clone(), "draw yellow"), sr.apply(state.clone(), "draw blue")
    assert yellow.meeples[0] == (1, 0, 0, 0, 0) and blue.meeples[0] == (0, 0, 0, 1, 0)
    assert yellow.bag != blue.bag
    assert state.meeples[0] == (0,) * 5 and state.current_player == sr.CHANCE  # untouched


# ---- the distribution -------------------------------------------------------------------------


def _order_distribution(state: Any) -> dict[tuple[int, ...], Fraction]:
    """Every first turn order (owners along the Bid Order Track) the deal of the markers can
    reach from ``state``, with its exact probability, walking every outcome."""
    if state.decision.kind != "deal_marker":
        return {tuple(state.markers[m] for m in state.bid_order_track): Fraction(1)}
    reached: Counter[tuple[int, ...]] = Counter()
    for outcome, p in _exact(state):
        for order, q in _order_distribution(sr.apply(state, outcome)).items():
            reached[order] += p * q
    return dict(reached)


def test_every_first_turn_order_is_reached_as_often_as_the_seeded_shuffle_gives_it() -> None:
    """Two players of two markers each: the 6 orders of the owners along the Bid Order Track
    are all reachable, each with probability 1/6, as a shuffle of the four markers gives them;
    four players of one marker each: the 24 orders, each 1/24."""
    two = _deal(_fresh(2, 9), random.Random(9), until="deal_marker")[-1]
    orders = _order_distribution(two)
    assert sorted(orders) == sorted({(0, 0, 1, 1), (0, 1, 0, 1), (0, 1, 1, 0), (1, 0, 0, 1),
                                     (1, 0, 1, 0), (1, 1, 0, 0)})  # fmt: skip
    assert set(orders.values()) == {Fraction(1, 6)}
    four = _deal(_fresh(4, 9), random.Random(9), until="deal_marker")[-1]
    orders = _order_distribution(four)
    assert len(orders) == 24 and set(orders.values()) == {Fraction(1, 24)}


def _alike(tile: str) -> tuple[str, int, bool]:
    """What tells a tile from another but its id: its kind, points and blue value."""
    found = TRIBES.tile_by_id[tile]
    return (found.kind, found.points, found.blue)


def test_the_explicit_deal_can_lay_any_seeded_table() -> None:
    """The two modes place with the same helpers: the explicit deal, given at each step the
    outcome the seeded table shows there, lays out that table (its tiles up to identical ones,
    the meeples, the market, the Djinns, the owners of the first turn order)."""
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        seeded = sr.new_game(players=players, seed=seed, game="five_tribes")
        state = _fresh(players, seed)
        while "deal" in [t.kind for t in state.agenda]:
            task = state.decision
            assert task == next_deal(TRIBES, state.clone())
            if task.kind == "deal_tile":
                want = _alike(seeded.tiles[task.args["cell"]])
                pick = next(a for a, _ in sr.chance_outcomes(state) if _alike(a.args[0]) == want)
            elif task.kind == "deal_meeple":
                cell = task.args["cell"]
                placed = state.meeples[cell]
                colour = next(c for c in range(5) if placed[c] < seeded.meeples[cell][c])
                pick = sr.Action("draw", (TRIBES.colours[colour],))
            elif task.kind == "turn_card":
                pick = sr.Action("draw", (seeded.market[len(state.market)],))
            elif task.kind == "turn_djinn":
                pick = sr.Action("draw", (seeded.djinn_display[len(state.djinn_display)],))
            else:
                space = state.bid_order_track.index(None)
                owner = seeded.markers[seeded.bid_order_track[space]]
                pick = sr.Action("draw", (f"p{owner}",))
            state = sr.apply(state, pick)
        assert [_alike(t) for t in state.tiles] == [_alike(t) for t in seeded.tiles]
        assert state.meeples == seeded.meeples and state.bag == seeded.bag
        assert state.market == seeded.market and state.deck == seeded.deck
        assert state.djinn_display == seeded.djinn_display
        assert state.djinn_deck == seeded.djinn_deck
        owners = [state.markers[m] for m in state.bid_order_track]
        assert owners == [seeded.markers[m] for m in seeded.bid_order_track]
        assert seeded.draws == 0 and not seeded.explicit_chance


def test_the_default_mode_deals_from_the_seed_as_before() -> None:
    """The seeded deal is unchanged (the golden games replay it); here two of its tables."""
    state = sr.new_game(players=3, seed=5, game="five_tribes")
    assert state.tiles[:3] == ("sacred-place-6", "village-3", "sacred-place-5")
    assert state.bid_order_track == (0, 2, 1) and state.draws == 0
    assert state.decision == sr.Task("bid", 0, {"marker": 0, "discount": 0})
    again = sr.new_game(players=3, seed=5, game="five_tribes")
    assert again == state and sr.to_json(again) == sr.to_json(state)


# ---- a state mid-deal: JSON, checks and views -------------------------------------------------


@pytest.mark.parametrize("stage", DEAL_STEPS)
def test_a_state_mid_deal_reads_back_from_its_json(stage: str) -> None:
    state = _deal(_fresh(3, 8), random.Random(8), until=stage)[-1]
    assert state.decision.kind == stage
    text = sr.to_json(state)
    back = sr.from_json(text)
    assert back == state and sr.to_json(back) == text
    assert back.decision == state.decision and back.explicit_chance
    assert sr.chance_outcomes(back) == sr.chance_outcomes(state)


def test_a_tile_missing_without_its_chance_step_is_refused() -> None:
    """A cell the deal has gone past must have its tile; a dealt game has every tile."""
    state = _deal(_fresh(), random.Random(2), until="deal_meeple")[-1]
    tiles = list(state.tiles)
    tiles[7] = ""
    with pytest.raises(sr.StateError, match=r"tiles: b2 is empty, and no chance step deals it"):
        sr.from_json(_edited(state, tiles=tiles))
    dealt = _deal(state, random.Random(2))[-1]
    tiles = list(dealt.tiles)
    tiles[3] = ""
    with pytest.raises(sr.StateError, match=r"tiles: a4 has no tile, and no chance step deals"):
        sr.from_json(_edited(dealt, tiles=tiles))
    # Mid-tiles, a hole before the cell being dealt is refused too.
    early = _deal(_fresh(), random.Random(2), until=None)[0]
    for _ in range(5):
        early = sr.apply(early, sr.chance_outcomes(early)[0][0])
    tiles = list(early.tiles)
    tiles[1] = ""
    with pytest.raises(sr.StateError, match=r"tiles: a2 is empty, and no chance step deals it"):
        sr.from_json(_edited(early, tiles=tiles))


def test_a_meeple_missing_without_its_chance_step_is_refused() -> None:
    """Back in the bag from a tile the deal is done with: refused, naming the tile."""
    state = _deal(_fresh(), random.Random(4), until="turn_card")[-1]
    meeples = [list(m) for m in state.meeples]
    colour = next(c for c in range(5) if meeples[12][c])
    meeples[12][colour] -= 1
    bag = list(state.bag)
    bag[colour] += 1
    with pytest.raises(sr.StateError, match=r"meeples: c1 is empty, and no chance step deals it"):
        sr.from_json(_edited(state, meeples=meeples, bag=bag))


def test_a_deal_out_of_step_is_refused() -> None:
    """The deal's steps only over the first auction, in the explicit mode, in the deal's
    order; a part the deal does not place changed mid-deal; a pending step of another cell."""
    state = _deal(_fresh(), random.Random(6), until="deal_meeple")[-1]
    state = sr.apply(state, sr.chance_outcomes(state)[0][0])
    document = json.loads(sr.to_json(state))
    agenda = document["state"]["agenda"]
    next_step = r"agenda: the setup's deal takes deal_meeple \{'cell': 0\} next"
    cases = [
        ({"explicit_chance": False}, "the setup is dealt by chance steps only when chance is"),
        ({"agenda": agenda[:2]}, next_step),
        ({"agenda": [*agenda[:2], {**agenda[2], "args": {"cell": 1}}]}, next_step),
        ({"round": 2}, "round: not as the setup leaves it, while the setup is dealt"),
        ({"camels": [0] + [None] * 29}, "camels: not as the setup leaves it"),
        ({"market": ["fish"], "deck": sorted(Counter(state.deck) - Counter(["fish"]))},
         r"market: space 1 is dealt"),
    ]  # fmt: skip
    for fields, message in cases:
        with pytest.raises(sr.StateError, match=message):
            sr.from_json(_edited(state, **fields))
    assert sr.from_json(sr.to_json(state)) == state


def test_every_view_draws_a_table_mid_deal() -> None:
    """Text, a seat's text, observation, tensor and picture: the cells not dealt are empty."""
    state = _fresh(2, 3)
    for _ in range(4):
        state = sr.apply(state, sr.chance_outcomes(state)[-1][0])
    assert state.tiles[:5] == ("village-1", "village-2", "village-3", "village-4", "")
    text = FIVE_TRIBES.text(TRIBES, state)
    assert "  a1 V5b: - | a2 V5b: - | a3 V5b: - | a4 V5b: - | a5 ..: - | a6 ..: -" in text
    assert "Now: chance draws (deal_tile): Deal a tile onto the Sultanate" in text
    assert "Bid Order Track: ., ., ., .\nMarket: -\nDjinns: -" in text
    assert "P1: ? coins" in FIVE_TRIBES.seat_text(TRIBES, state, 0)
    view = sr.observation(state, 0)
    assert view["tiles"][3:6] == ["village-4", "", ""] and view["deck"] == 54
    assert view["decision"]["player"] == sr.CHANCE and "seed" not in view
    parts = segment_views(tensor_layout(TRIBES), observation_tensor(state, 0))
    kinds = parts["tiles.kind"]
    width = len(TRIBES.tables.sultanate.kind)
    assert sum(kinds[: 4 * width]) == 4 and sum(kinds[4 * width :]) == 0
    picture = sr.state_svg(state)
    assert picture.count('data-tile="village-') == 4 and 'data-tile="oasis' not in picture
    assert 'data-cell="a5"' in picture
    assert FIVE_TRIBES.svg(TRIBES, state, viewer=1).startswith("<svg")
    # Every kind of step of the deal: each view draws the table as it stands.
    states = _deal(state, random.Random(7))
    firsts = {s.decision.kind: s for s in reversed(states[:-1])}
    assert sorted(firsts) == sorted(DEAL_STEPS)
    for kind, node in firsts.items():
        assert f"Now: chance draws ({kind})" in FIVE_TRIBES.seat_text(TRIBES, node, 1)
        assert sr.observation(node, 1)["market"] == list(node.market)
        assert len(observation_tensor(node, 1)) == tensor_layout(TRIBES).size
        placed = 30 - node.tiles.count("")
        assert FIVE_TRIBES.clickable_svg(TRIBES, node, 0).count('data-tile="') == placed


def test_a_record_of_an_explicit_game_holds_its_deal_and_replays() -> None:
    """The deal's outcomes are among the record's actions (``draw <tile>``, ``draw p1`` ...),
    and the record replays to the same state."""
    rng, actions = random.Random(1), []
    state = _fresh(2, 3)
    while not sr.is_terminal(state) and len(actions) < 200:
        if state.current_player == sr.CHANCE:
            action = rng.choice(sr.chance_outcomes(state))[0]
        else:
            action = rng.choice(sr.legal_actions(state))
        actions.append(str(action))
        state = sr.apply(state, action)
    text = sr.save_record(actions, players=2, seed=3, game="five_tribes", chance="explicit")
    record = sr.load_record(text)
    assert record.options["chance"] == "explicit"
    assert actions[0].startswith("draw ") and actions[0].split()[1] in TRIBES.tile_by_id
    # Drawn until one player's markers are all placed: the others then place themselves.
    assert [a for a in actions if a in ("draw p0", "draw p1")] == ["draw p0", "draw p0"]
    assert state.round > 1 or state.game_over
    assert sr.replay(record) == state


def test_a_sample_of_a_state_mid_deal_is_that_state_but_its_seed() -> None:
    """Everything placed is public and nothing is dealt face down: a seat's sample of a state
    mid-deal holds the same table, at the same chance step."""
    state = _fresh(3, 2)
    for _ in range(40):
        state = sr.apply(state, sr.chance_outcomes(state)[0][0])
    # (The tiles of the last kind left, the Villages, dealt themselves.)
    assert state.decision == sr.Task("deal_meeple", sr.CHANCE, {"cell": 5})
    sample = Determinizer.of(state, 1).sample(random.Random(2))
    assert sample.seed != state.seed and sample.decision == state.decision
    assert (sample.tiles, sample.meeples, sample.bag) == (state.tiles, state.meeples, state.bag)
    assert problems(TRIBES, sample) == []


# ---- OpenSpiel ----------------------------------------------------------------------------------


def test_openspiel_deals_five_tribes_by_its_chance_nodes_with_no_seed_bytes() -> None:
    """Game.chance_setup: the first chance node is the first tile, its outcomes the deal's."""
    assert FIVE_TRIBES.chance_setup
    state = pyspiel.load_game("python_five_tribes", {"players": 2}).new_initial_state()
    assert state.is_chance_node() and state.seed_byte_count == 0
    assert state.chance_outcomes() == [(k, float(p)) for k, (_, p) in enumerate(_exact(_fresh()))]
    assert "draw small-market-1" == state.action_to_string(pyspiel.PlayerId.CHANCE, 6)
    state.apply_action(6)
    assert state.position.tiles[0] == "small-market-1"
    rng = random.Random(1)
    while state.is_chance_node():
        state.apply_action(rng.choice([k for k, _ in state.chance_outcomes()]))
    assert state.current_player() in (0, 1) and state.position.decision.kind == "bid"
    assert problems(TRIBES, state.position) == []
