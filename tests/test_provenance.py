"""Provenance held to the worked examples (issue 18, DESIGN "Data provenance").

The French rules pages carry worked examples with concrete numbers. A table value marked
``example`` must be one of those numbers, and a worked example rarely gives a whole entry: the
Djenné example gives a middle-row space needing Knowledge 5, not its region nor the Skill
section it activates. ``WORKED_EXAMPLES`` says, for each example, which values of which entries
the text gives; the tests check that these are exactly the ``example`` values of the tables and
that every other value of the same entries is reconstructed, unless the rulebook gives it.

Some examples fix no single value (two Law top-row spaces needing 7 and 8, in a region the text
does not name; a two-step route to Fez costing 4): for those, the tests check that the
reconstructed values still agree with the example.
"""

from __future__ import annotations

from itertools import pairwise

import networkx as nx

from positions import RULES
from sankore_rules.sankore.tables import Source, fields_with_source

#: Where a value lives: (table file, entry path as ``fields_with_source`` names it).
Entry = tuple[str, str]

# The Mathematics example's column: the one the top-side Wall marked 4 lines up with.
_WALL_4 = next(w for w in RULES.tables.mathematics.wall if w.id == "wall-a4")

#: Each worked example of the French pages (by checklist clause), the entries it speaks of, and
#: for each entry every value that is not reconstructed, with its source. Values not named here
#: must be reconstructed.
WORKED_EXAMPLES: dict[str, dict[Entry, dict[str, str]]] = {
    "KNOW-12 Dylan teaches Theology: Djenné, Aoudaghost, School Knowledge 2": {
        ("theology", "space[djenne-middle]"): {
            "city": "example",
            "row": "example",  # it costs 2 Salt: the middle row
            "knowledge": "example",
        },
        ("theology", "space[aoudaghost-top-left]"): {
            "city": "example",
            "row": "example",  # it needs a Supported Class: the top row
            "knowledge": "example",
        },
        ("player_board", ""): {
            "school_knowledge[1]": "example",  # 2 after two Theology classes taught
            "skill_section_size": "rulebook",
        },
    },
    "THEO-11 Dylan's Mosque in Tadmekka sends an Astronomy Student to the Madrasa": {
        ("theology", "space[tadmekka-top-right]"): {
            "city": "example",
            "row": "example",  # 3 Salt and a Supported Class: the top row
            "madrasa_student": "example",
        },
    },
    "ASTRO-16 Ben's camel goes to Fez and takes the middle space's token": {
        ("astronomy", "node[fez]"): {
            "kind": "rulebook",  # one of the four leftmost Port Cities the setup names
            "name": "rulebook",
            "region": "example",  # the first across region A's dotted line
            "zone": "example",
            "gold": "example",  # he spends 2 Gold
        },
        ("astronomy", "node[fez].spaces[6]"): {"token": "example"},
    },
    "MATH-11 Rémi's Wall on the top side's space 4, and 2 Gold from its column": {
        ("mathematics", "wall[wall-a4]"): {"side": "example", "number": "example"},
        ("mathematics", ""): {f"column_gold[{_WALL_4.line}]": "example"},
    },
    "LAW-9 Aurélie's Crown on space 5 of the Theology region": {
        ("law", "space[law-b5]"): {
            "region": "example",  # the Theology region: B in components.toml
            "row": "example",  # it costs 1 Salt: the middle row
            "knowledge": "example",
        },
    },
    "FAV-9 Rémi takes a Favour with his disc on the fourth space": {
        ("favour_track", "space[0]"): {"reward": "rulebook"},
        ("favour_track", "space[1]"): {"reward": "example"},
        ("favour_track", "space[2]"): {"reward": "example"},
        ("favour_track", "space[3]"): {"reward": "example"},
    },
}

FIELDS = fields_with_source(RULES.tables)


def values_of(entry: Entry) -> dict[str, str]:
    """Every value of one entry with its source, as the tables give it."""
    found = {name: str(source) for file, where, name, source in FIELDS if (file, where) == entry}
    assert found, f"no entry {entry}"
    return found


def test_every_example_value_is_one_a_worked_example_names() -> None:
    """Issue 18: the ``example`` values of all the tables are exactly those the worked examples
    give, no more (an entry claiming more than its example) and no fewer."""
    named = {
        (file, where, name)
        for entries in WORKED_EXAMPLES.values()
        for (file, where), values in entries.items()
        for name, source in values.items()
        if source == "example"
    }
    marked = {(f, w, n) for f, w, n, s in FIELDS if s == Source.EXAMPLE}
    assert named == marked


