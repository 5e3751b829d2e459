"""The docs generator: every number on the rules pages comes from the rule tables at build time.

mkdocs loads this file as a hook (``hooks:`` in ``mkdocs.yml``). The hand-written pages under
``docs/`` carry markers such as ``<!-- sankore:theology-spaces -->``;
[`on_page_markdown`][generate.on_page_markdown] replaces each marker with a section rendered from
``sankore_rules.load_rules()``, or from the corrected tables in the folder named by the
``SANKORE_RULES_DATA`` environment variable. No number of the game is written by hand anywhere in
the docs, so the site cannot disagree with the tables the engine plays by.

Every effect of the tables is put into words by one function,
[`sankore_docs.words.describe_effect`][sankore_docs.words.describe_effect]; an entry it cannot put
into words raises [`UnrenderedError`][sankore_docs.words.UnrenderedError] and the build fails.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from sankore_docs import (
    ai,
    areas,
    clauses,
    components,
    examples,
    five_tribes,
    pictures,
    reference,
    solo,
)
from sankore_docs.reference import DATA_PAGES
from sankore_docs.words import UnrenderedError

import sankore_rules as sr

__all__ = [
    "DATA_PAGES",
    "MARKER",
    "SECTIONS",
    "expand",
    "on_config",
    "on_page_content",
    "on_page_markdown",
]

#: A marker in a page: ``<!-- sankore:section-name -->``.
MARKER = re.compile(r"<!--\s*sankore:([a-z0-9-]+)\s*-->")

#: The hand-written pages: ``docs/``, beside this hook's folder.
DOCS = Path(__file__).resolve().parent.parent

#: Every section a page may ask for with a marker, and the function that renders it.
SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    **areas.SECTIONS,
    **components.SECTIONS,
    **pictures.SECTIONS,
    **reference.SECTIONS,
    **solo.SECTIONS,
    **ai.SECTIONS,
    **five_tribes.SECTIONS,
    **examples.SECTIONS,
    "clauses": lambda rules, page: clauses.render(clauses.citations(DOCS), page),
}


def render_section(name: str, rules: sr.Rules, page: str = "index.md") -> str:
    """The Markdown of one section, for the page at ``page`` (a path under ``docs/``).

    Raises:
        UnrenderedError: for an unknown section, or an entry that cannot be put into words.
    """
    if name not in SECTIONS:
        raise UnrenderedError(f"{page}: no generated section is called {name!r}")
    return SECTIONS[name](rules, page)


def expand(markdown: str, rules: sr.Rules, page: str = "index.md") -> str:
    """A page's Markdown with every marker replaced by its generated section."""
    return MARKER.sub(lambda m: render_section(m.group(1), rules, page), markdown)


# ---- the mkdocs hook -----------------------------------------------------------------------------

_RULES: list[sr.Rules] = []


_CITED: list[list[str]] = []


def on_config(config: Any) -> Any:
    """Load the ruleset and the clauses the pages cite, once per build.

    The ruleset is the bundled tables, or those of the folder ``$SANKORE_RULES_DATA`` names.
    """
    _RULES[:] = [sr.load_rules(os.environ.get("SANKORE_RULES_DATA") or None)]
    _CITED[:] = [list(clauses.citations(DOCS))]
    return config


def on_page_content(html: str, page: Any, config: Any, files: Any) -> str:
    """Link the rulings and clauses cited in rendered text that was never Markdown here.

    The API reference is rendered from docstrings, which cite rulings (``ENGINE-1``) and
    clauses (``END-2``) as the code does; they link like the pages' own citations. A clause
    no page explains has no entry to link to and is left as it is.
    """
    if not _RULES:
        on_config(config)
    here = page.file
    rulings = files.get_file_from_path("reference/rulings.md")
    listing = files.get_file_from_path(clauses.CLAUSES_PAGE)
    targets = {
        r.id: f"{rulings.url_relative_to(here)}#{r.id.lower()}"
        for r in _RULES[0].tables.rulings.ruling
        if page.file.src_uri != "reference/rulings.md"
    }
    if page.file.src_uri != clauses.CLAUSES_PAGE:
        targets |= {c: f"{listing.url_relative_to(here)}#{c.lower()}" for c in _CITED[0]}
    return clauses.link_html(html, targets)


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Replace the page's markers with the sections generated from the tables."""
    from mkdocs.exceptions import PluginError

    if not _RULES:
        on_config(config)
    try:
        # Clause IDs in the hand-written prose link to the clauses page; generated sections,
        # expanded after, carry none of their own.
        linked = clauses.link_clauses(markdown, page.file.src_uri)
        expanded = expand(linked, _RULES[0], page.file.src_uri)
        if page.file.src_uri.startswith(five_tribes.PAGES):
            return five_tribes.ids_as_code(expanded)
        return expanded
    except UnrenderedError as exc:
        raise PluginError(f"sankore docs generator: {exc}") from exc
