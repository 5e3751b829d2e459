"""The public API end to end on one seeded game."""

import sankore_rules as sr
from positions import started


def test_a_random_game_ends_and_scores() -> None:
    from sankore_rules.interfaces.bots import RandomBot

    state = sr.new_game(players=3, seed=11)
    bot = RandomBot(seed=11)
    steps = 0
    while not sr.is_terminal(state):
        state = sr.apply(state, bot.choose(state))
        steps += 1
    assert sr.legal_actions(state) == []
    assert state.current_player is None
    assert len({pl.turns for pl in state.players}) == 1
    scores = sr.final_scores(state)
    assert [p.total for p in scores.players] == [
        sum(line.points for line in p.disciplines) for p in scores.players
    ]


def test_draft_ends_on_the_first_players_turn() -> None:
    state = started(players=4, seed=2)
    assert state.decision is not None
    assert state.decision.kind == "turn"
    assert state.current_player == state.first_player
