"""The trust boundary (issue 16): every case the issue measured, refused cleanly or played safely.

States: ``from_json`` checks the whole state against its ruleset (types, ranges, the agenda,
every component exactly once, the ruleset's name and hash, size and depth). Tables:
``load_rules`` refuses negative and oversized numbers, unreachable places, ids shared across
files and too few components for a setup. Action text and Action objects: malformed input gets
an ActionSyntaxError or reasons, the same from ``explain`` and ``apply``. Seeds: fresh and
unguessable by default, distinct seeds distinct games. Rulesets: memory stays bounded. The
CLI's reads are bounded. ``test_fuzz.py`` tries the same doors with random input.
"""

from __future__ import annotations

import contextlib
import gc
import io
import json
import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr
from positions import RULES, started
from sankore_rules.core import registry
from sankore_rules.interfaces import cli
from sankore_rules.sankore import engine
from sankore_rules.sankore.agenda import TASK_ARGS
from sankore_rules.sankore.rules.setup import generator
from sankore_rules.sankore.state import State
from strategies import Setup, copy_tables, edit_table, entry, play

JsonChange = Callable[[dict[str, Any]], None]


def positions() -> list[State]:
    """Every position of two seeded random games (3 and 4 players)."""
    found: list[State] = []
    for setup in (Setup(3, 31, "three_shelf"), Setup(4, 32, "six_shelf")):
        record = play(setup, setup.seed, on_step=lambda s, _legal: found.append(s))
        assert record.final is not None
        found.append(record.final)
    return found


POSITIONS = positions()


def position(test: Callable[[State], bool]) -> State:
    """The first position of :data:`POSITIONS` that passes ``test``."""
    return next(s for s in POSITIONS if test(s))


def refusal(state: State, change: JsonChange) -> str:
    """The StateError message ``from_json`` gives for ``state`` changed by ``change``."""
    document = json.loads(sr.to_json(state))
    change(document["state"])
    with pytest.raises(sr.StateError) as refused:
        sr.from_json(json.dumps(document))
    return str(refused.value)


def at_turn(state: State) -> bool:
    return state.decision is not None and state.decision.kind == "turn"


MID = position(lambda s: at_turn(s) and s.players[0].turns >= 3 and s.player_count == 3)
GRADUATED = position(lambda s: any(pl.graduations for pl in s.players))
OVER = POSITIONS[-1]


def test_every_position_of_random_games_is_accepted() -> None:
    """Issue 16: the full check refuses no position play reaches (no false alarm)."""
    assert sr.is_terminal(OVER)
    for state in POSITIONS:
        assert state == sr.from_json(sr.to_json(state))


# ---- states: what the issue measured ----------------------------------------------------------


def _set(value: Any, *path: str | int) -> JsonChange:
    def change(data: dict[str, Any]) -> None:
        for key in path[:-1]:
            data = data[key]
        data[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "names"),
    [
        (_set([{"kind": "next_turn", "player": 0, "args": {}}], "agenda"), "carried out by"),
        (
            _set(
                [
                    {"kind": "turn", "player": 0, "args": {}},
                    {"kind": "contribute", "player": 0, "args": {}},
                ],
                "agenda",
            ),
            "contribute): missing argument 'discipline'",
        ),
        (_set({"dest": "atlantis"}, "agenda", 0, "args"), "unexpected argument 'dest'"),
        (_set(4, "students_out", 0), "students: [11, 8, 8, 8] where the box holds [8, 8, 8, 8]"),
        (_set(-1, "students_out", 0), "students_out: four counts, none negative"),
        (_set(-5, "skill_stacks", "gold"), "skill_stacks.gold: -5 is not 0..4"),
        (_set(10**6, "skill_stacks", "gold"), "skill_stacks.gold: 1000000 is not 0..4"),
        (_set("edited", "rules_name"), "made with ruleset 'edited'"),
        (_set(True, "game_over"), "the game ends only once its end is triggered"),
        (_set([], "players", 1, "objectives"), "players[1]: holds 4 Objective cards"),
        (_set(2**256, "seed"), "seed: out of bounds"),
        (_set(["teach", "teach"], "main_used"), "main_used"),
        (_set("madrasa", "end_cause"), "end_cause: one of"),
        (_set(0, "turn_limit"), "turn_limit: 0 does not fit"),
        (_set(2, "turn_limit"), "turn_limit: 2 does not fit turns played (3 at most)"),
    ],
    ids=[
        "automatic-step-pending",
        "contribute-without-args",
        "unknown-task-argument",
        "students-from-nowhere",
        "students-out-negative",
        "skill-stack-negative",
        "skill-stack-huge",
        "rules-name-edited",
        "over-with-agenda",
        "no-objective-cards",
        "seed-out-of-bounds",
        "main-action-twice",
        "end-cause-without-an-end",
        "turn-limit-zero",
        "turn-limit-passed",
    ],
)
def test_tampered_state_refused_naming_what(change: JsonChange, names: str) -> None:
    """Issue 16: each tampering the issue measured (accepted before, then stuck, crashed or
    broke conservation) is now a StateError naming the field at fault."""
    assert names in refusal(MID, change)


