"""The bots, search and simulation doors, written once, play every game (issue 26).

Three games go through each door: Sankoré for 3 players (turn limit 6), Sankoré solo against
the hard Scholar (turn limit 6; the Scholar's seat plays by itself) and Five Tribes for 2. The
doors name no game: what differs (the evaluation, what is hidden and how it is redrawn) is
asked of the game through its hooks.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules import api
from sankore_rules.core.game import Game
from sankore_rules.core.registry import game_of
from sankore_rules.interfaces.bots import GreedyBot, RandomBot, evaluate
from sankore_rules.interfaces.search import Determinizer, MctsBot, sample_state
from sankore_rules.interfaces.simulation import GameResult, GameSpec, run_games

#: The three games every door serves: name, new_game's arguments, and the bots' seats.
GAMES: dict[str, dict[str, Any]] = {
    "sankore_3p": {"players": 3, "turn_limit": 6},
    "solo_hard": {"players": 1, "scholar": "hard", "turn_limit": 6},
    "five_tribes_2p": {"players": 2, "game": "five_tribes"},
}


def new(name: str, seed: int = 1) -> Any:
    """A new game of the kind ``name`` names."""
    return sr.new_game(seed=seed, **GAMES[name])


def random_game(state: Any, seed: int) -> Iterator[Any]:
    """``state`` and every state after it in a game of random decisions, to its end."""
    bot = RandomBot(seed)
    yield state
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))
        yield state


def positions(name: str, seed: int = 1, every: int = 15) -> list[Any]:
    """Every ``every``-th state of a random game, the first and the last included.

    A short game (a solo game of few decisions) is stepped through more often, so that at
    least five states before its end are taken.
    """
    states = list(random_game(new(name, seed), seed))
    every = max(1, min(every, (len(states) - 1) // 5))
    return [*states[:-1:every], states[-1]]


def deciding(state: Any) -> int:
    """The seat that decides now in ``state``, a game under way."""
    player = game_of(state).current_player(state)
    assert player is not None
    return int(player)


def hidden(state: Any, viewer: int) -> Any:
    """What ``viewer`` cannot see of ``state`` beyond its seed, as a comparable value."""
    if game_of(state).name == "five_tribes":
        return (state.deck, state.djinn_deck, tuple(p.coins for p in state.players))
    hands = tuple(
        pl.objectives for p, pl in enumerate(state.players) if p != viewer or state.is_scholar(p)
    )
    piles = tuple((c.pile1[1:], c.pile2[1:]) for c in state.market)
    return hands, piles


# ---- the bots --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_greedy_and_random_bots_choose_legal_actions_in_every_game(name: str) -> None:
    """Issue 26: both bots play every game; the greedy one through the game's evaluation."""
    for state in positions(name, every=20)[:-1]:
        legal = sr.legal_actions(state)
        assert GreedyBot(3).choose(state) in legal
        assert RandomBot(3).choose(state) in legal
        player = deciding(state)
        assert isinstance(evaluate(state, player), float)


def test_five_tribes_evaluation_is_the_points_and_a_little_more() -> None:
    """Issue 26: at the start of Five Tribes a seat's points are its coins (FT-SC-1); the
    evaluation adds a tenth of them (the means to bid)."""
    state = new("five_tribes_2p")
    coins = [p.coins for p in state.players]
    assert [c + 0.1 * c for c in coins] == [evaluate(state, p) for p in range(2)]


def test_a_finished_game_has_nothing_to_choose() -> None:
    state = positions("five_tribes_2p")[-1]
    with pytest.raises(ValueError, match="the game is over"):
        GreedyBot(1).choose(state)
    with pytest.raises(ValueError, match="the game is over"):
        MctsBot(1, iterations=2).choose(state)


