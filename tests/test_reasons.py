"""A specific reason for every refusal (issue 11, DESIGN "One source of truth").

Random games are walked and, at every decision, options that are *not* listed are made by
swapping one word of a listed option for another id of the same sort that the ruleset knows
(another space, tile, section, discipline, reward number ...). Such an option names only things
that exist, so when it is refused a rule is the reason: ``explain`` must name that rule, never
fall back to the generic ``no_such_option`` or ``wrong_decision``.

The scenario tests below pin the reasons the issue names, each with the clause it cites.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable

import sankore_rules as sr
from positions import RULES, act, codes, edit, refused, started, with_decision
from probes import mutations
from sankore_rules.core.shared import replaced_at
from sankore_rules.sankore import engine
from sankore_rules.sankore.state import Graduated, State, Task

#: The answers that name no rule: acceptable only for words naming what does not exist.
GENERIC = {"no_such_option", "wrong_decision"}
#: A clause of the rules checklist, as the words cite it: "(SKILL-3)", "(KNOW-1)", "(IC-FAV-1)".
CLAUSE = re.compile(r"\b[A-Z]+(?:-[A-Z]+)?-\d+\b")


def _player(state: State) -> int:
    assert state.current_player is not None
    return state.current_player


def _walk(seed: int, visit: Callable[[State, random.Random], None]) -> None:
    rng = random.Random(seed)
    state = sr.new_game(players=2 + seed % 3, seed=seed, turn_limit=40)
    while not sr.is_terminal(state):
        visit(state, rng)
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))


def test_every_decision_kind_has_a_check_of_its_own() -> None:
    """DESIGN one source of truth: every decision registers the check that explains refusals."""
    unchecked = [k for k, s in engine.STEPS.items() if s.candidates is not None and not s.check]
    assert [] == unchecked


#: Decision kinds the walk below must meet, so that it cannot pass by seeing nothing.
MET_AT_LEAST = {
    "turn",
    "draft",
    "draft_space",
    "draft_order",
    "contribute",
    "activate_student",
    "promote_active",
    "astronomy",
    "theology",
    "mathematics",
    "law",
    "flip",
    "favour_reward",
    "skill_tile",
    "choose_book",
}


def test_options_not_listed_are_refused_by_a_rule() -> None:
    """Issue 11: an option mutated from a listed one names only ids the ruleset has; when it is
    not listed, ``explain`` refuses it with a rule's code, never a generic one, and the words
    cite the rule's clause (only a notation slip, ``bad_arguments``, cites none). Each listed
    option passes its decision's check, so the listing is what the check accepts."""
    met: set[str] = set()
    fallbacks: list[str] = []
    uncited: list[str] = []

    def visit(state: State, rng: random.Random) -> None:
        task = state.decision
        assert task is not None
        met.add(task.kind)
        listed = sr.legal_actions(state)
        check = engine.STEPS[task.kind].check
        assert check is not None
        for a in listed:
            assert [] == check(RULES, state, task, a), (task.kind, str(a))
        known = set(listed)
        mutated = {m for a in listed for m in mutations(state, a)} - known
        for m in rng.sample(sorted(mutated, key=str), min(25, len(mutated))):
            reasons = sr.explain(state, m)
            assert reasons, (task.kind, str(m))
            if {r.code for r in reasons} <= GENERIC:
                fallbacks.append(f"{task.kind}: {m} -> {reasons}")
            uncited.extend(
                f"{task.kind}: {m} -> {r}"
                for r in reasons
                if r.code != "bad_arguments" and not CLAUSE.search(r.words)
            )

    for seed in range(6):
        _walk(seed, visit)
    assert [] == fallbacks
    assert [] == uncited
    assert MET_AT_LEAST <= met


# ---- the cases the issue names ---------------------------------------------------------------


def _skill_decision(state: State, section: str, held: int) -> State:
    """``state`` with its player's ``section`` holding ``held`` tiles, asked to place one."""
    p = _player(state)
    i = RULES.discipline_index[section]

    def change(s: State) -> None:
        s.players[p].skills = replaced_at(s.players[p].skills, i, ("gold",) * held)

    icon = next(iter(RULES.skill_icons))
    return with_decision(
        edit(state, change), Task("skill_tile", p, {"icon": icon, "section": section})
    )


def test_skill_tile_into_a_full_section_refused_skill_3() -> None:
    """SKILL-3, SKILL-4: a full section takes a tile only in place of one of its own."""
    state = _skill_decision(started(), "law", RULES.skill_section_size)
    refused(state, "skill law", ["section_full"])
    (reason,) = sr.explain(state, "skill law")
    assert "(SKILL-3, SKILL-4)" in reason.words
    assert [] == codes(state, "skill law 0")


def test_skill_tile_into_another_section_refused_law_5() -> None:
    """LAW-5, SKILL-2: a tile whose section is fixed goes nowhere else."""
    state = _skill_decision(started(), "law", 1)
    refused(state, "skill theology", ["wrong_section"])
    assert "LAW-5" in sr.explain(state, "skill theology")[0].words


def test_skill_tile_replacing_a_tile_that_is_not_there_refused_skill_4() -> None:
    """SKILL-4: only a tile the section holds can be replaced."""
    state = _skill_decision(started(), "law", 1)
    refused(state, "skill law 1", ["no_skill_there"])
    assert "(SKILL-4)" in sr.explain(state, "skill law 1")[0].words


def test_skill_tile_let_go_while_a_section_has_room_refused_skill_3() -> None:
    """SKILL-3, SKILL-4: the tile may be let go only when its section is full."""
    state = _skill_decision(started(), "law", 1)
    refused(state, "skill discard", ["section_has_room"])


