"""The drawing doors on every game (issue 26): ``sr.render_state``, the SVG door ``state_svg``
and ``sr.viewer_html`` are written once against the game protocol and serve Sankoré (3 players),
Sankoré solo against the Scholar and Five Tribes alike, in the middle of a game and at its end;
each game says in words what every event of a played game did.

Each game is played with random legal actions (``random.Random(seed).choice``); Sankoré with a
turn limit of 8 so that its game stays short.
"""

from __future__ import annotations

import html
import random
import re
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core import registry
from sankore_rules.core import svg as core_svg
from sankore_rules.interfaces.render import render_scores
from sankore_rules.interfaces.svg import state_svg
from toy_game import HIDDEN_NIM, NAME, HiddenNim

SVG = "{http://www.w3.org/2000/svg}"
#: After this many random actions a game is "in the middle".
MIDDLE = 12

#: The three games every door serves, as ``new_game`` (and ``save_record``) options.
SETUPS: dict[str, dict[str, Any]] = {
    "sankore_3p": {"players": 3, "seed": 1, "turn_limit": 8},
    "solo_hard": {"players": 1, "seed": 1, "scholar": "hard"},
    "five_tribes_3p": {"players": 3, "seed": 1, "game": "five_tribes"},
}


class Played:
    """A game played to its end at random: every position, and the actions between them."""

    def __init__(self, setup: dict[str, Any], seed: int = 7) -> None:
        self.setup = setup
        rng = random.Random(seed)
        self.states = [sr.new_game(**setup)]
        self.actions: list[str] = []
        while not sr.is_terminal(self.states[-1]):
            action = rng.choice(sr.legal_actions(self.states[-1]))
            self.actions.append(str(action))
            self.states.append(sr.apply(self.states[-1], action))

    def record(self, upto: int | None = None) -> sr.Record:
        """The record of the first ``upto`` actions (all of them by default)."""
        return sr.load_record(sr.save_record(self.actions[:upto], **self.setup))


@pytest.fixture(scope="module", params=list(SETUPS))
def played(request: pytest.FixtureRequest) -> Played:
    """Each of the three games, played to its end."""
    return Played(SETUPS[request.param])


def seats(state: Any) -> int:
    return sr.game_of(state).seats(state)


def winners(state: Any) -> str:
    return ", ".join(f"P{p}" for p in sr.final_scores(state).winners)


# ---- the text door ------------------------------------------------------------------------------


def expected_first_line(state: Any) -> str:
    if sr.game_of(state).name == "five_tribes":
        return f"Five Tribes, 3 players, round {state.round}"
    if state.solo is not None:
        game = "solo against the Scholar (hard: Muhammad al-Kabari, P1)"
    else:
        game = "3 players"
    return f"Sankoré, {game}, seed 1, Library three_shelf, ruleset sankore-standard"


def player_lines(state: Any, text: str) -> list[str]:
    """The line opening each player's part of the text view, in seat order."""
    if sr.game_of(state).name == "five_tribes":
        return [line.split(":")[0] for line in text.splitlines() if re.match(r"P\d: ", line)]
    return [
        line.split(" - ")[0].removesuffix(" (you)")
        for line in text.splitlines()
        if line.startswith(("Player P", "The Scholar (P"))
    ]


def expected_players(state: Any) -> list[str]:
    if sr.game_of(state).name == "five_tribes":
        return [f"P{p}" for p in range(seats(state))]
    if state.solo is not None:
        return ["Player P0", "The Scholar (P1, hard)"]
    return [f"Player P{p}" for p in range(seats(state))]


def test_render_state_in_the_middle_names_the_game_each_player_and_who_decides(
    played: Played,
) -> None:
    """The text door: the game's own first line, a part per seat, and the pending decision."""
    state = played.states[MIDDLE]
    text = sr.render_state(state)
    lines = text.splitlines()
    assert expected_first_line(state) == lines[0]
    assert expected_players(state) == player_lines(state, text)
    decision = sr.game_of(state).decision_view(state)
    assert decision is not None
    now = f"Now: P{decision['player']} decides ({decision['kind']}): {decision['prompt']}"
    assert [now] == [line for line in lines if line.startswith("Now: ")]


