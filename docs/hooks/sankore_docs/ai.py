"""The game-AI page: the action index layout and the observation tensor layout of a ruleset.

Both come from the same functions the engine's adapters use (``action_layout`` and
``tensor_layout``), so the page is the layout agents are trained on.
"""

from __future__ import annotations

from collections.abc import Callable

import sankore_rules as sr
from sankore_docs.words import code, table
from sankore_rules.interfaces.ai.action_space import action_layout
from sankore_rules.interfaces.ai.returns import SCHEMES
from sankore_rules.interfaces.ai.tensors import tensor_layout

__all__ = ["SECTIONS"]


def _action_summary(rules: sr.Rules, page: str) -> str:
    layout = action_layout(rules)
    return (
        f"Ruleset `{layout.rules_name}` (content hash `{layout.rules_hash}`): "
        f"**{len(layout)} actions**, indices 0 to {len(layout) - 1}, layout digest "
        f"`{layout.digest}`."
    )


def _action_layout(rules: sr.Rules, page: str) -> str:
    layout = action_layout(rules)
    rows = [
        (f.start, f.stop - 1, f.stop - f.start, code(f.pattern), f.meaning) for f in layout.families
    ]
    parts = [table(("First", "Last", "Count", "Notation", "The words range over"), rows)]
    parts.append("Every action with its index, family by family:")
    for f in layout.families:
        listing = "\n".join(f"    - {f.start + k}: {code(a)}" for k, a in enumerate(f.actions))
        parts.append(f'??? note "{code(f.pattern)}: {f.start} to {f.stop - 1}"\n\n{listing}')
    return "\n\n".join(parts)


def _tensor_summary(rules: sr.Rules, page: str) -> str:
    layout = tensor_layout(rules)
    return (
        f"Ruleset `{layout.rules_name}`: **{layout.size} values** (`float32`, each in [0, 1]), "
        f"in {len(layout.segments)} segments."
    )


def _tensor_layout(rules: sr.Rules, page: str) -> str:
    layout = tensor_layout(rules)
    rows = [
        (
            s.start,
            s.stop - 1,
            code(s.name),
            " × ".join(
                f"{axis} ({len(labels)})" for axis, labels in zip(s.axes, s.labels, strict=True)
            ),
            s.encoding,
            s.meaning,
        )
        for s in layout.segments
    ]
    parts = [table(("First", "Last", "Segment", "Shape", "Encoding", "What it shows"), rows)]
    parts.append(
        "The labels along each axis, in order (a segment is laid out row-major: its last "
        "axis varies fastest):"
    )
    axes: dict[tuple[str, tuple[str, ...]], list[str]] = {}
    for s in layout.segments:
        for axis, labels in zip(s.axes, s.labels, strict=True):
            axes.setdefault((axis, labels), []).append(s.name)
    for (axis, labels), names in axes.items():
        used = ", ".join(code(n) for n in names)
        listing = ", ".join(code(label) for label in labels)
        parts.append(f'??? note "{axis}: {len(labels)}"\n\n    In {used}.\n\n    {listing}')
    return "\n\n".join(parts)


def _reward_schemes(rules: sr.Rules, page: str) -> str:
    return ", ".join(code(s) for s in SCHEMES)


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "ai-action-summary": _action_summary,
    "ai-action-layout": _action_layout,
    "ai-tensor-summary": _tensor_summary,
    "ai-tensor-layout": _tensor_layout,
    "ai-reward-schemes": _reward_schemes,
}
