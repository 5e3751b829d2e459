"""Setting up a game of Five Tribes (FT-SET-1..5), settled to the first bid."""

from __future__ import annotations

import random

from sankore_rules.core.tasks import Task
from sankore_rules.core.values import draft_of
from sankore_rules.five_tribes.board import GAME, FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import FAKIR
from sankore_rules.five_tribes.state import FiveTribesState, TribesPlayer

__all__ = ["SEED_BOUND", "new_five_tribes"]

#: Seeds lie strictly between -SEED_BOUND and SEED_BOUND, as in every game of the library.
SEED_BOUND = 2**256


def new_five_tribes(
    rules: FiveTribesRules, players: object, seed: object, explicit: bool = False
) -> FiveTribesState:
    """A new game for 2-4 players, waiting for the first bid.

    The setup's shuffles and deals are drawn at once from the seed; what is left of the decks
    keeps no order (sorted): the draws of play are chance steps (``draws.py``), which wait for
    the caller when ``explicit``.

    Raises:
        ValueError: for a player count other than 2, 3 or 4, or a seed that is not an integer
            strictly between -2**256 and 2**256.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_BOUND < seed < SEED_BOUND:
        raise ValueError("seed must be an integer strictly between -2**256 and 2**256")
    rng = random.Random(f"five_tribes:{seed}:setup")
    tables = rules.tables
    # FT-SET-1: the 30 tiles shuffled onto the grid.
    tiles = [t.id for t in tables.sultanate.tile]
    rng.shuffle(tiles)
    # FT-SET-2: the table's number of meeples (three) drawn at random for each tile.
    bag = [c for c, count in enumerate(rules.meeple_counts) for _ in range(count)]
    rng.shuffle(bag)
    width = len(rules.colours)
    per_tile = tables.meeples.per_tile
    meeples: list[tuple[int, ...]] = []
    for cell in range(len(rules.cells)):
        counts = [0] * width
        for colour in bag[per_tile * cell : per_tile * (cell + 1)]:
            counts[colour] += 1
        meeples.append(tuple(counts))
    left = [0] * width
    for colour in bag[per_tile * len(rules.cells) :]:
        left[colour] += 1
    # FT-SET-3: the resource deck and the Djinns, shuffled; 9 and 3 of them face up.
    deck = [g.id for g in tables.cards.good for _ in range(g.count)]
    deck += [FAKIR] * tables.cards.fakirs
    rng.shuffle(deck)
    djinns = [d.id for d in tables.djinns.djinn]
    rng.shuffle(djinns)
    market, deck = deck[: tables.cards.market], deck[tables.cards.market :]
    display, djinns = djinns[: tables.djinns.display], djinns[tables.djinns.display :]
    # FT-SET-4, FT-SET-5 (ruling FT-AMB-3): camels, markers and 50 coins each.
    allotment = rules.per_count[players]
    coins = tables.tracks.start_coins
    markers = [p for p in range(players) for _ in range(allotment.markers)]
    order = list(range(len(markers)))
    rng.shuffle(order)  # the first round's turn order is drawn
    cells = len(rules.cells)
    state = draft_of(FiveTribesState)(
        game=GAME,
        rules_name=rules.name,
        rules_hash=rules.content_hash,
        player_count=players,
        seed=seed,
        draws=0,
        explicit_chance=explicit,
        tiles=tuple(tiles),
        meeples=tuple(meeples),
        camels=(None,) * cells,
        palms=(0,) * cells,
        palaces=(0,) * cells,
        bag=tuple(left),
        players=tuple(
            draft_of(TribesPlayer)(coins, allotment.camels, (0,) * width, (), 0, ())
            for _ in range(players)
        ),
        deck=tuple(sorted(deck)),
        market=tuple(market),
        discard=(),
        djinn_deck=tuple(sorted(djinns)),
        djinn_display=tuple(display),
        djinn_discard=(),
        palm_supply=tables.tracks.palms,
        palace_supply=tables.tracks.palaces,
        bank=tables.tracks.bank - players * coins,
        markers=tuple(markers),
        bid_order_track=tuple[int | None, ...](order),
        turn_order_track=(None,) * len(tables.tracks.bids),
        round=1,
        move=None,
        used_powers=(),
        end_triggered=False,
        end_cause=None,
        game_over=False,
        agenda=(Task("auction", -1),),
    )
    ENGINE.settle(rules, state)
    state.seal()  # handed out as a value, like every state the library gives
    return state
