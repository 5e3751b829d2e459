"""Queries a frontend needs without parsing reasons (issue 11): Knowledge part by part
(KNOW-2..KNOW-6), storage capacities (STOR-1..STOR-3, RES-4, RES-7) and the empty spaces of an
area within a player's Knowledge, held to what the area decisions list and explain.

Positions start from ``started(2, 0)``: player 0 has the Advanced Class ast-1c (Knowledge
bonus 1) on c1a, and every queue's last space is empty (Shared Knowledge 1).
"""

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, started
from sankore_rules.core.shared import adjusted, replaced_at, with_item
from sankore_rules.sankore.state import State


def teaching(
    area: str = "astronomy", student: str | None = None, placed: int = 0, queue: bool = True
) -> State:
    """Player 0 teaches a level-1 class of ``area`` on c1a (ast-1c for Astronomy) with a
    Student of ``student`` (the area's by default) from s1a, with ``placed`` pieces of the
    area already on the board and, unless ``queue``, its queue emptied: at the area's
    decision, earlier steps taken as first listed."""
    tile = next(
        t.id for t in RULES.tables.classes.advanced if t.discipline == area and t.level == 1
    )

    def change(s: State) -> None:
        s.players[0].classes = with_item(
            s.players[0].classes, "c1a", "ast-1c" if area == "astronomy" else tile
        )
        s.players[0].students = with_item(s.players[0].students, "s1a", student or area)
        s.players[0].pieces = adjusted(s.players[0].pieces, RULES.discipline_index[area], -placed)
        if not queue:
            s.queues = replaced_at(
                s.queues, RULES.discipline_index[area], (None,) * len(s.queues[0])
            )

    state = act(edit(started(2, 0), change), "teach c1a")
    while state.decision.kind != area:
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state


def test_know_knowledge_parts_at_the_start() -> None:
    """KNOW-3, KNOW-4: no piece has left the board (School 0); the queues' last spaces show 1
    (Shared 1); nobody teaches, no card is completed."""
    state = started(2, 0)
    assert sr.Knowledge("theology", 0, 1, 0, 0) == sr.knowledge(state, 0, "theology")
    assert 1 == sr.knowledge(state, 1, "law").total


def test_know_knowledge_counts_school_shared_and_cards() -> None:
    """KNOW-3, AMB-45: two Mosques placed uncover School Knowledge 2; KNOW-4: an emptier
    Theology queue shows a higher number; BONUS-6: card #2 (Theology, +1) completed."""

    def change(s: State) -> None:
        s.players[0].pieces = adjusted(s.players[0].pieces, RULES.discipline_index["theology"], -2)
        s.queues = replaced_at(s.queues, 1, [*s.queues[1][:3], None, None, None])
        s.players[0].completed = (*s.players[0].completed, 2)

    state = edit(started(2, 0), change)
    shared = max(
        sp.knowledge
        for sp, student in zip(RULES.queue_layouts[2].spaces, state.queues[1], strict=True)
        if student is None
    )
    expected = sr.Knowledge("theology", RULES.school_knowledge[1], shared, 0, 1)
    assert expected == sr.knowledge(state, 0, "theology")
    assert 2 + shared + 1 == sr.knowledge(state, 0, "theology").total


def test_know_5_class_bonus_while_teaching_with_a_matching_student() -> None:
    """KNOW-5: while player 0 teaches ast-1c with an Astronomy Student, its bonus 1 counts in
    Astronomy, not in another area nor for the other player."""
    state = teaching()
    assert sr.Knowledge("astronomy", 0, 1, 1, 0) == sr.knowledge(state, 0, "astronomy")
    assert 0 == sr.knowledge(state, 0, "law").class_bonus
    assert 0 == sr.knowledge(state, 1, "astronomy").class_bonus


