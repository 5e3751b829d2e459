"""Whether a state from outside is a position of the game: the whole check ``from_json`` runs.

A state read from JSON has the right shape and types already (``state.py``). This module asks
the rest, in an order where each check may rely on the ones before it:

1. references: every name is one the ruleset has (``integrity.reference_problems``);
2. ranges: every number within what play can reach, every field consistent with the phase;
3. the agenda: its shape, owners and arguments (``agenda.py``);
4. the box: every component exactly once (``integrity.integrity_problems``);
5. the decision: a pending decision has at least one legal option, so that a state that is
   not over always has a move (a ``contribute`` for a player without a Book of its
   discipline, or players swapped under their agenda, are refused here).

What passes plays on without an exception: the fuzz tests (``tests/test_trust.py``) mutate
states, accept or refuse them, and play every accepted one to its end, checking each step.
"""

from __future__ import annotations

from collections import Counter

from sankore_rules.core.chance import CHANCE
from sankore_rules.sankore.abilities import storage_bonus
from sankore_rules.sankore.agenda import agenda_problems
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import STEPS, legal
from sankore_rules.sankore.holdings import prestige_capacity
from sankore_rules.sankore.integrity import integrity_problems, reference_problems
from sankore_rules.sankore.limits import END_CAUSES, SEED_BOUND
from sankore_rules.sankore.solo.validity import solo_problems
from sankore_rules.sankore.state import DEAL_OBJECTIVE, PlayerState, State

__all__ = ["MAX_RESOURCE", "state_problems"]

MAX_RESOURCE = 100
"""Gold, Salt and Inspiration have no supply limit, but play never comes near this: a player
keeps at most the storage limit between turns and gains a handful during one.
"""
#: Main actions a turn may take (TURN-2).
_MAIN_ACTIONS = ("enrol", "establish", "teach", "graduate", "favour")


def state_problems(rules: Rules, state: State) -> list[str]:
    """Everything that keeps ``state`` from being a position of a game by ``rules``.

    [] for a state play could have reached. The messages name the field at fault.
    """
    if state.rules_name != rules.name or state.rules_hash != rules.content_hash:
        return [
            f"made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            f"not {rules.name!r} ({rules.content_hash})"
        ]
    if not 2 <= state.player_count <= 4 or len(state.players) != state.player_count:
        return [f"{len(state.players)} players for a {state.player_count}-player game"]
    if state.solo is not None and state.player_count != 2:
        return ["a solo game is played on a 2-player board: you and the Scholar (SOLO-SET-2)"]
    checks = [reference_problems, _range_problems, agenda_problems, integrity_problems]
    if state.solo is not None:
        checks.append(solo_problems)
    checks.append(_decision_problems)
    for check in checks:
        problems = check(rules, state)
        if problems:
            return problems
    return []


def _decision_problems(rules: Rules, state: State) -> list[str]:
    """A game not over waits on a decision with at least one legal option.

    Play never builds a decision nobody can take: every step that asks first makes sure an
    answer exists. Runs last, on a state every other check accepts, with the same listing
    ``legal_actions`` uses.
    """
    task = state.decision
    if task is None or legal(rules, state):
        return []
    return [
        f"agenda: the pending decision ({task.kind}: {STEPS[task.kind].prompt.lower()}) of "
        f"player {task.player} has no legal option, yet the game is not over"
    ]


