"""The Scholar's turns, phases and the end of a solo game (RULES-CHECKLIST 16b, 16e:
SOLO-FLOW-1..6, SOLO-DISC-1..3, SOLO-PH1..3, SOLO-SANK-4, SOLO-END-1..2; rulings AMB-35,
AMB-37, SCHOLAR-1, SCHOLAR-4, SCHOLAR-5).

Most positions come from a "passive" game: you end every turn at once, so what happens is the
Scholar's doing alone.
"""

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, SCHOLAR, edit, scholar_events, solo, whys
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.solo.common import anticlockwise
from sankore_rules.sankore.solo.turn import phase_of, turn_actions
from sankore_rules.sankore.state import MadrasaTile, State

IDX = RULES.discipline_index
A, T, M, L = RULES.disciplines


def passive(difficulty: str = "easy", seed: int = 0, rounds: int = 99) -> list[State]:
    """The states of a game where you end each turn at once: after each of the Scholar's."""
    state = solo(difficulty, seed)
    states = [state]
    while not sr.is_terminal(state) and len(states) <= rounds:
        state = sr.apply(state, "end")
        states.append(state)
    return states


def actions_of(state: State) -> list[str]:
    """The Scholar's actions in the last apply, in order, without the rewards it let go."""
    return [
        e.detail["action"]
        for e in scholar_events(state)
        if e.detail["action"] not in ("reward_let_go", "flip", "supported_bonus", "phase3")
    ]


# ---- the flow of turns (SOLO-FLOW-1..6) ----------------------------------------------------------


def test_solo_flow_1_you_and_the_scholar_alternate_you_first() -> None:
    """SOLO-FLOW-1: your 'end' runs the Scholar's whole turn; you decide again, one turn each."""
    state = solo()
    assert 0 == state.current_player
    after = sr.apply(state, "end")
    assert 0 == after.current_player
    assert "turn" == after.decision.kind
    assert [1, 1] == [pl.turns for pl in after.players]
    assert "turn" == scholar_events(after)[0].detail["action"]


def test_solo_flow_3_current_discipline_listed_actions_then_teach() -> None:
    """SOLO-FLOW-3: the turn sets the current discipline, takes the actions its slot lists, in
    order, and ends with Teach a Class."""
    state = passive("medium", 0, rounds=1)[1]
    (turn,) = scholar_events(state, "turn")
    card = RULES.objective_cards[state.solo.slots[0]]
    assert card.discipline == turn.detail["discipline"] == state.solo.current
    assert ["enrol_discipline", "contribute_book"] == turn.detail["actions"]
    assert ["turn", "enrol_discipline", "contribute_book", "teach"] == actions_of(state)


def test_solo_flow_2_sank_4_the_16th_turn_fills_the_madrasa_and_ends_the_game() -> None:
    """SOLO-FLOW-2, SOLO-SANK-4, SCHOLAR-5: after its 16th turn supply tiles of the current
    discipline, then the next ones, fill the Madrasa, with no Prestige token; the game ends
    with 16 turns each."""
    states = passive("easy", 0)
    last, before = states[-1], states[-2]
    assert last.game_over and "scholar" == last.end_cause
    assert [16, 16] == [pl.turns for pl in last.players]
    (event,) = scholar_events(last, "last_turn")
    tiles = event.detail["tiles"]
    current = last.solo.current
    disciplines = [RULES.sankore_tiles[t].discipline for t in tiles]
    order = anticlockwise(RULES, current)
    assert disciplines == sorted(disciplines, key=order.index)
    assert all(cell is not None for cell in last.madrasa)
    kinds = [e.kind for e in last.events]
    first = next(i for i, e in enumerate(last.events) if e.detail.get("tile") == tiles[0])
    said = next(i for i, e in enumerate(last.events) if e.detail.get("action") == "last_turn")
    assert ["sankore_placed"] * len(tiles) == kinds[first:said]  # and no Prestige token
    for e in last.events[first:said]:
        assert last.madrasa[RULES.cell_index(e.detail["cell"])].star
    assert before.players[SCHOLAR].turns == 15


