"""Every Python code block of the README and of the docs pages runs, and shows what it prints.

Issue 27: a page's ```python blocks run in order, in one namespace per page (a later block
uses what an earlier one made, as a reader going down the page would), in a fresh working
folder. Where a block shows a result, the test compares it. A shown result is a comment
``# -> RESULT`` at the end of a statement:

- after an expression, ``RESULT`` is the ``repr`` of its value: ``sr.find_game("five-tribes").title
  # -> 'Five Tribes'``;
- after a ``print(...)``, it is the printed text: ``print(state.decision.kind)  # -> draft``.

A long result goes on the comment line right below the statement.

A ``RESULT`` ending in ``...`` shows the start of a longer one. Other comments are free text.

Blocks that only include an example script (``--8<-- "examples/NAME.py"``) are left to
``tests/test_examples.py``, which runs every script and checks its output; the Examples page
shows that output, generated when the site is built.

Some blocks need what a reader of their page has at hand at the root of a clone: those adding a
game load the shipped example game from ``examples/high_card.py`` (the game is unregistered after
the page), and the one loading corrected tables finds a copy of the bundled ones in
``my-corrected-tables/``.
"""

from __future__ import annotations

import ast
import contextlib
import io
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core import registry

ROOT = Path(__file__).resolve().parents[1]
#: The pages whose code blocks run: the README and every page of the docs site.
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BLOCK = re.compile(r"^```python\n(.*?)^```", flags=re.S | re.M)
SHOWN = re.compile(r"#\s*->\s*(.*?)\s*$")
INCLUDE = "--8<--"


def blocks(page: Path) -> list[str]:
    """The page's ```python blocks, in order, less those that include an example script."""
    found = BLOCK.findall(page.read_text(encoding="utf-8"))
    return [block for block in found if INCLUDE not in block]


def _matches(expected: str, shown: str) -> bool:
    if expected.endswith("..."):
        return shown.startswith(expected.removesuffix("..."))
    return shown == expected


#: The example game some pages register; unregistered after each page.
EXAMPLE_GAME = "high_card"


@contextlib.contextmanager
def _example_game_unregistered() -> Iterator[None]:
    """The example game a page registered is gone after the page, for the tests that follow."""
    try:
        yield
    finally:
        registry.unregister(EXAMPLE_GAME)


def run_block(block: str, namespace: dict[str, Any], where: str) -> list[str]:
    """Run ``block`` statement by statement; the shown results that differ, in words."""
    lines = block.splitlines()
    wrong = []
    for statement in ast.parse(block, where).body:
        assert statement.end_lineno is not None
        last = lines[statement.end_lineno - 1]
        shown = SHOWN.search(last) if "#" in last else None
        following = lines[statement.end_lineno] if statement.end_lineno < len(lines) else ""
        if shown is None and following.lstrip().startswith("#"):
            shown = SHOWN.match(following.strip())  # a long result, on the line below
        source = ast.Module(body=[statement], type_ignores=[])
        if shown is None:
            exec(compile(source, where, "exec"), namespace)
            continue
        expected = shown.group(1)
        assert isinstance(statement, ast.Expr), f"{where}: '# ->' follows no expression: {last}"
        call = statement.value
        if (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Name)
            and call.func.id == "print"
        ):
            out = io.StringIO()
            with contextlib.redirect_stdout(out):
                exec(compile(source, where, "exec"), namespace)
            got = out.getvalue().rstrip("\n")
        else:
            got = repr(eval(compile(ast.Expression(call), where, "eval"), namespace))
        if not _matches(expected, got):
            wrong.append(f"{where}: {last.strip()}\n    runs to: {got}")
    return wrong


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_every_code_block_of_the_page_runs_and_shows_what_it_prints(
    page: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 27: the page's blocks run in order, and every shown result is what runs."""
    monkeypatch.chdir(tmp_path)
    data = Path(sr.__file__).parent / "data"
    shutil.copytree(
        data, tmp_path / "my-corrected-tables", ignore=shutil.ignore_patterns("five_tribes")
    )
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    namespace: dict[str, Any] = {"__name__": "__docs__"}
    wrong = []
    with _example_game_unregistered():
        for number, block in enumerate(blocks(page), start=1):
            where = f"{page.relative_to(ROOT)}, block {number}"
            wrong += run_block(block, namespace, where)
    assert [] == wrong


def test_the_pages_hold_code_blocks_and_shown_results() -> None:
    """The test above is not vacuous: the README and the pages hold runnable blocks, and some
    show their results."""
    runnable = {p.name: blocks(p) for p in PAGES if blocks(p)}
    assert {"README.md", "getting-started.md", "api.md", "games.md", "protocol.md"} <= set(runnable)
    shown = sum(len(SHOWN.findall(b)) for bs in runnable.values() for b in bs)
    assert shown >= 10


def test_a_wrong_shown_result_is_reported() -> None:
    """The comparison itself: a shown result that is not what runs is reported, with both."""
    namespace: dict[str, Any] = {}
    assert [] == run_block("x = 2\nx + 1  # -> 3\nprint('a b')  # -> a b\n", namespace, "t")
    assert ["t: x * 2  # -> 5\n    runs to: 4"] == run_block("x * 2  # -> 5\n", namespace, "t")
    assert [] == run_block("'abcdef'  # -> 'abc...\n", namespace, "t")
    assert [] == run_block("x + 1\n# -> 3\n", namespace, "t")
