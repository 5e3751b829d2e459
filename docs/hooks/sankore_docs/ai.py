"""The game-AI page: each game's action index layout and observation tensor layout.

Both come from the same hooks the AI door uses (``action_space`` and ``tensor_layout`` of each
registered game, through ``sankore_rules.interfaces.ai``), so the page is the layout agents are
trained on: Sankoré's from the ruleset the page is built with, Five Tribes' from its own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import sankore_rules as sr
from sankore_docs.five_tribes import tribes_rules
from sankore_docs.words import code, table
from sankore_rules.core.agents import NumberedSpace, SegmentedLayout
from sankore_rules.core.registry import game_of_rules
from sankore_rules.interfaces.ai.action_space import action_space_of, layout_digest
from sankore_rules.interfaces.ai.returns import SCHEMES
from sankore_rules.interfaces.ai.tensors import tensor_layout

__all__ = ["SECTIONS"]


def _rulesets(rules: sr.Rules) -> list[tuple[str, Any]]:
    """(title, ruleset) of each game on the page: Sankoré's given one, then Five Tribes'."""
    return [
        (game_of_rules(rules).title, rules),
        (game_of_rules(tribes := tribes_rules()).title, tribes),
    ]


def _space(rules: Any) -> NumberedSpace:
    space = action_space_of(rules)
    assert isinstance(space, NumberedSpace), "each game numbers its actions by families"
    return space


def _layout(rules: Any) -> SegmentedLayout:
    layout = tensor_layout(rules)
    assert isinstance(layout, SegmentedLayout), "each game lays its tensor out in segments"
    return layout


def _action_summary(rules: sr.Rules, page: str) -> str:
    lines = []
    for title, ruleset in _rulesets(rules):
        space = _space(ruleset)
        lines.append(
            f"- {title}: ruleset `{space.rules_name}` (content hash `{space.rules_hash}`): "
            f"**{space.size} actions**, indices 0 to {space.size - 1}, layout digest "
            f"`{layout_digest(ruleset)}`."
        )
    return "\n".join(lines)


def _action_layout(rules: sr.Rules, page: str) -> str:
    parts = []
    for title, ruleset in _rulesets(rules):
        space = _space(ruleset)
        rows = [
            (f.start, f.stop - 1, f.stop - f.start, code(f.pattern), f.meaning)
            for f in space.families
        ]
        parts.append(f"### {title}")
        parts.append(table(("First", "Last", "Count", "Notation", "The words range over"), rows))
        parts.append("Every action with its index, family by family:")
        for f in space.families:
            listing = "\n".join(f"    - {f.start + k}: {code(a)}" for k, a in enumerate(f.actions))
            parts.append(f'??? note "{code(f.pattern)}: {f.start} to {f.stop - 1}"\n\n{listing}')
    return "\n\n".join(parts)


def _tensor_summary(rules: sr.Rules, page: str) -> str:
    lines = []
    for title, ruleset in _rulesets(rules):
        layout = _layout(ruleset)
        lines.append(
            f"- {title}: ruleset `{layout.rules_name}`: **{layout.size} values** (`float32`, "
            f"each in [0, 1]), in {len(layout.segments)} segments."
        )
    return "\n".join(lines)


def _tensor_layout(rules: sr.Rules, page: str) -> str:
    parts = []
    for title, ruleset in _rulesets(rules):
        layout = _layout(ruleset)
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
            for s in layout.parts
        ]
        parts.append(f"### {title}")
        parts.append(
            table(("First", "Last", "Segment", "Shape", "Encoding", "What it shows"), rows)
        )
        parts.append(
            "The labels along each axis, in order (a segment is laid out row-major: its last "
            "axis varies fastest):"
        )
        axes: dict[tuple[str, tuple[str, ...]], list[str]] = {}
        for s in layout.parts:
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