def test_solo_flow_2_the_madrasa_filling_ends_the_game_as_usual() -> None:
    """SOLO-FLOW-2, SOLO-PH3-3, END-2: a full Madrasa ends a game before the 16th turn, once
    both have had as many turns."""
    last = passive("very_hard", 0)[-1]
    assert "madrasa" == last.end_cause
    assert [8, 8] == [pl.turns for pl in last.players]


def test_solo_flow_4_5_no_resources_and_storage_without_limit() -> None:
    """SOLO-FLOW-4, SOLO-FLOW-5: through a whole game the Scholar never holds Gold, Salt or
    Inspiration, keeps Books and Prestige past any limit, and has no storage check."""
    states = passive("hard", 2)
    for state in states:
        scholar = state.players[SCHOLAR]
        assert (0, 0, 0) == (scholar.gold, scholar.salt, scholar.inspiration)
    last = states[-1].players[SCHOLAR]
    assert sum(last.prestige) > 16  # more than any Prestige storage holds
    assert not any(e.kind == "returned" and e.player == SCHOLAR for s in states for e in s.events)


def test_solo_flow_5_the_scholar_wins_a_majority_token_with_a_full_storage() -> None:
    """SOLO-FLOW-5, MAJ-6: a Prestige majority token goes to the Scholar however many it holds."""
    from positions import scholar_does

    def change(s: State) -> None:
        s.players[SCHOLAR].prestige = (10, 10, 10, 10)
        s.spaces = with_item(s.spaces, "law-b1", SCHOLAR)

    state = edit(solo(), change)
    state = edit(
        state, lambda s: setattr(s, "pending_scorings", (*s.pending_scorings, (L, "prestige", "")))
    )
    after = scholar_does(state, "end_turn_scorings")
    assert (10, 11, 10, 10) == after.players[SCHOLAR].prestige


def test_solo_flow_6_three_phases_of_4_5_and_7_turns() -> None:
    """SOLO-FLOW-6: turns 1-4, 5-9 and 10-16."""
    assert (4, 5, 7) == RULES.solo_phase_turns
    assert [1] * 4 + [2] * 5 + [3] * 7 == [phase_of(RULES, t)[0] for t in range(1, 17)]
    with pytest.raises(ValueError, match="its last is 16"):
        phase_of(RULES, 17)


# ---- the current discipline (SOLO-DISC-1..3) -----------------------------------------------------


def test_solo_disc_2_the_next_discipline_anticlockwise_wraps_round() -> None:
    """SOLO-DISC-2: Astronomy, Theology, Mathematics, Law, and back to Astronomy."""
    assert (A, T, M, L) == anticlockwise(RULES, A)
    assert (L, A, T, M) == anticlockwise(RULES, L)


def test_solo_disc_1_every_choice_starts_from_the_current_discipline() -> None:
    """SOLO-DISC-1: the turn's Enrol, Contribute and Teach all use its current discipline."""
    state = passive("medium", 0, rounds=1)[1]
    events = {e.detail["action"]: e for e in scholar_events(state)}
    current = state.solo.current
    assert current == events["enrol_discipline"].detail["student"]
    assert current == events["contribute_book"].detail["discipline"]
    assert current == events["teach"].detail["area"]


# ---- the three phases (SOLO-PH1..3) --------------------------------------------------------------


def test_solo_ph1_1_4_cards_turned_into_the_slots_four_students_into_the_bag() -> None:
    """SOLO-PH1-1, SOLO-PH1-2, SOLO-PH1-3, SOLO-PH1-4: turns 1-4 turn the deck's top card
    into slots 1-4; its Prestige icon is the current discipline; each slot enrols one Student
    into the bag. The deck keeps no order: each top is drawn from what is left (issue 39)."""
    states = passive("easy", 3, rounds=4)
    deck = states[0].players[SCHOLAR].objectives
    assert tuple(sorted(deck)) == deck
    for turn, state in enumerate(states[1:5], start=1):
        before = states[turn - 1]
        (card,) = set(before.players[SCHOLAR].objectives) - set(state.players[SCHOLAR].objectives)
        assert (*before.solo.slots, card) == state.solo.slots
        assert tuple(c for c in deck if c not in state.solo.slots) == (
            state.players[SCHOLAR].objectives
        )
        assert RULES.objective_cards[card].discipline == state.solo.current
        assert 1 == sum(a == "enrol_discipline" for a in actions_of(state))
    assert 5 == len(states[4].solo.bag)
    for difficulty in RULES.solo_difficulties:
        for turn in range(1, 5):
            assert 1 == turn_actions(RULES, difficulty, turn).count("enrol_discipline")


