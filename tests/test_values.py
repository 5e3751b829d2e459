"""States as values (issue 11): a state the library hands out cannot be changed in place.

So the options listed for it stay true, and the engine may remember them; a draft (``clone()``)
is for setting up positions by hand, and it is answered as it is at the time of asking.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest

import sankore_rules as sr
from positions import RULES, solo, started
from sankore_rules.core.shared import ReadOnlyDict
from sankore_rules.sankore.engine import ENGINE
from sankore_rules.sankore.state import PlayerState, SoloState, State


def _sealed(state: State) -> bool:
    return (
        type(state) is State
        and all(type(p) is PlayerState for p in state.players)
        and (state.solo is None or type(state.solo) is SoloState)
        and all(type(t.args) is ReadOnlyDict for t in state.agenda)
    )


def test_every_state_the_library_hands_out_is_sealed() -> None:
    """New games (solo too), states after apply, states read from JSON, and their pickled and
    deep copies are sealed; a clone is an editable draft that equals its original."""
    state = started(3, 2)
    assert _sealed(sr.new_game(players=2, seed=1))
    assert _sealed(state)
    assert _sealed(solo())
    assert _sealed(sr.from_json(sr.to_json(state)))
    assert _sealed(pickle.loads(pickle.dumps(state)))
    assert _sealed(copy.deepcopy(state))
    draft = state.clone()
    assert type(draft) is not State and isinstance(draft, State) and not draft.sealed
    assert state.sealed
    assert draft == state and state == draft and draft.key() == state.key()
    assert _sealed(sr.apply(draft, sr.legal_actions(draft)[0]))


def test_a_sealed_state_refuses_a_change_in_place_and_keeps_its_answers() -> None:
    """Issue 11: with 1 Inspiration player 0 may write a Book; setting it to 0 in place is
    refused with a StateError (and a change to any of its containers with a TypeError), so the
    options listed before stay right and ``write`` still
    applies (leaving 0 Inspiration, not -1)."""
    draft = started(2, 0).clone()
    draft.players[0].inspiration = 1
    state = sr.from_json(sr.to_json(draft))
    listed = sr.legal_actions(state)
    assert sr.Action("write", ("astronomy",)) in listed
    with pytest.raises(sr.StateError, match="cannot be changed in place"):
        state.players[0].inspiration = 0
    with pytest.raises(sr.StateError):
        state.game_over = True
    with pytest.raises(AttributeError):
        state.agenda.append(state.agenda[-1])  # type: ignore[attr-defined]
    with pytest.raises(TypeError):
        state.agenda[-1].args["x"] = 1  # type: ignore[index]
    with pytest.raises(TypeError):
        state.spaces["law-1"] = 0
    with pytest.raises(TypeError):
        state.players[0].students["s1a"] = "law"
    with pytest.raises(TypeError):
        state.supply_books[0] = 9  # type: ignore[index]
    assert 1 == state.players[0].inspiration
    assert listed == sr.legal_actions(state)
    after = sr.apply(state, "write astronomy")
    assert 0 == after.players[0].inspiration


def test_a_sealed_solo_board_refuses_a_change_in_place() -> None:
    """The solo board is sealed with its state."""
    state = solo()
    assert state.solo is not None
    with pytest.raises(sr.StateError):
        state.solo.bag = ("law",)


def test_remembered_answers_equal_fresh_ones_over_random_games() -> None:
    """A sealed state's listed options are remembered and a listed action is applied without a
    second check; applying the same action to a draft of the same state (checked afresh) gives
    an equal state, at every decision of random 2-4-player and solo games."""
    for players, seed in ((2, 3), (3, 4), (4, 5), (1, 6)):
        rng = random.Random(seed)
        if players == 1:
            state = sr.new_game(players=1, seed=seed, scholar="hard", turn_limit=12)
        else:
            state = sr.new_game(players=players, seed=seed, turn_limit=12)
        while not sr.is_terminal(state):
            action = rng.choice(sr.legal_actions(state))
            after = sr.apply(state, action)
            assert after == sr.apply(state.clone(), action)
            state = after


def test_an_action_that_only_claims_to_equal_an_option_is_checked() -> None:
    """An Action whose words are not plain strings is never matched against the remembered
    options: it goes to the check, which refuses it, and the state is unchanged."""

    class Sneaky(str):
        __slots__ = ()

        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = str.__hash__

    state = started(2, 0)
    listed = sr.legal_actions(state)
    sneaky = sr.Action(Sneaky(listed[0].kind), listed[0].args)
    assert sneaky in listed
    with pytest.raises(sr.IllegalAction) as caught:
        sr.apply(state, sneaky)
    assert ["not_an_action"] == [r.code for r in caught.value.reasons]


def test_a_draft_is_answered_as_it_is_when_asked() -> None:
    """A draft's options are never remembered: listed, changed, and listed again, it gets the
    new answers (the engine remembers only sealed states)."""
    draft = started(2, 0).clone()
    draft.players[0].inspiration = 1
    assert any(a.kind == "write" for a in ENGINE.legal(RULES, draft))
    draft.players[0].inspiration = 0
    assert not any(a.kind == "write" for a in ENGINE.legal(RULES, draft))


def test_state_classes_are_sealable() -> None:
    """Every field of the state classes takes part in sealing: the sealed classes refuse an
    assignment to each, their drafts take it."""
    state = solo()
    assert state.solo is not None
    for sealed in (state, state.players[0], state.solo):
        draft = type(sealed).Draft  # type: ignore[union-attr]
        for f in attrs.fields(type(sealed)):
            if f.name.startswith("_"):
                continue
            with pytest.raises(sr.StateError):
                setattr(sealed, f.name, getattr(sealed, f.name))
        assert issubclass(draft, type(sealed))


def test_a_sealed_state_refuses_a_deletion() -> None:
    """``del`` is refused like an assignment, on the state and on a player's board."""
    state = started(2, 0)
    with pytest.raises(sr.StateError):
        del state.players[0].gold
    with pytest.raises(sr.StateError):
        del state.spaces
    assert 2 == len(state.players) and state.players[0].gold >= 0