def test_teaching_left_set_at_the_turn_refused() -> None:
    """Issue 16, TEACH-2/8: a Student being taught while no promotion is pending would vanish."""
    taught = position(lambda s: s.teaching is not None)

    def change(data: dict[str, Any]) -> None:
        data["teaching"] = json.loads(sr.to_json(taught))["state"]["teaching"]
        data["teaching"][0] = data["agenda"][0]["player"]

    assert "exactly while its promotion is pending" in refusal(MID, change)


def test_draft_task_without_a_draft_refused() -> None:
    """Issue 16, DRAFT-3: a draft decision with no combination left is refused."""
    start = sr.new_game(players=3, seed=5)
    assert "draft combinations left" in refusal(start, _set([], "draft"))


def test_duplicate_graduation_tile_refused() -> None:
    """Issue 16, COMP: one Graduation tile both held and on the board is refused."""

    def change(data: dict[str, Any]) -> None:
        held = next(pl for pl in data["players"] if pl["graduations"])
        data["graduation"].append(held["graduations"][0]["tile"])

    assert "is in two places" in refusal(GRADUATED, change)


def test_class_tile_in_the_market_and_on_a_board_refused() -> None:
    """Issue 16, EST-2: an Advanced Class tile on a board cannot also lie in the market."""

    def change(data: dict[str, Any]) -> None:
        on_board = next(t for t in data["players"][0]["classes"].values() if t[-2] != "0")
        column = RULES.discipline_index[RULES.class_tiles[on_board].discipline]
        data["market"][column]["pile1"] = [on_board, *data["market"][column]["pile1"]]

    message = refusal(MID, change)
    assert "is in two places" in message or "does not belong in the" in message


def test_introductory_tile_in_a_market_pile_refused() -> None:
    """Issue 16, SETUP-C-15: only Advanced Class tiles of the column's level lie in the market."""

    def change(data: dict[str, Any]) -> None:
        data["market"][0]["pile1"] = [RULES.intro_by_discipline["astronomy"]]

    assert "does not belong in the astronomy column's level 1" in refusal(MID, change)


def test_game_over_with_unequal_turns_refused() -> None:
    """Issue 16, END-2: a finished game has given every player the same number of turns."""
    assert "the same turn (END-2)" in refusal(OVER, _set(99, "players", 0, "turns"))


def test_madrasa_student_of_no_player_refused() -> None:
    """Issue 16: a Madrasa Student owned by player 7 in a 3-player game is refused."""

    def change(data: dict[str, Any]) -> None:
        data["madrasa_students"].append([7, "law"])
        data["students_out"][3] -= 1

    assert "madrasa_students: at most 4, each a player's Student" in refusal(MID, change)


