"""What the last action did, in words: each Five Tribes event as a sentence.

Every kind of event the rules log has its words here (``PLAYER_WORDS`` for an event of a
player, ``GAME_WORDS`` for one of the whole game); the tests check that a played game never
falls back on the kind's bare name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from sankore_rules.core.tasks import Event
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["GAME_WORDS", "PLAYER_WORDS", "describe_events", "payment_words"]

#: What each kind of event of a player says after the player's name: the first template whose
#: details the event has. A kind not listed is worded from its kind and details.
PLAYER_WORDS: Mapping[str, tuple[str, ...]] = {
    "bid": ("bid on the {bid} space of the Turn Order Track, paying {paid} coins",),
    "bought": ("bought {cards} from the market",),
    "camel": ("placed a camel on {cell}",),
    "cards": ("took {taken} from the market",),
    "coins": ("gained {gained} coins ({why})", "paid {paid} coins ({why})"),
    "djinn": ("took the Djinn {djinn}, paying {elders} Elder(s) and {fakirs} Fakir(s)",),
    "drawn": (
        "drew a {colour} meeple from the bag onto {cell}",
        "drew a {colour} meeple from the bag",
    ),
    "drew": ("drew the card {card} from the resource deck",),
    "drew_djinns": ("drew the Djinns {djinns}",),
    "kept": ("kept the Djinn {djinn}",),
    "no_move": ("has no move left: only Djinns' powers this turn",),
    "power": ("used the power of {djinn}, paying {paid}",),
    "drop": ("dropped a {colour} meeple on {cell}",),
    "end_triggered": ("triggered the end of the game: {cause}",),
    "fakirs": ("discarded {discarded} Fakir(s)",),
    "kill": (
        "assassinated a {colour} meeple on {cell}",
        "assassinated a {colour} meeple of P{rival}",
    ),
    "palace": ("placed a palace on {cell}",),
    "palm": ("placed a palm tree on {cell}",),
    "pick": ("picked up the {meeples} meeples of {cell}",),
    "skip": ("took nothing from the tile {cell}",),
    "sold": ("sold {goods} for {value} coins",),
    "take": ("took {count} {colour} meeple(s) from {cell}",),
    "turn": ("begins a turn, marker {marker} to the Bid Order Track", "begins a turn"),
}
#: What an event of the whole game (no player) says.
GAME_WORDS: Mapping[str, tuple[str, ...]] = {
    "end_triggered": ("The end of the game is triggered: {cause}",),
    "game_over": ("The game is over: {cause}", "The game is over"),
    "reshuffled": (
        "The discard pile ({cards} cards) is shuffled into the resource deck",
        "The discarded Djinns ({djinns}) are shuffled into the Djinn deck",
    ),
    "round": ("Round {round} begins",),
}
#: The causes of the end, in words (FT-END-1, FT-END-2).
_CAUSES = {
    "last_camel": "a player placed their last camel",
    "no_move": "no player can move meeples",
}


def describe_events(state: FiveTribesState) -> list[str]:
    """What the last action did (``state.events``), in words: one line per event.

    An event of a player starts with ``P0``; an event of the whole game (a new round, the
    end) is a sentence of its own.
    """
    return [_event_line(event) for event in state.events]


def _event_line(event: Event) -> str:
    words = {k: _worded(k, v) for k, v in event.detail.items() if v is not None}
    templates = (PLAYER_WORDS if event.player is not None else GAME_WORDS).get(event.kind, ())
    for template in templates:
        try:
            line = template.format(**words)
        except KeyError:  # the event lacks a detail this template names: try the next
            continue
        break
    else:
        listed = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in words.items())
        line = event.kind.replace("_", " ") + (f": {listed}" if listed else "")
    if event.player is None:
        return line[:1].upper() + line[1:]
    return f"P{event.player} {line}"


def _worded(key: str, value: Any) -> str:
    """A detail's value as words: lists joined, an end's cause explained."""
    if key == "cause":
        return _CAUSES.get(str(value), str(value).replace("_", " "))
    if key == "paid" and isinstance(value, str):
        return payment_words(value)
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "nothing"
    return str(value)


#: A power's payment as the action writes it: Elders then Fakir cards (``1e``, ``1e1f``, ``2f``).
_PAYMENT = re.compile(r"(?:(\d+)e)?(?:(\d+)f)?")


def payment_words(word: str) -> str:
    """A payment word in words: ``1e1f`` is ``1 Elder and 1 Fakir``; nothing for no cost.

    Examples:
        >>> payment_words("1e1f"), payment_words("2f"), payment_words("")
        ('1 Elder and 1 Fakir', '2 Fakirs', 'nothing')
    """
    match = _PAYMENT.fullmatch(word)
    if match is None:  # a word of another form: shown as it is
        return word
    parts = [
        f"{n} {name}{'s' if int(n) > 1 else ''}"
        for n, name in zip(match.groups(), ("Elder", "Fakir"), strict=True)
        if n
    ]
    return " and ".join(parts) or "nothing"
