"""The rule tables (DESIGN "Data tables", "Data provenance"): loading a copy and refusing a bad one.

A copy of the bundled tables is written to a temporary folder and corrupted one way at a time:
an unknown key, a wrong type, a dangling reference, a broken component count, a TOML syntax
error, a missing file, a provenance or effect outside its closed vocabulary. Each is refused by
``sr.load_rules(path)`` with ``sr.RulesDataError`` naming the file, the entry and the field. A
corrected copy loads and changes the game accordingly. Every entry carries its ``source``.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import attrs
import pytest

import sankore_rules as sr
from positions import RULES
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import DATA_FILES, entries_with_source, fields_with_source
from strategies import DATA_DIR, copy_tables, edit_table, entry, read_table

SOURCES = {"rulebook", "example", "reconstructed"}

TableChange = Callable[[dict[str, Any]], None]


def load_error(tmp_path: Path, stem: str, change: TableChange) -> sr.RulesDataError:
    """The error ``load_rules`` raises for a copy of the tables with one table changed."""
    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, stem, change)
    with pytest.raises(sr.RulesDataError) as error:
        sr.load_rules(folder)
    return error.value


def index_of(stem: str, array: str, entry_id: str) -> int:
    return entry(read_table(DATA_DIR, stem), array, entry_id)[0]


def names_entry(message: str, array: str, index: int, entry_id: str) -> bool:
    """Whether ``message`` names the entry, by its position or by its id."""
    return f"{array}[{index}]" in message or entry_id in message


# ---- malformed tables -------------------------------------------------------------------------


def test_tables_unknown_key_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": an unknown key is refused, naming file, entry and key."""

    def change(data: dict[str, Any]) -> None:
        entry(data, "space", "djenne-middle")[1]["colour"] = "red"

    error = load_error(tmp_path, "theology", change)
    i = index_of("theology", "space", "djenne-middle")
    assert "theology.toml" == error.file
    assert names_entry(str(error), "space", i, "djenne-middle")
    assert "colour" in str(error)


def test_tables_unknown_top_level_table_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": an unknown table in a file is refused, naming it."""

    def change(data: dict[str, Any]) -> None:
        data["bonus_rules"] = {"extra": 1}

    error = load_error(tmp_path, "components", change)
    assert "components.toml" == error.file
    assert "bonus_rules" in str(error)


@pytest.mark.parametrize(
    ("stem", "array", "entry_id", "key", "value"),
    [
        ("theology", "space", "kano-bottom", "knowledge", "3"),
        ("theology", "space", "kano-bottom", "knowledge", 3.0),
        ("law", "space", "law-a5", "knowledge", True),
        ("astronomy", "node", "fez", "gold", "2"),
        ("classes", "advanced", "ast-3a", "knowledge", [3]),
    ],
)
def test_tables_wrong_type_refused(
    tmp_path: Path, stem: str, array: str, entry_id: str, key: str, value: Any
) -> None:
    """DESIGN "Data tables": "5" or 5.0 where 5 belongs is refused, naming the field."""

    def change(data: dict[str, Any]) -> None:
        record = entry(data, array, entry_id)[1]
        assert isinstance(record[key], int)
        record[key] = value

    error = load_error(tmp_path, stem, change)
    i = index_of(stem, array, entry_id)
    assert f"{stem}.toml" == error.file
    assert f".{array}[{i}].{key}" in str(error)
    assert "expected int" in str(error)


def test_tables_wrong_type_in_a_section_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a storage limit written as text is refused, naming it."""

    def change(data: dict[str, Any]) -> None:
        data["limits"]["gold"] = "6"

    error = load_error(tmp_path, "components", change)
    assert "components.toml" == error.file
    assert ".limits.gold" in str(error)


def test_tables_dangling_route_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a route to a place that does not exist is refused."""
    stored = read_table(DATA_DIR, "astronomy")["path"]
    i = next(n for n, path in enumerate(stored) if "fez" in path["ends"])

    def change(data: dict[str, Any]) -> None:
        ends = data["path"][i]["ends"]
        data["path"][i]["ends"] = ["atlantis" if end == "fez" else end for end in ends]

    error = load_error(tmp_path, "astronomy", change)
    assert "astronomy.toml" == error.file
    assert f"path[{i}].ends" in str(error)
    assert "atlantis" in str(error)