def test_sixteen_objective_cards_refused() -> None:
    """Issue 16, SETUP-P-8: a player holds the cards dealt, not the whole deck."""

    def change(data: dict[str, Any]) -> None:
        mine = set(data["players"][0]["objectives"] + data["players"][0]["completed"])
        others = {c for pl in data["players"][1:] for c in pl["objectives"] + pl["completed"]}
        data["players"][0]["objectives"] = sorted(set(range(1, 25)) - others - mine)[:12]

    assert "holds 4 Objective cards" in refusal(MID, change)


def test_queue_with_a_gap_refused() -> None:
    """Issue 16, ENROL-4: Students slide left, so a queue never has a gap."""

    def change(data: dict[str, Any]) -> None:
        queue = data["queues"][1]
        queue[0], queue[-1] = None, queue[0]

    assert "the theology queue has a gap" in refusal(MID, change)


def test_agenda_of_another_player_refused() -> None:
    """Issue 16, TURN-1: every task of a turn belongs to the player whose turn it is."""
    p = MID.agenda[0].player
    change = _set(
        [
            {"kind": "turn", "player": p, "args": {}},
            {"kind": "turn", "player": (p + 1) % 3, "args": {}},
        ],
        "agenda",
    )
    assert "must be player" in refusal(MID, change)


@pytest.mark.parametrize("depth", [20, 400])
def test_deeply_nested_state_refused(depth: int) -> None:
    """Issue 16: nesting beyond what a state uses is refused before anything walks it."""
    text = sr.to_json(MID).replace(
        '"args": {}', '"args": {"x": ' + "[" * depth + "]" * depth + "}", 1
    )
    with pytest.raises(sr.StateError, match="nested deeper than 16 levels"):
        sr.from_json(text)


def test_oversized_state_refused() -> None:
    """Issue 16: text far longer than any state is refused unread."""
    with pytest.raises(sr.StateError, match="longer than 1000000 characters"):
        sr.from_json(" " * 1_000_001)


# ---- rule tables --------------------------------------------------------------------------------


def table_refusal(
    tmp_path: Path, stem: str, change: Callable[[dict[str, Any]], None]
) -> sr.RulesDataError:
    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, stem, change)
    with pytest.raises(sr.RulesDataError) as refused:
        sr.load_rules(folder)
    return refused.value


@pytest.mark.parametrize(
    ("stem", "change", "where"),
    [
        (
            "components",
            _set(-1, "limits", "gold"),
            "components.toml: limits.gold: -1 is not a number 0..100",
        ),
        (
            "astronomy",
            _set(-9, "oasis_salt"),
            "astronomy.toml: oasis_salt: -9 is not a number 0..100",
        ),
        ("components", _set(-1, "counts", "favour_tiles"), "counts.favour_tiles: -1"),
        (
            "player_board",
            _set(10**7, "top_space_row"),
            "player_board.toml: top_space_row: 10000000",
        ),
        ("mathematics", _set(11, "rows"), "mathematics.toml: rows: the Madrasa has 1..10 rows"),
        ("components", _set(5, "counts", "books_per_discipline"), "too few Books"),
        ("components", _set(16, "counts", "objective_cards"), "objectives"),
        (
            "components",
            _set(15, "prestige_storage", "covered_per_favour_tile"),
            "4 starting Favour tiles must fit the 16 storage spaces",
        ),
        ("components", _set(9, "start", "gold"), "start.gold: more than a player may keep"),
        ("components", _set(0, "limits", "books_per_discipline"), "must be at least 1"),
    ],
    ids=[
        "negative-limit",
        "negative-oasis-salt",
        "negative-favour-tiles",
        "huge-player-board",
        "madrasa-too-big",
        "too-few-books",
        "too-few-objective-cards",
        "favour-tiles-cover-too-much",
        "start-over-the-limit",
        "no-room-for-the-drafted-book",
    ],
)
def test_table_values_out_of_bounds_refused(
    tmp_path: Path, stem: str, change: Callable[[dict[str, Any]], None], where: str
) -> None:
    """Issue 16: numbers no game has (negative counts, boards of millions of rows, too few
    components for a setup) are refused, naming file, entry and field."""
    assert where in str(table_refusal(tmp_path, stem, change))


