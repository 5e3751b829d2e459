"""The Five Tribes game state: the Sultanate, the players, the decks and tracks, the agenda.

Meeples are counted per cell and colour (the colours in the meeple table's order): which
meeple of a colour sits where never matters. The bag is counted the same way, and the resource
deck and the Djinn deck keep no order (their cards sorted): what is drawn from them during play
is a chance step of the engine (``rules/draws.py``), resolved from a generator derived from the
seed and the number of draws so far, so a game is replayed exactly from its seed and its
actions, and a state does not know its next draw.

A state is a value, like Sankoré's (``core/values.py``): the states the library hands out
(``new_game``, ``apply``, ``from_json``) are sealed and refuse every assignment. Their
containers never change once made: sequences are tuples of ints, strings and frozen records,
and task arguments read-only dicts. ``apply`` changes a draft
([`successor`][sankore_rules.five_tribes.state.FiveTribesState.successor]) that shares every
container with the state before; a rule replaces a container it changes (``replaced_at``,
``adjusted``, ``removed`` of ``core/shared.py``) and takes a player's holdings with
[`player_to_change`][sankore_rules.five_tribes.state.player_to_change], which copies them on
the first change. ``clone()`` gives an editable draft, for positions set up by hand.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, ClassVar

import attrs
from attrs import define, field, frozen

from sankore_rules.core.information import Traced
from sankore_rules.core.shared import ReadOnlyDict, replaced_at, shared_form
from sankore_rules.core.tasks import Event, Task
from sankore_rules.core.values import draft_of, sealable

__all__ = ["FiveTribesState", "Move", "TribesPlayer", "player_to_change"]


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


@sealable
@define(slots=True, eq=False)
class TribesPlayer:
    """One player's coins, camels, pool, cards and Djinns.

    Sealed inside a sealed state; its tuples are shared by the states an action did not change
    this player in (see ``player_to_change``).

    Attributes:
        coins: coins in hand.
        camels: camels not yet on the board.
        pool: meeples kept, per colour (Viziers and Elders; the others are always 0).
        goods: the goods cards held, in the order taken.
        fakirs: the Fakir cards held.
        djinns: the Djinns held, in the order taken.
    """

    #: Whether this object is sealed (its ``Draft`` twin says False); see ``core/values.py``.
    sealed: ClassVar[bool]
    coins: int
    camels: int
    pool: tuple[int, ...]
    goods: tuple[str, ...]
    fakirs: int
    djinns: tuple[str, ...]

    def __eq__(self, other: object) -> bool:
        """Equal when every holding is (``key()``), whether sealed or a draft."""
        if not isinstance(other, TribesPlayer):
            return NotImplemented
        return self.key() == other.key()

    def key(self) -> Hashable:
        """A hashable key of this player's holdings, part of ``FiveTribesState.key()``."""
        return (self.coins, self.camels, self.pool, self.goods, self.fakirs, self.djinns)

    def clone(self) -> TribesPlayer:
        """An editable copy sharing the tuples (they never change)."""
        return _PLAYER_DRAFT(
            self.coins, self.camels, self.pool, self.goods, self.fakirs, self.djinns
        )


