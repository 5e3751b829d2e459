"""The copies of a state that ``apply`` and ``clone()`` make, field by field (issue 29).

``State.successor``, ``State.clone`` and the boards' ``clone`` fill a new object field by field,
written out for speed: these tests hold them to the attrs fields, so that a field added to a
state class and forgotten there fails here rather than in some later game.
"""

from __future__ import annotations

from typing import Any

import attrs

import sankore_rules as sr
from positions import solo, started
from sankore_rules.sankore.state import PlayerState, SoloState, State


def _fields(record: Any) -> list[str]:
    """The names of every attrs field of a sealed record or of its draft."""
    sealed = type(record) if type(record).sealed else type(record).__mro__[1]
    return [f.name for f in attrs.fields(sealed)]


def _same_fields(copy: Any, original: Any, *, skip: tuple[str, ...] = ()) -> list[str]:
    """The fields (but ``skip``) where ``copy`` does not hold the very object ``original`` holds."""
    return [
        name
        for name in _fields(original)
        if name not in skip and getattr(copy, name) is not getattr(original, name)
    ]


def _acted(state: State) -> State:
    """``state`` after its first listed action: a state with events in its log."""
    after: State = sr.apply(state, sr.legal_actions(state)[0])
    assert after.events
    return after


def test_successor_copies_every_field_and_shares_every_board() -> None:
    """A successor is a draft holding every field of the sealed state, the boards themselves;
    its log is empty, for the action about to be applied."""
    for state in (_acted(started(4, 3)), _acted(solo())):
        draft = state.successor()
        assert type(draft) is State.Draft  # type: ignore[attr-defined]
        assert [] == _same_fields(draft, state, skip=("solo", "events"))
        assert [] == draft.events
        assert draft == state
        if state.solo is not None:
            assert draft.solo is not state.solo
            assert [] == _same_fields(draft.solo, state.solo)


def test_clone_copies_every_field_of_the_state_and_of_every_board() -> None:
    """A clone is a draft with every field, its own boards (each holding every field of the
    board it copies), its own solo board and its own copy of the log."""
    for state in (_acted(started(4, 3)), _acted(solo())):
        draft = state.clone()
        assert [] == _same_fields(draft, state, skip=("players", "solo", "events"))
        assert draft.events == state.events and draft.events is not state.events
        for board, original in zip(draft.players, state.players, strict=True):
            assert type(board) is PlayerState.Draft  # type: ignore[attr-defined]
            assert [] == _same_fields(board, original)
        if state.solo is not None:
            assert draft.solo is not None
            assert type(draft.solo) is SoloState.Draft  # type: ignore[attr-defined]
            assert [] == _same_fields(draft.solo, state.solo)
        assert draft == state


def test_every_field_of_a_draft_is_set() -> None:
    """No slot of a copy is left empty (reading one would raise AttributeError)."""
    state = solo()
    for draft in (state.successor(), state.clone(), sr.from_json(sr.to_json(state)).clone()):
        for record in (draft, *draft.players, draft.solo):
            for name in _fields(record):
                getattr(record, name)
