"""Play a solo game against the Scholar, printing what the Scholar does and why.

    python examples/solo_game.py              # seed 1, the medium Scholar
    python examples/solo_game.py 7 very_hard  # another seed, another difficulty

You play P0 with a greedy bot; the Scholar (P1) decides nothing: its whole turn runs as soon as
yours ends, and each of its steps is a ``scholar`` event with its reason in words.
"""

import sys

import sankore_rules as sr
from sankore_rules.interfaces.bots import GreedyBot


def play(seed: int, scholar: str) -> tuple[sr.State, list[str]]:
    """A finished solo game, and the Scholar's reasons, step by step."""
    state = sr.new_game(players=1, seed=seed, scholar=scholar)
    you = GreedyBot(seed=seed)
    said: list[str] = []
    while not sr.is_terminal(state):
        state = sr.apply(state, you.choose(state))  # your decision; the Scholar's turn follows
        said += [e.detail["why"] for e in state.events if e.kind == "scholar"]
    return state, said


def main(seed: int, scholar: str) -> None:
    state, said = play(seed, scholar)
    first_turn = next(i for i, words in enumerate(said) if words.startswith("Turn 2,"))
    print("The Scholar's draft and first turn:")
    for words in said[:first_turn]:
        print(f"  {words}")
    print(f"... {len(said)} steps in all; the game ended by: {state.end_cause}")
    scores = sr.final_scores(state)
    for sheet in scores.players:
        who = "the Scholar" if sheet.player == scores.scholar else "you"
        print(f"{who}: {sheet.total} points")
    print("you win!" if 0 in scores.winners else "the Scholar wins (you need more than its total)")


if __name__ == "__main__":
    main(
        int(sys.argv[1]) if len(sys.argv) > 1 else 1,
        sys.argv[2] if len(sys.argv) > 2 else "medium",
    )
