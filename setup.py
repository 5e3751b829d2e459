"""Builds the package; with ``SANKORE_MYPYC=1`` in the environment, compiles it with mypyc.

The pure-Python package is the default and behaves identically; the compiled build is an
opt-in for speed (``make compiled``). Everything else about the package is in pyproject.toml.
"""

import os
from pathlib import Path

from setuptools import setup

PACKAGE = Path("src/sankore_rules")

#: What random playouts and search spend their time in: the decision engine, the effects and
#: the rules procedures, and the public functions that call them.
COMPILED = (
    "api.py",
    "sankore/engine.py",
    "sankore/actions.py",
    "sankore/errors.py",
    "sankore/effects.py",
    "sankore/rules/*.py",
    "sankore/rules/areas/*.py",
)

#: Left interpreted all the same: modules of attrs classes (mypyc would make them native classes,
#: which attrs cannot build) and what reads tables and documents (loading, checking JSON,
#: drawing, the CLI), which runs once and gains nothing.
INTERPRETED = ("sankore/rules/scoring.py",)


def compiled_modules() -> list[str]:
    """The source files mypyc compiles, in a stable order."""
    chosen = {path for pattern in COMPILED for path in PACKAGE.glob(pattern)}
    skipped = {PACKAGE / name for name in INTERPRETED}
    return sorted(str(path) for path in chosen - skipped if path.name != "__init__.py")


ext_modules = []
if os.environ.get("SANKORE_MYPYC") == "1":
    from mypyc.build import mypycify

    ext_modules = mypycify(compiled_modules(), opt_level="3")

setup(ext_modules=ext_modules)