@pytest.mark.parametrize(
    ("stem", "change", "names"),
    [
        (
            "player_board",
            lambda d: entry(d, "students", "s1a")[1].update(under="c9z"),
            ["s1a", "under", "c9z"],
        ),
        ("astronomy", lambda d: d.update(start="nowhere"), ["start", "nowhere"]),
        (
            "theology",
            lambda d: entry(d, "space", "djenne-middle")[1].update(activate="alchemy"),
            ["djenne-middle", "activate"],
        ),
        (
            "law",
            lambda d: entry(d, "space", "law-a1")[1].update(skill="no-such-icon"),
            ["law-a1", "skill", "no-such-icon"],
        ),
        (
            "sankore_tiles",
            lambda d: entry(d, "tile", "ast-madrasa")[1].update(discipline="alchemy"),
            ["ast-madrasa", "discipline"],
        ),
    ],
    ids=["student-under", "astronomy-start", "theology-activate", "law-skill", "tile-discipline"],
)
def test_tables_dangling_reference_refused(
    tmp_path: Path, stem: str, change: TableChange, names: list[str]
) -> None:
    """DESIGN "Data tables": a reference to a space, place, stack or discipline that does
    not exist is refused, naming the entry and the field."""
    error = load_error(tmp_path, stem, change)
    assert f"{stem}.toml" == error.file
    assert [] == [word for word in names if word not in str(error)]


def _drop_entry(array: str, entry_id: str) -> TableChange:
    def change(data: dict[str, Any]) -> None:
        i, _ = entry(data, array, entry_id)
        del data[array][i]

    return change


def test_tables_twelve_theology_book_spaces_refused(tmp_path: Path) -> None:
    """SETUP-C-4 (13 Books drawn onto Theology): 12 Book spaces are refused."""
    error = load_error(tmp_path, "theology", _drop_entry("space", "kano-bottom"))
    assert ("theology.toml", "space") == (error.file, error.where)
    assert "12 Book spaces" in str(error)


def test_tables_twenty_seven_sankore_tiles_refused(tmp_path: Path) -> None:
    """COMP-11 (28 Sankoré tiles): a box of 27 tiles is refused."""
    error = load_error(tmp_path, "sankore_tiles", _drop_entry("tile", "ast-supply-3"))
    assert ("sankore_tiles.toml", "tile") == (error.file, error.where)
    assert "28 tiles" in str(error)


def test_tables_twenty_seven_crown_spaces_refused(tmp_path: Path) -> None:
    """COMP-21, LAW-2 (28 Crown spaces): a Law area of 27 spaces is refused."""
    error = load_error(tmp_path, "law", _drop_entry("space", "law-a1"))
    assert ("law.toml", "space") == (error.file, error.where)
    assert "28" in str(error)


def test_tables_count_against_the_box_refused(tmp_path: Path) -> None:
    """COMP-11: a box count the other tables contradict (29 Sankoré tiles) is refused."""

    def change(data: dict[str, Any]) -> None:
        assert 28 == data["counts"]["sankore_tiles"]
        data["counts"]["sankore_tiles"] = 29

    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, "components", change)
    with pytest.raises(sr.RulesDataError) as error:
        sr.load_rules(folder)
    assert "sankore_tiles.toml" == error.value.file


def test_tables_toml_syntax_error_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a file that is not TOML is refused, naming file and line."""
    folder = copy_tables(tmp_path / "tables")
    path = folder / "theology.toml"
    lines = path.read_text(encoding="utf-8").splitlines()
    line = next(n for n, text in enumerate(lines) if text.startswith("knowledge = "))
    lines[line] = lines[line] + " 5"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(sr.RulesDataError) as error:
        sr.load_rules(folder)
    assert ("theology.toml", "syntax") == (error.value.file, error.value.where)
    assert f"line {line + 1}" in str(error.value)


def test_tables_missing_file_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a copy without one of its tables is refused, naming the file."""
    folder = copy_tables(tmp_path / "tables")
    (folder / "law.toml").unlink()
    with pytest.raises(sr.RulesDataError) as error:
        sr.load_rules(folder)
    assert ("law.toml", "file") == (error.value.file, error.value.where)
    assert str(folder) in str(error.value)


