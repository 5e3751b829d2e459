"""The draws of play as chance steps: a card, a Djinn or a meeple drawn (issue 39).

The resource deck and the Djinn deck keep no order (their cards sorted) and the bag is
counted per colour, so a state does not know what comes next: every draw during play is a
chance step of the engine (``core/chance.py``) with one outcome per kind of component left,
weighted by how many of it are left: ``draw fish`` (a good, or ``draw fakir``), ``draw
<djinn>``, ``draw <colour>``. A rule pushes the step before anything uses what it draws, and
the step's resolution moves the component drawn and carries on: by default at once, from the
state's generator; in the explicit mode (``new_game(..., chance="explicit")``), when the
caller applies an outcome. At the step every seat still sees the table as it was.

- ``turn_card``, ``turn_djinn``: the round's clean-up turns one card onto the market, one
  Djinn onto the display (``round.py`` pushes them one at a time, until both are full);
- ``draw_card``: cards into a player's hand (a draw_card power, a Merchant killed by an
  assassin_spoils power), one step per card;
- ``draw_djinn``: the Djinns of a draw_djinns power, face up onto the Djinn discard pile
  (ruling FT-ENGINE-10), one step per Djinn, then the ``keep`` decision;
- ``draw_meeple``: the meeples of a fill_tile power, from the bag onto the tile chosen;
- ``deal_tile``, ``deal_meeple``, ``deal_marker``: the setup's deal in the explicit mode
  (``setup.py``): a tile onto the next cell of the grid (``draw <tile>``: one outcome per kind
  of identical tiles left, which names the first of them in the table's order), a meeple from
  the bag onto the next tile short of its three, a marker onto the next space of the Bid Order
  Track (``draw p<player>``: one outcome per player whose markers are not all placed, the
  first of them taking the space). The market and the Djinn display are filled by
  ``turn_card`` and ``turn_djinn``, as at the end of a round.

When a deck is empty as a card or Djinn is needed, its discard pile becomes the deck (ruling
FT-ENGINE-4): a deck keeps no order, so the reshuffle is only the discarded cards becoming the
deck's, logged as ``reshuffled``. The Djinns a draw_djinns power has drawn so far wait on the
discard pile but are not discarded yet: they are not taken back into the deck.
"""

from __future__ import annotations

from collections import Counter
from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.engine import log, push
from sankore_rules.core.shared import removed, replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import add, take_card
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = [
    "CHANCE_ARGS",
    "cards_left",
    "djinns_left",
    "draw_cards",
    "draw_djinns",
    "draw_meeples",
    "from_bag",
    "place_marker",
    "place_tile",
    "to_row",
    "turn_card",
    "turn_djinn",
    "unplaced_markers",
]

#: Every outcome of a draw: ``draw <card, Djinn or colour>``.
_DRAW: Final = OneWordActions("draw")

#: The arguments of each chance step (all small integers, as every task's).
CHANCE_ARGS: dict[str, tuple[str, ...]] = {
    "turn_card": (),
    "turn_djinn": (),
    "draw_card": ("player", "left"),
    "draw_djinn": ("player", "left", "count"),
    "draw_meeple": ("player", "cell", "left"),
    "deal_tile": ("cell",),
    "deal_meeple": ("cell",),
    "deal_marker": (),
}


def _counted(pile: tuple[str, ...]) -> list[tuple[Action, int]]:
    """One outcome per kind of card in ``pile``, weighted by how many of it it holds."""
    return [(_DRAW[card], n) for card, n in sorted(Counter(pile).items())]


