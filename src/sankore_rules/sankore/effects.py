"""The effect vocabulary's interpreter: every reward and bonus of the tables becomes tasks here.

[`effect_tasks`][sankore_rules.sankore.effects.effect_tasks] turns table
[`Effect`][sankore_rules.sankore.tables.Effect] records into agenda tasks; the simple effects
(gains, Favour moves, Skill tiles, scorings) are resolved in this module, and the ones that reuse a
whole procedure (a free Graduate, a Transfer, an Enrol from anywhere, a free Wall) are resolved by
that procedure's module under the same task kind. Adding a tile is a data edit; adding a kind of
effect is a change here.
"""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import replaced_at, with_item
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, names_nothing, push, step
from sankore_rules.sankore.holdings import gain_books, gain_prestige
from sankore_rules.sankore.state import State, Task, plain_task, player_to_change
from sankore_rules.sankore.tables import Effect, EffectKind

__all__ = ["effect_tasks", "skill_section_tasks"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_BOOK: Final = OneWordActions("book")
_PRESTIGE: Final = OneWordActions("prestige")
_SECTION: Final = OneWordActions("section")
_SKILL: Final = OneWordActions("skill")

_SIMPLE_KINDS = {
    EffectKind.ADVANCE_FAVOUR: "advance_favour",
    EffectKind.RETURN_FAVOUR: "return_favour",
    EffectKind.EXCHANGE_FAVOUR: "exchange",
    EffectKind.TRANSFER_STUDENT: "transfer_student",
    EffectKind.PROMOTE_STUDENT: "promote_student",
    EffectKind.GRADUATE_FREE: "graduate_free",
    EffectKind.ESTABLISH_FREE: "establish_free",
    EffectKind.ENROL_ANY: "enrol_any",
    EffectKind.FREE_WALL: "free_wall",
}


def effect_tasks(
    rules: Rules,
    p: int,
    effects: tuple[Effect, ...],
    *,
    section: str | None = None,
    klass: str | None = None,
    area: str | None = None,
) -> list[Task]:
    """The tasks that carry out ``effects`` for player ``p``, in order.

    Args:
        rules: the ruleset.
        p: the player gaining the effects.
        effects: the table's effect records.
        section: the Skill section a Skill tile sits in (for "section" Books).
        klass: the discipline of the class being taught (for "class" Prestige).
        area: the discipline a Sankoré tile's majority scoring scores (AMB-19).
    """
    tasks: list[Task] = []
    for e in effects:
        d = {"section": section, "class": klass}.get(e.discipline or "", e.discipline)
        match e.kind:
            case EffectKind.GAIN_RESOURCE:
                tasks.append(
                    Task("gain_resource", p, {"resources": list(e.resources), "amount": e.amount})
                )
            case EffectKind.GAIN_BOOK | EffectKind.GAIN_PRESTIGE:
                noun = "book" if e.kind is EffectKind.GAIN_BOOK else "prestige"
                if d == "any":
                    tasks.extend(plain_task(f"choose_{noun}", p) for _ in range(e.amount))
                else:
                    tasks.append(Task(f"gain_{noun}", p, {"discipline": d, "amount": e.amount}))
            case EffectKind.ACTIVATE_SKILLS:
                kind = "choose_section" if d == "any" else "activate_skills"
                tasks.append(Task(kind, p, {} if d == "any" else {"discipline": d}))
            case EffectKind.SKILL_TILE:
                tasks.append(Task("skill_tile", p, {"icon": e.icon, "section": d}))
            case EffectKind.PLACE_SANKORE:
                tasks.append(Task("supply_sankore", p, {"discipline": d}))
            case EffectKind.MAJORITY_SCORING:
                tasks.append(Task("majority_scoring", p, {"area": area, "scoring": e.scoring}))
            case _:
                tasks.extend(
                    Task(_SIMPLE_KINDS[e.kind], p, {"amount": e.amount})
                    for _ in range(1 if e.kind is EffectKind.ADVANCE_FAVOUR else e.amount)
                )
    return tasks


def skill_section_tasks(rules: Rules, state: State, p: int, discipline: str) -> list[Task]:
    """Activate every Skill tile in one of ``p``'s sections, each once (SKILL-6)."""
    tasks: list[Task] = []
    for icon in state.players[p].skills[rules.discipline_index[discipline]]:
        tasks.extend(effect_tasks(rules, p, rules.skill_icons[icon].effect, section=discipline))
    return tasks


# ---- gains ---------------------------------------------------------------------------------------


def _resource_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [Action("resource", (r,)) for r in task.args["resources"]]


#: The resources a reward may give (RES-1).
_RESOURCES = ("gold", "salt", "inspiration")


def _resource_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in _RESOURCES:
        return names_nothing()
    offered = task.args["resources"]
    if action.args[0] not in offered:
        return [
            Reason(
                "resource_not_offered",
                f"this reward gives {' or '.join(offered)}, not {action.args[0]}: its icons "
                "name the choice (IC-FAV-1)",
            )
        ]
    return []


@step(
    "gain_resource",
    candidates=_resource_candidates,
    check=_resource_check,
    prompt="Choose the resource to gain",
    answers=("resource",),
)
def _gain_resource(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    resource, amount = action.args[0], task.args["amount"]
    pl = player_to_change(state, task.player)
    setattr(pl, resource, getattr(pl, resource) + amount)  # no limit until the turn ends (STOR-1)
    log(state, "gain", task.player, resource=resource, count=amount)


@step("gain_book")
def _gain_book(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    gain_books(rules, state, task.player, task.args["discipline"], task.args["amount"])


@step("gain_prestige")
def _gain_prestige(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    gain_prestige(rules, state, task.player, task.args["discipline"], task.args["amount"])


def _choose_book_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [_BOOK[d] for d in rules.disciplines]


def _choose_book_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.discipline_index:
        return [Reason("bad_arguments", "write 'book <discipline>'")]
    i = rules.discipline_index[action.args[0]]
    reasons = []
    if state.supply_books[i] == 0:
        reasons.append(
            Reason("supply_empty", f"no {action.args[0]} Book is left in the supply (RES-3)")
        )
    if state.players[task.player].books[i] >= rules.limits.books_per_discipline:
        reasons.append(Reason("bookshelf_full", f"your {action.args[0]} shelf is full (RES-4)"))
    return reasons


@step(
    "choose_book",
    candidates=_choose_book_candidates,
    check=_choose_book_check,
    prompt="Choose the discipline of the Book to gain",
    answers=("book",),
)
def _choose_book(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    gain_books(rules, state, task.player, action.args[0])


def _choose_prestige_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [_PRESTIGE[d] for d in rules.disciplines]


def _choose_prestige_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if len(action.args) != 1 or action.args[0] not in rules.discipline_index:
        return [Reason("bad_arguments", "write 'prestige <discipline>'")]
    if state.supply_prestige[rules.discipline_index[action.args[0]]] == 0:
        return [Reason("supply_empty", f"no {action.args[0]} Prestige token is left (RES-6)")]
    return []


@step(
    "choose_prestige",
    candidates=_choose_prestige_candidates,
    check=_choose_prestige_check,
    prompt="Choose the discipline of the Prestige token to gain",
    answers=("prestige",),
)
def _choose_prestige(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    gain_prestige(rules, state, task.player, action.args[0])


# ---- the Favour track (FAV-5, FAV-6) -------------------------------------------------------------


@step("advance_favour")
def _advance_favour(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    pl = player_to_change(state, task.player)
    last = len(rules.favour_rewards) - 1
    before = pl.favour_pos
    pl.favour_pos = min(last, pl.favour_pos + task.args["amount"])  # no gain past the end
    log(state, "favour_advance", task.player, start=before, end=pl.favour_pos)


@step("return_favour")
def _return_favour(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    pl = player_to_change(state, task.player)
    if pl.favour_tiles > 0:  # nothing to return is nothing done (AMB-8)
        pl.favour_tiles -= 1
        state.favour_supply += 1
        log(state, "favour_returned", task.player)


# ---- Skill tiles (SKILL-1..SKILL-9) --------------------------------------------------------------


def _choose_section_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    return [_SECTION[d] for d in rules.disciplines]


def _choose_section_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    # Any section may be chosen, empty ones too (SKILL-7): only the words can be wrong.
    if len(action.args) != 1 or action.args[0] not in rules.discipline_index:
        return names_nothing()
    return []


@step(
    "choose_section",
    candidates=_choose_section_candidates,
    check=_choose_section_check,
    prompt="Choose the Skill section to activate",
    answers=("section",),
)
def _choose_section(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    push(state, *skill_section_tasks(rules, state, task.player, action.args[0]))


@step("activate_skills")
def _activate_skills(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    log(state, "activate_skills", task.player, discipline=task.args["discipline"])
    push(state, *skill_section_tasks(rules, state, task.player, task.args["discipline"]))


def _skill_candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    if state.skill_stacks.get(task.args["icon"], 0) == 0:
        return []  # the stack ran out: nothing to take (GAP-17)
    section = task.args["section"]
    sections = rules.disciplines if section == "any" else (section,)
    skills = state.players[task.player].skills
    options: list[Action] = []
    for d in sections:
        held = skills[rules.discipline_index[d]]
        if len(held) < rules.skill_section_size:
            options.append(_SKILL[d])
        # SKILL-4: a tile already there may always be replaced (a full section must be).
        options.extend(Action("skill", (d, str(k))) for k in range(len(held)))
    size = rules.skill_section_size
    if all(len(skills[rules.discipline_index[d]]) >= size for d in sections):
        options.append(Action("skill", ("discard",)))  # or let the new tile go
    return options


def _skill_check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    icon, section = task.args["icon"], task.args["section"]
    args = action.args
    if len(args) == 2 and args[0] == "discard":
        return [Reason("bad_arguments", "a tile let go replaces nothing: write 'skill discard'")]
    size = rules.skill_section_size
    if not 1 <= len(args) <= 2 or (args[0] not in rules.discipline_index and args != ("discard",)):
        return names_nothing()
    if len(args) == 2 and not (args[1].isdigit() and int(args[1]) < size):
        return names_nothing()
    if state.skill_stacks.get(icon, 0) == 0:
        return [Reason("skill_stack_empty", f"no {icon} Skill tile is left to take (GAP-17)")]
    skills = state.players[task.player].skills
    sections = rules.disciplines if section == "any" else (section,)
    if args[0] == "discard":
        room = [d for d in sections if len(skills[rules.discipline_index[d]]) < size]
        if room:
            return [
                Reason(
                    "section_has_room",
                    f"your {room[0]} section has room for the tile: it may be let go only when "
                    "every section it may go to is full (SKILL-3, SKILL-4)",
                )
            ]
        return []
    d = args[0]
    if d not in sections:
        return [
            Reason(
                "wrong_section",
                f"this Skill tile must go in your {section} section, the one its source shows "
                "(SKILL-2, LAW-5, THEO-7)",
            )
        ]
    held = skills[rules.discipline_index[d]]
    if len(args) == 1 and len(held) >= size:
        return [
            Reason(
                "section_full",
                f"your {d} section already holds {size} Skill tiles: replace one of them "
                "(SKILL-3, SKILL-4)",
            )
        ]
    if len(args) == 2 and int(args[1]) >= len(held):
        return [
            Reason(
                "no_skill_there",
                f"your {d} section has no tile {args[1]} to replace: it holds {len(held)} "
                "(SKILL-4)",
            )
        ]
    return []


@step(
    "skill_tile",
    candidates=_skill_candidates,
    check=_skill_check,
    prompt="Choose where the Skill tile goes",
    answers=("skill",),
)
def _skill_tile(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    icon = task.args["icon"]
    if action.args[0] == "discard":
        return
    state.skill_stacks = with_item(state.skill_stacks, icon, state.skill_stacks[icon] - 1)
    pl = player_to_change(state, task.player)
    i = rules.discipline_index[action.args[0]]
    held = list(pl.skills[i])
    if len(action.args) == 2:
        replaced = held.pop(int(action.args[1]))
        log(state, "skill_replaced", task.player, icon=replaced, section=action.args[0])
    held.append(icon)
    pl.skills = replaced_at(pl.skills, i, tuple(held))
    log(state, "skill_gained", task.player, icon=icon, section=action.args[0])


# ---- scorings ------------------------------------------------------------------------------------


@step("majority_scoring")
def _majority_scoring(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # Waits for the end of the turn like every majority scoring (MAJ-1, MAJ-2, AMB-19).
    state.pending_scorings = (
        *state.pending_scorings,
        (task.args["area"], task.args["scoring"], ""),
    )
    log(
        state,
        "scoring_triggered",
        task.player,
        area=task.args["area"],
        scoring=task.args["scoring"],
    )
