"""The SVG pictures (issue 15): valid XML, every space and path of the tables, pieces in their
players' colours, the last action's events ringed, the drawing table checked on loading.

The known position: two players, seed 1; P0 drafts a Theology class, teaches its Theology
Introductory Class and builds a Mosque on Djenné's bottom space, taking the Astronomy Book
lying there (THEO-3, THEO-5).
"""

from __future__ import annotations

import colorsys
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr
from positions import RULES
from sankore_rules.core.game import SPECTATOR
from sankore_rules.sankore.display import svg as sankore_svg
from sankore_rules.sankore.display.svg import AREAS
from sankore_rules.sankore.state import State
from strategies import copy_tables, edit_table

SVG = "{http://www.w3.org/2000/svg}"
COLOURS = RULES.tables.drawing.colours


def parse(svg: str) -> ET.Element:
    """The picture as XML; it must parse."""
    root = ET.fromstring(svg)
    assert f"{SVG}svg" == root.tag
    return root


def having(root: ET.Element, attribute: str, value: str | None = None) -> list[ET.Element]:
    """Every element carrying ``attribute`` (with ``value``, when given)."""
    return [
        e
        for e in root.iter()
        if attribute in e.attrib and (value is None or e.attrib[attribute] == value)
    ]


def shape_fill(piece: ET.Element) -> str:
    """The fill of a piece's outline (its first shape)."""
    shapes = [e for e in piece if e.tag in {f"{SVG}{t}" for t in ("polygon", "path", "circle")}]
    return shapes[0].attrib["fill"]


def mosque_built() -> tuple[State, State]:
    """The state before and after P0's ``mosque djenne-bottom``."""
    state = sr.new_game(players=2, seed=1)
    state = sr.apply(state, "draft the-1e")
    state = sr.apply(state, "class c1a")
    state = sr.apply(state, "order theology,astronomy,mathematics,law")
    while state.decision is not None and state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    state = sr.apply(state, "teach c0a")
    return state, sr.apply(state, "mosque djenne-bottom")


BEFORE, AFTER = mosque_built()


# ---- from a ruleset alone ---------------------------------------------------------------------


def test_board_of_a_ruleset_draws_every_space_and_no_piece() -> None:
    """GAP-3, GAP-6..GAP-8: the empty board has every space of the four areas (36 Astronomy:
    12 Oases and 8 Port Cities of 3; 21 Theology: 13 with a Book and 8 on top rows; 16 Walls
    and the corner; 28 Law) and no
    piece, token or mark."""
    root = parse(sr.board_svg(RULES))
    spaces = [e.attrib["data-space"] for e in having(root, "data-space")]
    assert 102 == len(spaces)
    assert set(RULES.area_spaces) == set(spaces)
    per_area = {
        area: sum(RULES.area_spaces[s].area == area for s in spaces) for area in RULES.disciplines
    }
    assert {"astronomy": 36, "theology": 21, "mathematics": 17, "law": 28} == per_area
    assert [] == having(root, "data-piece")
    assert [] == having(root, "data-token")
    assert [] == having(root, "data-event")
    panels = [e.attrib["data-panel"] for e in having(root, "data-panel")]
    assert ["status", *AREAS] == panels


def test_route_map_draws_every_path_of_the_graph_with_its_knowledge() -> None:
    """ASTRO-2, ASTRO-7: each path of ``rules.route_graph`` once, with its Knowledge, dashed
    where it crosses a region's dotted line; each region's dotted line."""
    root = parse(sr.area_svg(RULES, "astronomy"))
    drawn = {
        (
            frozenset(e.attrib["data-path"].split()),
            int(e.attrib["data-knowledge"]),
            e.attrib["data-dotted"] == "yes",
            "stroke-dasharray" in e.attrib,
        )
        for e in having(root, "data-path")
    }
    expected = {
        (frozenset((a, b)), d["knowledge"], bool(d.get("dotted")), bool(d.get("dotted")))
        for a, b, d in RULES.route_graph.edges(data=True)
    }
    assert 32 == len(having(root, "data-path"))
    assert expected == drawn
    assert ["A", "B", "C", "D"] == [e.attrib["data-line"] for e in having(root, "data-line")]
    places = {e.attrib["data-place"] for e in having(root, "data-place")}
    assert {
        "timbuktu",
        "fez",
        "marrakesh",
        "tripoli",
        "tunis",
        "cairo",
        "suakin",
        "mogadishu",
        "zeila",
    } == places


