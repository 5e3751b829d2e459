"""The words of action notation and table ids: which characters, how long, and the check.

Every game's notation (``kind word word``) and every game's table ids are made of these words,
so the engine can refuse malformed text before any game reads it.
"""

from __future__ import annotations

__all__ = ["ID_CHARACTERS", "MAX_ID", "MAX_WORD", "NOTATION_CHARACTERS", "word_problem"]

_ALNUM = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
#: The characters of a word of action notation (``camel fez:1 timbuktu``, ``order a,b,c,d``).
NOTATION_CHARACTERS = frozenset(_ALNUM + "-_:.,+")
#: The longest word notation uses is an order of the four disciplines (34 characters); a word
#: past this bound names nothing, and refusing it early keeps ``int()`` away from numbers of
#: thousands of digits (Python refuses to convert those, with a ValueError).
MAX_WORD = 64
#: A table's ids are words of notation without its separators (``:`` joins a Port City and a
#: space, ``,`` the disciplines of an order), short enough to combine into one word.
ID_CHARACTERS = frozenset(_ALNUM + "-_.")
MAX_ID = 40


def word_problem(word: str, characters: frozenset[str] = NOTATION_CHARACTERS) -> str | None:
    """What keeps ``word`` from being a word of notation (or, given ``ID_CHARACTERS``, an id)."""
    if not word:
        return "an empty word"
    if len(word) > MAX_WORD:
        return f"a word longer than {MAX_WORD} characters ({word[:20]}...)"
    if not characters.issuperset(word):
        return f"unexpected character in {word!r}"
    return None