def test_know_5_no_class_bonus_with_another_student() -> None:
    """KNOW-5, TEACH-7: a Law Student on the Astronomy class brings no bonus."""
    assert 0 == sr.knowledge(teaching(student="law"), 0, "astronomy").class_bonus


def test_stor_storage_capacities() -> None:
    """STOR-1, RES-4, RES-7: the box's limits; Favour tiles cover two Prestige spaces each;
    card #10 (passive: +2 Gold kept) raises the Gold limit."""
    state = started(2, 0)
    limits = RULES.limits
    storage = RULES.tables.components.prestige_storage
    favour = state.players[0].favour_tiles
    expected = sr.Storage(
        limits.inspiration,
        limits.gold,
        limits.salt,
        limits.books_per_discipline,
        storage.spaces - storage.covered_per_favour_tile * favour,
    )
    assert expected == sr.storage(state, 0)
    with_card = edit(state, lambda s: setattr(s.players[0], "completed", (10,)))
    assert limits.gold + 2 == sr.storage(with_card, 0).gold


def test_reachable_spaces_in_astronomy_are_the_oases_the_decision_lists() -> None:
    """ASTRO-3, ASTRO-4, ASTRO-8: with Knowledge 2 from Timbuktu, the Oases at most two steps
    away are reachable, each with its route length; no Port City is that close."""
    state = teaching()
    reach = sr.reachable_spaces(state, 0, "astronomy")
    assert [
        ("oasis-a1", 1),
        ("oasis-a2", 2),
        ("oasis-b1", 1),
        ("oasis-b2", 2),
        ("oasis-c1", 2),
        ("oasis-c2", 2),
        ("oasis-d1", 2),
    ] == [(p.space, p.knowledge) for p in reach]
    listed = [a.args[0] for a in sr.legal_actions(state) if a.kind == "camel"]
    assert listed == [p.space for p in reach]


@pytest.mark.parametrize(
    ("area", "verb"),
    [("theology", "mosque"), ("mathematics", "wall"), ("law", "crown")],
)
def test_reachable_spaces_agree_with_explain(area: str, verb: str) -> None:
    """KNOW-1, SUPP-1: teaching a class of the area with 6 of its pieces placed and its queue
    empty, each
    empty space of the area is reachable exactly when ``explain`` does not refuse it for
    Knowledge; a space marked ``supported`` is refused for lack of a Supported Class (the
    class has one Student under it)."""
    state = teaching(area, placed=6, queue=False)
    bonus = RULES.class_tiles[state.players[0].classes["c1a"]].knowledge
    shared = max(sp.knowledge for sp in RULES.queue_layouts[2].spaces)
    assert sr.Knowledge(area, RULES.school_knowledge[5], shared, bonus, 0) == sr.knowledge(
        state, 0, area
    )
    have = sr.knowledge(state, 0, area).total
    reach = {p.space: p for p in sr.reachable_spaces(state, 0, area)}
    assert reach
    assert all(p.knowledge <= have for p in reach.values())
    assert any(p.supported for p in reach.values())
    spaces = {
        "theology": RULES.theology_spaces,
        "mathematics": RULES.wall_spaces,
        "law": RULES.law_spaces,
    }[area]
    for space in spaces:
        codes = {r.code for r in sr.explain(state, f"{verb} {space}")}
        assert (space in reach) == ("knowledge_short" not in codes), (space, codes)
        if space in reach and reach[space].supported:
            assert "needs_supported_class" in codes, space


def test_queries_refuse_a_player_or_area_the_game_does_not_have() -> None:
    """Bad input: a clear ValueError naming what is wrong."""
    state = started(2, 0)
    with pytest.raises(ValueError, match=r"player must be 0\.\.1, got 2"):
        sr.knowledge(state, 2, "law")
    with pytest.raises(ValueError, match="area must be one of"):
        sr.reachable_spaces(state, 0, "music")
    with pytest.raises(ValueError, match=r"player must be 0\.\.1, got True"):
        sr.storage(state, True)
