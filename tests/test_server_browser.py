"""The match server's browser client (issue 28) in a real browser: Debian's Chromium, headless,
driven by Playwright, against a server process on a free loopback port.

The page is the one the server serves at ``/``; the tests click what a person would: the lobby's
form, a seat's claim button, the legal actions' buttons, the notation box. They need the
``server`` and ``browser`` extras and Chromium: like tests/test_browser.py, they are skipped
(with one line saying why) on a machine without Chromium, and must run under CI.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

from test_browser import CHROMIUM, CHROMIUM_ARGS, MISSING, Watched
from test_server import Server, serving

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")

#: A bound on each wait for the page, in milliseconds.
WAIT = 20_000
#: The picture the server draws for a seat (a page shows a spectator's before its claim).
_SEAT_PICTURE = "#picture svg[aria-label$='as P{seat} sees it']"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A server for the page, with a quick MCTS budget."""
    yield from serving(tmp_path_factory, "--mcts-iterations", "10")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless and off the network."""
    with sync_playwright() as p:
        chromium = p.chromium.launch(
            executable_path=CHROMIUM, args=[*CHROMIUM_ARGS, "--disable-quic"]
        )
        yield chromium
        chromium.close()


def _create(page: Any, game: str, seats: list[str], options: dict[str, str]) -> str:
    """Fill the lobby's form and create the match; its id, from the address."""
    page.wait_for_selector("body[data-ready=true]", timeout=WAIT)
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for name, value in options.items():
        field = f"[data-option={name}]"
        if page.eval_on_selector(field, "e => e.tagName") == "SELECT":
            page.select_option(field, json.dumps(value))  # a choice: its JSON value
        else:
            page.fill(field, value)
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.click("#create-button")
    page.wait_for_url("**/#/match/*", timeout=WAIT)
    return str(page.url.rsplit("/", 1)[1])


def _version(page: Any) -> int:
    return int(page.get_attribute("#status", "data-version") or -1)


#: How long a click waits for its button before the buttons are read again (ms), and how many
#: times a view may have moved on under the test before it fails.
RETRY = 3_000
STALE_READS = 10


def _play(page: Any, rng: random.Random, moves: int | None) -> int:
    """Click legal actions at random until ``moves`` were made or the game ends; moves made."""
    made = stale = 0
    while moves is None or made < moves:
        if page.is_visible("#scores"):
            break
        page.wait_for_selector("#status[data-version]", timeout=WAIT)
        before = _version(page)
        buttons = page.query_selector_all("#legal button")
        if not buttons:
            page.wait_for_function(
                "v => Number(document.querySelector('#status').dataset.version) > v "
                "|| !document.querySelector('#scores').hidden",
                arg=before,
                timeout=WAIT,
            )
            continue
        notation = rng.choice(buttons).get_attribute("data-action")
        # By its notation: a push may have drawn the same buttons again meanwhile, or a newer
        # view other buttons (the buttons were read from the view before): then read again.
        try:
            page.click(f'#legal button[data-action="{notation}"]', timeout=RETRY)
        except PlaywrightTimeout:
            stale += 1
            assert stale <= STALE_READS, f"no button {notation!r} after {stale} reads"
            continue
        page.wait_for_function(
            "v => Number(document.querySelector('#status').dataset.version) > v",
            arg=before,
            timeout=WAIT,
        )
        made += 1
    return made


class _Opener:
    """A browser context that opens pages the way ``Watched`` asks a browser to."""

    def __init__(self, context: Any) -> None:
        self.context = context

    def new_page(self, viewport: dict[str, int]) -> Any:
        """A new page of the context, of that size."""
        page = self.context.new_page()
        page.set_viewport_size(viewport)
        return page


def _token(page: Any, match: str) -> str:
    saved = page.evaluate(f"sessionStorage.getItem('sankore-seat:{match}')")
    return str(json.loads(saved)["token"])


