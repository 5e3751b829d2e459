"""The solo game's page: the Scholar's four boards, generated from ``solo.toml``."""

from __future__ import annotations

from collections.abc import Callable

import sankore_rules as sr
from sankore_docs.words import UnrenderedError, code, entry_source, join, table, value_source

__all__ = ["ACTION_WORDS", "SECTIONS", "describe_actions"]

#: Each action a solo board may list, as the page names it.
ACTION_WORDS = {
    "contribute_book": "Contribute a Book",
    "enrol_discipline": "Enrol by Discipline",
    "establish": "Establish",
    "gain_prestige": "Gain Prestige",
    "graduate": "Graduate",
    "place_sankore": "Place a Sankoré tile",
}
_PHASE_PLACE = ("card slot", "phase 2 space", "phase 3 space")
_MARKET_ROWS = {
    1: "the level-1 row",
    2: "the top of the level-1 pile",
    3: "the level-2 row",
    4: "the top of the level-2 pile",
    5: "the level-3 tile",
}
#: Where a Wall stands along its line: (horizontal side, end) -> words.
_ENDS = {
    ("horizontal", "first"): "the top of its column (row 0)",
    ("horizontal", "last"): "the bottom of its column",
    ("vertical", "first"): "the left of its row (column 0)",
    ("vertical", "last"): "the right of its row",
}


def describe_actions(actions: tuple[object, ...]) -> str:
    """A turn's list of actions in words, Teach a Class last.

    Raises:
        UnrenderedError: for an action the page has no words for.
    """
    words = []
    for action in actions:
        name = str(action)
        if name not in ACTION_WORDS:
            raise UnrenderedError(f"no words for the Scholar's action {name!r}")
        words.append(ACTION_WORDS[name])
    return ", then ".join([*words, "Teach a Class"])


def _phases(rules: sr.Rules, page: str) -> str:
    phases = rules.tables.solo.phases
    rows = []
    first = 1
    for phase, turns in enumerate(phases.turns, start=1):
        last = first + turns - 1
        where = (
            "the top card of its deck, into the lowest free card slot",
            "a Student from the bag, onto the first free space from the left of the phase 2 row",
            "a Student from the bag, onto the first free space from the left of the phase 3 row",
        )[phase - 1]
        rows.append((phase, f"{first}-{last}", where, entry_source(phases)))
        first = last + 1
    return table(("Phase", "Scholar's turns", "The current discipline comes from", "Source"), rows)


def _boards(rules: sr.Rules, page: str) -> str:
    parts = []
    for board in rules.tables.solo.difficulty:
        head = f"### {board.name} ({code(board.id)}) {{#{board.id.replace('_', '-')}}}"
        track = ", ".join(str(n) for n in board.school_knowledge)
        knowledge = (
            f"School Knowledge with 0 to {len(board.school_knowledge) - 1} pieces of an area "
            f"placed: {track} ({value_source(board, 'school_knowledge')}). Name: "
            f"{value_source(board, 'name')}; every turn's actions: "
            f"{value_source(board, 'phase1')}."
        )
        rows = []
        turn = 1
        for phase, lists in enumerate((board.phase1, board.phase2, board.phase3), start=1):
            for index, actions in enumerate(lists, start=1):
                place = f"{_PHASE_PLACE[phase - 1]} {index}"
                rows.append((turn, phase, place, len(actions) + 1, describe_actions(actions)))
                turn += 1
        listing = table(("Turn", "Phase", "Space", "Actions, Teach included", "In order"), rows)
        parts.append(f"{head}\n\n{knowledge}\n\n{listing}")
    return "\n\n".join(parts)


def _classes(rules: sr.Rules, page: str) -> str:
    solo = rules.tables.solo
    rows = []
    for space in sorted(solo.class_space, key=lambda c: c.number):
        if space.number == 0:
            what = "the Advanced Class tile the Scholar drafts (SOLO-SET-13)"
        else:
            row = _MARKET_ROWS.get(space.market_row)
            if row is None:
                raise UnrenderedError(f"no words for market row {space.market_row}")
            what = (
                f"filled by its Establish of turn {rules.solo_phase_turns[0] + space.number}: {row}"
            )
        rows.append((code(space.id), space.number, what, entry_source(space)))
    spaces = table(("Class space", "Number", "Its tile", "Source"), rows)
    tiles = join([code(t) for t in solo.enrol_by_area.tiles])
    area = (
        f"The Advanced Class tiles that trigger Enrol by Area when the Scholar establishes one "
        f"({entry_source(solo.enrol_by_area)}): {tiles}."
    )
    sides = rules.tables.mathematics.sides
    ends = table(
        ("Side", "Its Walls stand at", "Source"),
        [
            (
                side,
                _ENDS[getattr(sides, side).orientation, getattr(solo.wall_ends, side)],
                entry_source(solo.wall_ends),
            )
            for side in "ABCD"
        ],
    )
    walls = "Where a Wall of each side of the Madrasa stands along its line:"
    return f"{spaces}\n\n{area}\n\n{walls}\n\n{ends}"


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "solo-phases": _phases,
    "solo-boards": _boards,
    "solo-classes": _classes,
}