def test_madrasa_walls_line_up_with_their_rows_and_columns() -> None:
    """MATH-2, MATH-6, AMB-24: a Wall of a horizontal side watches a column, of a vertical side
    a row; the corner both row 0 and column 0; 16 cells with their names."""
    root = parse(sr.area_svg(RULES, "mathematics"))
    lines = {e.attrib["data-space"]: e.attrib["data-lines"] for e in having(root, "data-lines")}
    assert "column 3" == lines["wall-a4"]
    assert "row 2" == lines["wall-b7"]
    assert "column 0" == lines["wall-c2"]
    assert "row 3" == lines["wall-d9"]
    assert "row 0, column 0" == lines["wall-corner"]
    assert 17 == len(lines)
    cells = [e.attrib["data-cell"] for e in having(root, "data-cell")]
    assert [f"r{r}c{c}" for r in range(4) for c in range(4)] == cells
    gold = [e.attrib["data-gold"] for e in having(root, "data-gold")]
    assert sum(RULES.tables.mathematics.row_gold) + sum(
        RULES.tables.mathematics.column_gold
    ) == len(gold)


def test_player_board_of_a_ruleset_has_every_space_and_arrow() -> None:
    """TEACH-8, SUPP-1, GAP-11: 10 Class spaces, 20 Student spaces, the 22 arrows of the
    player-board graph, the 16 Student-under-Class lines, 4 Graduation slots."""
    root = parse(sr.player_board_svg(RULES))
    assert set(RULES.class_spaces) == {
        e.attrib["data-class-space"] for e in having(root, "data-class-space")
    }
    assert set(RULES.student_spaces) == {
        e.attrib["data-student-space"] for e in having(root, "data-student-space")
    }
    arrows = {e.attrib["data-arrow"] for e in having(root, "data-arrow")}
    expected = {
        f"{a} {b}" for a, b, d in RULES.player_board_graph.edges(data=True) if d["kind"] == "arrow"
    }
    assert 22 == len(arrows)
    assert expected == arrows
    assert 16 == len(having(root, "data-under"))
    assert 4 == len(having(root, "data-graduation-slot"))
    assert [] == having(root, "data-student")


def test_library_of_a_ruleset_has_each_sides_slots() -> None:
    """LIB-1, GAP-14: the three-shelf side's 3 x 11 slots, the six-shelf side's 7+4+7+4+7+4."""
    three = parse(sr.library_svg(RULES))
    six = parse(sr.library_svg(RULES, side="six_shelf"))
    assert 33 == len(having(three, "data-slot"))
    assert ["0:0", "0:1"] == [e.attrib["data-slot"] for e in having(six, "data-slot")][:2]
    shelves = [int(e.attrib["data-slot"].split(":")[0]) for e in having(six, "data-slot")]
    assert [7, 4, 7, 4, 7, 4] == [shelves.count(i) for i in range(6)]
    with pytest.raises(ValueError, match="no Library side 'seven_shelf'"):
        sr.library_svg(RULES, side="seven_shelf")


# ---- from a state -----------------------------------------------------------------------------


def test_every_picture_is_valid_svg_of_its_stated_size() -> None:
    """Each picture parses as XML; its viewBox is its width and height."""
    pictures = [
        sr.board_svg(AFTER),
        sr.state_svg(AFTER),
        sr.library_svg(AFTER),
        sr.player_board_svg(AFTER, 1),
        *(sr.area_svg(AFTER, area) for area in AREAS),
        sr.state_svg(RULES),
    ]
    for svg in pictures:
        root = parse(svg)
        assert f"0 0 {root.attrib['width']} {root.attrib['height']}" == root.attrib["viewBox"]
        assert root.find(f"{SVG}title") is not None
    assert ("1400", "980") == (
        parse(pictures[0]).attrib["width"],
        parse(pictures[0]).attrib["height"],
    )


