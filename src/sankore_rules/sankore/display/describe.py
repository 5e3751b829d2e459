"""Sankoré's actions in words, for people choosing one: the game's ``describe`` hook.

Each action kind has a sentence in the voice of the events (``teach c1a`` is "Teach the Class
ast-1a on c1a with the Student of law on s1a" once the Student is known, ``mosque
djenne-middle`` is "Build a Mosque on djenne-middle"). Every word of the notation appears in
its sentence, read or looked up, so two distinct options of one decision never read alike
(the tests check it over random games). A kind without a sentence here is written from its
notation.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=1)
    >>> describe(sr.rules_of(state), state, sr.legal_actions(state)[0])
    'Draft the Class tile ast-1a with a Book of theology and a Student of astronomy'
"""

from __future__ import annotations

from collections.abc import Callable

from sankore_rules.core.actions import Action
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State

__all__ = ["describe"]


def describe(rules: Rules, state: State, action: Action) -> str:
    """``action`` as a short sentence for the player deciding in ``state``."""
    words = _WORDS.get(action.kind)
    if words is not None:
        try:
            return words(rules, state, action.args)
        except (IndexError, KeyError, ValueError):  # words of another form: say them as written
            pass
    return " ".join((action.kind.replace("_", " ").capitalize(), *action.args))


# ---- what the words name --------------------------------------------------------------------


def _player(state: State) -> int:
    return state.current_player if state.current_player is not None else 0


def _student(state: State, space: str) -> str:
    """The Student on ``space`` of the deciding player's board, as words."""
    d = state.players[_player(state)].students.get(space)
    return f"the Student of {d} on {space}" if d else f"the Student on {space}"


def _class(state: State, space: str) -> str:
    """The Class on ``space`` of the deciding player's board, as words."""
    tile = state.players[_player(state)].classes.get(space)
    return f"the Class {tile} on {space}" if tile else f"the Class on {space}"


def _draft(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    (tile,) = args
    for offered, book, student in state.draft:
        if offered == tile:
            return f"Draft the Class tile {tile} with a Book of {book} and a Student of {student}"
    return f"Draft the Class tile {tile}"


def _camel(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    to, start = args
    if start == "timbuktu":
        return f"Move the camel to {to}, setting out again from Timbuktu"
    return f"Move the camel from {state.players[_player(state)].camel} to {to}"


def _crown(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    space, *paid = args
    paying = {"gold": "1 Gold", "salt": "1 Salt", "book": "1 Book"}
    return f"Build a Crown on {space}" + (
        f", paying {paying.get(paid[0], paid[0])}" if paid else ""
    )


def _enrol(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    area, *position = args
    if not position:
        return f"Enrol the rightmost Student of the {area} queue"
    return f"Enrol the Student of the {area} queue, space {position[0]}"


def _skill(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    section, *over = args
    if section == "discard":
        return "Let the Skill tile go"
    if not over:
        return f"Put the Skill tile in the {section} section"
    return f"Put the Skill tile in the {section} section over its tile {int(over[0]) + 1}"


def _madrasa(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    where, which = args
    if where == "board":
        return f"Send {_student(state, which)} to the Madrasa"
    return f"Send the Student of Graduation tile {int(which) + 1} to the Madrasa"


def _objective(rules: Rules, state: State, args: tuple[str, ...]) -> str:
    card, *move = args
    if move:
        return f"Use Objective card #{card}: move the Wall from {move[0]} to {move[1]}"
    return f"Use the ability of Objective card #{card}"


def _one(template: str) -> Callable[[Rules, State, tuple[str, ...]], str]:
    """Words for a kind whose words fill ``template`` in order (``{0}``, ``{1}``)."""

    def words(rules: Rules, state: State, args: tuple[str, ...]) -> str:
        return template.format(*args)

    return words


_WORDS: dict[str, Callable[[Rules, State, tuple[str, ...]], str]] = {
    "draft": _draft,
    "class": _one("Put the new Class tile on the Class space {0}"),
    "order": lambda r, s, a: "Order the Introductory Classes " + a[0].replace(",", ", "),
    "teach": lambda r, s, a: f"Teach {_class(s, a[0])}",
    "student": lambda r, s, a: f"Activate {_student(s, a[0])}",
    "promote_to": _one("Move the active Student up to {0}"),
    "promote": lambda r, s, a: f"Promote {_student(s, a[0])} to {a[1]}",
    "transfer": lambda r, s, a: f"Transfer {_student(s, a[0])} to {a[1]}",
    "graduate": lambda r, s, a: f"Graduate {_student(s, a[0])}",
    "camel": _camel,
    "establish": _one("Establish the Advanced Class {0}"),
    "mosque": _one("Build a Mosque on {0}"),
    "wall": _one("Build a Wall on {0}"),
    "crown": _crown,
    "enrol": _enrol,
    "place": _one("Put the new Student on {0}"),
    "reveal": _one("Turn the next tile of the {0} pile"),
    "put": lambda r, s, a: f"Set up {a[0]} on {s.agenda[-1].args['at']}",
    "first": _one("Player {0} plays first"),
    "library": lambda r, s, a: f"Contribute a Book of {a[0]} to shelf {a[1]} of the Library",
    "flip": _one("Flip the Madrasa tile in cell {0}"),
    "madrasa": _madrasa,
    "reward": _one("Take the reward of Favour track space {0}"),
    "favour": lambda r, s, a: f"{a[0].capitalize()} a Favour tile",
    "complete": _one("Complete Objective card #{0}"),
    "objective": _objective,
    "write": _one("Write a Book of {0}"),
    "book": _one("Gain a Book of {0}"),
    "prestige": _one("Gain a Prestige token of {0}"),
    "return": _one("Return a Prestige token of {0}"),
    "section": _one("Activate the {0} Skill section"),
    "skill": _skill,
    "resource": _one("Gain {0}"),
    "sankore": lambda r, s, a: (
        "Take the Sankoré tile's bonus and discard it"
        if a[0] == "bonus"
        else "Keep the Sankoré tile as 1 Prestige"
    ),
    "end": lambda r, s, a: "End the turn",
    "skip": lambda r, s, a: "Skip",
}
