"""The Five Tribes picture (issue 31, "A picture and a page a player can read"): what a player
sees on the table, drawn from the state for 2, 3 and 4 players, in the middle of a game and at
its end.

Each game is played with random legal actions (``random.Random(seed).choice``). Every count
the tests expect is read from the state the picture draws: the tiles (FT-SET-1), the meeples
by colour on each (FT-SET-2), the market and the Djinn display (FT-SET-3), the tracks and
their markers (FT-AUC-1, FT-ACT-2), each player's holdings (FT-MEEP-1, FT-MEEP-2, FT-SC-4),
camels, palm trees and palaces (FT-ACT-7, FT-TILE-1, FT-TILE-2), and the coins a seat may not
see (FT-PUB-3).
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core import svg as core_svg
from sankore_rules.five_tribes.display.picture import (
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    marks_of,
    state_svg,
)
from sankore_rules.five_tribes.state import FiveTribesState

SVG = "{http://www.w3.org/2000/svg}"
BACKGROUND = "#fbf6ec"
#: How many random actions make "the middle" of a game.
MIDDLE = 60


def play(players: int, seed: int) -> list[FiveTribesState]:
    """Every position of a game played to its end at random."""
    rng = random.Random(seed)
    states: list[FiveTribesState] = [sr.new_game(players=players, seed=seed, game="five_tribes")]
    while not sr.is_terminal(states[-1]):
        states.append(sr.apply(states[-1], rng.choice(sr.legal_actions(states[-1]))))
    return states


GAMES = {players: play(players, 10 + players) for players in (2, 3, 4)}
CASES = [(players, when) for players in (2, 3, 4) for when in ("middle", "end")]


def position(players: int, when: str) -> FiveTribesState:
    states = GAMES[players]
    return states[MIDDLE] if when == "middle" else states[-1]


def drawn(state: FiveTribesState, **options: Any) -> ET.Element:
    return ET.fromstring(state_svg(sr.rules_of(state), state, **options))


def panel(root: ET.Element, name: str) -> ET.Element:
    (found,) = [e for e in root.iter(f"{SVG}g") if e.get("data-panel") == name]
    return found


def pieces(root: ET.Element, kind: str) -> list[ET.Element]:
    return [e for e in root.iter(f"{SVG}g") if e.get("data-piece") == kind]


def words(element: ET.Element) -> str:
    return " ".join(t.text or "" for t in element.iter(f"{SVG}text"))


@pytest.mark.parametrize(("players", "when"), CASES)
def test_one_group_per_tile_with_its_kind_and_the_meeples_on_it(players: int, when: str) -> None:
    """FT-SET-1, FT-SET-2: the picture parses; exactly one ``data-cell`` group per cell, in cell
    order, with its tile and kind; the meeples on each cell by colour, as the state counts them."""
    state = position(players, when)
    rules = sr.rules_of(state)
    root = drawn(state)
    cells = [e for e in root.iter(f"{SVG}g") if e.get("data-cell")]
    assert list(rules.cells) == [e.get("data-cell") for e in cells]
    assert [(t, rules.tile_by_id[t].kind) for t in state.tiles] == [
        (e.get("data-tile"), e.get("data-kind")) for e in cells
    ]
    expected = {
        (rules.cells[i], colour, n)
        for i, counts in enumerate(state.meeples)
        for colour, n in zip(rules.colours, counts, strict=True)
        if n
    }
    shown = {
        (e.get("data-on"), e.get("data-colour"), int(e.get("data-count", "0")))
        for e in pieces(root, "meeple")
    }
    assert expected == shown


@pytest.mark.parametrize(("players", "when"), CASES)
def test_camels_palm_trees_and_palaces_stand_where_the_state_has_them(
    players: int, when: str
) -> None:
    """FT-ACT-7, FT-TILE-1, FT-TILE-2: a camel of its owner on each controlled tile; each palm
    tree and palace on its tile."""
    state = position(players, when)
    rules = sr.rules_of(state)
    root = drawn(state)
    camels = {
        (rules.cells[i], str(owner)) for i, owner in enumerate(state.camels) if owner is not None
    }
    assert camels == {(e.get("data-on"), e.get("data-player")) for e in pieces(root, "camel")}
    for piece, counts in (("palm", state.palms), ("palace", state.palaces)):
        expected = Counter({rules.cells[i]: n for i, n in enumerate(counts) if n})
        assert expected == Counter(e.get("data-on") for e in pieces(root, piece))
    if when == "end":
        assert camels and sum(state.palms) + sum(state.palaces) > 0


@pytest.mark.parametrize(("players", "when"), CASES)
def test_the_two_order_tracks_show_every_marker_on_its_space(players: int, when: str) -> None:
    """FT-AUC-1, FT-ACT-2, ruling FT-AMB-7: the Turn Order Track's spaces with their prices, the
    Bid Order Track's spaces, and each marker on its space, of its owner's colour and number;
    each track titled by its rulebook name."""
    state = position(players, when)
    rules = sr.rules_of(state)
    root = drawn(state)
    tracks = panel(root, "tracks")
    spaces = [e for e in tracks.iter(f"{SVG}g") if e.get("data-track") and not e.get("data-piece")]
    priced = [e for e in spaces if e.get("data-track") == "turn-order"]
    assert [str(v) for v in rules.tables.tracks.bids] == [words(e) for e in priced]
    waiting = [e for e in spaces if e.get("data-track") == "bid-order"]
    assert len(state.bid_order_track) == len(waiting)
    assert "Turn Order Track (coins each space costs)" in words(tracks)
    assert "Bid Order Track (first bids first)" in words(tracks)
    for track, held in (
        ("turn-order", state.turn_order_track),
        ("bid-order", state.bid_order_track),
    ):
        expected = [
            (str(i), str(marker), str(state.markers[marker]))
            for i, marker in enumerate(held)
            if marker is not None
        ]
        shown = [
            (e.get("data-space"), e.get("data-marker"), e.get("data-player"))
            for e in pieces(tracks, "marker")
            if e.get("data-track") == track
        ]
        assert expected == shown
    # Every marker stands on one track or the other, except one a turn has just lifted.
    assert len(pieces(tracks, "marker")) in (len(state.markers), len(state.markers) - 1)


@pytest.mark.parametrize(("players", "when"), CASES)
def test_the_market_and_the_djinn_display_show_their_cards(players: int, when: str) -> None:
    """FT-SET-3, FT-RND-2: the market's face-up cards in order, the Djinn display's Djinns."""
    state = position(players, when)
    root = drawn(state)
    market = pieces(panel(root, "market"), "card")
    assert list(state.market) == [e.get("data-card") for e in market]
    assert [str(i) for i in range(len(state.market))] == [e.get("data-space") for e in market]
    display = pieces(panel(root, "djinns"), "djinn")
    assert list(state.djinn_display) == [e.get("data-djinn") for e in display]


@pytest.mark.parametrize(("players", "when"), CASES)
def test_each_player_panel_shows_their_holdings(players: int, when: str) -> None:
    """FT-MEEP-1, FT-MEEP-2, FT-SC-4: a panel per seat with its coins, camels left, tiles held,
    Viziers, Elders, Fakirs, goods by kind and Djinns, and who is to play."""
    state = position(players, when)
    rules = sr.rules_of(state)
    root = drawn(state)
    for seat, p in enumerate(state.players):
        box = panel(root, f"player-{seat}")
        head = words(box)
        tiles = sum(1 for owner in state.camels if owner == seat)
        assert f"{p.coins} coins · {p.camels} camels left · {tiles} tiles" in head
        assert ("to play" in head) == (state.current_player == seat)
        counts = {e.get("data-piece"): e.get("data-count") for e in box.iter(f"{SVG}g")}
        assert (str(p.pool[0]), str(p.pool[1]), str(p.fakirs)) == (
            counts["vizier"],
            counts["elder"],
            counts["fakir"],
        )
        goods = Counter(p.goods)
        assert [(g, str(goods[g])) for g in rules.goods if goods[g]] == [
            (e.get("data-good"), e.get("data-count")) for e in pieces(box, "good")
        ]
        assert list(p.djinns) == [e.get("data-djinn") for e in pieces(box, "djinn")]
    assert [f"player-{p}" for p in range(players)] == [
        e.get("data-panel") for e in root.iter() if (e.get("data-panel") or "").startswith("p")
    ]


def test_the_status_line_says_whose_turn_it_is_and_the_end_who_won() -> None:
    """The status line names the player deciding and the decision; at the end, the winners."""
    middle, end = position(3, "middle"), position(3, "end")
    decision = sr.game_of(middle).decision_view(middle)
    assert decision is not None
    assert (
        f"Round {middle.round} · Now: P{decision['player']} decides ({decision['kind']}): "
        f"{decision['prompt']}"
    ) in words(panel(drawn(middle), "status"))
    winners = ", ".join(f"P{p}" for p in sr.final_scores(end).winners)
    assert f"The game is over. Winner(s): {winners}" in words(panel(drawn(end), "status"))


def test_what_the_last_action_touched_is_ringed() -> None:
    """The cells, track spaces and players' panels the last action's events name are ringed,
    each ring saying which events touched it; nothing else is. A take (FT-ACT-6) rings its
    tile; a bid (FT-AUC-1) rings the marker's space."""
    seen: set[str] = set()
    for state in GAMES[3]:
        rules = sr.rules_of(state)
        root = drawn(state)
        rings = [e for e in root.iter(f"{SVG}rect") if e.get("data-event")]
        marks = marks_of(rules, state)
        cells = {rules.cells[k[1]]: kinds for k, kinds in marks.items() if k[0] == "cell"}
        assert cells == {
            e.get("data-on"): (e.get("data-event") or "").split() for e in rings if e.get("data-on")
        }
        assert len(marks) == len(rings)
        for event in state.events:
            if "cell" in event.detail and event.detail["cell"] in rules.cell_index:
                assert event.kind in cells[event.detail["cell"]]
                seen.add(event.kind)
        bids = [e for e in state.events if e.kind == "bid"]
        if bids:
            # The marker bid with stands on the Turn Order Track (unless the round's first turn,
            # in the same action, has already moved it): the space it stands on is ringed.
            marker = bids[-1].detail["marker"]
            track, held = (
                ("turn-order", state.turn_order_track)
                if marker in state.turn_order_track
                else ("bid-order", state.bid_order_track)
            )
            space = str(held.index(marker))
            assert [
                e.get("data-event")
                for e in rings
                if e.get("data-track") == track and e.get("data-space") == space
            ] in (["bid"], ["bid turn"])
            seen.add("bid")
    assert {"pick", "drop", "take", "bid", "camel"} <= seen


