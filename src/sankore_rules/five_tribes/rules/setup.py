"""Setting up a game of Five Tribes (FT-SET-1..5), settled to the first bid.

The setup lays out an empty table (``empty_table``: no tile on the grid, every meeple in the
bag, the decks whole and the markers off the tracks), then deals it in one order: the 30 tiles
onto the grid cell by cell (FT-SET-1), three meeples from the bag onto each tile, cell by cell
(FT-SET-2), the nine cards of the market and the three Djinns of the display (FT-SET-3), and
the markers onto the Bid Order Track, which draws the first round's turn order (FT-SET-5).
The deal is done in one of two ways, by the same placing helpers (``draws.py``):

- by default, at once, from shuffles of a generator seeded by the game's seed, as it always
  was (so every seeded game replays);
- in the explicit mode of chance (``new_game(..., chance="explicit")``), by chance steps the
  caller resolves: the automatic step ``deal`` pushes the next one (``next_deal``) and itself
  again, until everything is dealt, then the first auction begins. Each step is a draw from
  what is left, one outcome per kind of component left weighted by its count (identical tiles
  are one kind, a player's markers are one kind), so a state mid-deal holds no order of what
  is still to come: what is left is the components the table lacks. No rule of the deal
  refuses a draw, so no draw is taken back.

A state mid-deal is a state like any other (``deal_problems`` says what makes one sound).
"""

from __future__ import annotations

import random
from typing import Final

import attrs

from sankore_rules.core.actions import Action
from sankore_rules.core.chance import CHANCE
from sankore_rules.core.engine import push
from sankore_rules.core.tasks import Task
from sankore_rules.core.values import draft_of
from sankore_rules.five_tribes.board import GAME, FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import FAKIR
from sankore_rules.five_tribes.rules.draws import from_bag, place_marker, place_tile, to_row
from sankore_rules.five_tribes.rules.round import next_refill
from sankore_rules.five_tribes.state import FiveTribesState, TribesPlayer

__all__ = ["SEED_BOUND", "deal_problems", "dealing", "empty_table", "new_five_tribes", "next_deal"]

#: Seeds lie strictly between -SEED_BOUND and SEED_BOUND, as in every game of the library.
SEED_BOUND = 2**256
#: The step that deals the setup in the explicit mode, waiting under each of its chance steps.
DEAL: Final = Task("deal", -1)
#: The first round's auction, under the deal.
AUCTION: Final = Task("auction", -1)