@sealable
@define(slots=True, eq=False)
class FiveTribesState(Traced):
    """Everything about a Five Tribes game in progress.

    A state handed out by the library is sealed: assigning to it or to a player's holdings
    raises [`StateError`][sankore_rules.StateError]; ``clone()`` gives an editable draft. Two
    states are equal when their positions are (``events`` takes no part), and ``key()`` is
    hashable.

    Attributes:
        game: always ``"five_tribes"``; what tells its JSON from a Sankoré state's.
        rules_name: the name of the ruleset the game is played by.
        rules_hash: that ruleset's content hash; ``from_json`` refuses a state of another.
        player_count: 2, 3 or 4.
        seed: the seed of every shuffle and draw.
        draws: how many chance steps the game has resolved (the next one's generator follows,
            ``core/chance.py``).
        explicit_chance: whether chance steps wait for the caller (``new_game(...,
            chance="explicit")``) instead of resolving from the seed.
        tiles: the tile on each cell; ``""`` for a cell the setup's deal has not reached yet
            (the explicit mode of chance, ``rules/setup.py``).
        meeples: the meeples on each cell, per colour.
        camels: the player whose camel is on each cell, None for a free cell (FT-ACT-7).
        palms: the palm trees on each cell (FT-TILE-1).
        palaces: the palaces on each cell (FT-TILE-2).
        bag: the meeples in the bag, per colour.
        players: the players.
        deck: the cards of the face-down resource deck, sorted: it keeps no order.
        market: the face-up resource cards, first (cheapest to reach) first.
        discard: the resource cards sold or spent.
        djinn_deck: the face-down Djinns, sorted: the deck keeps no order.
        djinn_display: the face-up Djinns.
        djinn_discard: the Djinns discarded (by a draw_djinns power), face up; they are
            the new Djinn deck when it runs out (ruling FT-ENGINE-4).
        palm_supply: palm trees left in the supply.
        palace_supply: palaces left in the supply.
        bank: the coins of the bank.
        markers: the owner of each player's marker (the rulebook's Turn marker).
        bid_order_track: the marker on each space of the Bid Order Track (where markers wait
            to bid, in that order), None when free.
        turn_order_track: the marker on each space of the Turn Order Track (the spaces bid
            for, the tracks table's ``bids`` order), None when free.
        round: the round being played, from 1.
        move: the move being made, None between moves.
        used_powers: the Djinns whose paid power was used this round (FT-PUB-16: at most
            once a turn, the rulebook's turn being the round, ruling FT-ENGINE-8); emptied
            when the next round's auction starts.
        end_triggered: whether the game ends at the end of this round (FT-END-1).
        end_cause: ``"last_camel"`` or ``"no_move"`` once triggered.
        game_over: whether the game is over.
        agenda: the steps still to carry out, the next one last.
        events: what the last ``apply`` did. Not part of the position.
    """

    #: Whether this state is sealed (its ``Draft`` twin says False); see ``core/values.py``.
    sealed: ClassVar[bool]
    game: str
    rules_name: str
    rules_hash: str
    player_count: int
    seed: int
    draws: int
    explicit_chance: bool
    tiles: tuple[str, ...]
    meeples: tuple[tuple[int, ...], ...]
    camels: tuple[int | None, ...]
    palms: tuple[int, ...]
    palaces: tuple[int, ...]
    bag: tuple[int, ...]
    players: tuple[TribesPlayer, ...]
    deck: tuple[str, ...]
    market: tuple[str, ...]
    discard: tuple[str, ...]
    djinn_deck: tuple[str, ...]
    djinn_display: tuple[str, ...]
    djinn_discard: tuple[str, ...]
    palm_supply: int
    palace_supply: int
    bank: int
    markers: tuple[int, ...]
    bid_order_track: tuple[int | None, ...]
    turn_order_track: tuple[int | None, ...]
    round: int
    move: Move | None
    used_powers: tuple[str, ...]
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

    def __eq__(self, other: object) -> bool:
        """Equal when every part of the position is (``key()``), whether sealed or a draft."""
        if not isinstance(other, FiveTribesState):
            return NotImplemented
        return self.key() == other.key()

    def key(self) -> Hashable:
        """A hashable key of the position: every field but ``events``, in declaration order."""
        values = self._values()
        return (
            *values[:_PLAYERS],
            tuple([p.key() for p in self.players]),
            *values[_PLAYERS + 1 : -1],
            tuple([(t.kind, t.player, frozenset(t.args.items())) for t in self.agenda]),
        )

    def _values(self) -> tuple[Any, ...]:
        # Every field but the log, by position: this runs on every apply, where a loop over
        # the attrs fields would cost more than twice as much.
        return (
            self.game,
            self.rules_name,
            self.rules_hash,
            self.player_count,
            self.seed,
            self.draws,
            self.explicit_chance,
            self.tiles,
            self.meeples,
            self.camels,
            self.palms,
            self.palaces,
            self.bag,
            self.players,
            self.deck,
            self.market,
            self.discard,
            self.djinn_deck,
            self.djinn_display,
            self.djinn_discard,
            self.palm_supply,
            self.palace_supply,
            self.bank,
            self.markers,
            self.bid_order_track,
            self.turn_order_track,
            self.round,
            self.move,
            self.used_powers,
            self.end_triggered,
            self.end_cause,
            self.game_over,
            self.agenda,
        )

    def seal(self) -> None:
        """Make this draft a value, as the library hands states out: no assignment is taken.

        The players are sealed with it and the agenda's tasks get read-only arguments. It
        expects the library's containers (tuples): a draft edited by hand gets them in
        ``successor()``, when applied.
        """
        for player in self.players:
            if type(player) is _PLAYER_DRAFT:
                player.__class__ = TribesPlayer
        for task in self.agenda:
            # A task with a plain dict was made during this apply: no one else holds it.
            if type(task.args) is not ReadOnlyDict:
                object.__setattr__(task, "args", ReadOnlyDict(task.args))
        if type(self) is _STATE_DRAFT:
            self.__class__ = FiveTribesState

    def clone(self) -> FiveTribesState:
        """An editable copy (a draft): changing it never changes this state.

        Its players are drafts too; every other container is shared (tuples never change):
        replace one to change it (``draft.market = (...)``).
        """
        return self._copy(tuple([p.clone() for p in self.players]))

    def successor(self) -> FiveTribesState:
        """The draft ``apply`` changes: like ``clone()``, but sharing the players' sealed parts.

        A player's holdings are copied only when a rule changes them (``player_to_change``).
        A hand-edited draft is copied whole with the library's containers (tuples), so that
        nothing its caller holds is shared with the state ``apply`` returns.
        """
        if type(self) is _STATE_DRAFT:
            return _in_shared_form(self.clone())
        return self._copy(
            tuple([p if type(p) is TribesPlayer else p.clone() for p in self.players])
        )

    def _copy(self, players: tuple[TribesPlayer, ...]) -> FiveTribesState:
        values = self._values()
        # The fields in declaration order (a test holds _values to them): mypy cannot count
        # the starred ones.
        return _STATE_DRAFT(  # type: ignore[call-arg]
            *values[:_PLAYERS], players, *values[_PLAYERS + 1 :], self.events.copy()
        )


