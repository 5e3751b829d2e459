"""Issue 30: rulings that follow the text (AMB-7, SCHOLAR-4) and the last open doors of Sankoré.

Each changed ruling is played out in a scenario with its exact outcome, the rulebook's words
quoted in the docstring; the refusals at the trust boundary (a state whose pending decision has
no legal option, tables ``load_rules`` cannot play) name what is wrong.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr
from positions import RULES, act, edit, started
from sankore_rules.core.shared import replaced_at
from sankore_rules.sankore.state import State, Task
from strategies import copy_tables, edit_table

# ---- AMB-7: Prestige beyond the storage is chosen at the gain --------------------------------


def _full_storage_enrol() -> State:
    """Player 0 at capacity (12 tokens, 2 Favour tiles) has just enrolled from a queue space
    whose Sankoré icon gives a Theology tile with its Theology token."""

    def change(s: State) -> None:
        s.players[0].prestige = (6, 0, 0, 6)
        s.queues = replaced_at(s.queues, 1, ["law", "law", "law", "mathematics", None, None])

    return act(edit(started(2, 0), change), "enrol theology")


def test_amb_7_a_favour_returned_later_makes_no_room_for_the_excess() -> None:
    """AMB-7, RES-8: with the storage already full at a gain, "you may choose which tokens to
    keep". The choice comes at the gain, with the capacity of that
    moment (12): Return a Favour, which would raise it to 14, waits until a token is returned,
    so the player cannot keep 13."""
    state = _full_storage_enrol()
    assert (2, (6, 1, 0, 6)) == (state.players[0].favour_tiles, state.players[0].prestige)
    assert {"keep": 12} == dict(state.decision.args)
    with pytest.raises(sr.IllegalAction) as refused:
        sr.apply(state, "favour return")
    assert ["action_in_progress"] == [r.code for r in refused.value.reasons]
    state = act(state, "return law", "favour return")
    assert ((6, 1, 0, 5), 1) == (state.players[0].prestige, state.players[0].favour_tiles)


def test_amb_7_the_discard_keeps_the_capacity_of_the_gain() -> None:
    """AMB-7: a discard decided at a gain returns tokens down to the capacity it recorded,
    even when the capacity is larger when the decision comes up: 14 tokens, capacity 12 at the
    gain, one Favour returned since (capacity 14): two tokens still go back."""

    def change(s: State) -> None:
        s.supply_prestige = tuple(
            n - k for n, k in zip(s.supply_prestige, (4, 3, 3, 4), strict=True)
        )
        s.players[0].prestige = (4, 3, 3, 4)
        s.players[0].favour_tiles = 1
        s.favour_supply += 1
        s.agenda = (*s.agenda, Task("discard_prestige", 0, {"keep": 12}))

    state = edit(started(2, 0), change)
    state = sr.from_json(sr.to_json(state))  # a position play can reach: accepted
    state = act(state, "return astronomy")
    assert ("discard_prestige", (3, 3, 3, 4)) == (state.decision.kind, state.players[0].prestige)
    state = act(state, "return law")
    assert ("turn", (3, 3, 3, 3)) == (state.decision.kind, state.players[0].prestige)


def test_amb_7_a_discard_keeping_what_is_held_is_refused() -> None:
    """AMB-7, trust: a discard whose recorded capacity is not below the tokens held would ask
    for a return nobody needs; from_json refuses it, naming the argument."""

    def change(s: State) -> None:
        s.agenda = (*s.agenda, Task("discard_prestige", 0, {"keep": 12}))

    with pytest.raises(sr.StateError, match=r"discard_prestige\): keep must be"):
        sr.from_json(sr.to_json(edit(started(2, 0), change)))


# ---- a pending decision has a legal option ----------------------------------------------------


def test_pending_contribute_without_a_book_of_its_discipline_refused() -> None:
    """Issue 30, trust: a pending ``contribute`` of a discipline the player holds no Book of
    has no legal action, and the game is not over: from_json refuses it."""
    state = started(2, 3)
    p = state.current_player
    missing = next(d for i, d in enumerate(RULES.disciplines) if state.players[p].books[i] == 0)
    task = Task("contribute", p, {"discipline": missing, "count": 1, "distinct": False, "used": []})
    bad = edit(state, lambda s: setattr(s, "agenda", (*s.agenda, task)))
    with pytest.raises(sr.StateError, match=r"pending decision \(contribute.*no legal option"):
        sr.from_json(sr.to_json(bad))


def _first_contribute(players: int, seed: int, **options: Any) -> State:
    """The first position of a random game whose pending decision is a ``contribute``."""
    rng = random.Random(seed)
    state = sr.new_game(players=players, seed=seed, **options)
    while state.decision is not None and state.decision.kind != "contribute":
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    assert state.decision is not None
    return state


@pytest.mark.parametrize(
    ("players", "options", "refusal"),
    [
        (2, {}, r"pending decision \(contribute.*no legal option"),
        (1, {"scholar": "easy"}, r"the Scholar's Favour disc is in the box"),
    ],
    ids=["two", "solo"],
)
def test_swapped_players_under_a_pending_contribute_refused(
    players: int, options: dict[str, Any], refusal: str
) -> None:
    """Issue 30, trust: the players' boards swapped under a pending ``contribute`` leave its
    player without the Book it asks for: no legal action, refused by from_json (in a solo
    game, the Scholar's board in your seat is refused before, SOLO-SET-7)."""
    state = _first_contribute(players, 0, **options)
    assert sr.legal_actions(state)
    p = state.decision.player
    d = state.decision.args["discipline"]

    def swap(s: State) -> None:
        s.players = (s.players[1], s.players[0], *s.players[2:])
        # give the player whose board moved no Book of the asked discipline
        if d != "any":
            i = RULES.discipline_index[d]
            held = s.players[p].books[i]
            s.players[p].books = replaced_at(s.players[p].books, i, 0)
            s.supply_books = replaced_at(s.supply_books, i, s.supply_books[i] + held)

    bad = edit(state, swap)
    with pytest.raises(sr.StateError, match=refusal):
        sr.from_json(sr.to_json(bad))


# ---- load_rules refuses what it cannot play -----------------------------------------------------


def _refusal(tmp_path: Path, stem: str, change: Any) -> str:
    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, stem, change)
    with pytest.raises(sr.RulesDataError) as refused:
        sr.load_rules(folder)
    return str(refused.value)