def test_a_whole_sankore_game_from_the_page_against_a_bot(server: Server, browser: Any) -> None:
    """Create, claim seat 0, play every decision by its button to the final scores (END-2)."""
    watched = Watched(browser, server.base)
    page = watched.page
    page.goto(server.base + "/")
    match = _create(page, "sankore", ["human", "bot:greedy"], {"turn_limit": "2"})
    page.click("button[data-claim='0']")
    page.wait_for_selector(_SEAT_PICTURE.format(seat=0), timeout=WAIT)
    # A refusal is shown with the library's words.
    page.fill("#notation", "teach c9z")
    page.press("#notation", "Enter")
    page.wait_for_selector("#reasons li[data-code]", timeout=WAIT)
    assert page.get_attribute("#reasons li", "data-code") in ("wrong_decision", "403")
    _play(page, random.Random(3), None)
    page.wait_for_selector("#scores:not([hidden])", timeout=WAIT)
    view = httpx.get(f"{server.base}/api/matches/{match}").json()
    assert view["terminal"] is True
    assert (
        json.loads(page.get_attribute("#scores", "data-totals") or "") == view["scores"]["totals"]
    )
    assert page.inner_text("#scores").startswith("Final scores: Seat 0:")
    # The refused action is the only request the browser reports as failed.
    refused = [e for e in watched.errors if "responded with a status of 4" in e]
    assert len(refused) == 1 and watched.errors == refused and watched.outside == []
    watched.close()


def test_a_seats_note_is_shown_in_the_seat_list(server: Server, browser: Any) -> None:
    """A seat's note (a bot's fallback, in the view's ``seats``) is shown beside that seat in
    the page's seat list, for everyone; a seat without one shows none."""
    watched = Watched(browser, server.base)
    page = watched.page
    page.goto(server.base + "/")
    match = _create(page, "sankore", ["human", "bot:random"], {"turn_limit": "2"})
    note = (
        "the bot:random bot failed 2 times at version 0 (last: BrokenProcessPool); "
        "this seat played a random legal action instead"
    )

    def noted(route: Any) -> None:
        # The server's view, with the note a failing bot would have left on seat 1.
        response = route.fetch()
        view = response.json()
        view["seats"][1]["note"] = note
        route.fulfill(response=response, json=view)

    page.route(f"**/api/matches/{match}", noted)
    page.reload()
    page.wait_for_selector("#seat-list li .note", timeout=WAIT)
    assert page.inner_text("#seat-list li:nth-child(2) .note") == note
    assert page.inner_text("#seat-list li:nth-child(2)").startswith("Seat 1: bot:random — ")
    assert page.query_selector("#seat-list li:nth-child(1) .note") is None
    assert watched.errors == [] and watched.outside == []
    watched.close()


def test_two_players_meet_through_the_lobby_each_seeing_only_their_hand(
    server: Server, browser: Any
) -> None:
    """Two browser contexts: one creates and claims seat 0, the other joins and claims seat 1.

    Each page shows its own Objective cards and only how many the other holds, and draws the
    picture the server draws for its seat.
    """
    contexts = [browser.new_context(), browser.new_context()]
    pages = [Watched(_Opener(c), server.base) for c in contexts]
    first, second = pages[0].page, pages[1].page
    first.goto(server.base + "/")
    match = _create(first, "sankore", ["human", "human"], {})
    first.click("button[data-claim='0']")
    second.goto(server.base + "/")
    second.wait_for_selector("body[data-ready=true]", timeout=WAIT)
    second.fill("#join-id", match)
    second.click("#join button")
    second.click("button[data-claim='1']", timeout=WAIT)
    for seat, page in enumerate((first, second)):
        # The seat's own picture, not the spectator's the page showed before its claim.
        page.wait_for_selector(_SEAT_PICTURE.format(seat=seat), timeout=WAIT)
    rng = random.Random(5)
    for _ in range(8):
        page = next(p for p in (first, second) if p.query_selector_all("#legal button"))
        other = second if page is first else first
        before = _version(other)
        _play(page, rng, 1)
        other.wait_for_function(
            "v => Number(document.querySelector('#status').dataset.version) > v",
            arg=before,
            timeout=WAIT,
        )
    for seat, page in enumerate((first, second)):
        token = _token(page, match)
        headers = {"Authorization": f"Bearer {token}"}
        view = httpx.get(f"{server.base}/api/matches/{match}", headers=headers).json()
        shown = json.loads(page.text_content("#observation") or "")
        assert shown == view["observation"] and view["seat"] == seat
        hands = [p["objectives"] for p in shown["players"]]
        assert isinstance(hands[seat], list) and isinstance(hands[1 - seat], int)
        # The page draws its seat's clickable picture (its actions on the places).
        picture = httpx.get(
            f"{server.base}/api/matches/{match}/picture?clickable=1", headers=headers
        )
        drawn = page.inner_html("#picture")
        assert drawn.startswith("<svg") and picture.text.startswith(drawn[:200])
    for watched in pages:
        assert watched.errors == [] and watched.outside == []
    for context in contexts:
        context.close()


