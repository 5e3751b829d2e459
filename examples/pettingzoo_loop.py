"""A PettingZoo loop: every agent picks among its legal actions through the action mask.

    python examples/pettingzoo_loop.py                 # 3 games of Sankoré, 3 players, 4 turns
    python examples/pettingzoo_loop.py 10              # 10 games
    python examples/pettingzoo_loop.py 3 five_tribes   # Five Tribes

This is the loop a learning agent sits in (``pip install sankore-rules[ai]``). Each agent's
observation is a dict: ``observation``, a float32 vector of what that player may see, and
``action_mask``, 1 exactly at its legal actions. Here the policy is a uniform choice among the
masked actions, with a nudge away from ending the turn; a learner would put its network there.
Rewards arrive once, when the game ends: the winners share +1, the others -1.
"""

import sys

import numpy as np

from sankore_rules.interfaces.ai.action_space import index_to_action
from sankore_rules.interfaces.ai.pettingzoo_env import env as make_env


def policy(observation: dict, rng: np.random.Generator, rules) -> int:
    """A legal action: uniform over the mask, but 'end' only when nothing else is left."""
    legal = np.flatnonzero(observation["action_mask"])
    others = [i for i in legal if index_to_action(rules, int(i)).kind != "end"]
    return int(rng.choice(others or legal))


def make(game: str = "sankore", seed: int = 7):
    """The environment: 3 players; Sankoré bounded to 4 turns each by its turn_limit option."""
    options = {"turn_limit": 4} if game == "sankore" else None
    return make_env(game=game, players=3, seed=seed, options=options)


def run(games: int = 3, seed: int = 7, game: str = "sankore") -> tuple[dict[str, float], int]:
    """Each agent's total reward over ``games`` games, and the steps taken, under ``seed``."""
    environment = make(game, seed)
    rules = environment.unwrapped.rules
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    steps = 0
    for _ in range(games):
        environment.reset()
        for agent in environment.agent_iter():
            observation, reward, terminated, truncated, _info = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                action = None  # the game is over: each agent steps out with None
            else:
                action = policy(observation, rng, rules)
                steps += 1
            environment.step(action)
    environment.close()
    return totals, steps


def main(games: int = 3, game: str = "sankore") -> None:
    environment = make(game)
    environment.reset()
    observations = environment.observation_space("player_0")["observation"]
    actions = environment.action_space("player_0")
    print(f"observation {observations.shape}, actions {actions.n}")
    totals, steps = run(games, game=game)
    print(f"{games} games, {steps} steps")
    for agent, total in totals.items():
        print(f"{agent}: total reward {total:+.2f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]), *sys.argv[2:3])
