"""Golden games: three recorded games (2, 3 and 4 players) replayed decision by decision.

Each file in tests/golden/ holds a game's setup, one ``[player, legal_count, action]`` row per
decision and the final score sheet (see tests/golden/record.py, which writes them). Replaying
checks, at every step, who decides, how many legal actions there are and that the recorded
action is legal; at the end, that the game is over (END-1, END-2) and that the score sheet
(END-4..7: values, Madrasa awards, icons by source, points, totals, winners) is exactly the
recorded one. A change of rules that is meant to alter these games is re-recorded with
record.py; any other difference is a regression.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr
from golden.record import GAMES, new_game, score_sheet
from positions import RULES
from sankore_rules.sankore.integrity import integrity_problems

GOLDEN_DIR = Path(__file__).parent / "golden"
FILES = sorted(GOLDEN_DIR.glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def test_golden_files_cover_two_three_and_four_players() -> None:
    """One recorded game per player count, each kept under 1500 decisions, as record.py lists."""
    assert [p.stem for p in FILES] == sorted(GAMES)
    games = [load(p) for p in FILES]
    assert sorted(g["setup"]["players"] for g in games) == [2, 3, 4]
    for game in games:
        assert game["setup"] == GAMES[game["name"]]["setup"]
        assert game["bot"] == GAMES[game["name"]]["bot"]
        assert game["decisions"] == len(game["steps"])
        assert len(game["steps"]) <= 1500
        assert game["step_fields"] == ["player", "legal_count", "action"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_exactly(path: Path) -> None:
    """END-1, END-2, END-4..7, SCORE, TIE: the game replays with the same decisions, legal
    counts and final score sheet."""
    game = load(path)
    state = new_game(game["setup"])
    for step, (player, count, text) in enumerate(game["steps"]):
        where = f"{path.name} step {step}: {text}"
        assert not sr.is_terminal(state), where
        assert state.current_player == player, where
        legal = [str(a) for a in sr.legal_actions(state)]
        assert len(legal) == count, where
        assert text in legal, where
        assert sr.explain(state, text, player=player) == [], where
        state = sr.apply(state, text, player=player)
    assert sr.is_terminal(state)
    assert state.game_over
    assert state.current_player is None
    assert sr.legal_actions(state) == []
    assert [pl.turns for pl in state.players] == game["turns"]
    assert len(set(game["turns"])) == 1  # END-2: everyone had the same number of turns
    assert integrity_problems(RULES, state) == []
    assert score_sheet(state) == game["final"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_final_sheets_add_up(path: Path) -> None:
    """SCORE-1, SCORE-7, TIE-1..3: every recorded sheet is self-consistent: points = icons x
    value, total = sum of points, and the winners are the best (total, fewer Favour tiles,
    more tokens)."""
    final = load(path)["final"]
    best = max((p["total"], -p["favour_tiles"], p["prestige_tokens"]) for p in final["players"])
    for sheet in final["players"]:
        lines = sheet["disciplines"]
        assert list(lines) == list(RULES.disciplines)
        for d, line in lines.items():
            assert line["value"] == final["values"][d]
            assert line["points"] == sum(line["icons"].values()) * line["value"]
        assert sheet["total"] == sum(line["points"] for line in lines.values())
        figures = (sheet["total"], -sheet["favour_tiles"], sheet["prestige_tokens"])
        assert sheet["winner"] == (figures == best)
        assert sheet["winner"] == (sheet["player"] in final["winners"])
