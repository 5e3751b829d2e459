"""The docs site (issue 6): generated from the rule tables, every entry put into words.

The generator lives in ``docs/hooks`` (an mkdocs hook and its ``sankore_docs`` package). These
tests call it directly, and build the whole site once with ``mkdocs build --strict`` to check
the pages a reader sees against the TOML tables, read here on their own with ``tomllib``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ET
from collections import Counter
from html import unescape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import attrs
import networkx as nx
import pytest

import sankore_rules as sr
from sankore_rules.sankore.tables import (
    DATA_FILES,
    Effect,
    EffectKind,
    Source,
    entries_with_source,
    fields_with_source,
)

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
DATA = ROOT / "src" / "sankore_rules" / "data"
RULES_TEXT = ROOT.parent / "shared" / "rules-text"

sys.path.insert(0, str(DOCS / "hooks"))
import generate  # noqa: E402  (the mkdocs hook, importable once docs/hooks is on the path)
from sankore_docs import reference, words  # noqa: E402

RULES = sr.load_rules()

# Words a rendering must never contain: Python leftovers, raw ids, unfinished text.
PLACEHOLDER = re.compile(r"None|TODO|XXX|\?\?|[{}<>`_]|\bnan\b")


def toml(stem: str) -> dict[str, Any]:
    return tomllib.loads((DATA / f"{stem}.toml").read_text(encoding="utf-8"))


def walk(value: Any):
    """Every attrs record and value inside a table, depth first."""
    yield value
    if attrs.has(type(value)):
        for f in attrs.fields(type(value)):
            yield from walk(getattr(value, f.name))
    elif isinstance(value, tuple | list):
        for item in value:
            yield from walk(item)
    elif isinstance(value, dict):
        for item in value.values():
            yield from walk(item)


def all_effects() -> list[Effect]:
    return [
        v for stem in DATA_FILES for v in walk(getattr(RULES.tables, stem)) if isinstance(v, Effect)
    ]


def sourced_entries(tables: Any) -> list[tuple[str, str, str]]:
    """(file, entry, source) for every record with a ``source`` field, found independently."""
    rows: list[tuple[str, str, str]] = []

    def visit(file: str, where: str, value: Any) -> None:
        if attrs.has(type(value)):
            if "source" in {f.name for f in attrs.fields(type(value))}:
                rows.append((file, where, str(value.source)))
            for f in attrs.fields(type(value)):
                if f.name != "source":
                    visit(file, f"{where}.{f.name}" if where else f.name, getattr(value, f.name))
        elif isinstance(value, tuple):
            for i, item in enumerate(value):
                label = getattr(item, "id", None) or getattr(item, "number", None) or i
                visit(file, f"{where}[{label}]", item)

    for stem in DATA_FILES:
        visit(stem, "", getattr(tables, stem))
    return rows


def source_cell(entry: dict[str, Any]) -> str:
    """What a page's Source column says for a TOML entry: its source, then (issue 18) the
    values with a source of their own, grouped by source: ``example (region and activate:
    reconstructed)``, keys as the TOML writes them."""
    groups: dict[str, list[str]] = {}
    for key, source in entry.get("sources", {}).items():
        groups.setdefault(source, []).append(key)
    if not groups:
        return entry["source"]
    said = [
        f"{', '.join(keys[:-1])} and {keys[-1]}" if len(keys) > 1 else keys[0]
        for keys in groups.values()
    ]
    return (
        f"{entry['source']} ("
        + "; ".join(f"{keys}: {source}" for keys, source in zip(said, groups, strict=True))
        + ")"
    )


def markdown_table(text: str, first_header: str) -> list[dict[str, str]]:
    """The rows of the Markdown table whose first header is ``first_header``."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"| {first_header} |"))
    headers = [h.strip() for h in lines[start].strip("|").split(" | ")]
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        cells = [c.strip().strip("`") for c in re.split(r"(?<!\\)\|", line.strip()[1:-1])]
        rows.append(dict(zip(headers, cells, strict=True)))
    return rows