def test_tables_missing_folder_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a folder that does not exist is refused, naming the file."""
    with pytest.raises(sr.RulesDataError) as error:
        sr.load_rules(tmp_path / "no-such-folder")
    assert "file" == error.value.where


# ---- closed vocabularies ------------------------------------------------------------------------


def test_tables_unknown_source_refused(tmp_path: Path) -> None:
    """DESIGN "Data provenance": ``source`` is rulebook, example or reconstructed.

    Guards the enum hook of ``tables._make_converter``: without it a ``Source`` (a StrEnum,
    so a ``str``) went through the strict ``str`` hook unchecked and "guessed" loaded.
    """

    def change(data: dict[str, Any]) -> None:
        entry(data, "space", "kano-bottom")[1]["source"] = "guessed"

    error = load_error(tmp_path, "theology", change)
    i = index_of("theology", "space", "kano-bottom")
    assert "theology.toml" == error.file
    assert names_entry(str(error), "space", i, "kano-bottom")
    assert "source" in str(error)


def test_tables_unknown_effect_kind_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables" (a small, closed effect vocabulary): an unknown kind is refused."""

    def change(data: dict[str, Any]) -> None:
        entry(data, "tile", "ast-madrasa")[1]["bonus"] = [{"kind": "teleport"}]

    error = load_error(tmp_path, "sankore_tiles", change)
    i = index_of("sankore_tiles", "tile", "ast-madrasa")
    assert "sankore_tiles.toml" == error.file
    assert names_entry(str(error), "tile", i, "ast-madrasa")
    assert "kind" in str(error)


def test_tables_unknown_place_of_a_requirement_refused(tmp_path: Path) -> None:
    """OBJ-1: a piece count narrows Astronomy to Oases or Port Cities, nothing else."""

    def change(data: dict[str, Any]) -> None:
        card = next(c for c in data["card"] if c["number"] == 2)
        card["requirement"][0]["place"] = "desert"

    error = load_error(tmp_path, "objectives", change)
    assert "objectives.toml" == error.file
    assert "requirement[0].place" in str(error)
    assert "'desert'" in str(error)


