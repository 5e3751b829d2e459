"""Sankoré's observation tensor: what one seat may see, as a flat vector of values in [0, 1].

The layout writes everything [`observation`][sankore_rules.observation] shows a player, and
nothing it hides: the other players' Objective cards count only as how many they hold, a market
pile shows its top tile and its size, and the seed is nowhere; in a solo game the Scholar's
deck and bag are only counted and the card waiting for its draft is nowhere (SOLO-SET-8,
SOLO-SET-9, SOLO-SET-12). It is a list of named segments built from the tables, so a corrected
ruleset gets its own, and the docs page "Game-AI interfaces" prints the bundled one. Its shape
is the same for 2, 3 and 4 players, both Library sides and the solo game: the solo segments
come last and stay zero in a game of 2-4 players.

Every value lies in ``[0, 1]``: one-hot and multi-hot segments hold 0 or 1, counts are divided
by the most the component can reach (a Book count by the Bookshelf limit), and the few counts
with no such bound (Gold, Salt and Inspiration in the middle of a turn, turns played) are capped
at the scale the layout states. Players are seen from the viewer's seat: seat 0 is the viewer,
seat 1 the next player clockwise, and so on; seats past the player count are all zero, their
``seat.present`` flag off. So one network plays any seat. In a solo game the Scholar is the
other seat.

Examples:
    >>> import sankore_rules as sr
    >>> layout = tensor_layout(sr.load_rules())
    >>> layout.size
    7074
    >>> out = [0.0] * layout.size
    >>> layout.write(sr.new_game(players=3, seed=8), 0, out)
    >>> 0.0 <= min(out) and max(out) <= 1.0
    True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from sankore_rules.core.agents import Part, SegmentedLayout, SegmentSpec, Writer, per_ruleset
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import STEPS
from sankore_rules.sankore.rules.turn import TURN_OPTIONS
from sankore_rules.sankore.state import (
    SCHOLAR,
    Graduated,
    MadrasaTile,
    MarketColumn,
    PlayerState,
    SoloState,
    State,
)
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = [
    "END_CAUSES",
    "MARKET_SLOTS",
    "RESOURCE_CAP",
    "TURN_SCALE",
    "SankoreLayout",
    "tensor_layout",
]

#: Counts with no bound in the tables are capped at this many times their storage limit.
RESOURCE_CAP = 2
#: Turns played are divided by this and capped at 1.
TURN_SCALE = 64
#: Market slots, top to bottom of a column (SETUP-C-15).
MARKET_SLOTS = ("level3", "pile2_top", "shown2", "pile1_top", "shown1")
#: Why a game's end was triggered (``State.end_cause``); the solo game's ``scholar`` has a
#: segment of its own.
END_CAUSES = ("madrasa", "deadlock", "turn_limit")
#: The decision arguments that name a discipline.
_DISCIPLINE_ARGS = ("discipline", "student", "section")


class SankoreLayout(SegmentedLayout):
    """The observation tensor's layout for one Sankoré ruleset (a ``TensorLayout``).

    Attributes:
        parts: the segments with their axes, labels, encodings and meanings.
        segments: (name, length) of each segment, in order; ``size`` the tensor's length.
    """

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.ix = _Index(rules)
        # Each player's parts by the player's identity, seat and sight of the hand.
        self.players: dict[tuple[int, int, bool], tuple[PlayerState, list[Part]]] = {}
        # The pieces of the board seen alike from every seat: (State field, writer, arguments).
        self.board: tuple[tuple[str, Callable[..., None], tuple[object, ...]], ...] = (
            ("queues", _queues, (self.ix,)),
            ("queue_tokens", _queue_tokens, (self.ix,)),
            ("boxes", _boxes, (self.ix,)),
            ("theology_books", _theology, (self.ix,)),
            ("port_tokens", _ports, (self.ix,)),
            ("region_tiles", _region_tiles, (self.ix,)),
            ("overflow_books", _overflow_books, (rules, self.ix)),
            ("overflow_prestige", _overflow_prestige, (rules, self.ix)),
            ("madrasa", _madrasa, (self.ix,)),
            ("supply_books", _supply_books, (rules,)),
            ("supply_prestige", _supply_prestige, (rules,)),
            ("supply_sankore", _sankore_supply, (self.ix,)),
            ("skill_stacks", _skill_stacks, (rules, self.ix)),
            ("graduation", _graduation, (self.ix,)),
            ("market", _market, (rules, self.ix)),
            ("library", _library, (self.ix,)),
            ("students_out", _students_out, (rules,)),
            ("discarded_sankore", _discarded, (self.ix,)),
            ("draft", _draft, (self.ix,)),
        )
        # Each seat's previous state of each game (by seed), with its board's, seat-relative
        # pieces' and players' parts.
        self.last: dict[
            tuple[int, int], tuple[State, list[Part], list[Part], list[list[Part]]]
        ] = {}
        names = (rules.name, rules.content_hash)
        super().__init__("sankore", State, names, _segments(rules, self.ix))

    def fill(self, state: State, viewer: int, w: Writer) -> None:
        """Collect what seat ``viewer`` sees of ``state`` in ``w``, all at once."""
        for positions, values in self.collect(state, viewer):
            w.values.update(zip(positions, values, strict=True))

    def collect(self, state: State, viewer: int) -> list[Part]:
        """What seat ``viewer`` sees of ``state``, one part per piece of the state.

        Each piece's part is made once and found again by the piece's identity (or, for the
        few loose numbers, by their values). The seat's previous state of the same game (the
        same seed) is kept too: a piece
        that is the same object as there reuses its part without a lookup, so a state one
        decision on from the last costs a comparison per piece and the making of the few
        pieces that changed.
        """
        rules, ix, n = self.rules, self.ix, state.player_count
        cached = self.cached
        # A game keeps its seed from start to end: games stepped side by side each find
        # their own previous state.
        recent = (viewer, state.seed)
        last = self.last.get(recent)
        if last is not None and (
            last[0].player_count != n or (last[0].solo is None) != (state.solo is None)
        ):
            last = None
        head = _head(ix, self, state, viewer)
        board: list[Part] = []
        if last is None:
            for name, build, args in self.board:
                board.append(cached(build, getattr(state, name), None, *args))
            seated = [
                cached(_spaces, state.spaces, (viewer, n), ix, viewer, n),
                cached(
                    _madrasa_students, state.madrasa_students, (viewer, n), rules, ix, viewer, n
                ),
            ]
        else:
            before, before_board, before_seated, _players = last
            for (name, build, args), part in zip(self.board, before_board, strict=True):
                piece = getattr(state, name)
                if piece is getattr(before, name):
                    board.append(part)
                else:
                    board.append(cached(build, piece, None, *args))
            seated = before_seated
            if state.spaces is not before.spaces:
                seated = [cached(_spaces, state.spaces, (viewer, n), ix, viewer, n), seated[1]]
            if state.madrasa_students is not before.madrasa_students:
                sent = state.madrasa_students
                seated = [
                    seated[0],
                    cached(_madrasa_students, sent, (viewer, n), rules, ix, viewer, n),
                ]
        players: list[list[Part]] = []
        for p, pl in enumerate(state.players):
            if last is not None:
                before_pl = last[0].players[p]
                if pl is before_pl:
                    players.append(last[3][p])
                    continue
            s = (p - viewer) % n
            # OBJ-1: a hand is seen by its holder only; the Scholar's deck by nobody (SOLO-SET-9).
            sees_hand = p == viewer and not state.is_scholar(p)
            key = (id(pl), s, sees_hand)
            found = self.players.get(key)
            if found is None or found[0] is not pl:
                if last is None:
                    made = _player_parts(self, pl, s, sees_hand, None, [])
                else:
                    made = _player_parts(self, pl, s, sees_hand, before_pl, last[3][p])
                found = (pl, made)
                if len(self.players) >= 4096:  # they keep their states' pieces alive
                    self.players.clear()
                self.players[key] = found
            players.append(found[1])
        if len(self.last) >= 1024:  # they keep their states alive
            self.last.clear()
        self.last[recent] = (state, board, seated, players)
        parts = [*head, *board, *seated]
        for held in players:
            parts += held
        if state.solo is not None:
            scholar = state.players[SCHOLAR]
            seen = (len(scholar.objectives), scholar.books, state.end_cause == "scholar")
            parts.append(cached(_solo, state.solo, seen, rules, ix, state))
        return parts


@per_ruleset
def tensor_layout(rules: Rules) -> SankoreLayout:
    """The observation tensor's layout for ``rules``, built once per ruleset."""
    return SankoreLayout(rules)