def test_five_tribes_from_the_page(server: Server, browser: Any) -> None:
    """Five Tribes is created and played by its buttons from the same page, against a bot."""
    watched = Watched(browser, server.base)
    page = watched.page
    page.goto(server.base + "/")
    match = _create(page, "five_tribes", ["human", "bot:random"], {})
    page.click("button[data-claim='0']")
    page.wait_for_selector(_SEAT_PICTURE.format(seat=0), timeout=WAIT)
    assert page.get_attribute("#picture svg", "data-picture") == "five-tribes"
    made = _play(page, random.Random(9), 12)
    view = httpx.get(f"{server.base}/api/matches/{match}").json()
    assert made == 12 and view["version"] >= 12 and view["game"] == "five_tribes"
    assert watched.errors == [] and watched.outside == []
    watched.close()


def _click_the_board(page: Any, rng: random.Random, bound: int) -> int:
    """Play seat 0 by clicking places of its picture (menus by their words) to the end."""
    clicked = 0
    mine = _SEAT_PICTURE.format(seat=0) + " [data-actions]"
    while clicked < bound:
        page.wait_for_selector(f"#scores:not([hidden]), {mine}", timeout=WAIT)
        if page.is_visible("#scores"):
            return clicked
        before = _version(page)
        places = page.query_selector_all(mine)
        if not places:
            continue  # the picture was replaced between the wait and the reading
        place = rng.choice(places)
        actions = json.loads(place.get_attribute("data-actions") or "[]")
        try:
            place.click(timeout=RETRY)
            if len(actions) > 1:
                page.wait_for_selector("#menu:not([hidden]) button", timeout=RETRY)
                words = [b.inner_text() for b in page.query_selector_all("#menu button")]
                chosen = rng.choice([w for w in words if w])
                page.get_by_role("menuitem", name=chosen, exact=True).click(timeout=RETRY)
        except (PlaywrightTimeout, PlaywrightError):
            continue  # a newer view replaced the picture under the click: read it again
        page.wait_for_function(
            "v => Number(document.querySelector('#status').dataset.version) > v",
            arg=before,
            timeout=WAIT,
        )
        clicked += 1
    raise AssertionError(f"the game did not end within {bound} clicks")


@pytest.mark.parametrize(
    ("game", "players", "options"),
    [
        ("sankore", 2, {"turn_limit": "1"}),
        ("sankore", 1, {"scholar": "easy", "turn_limit": "1"}),
    ],
    ids=["sankore-2", "solo"],
)
def test_a_whole_game_on_the_live_server_by_clicking_the_board(
    server: Server, browser: Any, game: str, players: int, options: dict[str, str]
) -> None:
    """Issue 41: the server's own page and pictures (``?clickable=1``), played to the final
    scores by clicking the board's places alone; no console error, nothing from outside."""
    watched = Watched(browser, server.base)
    page = watched.page
    page.goto(server.base + "/")
    seats = ["human"] if players == 1 else ["human", "bot:random"]
    _create(page, game, seats, options)
    page.click("button[data-claim='0']")
    clicked = _click_the_board(page, random.Random(5), bound=300)
    assert clicked > 3
    page.wait_for_selector("#scores:not([hidden])", timeout=WAIT)
    assert watched.errors == [] and watched.outside == [] and watched.failed == []
    watched.close()