def test_pieces_are_drawn_where_the_state_has_them_in_their_players_colours() -> None:
    """THEO-3, ASTRO-3: P0's Mosque on djenne-bottom in P0's colour, each camel at Timbuktu in
    its player's colour, each Favour disc; no other piece on the board."""
    root = parse(sr.board_svg(AFTER))
    pieces = having(root, "data-piece")
    found = sorted((e.attrib["data-piece"], e.attrib["data-player"], shape_fill(e)) for e in pieces)
    p0, p1 = COLOURS.players[:2]
    assert [
        ("camel", "0", p0),
        ("camel", "1", p1),
        ("disc", "0", p0),
        ("disc", "1", p1),
        ("mosque", "0", p0),
    ] == found
    mosque = having(root, "data-piece", "mosque")[0]
    assert "P0's Mosque on djenne-bottom" == mosque.find(f"{SVG}title").text
    assert [] == having(parse(sr.board_svg(BEFORE)), "data-piece", "mosque")


def test_books_tokens_students_and_tiles_take_their_disciplines_colours() -> None:
    """SETUP-C-2..C-9: 12 Books still lying on Theology spaces (13 less the one taken), 8
    Prestige tokens on Port Cities, 16 box Books and tokens; each in its discipline's colour."""
    root = parse(sr.board_svg(AFTER))
    books = having(root, "data-book")
    lying = [b for b in books if " on " in b.find(f"{SVG}title").text]
    assert 12 == len(AFTER.theology_books) == len(lying)
    assert "djenne-bottom" not in AFTER.theology_books
    boxed = [b for b in books if "scoring box" in b.find(f"{SVG}title").text]
    assert 16 == len(boxed)
    for book in books:
        assert COLOURS.disciplines[book.attrib["data-book"]] == book.attrib["fill"]
    tokens = having(root, "data-token")
    assert 8 + 16 + 8 == len(tokens)  # Port Cities, scoring boxes, queue majority spaces
    students = having(root, "data-student")
    assert sum(s is not None for q in AFTER.queues for s in q) == len(students)
    for student in students:
        assert COLOURS.disciplines[student.attrib["data-student"]] == student.attrib["fill"]
    tiles = {e.attrib["data-tile"] for e in having(root, "data-tile")}
    placed = {t.tile for t in AFTER.madrasa if t is not None}
    assert set(AFTER.region_tiles.values()) | placed | set(AFTER.graduation) == tiles


def test_the_last_actions_events_are_ringed() -> None:
    """The Mosque's two events (``place_piece`` and ``gain_book`` from djenne-bottom) ring the
    space on the board and P0's Astronomy Books; the picture before shows its own action's."""
    after = parse(sr.state_svg(AFTER))
    marked = sorted(e.attrib["data-event"] for e in having(after, "data-event"))
    assert ["gain_book", "place_piece gain_book"] == marked
    ring = having(parse(sr.area_svg(AFTER, "theology")), "data-event")
    assert ["place_piece gain_book"] == [e.attrib["data-event"] for e in ring]
    assert COLOURS.highlight == ring[0].attrib["stroke"]
    board = parse(sr.player_board_svg(AFTER, 0))
    assert ["gain_book"] == [e.attrib["data-event"] for e in having(board, "data-event")]
    assert [] == having(parse(sr.player_board_svg(AFTER, 1)), "data-event")
    assert [] == having(parse(sankore_svg.state_svg(RULES, AFTER, marks=False)), "data-event")
    before = [e.attrib["data-event"] for e in having(parse(sr.state_svg(BEFORE)), "data-event")]
    assert ["teach", "gain"] == before  # P0's Class c0a taught, and the Salt it gives