def test_each_worked_example_pins_its_values_and_nothing_else_in_the_entry() -> None:
    """Issue 18: in each entry a worked example speaks of, its values are ``example``, those
    the rulebook gives are ``rulebook``, and every other value is reconstructed."""
    for example, entries in WORKED_EXAMPLES.items():
        for entry, expected in entries.items():
            actual = {n: s for n, s in values_of(entry).items() if s != "reconstructed"}
            assert expected == actual, (example, entry)


def test_know_11_a_law_top_row_needs_7_and_8_under_one_carpet() -> None:
    """KNOW-11, LAW-8: two top-row Law spaces share a carpet of 1 Book and a Supported Class
    and need 7 and 8. The text names no region, so none of these values is ``example``; every
    region's top row is reconstructed on that pattern."""
    law = RULES.tables.law
    top = {
        region: sorted(s.knowledge for s in law.space if s.region == region and s.row == "top")
        for region in "ABCD"
    }
    assert {"A": [7, 8], "B": [7, 8], "C": [7, 8], "D": [7, 8]} == top
    assert (1, True) == (law.rows.top.books, law.rows.top.supported)
    assert {str(s) for f, w, n, s in FIELDS if f == "law" and w.endswith(("7]", "8]"))} == {
        "reconstructed"
    }


def test_astro_16_fez_is_two_steps_and_4_knowledge_across_region_a_line() -> None:
    """ASTRO-16: Ben's Knowledge 4 takes the camel two steps from Timbuktu to Fez, across
    region A's dotted line. The route is reconstructed to allow exactly that."""
    astronomy = RULES.tables.astronomy
    graph = nx.Graph()
    for path in astronomy.path:
        graph.add_edge(*path.ends, knowledge=path.knowledge, dotted=path.dotted)
    route = nx.shortest_path(graph, "timbuktu", "fez", weight="knowledge")
    steps = list(pairwise(route))
    assert 2 == len(steps)
    assert 4 == sum(graph.edges[s]["knowledge"] for s in steps)
    assert [False, True] == [graph.edges[s]["dotted"] for s in steps]
    fez = next(n for n in astronomy.node if n.id == "fez")
    assert ("A", "outer", 2, True) == (fez.region, fez.zone, fez.gold, fez.spaces[1].token)


def test_know_12_and_theo_11_theology_numbers() -> None:
    """KNOW-12, THEO-11, THEO-12: Djenné needs 5 in the middle row (2 Salt), Aoudaghost 7 in
    the top row (Supported); Tadmekka's top-right space is within Dylan's Knowledge 10 and sends
    an Astronomy Student; School Knowledge reads 2 after two pieces placed."""
    spaces = {s.id: s for s in RULES.tables.theology.space}
    rows = RULES.tables.theology.rows
    assert ("middle", 5, 2) == (
        spaces["djenne-middle"].row,
        spaces["djenne-middle"].knowledge,
        rows.middle.salt,
    )
    assert ("top", 7, True) == (
        spaces["aoudaghost-top-left"].row,
        spaces["aoudaghost-top-left"].knowledge,
        rows.top.supported,
    )
    tadmekka = spaces["tadmekka-top-right"]
    assert ("top", "astronomy", 3) == (tadmekka.row, tadmekka.madrasa_student, rows.top.salt)
    assert tadmekka.knowledge <= 10
    assert 2 == RULES.tables.player_board.school_knowledge[1]


def test_math_11_and_law_9_numbers() -> None:
    """MATH-11: the top side's Wall marked 4 lines up with a column of 2 Gold icons. LAW-9:
    space 5 of the Theology region is in the middle row (1 Salt)."""
    maths = RULES.tables.mathematics
    assert ("A", 4, "horizontal") == (_WALL_4.side, _WALL_4.number, maths.sides.A.orientation)
    assert 2 == maths.column_gold[_WALL_4.line]
    b5 = next(s for s in RULES.tables.law.space if s.id == "law-b5")
    assert ("theology", "middle", 5, 1) == (
        RULES.tables.components.disciplines.regions[b5.region],
        b5.row,
        b5.knowledge,
        RULES.tables.law.rows.middle.salt,
    )
