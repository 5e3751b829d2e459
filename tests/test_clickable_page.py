"""The match page as a board (issue 41), in Chromium: whole games played by clicking the board.

The page is the server's own (``interfaces/server/static``), but its requests are answered in
the test, from the library, by a stand-in for the server that speaks the protocol of
docs/server.md (views made by the server's own ``match_view``) and answers the picture with
``state_svg(state, seat, clickable=True)``, as the server does once its picture endpoint takes
``?clickable=1``. The other seats are random players. The test clicks only elements of the
board, and picks from a place's menu by the words it shows; nothing leaves the machine (the
stand-in's host is not resolved: every request is answered by the test, and any other is
recorded and refused) and the page logs no error.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

import sankore_rules as sr
from sankore_rules.core.game import SPECTATOR
from sankore_rules.interfaces.server.views import match_view
from test_browser import MISSING
from test_browser import browser as browser  # the fixture: Debian's Chromium, headless

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

STATIC = Path(sr.__file__).parent / "interfaces" / "server" / "static"
HOME = "http://sankore.test"
MATCH = "M1"
TOKEN = "T0"
#: A bound on each wait for the page, in milliseconds.
WAIT = 15_000
#: A place to click on seat 0's own picture.
MINE = "#picture svg[aria-label$='as P0 sees it'] [data-actions]"
#: Each static file with its type.
TYPES = {".html": "text/html", ".js": "text/javascript", ".css": "text/css"}


class StandIn:
    """The server's protocol for one match, seat 0 human, the others random players."""

    def __init__(self, setup: dict[str, Any], seed: int) -> None:
        self.state = sr.new_game(seed=seed, **setup)
        self.version = 0
        self.rng = random.Random(seed)
        self.claimed = False
        self.sockets: list[Any] = []
        self.outside: list[str] = []
        #: The actions seat 0 posted, as they came.
        self.posted: list[str] = []
        self._others_play()

    def _seats(self) -> list[dict[str, Any]]:
        count = len(sr.game_of(self.state).agents(self.state))
        return [
            {"kind": "human" if s == 0 else "bot:random", "claimed": s == 0 and self.claimed}
            for s in range(count)
        ]

    def _others_play(self) -> None:
        while not sr.is_terminal(self.state) and self.state.current_player != 0:
            self.state = sr.apply(self.state, self.rng.choice(sr.legal_actions(self.state)))
            self.version += 1

    def view(self, seat: int | None) -> dict[str, Any]:
        return match_view(self.state, self.version, seat, self._seats())

    def handle(self, route: Any) -> None:
        request = route.request
        url = urlparse(request.url)
        if url.netloc != "sankore.test":
            self.outside.append(request.url)
            route.abort()
            return
        seat = 0 if request.headers.get("authorization") == f"Bearer {TOKEN}" else None
        path, method = url.path, request.method
        if path == "/example.html":
            route.fulfill(status=200, body=docs_example(), content_type="text/html")
        elif path == "/" or path.startswith("/static/"):
            name = "index.html" if path == "/" else path.removeprefix("/static/")
            body = (STATIC / name).read_text(encoding="utf-8")
            route.fulfill(status=200, body=body, content_type=TYPES[Path(name).suffix])
        elif path == "/api/games":
            self._json(route, [{"name": "sankore", "title": "Sankoré", "players": [2],
                                "default_players": 2, "options": []}])  # fmt: skip
        elif path == f"/api/matches/{MATCH}/seats/0" and method == "POST":
            self.claimed = True
            self._json(route, {"token": TOKEN})
        elif path == f"/api/matches/{MATCH}":
            self._json(route, self.view(seat))
        elif path == f"/api/matches/{MATCH}/picture":
            clickable = parse_qs(url.query).get("clickable") == ["1"]
            viewer = SPECTATOR if seat is None else seat
            svg = sr.state_svg(self.state, viewer, clickable=clickable)
            route.fulfill(status=200, body=svg, content_type="image/svg+xml")
        elif path == f"/api/matches/{MATCH}/actions" and method == "POST":
            self._act(route, seat, json.loads(request.post_data or "{}"))
        else:
            self._json(route, {"error": "no such call"}, 404)

    def _act(self, route: Any, seat: int | None, body: dict[str, Any]) -> None:
        if seat != 0 or self.state.current_player != 0 or body.get("version") != self.version:
            self._json(route, {"error": "not now", "version": self.version}, 409)
            return
        self.posted.append(body["action"])
        self.state = sr.apply(self.state, body["action"])
        self.version += 1
        self._others_play()
        self._json(route, self.view(0))
        for socket in self.sockets:
            socket.send(json.dumps({"version": self.version}))

    def socket(self, ws: Any) -> None:
        self.sockets.append(ws)
        ws.send(json.dumps({"version": self.version}))

    @staticmethod
    def _json(route: Any, data: Any, status: int = 200) -> None:
        route.fulfill(status=status, body=json.dumps(data), content_type="application/json")