def test_table_negative_shelf_slots_refused(tmp_path: Path) -> None:
    """Issue 16, COMP-3: a Library shelf has no negative number of slots."""

    def change(data: dict[str, Any]) -> None:
        data["side"][0]["shelves"][0]["slots"] = -2

    assert "library.toml: side[three_shelf].shelves[0].slots: -2 is not a number 0..100" == str(
        table_refusal(tmp_path, "library", change)
    )


def test_table_resource_choice_naming_one_resource_twice_refused(tmp_path: Path) -> None:
    """Issue 16: a reward's choice of resources names each once, as a state's task must (the
    fuzz found a table whose Favour reward offered Gold twice, accepted, then refused in play)."""

    def change(data: dict[str, Any]) -> None:
        data["space"][0]["reward"][0]["resources"] = ["gold", "gold", "salt"]

    assert "favour_track.toml: space[0].reward[0].resources: must name distinct resources" in str(
        table_refusal(tmp_path, "favour_track", change)
    )


def test_table_huge_madrasa_refused_quickly(tmp_path: Path) -> None:
    """Issue 16: a 2000x2000 Madrasa (over 30 s to load before) is refused at once."""

    def change(data: dict[str, Any]) -> None:
        data["rows"] = data["columns"] = 2000

    started_at = time.perf_counter()
    error = table_refusal(tmp_path, "mathematics", change)
    assert "2000 is not a number 0..100" in str(error)
    assert time.perf_counter() - started_at < 5


def test_table_deleted_path_refused(tmp_path: Path) -> None:
    """Issue 16, ASTRO-1: a place no path reaches is refused (its distance was a KeyError)."""

    def change(data: dict[str, Any]) -> None:
        node = data["node"][-1]["id"]
        data["path"] = [p for p in data["path"] if node not in p["ends"]]

    assert "no path leads there from the start" in str(table_refusal(tmp_path, "astronomy", change))


def test_table_space_id_shared_by_two_areas_refused(tmp_path: Path) -> None:
    """Issue 16: a Theology space with an Oasis's id would credit pieces to the wrong area."""
    oasis = next(n.id for n in RULES.tables.astronomy.node if n.kind == "oasis")

    def change(data: dict[str, Any]) -> None:
        _, space = entry(data, "space", "kano-bottom")
        space["id"] = oasis

    error = table_refusal(tmp_path, "theology", change)
    assert f"theology.toml: space {oasis!r}: id already used by a space of astronomy" == str(error)


# ---- action text and Action objects -------------------------------------------------------------

TURN = started(players=2, seed=0)


@pytest.mark.parametrize(
    "text",
    ["9" * 5000, "complete " + "9" * 5000, "enrol astronomy " + "1" * 4400, "x " * 400],
    ids=["huge-number", "huge-card", "huge-position", "too-many-words"],
)
def test_huge_action_text_is_a_syntax_error(text: str) -> None:
    """Issue 16: numbers of thousands of digits and endless text are ActionSyntaxError from
    ``apply`` and ``bad_notation`` from ``explain`` (a raw ValueError before)."""
    with pytest.raises(sr.ActionSyntaxError) as error:
        sr.apply(TURN, text)
    assert [sr.Reason("bad_notation", str(error.value))] == sr.explain(TURN, text)


