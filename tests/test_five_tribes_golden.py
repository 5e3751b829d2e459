"""Five Tribes golden games: seeded games whose every decision (who decides, how many legal
actions, which is taken) and final score sheet are recorded in tests/golden/five_tribes/.

Replaying one checks the listing count at every decision, like a perft table, and the scores
(FT-SC-1..8): a change that alters a game does so on purpose, and rewrites the files with
``.venv/bin/python tests/test_five_tribes_golden.py``.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr

GOLDEN = Path(__file__).parent / "golden" / "five_tribes"
#: The recorded games: (players, seed); the choices are drawn with the same seed.
GAMES = ((2, 101), (3, 102), (4, 103))


def play(players: int, seed: int) -> dict[str, Any]:
    """A seeded random game as the golden file holds it."""
    state = sr.new_game(players=players, seed=seed, game="five_tribes")
    rng = random.Random(seed)
    rows = []
    while not sr.is_terminal(state):
        options = sr.legal_actions(state)
        action = rng.choice(options)
        rows.append([state.current_player, len(options), str(action)])
        state = sr.apply(state, action)
    scores = sr.final_scores(state)
    return {
        "setup": {"game": "five_tribes", "players": players, "seed": seed},
        "decisions": rows,
        "end_cause": state.end_cause,
        "scores": [{"total": p.total, "breakdown": p.breakdown} for p in scores.players],
        "winners": list(scores.winners),
    }


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_golden_game_replays_exactly(players: int, seed: int) -> None:
    """Every decision, its count of legal actions and the final sheet are as recorded."""
    recorded = json.loads((GOLDEN / f"game_{players}p.json").read_text(encoding="utf-8"))
    assert play(players, seed) == recorded


def test_golden_sheets_add_up() -> None:
    """Each recorded total is the sum of its breakdown."""
    for players, _ in GAMES:
        recorded = json.loads((GOLDEN / f"game_{players}p.json").read_text(encoding="utf-8"))
        for line in recorded["scores"]:
            assert line["total"] == sum(line["breakdown"].values())


def write() -> None:
    """Rewrite the golden files from the current rules."""
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for players, seed in GAMES:
        game = play(players, seed)
        # One decision a line keeps the files readable and their diffs small.
        rows = ",\n".join(f"  {json.dumps(row)}" for row in game.pop("decisions"))
        head = json.dumps(game)[1:-1]
        text = "{\n " + head + ',\n "decisions": [\n' + rows + "\n ]\n}\n"
        (GOLDEN / f"game_{players}p.json").write_text(text, encoding="utf-8")


if __name__ == "__main__":
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "src"))
    write()
