"""The game state: every component's whereabouts, the pending decisions, JSON and observation.

The state is a tree of attrs classes, and a value (``core/values.py``): the states the library
hands out are sealed, and refuse every assignment. Its containers never change once made:
sequences are tuples and mappings [`ReadOnlyDict`][sankore_rules.core.shared.ReadOnlyDict]s, of
ints, strings and frozen records. So a state shares every container an action did not change
with the state it came from, and the boards of the players the action left alone. ``apply``
changes a draft (``State.successor``), which replaces each container the action changes (see
``sankore_rules.core.shared``) and copies a player's board before changing it
(``player_to_change``), then seals it; the caller's state is never touched.
[`State.clone`][sankore_rules.State.clone] is an editable draft, for positions set up by hand.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Hashable, Mapping
from typing import Any

import attrs
import cattrs
from attrs import define, field, frozen
from cattrs.gen import make_dict_structure_fn

from sankore_rules.core.errors import StateError
from sankore_rules.core.information import Traced
from sankore_rules.core.serial import structure_state
from sankore_rules.core.shared import ReadOnlyDict, adjusted, replaced_at, shared_form
from sankore_rules.core.tasks import Event, Task
from sankore_rules.core.values import draft_of, sealable

__all__ = [
    "SCHOLAR",
    "Event",
    "Graduated",
    "MadrasaTile",
    "MarketColumn",
    "PlayerState",
    "SoloState",
    "State",
    "Task",
    "adjusted",
    "from_json",
    "plain_task",
    "player_to_change",
    "replaced_at",
    "to_json",
]


@frozen
class Graduated:
    """A Graduation tile a player holds and the Student on it.

    Attributes:
        tile: the Graduation tile's id.
        student: the discipline of the Student on it; None once it is sent to the Madrasa.
    """

    tile: str
    student: str | None


@frozen
class MadrasaTile:
    """A Sankoré tile in the Madrasa.

    Attributes:
        tile: the Sankoré tile's id.
        star: whether its Prestige side (the star) shows.
    """

    tile: str
    star: bool


#: The chance step that turns a market pile's next top (``sankore/rules/market.py``).
MARKET_TURN = "market_turn"
#: The chance step that deals one Objective card to a player at setup, in the explicit mode
#: (``sankore/rules/setup.py``).
DEAL_OBJECTIVE = "deal_objective"
#: The chance step that fills one place of the setup, in the explicit mode
#: (``sankore/placements.py``).
SETUP_PLACE = "setup_place"
#: The chance step that draws the first player, in the explicit mode (``sankore/rules/setup.py``).
FIRST_PLAYER = "first_player"


@frozen
class MarketColumn:
    """One discipline's column of the Advanced Class market (SETUP-C-15).

    Piles are listed top first; only their top tiles are visible. Below its top a pile is in
    no order (its tiles sorted): which tile is turned next is a chance step of the engine,
    resolved when the top leaves (``market_turn``), so a state does not know it.

    Attributes:
        level3: the level-3 Class tile, or None once taken.
        pile2: the pile of level-2 tiles: its face-up top, then the rest, sorted.
        shown2: the face-up level-2 tile, or None.
        pile1: the pile of level-1 tiles: its face-up top, then the rest, sorted.
        shown1: the face-up level-1 tile, or None.
    """

    level3: str | None
    pile2: tuple[str, ...]
    shown2: str | None
    pile1: tuple[str, ...]
    shown1: str | None

    def slots(self) -> tuple[str | None, ...]:
        """What the column's five places show, top to bottom, None where empty.

        The level 3 tile, the level 2 pile's top, the shown level 2 tile, the level 1 pile's
        top, the shown level 1 tile: only a pile's top is face up (SETUP-C-15).
        """
        return (
            self.level3,
            self.pile2[0] if self.pile2 else None,
            self.shown2,
            self.pile1[0] if self.pile1 else None,
            self.shown1,
        )

    def pile_turned_by(self, tile_id: str) -> str | None:
        """The pile (``pile1``, ``pile2``) whose top leaves when ``tile_id`` leaves the column.

        Taking a pile's top, or the shown tile below it (the pile's top moves down to its
        place), turns a new top (EST-10); None for the level-3 tile, which has no pile.
        """
        if tile_id == self.shown2 or (self.pile2 and tile_id == self.pile2[0]):
            return "pile2"
        if tile_id == self.shown1 or (self.pile1 and tile_id == self.pile1[0]):
            return "pile1"
        return None

    def visible(self) -> tuple[str, ...]:
        """Every tile a player may take (EST-2)."""
        # Tile ids are never empty: None is what drops out.
        return tuple(filter(None, self.slots()))


@sealable
@define(slots=True, eq=False)
class PlayerState:
    """One player's board, resource board, hand and pieces.

    Counts per discipline (``books``, ``prestige``, ``pieces``) are tuples in the ruleset's
    discipline order. Every sequence here is a tuple and every mapping a read-only dict, shared
    by the states an action did not change for this player; an action replaces it (see
    ``adjusted``, ``with_item``), never changes it.

    Attributes:
        gold: Gold held.
        salt: Salt held.
        inspiration: Inspiration held.
        books: Books held, per discipline.
        prestige: Prestige tokens held, per discipline.
        favour_tiles: Favour tiles held.
        favour_pos: the Favour disc's space on the Favour track (0 the leftmost).
        pieces: the Trading Posts, Mosques, Walls and Crowns still home (per area, in the
            discipline order).
        classes: the Class tiles on the player board: Class space -> tile id.
        students: the Students on the player board: Student space -> discipline.
        skills: the Skill tiles in each section of the board (per discipline), by icon.
        graduations: the Graduation tiles taken, with their Students.
        camel: the place on the Astronomy map where the player's camel stands.
        objectives: the Objective cards in hand, by number.
        completed: the Objective cards completed, by number.
        kept_sankore: Sankoré tiles kept as Prestige after the end was triggered.
        turns: the turns the player has finished.
    """

    gold: int
    salt: int
    inspiration: int
    books: tuple[int, ...]
    prestige: tuple[int, ...]
    favour_tiles: int
    favour_pos: int
    pieces: tuple[int, ...]
    classes: ReadOnlyDict[str, str]
    students: ReadOnlyDict[str, str]
    skills: tuple[tuple[str, ...], ...]
    graduations: tuple[Graduated, ...]
    camel: str
    objectives: tuple[int, ...]
    completed: tuple[int, ...]
    kept_sankore: tuple[str, ...]
    turns: int = 0

    def __eq__(self, other: object) -> bool:
        """Equal when every part of the position is (``key()``), whether sealed or a draft."""
        if not isinstance(other, PlayerState):
            return NotImplemented
        return self.key() == other.key()

    def key(self) -> Hashable:
        """A hashable key of this player's part of the position.

        [`State.key`][sankore_rules.State.key] is made of the players' keys and the board's.
        """
        return (
            self.gold,
            self.salt,
            self.inspiration,
            self.books,
            self.prestige,
            self.favour_tiles,
            self.favour_pos,
            self.pieces,
            frozenset(self.classes.items()),
            frozenset(self.students.items()),
            self.skills,
            self.graduations,
            self.camel,
            self.objectives,
            self.completed,
            self.kept_sankore,
            self.turns,
        )

    def clone(self) -> PlayerState:
        """A copy sharing every container (they never change: tuples and read-only dicts)."""
        # Made empty and filled field by field in this one frame (see ``State._copy``).
        board: PlayerState = _new_record(_PLAYER_DRAFT)
        board.gold = self.gold
        board.salt = self.salt
        board.inspiration = self.inspiration
        board.books = self.books
        board.prestige = self.prestige
        board.favour_tiles = self.favour_tiles
        board.favour_pos = self.favour_pos
        board.pieces = self.pieces
        board.classes = self.classes
        board.students = self.students
        board.skills = self.skills
        board.graduations = self.graduations
        board.camel = self.camel
        board.objectives = self.objectives
        board.completed = self.completed
        board.kept_sankore = self.kept_sankore
        board.turns = self.turns
        return board


#: The Scholar's seat in a solo game: you play first, as P0 (SOLO-SET-11), the Scholar is P1.
SCHOLAR = 1


@sealable
@define(slots=True, eq=False)
class SoloState:
    """What a solo game holds beyond a 2-player board: the Scholar's solo board, deck and bag.

    The Scholar sits at seat 1 (``SCHOLAR``) of ``State.players``, and its pieces, camel, Books
    and Prestige tokens (its unlimited storage, SOLO-FLOW-5), Graduation tiles and the Sankoré
    tiles it keeps (SOLO-SANK-2) are there like any player's; its face-down deck is that
    player's ``objectives``, sorted: nobody knows its order, and each card turned is drawn
    from it then (the chance step ``scholar_card_turn``, SOLO-SET-9). It has no Gold, Salt,
    Inspiration or Favour tiles (SOLO-SET-6, SOLO-SET-7) and its Favour disc is in the box
    (``favour_pos`` -1). This record holds the rest. Its sequences are tuples and its
    mappings read-only dicts, shared between states and replaced by an action that changes
    them, like a player's.

    Attributes:
        difficulty: ``easy``, ``medium``, ``hard`` or ``very_hard`` (SOLO-SET-1).
        current: the current discipline of the Scholar's turn under way or last played
            (SOLO-FLOW-3); None before its first turn.
        slots: the cards turned in phase 1, in card slot order (SOLO-PH1-3).
        bag: the Students in the cloth bag, sorted: the bag keeps no order, each Student is
            drawn when the Scholar draws (the chance step ``scholar_bag_draw``, SOLO-SET-8).
        phase2: the Student drawn on each phase 2 turn so far, on that turn's space of the
            phase 2 row (SOLO-PH2-3); None once back in the bag (SOLO-PH3-1), or when the bag
            was empty (ruling SCHOLAR-1).
        phase3: the same for the phase 3 row (SOLO-PH3-2); None once graduated (SOLO-GRAD-1).
        classes: the Advanced Class tile on each of the solo board's Class spaces.
        tile_students: the Student enrolled by Area onto the tile of a Class space (SOLO-ENRA-2).
        row: which space of its row each phase 2 and 3 turn uses, a setup option (ruling
            SCHOLAR-4): ``"leftmost_empty"``, the text's, or ``"next_space"``, the one after
            the previous turn's, so that no space is used twice.
    """

    difficulty: str
    current: str | None
    slots: tuple[int, ...]
    bag: tuple[str, ...]
    phase2: tuple[str | None, ...]
    phase3: tuple[str | None, ...]
    classes: ReadOnlyDict[str, str]
    tile_students: ReadOnlyDict[str, str]
    row: str = "leftmost_empty"

    def __eq__(self, other: object) -> bool:
        """Equal when every part of the position is (``key()``), whether sealed or a draft."""
        if not isinstance(other, SoloState):
            return NotImplemented
        return self.key() == other.key()

    def key(self) -> Hashable:
        """A hashable key of the solo board, part of ``State.key()``."""
        return (
            self.difficulty,
            self.current,
            self.slots,
            self.bag,
            self.phase2,
            self.phase3,
            frozenset(self.classes.items()),
            frozenset(self.tile_students.items()),
            self.row,
        )

    def clone(self) -> SoloState:
        """A copy sharing every container (they never change: tuples and read-only dicts)."""
        solo: SoloState = _new_record(_SOLO_DRAFT)
        solo.difficulty = self.difficulty
        solo.current = self.current
        solo.slots = self.slots
        solo.bag = self.bag
        solo.phase2 = self.phase2
        solo.phase3 = self.phase3
        solo.classes = self.classes
        solo.tile_students = self.tile_students
        solo.row = self.row
        return solo


@sealable
@define(slots=True, eq=False)
class State(Traced):
    """Everything about a game in progress.

    The public contract is small: [`current_player`][sankore_rules.State.current_player],
    [`decision`][sankore_rules.State.decision], [`legal_actions`][sankore_rules.legal_actions],
    [`apply`][sankore_rules.apply] and friends. The fields are readable by anyone (frontends
    draw from them); they change only through ``apply``. Sequences "per discipline" follow the
    ruleset's discipline order (``rules_of(state).disciplines``); space, tile and card ids are
    those of the rule tables and of the action notation.

    A state handed out by the library is sealed: assigning to it, to a player's board or to
    the solo board raises [`StateError`][sankore_rules.StateError] (``clone()`` gives an
    editable draft). Every container but ``events`` (the log of the last action, not part of
    the position) is a tuple or a [`ReadOnlyDict`][sankore_rules.core.shared.ReadOnlyDict]
    that never changes: states share those an action did not change, and an action replaces
    those it changes (so a state takes under 2 KB beside the states it came from). JSON writes
    them as arrays and objects.

    Attributes:
        rules_name: the name of the ruleset the game is played by.
        rules_hash: that ruleset's content hash; ``from_json`` refuses a state of another.
        player_count: 2, 3 or 4 (2 in a solo game: you and the Scholar).
        library_side: ``"three_shelf"`` or ``"six_shelf"``, the Library side in play.
        seed: the seed every draw and shuffle of the setup came from (hidden by ``observation``);
            in the explicit mode the setup is dealt by chance steps instead.
        turn_limit: the variant that bounds a game's length: the end is triggered once a player
            has had this many turns (END-2 then evens out the round); None in the game as the
            rulebook has it.
        first_player: the player who took the first turn (0 until it is drawn, in the
            explicit mode's setup: the chance step ``first_player``).
        players: each player's board, resources, hand and pieces, in seat order (P0 first).
        queues: per area, the Student discipline on each queue space left to right, None when
            the space is empty.
        queue_tokens: Prestige tokens beside the queues' majority spaces: ``"area:position"``
            -> discipline.
        boxes: the scoring boxes of each area's regions: ``"area:region"`` -> (Book discipline
            or None, Prestige discipline or None), None once taken.
        spaces: every piece placed in an area (Trading Posts, Mosques, Walls, Crowns): space id
            -> owner.
        theology_books: Books still lying on Theology spaces: space id -> discipline.
        port_tokens: Prestige tokens still lying on Port City spaces: space id -> discipline.
        region_tiles: Sankoré tiles still on the board: ``"area:region"`` -> tile id.
        overflow_books: the Law Overflow spaces' Books: region -> count per discipline.
        overflow_prestige: the Law Overflow spaces' Prestige tokens: region -> count per
            discipline.
        madrasa: the Madrasa's cells in reading order (row by row), each a tile or None.
        madrasa_students: Students on the Madrasa's Theology spaces, as (owner, discipline).
        supply_books: Books left in the supply, per discipline.
        supply_prestige: Prestige tokens left in the supply, per discipline.
        supply_sankore: Sankoré tiles left in the supply, by id.
        skill_stacks: Skill tiles left in each stack: icon -> count.
        favour_supply: Favour tiles left in the supply.
        graduation: Graduation tiles still on the board, by id.
        market: the Advanced Class market, one column per discipline.
        library: the Library: the Book disciplines on each shelf, left to right.
        students_out: Students out of the game (back in the box), per discipline.
        discarded_sankore: Sankoré tiles discarded after the end was triggered.
        draft: the starting combinations still on offer, as (Class tile, Book, Student).
        main_used: the main actions taken this turn (two at most, of different kinds).
        pending_scorings: majority scorings waiting for the end of the turn, as (area, kind,
            queue token key or "").
        scorings_done: the majority scorings already resolved, as ``"area:kind"``.
        teaching: the Student being taught, as (player, Class space, discipline, the space it
            came from); None outside a Teach.
        abilities_used: the round abilities of Objective cards used this turn (AMB-15).
        end_triggered: whether the game's end is triggered (the round is then played out).
        end_cause: why the end was triggered: ``"madrasa"`` (END-1), ``"deadlock"``
            (ENGINE-1), ``"turn_limit"`` or, in a solo game, ``"scholar"`` (the Scholar's last
            turn, SOLO-FLOW-2); None before.
        game_over: whether the game is over; [`is_terminal`][sankore_rules.is_terminal] says
            the same.
        agenda: the steps still to carry out, a stack: the last one is the pending
            [`decision`][sankore_rules.State.decision]. See [Decisions](#decisions).
        solo: in a solo game, the Scholar's board, deck and bag
            ([`SoloState`][sankore_rules.SoloState]); None in a game of 2-4 players. A solo
            game has ``player_count`` 2: you are P0, the Scholar P1.
        draws: how many chance steps (a market tile turned) the game has resolved; with the
            seed it seeds the next one's generator (``core/chance.py``).
        explicit_chance: whether chance steps wait for the caller (``new_game(...,
            chance="explicit")``) instead of resolving from the seed.
        events: what the last ``apply`` did, in order. Not part of the position: two move
            orders that reach the same position give equal states.
    """

    rules_name: str
    rules_hash: str
    player_count: int
    library_side: str
    seed: int
    turn_limit: int | None
    first_player: int
    players: tuple[PlayerState, ...]
    queues: tuple[tuple[str | None, ...], ...]
    queue_tokens: ReadOnlyDict[str, str]
    boxes: ReadOnlyDict[str, tuple[str | None, str | None]]
    spaces: ReadOnlyDict[str, int]
    theology_books: ReadOnlyDict[str, str]
    port_tokens: ReadOnlyDict[str, str]
    region_tiles: ReadOnlyDict[str, str]
    overflow_books: ReadOnlyDict[str, tuple[int, ...]]
    overflow_prestige: ReadOnlyDict[str, tuple[int, ...]]
    madrasa: tuple[MadrasaTile | None, ...]
    madrasa_students: tuple[tuple[int, str], ...]
    supply_books: tuple[int, ...]
    supply_prestige: tuple[int, ...]
    supply_sankore: tuple[str, ...]
    skill_stacks: ReadOnlyDict[str, int]
    favour_supply: int
    graduation: tuple[str, ...]
    market: tuple[MarketColumn, ...]
    library: tuple[tuple[str, ...], ...]
    students_out: tuple[int, ...]
    discarded_sankore: tuple[str, ...]
    draft: tuple[tuple[str, str, str], ...]
    main_used: tuple[str, ...]
    pending_scorings: tuple[tuple[str, str, str], ...]
    scorings_done: tuple[str, ...]
    teaching: tuple[int, str, str, str] | None
    abilities_used: tuple[int, ...]
    end_triggered: bool
    end_cause: str | None
    game_over: bool
    agenda: tuple[Task, ...]
    solo: SoloState | None = None
    draws: int = 0
    explicit_chance: bool = False
    events: list[Event] = field(factory=list, eq=False)

    @property
    def current_player(self) -> int | None:
        """Index of the player who must decide now; None once the game is over."""
        if self.game_over or not self.agenda:
            return None
        return self.agenda[-1].player

    def is_scholar(self, player: int | None) -> bool:
        """Whether ``player`` is the Scholar, the automated opponent of a solo game."""
        return self.solo is not None and player == SCHOLAR

    @property
    def decision(self) -> Task | None:
        """The pending decision: its kind, whose it is and its parameters."""
        return self.agenda[-1] if self.agenda and not self.game_over else None

    def _repr_svg_(self) -> str | None:
        """The whole state as an SVG picture: how Jupyter and IPython show a state.

        The picture is ``sankore_rules.state_svg()``'s, asked of the game the registry holds
        (the state names no module above it); a state whose ruleset is not loaded shows as
        text. The drawing is imported on first use: playing a game loads none of it.
        """
        from sankore_rules.core.registry import game_of, known_rules

        game = game_of(self)
        rules = known_rules(self.rules_hash, game)
        return None if rules is None else str(game.svg(rules, self))

    def __eq__(self, other: object) -> bool:
        """Equal when every part of the position is (``key()``), whether sealed or a draft."""
        if not isinstance(other, State):
            return NotImplemented
        return self.key() == other.key()

    def key(self) -> Hashable:
        """A hashable key of the position, for transposition tables and sets of positions.

        Two states have equal keys exactly when they compare equal: every field but ``events``
        (what the last action did) takes part, and dicts count by content, not by order.

        Examples:
            >>> import sankore_rules as sr
            >>> a = sr.new_game(players=2, seed=3)
            >>> a.key() == sr.from_json(sr.to_json(a)).key()
            True
        """
        # Field by field, in declaration order (a test holds it to the fields): a generic
        # walk over the attrs fields costs ten times as much.
        return (
            self.rules_name,
            self.rules_hash,
            self.player_count,
            self.library_side,
            self.seed,
            self.turn_limit,
            self.first_player,
            tuple(p.key() for p in self.players),
            self.queues,
            frozenset(self.queue_tokens.items()),
            frozenset(self.boxes.items()),
            frozenset(self.spaces.items()),
            frozenset(self.theology_books.items()),
            frozenset(self.port_tokens.items()),
            frozenset(self.region_tiles.items()),
            frozenset(self.overflow_books.items()),
            frozenset(self.overflow_prestige.items()),
            self.madrasa,
            self.madrasa_students,
            self.supply_books,
            self.supply_prestige,
            self.supply_sankore,
            frozenset(self.skill_stacks.items()),
            self.favour_supply,
            self.graduation,
            self.market,
            self.library,
            self.students_out,
            self.discarded_sankore,
            self.draft,
            self.main_used,
            self.pending_scorings,
            self.scorings_done,
            self.teaching,
            self.abilities_used,
            self.end_triggered,
            self.end_cause,
            self.game_over,
            tuple((t.kind, t.player, _frozen(t.args)) for t in self.agenda),
            None if self.solo is None else self.solo.key(),
            self.draws,
            self.explicit_chance,
        )

    def seal(self) -> None:
        """Make this draft a value, as the library hands states out: no assignment is taken.

        ``apply`` seals the state it returns, ``new_game`` and ``from_json`` theirs. The players'
        boards and the solo board are sealed with it, and the agenda's tasks get read-only
        arguments. It expects the containers the library makes (tuples and
        read-only dicts): a draft edited by hand gets them in ``successor()``, when applied.
        """
        for player in self.players:
            if type(player) is _PLAYER_DRAFT:
                player.__class__ = PlayerState
        if type(self.solo) is _SOLO_DRAFT:
            self.solo.__class__ = SoloState
        for task in self.agenda:
            # A task whose arguments are not read-only yet was made during this apply (a draft's
            # own tasks are replaced in successor()): no one else holds it.
            if type(task.args) is not ReadOnlyDict:
                object.__setattr__(task, "args", _read_only_args(task.args))
        if type(self) is _STATE_DRAFT:
            self.__class__ = State

    def clone(self) -> State:
        """An editable copy (a draft): it may be changed without changing this state.

        Change the copy to set up a position by hand; every function takes it, and ``apply``
        returns a sealed state again. It shares every container with this state but its players
        and the solo board: the rest never change (tuples and read-only dicts, replaced when an
        action changes them).
        """
        return self._copy(tuple([p.clone() for p in self.players]), self.events.copy())

    def successor(self) -> State:
        """The draft ``apply`` changes: like ``clone()``, but sharing the players' sealed boards.

        Its ``events`` start empty, for what the action being applied does.

        Most actions change one player's board or none, so a board is copied only when the
        rules change it: they take it with ``player_to_change``. A draft (a state edited by
        hand) is copied whole, its containers made the library's own kinds (tuples and
        read-only dicts), so that nothing the caller holds is shared with the state ``apply``
        returns.
        """
        if type(self) is _STATE_DRAFT:
            return _in_shared_form(self.clone())
        # A sealed state's boards are sealed (``seal`` seals them with it): all are shared.
        return self._copy(self.players, [])

    def _copy(self, players: tuple[PlayerState, ...], events: list[Event]) -> State:
        # Every field by position, like key(): this runs on every apply. The draft is made
        # empty and filled in this one frame: calling the attrs __init__ with 41 arguments
        # costs half as much again, a loop over the attrs fields more than twice as much,
        # copy.copy more than three times. A test holds it to the fields.
        new: State = _new_record(_STATE_DRAFT)
        new.rules_name = self.rules_name
        new.rules_hash = self.rules_hash
        new.player_count = self.player_count
        new.library_side = self.library_side
        new.seed = self.seed
        new.turn_limit = self.turn_limit
        new.first_player = self.first_player
        new.players = players
        new.queues = self.queues
        new.queue_tokens = self.queue_tokens
        new.boxes = self.boxes
        new.spaces = self.spaces
        new.theology_books = self.theology_books
        new.port_tokens = self.port_tokens
        new.region_tiles = self.region_tiles
        new.overflow_books = self.overflow_books
        new.overflow_prestige = self.overflow_prestige
        new.madrasa = self.madrasa
        new.madrasa_students = self.madrasa_students
        new.supply_books = self.supply_books
        new.supply_prestige = self.supply_prestige
        new.supply_sankore = self.supply_sankore
        new.skill_stacks = self.skill_stacks
        new.favour_supply = self.favour_supply
        new.graduation = self.graduation
        new.market = self.market
        new.library = self.library
        new.students_out = self.students_out
        new.discarded_sankore = self.discarded_sankore
        new.draft = self.draft
        new.main_used = self.main_used
        new.pending_scorings = self.pending_scorings
        new.scorings_done = self.scorings_done
        new.teaching = self.teaching
        new.abilities_used = self.abilities_used
        new.end_triggered = self.end_triggered
        new.end_cause = self.end_cause
        new.game_over = self.game_over
        new.agenda = self.agenda
        new.solo = None if self.solo is None else self.solo.clone()
        new.draws = self.draws
        new.explicit_chance = self.explicit_chance
        new.events = events
        return new


def player_to_change(state: State, player: int) -> PlayerState:
    """The board of ``player`` in the draft ``state``, ready to be changed.

    A draft made by ``apply`` shares the boards of the players its action has not changed yet
    with the state before; the first change of one copies it here. A sealed board refuses any
    change, so a rule that changed one without this would fail at once, not corrupt a state.
    """
    board = state.players[player]
    if type(board) is _PLAYER_DRAFT:
        return board
    board = board.clone()
    boards = list(state.players)  # replaced_at(), written out: asked at most applies
    boards[player] = board
    state.players = tuple(boards)
    return board


#: The arguments of every task that takes none: read-only, so shared by all of them.
_NO_ARGS: ReadOnlyDict[str, Any] = ReadOnlyDict()
_PLAIN_TASKS: dict[tuple[str, int], Task] = {}


def plain_task(kind: str, player: int) -> Task:
    """``Task(kind, player)``, a task without arguments, made once and shared.

    Tasks never change and these arguments are read-only already, so every state may hold
    the same one; the rules push such tasks at most actions, and ``State.seal`` has nothing
    to do for them.
    """
    task = _PLAIN_TASKS.get((kind, player))
    if task is None:
        task = _PLAIN_TASKS[kind, player] = Task(kind, player, _NO_ARGS)
    return task


def _read_only_args(args: Mapping[str, Any]) -> ReadOnlyDict[str, Any]:
    """A task's arguments, read-only: a read-only dict, with tuples for lists."""
    if not args:
        return _NO_ARGS  # (read-only: one for all)
    frozen: ReadOnlyDict[str, Any] = ReadOnlyDict(args)
    for key, value in args.items():
        if type(value) is list:
            dict.__setitem__(frozen, key, tuple(value))
    return frozen