@pytest.mark.parametrize(
    "action",
    [
        sr.Action("complete", ("9" * 5000,)),
        sr.Action("complete", ("²",)),
        sr.Action("teach", 7),  # type: ignore[arg-type]
        sr.Action("teach", ("c0a", None)),  # type: ignore[arg-type]
        sr.Action(None, ()),  # type: ignore[arg-type]
        sr.Action("teach", ("",)),
        sr.Action("teach", "c0a"),  # type: ignore[arg-type]
    ],
    ids=["huge-word", "superscript", "args-int", "arg-none", "kind-none", "empty-word", "args-str"],
)
def test_malformed_action_object_gets_the_same_reasons(action: sr.Action) -> None:
    """Issue 16: a malformed Action is refused with ``not_an_action`` by ``explain`` and by
    ``apply`` alike (``apply`` raised TypeError before)."""
    reasons = sr.explain(TURN, action)
    assert ["not_an_action"] == [r.code for r in reasons]
    with pytest.raises(sr.IllegalAction) as error:
        sr.apply(TURN, action)
    assert tuple(reasons) == error.value.reasons


def test_record_with_a_malformed_action_object_refused() -> None:
    """Issue 16: a Record built from a malformed Action is an ActionSyntaxError."""
    with pytest.raises(sr.ActionSyntaxError, match="kind and args must be strings"):
        sr.Record(players=2, seed=1, actions=[sr.Action("teach", (1,))])  # type: ignore[arg-type]


# ---- seeds ------------------------------------------------------------------------------------


def test_new_game_without_a_seed_draws_a_fresh_one() -> None:
    """Issue 16: without a seed, each game draws 128 fresh bits, kept in the state so the game
    can be set up again."""
    first, second = sr.new_game(players=2), sr.new_game(players=2)
    assert first.seed != second.seed
    assert 0 <= first.seed < 2**128
    assert first == sr.new_game(players=2, seed=first.seed)


def test_negative_seeds_give_other_games_than_positive_ones() -> None:
    """Issue 16: seeds n and -n gave the same game; distinct seeds now give distinct games."""
    for seed in (1, 7, 42):
        plus, minus = sr.new_game(players=4, seed=seed), sr.new_game(players=4, seed=-seed)
        assert sr.to_json(plus).replace(f'"seed": {seed}', "") != sr.to_json(minus).replace(
            f'"seed": {-seed}', ""
        )


def test_non_negative_seeds_keep_their_games() -> None:
    """Issue 16: a non-negative seed draws what ``random.Random(seed)`` draws, as before, so
    recorded and golden games stay valid; a negative one draws something else."""
    for seed in (0, 3, 2**100):
        assert random.Random(seed).random() == generator(seed).random()
        assert random.Random(seed).random() != generator(-seed - 1).random()
    assert random.Random(5).random() != generator(-5).random()


# ---- rulesets in a long-running process --------------------------------------------------------


def test_rulesets_loaded_again_and_again_do_not_pile_up(tmp_path: Path) -> None:
    """Issue 16: loading many different tables keeps only the recent ones alive (and those
    the program still holds), not every one ever loaded."""
    folder = copy_tables(tmp_path / "tables")
    loaded = []
    for knowledge in range(1, 21):
        edit_table(folder, "theology", _kano_knowledge(knowledge))
        loaded.append(sr.load_rules(folder).content_hash)
    gc.collect()
    # Counted among the 20 loaded here, not in the whole registry: rulesets that earlier tests
    # still hold (a game of the conformance suite, say) are no concern of this one.
    alive = [hashed for hashed in loaded if hashed in registry._RULESETS]
    assert alive == loaded[-registry.RECENT_RULESETS :]
    assert RULES is sr.load_rules()


def _kano_knowledge(value: int) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        entry(data, "space", "kano-bottom")[1]["knowledge"] = value

    return change


def test_state_of_a_recent_ruleset_still_plays(tmp_path: Path) -> None:
    """Issue 16: a state whose ruleset the program no longer holds still plays while that
    ruleset is among the recent ones."""
    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, "theology", _kano_knowledge(2))
    state = sr.new_game(players=2, seed=1, rules=sr.load_rules(folder))
    gc.collect()
    assert sr.legal_actions(state)


# ---- the command line -------------------------------------------------------------------------


