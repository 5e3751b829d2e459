"""Five Tribes' draws as chance steps, and what a seat knows of the rest (issue 39).

The resource deck and the Djinn deck keep no order and the bag is counted, so every draw of
play is a chance step (``five_tribes/rules/draws.py``) with one outcome per kind left, weighted
by its count; ``chance="explicit"`` hands them to the caller. Coins are hidden but paid in
public (ruling FT-ENGINE-13): the sampler of a seat's information state gives every rival's
coins exactly.
"""

from __future__ import annotations

import itertools
import json
import random
from collections import Counter
from fractions import Fraction
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core.information import adopt
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.game import FIVE_TRIBES
from sankore_rules.five_tribes.search import COIN_SPREAD, coins_seen
from sankore_rules.interfaces.search import Determinizer, sample_state
from tribes_positions import TRIBES, deal, explicit, give, on, own, play, position, put

#: Every kind of resource card, sorted as a draw's outcomes list them.
CARDS = sorted({g.id for g in TRIBES.tables.cards.good} | {"fakir"})


def _explicit_game(players: int = 2, seed: int = 7) -> Any:
    """A game of the explicit mode at its first bid, its setup dealt by outcomes at random."""
    state = sr.new_game(players=players, seed=seed, game="five_tribes", chance="explicit")
    rng = random.Random(seed)
    while state.current_player == sr.CHANCE:  # the setup's deal (test_five_tribes_deal.py)
        state = sr.apply(state, rng.choice([a for a, _ in sr.chance_outcomes(state)]))
    return state


def _to_first_chance(state: Any, rng: random.Random) -> Any:
    """``state`` played on at random to its first chance node."""
    while not sr.chance_outcomes(state):
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    return state


def _random_game(seed: int, chance: str = "auto") -> list[Any]:
    """Every state of a random game of 2-4 players; in the explicit mode, outcomes at random."""
    rng = random.Random(seed)
    state = sr.new_game(players=2 + seed % 3, seed=seed, game="five_tribes", chance=chance)
    states = [state]
    while not sr.is_terminal(state):
        outcomes = sr.chance_outcomes(state)
        options = [a for a, _ in outcomes] or sr.legal_actions(state)
        state = sr.apply(state, rng.choice(options))
        states.append(state)
    return states


# ---- (a) a chance node: its outcomes and their probabilities --------------------------------


def test_the_markets_refill_is_a_chance_node_of_the_cards_left() -> None:
    """FT-RND-2 in the explicit mode: the round's end stops at each card turned onto the market,
    one outcome per kind of card left in the deck, its probability the kind's share; the
    outcomes sum to 1, and two clones given different outcomes show different markets."""
    state = _to_first_chance(_explicit_game(), random.Random(1))
    assert state.current_player == sr.CHANCE
    assert state.decision == Task("turn_card", sr.CHANCE, {})
    left = Counter(state.deck)
    outcomes = sr.chance_outcomes(state)
    assert [str(a) for a, _ in outcomes] == [f"draw {card}" for card in sorted(left)]
    assert [p for _, p in outcomes] == [left[c] / len(state.deck) for c in sorted(left)]
    assert sum(Fraction(n, len(state.deck)) for n in left.values()) == 1
    assert abs(sum(p for _, p in outcomes) - 1) < 1e-12
    assert sr.legal_actions(state) == [a for a, _ in outcomes]
    # At the node the card is still in the deck: every seat sees the table as it was.
    shown = len(state.market)
    assert all(sr.observation(state, s)["deck"] == len(state.deck) for s in (0, 1))
    fish, fakir = sr.apply(state.clone(), "draw fish"), sr.apply(state.clone(), "draw fakir")
    assert fish.market[shown] == "fish" and fakir.market[shown] == "fakir"
    assert fish.market != fakir.market
    assert Counter(fish.deck) == left - Counter(["fish"])
    assert fish.draws == fakir.draws == state.draws + 1
    assert sr.explain(state, "draw camel")[0].code == "no_such_option"  # no such card
    assert sr.explain(state, "draw fish", player=0)[0].code == "not_your_decision"


