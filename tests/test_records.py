"""Game records (issue 7): the JSON document, its reading and writing, and checked replay.

A record holds the setup options, the seed and the actions in notation; since every draw comes
from the seeded generator in the state, replaying them must give the very same game (DESIGN.md,
"One decision at a time"). Replay stops at the first illegal action with its move number and
the reasons ``sr.explain`` gives.
"""

from __future__ import annotations

import json
import random

import attrs
import pytest

import sankore_rules as sr
from sankore_rules.core.actions import Action
from sankore_rules.interfaces.bots import RandomBot
from sankore_rules.interfaces.records import (
    RECORD_FORMAT,
    Record,
    RecordError,
    ReplayError,
    load_record,
    replay,
    save_record,
)
from sankore_rules.sankore.state import State


def random_game(players: int = 2, seed: int = 2) -> tuple[list[Action], list[State]]:
    """A whole seeded random game: its actions and every state along the way."""
    state = sr.new_game(players=players, seed=seed)
    bot = RandomBot(seed=seed)
    actions: list[Action] = []
    states = [state]
    while not sr.is_terminal(state):
        action = bot.choose(state)
        actions.append(action)
        state = sr.apply(state, action)
        states.append(state)
    return actions, states


@pytest.fixture(scope="module")
def game() -> tuple[list[Action], list[State]]:
    return random_game()


def test_save_and_load_round_trip(game: tuple[list[Action], list[State]]) -> None:
    """Issue 7: load_record(save_record(r)) == r, result, ruleset and tags included."""
    actions, states = game
    text = save_record(actions, players=2, seed=2, final=states[-1], tags={"event": "test"})
    record = load_record(text)
    scores = sr.final_scores(states[-1])
    expected = Record(
        players=2,
        seed=2,
        options={"library": "three_shelf"},
        actions=tuple(str(a) for a in actions),
        scores=tuple(p.total for p in scores.players),
        winners=scores.winners,
        rules_name=states[-1].rules_name,
        rules_hash=states[-1].rules_hash,
        tags={"event": "test"},
    )
    assert expected == record
    assert text == save_record(record)


def test_record_document_layout() -> None:
    """Issue 7: the document: format, version, setup, then the actions one a line."""
    text = save_record(["end", "teach c1a"], players=2, seed=2, library="six_shelf")
    assert text == (
        "{\n"
        '  "format": "sankore-record",\n'
        '  "version": 1,\n'
        '  "setup": {"players": 2, "seed": 2, "library": "six_shelf"},\n'
        '  "actions": [\n'
        '    "end",\n'
        '    "teach c1a"\n'
        "  ]\n"
        "}\n"
    )


def test_replay_reproduces_the_game(game: tuple[list[Action], list[State]]) -> None:
    """DESIGN: setup options, seed and actions reproduce the game exactly (and its scores)."""
    actions, states = game
    record = load_record(save_record(actions, players=2, seed=2, final=states[-1]))
    assert states[-1] == replay(record)
    assert states[7] == replay(record, upto=7)
    assert states[0] == replay(record, upto=0)
    assert states[0] == record.start()


def test_replay_stops_at_the_first_illegal_action(game: tuple[list[Action], list[State]]) -> None:
    """Issue 7: the move number, the action and the reasons ``explain`` gives; the state
    before the illegal move."""
    actions, states = game
    notations = [str(a) for a in actions]
    move = next(i for i, s in enumerate(states) if s.decision and s.decision.kind == "turn") + 1
    bad = "teach c3"
    expected_reasons = tuple(sr.explain(states[move - 1], bad))
    assert list(expected_reasons) != []
    record = Record(players=2, seed=2, actions=[*notations[: move - 1], bad, *notations[move:]])
    with pytest.raises(ReplayError) as caught:
        replay(record)
    assert move == caught.value.move
    assert bad == caught.value.action
    assert expected_reasons == caught.value.reasons
    assert states[move - 1] == caught.value.state
    assert str(caught.value).startswith(f"move {move} (teach c3): ")


def test_replay_reports_an_action_the_decision_never_takes() -> None:
    """Issue 7: an action kind the pending decision does not take is reported at its move
    with the reason ``explain`` gives (wrong_decision)."""
    with pytest.raises(ReplayError) as caught:
        replay(Record(players=2, seed=2, actions=["fly north"]))
    assert caught.value.move == 1
    assert caught.value.action == "fly north"
    assert list(caught.value.reasons) == sr.explain(sr.new_game(players=2, seed=2), "fly north")
    assert [r.code for r in caught.value.reasons] == ["wrong_decision"]