def run_cli(*args: str) -> tuple[int, str, str]:
    """``sankore-rules ARGS`` in process: status, standard output, standard error."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(list(args))
    return status, out.getvalue(), err.getvalue()


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_cli_show_dev_zero_refused_at_once() -> None:
    """Issue 16: reads are bounded; ``show /dev/zero`` is one line and exit 2, not a hang."""
    started_at = time.perf_counter()
    status, out, err = run_cli("show", "/dev/zero")
    assert (2, "") == (status, out)
    assert (
        "sankore-rules: error: /dev/zero: a character device, not a state or a record file\n" == err
    )
    assert time.perf_counter() - started_at < 10


def test_cli_tampered_state_is_one_line_and_exit_2(tmp_path: Path) -> None:
    """Issue 16: a state file the full check refuses is exit 2 with one line, for every command
    that reads one."""
    document = json.loads(sr.to_json(MID))
    document["state"]["agenda"] = [{"kind": "next_turn", "player": 0, "args": {}}]
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    for args in (("show", str(path)), ("legal", str(path)), ("explain", str(path), "end")):
        status, out, err = run_cli(*args)
        assert (2, "") == (status, out)
        assert 1 == len(err.splitlines())
        assert "inconsistent state: the pending step 'next_turn' is carried out by" in err


@pytest.mark.parametrize("seed", [str(2**256), str(-(2**256))])
def test_cli_seed_out_of_bounds_is_exit_2(seed: str) -> None:
    """Issue 16: a seed outside the bounds is one line and exit 2, not a traceback."""
    status, out, err = run_cli("random", "--players", "2", "--seed", seed)
    assert (2, "") == (status, out)
    assert "sankore-rules: error: seed must lie strictly between -2**256 and 2**256\n" == err


def test_every_step_declares_its_arguments() -> None:
    """Issue 16: ``from_json`` checks each task's arguments against ``agenda.TASK_ARGS``; a
    step registered without an entry there would slip past it."""
    assert sorted(engine.STEPS) == sorted(TASK_ARGS)


def test_table_student_space_under_no_class_refused(tmp_path: Path) -> None:
    """Issue 16, SETUP-P-9: an Introductory Class without its Student space (the draft placed
    its Student there: an IndexError) is refused, naming the space."""

    def change(data: dict[str, Any]) -> None:
        del entry(data, "students", "s0d")[1]["under"]

    error = table_refusal(tmp_path, "player_board", change)
    assert "player_board.toml: student 's0d'.under: only topmost spaces lack one" == str(error)


@pytest.mark.parametrize("bad_id", ["", "fez:1", "a b", "é", "x" * 41])
def test_table_id_that_is_not_a_notation_word_refused(tmp_path: Path, bad_id: str) -> None:
    """Issue 16: ids are written in action notation; one that cannot be read back as a single
    word (empty, with a separator, a space or an accent, too long) is refused."""

    def change(data: dict[str, Any]) -> None:
        data["advanced"][0]["id"] = bad_id

    error = table_refusal(tmp_path, "classes", change)
    assert error.where.startswith("advanced[") and error.where.endswith("].id")


def test_remembered_words_stay_bounded_and_never_admit_a_str_subclass() -> None:
    """Checking an action's words is mostly a set lookup of words that passed before; a caller
    sending ever new words cannot grow that set past its bound, and a str subclass equal to a
    remembered word is still refused as not a string."""
    from sankore_rules.core import actions

    state = started(2)
    for i in range(actions.MAX_REMEMBERED + 500):
        sr.explain(state, sr.Action("favour", (f"w{i}",)))
    assert len(actions._WELL_FORMED) <= actions.MAX_REMEMBERED

    class Sly(str):
        pass

    assert "favour" in actions._WELL_FORMED
    reasons = sr.explain(state, sr.Action(Sly("favour"), ("take",)))
    assert [r.code for r in reasons] == ["not_an_action"]
    assert "must be strings" in reasons[0].words
    bad = sr.Action("favour", ("take!",))
    assert [r.code for r in sr.explain(state, bad)] == ["not_an_action"]
    assert "take!" not in actions._WELL_FORMED
