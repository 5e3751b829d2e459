"""Sankoré's hooks for the bots and search: a rough evaluation and a sampler of hidden parts.

[`evaluate`][sankore_rules.sankore.search.evaluate] rates a position for one seat, for the
greedy bot and the search's leaves.
[`SankoreSampler`][sankore_rules.sankore.search.SankoreSampler] redraws, from one seat's
observation (and what it saw before, see below), what that seat cannot see, uniformly among
the arrangements consistent with it:

- the Objective cards of every hand the observation only counts (the other players', and in a
  solo game the Scholar's face-down deck, which keeps no order), from the cards the viewer has
  not seen: not in the viewer's hand, not completed, not in the Scholar's card slots, not
  named by an event it was shown;
- each market pile below its visible top tile: which tiles it holds (a pile keeps no order
  below its top: the next top is drawn when it is turned), from the tiles of that discipline
  and level seen nowhere (tiles replaced on a player board leave the game, so the unseen ones
  may be more than the pile holds);
- the seed, 128 fresh bits, so that the draws still to come (a pile's next top, a card the
  Scholar turns, a Student drawn from its bag) differ too.

The Scholar's bag is not redrawn: it keeps no order, and its counts are public (every Student
put in was seen going in, ruling SCHOLAR-9), so the observation shows all of it.

What the latest observation does not keep is given by the seat's information state
(``SankoreGame.information_sampler``): every event the seat was shown, so a card or tile it saw
leave play (the Scholar's draft card returned to the box, a Class tile replaced on a player
board) is never drawn back into a hidden place. A sampler built from one observation alone
knows only the events of that observation's action.

The sampler refuses an observation it cannot read or fill (a field missing or mistyped, more
hidden cards than unseen ones, a card seen twice); the search's ``Determinizer`` then checks a
first sample in full (``from_json``'s checks, and the viewer's observation of it).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.outcome import score_sheet
from sankore_rules.sankore.rules.scoring import PlayerScore
from sankore_rules.sankore.state import MarketColumn, State
from sankore_rules.sankore.state import from_json as structure

__all__ = ["SEED_BITS", "SankoreSampler", "evaluate", "evaluate_seats", "seen_in_events"]

#: A sample's fresh seed has this many random bits (DESIGN: no small number determines it).
SEED_BITS = 128

#: The market piles an observation shows only the top of, and the level of their tiles.
_PILES = (("pile1", 1), ("pile2", 2))
#: What an observation adds to the state's fields, and a state's JSON leaves out.
_OBSERVATION_ONLY = ("game", "viewer", "decision")
#: What reading a tampered observation may raise before a check of ours words the problem.
_MALFORMED = (KeyError, TypeError, IndexError, AttributeError, ValueError, RecursionError)


def evaluate(rules: Rules, state: State, player: int) -> float:
    """A rough worth of ``state`` for ``player``: score, then the means to score more.

    Twice the Prestige as it stands, then icons, pieces placed and Students' levels, Books,
    Gold, Salt, Inspiration, graduations and Skills; Favour tiles count against (each costs
    Prestige at the end), and the acting player's main actions taken this turn count for it
    (taking an action beats ending the turn idle).
    """
    return _worth(rules, state, player, score_sheet(rules, state).players[player])


def evaluate_seats(rules: Rules, state: State) -> list[float]:
    """[`evaluate`][sankore_rules.sankore.search.evaluate] of every seat, in seat order.

    The score sheet, the costly part, is drawn up once for all seats.
    """
    sheets = score_sheet(rules, state).players
    return [_worth(rules, state, p, sheets[p]) for p in range(state.player_count)]


def _worth(rules: Rules, state: State, player: int, sheet: PlayerScore) -> float:
    """``evaluate``'s sum for ``player``, whose score sheet is ``sheet``."""
    pl = state.players[player]
    icons = sum(sum(line.icons.values()) for line in sheet.disciplines)
    placed = sum(rules.counts.pieces_per_type - n for n in pl.pieces)
    levels = sum(rules.student_level[s] for s in pl.students)
    worth = 2.0 * sheet.total + 1.5 * icons + 2.0 * placed + 0.5 * levels
    worth += 0.6 * sum(pl.books) + 0.25 * (pl.gold + pl.salt) + 0.4 * pl.inspiration
    worth += 1.0 * len(pl.graduations) + 0.4 * sum(len(s) for s in pl.skills)
    worth -= 0.8 * pl.favour_tiles
    if state.current_player == player:
        worth += 1.5 * len(state.main_used)
    return worth


