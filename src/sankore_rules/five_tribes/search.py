"""Five Tribes' hooks for the bots and search: a rough evaluation and a sampler of hidden parts.

[`evaluate`][sankore_rules.five_tribes.search.evaluate] rates a position for one seat, for the
greedy bot and the search's leaves.
[`TribesSampler`][sankore_rules.five_tribes.search.TribesSampler] redraws what one seat's
observation hides (see ``FiveTribesGame.observation``):

- the cards of the resource deck: the deck keeps no order (its next card is drawn by a chance
  step when it is needed), so only which cards it holds is hidden, and that is fixed by what
  is seen: the goods and the Fakirs of the cards table less those in the market, the discard
  pile and the players' hands. Every multiset consistent with the observation is this one, so
  drawing uniformly among them is taking it;
- the Djinns of the Djinn deck, the same way: the ruleset's less those on display, discarded
  (face up, ruling FT-ENGINE-10) and held;
- the seed, 128 fresh bits, with ``draws`` set to 0: every draw still to come (a card, a Djinn,
  a meeple from the bag) then differs too;
- the other players' coins, kept face down (FT-PUB-3, ruling FT-ENGINE-13), and the bank,
  which holds the rest of the coins.

Every payment and gain of coins is made in public (a ``coins`` event every seat is shown), so
a seat that has seen the game from its start knows every rival's coins: the start's coins plus
the gains less the payments since. The sampler of a seat's information state
([`coins_seen`][sankore_rules.five_tribes.search.coins_seen], used by
``FiveTribesGame.information_sampler``) gives them exactly. Only when the information state
does not start at the game's start (a state read by ``from_json``, or a sampler built from one
observation) are they unknown; then each rival's coins are drawn within ``COIN_SPREAD`` of the
viewer's own (the same bids and yields are open to all), never below 0.

The bag is only counted by the state itself, so nothing more is hidden. The sampler refuses an
observation it cannot read or fill, and reads the state it describes with every check of
``from_json``; the search's ``Determinizer`` also checks that the viewer's observation of a
first sample is the one given.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from sankore_rules.core.information import InformationState
from sankore_rules.core.tasks import Event
from sankore_rules.five_tribes import serial
from sankore_rules.five_tribes.board import GAME, FiveTribesRules
from sankore_rules.five_tribes.rules.common import FAKIR
from sankore_rules.five_tribes.scoring import tribes_scores
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import MeepleEffect

__all__ = [
    "COIN_SPREAD",
    "SEED_BITS",
    "TribesSampler",
    "coins_seen",
    "evaluate",
    "evaluate_seats",
]

#: A sample's fresh seed has this many random bits (DESIGN: no small number determines it).
SEED_BITS = 128
#: How far a rival's coins drawn by the sampler may lie from the viewer's own.
COIN_SPREAD = 10

#: What an observation adds to the state's fields, and a state's JSON leaves out.
_OBSERVATION_ONLY = ("viewer", "events", "decision")
#: What reading a tampered observation may raise before a check of ours words the problem.
_MALFORMED = (KeyError, TypeError, IndexError, AttributeError, ValueError, RecursionError)


def evaluate(rules: FiveTribesRules, state: FiveTribesState, player: int) -> float:
    """A rough worth of ``state`` for ``player``: the points as they stand, then a little more.

    Beyond the points their final scoring already gives them: coins buy the first turns of
    the next bids, goods may grow into larger sets, Fakirs pay for Djinns' powers, a Djinn's
    power keeps working, and each Vizier counts toward the bonus for having more than the
    others (FT-SC-2).
    """
    return _worth(rules, state, player, tribes_scores(rules, state).players[player].total)


def evaluate_seats(rules: FiveTribesRules, state: FiveTribesState) -> list[float]:
    """[`evaluate`][sankore_rules.five_tribes.search.evaluate] of every seat, in seat order.

    The final scoring, the costly part, is worked out once for all seats.
    """
    sheets = tribes_scores(rules, state).players
    return [_worth(rules, state, p, sheets[p].total) for p in range(state.player_count)]


def _worth(rules: FiveTribesRules, state: FiveTribesState, player: int, total: int) -> float:
    """``evaluate``'s sum for ``player``, whose points as they stand are ``total``."""
    holder = state.players[player]
    viziers = holder.pool[rules.effect_colour[MeepleEffect.VIZIERS]]
    worth = float(total) + 0.1 * holder.coins + 0.5 * len(holder.goods)
    worth += 0.5 * holder.fakirs + 2.0 * len(holder.djinns) + 1.0 * viziers
    return worth


