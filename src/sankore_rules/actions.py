"""Actions: one choice for the decision at hand, with a short stable notation.

An action is a kind and a few words, written ``kind word word``: ``teach c1a``,
``mosque djenne-middle``, ``camel fez:1 timbuktu``, ``end``. The kind names what is being
decided; the words name the option. ``str(action)`` is the notation and
:func:`parse_action` reads it back.
"""

from __future__ import annotations

from typing import NamedTuple

from sankore_rules.errors import ActionSyntaxError

__all__ = ["Action", "parse_notation"]


class Action(NamedTuple):
    """One option of a decision: a kind and its words.

    A named tuple, so that the thousands of options a search bot lists cost little to make,
    hash and compare; it is immutable like every value the engine shares.

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


def parse_notation(text: str) -> Action:
    """Read an action from its notation, without checking it against any state.

    Raises:
        ActionSyntaxError: for empty text or characters notation never uses.
    """
    if not isinstance(text, str):
        raise ActionSyntaxError(f"action text must be a string, got {type(text).__name__}")
    words = text.split()
    if not words:
        raise ActionSyntaxError("empty action text")
    for word in words:
        if not all(ch.isascii() and (ch.isalnum() or ch in "-_:.,+") for ch in word):
            raise ActionSyntaxError(f"unexpected character in {word!r}")
    return Action(words[0].lower(), tuple(words[1:]))