def test_tables_unknown_resource_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a ``gain_resource`` effect names gold, salt or inspiration.

    ``validation._check_effects`` compares ``effect.kind is EffectKind...``: this holds only
    while effect kinds are loaded as enum members.
    """
    stored = read_table(DATA_DIR, "sankore_tiles")["tile"]
    i, tile_id = next(
        (n, t["id"])
        for n, t in enumerate(stored)
        if t["bonus"] and t["bonus"][0]["kind"] == "gain_resource"
    )

    def change(data: dict[str, Any]) -> None:
        data["tile"][i]["bonus"][0]["resources"] = ["diamonds"]

    error = load_error(tmp_path, "sankore_tiles", change)
    assert "sankore_tiles.toml" == error.file
    assert names_entry(str(error), "tile", i, tile_id)
    assert "resources" in str(error)


def test_tables_effects_are_of_the_closed_vocabulary() -> None:
    """DESIGN "Data tables": every loaded effect kind is an ``EffectKind``, every source a
    ``Source`` (so ``is`` comparisons in the interpreter and the validator hold)."""
    from sankore_rules.sankore.tables import Effect, EffectKind, Source

    kinds = [type(e.kind) for e in walk_records(RULES.tables) if isinstance(e, Effect)]
    assert kinds
    assert {EffectKind} == set(kinds)
    sources = [type(r.source) for r in walk_records(RULES.tables) if hasattr(r, "source")]
    assert {Source} == set(sources)


# ---- a corrected copy ---------------------------------------------------------------------------


def test_tables_unchanged_copy_is_the_same_ruleset(tmp_path: Path) -> None:
    """DESIGN "Data tables": a copy of the bundled tables is the bundled ruleset."""
    rules = sr.load_rules(copy_tables(tmp_path / "tables"))
    assert RULES.content_hash == rules.content_hash
    state = sr.new_game(players=2, seed=4, rules=rules)
    assert sr.to_json(sr.new_game(players=2, seed=4)) == sr.to_json(state)


def test_tables_rewritten_copy_loads_the_same_tables(tmp_path: Path) -> None:
    """DESIGN "Data tables": tables rewritten in another TOML layout hold the same records
    (only the content hash, taken over the bytes, differs)."""
    folder = copy_tables(tmp_path / "tables")
    for stem in DATA_FILES:
        edit_table(folder, stem, lambda data: None)
    rules = sr.load_rules(folder)
    assert RULES.content_hash != rules.content_hash
    assert attrs.evolve(RULES.tables, content_hash="") == attrs.evolve(
        rules.tables, content_hash=""
    )


def theology_decision(rules: sr.Rules) -> State:
    """Two players, seed 1: the first player drafts Theology, then teaches the Theology
    Introductory Class on the first turn; the Mosque decision is pending."""
    state = sr.new_game(players=2, seed=1, rules=rules)
    first = state.current_player
    draft = next(str(a) for a in sr.legal_actions(state) if a.args[0].startswith("the-"))
    state = sr.apply(state, draft)
    state = sr.apply(state, "class c1a")
    state = sr.apply(state, "order theology,astronomy,mathematics,law")
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    assert first == state.current_player
    state = sr.apply(state, "teach c0a")
    assert state.decision is not None
    assert ("theology", first) == (state.decision.kind, state.decision.player)
    return state


def test_tables_corrected_knowledge_changes_the_legal_mosques(tmp_path: Path) -> None:
    """KNOW-2, THEO-3, DESIGN "Data provenance": a copy in which Kano's bottom Mosque space
    needs Knowledge 2 instead of 3 offers that space to a Knowledge-2 class the bundled
    tables refuse it to; nothing else of the game changes."""
    folder = copy_tables(tmp_path / "corrected")

    def change(data: dict[str, Any]) -> None:
        _, space = entry(data, "space", "kano-bottom")
        assert (3, "reconstructed") == (space["knowledge"], space["source"])
        space["knowledge"] = 2

    edit_table(folder, "theology", change)
    corrected = sr.load_rules(folder)
    assert 2 == corrected.theology_spaces["kano-bottom"].knowledge

    bundled_state = theology_decision(RULES)
    corrected_state = theology_decision(corrected)
    assert sr.to_json(bundled_state).replace(RULES.content_hash, "") == sr.to_json(
        corrected_state
    ).replace(corrected.content_hash, "")

    refusal = sr.explain(bundled_state, "mosque kano-bottom")
    assert [sr.Reason("knowledge_short", "needs Knowledge 3, you have 2 (KNOW-1)")] == refusal
    assert [] == sr.explain(corrected_state, "mosque kano-bottom")
    bundled = sorted(str(a) for a in sr.legal_actions(bundled_state))
    assert sorted([*bundled, "mosque kano-bottom"]) == sorted(
        str(a) for a in sr.legal_actions(corrected_state)
    )
    after = sr.apply(corrected_state, "mosque kano-bottom")
    assert 0 == after.spaces["kano-bottom"]


# ---- provenance --------------------------------------------------------------------------------


def walk_records(value: Any) -> Iterator[Any]:
    """Every attrs record inside ``value``, ``value`` included."""
    if attrs.has(type(value)):
        yield value
        for f in attrs.fields(type(value)):
            yield from walk_records(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from walk_records(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from walk_records(item)


def toml_sources(data: Any, where: str = "") -> Iterator[tuple[str, Any]]:
    """Every ``source`` key and every per-field ``sources`` entry in parsed TOML, with where
    it is and its value."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "source":
                yield f"{where}.{key}", value
            elif key == "sources":
                for name, source in value.items():
                    yield f"{where}.sources.{name}", source
                continue
            yield from toml_sources(value, f"{where}.{key}")
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from toml_sources(value, f"{where}[{i}]")


def test_tables_every_source_is_rulebook_example_or_reconstructed() -> None:
    """DESIGN "Data provenance": each provenance written in the tables, an entry's or a
    single field's (issue 18), is one of three."""
    written = 0
    for stem in DATA_FILES:
        data = tomllib.loads((DATA_DIR / f"{stem}.toml").read_text(encoding="utf-8"))
        for where, value in toml_sources(data):
            assert value in SOURCES, f"{stem}.toml{where} = {value!r}"
            written += ".sources." in where
    assert written > 0


@pytest.mark.parametrize(
    ("key", "source", "problem"),
    [
        ("colour", "reconstructed", "no value 'colour'"),
        ("city", "example", "repeats the source it overrides (example)"),
        ("knowledge[0]", "reconstructed", "'knowledge' has no item 0"),
        ("knowledge-2", "reconstructed", "is not a field name"),
    ],
)
def test_tables_field_source_must_name_a_value_and_change_it(
    tmp_path: Path, key: str, source: str, problem: str
) -> None:
    """Issue 18, per-field provenance: a ``sources`` key names a value the entry holds (an
    item of a list field only within the list) and gives it another source than the one it
    overrides; anything else is refused, naming the file, the entry and the key."""

    def change(data: dict[str, Any]) -> None:
        entry(data, "space", "djenne-middle")[1]["sources"] = {key: source}

    error = load_error(tmp_path, "theology", change)
    assert "theology.toml" == error.file
    assert f"space[djenne-middle].sources.{key}" == error.where
    assert problem in error.problem