class TribesSampler:
    """Draws full Five Tribes states consistent with one seat's observation.

    Built once per observation (it parses and checks it); each
    [`sample`][sankore_rules.five_tribes.search.TribesSampler.sample] then costs a state's
    clone and a fresh seed (and the rivals' coins, when they are not known).

    Args:
        rules: the ruleset the observed state is played by.
        view: what ``observation`` returned for the viewing seat.
        coins: every seat's coins when the seat's history fixes them (``coins_seen``); None
            to draw the rivals' around the viewer's own.

    Attributes:
        viewer: the seat whose observation it is.

    Raises:
        ValueError: ``view`` is not an observation of a state of ``rules``: a field missing or
            of the wrong type, a deck's count that does not add up with the cards seen, a card
            or Djinn seen more often than the game has it, or a state ``from_json`` refuses.
    """

    def __init__(
        self,
        rules: FiveTribesRules,
        view: Mapping[str, Any],
        coins: Sequence[int] | None = None,
    ) -> None:
        try:
            self.viewer: int = view["viewer"]
            if type(self.viewer) is not int or not 0 <= self.viewer < view["player_count"]:
                raise ValueError(f"viewer {self.viewer!r} is not a seat of the game")
            self._deck = _unseen_cards(rules, view)
            self._djinns = _unseen_djinns(rules, view)
            events = [_event(e) for e in view["events"]]
            document = {k: v for k, v in view.items() if k not in _OBSERVATION_ONLY}
            # The hidden parts' places, filled by the cards they must hold in some order.
            document.update(seed=0, draws=0, deck=self._deck, djinn_deck=self._djinns)
            hidden = [p["coins"] for k, p in enumerate(view["players"]) if k != self.viewer]
            shown = view["bank"] is not None or any(c is not None for c in hidden)
            own = view["players"][self.viewer]["coins"]
            if not _is_count(own):
                raise ValueError(f"the viewer's coins must be a count, got {own!r}")
            self._own = own
            self._total = rules.tables.tracks.bank
            self._known = coins is not None
            seats = list(coins) if coins is not None else [0] * len(view["players"])
            seats[self.viewer] = own
            players = zip(view["players"], seats, strict=True)
            document["players"] = [dict(p, coins=n) for p, n in players]
            document["bank"] = self._total - sum(seats)
            text = json.dumps({"format": serial.FORMAT, "game": GAME, "state": document})
        except _MALFORMED as exc:
            raise ValueError(f"not an observation of a Five Tribes state: {exc}") from exc
        try:
            if shown:
                raise ValueError("the bank and the others' coins are hidden (FT-PUB-3), not shown")
            # Read with every check of from_json: a sample differs from this one only in the
            # seed and how the hidden coins are shared (when they are not known), which every
            # check accepts as long as the coins add up (sample() keeps them so).
            template = serial.read_checked(rules, text).clone()
        except _MALFORMED as exc:
            raise ValueError(f"the observation describes no state of the game: {exc}") from exc
        template.events = events
        template.seal()
        self._template = template

    def sample(self, rng: random.Random) -> FiveTribesState:
        """A full state agreeing with the observation, its hidden parts drawn from ``rng``."""
        state = self._template.clone()
        if not self._known:
            rivals = [p for p in range(state.player_count) if p != self.viewer]
            # Every rival's share fits in the coins the viewer does not hold: the bank >= 0.
            cap = (self._total - self._own) // max(len(rivals), 1)
            for p in rivals:
                low, high = max(0, self._own - COIN_SPREAD), self._own + COIN_SPREAD
                state.players[p].coins = min(rng.randint(low, high), cap)
            state.bank = self._total - sum(p.coins for p in state.players)
        state.seed = rng.getrandbits(SEED_BITS)
        state.draws = 0
        state.seal()
        return state