# ---- the layout ----------------------------------------------------------------------------------


class _Index:
    """Every label list of the layout, and the position of each label, for one ruleset."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        t = rules.tables
        storage = t.components.prestige_storage
        self.seats = ("self", *(f"+{k}" for k in range(1, max(rules.queue_layouts))))
        self.disciplines = rules.disciplines
        self.regions = tuple(sorted(rules.region_discipline))
        longest = max(len(q.spaces) for q in rules.queue_layouts.values())
        self.queue_positions = tuple(str(i) for i in range(longest))
        self.class_tiles = tuple(rules.class_tiles)
        self.advanced = tuple(c.id for c in t.classes.advanced)
        self.draft_tiles = tuple(c.id for c in t.classes.advanced if c.level == 1)
        self.sankore = tuple(rules.sankore_tiles)
        self.graduation = tuple(rules.graduation_tiles)
        self.cards = tuple(str(n) for n in rules.objective_cards)
        self.icons = tuple(rules.skill_icons)
        self.cells = tuple(rules.cell_name(c) for c in range(rules.madrasa_cells))
        sides = rules.library_sides.values()
        self.shelves = tuple(str(i) for i in range(max(len(s.shelves) for s in sides)))
        self.shelf_slots = max(shelf.slots for s in sides for shelf in s.shelves)
        self.sides = tuple(rules.library_sides)
        self.decisions = tuple(sorted(k for k, s in STEPS.items() if s.candidates is not None))
        self.mains = tuple(sorted({o.main for o in TURN_OPTIONS.values() if o.main is not None}))
        self.favour_spaces = tuple(str(i + 1) for i in range(len(rules.favour_rewards)))
        self.skill_slots = tuple(str(k) for k in range(rules.skill_section_size))
        self.graduation_slots = tuple(str(k) for k in range(rules.graduation_slots))
        self.max_favour = storage.spaces // storage.covered_per_favour_tile
        self.difficulties = tuple(rules.solo_difficulties)
        self.slots = tuple(str(k) for k in range(rules.solo_phase_turns[0]))
        self.phase2 = tuple(str(k) for k in range(rules.solo_phase_turns[1]))
        self.phase3 = tuple(str(k) for k in range(rules.solo_phase_turns[2]))
        self.solo_spaces = (rules.solo_draft_space, *rules.solo_class_spaces)

        def pos(labels: Iterable[str]) -> dict[str, int]:
            return {label: i for i, label in enumerate(labels)}

        self.disc = pos(self.disciplines)
        self.region_pos = pos(self.regions)
        self.card_pos = {n: i for i, n in enumerate(rules.objective_cards)}
        self.sankore_pos = pos(self.sankore)
        self.graduation_pos = pos(self.graduation)
        self.icon_pos = pos(self.icons)
        self.advanced_pos = pos(self.advanced)
        self.draft_pos = pos(self.draft_tiles)
        self.class_tile_pos = pos(self.class_tiles)
        self.side_pos = pos(self.sides)
        self.decision_pos = pos(self.decisions)
        self.main_pos = pos(self.mains)
        self.class_space_pos = pos(rules.class_spaces)
        self.student_space_pos = pos(rules.student_spaces)
        self.area_space_pos = pos(rules.area_spaces)
        self.theology_pos = pos(rules.theology_spaces)
        self.port_pos = pos(rules.token_port_spaces)
        self.camel_pos = pos(rules.astro_nodes)
        self.difficulty_pos = pos(self.difficulties)
        self.solo_space_pos = pos(self.solo_spaces)


def _segments(rules: Rules, ix: _Index) -> list[SegmentSpec]:
    """(name, {axis: labels}, encoding, meaning) of every segment, in order."""
    c, lim = rules.counts, rules.limits
    seat, d, area, region = ix.seats, ix.disciplines, ix.disciplines, ix.regions
    player_board = rules.class_spaces
    pile_scale = c.advanced_classes_per_discipline
    return [
        # ---- seats and the decision
        ("seat.present", {"seat": seat}, "flag", "a player sits in this seat"),
        ("seat.first", {"seat": seat}, "flag", "the first player (SETUP-P-2)"),
        ("seat.deciding", {"seat": seat}, "flag", "the player who decides now"),
        ("decision.kind", {"decision": ix.decisions}, "one-hot", "the pending decision"),
        (
            "decision.discipline",
            {"discipline": d},
            "one-hot",
            "the discipline the pending decision names, if any",
        ),
        ("turn.main_used", {"main action": ix.mains}, "flag", "main actions taken (TURN-2)"),
        ("turn.abilities_used", {"card": ix.cards}, "flag", "round abilities used (AMB-15)"),
        (
            "turn.pending_scorings",
            {"area": area, "scoring": ("book", "prestige")},
            "flag",
            "majority scorings waiting for the end of the turn (MAJ-1)",
        ),
        (
            "scorings_done",
            {"area": area, "scoring": ("book", "prestige")},
            "flag",
            "majority scorings already resolved",
        ),
        ("teaching.seat", {"seat": seat}, "one-hot", "who is teaching a Class"),
        ("teaching.class", {"class space": player_board}, "one-hot", "the Class being taught"),
        ("teaching.student", {"discipline": d}, "one-hot", "the active Student's discipline"),
        (
            "teaching.origin",
            {"Student space": rules.student_spaces},
            "one-hot",
            "the space the active Student came from",
        ),
        ("end.triggered", {"flag": ("triggered",)}, "flag", "the end is triggered (END-1)"),
        ("end.over", {"flag": ("over",)}, "flag", "the game is over"),
        ("end.cause", {"cause": END_CAUSES}, "one-hot", "why the end was triggered"),
        # ---- the shared board
        (
            "queues",
            {"area": area, "position": ix.queue_positions, "discipline": d},
            "one-hot",
            "the Student on each queue space (SETUP-C-3)",
        ),
        (
            "queue_tokens",
            {"area": area, "position": ix.queue_positions, "discipline": d},
            "one-hot",
            "the Prestige token beside each majority space",
        ),
        (
            "boxes.book",
            {"area": area, "region": region, "discipline": d},
            "one-hot",
            "the Book in each scoring box",
        ),
        (
            "boxes.prestige",
            {"area": area, "region": region, "discipline": d},
            "one-hot",
            "the Prestige token in each scoring box",
        ),
        (
            "spaces",
            {"space": tuple(rules.area_spaces), "seat": seat},
            "one-hot",
            "whose piece stands on each area space",
        ),
        (
            "theology_books",
            {"Theology space": tuple(rules.theology_spaces), "discipline": d},
            "one-hot",
            "the Book still lying on each Theology space (THEO-5)",
        ),
        (
            "port_tokens",
            {"Port space": rules.token_port_spaces, "discipline": d},
            "one-hot",
            "the Prestige token still lying on each Port City space",
        ),
        (
            "region_tiles",
            {"area": area, "region": region, "tile": ix.sankore},
            "one-hot",
            "the Sankoré tile still lying in each region",
        ),
        (
            "overflow.books",
            {"region": region, "discipline": d},
            f"count / {c.books_per_discipline}",
            "Books on each Law Overflow space (LAW-7)",
        ),
        (
            "overflow.prestige",
            {"region": region, "discipline": d},
            f"count / {c.prestige_per_discipline}",
            "Prestige tokens on each Law Overflow space (LAW-7)",
        ),
        ("madrasa.tile", {"cell": ix.cells, "tile": ix.sankore}, "one-hot", "each Madrasa tile"),
        ("madrasa.star", {"cell": ix.cells}, "flag", "the tile shows its Prestige side"),
        (
            "madrasa.students",
            {"seat": seat, "discipline": d},
            f"count / {c.students_per_discipline}",
            "Students sent to the Madrasa (THEO-8)",
        ),
        (
            "supply.books",
            {"discipline": d},
            f"count / {c.books_per_discipline}",
            "Books in the supply",
        ),
        (
            "supply.prestige",
            {"discipline": d},
            f"count / {c.prestige_per_discipline}",
            "Prestige tokens in the supply",
        ),
        ("supply.sankore", {"tile": ix.sankore}, "flag", "Sankoré tiles in the supply"),
        ("supply.favour", {"count": ("favour",)}, f"count / {c.favour_tiles}", "Favour tiles"),
        (
            "supply.skills",
            {"icon": ix.icons},
            "count / the icon's tiles",
            "Skill tiles left in each stack",
        ),
        ("graduation", {"tile": ix.graduation}, "flag", "Graduation tiles on the board"),
        (
            "market",
            {"column": d, "slot": MARKET_SLOTS, "tile": ix.advanced},
            "one-hot",
            "the visible Advanced Class tiles (EST-2); a pile shows only its top",
        ),
        (
            "market.piles",
            {"column": d, "pile": ("pile2", "pile1")},
            f"count / {pile_scale}",
            "how many tiles each pile holds",
        ),
        ("library.side", {"side": ix.sides}, "one-hot", "the Library side in play"),
        (
            "library.books",
            {"shelf": ix.shelves, "discipline": d},
            f"count / {ix.shelf_slots}",
            "the Books on each shelf (RES-5)",
        ),
        (
            "students_out",
            {"discipline": d},
            f"count / {c.students_per_discipline}",
            "Students out of the game",
        ),
        ("discarded_sankore", {"tile": ix.sankore}, "flag", "Sankoré tiles discarded (SANK-10)"),
        ("draft.tile", {"tile": ix.draft_tiles}, "flag", "combinations still on offer (DRAFT-1)"),
        (
            "draft.book",
            {"tile": ix.draft_tiles, "discipline": d},
            "one-hot",
            "the Book of each combination",
        ),
        (
            "draft.student",
            {"tile": ix.draft_tiles, "discipline": d},
            "one-hot",
            "the Student of each combination",
        ),
        ("variant.turn_limit", {"flag": ("set",)}, "flag", "the game has a turn limit"),
        # ---- each player
        (
            "player.resources",
            {"seat": seat, "resource": RESOURCES},
            f"count / ({RESOURCE_CAP} x storage limit), capped at 1",
            "Gold, Salt and Inspiration (RES-1)",
        ),
        (
            "player.books",
            {"seat": seat, "discipline": d},
            f"count / {lim.books_per_discipline}",
            "Books on the Bookshelf (RES-4)",
        ),
        (
            "player.prestige",
            {"seat": seat, "discipline": d},
            f"count / {c.prestige_per_discipline}",
            "Prestige tokens",
        ),
        (
            "player.favour_tiles",
            {"seat": seat},
            f"count / {ix.max_favour}",
            "Favour tiles held (RES-7)",
        ),
        (
            "player.favour_pos",
            {"seat": seat, "space": ix.favour_spaces},
            "one-hot",
            "the disc on the Favour track",
        ),
        (
            "player.pieces",
            {"seat": seat, "area": area},
            f"count / {c.pieces_per_type}",
            "Trading Posts, Mosques, Walls and Crowns still at home",
        ),
        (
            "player.classes",
            {"seat": seat, "class space": player_board, "tile": ix.class_tiles},
            "one-hot",
            "the Class tile on each Class space",
        ),
        (
            "player.students",
            {"seat": seat, "Student space": rules.student_spaces, "discipline": d},
            "one-hot",
            "the Student on each Student space",
        ),
        (
            "player.skills",
            {"seat": seat, "section": d, "slot": ix.skill_slots, "icon": ix.icons},
            "one-hot",
            "the Skill tiles in each section, in the order placed (SKILL-2)",
        ),
        (
            "player.graduations",
            {"seat": seat, "slot": ix.graduation_slots, "tile": ix.graduation},
            "one-hot",
            "the Graduation tiles held (GRAD-5)",
        ),
        (
            "player.graduated",
            {"seat": seat, "slot": ix.graduation_slots, "discipline": d},
            "one-hot",
            "the Student still on each Graduation tile",
        ),
        (
            "player.camel",
            {"seat": seat, "place": tuple(rules.astro_nodes)},
            "one-hot",
            "where the camel stands (ASTRO-2)",
        ),
        (
            "player.hand",
            {"seat": seat, "card": ix.cards},
            "flag",
            "the viewer's own Objective cards; all zero for the other seats (OBJ-1)",
        ),
        (
            "player.hand_size",
            {"seat": seat},
            f"count / {c.objectives_dealt}",
            "how many Objective cards each player holds",
        ),
        ("player.completed", {"seat": seat, "card": ix.cards}, "flag", "completed cards (OBJ-1)"),
        (
            "player.kept_sankore",
            {"seat": seat, "tile": ix.sankore},
            "flag",
            "Sankoré tiles kept as Prestige (SANK-10)",
        ),
        (
            "player.turns",
            {"seat": seat},
            f"count / {TURN_SCALE}, capped at 1",
            "turns played",
        ),
        # ---- the solo game: the Scholar's board, all zero in a game of 2-4 players
        ("solo.present", {"flag": ("solo",)}, "flag", "a solo game against the Scholar"),
        (
            "solo.difficulty",
            {"difficulty": ix.difficulties},
            "one-hot",
            "the Scholar's difficulty (SOLO-SET-1)",
        ),
        (
            "solo.current",
            {"discipline": d},
            "one-hot",
            "the current discipline of the Scholar's turn (SOLO-FLOW-3)",
        ),
        (
            "solo.slots",
            {"card slot": ix.slots, "card": ix.cards},
            "one-hot",
            "the cards turned into the card slots in phase 1 (SOLO-PH1-3)",
        ),
        (
            "solo.deck",
            {"count": ("deck",)},
            f"count / {c.objectives_dealt}, capped at 1",
            "how many cards the Scholar's face-down deck holds (SOLO-SET-9); not which",
        ),
        (
            "solo.bag",
            {"discipline": d},
            f"count / {c.students_per_discipline}",
            "the Students in the bag, counted: their draw order is hidden (SOLO-SET-8)",
        ),
        (
            "solo.phase2",
            {"phase 2 space": ix.phase2, "discipline": d},
            "one-hot",
            "the Student drawn onto each space of the phase 2 row (SOLO-PH2-3)",
        ),
        (
            "solo.phase3",
            {"phase 3 space": ix.phase3, "discipline": d},
            "one-hot",
            "the Student drawn onto each space of the phase 3 row (SOLO-PH3-2)",
        ),
        (
            "solo.classes",
            {"solo Class space": ix.solo_spaces, "tile": ix.advanced},
            "one-hot",
            "the Advanced Class tile on each Class space of the solo board (SOLO-EST-2)",
        ),
        (
            "solo.tile_students",
            {"solo Class space": ix.solo_spaces, "discipline": d},
            "one-hot",
            "the Student enrolled by Area onto each tile (SOLO-ENRA-2)",
        ),
        (
            "solo.end_scholar",
            {"flag": ("scholar",)},
            "flag",
            "the Scholar's last turn triggered the end (SOLO-FLOW-2)",
        ),
        (
            "solo.scholar_books",
            {"discipline": d},
            f"count / {c.books_per_discipline}",
            "the Scholar's Books, its storage unlimited (SOLO-FLOW-5); player.books caps them",
        ),
    ]


# ---- the tensor, piece by piece ---------------------------------------------------------------
# Each function writes the non-zero values one piece of the state gives; ``collect`` keeps
# what they write by the piece's identity. A function reads nothing but its arguments (and,
# for those kept by value, only the values their key names), or a kept part would go stale.

_SCORING = {"book": 0, "prestige": 1}


def _named_discipline(ix: _Index, state: State) -> str | None:
    """The discipline the pending decision names, if any."""
    task = state.decision
    if task is not None:
        for arg in _DISCIPLINE_ARGS:
            named = task.args.get(arg)
            if isinstance(named, str) and named in ix.disc:
                return named
    return None


def _head(ix: _Index, layout: SankoreLayout, state: State, viewer: int) -> list[Part]:
    """The seats, the pending decision, the turn's progress and the end, as small parts.

    Each is kept by the values it reads, few of which change at one decision, and most of
    whose combinations come back: most decisions find every one of them made.
    """
    valued, n, rules = layout.valued, state.player_count, layout.rules
    task = state.decision
    deciding = None if task is None else ((task.player - viewer) % n, task.kind)
    first = (state.first_player - viewer) % n
    teaching = state.teaching
    return [
        valued(_seats, (n, first, state.library_side, state.turn_limit is None), ix, state, first),
        valued(_deciding, (deciding, _named_discipline(ix, state)), ix, state, viewer),
        valued(
            _turn,
            (state.main_used, state.abilities_used, state.pending_scorings, state.scorings_done),
            ix,
            state,
        ),
        valued(
            _teaching,
            None if teaching is None else ((teaching[0] - viewer) % n, *teaching[1:]),
            ix,
            state,
            viewer,
        ),
        valued(
            _end,
            (state.end_triggered, state.game_over, state.end_cause, state.favour_supply),
            rules,
            state,
        ),
    ]


def _seats(w: Writer, ix: _Index, state: State, first: int) -> None:
    for s in range(state.player_count):
        w.one("seat.present", s)
    w.one("seat.first", first)
    w.one("library.side", ix.side_pos[state.library_side])
    if state.turn_limit is not None:
        w.one("variant.turn_limit")


def _deciding(w: Writer, ix: _Index, state: State, viewer: int) -> None:
    task = state.decision
    if task is not None:
        w.one("seat.deciding", (task.player - viewer) % state.player_count)
        w.one("decision.kind", ix.decision_pos[task.kind])
        named = _named_discipline(ix, state)
        if named is not None:
            w.one("decision.discipline", ix.disc[named])


def _turn(w: Writer, ix: _Index, state: State) -> None:
    disc = ix.disc
    for main in state.main_used:
        w.one("turn.main_used", ix.main_pos[main])
    for number in state.abilities_used:
        w.one("turn.abilities_used", ix.card_pos[number])
    for area, kind, _token in state.pending_scorings:
        w.one("turn.pending_scorings", disc[area], _SCORING[kind])
    for done in state.scorings_done:
        area, kind = done.split(":")
        w.one("scorings_done", disc[area], _SCORING[kind])


def _teaching(w: Writer, ix: _Index, state: State, viewer: int) -> None:
    if state.teaching is not None:
        who, taught_class, taught, origin = state.teaching
        w.one("teaching.seat", (who - viewer) % state.player_count)
        w.one("teaching.class", ix.class_space_pos[taught_class])
        w.one("teaching.student", ix.disc[taught])
        w.one("teaching.origin", ix.student_space_pos[origin])


def _end(w: Writer, rules: Rules, state: State) -> None:
    w.flag("end.triggered", state.end_triggered)
    w.flag("end.over", state.game_over)
    if state.end_cause in END_CAUSES:  # the Scholar's end is a solo segment's
        w.one("end.cause", END_CAUSES.index(state.end_cause))
    w.put("supply.favour", state.favour_supply / rules.counts.favour_tiles)


def _queues(w: Writer, queues: tuple[tuple[str | None, ...], ...], ix: _Index) -> None:
    for q, queue in enumerate(queues):
        for i, queued in enumerate(queue):
            if queued is not None:
                w.one("queues", q, i, ix.disc[queued])


def _queue_tokens(w: Writer, tokens: dict[str, str], ix: _Index) -> None:
    for key, d in tokens.items():
        area, position = key.split(":")
        w.one("queue_tokens", ix.disc[area], int(position), ix.disc[d])


def _boxes(w: Writer, boxes: dict[str, tuple[str | None, str | None]], ix: _Index) -> None:
    disc = ix.disc
    for key, (book, prestige) in boxes.items():
        area, region = key.split(":")
        if book is not None:
            w.one("boxes.book", disc[area], ix.region_pos[region], disc[book])
        if prestige is not None:
            w.one("boxes.prestige", disc[area], ix.region_pos[region], disc[prestige])


def _spaces(w: Writer, spaces: dict[str, int], ix: _Index, viewer: int, n: int) -> None:
    for space, owner in spaces.items():
        w.one("spaces", ix.area_space_pos[space], (owner - viewer) % n)


def _theology(w: Writer, books: dict[str, str], ix: _Index) -> None:
    for space, d in books.items():
        w.one("theology_books", ix.theology_pos[space], ix.disc[d])


def _ports(w: Writer, tokens: dict[str, str], ix: _Index) -> None:
    for space, d in tokens.items():
        w.one("port_tokens", ix.port_pos[space], ix.disc[d])


def _region_tiles(w: Writer, tiles: dict[str, str], ix: _Index) -> None:
    for key, tile in tiles.items():
        area, region = key.split(":")
        w.one("region_tiles", ix.disc[area], ix.region_pos[region], ix.sankore_pos[tile])


def _overflow_books(w: Writer, held: dict[str, tuple[int, ...]], rules: Rules, ix: _Index) -> None:
    for region, counts in held.items():
        w.row("overflow.books", counts, rules.counts.books_per_discipline, ix.region_pos[region])


def _overflow_prestige(
    w: Writer, held: dict[str, tuple[int, ...]], rules: Rules, ix: _Index
) -> None:
    scale = rules.counts.prestige_per_discipline
    for region, counts in held.items():
        w.row("overflow.prestige", counts, scale, ix.region_pos[region])


def _madrasa(w: Writer, madrasa: tuple[MadrasaTile | None, ...], ix: _Index) -> None:
    for cell, placed in enumerate(madrasa):
        if placed is not None:
            w.one("madrasa.tile", cell, ix.sankore_pos[placed.tile])
            if placed.star:
                w.one("madrasa.star", cell)


def _madrasa_students(
    w: Writer, sent: tuple[tuple[int, str], ...], rules: Rules, ix: _Index, viewer: int, n: int
) -> None:
    counts = [[0] * len(ix.disciplines) for _ in range(n)]
    for owner, d in sent:
        counts[(owner - viewer) % n][ix.disc[d]] += 1
    for s, row in enumerate(counts):
        w.row("madrasa.students", row, rules.counts.students_per_discipline, s)


def _supply_books(w: Writer, books: tuple[int, ...], rules: Rules) -> None:
    w.row("supply.books", books, rules.counts.books_per_discipline)


def _supply_prestige(w: Writer, prestige: tuple[int, ...], rules: Rules) -> None:
    w.row("supply.prestige", prestige, rules.counts.prestige_per_discipline)


def _sankore_supply(w: Writer, tiles: tuple[str, ...], ix: _Index) -> None:
    for tile in tiles:
        w.one("supply.sankore", ix.sankore_pos[tile])


def _skill_stacks(w: Writer, stacks: dict[str, int], rules: Rules, ix: _Index) -> None:
    for icon, left in stacks.items():
        w.put("supply.skills", left / rules.skill_icons[icon].count, ix.icon_pos[icon])


def _graduation(w: Writer, tiles: tuple[str, ...], ix: _Index) -> None:
    for tile in tiles:
        w.one("graduation", ix.graduation_pos[tile])


def _market(w: Writer, market: tuple[MarketColumn, ...], rules: Rules, ix: _Index) -> None:
    scale = rules.counts.advanced_classes_per_discipline
    for col, column in enumerate(market):
        # Only the top of each pile is visible (SETUP-C-15, EST-2).
        slots = (
            column.level3,
            column.pile2[0] if column.pile2 else None,
            column.shown2,
            column.pile1[0] if column.pile1 else None,
            column.shown1,
        )
        for slot, shown in enumerate(slots):
            if shown is not None:
                w.one("market", col, slot, ix.advanced_pos[shown])
        w.row("market.piles", (len(column.pile2), len(column.pile1)), scale, col)


def _library(w: Writer, library: tuple[tuple[str, ...], ...], ix: _Index) -> None:
    for shelf, books in enumerate(library):
        on_shelf = [0] * len(ix.disciplines)
        for d in books:
            on_shelf[ix.disc[d]] += 1
        w.row("library.books", on_shelf, ix.shelf_slots, shelf)


def _students_out(w: Writer, out: tuple[int, ...], rules: Rules) -> None:
    w.row("students_out", out, rules.counts.students_per_discipline)


def _discarded(w: Writer, tiles: tuple[str, ...], ix: _Index) -> None:
    for tile in tiles:
        w.one("discarded_sankore", ix.sankore_pos[tile])


def _draft(w: Writer, draft: tuple[tuple[str, str, str], ...], ix: _Index) -> None:
    for tile, book, student in draft:
        w.one("draft.tile", ix.draft_pos[tile])
        w.one("draft.book", ix.draft_pos[tile], ix.disc[book])
        w.one("draft.student", ix.draft_pos[tile], ix.disc[student])


# ---- each player, from the viewer's seat


#: A player's pieces seen alike from any seat but for the seat itself: (PlayerState field,
#: writer). The hand comes last, in the viewer's own seat only.
_PLAYER_PIECES: tuple[tuple[str, Callable[..., None]], ...] = ()


def _player_parts(
    layout: SankoreLayout,
    pl: PlayerState,
    s: int,
    sees_hand: bool,
    before: PlayerState | None,
    before_parts: list[Part],
) -> list[Part]:
    """The parts of one player seen from seat ``s``, each kept by its own piece.

    ``before`` is the same seat's player in the previous state, ``before_parts`` its parts:
    a piece that is the same object reuses its part without a lookup.
    """
    rules, ix, cached = layout.rules, layout.ix, layout.cached
    parts = [
        layout.valued(_player_resources, (s, pl.gold, pl.salt, pl.inspiration), rules, pl, s),
        layout.valued(_player_camel, (s, pl.camel), ix, pl, s),
        layout.valued(_player_turns, (s, pl.turns), pl, s),
        layout.valued(
            _player_numbers,
            (s, pl.favour_tiles, pl.favour_pos, len(pl.objectives)),
            rules,
            ix,
            pl,
            s,
        ),
    ]
    reuse = before is not None and len(before_parts) == 4 + len(_PLAYER_PIECES) + sees_hand
    for k, (name, build) in enumerate(_PLAYER_PIECES, 4):
        piece = getattr(pl, name)
        if reuse and piece is getattr(before, name):
            parts.append(before_parts[k])
        else:
            parts.append(cached(build, piece, s, ix, s))
    if sees_hand:
        parts.append(cached(_player_hand, pl.objectives, s, ix, s))
    return parts


def _player_resources(w: Writer, rules: Rules, pl: PlayerState, s: int) -> None:
    # ``_player_parts`` keys this part by every number it reads.
    for r, (held, resource) in enumerate(
        zip((pl.gold, pl.salt, pl.inspiration), RESOURCES, strict=True)
    ):
        cap = RESOURCE_CAP * getattr(rules.limits, resource)
        w.put("player.resources", min(held, cap) / cap, s, r)


def _player_numbers(w: Writer, rules: Rules, ix: _Index, pl: PlayerState, s: int) -> None:
    # ``_player_parts`` keys this part by every number it reads.
    c = rules.counts
    w.put("player.favour_tiles", pl.favour_tiles / ix.max_favour, s)
    if pl.favour_pos >= 0:  # the Scholar's disc is in the box (SOLO-SET-7)
        w.one("player.favour_pos", s, pl.favour_pos)
    in_hand = min(len(pl.objectives), c.objectives_dealt)
    w.put("player.hand_size", in_hand / c.objectives_dealt, s)


def _player_camel(w: Writer, ix: _Index, pl: PlayerState, s: int) -> None:
    w.one("player.camel", s, ix.camel_pos[pl.camel])


def _player_turns(w: Writer, pl: PlayerState, s: int) -> None:
    w.put("player.turns", min(pl.turns, TURN_SCALE) / TURN_SCALE, s)


def _player_books(w: Writer, books: tuple[int, ...], ix: _Index, s: int) -> None:
    # The Scholar's storage is unlimited (SOLO-FLOW-5): capped here, in full in solo.*.
    cap = ix.rules.limits.books_per_discipline
    w.row("player.books", [min(b, cap) for b in books], cap, s)


def _player_prestige(w: Writer, held: tuple[int, ...], ix: _Index, s: int) -> None:
    w.row("player.prestige", held, ix.rules.counts.prestige_per_discipline, s)


def _player_pieces(w: Writer, home: tuple[int, ...], ix: _Index, s: int) -> None:
    w.row("player.pieces", home, ix.rules.counts.pieces_per_type, s)


def _player_classes(w: Writer, classes: dict[str, str], ix: _Index, s: int) -> None:
    for space, tile in classes.items():
        w.one("player.classes", s, ix.class_space_pos[space], ix.class_tile_pos[tile])


def _player_students(w: Writer, students: dict[str, str], ix: _Index, s: int) -> None:
    for space, d in students.items():
        w.one("player.students", s, ix.student_space_pos[space], ix.disc[d])


def _player_skills(w: Writer, skills: tuple[tuple[str, ...], ...], ix: _Index, s: int) -> None:
    for section, held in enumerate(skills):
        for slot, icon in enumerate(held):
            w.one("player.skills", s, section, slot, ix.icon_pos[icon])


def _player_graduations(w: Writer, held: tuple[Graduated, ...], ix: _Index, s: int) -> None:
    for slot, g in enumerate(held):
        w.one("player.graduations", s, slot, ix.graduation_pos[g.tile])
        if g.student is not None:
            w.one("player.graduated", s, slot, ix.disc[g.student])


def _player_hand(w: Writer, hand: tuple[int, ...], ix: _Index, s: int) -> None:
    for number in hand:
        w.one("player.hand", s, ix.card_pos[number])


def _player_completed(w: Writer, completed: tuple[int, ...], ix: _Index, s: int) -> None:
    for number in completed:
        w.one("player.completed", s, ix.card_pos[number])


def _player_kept(w: Writer, kept: tuple[str, ...], ix: _Index, s: int) -> None:
    for tile in kept:
        w.one("player.kept_sankore", s, ix.sankore_pos[tile])


_PLAYER_PIECES = (
    ("books", _player_books),
    ("prestige", _player_prestige),
    ("pieces", _player_pieces),
    ("classes", _player_classes),
    ("students", _player_students),
    ("skills", _player_skills),
    ("graduations", _player_graduations),
    ("completed", _player_completed),
    ("kept_sankore", _player_kept),
)


def _solo(w: Writer, solo: SoloState, rules: Rules, ix: _Index, state: State) -> None:
    """The Scholar's board: its deck and bag counted, its draft card left out."""
    # Kept by the solo board's identity and the values it reads from the rest of ``state``.
    c = rules.counts
    disc = ix.disc
    w.one("solo.present")
    w.one("solo.difficulty", ix.difficulty_pos[solo.difficulty])
    if solo.current is not None:
        w.one("solo.current", disc[solo.current])
    for slot, number in enumerate(solo.slots):
        w.one("solo.slots", slot, ix.card_pos[number])
    deck = len(state.players[SCHOLAR].objectives)
    w.put("solo.deck", min(deck, c.objectives_dealt) / c.objectives_dealt)
    w.row("solo.bag", [solo.bag.count(d) for d in ix.disciplines], c.students_per_discipline)
    for row, drawn in (("solo.phase2", solo.phase2), ("solo.phase3", solo.phase3)):
        for k, student in enumerate(drawn):
            if student is not None:
                w.one(row, k, disc[student])
    for space, tile in solo.classes.items():
        w.one("solo.classes", ix.solo_space_pos[space], ix.advanced_pos[tile])
    for space, student in solo.tile_students.items():
        w.one("solo.tile_students", ix.solo_space_pos[space], disc[student])
    w.row("solo.scholar_books", state.players[SCHOLAR].books, c.books_per_discipline)
    w.flag("solo.end_scholar", state.end_cause == "scholar")