def _sealed_task(task: Task) -> Task:
    """A new task like ``task``, with read-only arguments."""
    return Task(task.kind, task.player, _read_only_args(task.args))


#: What ``_in_shared_form`` leaves alone: the records it treats apart, and the log.
_NOT_CONTAINERS = frozenset({"players", "solo", "agenda", "events"})


def _in_shared_form(draft: State) -> State:
    """``draft`` (a fresh clone of a hand-edited state) with the library's containers only."""
    for record in (draft, *draft.players, *([draft.solo] if draft.solo is not None else [])):
        for f in attrs.fields(type(record).__mro__[1]):
            if f.name not in _NOT_CONTAINERS:
                setattr(record, f.name, shared_form(getattr(record, f.name)))
    draft.agenda = tuple([_sealed_task(t) for t in draft.agenda])  # the caller keeps its own
    return draft


#: An empty object of a class, its __init__ not run: the copies fill in every field themselves.
_new_record = object.__new__
#: The editable twins of the state classes (see ``core/values.py``).
_PLAYER_DRAFT = draft_of(PlayerState)
_SOLO_DRAFT = draft_of(SoloState)
_STATE_DRAFT = draft_of(State)


def _frozen(value: Any) -> Hashable:
    """JSON-like ``value`` as nested tuples (dicts as frozensets of items), equal when equal."""
    if isinstance(value, list | tuple):
        return tuple(_frozen(v) for v in value)
    if isinstance(value, Mapping):
        return frozenset((k, _frozen(v)) for k, v in value.items())
    return value  # type: ignore[no-any-return]  # str, int, bool, None


