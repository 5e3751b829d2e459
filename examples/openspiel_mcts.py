"""OpenSpiel's MCTS against a random bot, on Sankoré as an OpenSpiel game.

    python examples/openspiel_mcts.py            # 2 turns each, 20 simulations a decision
    python examples/openspiel_mcts.py 4 50       # 4 turns each, 50 simulations

Importing ``sankore_rules.interfaces.ai.openspiel_game`` registers ``python_sankore``,
``python_sankore_solo`` and ``python_five_tribes`` with pyspiel (``pip install
sankore-rules[ai]``). A game's first nodes deal its setup (chance: each Book, token, Student and
tile placed, each card dealt and the first player, the draw's outcomes numbered in order); then
each player's decisions are action indices, and each market tile turned during play is a
chance node too. MCTS (player 0) rolls out random
games from each position it tries; with the turn-limit variant a rollout is short. Plain Python
MCTS is slow on a game this long, so keep the limit small.
"""

import sys

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

from sankore_rules.interfaces.ai import openspiel_game  # noqa: F401 - registers the games


def play(turns: int = 2, simulations: int = 20, seed: int = 3) -> pyspiel.State:
    """A finished game: MCTS as player 0, a uniform random bot as player 1."""
    game = pyspiel.load_game("python_sankore", {"players": 2, "turn_limit": turns})
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(
            game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rng
        ),
        pyspiel.make_uniform_random_bot(1, seed),
    ]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probabilities)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


def main(turns: int = 2, simulations: int = 20) -> None:
    state = play(turns, simulations)
    history = state.full_history()
    first = next(i for i, step in enumerate(history) if step.player != pyspiel.PlayerId.CHANCE)
    setup, played = history[:first], history[first:]
    decisions = [step for step in played if step.player != pyspiel.PlayerId.CHANCE]
    draws = len(played) - len(decisions)
    print(
        f"{len(setup)} chance nodes dealt the setup, then {len(decisions)} decisions "
        f"and {draws} draws"
    )
    for name, player in (("MCTS", 0), ("random", 1)):
        taken = sum(1 for d in decisions if d.player == player)
        print(f"player {player} ({name}): {taken} decisions, return {state.returns()[player]:+.2f}")
    last = decisions[-1]
    print(
        f"last decision: player {last.player}, {state.action_to_string(last.player, last.action)}"
    )


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
