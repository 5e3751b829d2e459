"""The scripts in ``examples/`` run as a newcomer runs them, and print what they claim (issue 6).

Each runs in a subprocess with this interpreter, from the repository root; the test then checks
its output against the API called here directly.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

import sankore_rules as sr
from sankore_rules.core import registry
from sankore_rules.core.chance import CHANCE
from sankore_rules.testing import DOORS, run_conformance

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"


def run(name: str, *args: str) -> list[str]:
    """The lines an example prints; it must exit cleanly and print nothing on stderr."""
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert (done.returncode, done.stderr) == (0, "")
    return done.stdout.splitlines()


def load(name: str):
    """The example as a module, to call its functions."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(f"example_{name}", EXAMPLES / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_every_example_is_tested() -> None:
    """Each script of examples/ has a test here, and nothing else lives in the folder."""
    assert sorted(p.name for p in EXAMPLES.iterdir() if p.name != "__pycache__") == [
        "corrected_rules.py",
        "high_card.py",
        "legal_actions.py",
        "lookahead_bot.py",
        "openspiel_mcts.py",
        "pettingzoo_loop.py",
        "pictures.py",
        "random_game.py",
        "save_and_load.py",
        "solo_game.py",
    ]


def test_random_game_prints_the_final_score_sheet() -> None:
    """SCORE-1, SCORE-7, END-2: the printed sheet is the game's own final score."""
    lines = run("random_game.py", "4")
    state, decisions = load("random_game").play(4)
    scores = sr.final_scores(state)
    assert sr.is_terminal(state)
    assert lines[0] == f"seed 4: {decisions} decisions, {state.players[0].turns} turns per player"
    totals = [int(m[1]) for line in lines if (m := re.fullmatch(r"player \d: (\d+) points", line))]
    assert totals == [sheet.total for sheet in scores.players]
    assert lines[-1] == "winners: " + ", ".join(f"player {p}" for p in scores.winners)
    for sheet in scores.players:
        for line in sheet.disciplines:
            icons = sum(line.icons.values())
            text = f"  {line.discipline:<12} {icons:>2} icons x {line.value} = {line.points}"
            assert text in lines


def test_legal_actions_lists_the_options_and_explains_refusals() -> None:
    """TURN-2, TURN-3: the listed options are the engine's, each refusal its reasons."""
    lines = run("legal_actions.py")
    example = load("legal_actions")
    state = sr.new_game(players=2, seed=7)
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    actions = [str(a) for a in sr.legal_actions(state)]
    start = lines.index(f"{len(actions)} legal actions:")
    assert lines[start + 1 : start + 1 + len(actions)] == [f"  {a}" for a in actions]
    for text in example.TRIES:
        reasons = sr.explain(state, text)
        expected = (
            [f"  {text}: legal"]
            if not reasons
            else [f"  {text}: refused, {r.code}: {r.words}" for r in reasons]
        )
        assert all(line in lines for line in expected), text
    assert any(": refused, " in line for line in lines)
    assert any(line.endswith(": legal") for line in lines)
    assert "apply refused 'teach c3': ['no_class_there']" in lines
    assert "parsed Action(kind='enrol', args=('law',)), written back as 'enrol law'" in lines


def test_save_and_load_round_trips_and_observation_hides_the_seed() -> None:
    """JSON round trip (DESIGN): the loaded state equals the saved one and plays on the same."""
    lines = run("save_and_load.py")
    assert re.fullmatch(r"saved \d+ bytes after 60 decisions", lines[0])
    assert "loaded state equals the saved one: True" in lines
    assert "same game 40 decisions later: True" in lines
    assert any(line.startswith("refused a broken save: ") for line in lines)
    assert "the observation has a seed: False" in lines
    hands = next(line for line in lines if line.startswith("objective cards as player 0 sees"))
    # Player 0's own hand is listed; the others' are only counted.
    assert re.fullmatch(r"objective cards as player 0 sees them: \[\[[\d, ]+\], \d+, \d+\]", hands)


def test_lookahead_bot_plays_a_whole_game() -> None:
    """END-2, SCORE-7: the one-ply bot finishes a game and the winner line matches the points."""
    lines = run("lookahead_bot.py")
    tried = re.fullmatch(r"the lookahead bot tried (\d+) actions", lines[0])
    assert tried is not None and int(tried[1]) > 100
    points = [int(re.search(r": (\d+) points", line)[1]) for line in lines[1:3]]  # type: ignore[index]
    best = max(points)
    winners = [f"player {p}" for p, total in enumerate(points) if total == best]
    assert lines[3] == "winners: " + ", ".join(winners)


def test_corrected_rules_are_loaded_from_a_copy_of_the_tables() -> None:
    """GAP-6 data provenance: a corrected copy changes the number and refuses other states."""
    lines = run("corrected_rules.py")
    bundled = sr.load_rules()
    space = "djenne-middle"
    knowledge = bundled.theology_spaces[space].knowledge
    assert lines[0] == f"{space} needs Knowledge {knowledge} in the bundled tables"
    assert lines[1] == f"{space} needs Knowledge 4 in the corrected copy"
    hashes = re.fullmatch(r"content hashes: (\w+) / (\w+)", lines[2])
    assert hashes is not None
    assert hashes[1] == bundled.content_hash
    assert hashes[2] != bundled.content_hash
    assert lines[3] == f"the new game plays by {bundled.name} {hashes[2]}"
    assert lines[4].startswith("loading it with the bundled rules is refused: ")
    assert lines[5] == (
        "a broken table is refused: law.toml, .space[0].knowledge, invalid value for type, "
        "expected int"
    )


