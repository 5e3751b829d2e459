"""Bad input is refused with stable reason codes and changes nothing (DESIGN "Public API").

Unreadable action text (``ActionSyntaxError`` / ``bad_notation``), an action of the wrong player
(``not_your_decision``), an action answering another decision (``wrong_decision``), an action
after the game is over (``game_over``), words out of range (``bad_arguments``); and
``new_game`` options the game does not have (``ValueError``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import sankore_rules as sr
from positions import act, codes, started
from sankore_rules.sankore.state import State

DRAFT = sr.new_game(players=3, seed=5)
TURN = started(players=2, seed=0)


def finished_game() -> State:
    state = sr.new_game(players=2, seed=3)
    rng = random.Random(0)
    while not sr.is_terminal(state):
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    return state


OVER = finished_game()


def astronomy_decision() -> State:
    """Player 0 teaching the Astronomy Introductory Class: the camel decision is pending."""
    state = act(TURN, "teach c0a")
    assert state.decision is not None
    assert "astronomy" == state.decision.kind
    return state


ASTRONOMY = astronomy_decision()


def snapshot(state: State) -> tuple[str, list[sr.Event]]:
    return sr.to_json(state), list(state.events)


def refused(state: State, action: sr.Action | str, player: int | None = None) -> list[str]:
    """The reason codes of ``explain``, checked against ``apply``; the state stays as it was."""
    before = snapshot(state)
    reasons = sr.explain(state, action, player=player)
    with pytest.raises(sr.IllegalAction) as error:
        sr.apply(state, action, player=player)
    assert tuple(reasons) == error.value.reasons
    assert before == snapshot(state)
    return [r.code for r in reasons]


# ---- unreadable text ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    # Notation is ASCII: a non-ASCII letter or digit ("é", "²", "٤") is not notation at all.
    [
        "",
        "   ",
        "\t\n",
        "!!!",
        "draft ast-1a;",
        "teach c0a?",
        "enrol (astronomy)",
        "é",
        "enrol astronomy ²",
        "complete ٤",
    ],
)
def test_notation_empty_or_garbage_refused(text: str) -> None:
    """DESIGN API (notation): empty and garbage text is an ActionSyntaxError from
    ``parse_action`` and ``apply`` and ``bad_notation`` from ``explain``, state unchanged."""
    for state in (DRAFT, TURN, ASTRONOMY, OVER):
        before = snapshot(state)
        with pytest.raises(sr.ActionSyntaxError) as error:
            sr.parse_action(state, text)
        assert [sr.Reason("bad_notation", str(error.value))] == sr.explain(state, text)
        with pytest.raises(sr.ActionSyntaxError):
            sr.apply(state, text)
        assert before == snapshot(state)


@pytest.mark.parametrize("text", ["frobnicate", "castle kingside", "teleport c0a"])
def test_notation_of_an_unknown_kind_refused(text: str) -> None:
    """DESIGN API (notation): a kind no decision takes is an ActionSyntaxError from
    ``parse_action``; ``explain`` and ``apply`` refuse it with the same reason,
    ``wrong_decision``, whose words list the kinds the decision takes."""
    for state in (DRAFT, TURN, ASTRONOMY):
        with pytest.raises(sr.ActionSyntaxError, match="expected one of"):
            sr.parse_action(state, text)
        assert ["wrong_decision"] == refused(state, text)
        assert "expected one of:" in sr.explain(state, text)[0].words


def test_notation_of_another_decision_names_the_expected_kinds() -> None:
    """DESIGN API: text of a kind the pending decision never takes is refused, and the message
    says which kinds it does take."""
    with pytest.raises(sr.ActionSyntaxError, match=r"expected one of: draft$"):
        sr.parse_action(DRAFT, "teach c0a")
    with pytest.raises(sr.ActionSyntaxError, match=r"expected one of: camel, skip$"):
        sr.parse_action(ASTRONOMY, "mosque djenne-bottom")


@pytest.mark.parametrize("thing", [None, 42, ("end",), b"end"])
def test_action_that_is_neither_action_nor_text_refused(thing: Any) -> None:
    """DESIGN API: ``apply`` and ``explain`` take an Action or its notation, nothing else."""
    assert ["not_an_action"] == refused(TURN, thing)
    with pytest.raises(sr.ActionSyntaxError):
        sr.parse_action(TURN, thing)


def test_notation_is_case_and_space_tolerant_for_the_kind() -> None:
    """DESIGN API (notation): the kind is read case-blind and words split on any spaces."""
    assert sr.Action("teach", ("c0a",)) == sr.parse_action(TURN, "  TEACH   c0a ")
    assert sr.apply(TURN, "teach c0a") == sr.apply(TURN, "Teach\tc0a")


# ---- the wrong player, the wrong decision, a finished game -----------------------------------


def test_action_of_the_wrong_player_refused() -> None:
    """DESIGN API: ``player=`` someone else than the decider gives ``not_your_decision``."""
    for state in (DRAFT, TURN, ASTRONOMY):
        assert state.current_player is not None
        other = (state.current_player + 1) % state.player_count
        legal = sr.legal_actions(state)[0]
        assert ["not_your_decision"] == refused(state, legal, player=other)
        assert ["not_your_decision"] == refused(state, str(legal), player=other)
        reason = sr.explain(state, legal, player=other)[0]
        assert f"player {state.current_player} must decide now, not player {other}" == reason.words
        assert [] == sr.explain(state, legal, player=state.current_player)


@pytest.mark.parametrize(
    ("state", "action"),
    [
        (DRAFT, sr.Action("teach", ("c0a",))),
        (DRAFT, sr.Action("end")),
        (TURN, sr.Action("draft", ("ast-1a",))),
        (TURN, sr.Action("camel", ("oasis-a1", "timbuktu"))),
        (ASTRONOMY, sr.Action("mosque", ("djenne-bottom",))),
    ],
    ids=[
        "draft-teach",
        "draft-end",
        "turn-draft",
        "turn-camel",
        "camel-mosque",
    ],
)
def test_action_for_another_decision_refused(state: State, action: sr.Action) -> None:
    """DESIGN "One decision at a time": an action answering another kind of decision is
    ``wrong_decision``, and the words name the kinds this decision takes."""
    assert ["wrong_decision"] == refused(state, action)
    assert "expected one of:" in sr.explain(state, action)[0].words


@pytest.mark.parametrize(
    ("action", "code"),
    [
        (sr.Action("end"), "action_in_progress"),
        (sr.Action("teach", ("c0a",)), "action_in_progress"),
        (sr.Action("write", ("law",)), "bonus_during_action"),
    ],
)
def test_turn_menu_action_during_an_action_refused_turn_3(action: sr.Action, code: str) -> None:
    """TURN-2, TURN-3, BONUS-1: a turn-menu action asked while an action is under way names the
    rule, and the words say what is asked first."""
    assert [code] == refused(ASTRONOMY, action)
    words = sr.explain(ASTRONOMY, action)[0].words
    assert words.endswith(
        "first: move your camel to an empty oasis or port city space, or skip ("
        + ("TURN-3, BONUS-1)" if code == "bonus_during_action" else "TURN-2, TURN-3)")
    )


def test_action_after_the_game_is_over_refused() -> None:
    """END-2: once the game is over, every action is refused with ``game_over``."""
    assert sr.is_terminal(OVER)
    assert [] == sr.legal_actions(OVER)
    for action in (sr.Action("end"), sr.Action("teach", ("c0a",)), sr.Action("skip")):
        assert ["game_over"] == refused(OVER, action)
        assert ["game_over"] == refused(OVER, action, player=0)


def test_notation_after_the_game_is_over_refused_as_game_over() -> None:
    """END-2: action text after the end is refused for the same reason as an Action,
    ``game_over``, by ``explain`` and ``apply`` alike."""
    assert ["game_over"] == codes(OVER, "end")
    assert ["game_over"] == refused(OVER, "end")


# ---- words out of range ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("state", "text"),
    [
        (TURN, "enrol"),
        (TURN, "enrol alchemy"),
        (TURN, "enrol astronomy law"),
        (TURN, "teach"),
        (TURN, "teach c9z"),
        (TURN, "establish"),
        (TURN, "establish no-such-tile"),
        (TURN, "write"),
        (TURN, "write alchemy"),
        (TURN, "favour"),
        (TURN, "favour steal"),
        (TURN, "transfer s0a s9z"),
        (TURN, "end now"),
        (ASTRONOMY, "camel"),
        (ASTRONOMY, "camel atlantis camel"),
        (ASTRONOMY, "camel oasis-a1"),
    ],
)
def test_words_out_of_range_refused_as_bad_arguments(state: State, text: str) -> None:
    """DESIGN API: the right kind with words naming nothing of the game is ``bad_arguments``."""
    assert ["bad_arguments"] == refused(state, text)
    assert ["bad_arguments"] == refused(state, sr.parse_action(state, text))


def test_draft_order_out_of_range_refused_as_bad_arguments() -> None:
    """DRAFT-7: an order that is not the four disciplines is ``bad_arguments``."""
    state = sr.apply(DRAFT, sr.legal_actions(DRAFT)[0])
    state = sr.apply(state, "class c1a")
    assert state.decision is not None
    assert "draft_order" == state.decision.kind
    for text in ("order", "order a,b", "order astronomy,astronomy,law,theology", "order x y"):
        assert ["bad_arguments"] == refused(state, text)


@pytest.mark.parametrize(
    ("state", "text"),
    [
        (DRAFT, "draft no-such-tile"),
        (DRAFT, "draft"),
        (DRAFT, "draft ast-1a the-1a"),
        (ASTRONOMY, "skip now"),
    ],
)
def test_words_naming_no_option_refused_as_no_such_option(state: State, text: str) -> None:
    """DESIGN API: the right kind with words naming nothing the ruleset has (an unknown tile,
    a missing or extra word) is ``no_such_option``, and the words list the options."""
    assert ["no_such_option"] == refused(state, text)
    words = sr.explain(state, text)[0].words
    kind = text.split()[0]
    listed = [str(a) for a in sr.legal_actions(state) if a.kind == kind]
    assert listed
    assert [] == [option for option in listed[:6] if option not in words]


def test_option_that_exists_but_is_not_offered_refused() -> None:
    """DRAFT-1, DRAFT-3: a level-1 tile of the market that is not among the draft combinations
    is refused by that rule (``not_in_draft``); the words list the combinations there are."""
    offered = [str(a) for a in sr.legal_actions(DRAFT)]
    tile = DRAFT.market[0].pile1[0]
    assert f"draft {tile}" not in offered
    assert ["not_in_draft"] == refused(DRAFT, f"draft {tile}")
    words = sr.explain(DRAFT, f"draft {tile}")[0].words
    assert [] == [option.split()[1] for option in offered if option.split()[1] not in words]
    assert words.endswith("(DRAFT-1, DRAFT-3)")


# ---- new_game options ----------------------------------------------------------------------------


@pytest.mark.parametrize("players", [0, 1, 5, -2, "3", True, 2.5])
def test_new_game_player_count_out_of_range_refused(players: Any) -> None:
    """SETUP-N-1: a game is for 2 to 4 players (the solo game is not available)."""
    with pytest.raises(ValueError, match="players"):
        sr.new_game(players=players, seed=1)


def test_new_game_without_a_player_count_is_the_games_default() -> None:
    """players=None (or left out) is the game's own default count: 2 for both built-in games."""
    assert 2 == sr.new_game(players=None, seed=1).player_count
    assert 2 == sr.new_game(seed=1, game="five_tribes").player_count