def test_player_board_shows_the_players_classes_students_and_supply() -> None:
    """SETUP-P-9, DRAFT-4: P0's four Introductory Classes and the drafted one, its Students."""
    root = parse(sr.player_board_svg(AFTER, 0))
    classes = {e.attrib["data-space"]: e.attrib["data-class"] for e in having(root, "data-class")}
    assert AFTER.players[0].classes == classes
    students = sorted(e.attrib["data-student"] for e in having(root, "data-student"))
    assert sorted(AFTER.players[0].students.values()) == students
    assert "P0 · 0 turns · to decide" in sr.player_board_svg(AFTER, 0)
    with pytest.raises(ValueError, match=r"player must be 0\.\.1, got 2"):
        sr.player_board_svg(AFTER, 2)


def test_whole_state_has_board_library_and_every_player_board() -> None:
    """The whole-state picture: the status line, seven board panels, the Library, one board
    per player; the status line says who decides what."""
    root = parse(sr.state_svg(AFTER))
    panels = [e.attrib["data-panel"] for e in having(root, "data-panel")]
    assert ["status", *AREAS, "library", "player-0", "player-1"] == panels
    assert "P0 decides (promote_active)" in sr.state_svg(AFTER)


def test_repr_svg_is_the_whole_state() -> None:
    """A state shows itself in Jupyter as the whole-state picture."""
    assert sr.state_svg(AFTER) == AFTER._repr_svg_()


def test_area_svg_names_the_board_parts() -> None:
    with pytest.raises(ValueError, match="no board part 'desert'"):
        sr.area_svg(RULES, "desert")
    with pytest.raises(TypeError, match="expected a State or a Rules"):
        sr.board_svg("state")  # type: ignore[arg-type]


# ---- the drawing table ------------------------------------------------------------------------


def corrected(tmp_path: Path, stem: str, change: Any) -> sr.Rules:
    folder = copy_tables(tmp_path / "tables")
    edit_table(folder, stem, change)
    return sr.load_rules(folder)


@pytest.mark.parametrize(
    ("change", "where", "problem"),
    [
        (
            lambda d: d["astronomy"]["places"].pop("fez"),
            "astronomy.places",
            "no position for 'fez'",
        ),
        (
            lambda d: d["theology"]["cities"].update({"Atlantis": [1, 1]}),
            "theology.cities",
            "'Atlantis': not in the rule tables",
        ),
        (lambda d: d["colours"].update(highlight="red"), "colours.highlight", "#rrggbb"),
        (
            lambda d: d["mathematics"]["sides"].update(A="left", D="top"),
            "mathematics.sides.A",
            "a left side is not of this orientation",
        ),
        (
            lambda d: d["law"]["regions"].update(A=[900, 30]),
            "law.regions.A",
            "lies outside its 560 x 300 panel",
        ),
        (lambda d: d["colours"]["players"].pop(), "colours.players", "each of 4 players"),
        (lambda d: d["board"]["size"].__setitem__(0, 99999), "board.size[0]", "not a number"),
    ],
)
def test_a_drawing_that_cannot_draw_the_tables_is_refused(
    tmp_path: Path, change: Any, where: str, problem: str
) -> None:
    """DESIGN "Data tables": the drawing is checked on loading like every table."""
    with pytest.raises(sr.RulesDataError) as caught:
        corrected(tmp_path, "drawing", change)
    assert "drawing.toml" == caught.value.file
    assert where == caught.value.where
    assert problem in caught.value.problem


