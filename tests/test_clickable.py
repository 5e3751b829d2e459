"""Pictures one plays by clicking (issue 41): ``state_svg(state, seat, clickable=True)``."""

from __future__ import annotations

import json
import random
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core.game import SPECTATOR, NotSupported

SETUPS = [
    # Sankoré games bounded (END-2's variant), so that every decision stays quick to draw.
    pytest.param({"players": 2, "turn_limit": 8}, id="sankore-2"),
    pytest.param({"players": 3, "turn_limit": 6}, id="sankore-3"),
    pytest.param({"players": 4, "turn_limit": 5}, id="sankore-4"),
    pytest.param({"players": 1, "scholar": "easy"}, id="sankore-solo"),
    pytest.param({"players": 2, "game": "five_tribes"}, id="five-tribes-2"),
    pytest.param({"players": 3, "game": "five_tribes"}, id="five-tribes-3"),
    pytest.param({"players": 4, "game": "five_tribes"}, id="five-tribes-4"),
]
#: The other viewers are looked at every this many decisions (each costs a picture).
OTHERS_EVERY = 7


def decisions(setup: dict[str, Any], seed: int) -> Iterator[Any]:
    """Every state of one random game that waits for a decision."""
    rng = random.Random(seed)
    state = sr.new_game(seed=seed, **setup)
    while not sr.is_terminal(state):
        yield state
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))


def targets(picture: str) -> list[tuple[list[str], str]]:
    """Each element with ``data-actions``: its notations (a JSON array) and its tooltip."""
    found = []
    for element in ET.fromstring(picture).iter():
        listed = element.get("data-actions")
        if listed is not None:
            tip = element.find("{http://www.w3.org/2000/svg}title")
            found.append((json.loads(listed), "" if tip is None else (tip.text or "")))
    return found


@pytest.mark.parametrize("setup", SETUPS)
def test_the_deciding_seat_clicks_exactly_the_legal_actions(setup: dict[str, Any]) -> None:
    """At every decision of a random game: the union of data-actions is the legal set, each
    element's tooltip says its actions' words, and nobody else's picture carries any."""
    for k, state in enumerate(decisions(setup, seed=5)):
        seat = state.current_player
        legal = {str(a) for a in sr.legal_actions(state)}
        found = targets(sr.state_svg(state, seat, clickable=True))
        assert set().union(*(set(actions) for actions, _ in found)) == legal
        for actions, tip in found:
            assert tip == "; ".join(sr.describe(state, a) for a in actions)
        if k % OTHERS_EVERY:
            continue
        assert not targets(sr.state_svg(state, seat))
        assert not targets(sr.state_svg(state, None, clickable=True))
        seats = sr.game_of(state).seats(state)
        for other in (*(p for p in range(seats) if p != seat), SPECTATOR):
            clickable = sr.state_svg(state, other, clickable=True)
            assert clickable == sr.state_svg(state, other)


def _buttons(picture: str) -> list[tuple[list[str], str]]:
    """The buttons of the controls panel: their notations and their visible words."""
    svg = "{http://www.w3.org/2000/svg}"
    root = ET.fromstring(picture)
    panel = next(g for g in root.iter(f"{svg}g") if g.get("data-panel") == "controls")
    return [
        (json.loads(b.get("data-actions", "")), "".join(b.itertext()).removeprefix(b[0].text or ""))
        for b in panel.iter(f"{svg}g")
        if b.get("data-actions") is not None
    ]


def test_the_draft_is_a_row_of_labelled_buttons() -> None:
    state = sr.new_game(players=2, seed=3)
    assert 1 == state.current_player
    buttons = _buttons(sr.state_svg(state, 1, clickable=True))
    assert buttons == [([str(a)], sr.describe(state, a)) for a in sr.legal_actions(state)]
    assert buttons[0] == (
        ["draft ast-1c"],
        "Draft the Class tile ast-1c with a Book of mathematics and a Student of astronomy",
    )


def _turn(seed: int) -> Any:
    """The first turn menu of a 2-player game."""
    rng = random.Random(seed)
    state = sr.new_game(players=2, seed=seed)
    while state.decision.kind != "turn":
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    return state


def test_a_student_stands_for_its_moves_and_a_space_for_its_building() -> None:
    state = _turn(3)
    p = state.current_player
    found = dict(
        (tuple(actions), tip) for actions, tip in targets(sr.state_svg(state, p, clickable=True))
    )
    legal = [str(a) for a in sr.legal_actions(state)]
    on_s0c = tuple(
        a
        for a in legal
        if a.split()[0] in ("promote", "transfer", "graduate") and a.split()[1] == "s0c"
    )
    assert on_s0c in found
    assert found[on_s0c] == "; ".join(sr.describe(state, a) for a in on_s0c)
    assert ("end",) in found and found[("end",)] == "End the turn"


def test_five_tribes_bids_are_on_the_free_track_spaces() -> None:
    state = sr.new_game(game="five_tribes", players=2, seed=1)
    picture = sr.state_svg(state, state.current_player, clickable=True)
    bids = [actions for actions, _ in targets(picture)]
    assert bids == [
        ["bid 0"],
        ["bid 0"],
        ["bid 0"],
        ["bid 1"],
        ["bid 3"],
        ["bid 5"],
        ["bid 8"],
        ["bid 12"],
        ["bid 18"],
    ]
    assert 'data-panel="controls"' not in picture


@pytest.mark.parametrize("setup", [{"players": 2}, {"players": 1, "scholar": "hard"}])
def test_a_clickable_sankore_picture_is_at_most_30_percent_larger(setup: dict[str, Any]) -> None:
    """Issue 41: the picture stays small; measured in bytes at every decision of a game."""
    worst = max(
        len(sr.state_svg(state, state.current_player, clickable=True))
        / len(sr.state_svg(state, state.current_player))
        for state in decisions(setup, seed=2)
    )
    assert 1.0 < worst <= 1.3


def test_a_game_without_clickable_pictures_refuses_only_the_seat_to_decide() -> None:
    from toy_game import registered

    with registered():
        state = sr.new_game(players=2, seed=2, game="hidden_nim")
        seat = state.current_player
        other = 1 - seat
        assert sr.state_svg(state, other, clickable=True) == sr.state_svg(state, other)
        with pytest.raises(NotSupported, match="hidden_nim has no clickable picture"):
            sr.state_svg(state, seat, clickable=True)