# ---- JSON ----------------------------------------------------------------------------------------

_FORMAT = 1
_CONVERTER = cattrs.Converter(forbid_extra_keys=True)
#: A state's JSON is under 10 KB and nests 7 deep; text far past either is refused before
#: anything walks it (reading it would cost memory, walking it the recursion limit).
MAX_STATE_CHARS = 1_000_000
MAX_STATE_DEPTH = 16


def to_json(state: State) -> str:
    """The state as JSON text; [`from_json`][sankore_rules.from_json] restores an equal state.

    Examples:
        >>> import sankore_rules as sr
        >>> s = sr.new_game(players=2, seed=1)
        >>> sr.from_json(sr.to_json(s)) == s
        True
    """
    return json.dumps({"format": _FORMAT, "state": _plain(state)}, ensure_ascii=False)


def _plain(state: State) -> dict[str, Any]:
    # Dicts keep their order (it is the order options are listed in), so no sort_keys.
    data: dict[str, Any] = _CONVERTER.unstructure(state)
    if data["solo"] is None:
        del data["solo"]  # a game of 2-4 players writes what it always wrote
    return data


def _first_difference(given: Any, canonical: Any, path: str) -> str | None:
    """Where ``given`` (parsed JSON) differs from the canonical JSON of what it was read as."""
    if isinstance(canonical, dict):
        if not isinstance(given, dict):
            return f"{path}: expected an object, got {type(given).__name__}"
        for key in given.keys() | canonical.keys():
            if key not in canonical:
                return f"{path}.{key}: unexpected field"
            if key not in given:
                return f"{path}.{key}: missing"
            found = _first_difference(given[key], canonical[key], f"{path}.{key}")
            if found:
                return found
        return None
    if isinstance(canonical, list | tuple):
        if not isinstance(given, list):
            return f"{path}: expected an array, got {type(given).__name__}"
        if len(given) != len(canonical):
            return f"{path}: expected {len(canonical)} items, got {len(given)}"
        for i, (g, c) in enumerate(zip(given, canonical, strict=True)):
            found = _first_difference(g, c, f"{path}[{i}]")
            if found:
                return found
        return None
    if type(given) is not type(canonical) or given != canonical:
        return f"{path}: {given!r} is not a valid value here"
    return None