class _Tables(HTMLParser):
    """Every <table> of an HTML page as a list of rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs_: Any) -> None:
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def html_table(page: Path, *headers: str) -> list[dict[str, str]]:
    """The rows of the HTML table whose header row starts with ``headers``."""
    parser = _Tables()
    parser.feed(page.read_text(encoding="utf-8"))
    for table in parser.tables:
        if table and tuple(table[0][: len(headers)]) == headers:
            return [dict(zip(table[0], row, strict=True)) for row in table[1:]]
    raise AssertionError(f"no table with headers {headers!r} in {page}")


# ---- every entry in words -----------------------------------------------------------------------


def test_effect_words_for_the_rulebook_icons() -> None:
    """IC-FAV-1, IC-SKL-1, IC-SKL-5, IC-SNK-5, IC-BRD-1: effects render to the exact words."""
    cases = {
        Effect(EffectKind.GAIN_RESOURCE, resources=("gold", "salt")): "gain 1 Gold or 1 Salt",
        Effect(EffectKind.ADVANCE_FAVOUR, amount=2): "move your Favour disc 2 spaces to the right",
        Effect(EffectKind.GAIN_BOOK, discipline="section"): (
            "gain 1 Book of the discipline of the Skill section the tile is in"
        ),
        Effect(EffectKind.GAIN_BOOK, discipline="any", amount=2): (
            "gain 2 Books, each of any discipline"
        ),
        Effect(EffectKind.PLACE_SANKORE, discipline="astronomy"): (
            "place an Astronomy Sankoré tile from the supply on the lowest-numbered empty "
            "Madrasa space, and gain 1 Astronomy Prestige token"
        ),
        Effect(EffectKind.SKILL_TILE, icon="gold", discipline="law"): (
            "take a Skill tile “gain 1 Gold” and put it in your Law Skill section"
        ),
        Effect(EffectKind.FREE_WALL): (
            "place one of your Walls on any empty Wall space, the corner included, with no "
            "Book, Knowledge or Supported Class needed; it flips no tile and gives no Gold"
        ),
    }
    assert cases == {effect: words.describe_effect(effect, RULES) for effect in cases}


def test_every_effect_of_every_table_renders_to_words() -> None:
    """GAP-15..GAP-21: every reward, bonus and Skill effect of the tables has real words."""
    effects = all_effects()
    assert len(effects) > 100
    bad = {}
    for effect in effects:
        text = words.describe_effect(effect, RULES)
        if not text or PLACEHOLDER.search(text) or not text[0].islower():
            bad[repr(effect)] = text
    assert bad == {}


def test_every_kind_of_effect_has_words_and_an_unknown_kind_stops_the_build() -> None:
    """The effect vocabulary is closed: each EffectKind renders; anything else is refused."""
    rendered = {
        kind: words.describe_effect(words.sample_effect(kind, RULES), RULES) for kind in EffectKind
    }
    assert [kind for kind, text in rendered.items() if PLACEHOLDER.search(text)] == []
    unknown = attrs.evolve(Effect(EffectKind.GAIN_RESOURCE, resources=("gold",)), kind="teleport")
    with pytest.raises(words.UnrenderedError, match="teleport"):
        words.describe_effect(unknown, RULES)
    with pytest.raises(words.UnrenderedError, match="resource"):
        words.describe_effect(Effect(EffectKind.GAIN_RESOURCE, resources=("silk",)), RULES)


def test_every_table_entry_renders_to_words() -> None:
    """GAP-1..GAP-21: every entry of every table, whatever its source, has a rendering."""
    records = [
        v
        for stem in DATA_FILES
        for v in walk(getattr(RULES.tables, stem))
        if attrs.has(type(v)) and "source" in {f.name for f in attrs.fields(type(v))}
    ]
    assert len(records) == len(sourced_entries(RULES.tables))
    bad = {}
    for record in records:
        text = reference.describe_entry(record, RULES)
        if not text or re.search(r"None|TODO|[{}<>]", text):
            bad[repr(record)[:80]] = text
    assert bad == {}


def test_objective_requirements_and_abilities_render_to_words() -> None:
    """OBJ-3, OBJ-4, BONUS-5, BONUS-6: every card's requirement and ability are in words."""
    cards = {card.number: card for card in RULES.tables.objectives.card}
    texts = [
        words.describe_condition(condition, RULES)
        for card in cards.values()
        for condition in getattr(card, "requirement", ())
    ] + [
        words.describe_ability(card.ability, RULES)
        for card in cards.values()
        if getattr(card, "ability", None) is not None
    ]
    assert len(texts) > len(cards)
    assert [t for t in texts if not t or PLACEHOLDER.search(t)] == []
    assert words.describe_ability(cards[3].ability, RULES) == (
        "Whenever you perform the Law area action: you may pay 1 Book, 1 Salt or 1 Gold "
        "instead of the printed cost of a Crown space; its Knowledge and, on the top row, a "
        "Supported Class are still needed"
    )


def test_every_table_file_has_a_page_and_every_marker_a_section() -> None:
    """Every rule table is documented on a page; pages name only sections that exist."""
    assert set(DATA_FILES) == set(generate.DATA_PAGES)
    markers: dict[str, set[str]] = {}
    for page in DOCS.rglob("*.md"):
        found = set(generate.MARKER.findall(page.read_text(encoding="utf-8")))
        markers[page.relative_to(DOCS).as_posix()] = found
    used = set().union(*markers.values())
    assert set() == used - set(generate.SECTIONS)
    assert set() == set(generate.SECTIONS) - used
    assert [stem for stem, page in generate.DATA_PAGES.items() if not markers.get(page)] == []
    with pytest.raises(words.UnrenderedError, match="no-such-section"):
        generate.expand("<!-- sankore:no-such-section -->", RULES)


# ---- the Theology and Astronomy pages against the tables ----------------------------------------


def test_theology_page_lists_every_space_with_the_tables_numbers(site: Path) -> None:
    """THEO-2..THEO-4, KNOW-1, GAP-6: each Theology space with its Knowledge, cost and source."""
    table = toml("theology")
    rows = {r["Space"]: r for r in html_table(site / "areas/theology.html", "Space")}
    assert [s["id"] for s in table["space"]] == list(rows)
    salt = {row: cost["salt"] for row, cost in table["rows"].items() if row != "source"}
    supported = {
        row: cost.get("supported", False) for row, cost in table["rows"].items() if row != "source"
    }
    for space in table["space"]:
        row = rows[space["id"]]
        expected = {
            "City": space["city"],
            "Row": space["row"],
            "Knowledge": str(space["knowledge"]),
            "Cost": f"{salt[space['row']]} Salt",
            "Supported Class": "needed" if supported[space["row"]] else "no",
            "Source": source_cell(space),
        }
        assert expected == {k: row[k] for k in expected}, space["id"]
        assert row["Region"].startswith(space["region"] + " (")