def _cards(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[tuple[Action, int]]:
    return _counted(state.deck)


def _djinns(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[tuple[Action, int]]:
    return _counted(state.djinn_deck)


def _meeples(
    rules: FiveTribesRules, state: FiveTribesState, task: Task
) -> list[tuple[Action, int]]:
    return [(_DRAW[rules.colours[c]], n) for c, n in enumerate(state.bag) if n]


def _drawn(state: FiveTribesState, action: Action | None, deck: str, onto: str = "") -> str:
    """The card or Djinn the outcome ``action`` names, taken out of the pile ``deck``.

    With ``onto``, it goes to the end of that row or pile of the state.
    """
    assert action is not None
    drawn = action.args[0]
    to_row(state, drawn, deck, onto)
    return drawn


def to_row(state: FiveTribesState, card: str, deck: str, onto: str = "") -> None:
    """The card or Djinn ``card`` out of the pile ``deck``, to the end of the row ``onto``.

    (With no ``onto``, it is only taken out: the caller puts it where it goes.)
    """
    setattr(state, deck, removed(getattr(state, deck), card))
    if onto:
        setattr(state, onto, (*getattr(state, onto), card))


# ---- the resource deck ---------------------------------------------------------------------------


def cards_left(state: FiveTribesState) -> bool:
    """Whether a card can be drawn: the deck, or the discard pile that would become it."""
    return bool(state.deck or state.discard)


def _card_ready(state: FiveTribesState) -> bool:
    """Whether the deck has a card to draw, its discard pile made the deck if it was empty."""
    if not state.deck and state.discard:
        state.deck, state.discard = tuple(sorted(state.discard)), ()
        log(state, "reshuffled", None, cards=len(state.deck))
    return bool(state.deck)


def turn_card(state: FiveTribesState) -> Task | None:
    """The chance step turning one card onto the market; None when no card is left."""
    return Task("turn_card", CHANCE, {}) if _card_ready(state) else None


def draw_cards(state: FiveTribesState, player: int, count: int) -> None:
    """Push the draw of ``count`` cards into ``player``'s hand, as many as are left."""
    if count > 0 and _card_ready(state):
        push(state, Task("draw_card", CHANCE, {"player": player, "left": count}))


@ENGINE.chance(
    "turn_card", outcomes=_cards, prompt="Turn a resource card onto the market", answers=("draw",)
)
def resolve_turn_card(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-RND-2: the card drawn goes to the end of the market."""
    _drawn(state, action, "deck", "market")


@ENGINE.chance("draw_card", outcomes=_cards, prompt="Draw a resource card", answers=("draw",))
def resolve_draw_card(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """A card drawn into the player's hand (FT-PUB-DJ-21, FT-PUB-DJ-12); then the next one."""
    card, player = _drawn(state, action, "deck"), task.args["player"]
    take_card(state, player, card)
    log(state, "drew", player, card=card)
    draw_cards(state, player, task.args["left"] - 1)


# ---- the Djinn deck ------------------------------------------------------------------------------


def djinns_left(state: FiveTribesState) -> bool:
    """Whether a Djinn can be drawn: the Djinn deck, or the discards that would become it."""
    return bool(state.djinn_deck or state.djinn_discard)


def _djinn_ready(state: FiveTribesState, waiting: int) -> bool:
    """Whether the Djinn deck has a Djinn to draw, its discards made the deck if it was empty.

    The last ``waiting`` Djinns of the discard pile were drawn by the power being used: they
    are not discarded yet, so they stay out of the new deck.
    """
    kept = len(state.djinn_discard) - waiting
    if not state.djinn_deck and kept > 0:
        state.djinn_deck = tuple(sorted(state.djinn_discard[:kept]))
        state.djinn_discard = state.djinn_discard[kept:]
        log(state, "reshuffled", None, djinns=len(state.djinn_deck))
    return bool(state.djinn_deck)


def turn_djinn(state: FiveTribesState) -> Task | None:
    """The chance step turning one Djinn onto the display; None when no Djinn is left."""
    return Task("turn_djinn", CHANCE, {}) if _djinn_ready(state, 0) else None


def draw_djinns(state: FiveTribesState, player: int, left: int, count: int = 0) -> None:
    """Push the draw of ``left`` more Djinns for ``player``'s draw_djinns power.

    ``count`` were drawn already; once no more are to be drawn (or none is left), they are
    logged and ``player`` chooses the one kept (FT-PUB-DJ-20).
    """
    if left > 0 and _djinn_ready(state, count):
        args = {"player": player, "left": left, "count": count}
        push(state, Task("draw_djinn", CHANCE, args))
        return
    drawn = list(state.djinn_discard[len(state.djinn_discard) - count :]) if count else []
    log(state, "drew_djinns", player, djinns=drawn)
    push(state, Task("keep", player, {"count": count}))


@ENGINE.chance(
    "turn_djinn", outcomes=_djinns, prompt="Turn a Djinn onto the display", answers=("draw",)
)
def resolve_turn_djinn(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-RND-2: the Djinn drawn goes to the end of the display."""
    _drawn(state, action, "djinn_deck", "djinn_display")


@ENGINE.chance("draw_djinn", outcomes=_djinns, prompt="Draw a Djinn", answers=("draw",))
def resolve_draw_djinn(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """A Djinn of a draw_djinns power, face up onto the discard pile (ruling FT-ENGINE-10)."""
    _drawn(state, action, "djinn_deck", "djinn_discard")
    args = task.args
    draw_djinns(state, args["player"], args["left"] - 1, args["count"] + 1)


# ---- the bag -------------------------------------------------------------------------------------


def draw_meeples(state: FiveTribesState, player: int, cell: int, count: int) -> None:
    """Push the draw of ``count`` meeples from the bag onto ``cell``, as many as it holds."""
    if count > 0 and any(state.bag):
        args = {"player": player, "cell": cell, "left": count}
        push(state, Task("draw_meeple", CHANCE, args))


@ENGINE.chance(
    "draw_meeple", outcomes=_meeples, prompt="Draw a meeple from the bag", answers=("draw",)
)
def resolve_draw_meeple(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """A meeple of the fill_tile power (FT-PUB-DJ-2) from the bag onto its tile."""
    assert action is not None
    colour = rules.colour_index[action.args[0]]
    player, cell = task.args["player"], task.args["cell"]
    from_bag(state, cell, colour)
    log(state, "drawn", player, colour=action.args[0], cell=rules.cells[cell])
    draw_meeples(state, player, cell, task.args["left"] - 1)


def from_bag(state: FiveTribesState, cell: int, colour: int) -> None:
    """One meeple of ``colour`` (its index) out of the bag onto ``cell``."""
    state.bag = add(state.bag, colour, -1)
    state.meeples = replaced_at(state.meeples, cell, add(state.meeples[cell], colour, 1))


# ---- the setup's deal (the explicit mode; ``setup.py`` pushes each step) ----------------------


def place_tile(state: FiveTribesState, cell: int, tile: str) -> None:
    """FT-SET-1: the tile ``tile`` onto the empty ``cell``."""
    state.tiles = replaced_at(state.tiles, cell, tile)


def place_marker(state: FiveTribesState, marker: int) -> None:
    """The first round's turn order: ``marker`` onto the next free space of the Bid Order Track."""
    space = state.bid_order_track.index(None)
    state.bid_order_track = replaced_at(state.bid_order_track, space, marker)


def _tiles(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[tuple[Action, int]]:
    """One outcome per kind of identical tiles left (kind, points, blue value), weighted.

    The weight is how many of that kind are left; the outcome names the first of them in the
    table's order, the one the deal puts down (identical tiles differ only by their ids).
    """
    placed = set(state.tiles)
    first: dict[tuple[str, int, bool], str] = {}
    left: Counter[tuple[str, int, bool]] = Counter()
    for tile in rules.tables.sultanate.tile:
        if tile.id not in placed:
            same = (tile.kind, tile.points, tile.blue)
            first.setdefault(same, tile.id)
            left[same] += 1
    return sorted((_DRAW[first[same]], n) for same, n in left.items())


def unplaced_markers(state: FiveTribesState) -> list[int]:
    """The markers on neither track (during the setup's deal: not yet dealt), in order."""
    placed = {m for m in (*state.bid_order_track, *state.turn_order_track) if m is not None}
    return [m for m in range(len(state.markers)) if m not in placed]


def _markers(
    rules: FiveTribesRules, state: FiveTribesState, task: Task
) -> list[tuple[Action, int]]:
    """One outcome per player with markers still to place, weighted by how many."""
    left = Counter(state.markers[m] for m in unplaced_markers(state))
    return [(_DRAW[f"p{player}"], n) for player, n in sorted(left.items())]


@ENGINE.chance(
    "deal_tile", outcomes=_tiles, prompt="Deal a tile onto the Sultanate", answers=("draw",)
)
def resolve_deal_tile(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-SET-1: the tile drawn goes onto the step's cell."""
    assert action is not None
    place_tile(state, task.args["cell"], action.args[0])


@ENGINE.chance(
    "deal_meeple", outcomes=_meeples, prompt="Deal a meeple from the bag", answers=("draw",)
)
def resolve_deal_meeple(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-SET-2: the meeple drawn goes onto the step's tile."""
    assert action is not None
    from_bag(state, task.args["cell"], rules.colour_index[action.args[0]])


@ENGINE.chance(
    "deal_marker",
    outcomes=_markers,
    prompt="Draw the next marker of the first turn order",
    answers=("draw",),
)
def resolve_deal_marker(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """FT-SET-5: the player drawn puts their first marker left on the Bid Order Track."""
    assert action is not None
    player = int(action.args[0][1:])
    place_marker(state, next(m for m in unplaced_markers(state) if state.markers[m] == player))
