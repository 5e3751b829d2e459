"""Listing and judging agree (issue 12): the fast paths say exactly what the checks say.

``legal_actions`` lists some decisions directly, family by family, without wording a reason
for what it passes over, and ``apply`` judges the one action it is given by its decision's
check alone, without listing. Both are exact only if (1) every direct listing equals the
candidates the check accepts, and (2) the check refuses everything that is not listed. Random
games of 2 to 4 players are walked and, at every decision, both are asked of the listed
options, of near misses made from them (a word swapped, added or dropped, another decision's
verb), and of every well-formed turn and area action.
"""

from __future__ import annotations

import random

import sankore_rules as sr
from positions import RULES
from probes import all_area_actions, all_turn_actions, mutations
from sankore_rules.core.actions import Action
from sankore_rules.sankore import engine
from sankore_rules.sankore.rules.turn import TURN_OPTIONS
from sankore_rules.sankore.state import State

TURN_LIMIT = 40


def _probes(state: State, listed: list[Action], rng: random.Random) -> list[Action]:
    task = state.decision
    assert task is not None
    probes = {m for a in listed for m in mutations(state, a)}
    probes.update(Action(a.kind, (*a.args, "extra")) for a in listed)  # a word too many
    probes.update(Action(a.kind, a.args[:-1]) for a in listed if a.args)  # a word too few
    kinds = sorted({k for s in engine.STEPS.values() for k in s.answers})
    probes.update(Action(k, a.args) for a in listed[:3] for k in kinds)  # another decision's verb
    if task.kind == "turn":
        probes.update(rng.sample(all_turn_actions(state), 120))
    elif task.kind in RULES.discipline_index:
        probes.update(all_area_actions(task.kind))
    return sorted(probes - set(listed), key=str)


def test_direct_listings_equal_what_the_checks_accept_and_checks_refuse_the_rest() -> None:
    met: set[str] = set()
    direct: set[str] = set()
    probed = 0
    for seed in range(9):
        rng = random.Random(seed)
        state = sr.new_game(players=2 + seed % 3, seed=seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state):
            task = state.decision
            assert task is not None
            spec = engine.STEPS[task.kind]
            assert spec.check is not None
            listed = sr.legal_actions(state)
            met.add(task.kind)
            if spec.lister is not None:
                direct.add(task.kind)
                assert engine.filtered(RULES, state) == listed, task.kind
            for action in listed:
                assert [] == spec.check(RULES, state, task, action), (task.kind, str(action))
            for action in _probes(state, listed, rng):
                assert sr.explain(state, action), (task.kind, str(action))
                probed += 1
            state = sr.apply(state, rng.choice(listed))
    assert {"turn", "contribute", "promote_active", "draft_order"} <= direct
    assert len(met) >= 20
    assert probed > 10_000


def test_apply_refuses_an_unlisted_action_that_names_nothing_with_the_options() -> None:
    """The check's refusal of words naming nothing becomes ``no_such_option`` with a hint."""
    state = sr.new_game(players=2, seed=1)
    reasons = sr.explain(state, "draft nowhere")
    assert ["no_such_option"] == [r.code for r in reasons]
    assert reasons[0].words.startswith("'draft nowhere' is not one of the options here; the ")


def test_each_turn_option_lists_directly_what_its_check_accepts() -> None:
    """Family by family: a turn option's direct ``options`` equal its checked candidates.

    The turn menu lists most families directly (issue 12); a family that listed one option
    too many or too few would show here under its own name, not only in the whole menu.
    """
    direct = {kind for kind, opt in TURN_OPTIONS.items() if opt.options is not None}
    assert set(TURN_OPTIONS) == direct
    listed: dict[str, int] = dict.fromkeys(direct, 0)
    for seed in range(6):
        rng = random.Random(100 + seed)
        state = sr.new_game(players=2 + seed % 3, seed=100 + seed, turn_limit=TURN_LIMIT)
        while not sr.is_terminal(state):
            task = state.decision
            assert task is not None
            if task.kind == "turn":
                for kind in direct:
                    opt = TURN_OPTIONS[kind]
                    assert opt.options is not None
                    options = list(opt.options(RULES, state, task.player))
                    checked = [
                        a
                        for a in opt.candidates(RULES, state, task.player)
                        if not opt.check(RULES, state, task.player, a)
                    ]
                    assert options == checked, (kind, seed)
                    listed[kind] += len(options)
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    # Every family had options to compare somewhere, not only empty lists.
    assert all(listed.values()), listed


def test_a_hand_made_task_naming_nothing_lists_nothing_and_is_refused() -> None:
    """A draft edited by hand may hold a task whose words name nothing of the ruleset (an
    unknown discipline to contribute, a resource no reward gives). Its decision lists what its
    check accepts, here nothing, and ``apply`` refuses the action made of those words."""
    from sankore_rules.sankore.state import Task

    start = sr.new_game(players=2, seed=0)
    for task, word in [
        (
            Task(
                "contribute",
                0,
                {"discipline": "alchemy", "count": 1, "distinct": False, "used": []},
            ),
            "library alchemy 0",
        ),
        (Task("gain_resource", 0, {"resources": ["wood"], "amount": 1}), "resource wood"),
    ]:
        draft = start.clone()
        draft.agenda = (*draft.agenda, task)
        assert [] == engine.ENGINE.filtered(RULES, draft) == sr.legal_actions(draft), task.kind
        assert sr.explain(draft, word), task.kind