def test_objective_requirement_of_an_unknown_section_refused_at_load(tmp_path: Path) -> None:
    """Issue 30: an Objective requirement counting the Skill section 'nowhere' is refused when
    the tables load (it raised KeyError during play), naming file, entry and field."""

    def change(data: dict[str, Any]) -> None:
        card = next(c for c in data["card"] if c["number"] == 17)
        card["requirement"][0]["section"] = "nowhere"

    assert (
        "objectives.toml: card 17.requirement[0].section: unknown 'nowhere': a Skill section is "
        "a discipline, for 'skills' only"
    ) == _refusal(tmp_path, "objectives", change)


def test_disciplines_in_another_order_refused_at_load(tmp_path: Path) -> None:
    """Issue 30, SOLO-DISC-2: the disciplines listed in another order would read every
    per-discipline count of the tables for another discipline (the game's own states were then
    refused by from_json); the tables are refused at load instead."""

    def change(data: dict[str, Any]) -> None:
        data["disciplines"]["order"] = ["theology", "astronomy", "mathematics", "law"]

    assert (
        "components.toml: disciplines.order: must be ['astronomy', 'theology', 'mathematics', "
        "'law'], the rulebook's anticlockwise order"
    ) == _refusal(tmp_path, "components", change)


# ---- the rulings page ---------------------------------------------------------------------------


def test_changed_rulings_keep_the_other_reading_and_quote_the_text() -> None:
    """Issue 30: SCHOLAR-4 and AMB-14 name the reading not taken; AMB-7, SCHOLAR-4, AMB-14,
    AMB-22, AMB-28 and AMB-37 quote the words they rest on; the engine's choices say so."""
    rulings = {r.id: r for r in RULES.tables.rulings.ruling}
    assert "next space of its row" in rulings["SCHOLAR-4"].alternative
    assert "granted Promote is free" in rulings["AMB-14"].alternative
    assert "'on the leftmost empty space'" in rulings["SCHOLAR-4"].reason
    for rid, words in {
        "AMB-14": "'cannot interrupt the resolution of a main action'",
        "AMB-22": "'the tiles with a Prestige icon on both sides'",
        "AMB-28": "'underneath the Introductory Class of the corresponding discipline'",
        "AMB-37": "'more Prestige than the Scholar'",
    }.items():
        assert words in rulings[rid].reason, rid
    for rid in ("AMB-5", "AMB-7", "AMB-11", "AMB-13", "AMB-19", "GAP-17", "ENGINE-1"):
        assert "Engine's choice" in rulings[rid].reason, rid


# ---- SCHOLAR-4: the leftmost empty space, and the earlier reading as an option -----------------


def _passive_solo(**options: Any) -> list[State]:
    """The states of an easy solo game (seed 0) where you end each turn at once."""
    state = sr.new_game(players=1, seed=0, scholar="easy", **options)
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    states = [state]
    while not sr.is_terminal(state):
        state = sr.apply(state, "end")
        states.append(state)
    return states


def _spaces_used(states: list[State]) -> list[int]:
    return [
        e.detail["space"]
        for s in states[10:17]
        for e in s.events
        if e.kind == "scholar" and e.detail.get("action") == "turn"
    ]


def test_scholar_4_the_text_reuses_the_leftmost_empty_space() -> None:
    """SCHOLAR-4, SOLO-PH3-2: the Student goes "on the leftmost empty space" of the phase 3
    row. The easy board's space 1 lists Graduate, so every phase 3 turn uses space 1 again."""
    states = _passive_solo()
    assert [1, 1, 1, 1, 1, 1, 1] == _spaces_used(states)
    assert "leftmost_empty" == states[0].solo.row
    assert 7 == len(states[-1].players[1].graduations)


def test_scholar_4_option_next_space_keeps_the_earlier_reading() -> None:
    """SCHOLAR-4, option ``scholar_row="next_space"``: each turn uses the space after the
    previous turn's; the Scholar graduates on turns 10 and 13 only, as its row lists."""
    states = _passive_solo(scholar_row="next_space")
    assert [1, 2, 3, 4, 5, 6, 7] == _spaces_used(states)
    assert (None, None) == states[16].solo.phase3[:2]
    assert 2 == len(states[-1].players[1].graduations)
    again = sr.from_json(sr.to_json(states[12]))
    assert again == states[12]
    assert "next_space" == again.solo.row


def test_scholar_row_refused_outside_the_solo_game_and_with_an_unknown_reading() -> None:
    """SCHOLAR-4: the option is the solo game's; an unknown reading is named."""
    with pytest.raises(ValueError, match="scholar_row= sets how the Scholar"):
        sr.new_game(players=2, seed=0, scholar_row="next_space")
    with pytest.raises(ValueError, match="scholar_row must be one of 'leftmost_empty'"):
        sr.new_game(players=1, seed=0, scholar="easy", scholar_row="rightmost")
