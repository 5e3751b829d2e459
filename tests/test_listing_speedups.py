"""The listing's shortcuts answer what a fresh computation answers (issue 29).

The turn menu keeps each family's last answer for a player and gives it again while what the
family reads of the state is the same (``reads``); the Objective cards in hand are judged in
one pass (``cards_met``); the Transfer and Promote moves come from a table of the ruleset; the
Area actions weigh each row or Wall side once. Each is held here to the computation it stands
for, over every turn menu and Area decision of random games, where the kept answers are as
warm as in play.
"""

from __future__ import annotations

import random

import pytest

import sankore_rules as sr
from positions import RULES, edit
from sankore_rules.core.actions import Action
from sankore_rules.sankore import engine
from sankore_rules.sankore.rules import turn
from sankore_rules.sankore.rules.requirements import (
    cards_met,
    requirement_met,
    unmet_conditions,
)
from sankore_rules.sankore.rules.turn import TURN_OPTIONS, family_options, turn_option
from sankore_rules.sankore.state import State

TURN_LIMIT = 40
AREAS = ("astronomy", "theology", "law", "mathematics")


def _games(seeds: range) -> list[State]:
    """Every state of random games of 2 to 4 players, in the order they were played."""
    states: list[State] = []
    for seed in seeds:
        rng = random.Random(seed)
        state = sr.new_game(players=2 + seed % 3, seed=seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state):
            states.append(state)
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    return states


def _fresh_menu(state: State) -> list[Action]:
    """The turn menu worked out afresh: every open family's direct listing, then ``end``."""
    task = state.decision
    assert task is not None
    options: list[Action] = []
    for opt in TURN_OPTIONS.values():
        if opt.main is not None and (opt.main in state.main_used or len(state.main_used) >= 2):
            continue  # TURN-2, TURN-4
        if opt.ready(RULES, state, task.player):
            continue
        options += family_options(RULES, state, task.player, opt)
    return [*options, Action("end")]


def test_turn_menus_reusing_kept_answers_equal_menus_listed_afresh() -> None:
    """TURN-2, ENROL-1..3, TEACH-1: at every turn menu of random games, the menu the engine
    lists (its families' kept answers reused where what they read is unchanged) equals the
    menu worked out afresh, and a draft copy of the state, never reused, lists the same."""
    reused = 0
    menus = 0
    for state in _games(range(200, 209)):
        task = state.decision
        assert task is not None
        if task.kind != "turn":
            continue
        menus += 1
        before = {kind: dict(entry[5]) for kind, entry in _kept().items()}
        listed = turn._turn_options(RULES, state, task)
        assert listed == _fresh_menu(state), str(state.main_used)
        assert turn._turn_options(RULES, state.clone(), task) == listed
        reused += sum(
            1
            for kind, entry in _kept().items()
            if task.player in before[kind] and entry[5][task.player] is before[kind][task.player]
        )
    assert menus > 500
    # The kept answers were in use (a family that read something that changes at every turn
    # would never be reused, and this test would hold nothing to account).
    assert reused > menus // 4, (reused, menus)


def _kept() -> dict[str, turn._PlanEntry]:
    """The menu plan's entries of the families that keep answers, by kind."""
    return {entry[3].kind: entry for entry in turn._menu_plan() if entry[4] is not None}


def test_families_that_keep_answers_are_those_listed_directly_with_their_reads() -> None:
    """TURN-2: only a direct listing says what it reads; a family without one has nothing to
    keep, and declaring reads for it is refused when it registers (nothing is registered)."""
    assert set(_kept()) == {"enrol", "teach", "establish", "transfer", "promote", "complete"}
    count = len(TURN_OPTIONS)
    with pytest.raises(ValueError, match="only a direct listing says what it reads"):
        turn_option(
            "ponder",
            main=None,
            candidates=lambda rules, state, p: [],
            check=lambda rules, state, p, action: [],
            reads=lambda state, p: (),
        )
    assert len(TURN_OPTIONS) == count and "ponder" not in TURN_OPTIONS


def test_a_kept_answer_is_not_given_for_changed_reads() -> None:
    """TEACH-1: after a player's teach answer is kept, a state where a Student left the board
    (what ``teach`` reads changed) lists the classes above the Students left, not the old
    answer; and the answer kept for the state before is given again, equal to a fresh one."""
    for state in _games(range(300, 303)):
        task = state.decision
        if task is None or task.kind != "turn" or "teach" in state.main_used:
            continue
        pl = state.players[task.player]
        if len(state.main_used) >= 2 or len(pl.students) < 2:
            continue
        first = turn._turn_options(RULES, state, task)
        gone = sorted(pl.students)[0]
        draft = edit(state, lambda s: None)
        draft.players[task.player].students = type(pl.students)(
            {k: v for k, v in pl.students.items() if k != gone}
        )
        draft.seal()
        assert turn._turn_options(RULES, draft, task) == _fresh_menu(draft)
        assert turn._turn_options(RULES, state, task) == first == _fresh_menu(state)
        return
    raise AssertionError("no turn menu with two Students and teach open")


def test_cards_met_at_once_equal_each_card_counted_afresh() -> None:
    """BONUS-5, OBJ-1: at every turn menu of random games, for every player, the Objective
    cards ``cards_met`` finds met (all cards judged in one pass, the pieces of each area
    looked up once) are those without unmet conditions, counted card by card, in order."""
    cards = list(RULES.objective_cards.values())
    met = 0
    for state in _games(range(400, 406)):
        task = state.decision
        if task is None or task.kind != "turn":
            continue
        for p in range(state.player_count):
            fresh = [c for c in cards if not unmet_conditions(RULES, state, p, c)]
            assert cards_met(RULES, state, p, cards) == fresh
            assert cards_met(RULES, state, p, cards[::-1]) == fresh[::-1]
            assert [c for c in cards if requirement_met(RULES, state, p, c)] == fresh
            met += len(fresh)
    assert met > 1000


