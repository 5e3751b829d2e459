"""The package's layers import one way: core < game < public API < interfaces (README, Layout)."""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Collection
from pathlib import Path

import networkx as nx
import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "src" / "sankore_rules"

# Each layer, and the modules of the package it must never import.
FORBIDDEN = {
    # The game-agnostic engine knows no game.
    "core": (
        "sankore_rules.sankore",
        "sankore_rules.five_tribes",
        "sankore_rules.api",
        "sankore_rules.queries",
        "sankore_rules.interfaces",
    ),
    "sankore": (
        "sankore_rules.api",
        "sankore_rules.queries",
        "sankore_rules.interfaces",
        "sankore_rules.five_tribes",
    ),
    # The second game (issue 17) stands on the core alone: nothing of Sankoré leaks into it.
    "five_tribes": (
        "sankore_rules.api",
        "sankore_rules.queries",
        "sankore_rules.interfaces",
        "sankore_rules.sankore",
    ),
    # The Scholar (issue 10) builds on the shared rules, which only name its steps.
    "sankore/rules": ("sankore_rules.sankore.solo",),
    "sankore/solo": (
        "sankore_rules.sankore.validity",
        "sankore_rules.sankore.agenda",
        "sankore_rules.sankore.integrity",
    ),
    # The state's checks hold a state to the rules without running them: what they share with
    # the procedures lives below ``rules/`` (abilities, holdings, limits).
    "sankore/validity.py": ("sankore_rules.sankore.rules",),
    "sankore/agenda.py": ("sankore_rules.sankore.rules",),
    "api.py": ("sankore_rules.interfaces",),
    "queries.py": ("sankore_rules.interfaces",),
    # Issue 26: a door is written once against the game protocol (core/game.py) and the public
    # API; what it needs of a game is a hook, never a game's module.
    "interfaces": ("sankore_rules.sankore", "sankore_rules.five_tribes", "sankore_rules.queries"),
    "testing.py": ("sankore_rules.sankore", "sankore_rules.five_tribes", "sankore_rules.queries"),
}


def imported_modules(path: Path, modules: Collection[str] | None = None) -> set[str]:
    """Every module ``path`` imports by absolute name, ``from x import y`` counted as ``x.y``.

    Imports inside functions and under ``TYPE_CHECKING`` count: each still ties the modules
    together. Given the package's ``modules``, ``from x import y`` is ``x.y`` alone when that
    is one of them (a module imported from its package), else ``x`` alone (a name of ``x``).
    """
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            inner = {f"{node.module}.{alias.name}" for alias in node.names}
            if modules is None:
                names |= {node.module, *inner}
            else:
                names |= {n if n in modules else node.module for n in inner}
    return names


def module_name(path: Path) -> str:
    """The dotted name of the package's module at ``path`` (a package by its ``__init__``)."""
    parts = ["sankore_rules", *path.relative_to(PACKAGE).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> nx.DiGraph:
    """The package's modules, an edge from each to every module of the package it imports."""
    paths = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}
    graph = nx.DiGraph()
    graph.add_nodes_from(paths)
    for name, path in paths.items():
        graph.add_edges_from(
            (name, imported)
            for imported in imported_modules(path, paths)
            if imported in paths and imported != name
        )
    return graph


def test_no_module_imports_itself_back() -> None:
    """STYLE "an import that runs back up the layers": no module imports, however indirectly
    and even inside a function, a module that imports it. Whatever two modules both need lives
    below both."""
    cycles = [" -> ".join(cycle) for cycle in nx.simple_cycles(import_graph())]
    assert [] == cycles


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_never_imports_the_layers_above_it(layer: str) -> None:
    root = PACKAGE / layer
    files = sorted(root.rglob("*.py")) if root.is_dir() else [root]
    assert files
    breaches = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in files
        for name in sorted(imported_modules(path))
        if name.startswith(FORBIDDEN[layer])
    ]
    assert breaches == []


#: The third-party modules only the optional ``ai`` extra installs.
AI_ONLY = ("numpy", "gymnasium", "pettingzoo", "pyspiel", "open_spiel")


def module_level_imports(path: Path) -> set[str]:
    """The modules ``path`` imports when it is imported (not inside a function)."""
    names: set[str] = set()
    for node in ast.parse(path.read_text()).body:
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


#: The conformance suite (``sankore_rules.testing``) checks the AI doors too, importing them
#: inside the checks that need them: importing the suite needs no extra.
AI_CHECKED_LAZILY = PACKAGE / "testing.py"


def test_only_the_ai_interfaces_import_the_ai_extras() -> None:
    """Issue 13: the core keeps attrs, cattrs and networkx; numpy and the rest come with
    ``sankore-rules[ai]`` and only ``interfaces/ai`` imports them (the conformance suite, which
    checks that door, only inside its checks)."""
    ai = PACKAGE / "interfaces" / "ai"
    breaches = [
        f"{path.relative_to(PACKAGE)} imports {name}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if ai not in path.parents
        for name in sorted(
            module_level_imports(path) if path == AI_CHECKED_LAZILY else imported_modules(path)
        )
        if name.split(".")[0] in AI_ONLY or name.startswith("sankore_rules.interfaces.ai")
    ]
    assert breaches == []


def test_importing_the_package_loads_no_ai_extra() -> None:
    """The public API, the CLI and the bots load without numpy (checked in a fresh process)."""
    code = (
        "import sys, sankore_rules, sankore_rules.interfaces.cli, sankore_rules.interfaces.bots, "
        "sankore_rules.testing; "
        f"print(sorted(m for m in {AI_ONLY!r} if m in sys.modules))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert "[]" == done.stdout.strip()