def coins_seen(rules: FiveTribesRules, information: InformationState) -> list[int] | None:
    """Every seat's coins as the public payments seen by one seat fix them (ruling FT-ENGINE-13).

    When the seat's information state starts at the game's start (its first observation is a
    position of the setup: the first round, no bid made, the seat holding the start's coins),
    every seat held the start's coins then, and each change since is a ``coins`` event the
    seat was shown: the coins now are the start's plus the gains less the payments. None when
    the information state starts later (a state read by ``from_json``, a position set up by
    hand): the payments before it were not seen. None too when the sum does not match what the
    seat sees of itself, or leaves coins no game can have.
    """
    steps = information.steps
    first, now = steps[0].observation, information.observation
    try:
        start = rules.tables.tracks.start_coins
        seat = information.seat
        setup = (
            first["round"] == 1
            and all(marker is None for marker in first["turn_order_track"])
            and first["players"][seat]["coins"] == start
        )
        if not setup:
            return None
        coins = [start] * len(first["players"])
        for event in information.events():
            player, detail = event.get("player"), event.get("detail")
            if event.get("kind") == "coins" and type(player) is int and isinstance(detail, dict):
                coins[player] += detail.get("gained", 0) - detail.get("paid", 0)
        own = now["players"][seat]["coins"]
    except _MALFORMED:
        return None
    if coins[seat] != own or min(coins) < 0 or sum(coins) > rules.tables.tracks.bank:
        return None
    return coins


# ---- helpers ---------------------------------------------------------------------------------


def _unseen_cards(rules: FiveTribesRules, view: Mapping[str, Any]) -> list[str]:
    """The resource cards the deck must hold: every card of the game less those seen."""
    every = Counter({g.id: g.count for g in rules.tables.cards.good})
    every[FAKIR] = rules.tables.cards.fakirs
    seen = Counter([*view["market"], *view["discard"]])
    for holder in view["players"]:
        seen.update(holder["goods"])
        if not _is_count(holder["fakirs"]):
            raise ValueError(f"a player's fakirs must be a count, got {holder['fakirs']!r}")
        seen[FAKIR] += holder["fakirs"]
    return _rest(every, seen, view["deck"], "resource card", "deck")


def _unseen_djinns(rules: FiveTribesRules, view: Mapping[str, Any]) -> list[str]:
    """The Djinns the Djinn deck must hold: every Djinn less those on display, discarded, held."""
    every = Counter(list(rules.djinn_by_id))
    seen = Counter([*view["djinn_display"], *view["djinn_discard"]])
    for holder in view["players"]:
        seen.update(holder["djinns"])
    return _rest(every, seen, view["djinn_deck"], "Djinn", "djinn_deck")


def _rest(
    every: Counter[str], seen: Counter[Any], count: object, what: str, deck: str
) -> list[str]:
    """``every`` less ``seen``, sorted, checked against the ``count`` the observation gives."""
    if not _is_count(count):
        raise ValueError(f"{deck} must be a count of hidden cards, got {count!r}")
    over = sorted(str(c) for c, n in seen.items() if n > every[c])
    if over:
        raise ValueError(f"{what}(s) {', '.join(over)} seen more often than the game has them")
    rest = sorted((every - seen).elements())
    if len(rest) != count:
        raise ValueError(
            f"{deck} holds {count} cards, but {len(rest)} {what}s are seen nowhere: "
            "the counts do not add up"
        )
    return rest


def _event(data: Any) -> Event:
    """An event of the last action, as an observation lists it."""
    kind, player, detail = data["kind"], data["player"], data["detail"]
    if type(kind) is not str or not (player is None or type(player) is int):
        raise ValueError(f"an event needs a kind and a player or null, got {data!r}")
    if not isinstance(detail, dict):
        raise ValueError(f"an event's detail is an object, got {detail!r}")
    return Event(kind, player, dict(detail))


def _is_count(value: object) -> bool:
    return type(value) is int and value >= 0
