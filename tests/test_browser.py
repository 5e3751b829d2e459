"""The site and the game viewer in a real browser (issue 15): headless Chromium, driven by
Playwright, opens the built site and a generated viewer page.

Every page loads with no console error and no request outside the site; every SVG is laid out
with the elements the ruleset says it has; the viewer steps forward and back with the keys.

Chromium is Debian's (``apt-get install chromium``, which ``.ci/run`` does); Playwright is the
``browser`` extra of ``pyproject.toml``, which ``make`` installs. Where either is missing these
tests are skipped, and ``make test`` says so in one line; under CI (``CI`` set) they must run.
"""

from __future__ import annotations

import functools
import http.server
import os
import re
import sys
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr
from positions import RULES

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "docs" / "hooks"))
from sankore_docs.pictures import mid_game, mid_game_figures

CHROMIUM = os.environ.get("SANKORE_CHROMIUM", "/usr/bin/chromium")
#: Headless, and quiet: this machine's network is closed, and Chromium must not try it.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def _missing() -> str | None:
    if not Path(CHROMIUM).is_file():
        return f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no Playwright (pip install -e '.[browser]', as make does)"
    return None


MISSING = _missing()
if MISSING is not None and os.environ.get("CI"):
    raise RuntimeError(f"the browser tests must run under CI: {MISSING}")
pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


# ---- the browser and the site ------------------------------------------------------------------


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        """Serve without a line per request."""


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request: Any, client_address: Any) -> None:
        """Say nothing of a connection the browser closed early (it went to the next page)."""