def test_every_outcome_of_a_meeple_draw_applies() -> None:
    """FT-PUB-DJ-2 Anun-Nak in the explicit mode: each meeple drawn from the bag is a chance node
    of the colours in it, weighted by their counts; every outcome applies and puts that colour
    on the tile."""
    state = explicit(position())
    own(state, 0, "anun-nak")
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    give(state, 0, "white", 1)  # the Elder that pays
    # All but 2 Elders, 1 Merchant and 1 Assassin out of the bag, onto e6.
    put(state, "e6", *["yellow"] * 14, *["white"] * 17, *["green"] * 17, *["blue"] * 18)
    put(state, "e6", *["red"] * 17)
    assert state.bag == (0, 2, 1, 0, 1)
    state.agenda = (Task("pick", 0),)
    state = play(state, "use anun-nak 1e", "fill c3")
    assert state.decision == Task("draw_meeple", sr.CHANCE, {"player": 0, "cell": 14, "left": 3})
    # The Elder paid went back to the bag: 3 white, 1 green, 1 red.
    outcomes = sr.chance_outcomes(state)
    assert outcomes == [
        (sr.Action("draw", ("white",)), 3 / 5),
        (sr.Action("draw", ("green",)), 1 / 5),
        (sr.Action("draw", ("red",)), 1 / 5),
    ]
    for action, _ in outcomes:
        after = sr.apply(state, action)
        assert on(after, "c3") == {action.args[0]: 1}
        assert after.decision is not None and after.decision.kind == "draw_meeple"
        assert after.decision.args["left"] == 2
    done = play(state, "draw red", "draw white", "draw green")
    assert on(done, "c3") == {"white": 1, "green": 1, "red": 1} and done.bag == (0, 2, 0, 0, 0)
    assert [(e.kind, e.detail) for e in done.events] == [
        ("drawn", {"colour": "green", "cell": "c3"})
    ]
    assert done.decision == Task("pick", 0)


def test_a_reshuffle_makes_the_discard_pile_the_deck_and_is_logged() -> None:
    """Ruling FT-ENGINE-4: with the deck empty, the discard pile becomes the deck when a card is
    needed (logged 'reshuffled'); the chance node then draws among its cards."""
    state = explicit(position())
    own(state, 0, "sloar")
    put(state, "a1", "yellow")
    put(state, "a2", "yellow")
    deal(state, 0, "fakir")
    # Player 1 holds every card of the deck but two fish and a silk, which are discarded.
    deal(state, 1, *sorted((Counter(state.deck) - Counter(["fish", "fish", "silk"])).elements()))
    assert state.deck == ("fish", "fish", "silk")
    state.deck, state.discard = (), ("silk", "fish", "fish")
    state.agenda = (Task("pick", 0),)
    # The Fakir paid is discarded first, then the card is needed: the four become the deck.
    state = play(state, "use sloar 1f")
    assert state.deck == ("fakir", "fish", "fish", "silk") and state.discard == ()
    assert [(e.kind, e.detail) for e in state.events] == [
        ("power", {"djinn": "sloar", "paid": "1f"}),
        ("reshuffled", {"cards": 4}),
    ]
    assert sr.chance_outcomes(state) == [
        (sr.Action("draw", ("fakir",)), 1 / 4),
        (sr.Action("draw", ("fish",)), 2 / 4),
        (sr.Action("draw", ("silk",)), 1 / 4),
    ]
    state = play(state, "draw silk")
    assert state.players[0].goods == ("silk",) and state.deck == ("fakir", "fish", "fish")


# ---- (b) no order in the state ----------------------------------------------------------------


@pytest.mark.parametrize(("seed", "chance"), [(1, "auto"), (2, "explicit"), (3, "auto")])
def test_the_decks_are_multisets_after_every_action(seed: int, chance: str) -> None:
    """After every action of a random game the decks are sorted: a state holds no order."""
    for state in _random_game(seed, chance):
        assert list(state.deck) == sorted(state.deck)
        assert list(state.djinn_deck) == sorted(state.djinn_deck)


def test_an_order_given_by_hand_or_in_old_json_is_dropped() -> None:
    """A deck set in some order by hand comes out of apply sorted; an old state's JSON (with its
    decks in order, and no explicit_chance) reads with sorted decks, in the default mode."""
    state = sr.new_game(players=2, seed=3, game="five_tribes").clone()
    state.deck = tuple(reversed(state.deck))
    state.djinn_deck = tuple(reversed(state.djinn_deck))
    after = sr.apply(state, sr.legal_actions(state)[0])
    assert list(after.deck) == sorted(after.deck) and list(after.djinn_deck) == sorted(
        after.djinn_deck
    )
    document = json.loads(sr.to_json(sr.new_game(players=2, seed=3, game="five_tribes")))
    del document["state"]["explicit_chance"]
    document["state"]["deck"].reverse()
    old = sr.from_json(json.dumps(document))
    assert old.explicit_chance is False and list(old.deck) == sorted(old.deck)
    assert old == sr.new_game(players=2, seed=3, game="five_tribes")


# ---- (c) what a seat knows: the rivals' coins --------------------------------------------------