def _range_problems(rules: Rules, state: State) -> list[str]:
    problems = _player_problems(rules, state) + _board_problems(rules, state)
    if not -SEED_BOUND < state.seed < SEED_BOUND:
        problems.append("seed: out of bounds")
    if not 0 <= state.draws < SEED_BOUND:
        problems.append("draws: a count of chance steps resolved, 0 or more")
    problems += _end_problems(state)
    if state.game_over and not state.end_triggered:
        problems.append("game_over: the game ends only once its end is triggered")
    if state.game_over and len({pl.turns for pl in state.players}) != 1:
        problems.append("game_over: the game ends with every player on the same turn (END-2)")
    if state.discarded_sankore and not state.end_triggered:
        problems.append("discarded_sankore: tiles are discarded only after the end is triggered")
    cells = rules.numbered_cells
    if not state.end_triggered and all(
        c < len(state.madrasa) and state.madrasa[c] is not None for c in cells
    ):
        problems.append("madrasa: full, so the end must be triggered (END-1)")
    used = state.main_used
    if len(set(used)) != len(used) or len(used) > 2 or set(used) - set(_MAIN_ACTIONS):
        problems.append(f"main_used: {used} is not at most two distinct main actions")
    if len(set(state.abilities_used)) != len(state.abilities_used):
        problems.append("abilities_used: an ability is listed twice")
    done = Counter(state.scorings_done)
    known = {f"{a}:{k}" for a in rules.disciplines for k in ("book", "prestige")}
    if set(done) - known or any(n > 1 for n in done.values()):
        problems.append("scorings_done: unknown or repeated majority scorings")
    if state.teaching is not None:
        problems += _teaching_problems(rules, state)
    return problems


def _end_problems(state: State) -> list[str]:
    problems: list[str] = []
    if (state.end_cause is not None) != state.end_triggered or (
        state.end_cause is not None and state.end_cause not in END_CAUSES
    ):
        problems.append(f"end_cause: one of {sorted(END_CAUSES)} exactly once the end is triggered")
    if state.solo is None and state.end_cause == "scholar":
        problems.append("end_cause: only a solo game ends with the Scholar's last turn")
    limit = state.turn_limit
    if limit is not None:
        most = max(pl.turns for pl in state.players)
        # The limit triggers the end as a player reaches it; the others then catch up (END-2).
        if limit < 1 or most > limit or (most == limit and not state.end_triggered):
            problems.append(f"turn_limit: {limit} does not fit turns played ({most} at most)")
    return problems


def _player_problems(rules: Rules, state: State) -> list[str]:
    problems: list[str] = []
    limits = rules.limits
    # The player whose turn runs: at a chance step (explicit chance), the one it interrupts.
    acting = next(
        (t.player for t in reversed(state.agenda) if t.player != CHANCE),
        None,
    )
    if state.game_over:
        acting = None
    for p, pl in enumerate(state.players):
        where = f"players[{p}]"
        if state.is_scholar(p):
            problems += _scholar_problems(rules, state, pl)
            continue
        for resource in ("gold", "salt", "inspiration"):
            have = getattr(pl, resource)
            # STOR-1: beyond their storage limit only while the player's own turn runs.
            most = MAX_RESOURCE
            if p != acting:
                most = getattr(limits, resource) + storage_bonus(rules, state, p, resource)
            if not 0 <= have <= most:
                problems.append(f"{where}.{resource}: {have} is not 0..{most}")
        if len(pl.books) != 4 or any(not 0 <= b <= limits.books_per_discipline for b in pl.books):
            problems.append(f"{where}.books: each 0..{limits.books_per_discipline} (AMB-7)")
        if len(pl.prestige) != 4 or any(n < 0 for n in pl.prestige):
            problems.append(f"{where}.prestige: four counts, none negative")
        elif p != acting and sum(pl.prestige) > prestige_capacity(rules, pl):
            problems.append(f"{where}.prestige: more than the storage holds (STOR-3)")
        if len(pl.pieces) != 4 or any(
            not 0 <= n <= rules.counts.pieces_per_type for n in pl.pieces
        ):
            problems.append(f"{where}.pieces: each 0..{rules.counts.pieces_per_type}")
        if pl.favour_tiles < 0:
            problems.append(f"{where}.favour_tiles: negative")
        if pl.turns < 0:
            problems.append(f"{where}.turns: negative")
        if len(pl.graduations) > rules.graduation_slots:
            problems.append(f"{where}.graduations: more than {rules.graduation_slots}")
        for g in pl.graduations:
            if g.student is not None and g.student not in rules.discipline_index:
                problems.append(f"{where}.graduations: {g.student!r} is not a discipline")
        # Less the cards still to deal to it, in the explicit mode's setup (SETUP-P-8).
        dealt = rules.counts.objectives_dealt - sum(
            t.kind == DEAL_OBJECTIVE and t.args.get("player") == p for t in state.agenda
        )
        if len(pl.objectives) + len(pl.completed) != dealt:
            problems.append(f"{where}: holds {dealt} Objective cards, done or not (SETUP-P-8)")
        problems += _school_problems(rules, p, pl.classes, pl.students)
        for i, held in enumerate(pl.skills):
            if len(held) > rules.skill_section_size:
                problems.append(f"{where}.skills[{i}]: more than {rules.skill_section_size}")
    return problems