def test_render_state_at_the_end_names_the_winners(played: Played) -> None:
    """At the end the text says the game is over and who won, as the score sheet has it."""
    state = played.states[-1]
    text = sr.render_state(state)
    assert expected_first_line(state) == text.splitlines()[0]
    assert expected_players(state) == player_lines(state, text)
    assert [f"The game is over. Winner(s): {winners(state)}"] == [
        line for line in text.splitlines() if line.startswith("The game is over.")
    ]
    assert "Now: " not in text


def test_render_state_for_a_seat_shows_no_seed(played: Played) -> None:
    """``viewer=`` shows what that seat may see: never the seed (Five Tribes shows none)."""
    state = played.states[MIDDLE]
    seen = sr.render_state(state, viewer=0)
    assert expected_first_line(state).replace(", seed 1", "") == seen.splitlines()[0]
    if sr.game_of(state).name == "five_tribes":
        # FT-PUB-3: a seat sees its own coins only; the others' and the bank's are hidden.
        assert "bank ? coins" in seen and "bank ? coins" not in sr.render_state(state)


def test_render_scores_marks_the_winners_only_at_the_end(played: Played) -> None:
    """The score sheet door: one row per seat; the winners marked once the game is over."""
    game = sr.game_of(played.states[-1]).name
    mark = "(wins)" if game == "five_tribes" else "winner"
    final = render_scores(played.states[-1])
    running = render_scores(played.states[MIDDLE])
    marked = [line for line in final.splitlines() if line.endswith(mark) or f" {mark} " in line]
    assert len(sr.final_scores(played.states[-1]).winners) == len(marked)
    assert mark not in running


# ---- the SVG door -------------------------------------------------------------------------------

#: The whole-table picture's size: Sankoré's board is 1400 wide; below it the Library and the
#: player boards, two to a row (3 players: two rows; solo: you and the Scholar, one row, but the
#: Scholar's board is taller). Five Tribes: 6 x 5 tiles of 96 with margins of 24, a status line
#: of 28, a column of 320 beside the tiles, and a panel of 118 (+ 12) per two players below.
SIZES = {
    "sankore_3p": ("1400", "1850"),
    "solo_hard": ("1400", "1850"),
    "five_tribes_3p": ("968", "816"),
}


def setup_name(played: Played) -> str:
    return next(name for name, setup in SETUPS.items() if setup is played.setup)


def panels(state: Any) -> list[str]:
    if sr.game_of(state).name == "five_tribes":
        rows = [f"row-{r}" for r in range(5)]
        side = ["tracks", "market", "djinns", "legend"]
        return ["status", *rows, *side, *(f"player-{p}" for p in range(seats(state)))]
    from sankore_rules.sankore.display.svg import AREAS

    return ["status", *AREAS, "library", *(f"player-{p}" for p in range(seats(state)))]


@pytest.mark.parametrize("when", [MIDDLE, -1])
def test_state_svg_is_a_picture_of_the_expected_size_with_a_panel_per_part(
    played: Played, when: int
) -> None:
    """The SVG door draws the state as its game does: valid XML, the root's size attributes,
    the panels of the game (Sankoré: status, board parts, Library, a board per seat; Five
    Tribes: status, a panel per row, the players), every seat's pieces or line."""
    state = played.states[when]
    svg = state_svg(state)
    assert sr.game_of(state).svg(sr.rules_of(state), state) == svg
    root = ET.fromstring(svg)
    width, height = SIZES[setup_name(played)]
    assert (f"{SVG}svg", width, height, f"0 0 {width} {height}") == (
        root.tag,
        root.get("width"),
        root.get("height"),
        root.get("viewBox"),
    )
    assert panels(state) == [e.get("data-panel") for e in root.iter() if e.get("data-panel")]
    players = {e.get("data-player") for e in root.iter() if e.get("data-player") is not None}
    assert {str(p) for p in range(seats(state))} <= players