# ---- sampling hidden parts -------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_samples_agree_with_every_deciding_seats_observation_and_redraw_the_hidden(
    name: str,
) -> None:
    """Issue 26: at several points of a random game and for every deciding seat, each sample
    has the same observation, passes from_json, and over 20 draws at least two distinct
    hidden parts appear where any exist. Five Tribes hides nothing but its seed from a seat
    that saw the game from its start (issue 39): its decks keep no order and what they hold is
    seen nowhere else, and the rivals' coins follow from the public payments (ruling
    FT-ENGINE-13), so every sample holds the true ones."""
    rng = random.Random(26)
    checked = 0
    for state in positions(name):
        for viewer in game_of(state).agents(state):
            view = sr.observation(state, viewer)
            determinizer = Determinizer.of(state, viewer)
            samples = [sample_state(state, viewer, rng)]
            samples += [determinizer.sample(rng) for _ in range(19)]
            for sampled in samples:
                assert view == sr.observation(sampled, viewer)
                assert sampled == sr.from_json(sr.to_json(sampled))
            if game_of(state).name == "five_tribes":
                assert {hidden(s, viewer) for s in samples} == {hidden(state, viewer)}
            else:
                # Once the Scholar turned its whole deck, a solo game hides nothing from you
                # but the piles, which may hold every unseen tile: its bag is counted in the
                # open.
                solo = getattr(state, "solo", None) is not None
                turned = solo and not state.players[1].objectives
                assert len({hidden(s, viewer) for s in samples}) >= (1 if turned else 2)
            assert 20 == len({s.seed for s in samples})
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_plays_on_to_the_end(name: str) -> None:
    """Issue 26: a sampled state is a game like any other."""
    state = positions(name)[2]
    sampled = sample_state(state, deciding(state), random.Random(4))
    bot = RandomBot(4)
    while not sr.is_terminal(sampled):
        sampled = sr.apply(sampled, bot.choose(sampled))
    assert len(api.returns(sampled)) == len(game_of(sampled).agents(sampled))


def test_five_tribes_samples_hold_the_unseen_cards_in_the_decks() -> None:
    """Issue 26: the decks' contents are fixed by what is seen; only their order is redrawn."""
    state = positions("five_tribes_2p")[3]
    rng = random.Random(2)
    samples = [sample_state(state, 0, rng) for _ in range(20)]
    assert {tuple(sorted(state.deck))} == {tuple(sorted(s.deck)) for s in samples}
    assert {tuple(sorted(state.djinn_deck))} == {tuple(sorted(s.djinn_deck)) for s in samples}
    assert {0} == {s.draws for s in samples}
    assert all(s.seed.bit_length() <= 128 for s in samples)


# ---- the MCTS bot ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_the_mcts_bot_plays_a_whole_game(name: str) -> None:
    """Issue 26: with 10 iterations a decision, the MCTS bot takes every decision of a game
    to its end (the Scholar's turns play themselves; Five Tribes ends by itself)."""
    state = new(name, seed=2)
    bot = MctsBot(seed=2, iterations=10)
    decisions = 0
    while not sr.is_terminal(state):
        action = bot.choose(state)
        assert action in sr.legal_actions(state)
        state = sr.apply(state, action)
        decisions += 1
    assert decisions > 20
    assert len(game_of(state).agents(state)) == len(api.returns(state))


def test_the_mcts_bot_decides_from_a_five_tribes_observation_only() -> None:
    """Issue 26: two Five Tribes states alike to the deciding seat get the same choice."""
    state = positions("five_tribes_2p")[2]
    while len(sr.legal_actions(state)) < 3:
        state = sr.apply(state, sr.legal_actions(state)[0])
    player = deciding(state)
    other = sample_state(state, player, random.Random(8))
    assert (other.deck, other.seed) != (state.deck, state.seed)
    assert MctsBot(5, iterations=30).choose(state) == MctsBot(5, iterations=30).choose(other)


@pytest.mark.parametrize("name", [*GAMES, "sankore_4p"])
def test_every_seats_evaluation_at_once_is_each_seats_evaluation(name: str) -> None:
    """Issue 29: ``evaluate_seats`` (one score sheet for all seats, what the search rates
    leaves by) gives exactly ``evaluate`` of each seat, Scholar included, along a random
    game; so does the protocol's default, seat by seat."""
    setup = GAMES.get(name, {"players": 4, "turn_limit": 6})
    states = list(random_game(sr.new_game(seed=3, **setup), 3))[::9]  # solo_hard: 29 steps
    for state in states:
        game, rules = game_of(state), api.rules_of(state)
        each = [game.evaluate(rules, state, p) for p in range(game.seats(state))]
        assert each == game.evaluate_seats(rules, state)
        assert each == Game.evaluate_seats(game, rules, state)
    assert len(states) >= 4


