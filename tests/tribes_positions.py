"""Building Five Tribes test positions: a known grid, meeples put by hand, a move to make.

``position()`` lays the tiles in table order (so the grid below is always the same), takes
every meeple off the board into the bag, and leaves the agenda empty; ``put`` moves meeples
from the bag to a cell, ``ask`` puts a decision on the agenda. The components stay conserved,
so every position is a sound state; ``explicit`` makes a draft's draws wait for the test to
name what is drawn (``draw fish``: the chance steps of issue 39). States are values:
``position()`` is an editable draft (``clone()``), and a state ``apply`` returns is sealed, so
a test edits ``state.clone()``; the helpers replace the containers they change (tuples) and
never change a sealed part.

    a1-a6  oasis-1..6          b1-b6  small-market-1..6
    c1-c5  village-1..5        c6     small-market-7
    d1-d4  sacred-place-1..4   d5     sacred-place-5 (10 points)   d6  small-market-8
    e1-e4  large-market-1..4   e5     sacred-place-6 (12)          e6  sacred-place-7 (15)

Blue values: the Villages and the Sacred Places (c1-c5, d1-d5, e5, e6).
"""

from __future__ import annotations

from typing import Any

import sankore_rules as sr
from sankore_rules.core.shared import adjusted, removed, replaced_at
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.state import FiveTribesState, Move, player_to_change

TRIBES = sr.load_rules(game="five_tribes")
COLOURS = TRIBES.colours  # yellow, white, green, blue, red


def position(players: int = 2, seed: int = 1) -> FiveTribesState:
    """A game with the tiles in table order, an empty board and an empty agenda."""
    state = sr.new_game(players=players, seed=seed, game="five_tribes").clone()
    state.tiles = tuple(t.id for t in TRIBES.tables.sultanate.tile)
    state.bag = TRIBES.meeple_counts
    state.meeples = ((0,) * len(COLOURS),) * len(TRIBES.cells)
    state.agenda = ()
    state.events = []
    return state


def explicit(state: FiveTribesState) -> FiveTribesState:
    """``state`` (a draft) in the explicit mode of chance: every draw waits for ``draw <x>``."""
    state.explicit_chance = True
    return state


def put(state: FiveTribesState, cell: str, *colours: str) -> None:
    """Move meeples of ``colours`` (one per word) from the bag onto ``cell``."""
    i = TRIBES.cell_index[cell]
    for colour in colours:
        c = COLOURS.index(colour)
        assert state.bag[c] > 0
        state.bag = adjusted(state.bag, c, -1)
        state.meeples = replaced_at(state.meeples, i, adjusted(state.meeples[i], c, 1))


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
    state.bag = adjusted(state.bag, c, -n)
    p = player_to_change(state, player)
    p.pool = adjusted(p.pool, c, n)


def deal(state: FiveTribesState, player: int, *cards: str) -> None:
    """Move resource cards from the deck (or, when it has none left, the market) into a hand."""
    for card in cards:
        if card in state.deck:
            state.deck = removed(state.deck, card)
        else:
            state.market = removed(state.market, card)
        holder = player_to_change(state, player)
        if card == "fakir":
            holder.fakirs += 1
        else:
            holder.goods = (*holder.goods, card)


def show(state: FiveTribesState, *djinns: str) -> None:
    """Put ``djinns`` on display (each swapped with the display's last one)."""
    for d in djinns:
        if d not in state.djinn_display:
            # The deck keeps no order: its Djinns sorted, as the rules keep them.
            state.djinn_deck = tuple(
                sorted((*removed(state.djinn_deck, d), state.djinn_display[-1]))
            )
            state.djinn_display = (d, *state.djinn_display[:-1])


def own(state: FiveTribesState, player: int, *djinns: str) -> None:
    """Give ``player`` the ``djinns``, from the deck or the display."""
    for d in djinns:
        if d in state.djinn_deck:
            state.djinn_deck = removed(state.djinn_deck, d)
        else:
            state.djinn_display = removed(state.djinn_display, d)
        holder = player_to_change(state, player)
        holder.djinns = (*holder.djinns, d)


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
    state.bag = adjusted(state.bag, c, -1)
    hand = tuple(int(i == c) for i in range(len(COLOURS)))
    cell = TRIBES.cell_index[via]
    state.move = Move(cell, cell, -1, hand)
    state.agenda = (*below, Task("drop", player))
    return sr.apply(state, f"drop {target} {colour}")
