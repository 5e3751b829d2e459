"""The turn: the menu of main and bonus actions, ending the turn, its checks, and the game's end.

Each action module registers its turn options here with
[`turn_option`][sankore_rules.sankore.rules.turn.turn_option]; the ``turn`` decision lists them all,
plus ``end``. A main action may be taken once per turn and at most two main actions per turn
(TURN-2); bonus actions are unlimited and only ever start from this menu, so they can never
interrupt a main action (TURN-3, BONUS-1).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import adjusted
from sankore_rules.sankore.abilities import storage_bonus
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import (
    ALWAYS_KINDS,
    ELSEWHERE,
    STEPS,
    log,
    push,
    step,
)
from sankore_rules.sankore.rules.common import prestige_capacity, trigger_end
from sankore_rules.sankore.rules.deadlock import can_progress
from sankore_rules.sankore.rules.majority import resolve_scoring
from sankore_rules.sankore.state import State, Task, plain_task, player_to_change

__all__ = ["TURN_MENU", "TURN_OPTIONS", "TurnOption", "family_options", "turn_option"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_RETURN: Final = OneWordActions("return")

_END = Action("end")

OptionCandidates = Callable[[Rules, State, int], Iterable[Action]]
OptionCheck = Callable[[Rules, State, int, Action], list[Reason]]
OptionResolve = Callable[[Rules, State, int, Action], None]
OptionReady = Callable[[Rules, State, int], list[Reason]]
OptionReads = Callable[[State, int], tuple[object, ...]]


def _always_ready(rules: Rules, state: State, p: int) -> list[Reason]:
    return []


class TurnOption(NamedTuple):
    """A kind of action offered on the turn menu.

    Attributes:
        kind: the action kind (``enrol``, ``write`` ...).
        main: the main action it counts as (``favour`` for both Favour versions), or None for
            a bonus action.
        candidates: every action of this kind worth judging; the check refuses the illegal ones.
        check: the reasons one action of this kind is refused (besides ``ready``'s).
        resolve: carries out a legal action of this kind.
        ready: the reasons that refuse every action of this kind at once (no Inspiration for
            any bonus action, a full Library...). They are part of every check, and let the
            menu skip listing candidates that could never pass.
        options: the legal actions of this kind, listed directly once ``ready`` passes, asking
            the same questions as the check without wording a refusal; None to list the
            candidates the check accepts. The listing tests hold the two equal.
        reads: for a direct listing, the parts of a state it reads for a player (the
            containers and numbers its answer depends on, beside the ruleset): while they are
            the same, so is the answer, and the menu reuses the player's last one. None to
            list afresh at every menu.
    """

    kind: str
    main: str | None
    candidates: OptionCandidates
    check: OptionCheck
    resolve: OptionResolve
    ready: OptionReady
    options: OptionCandidates | None
    reads: OptionReads | None


TURN_OPTIONS: dict[str, TurnOption] = {}


def turn_option(
    kind: str,
    *,
    main: str | None,
    candidates: OptionCandidates,
    check: OptionCheck,
    ready: OptionReady = _always_ready,
    options: OptionCandidates | None = None,
    reads: OptionReads | None = None,
) -> Callable[[OptionResolve], OptionResolve]:
    """Register the decorated function as the resolver of the turn-menu action ``kind``."""
    if reads is not None and options is None:
        raise ValueError(f"turn option {kind!r}: only a direct listing says what it reads")

    def register(resolve: OptionResolve) -> OptionResolve:
        TURN_OPTIONS[kind] = TurnOption(
            kind, main, candidates, check, resolve, ready, options, reads
        )
        _forget_plan()  # the menu's plan is made again with it
        return resolve

    return register


def _main_open(state: State, opt: TurnOption) -> bool:
    """Whether TURN-2 and TURN-4 still allow ``opt`` this turn (the test, without the words)."""
    return _open_with(opt.main, state.main_used)


def _open_with(main: str | None, used: Sequence[str]) -> bool:
    """Whether an option of the main action ``main`` (None: a bonus action) is open.

    With the main actions ``used`` taken this turn: a main action is open until it is used or
    two are (TURN-2, TURN-4).
    """
    return main is None or (main not in used and len(used) < 2)


def _option_reasons(rules: Rules, state: State, p: int, opt: TurnOption) -> list[Reason]:
    """Reasons every action of ``opt`` is refused now (TURN-2, TURN-4, and the option's own)."""
    reasons: list[Reason] = []
    if not _main_open(state, opt):
        if opt.main in state.main_used and opt.main == "favour":
            reasons.append(
                Reason(
                    "action_already_taken",
                    "Take a Favour and Return a Favour are the same main action, Exchange a "
                    "Favour, and you already took it this turn (TURN-4)",
                )
            )
        elif opt.main in state.main_used:
            reasons.append(
                Reason(
                    "action_already_taken",
                    f"you already took the {opt.main} main action this turn: two main actions "
                    "must be of different kinds (TURN-2)",
                )
            )
        else:
            reasons.append(
                Reason("no_main_actions_left", "you already took two main actions (TURN-2)")
            )
    return reasons + opt.ready(rules, state, p)


def _turn_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    options: list[Action] = []
    for opt in TURN_OPTIONS.values():
        if not _option_reasons(rules, state, task.player, opt):
            options.extend(opt.candidates(rules, state, task.player))
    options.append(Action("end"))
    return options


def family_options(rules: Rules, state: State, p: int, opt: TurnOption) -> Iterable[Action]:
    """The legal actions of one turn option, its option-wide reasons aside (``ready``, TURN-2).

    Listed directly by the option's ``options`` when it has one, else the candidates its check
    accepts; the listing tests hold both ways equal.
    """
    if opt.options is not None:
        return opt.options(rules, state, p)
    check = opt.check
    return [a for a in opt.candidates(rules, state, p) if not check(rules, state, p, a)]


def _turn_options(rules: Rules, state: State, task: Task) -> list[Action]:
    # The legal options, family by family: the same option-wide reasons and the same checks as
    # _turn_check, without dispatching each candidate through it. Listed at every turn menu,
    # so the calls are spelled out: a default ``ready`` is not called, and a family with a
    # direct listing is asked for it here.
    p = task.player
    used = state.main_used
    # A sealed state's parts never change, so what a family read of one may be compared with
    # what it reads of the next (a draft's may be changed in place: listed afresh).
    sealed = type(state) is State
    options: list[Action] = []
    # Several families share one ``ready`` (the bonus actions' Inspiration): a function of the
    # same state and player, asked once for all of them.
    asked: OptionReady | None = None
    refused = False
    plan = _open_plans.get(used) if type(used) is tuple else None  # _open_plan's, asked first
    for ready, listing, opt, reads, last in plan or _open_plan(used):
        if ready is not None:
            if ready is not asked:
                asked, refused = ready, bool(ready(rules, state, p))
            if refused:
                continue
        if listing is None:
            options += family_options(rules, state, p, opt)
        elif reads is None or not sealed:
            options += listing(rules, state, p)
        else:
            # The family's last answer for ``p`` when what it reads is the same: the same
            # parts compare equal at once (identical objects: states share the containers an
            # action left alone); parts made anew with the same contents still give the same
            # answer. The answer kept is never changed: it is copied into ``options``.
            parts = reads(state, p)
            kept = last.get(p)
            if kept is not None and kept[0] is rules and kept[1] == parts:
                options += kept[2]
            else:
                found = list(listing(rules, state, p))
                last[p] = (rules, parts, found)  # one entry per player, replaced whole
                options += found
    options.append(_END)
    return options


#: A turn option as the menu reads it: its main action, ``ready`` and direct listing, itself,
#: what its listing reads, and its last answer for each player (see ``_turn_options``).
_PlanEntry = tuple[
    str | None,
    OptionReady | None,
    OptionCandidates | None,
    TurnOption,
    OptionReads | None,
    dict[int, tuple[Rules, tuple[object, ...], list[Action]]],
]


def _menu_plan() -> tuple[_PlanEntry, ...]:
    """What the menu reads of each turn option, and the answers it keeps for it.

    Its main action, ``ready`` (None for the default), direct listing, the option itself, what
    its listing reads, and its last answer for each player. Made once the options are
    registered, and again if more are (with no answer kept): the menu reads these at every
    listing, where a tuple of them costs less than the named tuples' fields.
    """
    global _plan
    plan = _plan
    if len(plan) != len(TURN_OPTIONS):
        plan = _plan = tuple(
            (
                opt.main,
                None if opt.ready is _always_ready else opt.ready,
                opt.options,
                opt,
                opt.reads,
                {},
            )
            for opt in TURN_OPTIONS.values()
        )
    return plan


_plan: tuple[_PlanEntry, ...] = ()


#: A menu plan's entry without its main action: ``ready``, the direct listing, the option,
#: what its listing reads, and its last answers.
_OpenEntry = tuple[
    OptionReady | None,
    OptionCandidates | None,
    TurnOption,
    OptionReads | None,
    dict[int, tuple[Rules, tuple[object, ...], list[Action]]],
]


def _open_plan(used: Sequence[str]) -> tuple[_OpenEntry, ...]:
    """The menu plan's entries open with the main actions ``used`` this turn, without the main.

    ``_main_open`` for every option at once (TURN-2, TURN-4): a bonus action is always open, a
    main action until it is used or two are. Worked out once per ``used`` and plan.
    """
    plan = _menu_plan()
    if type(used) is not tuple:
        used = tuple(used)  # a draft's, edited by hand: a list, say
    found = _open_plans.get(used)
    if found is None:
        found = _open_plans[used] = tuple(
            (ready, listing, opt, reads, last)
            for main, ready, listing, opt, reads, last in plan
            if _open_with(main, used)
        )
    return found


#: ``_open_plan``'s answers by ``main_used``, for the plan of today's options: registering one
#: forgets them (``_forget_plan``), so the menu may read them directly.
_open_plans: dict[tuple[str, ...], tuple[_OpenEntry, ...]] = {}


def _forget_plan() -> None:
    global _plan
    _plan = ()
    _open_plans.clear()


def _turn_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "end":
        return [] if not action.args else [Reason("bad_arguments", "'end' takes no words")]
    opt = TURN_OPTIONS.get(action.kind)
    if opt is None:
        return [Reason("wrong_decision", f"'{action.kind}' is not an action of the turn")]
    # Worked out afresh for each action: apply checks one, and only the tests check them all.
    p = task.player
    common = opt.ready(rules, state, p) if _main_open(state, opt) else None
    if common is None:
        common = _option_reasons(rules, state, p, opt)
    reasons = opt.check(rules, state, p, action)
    return common + reasons if common else reasons


#: The turn menu's action kinds: every turn option's (the action modules register them after
#: this module is imported, so they are written out here; a test holds them to the options) and
#: ``end``.
TURN_MENU = (
    "enrol",
    "establish",
    "teach",
    "graduate",
    "favour",
    "transfer",
    "promote",
    "write",
    "complete",
    "objective",
    "end",
)


@step(
    "turn",
    candidates=_turn_candidates,
    check=_turn_check,
    always_ask=True,
    lister=_turn_options,
    prompt="Take a main or bonus action, or end your turn",
    answers=TURN_MENU,
)
def _turn(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    if action.kind == "end":
        log(state, "end_turn", task.player)
        push(
            state,
            plain_task("end_turn_scorings", task.player),
            plain_task("end_turn_storage", task.player),
            plain_task("next_turn", task.player),
        )
        return
    opt = TURN_OPTIONS[action.kind]
    if opt.main is not None:
        state.main_used = (*state.main_used, opt.main)
    # The turn menu comes back once the action is fully resolved.
    push(state, plain_task("turn", task.player))
    log(state, "action", task.player, action=" ".join((action.kind, *action.args)))  # str()
    opt.resolve(rules, state, task.player, action)


def _not_now(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    """Why a turn-menu action cannot answer another decision: one is under way (TURN-3)."""
    if any(t.kind == "draft_finish" for t in state.agenda):
        return []  # the starting draft, not an action: the generic answer says what is asked
    under_way = STEPS[task.kind].prompt.lower()
    opt = TURN_OPTIONS.get(action.kind)
    if opt is not None and opt.main is None:  # BONUS-2..6, Objective cards included
        return [
            Reason(
                "bonus_during_action",
                "bonus actions come before, between or after main actions, never in the middle "
                f"of one; first: {under_way} (TURN-3, BONUS-1)",
            )
        ]
    what = "ending the turn" if action.kind == "end" else f"'{action.kind}'"
    return [
        Reason(
            "action_in_progress",
            f"{what} waits for the turn menu: an action under way is finished first; "
            f"first: {under_way} (TURN-2, TURN-3)",
        )
    ]


ALWAYS_KINDS["turn"] = TURN_MENU
for _kind in ALWAYS_KINDS["turn"]:
    ELSEWHERE[_kind] = _not_now


# ---- end of turn (TURN-6) ------------------------------------------------------------------------


@step("end_turn_scorings")
def _end_turn_scorings(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # Majority scorings in the order they were triggered (MAJ-1, MAJ-11, AMB-19).
    pending, state.pending_scorings = state.pending_scorings, ()
    for area, kind, token in pending:
        resolve_scoring(rules, state, area, kind, token)


@step("end_turn_storage")
def _end_turn_storage(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # STOR-1, STOR-2: extra resources go back; Books never exceed their limit (AMB-7).
    pl = state.players[task.player]
    limits = rules.limits
    for resource in ("inspiration", "gold", "salt"):
        limit = getattr(limits, resource) + storage_bonus(rules, state, task.player, resource)
        if getattr(pl, resource) > limit:
            log(
                state,
                "returned",
                task.player,
                resource=resource,
                count=getattr(pl, resource) - limit,
            )
            setattr(player_to_change(state, task.player), resource, limit)
    if sum(pl.prestige) > prestige_capacity(rules, pl):
        push(state, Task("discard_prestige", task.player))  # STOR-3: the player chooses


def _discard_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [_RETURN[d] for d in rules.disciplines]


def _kept(rules: Rules, state: State, task: Task) -> int:
    # AMB-7: the capacity at the gain; at the end of the turn, the capacity then (STOR-3).
    keep = task.args.get("keep")
    return prestige_capacity(rules, state.players[task.player]) if keep is None else int(keep)


def _discard_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.discipline_index:
        return [Reason("bad_arguments", "write 'return <discipline>'")]
    if state.players[task.player].prestige[rules.discipline_index[action.args[0]]] == 0:
        return [Reason("no_token", f"you hold no {action.args[0]} Prestige token (STOR-3)")]
    return []


@step(
    "discard_prestige",
    candidates=_discard_candidates,
    check=_discard_check,
    prompt="Your Prestige storage is over capacity: return a token",
    answers=("return",),
)
def _discard_prestige(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # RES-8, AMB-7 at a gain (the capacity then, in ``keep``); STOR-3 at the turn's end.
    assert action is not None
    pl = player_to_change(state, task.player)
    i = rules.discipline_index[action.args[0]]
    pl.prestige = adjusted(pl.prestige, i, -1)
    state.supply_prestige = adjusted(state.supply_prestige, i, 1)
    log(state, "returned", task.player, prestige=action.args[0], count=1)
    if sum(pl.prestige) > _kept(rules, state, task):
        push(state, task)


@step("next_turn")
def _next_turn(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    player_to_change(state, task.player).turns += 1
    if state.turn_limit is not None and state.players[task.player].turns >= state.turn_limit:
        trigger_end(state, "turn_limit", None)  # the variant chosen at setup
    elif not state.end_triggered and state.solo is None and not can_progress(rules, state):
        # ENGINE-1; a solo game is bounded by the Scholar's last turn instead (SCHOLAR-5).
        trigger_end(state, "deadlock", None)
    state.main_used = ()
    state.abilities_used = ()
    # END-2: once triggered, play on until every player has had the same number of turns.
    if state.end_triggered and len({pl.turns for pl in state.players}) == 1:
        finish_game(rules, state)
        return
    following = (task.player + 1) % state.player_count
    # The Scholar's turn is carried out by the rules, step by step (SOLO-FLOW-1, SOLO-FLOW-3).
    push(state, plain_task("scholar_turn" if state.is_scholar(following) else "turn", following))


def finish_game(rules: Rules, state: State) -> None:
    """Resolve the Prestige majorities not yet scored (END-4, AMB-20) and end the game."""
    for area in rules.disciplines:
        if f"{area}:prestige" not in state.scorings_done:
            resolve_scoring(rules, state, area, "prestige", "")
    state.agenda = ()
    state.game_over = True
    log(state, "game_over", None)
