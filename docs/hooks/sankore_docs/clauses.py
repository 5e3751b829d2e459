"""Checklist clause IDs on the rules pages, linked to one page that lists them all.

The hand-written pages cite, in brackets, the clause of the project's rules checklist that each
rule implements (``ENROL-3``, ``SETUP-C-7``), as the engine's code and tests do. A reader of the
site has no checklist to look them up in, so this module collects, for every clause a page
cites, what the page says where it cites it, and ``reference/clauses.md`` lists them; every
citation on the pages links there. The wording is the pages' own: the project's words, never
the rulebook's.

Ruling IDs (``AMB-7``, ``GAP-2``, ``ENGINE-1``) are not clauses: pages link those to the
rulings page themselves.
"""

from __future__ import annotations

import posixpath
import re
import unicodedata
from collections.abc import Iterator
from pathlib import Path
from typing import NamedTuple

from sankore_docs.words import link

__all__ = [
    "CLAUSE",
    "CLAUSES_PAGE",
    "Citation",
    "citations",
    "link_clauses",
    "link_html",
    "render",
]

#: The page that lists every clause cited (a path under ``docs/``).
CLAUSES_PAGE = "reference/clauses.md"

#: A clause ID of the rules checklist: a family (one per rulebook section) and a number.
# Five Tribes' IDs (FT-END-1) end like Sankoré's: the lookbehind keeps them whole.
CLAUSE = re.compile(
    r"(?<!FT-)\b(?:ASTRO|BONUS|COMP|DRAFT|END|ENROL|EST|FAV|GRAD|IC-[A-Z]{3}|KNOW|LAW|LIB|MADR|MAJ|MATH"
    r"|OBJ|RES|SANK|SCORE|SETUP-[CNP]|SKILL|SOLO-[A-Z]+\d?|STOR|SUPP|TEACH|THEO|TIE|TURN)-\d+\b"
)

#: A range of clauses of one family, ``ENROL-4 to ENROL-7``.
_RANGE = re.compile(rf"({CLAUSE.pattern}) to ({CLAUSE.pattern})")
_LINK = re.compile(r"\[([^\]]*)\]\(([^)]*)\)")
# A link kept while a paragraph is cut into clauses: its number in the paragraph's list.
_KEPT = re.compile(r"\x00(\d+)\x00")
# A link target written from the docs root, rewritten for the page that shows it.
_ROOTED = re.compile(r"\]\(@/([^)]*)\)")
_GROUP = re.compile(r"\(([^()]*)\)")
_HEADING = re.compile(r"(#{1,6})\s+(.*?)(?:\s*\{#([\w-]+)\})?\s*$")
_ITEM = re.compile(r"\s*(?:[-*]|\d+\.)\s+")
_MARKER = re.compile(r"<!--.*?-->")
_CODE = re.compile(r"`[^`\n]*`")
# Protected from linking: fenced blocks, inline code, links, and HTML tags.
_PROTECTED = re.compile(r"```.*?```|`[^`\n]*`|\[[^\]]*\]\([^)]*\)|<[^>\n]*>", re.S)


class Citation(NamedTuple):
    """One place a page cites a clause: the page's words for it, and where they are."""

    clause: str
    words: str
    page: str
    title: str
    anchor: str


def _family(clause: str) -> str:
    return clause.rsplit("-", 1)[0]


def _expand(text: str) -> list[str]:
    """Every clause ``text`` names, ranges (``MADR-1 to MADR-4``) filled in."""
    found: list[str] = []
    for m in _RANGE.finditer(text):
        first, last = m.group(1), m.group(2)
        if _family(first) == _family(last):
            lo, hi = int(first.rsplit("-", 1)[1]), int(last.rsplit("-", 1)[1])
            found += [f"{_family(first)}-{n}" for n in range(lo, hi + 1)]
    found += CLAUSE.findall(text)
    return list(dict.fromkeys(found))


def _slug(title: str) -> str:
    """The anchor the toc extension gives a heading (its default slugify)."""
    text = re.sub(r"[`*]", "", _LINK.sub(r"\1", title))
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    text = re.sub(r"[^\w\s-]", "", text).strip().lower()
    return re.sub(r"[-\s]+", "-", text)


def _blocks(markdown: str) -> Iterator[tuple[str, str]]:
    """Each paragraph or list item of a page's prose, with the anchor of its section."""
    anchor, block, fenced = "", [], False
    for line in [*_MARKER.sub("", markdown).splitlines(), ""]:
        if line.lstrip().startswith("```"):
            fenced = not fenced
            continue
        heading = None if fenced else _HEADING.fullmatch(line)
        starts_item = bool(_ITEM.match(line)) and not line.startswith("    ")
        row = line.startswith("|")
        if fenced or not line.strip() or heading or row or starts_item:
            if block:
                yield anchor, " ".join(block)
            block = []
        if heading:
            anchor = heading.group(3) or _slug(heading.group(2))
        elif row:
            yield anchor, line.replace("|", " ")
        elif not fenced and line.strip():
            block.append(_ITEM.sub("", line, count=1).strip() if starts_item else line.strip())


def _rooted(page: str, target: str) -> str:
    """A link target of ``page`` written from the docs root (``@/rules/end.md#storage``)."""
    if re.match(r"[a-z]+:", target):
        return target
    path, _, anchor = target.partition("#")
    full = posixpath.normpath(posixpath.join(posixpath.dirname(page), path)) if path else page
    return f"@/{full}" + (f"#{anchor}" if anchor else "")