def new_five_tribes(
    rules: FiveTribesRules, players: object, seed: object, explicit: bool = False
) -> FiveTribesState:
    """A new game for 2-4 players: waiting for the first bid, or (``explicit``) for the deal.

    By default the setup is dealt at once from the seed; in the explicit mode the game starts
    at the deal's first chance step (see the module's docstring). The decks keep no order
    (sorted) either way: the draws of play are chance steps too (``draws.py``).

    Raises:
        ValueError: for a player count other than 2, 3 or 4, or a seed that is not an integer
            strictly between -2**256 and 2**256.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 2 <= players <= 4:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or not -SEED_BOUND < seed < SEED_BOUND:
        raise ValueError("seed must be an integer strictly between -2**256 and 2**256")
    state = empty_table(rules, players, seed, explicit)
    if explicit:
        state.agenda = (AUCTION, DEAL)
    else:
        _deal_from_seed(rules, state)
    ENGINE.settle(rules, state)
    state.seal()  # handed out as a value, like every state the library gives
    return state


def empty_table(rules: FiveTribesRules, players: int, seed: int, explicit: bool) -> FiveTribesState:
    """The table before the deal (a draft): no tile, every meeple in the bag, whole decks.

    Each player has their camels and coins (FT-SET-4, FT-SET-5, ruling FT-AMB-3); the markers
    are on neither track; the agenda holds the first auction.
    """
    tables = rules.tables
    width, cells = len(rules.colours), len(rules.cells)
    allotment = rules.per_count[players]
    coins = tables.tracks.start_coins
    markers = tuple(p for p in range(players) for _ in range(allotment.markers))
    return draft_of(FiveTribesState)(
        game=GAME,
        rules_name=rules.name,
        rules_hash=rules.content_hash,
        player_count=players,
        seed=seed,
        draws=0,
        explicit_chance=explicit,
        tiles=("",) * cells,
        meeples=((0,) * width,) * cells,
        camels=(None,) * cells,
        palms=(0,) * cells,
        palaces=(0,) * cells,
        bag=tuple(rules.meeple_counts),
        players=tuple(
            draft_of(TribesPlayer)(coins, allotment.camels, (0,) * width, (), 0, ())
            for _ in range(players)
        ),
        deck=tuple(sorted(_resource_cards(rules))),
        market=(),
        discard=(),
        djinn_deck=tuple(sorted(d.id for d in tables.djinns.djinn)),
        djinn_display=(),
        djinn_discard=(),
        palm_supply=tables.tracks.palms,
        palace_supply=tables.tracks.palaces,
        bank=tables.tracks.bank - players * coins,
        markers=markers,
        bid_order_track=(None,) * len(markers),
        turn_order_track=(None,) * len(tables.tracks.bids),
        round=1,
        move=None,
        used_powers=(),
        end_triggered=False,
        end_cause=None,
        game_over=False,
        agenda=(AUCTION,),
    )


def _resource_cards(rules: FiveTribesRules) -> list[str]:
    """The resource deck in the table's order, where the seeded shuffle starts from.

    Every good as many times as it counts, then the Fakirs.
    """
    cards = rules.tables.cards
    return [g.id for g in cards.good for _ in range(g.count)] + [FAKIR] * cards.fakirs


def _deal_from_seed(rules: FiveTribesRules, state: FiveTribesState) -> None:
    """The whole deal at once, from shuffles seeded by the game's seed (the default mode).

    The shuffles are the ones the library always made, in the same order, so a seed deals
    the table it always dealt.
    """
    rng = random.Random(f"five_tribes:{state.seed}:setup")
    tables = rules.tables
    tiles = [t.id for t in tables.sultanate.tile]
    rng.shuffle(tiles)
    bag = [c for c, count in enumerate(rules.meeple_counts) for _ in range(count)]
    rng.shuffle(bag)
    deck = _resource_cards(rules)
    rng.shuffle(deck)
    djinns = [d.id for d in tables.djinns.djinn]
    rng.shuffle(djinns)
    order = list(range(len(state.markers)))
    rng.shuffle(order)
    for cell, tile in enumerate(tiles):
        place_tile(state, cell, tile)
    per_tile = tables.meeples.per_tile
    for k, colour in enumerate(bag[: per_tile * len(rules.cells)]):
        from_bag(state, k // per_tile, colour)
    for card in deck[: tables.cards.market]:
        to_row(state, card, "deck", "market")
    for djinn in djinns[: tables.djinns.display]:
        to_row(state, djinn, "djinn_deck", "djinn_display")
    for marker in order:
        place_marker(state, marker)


# ---- the deal by chance steps (the explicit mode) ------------------------------------------------


def next_deal(rules: FiveTribesRules, state: FiveTribesState) -> Task | None:
    """The deal's next chance step, from what the table lacks; None once all is dealt.

    A tile for the first cell without one; then a meeple for the first tile short of its
    three; then a card for the market and a Djinn for the display (``round.next_refill``, as at
    the end of a round); then a marker for the Bid Order Track's first free space.
    """
    if "" in state.tiles:
        return Task("deal_tile", CHANCE, {"cell": state.tiles.index("")})
    per_tile = rules.tables.meeples.per_tile
    for cell, counts in enumerate(state.meeples):
        if sum(counts) < per_tile:
            return Task("deal_meeple", CHANCE, {"cell": cell})
    refill = next_refill(rules, state)
    if refill is not None:
        return refill
    return Task("deal_marker", CHANCE, {}) if None in state.bid_order_track else None


@ENGINE.step("deal")
def resolve_deal(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Push the deal's next chance step and this step after it; nothing once all is dealt."""
    step = next_deal(rules, state)
    if step is not None:
        push(state, step, task)