def _scholar_problems(rules: Rules, state: State, pl: PlayerState) -> list[str]:
    """The Scholar's seat: no resources or Favour, storage without limit (SOLO-SET-6, FLOW-4..5)."""
    problems: list[str] = []
    where = "players[1] (the Scholar)"
    if (pl.gold, pl.salt, pl.inspiration, pl.favour_tiles) != (0, 0, 0, 0):
        problems.append(f"{where}: no Gold, Salt, Inspiration or Favour tiles (SOLO-FLOW-4)")
    if len(pl.books) != 4 or len(pl.prestige) != 4 or any(n < 0 for n in (*pl.books, *pl.prestige)):
        problems.append(f"{where}: four counts of Books and of Prestige, none negative")
    if len(pl.pieces) != 4 or any(not 0 <= n <= rules.counts.pieces_per_type for n in pl.pieces):
        problems.append(f"{where}.pieces: each 0..{rules.counts.pieces_per_type}")
    if pl.classes or pl.students or any(pl.skills) or pl.completed:
        problems.append(
            f"{where}: a solo board has no Classes, Students, Skills or completed cards"
        )
    if any(g.student is None or g.student not in rules.discipline_index for g in pl.graduations):
        problems.append(f"{where}.graduations: each with its Student (SOLO-GRAD-2)")
    if pl.turns < 0:
        problems.append(f"{where}.turns: negative")
    return problems


def _school_problems(
    rules: Rules, p: int, classes: dict[str, str], students: dict[str, str]
) -> list[str]:
    problems: list[str] = []
    for space, tile_id in classes.items():
        tile = rules.class_tiles[tile_id]
        row = rules.class_row[space]
        # SETUP-P-9, EST-5..7: Introductory Classes on row 0, each level on its rows.
        fits = row == 0 if tile.level == 0 else space in rules.class_spaces_for_level[tile.level]
        if not fits:
            problems.append(f"players[{p}].classes.{space}: {tile_id} cannot stand there")
    for space, discipline in students.items():
        if discipline not in rules.discipline_index:
            problems.append(f"players[{p}].students.{space}: {discipline!r} is not a discipline")
    return problems


