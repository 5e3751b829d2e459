"""Sankoré as text, for people: the whole state, the score sheet, and what an action did.

[`render_text`][sankore_rules.sankore.display.text.render_text] shows the board areas, the
queues, the Madrasa, the Library, the market and each player's board and resources (what
``sankore_rules.render_state`` prints for a Sankoré state);
[`describe_events`][sankore_rules.sankore.display.text.describe_events] says in words what the
last action did, a line per event (the viewer's "What the last action did", the command line).
Players are written ``P0``, ``P1`` ...; an empty space is ``.``.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=1)
    >>> render_text(sr.rules_of(state), state).splitlines()[0]
    'Sankoré, 2 players, seed 1, Library three_shelf, ruleset sankore-standard'
    >>> describe_events(sr.apply(state, "draft the-1e"))
    ['P0 drafted the Class tile the-1e, a Book of mathematics and a Student of theology']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from string import Formatter
from typing import Any

from sankore_rules.core.chance import decision_words
from sankore_rules.core.tasks import Event
from sankore_rules.sankore import engine
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.holdings import prestige_capacity
from sankore_rules.sankore.outcome import score_sheet
from sankore_rules.sankore.rules.common import school_knowledge, shared_knowledge
from sankore_rules.sankore.rules.scoring import Scores
from sankore_rules.sankore.solo import common as solo_common
from sankore_rules.sankore.solo.turn import phase_of, turn_actions
from sankore_rules.sankore.state import FIRST_PLAYER, PlayerState, State

__all__ = ["describe_events", "render_madrasa", "render_scores", "render_text"]

EMPTY = "."
#: Queue space icons: what taking the Student there triggers.
_QUEUE_ICONS = (
    ("prestige_majority", "P"),
    ("book_majority", "B"),
    ("favour", "F"),
    ("sankore", "S"),
)
_PIECES = ("Trading Posts", "Mosques", "Walls", "Crowns")


def render_text(rules: Rules, state: State, *, viewer: int | None = None) -> str:
    """The whole state as text, section by section: the game's text hook.

    Args:
        rules: the state's ruleset.
        state: the state to show.
        viewer: when given, show only what that player may see (as
            [`observation`][sankore_rules.observation] does): the other players' Objective cards by
            count, the Scholar's deck and bag by count, and no seed.
    """
    sections = [
        _header(rules, state, viewer),
        _queues(rules, state),
        _areas(rules, state),
        render_madrasa(rules, state),
        _library(rules, state),
        _market(rules, state),
        _supply(rules, state),
        *(
            _scholar(rules, state, viewer)
            if state.is_scholar(p)
            else _player(rules, state, p, viewer)
            for p in range(state.player_count)
        ),
    ]
    return "\n\n".join(sections)


def render_madrasa(rules: Rules, state: State) -> str:
    """The Madrasa as a grid with its Walls and Theology spaces.

    A cell shows its tile (``*`` when its star side is up), or for an empty numbered cell its
    number in the filling order, or ``.``.
    """
    cols = rules.madrasa_columns
    number = {cell: i + 1 for i, cell in enumerate(rules.numbered_cells)}
    width = max([14, *(len(t.tile) + 2 for t in state.madrasa if t is not None)])
    lines = ["The Madrasa (cells r<row>c<column>; * star side up; empty cells show their number):"]
    lines.append(("      " + "".join(f"{'c' + str(c):<{width}}" for c in range(cols))).rstrip())
    for r, cells in enumerate(rules.row_cells):
        shown = []
        for cell in cells:
            tile = state.madrasa[cell]
            if tile is not None:
                shown.append(tile.tile + ("*" if tile.star else ""))
            else:
                shown.append(f"({number[cell]})" if cell in number else EMPTY)
        lines.append(f"  r{r}  " + "".join(f"{s:<{width}}" for s in shown).rstrip())
    walls = [w for w in (*rules.wall_spaces, rules.corner_id) if w in state.spaces]
    lines.append(
        "  Walls: "
        + (", ".join(f"{w} {_who(state.spaces[w])}" for w in walls) if walls else "none built")
    )
    if state.madrasa_students:
        students = ", ".join(f"{_who(p)} {d}" for p, d in state.madrasa_students)
        lines.append(f"  Students in the Madrasa: {students}")
    return "\n".join(lines)


def render_scores(scores: Scores, *, final: bool = True) -> str:
    """A score sheet as a text table: icons and points per discipline, totals, winners.

    Args:
        scores: what [`final_scores`][sankore_rules.final_scores] gives for a Sankoré state.
        final: mark the winners; pass False for the running score of a game in progress.
    """
    disciplines = [line.discipline for line in scores.players[0].disciplines]
    head = f"{'':10}" + "".join(f"{d[:11]:>13}" for d in disciplines) + f"{'total':>8}"
    lines = [head, f"{'value':10}" + "".join(f"{scores.values[d]:>13}" for d in disciplines)]
    for sheet in scores.players:
        cells = "".join(
            f"{sum(line.icons.values()):>5} x{line.value} ={line.points:>3}"
            for line in sheet.disciplines
        )
        mark = "  winner" if sheet.winner and final else ""
        who = "Scholar" if sheet.player == scores.scholar else f"player {sheet.player:<3}"
        lines.append(f"{who:<10}{cells}{sheet.total:>8}{mark}")
    return "\n".join(lines)


# ---- sections ----------------------------------------------------------------------------------


def _who(player: int | None) -> str:
    return EMPTY if player is None else f"P{player}"


def _header(rules: Rules, state: State, viewer: int | None) -> str:
    seed = "" if viewer is not None else f", seed {state.seed}"
    if state.solo is not None:
        board = rules.solo_difficulties[state.solo.difficulty]
        game = f"solo against the Scholar ({state.solo.difficulty}: {board.name}, P1)"
    else:
        game = f"{state.player_count} players"
    lines = [f"Sankoré, {game}{seed}, Library {state.library_side}, ruleset {state.rules_name}"]
    turns = ", ".join(f"P{p} {pl.turns}" for p, pl in enumerate(state.players))
    # In the explicit mode's setup the first player is drawn last (the chance step first_player).
    drawn = all(t.kind != FIRST_PLAYER for t in state.agenda)
    first = f"P{state.first_player}" if drawn else "not drawn yet"
    lines.append(f"First player {first}; turns taken: {turns}")
    task = state.decision
    if task is None:
        winners = ", ".join(f"P{p}" for p in score_sheet(rules, state).winners)
        lines.append(f"The game is over. Winner(s): {winners}")
    else:
        prompt = engine.STEPS[task.kind].prompt or task.kind
        lines.append(f"Now: {decision_words(task.player, task.kind, prompt)}")
        if state.main_used:
            lines.append(f"Main actions taken this turn: {', '.join(state.main_used)}")
        if state.teaching is not None:
            p, class_space, student, origin = state.teaching[:4]
            tile = state.players[p].classes.get(class_space, EMPTY)
            lines.append(
                f"Teaching: P{p}'s Class {class_space} ({tile}), active {student} Student "
                f"from {origin}"
            )
    if state.end_triggered and not state.game_over:
        lines.append("The end has been triggered: the round is being finished.")
    return "\n".join(lines)


def _queues(rules: Rules, state: State) -> str:
    layout = rules.queue_layouts[state.player_count].spaces
    lines = [
        "Student queues (each space: Knowledge, icons, [Prestige token beside it], Student)",
        "  icons: P Prestige majority, B Book majority, F Favour, S Sankoré tile",
    ]
    for a, area in enumerate(rules.disciplines):
        cells = []
        for i, (space, student) in enumerate(zip(layout, state.queues[a], strict=True)):
            icons = "".join(mark for name, mark in _QUEUE_ICONS if getattr(space, name))
            token = state.queue_tokens.get(f"{area}:{i}")
            extra = f"[{token}]" if token else ""
            cells.append(f"{space.knowledge}{icons}{extra} {student or EMPTY}")
        shared = shared_knowledge(rules, state, area)
        lines.append(f"  {area:<12} " + " | ".join(cells) + f"   (shared Knowledge {shared})")
    return "\n".join(lines)


def _occupied(rules: Rules, state: State, area: str) -> list[str]:
    return [
        f"{space} {_who(owner)}"
        for space, owner in state.spaces.items()
        if rules.area_spaces[space].area == area
    ]


def _regions(rules: Rules, state: State, area: str) -> str:
    parts = []
    for region in sorted(rules.region_discipline):
        key = f"{area}:{region}"
        book, prestige = state.boxes.get(key, (None, None))
        box = "/".join(x for x in (book, prestige) if x) or "empty"
        tile = state.region_tiles.get(key)
        parts.append(f"{region} box {box}" + (f", tile {tile}" if tile else ""))
    return "; ".join(parts)


def _areas(rules: Rules, state: State) -> str:
    astro, theo, math, law = rules.disciplines
    lines = ["Board areas (regions: scoring box Book/Prestige, Sankoré tile still there):"]
    for area in rules.disciplines:
        pieces = _occupied(rules, state, area)
        lines.append(f"  {area.capitalize()}: " + (", ".join(pieces) if pieces else "no pieces"))
        if area != math:
            lines.append(f"    regions: {_regions(rules, state, area)}")
        if area == astro:
            camels = ", ".join(f"P{p} at {pl.camel}" for p, pl in enumerate(state.players))
            lines.append(f"    camels: {camels}")
            tokens = ", ".join(f"{k} {v}" for k, v in sorted(state.port_tokens.items()))
            lines.append(f"    Prestige tokens on Port spaces: {tokens or 'none'}")
        elif area == theo:
            books = ", ".join(f"{k} {v}" for k, v in sorted(state.theology_books.items()))
            lines.append(f"    Books on spaces: {books or 'none'}")
        elif area == math:
            lines.append(f"    regions: {_regions(rules, state, area)}")
        elif area == law:
            overflow = []
            for region in sorted(state.overflow_books):
                books = _counts(rules, state.overflow_books[region])
                prestige = _counts(rules, state.overflow_prestige.get(region, []))
                if books != "none" or prestige != "none":
                    overflow.append(f"{region}: Books {books}, Prestige {prestige}")
            lines.append(f"    Overflow: {'; '.join(overflow) or 'empty'}")
    done = ", ".join(state.scorings_done) or "none"
    lines.append(f"  Majority scorings done: {done}")
    if state.pending_scorings:
        pending = ", ".join(f"{area} {kind}" for area, kind, _ in state.pending_scorings)
        lines.append(f"  Majority scorings at the end of this turn: {pending}")
    return "\n".join(lines)


def _counts(rules: Rules, counts: Iterable[int]) -> str:
    shown = [f"{d} {n}" for d, n in zip(rules.disciplines, counts, strict=False) if n]
    return ", ".join(shown) or "none"


def _per_discipline(rules: Rules, counts: Iterable[int]) -> str:
    return ", ".join(f"{d} {n}" for d, n in zip(rules.disciplines, counts, strict=False))


def _library(rules: Rules, state: State) -> str:
    shelves = rules.library_sides[state.library_side].shelves
    lines = ["The Library (shelf: Books left to right; points to the shelf's leader / second):"]
    for i, shelf in enumerate(shelves):
        books = state.library[i]
        row = " ".join(books) if books else EMPTY
        lines.append(
            f"  shelf {i} [{len(books)}/{shelf.slots}, {shelf.points}/{shelf.second}]: {row}"
        )
    return "\n".join(lines)


def _market(rules: Rules, state: State) -> str:
    lines = ["Advanced Class market (visible tiles; piles show their top and size):"]
    for discipline, column in zip(rules.disciplines, state.market, strict=False):
        pile2 = f"{column.pile2[0]} (+{len(column.pile2) - 1})" if column.pile2 else EMPTY
        pile1 = f"{column.pile1[0]} (+{len(column.pile1) - 1})" if column.pile1 else EMPTY
        lines.append(
            f"  {discipline:<12} level 3 {column.level3 or EMPTY} | level 2 pile {pile2}, "
            f"shown {column.shown2 or EMPTY} | level 1 pile {pile1}, shown {column.shown1 or EMPTY}"
        )
    return "\n".join(lines)


def _supply(rules: Rules, state: State) -> str:
    stacks = ", ".join(f"{k} {n}" for k, n in state.skill_stacks.items() if n)
    lines = [
        "Supply:",
        f"  Books: {_per_discipline(rules, state.supply_books)}",
        f"  Prestige tokens: {_per_discipline(rules, state.supply_prestige)}",
        f"  Sankoré tiles: {len(state.supply_sankore)}; Favour tiles: {state.favour_supply}",
        f"  Skill tiles: {stacks or 'none'}",
        f"  Graduation tiles: {', '.join(state.graduation) or 'none'}",
        f"  Students out of the game: {_per_discipline(rules, state.students_out)}",
    ]
    return "\n".join(lines)


def _player(rules: Rules, state: State, p: int, viewer: int | None) -> str:
    pl = state.players[p]
    title = f"Player P{p}" + (" (you)" if viewer == p else "")
    if state.current_player == p:
        title += " - to decide"
    lines = [
        title,
        f"  Gold {pl.gold}, Salt {pl.salt}, Inspiration {pl.inspiration}; Favour tiles "
        f"{pl.favour_tiles}, Favour track space {pl.favour_pos + 1}; camel at {pl.camel}",
        f"  Books: {_per_discipline(rules, pl.books)}",
        f"  Prestige: {_per_discipline(rules, pl.prestige)} "
        f"(storage {sum(pl.prestige)}/{prestige_capacity(rules, pl)})",
        "  Pieces at home (school Knowledge): "
        + ", ".join(
            f"{name} {n} ({school_knowledge(rules, pl, d)})"
            for name, n, d in zip(_PIECES, pl.pieces, rules.disciplines, strict=False)
        ),
    ]
    lines.extend(_board(rules, pl))
    skills = ", ".join(
        f"{d} [{' '.join(s) or EMPTY}]" for d, s in zip(rules.disciplines, pl.skills, strict=False)
    )
    lines.append(f"  Skill sections: {skills}")
    grads = ", ".join(f"{g.tile} ({g.student or 'sent to the Madrasa'})" for g in pl.graduations)
    lines.append(f"  Graduations: {grads or 'none'}")
    if viewer is None or viewer == p:
        objectives = ", ".join(f"#{n}" for n in pl.objectives) or "none"
    else:
        objectives = f"{len(pl.objectives)} hidden"
    completed = ", ".join(f"#{n}" for n in pl.completed) or "none"
    lines.append(f"  Objectives: {objectives}; completed: {completed}")
    if pl.kept_sankore:
        lines.append(f"  Sankoré tiles kept: {', '.join(pl.kept_sankore)}")
    return "\n".join(lines)


def _scholar(rules: Rules, state: State, viewer: int | None) -> str:
    """The Scholar's solo board: deck, slots, bag, rows, Classes, storage (SOLO-SET)."""
    solo = state.solo
    assert solo is not None
    pl = state.players[1]
    played = pl.turns
    lines = [f"The Scholar (P1, {solo.difficulty}) - {played} of {rules.solo_turns} turns played"]
    if played < rules.solo_turns:
        phase, index = phase_of(rules, played + 1)
        listed = ", ".join(
            a.value.replace("_", " ") for a in turn_actions(rules, solo.difficulty, played + 1)
        )
        lines.append(
            f"  next: turn {played + 1}, phase {phase}, space {index + 1}: {listed or 'nothing'}, "
            "then Teach a Class"
        )
    lines.append(f"  current discipline: {solo.current or EMPTY}; camel at {pl.camel}")
    deck = (
        ", ".join(f"#{n}" for n in pl.objectives)
        if viewer is None
        else f"{len(pl.objectives)} hidden"
    )
    lines.append(
        f"  deck: {deck or 'empty'}; card slots: {', '.join(f'#{n}' for n in solo.slots) or EMPTY}"
    )
    if viewer is None:
        bag = " ".join(solo.bag) or "empty"
        lines.append(f"  bag, in drawing order: {bag}")
    else:
        lines.append(f"  bag: {_counts(rules, [solo.bag.count(d) for d in rules.disciplines])}")
    for name, row in (("phase 2", solo.phase2), ("phase 3", solo.phase3)):
        lines.append(f"  {name} row: " + (" | ".join(s or EMPTY for s in row) or EMPTY))
    classes = []
    for space in (rules.solo_draft_space, *rules.solo_class_spaces):
        student = solo.tile_students.get(space)
        tile = solo.classes.get(space, EMPTY)
        classes.append(f"{space} {tile}" + (f" [{student}]" if student else ""))
    lines.append("  Class spaces: " + ", ".join(classes))
    lines.append(f"  Books: {_per_discipline(rules, pl.books)} (storage without limit)")
    lines.append(f"  Prestige: {_per_discipline(rules, pl.prestige)}")
    lines.append(
        "  Pieces at home (school Knowledge): "
        + ", ".join(
            f"{name} {n} ({solo_common.school_knowledge(rules, state, d)})"
            for name, n, d in zip(_PIECES, pl.pieces, rules.disciplines, strict=False)
        )
    )
    grads = ", ".join(f"{g.tile} ({g.student})" for g in pl.graduations)
    lines.append(f"  Graduations: {grads or 'none'}")
    if pl.kept_sankore:
        lines.append(f"  Sankoré tiles kept: {', '.join(pl.kept_sankore)}")
    return "\n".join(lines)