def test_pictures_writes_the_state_and_the_viewer(tmp_path: Path) -> None:
    """Issue 15: the pictures example writes the whole-state SVG of its game and the viewer
    page of every position, and says where."""
    lines = run("pictures.py", str(tmp_path))
    state, actions = load("pictures").play()
    assert [
        f"the game after 40 decisions: {tmp_path / 'state.svg'}",
        f"every position of it, step by step: {tmp_path / 'game.html'}",
    ] == lines
    assert sr.state_svg(state) == (tmp_path / "state.svg").read_text(encoding="utf-8")
    record = sr.load_record(sr.save_record(actions, players=2, seed=9))
    assert sr.viewer_html(record) == (tmp_path / "game.html").read_text(encoding="utf-8")


def test_pettingzoo_loop_plays_masked_games_to_their_rewards() -> None:
    """Issue 13: the loop samples from the mask; rewards arrive at the end and sum to 0."""
    lines = run("pettingzoo_loop.py", "2")
    totals, steps = load("pettingzoo_loop").run(2)
    # The observation's length is the tensor layout's (3 players), generated from the tables.
    from sankore_rules.interfaces.ai.tensors import observation_tensor

    size = observation_tensor(sr.new_game(players=3, seed=1), 0).shape[0]
    assert lines[0] == f"observation ({size},), actions 685"
    assert lines[1] == f"2 games, {steps} steps"
    assert lines[2:] == [f"{agent}: total reward {total:+.2f}" for agent, total in totals.items()]
    assert 0.0 == pytest.approx(sum(totals.values()))


def test_openspiel_mcts_plays_against_a_random_bot_to_the_end() -> None:
    """Issue 13: OpenSpiel's MCTS finishes a game; the returns are the win/loss scheme's."""
    lines = run("openspiel_mcts.py", "1", "5")
    state = load("openspiel_mcts").play(1, 5)
    assert state.is_terminal()
    # The setup is dealt by chance nodes (issue 39), then the players decide and the
    # market's piles are turned by chance nodes where they happen.
    history = state.full_history()
    first = next(i for i, step in enumerate(history) if step.player != -1)  # pyspiel's chance
    played = history[first:]
    draws = sum(1 for step in played if step.player == -1)
    assert draws > 0
    assert first > 60  # the setup's places, the hands and the first player
    assert (
        f"{first} chance nodes dealt the setup, then {len(played) - draws} decisions "
        f"and {draws} draws"
    ) == lines[0]
    returns = state.returns()
    assert lines[1].endswith(f"return {returns[0]:+.2f}")
    assert lines[2].endswith(f"return {returns[1]:+.2f}")
    assert sorted(returns) in ([-1.0, 1.0], [0.0, 0.0])


def test_solo_game_prints_the_scholars_reasons_and_both_totals() -> None:
    """SOLO-FLOW-3, SOLO-END-2: the example shows the Scholar's draft and first turn in words,
    and both totals of the game it plays."""
    lines = run("solo_game.py", "3", "hard")
    state, said = load("solo_game").play(3, "hard")
    scores = sr.final_scores(state)
    assert lines[0] == "The Scholar's draft and first turn:"
    assert lines[1].startswith("  Draft: card #")
    assert lines[2].startswith("  Turn 1, phase 1: card #")
    assert f"... {len(said)} steps in all; the game ended by: {state.end_cause}" in lines
    you, scholar = (sheet.total for sheet in scores.players)
    assert [f"you: {you} points", f"the Scholar: {scholar} points"] == lines[-3:-1]


# ---- a game of one's own ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def high_card() -> Iterator[ModuleType]:
    """examples/high_card.py, loaded and its game registered, unregistered after the tests."""
    module = load("high_card")
    module.register_game()
    yield module
    registry.unregister(module.NAME)


def test_high_card_prints_a_game_between_random_players(high_card: ModuleType) -> None:
    """The script plays the game its ``play`` plays, as P0 sees it at the start."""
    lines = run("high_card.py", "3")
    state, said = high_card.play(3)
    assert lines == said
    assert lines[:3] == [
        "High Card: pot 0, 0 of 6 bets",
        f"P0: card {state.cards[0]}, 10 chips  <- to decide",
        "P1: card hidden, 10 chips",
    ]
    assert 20 == sum(state.chips)
    assert lines[-1] == "winners: " + ", ".join(f"P{p}" for p in sr.final_scores(state).winners)


@pytest.mark.parametrize("rounds", [1, 3])
def test_high_card_passes_the_conformance_suite_through_every_door(
    high_card: ModuleType, rounds: int
) -> None:
    """Issue 40: the shipped example game passes every door of the suite, from a clone."""
    plays = run_conformance(high_card.NAME, 2, {"rounds": rounds}, games=3, doors=DOORS)
    assert [0, 1, 2] == [play.seed for play in plays]
    for play in plays:
        assert sr.is_terminal(play.final)
        assert 20 == sum(play.final.chips)
        assert len(play.actions) <= 2 * rounds


def test_high_card_deals_through_chance_steps_in_the_explicit_mode(
    high_card: ModuleType,
) -> None:
    """The deal is two chance steps: six equally likely cards, then the five left."""
    state = sr.new_game(2, 5, game=high_card.NAME, chance="explicit")
    assert CHANCE == state.current_player
    assert [f"deal {v}" for v in range(1, 7)] == [str(a) for a, _ in sr.chance_outcomes(state)]
    state = sr.apply(sr.apply(state, "deal 4"), "deal 2")
    assert ([4, 2], [1, 3, 5, 6], 2, 0) == (
        state.cards,
        state.deck,
        state.draws,
        state.current_player,
    )
    assert ["hidden", "2"] == sr.observation(state, 1)["cards"]
    assert ["no_such_option"] == [r.code for r in sr.explain(state, "bet 3")]
    assert [] == sr.explain(state, "fold")