def docs_example() -> str:
    """The ten-line web page of docs/pictures.md, for the stand-in's match and seat 0."""
    page = (Path(__file__).resolve().parents[1] / "docs" / "pictures.md").read_text("utf-8")
    block = page.split("### A web page played by clicking", 1)[1]
    html = block.split("```html\n", 1)[1].split("```", 1)[0]
    assert html.count("\n") <= 16, "the example is no longer short"
    return html.replace("/api/matches/ID", f"/api/matches/{MATCH}").replace("TOKEN", TOKEN)


def _open(browser: Any, stand_in: StandIn) -> tuple[Any, list[str]]:
    """The match page at 1280 px, its requests answered by ``stand_in``; its console errors."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/*", stand_in.handle)
    page.route_web_socket("**/*", stand_in.socket)
    page.goto(f"{HOME}/#/match/{MATCH}")
    page.wait_for_selector("body[data-ready=true]", timeout=WAIT)
    return page, errors


def _shown(page: Any, version: int) -> None:
    """Wait until the page shows ``version`` with its picture."""
    page.wait_for_function(
        "v => document.querySelector('#status').dataset.version === String(v)"
        " && document.querySelector('#picture').dataset.version === String(v)",
        arg=version,
        timeout=WAIT,
    )


def _play_by_clicking(page: Any, stand_in: StandIn, rng: random.Random) -> int:
    """Click places of the board until the game is over; how many actions were played."""
    played = 0
    while not sr.is_terminal(stand_in.state):
        before = stand_in.version
        _shown(page, before)
        page.wait_for_selector(MINE, timeout=WAIT)
        places = page.query_selector_all("#picture [data-actions]")
        place = rng.choice(places)
        actions = json.loads(place.get_attribute("data-actions") or "[]")
        place.click(timeout=WAIT)
        if len(actions) > 1:
            page.wait_for_selector("#menu:not([hidden]) button", timeout=WAIT)
            shown = [b.inner_text() for b in page.query_selector_all("#menu button[data-action]")]
            assert shown == [sr.describe(stand_in.state, a) for a in actions]
            page.get_by_role("menuitem", name=rng.choice(shown), exact=True).click(timeout=WAIT)
        page.wait_for_function(
            "v => Number(document.querySelector('#status').dataset.version) > v",
            arg=before,
            timeout=WAIT,
        )
        played += 1
    page.wait_for_selector("#scores:not([hidden])", timeout=WAIT)
    return played


GAMES = [
    pytest.param({"players": 2, "turn_limit": 2}, id="sankore-2"),
    pytest.param({"players": 3, "turn_limit": 1}, id="sankore-3"),
    pytest.param({"players": 4, "turn_limit": 1}, id="sankore-4"),
    pytest.param({"players": 1, "scholar": "easy", "turn_limit": 2}, id="sankore-solo"),
    pytest.param({"players": 2, "game": "five_tribes"}, id="five-tribes-2"),
]


@pytest.mark.parametrize("setup", GAMES)
def test_a_whole_game_played_by_clicking_the_board(browser: Any, setup: dict[str, Any]) -> None:
    stand_in = StandIn(setup, seed=4)
    page, errors = _open(browser, stand_in)
    page.click("button[data-claim='0']", timeout=WAIT)
    played = _play_by_clicking(page, stand_in, random.Random(4))
    assert played == len(stand_in.posted) > 0 and sr.is_terminal(stand_in.state)
    assert errors == [] and stand_in.outside == []
    page.close()


def test_a_spectator_sees_no_actions(browser: Any) -> None:
    stand_in = StandIn({"players": 2}, seed=1)
    page, errors = _open(browser, stand_in)
    _shown(page, stand_in.version)
    assert page.get_attribute("#picture svg", "aria-label") == "Sankoré as a spectator sees it"
    assert page.query_selector_all("#picture [data-actions]") == []
    assert page.query_selector_all("#legal button") == []
    assert errors == [] and stand_in.outside == []
    page.close()


def test_the_board_by_keyboard_and_its_words(browser: Any) -> None:
    """Tab reaches the places, hovering one says its words, Enter plays it; the list of
    choices says each action's words with its notation beside them."""
    stand_in = StandIn({"players": 2}, seed=1)
    page, errors = _open(browser, stand_in)
    page.click("button[data-claim='0']", timeout=WAIT)
    page.wait_for_selector("#picture [data-actions]", timeout=WAIT)
    first = sr.legal_actions(stand_in.state)[0]
    words = sr.describe(stand_in.state, first)
    button = page.locator(f'#legal button[data-action="{first}"]')
    assert button.inner_text() == words + str(first)
    page.hover("#picture [data-actions]")
    assert page.inner_text("#hint") == words
    page.focus("#picture")
    page.keyboard.press("Tab")
    focused = page.evaluate("document.activeElement.dataset.actions")
    assert json.loads(focused) == [str(first)]
    before = stand_in.version
    page.keyboard.press("Enter")
    page.wait_for_function(
        "v => Number(document.querySelector('#status').dataset.version) > v",
        arg=before,
        timeout=WAIT,
    )
    assert stand_in.posted == [str(first)]
    assert errors == [] and stand_in.outside == []
    page.close()


