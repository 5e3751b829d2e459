"""The docs site opened as a file (issue 40): no server, no network, and the search works.

A reader who builds the site (``make docs``) and opens ``site/index.html`` in a browser gets
the site as it is served: every link names a page's file, not a folder (which a browser shows
as a listing), and the search runs from the file system (mkdocs-material's offline plugin, with
its Web Worker shim carried by the site instead of fetched from a CDN).

Headless Chromium opens the built site by its ``file://`` URL, and served on this machine's
loopback address (``tests/test_browser.py``'s server), follows the navigation to Getting
started, and searches. It runs only where ``tests/test_browser.py``'s tests do (Debian's
Chromium and Playwright), and under CI it must.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from test_browser import CHROMIUM, CHROMIUM_ARGS, MISSING, Watched
from test_browser import base as served  # noqa: F401  (a fixture: the site, served)

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


class Opened:
    """The site in a Chromium page: its address (a ``file://`` folder, or the server's), the
    watched page (console errors, failed requests, requests outside the site refused), and
    every URL the page asked for."""

    def __init__(self, watched: Watched, home: str) -> None:
        self.watched = watched
        self.page = watched.page
        self.home = home
        self.requested: list[str] = []
        self.page.on("request", lambda r: self.requested.append(r.url))

    def leaving(self) -> list[str]:
        """The requests for anything but a file of the site (an inline ``data:`` picture is no
        request either: it is part of the stylesheet). Opened as a file, that is every request
        that is not for a file."""
        return [url for url in self.requested if not url.startswith((self.home, "data:"))]

    def problems(self) -> list[str]:
        """Console errors, failed requests, requests outside the site, in that order."""
        return self.watched.errors + self.watched.failed + self.leaving() + self.watched.outside


@pytest.fixture(scope="module", params=["file", "served"])
def opened(request: pytest.FixtureRequest, site: Path) -> Iterator[Opened]:
    """The site opened in Chromium, as a file and served."""
    from playwright.sync_api import sync_playwright

    home = site.as_uri() + "/" if request.param == "file" else request.getfixturevalue("served")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        watched = Watched(chromium, home)
        yield Opened(watched, home)
        watched.close()
        chromium.close()


def test_the_navigation_opens_getting_started_as_a_page_not_a_folder(opened: Opened) -> None:
    """Following the navigation from the home page opens Getting started's own file, with its
    title and its first section (before, opened as a file, the link showed a folder listing),
    and nothing is asked of any other machine."""
    page = opened.page
    page.goto(opened.home + "index.html", wait_until="load")
    link = page.locator(".md-sidebar--primary a.md-nav__link", has_text="Getting started")
    assert "getting-started.html" == link.get_attribute("href")
    link.click()
    page.wait_for_load_state("load")
    assert opened.home + "getting-started.html" == page.url
    assert "Getting started¶" == page.inner_text("article h1")  # ¶: its permalink
    assert "Install" in page.inner_text("article")
    assert [] == opened.problems()


def test_the_search_finds_register(opened: Opened) -> None:
    """Searching for ``register`` lists the pages that say it, and following the first result
    opens a page of the site that does; no console error (opened as a file, the search box
    never showed, its worker refused), and no request leaves the machine."""
    page = opened.page
    page.goto(opened.home + "getting-started.html", wait_until="load")
    page.click("input.md-search__input")
    page.locator("input.md-search__input").press_sequentially("register")
    results = page.locator("ol.md-search-result__list a.md-search-result__link")
    results.first.wait_for(state="visible", timeout=15_000)
    assert results.count() >= 2
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert [] == [href for href in hrefs if not href.startswith(opened.home)]
    results.first.click()
    page.wait_for_load_state("load")
    assert page.url.startswith(opened.home)
    assert "register" in page.inner_text("article").lower()
    assert [] == opened.problems()
