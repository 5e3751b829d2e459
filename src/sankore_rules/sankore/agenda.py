"""Whether a state's agenda is one the game could have reached: its shape, owners and arguments.

The agenda is a stack of tasks (``engine.py``). Play only ever builds it in a few shapes: the
draft's (the first turn below the draft finish, below each player's draft still to come), or a
turn's (that player's ``turn`` at the bottom, the steps of the action under way above it, a
Prestige discard at a gain among them, or ``next_turn`` below a Prestige discard at the turn's
end). Only a decision waits on top; every task of a turn belongs to the player whose turn it
is; and each task carries the arguments its step reads, of the right kind. ``from_json``
refuses any other agenda, so that a state from outside never hands a step arguments it would
fail on (``validity.py`` adds that the decision on top has a legal option).

[`TASK_ARGS`][sankore_rules.sankore.agenda.TASK_ARGS] declares each step's arguments; a test checks
that every registered step has an entry, so a new step cannot slip past this check.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sankore_rules.core.chance import CHANCE
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import STEPS
from sankore_rules.sankore.holdings import ASTRONOMY, gold_cost
from sankore_rules.sankore.placements import FAMILIES, setup_pending, setup_problems
from sankore_rules.sankore.solo.common import (
    SCHOLAR_BAG_DRAW,
    SCHOLAR_CARD_TURN,
    SCHOLAR_CHANCE_KINDS,
    SCHOLAR_DRAFT_TURN,
)
from sankore_rules.sankore.state import (
    DEAL_OBJECTIVE,
    FIRST_PLAYER,
    MARKET_TURN,
    SCHOLAR,
    SETUP_PLACE,
    State,
    Task,
)
from sankore_rules.sankore.vocabulary import RESOURCES

__all__ = ["MAX_AMOUNT", "SCHOLAR_KINDS", "TASK_ARGS", "agenda_problems", "arg_problems"]

MAX_AMOUNT = 100
"""No effect of the tables gives more than this at once (``core.tables.MAX_TABLE_NUMBER``)."""

ArgTest = Callable[[Rules, State, int, Any], str | None]
"""A value test: what ``value`` should be when it is wrong (given the ruleset, the state and the
task's player), or None.
"""


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _amount(rules: Rules, state: State, p: int, value: Any) -> str | None:
    return None if _is_int(value) and 1 <= value <= MAX_AMOUNT else "a count 1..100"


def _flag(rules: Rules, state: State, p: int, value: Any) -> str | None:
    return None if isinstance(value, bool) else "true or false"


def _one_of(what: str, names: Callable[[Rules], Any]) -> ArgTest:
    def test(rules: Rules, state: State, p: int, value: Any) -> str | None:
        return None if isinstance(value, str) and value in names(rules) else what

    return test


_discipline = _one_of("a discipline", lambda r: r.discipline_index)
_discipline_or_any = _one_of("a discipline or 'any'", lambda r: (*r.disciplines, "any"))
_class_space = _one_of("a Class space", lambda r: r.class_row)
_class_tile = _one_of("an Advanced Class tile", lambda r: {c.id for c in r.tables.classes.advanced})
_sankore_tile = _one_of("a Sankoré tile", lambda r: r.sankore_tiles)
_icon = _one_of("a Skill tile stack", lambda r: r.skill_icons)
_region = _one_of("a region letter", lambda r: r.region_discipline)
_wall = _one_of("a Wall space", lambda r: r.wall_line)
_destination = _one_of("an Oasis or a Port City space", lambda r: (*r.oases, *r.port_spaces))
_scoring = _one_of("'book' or 'prestige'", lambda r: ("book", "prestige"))
_solo_class_space = _one_of(
    "a numbered Class space of the solo board", lambda r: r.solo_class_spaces
)


def _resources(rules: Rules, state: State, p: int, value: Any) -> str | None:
    ok = (
        isinstance(value, list | tuple)
        and 1 <= len(value) <= len(RESOURCES)
        and all(isinstance(r, str) and r in RESOURCES for r in value)
        and len(set(value)) == len(value)
    )
    return None if ok else f"a list of distinct resources among {RESOURCES}"


def _used(rules: Rules, state: State, p: int, value: Any) -> str | None:
    ok = (
        isinstance(value, list | tuple)
        and len(value) <= len(rules.disciplines)
        and all(isinstance(d, str) and d in rules.discipline_index for d in value)
        and len(set(value)) == len(value)
    )
    return None if ok else "a list of distinct disciplines"


def _filled_cell(rules: Rules, state: State, p: int, value: Any) -> str | None:
    # The tile to show its star must be there (show_star follows a flip of that very tile).
    cell = rules.cell_index(value) if isinstance(value, str) else None
    if cell is None or state.madrasa[cell] is None:
        return "a Madrasa cell holding a tile"
    return None


def _capacity(rules: Rules, state: State, p: int, value: Any) -> str | None:
    # AMB-7: the capacity at the gain, below what the player holds (else nothing to return).
    spaces = rules.tables.components.prestige_storage.spaces
    if not (_is_int(value) and 0 <= value < sum(state.players[p].prestige)):
        return f"a Prestige capacity 0..{spaces} below the tokens held"
    return None if value <= spaces else f"a Prestige capacity 0..{spaces}"


def _free_destination(rules: Rules, state: State, p: int, value: Any) -> str | None:
    # The camel has moved and the Trading Post is still to come (ASTRO-5..9): its space is
    # still open, and the move was checked against the player's piece and Gold, which nothing
    # between the move and the post can spend.
    problem = _destination(rules, state, p, value)
    if problem is not None:
        return problem
    node = rules.astro_nodes[rules.camel_node(value)]
    pl = state.players[p]
    if value in state.spaces or pl.pieces[rules.discipline_index[ASTRONOMY]] < 1:
        return "an open Oasis or Port City space, with a Trading Post left to place there"
    if pl.gold < gold_cost(rules, state, p, node):
        return "a place whose Gold the player holds"
    return None


def _turning_tile(rules: Rules, state: State, p: int, value: Any) -> str | None:
    # A market_turn takes a tile of the market whose pile has tiles below its top to draw.
    problem = _class_tile(rules, state, p, value)
    if problem is not None:
        return problem
    column = state.market[rules.discipline_index[rules.class_tiles[value].discipline]]
    pile = column.pile_turned_by(value)
    if pile is None or len(getattr(column, pile)) < 3:
        return "a market tile whose leaving turns a pile with tiles below its top to draw"
    return None


_family = _one_of("a family of setup places", lambda r: {f.name for f in FAMILIES})


def _setup_target(rules: Rules, state: State, p: int, value: Any) -> str | None:
    # Which family's place it is, the agenda's check of the setup says (setup_problems).
    return None if isinstance(value, str) else "a place of the setup"


def _seat(rules: Rules, state: State, p: int, value: Any) -> str | None:
    return None if _is_int(value) and 0 <= value < state.player_count else "a seat of the game"


def _taught_class(rules: Rules, state: State, p: int, value: Any) -> str | None:
    # TEACH-1: the class chosen to teach is on the player's board.
    problem = _class_space(rules, state, p, value)
    if problem is None and value not in state.players[p].classes:
        return "a Class space holding one of the player's classes"
    return problem


_AMOUNT_ONLY: dict[str, tuple[ArgTest, bool]] = {"amount": (_amount, False)}

TASK_ARGS: dict[str, dict[str, tuple[ArgTest, bool]]] = {
    # the turn and its end
    "turn": {},
    "end_turn_scorings": {},
    "end_turn_storage": {},
    "next_turn": {},
    "discard_prestige": {"keep": (_capacity, False)},
    # the draft
    "draft": {},
    "draft_finish": {},
    "draft_order": {},
    "draft_space": {"tile": (_class_tile, True)},
    # teaching and the four areas
    "activate_student": {"class": (_taught_class, True)},
    "promote_active": {},
    "astronomy": {},
    "trading_post": {"dest": (_free_destination, True)},
    "theology": {},
    "madrasa_student": {"discipline": (_discipline, True)},
    "mathematics": {},
    "flip": {"wall": (_wall, True)},
    "wall_gold": {"wall": (_wall, True)},
    "show_star": {"cell": (_filled_cell, True)},
    "law": {},
    "collect_overflow": {"region": (_region, True)},
    # enrol, establish, the Library
    "enrol_place": {"student": (_discipline, True)},
    "establish_space": {"tile": (_class_tile, True)},
    "contribute": {
        "discipline": (_discipline_or_any, True),
        "count": (_amount, True),
        "distinct": (_flag, True),
        "used": (_used, True),
    },
    # Favour
    "take_favour_tile": {},
    "favour_reward": {},
    "return_favour": _AMOUNT_ONLY,
    # the effect vocabulary
    "gain_resource": {"resources": (_resources, True), "amount": (_amount, True)},
    "gain_book": {"discipline": (_discipline, True), "amount": (_amount, True)},
    "gain_prestige": {"discipline": (_discipline, True), "amount": (_amount, True)},
    "choose_book": {},
    "choose_prestige": {},
    "choose_section": {},
    "activate_skills": {"discipline": (_discipline, True)},
    "skill_tile": {"icon": (_icon, True), "section": (_discipline_or_any, True)},
    "supply_sankore": {"discipline": (_discipline, True)},
    "majority_scoring": {"area": (_discipline, True), "scoring": (_scoring, True)},
    "advance_favour": {"amount": (_amount, True)},
    "exchange": _AMOUNT_ONLY,
    "transfer_student": _AMOUNT_ONLY,
    "promote_student": _AMOUNT_ONLY,
    "graduate_free": _AMOUNT_ONLY,
    "establish_free": _AMOUNT_ONLY,
    "enrol_any": _AMOUNT_ONLY,
    "free_wall": _AMOUNT_ONLY,
    # Sankoré tiles
    "place_sankore_tile": {"tile": (_sankore_tile, True), "supply": (_flag, True)},
    "sankore_after_end": {"tile": (_sankore_tile, True), "supply": (_flag, True)},
    # chance (core/chance.py): waits on the agenda only in the explicit mode
    MARKET_TURN: {"tile": (_turning_tile, True)},
    DEAL_OBJECTIVE: {"player": (_seat, True)},
    SETUP_PLACE: {"what": (_family, True), "at": (_setup_target, True)},
    FIRST_PLAYER: {},
    # the Scholar of a solo game: every step automatic (solo/)
    "scholar_draft": {},
    "scholar_turn": {},
    "scholar_contribute": {},
    "scholar_enrol": {},
    "scholar_enrol_area": {"space": (_solo_class_space, True)},
    "scholar_establish": {},
    "scholar_prestige": {},
    "scholar_graduate": {},
    "scholar_sankore": {},
    "scholar_teach": {},
    "scholar_turn_end": {},
    # its chance steps: a card turned, a Student drawn (solo/turn.py, solo/setup.py)
    SCHOLAR_DRAFT_TURN: {},
    SCHOLAR_CARD_TURN: {},
    SCHOLAR_BAG_DRAW: {},
}
"""Per step kind, its arguments: name -> (test, required). Steps without arguments map to {}."""

#: The Scholar's steps: automatic, run in full as soon as your turn ends, so none waits on a
#: state between two actions, but for its draft under yours (SOLO-SET-12) and, in the
#: explicit mode, a chance step of its turn on top (``_chance_problems``).
SCHOLAR_KINDS = frozenset(k for k in TASK_ARGS if k.startswith("scholar_"))
#: The chance steps that may wait on top of the agenda in the explicit mode.
_CHANCE_KINDS = frozenset(
    (MARKET_TURN, DEAL_OBJECTIVE, SETUP_PLACE, FIRST_PLAYER, *SCHOLAR_CHANCE_KINDS)
)
#: Below the solo game's setup: your first turn, the draft's end, the Scholar's draft, yours.
_SOLO_FRAME = (
    Task("turn", 0),
    Task("draft_finish", 0),
    Task("scholar_draft", SCHOLAR),
    Task("draft", 0),
)

#: Steps of the draft, of the turn's frame, of teaching: where each may stand is fixed.
_DRAFT_KINDS = frozenset(("draft", "draft_finish", "draft_order", "draft_space"))
_FRAME_KINDS = frozenset(("turn", "next_turn", "end_turn_scorings", "end_turn_storage"))
_AREA_KINDS = frozenset(("astronomy", "theology", "mathematics", "law"))


def arg_problems(rules: Rules, state: State, i: int, task: Task) -> list[str]:
    """What is wrong with the arguments of ``task``, the ``i``-th task of the agenda."""
    schema = TASK_ARGS.get(task.kind)
    if schema is None:
        return [f"agenda[{i}]: unknown step {task.kind!r}"]
    problems = [
        f"agenda[{i}] ({task.kind}): unexpected argument {k!r}"
        for k in task.args
        if k not in schema
    ]
    for name, (test, required) in schema.items():
        if name not in task.args:
            if required:
                problems.append(f"agenda[{i}] ({task.kind}): missing argument {name!r}")
            continue
        wrong = test(rules, state, task.player, task.args[name])
        if wrong is not None:
            problems.append(f"agenda[{i}] ({task.kind}): {name} must be {wrong}")
    return problems


def agenda_problems(rules: Rules, state: State) -> list[str]:
    """What makes the agenda of ``state`` one play could not have built; [] when it could.

    Expects the references already checked (``integrity.reference_problems``): every task's
    player is a player and every kind a registered step.
    """
    agenda = state.agenda
    if state.game_over:
        return [] if not agenda else ["the game is over, yet its agenda holds tasks"]
    if not agenda:
        return ["nothing left to decide, yet the game is not over"]
    problems: list[str] = []
    for i, task in enumerate(agenda):
        problems += arg_problems(rules, state, i, task)
    if problems:
        return problems
    top = agenda[-1]
    if STEPS[top.kind].candidates is None:
        return [f"the pending step {top.kind!r} is carried out by the rules, not decided"]
    if any(t.player == CHANCE for t in agenda):
        return _chance_problems(rules, state)
    kinds = [t.kind for t in agenda]
    if state.solo is not None and (state.draft or any(k in _DRAFT_KINDS for k in kinds)):
        return _solo_draft_problems(state)
    if any(k in SCHOLAR_KINDS for k in kinds):
        return ["the Scholar's steps run in full when your turn ends: none waits on the agenda"]
    if state.draft or any(k in _DRAFT_KINDS for k in kinds):
        return _draft_problems(state)
    return _turn_problems(state, kinds)


def _chance_problems(rules: Rules, state: State) -> list[str]:
    # A chance step waits only in the explicit mode, and only at the top of the agenda, with
    # the other chance steps its action pushed (the draft's end refills up to four piles):
    # the steps below it are those of the action that turns the tile, or of the Scholar's
    # turn or draft that turns its card or draws its Student.
    if not state.explicit_chance:
        return ["a chance step waits on the agenda only when chance is explicit"]
    players = [t.player for t in state.agenda]
    first = players.index(CHANCE)
    waiting = state.agenda[first:]
    if any(p != CHANCE for p in players[first:]) or any(
        t.kind not in _CHANCE_KINDS for t in waiting
    ):
        return ["chance steps wait only at the top of the agenda"]
    if setup_pending(state):
        # The explicit mode's setup: every place, the hands, then the first player's draw
        # (2-4 players) or the draft (solo) below them.
        frame = [Task(FIRST_PLAYER, CHANCE)] if state.solo is None else list(_SOLO_FRAME)
        return setup_problems(rules, state, frame)
    if any(t.kind in SCHOLAR_CHANCE_KINDS for t in waiting):
        return _scholar_chance_problems(rules, state)
    deals = [t for t in waiting if t.kind == DEAL_OBJECTIVE]
    if deals:
        # SETUP-P-8: the deal comes before anyone drafts, seat by seat, each card once.
        if len(deals) != len(waiting) or len(state.draft) != len(state.market):
            return ["Objective cards are dealt at setup, before anyone drafts"]
        order = [t.args["player"] for t in reversed(deals)]
        if order != sorted(order):
            return ["Objective cards are dealt seat by seat"]
    return []


def _scholar_chance_problems(rules: Rules, state: State) -> list[str]:
    # The Scholar's draws: one at a time, in a solo game, each where its step pushes it: the
    # draft's card above the draft's frame (SOLO-SET-12), a turn's card or Student above the
    # Scholar's turn, its first step (nothing below: your turn is over, its steps not yet
    # pushed), with something left to draw.
    if state.solo is None:
        return ["the Scholar's chance steps belong to a solo game"]
    top = state.agenda[-1].kind
    below = [(t.kind, t.player) for t in state.agenda[:-1]]
    if top == SCHOLAR_DRAFT_TURN:
        if below != [("turn", 0), ("draft_finish", 0)]:
            return ["the Scholar's draft turns its card right after your draft (SOLO-SET-12)"]
        return []
    if below:
        return ["the Scholar turns a card or draws a Student as its turn begins (SOLO-FLOW-3)"]
    # SOLO-PH1-2: a card in phase 1; SOLO-PH2-2, SOLO-PH3-2: a Student afterwards.
    carded = state.players[SCHOLAR].turns < rules.solo_phase_turns[0]
    if (top == SCHOLAR_CARD_TURN) != carded:
        return ["the Scholar turns a card in phase 1 and draws a Student in phases 2 and 3"]
    if not (state.players[SCHOLAR].objectives if carded else state.solo.bag):
        return ["the Scholar draws only from a deck or bag that holds something"]
    return []


def _solo_draft_problems(state: State) -> list[str]:
    # SOLO-SET-11, SOLO-SET-12: [turn, draft_finish, the Scholar's draft] and above them your
    # draft, or the class order and space you choose once you have drafted.
    bottom = [(t.kind, t.player) for t in state.agenda[:3]]
    if bottom != [("turn", 0), ("draft_finish", 0), ("scholar_draft", 1)]:
        return ["a solo draft's agenda starts with your first turn, the draft's end, its draft"]
    above = [(t.kind, t.player) for t in state.agenda[3:]]
    if above == [("draft", 0)]:
        drafted = 0
    elif above in ([("draft_order", 0)], [("draft_order", 0), ("draft_space", 0)]):
        drafted = 1
    else:
        return ["only your draft, then your class order and space, wait above the Scholar's"]
    if len(state.draft) != len(state.market) - drafted:
        return [f"{len(state.draft)} draft combinations left after {drafted} drafted"]
    if state.main_used or state.teaching is not None or any(pl.turns for pl in state.players):
        return ["no turn has been played during the draft"]
    if state.end_triggered:
        return ["the end cannot be triggered during the draft"]
    return []


def _draft_problems(state: State) -> list[str]:
    # The draft (DRAFT-3): [turn, draft_finish, draft of each player still to draft, last
    # first] and, above them, the decisions of the player who drafted last.
    agenda, n, first = state.agenda, state.player_count, state.first_player
    order = [(first + k) % n for k in range(n)]
    if [(t.kind, t.player) for t in agenda[:2]] != [("turn", first), ("draft_finish", first)]:
        return ["the draft's agenda must start with the first turn and the draft's end"]
    rest = agenda[2:]
    waiting = 0
    while waiting < len(rest) and rest[waiting].kind == "draft":
        waiting += 1
    drafted = n - waiting
    expected = [("draft", p) for p in reversed(order[drafted:])]
    if [(t.kind, t.player) for t in rest[:waiting]] != expected:
        return ["the players still to draft are not the next ones in turn order"]
    above = [(t.kind, t.player) for t in rest[waiting:]]
    if above:
        last = order[drafted - 1] if drafted else None
        if above not in ([("draft_order", last)], [("draft_order", last), ("draft_space", last)]):
            return ["only the last drafter's class order and space may wait above the draft"]
    if len(state.draft) != len(state.market) - drafted:
        return [f"{len(state.draft)} draft combinations left after {drafted} players drafted"]
    if state.main_used or state.teaching is not None or any(pl.turns for pl in state.players):
        return ["no turn has been played during the draft"]
    if state.end_triggered:
        return ["the end cannot be triggered during the draft"]
    return []


def _turn_problems(state: State, kinds: list[str]) -> list[str]:
    agenda = state.agenda
    bottom = agenda[0]
    p = bottom.player
    if any(t.player != p for t in agenda):
        return [f"every task of player {p}'s turn must be player {p}'s"]
    if state.is_scholar(p):
        return ["the Scholar decides nothing: its turns are carried out by the rules"]
    if bottom.kind == "next_turn":
        if kinds != ["next_turn", "discard_prestige"]:
            return ["a turn's end waits only on a Prestige discard"]
    elif bottom.kind != "turn":
        return [f"a turn's agenda starts with its 'turn', not {bottom.kind!r}"]
    elif any(k in _FRAME_KINDS for k in kinds[1:]):
        return ["a turn's frame steps appear only at the bottom of its agenda"]
    elif any(t.kind == "discard_prestige" and "keep" not in t.args for t in agenda[1:]):
        return ["a discard at a gain keeps the capacity of the gain (AMB-7)"]
    problems = _turn_order_problems(state, p)
    teaching = kinds.count("promote_active")
    if teaching > 1 or (teaching == 1) != (state.teaching is not None):
        problems.append("a Student is being taught exactly while its promotion is pending")
    elif state.teaching is not None:
        if state.teaching[0] != p or "teach" not in state.main_used:
            problems.append("the Student being taught belongs to the turn's Teach a Class")
        if "activate_student" in kinds:
            problems.append("a class is taught one Student at a time")
        # TEACH-2..8: the teaching steps stand right above the turn, the promotion last of
        # them, the area action next (the class's rewards above it come first).
        areas = [i for i, k in enumerate(kinds) if k in _AREA_KINDS]
        if kinds[1] != "promote_active" or areas not in ([], [2]):
            problems.append("teaching's steps are out of order")
    elif any(k in _AREA_KINDS for k in kinds):
        problems.append("an area action is part of teaching a class, and none is taught")
    return problems


def _turn_order_problems(state: State, p: int) -> list[str]:
    # END-2, TURN-1: turns go clockwise from the first player, so the players before ``p`` (in
    # turn order) have had one turn more than ``p`` and those after.
    n, first = state.player_count, state.first_player
    order = [(first + k) % n for k in range(n)]
    k = order.index(p)
    turns = state.players[p].turns
    expected = [turns + 1] * k + [turns] * (n - k)
    if [state.players[q].turns for q in order] != expected:
        return [f"the turn counts do not fit player {p}'s turn"]
    return []