@pytest.mark.parametrize("library", ["seven_shelf", "", "THREE_SHELF", None, 3])
def test_new_game_unknown_library_side_refused(library: Any) -> None:
    """COMP-3, SETUP-C-1: the Library board has a three_shelf and a six_shelf side, no other."""
    with pytest.raises(ValueError, match="library"):
        sr.new_game(players=2, seed=1, library=library)


@pytest.mark.parametrize(
    "seed",
    ["1", 1.5, True, 2**256, -(2**256), 10**5000],
    ids=["text", "float", "bool", "2**256", "-2**256", "10**5000"],
)
def test_new_game_seed_not_an_integer_refused(seed: Any) -> None:
    """DESIGN "One decision at a time", issue 16: the seed is an integer between -2**256 and
    2**256 (exclusive)."""
    with pytest.raises(ValueError, match="seed"):
        sr.new_game(players=2, seed=seed)


def test_new_game_both_library_sides_and_every_player_count_set_up() -> None:
    """SETUP-N-1, SETUP-C-1: 2, 3 and 4 players on both sides set up to the first player's draft."""
    for players in (2, 3, 4):
        for library in ("three_shelf", "six_shelf"):
            state = sr.new_game(players=players, seed=9, library=library)
            assert state.decision is not None
            assert ("draft", state.first_player) == (state.decision.kind, state.current_player)
            assert players == len(state.players)
            assert library == state.library_side
