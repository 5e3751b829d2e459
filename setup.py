"""Builds the package; with ``SANKORE_MYPYC=1`` in the environment, compiles it with mypyc.

The pure-Python package is the default and behaves identically; the compiled build is an
opt-in for speed (``make compiled``). Everything else about the package is in pyproject.toml.
"""

import os
from pathlib import Path

from setuptools import setup

PACKAGE = Path("src/sankore_rules")

#: Modules that stay interpreted in the compiled build: they define attrs classes, which mypyc
#: would turn into native classes that attrs cannot build; they hold records, not hot loops.
INTERPRETED = {
    "sankore/board.py",
    "sankore/schema.py",
    "sankore/state.py",
    "sankore/vocabulary.py",
    "sankore/rules/scoring.py",
}


def compiled_modules() -> list[str]:
    """The game layer and the public functions: where playouts spend their time.

    The interfaces (CLI, records, text view) gain nothing from compiling and stay Python.
    """
    candidates = [*PACKAGE.joinpath("sankore").rglob("*.py"), PACKAGE / "api.py"]
    return sorted(
        str(path) for path in candidates if path.relative_to(PACKAGE).as_posix() not in INTERPRETED
    )


ext_modules = []
if os.environ.get("SANKORE_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(compiled_modules(), opt_level="3")

setup(ext_modules=ext_modules)