def test_the_players_colours_and_shapes_are_distinct_and_read_on_the_background() -> None:
    """Four seats, four colours (each at a contrast of at least 3:1 with the background, so that
    it reads) and four shapes, each with the seat's number on it: no one needs colour alone."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    assert 4 == len(set(PLAYER_COLOURS)) == len(set(PLAYER_SHAPES))
    back = luminance(BACKGROUND)
    assert all((back + 0.05) / (luminance(c) + 0.05) >= 3 for c in PLAYER_COLOURS)
    state = position(4, "end")
    markers = pieces(panel(drawn(state), "tracks"), "marker")
    for marker in markers:
        seat = int(marker.get("data-player") or "0")
        fills = {e.get("fill") for e in marker if e.tag != f"{SVG}title"}
        assert PLAYER_COLOURS[seat] in fills
        assert str(seat) == words(marker)


def test_a_seat_s_picture_hides_the_other_players_coins() -> None:
    """FT-PUB-3: drawn for one seat, the picture shows that seat's coins and ``?`` for the
    others'; the door's picture (no viewer) is the whole table."""
    state = position(3, "middle")
    seen = drawn(state, viewer=1)
    for seat, p in enumerate(state.players):
        head = words(panel(seen, f"player-{seat}"))
        assert (f"· {p.coins} coins" if seat == 1 else "· ? coins") in head
    assert state_svg(sr.rules_of(state), state) == sr.state_svg(state)


def test_the_picture_comes_apart_in_layers_with_the_same_frame_all_game() -> None:
    """The viewer's split (``core.svg.layers``): one pieces layer per panel, and the frame (the
    board layers: tiles, track spaces, legend) the same from the middle of a game to its end."""
    middle, end = position(2, "middle"), position(2, "end")
    one, two = core_svg.layers(sr.state_svg(middle)), core_svg.layers(sr.state_svg(end))
    assert one.frame == two.frame
    # status, 5 rows, tracks, market, djinns, legend, 2 players: 12
    assert 12 == len(one.pieces) == len(two.pieces)
    assert one.pieces != two.pieces


def test_the_empty_table_draws_cells_track_spaces_and_the_legend() -> None:
    """A ruleset alone: the 30 cells, the Turn Order Track's 9 spaces, the legend's 5 tile kinds and
    5 meeple colours, and no piece."""
    root = ET.fromstring(sr.state_svg(sr.load_rules(game="five_tribes")))
    assert 30 == len([e for e in root.iter() if e.get("data-cell")])
    assert 9 == len([e for e in root.iter() if e.get("data-track") == "turn-order"])
    legend = [e.get("data-legend") for e in root.iter() if e.get("data-legend")]
    assert [
        "oasis",
        "village",
        "small_market",
        "large_market",
        "sacred_place",
        "yellow",
        "white",
        "green",
        "blue",
        "red",
    ] == legend
    assert [] == [e for e in root.iter() if e.get("data-piece")]


#: A generous width of a glyph of the picture's sans-serif font, in ems (DejaVu Sans averages
#: about 0.52 for these words): a text this wide still fits where the test says it fits.
GLYPH_EM = 0.58


def _texts(root: ET.Element, attribute: str) -> dict[str, list[tuple[float, float, str, float]]]:
    """Each ``attribute``-tagged group's texts: (x, y, words, font size)."""
    found: dict[str, list[tuple[float, float, str, float]]] = {}
    for group in root.iter():
        key = group.get(attribute)
        if key is None:
            continue
        found.setdefault(key, []).extend(
            (float(t.get("x", 0)), float(t.get("y", 0)), t.text or "", float(t.get("font-size", 0)))
            for t in group.iter("{http://www.w3.org/2000/svg}text")
        )
    return found