def test_a_corrected_drawing_moves_a_place_and_names_are_escaped(tmp_path: Path) -> None:
    """A drawing edit moves a place without a code change; a city named with XML's special
    characters still makes valid SVG."""
    folder = copy_tables(tmp_path / "tables")
    name = 'Djenné <&> "old"'

    def rename(data: dict[str, Any]) -> None:
        for space in data["space"]:
            if space["city"] == "Djenné":
                space["city"] = name

    def redraw(data: dict[str, Any]) -> None:
        data["theology"]["cities"][name] = data["theology"]["cities"].pop("Djenné")
        data["astronomy"]["places"]["fez"] = [60, 200]

    edit_table(folder, "theology", rename)
    edit_table(folder, "drawing", redraw)
    rules = sr.load_rules(folder)
    root = parse(sr.board_svg(rules))
    assert name in {e.attrib["data-city"] for e in having(root, "data-city")}
    fez = having(root, "data-place", "fez")[0].find(f"{SVG}rect")
    assert ("10", "184") == (fez.attrib["x"], fez.attrib["y"])


# ---- the viewer -------------------------------------------------------------------------------


def viewer_data(page: str) -> dict[str, Any]:
    found = re.search(r'<script type="application/json" id="frames">(.*?)</script>', page, re.S)
    assert found is not None
    return json.loads(found.group(1).replace("<\\/", "</"))


def test_viewer_page_has_a_frame_per_position_and_nothing_from_outside() -> None:
    """The viewer: the setup and one frame per action, each naming one pieces layer per panel;
    the action list; no address outside the page."""
    actions = ["draft the-1e", "class c1a", "order theology,astronomy,mathematics,law"]
    record = sr.load_record(sr.save_record(actions, players=2, seed=1))
    page = sr.viewer_html(record)
    data = viewer_data(page)
    assert 4 == len(data["frames"])
    assert [{"player": 0, "text": a} for a in actions] == [
        {"player": a["player"], "text": a["text"]} for a in data["actions"]
    ]
    assert data["actions"][0]["words"] == (
        "Draft the Class tile the-1e with a Book of mathematics and a Student of theology"
    )
    picture = page[page.index("<svg") : page.index("</svg>")]
    panels = len(re.findall(r'data-layer="pieces"', picture))
    assert {panels} == {len(f["pieces"]) for f in data["frames"]}
    assert panels == 11  # status, 7 board panels, Library, 2 player boards
    assert [
        "P0 drafted the Class tile the-1e, a Book of mathematics and a Student of theology"
    ] == data["frames"][1]["events"]
    assert [0, 0, 0, 0] == [f["picture"] for f in data["frames"]]
    assert re.findall(r"(?:src|href)=\"(?!#)[^\"]*\"", page) == []
    assert re.findall(r"https?://(?!www\.w3\.org/2000/svg)", page) == []


# ---- the command line -------------------------------------------------------------------------


def test_cli_show_svg_and_view_write_their_files(tmp_path: Path) -> None:
    """``show --svg FILE`` writes the whole-state picture of a record's position; ``view``
    writes the viewer next to the record; ``--svg`` with ``--player`` is refused (the picture
    shows every hand)."""
    from test_cli import assert_unusable, run_all

    actions = ["draft the-1e", "class c1a", "order theology,astronomy,mathematics,law"]
    (tmp_path / "game.json").write_text(sr.save_record(actions, players=2, seed=1))
    shown, viewed, refused = run_all(
        tmp_path,
        ("show", "game.json", "--move", "2", "--svg", "state.svg"),
        ("view", "game.json"),
        ("show", "game.json", "--svg", "x.svg", "--player", "0"),
    )
    assert (0, "Picture of the state written to state.svg\n") == (shown.returncode, shown.stdout)
    state = sr.replay(sr.load_record((tmp_path / "game.json").read_text()), upto=2)
    assert sr.state_svg(state) == (tmp_path / "state.svg").read_text(encoding="utf-8")
    assert (0, "Game viewer of 3 actions written to game.html\n") == (
        viewed.returncode,
        viewed.stdout,
    )
    page = (tmp_path / "game.html").read_text(encoding="utf-8")
    assert 4 == len(viewer_data(page)["frames"])
    assert_unusable(refused, "--svg draws the whole state: it does not take --player")
    assert not (tmp_path / "x.svg").exists()