def from_json(text: str | bytes) -> State:
    """Read a state written by [`to_json`][sankore_rules.to_json].

    Raises:
        StateError: for malformed JSON, a wrong or missing field (named), or a state whose
            component counts do not add up.
    """
    if isinstance(text, str | bytes) and len(text) > MAX_STATE_CHARS:
        raise StateError(f"longer than {MAX_STATE_CHARS} characters: not a state")
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError, TypeError, RecursionError) as exc:
        raise StateError(f"not JSON: {str(exc)[:200]}") from exc
    if _depth(document) > MAX_STATE_DEPTH:
        raise StateError(f"nested deeper than {MAX_STATE_DEPTH} levels: not a state")
    if not isinstance(document, dict) or document.get("format") != _FORMAT:
        raise StateError(f"not a sankore_rules state (expected format {_FORMAT})")
    data = document.get("state")
    if isinstance(data, dict):
        # A state written before chance steps had no count of draws and no mode: it read as a
        # game of the default mode that has drawn nothing yet.
        data.setdefault("draws", 0)
        data.setdefault("explicit_chance", False)
        _forget_solo_orders(data)
    state = structure_state(_CONVERTER, document, State)
    data = document["state"]
    # Anything the reader had to coerce (an object where an array belongs...) is refused.
    canonical = json.loads(json.dumps(_plain(state), ensure_ascii=False))
    difference = _first_difference(data, canonical, "state")
    if difference:
        raise StateError(difference)
    state.seal()
    return state


