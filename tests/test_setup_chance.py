"""Sankoré's setup dealt by chance steps in the explicit mode (issue 39, ``sankore/placements.py``).

In the explicit mode a game starts before anything random is placed: every place of the setup
(SETUP-C-4..15, DRAFT-1/2) is a chance step ``setup_place`` whose outcomes are the kinds of
component left, weighted by count (by valid completions where a rule redraws: ENGINE-2, AMB-10),
then the hands are dealt (SETUP-P-8) and the first player drawn (SETUP-P-2), which pushes the
draft. The default mode deals from the seed what it always dealt.
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
from positions import RULES, edit, seeded_setup
from sankore_rules.core.chance import probabilities
from sankore_rules.interfaces.ai import observation_tensor
from sankore_rules.interfaces.search import Determinizer
from sankore_rules.sankore.engine import STEPS
from sankore_rules.sankore.state import State, Task
from sankore_rules.sankore.validity import state_problems

SETUPS = [
    pytest.param({"players": 2}, id="2p"),
    pytest.param({"players": 3}, id="3p"),
    pytest.param({"players": 4, "library": "six_shelf"}, id="4p"),
    pytest.param({"players": 1, "scholar": "hard"}, id="solo"),
]
SETUP_STEPS = ("setup_place", "deal_objective", "first_player")


def _exact(state: State) -> list[tuple[str, Fraction]]:
    """The pending chance step's outcomes with their exact probabilities."""
    task = state.agenda[-1]
    outcomes = STEPS[task.kind].outcomes
    assert outcomes is not None
    return [(str(a), p) for a, p in probabilities(outcomes(RULES, state, task))]


def _in_setup(state: State) -> bool:
    return state.current_player == sr.CHANCE and state.agenda[-1].kind in SETUP_STEPS


def _random_setup(setup: dict[str, Any], seed: int, check: bool = False) -> State:
    """An explicit game through its setup, each outcome drawn at random by its probability."""
    rng = random.Random(seed)
    state = sr.new_game(seed=seed, chance="explicit", **setup)
    while _in_setup(state):
        outcomes = sr.chance_outcomes(state)
        if check:
            assert len(outcomes) >= 2  # one outcome resolves by itself
            assert all(p > 0 for _, p in outcomes)
            assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-12
            assert [a for a, _ in outcomes] == sr.legal_actions(state)
            assert sum(p for _, p in _exact(state)) == 1
        state = sr.apply(state, rng.choices(*zip(*outcomes, strict=True))[0])
    return state


def test_a_fresh_explicit_game_has_placed_nothing_random() -> None:
    """The game starts before the setup's draws: the first step is the first Theology Book
    (SETUP-C-4), drawn from the 9 Books of each discipline the boxes leave, equally likely."""
    state = sr.new_game(players=2, seed=1, chance="explicit")
    assert Task("setup_place", sr.CHANCE, {"what": "theology", "at": "djenne-bottom"}) == (
        state.decision
    )
    assert [
        ("put astronomy", Fraction(1, 4)),
        ("put theology", Fraction(1, 4)),
        ("put mathematics", Fraction(1, 4)),
        ("put law", Fraction(1, 4)),
    ] == _exact(state)
    assert ({}, {}, {}) == (state.theology_books, state.port_tokens, state.region_tiles)
    assert ((None,) * 6,) * 4 == state.queues
    assert all(cell is None for cell in state.madrasa)
    assert [("ast-3a", (), None, (), None)] == [
        (c.level3, c.pile2, c.shown2, c.pile1, c.shown1) for c in state.market[:1]
    ]
    assert ((), (9, 9, 9, 9), (9, 9, 9, 9)) == (
        state.draft,
        state.supply_books,
        state.supply_prestige,
    )
    assert [(), ()] == [pl.objectives for pl in state.players]
    assert 0 == state.draws
    assert "Set up astronomy on djenne-bottom" == sr.describe(state, "put astronomy")