def test_tables_field_source_of_a_list_item_past_the_end_refused(tmp_path: Path) -> None:
    """Issue 18: ``column_gold[4]`` names no Madrasa column (there are four, 0 to 3)."""

    def change(data: dict[str, Any]) -> None:
        data["sources"] = {"column_gold[4]": "example"}

    error = load_error(tmp_path, "mathematics", change)
    assert ("mathematics.toml", "table.sources.column_gold[4]") == (error.file, error.where)
    assert "'column_gold' has no item 4" == error.problem


def test_tables_fields_with_source_splits_a_list_given_in_part() -> None:
    """Issue 18: a field the texts give only in part is counted item by item, each with its
    own source; an entry's other fields take the entry's source."""
    rows = {(f, w, n): str(s) for f, w, n, s in fields_with_source(RULES.tables)}
    assert {n: s for (f, w, n), s in rows.items() if (f, w) == ("mathematics", "")} == {
        "rows": "reconstructed",
        "columns": "reconstructed",
        "unnumbered": "reconstructed",
        "numbered": "reconstructed",
        "row_gold": "reconstructed",
        "column_gold[0]": "reconstructed",
        "column_gold[1]": "reconstructed",
        "column_gold[2]": "reconstructed",
        "column_gold[3]": "example",
    }
    assert {n: s for (f, w, n), s in rows.items() if w == "space[djenne-middle]"} == {
        "city": "example",
        "region": "reconstructed",
        "row": "example",
        "knowledge": "example",
        "activate": "reconstructed",
    }


def test_tables_entries_with_source_lists_every_entry() -> None:
    """DESIGN "Data provenance": ``entries_with_source`` lists every entry that carries a
    ``source`` in the tables, each with one of the three provenances, and every table but
    the rulings (which carry their reason instead) and the drawing (which holds no number of
    the game) has entries in it."""
    rows = entries_with_source(RULES.tables)
    assert {str(source) for _, _, source in rows} <= SOURCES
    in_toml = Counter()
    for stem in DATA_FILES:
        data = tomllib.loads((DATA_DIR / f"{stem}.toml").read_text(encoding="utf-8"))
        in_toml[stem] = sum(1 for where, _ in toml_sources(data) if where.endswith(".source"))
    assert +in_toml == Counter(file for file, _, _ in rows)
    assert set(DATA_FILES) - {"rulings", "drawing"} == {file for file, _, _ in rows}


def test_tables_every_array_entry_has_a_source() -> None:
    """DESIGN "Data provenance": every entry of every table array (spaces, places, paths,
    tiles, cards...) carries its own ``source``, except the player board's geometry (one
    ``source`` for the whole board) and the rulings (each carries its reason)."""
    covered_by_file = {("player_board", "classes"), ("player_board", "students")}
    covered_by_file.add(("player_board", "arrows"))
    missing = []
    for stem in DATA_FILES:
        if stem == "rulings":
            continue
        data = tomllib.loads((DATA_DIR / f"{stem}.toml").read_text(encoding="utf-8"))
        for key, value in data.items():
            if not (isinstance(value, list) and value and isinstance(value[0], dict)):
                continue
            if (stem, key) in covered_by_file:
                assert data["source"] in SOURCES
                continue
            missing += [f"{stem}.{key}[{i}]" for i, e in enumerate(value) if "source" not in e]
    assert [] == missing


@pytest.mark.parametrize(
    ("effect", "field"),
    [
        ({"kind": "majority_scoring", "scoring": "book"}, "kind"),
        ({"kind": "gain_book", "discipline": "section"}, "discipline"),
        ({"kind": "gain_prestige", "discipline": "class"}, "discipline"),
    ],
)
def test_tables_effect_words_out_of_their_context_refused(
    tmp_path: Path, effect: dict[str, Any], field: str
) -> None:
    """Effect vocabulary: a majority scoring belongs to a Sankoré tile (it scores the tile's
    discipline), a "section" Book to a Skill tile, a "class" Prestige to a class. On the Favour
    track they would name nothing, so the table is refused, naming the field."""

    def change(data: dict[str, Any]) -> None:
        data["space"][0]["reward"] = [effect]

    error = load_error(tmp_path, "favour_track", change)
    assert "favour_track.toml" == error.file
    assert f"space[0].reward[0].{field}" == error.where