@pytest.fixture(scope="module")
def base(site: Path) -> Iterator[str]:
    """The built site, served on this machine's loopback address; its address."""
    handler = functools.partial(_Quiet, directory=str(site))
    server = _Server(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


class Watched:
    """A browser page that records console errors, page errors and requests outside ``home``."""

    def __init__(self, browser: Any, home: str) -> None:
        self.page = browser.new_page(viewport={"width": 1400, "height": 1000})
        self.errors: list[str] = []
        self.outside: list[str] = []
        self.failed: list[str] = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        # A request cut short by going to the next page is no failure; any other is, and so is
        # an answer of 400 or more.
        self.page.on(
            "requestfailed",
            lambda r: None if "ERR_ABORTED" in (r.failure or "") else self.failed.append(r.url),
        )
        self.page.on(
            "response",
            lambda r: self.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        self.home = home
        self.page.route("**/*", self._route)

    def _route(self, route: Any) -> None:
        """Let the site's own requests through; record and refuse anything else."""
        url = route.request.url
        if url.startswith((self.home, "data:")):
            route.continue_()
        else:
            self.outside.append(url)
            route.abort()

    def close(self) -> None:
        self.page.close()


def svg_counts(svg: str, attribute: str) -> int:
    """How many elements of the picture carry ``attribute``, counted from its XML."""
    return sum(attribute in e.attrib for e in ET.fromstring(svg).iter())


# ---- the site ----------------------------------------------------------------------------------


def test_every_page_loads_without_errors_or_requests_outside_the_site(
    site: Path, base: str, browser: Any
) -> None:
    """Issue 15: each page of the site loads in Chromium with no console error, no failed
    request, and nothing asked of any other address (no font or diagram CDN)."""
    pages = sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*.html") if p.name != "404.html"
    )
    assert len(pages) > 30
    watched = Watched(browser, base)
    problems = {}
    for page in pages:
        watched.errors.clear()
        watched.failed.clear()
        watched.page.goto(base + page, wait_until="load")
        if watched.errors or watched.failed:
            problems[page] = watched.errors + watched.failed
    outside = sorted(set(watched.outside))
    watched.close()
    assert {} == problems
    assert [] == outside


#: Each area page's picture and what it must show: attribute -> count.
AREA_PAGES = {
    "areas/astronomy.html": {"data-space": 36, "data-path": 32, "data-line": 4, "data-place": 9},
    "areas/theology.html": {"data-space": 21, "data-city": 8},
    "areas/mathematics.html": {"data-space": 17, "data-cell": 16, "data-madrasa-students": 4},
    "areas/law.html": {"data-space": 28, "data-overflow": 4},
    "components/player-board.html": {
        "data-class-space": 10,
        "data-student-space": 20,
        "data-arrow": 22,
    },
    "components/queues.html": {"data-queue": 32},
    "components/favour-track.html": {"data-favour": 12},
    "components/graduation-tiles.html": {"data-slot": 16},
}

_LAID_OUT = """(svg) => {
  const box = svg.getBoundingClientRect();
  const spaces = Array.from(svg.querySelectorAll("[data-space], [data-slot], [data-cell]"));
  return {
    width: box.width,
    height: box.height,
    empty: spaces.filter((e) => { const b = e.getBBox(); return !(b.width > 0 && b.height > 0); })
      .map((e) => e.getAttribute("data-space") || e.getAttribute("data-slot")),
    texts: Array.from(svg.querySelectorAll("text")).filter((t) => t.getBBox().width > 0).length,
  };
}"""


@pytest.mark.parametrize("page", sorted(AREA_PAGES))
def test_each_pages_picture_is_laid_out_with_its_elements(
    base: str, browser: Any, page: str
) -> None:
    """Issue 15: the area and component pages show the library's SVG, laid out by the browser
    (a real size, every space drawn, the text set), with the elements the ruleset has."""
    watched = Watched(browser, base)
    watched.page.goto(base + page, wait_until="load")
    figures = watched.page.query_selector_all("figure.sankore-picture svg")
    assert 1 == len(figures)
    svg = figures[0]
    counts = {
        a: svg.evaluate(f"(s) => s.querySelectorAll('[{a}]').length") for a in AREA_PAGES[page]
    }
    laid = svg.evaluate(_LAID_OUT)
    errors = watched.errors
    watched.close()
    assert AREA_PAGES[page] == counts
    assert laid["width"] > 300 and laid["height"] > 30
    assert [] == laid["empty"]
    assert laid["texts"] >= 5
    assert [] == errors


def test_library_page_shows_both_sides(base: str, browser: Any) -> None:
    """LIB-5: the Library page draws both sides, 33 slots each."""
    watched = Watched(browser, base)
    watched.page.goto(base + "components/library.html", wait_until="load")
    slots = watched.page.eval_on_selector_all(
        "figure.sankore-picture svg",
        "(all) => all.map((s) => s.querySelectorAll('[data-slot]').length)",
    )
    watched.close()
    assert [33, 33] == slots


def test_pictures_page_shows_the_game_in_progress(base: str, browser: Any) -> None:
    """Issue 15, 27: the pictures page shows the mid-game state part by part: every piece,
    camel and disc the library draws for it, and the last action's marks, each figure laid out
    at a readable size (at least 0.9 of its own width, or scrolling at its own size)."""
    state = mid_game(RULES)
    expected = [svg for svg, _ in mid_game_figures(state)]
    watched = Watched(browser, base)
    watched.page.goto(base + "pictures.html", wait_until="load")
    svgs = watched.page.query_selector_all("figure.sankore-picture svg")
    attributes = ("data-piece", "data-event", "data-panel", "data-student", "data-book")
    found = [
        {a: svg.evaluate(f"(s) => s.querySelectorAll('[{a}]').length") for a in attributes}
        for svg in svgs
    ]
    scale = [
        svg.evaluate("(s) => s.getBoundingClientRect().width / s.width.baseVal.value")
        for svg in svgs
    ]
    watched.close()
    assert [{a: svg_counts(svg, a) for a in attributes} for svg in expected] == found
    assert sum(f["data-piece"] for f in found) > 10
    assert sum(f["data-event"] for f in found) >= 1
    assert min(scale) >= 0.9, scale


# ---- the game viewer ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def viewer(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[sr.State]]:
    """A viewer page of 60 actions of a seeded 3-player game, and the game's positions."""
    from sankore_rules.interfaces.bots import GreedyBot

    state = sr.new_game(players=3, seed=11)
    bots = [GreedyBot(seed=p) for p in range(3)]
    states, actions = [state], []
    for _ in range(60):
        action = bots[states[-1].current_player].choose(states[-1])
        actions.append(str(action))
        states.append(sr.apply(states[-1], action))
    record = sr.load_record(sr.save_record(actions, players=3, seed=11))
    path = tmp_path_factory.mktemp("viewer") / "game.html"
    path.write_text(sr.viewer_html(record), encoding="utf-8")
    return path, states


def _frame(page: Any) -> dict[str, Any]:
    return page.evaluate(
        """() => ({
          move: Number(document.body.dataset.move),
          pieces: document.querySelectorAll('#picture [data-piece]').length,
          events: document.querySelectorAll('#picture [data-event]').length,
          where: document.getElementById("where").textContent,
          now: Array.from(document.querySelectorAll("#actions li.now")).map((li) => li.value),
          scores: document.querySelector("#scores pre").textContent.split("\\n").length,
          said: document.querySelectorAll("#events li").length,
          oneLine: getComputedStyle(document.querySelector("#scores pre")).whiteSpace === "pre",
        })"""
    )


def _expected(states: list[sr.State], move: int) -> dict[str, int]:
    svg = sr.state_svg(states[move])
    return {"pieces": svg_counts(svg, "data-piece"), "events": svg_counts(svg, "data-event")}


def test_viewer_steps_forward_and_back_with_the_keys(
    viewer: tuple[Path, list[sr.State]], browser: Any
) -> None:
    """Issue 15: the viewer opens on the setup, with nothing asked of the network; the arrow
    keys step one move, End and Home jump to either end, a click on an action goes there; each
    frame shows that position's pieces and marks and its score sheet."""
    path, states = viewer
    watched = Watched(browser, path.as_uri())
    watched.page.goto(path.as_uri(), wait_until="load")
    seen = [_frame(watched.page)]
    for key in ("ArrowRight", "ArrowRight", "ArrowLeft", "End", "ArrowRight", "Home", "ArrowLeft"):
        watched.page.keyboard.press(key)
        seen.append(_frame(watched.page))
    watched.page.click('#actions button[data-move="42"]')
    seen.append(_frame(watched.page))
    watched.page.keyboard.press("PageUp")
    seen.append(_frame(watched.page))
    errors, outside = watched.errors, watched.outside
    watched.close()
    assert [0, 1, 2, 1, 60, 60, 0, 0, 42, 32] == [f["move"] for f in seen]
    for frame in seen:
        assert _expected(states, frame["move"]) == {
            "pieces": frame["pieces"],
            "events": frame["events"],
        }
        assert ([frame["move"]] if frame["move"] else []) == frame["now"]
        assert 2 + 3 == frame["scores"]  # the heads, the values and one row per player
        # Issue 27: every action is described (a draft pick too), and score rows never wrap.
        assert (frame["move"] > 0) == (frame["said"] > 0)
        assert frame["oneLine"]
    assert seen[0]["where"] == "move 0 of 60 · the setup"
    assert re.fullmatch(r"move 42 of 60 · P\d: .+", seen[8]["where"])
    assert [] == errors
    assert [] == outside


def test_viewer_opens_at_the_move_its_address_names(
    viewer: tuple[Path, list[sr.State]], browser: Any
) -> None:
    """The address keeps the move: ``game.html#17`` opens on move 17."""
    path, states = viewer
    watched = Watched(browser, path.as_uri())
    watched.page.goto(path.as_uri() + "#17", wait_until="load")
    frame = _frame(watched.page)
    watched.close()
    assert 17 == frame["move"]
    assert _expected(states, 17)["pieces"] == frame["pieces"]


def test_viewer_swaps_the_whole_picture_of_a_game_without_layers(
    tmp_path: Path, browser: Any
) -> None:
    """Issue 26: a game whose picture has no pieces layers (the toy game of the tests) is
    stepped through too: each move shows its own picture, the pile's stones one circle each."""
    from sankore_rules.core import registry
    from toy_game import HIDDEN_NIM, NAME

    sr.register(HIDDEN_NIM)
    try:
        state = sr.new_game(players=2, seed=3, game=NAME)
        piles, actions = [state.pile], []
        while not sr.is_terminal(state):
            action = sr.legal_actions(state)[-1]
            actions.append(str(action))
            state = sr.apply(state, action)
            piles.append(state.pile)
        record = sr.load_record(sr.save_record(actions, players=2, seed=3, game=NAME))
        path = tmp_path / "nim.html"
        path.write_text(sr.viewer_html(record), encoding="utf-8")
    finally:
        registry.unregister(NAME)
    watched = Watched(browser, path.as_uri())
    watched.page.goto(path.as_uri(), wait_until="load")
    seen = []
    for key in ("", "ArrowRight", "ArrowRight", "End", "Home"):
        if key:
            watched.page.keyboard.press(key)
        seen.append(
            watched.page.evaluate(
                """() => [Number(document.body.dataset.move),
                          document.querySelectorAll('#picture circle').length]"""
            )
        )
    errors = watched.errors
    watched.close()
    last = len(actions)
    assert [[0, piles[0]], [1, piles[1]], [2, piles[2]], [last, 0], [0, piles[0]]] == seen
    assert [] == errors