class SankoreSampler:
    """Draws full Sankoré states consistent with one seat's observation.

    Built once per observation (it parses and checks it, a few milliseconds); each
    [`sample`][sankore_rules.sankore.search.SankoreSampler.sample] then costs a state's clone
    and a few shuffles.

    Args:
        rules: the ruleset the observed state is played by.
        view: what ``observation`` returned for the viewing seat.
        events: every event the seat was shown before (its information state's), whose
            Objective cards and tiles it saw: none is in a hidden place.

    Attributes:
        viewer: the seat whose observation it is.

    Raises:
        ValueError: ``view`` is not an observation of a state of ``rules`` that it can read:
            a field missing or of the wrong type, more hidden cards or tiles than unseen ones,
            a card seen twice.
    """

    def __init__(
        self, rules: Rules, view: Mapping[str, Any], events: Iterable[Mapping[str, Any]] = ()
    ) -> None:
        try:
            self.viewer: int = _viewer(view)
            self._read(rules, view, [*events, *view["events"]])
            self.sample(random.Random(0))  # what is malformed may only show when filled in
        except _MALFORMED as exc:
            raise ValueError(f"not an observation of a Sankoré state: {exc}") from exc

    def _read(self, rules: Rules, view: Mapping[str, Any], events: list[Mapping[str, Any]]) -> None:
        """Parse ``view``: the state's template and the hidden places with what may fill them.

        ``events`` are those the seat was shown, the view's own included.
        """
        self._template = structure(json.dumps({"format": 1, "state": _template_document(view)}))
        if self._template.rules_hash != rules.content_hash:
            raise ValueError(f"the observation's ruleset is not {rules.name!r}")
        players = view["players"]
        # A hand the observation shows only as a count: another player's, or the Scholar's
        # face-down deck, hidden from every seat (its own included).
        self._hands = {
            p: pl["objectives"] for p, pl in enumerate(players) if _is_count(pl["objectives"])
        }
        solo = view.get("solo")
        seen: Counter[Any] = Counter(c for pl in players for c in pl["completed"])
        for pl in players:
            if not _is_count(pl["objectives"]):
                seen.update(pl["objectives"])
        if solo is not None:
            seen.update(c for c in solo["slots"] if c is not None)
        twice = sorted(str(c) for c, n in seen.items() if n > 1)
        if twice:
            raise ValueError(f"Objective card(s) {', '.join(twice)} seen twice")
        cards, strings = seen_in_events(events)
        seen.update(cards)
        self._cards = sorted(set(rules.objective_cards) - set(seen))
        wanted = sum(self._hands.values())
        if wanted > len(self._cards):
            raise ValueError(
                f"the observation hides {wanted} Objective cards but only "
                f"{len(self._cards)} are unseen"
            )
        counts = [] if solo is None else solo["bag_counts"]
        if len(counts) not in (0, len(rules.disciplines)) or not all(map(_is_count, counts)):
            raise ValueError(f"bag_counts must be {len(rules.disciplines)} counts, got {counts!r}")
        self._bag = tuple(
            sorted(d for d, n in zip(rules.disciplines, counts, strict=False) for _ in range(n))
        )
        visible = set(_strings(view)) | strings
        # Per market column and pile: how many tiles lie below the top, and which may.
        self._piles: list[dict[str, tuple[int, list[str]]]] = []
        for d, column in zip(rules.disciplines, view["market"], strict=True):
            hidden: dict[str, tuple[int, list[str]]] = {}
            for pile, level in _PILES:
                count = column[f"{pile}_count"]
                if not _is_count(count) or (count > 0) != (column[f"{pile}_top"] is not None):
                    raise ValueError(f"the {d} market's {pile} count {count!r} fits no pile")
                unseen = sorted(
                    c.id
                    for c in rules.tables.classes.advanced
                    if c.discipline == d and c.level == level and c.id not in visible
                )
                if len(unseen) < count - 1:
                    raise ValueError(
                        f"the {d} market's {pile} holds {count} tiles, but only "
                        f"{len(unseen)} unseen ones could lie below its top"
                    )
                hidden[pile] = (max(count - 1, 0), unseen)
            self._piles.append(hidden)

    def sample(self, rng: random.Random) -> State:
        """A full state agreeing with the observation, its hidden parts drawn from ``rng``.

        The state is new and sealed like any the library hands out.
        """
        state = self._template.clone()
        state.seed = rng.getrandbits(SEED_BITS)
        cards = self._cards.copy()
        rng.shuffle(cards)
        for p, n in self._hands.items():
            hand = tuple(cards.pop() for _ in range(n))
            # The Scholar's deck keeps no order (issue 39): a sorted tuple, as in any state.
            state.players[p].objectives = tuple(sorted(hand)) if state.is_scholar(p) else hand
        if state.solo is not None:
            state.solo.bag = self._bag
        market = []
        for column, hidden in zip(state.market, self._piles, strict=True):
            below = {pile: sorted(rng.sample(unseen, n)) for pile, (n, unseen) in hidden.items()}
            market.append(
                MarketColumn(
                    column.level3,
                    column.pile2[:1] + tuple(below["pile2"]),
                    column.shown2,
                    column.pile1[:1] + tuple(below["pile1"]),
                    column.shown1,
                )
            )
        state.market = tuple(market)
        state.seal()  # a state like any the library hands out
        return state