def test_solo_ph2_1_4_students_drawn_onto_the_row_and_establish() -> None:
    """SOLO-PH2-1, SOLO-PH2-2, SOLO-PH2-3, SOLO-PH2-4: turns 5-9 draw a Student from the bag
    onto the next space of the phase 2 row; its discipline is current; Establish fills the
    Class spaces in order."""
    states = passive("easy", 3, rounds=9)
    for turn in range(5, 10):
        before, state = states[turn - 1], states[turn]
        drawn = state.solo.phase2[turn - 5]
        assert drawn in before.solo.bag
        assert drawn == state.solo.current
        assert turn - 4 == len(state.solo.phase2)
        assert "establish" == actions_of(state)[1]
        space = RULES.solo_class_spaces[turn - 5]
        assert space in state.solo.classes


def test_solo_ph3_1_every_student_of_the_board_back_into_the_bag() -> None:
    """SOLO-PH3-1: turn 10 puts the phase 2 row's Students and those enrolled by Area back
    into the bag before drawing."""
    states = passive("easy", 3, rounds=10)
    before, state = states[9], states[10]
    on_board = [s for s in before.solo.phase2 if s] + list(before.solo.tile_students.values())
    assert 8 == len(on_board)  # 5 on the row, 3 on the level 2 and 3 tiles (SCHOLAR-8)
    (event,) = scholar_events(state, "phase3")
    assert sorted(on_board) == sorted(event.detail["students"])
    assert (None,) * 5 == state.solo.phase2 and {} == state.solo.tile_students
    assert len(before.solo.bag) + 8 - 1 == len(state.solo.bag)


def test_solo_ph3_2_each_turn_draws_onto_the_leftmost_empty_space() -> None:
    """SOLO-PH3-2, SCHOLAR-4: "the leftmost empty space of the phase 3 row". On the easy board
    space 1 lists Graduate, which empties space 1 again, so every phase 3 turn uses space 1 and
    graduates the Student it drew: seven graduations, the text's reading repeating a space."""
    states = passive("easy", 0)
    for turn in range(10, 17):
        (event,) = scholar_events(states[turn], "turn")
        assert (turn, 1, ["graduate"]) == (
            event.detail["turn"],
            event.detail["space"],
            event.detail["actions"],
        )
        assert (None,) == states[turn].solo.phase3
    # The Students drawn are the seed's (issue 39: drawn from the bag's counts when drawn).
    assert [
        ("grad-law-4", "law"),
        ("grad-law-3", "law"),
        ("grad-ast-4", "astronomy"),
        ("grad-ast-3", "astronomy"),
        ("grad-law-2", "law"),
        ("grad-law-1", "law"),
        ("grad-the-4", "theology"),
    ] == [(g.tile, g.student) for g in states[16].players[SCHOLAR].graduations]


def test_scholar_1_an_empty_bag_moves_on_anticlockwise() -> None:
    """SCHOLAR-1: no Student to draw: the space stays empty and the discipline after the last
    turn's, anticlockwise, is current."""
    states = passive("easy", 3, rounds=4)
    state = edit(states[4], lambda s: setattr(s.solo, "bag", []))
    state = edit(state, lambda s: setattr(s.solo, "current", L))
    after = sr.apply(state, "end")
    assert (None,) == after.solo.phase2
    assert A == after.solo.current
    assert "the bag is empty" in whys(after, "turn")[0]


# ---- the end (SOLO-END-1, SOLO-END-2) ------------------------------------------------------------