def test_every_change_of_coins_is_an_event_every_seat_sees() -> None:
    """Ruling FT-ENGINE-13: every change of a player's coins is a 'coins' event of the action,
    in every seat's observation, so the payments are public."""
    changes = 0
    for seed in (4, 5):
        states = _random_game(seed)
        for before, after in itertools.pairwise(states):
            for seat in range(after.player_count):
                events = sr.observation(after, seat)["events"]
                for p in range(after.player_count):
                    delta = after.players[p].coins - before.players[p].coins
                    seen = sum(
                        e["detail"].get("gained", 0) - e["detail"].get("paid", 0)
                        for e in events
                        if e["kind"] == "coins" and e["player"] == p
                    )
                    assert seen == delta
                    changes += delta != 0
    assert changes > 100


def test_samples_of_a_seats_history_give_the_rivals_exact_coins() -> None:
    """Issue 39: 150 samples across a played game, each seat in turn: every rival's coins are
    the true ones (the start's plus the public gains less the payments), the decks are the
    true decks, and the seat's observation of the sample is its observation of the state."""
    states = _random_game(6)
    rng = random.Random(39)
    failures = samples = 0
    points = states[:: max(1, len(states) // 75)]
    for state in points:
        for seat in range(state.player_count):
            if samples == 150:
                break
            sample = Determinizer.of(state, seat).sample(rng)
            truth = [p.coins for p in state.players]
            failures += [p.coins for p in sample.players] != truth or sample.bank != state.bank
            failures += (sample.deck, sample.djinn_deck) != (state.deck, state.djinn_deck)
            failures += sr.observation(sample, seat) != sr.observation(state, seat)
            samples += 1
    assert samples == 150 and failures == 0


def test_sample_state_gives_exact_coins_at_a_chance_node() -> None:
    """sample_state at a chance node of the explicit mode: the rivals' coins are exact, the
    sample waits at the same node with the same outcomes."""
    state = _to_first_chance(_explicit_game(players=3, seed=11), random.Random(2))
    sample = sample_state(state, 1, random.Random(5))
    assert [p.coins for p in sample.players] == [p.coins for p in state.players]
    assert sample.current_player == sr.CHANCE
    assert sr.chance_outcomes(sample) == sr.chance_outcomes(state)
    assert sample.seed != state.seed and sample.explicit_chance


def test_a_history_not_from_the_start_falls_back_to_the_range() -> None:
    """A state read from JSON starts its own history: the payments before it were not seen, so
    the rivals' coins are drawn within COIN_SPREAD of the seat's own (the old sampler's range);
    the observation is still the seat's."""
    states = _random_game(8)
    true = states[len(states) // 2]
    read = sr.from_json(sr.to_json(true))
    information = sr.information_state(read, 0)
    assert information.length == 1 and coins_seen(TRIBES, information) is None
    known = coins_seen(TRIBES, sr.information_state(true, 0))
    assert known == [p.coins for p in true.players]
    own_coins = read.players[0].coins
    rng = random.Random(3)
    drawn = set()
    for _ in range(20):
        sample = Determinizer.of(read, 0).sample(rng)
        assert sr.observation(sample, 0) == sr.observation(read, 0)
        for p in range(1, read.player_count):
            assert max(0, own_coins - COIN_SPREAD) <= sample.players[p].coins
            assert sample.players[p].coins <= own_coins + COIN_SPREAD
            drawn.add(sample.players[p].coins)
    assert len(drawn) > 1


def test_a_sample_adopted_keeps_the_history_its_coins_came_from() -> None:
    """The information state a sample carries (``adopt``) still starts at the game's start, so
    a sample of a sample keeps the exact coins."""
    states = _random_game(9)
    state = states[40]
    sample = Determinizer.of(state, 1).sample(random.Random(1))
    again = Determinizer.of(sample, 1).sample(random.Random(2))
    assert [p.coins for p in again.players] == [p.coins for p in state.players]
    drawn = FIVE_TRIBES.information_sampler(TRIBES, sr.information_state(state, 1))
    fresh = drawn.sample(random.Random(4))
    adopt(fresh, sr.information_state(state, 1))
    assert sr.information_state(fresh, 1) == sr.information_state(state, 1)


# ---- (d) the auto mode: the seed decides, a record replays ------------------------------------


def test_the_auto_mode_is_reproducible_by_seed_and_a_record_replays() -> None:
    """Without explicit chance every draw comes from the seed: the same seed and actions give
    the same game; a record of it replays to the same final state."""
    first, second = _random_game(10), _random_game(10)
    assert first == second and first[-1].draws == second[-1].draws > 0
    actions: list[str] = []
    rng = random.Random(10)
    state = sr.new_game(players=2, seed=10, game="five_tribes")
    while not sr.is_terminal(state):
        action = rng.choice(sr.legal_actions(state))
        actions.append(str(action))
        state = sr.apply(state, action)
    record = sr.load_record(
        sr.save_record(actions, players=2, seed=10, game="five_tribes", final=state)
    )
    assert sr.replay(record) == state
    other = sr.new_game(players=2, seed=11, game="five_tribes")
    assert other.market != first[0].market or other.tiles != first[0].tiles


# ---- (e) whole games in the explicit mode -------------------------------------------------------


@pytest.mark.parametrize("seed", [12, 13, 14])
def test_random_games_in_the_explicit_mode_end(seed: int) -> None:
    """Outcomes chosen at random at every chance node: the game ends, every node's outcomes sum
    to 1, and every chance node is one of the draws of play or of the setup's deal."""
    states = _random_game(seed, "explicit")
    final = states[-1]
    assert final.game_over and final.end_cause in ("last_camel", "no_move")
    nodes = [s for s in states if s.current_player == sr.CHANCE]
    assert nodes and final.draws >= len(nodes)
    for node in nodes:
        assert node.decision.kind in ("turn_card", "turn_djinn", "draw_card", "draw_djinn",
                                      "draw_meeple", "deal_tile", "deal_meeple",
                                      "deal_marker")  # fmt: skip
        outcomes = sr.chance_outcomes(node)
        assert len(outcomes) >= 2 and abs(sum(p for _, p in outcomes) - 1) < 1e-12


# ---- (f) JSON at a chance node ----------------------------------------------------------------


def test_a_chance_node_reads_back_from_its_json() -> None:
    """A state waiting at a chance node writes its mode and reads back equal, at the same node;
    a chance step waiting in the default mode, or under another step, is refused."""
    state = _to_first_chance(_explicit_game(players=4, seed=15), random.Random(3))
    text = sr.to_json(state)
    assert json.loads(text)["state"]["explicit_chance"] is True
    read = sr.from_json(text)
    assert read == state and sr.chance_outcomes(read) == sr.chance_outcomes(state)
    assert sr.apply(read, "draw fakir") == sr.apply(state, "draw fakir")
    auto = json.loads(text)
    auto["state"]["explicit_chance"] = False
    with pytest.raises(sr.StateError, match="waits on the agenda only when chance is explicit"):
        sr.from_json(json.dumps(auto))
    buried = json.loads(text)
    top = buried["state"]["agenda"].pop()
    buried["state"]["agenda"].insert(0, top)
    with pytest.raises(sr.StateError, match="chance step waits only at the top"):
        sr.from_json(json.dumps(buried))
    assert sr.from_json(sr.to_json(sr.apply(state, "draw fish"))).explicit_chance


def test_the_mode_is_an_option_of_every_game_not_of_five_tribes() -> None:
    """``chance`` is taken beside the game's own options (it has none) and checked."""
    assert [o.name for o in FIVE_TRIBES.options] == []
    assert _explicit_game().explicit_chance
    assert not sr.new_game(players=2, seed=1, game="five_tribes").explicit_chance
    with pytest.raises(ValueError, match="chance must be one of auto, explicit"):
        FIVE_TRIBES.new_state(TRIBES, 2, 1, {"chance": "sometimes"})
    with pytest.raises(ValueError, match="takes no option library"):
        FIVE_TRIBES.new_state(TRIBES, 2, 1, {"library": "six_shelf", "chance": "auto"})


def test_the_tensor_at_a_chance_node_shows_no_seat_deciding() -> None:
    """The observation tensor at a chance node: the chance step is the pending decision's kind,
    and no seat is marked as deciding (CHANCE is no seat)."""
    state = _to_first_chance(_explicit_game(players=3, seed=16), random.Random(4))
    layout = FIVE_TRIBES.tensor_layout(TRIBES)
    out = [0.0] * layout.size
    layout.write(state, 0, out)
    parts: dict[str, list[float]] = {}
    at = 0
    for name, length in layout.segments:
        parts[name] = out[at : at + length]
        at += length
    assert parts["seat.deciding"] == [0.0] * len(parts["seat.deciding"])
    kinds = sorted(k for k, s in FIVE_TRIBES.engine.steps.items() if s.candidates)
    assert parts["decision.kind"] == [float(k == "turn_card") for k in kinds]


def test_the_views_at_a_chance_node_name_chance_not_a_seat() -> None:
    """The text view and the picture at a chance node say that chance draws; no seat's badge."""
    state = _to_first_chance(_explicit_game(players=2, seed=17), random.Random(5))
    line = "Now: chance draws (turn_card): Turn a resource card onto the market"
    assert line in FIVE_TRIBES.text(TRIBES, state)
    assert line in FIVE_TRIBES.seat_text(TRIBES, state, 0)
    assert "P-2" not in FIVE_TRIBES.svg(TRIBES, state, viewer=1)
    assert "Round 1 · Now: chance draws (turn_card)" in FIVE_TRIBES.svg(TRIBES, state)
