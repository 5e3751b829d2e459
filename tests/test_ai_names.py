"""Issue 40: no function of the AI door hides the module of the same name.

``action_space`` and ``returns`` were once both a module and the function the package
re-exported from it, so ``import sankore_rules.interfaces.ai.action_space as m`` gave the
function, not the module the API reference documents. The functions are now
``action_space_of`` and ``returns_of``; the old names still work for the deprecation period,
with a ``DeprecationWarning`` that names the new one.
"""

from __future__ import annotations

import importlib
import pkgutil
import types

import pytest

import sankore_rules as sr
import sankore_rules.interfaces.ai as ai
import sankore_rules.interfaces.ai.action_space as action_space_module
import sankore_rules.interfaces.ai.returns as returns_module
from sankore_rules.interfaces.ai import action_space, action_space_of, returns, returns_of

RULES = sr.load_rules()
#: Sankoré's number of distinct actions (the docs page "Game-AI interfaces" prints the layout).
SANKORE_ACTIONS = action_space_module.num_distinct_actions(RULES)


def test_import_as_and_from_import_give_the_same_module() -> None:
    """``import package.module as m`` and ``from package import module`` agree: the module."""
    assert isinstance(action_space_module, types.ModuleType)
    assert isinstance(returns_module, types.ModuleType)
    assert "sankore_rules.interfaces.ai.action_space" == action_space_module.__name__
    assert "sankore_rules.interfaces.ai.returns" == returns_module.__name__
    assert action_space is action_space_module
    assert returns is returns_module
    assert importlib.import_module("sankore_rules.interfaces.ai.action_space") is action_space
    assert action_space.legal_mask is ai.legal_mask


def test_the_functions_have_names_of_their_own() -> None:
    """The package's functions are those of the modules, under names no module has."""
    assert action_space_of is action_space_module.action_space_of
    assert returns_of is returns_module.returns_of
    assert SANKORE_ACTIONS == action_space_of(RULES).size
    assert [0.0, 0.0] == returns_of(sr.new_game(players=2, seed=3))


def test_no_name_of_the_package_is_also_one_of_its_modules() -> None:
    """Every public name of ``interfaces.ai`` is a function or a constant, none a submodule's."""
    modules = {info.name for info in pkgutil.iter_modules(ai.__path__)}
    assert {"action_space", "returns", "tensors"} <= modules
    assert [] == sorted(set(ai.__all__) & modules)
    assert [] == [n for n in ai.__all__ if isinstance(getattr(ai, n), types.ModuleType)]


def test_calling_the_module_still_works_with_a_deprecation_warning() -> None:
    """Code that called ``from sankore_rules.interfaces.ai import action_space`` keeps working
    for the deprecation period, warned at its own line with the name to use instead."""
    with pytest.warns(
        DeprecationWarning,
        match=r"use sankore_rules\.interfaces\.ai\.action_space\.action_space_of",
    ) as caught:
        space = action_space(RULES)
    assert action_space_of(RULES) == space
    assert __file__ == caught[0].filename
    with pytest.warns(
        DeprecationWarning, match=r"use sankore_rules\.interfaces\.ai\.returns\.returns_of"
    ):
        values = returns(sr.new_game(players=2, seed=3), "score")
    assert [0.0, 0.0] == values


def test_the_old_function_names_in_the_modules_warn() -> None:
    """``from ...action_space import action_space`` still gives a function, with the warning."""
    with pytest.warns(DeprecationWarning, match="action_space_of") as caught:
        size = action_space_module.action_space(RULES).size
    assert SANKORE_ACTIONS == size
    assert __file__ == caught[0].filename
    with pytest.warns(DeprecationWarning, match="returns_of"):
        values = returns_module.returns(sr.new_game(players=1, seed=3, scholar="hard"))
    assert [0.0] == values
    assert "action_space" == action_space_module.action_space.__name__
    assert "Deprecated" in (returns_module.returns.__doc__ or "")
