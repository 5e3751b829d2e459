"""Record the golden games that tests/test_golden.py replays.

Run this ONLY when a rule change is meant to alter the golden games (a corrected table, a new
ruling, a fixed engine bug), never to make a failing golden test pass without knowing why:

    .venv/bin/python tests/golden/record.py          # rewrite every file
    .venv/bin/python tests/golden/record.py game_3p  # rewrite one file
    git diff --stat tests/golden                     # then review what changed and why

Each game is played from its setup by a seeded bot and saved as ``<name>.json`` beside this
script: the setup options, the bot and its seed, one ``[player, legal_count, action]`` row per
decision (``legal_count`` = ``len(sr.legal_actions(state))`` before the action; ``action`` in
notation), and the final score sheet (Library values, Madrasa awards, winners, and for every
player the total, tie-break figures and each discipline's icons by source, value and points).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import sankore_rules as sr
from sankore_rules.interfaces.bots import GreedyBot, RandomBot
from sankore_rules.sankore.state import State

GOLDEN_DIR = Path(__file__).resolve().parent
MAX_DECISIONS = 1500
FORMAT = 1

#: The recorded games: 2, 3 and 4 players, both Library sides, both bots.
GAMES: dict[str, dict[str, Any]] = {
    "game_2p": {
        "setup": {"players": 2, "seed": 2, "library": "six_shelf"},
        "bot": {"kind": "GreedyBot", "seed": 2},
    },
    "game_3p": {
        "setup": {"players": 3, "seed": 31, "library": "three_shelf"},
        "bot": {"kind": "RandomBot", "seed": 31},
    },
    "game_4p": {
        "setup": {"players": 4, "seed": 2, "library": "three_shelf"},
        "bot": {"kind": "GreedyBot", "seed": 2},
    },
}

BOTS: dict[str, type[GreedyBot] | type[RandomBot]] = {
    "GreedyBot": GreedyBot,
    "RandomBot": RandomBot,
}


def new_game(setup: dict[str, Any]) -> State:
    """The game a golden file starts from."""
    return sr.new_game(players=setup["players"], seed=setup["seed"], library=setup["library"])


def score_sheet(state: State) -> dict[str, Any]:
    """The final score sheet as plain JSON values (what the golden files store)."""
    scores = sr.final_scores(state)
    return {
        "values": dict(scores.values),
        "madrasa": dict(scores.madrasa),
        "winners": list(scores.winners),
        "players": [
            {
                "player": p.player,
                "total": p.total,
                "favour_tiles": p.favour_tiles,
                "prestige_tokens": p.prestige_tokens,
                "winner": p.winner,
                "disciplines": {
                    line.discipline: {
                        "icons": dict(line.icons),
                        "value": line.value,
                        "points": line.points,
                    }
                    for line in p.disciplines
                },
            }
            for p in scores.players
        ],
    }


def play(setup: dict[str, Any], bot_spec: dict[str, Any]) -> tuple[list[list[Any]], State]:
    """Play one game with the bot; the steps as [player, legal_count, action] rows."""
    state = new_game(setup)
    bot = BOTS[bot_spec["kind"]](seed=bot_spec["seed"])
    steps: list[list[Any]] = []
    while not sr.is_terminal(state):
        if len(steps) >= MAX_DECISIONS:
            raise RuntimeError(f"no end after {MAX_DECISIONS} decisions: pick another seed")
        player = state.current_player
        count = len(sr.legal_actions(state))
        text = str(bot.choose(state))
        steps.append([player, count, text])
        state = sr.apply(state, text, player=player)  # the notation must round-trip
    return steps, state


def document(name: str) -> str:
    """The golden file's text: JSON with one decision per line, so diffs stay readable."""
    spec = GAMES[name]
    steps, state = play(spec["setup"], spec["bot"])
    head = {
        "format": FORMAT,
        "name": name,
        "setup": spec["setup"],
        "bot": spec["bot"],
        "decisions": len(steps),
        "turns": [pl.turns for pl in state.players],
        "step_fields": ["player", "legal_count", "action"],
    }
    lines = ["{"]
    lines += [f"  {json.dumps(key)}: {json.dumps(value)}," for key, value in head.items()]
    lines.append('  "steps": [')
    lines.append(",\n".join(f"    {json.dumps(step)}" for step in steps))
    lines.append("  ],")
    lines.append('  "final": {')
    final = score_sheet(state)
    for key in ("values", "madrasa", "winners"):
        lines.append(f"    {json.dumps(key)}: {json.dumps(final[key])},")
    lines.append('    "players": [')
    sheets = []
    for sheet in final["players"]:
        rows = [f"      {json.dumps(k)}: {json.dumps(v)}" for k, v in sheet.items()]
        rows[-1] = '      "disciplines": {\n' + ",\n".join(
            f"        {json.dumps(d)}: {json.dumps(line)}"
            for d, line in sheet["disciplines"].items()
        )
        sheets.append("    {\n" + ",\n".join(rows) + "\n      }\n    }")
    lines.append(",\n".join(sheets))
    lines.append("    ]")
    lines.append("  }")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    assert json.loads(text)["steps"] == steps
    assert json.loads(text)["final"] == final
    return text


def main(names: list[str]) -> None:
    for name in names or list(GAMES):
        if name not in GAMES:
            raise SystemExit(f"unknown game {name!r}; known: {', '.join(GAMES)}")
        path = GOLDEN_DIR / f"{name}.json"
        path.write_text(document(name), encoding="utf-8")
        data = json.loads(path.read_text(encoding="utf-8"))
        totals = [p["total"] for p in data["final"]["players"]]
        print(f"{path.name}: {data['decisions']} decisions, totals {totals}")


if __name__ == "__main__":
    main(sys.argv[1:])
