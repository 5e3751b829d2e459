"""The fixed action space (issue 13): an index for every action, a mask of the legal ones.

The mask is checked against ``legal_actions`` at every step of random games of 2, 3 and 4
players on both Library sides; every index round-trips; the layout is a function of the tables
alone, the same in every process, and a corrected ruleset gets its own.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given

import sankore_rules as sr
from sankore_rules.core.actions import parse_notation
from sankore_rules.interfaces.ai.action_space import (
    action_to_index,
    index_to_action,
    indexer,
    indices_of,
    layout_digest,
    legal_indices,
    legal_mask,
    num_distinct_actions,
)
from sankore_rules.sankore.agents import action_space
from sankore_rules.sankore.state import State
from strategies import (
    LIBRARY_SIDES,
    PLAYER_COUNTS,
    Setup,
    choice_seeds,
    copy_tables,
    edit_table,
    play,
    property_settings,
    setups,
)

ROOT = Path(__file__).resolve().parents[1]
RULES = sr.load_rules()
#: The bundled ruleset's layout. A change to the tables or to the families changes these on
#: purpose: agents trained on the old numbers no longer fit.
BUNDLED_ACTIONS = 685
BUNDLED_DIGEST = "423502307332ac5b"


def check_mask(state: State, legal: list[sr.Action]) -> None:
    """The mask is true exactly at the indices of the legal actions."""
    mask = legal_mask(state)
    assert (mask.dtype, mask.shape) == (np.bool_, (BUNDLED_ACTIONS,))
    expected = sorted(action_to_index(RULES, a) for a in legal)
    assert expected == [int(i) for i in np.flatnonzero(mask)]
    assert expected == legal_indices(state)
    assert sorted(legal, key=lambda a: action_to_index(RULES, a)) == [
        index_to_action(RULES, i) for i in expected
    ]


# ---- the mask ---------------------------------------------------------------------------------


@pytest.mark.parametrize("library", LIBRARY_SIDES)
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_mask_equals_legal_actions_at_every_step_of_a_whole_game(
    players: int, library: str
) -> None:
    """DESIGN "One decision at a time": each decision's options, and only they, are masked in."""
    seed = 100 * players + LIBRARY_SIDES.index(library)
    game = play(Setup(players, seed, library), choice_seed=seed, on_step=check_mask)
    assert game.final is not None and sr.is_terminal(game.final)
    assert len(game.actions) > 100
    check_mask(game.final, [])  # the game is over: nothing is legal
    assert not legal_mask(game.final).any()


@property_settings(max_examples=12)
@given(setup=setups(), choice_seed=choice_seeds())
def test_prop_mask_equals_legal_actions_in_random_games(setup: Setup, choice_seed: int) -> None:
    """The same, for random setups (2-4 players, both sides, turn limits) and choices."""
    play(setup, choice_seed, max_decisions=600, on_step=check_mask)


# ---- indices ----------------------------------------------------------------------------------


def test_every_index_round_trips() -> None:
    """Each index names one action, whose index it is, and its notation reads back the same."""
    n = num_distinct_actions(RULES)
    assert BUNDLED_ACTIONS == n
    for i in range(n):
        action = index_to_action(RULES, i)
        assert i == action_to_index(RULES, action)
        assert i == action_to_index(RULES, str(action))
        assert action == parse_notation(str(action))
    assert len({index_to_action(RULES, i) for i in range(n)}) == n


def test_families_tile_the_indices_in_order() -> None:
    layout = action_space(RULES)
    starts = [f.start for f in layout.families]
    stops = [f.stop for f in layout.families]
    assert 0 == starts[0]
    assert starts[1:] == stops[:-1]
    assert len(layout) == stops[-1]
    assert list(layout.actions) == [a for f in layout.families for a in f.actions]
    assert sr.Action("end") == index_to_action(RULES, 0)


@pytest.mark.parametrize("index", [-1, BUNDLED_ACTIONS, 10**9, 1.0, True, "3", None])
def test_an_index_outside_the_layout_is_refused(index: object) -> None:
    with pytest.raises(ValueError, match="action index"):
        index_to_action(RULES, index)  # type: ignore[arg-type]


def test_numpy_integers_are_indices() -> None:
    assert index_to_action(RULES, 5) == index_to_action(RULES, np.int64(5))  # type: ignore[arg-type]


@pytest.mark.parametrize("text", ["frobnicate", "enrol atlantis", "mosque djenne-bottom extra"])
def test_an_action_no_decision_lists_has_no_index(text: str) -> None:
    with pytest.raises(ValueError, match="not an action of ruleset"):
        action_to_index(RULES, text)


def test_a_legal_action_found_by_its_notation() -> None:
    """EST-2 and friends: the words are the notation's, so text and Action give one index."""
    state = sr.new_game(players=2, seed=1)
    for action in sr.legal_actions(state):
        assert action_to_index(RULES, action) == action_to_index(RULES, str(action))


# ---- stability ---------------------------------------------------------------------------------