def test_a_pieces_requirement_follows_the_board() -> None:
    """OBJ-1: card #2 (two pieces in Theology) is unmet, then met once two Mosque spaces hold
    the player's pieces, and unmet again on the first state, beside a card met throughout."""
    card = RULES.objective_cards[2]
    assert [(c.kind, c.area, c.at_least) for c in card.requirement] == [("pieces", "theology", 2)]
    prestige = RULES.objective_cards[22]
    assert [(c.kind, c.at_least) for c in prestige.requirement] == [("prestige", 5)]
    state = edit(sr.new_game(players=2, seed=5), lambda s: None)
    state.players[0].prestige = (5, 0, 0, 0)
    two = sorted(RULES.theology_spaces)[:2]
    placed = edit(state, lambda s: setattr(s, "spaces", {**s.spaces, two[0]: 0, two[1]: 0}))
    assert cards_met(RULES, state, 0, [card, prestige]) == [prestige]
    assert cards_met(RULES, placed, 0, [card, prestige]) == [card, prestige]
    assert cards_met(RULES, state, 0, [card, prestige]) == [prestige]
    assert cards_met(RULES, placed, 1, [card, prestige]) == []


def test_transfer_and_promote_moves_table_is_the_board_geometry() -> None:
    """BONUS-2, BONUS-3: the ruleset's table of moves holds, for each Student space, a Transfer
    to every other space of its level and a Promote to every space an arrow of the Class space
    above it leads to, each with its action, in board order."""
    moves = RULES.student_moves
    for origin in RULES.student_spaces:
        level = RULES.student_level[origin]
        assert moves["transfer"][origin] == tuple(
            (t, Action("transfer", (origin, t)))
            for t in RULES.spaces_by_level[level]
            if t != origin
        )
        under = RULES.student_under[origin]
        arrows = RULES.arrows[under] if under is not None else ()
        assert moves["promote"][origin] == tuple(
            (t, Action("promote", (origin, t))) for t in arrows
        )
    assert sum(len(m) for m in moves["promote"].values()) > 0


def test_area_listings_weighing_rows_once_equal_the_checked_candidates() -> None:
    """ASTRO-6, ASTRO-8, THEO-3, THEO-4, LAW-3, LAW-4: every Area decision of random games
    lists exactly the candidates its check accepts, in their order (each row or Wall side is
    weighed once per listing, not once per space), and lists them again the same."""
    seen: dict[str, int] = dict.fromkeys(AREAS, 0)
    for state in _games(range(500, 512)):
        task = state.decision
        if task is None or task.kind not in AREAS:
            continue
        spec = engine.STEPS[task.kind]
        lister, check, candidates = spec.lister, spec.check, spec.candidates
        assert lister is not None and check is not None and candidates is not None
        listed = list(lister(RULES, state, task))
        checked = [a for a in candidates(RULES, state, task) if not check(RULES, state, task, a)]
        assert listed == checked == list(lister(RULES, state, task)), task.kind
        seen[task.kind] += len(listed) > 1
    assert all(seen.values()), seen


def test_the_complete_family_reads_what_each_condition_kind_counts() -> None:
    """OBJ-1: every condition kind the requirements count names the part of a state the
    complete family's kept answer reads (a kind missing there would keep a stale answer)."""
    from sankore_rules.sankore.rules import objectives, requirements

    assert set(objectives._READ_OF_KIND) == set(requirements._COUNTS)
    assert set(objectives._READ_OF_KIND.values()) == {
        "spaces",
        "graduations",
        "classes",
        "skills",
        "students",
        "favour_pos",
        "prestige",
        "books",
    }


def test_the_complete_family_reads_only_the_players_own_pieces_of_the_board() -> None:
    """OBJ-1, BONUS-5: a piece another player places leaves what the complete family reads for
    ``p`` unchanged (no count of ``p``'s conditions counts it), while a piece of ``p``'s own
    changes it; ``owned_spaces`` gives each player's spaces in the order they were taken."""
    from sankore_rules.sankore.rules import objectives
    from sankore_rules.sankore.rules.requirements import owned_spaces

    state = next(s for s in _games(range(310, 311)) if len(set(s.spaces.values())) >= 2)
    owners = sorted(set(state.spaces.values()))
    p, other = owners[0], owners[1]
    assert owned_spaces(state, p) == tuple(s for s, o in state.spaces.items() if o == p)
    assert owned_spaces(state, 99) == ()  # a seat with no piece
    free = next(s for s in RULES.area_spaces if s not in state.spaces)

    def placed(owner: int) -> State:
        draft = edit(state, lambda s: None)
        draft.spaces = type(state.spaces)({**state.spaces, free: owner})
        draft.seal()
        return draft

    # Every hand reads the pieces until it is listed (``_EVERY_READ``).
    objectives._HAND_READS.clear()
    before = objectives._complete_reads(state, p)
    assert before[1] == owned_spaces(state, p)
    assert objectives._complete_reads(placed(other), p) == before
    mine = objectives._complete_reads(placed(p), p)
    assert mine != before and mine[1] == (*owned_spaces(state, p), free)
    assert owned_spaces(placed(p), other) == owned_spaces(state, other)
