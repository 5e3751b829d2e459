"""Five Tribes' actions in words, for people choosing one: the game's ``describe`` hook.

Each action kind has a sentence in the voice of the events (``drop b3 blue`` is "Drop a blue
meeple on b3", ``djinn haurvatat 1e1f`` is "Take the Djinn haurvatat, paying 1 Elder and 1
Fakir"). Every word of the notation appears in its sentence, read or looked up, so two
distinct options of one decision never read alike (the tests check it over random games). A
kind without a sentence here is written from its notation.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(game="five_tribes", seed=1)
    >>> describe(sr.rules_of(state), state, sr.legal_actions(state)[0])
    'Bid 0 coins on the Turn Order Track'
"""

from __future__ import annotations

from collections.abc import Callable

from sankore_rules.core.actions import Action
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.display.words import payment_words
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["describe"]

Words = Callable[[tuple[str, ...]], str]


def describe(rules: FiveTribesRules, state: FiveTribesState, action: Action) -> str:
    """``action`` as a short sentence for the player deciding in ``state``."""
    words = _WORDS.get(action.kind)
    if words is not None:
        try:
            return words(action.args)
        except (IndexError, ValueError):  # words of another form: say them as written
            pass
    return " ".join((action.kind.capitalize(), *action.args))


def _kill(args: tuple[str, ...]) -> str:
    where, colour = args
    if where.startswith("p") and where[1:].isdigit():
        return f"Assassinate a {colour} meeple of P{where[1:]}"
    return f"Assassinate a {colour} meeple on {where}"


def _cards(args: tuple[str, ...]) -> str:
    """Cards bought, as words: ``fish fish gold`` is ``2 fish and 1 gold``."""
    counts = {card: args.count(card) for card in args}
    listed = [f"{n} {card}" for card, n in counts.items()]
    return ", ".join(listed[:-1]) + (" and " if len(listed) > 1 else "") + listed[-1]


_WORDS: dict[str, Words] = {
    "bid": lambda a: f"Bid {int(a[0])} coins on the Turn Order Track",
    "pick": lambda a: f"Pick up the meeples of {a[0]}",
    "drop": lambda a: f"Drop a {a[1]} meeple on {a[0]}",
    "kill": _kill,
    "fakirs": lambda a: f"Add {int(a[0])} Fakir card(s)",
    "palm": lambda a: "Place a palm tree on this Oasis",
    "palace": lambda a: "Place a palace on this Village",
    "buy": lambda a: f"Buy {_cards(a)} from the market",
    "djinn": lambda a: f"Take the Djinn {a[0]}, paying {payment_words(a[1])}",
    "use": lambda a: f"Use the power of {a[0]}, paying {payment_words(a[1])}",
    "keep": lambda a: f"Keep the Djinn {a[0]}",
    "sell": lambda a: "Sell " + " and ".join(a[0].split("+")),
    "fill": lambda a: f"Put the meeples drawn on {a[0]}",
    "claim": lambda a: f"Place your camel on {a[0]}",
    "raise": lambda a: f"Place the palace on {a[0]}",
    "plant": lambda a: f"Place the palm tree on {a[0]}",
    "place": lambda a: f"Put the piece on {a[0]}",
    "tribe": lambda a: "Carry out the tribe's action",
    "skip": lambda a: "Skip the tile's action",
    "end": lambda a: "End the turn",
}