# ---- helpers ---------------------------------------------------------------------------------


def _is_count(value: object) -> bool:
    """Whether ``value`` is what an observation puts in place of hidden things: a count."""
    return type(value) is int and value >= 0


def _viewer(view: Mapping[str, Any]) -> int:
    viewer = view["viewer"]
    players = view["players"]
    if type(viewer) is not int or not isinstance(players, list) or not 0 <= viewer < len(players):
        raise ValueError(f"viewer {viewer!r} is not a seat of the game")
    return viewer


def seen_in_events(events: Iterable[Mapping[str, Any]]) -> tuple[set[Any], set[str]]:
    """The Objective cards and the words (tile ids among them) that ``events`` name.

    A card or tile an event named was seen: it is in no hidden hand, deck or pile, whether it
    is still in sight (completed, in a slot) or left play (the Scholar's draft card, back in
    the box; a Class tile replaced on a player board).
    """
    cards: set[Any] = set()
    strings: set[str] = set()
    for event in events:
        detail = event.get("detail", {})
        if "card" in detail:
            cards.add(detail["card"])
        strings.update(_strings(detail))
    return cards, strings


def _template_document(view: Mapping[str, Any]) -> dict[str, Any]:
    """The state's JSON fields from an observation, its hidden parts left empty."""
    document = {k: v for k, v in view.items() if k not in _OBSERVATION_ONLY}
    document["seed"] = 0
    document["players"] = [
        {**pl, "objectives": []} if _is_count(pl["objectives"]) else pl for pl in view["players"]
    ]
    document["market"] = [
        {
            "level3": c["level3"],
            "pile2": [c["pile2_top"]] if c["pile2_top"] is not None else [],
            "shown2": c["shown2"],
            "pile1": [c["pile1_top"]] if c["pile1_top"] is not None else [],
            "shown1": c["shown1"],
        }
        for c in view["market"]
    ]
    solo = view.get("solo")
    if solo is not None:
        plain = {k: v for k, v in solo.items() if k != "bag_counts"}
        document["solo"] = {**plain, "bag": []}
    return document


def _strings(value: Any) -> Iterator[str]:
    """Every string in JSON-like ``value``, dict keys included."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)