def test_state_svg_of_a_ruleset_draws_the_empty_table() -> None:
    """A ruleset alone draws the empty table of its game (found by ``game_of_rules``)."""
    sankore = ET.fromstring(state_svg(sr.load_rules()))
    tribes = ET.fromstring(state_svg(sr.load_rules(game="five_tribes")))
    assert ("1400", "1420", "state") == (
        sankore.get("width"),
        sankore.get("height"),
        sankore.get("data-picture"),
    )
    assert ("968", "556", "five-tribes") == (
        tribes.get("width"),
        tribes.get("height"),
        tribes.get("data-picture"),
    )
    assert 30 == len([e for e in tribes.iter() if e.get("data-cell")])
    assert [] == [e for e in tribes.iter() if e.get("data-piece")]


def test_state_svg_refuses_what_is_no_state_nor_ruleset() -> None:
    with pytest.raises(TypeError, match="expected a state or a ruleset of a registered game"):
        state_svg("a state")


# ---- the viewer ---------------------------------------------------------------------------------


def viewer_data(page: str) -> dict[str, Any]:
    from test_svg import viewer_data as read

    return read(page)


@pytest.mark.parametrize("upto", [MIDDLE, None])
def test_viewer_holds_a_step_per_action_and_each_position_s_events(
    played: Played, upto: int | None
) -> None:
    """The viewer of any game: the setup and one frame per action; an action list item per
    action, naming who took it; each frame's pieces fill the picture's pieces layers and its
    events are the game's words for that position's events; nothing from outside the page."""
    record = played.record(upto)
    page = sr.viewer_html(record)
    data = viewer_data(page)
    states = played.states[: len(record.actions) + 1]
    game = sr.game_of(states[0])
    assert len(record.actions) + 1 == len(data["frames"])
    assert len(record.actions) == page.count('<li value="')
    # Each action with its words (issue 41), the notation beside them.
    assert [
        {"player": game.current_player(s), "text": a, "words": sr.describe(s, a)}
        for s, a in zip(states, record.actions, strict=False)
    ] == data["actions"]
    for s, a in zip(states, record.actions, strict=False):
        assert f"{html.escape(sr.describe(s, a))} <code>{html.escape(a)}</code>" in page
    picture = page[page.index("<svg") : page.index("</svg>")]
    layers = picture.count('data-layer="pieces"')
    assert [layers] * len(states) == [len(f["pieces"]) for f in data["frames"]]
    described = [
        game.describe_events(after) or [f"P{game.current_player(before)} took {action}."]
        for before, after, action in zip(states, states[1:], record.actions, strict=False)
    ]
    assert [[], *described] == [f["events"] for f in data["frames"]]
    # Each frame's layers, rebuilt from the shared elements, are the pictures' own.
    for state, frame in zip(states, data["frames"], strict=True):
        drawn = core_svg.layers(state_svg(state))
        rebuilt = ["".join(data["elements"][e] for e in data["parts"][p]) for p in frame["pieces"]]
        assert list(drawn.pieces) == rebuilt
    assert f"<h1>{game.title}</h1>" in page
    last = "Final scores" if upto is None else "Score if the game ended now"
    assert f"<h2>{last}</h2>" in data["scores"][data["frames"][-1]["scores"]]
    assert re.findall(r"(?:src|href)=\"(?!#)[^\"]*\"", page) == []


def test_viewer_of_a_400_action_game_weighs_under_a_megabyte() -> None:
    """Issue 27: the viewer of a 400-action game (Sankoré, 3 random players) is under 1 MB: each
    piece and mark is written once in the page and the frames name them, where a picture per
    position weighs over 100 times as much."""
    rng = random.Random(4)
    state = sr.new_game(players=3, seed=4)
    actions: list[str] = []
    while len(actions) < 400:
        assert not sr.is_terminal(state), "the game of seed 4 lasts more than 400 actions"
        action = rng.choice(sr.legal_actions(state))
        actions.append(str(action))
        state = sr.apply(state, action)
    page = sr.viewer_html(sr.load_record(sr.save_record(actions, players=3, seed=4)))
    assert 401 == len(viewer_data(page)["frames"])
    assert len(page.encode("utf-8")) < 1_000_000


# ---- events in words ----------------------------------------------------------------------------