@pytest.mark.parametrize("setup", SETUPS)
def test_a_random_explicit_setup_sums_to_one_everywhere_and_plays_on(setup: dict[str, Any]) -> None:
    """Every setup step's outcomes are positive, sum to 1 and are its legal actions; the dealt
    state passes every check of a state read from outside, and play goes on from it."""
    state = _random_setup(setup, seed=5, check=True)
    assert [] == state_problems(RULES, state)
    assert sr.from_json(sr.to_json(state)) == state
    assert "draft" == state.decision.kind
    assert len(state.draft) == 4
    expected = 2 if setup["players"] == 1 else setup["players"]
    assert all(len(pl.objectives) == 4 for pl in state.players[:expected])
    rng = random.Random(0)
    for _ in range(60):
        if sr.is_terminal(state):
            break
        if state.current_player == sr.CHANCE:
            state = sr.apply(state, rng.choice(sr.chance_outcomes(state))[0])
        else:
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    assert sum(pl.turns for pl in state.players) > 0


@pytest.mark.parametrize("setup", SETUPS)
def test_the_seeds_placements_dealt_by_chance_steps_are_the_default_setup(
    setup: dict[str, Any],
) -> None:
    """Both modes place through the same functions: given the seed's outcomes, the explicit
    setup is the default one (the hands as dealt to each seat, sorted)."""
    auto = sr.new_game(seed=12, **setup)
    state = seeded_setup(sr.new_game(seed=12, chance="explicit", **setup))
    for pl in auto.players:  # each seat's hand, dealt card by card
        for card in sorted(pl.objectives):
            state = sr.apply(state, f"deal {card}")
    if state.agenda[-1].kind == "first_player":
        state = sr.apply(state, f"first {auto.first_player}")
    assert "draft" == state.decision.kind

    def like_auto(s: State) -> None:
        s.draws, s.explicit_chance = auto.draws, False
        for pl, dealt in zip(s.players, auto.players, strict=True):
            assert sorted(pl.objectives) == sorted(dealt.objectives)
            pl.objectives = dealt.objectives

    assert auto == edit(state, like_auto)


def test_a_mid_setup_state_reads_back_and_every_view_draws_it() -> None:
    """A state mid-setup is a real state: JSON round trip, text, seat text, observation,
    tensor, sampler and picture; nothing placed is drawn where nothing is yet."""
    state = sr.new_game(players=3, seed=2, chance="explicit")
    for _ in range(30):
        state = sr.apply(state, sr.chance_outcomes(state)[-1][0])
    assert sr.from_json(sr.to_json(state)) == state
    assert "queue" == state.decision.args["what"]
    game, rules = sr.game_of(state), sr.rules_of(state)
    assert "First player not drawn yet; turns taken: P0 0, P1 0, P2 0" in game.text(rules, state)
    ports = ", ".join(f"{k} {v}" for k, v in sorted(state.port_tokens.items()))
    assert 8 == len(state.port_tokens)
    seat_text = game.seat_text(rules, state, 1)
    assert f"Prestige tokens on Port spaces: {ports}" in seat_text
    assert "Books on spaces: none" not in seat_text
    seen = sr.observation(state, 0)
    assert seen["decision"] == {
        "kind": "setup_place",
        "player": sr.CHANCE,
        "prompt": "Place a component of setup",
    }
    assert [[], 0, 0] == [pl["objectives"] for pl in seen["players"]]  # no hand dealt yet
    assert observation_tensor(state, 0).shape == observation_tensor(sr.new_game(3, 2), 0).shape
    sample = Determinizer.of(state, 1).sample(random.Random(1))  # what seat 1 cannot tell apart
    assert sr.observation(sample, 1) == sr.observation(state, 1)
    auto = sr.new_game(players=3, seed=2)
    picture, dealt = sr.state_svg(state, viewer=0), sr.state_svg(auto, viewer=0)
    board_tiles = list(auto.region_tiles.values())
    assert all(t in dealt for t in board_tiles)
    assert not any(t in picture for t in board_tiles)  # the regions' tiles are not placed yet


def test_every_view_says_chance_draws_at_a_chance_step_not_a_seat() -> None:
    """At a chance step of the explicit mode no seat decides: the text view, the picture's
    status line and the command line's decision line say that chance draws, and name no seat
    (the chance seat's number, -2, is no player)."""
    from sankore_rules.interfaces.cli.common import decision_line

    state = sr.new_game(players=2, seed=4, chance="explicit")
    game, rules = sr.game_of(state), sr.rules_of(state)
    words = "chance draws (setup_place): Place a component of setup"
    assert f"Now: {words}" in game.text(rules, state).splitlines()
    assert words == decision_line(state)
    assert words in sr.state_svg(state, viewer=0)
    assert "P-2" not in game.text(rules, state) + sr.state_svg(state, viewer=0)
    dealt = sr.new_game(players=2, seed=4)
    turn = f"P{dealt.decision.player} decides (draft): Choose a starting combination"
    assert turn == decision_line(dealt)


