"""Builds the package; with ``SANKORE_MYPYC=1`` in the environment, compiles it with mypyc.

The pure-Python package is the default and behaves identically; the compiled build is an
opt-in for speed (``make compiled``). Everything else about the package is in pyproject.toml.
"""

import os
from pathlib import Path

from setuptools import setup

PACKAGE = Path("src/sankore_rules")

#: What random playouts and search spend their time in: the decision engine, the effects, the
#: rules procedures, and the queries they ask at every listing (Objective abilities, holdings).
COMPILED = (
    "core/engine.py",
    "sankore/engine.py",
    "sankore/abilities.py",
    "sankore/holdings.py",
    "sankore/effects.py",
    "sankore/rules/*.py",
    "sankore/rules/areas/*.py",
)

#: Left interpreted all the same: modules of attrs classes (mypyc would make them native classes,
#: which attrs cannot build). Everything outside COMPILED stays interpreted too: the public
#: functions in api.py most of all, because they are the trust boundary, which must answer an
#: argument of the wrong type with the library's own error, where compiled code would raise a
#: TypeError of its own before the check could run (so also actions.py, which checks Action
#: objects from callers); and what reads tables and documents.
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