def test_astronomy_page_lists_every_space_with_the_tables_numbers(site: Path) -> None:
    """ASTRO-2, ASTRO-6, ASTRO-9, GAP-3..GAP-5: each Oasis and Port space, Knowledge and cost."""
    table = toml("astronomy")
    graph = nx.Graph()
    for path in table["path"]:
        graph.add_edge(*path["ends"], knowledge=path["knowledge"])
    distance = nx.single_source_dijkstra_path_length(graph, table["start"], weight="knowledge")
    page = site / "areas/astronomy.html"
    rows = {r["Space"]: r for r in html_table(page, "Space")}
    expected: dict[str, dict[str, str]] = {}
    for node in table["node"]:
        if node["kind"] == "oasis":
            expected[node["id"]] = {
                "Knowledge from Timbuktu": str(distance[node["id"]]),
                "Tie-break number": str(node["number"]),
                "Cost": f"{table['oasis_gold']} Gold",
                "Supported Class": "no",
                "Source": source_cell(node),
            }
        for i, space in enumerate(node.get("spaces", [])):
            expected[f"{node['id']}:{i}"] = {
                "Knowledge from Timbuktu": str(distance[node["id"]]),
                "Tie-break number": str(space["number"]),
                "Cost": f"{node['gold']} Gold",
                "Supported Class": "needed",
                "Source": source_cell(space),
            }
    assert expected == {sid: {k: row[k] for k in expected[sid]} for sid, row in rows.items()}
    paths = html_table(page, "From")
    assert [
        (p["ends"][0], p["ends"][1], str(p["knowledge"]), p.get("dotted", False), source_cell(p))
        for p in table["path"]
    ] == [(r["From"], r["To"], r["Knowledge"], r["Dotted"] != "no", r["Source"]) for r in paths]


def test_pages_follow_a_corrected_copy_of_the_tables(tmp_path: Path) -> None:
    """GAP-1, GAP-3: the pages are generated from whatever tables are loaded, never a copy."""
    for name in DATA.glob("*.toml"):
        shutil.copy(name, tmp_path / name.name)
    theology = (tmp_path / "theology.toml").read_text(encoding="utf-8")
    theology = theology.replace(
        'knowledge = 5\nactivate = "astronomy"', 'knowledge = 4\nactivate = "astronomy"'
    )
    (tmp_path / "theology.toml").write_text(theology, encoding="utf-8")
    astronomy = (tmp_path / "astronomy.toml").read_text(encoding="utf-8")
    astronomy = astronomy.replace(
        'ends = ["timbuktu", "oasis-a1"]\nknowledge = 1',
        'ends = ["timbuktu", "oasis-a1"]\nknowledge = 2',
    )
    (tmp_path / "astronomy.toml").write_text(astronomy, encoding="utf-8")
    corrected = sr.load_rules(tmp_path)

    spaces = markdown_table(generate.render_section("theology-spaces", corrected), "Space")
    places = markdown_table(generate.render_section("astronomy-places", corrected), "Space")
    assert next(r["Knowledge"] for r in spaces if r["Space"] == "djenne-middle") == "4"
    assert next(r["Knowledge from Timbuktu"] for r in places if r["Space"] == "oasis-a1") == "2"
    # The bundled tables still say 5 and 1.
    spaces = markdown_table(generate.render_section("theology-spaces", RULES), "Space")
    assert next(r["Knowledge"] for r in spaces if r["Space"] == "djenne-middle") == "5"


# ---- the pictures ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("section", "picture"),
    [
        ("astronomy-map", lambda: sr.area_svg(RULES, "astronomy")),
        ("theology-picture", lambda: sr.area_svg(RULES, "theology")),
        ("mathematics-diagram", lambda: sr.area_svg(RULES, "mathematics")),
        ("law-picture", lambda: sr.area_svg(RULES, "law")),
        ("queues-picture", lambda: sr.area_svg(RULES, "queues")),
        ("favour-track-picture", lambda: sr.area_svg(RULES, "favour_track")),
        ("graduation-picture", lambda: sr.area_svg(RULES, "graduation")),
        ("player-board-diagram", lambda: sr.player_board_svg(RULES)),
        ("library-picture", lambda: sr.library_svg(RULES, side="six_shelf")),
    ],
)
def test_pages_show_the_librarys_own_pictures(section: str, picture: Any) -> None:
    """Issue 15: each area and component page shows its part of the board as the library
    draws it from the ruleset (no diagram of its own), inside a captioned figure."""
    text = generate.render_section(section, RULES)
    assert text.startswith('<figure class="sankore-picture"')
    assert picture() in text
    assert "\n\n" not in text.split("</figure>")[0]  # one HTML block for Markdown


