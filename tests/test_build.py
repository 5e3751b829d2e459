"""The compiled build (issue 12): ``make test-compiled`` really runs the suite against it."""

from __future__ import annotations

import os

from sankore_rules.core import engine as core_engine
from sankore_rules.sankore import engine, state


def test_the_suite_runs_against_the_build_it_expects() -> None:
    """``SANKORE_EXPECT_COMPILED=1`` (set by ``make test-compiled``): the game layer imported is
    mypyc's extension modules, with the attrs records left interpreted; otherwise pure Python."""
    compiled = os.environ.get("SANKORE_EXPECT_COMPILED") == "1"
    assert compiled == (not engine.__file__.endswith(".py")), engine.__file__
    assert compiled == (not core_engine.__file__.endswith(".py")), core_engine.__file__
    assert state.__file__.endswith(".py")