def test_replay_checks_the_recorded_result(game: tuple[list[Action], list[State]]) -> None:
    """Issue 7: a result that differs, or a result for an unfinished game, fails the replay."""
    actions, states = game
    record = load_record(save_record(actions, players=2, seed=2, final=states[-1]))
    assert record.scores is not None
    wrong = attrs.evolve(record, scores=[s + 1 for s in record.scores])
    with pytest.raises(ReplayError) as caught:
        replay(wrong)
    assert (len(actions) + 1, None) == (caught.value.move, caught.value.action)
    assert [r.code for r in caught.value.reasons] == ["result_differs"]
    assert states[-1] == caught.value.state

    short = attrs.evolve(record, actions=record.actions[:-1])
    with pytest.raises(ReplayError) as caught:
        replay(short)
    assert [r.code for r in caught.value.reasons] == ["game_not_over"]
    assert states[-2] == replay(short, upto=len(actions) - 1)


def test_record_of_another_ruleset_is_refused() -> None:
    """DESIGN: a record made with another ruleset is refused with a clear error, not replayed
    with the wrong numbers."""
    record = Record(players=2, seed=2, rules_name="house-rules", rules_hash="0123456789abcdef")
    with pytest.raises(RecordError, match="made with ruleset 'house-rules'"):
        replay(record)
    # Asked to, replay tries anyway; every action is still checked.
    assert sr.new_game(players=2, seed=2) == replay(record, check_rules=False)


@pytest.mark.parametrize(
    ("players", "library", "message"),
    [
        (7, "three_shelf", "unusable setup: players must be 1 (the solo game), 2, 3 or 4, got 7"),
        (
            1,
            "three_shelf",
            "unusable setup: the solo game (players=1) needs scholar= one of 'easy', 'medium', "
            "'hard', 'very_hard'",
        ),
        (
            1,
            "six_shelf",
            "unusable setup: the solo game (players=1) needs scholar= one of 'easy', 'medium', "
            "'hard', 'very_hard'",
        ),
        (
            2,
            "round",
            "unusable setup: library must be one of ['six_shelf', 'three_shelf'], got 'round'",
        ),
    ],
)
def test_setup_the_game_does_not_have_is_refused(players: int, library: str, message: str) -> None:
    """COMP-3 / SETUP, SOLO-SET-1: player counts 1-4 (1 with a difficulty) and the two Library
    sides only."""
    with pytest.raises(RecordError) as caught:
        Record(players=players, seed=0, options={"library": library}).start()
    assert message == str(caught.value)


def test_record_takes_actions_or_notation() -> None:
    """Issue 7: Action objects are stored as their notation, notation is normalised."""
    record = Record(players=2, seed=0, actions=[Action("teach", ("c1a",)), "END"])
    assert record.actions == ("teach c1a", "end")


def test_save_record_needs_the_setup() -> None:
    """Issue 7: a list of actions needs players and seed; a Record brings its own."""
    with pytest.raises(TypeError, match="needs players= and seed="):
        save_record(["end"])
    with pytest.raises(TypeError, match="not both"):
        save_record(Record(players=2, seed=0), players=3)


def test_with_result_needs_a_finished_game() -> None:
    """Issue 7: only a finished game has a result to record."""
    with pytest.raises(ValueError, match="not over"):
        Record(players=2, seed=0).with_result(sr.new_game(players=2, seed=0))