def test_describe_events_gives_a_line_for_every_event(played: Played) -> None:
    """Every event of every position of a played game is a line of words: never empty, never a
    dict or list written as Python writes it."""
    game = sr.game_of(played.states[0])
    kinds = set()
    for state in played.states:
        lines = game.describe_events(state)
        assert len(state.events) == len(lines)
        for event, line in zip(state.events, lines, strict=True):
            kinds.add(event.kind)
            assert line.strip() == line and line
            assert not re.search(r"[{}\[\]]|': |\('", line), line
    assert len(kinds) >= 10


def test_five_tribes_events_read_as_sentences() -> None:
    """Five Tribes' events name their player and say what happened (FT-AUC-1: a bid and what
    it cost; a new round)."""
    played = Played(SETUPS["five_tribes_3p"])
    words: dict[str, list[tuple[Any, str]]] = {}
    for state in played.states:
        for event, line in zip(state.events, sr.game_of(state).describe_events(state), strict=True):
            words.setdefault(event.kind, []).append((event, line))
    for event, line in words["round"]:
        assert f"Round {event.detail['round']} begins" == line
    for event, line in words["bid"]:
        detail = event.detail
        assert (
            f"P{event.player} bid on the {detail['bid']} space of the Turn Order Track, "
            f"paying {detail['paid']} coins"
        ) == line
    for _event, line in words["game_over"]:
        assert line.startswith("The game is over: ")


def test_sankore_events_read_as_sentences() -> None:
    """Sankoré's draft (SET-6) and the Scholar's steps (SOLO-TURN) read as sentences."""
    state = sr.new_game(players=2, seed=1)
    after = sr.apply(state, "draft the-1e")
    assert [
        "P0 drafted the Class tile the-1e, a Book of mathematics and a Student of theology"
    ] == sr.game_of(after).describe_events(after)
    solo = Played(SETUPS["solo_hard"])
    scholar = [
        (e, line)
        for s in solo.states
        for e, line in zip(s.events, sr.game_of(s).describe_events(s), strict=True)
        if e.kind == "scholar"
    ]
    assert scholar
    for event, line in scholar:
        # What the step's words leave out (its turn, phase, space) follows in brackets.
        assert line.startswith(f"The Scholar played: {event.detail['why']}")


# ---- a game the doors have never heard of -------------------------------------------------------


@pytest.fixture
def toy() -> Iterator[HiddenNim]:
    """Hidden Nim, registered for the test and unregistered after it."""
    sr.register(HIDDEN_NIM)
    try:
        yield HIDDEN_NIM
    finally:
        registry.unregister(NAME)


def test_the_doors_draw_a_game_of_the_tests(toy: HiddenNim) -> None:
    """The toy game's own text and picture come through the doors unchanged; it has no text
    for one seat, and the door says so."""
    state = sr.new_game(players=2, seed=3, game=NAME)
    rules = sr.rules_of(state)
    assert toy.text(rules, state) == sr.render_state(state)
    assert toy.svg(rules, state) == state_svg(state)
    assert toy.svg(rules, None) == state_svg(rules)
    with pytest.raises(sr.NotSupported, match="hidden_nim has no text view for one seat"):
        sr.render_state(state, viewer=0)


def test_the_viewer_steps_through_a_game_of_the_tests(toy: HiddenNim) -> None:
    """The toy game's picture has no layers to take apart: each distinct picture is kept whole,
    and each frame names the one it shows; its events and score sheet are the game's own."""
    state = sr.new_game(players=2, seed=3, game=NAME)
    states, actions = [state], []
    while not sr.is_terminal(states[-1]):
        action = sr.legal_actions(states[-1])[-1]
        actions.append(str(action))
        states.append(sr.apply(states[-1], action))
    record = sr.load_record(sr.save_record(actions, players=2, seed=3, game=NAME))
    data = viewer_data(sr.viewer_html(record))
    rules = sr.rules_of(state)
    assert list(range(len(states))) == [f["picture"] for f in data["frames"]]
    assert [None, *(toy.svg(rules, s) for s in states[1:])] == data["pictures"]
    assert [[]] * len(states) == [f["pieces"] for f in data["frames"]]
    assert [toy.describe_events(s) for s in states] == [f["events"] for f in data["frames"]]
    sheet = toy.score_text(rules, states[-1], final=True)
    assert f"<h2>Final scores</h2><pre>{sheet}</pre>" == data["scores"][-1]