#: Where ``players`` stands among the fields (``FiveTribesState._values``).
_PLAYERS = 13


def player_to_change(state: FiveTribesState, player: int) -> TribesPlayer:
    """The holdings of ``player`` in the draft ``state``, ready to be changed.

    A draft made by ``apply`` shares the holdings of the players its action has not changed
    yet; the first change copies them here. Sealed holdings refuse any change, so a rule that
    changed them without this would fail at once, not corrupt a state.
    """
    holder = state.players[player]
    if type(holder) is _PLAYER_DRAFT:
        return holder
    holder = holder.clone()
    state.players = replaced_at(state.players, player, holder)
    return holder


#: What ``_in_shared_form`` leaves alone: the records it treats apart, and the log.
_NOT_CONTAINERS = frozenset({"players", "agenda", "events", "move"})


def _in_shared_form(draft: FiveTribesState) -> FiveTribesState:
    """``draft`` (a fresh clone of a hand-edited state) with tuples for its containers."""
    names: list[Any] = [
        (record, f.name)
        for record in (draft, *draft.players)
        for f in attrs.fields(type(record).__mro__[1])
        if f.name not in _NOT_CONTAINERS
    ]
    for record, name in names:
        setattr(record, name, shared_form(getattr(record, name)))
    if draft.move is not None:
        move = draft.move
        draft.move = Move(move.start, move.cell, move.came_from, tuple(move.hand))
    draft.agenda = tuple([Task(t.kind, t.player, ReadOnlyDict(t.args)) for t in draft.agenda])
    # The decks keep no order (the rules keep them sorted): an order set by hand is dropped.
    draft.deck, draft.djinn_deck = tuple(sorted(draft.deck)), tuple(sorted(draft.djinn_deck))
    return draft


#: The editable twins of the state classes (see ``core/values.py``).
_PLAYER_DRAFT = draft_of(TribesPlayer)
_STATE_DRAFT = draft_of(FiveTribesState)