def _mid_setup() -> State:
    """A 2-player explicit setup with its Theology Books and Port tokens placed, its queues
    begun."""
    state = sr.new_game(players=2, seed=9, chance="explicit")
    while not (state.decision.args["what"] == "queue" and state.decision.args["at"].endswith("3")):
        state = sr.apply(state, sr.chance_outcomes(state)[0][0])
    return state


def _refused(state: State, fragment: str) -> None:
    with pytest.raises(sr.StateError, match=fragment):
        sr.from_json(sr.to_json(state))


def test_a_component_missing_without_its_chance_step_is_refused_by_name() -> None:
    """The checks accept an empty place only with its pending step: a Book taken off a
    Theology space (and put back in the supply), a Student off a queue, the whole setup said
    to be the default mode's, or a step for a place already filled are refused."""
    state = _mid_setup()
    assert sr.from_json(sr.to_json(state)) == state
    space, book = next(iter(state.theology_books.items()))

    def take_book(s: State) -> None:
        s.theology_books = {k: v for k, v in s.theology_books.items() if k != space}
        s.supply_books = tuple(
            n + (d == book) for d, n in zip(RULES.disciplines, s.supply_books, strict=True)
        )

    _refused(
        edit(state, take_book),
        f"theology {space}: a Book is missing and no chance step places it",
    )
    _refused(
        edit(state, lambda s: setattr(s, "queues", ((None,) * 6, *s.queues[1:]))),
        "queue astronomy:0: a Student is missing and no chance step places it",
    )
    _refused(
        edit(state, lambda s: setattr(s, "explicit_chance", False)),
        "a chance step waits on the agenda only when chance is explicit",
    )
    again = Task("setup_place", sr.CHANCE, {"what": "theology", "at": space})
    _refused(
        edit(state, lambda s: setattr(s, "agenda", (*s.agenda, again))),
        "the setup's chance steps are not those left of its deal, in order",
    )
    solo = _at(sr.new_game(players=1, seed=4, scholar="easy", chance="explicit"), "market", 16)
    tile = next(iter(solo.region_tiles))
    _refused(
        edit(solo, lambda s: setattr(s, "region_tiles", {tile: s.region_tiles[tile]})),
        "a Sankoré tile is missing and no chance step places it",
    )


def test_two_clones_at_a_setup_step_resolve_differently() -> None:
    state = _mid_setup()
    outcomes = sr.chance_outcomes(state)
    first, second = sr.apply(state, outcomes[0][0]), sr.apply(state, outcomes[1][0])
    assert first != second
    assert first.queues[0][3] != second.queues[0][3]
    assert state.queues[0][3] is None  # the node itself is unchanged
    assert first.draws == second.draws == state.draws + 1


def test_the_default_mode_still_deals_the_seeds_setup() -> None:
    """Auto mode is unchanged: the seed deals its setup at once, no setup step waits."""
    state = sr.new_game(players=2, seed=1)
    assert ("draft", 0) == (state.decision.kind, state.current_player)
    assert (3, 4, 5, 7) == state.supply_books
    assert 13 == len(state.theology_books)
    assert 0 == state.draws
    assert sr.new_game(players=2, seed=1) == state


# ---- the rules that redraw (ENGINE-2, AMB-10) ----------------------------------------------------


def _tree(state: State, what: str) -> list[tuple[State, Fraction]]:
    """Every way the steps of ``what`` still pending can deal, with its exact probability."""
    task = state.decision
    if not (task.kind == "setup_place" and task.args["what"] == what):
        return [(state, Fraction(1))]
    return [
        (dealt, p * q)
        for outcome, p in _exact(state)
        for dealt, q in _tree(sr.apply(state, outcome), what)
    ]


def _dealt(state: State, what: str, read: Any) -> dict[tuple[str, ...], Fraction]:
    """What the pending steps of ``what`` place, in their order, with its exact probability."""
    places = [t.args["at"] for t in reversed(state.agenda) if t.args.get("what") == what]
    found: dict[tuple[str, ...], Fraction] = {}
    for dealt, p in _tree(state, what):
        values = tuple(read(dealt, place) for place in places)
        found[values] = found.get(values, Fraction(0)) + p
    return found


