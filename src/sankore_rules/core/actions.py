"""Actions: one choice for the decision at hand, with a short stable notation.

An action is a kind and a few words, written ``kind word word``: ``teach c1a``,
``mosque djenne-middle``, ``camel fez:1 timbuktu``, ``end``. The kind names what is being
decided; the words name the option. ``str(action)`` is the notation and
[`parse_action`][sankore_rules.parse_action] reads it back.
"""

from __future__ import annotations

from typing import NamedTuple

from sankore_rules.core.errors import ActionSyntaxError, shown
from sankore_rules.core.words import word_problem

__all__ = [
    "MAX_TEXT",
    "MAX_WORDS",
    "Action",
    "OneWordActions",
    "action_problem",
    "new_action",
    "parse_notation",
]

#: No action has more than a handful of words.
MAX_WORDS = 8
#: Longer text is refused before it is split, so reading it costs little.
MAX_TEXT = 600


class Action(NamedTuple):
    """One option of a decision: a kind and its words.

    A named tuple, so that the thousands of options a search bot lists cost little to make,
    hash and compare; it is immutable like every value the engine shares.

    Attributes:
        kind: what is being decided, the notation's first word (``teach``, ``camel``,
            ``end`` ...); the decisions table of the API reference lists each decision's.
        args: the words naming the option (``("c1a",)``), ids of the rule tables or numbers.

    Examples:
        >>> a = Action("teach", ("c1a",))
        >>> str(a)
        'teach c1a'
        >>> parse_notation(str(a)) == a
        True
    """

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args))


#: ``new_action(Action, (kind, args))`` is ``Action(kind, args)`` without the named tuple's
#: argument handling, at half its cost: for the rules' listings, which make thousands.
new_action = tuple.__new__


class OneWordActions(dict[str, Action]):
    """The actions of one kind that take one word, by word, each made on first use and kept.

    ``teach = OneWordActions("teach")``, then ``teach["c1a"]`` is ``Action("teach",
    ("c1a",))``: a listing that offers the same options again and again looks them up instead
    of making them. Only for the words a listing offers, a ruleset's ids and numbers, of which
    there are a bounded few; never for words read from a caller.

    Examples:
        >>> OneWordActions("teach")["c1a"]
        Action(kind='teach', args=('c1a',))
    """

    __slots__ = ("kind",)

    def __init__(self, kind: str) -> None:
        super().__init__()
        self.kind = kind

    def __missing__(self, word: str) -> Action:
        action = self[word] = Action(self.kind, (word,))
        return action


def parse_notation(text: str) -> Action:
    """Read an action from its notation, without checking it against any state.

    Raises:
        ActionSyntaxError: for empty text or characters notation never uses.
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"action text must be a string, got {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise ActionSyntaxError(f"action text longer than {MAX_TEXT} characters")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action text")
    action = Action(words[0].lower(), tuple(words[1:]))
    problem = _words_problem(words)
    if problem is not None:
        raise ActionSyntaxError(problem)
    return action


#: Words already found well-formed. Options repeat a few hundred words (the tables' ids, small
#: numbers), so checking an action's words is mostly a set lookup; bounded, so that a caller
#: sending ever new words cannot make it grow without end.
_WELL_FORMED: set[str] = set()
MAX_REMEMBERED = 4096


def action_problem(action: object) -> str | None:
    """What makes ``action`` something no decision could take, or None for a well-formed Action.

    An [`Action`][sankore_rules.Action] built in a program obeys the notation's syntax like parsed
    text does: a kind and words of notation characters, within the same bounds. So the checks never
    meet a word that ``int()`` or a lookup could choke on, whichever door the action came through.
    """
    if type(action) is Action and len(action) == 2:
        # The common case, answered by set lookups: an Action whose words all passed before.
        kind, args = action
        known = _WELL_FORMED
        if type(kind) is str and kind in known and type(args) is tuple and len(args) <= MAX_WORDS:
            for word in args:
                if type(word) is not str or word not in known:
                    break
            else:
                return None
    if not isinstance(action, Action):
        return f"{shown(action, 60, as_repr=True)} is not an Action"
    if len(action) != 2 or not isinstance(action.args, tuple):
        return f"{shown(action, 60, as_repr=True)}: an Action's args must be a tuple of words"
    words = (action.kind, *action.args)
    if not all(type(w) is str for w in words):
        return f"{shown(action, 60, as_repr=True)}: an Action's kind and args must be strings"
    if not action.kind:
        return "an Action needs a kind"
    return _words_problem(words)


def _words_problem(words: list[str] | tuple[str, ...]) -> str | None:
    if len(words) > MAX_WORDS + 1:
        return f"more than {MAX_WORDS} words after the kind"
    for word in words:
        problem = word_problem(word)
        if problem is not None:
            return problem
        if len(_WELL_FORMED) < MAX_REMEMBERED:
            _WELL_FORMED.add(word)
    return None
