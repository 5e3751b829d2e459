"""Sankoré's action space: every action its notation can express for a ruleset, numbered.

Learning agents and search libraries (OpenSpiel, PettingZoo, RLlib) want actions as integers
``0..n-1`` with ``n`` fixed for the game, and a mask of those legal now. This module numbers
every action the notation can express for a ruleset, family by family: a family is one kind
of action with its words ranging over what the tables hold (``mosque <Theology space>`` over
the Theology spaces, ``library <discipline> <shelf>`` over the disciplines and the shelves of
the larger Library side, ``enrol <area> <position>`` over the positions of the longest queue).
Where a decision pairs two places, only the pairs the board's geometry can ever allow are
numbered: a Transfer keeps the level (BONUS-2), a Promote follows an arrow (BONUS-3), card #4
moves a Wall 1 to its reach higher on its own side (OBJ-4).

The layout is a pure function of the tables: the same ruleset gives the same numbers in every
run and process (nothing depends on hashing or registration order), and a corrected ruleset
gets its own layout. It is the same for 2, 3 and 4 players, both Library sides and the solo
game (whose decisions, yours alone, list actions of the same families), so one network serves
every setup.

A new kind of action is a new family appended at the end: the indices of the existing
families do not move.

Examples:
    >>> import sankore_rules as sr
    >>> space = action_space(sr.load_rules())
    >>> space.size
    685
    >>> space.action(space.index(sr.Action("end")))
    Action(kind='end', args=())
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable

from sankore_rules.core.actions import Action
from sankore_rules.core.agents import NumberedSpace, number, per_ruleset
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.rules.areas.law import ALTERNATIVE_PAYMENTS
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = ["action_space"]


@per_ruleset
def action_space(rules: Rules) -> NumberedSpace:
    """The numbering of ``rules``' actions, built once per ruleset."""
    return number("sankore", rules.name, rules.content_hash, _families(rules))