def _board_problems(rules: Rules, state: State) -> list[str]:
    problems: list[str] = []
    idx = rules.discipline_index
    for name in ("supply_books", "supply_prestige", "students_out"):
        values = getattr(state, name)
        if len(values) != 4 or any(n < 0 for n in values):
            problems.append(f"{name}: four counts, none negative")
    if state.favour_supply < 0:
        problems.append("favour_supply: negative")
    for icon, left in state.skill_stacks.items():
        if not 0 <= left <= rules.skill_icons[icon].count:
            problems.append(
                f"skill_stacks.{icon}: {left} is not 0..{rules.skill_icons[icon].count}"
            )
    if set(state.skill_stacks) != set(rules.skill_icons):
        problems.append("skill_stacks: one stack per Skill tile icon")
    held = Counter(i for pl in state.players for s in pl.skills for i in s)
    for icon, n in held.items():
        if n + state.skill_stacks.get(icon, 0) > rules.skill_icons[icon].count:
            problems.append(f"skills: more {icon} Skill tiles than the box holds")
    regions = sorted(rules.region_discipline)
    for name in ("overflow_books", "overflow_prestige"):
        table = getattr(state, name)
        if sorted(table) != regions or any(
            len(v) != 4 or any(n < 0 for n in v) for v in table.values()
        ):
            problems.append(f"{name}: four counts per region, none negative")
    boxes = {f"{a}:{r}": d for a in rules.disciplines for r, d in rules.region_discipline.items()}
    if set(state.boxes) != set(boxes) or any(
        any(x not in (None, boxes[key]) for x in held_) for key, held_ in state.boxes.items()
    ):
        problems.append("boxes: each area's region box holds only its own discipline (SETUP-C-2)")
    book_spaces = {s.id for s in rules.tables.theology.space if s.row in ("bottom", "middle")}
    if set(state.theology_books) - book_spaces or set(state.theology_books) & set(state.spaces):
        problems.append("theology_books: Books lie only on open Book spaces (SETUP-C-4)")
    if set(state.port_tokens) - set(rules.token_port_spaces) or set(state.port_tokens) & set(
        state.spaces
    ):
        problems.append("port_tokens: tokens lie only on open token spaces (SETUP-C-5)")
    for key, d in (*state.theology_books.items(), *state.port_tokens.items()):
        if d not in idx:
            problems.append(f"{key}: {d!r} is not a discipline")
    layout = rules.queue_layouts[state.player_count].spaces
    token_keys = {
        f"{a}:{pos}"
        for a in rules.disciplines
        for pos, sp in enumerate(layout)
        if sp.book_majority or sp.prestige_majority
    }
    if set(state.queue_tokens) - token_keys or any(
        state.queue_tokens[k] != k.split(":")[0] for k in state.queue_tokens
    ):
        problems.append("queue_tokens: tokens lie only beside their own area's majority spaces")
    for a, queue in zip(rules.disciplines, state.queues, strict=True):
        filled = [s is not None for s in queue]
        # ENROL-4: Students slide left, so they fill the queue from the left; the "+1" space
        # and every space past the last Student are empty.
        if filled[-1] or filled != sorted(filled, reverse=True):
            problems.append(f"queues: the {a} queue has a gap or a Student on its last space")
    region_keys = {
        f"{a}:{r}"
        for a in (rules.disciplines[0], rules.disciplines[1], rules.disciplines[3])
        for r in regions
    }
    if set(state.region_tiles) - region_keys:
        problems.append("region_tiles: tiles lie only on the regions setup gave them")
    for cell, tile in enumerate(state.madrasa):
        if tile is not None and cell not in rules.numbered_cells + rules.unnumbered_cells:
            problems.append(f"madrasa: cell {rules.cell_name(cell)} takes no tile")
    seats = len(rules.tables.mathematics.madrasa_students.disciplines)
    if len(state.madrasa_students) > seats or any(
        not 0 <= p < state.player_count or d not in idx for p, d in state.madrasa_students
    ):
        problems.append(f"madrasa_students: at most {seats}, each a player's Student")
    problems += _market_problems(rules, state)
    for shelf in state.library:
        if any(d not in idx for d in shelf):
            problems.append("library: a Book of no discipline")
    return problems


def _market_problems(rules: Rules, state: State) -> list[str]:
    problems: list[str] = []
    for d, col in zip(rules.disciplines, state.market, strict=True):
        slots = [
            (col.level3, 3),
            (col.shown2, 2),
            (col.shown1, 1),
            *((t, 2) for t in col.pile2),
            *((t, 1) for t in col.pile1),
        ]
        for tile_id, level in slots:
            if tile_id is None:
                continue
            tile = rules.class_tiles[tile_id]
            if (tile.discipline, tile.level) != (d, level):
                problems.append(
                    f"market: {tile_id} does not belong in the {d} column's level {level}"
                )
    for tile_id, book, student in state.draft:
        offered = rules.class_tiles.get(tile_id)
        if (
            offered is None
            or offered.level != 1
            or offered.discipline != student
            or book not in rules.discipline_index
        ):
            problems.append(f"draft: ({tile_id}, {book}, {student}) is no draft combination")
    return problems


def _teaching_problems(rules: Rules, state: State) -> list[str]:
    p, space, student, origin = state.teaching or (0, "", "", "")
    if not 0 <= p < state.player_count or space not in state.players[p].classes:
        return ["teaching: the class being taught is not on the player's board"]
    if student not in rules.discipline_index or origin not in rules.spaces_under[space]:
        return ["teaching: the active Student comes from a space under the class taught"]
    return []