def test_the_legends_columns_and_the_tracks_labels_do_not_overlap() -> None:
    """The legend's tile-kind words end before the meeple column begins, and the meeples' words
    inside the side column; the prices under the Turn Order Track's spaces end above the Bid
    Order Track's heading (both once overlapped)."""
    from sankore_rules.five_tribes.display.look import SIDE

    root = ET.fromstring(sr.state_svg(sr.load_rules(game="five_tribes")))
    legend = _texts(root, "data-legend")
    kinds = ("oasis", "village", "small_market", "large_market", "sacred_place")
    meeples = ("yellow", "white", "green", "blue", "red")
    meeple_left = min(
        float(c.get("cx", 0)) - float(c.get("r", 0))
        for g in root.iter()
        if g.get("data-legend") in meeples
        for c in g.iter("{http://www.w3.org/2000/svg}circle")
    )
    for x, _, words, size in (t for key in kinds for t in legend[key] if len(t[2]) > 1):
        assert x + len(words) * size * GLYPH_EM < meeple_left, words
    for x, _, words, size in (t for key in meeples for t in legend[key]):
        assert x + len(words) * size * GLYPH_EM < SIDE, words
    heading = next(
        t for t in root.iter("{http://www.w3.org/2000/svg}text") if (t.text or "").startswith("Bid")
    )
    lowest_price = max(t[1] for t in _texts(root, "data-track")["turn-order"])
    # A baseline's text reaches about a quarter of an em below it, a heading's a whole em above.
    assert lowest_price + 11 * 0.25 < float(heading.get("y", 0)) - 13