def _families(rules: Rules) -> list[tuple[str, str, list[Action]]]:
    """(pattern, meaning, actions) of every family, in index order, from the tables."""
    d = rules.disciplines
    students = rules.student_spaces
    level = rules.student_level
    advanced = rules.tables.classes.advanced
    queue_length = max(len(q.spaces) for q in rules.queue_layouts.values())
    shelves = max(len(side.shelves) for side in rules.library_sides.values())
    cards = rules.objective_cards.values()
    intro_targets = {rules.spaces_under[c][0] for c in rules.intro_spaces}
    intro_targets.update(s for c in rules.intro_spaces for s in rules.arrows[c])
    arrow_targets = {s for targets in rules.arrows.values() for s in targets}

    def one(kind: str, words: Iterable[str]) -> list[Action]:
        return [Action(kind, (w,)) for w in words]

    families: list[tuple[str, str, list[Action]]] = [
        ("end", "end the turn (TURN-6)", [Action("end")]),
        ("skip", "decline an area action or a free grant (AMB-17, AMB-14)", [Action("skip")]),
        ("enrol <area>", "the rightmost Student of a queue (ENROL-1)", one("enrol", d)),
        (
            "enrol <area> <position>",
            f"a Student anywhere in a queue, positions 0 to {queue_length - 1} (OBJ-7, IC-FAV-3)",
            [Action("enrol", (a, str(i))) for a in d for i in range(queue_length)],
        ),
        (
            "establish <tile>",
            "an Advanced Class tile (EST-2)",
            one("establish", (c.id for c in advanced)),
        ),
        ("teach <class space>", "a Class space (TEACH-1)", one("teach", rules.class_spaces)),
        (
            "graduate <Student space>",
            "a Student space of level 1 or more (GRAD-1)",
            one("graduate", (s for s in students if level[s] >= 1)),
        ),
        ("favour <take or return>", "Exchange a Favour (FAV-1)", one("favour", ("take", "return"))),
        (
            "transfer <from> <to>",
            "two Student spaces of the same level, 1 or more (BONUS-2)",
            [
                Action("transfer", (o, t))
                for o in students
                if level[o] >= 1
                for t in rules.spaces_by_level[level[o]]
                if t != o
            ],
        ),
        (
            "promote <from> <to>",
            "a Student space and a space an arrow of its Class leads to (BONUS-3)",
            [
                Action("promote", (o, t))
                for o in students
                if (under := rules.student_under[o]) is not None
                for t in rules.arrows[under]
            ],
        ),
        ("write <discipline>", "a Book of a discipline (BONUS-4)", one("write", d)),
        (
            "complete <card>",
            "an Objective card (BONUS-5)",
            one("complete", (str(c.number) for c in cards)),
        ),
        (
            "objective <card>",
            "a card's round ability (BONUS-6)",
            one(
                "objective",
                (
                    str(c.number)
                    for c in cards
                    if c.ability.use == "round" and c.ability.kind != "move_wall"
                ),
            ),
        ),
        (
            "objective <card> <from Wall> <to Wall>",
            "a Wall moved up its side by a round ability (OBJ-4)",
            [
                Action("objective", (str(c.number), o.id, t.id))
                for c in cards
                if c.ability.use == "round" and c.ability.kind == "move_wall"
                for o in rules.wall_spaces.values()
                for t in rules.wall_spaces.values()
                if t.side == o.side and 0 < t.number - o.number <= c.ability.amount
            ],
        ),
        (
            "draft <tile>",
            "a level-1 Advanced Class tile of the starting draft (DRAFT-1)",
            one("draft", (c.id for c in advanced if c.level == 1)),
        ),
        (
            "class <class space>",
            "a Class space above the Introductory row (DRAFT-4, EST-6)",
            one("class", (c for c in rules.class_spaces if rules.class_row[c] >= 1)),
        ),
        (
            "order <disciplines>",
            "an order of the Introductory Classes (SETUP-P-9)",
            one("order", (",".join(p) for p in itertools.permutations(d))),
        ),
        (
            "place <Student space>",
            "a space under or above an Introductory Class (ENROL-2, OBJ-5)",
            one("place", (s for s in students if s in intro_targets)),
        ),
        (
            "student <Student space>",
            "a space under a Class (TEACH-2)",
            one("student", (s for s in students if rules.student_under[s] is not None)),
        ),
        (
            "promote_to <Student space>",
            "a space an arrow leads to (TEACH-8)",
            one("promote_to", (s for s in students if s in arrow_targets)),
        ),
        ("retire", "the active Student leaves the game (TEACH-10)", [Action("retire")]),
        (
            "camel <place> <camel or timbuktu>",
            "an Oasis or Port City space, reached from the camel or from Timbuktu (ASTRO-3)",
            [
                Action("camel", (place, start))
                for start in ("camel", "timbuktu")
                for place in (*rules.oases, *rules.port_spaces)
            ],
        ),
        (
            "mosque <Theology space>",
            "a Theology space (THEO-1)",
            one("mosque", rules.theology_spaces),
        ),
        (
            "wall <Wall space>",
            "a Wall space or the corner (MATH-1, ASTRO-13)",
            one("wall", (*rules.wall_spaces, rules.corner_id)),
        ),
        (
            "flip <cell>",
            "a Madrasa cell (MATH-7)",
            one("flip", (rules.cell_name(c) for c in range(rules.madrasa_cells))),
        ),
        (
            "madrasa board <Student space>",
            "a Student on the board sent to the Madrasa (THEO-8)",
            [Action("madrasa", ("board", s)) for s in students],
        ),
        (
            "madrasa graduation <slot>",
            f"a Student on a Graduation tile, slots 0 to {rules.graduation_slots - 1} (THEO-8)",
            [Action("madrasa", ("graduation", str(i))) for i in range(rules.graduation_slots)],
        ),
        ("crown <Law space>", "a Law space (LAW-1)", one("crown", rules.law_spaces)),
    ]
    if any(c.ability.kind == "crown_any_cost" for c in cards):
        families.append(
            (
                "crown <Law space> <gold, salt or book>",
                "a Law space paid with one Gold, Salt or Book instead (OBJ-3)",
                [
                    Action("crown", (s, pay))
                    for s in rules.law_spaces
                    for pay in ALTERNATIVE_PAYMENTS
                ],
            )
        )
    families += [
        (
            "library <discipline> <shelf>",
            f"a Book and a Library shelf, 0 to {shelves - 1} (RES-5)",
            [Action("library", (b, str(i))) for b in d for i in range(shelves)],
        ),
        ("skill <section>", "a Skill tile added to a section (SKILL-2)", one("skill", d)),
        (
            "skill <section> <tile>",
            f"a Skill tile replacing one of a section's, 0 to {rules.skill_section_size - 1} "
            "(SKILL-4)",
            [Action("skill", (s, str(k))) for s in d for k in range(rules.skill_section_size)],
        ),
        ("skill discard", "a Skill tile let go (SKILL-4)", [Action("skill", ("discard",))]),
        ("resource <resource>", "a resource of a reward (RES-1)", one("resource", RESOURCES)),
        ("book <discipline>", "a Book of any discipline", one("book", d)),
        ("prestige <discipline>", "a Prestige token of any discipline", one("prestige", d)),
        ("section <discipline>", "a Skill section to activate (SKILL-7)", one("section", d)),
        (
            "return <discipline>",
            "a Prestige token returned from storage (STOR-3)",
            one("return", d),
        ),
        (
            "reward <space>",
            f"a Favour track space, 1 to {len(rules.favour_rewards)} (FAV-2)",
            one("reward", (str(i + 1) for i in range(len(rules.favour_rewards)))),
        ),
        (
            "sankore <bonus or keep>",
            "a Sankoré tile after the end is triggered (SANK-10)",
            one("sankore", ("bonus", "keep")),
        ),
    ]
    return families