def _words(text: str, links: list[str]) -> str:
    """Prose for the clauses page: no clause brackets, links kept, tidy spaces."""
    text = _GROUP.sub(lambda m: "" if _expand(m.group(1)) else m.group(0), text)
    text = re.sub(r"\s+([,.;:])", r"\1", re.sub(r"\s+", " ", text)).lstrip(" .,;:").rstrip(" ,;:")
    text = _KEPT.sub(lambda m: links[int(m.group(1))], text)
    return text[:1].upper() + text[1:]


def citations(docs: Path) -> dict[str, list[Citation]]:
    """Every clause the hand-written pages under ``docs`` cite, with the words citing it.

    A clause's words are the text leading up to the brackets it is cited in, from the previous
    brackets or the start of the paragraph; when that is only a few words, the whole paragraph.
    """
    found: dict[str, list[Citation]] = {}
    for path in sorted(docs.rglob("*.md")):
        page = path.relative_to(docs).as_posix()
        if page.startswith("hooks/") or page == CLAUSES_PAGE:
            continue
        markdown = path.read_text(encoding="utf-8")
        title = next(
            (m.group(2) for m in map(_HEADING.fullmatch, markdown.splitlines()) if m), page
        )
        for anchor, block in _blocks(markdown):
            # Links are set aside while the paragraph is cut (their targets hold brackets).
            links: list[str] = []

            def keep(m: re.Match[str], links: list[str] = links, page: str = page) -> str:
                links.append(f"[{m.group(1)}]({_rooted(page, m.group(2))})")
                return f"\x00{len(links) - 1}\x00"

            text = _LINK.sub(keep, block)
            # IDs in inline code are spoken of, not cited: blank them out of the search only.
            scan = _CODE.sub(lambda m: " " * len(m.group(0)), text)
            start = 0
            for group in _GROUP.finditer(scan):
                clauses = _expand(group.group(1))
                if not clauses:
                    continue
                lead = text[start : group.start()]
                words = _words(lead if len(lead.split()) >= 6 else text, links)
                start = group.end()
                for clause in clauses:
                    citation = Citation(clause, words, page, title, anchor)
                    if citation not in found.setdefault(clause, []):
                        found[clause].append(citation)
            for clause in _expand(_GROUP.sub("", scan)):  # cited outside brackets
                citation = Citation(clause, _words(text, links), page, title, anchor)
                if citation not in found.setdefault(clause, []):
                    found[clause].append(citation)
    return found


def link_clauses(markdown: str, page: str) -> str:
    """``markdown`` with each clause ID in its prose linked to its entry on the clauses page.

    Code, existing links and HTML are left as they are.
    """
    target = link(CLAUSES_PAGE, page, "").removeprefix("[](").removesuffix(")")

    def prose(text: str) -> str:
        return CLAUSE.sub(lambda m: f"[{m.group(0)}]({target}#{m.group(0).lower()})", text)

    out, last = [], 0
    for m in _PROTECTED.finditer(markdown):
        out += [prose(markdown[last : m.start()]), m.group(0)]
        last = m.end()
    return "".join([*out, prose(markdown[last:])])


# In rendered HTML: a tag, and the elements whose text is never linked.
_TAG = re.compile(r"(<[^>]+>)")
_UNLINKED = re.compile(r"<(/?)(a|code|pre|h[1-6]|script|style)\b", re.I)


def link_html(html: str, targets: dict[str, str]) -> str:
    """Rendered ``html`` with each ID of ``targets`` found in plain text linked to its URL.

    For text no Markdown passed through, such as the API reference rendered from docstrings,
    which cite rulings and clauses as the code does. Text in links, code and headings is left
    as it is.
    """
    if not targets:
        return html
    keys = "|".join(map(re.escape, sorted(targets, key=len)[::-1]))
    pattern = re.compile(r"(?<!FT-)\b(" + keys + r")\b")  # FT-AMB-1 is not AMB-1
    depth, out = 0, []
    for part in _TAG.split(html):
        tag = _UNLINKED.match(part)
        if tag:
            depth += -1 if tag.group(1) else 1
        elif not part.startswith("<") and depth == 0:
            part = pattern.sub(lambda m: f'<a href="{targets[m.group(1)]}">{m.group(1)}</a>', part)
        out.append(part)
    return "".join(out)


def _relative(target: str, page: str) -> str:
    """A docs-root link target (``rules/end.md#storage``) as seen from ``page``."""
    return posixpath.relpath(target, posixpath.dirname(page) or ".")


def _order(clause: str) -> tuple[str, int]:
    return _family(clause), int(clause.rsplit("-", 1)[1])


def render(found: dict[str, list[Citation]], page: str) -> str:
    """The clauses page's list: by family, each clause with the pages' words for it."""
    parts: list[str] = []
    family = None
    for clause in sorted(found, key=_order):
        if _family(clause) != family:
            family = _family(clause)
            parts.append(f"\n### {family}\n")
        lines = [
            _ROOTED.sub(lambda m: f"]({_relative(m.group(1), page)})", c.words)
            + f" ({link(f'{c.page}#{c.anchor}' if c.anchor else c.page, page, c.title)})"
            for c in found[clause]
        ]
        parts.append(f'- <span id="{clause.lower()}"></span>**{clause}**: {lines[0]}')
        parts += [f"    - {more}" for more in lines[1:]]
    return "\n".join(parts).strip()