def _board(rules: Rules, pl: PlayerState) -> list[str]:
    """The player board top row first: each Class space, its tile and the Students under it."""
    lines = ["  Board (Class space: tile | Student spaces under it):"]
    top = [s for s in rules.student_spaces if s in rules.topmost]
    lines.append("    top:  " + "  ".join(f"{s} {pl.students.get(s, EMPTY)}" for s in top))
    for row in sorted({rules.class_row[c] for c in rules.class_spaces}, reverse=True):
        cells = []
        for c in (c for c in rules.class_spaces if rules.class_row[c] == row):
            students = " ".join(f"{s} {pl.students.get(s, EMPTY)}" for s in rules.spaces_under[c])
            cells.append(f"{c}: {pl.classes.get(c, EMPTY)} | {students}")
        lines.append(f"    row {row}: " + "   ".join(cells))
    return lines


# ---- events -------------------------------------------------------------------------------------

#: What each kind of event says, after its player's name; the braces name the event's details.
#: Details a template does not use are added in brackets, and a kind not listed (or an event
#: lacking a detail its template names) is worded from its kind and details.
_EVENT_WORDS = {
    "ability": "used the ability of Objective card #{card}",
    "action": "chose {action}",
    "activate_skills": "activated the {discipline} Skills",
    "area_skipped": "skipped the {area} area",
    "camel": "moved the camel from {start} to {end}",
    "class_placed": "placed the Class tile {tile} on {space}",
    "collect_overflow": "collected the Overflow of region {region}",
    "contribute": "contributed a Book of {discipline} to shelf {shelf} of the Library",
    "drafted": "drafted the Class tile {tile}, a Book of {book} and a Student of {student}",
    "end_triggered": "triggered the end of the game: {reason}",
    "end_turn": "ended the turn",
    "enrol": "enrolled a Student of {student} in the {area} queue, space {position}",
    "establish": "established the Class {tile}",
    "favour_advance": "advanced on the Favour track from space {start} to {end}",
    "favour_returned": "returned a Favour tile",
    "favour_reward": "took the reward of Favour track space {space}",
    "favour_taken": "took a Favour tile",
    "flip": "flipped {tile} in the Madrasa, cell {cell}",
    "gain": "gained {count} {resource}",
    "gain_book": "gained {count} {discipline} Book(s)",
    "gain_prestige": "gained {count} {discipline} Prestige",
    "graduate": "graduated with {tile} from {space}",
    "madrasa_student": "sent a Student of {student} to the Madrasa",
    "majority": "won the {scoring} majority of {area} region {region}",
    "objective_completed": "completed Objective card #{card}",
    "place_piece": "built on {space} ({area})",
    "promote": "promoted a Student from {start} to {end}",
    "returned": "returned {count} {resource}",
    "sankore_discarded": "discarded the Sankoré tile {tile}",
    "sankore_kept": "kept the Sankoré tile {tile}",
    "sankore_placed": "placed the Sankoré tile {tile} in the Madrasa, cell {cell}",
    "scholar": "played: {why}",
    "scoring_triggered": "triggered the {scoring} majority scoring of {area}",
    "skill_gained": "gained the Skill {icon} in the {section} section",
    "skill_replaced": "replaced the Skill {icon} in the {section} section",
    "student_promoted": "promoted a Student of {student} to {space}",
    "student_retired": "retired a Student of {student}",
    "teach": "taught the Class {tile} on {space} with a Student of {student}",
    "transfer": "transferred a Student from {start} to {end}",
}
#: What an event of the whole game (no player) says.
_GAME_WORDS = {
    "end_triggered": "The end of the game is triggered: {reason}",
    "game_over": "The game is over",
    "majority": "Nobody wins the {scoring} majority of {area} region {region}",
}
#: Details the templates leave out: the Scholar's steps repeat in ``why`` what they list.
_UNSAID = {"scholar": frozenset({"action", "card", "discipline", "tile", "book", "student"})}