def _luminance(colour: str) -> float:
    """The relative luminance of ``#rrggbb`` (WCAG 2)."""
    channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _contrast(a: str, b: str) -> float:
    light, dark = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def _hue(colour: str) -> float | None:
    """The hue in degrees, None for a grey."""
    r, g, b = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    hue, _, saturation = colorsys.rgb_to_hls(r, g, b)
    return None if saturation < 0.2 else hue * 360


def test_player_colours_stand_out_from_the_backgrounds_and_from_each_other() -> None:
    """Issue 27: every player's colour has a contrast of 3:1 at least on each background the
    pictures draw pieces on (WCAG's figure for graphics), and any two players' colours differ
    in hue by 60 degrees or in lightness by a contrast of 2:1, whatever the player count."""
    backgrounds = (COLOURS.board, COLOURS.panel, COLOURS.space)
    weak = [
        (player, ground, round(_contrast(player, ground), 2))
        for player in COLOURS.players
        for ground in backgrounds
        if _contrast(player, ground) < 3
    ]
    assert [] == weak
    alike = []
    for i, a in enumerate(COLOURS.players):
        for b in COLOURS.players[i + 1 :]:
            ha, hb = _hue(a), _hue(b)
            apart = ha is not None and hb is not None and min(abs(ha - hb), 360 - abs(ha - hb))
            if not ((apart or 0) >= 60 or _contrast(a, b) >= 2):
                alike.append((a, b))
    assert [] == alike


def test_every_student_space_the_notation_names_is_labelled() -> None:
    """Issue 27: the player board labels each Student space (``s0a`` ... ``s4d``), the names
    ``promote`` and ``graduate`` take, with or without a Student on it."""
    root = parse(sr.player_board_svg(AFTER, 0))
    labels = {e.attrib["data-student-label"]: e.text for e in having(root, "data-student-label")}
    assert {sid: sid for sid in RULES.student_level} == labels


def _hands(picture: str) -> list[str]:
    """The line under each player board that lists (or counts) its Objective cards."""
    return re.findall(r">((?:#\d+(?: #\d+)*)|\d+ cards? face down|none)<", picture)


def test_a_picture_for_a_viewer_shows_only_its_own_hand_obj_1() -> None:
    """OBJ-1: the hands are hidden. Drawn for seat 0, the picture names seat 0's Objective cards
    and only counts the others'; for a spectator it counts every hand; for no viewer (a tool's
    picture) it names them all."""
    state = sr.new_game(players=3, seed=4)
    assert [p.objectives for p in state.players] == [
        (3, 14, 15, 11),
        (12, 10, 13, 17),
        (24, 7, 19, 9),
    ]
    everything = sr.state_svg(state)
    assert _hands(everything) == ["#3 #14 #15 #11", "#12 #10 #13 #17", "#24 #7 #19 #9"]
    seat0 = sr.state_svg(state, 0)
    assert _hands(seat0) == ["#3 #14 #15 #11", "4 cards face down", "4 cards face down"]
    assert 'aria-label="Sankoré as P0 sees it"' in seat0
    spectator = sr.state_svg(state, SPECTATOR)
    assert _hands(spectator) == ["4 cards face down"] * 3
    assert 'aria-label="Sankoré as a spectator sees it"' in spectator


def test_the_scholars_deck_is_face_down_for_every_viewer_obj_1() -> None:
    """OBJ-1 in the solo game: you see your hand; the Scholar's deck is counted, never named,
    even in a picture drawn for the Scholar's own seat (nobody at the table knows its order)."""
    state = sr.new_game(players=1, seed=4, scholar="easy")
    # The Scholar's deck keeps no order (issue 39): its cards are sorted.
    assert [p.objectives for p in state.players] == [(12, 5, 17, 21), (13, 16, 20, 22)]
    assert _hands(sr.state_svg(state, 0)) == ["#12 #5 #17 #21", "4 cards face down"]
    assert _hands(sr.state_svg(state, 1)) == ["4 cards face down", "4 cards face down"]