def test_a_sealed_tasks_arguments_are_read_only_all_the_way_down() -> None:
    """A Favour reward that offers a choice of resources holds them in a tuple once sealed, so
    the choice cannot be narrowed in place behind the remembered options."""
    state = started(2, 0)
    draft = state.clone()
    draft.agenda = (
        *draft.agenda,
        sr.Task("gain_resource", 0, {"resources": ["gold", "salt"], "amount": 1}),
    )
    sealed = sr.from_json(sr.to_json(draft))
    assert ("gold", "salt") == sealed.decision.args["resources"]  # type: ignore[union-attr]
    assert ["resource gold", "resource salt"] == [str(a) for a in sr.legal_actions(sealed)]


def test_apply_to_a_hand_edited_draft_shares_nothing_the_caller_holds() -> None:
    """A draft may hold plain lists and dicts; the state ``apply`` returns holds the library's
    own tuples and read-only dicts, so changing the draft afterwards changes nothing of it, and
    the draft's own tasks keep their arguments."""
    draft = started(2, 0).clone()
    draft.theology_books = dict(draft.theology_books)
    draft.players[0].students = dict(draft.players[0].students)
    draft.supply_books = list(draft.supply_books)  # type: ignore[assignment]
    draft.agenda = (*draft.agenda[:-1], sr.Task("turn", 0, {}))
    task_args = draft.agenda[-1].args
    after = sr.apply(draft, "end")
    assert _sealed(after)
    assert (
        type(after.theology_books) is ReadOnlyDict
        and after.theology_books is not draft.theology_books
    )
    assert type(after.supply_books) is tuple
    assert all(type(p.students) is ReadOnlyDict for p in after.players)
    key = after.key()
    draft.theology_books.clear()
    draft.players[0].students.clear()
    assert key == after.key()
    assert type(task_args) is dict and draft.agenda[-1].args is task_args


def test_the_listed_options_given_out_are_a_new_list_each_time() -> None:
    """Changing the list ``legal`` returns changes nothing the engine remembers."""
    state = started(2, 0)
    listed = ENGINE.legal(RULES, state)
    listed.append(sr.Action("resource", ("gold",)))
    assert sr.Action("resource", ("gold",)) not in sr.legal_actions(state)
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, sr.Action("resource", ("gold",)))