def mid_decision(name: str) -> Any:
    """A state of a random game of ``name`` past its start, with at least three options."""
    state = positions(name)[1]
    while len(sr.legal_actions(state)) < 3:
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("pool", "draws"), [(1, 1), (4, 4), (30, 30)])
def test_a_search_draws_its_pool_of_determinizations_once_and_reuses_them(
    name: str, pool: int, draws: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 29: a search of 30 iterations draws ``determinizations`` states (30: one an
    iteration) and, with a single one, applies one action an iteration, to the node it adds:
    every step of the walk down the tree was worked out by an earlier iteration."""
    state = mid_decision(name)
    game = game_of(state)
    counts = {"sample": 0, "apply": 0}
    sample, apply = Determinizer.sample, type(game).apply

    def counted_sample(self: Determinizer, rng: random.Random) -> Any:
        counts["sample"] += 1
        return sample(self, rng)

    def counted_apply(self: Any, *args: Any, **kwargs: Any) -> Any:
        counts["apply"] += 1
        return apply(self, *args, **kwargs)

    # The seat's information state, whose states gone are replayed once (they are applies
    # too), is the same for every search: worked out before counting.
    sr.information_state(state, deciding(state))
    monkeypatch.setattr(Determinizer, "sample", counted_sample)
    monkeypatch.setattr(type(game), "apply", counted_apply)
    bot = MctsBot(seed=3, iterations=30, determinizations=pool)
    assert bot.choose(state) in sr.legal_actions(state)
    assert (30, draws) == (bot.last_iterations, counts["sample"])
    if pool == 1:
        assert 30 == counts["apply"]
    else:
        assert counts["apply"] > 30


@pytest.mark.parametrize("name", GAMES)
def test_the_mcts_bot_with_a_pool_is_reproducible_from_its_seed(name: str) -> None:
    """Issue 29: with any pool size, bots of one seed make the same choices; the same search
    from the observation alone too. (A search of the state draws from the seat's whole
    information state, one of an observation from that observation alone: in a game where
    earlier events narrow what is hidden, the solo game's, the two may choose differently.)"""
    state = mid_decision(name)
    view = sr.observation(state, deciding(state))
    for pool in (1, 3, 8):
        choices = {MctsBot(seed=4, iterations=40, determinizations=pool).choose(state)}
        choices.add(MctsBot(seed=4, iterations=40, determinizations=pool).choose(state))
        assert 1 == len(choices)
        viewed = {
            MctsBot(seed=4, iterations=40, determinizations=pool).choose_from_observation(view)
            for _ in range(2)
        }
        assert 1 == len(viewed)
        assert choices | viewed <= set(sr.legal_actions(state))


# ---- simulation --------------------------------------------------------------------------------


def simulation_specs() -> list[GameSpec]:
    """Four games of each game, between the three bots (MCTS with a small budget)."""
    specs = []
    for name, setup in GAMES.items():
        options = {k: v for k, v in setup.items() if k not in ("players", "game")}
        agents = 1 if setup["players"] == 1 else setup["players"]
        for seed in range(4):
            bots = ("mcts", "greedy", "random", "random")[seed % 2 : seed % 2 + agents]
            specs.append(
                GameSpec(
                    seed=seed,
                    players=setup["players"],
                    bots=bots,
                    game=setup.get("game", "sankore"),
                    options=options,
                    mcts_iterations=4,
                    record_tags=(("source", name),),
                )
            )
    return specs


def test_simulation_of_every_game_on_two_processes_equals_the_sequential_run() -> None:
    """Issue 26: 4 games of each game, played here and on 2 processes: the same results, and
    a record of each game that replays to the same end."""
    sequential = run_games(simulation_specs())
    assert sequential == run_games(simulation_specs(), jobs=2)
    assert 12 == len(sequential)
    solo = sequential[4]
    assert ("mcts", "automatic") == solo.bots
    tribes: list[GameResult] = sequential[8:]
    assert [("mcts", "greedy"), ("greedy", "random")] * 2 == [r.bots for r in tribes]
    for result in tribes:
        assert result.end_cause in ("last_camel", "no_move")
        record = json.loads(result.record or "")
        assert {"game": "five_tribes", "players": 2, "seed": result.seed} == {
            k: record["setup"][k] for k in ("game", "players", "seed")
        }
        assert list(result.actions) == record["actions"]


def test_a_spec_needs_one_bot_per_deciding_seat() -> None:
    spec = GameSpec(seed=1, players=1, bots=("random", "random"), options={"scholar": "easy"})
    with pytest.raises(ValueError, match="has 1 deciding seat"):
        run_games([spec])
    with pytest.raises(ValueError, match="game must be one of"):
        run_games([GameSpec(seed=1, players=2, bots=("random",) * 2, game="chess")])


# ---- tampered views ----------------------------------------------------------------------------


def view_of(name: str, index: int = 2, viewer: int = 0) -> dict[str, Any]:
    return sr.observation(positions(name)[index], viewer)


def tamper(view: dict[str, Any], change: Callable[[dict[str, Any]], None]) -> dict[str, Any]:
    tampered = copy.deepcopy(view)
    change(tampered)
    return tampered


def _other_hand(v: dict[str, Any]) -> None:
    v["players"][1]["objectives"] = 30


def _seen_twice(v: dict[str, Any]) -> None:
    v["players"][1]["completed"].append(v["players"][0]["objectives"][0])


def _gold(v: dict[str, Any]) -> None:
    v["players"][0]["gold"] = 500


def _pile(v: dict[str, Any]) -> None:
    v["market"][0]["pile1_count"] = 40


def _market_twice(v: dict[str, Any]) -> None:
    v["discard"] += [v["market"][0]] * 20


def _djinn_deck(v: dict[str, Any]) -> None:
    v["djinn_deck"] += 1


REFUSALS: list[tuple[str, Callable[[dict[str, Any]], None], str]] = [
    ("sankore_3p", lambda v: v.pop("players"), "not an observation of a Sankoré state: 'players'"),
    ("sankore_3p", lambda v: v.update(viewer="0"), "viewer '0' is not a seat of the game"),
    ("sankore_3p", _other_hand, "Objective cards but only"),
    ("sankore_3p", _seen_twice, "seen twice"),
    ("sankore_3p", _pile, "market's pile1 holds 40 tiles"),
    ("sankore_3p", _gold, "describes no state of the game: inconsistent state"),
    ("sankore_3p", lambda v: v.update(rules_hash="x"), "names ruleset"),
    ("sankore_3p", lambda v: v.update(game="chess"), "game must be one of"),
    ("sankore_3p", lambda v: v.pop("game"), "it names no game"),
    ("sankore_3p", lambda v: v["decision"].update(kind="nothing"), "is not what its viewer sees"),
    ("five_tribes_2p", lambda v: v.pop("bag"), "describes no state of the game"),
    ("five_tribes_2p", lambda v: v.pop("market"), "not an observation of a Five Tribes state"),
    ("five_tribes_2p", lambda v: v.update(deck=v["deck"] + 1), "the counts do not add up"),
    ("five_tribes_2p", lambda v: v.update(deck="many"), "deck must be a count"),
    ("five_tribes_2p", _market_twice, "seen more often than the game has them"),
    ("five_tribes_2p", _djinn_deck, "djinn_deck holds"),
    ("five_tribes_2p", lambda v: v.update(bank=-5), "describes no state of the game"),
    ("five_tribes_2p", lambda v: v.update(viewer=7), "viewer 7 is not a seat of the game"),
    ("five_tribes_2p", lambda v: v["events"].append({"kind": 1}), "'player'"),
]


@pytest.mark.parametrize(("name", "change", "message"), REFUSALS)
def test_a_tampered_view_is_refused_with_a_value_error(
    name: str, change: Callable[[dict[str, Any]], None], message: str
) -> None:
    """Issue 26: a view with a field missing or mistyped, counts that do not add up or a
    card seen twice is refused with ValueError, saying what is wrong."""
    with pytest.raises(ValueError, match=re.escape(message)) as caught:
        Determinizer(tamper(view_of(name), change))
    assert ValueError is type(caught.value)


def test_a_view_that_is_no_mapping_is_refused() -> None:
    with pytest.raises(ValueError, match="not an observation of a game state: a list"):
        Determinizer([])  # type: ignore[arg-type]


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every path to a value inside JSON-like ``value``."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield (*path, key)
            yield from _paths(item, (*path, key))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield (*path, i)
            yield from _paths(item, (*path, i))


_REPLACEMENTS: list[Any] = ["x", None, -1, 0, 1, 10**6, [], {}, True, 2.5]


def _mutate(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """``view`` with one value at a random place dropped, replaced, bumped or duplicated."""
    tampered = copy.deepcopy(view)
    path = rng.choice(list(_paths(tampered)))
    parent = tampered
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = rng.randrange(4)
    if how == 0:
        del parent[key]
    elif how == 1:
        parent[key] = rng.choice(_REPLACEMENTS)
    elif how == 2 and type(parent[key]) is int:
        parent[key] += rng.choice((-1, 1))
    elif isinstance(parent, list):
        parent.insert(key, parent[key])
    else:
        parent[key] = copy.deepcopy(rng.choice(list(parent.values())))
    return tampered


@pytest.mark.parametrize("name", GAMES)
def test_tampered_views_give_a_value_error_or_sound_samples(name: str) -> None:
    """Issue 26: over 150 random tamperings of views along a game, a Determinizer either
    refuses with ValueError or gives samples from_json accepts whose observation is the view."""
    rng = random.Random(name)
    states = positions(name)
    refused = accepted = 0
    for i in range(150):
        state = states[i % len(states)]
        agents = game_of(state).agents(state)
        view = sr.observation(state, agents[i % len(agents)])
        tampered = _mutate(view, rng)
        tampered = json.loads(json.dumps(tampered))  # as it would travel
        try:
            determinizer = Determinizer(tampered)
        except ValueError:
            refused += 1
            continue
        accepted += 1
        for _ in range(3):
            sampled = determinizer.sample(rng)
            assert sampled == sr.from_json(sr.to_json(sampled))
            seen = sr.observation(sampled, determinizer.viewer)
            assert tampered == json.loads(json.dumps(seen))
    assert refused > 100
