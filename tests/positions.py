"""Building test positions: a game past its draft, and hand edits that keep the engine honest.

A state is edited on a clone (``edit``), which also drops the cached legal actions; ``settle``
lets the engine carry out automatic steps after an edit of the agenda.

A state's containers are shared with the states it came from, so an edit replaces them, never
changes them (``with_item``, ``replaced_at`` ...: item assignment on them raises). A container an
edit assigns may be written as a list or a dict: ``edit`` turns it into the tuple or read-only
dict a state holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

import sankore_rules as sr
from sankore_rules.core.shared import ReadOnlyDict
from sankore_rules.sankore import engine
from sankore_rules.sankore.state import State, Task

RULES = sr.load_rules()


def started(players: int = 2, seed: int = 0, library: str = "three_shelf") -> State:
    """A new game with every draft decision taken as its first listed option."""
    state = sr.new_game(players=players, seed=seed, library=library)
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state


def seeded_setup(state: State) -> State:
    """Explicit chance: the setup's places and first player dealt as the seed deals them.

    Each ``setup_place`` (and ``first_player``) step takes the outcome the default mode's game
    of the same seed and options placed there, up to the first other step (a hand's deal).
    """
    kw: dict[str, Any] = {"players": state.player_count, "library": state.library_side}
    if state.solo is not None:
        kw = {"players": 1, "scholar": state.solo.difficulty, "scholar_row": state.solo.row}
    like = sr.new_game(seed=state.seed, **kw)
    while state.current_player == sr.CHANCE and state.agenda[-1].kind in _SETUP_STEPS:
        task = state.agenda[-1]
        if task.kind == "first_player":
            state = sr.apply(state, f"first {like.first_player}")
        else:
            state = sr.apply(state, f"put {_placed(like, task.args['what'], task.args['at'])}")
    return state


_SETUP_STEPS = ("setup_place", "first_player")


def _placed(state: State, what: str, at: str) -> str:
    """What the setup placed at the place ``at`` of the family ``what`` (``placements.py``)."""
    if what in ("queue", "market", "draft"):
        where, slot = at.split(":") if what != "draft" else (at, "")
        i = RULES.discipline_index[where]
        if what == "queue":
            return str(state.queues[i][int(slot)])
        if what == "draft":
            return next(book for _, book, student in state.draft if student == at)
        held = getattr(state.market[i], slot)
        return str(held[0] if slot.startswith("pile") else held)
    if what == "madrasa":
        cell = RULES.cell_index(at)
        assert cell is not None
        return str(state.madrasa[cell].tile)  # type: ignore[union-attr]
    places = {"theology": state.theology_books, "port": state.port_tokens}
    return places.get(what, state.region_tiles)[at]


def edit(state: State, change: Callable[[State], None]) -> State:
    """A copy of ``state`` with ``change`` applied to it (the original is untouched)."""
    copy = state.clone()
    change(copy)
    return shared(copy)


#: The fields of a state that are not shared between states: lists ``apply`` changes on its
#: copy, the players (each copied) and the solo board.
NOT_SHARED = ("players", "agenda", "events", "_scratch", "solo")


def shared(state: State) -> State:
    """``state`` with the lists and dicts an edit assigned as tuples and read-only dicts."""
    parts: list[Any] = [state, *state.players, *([state.solo] if state.solo else [])]
    for part in parts:
        for f in attrs.fields(type(part)):
            if f.name not in NOT_SHARED:
                setattr(part, f.name, _shared(getattr(part, f.name)))
    return state


def changeable_parts(state: State) -> list[str]:
    """Where ``state`` holds a container that could change in place although states share it:
    any list or dict (not a read-only one) outside the fields listed in NOT_SHARED."""
    parts: list[tuple[str, Any]] = [("state", state)]
    parts += [(f"players[{p}]", pl) for p, pl in enumerate(state.players)]
    parts += [("solo", state.solo)] if state.solo else []
    found: list[str] = []
    for name, part in parts:
        for f in attrs.fields(type(part)):
            if f.name not in NOT_SHARED:
                found += _changeable(getattr(part, f.name), f"{name}.{f.name}")
    return found


def _changeable(value: Any, path: str) -> list[str]:
    if isinstance(value, list | set) or (
        isinstance(value, dict) and not isinstance(value, ReadOnlyDict)
    ):
        return [path]
    if isinstance(value, tuple):
        return [p for i, v in enumerate(value) for p in _changeable(v, f"{path}[{i}]")]
    if isinstance(value, dict):
        return [p for k, v in value.items() for p in _changeable(v, f"{path}[{k!r}]")]
    return []


def _shared(value: Any) -> Any:
    if isinstance(value, list | tuple):
        return tuple(_shared(v) for v in value)
    if isinstance(value, dict):
        return ReadOnlyDict((k, _shared(v)) for k, v in value.items())
    return value


def with_decision(state: State, *tasks: Task) -> State:
    """A copy of ``state`` with ``tasks`` pushed on its agenda (first resolved first), settled."""
    copy = state.clone()
    engine.push(copy, *tasks)
    engine.settle(RULES, copy)
    return copy


def act(state: State, *notations: str) -> State:
    """Apply actions given in notation, one after the other."""
    for text in notations:
        state = sr.apply(state, text)
    return state


def options(state: State) -> list[str]:
    """The legal actions of ``state`` in notation, sorted."""
    return sorted(str(a) for a in sr.legal_actions(state))


def codes(state: State, text: str) -> list[str]:
    """The reason codes ``explain`` gives for the action ``text``."""
    return [r.code for r in sr.explain(state, text)]


def refused(state: State, text: str | sr.Action, expected: list[str]) -> None:
    """``text`` is refused with exactly ``expected`` codes, by explain and apply alike, and the
    state is left as it was."""
    import copy

    import pytest

    snapshot = copy.deepcopy(state)
    assert expected == [r.code for r in sr.explain(state, text)]
    with pytest.raises(sr.IllegalAction) as caught:
        sr.apply(state, text)
    assert expected == [r.code for r in caught.value.reasons]
    assert snapshot == state


# ---- the solo game ---------------------------------------------------------------------------

#: The Scholar's seat in a solo game (you are P0).
SCHOLAR = 1


def solo(difficulty: str = "medium", seed: int = 0) -> State:
    """A solo game at your first turn, your draft made with the first listed options."""
    state = sr.new_game(players=1, seed=seed, scholar=difficulty)
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state


def scholar_does(state: State, kind: str, **args: object) -> State:
    """A copy of ``state`` after the Scholar's step ``kind`` (with ``args``), its events alone.

    The step runs on top of the pending decision, which is waiting again afterwards.
    """
    copy = state.clone()
    copy.events = []
    engine.push(copy, Task(kind, SCHOLAR, dict(args)))
    engine.settle(RULES, copy)
    return copy


def scholar_events(state: State, action: str | None = None) -> list[sr.Event]:
    """The ``scholar`` events of the last apply (or step), of one ``action`` if given."""
    return [
        e
        for e in state.events
        if e.kind == "scholar" and (action is None or e.detail["action"] == action)
    ]


def whys(state: State, action: str | None = None) -> list[str]:
    """What the Scholar said it did and why, in order."""
    return [e.detail["why"] for e in scholar_events(state, action)]
