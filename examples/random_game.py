"""Play a whole game with random bots, then print the score sheet.

    python examples/random_game.py            # seed 1
    python examples/random_game.py 42         # another seed, another game

The same seed always gives the same game: every shuffle and draw comes from the seed, and the
bot draws its choices from its own seeded generator.
"""

import sys

import sankore_rules as sr
from sankore_rules.interfaces.bots import RandomBot


def play(seed: int, players: int = 3) -> tuple[sr.State, int]:
    """A finished game between random bots, and how many decisions it took."""
    state = sr.new_game(players=players, seed=seed)
    bot = RandomBot(seed=seed)
    decisions = 0
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))  # a new state; the old one is unchanged
        decisions += 1
    return state, decisions


def main(seed: int) -> None:
    state, decisions = play(seed)
    scores = sr.final_scores(state)
    print(f"seed {seed}: {decisions} decisions, {state.players[0].turns} turns per player")
    print("discipline values: " + ", ".join(f"{d} {v}" for d, v in scores.values.items()))
    for sheet in scores.players:
        print(f"player {sheet.player}: {sheet.total} points")
        for line in sheet.disciplines:
            icons = sum(line.icons.values())
            print(f"  {line.discipline:<12} {icons:>2} icons x {line.value} = {line.points}")
    print("winners: " + ", ".join(f"player {p}" for p in scores.winners))


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
