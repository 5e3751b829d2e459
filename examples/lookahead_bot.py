"""A bot that looks one decision ahead, playing a whole game against a random bot.

    python examples/lookahead_bot.py

For every legal action the bot applies it to get the next state (``sr.apply`` returns a new
state and never changes the old one, so trying an action costs nothing) and scores that state
with its own evaluation; it takes the best, breaking ties at random. Write your own bot by
changing ``evaluate``. ``sankore_rules.interfaces.bots.GreedyBot`` is a stronger version of
the same idea.
"""

import random

import sankore_rules as sr
from sankore_rules.interfaces.bots import RandomBot


def evaluate(state: sr.State, player: int) -> float:
    """How good ``state`` looks for ``player``: points now, and the means to score more."""
    rules = sr.rules_of(state)
    sheet = sr.final_scores(state).players[player]  # a running score works on any state
    icons = sum(sum(line.icons.values()) for line in sheet.disciplines)
    me = state.players[player]
    placed = sum(rules.counts.pieces_per_type - left for left in me.pieces)
    levels = sum(rules.student_level[space] for space in me.students)
    worth = 3 * sheet.total + 2 * icons + 2 * placed + levels + len(me.graduations)
    worth += 0.5 * sum(me.books) + 0.2 * (me.gold + me.salt + me.inspiration)
    if state.current_player == player:
        # Main actions taken this turn: ending a turn early wastes them.
        worth += 2 * len(state.main_used)
    return worth


class LookaheadBot:
    """Chooses the action whose resulting state ``evaluate`` likes best."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.tried = 0

    def choose(self, state: sr.State) -> sr.Action:
        player = state.current_player
        assert player is not None, "the game is over"
        scored = []
        for action in sr.legal_actions(state):
            scored.append((evaluate(sr.apply(state, action), player), action))
            self.tried += 1
        best = max(worth for worth, _ in scored)
        return self.rng.choice([action for worth, action in scored if worth == best])


def main(seed: int = 2) -> None:
    state = sr.new_game(players=2, seed=seed)
    lookahead, rand = LookaheadBot(seed), RandomBot(seed)
    while not sr.is_terminal(state):
        bot = lookahead if state.current_player == 0 else rand
        state = sr.apply(state, bot.choose(state))
    scores = sr.final_scores(state)
    print(f"the lookahead bot tried {lookahead.tried} actions")
    print(f"player 0 (lookahead): {scores.players[0].total} points")
    print(f"player 1 (random): {scores.players[1].total} points")
    print("winners: " + ", ".join(f"player {p}" for p in scores.winners))


if __name__ == "__main__":
    main()
