"""The Examples page's outputs: each script of ``examples/`` run when the site is built.

A marker ``<!-- sankore:example-output-NAME -->`` (``NAME`` the script's file name, ``-`` for
``_``) becomes what ``python examples/NAME.py`` prints, so the page never shows an output the
script no longer gives. The scripts run once per build, side by side, each in a temporary
folder: a script that writes files (``pictures.py``) leaves nothing behind, and the temporary
folder's name, which changes from run to run, is shown as ``<temporary folder>``.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import sankore_rules as sr
from sankore_docs.words import UnrenderedError

__all__ = ["EXAMPLES", "SECTIONS", "output", "run_all"]

#: The scripts, in the repository's ``examples/`` folder.
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: A script that takes longer than this stops the build.
TIMEOUT = 300
_OUTPUTS: dict[str, str] = {}


def _run(script: Path) -> str:
    with tempfile.TemporaryDirectory() as folder:
        done = subprocess.run(
            [sys.executable, str(script)],
            cwd=folder,
            capture_output=True,
            text=True,
            timeout=TIMEOUT,
            check=False,
        )
        if done.returncode != 0:
            raise UnrenderedError(
                f"examples/{script.name} failed (exit {done.returncode}): {done.stderr[-2000:]}"
            )
        # The scripts' own temporary folders, and the one they ran in.
        where = re.escape(tempfile.gettempdir().rstrip("/")) + r"/[\w.-]+"
        return re.sub(where, "<temporary folder>", done.stdout)


def run_all() -> dict[str, str]:
    """Every script's output by name (``random_game``), run once per build, two at a time."""
    if not _OUTPUTS:
        scripts = sorted(EXAMPLES.glob("*.py"))
        with ThreadPoolExecutor(max_workers=2) as pool:
            outputs = list(pool.map(_run, scripts))
        _OUTPUTS.update({s.stem: out for s, out in zip(scripts, outputs, strict=True)})
    return _OUTPUTS


def output(name: str) -> str:
    """The Markdown showing what ``examples/NAME.py`` prints."""
    outputs = run_all()
    if name not in outputs:
        raise UnrenderedError(f"no example script examples/{name}.py")
    return f"It prints:\n\n```text\n{outputs[name].rstrip()}\n```\n"


def _section(name: str) -> Callable[[sr.Rules, str], str]:
    return lambda rules, page: output(name)


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    f"example-output-{script.stem.replace('_', '-')}": _section(script.stem)
    for script in sorted(EXAMPLES.glob("*.py"))
}
