"""Old names of the AI door that keep working for a while, each use warning with its new name.

Two functions once shared their names with the modules that hold them, ``action_space`` and
``returns``; re-exported by the package, each hid its module: ``from
sankore_rules.interfaces.ai import action_space`` gave the function, and so did ``import
sankore_rules.interfaces.ai.action_space as m``, because Python reads a submodule as an
attribute of its package and the function had taken that attribute. The functions are now
``action_space_of`` and ``returns_of``, and the package's names ``action_space`` and
``returns`` are the modules again. So that code written against the old names keeps working
for the deprecation period (docs page "Releases and versions"), the old function names stay in
their modules as [`renamed`][sankore_rules.interfaces.ai.renamed.renamed] aliases, and each
module may still be called as the function was, with a ``DeprecationWarning``
([`callable_as`][sankore_rules.interfaces.ai.renamed.callable_as]).
"""

from __future__ import annotations

import functools
import sys
import types
import warnings
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

__all__ = ["callable_as", "renamed"]

P = ParamSpec("P")
R = TypeVar("R")


def _warn(old: str, new: str) -> None:
    # stacklevel 3: past this helper and the alias, at the line that used the old name.
    warnings.warn(
        f"{old} is deprecated: use {new}, the same function under a name that does not hide "
        "its module",
        DeprecationWarning,
        stacklevel=3,
    )


def renamed(function: Callable[P, R], old: str) -> Callable[P, R]:
    """``function`` under its ``old`` dotted name: the same results, with a DeprecationWarning."""
    new = f"{function.__module__}.{function.__name__}"

    @functools.wraps(function)
    def alias(*args: P.args, **kwargs: P.kwargs) -> R:
        _warn(old, new)
        return function(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old.rpartition(".")[2]
    alias.__doc__ = f"Deprecated: use ``{new}``, which this calls."
    return alias


def callable_as(module_name: str, function: Callable[..., Any]) -> None:
    """Let the module ``module_name`` be called as ``function``, which once hid it.

    ``from package import name`` gives the module now, where it gave the function; calling it
    still works, with a DeprecationWarning. The module's class becomes a subclass of
    ``ModuleType`` with a ``__call__``, which Python allows for a module object.
    """
    module = sys.modules[module_name]
    new = f"{function.__module__}.{function.__name__}"

    class _CallableModule(types.ModuleType):
        def __call__(self, *args: Any, **kwargs: Any) -> Any:
            _warn(f"calling the module {module_name}", new)
            return function(*args, **kwargs)

    module.__class__ = _CallableModule
