"""Determinization: full states that agree with everything one player sees.

A search bot under hidden information cannot look at the other players' Objective cards, the
order of the market's piles, the Scholar's deck and bag or the seed, but it can play out
states in which those hidden parts are redrawn.
[`Determinizer`][sankore_rules.interfaces.search.Determinizer] builds them from an observation
alone (the dict of [`observation`][sankore_rules.observation]), so a bot built on it cannot see
what its player may not: the true state never reaches it.

Each sample redraws, uniformly among the arrangements consistent with the observation:

- the other players' Objective cards (and in a solo game the Scholar's face-down deck, in its
  order, and the card waiting face down for its draft), from the cards the viewer has not
  seen: not in the viewer's hand, not completed, not in the Scholar's card slots, not named by
  the last action's events;
- each market pile below its visible top tile: its tiles and their order, from the tiles of
  that discipline and level seen nowhere (tiles replaced on a player board leave the game, so
  the unseen ones may be more than the pile holds);
- in a solo game, the draw order of the Scholar's bag, from its visible counts;
- the seed, so that the draws still to come (a Student put into the Scholar's bag) differ too.

What an observation does not keep is not taken into account: a card or tile seen once and
put back in the box (the solo draft card after the Scholar's draft, a Class tile replaced on a
player board) may be drawn into a sample's hidden parts once the events naming it are gone.

Examples:
    >>> import random
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=3, seed=4)
    >>> sampled = sample_state(state, 0, random.Random(1))
    >>> sr.observation(sampled, 0) == sr.observation(state, 0)
    True
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

from sankore_rules import api
from sankore_rules.sankore.state import MarketColumn, State
from sankore_rules.sankore.state import from_json as _structure

__all__ = ["Determinizer", "sample_state"]

#: Sampled states get a fresh seed below this bound (any seed the game takes would do).
SEED_SPACE = 2**64

#: The market piles an observation shows only the top of, and the level of their tiles.
_PILES = (("pile1", 1), ("pile2", 2))


class Determinizer:
    """Draws full states consistent with one player's observation.

    Built once per observation (it parses and checks it, a few milliseconds); each
    [`sample`][sankore_rules.interfaces.search.Determinizer.sample] then costs a state's
    clone and a few shuffles.

    Args:
        view: what [`observation`][sankore_rules.observation] returned for the viewing player.

    Raises:
        ValueError: when ``view`` is not an observation of a state of a loaded ruleset, or
            its hidden parts cannot be filled (more hidden cards than unseen ones).
    """

    def __init__(self, view: dict[str, Any]) -> None:
        try:
            self.viewer: int = view["viewer"]
            document = _template_document(view)
            self._template = _structure(json.dumps({"format": 1, "state": document}))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"not an observation of a game state: {exc}") from exc
        rules = api.rules_of(self._template)
        self._hands = {
            p: pl["objectives"]
            for p, pl in enumerate(view["players"])
            if p != self.viewer and isinstance(pl["objectives"], int)
        }
        solo = view.get("solo")
        self._drafting = solo is not None and any(
            t["kind"] == "scholar_draft" for t in view["agenda"]
        )
        seen = {c for pl in view["players"] for c in pl["completed"]}
        seen.update(view["players"][self.viewer]["objectives"])
        if solo is not None:
            seen.update(solo["slots"])
        seen.update(
            e["detail"]["card"] for e in view.get("events", ()) if "card" in e.get("detail", {})
        )
        self._cards = sorted(set(rules.objective_cards) - seen)
        wanted = sum(self._hands.values()) + self._drafting
        if wanted > len(self._cards):
            raise ValueError(
                f"the observation hides {wanted} Objective cards but only "
                f"{len(self._cards)} are unseen"
            )
        counts = [] if solo is None else solo["bag_counts"]
        self._bag = [d for d, n in zip(rules.disciplines, counts, strict=False) for _ in range(n)]
        visible = set(_strings(view))
        # Per market column and pile: how many tiles lie below the top, and which may.
        self._piles: list[dict[str, tuple[int, list[str]]]] = []
        for d, column in zip(rules.disciplines, view["market"], strict=True):
            hidden: dict[str, tuple[int, list[str]]] = {}
            for pile, level in _PILES:
                count = column[f"{pile}_count"]
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

    @classmethod
    def of(cls, state: State, player: int) -> Determinizer:
        """The determinizer of what ``player`` sees of ``state``."""
        return cls(api.observation(state, player))

    def sample(self, rng: random.Random) -> State:
        """A full state agreeing with the observation, its hidden parts drawn from ``rng``.

        The state is new and sealed like any the library hands out.
        """
        state = self._template.clone()
        state.seed = rng.randrange(SEED_SPACE)
        cards = self._cards.copy()
        rng.shuffle(cards)
        for p, n in self._hands.items():
            state.players[p].objectives = tuple(cards.pop() for _ in range(n))
        if state.solo is not None:
            if self._drafting:
                state.solo.draft_card = cards.pop()
            bag = self._bag.copy()
            rng.shuffle(bag)
            state.solo.bag = tuple(bag)
        market = []
        for column, hidden in zip(state.market, self._piles, strict=True):
            below = {pile: rng.sample(unseen, n) for pile, (n, unseen) in hidden.items()}
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


def sample_state(state: State, player: int, rng: random.Random) -> State:
    """A state ``player`` cannot tell from ``state``, its hidden parts redrawn from ``rng``.

    ``observation(sample_state(state, p, rng), p) == observation(state, p)``, and the sample
    plays on to the end like any state. Only ``observation(state, player)`` is read: see
    [`Determinizer`][sankore_rules.interfaces.search.Determinizer] for what is redrawn.

    Raises:
        ValueError: for a player the game does not have.
    """
    return Determinizer.of(state, player).sample(rng)


def _template_document(view: dict[str, Any]) -> dict[str, Any]:
    """The state's JSON fields from an observation, its hidden parts left empty."""
    document = {k: v for k, v in view.items() if k not in ("viewer", "decision")}
    document["seed"] = 0
    viewer = view["viewer"]
    document["players"] = [
        pl if p == viewer else {**pl, "objectives": []} for p, pl in enumerate(view["players"])
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
        document["solo"] = {**plain, "bag": [], "draft_card": None}
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
