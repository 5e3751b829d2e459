"""The public API is typed: a user's script type-checks under ``mypy --strict`` with no ``Any``.

Issue 40: ``new_game`` of Sankoré gives ``sr.State``, of Five Tribes ``FiveTribesState``, of a
game named at run time a ``PlayedState``; ``apply`` gives back the kind of state it is given;
``final_scores`` the game's own sheet (or a ``ScoreSheet``). mypy's ``--disallow-any-expr``
reports every expression of type ``Any``: none may come from the library in a script that
sets up, lists, applies and scores a game.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

USER_SCRIPT = """\
import sankore_rules as sr

state = sr.new_game(players=3, seed=42, turn_limit=2)
while not sr.is_terminal(state):
    actions = sr.legal_actions(state)
    state = sr.apply(state, actions[0])
scores = sr.final_scores(state)
best: int = max(sheet.total for sheet in scores.players)
print(scores.winners, best, state.current_player, state.players[0].gold)

tribes = sr.new_game(players=2, seed=1, game="five_tribes")
tribes = sr.apply(tribes, sr.legal_actions(tribes)[0])
sheet = sr.final_scores(tribes)
print(sheet.winners, [p.total for p in sheet.players], tribes.round)

other = sr.new_game(players=2, seed=1, game=str("sankore"))
other = sr.apply(other, sr.legal_actions(other)[0])
print(sr.final_scores(other).winners, other.current_player)
print(sr.explain(state, "end"), sr.to_json(state)[:10], sr.information_state_string(state, 0))
print(sr.chance_outcomes(state), sr.returns(state), sr.rules_of(state).name)
"""


def _mypy(tmp_path: Path, script: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "user.py"
    path.write_text(script, encoding="utf-8")
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\n", encoding="utf-8")
    strict = ["--strict", "--disallow-any-expr", "--no-incremental"]
    return subprocess.run(
        [sys.executable, "-m", "mypy", *strict, "--config-file", str(config), str(path)],
        capture_output=True,
        text=True,
        env={"MYPYPATH": str(ROOT / "src"), "PATH": "/usr/bin:/bin"},
        cwd=tmp_path,
        check=False,
    )


def test_a_users_script_has_no_any_from_the_library(tmp_path: Path) -> None:
    pytest.importorskip("mypy")
    done = _mypy(tmp_path, USER_SCRIPT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found in 1 source file" in done.stdout


def test_an_any_would_be_reported(tmp_path: Path) -> None:
    """The check can fail: an observation's values are JSON (``Any``), and mypy says so."""
    pytest.importorskip("mypy")
    script = USER_SCRIPT + 'view = sr.observation(state, 0)["players"]\n'
    done = _mypy(tmp_path, script)
    assert done.returncode == 1
    assert 'Expression has type "Any"' in done.stdout