def test_solo_end_1_normal_final_scoring_with_both_sheets() -> None:
    """SOLO-END-1, AMB-35: the remaining Prestige majorities are scored; both sheets count
    the Scholar's tokens, Sankoré tiles and Graduation tiles as anyone's."""
    last = passive("easy", 0)[-1]
    assert {f"{a}:prestige" for a in RULES.disciplines} <= set(last.scorings_done)
    scores = sr.final_scores(last)
    assert 1 == scores.scholar
    assert [0, 1] == [sheet.player for sheet in scores.players]
    sheet = scores.players[SCHOLAR]
    icons = {
        source: sum(line.icons[source] for line in sheet.disciplines)
        for source in sheet.disciplines[0].icons
    }
    scholar = last.players[SCHOLAR]
    assert sum(scholar.prestige) == icons["tokens"]
    graduation = sum(RULES.graduation_tiles[g.tile].prestige for g in scholar.graduations)
    assert graduation == icons["graduation"]
    assert 0 == icons["objectives"] == icons["board"]
    won = sum(1 for p in scores.madrasa.values() if p == SCHOLAR)
    assert won + len(scholar.kept_sankore) == icons["sankore"]


def test_solo_end_2_you_win_only_with_strictly_more() -> None:
    """SOLO-END-2, AMB-37: equal totals are the Scholar's win; one point more is yours; the
    Favour tie-break does not apply."""
    start = solo()
    assert (1,) == sr.final_scores(start).winners  # 0 to 0

    def ahead(s: State) -> None:
        s.library = [[T], [], []]
        s.players[0].prestige = (0, 1, 0, 0)

    assert (0,) == sr.final_scores(edit(start, ahead)).winners

    def level(s: State) -> None:
        ahead(s)
        s.players[SCHOLAR].prestige = (0, 1, 0, 0)
        s.players[0].favour_tiles = 0  # would win TIE-1 in a game of players

    scores = sr.final_scores(edit(start, level))
    assert [2, 2] == [sheet.total for sheet in scores.players]
    assert (1,) == scores.winners
    assert [False, True] == [sheet.winner for sheet in scores.players]


def test_solo_end_the_scholars_madrasa_tiles_score_like_anyones() -> None:
    """SOLO-END-1, MADR-1: the Scholar's Walls win Madrasa tiles for it."""

    def change(s: State) -> None:
        s.madrasa = replaced_at(s.madrasa, 0, MadrasaTile("law-supply-1", star=True))
        s.spaces = with_item(s.spaces, "wall-a1", SCHOLAR)

    scores = sr.final_scores(edit(solo(), change))
    assert SCHOLAR == scores.madrasa["r0c0"]


# ---- every clause of the solo mode has its test --------------------------------------------------

#: RULES-CHECKLIST section 16, every clause (69).
SOLO_CLAUSES = {
    "SET": 13,
    "FLOW": 6,
    "DISC": 3,
    "PH1": 4,
    "PH2": 4,
    "PH3": 3,
    "BOOK": 4,
    "ENRD": 4,
    "ENRA": 2,
    "EST": 3,
    "PRES": 1,
    "GRAD": 2,
    "SANK": 4,
    "TEACH": 9,
    "SUP": 5,
    "END": 2,
}


def test_every_solo_clause_is_cited_by_a_solo_test() -> None:
    """Every SOLO-* clause of the checklist names a test of tests/test_solo_*.py (in its name
    or its docstring)."""
    import re
    from pathlib import Path

    text = "\n".join(
        p.read_text(encoding="utf-8") for p in Path(__file__).parent.glob("test_solo_*.py")
    )
    cited = set(re.findall(r"SOLO-[A-Z]+\d?-\d+", text))
    cited |= {
        m.upper().replace("_", "-") for m in re.findall(r"def test_(solo_[a-z]+\d?_\d+)", text)
    }
    clauses = {
        f"SOLO-{family}-{n}" for family, count in SOLO_CLAUSES.items() for n in range(1, count + 1)
    }
    assert 69 == len(clauses)
    assert set() == clauses - cited