def dealing(state: FiveTribesState) -> bool:
    """Whether the setup is being dealt (the explicit mode, before the first auction)."""
    return DEAL in state.agenda


#: The fields the deal changes: every other one is the empty table's until the deal is done.
_DEALT = frozenset(
    {
        "seed",
        "draws",
        "tiles",
        "meeples",
        "bag",
        "deck",
        "market",
        "djinn_deck",
        "djinn_display",
        "bid_order_track",
        "agenda",
        "events",
    }
)


def _slots(rules: FiveTribesRules, state: FiveTribesState) -> list[tuple[str, bool]]:
    """Every place the deal fills, in the deal's order: its name and whether it is filled."""
    per_tile = rules.tables.meeples.per_tile
    cells = rules.cells
    slots = [(f"tiles: {name}", bool(tile)) for name, tile in zip(cells, state.tiles, strict=True)]
    slots += [
        (f"meeples: {name}", k < sum(counts))
        for name, counts in zip(cells, state.meeples, strict=True)
        for k in range(per_tile)
    ]
    rows = (
        ("market", len(state.market), rules.tables.cards.market),
        ("djinn_display", len(state.djinn_display), rules.tables.djinns.display),
    )
    slots += [
        (f"{row}: space {k + 1}", k < filled) for row, filled, size in rows for k in range(size)
    ]
    slots += [
        (f"bid_order_track: space {k + 1}", marker is not None)
        for k, marker in enumerate(state.bid_order_track)
    ]
    return slots


def deal_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """What keeps ``state`` from being one the setup could have made; [] if sound.

    Once the deal is done (no ``deal`` step on the agenda), every cell has its tile. While it
    is dealt (the explicit mode only), the agenda is the first auction, the deal and the deal's
    next chance step; every part the deal does not place is as the empty table has it; and
    what is placed was placed in the deal's order (``_slots``): an empty place the deal has
    gone past is refused by name. The counts of the components are checked elsewhere
    (``serial.problems``).
    """
    if not dealing(state):
        missing = [name for name, tile in zip(rules.cells, state.tiles, strict=True) if not tile]
        if missing:
            return [f"tiles: {missing[0]} has no tile, and no chance step deals one"]
        return []
    if not state.explicit_chance:
        return ["agenda: the setup is dealt by chance steps only when chance is explicit"]
    empty = empty_table(rules, state.player_count, state.seed, True)
    for field in attrs.fields(FiveTribesState):
        if field.name not in _DEALT and getattr(state, field.name) != getattr(empty, field.name):
            return [f"{field.name}: not as the setup leaves it, while the setup is dealt"]
    per_tile = rules.tables.meeples.per_tile
    sizes = zip(rules.cells, state.meeples, strict=True)
    crowded = [name for name, meeples in sizes if sum(meeples) > per_tile]
    if crowded:
        return [f"meeples: {crowded[0]} holds more than the {per_tile} meeples the deal puts"]
    slots = _slots(rules, state)
    gap = next((k for k, (_, filled) in enumerate(slots) if not filled), len(slots))
    later = next((name for name, filled in slots[gap + 1 :] if filled), None)
    if later is not None:
        return [
            f"{slots[gap][0]} is empty, and no chance step deals it: the deal has gone past it "
            f"({later} is dealt)"
        ]
    expected = next_deal(rules, state)
    if expected is None:
        return ["agenda: everything is dealt, yet the setup's deal waits"]
    if state.agenda != (AUCTION, DEAL, expected):
        return [
            f"agenda: the setup's deal takes {expected.kind} {dict(expected.args)} next, over "
            "the first auction"
        ]
    return []
