"""The registry of games: found by name, or by the class of a state or a ruleset.

The built-in games are registered by the public API when the package is imported; a game of
another package is found through the entry point group ``sankore_rules.games`` (each entry point
names a [`Game`][sankore_rules.core.game.Game] instance, or a class or function that makes
one), loaded the first time a game is looked up. [`register`][sankore_rules.core.registry.register]
also takes a game directly (a test's toy game, a game being written).

Examples:
    >>> import sankore_rules as sr
    >>> [game.name for game in sr.games()][:2]
    ['sankore', 'five_tribes']
"""

from __future__ import annotations

import re
import weakref
from collections import OrderedDict
from importlib.metadata import entry_points
from typing import Any

from sankore_rules.core.game import Game

__all__ = [
    "ENTRY_POINT_GROUP",
    "find_game",
    "game_of",
    "game_of_rules",
    "games",
    "known_rules",
    "register",
    "remember_rules",
    "unregister",
]

#: The entry point group through which another package registers its games.
ENTRY_POINT_GROUP = "sankore_rules.games"

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")
_GAMES: dict[str, Game[Any, Any]] = {}
_BY_STATE: dict[type, Game[Any, Any]] = {}
_BY_RULES: dict[type, Game[Any, Any]] = {}
_entry_points_loaded = False

#: Every ruleset alive in the process, by content hash. A state names its ruleset by hash
#: only, so this is how a door finds it; weak, so that a long-running server loading
#: corrected tables again and again does not keep every copy forever.
_RULESETS: weakref.WeakValueDictionary[str, Any] = weakref.WeakValueDictionary()
#: The rulesets loaded or used to start a game most recently stay loaded even when the program
#: keeps no reference (it may hold only states); older ones go once nothing holds them.
RECENT_RULESETS = 8
_RECENT: OrderedDict[str, Any] = OrderedDict()


def remember_rules(rules: Any) -> Any:
    """Keep ``rules`` findable by its content hash; the ruleset already known by it is returned.

    A ruleset is shared by every state of its games, so the first one loaded stays the one.
    """
    known = _RULESETS.setdefault(rules.content_hash, rules)
    _RECENT[known.content_hash] = known
    _RECENT.move_to_end(known.content_hash)
    while len(_RECENT) > RECENT_RULESETS:
        _RECENT.popitem(last=False)
    return known


def known_rules(content_hash: object, game: Game[Any, Any] | None = None) -> Any:
    """The loaded ruleset of that content hash, or None.

    With ``game``, a ruleset of that game: its bundled tables are loaded when they have that
    hash and nothing else does.
    """
    rules = _RULESETS.get(content_hash) if isinstance(content_hash, str) else None
    if game is not None:
        if rules is not None and not isinstance(rules, game.rules_type):
            return None
        if rules is None:
            bundled = remember_rules(game.load_rules())
            rules = bundled if bundled.content_hash == content_hash else None
    return rules


def register(game: Game[Any, Any]) -> Game[Any, Any]:
    """Add ``game`` to the registry and return it; registering the same object again is a no-op.

    Raises:
        ValueError: ``game`` is no ``Game``, its name is not an identifier, or another game
            holds its name or its state class.
    """
    if not isinstance(game, Game):
        raise ValueError(f"only a Game can be registered, not {type(game).__name__}")
    name = getattr(game, "name", None)
    if not isinstance(name, str) or not _NAME.match(name):
        raise ValueError(f"a game's name is lower-case letters, digits and _, got {name!r}")
    known = _GAMES.get(name)
    if known is game:
        return game
    if known is not None:
        raise ValueError(f"a game named {name!r} is registered already")
    if game.state_type in _BY_STATE:
        raise ValueError(f"{game.state_type.__name__} is already the state of another game")
    _GAMES[name] = game
    _BY_STATE[game.state_type] = game
    _BY_RULES[game.rules_type] = game
    return game


def unregister(name: str) -> None:
    """Remove the game ``name`` (a test's toy game); unknown names are ignored.

    Its rulesets are forgotten too: a game registered again under that name (its module loaded
    afresh, with classes of its own) reads its states with a ruleset of its own classes.
    """
    game = _GAMES.pop(name, None)
    if game is not None:
        _BY_STATE.pop(game.state_type, None)
        _BY_RULES.pop(game.rules_type, None)
        for content_hash, rules in list(_RULESETS.items()):
            if isinstance(rules, game.rules_type):
                _RULESETS.pop(content_hash, None)
                _RECENT.pop(content_hash, None)


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for point in entry_points(group=ENTRY_POINT_GROUP):
        loaded = point.load()
        game = loaded() if not isinstance(loaded, Game) and callable(loaded) else loaded
        if isinstance(game, Game) and _GAMES.get(game.name) is game:
            continue
        register(game)


def games() -> tuple[Game[Any, Any], ...]:
    """Every registered game, the built-in ones first, in the order they registered."""
    _load_entry_points()
    return tuple(_GAMES.values())


def find_game(name: object) -> Game[Any, Any]:
    """The game registered as ``name`` (``-`` reads as ``_``: ``five-tribes``).

    Raises:
        ValueError: no game goes by that name; the message lists those that do.
    """
    key = name.replace("-", "_") if isinstance(name, str) else name
    game = _GAMES.get(key) if isinstance(key, str) else None
    if game is None:
        _load_entry_points()
        game = _GAMES.get(key) if isinstance(key, str) else None
    if game is None:
        choices = ", ".join(repr(g) for g in _GAMES)
        raise ValueError(f"game must be one of {choices}, got {name!r}")
    return game


#: The game registered for exactly this state class, or None: ``game_of`` without its call, for
#: the public functions asked about every state of a playout (``game_of`` finds the rest: a
#: subclass, a game of an entry point, or its error).
game_of_class = _BY_STATE.get


def game_of(state: object) -> Game[Any, Any]:
    """The game ``state`` is a state of.

    Raises:
        TypeError: ``state`` is not a state of any registered game.
    """
    game = _BY_STATE.get(type(state))
    if game is not None:
        return game
    _load_entry_points()
    for cls in type(state).__mro__:
        game = _BY_STATE.get(cls)
        if game is not None:
            return game
    raise TypeError(f"{type(state).__name__} is not the state of any registered game")


def game_of_rules(rules: object) -> Game[Any, Any]:
    """The game ``rules`` is a ruleset of.

    Raises:
        TypeError: ``rules`` is not a ruleset of any registered game.
    """
    _load_entry_points()
    for cls in type(rules).__mro__:
        game = _BY_RULES.get(cls)
        if game is not None:
            return game
    raise TypeError(f"{type(rules).__name__} is not a ruleset of any registered game")