def test_establish_on_a_row_the_level_may_not_use_refused_est_6() -> None:
    """EST-6: a level-2 Class goes on the top two rows only."""
    state = started()
    p = _player(state)
    tile = next(t.id for t in RULES.class_tiles.values() if t.level == 2)
    state = with_decision(state, Task("establish_space", p, {"tile": tile}))
    low = next(c for c in RULES.second_row_spaces if c not in RULES.class_spaces_for_level[2])
    refused(state, f"class {low}", ["row_not_allowed"])
    assert "(EST-6, AMB-28)" in sr.explain(state, f"class {low}")[0].words


def test_drafted_tile_off_the_second_row_refused_draft_4() -> None:
    """DRAFT-4: the drafted Advanced Class goes on the second Class row."""
    state = sr.new_game(players=2, seed=0)
    state = sr.apply(state, sr.legal_actions(state)[0])
    assert state.decision is not None and "draft_space" == state.decision.kind
    top = RULES.class_spaces_for_level[3][0]
    refused(state, f"class {top}", ["not_second_row"])
    assert "(DRAFT-4)" in sr.explain(state, f"class {top}")[0].words


def test_draft_of_a_tile_not_on_offer_refused_draft_3() -> None:
    """DRAFT-1, DRAFT-3: only the dealt combinations can be drafted."""
    state = sr.new_game(players=2, seed=0)
    tile = state.market[0].pile1[0]
    refused(state, f"draft {tile}", ["not_in_draft"])
    assert "DRAFT-3" in sr.explain(state, f"draft {tile}")[0].words


def test_favour_reward_right_of_the_disc_refused_fav_2() -> None:
    """FAV-2: a reward at or left of the disc; the next space to its right is refused."""
    state = started()
    p = _player(state)
    state = with_decision(
        edit(state, lambda s: setattr(s.players[p], "favour_pos", 2)), Task("favour_reward", p)
    )
    assert ["reward 1", "reward 2", "reward 3"] == sorted(str(a) for a in sr.legal_actions(state))
    refused(state, "reward 4", ["beyond_favour_disc"])
    (reason,) = sr.explain(state, "reward 4")
    assert "(FAV-2)" in reason.words


def test_bonus_action_in_the_middle_of_a_main_action_refused_turn_3() -> None:
    """TURN-3, BONUS-1: bonus actions come between main actions, never during one."""
    state = started()
    p = _player(state)
    state = edit(state, lambda s: setattr(s.players[p], "favour_pos", 2))
    state = with_decision(state, Task("favour_reward", p))
    for text in ("write law", "transfer s1a s1b"):
        refused(state, text, ["bonus_during_action"])
        words = sr.explain(state, text)[0].words
        assert words.endswith(
            "first: choose a favour reward at or left of your disc (TURN-3, BONUS-1)"
        )
    refused(state, "enrol law", ["action_in_progress"])
    refused(state, "end", ["action_in_progress"])


def test_take_a_favour_after_return_refused_turn_4() -> None:
    """TURN-4: Take and Return are the same Exchange a Favour action, once a turn."""
    state = act(started(), "favour return")
    assert state.decision is not None and "turn" == state.decision.kind
    refused(state, "favour take", ["action_already_taken"])
    words = sr.explain(state, "favour take")[0].words
    assert "same main action, Exchange a Favour" in words
    assert words.endswith("(TURN-4)")


def _first_met(found: Callable[[State], bool]) -> State:
    """The first state of the seeded random games of :func:`_walk` where ``found`` holds."""
    for seed in range(20):
        rng = random.Random(seed)
        state = sr.new_game(players=2 + seed % 3, seed=seed, turn_limit=40)
        while not sr.is_terminal(state):
            if found(state):
                return state
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    raise AssertionError("no such position in the seeded games")


def _camel_home_with_a_move(state: State) -> bool:
    task = state.decision
    return (
        task is not None
        and "astronomy" == task.kind
        and RULES.astro_start == state.players[task.player].camel
        and any(a.kind == "camel" for a in sr.legal_actions(state))
    )


def test_camel_from_itself_on_timbuktu_is_the_timbuktu_option_astro_3() -> None:
    """ASTRO-3: with the camel on Timbuktu, starting from it is starting from Timbuktu; the move
    is listed once, as 'timbuktu', and the other spelling says so."""
    state = _first_met(_camel_home_with_a_move)
    listed = [a for a in sr.legal_actions(state) if a.kind == "camel"]
    assert [] == [a for a in listed if a.args[1] != "timbuktu"]
    dest = listed[0].args[0]
    refused(state, f"camel {dest} camel", ["same_as_option"])
    assert "(ASTRO-3)" in sr.explain(state, f"camel {dest} camel")[0].words


def test_madrasa_student_of_another_discipline_refused_theo_8() -> None:
    """THEO-8: only a Student of the discipline the space shows goes to the Madrasa, from the
    board or from a Graduation tile the player holds."""
    state = started()
    p = _player(state)
    other = next(d for d in RULES.disciplines if d != "law")
    space = RULES.spaces_under[RULES.intro_spaces[0]][0]
    tile = next(iter(RULES.graduation_tiles))

    def change(s: State) -> None:
        s.players[p].students = {space: other}
        s.players[p].graduations = (Graduated(tile, "law"),)

    state = with_decision(edit(state, change), Task("madrasa_student", p, {"discipline": "law"}))
    assert ["madrasa graduation 0", "skip"] == sorted(str(a) for a in sr.legal_actions(state))
    refused(state, f"madrasa board {space}", ["wrong_discipline"])
    assert "(THEO-8)" in sr.explain(state, f"madrasa board {space}")[0].words
    refused(state, "madrasa graduation 1", ["graduation_not_held"])