def test_the_docs_web_page_plays_by_clicking(browser: Any) -> None:
    """docs/pictures.md's page of plain JavaScript plays a seat through the picture endpoint:
    clicks on the board's places, a place of several actions answered by its prompt."""
    stand_in = StandIn({"players": 2}, seed=2)
    stand_in.claimed = True
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("dialog", lambda dialog: dialog.accept("0"))
    page.route("**/*", stand_in.handle)
    page.goto(f"{HOME}/example.html")
    rng = random.Random(2)
    for _ in range(12):
        before = stand_in.version
        # The picture shown now is marked, to tell the next one from it.
        fresh = "#board svg:not([data-seen])[aria-label$='as P0 sees it'] [data-actions]"
        page.wait_for_selector(fresh, timeout=WAIT)
        page.eval_on_selector("#board svg", "svg => { svg.dataset.seen = 'yes'; }")
        place = rng.choice(page.query_selector_all("#board [data-actions]"))
        actions = json.loads(place.get_attribute("data-actions") or "[]")
        place.click(timeout=WAIT)
        page.wait_for_selector(fresh, timeout=WAIT)
        assert stand_in.posted[-1] == actions[0] and stand_in.version > before
    assert len(stand_in.posted) == 12
    assert errors == [] and stand_in.outside == []
    page.close()


#: Where the page's screenshots of the docs are written, when asked (a folder).
SHOTS = os.environ.get("SANKORE_PAGE_SHOTS")


@pytest.mark.parametrize(
    ("name", "setup"),
    [
        ("sankore-4", {"players": 4}),
        ("sankore-solo", {"players": 1, "scholar": "easy"}),
        ("five-tribes", {"players": 2, "game": "five_tribes"}),
    ],
)
def test_the_prompt_and_my_board_stay_in_view_at_1280(
    browser: Any, name: str, setup: dict[str, Any]
) -> None:
    """At 1280 x 800 the prompt and the choices are in view beside the board, and 'My board'
    brings the seat's own board into the board's box. With SANKORE_PAGE_SHOTS=FOLDER, the
    page is saved there as match-page-NAME.png (the screenshots of docs/pictures.md)."""
    stand_in = StandIn(setup, seed=3)
    page, errors = _open(browser, stand_in)
    page.click("button[data-claim='0']", timeout=WAIT)
    rng = random.Random(3)
    for _ in range(3):  # a few moves in: a position with something on the board
        before = stand_in.version
        _shown(page, before)
        page.wait_for_selector(MINE, timeout=WAIT)
        places = page.query_selector_all("#picture [data-actions]")
        one = [p for p in places if len(json.loads(p.get_attribute("data-actions") or "")) == 1]
        rng.choice(one).click(timeout=WAIT)
        page.wait_for_function(
            "v => Number(document.querySelector('#status').dataset.version) > v",
            arg=before,
            timeout=WAIT,
        )
    _shown(page, stand_in.version)
    for shown in ("#status", "#legal button", "#notation"):
        box = page.locator(shown).first.bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= 800, shown
        assert box["x"] + box["width"] <= 1280, shown
    page.click("#my-board")
    board = page.locator("#picture").bounding_box()
    mine = page.locator('#picture [data-panel="player-0"]').bounding_box()
    assert board is not None and mine is not None
    assert board["y"] <= mine["y"] < board["y"] + board["height"]
    shot = page.screenshot()
    assert shot.startswith(b"\x89PNG")
    if SHOTS:
        Path(SHOTS, f"match-page-{name}.png").write_bytes(shot)
    assert errors == [] and stand_in.outside == []
    page.close()