def parse_svg(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def test_pictures_page_shows_the_game_part_by_part_at_the_columns_width() -> None:
    """Issue 27: the pictures page shows its game one part per figure (each area, the Library,
    each player board), each at most 600 units wide so that the page's column holds it at
    about its own size, its labels readable, or shown at its own size in a box that scrolls."""
    state = generate.pictures.mid_game(RULES)
    text = generate.render_section("pictures-mid-game", RULES)
    figures = generate.pictures.mid_game_figures(state)
    assert len(generate.pictures.MID_GAME_AREAS) + 1 + 3 == len(figures)
    assert len(figures) == text.count('<figure class="sankore-picture"')
    for svg, _ in figures:
        if float(parse_svg(svg).attrib["width"]) <= generate.pictures.COLUMN_WIDTH:
            assert svg in text
        else:  # the Favour track: at its own size, in a box that scrolls sideways
            width = parse_svg(svg).attrib["width"]
            scrolled = '<figure class="sankore-picture" style="overflow-x:auto">'
            assert f'{scrolled}<div style="width:{width}px">{svg}' in text


def test_mid_game_picture_is_a_game_in_progress() -> None:
    """Issue 15: the pictures page's game is part way through, with pieces of every player."""
    state = generate.pictures.mid_game(RULES)
    assert not sr.is_terminal(state)
    assert {0, 1, 2} == set(state.spaces.values())


def test_site_draws_no_diagram_from_elsewhere(site: Path) -> None:
    """Issue 15: no page needs mermaid (or any script from elsewhere) to show its pictures;
    the area pages hold the library's SVG inline."""
    for html in sorted(site.rglob("*.html")):
        text = html.read_text(encoding="utf-8")
        assert "mermaid" not in text, html
    for page in ("areas/astronomy", "areas/theology", "areas/mathematics", "areas/law"):
        text = (site / f"{page}.html").read_text(encoding="utf-8")
        assert text.count('<figure class="sankore-picture"><svg ') == 1, page


# ---- sources, rulings, API, getting started -----------------------------------------------------


def test_entries_with_source_reports_every_entry() -> None:
    """Data provenance (DESIGN): ``entries_with_source`` lists every entry with its source.

    Its rows feed the docs' page of reconstructed values.
    """
    rows = [(f, w, str(s)) for f, w, s in entries_with_source(RULES.tables)]
    assert sourced_entries(RULES.tables) == rows
    assert ("theology", "space[djenne-middle]", Source.EXAMPLE) in entries_with_source(RULES.tables)


def _holds_entries(value: Any) -> bool:
    """Whether a TOML value is an entry with a source, or a list of them."""
    if isinstance(value, list):
        return bool(value) and all(isinstance(v, dict) and "source" in v for v in value)
    return isinstance(value, dict) and "source" in value


def toml_entries(data: Any) -> list[dict[str, Any]]:
    """Every entry with a ``source`` in parsed TOML, depth first, the table's own first."""
    found: list[dict[str, Any]] = []
    if isinstance(data, dict):
        if "source" in data:
            found.append(data)
        for key, value in data.items():
            if key != "sources":
                found += toml_entries(value)
    elif isinstance(data, list):
        for value in data:
            found += toml_entries(value)
    return found


def toml_values(data: Any) -> list[tuple[int, str, str]]:
    """Every value of every sourced TOML entry, read on its own from the parsed TOML: rows of
    (the entry's ``id()``, field, source). A list field some of whose items have their own
    source counts item by item (issue 18)."""
    rows: list[tuple[int, str, str]] = []
    for entry in toml_entries(data):
        own = entry.get("sources", {})
        split = {k.split("[")[0] for k in own if "[" in k}
        for key, value in entry.items():
            if key in ("id", "source", "sources") or _holds_entries(value):
                continue
            whole = own.get(key, entry["source"])
            if key in split:
                rows += [
                    (id(entry), f"{key}[{i}]", own.get(f"{key}[{i}]", whole))
                    for i in range(len(value))
                ]
            else:
                rows.append((id(entry), key, whole))
    return rows


def test_fields_with_source_agrees_with_the_toml() -> None:
    """Issue 18: ``fields_with_source`` counts, table by table and source by source, the values
    the TOML files write, with each ``sources`` override applied."""
    in_toml = Counter(
        (stem, source) for stem in DATA_FILES for _, _, source in toml_values(toml(stem))
    )
    listed = Counter((f, str(s)) for f, _, _, s in fields_with_source(RULES.tables))
    assert in_toml == listed


def test_sources_page_counts_add_up_to_the_tables(site: Path) -> None:
    """Issue 18: the sources page counts entries and values by source for each table, as the
    TOML files hold them, and its last row adds the columns up."""
    rows = html_table(site / "reference/sources.html", "Table", "Entries: rulebook")
    sources = ("rulebook", "example", "reconstructed")
    expected = {}
    for stem in DATA_FILES:
        data = toml(stem)
        values = toml_values(data)
        if not values:
            continue
        entries = [entry["source"] for entry in toml_entries(data)]
        expected[stem.replace("_", " ")] = {
            **{f"Entries: {s}": str(entries.count(s)) for s in sources},
            **{f"Values: {s}": str(sum(1 for *_, v in values if v == s)) for s in sources},
            "Values in all": str(len(values)),
        }
    total = {k: str(sum(int(row[k]) for row in expected.values())) for k in rows[0] if k != "Table"}
    assert {**expected, "All tables": total} == {r.pop("Table"): r for r in rows}


def test_sources_page_lists_every_entry_with_a_reconstructed_value(site: Path) -> None:
    """GAP-1..GAP-21, issue 18: one page lists every entry holding a reconstructed value, for
    owners of the game to check, and names those values unless all of them are."""
    expected = []
    for stem in DATA_FILES:
        data = toml(stem)
        values = toml_values(data)
        for entry in toml_entries(data):
            mine = [(field, src) for e, field, src in values if e == id(entry)]
            rebuilt = [field for field, src in mine if src == "reconstructed"]
            if rebuilt:
                expected.append((f"{stem}.toml", "all" if len(rebuilt) == len(mine) else rebuilt))
    rows = html_table(site / "reference/sources.html", "Table", "Entry", "Reconstructed")
    listed = [
        (r["Table"], "all" if r["Reconstructed"] == "all" else words_list(r["Reconstructed"]))
        for r in rows
    ]
    assert expected == listed


def words_list(text: str) -> list[str]:
    """``a, b and c`` read back as ``["a", "b", "c"]``."""
    return [w.strip() for w in re.split(r",| and ", text) if w.strip()]


def test_rulings_page_has_every_ruling(site: Path) -> None:
    """AMB-1..AMB-46, ENGINE-1: each ruling with its choice, under an anchor of its id."""
    html = (site / "reference/rulings.html").read_text(encoding="utf-8")
    text = " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    missing = [
        ruling["id"]
        for ruling in toml("rulings")["ruling"]
        if f'id="{ruling["id"].lower()}"' not in html
        or " ".join(ruling["choice"].split()) not in text
    ]
    assert missing == []