GOOD = {
    "format": RECORD_FORMAT,
    "version": 1,
    "setup": {"players": 2, "seed": 3},
    "actions": ["end"],
}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": 1}, 'not a game record (expected "format": "sankore-record")'),
        ({"version": 2}, "unsupported record version 2 (this library reads version 1)"),
        ({"setup": None}, "setup must be an object, got None"),
        ({"setup": {"seed": 3}}, "missing field setup.players"),
        ({"setup": {"players": "2", "seed": 3}}, "setup.players must be an integer, got '2'"),
        ({"setup": {"players": 2, "seed": True}}, "setup.seed must be an integer, got True"),
        (
            {"setup": {"players": 2, "seed": 3, "rulez": 1}},
            "unknown setup option 'rulez' "
            "(sankore takes library, scholar, scholar_row, turn_limit)",
        ),
        (
            {"setup": {"game": "chess", "players": 2, "seed": 3}},
            "unknown game: game must be one of 'sankore', 'five_tribes', got 'chess'",
        ),
        (
            {"setup": {"game": "five_tribes", "players": 2, "seed": 3, "library": "six_shelf"}},
            "unknown setup option 'library' (five_tribes takes none)",
        ),
        (
            {"setup": {"players": 2, "seed": 3, "library": ["six_shelf"]}},
            "setup.library must be a string, a number or null, got ['six_shelf']",
        ),
        ({"actions": "end"}, "actions must be a list, got 'end'"),
        ({"actions": ["end", 5]}, "actions[1] (move 2) must be a string, got 5"),
        ({"actions": ["te$ch"]}, "actions[0] (move 1) 'te$ch': unexpected character in 'te$ch'"),
        ({"actions": [""]}, "actions[0] (move 1) '': empty action text"),
        ({"extra": 1}, "unknown field 'extra' in record"),
        ({"tags": {"a": 1}}, "tags.a must be a string, got 1"),
        (
            {"result": {"scores": [1], "winners": [0]}},
            "result.scores has 1 entries for 2 players",
        ),
        ({"result": {"scores": [1, 2]}}, "missing field result.winners"),
        ({"ruleset": {"name": "x"}}, "missing field ruleset.hash"),
    ],
)
def test_load_record_refuses_malformed_documents(change: dict[str, object], message: str) -> None:
    """Issue 7: a malformed record is refused with a RecordError naming the field."""
    document = {**GOOD, **change}
    with pytest.raises(RecordError) as caught:
        load_record(json.dumps(document))
    assert message == str(caught.value)


def test_load_record_refuses_text_that_is_not_json() -> None:
    """Issue 7: text that is not JSON at all."""
    with pytest.raises(RecordError, match=r"^not JSON: "):
        load_record("{'format': 'sankore-record'}")


def test_load_record_accepts_the_good_document() -> None:
    """Issue 7: the Library side defaults to three_shelf; no result, ruleset or tags."""
    assert Record(players=2, seed=3, actions=("end",)) == load_record(json.dumps(GOOD))


def test_public_api_exports_records_and_render() -> None:
    """Issue 7: save_record, load_record, Record, replay and render_state are in the API."""
    from sankore_rules.interfaces import records, render

    assert records.save_record is sr.save_record
    assert records.load_record is sr.load_record
    assert records.Record is sr.Record
    assert records.replay is sr.replay
    assert render.render_state is sr.render_state


def test_record_and_replay_errors_are_public() -> None:
    """Issue 7: callers catch the record errors from the package itself."""
    import sankore_rules as sr

    assert issubclass(sr.RecordError, ValueError)
    assert issubclass(sr.ReplayError, Exception)
    with pytest.raises(sr.RecordError):
        sr.load_record("[" * 100_000 + "]" * 100_000)


def test_record_keeps_the_turn_limit_variant() -> None:
    """Issue 11: a game played with the turn-limit variant records it in its setup, and replay
    starts the same variant, so the game ends where it ended."""
    state = sr.new_game(players=2, seed=3, turn_limit=3)
    bot = RandomBot(seed=3)
    actions = []
    while not sr.is_terminal(state):
        action = bot.choose(state)
        actions.append(action)
        state = sr.apply(state, action)
    assert ("turn_limit", [3, 3]) == (state.end_cause, [pl.turns for pl in state.players])
    text = save_record(actions, players=2, seed=3, turn_limit=3, final=state)
    assert {"players": 2, "seed": 3, "library": "three_shelf", "turn_limit": 3} == json.loads(text)[
        "setup"
    ]
    record = load_record(text)
    assert {"library": "three_shelf", "turn_limit": 3} == record.options
    assert state == replay(record)


def test_record_without_a_turn_limit_has_none_in_its_setup() -> None:
    """Issue 11: the variant is off unless asked for, and then absent from the document."""
    text = save_record([], players=2, seed=3)
    assert "turn_limit" not in json.loads(text)["setup"]
    assert {"library": "three_shelf"} == load_record(text).options
    assert None is load_record(text).setup()["turn_limit"]
    # The game checks an option's value when the record is started (here by replay).
    wrong = load_record(text.replace('"library": "three_shelf"', '"turn_limit": "3"'))
    with pytest.raises(RecordError) as caught:
        replay(wrong)
    assert "unusable setup: turn_limit must be a positive integer or None, got '3'" == str(
        caught.value
    )


