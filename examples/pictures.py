"""Draw a game: the whole state as an SVG picture, and one page stepping through the game.

    python examples/pictures.py [FOLDER]

Greedy bots play 40 decisions of a seeded 2-player game. ``sr.state_svg`` draws where it
stands (the main board, the Library, both player boards, the last action ringed), and
``sr.viewer_html`` writes a page to step through the game with the arrow keys. Both go into
FOLDER (a new temporary folder by default); open them in a browser.
"""

import sys
import tempfile
from pathlib import Path

import sankore_rules as sr
from sankore_rules.interfaces.bots import GreedyBot


def play(decisions: int = 40) -> tuple[sr.State, list[str]]:
    """A seeded game of greedy bots, ``decisions`` in: the state and the actions taken."""
    state = sr.new_game(players=2, seed=9)
    bots = [GreedyBot(seed=p) for p in range(2)]
    actions = []
    for _ in range(decisions):
        action = bots[state.current_player].choose(state)
        actions.append(str(action))
        state = sr.apply(state, action)
    return state, actions


def main() -> None:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.mkdtemp())
    folder.mkdir(parents=True, exist_ok=True)
    state, actions = play()
    (folder / "state.svg").write_text(sr.state_svg(state), encoding="utf-8")
    record = sr.load_record(sr.save_record(actions, players=2, seed=9))
    (folder / "game.html").write_text(sr.viewer_html(record), encoding="utf-8")
    print(f"the game after {len(actions)} decisions: {folder / 'state.svg'}")
    print(f"every position of it, step by step: {folder / 'game.html'}")


if __name__ == "__main__":
    main()
