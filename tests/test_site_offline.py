"""The docs site opened as a file (issue 40): no server, no network, and the search works.

A reader who builds the site (``make docs``) and opens ``site/index.html`` in a browser gets
the site as it is served: every link names a page's file, not a folder (which a browser shows
as a listing), and the search runs from the file system (mkdocs-material's offline plugin, with
its Web Worker shim carried by the site instead of fetched from a CDN).

Headless Chromium opens the built site by its ``file://`` URL, follows the navigation to
Getting started, and searches; it runs only where ``tests/test_browser.py``'s do (Debian's
Chromium and Playwright), and under CI it must.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from test_browser import CHROMIUM, CHROMIUM_ARGS, MISSING, Watched

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


@pytest.fixture(scope="module")
def opened(site: Path) -> Iterator[tuple[Watched, list[str]]]:
    """The site's home page opened as a file in Chromium, and every URL the page has asked for
    since (each refused unless it is a file of the site: see ``Watched``)."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        watched = Watched(chromium, site.as_uri() + "/")
        requested: list[str] = []
        watched.page.on("request", lambda r: requested.append(r.url))
        watched.page.goto((site / "index.html").as_uri(), wait_until="load")
        yield watched, requested
        watched.close()
        chromium.close()


def leaving(requested: list[str]) -> list[str]:
    """The requests that are not for a file of this machine (an inline ``data:`` picture is
    no request either: it is part of the stylesheet)."""
    return [url for url in requested if not url.startswith(("file://", "data:"))]


def test_the_navigation_opens_getting_started_as_a_page_not_a_folder(
    site: Path, opened: tuple[Watched, list[str]]
) -> None:
    """Following the navigation from the home page opens Getting started's own file, with its
    title and its first section, and nothing is asked of any other machine."""
    watched, requested = opened
    page = watched.page
    page.goto((site / "index.html").as_uri(), wait_until="load")
    link = page.locator(".md-sidebar--primary a.md-nav__link", has_text="Getting started")
    assert "getting-started.html" == link.get_attribute("href")
    link.click()
    page.wait_for_load_state("load")
    assert (site / "getting-started.html").as_uri() == page.url
    assert "Getting started¶" == page.inner_text("article h1")  # ¶: its permalink
    assert "Install" in page.inner_text("article")
    assert [] == watched.errors
    assert [] == watched.failed
    assert [] == leaving(requested)
    assert [] == watched.outside


def test_the_search_finds_register_from_the_file_system(
    site: Path, opened: tuple[Watched, list[str]]
) -> None:
    """Searching for ``register`` from a page opened as a file lists the pages that say it,
    and following the first result opens a page of the site that does; no console error (the
    served-only search logged two), and no request leaves the machine."""
    watched, requested = opened
    page = watched.page
    page.goto((site / "getting-started.html").as_uri(), wait_until="load")
    page.click("input.md-search__input")
    page.locator("input.md-search__input").press_sequentially("register")
    results = page.locator("ol.md-search-result__list a.md-search-result__link")
    results.first.wait_for(state="visible", timeout=15_000)
    assert results.count() >= 2
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    assert all(href.startswith("file://") for href in hrefs), hrefs
    results.first.click()
    page.wait_for_load_state("load")
    assert page.url.startswith(site.as_uri() + "/")
    assert "register" in page.inner_text("article").lower()
    assert [] == watched.errors
    assert [] == watched.failed
    assert [] == leaving(requested)
    assert [] == watched.outside