def _at(state: State, what: str, left: int) -> State:
    """The state at the step of ``what`` that has ``left`` places of it still to fill."""
    while True:
        task = state.decision
        if task.kind == "setup_place" and task.args["what"] == what:
            pending = sum(t.kind == "setup_place" and t.args["what"] == what for t in state.agenda)
            if pending == left:
                return state
        state = sr.apply(state, sr.chance_outcomes(state)[0][0])


def test_engine_2_the_theology_books_leave_a_book_of_each_discipline_for_the_draft() -> None:
    """ENGINE-2 weighted by valid completions: with 3 Books still to draw from 1 astronomy,
    2 theology, 3 mathematics and 4 law, every draw that leaves one of each discipline comes
    out exactly as often as drawing them all and drawing again whenever one is missing."""
    state = _at(sr.new_game(players=2, seed=3, chance="explicit"), "theology", 3)
    state = edit(state, lambda s: setattr(s, "supply_books", (1, 2, 3, 4)))
    books = [d for d, n in zip(RULES.disciplines, (1, 2, 3, 4), strict=True) for _ in range(n)]
    valid: Counter[tuple[str, ...]] = Counter()
    for drawn in itertools.permutations(range(len(books)), 3):
        left = Counter(books) - Counter(books[i] for i in drawn)
        if all(left[d] for d in RULES.disciplines):
            valid[tuple(books[i] for i in drawn)] += 1
    total = sum(valid.values())
    expected = {draw: Fraction(n, total) for draw, n in valid.items()}
    found = _dealt(state, "theology", lambda s, space: s.theology_books[space])
    assert expected == found
    assert 19 == len(found)  # never astronomy, one theology at most, two mathematics at most
    assert Fraction(9, 19) == sum(p for draw, p in found.items() if draw[0] == "law")
    assert Fraction(7, 38) == sum(p for draw, p in found.items() if draw[0] == "theology")


def test_amb_10_every_arrangement_of_the_draft_books_is_dealt_and_equally_likely() -> None:
    """AMB-10: each column's draft Book is of another discipline than its level-1 tile; the
    explicit mode deals each of the 9 such arrangements (derangements) with probability 1/9."""
    state = _at(sr.new_game(players=2, seed=7, chance="explicit"), "draft", 4)
    found = _dealt(state, "draft", lambda s, d: next(b for _, b, x in s.draft if x == d))
    own = tuple(RULES.class_tiles[c.shown1 or ""].discipline for c in state.market)
    assert own == RULES.disciplines
    arrangements = {
        order
        for order in itertools.permutations(RULES.disciplines)
        if all(b != d for b, d in zip(order, own, strict=True))
    }
    assert {order: Fraction(1, 9) for order in arrangements} == found


def test_no_draft_book_of_its_columns_discipline_in_200_random_explicit_setups() -> None:
    """AMB-10 and ENGINE-2 over 200 random explicit setups: no draft Book matches its tile,
    and every discipline has a Book to offer (no supply falls below 0)."""
    for seed in range(200):
        state = sr.new_game(players=2, seed=seed, chance="explicit")
        rng = random.Random(seed)
        while state.decision.kind == "setup_place":
            outcomes = sr.chance_outcomes(state)
            state = sr.apply(state, rng.choices(*zip(*outcomes, strict=True))[0])
        assert sorted(book for _, book, _ in state.draft) == sorted(RULES.disciplines)
        assert all(RULES.class_tiles[tile].discipline != book for tile, book, _ in state.draft), (
            seed
        )
        assert min(state.supply_books) >= 0


def test_a_record_of_an_explicit_game_lists_the_setups_outcomes_and_replays() -> None:
    """A record of the explicit mode holds every setup outcome (``put``, ``deal``, ``first``)."""
    rng = random.Random(4)
    state = sr.new_game(players=2, seed=4, chance="explicit")
    actions = []
    while state.decision.kind != "turn":
        options = (
            [a for a, _ in sr.chance_outcomes(state)]
            if state.current_player == sr.CHANCE
            else sr.legal_actions(state)
        )
        action = rng.choice(options)
        actions.append(str(action))
        state = sr.apply(state, action)
    record = sr.load_record(sr.save_record(actions, players=2, seed=4, chance="explicit"))
    assert sr.replay(record) == state
    kinds = Counter(a.split()[0] for a in actions)
    assert (8, 1) == (kinds["deal"], kinds["first"])
    assert kinds["put"] > 60
    assert json.loads(sr.to_json(state))["state"]["explicit_chance"] is True
