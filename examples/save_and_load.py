"""Save a game to JSON, load it back, and see what one player is allowed to see.

    python examples/save_and_load.py

``sr.to_json`` writes the whole state, the seeded generator included, so a loaded game goes on
exactly as the saved one would. ``sr.from_json`` refuses text that is not a state, or a state
whose components do not add up. ``sr.observation`` is the part of a state one player may see:
send that to a client, never the full state.
"""

import json
import tempfile
from pathlib import Path

import sankore_rules as sr
from sankore_rules.interfaces.bots import RandomBot


def advance(state: sr.State, bot: RandomBot, decisions: int) -> sr.State:
    """``decisions`` further decisions chosen by ``bot`` (fewer if the game ends)."""
    for _ in range(decisions):
        if sr.is_terminal(state):
            break
        state = sr.apply(state, bot.choose(state))
    return state


def main() -> None:
    state = advance(sr.new_game(players=3, seed=5), RandomBot(seed=5), 60)

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        path.write_text(sr.to_json(state), encoding="utf-8")
        print(f"saved {path.stat().st_size} bytes after 60 decisions")
        loaded = sr.from_json(path.read_text(encoding="utf-8"))

    print(f"loaded state equals the saved one: {loaded == state}")
    # The same actions from the saved and from the loaded state lead to the same game.
    later_saved = advance(state, RandomBot(seed=9), 40)
    later_loaded = advance(loaded, RandomBot(seed=9), 40)
    print(f"same game 40 decisions later: {later_saved == later_loaded}")

    try:
        sr.from_json('{"format": 1, "state": {"players": []}}')
    except sr.StateError as error:
        print(f"refused a broken save: {str(error)[:60]}...")

    # What player 0 may see: no seed, other players' Objective cards only counted.
    seen = sr.observation(state, 0)
    print(f"the observation has a seed: {'seed' in seen}")
    hands = [player["objectives"] for player in seen["players"]]
    print(f"objective cards as player 0 sees them: {hands}")
    print(f"pending decision: {seen['decision']}")
    print(f"the observation as JSON text: {len(json.dumps(seen))} characters")


if __name__ == "__main__":
    main()