def test_five_tribes_rulings_page_has_every_ruling(site: Path) -> None:
    """FT-AMB-1..7, FT-ENGINE-*: each Five Tribes ruling with its choice, under an anchor of
    its id (FT-ENGINE-13 among them: the coins hidden, the payments public)."""
    html = (site / "five-tribes/rulings.html").read_text(encoding="utf-8")
    # Compared without white space: a ruling's id in a choice is a link, whose tags, taken
    # out, leave a space before the punctuation after it.
    text = "".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())
    rulings = toml("five_tribes/rulings")["ruling"]
    assert "FT-ENGINE-13" in {r["id"] for r in rulings}
    missing = [
        ruling["id"]
        for ruling in rulings
        if f'id="{ruling["id"].lower()}"' not in html
        or "".join(ruling["choice"].split()) not in text
    ]
    assert missing == []


class _Mentions(HTMLParser):
    """Every text run of an HTML page's article, with the link it sits in (or None), code and
    preformatted blocks left out."""

    def __init__(self) -> None:
        super().__init__()
        self.runs: list[tuple[str, str | None]] = []
        self.ids: set[str] = set()
        self._links: list[str | None] = []
        self._code = 0
        self._article = 0

    def handle_starttag(self, tag: str, attrs_: Any) -> None:
        found = dict(attrs_)
        if "id" in found:
            self.ids.add(found["id"])
        if tag == "article":
            self._article += 1
        elif tag == "a":
            self._links.append(found.get("href"))
        elif tag in ("code", "pre"):
            self._code += 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "article":
            self._article -= 1
        elif tag == "a" and self._links:
            self._links.pop()
        elif tag in ("code", "pre"):
            self._code -= 1

    def handle_data(self, data: str) -> None:
        if self._article and not self._code and data.strip():
            self.runs.append((data, self._links[-1] if self._links else None))


def mentions(page: Path, pattern: re.Pattern[str]) -> list[tuple[str, str | None]]:
    """(id, href of the link it is in, or None) for each match of ``pattern`` in a page's text."""
    parser = _Mentions()
    parser.feed(page.read_text(encoding="utf-8"))
    return [(m.group(0), href) for text, href in parser.runs for m in pattern.finditer(text)]


def unlinked(site: Path, pattern: re.Pattern[str], page: str) -> tuple[set[str], dict]:
    """Every ID ``pattern`` finds in the site's pages but ``page`` itself (``reference/rulings``),
    and, by page, those not linked to their anchor on ``page``."""
    seen: set[str] = set()
    bad: dict[str, list[str]] = {}
    for html in sorted(site.rglob("*.html")):
        where = html.relative_to(site).as_posix()
        if where == f"{page}.html":
            continue  # the page that lists them
        for found, href in mentions(html, pattern):
            seen.add(found.lower())
            if href is None or not href.endswith(f"{page.rsplit('/', 1)[-1]}.html#{found.lower()}"):
                bad.setdefault(where, []).append(found)
    return seen, bad


def test_every_ruling_mentioned_on_a_page_links_to_the_rulings_page(site: Path) -> None:
    """Issue 18: wherever a page names a ruling (AMB-7, GAP-2, ENGINE-1...), the name links to
    that ruling on the rulings page, so an engine choice is never stated as the rulebook's."""
    ids = [r["id"] for r in toml("rulings")["ruling"]]
    pattern = re.compile(r"\b(?:" + "|".join(map(re.escape, ids)) + r")\b")
    seen, bad = unlinked(site, pattern, "reference/rulings")
    assert len(seen) > 25
    assert bad == {}


def test_every_clause_on_a_page_links_to_its_entry_on_the_clauses_page(site: Path) -> None:
    """Issue 18: a checklist clause ID in a page's text links to the clauses page, which has an
    entry of that ID, in the pages' own words, for every clause the pages cite."""
    parser = _Mentions()
    parser.feed((site / "reference/clauses.html").read_text(encoding="utf-8"))
    listed = {i for i in parser.ids if generate.clauses.CLAUSE.fullmatch(i.upper())}
    cited, bad = unlinked(site, generate.clauses.CLAUSE, "reference/clauses")
    assert len(cited) > 150
    assert bad == {}
    assert cited <= listed


def test_rendered_text_links_rulings_and_clauses_outside_links_code_and_headings() -> None:
    """Issue 18: text that was never Markdown here (the API reference's docstrings) links the
    rulings and clauses it cites; a link, code or a heading is left as it is."""
    targets = {"ENGINE-1": "../rulings/#engine-1", "END-2": "../clauses/#end-2"}
    html = (
        "<h2>END-2</h2><p>By ENGINE-1 (END-2), see <a href='x'>END-2</a> and "
        "<code>ENGINE-1</code>.</p>"
    )
    assert generate.clauses.link_html(html, targets) == (
        '<h2>END-2</h2><p>By <a href="../rulings/#engine-1">ENGINE-1</a> '
        "(<a href=\"../clauses/#end-2\">END-2</a>), see <a href='x'>END-2</a> and "
        "<code>ENGINE-1</code>.</p>"
    )


