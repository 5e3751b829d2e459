"""The Five Tribes game state: the Sultanate, the players, the decks and tracks, the agenda.

Meeples are counted per cell and colour (the colours in the meeple table's order): which
meeple of a colour sits where never matters. The bag is counted the same way and drawn from
with a generator derived from the seed and the number of draws so far, so a game is replayed
exactly from its seed and its actions.
"""

from __future__ import annotations

import random

from attrs import define, evolve, field, frozen

from sankore_rules.core.tasks import Event, Task

__all__ = ["FiveTribesState", "Move", "TribesPlayer", "generator"]


@frozen
class Move:
    """The move being made (FT-ACT-3, FT-ACT-4): the meeples in hand and where they go.

    Attributes:
        start: the cell the meeples were picked up from.
        cell: the cell the last meeple was dropped on (the start before the first drop).
        came_from: the cell before ``cell`` on the path, -1 before the first drop.
        hand: the meeples still in hand, counted per colour.
    """

    start: int
    cell: int
    came_from: int
    hand: tuple[int, ...]


@define
class TribesPlayer:
    """One player's coins, camels, pool, cards and Djinns.

    Attributes:
        coins: coins in hand.
        camels: camels not yet on the board.
        pool: meeples kept, per colour (Viziers and Elders; the others are always 0).
        goods: the goods cards held, in the order taken.
        fakirs: the Fakir cards held.
        djinns: the Djinns held, in the order taken.
    """

    coins: int
    camels: int
    pool: tuple[int, ...]
    goods: list[str]
    fakirs: int
    djinns: list[str]

    def clone(self) -> TribesPlayer:
        """A copy whose lists may change without touching this one."""
        return TribesPlayer(
            self.coins, self.camels, self.pool, list(self.goods), self.fakirs, list(self.djinns)
        )


@define
class FiveTribesState:
    """Everything about a Five Tribes game in progress.

    Attributes:
        game: always ``"five_tribes"``; what tells its JSON from a Sankoré state's.
        rules_name: the name of the ruleset the game is played by.
        rules_hash: that ruleset's content hash; ``from_json`` refuses a state of another.
        player_count: 2, 3 or 4.
        seed: the seed of every shuffle and draw.
        draws: how many random draws the game has made (the next one's generator follows).
        tiles: the tile on each cell.
        meeples: the meeples on each cell, per colour.
        camels: the player whose camel is on each cell, None for a free cell (FT-ACT-7).
        palms: the palm trees on each cell (FT-TILE-1).
        palaces: the palaces on each cell (FT-TILE-2).
        bag: the meeples in the bag, per colour.
        players: the players.
        deck: the face-down resource deck, top first.
        market: the face-up resource cards, first (cheapest to reach) first.
        discard: the resource cards sold or spent.
        djinn_deck: the face-down Djinns, top first.
        djinn_display: the face-up Djinns.
        djinn_discard: the Djinns discarded (by a draw_djinns power), face up; they are
            shuffled into a new Djinn deck when it runs out (ruling FT-ENGINE-4).
        palm_supply: palm trees left in the supply.
        palace_supply: palaces left in the supply.
        bank: the coins of the bank.
        markers: the owner of each turn-order marker.
        turn_track: the marker on each turn-order space, None when free.
        bid_track: the marker on each bid space (the tracks table's order), None when free.
        round: the round being played, from 1.
        move: the move being made, None between moves.
        used_powers: the Djinns whose paid power was used this turn (FT-PUB-16: at most
            once a turn); emptied when a turn or an auction starts.
        end_triggered: whether the game ends at the end of this round (FT-END-1).
        end_cause: ``"last_camel"`` or ``"no_move"`` once triggered.
        game_over: whether the game is over.
        agenda: the steps still to carry out, the next one last.
        events: what the last ``apply`` did. Not part of the position.
    """

    game: str
    rules_name: str
    rules_hash: str
    player_count: int
    seed: int
    draws: int
    tiles: list[str]
    meeples: list[tuple[int, ...]]
    camels: list[int | None]
    palms: list[int]
    palaces: list[int]
    bag: tuple[int, ...]
    players: list[TribesPlayer]
    deck: list[str]
    market: list[str]
    discard: list[str]
    djinn_deck: list[str]
    djinn_display: list[str]
    djinn_discard: list[str]
    palm_supply: int
    palace_supply: int
    bank: int
    markers: list[int]
    turn_track: list[int | None]
    bid_track: list[int | None]
    round: int
    move: Move | None
    used_powers: list[str]
    end_triggered: bool
    end_cause: str | None
    game_over: bool
    agenda: tuple[Task, ...]
    events: list[Event] = field(factory=list, eq=False)

    @property
    def decision(self) -> Task | None:
        """The pending decision, or None once the game is over."""
        if self.game_over or not self.agenda:
            return None
        return self.agenda[-1]

    @property
    def current_player(self) -> int | None:
        """Index of the player who must decide now; None once the game is over."""
        task = self.decision
        return None if task is None else task.player

    def clone(self) -> FiveTribesState:
        """A copy ``apply`` may change without touching this state (immutables are shared)."""
        return evolve(
            self,
            tiles=list(self.tiles),
            meeples=list(self.meeples),
            camels=list(self.camels),
            palms=list(self.palms),
            palaces=list(self.palaces),
            players=[p.clone() for p in self.players],
            deck=list(self.deck),
            market=list(self.market),
            discard=list(self.discard),
            djinn_deck=list(self.djinn_deck),
            djinn_display=list(self.djinn_display),
            djinn_discard=list(self.djinn_discard),
            used_powers=list(self.used_powers),
            markers=list(self.markers),
            turn_track=list(self.turn_track),
            bid_track=list(self.bid_track),
            agenda=self.agenda,
            events=list(self.events),
        )


def generator(state: FiveTribesState) -> random.Random:
    """The generator of the next random draw, derived from the seed and the draws so far."""
    rng = random.Random(f"five_tribes:{state.seed}:{state.draws}")
    state.draws += 1
    return rng