def test_bundled_layout_is_the_recorded_one() -> None:
    """A change of numbering is made on purpose: the size and digest are recorded here."""
    assert (BUNDLED_ACTIONS, BUNDLED_DIGEST) == (num_distinct_actions(RULES), layout_digest(RULES))


def test_layout_is_the_same_in_every_process() -> None:
    """Nothing depends on string hashing or import order: other hash seeds, same digest."""
    code = (
        "import sankore_rules as sr; "
        "from sankore_rules.interfaces.ai.action_space import layout_digest; "
        "print(layout_digest(sr.load_rules()))"
    )
    for hash_seed in ("1", "2", "12345"):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONHASHSEED": hash_seed},
            check=True,
        )
        assert BUNDLED_DIGEST == done.stdout.strip()


def test_layout_does_not_depend_on_the_setup() -> None:
    """One layout for 2, 3 and 4 players and both Library sides: the longest queue's positions
    and the larger side's shelves are numbered for all."""
    for players in PLAYER_COUNTS:
        for library in LIBRARY_SIDES:
            state = sr.new_game(players=players, seed=1, library=library)
            assert (BUNDLED_ACTIONS,) == legal_mask(state).shape
    longest = max(len(q.spaces) for q in RULES.queue_layouts.values())
    assert sr.Action("enrol", ("law", str(longest - 1))) == index_to_action(
        RULES, action_to_index(RULES, f"enrol law {longest - 1}")
    )
    assert action_to_index(RULES, "library law 5") > action_to_index(RULES, "library law 2")


def test_a_corrected_ruleset_gets_its_own_layout(tmp_path: Path) -> None:
    """GAP data provenance: a fifth Graduation slot and a fourth Skill slot are numbered."""
    folder = copy_tables(tmp_path / "tables")

    def change(data: dict[str, object]) -> None:
        data["graduation_slots"] = 5
        data["skill_section_size"] = 4

    edit_table(folder, "player_board", change)
    corrected = sr.load_rules(folder)
    assert BUNDLED_ACTIONS + 1 + 4 == num_distinct_actions(corrected)
    assert layout_digest(corrected) != BUNDLED_DIGEST
    action_to_index(corrected, "madrasa graduation 4")
    action_to_index(corrected, "skill law 3")
    with pytest.raises(ValueError):
        action_to_index(RULES, "madrasa graduation 4")
    state = sr.new_game(players=2, seed=3, rules=corrected)
    assert (num_distinct_actions(corrected),) == legal_mask(state).shape
    play(Setup(2, 3, "six_shelf"), 3, max_decisions=300)  # the bundled rules still play


def test_the_docs_page_lists_every_action_with_its_index() -> None:
    """The generated page is the layout: every index and notation appears on it."""
    sys.path.insert(0, str(ROOT / "docs" / "hooks"))
    import generate

    text = generate.render_section("ai-action-layout", RULES)
    for i, action in enumerate(action_space(RULES).actions):
        assert f"- {i}: `{action}`" in text
    assert f"**{BUNDLED_ACTIONS} actions**" in generate.render_section("ai-action-summary", RULES)


def test_an_action_whose_words_are_not_strings_is_refused_in_words() -> None:
    """An Action built in a program with numbers for words is no action of the space."""
    with pytest.raises(ValueError, match="an Action's kind and args must be strings"):
        action_to_index(RULES, sr.Action("teach", (1, 2)))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="is not an Action"):
        action_to_index(RULES, ("teach", ("c1a",)))  # type: ignore[arg-type]


def test_something_that_is_no_state_is_refused_in_words() -> None:
    """The doors take a state of any game, and refuse anything else with what it got."""
    from sankore_rules.interfaces.ai.tensors import observation_string, observation_tensor

    words = "the game-AI interfaces encode game states, not a dict"
    for call in (
        lambda: legal_mask({}),  # type: ignore[arg-type]
        lambda: legal_indices({}),  # type: ignore[arg-type]
        lambda: observation_tensor({}, 0),  # type: ignore[arg-type]
        lambda: observation_string({}, 0),  # type: ignore[arg-type]
    ):
        with pytest.raises(ValueError) as caught:
            call()
        assert str(caught.value) == words
    with pytest.raises(ValueError, match="dict is not the ruleset of any game"):
        num_distinct_actions({})


def test_an_environments_indexer_numbers_as_the_space_does() -> None:
    """``indexer`` (the environments' lookup, found once per space) gives each listed action
    its index in the space, and refuses in the space's words what it does not number."""
    space = action_space(RULES)
    index = indexer(space)
    state = sr.new_game(players=3, seed=4)
    for _ in range(40):
        legal = sr.legal_actions(state)
        assert index(legal) == [space.index(a) for a in legal] == indices_of(space, legal)
        state = sr.apply(state, legal[-1])
    with pytest.raises(ValueError, match="'teach nowhere' is not an action of ruleset"):
        index([sr.Action("end"), sr.Action("teach", ("nowhere",))])
    with pytest.raises(ValueError, match="an Action's kind and args must be strings"):
        index([sr.Action("teach", (1,))])  # type: ignore[arg-type]  # refused on purpose