def test_clauses_page_words_are_the_pages_own() -> None:
    """Issue 18: a clause's entry gives the words the page cites it with: ENROL-3 is the
    occupied Introductory space, said on the actions page."""
    found = generate.clauses.citations(DOCS)
    assert [(c.words, c.page, c.anchor) for c in found["ENROL-3"]] == [
        (
            "If that space is occupied, that Student cannot be enrolled",
            "rules/actions.md",
            "enrol-a-student-enrol-area",
        )
    ]
    # A range names every clause in it; a clause in inline code is spoken of, not cited.
    assert {"MADR-2", "MADR-3"} <= set(found)
    assert all(c.page != "reference/clauses.md" for cs in found.values() for c in cs)


def test_notation_page_worked_turn_replays() -> None:
    """Issue 18: the notation page's worked turn is a real one: each line is a legal action
    of the seeded game when it is played, and the turn ends as the page says."""
    text = (DOCS / "rules" / "notation.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, flags=re.S)
    assert len(blocks) == 1
    namespace: dict[str, Any] = {}
    exec(compile(blocks[0], "notation.md", "exec"), namespace)
    state = namespace["state"]
    first = state.players[0]
    assert (1, "turn") == (state.current_player, state.decision.kind)
    assert {"s0a": "astronomy", "s1b": "theology"} == first.students
    assert 0 == state.spaces["djenne-bottom"]
    assert (2, 2, (1, 1, 0, 0)) == (first.gold, first.salt, first.books)


def test_api_reference_documents_the_public_api(site: Path) -> None:
    """DESIGN public API: every name of ``sankore_rules.__all__`` has its reference entry."""
    html = (site / "reference/api.html").read_text(encoding="utf-8")
    assert [name for name in sr.__all__ if f'id="sankore_rules.{name}"' not in html] == []


#: A Sphinx role (``:func:`name```) or a cross-reference mkdocstrings left unresolved.
RAW_ROLE = re.compile(r":(?:py:)?(?:func|class|meth|attr|mod|data|exc|obj|const|ref):`")
RAW_REFERENCE = re.compile(r"\]\[(?:sankore_rules|sankore_docs|generate)\b")


def page_text(page: Path) -> str:
    """The text a reader sees on a page: its HTML without tags."""
    html = page.read_text(encoding="utf-8")
    return unescape(re.sub(r"<[^>]+>", "", html))


def test_docstrings_use_one_cross_reference_syntax() -> None:
    """Issue 15: docstrings link with mkdocstrings' ``[text][target]``, never a Sphinx role, and
    every target names an object that exists (a typo would only fail once rendered)."""
    sources = [*(ROOT / "src").rglob("*.py"), *(DOCS / "hooks").rglob("*.py")]
    roles = [str(s.relative_to(ROOT)) for s in sources if RAW_ROLE.search(s.read_text("utf-8"))]
    assert roles == []
    targets = {
        target
        for source in sources
        for target in re.findall(
            r"\]\[((?:sankore_rules|sankore_docs)[\w.]*)\]", source.read_text()
        )
    }
    assert len(targets) > 30
    assert [t for t in sorted(targets) if resolve_name(t) is None] == []


def resolve_name(dotted: str) -> object | None:
    """The object a dotted path names (module, then attributes), or None."""
    import importlib

    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        try:
            found: object = importlib.import_module(".".join(parts[:i]))
        except ImportError:
            continue
        for part in parts[i:]:
            if not hasattr(found, part):
                return None
            found = getattr(found, part)
        return found
    return None


def test_api_reference_renders_without_raw_markup(site: Path) -> None:
    """Issue 15: no page shows a raw role or an unresolved cross-reference, and the API
    reference shows its doctests as code blocks, not as nested quotes."""
    raw = {
        page.relative_to(site).as_posix(): found
        for page in sorted(site.rglob("*.html"))
        if (found := RAW_ROLE.findall(page_text(page)) + RAW_REFERENCE.findall(page_text(page)))
    }
    assert raw == {}
    html = (site / "reference/api.html").read_text(encoding="utf-8")
    assert "<blockquote" not in html
    assert html.count("&gt;&gt;&gt;") >= 10
    # Every prompt of a doctest sits in a code block.
    outside = re.sub(r"<pre.*?</pre>", "", html, flags=re.S)
    assert "&gt;&gt;&gt;" not in outside


def test_api_reference_shows_every_public_record_with_its_fields(site: Path) -> None:
    """Issue 15: each public record (``State``, ``Scores``, ``PlayerScore``, ``Event``, ``Task``
    ...) is shown with every field, and so are the records a state is made of."""
    html = (site / "reference/api.html").read_text(encoding="utf-8")
    from sankore_rules.sankore import state as state_module

    records = {name: getattr(sr, name) for name in sr.__all__}
    records |= {
        f"sankore.state.{name}": getattr(state_module, name)
        for name in ("PlayerState", "MarketColumn", "MadrasaTile", "Graduated")
    }
    shown: dict[str, list[str]] = {}
    for name, cls in records.items():
        if not isinstance(cls, type):
            continue
        if attrs.has(cls):
            fields = [f.name for f in attrs.fields(cls) if not f.name.startswith("_")]
        elif hasattr(cls, "_fields"):  # a named tuple
            fields = list(cls._fields)
        else:
            continue
        missing = [f for f in fields if f'title="sankore_rules.{name}.{f}"' not in html]
        if missing:
            shown[name] = missing
    assert {"State", "Scores", "PlayerScore", "Event", "Task", "Action"} <= {
        n for n, c in records.items() if isinstance(c, type)
    }
    assert shown == {}


def test_api_reference_lists_every_decision_with_its_prompt_and_verbs(site: Path) -> None:
    """Issue 15: ``Task`` is exported and documented, and the decisions table has every kind the
    engine registers, with its prompt and the action kinds that answer it."""
    from sankore_rules.sankore import engine

    assert "Task" in sr.__all__
    assert sr.Task is type(sr.new_game(players=2, seed=1).decision)
    page = site / "reference/api.html"
    rows = {r["Kind"]: r for r in html_table(page, "Kind", "Prompt", "Answered by", "Arguments")}
    decisions = {kind: spec for kind, spec in engine.STEPS.items() if spec.candidates is not None}
    assert sorted(decisions) == sorted(rows)
    assert {kind: (spec.prompt, ", ".join(spec.answers)) for kind, spec in decisions.items()} == {
        kind: (row["Prompt"], row["Answered by"]) for kind, row in rows.items()
    }
    assert rows["turn"]["Answered by"].endswith("objective, end")
    assert rows["astronomy"]["Answered by"] == "camel, skip"


def test_the_site_requests_nothing_from_outside_itself(site: Path) -> None:
    """Issue 15: no page loads a font, stylesheet, script or picture from another host (a link
    a reader may follow is not a request)."""

    class Loads(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.outside: list[str] = []

        def handle_starttag(self, tag: str, attrs_: Any) -> None:
            if tag == "a":
                return
            for name, value in attrs_:
                if name in ("src", "href", "srcset", "data") and re.match(
                    r"(https?:)?//", value or ""
                ):
                    self.outside.append(f"<{tag} {name}={value}>")

    found = {}
    for page in sorted(site.rglob("*.html")):
        parser = Loads()
        parser.feed(page.read_text(encoding="utf-8"))
        if parser.outside:
            found[page.relative_to(site).as_posix()] = parser.outside
    assert found == {}
    css = [
        p.relative_to(site).as_posix() for p in site.rglob("*.css") if "url(http" in p.read_text()
    ]
    assert css == []


def test_the_site_works_opened_as_a_file(site: Path) -> None:
    """Issue 40: every link between the site's pages names a file (``areas/theology.html``),
    never a folder (``areas/theology/``), which a browser opened on ``site/index.html`` shows as
    a listing; and the search index is also a script, which a page opened as a file may load
    where it may not fetch JSON. (tests/test_site_offline.py opens the site so in Chromium.)"""
    folders: dict[str, list[str]] = {}
    for page in sorted(site.rglob("*.html")):
        hrefs = re.findall(r'<a [^>]*href="([^"#:?]*/)(?:[#?][^"]*)?"', page.read_text("utf-8"))
        if hrefs:
            folders[page.relative_to(site).as_posix()] = sorted(set(hrefs))
    assert {} == folders
    assert (site / "areas" / "theology.html").is_file()
    assert not (site / "areas" / "theology").exists()
    script = (site / "search" / "search_index.js").read_text(encoding="utf-8")
    served = (site / "search" / "search_index.json").read_text(encoding="utf-8")
    assert script.startswith("var __index = ")
    assert json.loads(served) == json.loads(script.removeprefix("var __index = "))
    # The search's Web Worker shim is the site's own file, not a CDN's.
    home = (site / "index.html").read_text(encoding="utf-8")
    assert '<script src="assets/javascripts/iframe-worker-shim.js">' in home
    assert (site / "assets" / "javascripts" / "iframe-worker-shim.js").is_file()
    # mkdocs-material's script asks GitHub's API for a repository's stars once repo_url is set:
    # a request to another machine on every page.
    assert not re.search(r"^repo_url:", (ROOT / "mkdocs.yml").read_text("utf-8"), flags=re.M)


#: Keep a Changelog's kinds of change, in its order.
CHANGE_KINDS = ("Added", "Changed", "Deprecated", "Removed", "Fixed", "Security")


def changelog() -> dict[str, dict[str, list[str]]]:
    """CHANGELOG.md as {release: {kind: [entries]}}, each entry its bullet's text on one line."""
    releases: dict[str, dict[str, list[str]]] = {}
    kinds: dict[str, list[str]] = {}
    entries: list[str] = []
    for line in (ROOT / "CHANGELOG.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            kinds = releases.setdefault(line.removeprefix("## "), {})
        elif line.startswith("### "):
            entries = kinds.setdefault(line.removeprefix("### "), [])
        elif line.startswith("- "):
            entries.append(line.removeprefix("- "))
        elif line.startswith("  ") and entries:
            entries[-1] += " " + line.strip()
    return releases


def test_the_changelog_keeps_a_changelog() -> None:
    """Issue 40: CHANGELOG.md in the Keep a Changelog format: Unreleased first, then releases
    as ``[X.Y.Z] - YYYY-MM-DD``, newest first, each change under one of its six kinds, in
    order; the current work lists what changed for users and game authors."""
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    assert text.startswith("# Changelog\n")
    releases = changelog()
    names = list(releases)
    assert "[Unreleased]" == names[0]
    dated = [re.fullmatch(r"\[(\d+)\.(\d+)\.(\d+)\] - \d{4}-\d{2}-\d{2}", n) for n in names[1:]]
    assert [] == [n for n, m in zip(names[1:], dated, strict=True) if m is None]
    versions = [tuple(map(int, m.groups())) for m in dated if m is not None]
    assert sorted(versions, reverse=True) == versions
    for name, kinds in releases.items():
        assert [k for k in CHANGE_KINDS if k in kinds] == list(kinds), name
        assert [] == [k for k, entries in kinds.items() if not entries], name
    unreleased = " ".join(" ".join(e) for e in releases["[Unreleased]"].values())
    for named in (
        "sr.information_state(",
        "Game.information_sampler",
        "Determinizer.of",
        "sr.CHANCE",
        "sr.chance_outcomes",
        'chance="explicit"',
        "Engine.chance",
        "market_turn",
        "workers=k",
        "env.game_state",
        'infos["final_obs"]',
        "--max-header-bytes",
        "--allowed-host",
    ):
        assert named in unreleased, named
    assert "history" in " ".join(releases["[Unreleased]"]["Deprecated"])


def test_the_releases_page_shows_the_changelog_and_the_policy(site: Path) -> None:
    """Issue 40: the docs' Releases and versions page states what the public API is and how
    it is deprecated, and shows every entry of CHANGELOG.md (included, never copied)."""
    page = unescape(re.sub(r"<[^>]+>", "", (site / "releases.html").read_text("utf-8")))
    page = " ".join(page.split())
    for entries in (e for kinds in changelog().values() for e in kinds.values()):
        for entry in entries:
            words = re.sub(r"`|\*\*|\[([^]]*)\]\([^)]*\)", r"\1", entry)
            assert " ".join(words.split()) in page, entry[:60]
    for promised in (
        "sankore_rules.__all__",
        "sankore_rules/core/game.py",
        "The command line",
        "The JSON formats",
        "HTTP API",
        "at least one minor release",
        "DeprecationWarning",
    ):
        assert promised in page, promised
    source = (DOCS / "releases.md").read_text(encoding="utf-8")
    assert '--8<-- "CHANGELOG.md:releases"' in source


def test_the_readme_is_short_and_for_users() -> None:
    """Issue 40: the README says what the library is, how to install it, a first game, where
    the docs, the changelog and the versioning policy are, and ``make demo`` / ``make test``;
    the benchmarks' figures and internals are on docs/speed.md, and every link it makes names
    a file of the repository."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(text.split()) < 900
    headings = re.findall(r"^## (.+)$", text, flags=re.M)
    assert ["Install", "A first game", "Documentation", "Releases", "Developing", "Licence"] == (
        headings
    )
    assert "make demo" in text and "make test" in text
    internals = re.compile(r"callgrind|instructions|cache miss|py-spy|µs|decisions/s", re.I)
    assert [] == internals.findall(text)
    assert internals.search((DOCS / "speed.md").read_text(encoding="utf-8"))
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert {"CHANGELOG.md", "docs/releases.md", "docs/speed.md", "LICENSE"} <= set(links)
    assert [] == [link for link in links if not (ROOT / link).is_file()]


def test_no_marker_is_left_in_the_site(site: Path) -> None:
    """Every marker of every page was replaced by its generated section."""
    pages = [p for p in site.rglob("*.html") if "sankore:" in p.read_text(encoding="utf-8")]
    assert pages == []


def test_examples_page_shows_what_every_example_script_prints(site: Path) -> None:
    """Issue 27: the Examples page shows each script of ``examples/`` with its output, made
    when the site is built; the random game's output is what the script prints now. (Every
    Python block of every page is run by tests/test_docs_examples.py.)"""
    scripts = sorted((ROOT / "examples").glob("*.py"))
    source = (DOCS / "examples.md").read_text(encoding="utf-8")
    for script in scripts:
        marker = f'--8<-- "examples/{script.name}"\n```\n\n<!-- sankore:example-output-'
        assert marker in source, script.name
    page = unescape(re.sub(r"<[^>]+>", "", (site / "examples.html").read_text()))
    assert len(scripts) == page.count("It prints:")
    printed = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "random_game.py")],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    ).stdout
    assert f"It prints:\n{printed}" in page


def test_docs_prose_copies_no_rulebook_sentence() -> None:
    """The rules pages explain the rules in their own words: no 8 words in a row of the rulebook.

    The rulebook lives beside the project in ``../shared`` (CI has it); a clone of the
    repository alone does not, and then there is nothing to compare with (issue 11).
    """
    rulebook = RULES_TEXT / "000_c777a59178437adb.txt"
    if not rulebook.is_file():
        pytest.skip(f"the rulebook text is not beside the repository ({rulebook})")
    source = re.findall(r"[a-z0-9]+", rulebook.read_text(encoding="utf-8").lower())
    grams = {tuple(source[i : i + 8]) for i in range(len(source) - 7)}
    copied = {}
    for page in DOCS.rglob("*.md"):
        text = generate.MARKER.sub("", page.read_text(encoding="utf-8")).lower()
        found = re.findall(r"[a-z0-9]+", text)
        hits = [
            " ".join(found[i : i + 8])
            for i in range(len(found) - 7)
            if tuple(found[i : i + 8]) in grams
        ]
        if hits:
            copied[page.name] = hits
    assert copied == {}