def describe_events(state: State) -> list[str]:
    """What the last action did (``state.events``), in words: one line per event.

    An event of a player starts with ``P0`` (``The Scholar`` for its seat in a solo game); an
    event of the whole game (a majority nobody wins, the end) starts with its words.
    """
    return [_event_line(state, event) for event in state.events]


def _event_line(state: State, event: Event) -> str:
    words = _EVENT_WORDS if event.player is not None else _GAME_WORDS
    template = words.get(event.kind)
    detail = event.detail
    try:
        said = template.format(**detail) if template is not None else None
    except (KeyError, IndexError):  # a detail the template names is missing: say them all
        said = None
    if template is None or said is None:
        said, rest = event.kind.replace("_", " "), dict(detail)
    else:
        skipped = {name for _, name, _, _ in Formatter().parse(template) if name}
        skipped |= _UNSAID.get(event.kind, frozenset())
        rest = {k: v for k, v in detail.items() if k not in skipped}
    extras = _worded(rest)
    line = said + (f" ({extras})" if extras else "")
    if event.player is None:
        return line[:1].upper() + line[1:]
    who = "The Scholar" if state.is_scholar(event.player) else f"P{event.player}"
    return f"{who} {line}"


def _worded(detail: Mapping[str, Any]) -> str:
    """Details as ``name value`` words: a flag by its name when set, lists joined."""
    parts = []
    for key, value in detail.items():
        name = key.replace("_", " ")
        if isinstance(value, bool):
            if value:
                parts.append(name)
        elif value is None:
            continue
        elif isinstance(value, list | tuple):
            parts.append(f"{name} {', '.join(str(v) for v in value) or 'none'}")
        elif isinstance(value, Mapping):
            parts.append(f"{name} " + ", ".join(f"{k} {v}" for k, v in value.items()))
        else:
            parts.append(f"{name} {value}")
    return ", ".join(parts)