def _forget_solo_orders(data: dict[str, Any]) -> None:
    """Read a solo state written when the Scholar's deck and bag kept an order (issue 39).

    Its ``bagged`` count and face-down ``draft_card`` are dropped (that card goes back among
    the undealt ones, from which the draft's card is drawn), and the deck and the bag are
    sorted: the order they held is no longer part of a state.
    """
    solo = data.get("solo")
    if not isinstance(solo, dict) or "bagged" not in solo:
        return
    solo.pop("bagged")
    solo.pop("draft_card", None)
    players = data.get("players")
    deck = players[SCHOLAR] if isinstance(players, list) and len(players) > SCHOLAR else None
    for holder, key in ((solo, "bag"), (deck, "objectives")):
        if isinstance(holder, dict) and isinstance(holder.get(key), list):
            with contextlib.suppress(TypeError):  # mixed values: the checks that follow refuse
                holder[key] = sorted(holder[key])


def _depth(document: Any) -> int:
    """How deep containers nest in parsed JSON, found without recursion."""
    deepest, stack = 0, [(document, 1)]
    while stack:
        value, depth = stack.pop()
        deepest = max(deepest, depth)
        if isinstance(value, dict):
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
    return deepest


def _structure_strict_int(value: Any, _: type) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise TypeError(f"expected an integer, got {value!r}")
    return value


def _structure_strict_str(value: Any, _: type) -> str:
    if not isinstance(value, str):
        raise TypeError(f"expected a string, got {value!r}")
    return value


def _structure_strict_bool(value: Any, _: type) -> bool:
    if not isinstance(value, bool):
        raise TypeError(f"expected true or false, got {value!r}")
    return value


_CONVERTER.register_structure_hook(int, _structure_strict_int)
_CONVERTER.register_structure_hook(str, _structure_strict_str)
_CONVERTER.register_structure_hook(bool, _structure_strict_bool)
# The state classes refuse assignments once sealed, so JSON is read into their drafts, and
# from_json seals the whole.
for _sealed in (PlayerState, SoloState, State):
    _CONVERTER.register_structure_hook(
        _sealed,
        make_dict_structure_fn(draft_of(_sealed), _CONVERTER, _cattrs_forbid_extra_keys=True),
    )
_CONVERTER.register_structure_hook(
    Task,
    lambda v, _: Task(
        _structure_strict_str(v["kind"], str),
        _structure_strict_int(v["player"], int),
        _json_args(v.get("args", {})),
    ),
)


def _json_args(value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise TypeError(f"task args must be an object, got {value!r}")
    return value