def test_solo_records_save_load_and_replay() -> None:
    """SOLO-SET-1: a solo game's record names its difficulty, scores both sheets and replays,
    result checked; another difficulty gives another game, which the result refuses."""
    from strategies import Setup, play

    game = play(Setup(1, 4, "three_shelf", scholar="hard"), 4)
    assert game.final is not None and sr.is_terminal(game.final)
    text = save_record(game.actions, players=1, seed=4, scholar="hard", final=game.final)
    document = json.loads(text)
    assert {"players": 1, "seed": 4, "library": "three_shelf", "scholar": "hard"} == document[
        "setup"
    ]
    assert 2 == len(document["result"]["scores"])
    record = load_record(text)
    assert {"library": "three_shelf", "scholar": "hard"} == record.options
    assert game.final == replay(record)
    other = Record(players=1, seed=4, options={"scholar": "easy"}, actions=record.actions[:3])
    assert "easy" == replay(other).solo.difficulty
    with pytest.raises(RecordError, match="scholar must be one of"):
        Record(players=1, seed=4, options={"scholar": "legendary"}).start()


def test_a_five_tribes_record_names_its_game_and_takes_no_sankore_option() -> None:
    """Records name no game of their own: a Five Tribes game (FT-SET-1) is recorded with its
    name in the setup and no option (Five Tribes has none), replays by ``sr.apply`` to the same
    state and result (FT-SC-8), and is refused a Sankoré ruleset or a Sankoré option."""
    state = sr.new_game(players=3, seed=21, game="five_tribes")
    bot, actions = RandomBot(seed=21), []
    while not sr.is_terminal(state):
        action = bot.choose(state)
        actions.append(action)
        state = sr.apply(state, action)
    text = save_record(actions, players=3, seed=21, game="five-tribes", final=state)
    assert {"game": "five_tribes", "players": 3, "seed": 21} == json.loads(text)["setup"]
    record = load_record(text)
    assert ("five_tribes", {}) == (record.game, record.options)
    assert list(record.scores or ()) == [p.total for p in sr.final_scores(state).players]
    assert state == replay(record)
    with pytest.raises(
        RecordError, match=r"^a five_tribes record cannot be played by that ruleset"
    ):
        replay(record, rules=sr.load_rules())
    with pytest.raises(RecordError, match=r"^unknown setup option 'scholar' \(five_tribes takes"):
        save_record(actions[:2], players=3, seed=21, game="five_tribes", scholar="hard")


def test_a_record_of_an_unknown_game_is_refused_naming_the_games() -> None:
    """A record of a game no one registered cannot be started; the message lists the games."""
    with pytest.raises(RecordError) as caught:
        Record(players=2, seed=1, game="chess").start()
    assert "unknown game: game must be one of 'sankore', 'five_tribes', got 'chess'" == str(
        caught.value
    )
    with pytest.raises(RecordError, match=r"^unknown game: "):
        save_record([], players=2, seed=1, game="chess")


def test_a_record_of_the_explicit_mode_holds_the_draws_and_replays() -> None:
    """Issue 39: a game played with chance="explicit" is recorded with its draws' outcomes
    among the actions (``reveal <tile>``), and the record replays to the same state."""
    rng = random.Random(1)
    state = sr.new_game(players=2, seed=3, chance="explicit")
    actions: list[str] = []
    while not sr.is_terminal(state) and len(actions) < 120:
        if state.current_player == sr.CHANCE:
            action = rng.choice(sr.chance_outcomes(state))[0]
        else:
            action = rng.choice(sr.legal_actions(state))
        actions.append(str(action))
        state = sr.apply(state, action)
    record = sr.load_record(sr.save_record(actions, players=2, seed=3, chance="explicit"))
    assert record.options["chance"] == "explicit"
    assert sum(a.startswith("deal ") for a in actions) == 8  # the hands (SETUP-P-8)
    assert sum(a.startswith("reveal ") for a in actions) > 0  # the market's tiles turned
    assert sr.replay(record) == state
