"""Building Five Tribes test positions: a known grid, meeples put by hand, a move to make.

``position()`` lays the tiles in table order (so the grid below is always the same), takes
every meeple off the board into the bag, and leaves the agenda empty; ``put`` moves meeples
from the bag to a cell, ``ask`` puts a decision on the agenda. The components stay conserved,
so every position is a sound state.

    a1-a6  oasis-1..6         b1-b6  oasis-7..12
    c1-c5  village-1..5       c6     small-market-1
    d1-d5  small-market-2..6  d6     great-market-1
    e1-e2  great-market-2..3  e3-e6  sacred-place-1..4
"""

from __future__ import annotations

from typing import Any

import sankore_rules as sr
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.state import FiveTribesState, Move

TRIBES = sr.load_rules(game="five_tribes")
COLOURS = TRIBES.colours  # yellow, white, green, blue, red


def position(players: int = 2, seed: int = 1) -> FiveTribesState:
    """A game with the tiles in table order, an empty board and an empty agenda."""
    state = sr.new_game(players=players, seed=seed, game="five_tribes").clone()
    state.tiles = [t.id for t in TRIBES.tables.sultanate.tile]
    state.bag = TRIBES.meeple_counts
    state.meeples = [(0,) * len(COLOURS)] * len(TRIBES.cells)
    state.agenda = ()
    state.events = []
    return state


def put(state: FiveTribesState, cell: str, *colours: str) -> None:
    """Move meeples of ``colours`` (one per word) from the bag onto ``cell``."""
    i = TRIBES.cell_index[cell]
    for colour in colours:
        c = COLOURS.index(colour)
        assert state.bag[c] > 0
        state.bag = (*state.bag[:c], state.bag[c] - 1, *state.bag[c + 1 :])
        counts = state.meeples[i]
        state.meeples[i] = (*counts[:c], counts[c] + 1, *counts[c + 1 :])


def on(state: FiveTribesState, cell: str) -> dict[str, int]:
    """The meeples on ``cell`` by colour, colours with none left out."""
    counts = state.meeples[TRIBES.cell_index[cell]]
    return {c: n for c, n in zip(COLOURS, counts, strict=True) if n}


def pool(state: FiveTribesState, player: int) -> dict[str, int]:
    """A player's kept meeples by colour, colours with none left out."""
    counts = state.players[player].pool
    return {c: n for c, n in zip(COLOURS, counts, strict=True) if n}


def give(state: FiveTribesState, player: int, colour: str, n: int) -> None:
    """Move ``n`` meeples of ``colour`` from the bag into a player's pool."""
    c = COLOURS.index(colour)
    state.bag = (*state.bag[:c], state.bag[c] - n, *state.bag[c + 1 :])
    p = state.players[player]
    p.pool = (*p.pool[:c], p.pool[c] + n, *p.pool[c + 1 :])


def deal(state: FiveTribesState, player: int, *cards: str) -> None:
    """Move resource cards from the deck into a player's hand."""
    for card in cards:
        state.deck.remove(card)
        if card == "fakir":
            state.players[player].fakirs += 1
        else:
            state.players[player].goods.append(card)


def ask(state: FiveTribesState, kind: str, player: int, **args: Any) -> FiveTribesState:
    """``state`` with the decision ``kind`` on top of its agenda (settled if automatic)."""
    state.agenda = (*state.agenda, Task(kind, player, dict(args)))
    from sankore_rules.five_tribes.game import ENGINE

    ENGINE.settle(TRIBES, state)
    return state


def play(state: FiveTribesState, *actions: str) -> FiveTribesState:
    """``state`` after the actions, in notation."""
    for action in actions:
        state = sr.apply(state, action)
    return state


def legal(state: FiveTribesState) -> list[str]:
    """The legal actions' notation."""
    return [str(a) for a in sr.legal_actions(state)]


def codes(state: FiveTribesState, action: str) -> list[str]:
    """The codes of the reasons ``action`` is refused with."""
    return [r.code for r in sr.explain(state, action)]


def arrive(
    state: FiveTribesState,
    via: str,
    target: str,
    colour: str,
    player: int = 0,
    below: tuple[Task, ...] = (),
) -> FiveTribesState:
    """``player`` ends a move on ``target``: one meeple of ``colour`` (from the bag) in hand on
    ``via``, next to it, dropped there. ``target`` must hold that colour already. ``below``
    are the tasks left on the agenda under the move, the last one next."""
    c = COLOURS.index(colour)
    state.bag = (*state.bag[:c], state.bag[c] - 1, *state.bag[c + 1 :])
    hand = tuple(int(i == c) for i in range(len(COLOURS)))
    cell = TRIBES.cell_index[via]
    state.move = Move(cell, cell, -1, hand)
    state.agenda = (*below, Task("drop", player))
    return sr.apply(state, f"drop {target} {colour}")
