"""Every Five Tribes item of the checklist (RULES-CHECKLIST section 18: FT-SET, FT-RND, FT-AUC,
FT-ACT, FT-MEEP, FT-TILE, FT-DJ, FT-END, FT-SC, FT-GAP, FT-AMB, FT-PUB) is cited by a test, every
FT-AMB has a ruling, and every published Djinn (FT-PUB-DJ-1..22) has a test naming its ID."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tribes_positions import TRIBES

TESTS = Path(__file__).resolve().parent
#: The shared folder beside the repository, where the checklist lives (CI has it too).
CHECKLIST = TESTS.parents[1] / "shared" / "RULES-CHECKLIST.md"
FT_ID = re.compile(r"\bFT-[A-Z]+-\d+\b")


def _checklist_ids() -> set[str]:
    if not CHECKLIST.is_file():
        pytest.skip(f"{CHECKLIST} is not here")
    text = CHECKLIST.read_text(encoding="utf-8")
    return set(FT_ID.findall(text[text.index("## 18.") :]))


def _cited(ids: set[str]) -> set[str]:
    """The IDs a Five Tribes test cites, expanding ranges such as FT-MEEP-1..5."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_five_tribes_*.py"))
    cited = set(FT_ID.findall(text))
    for prefix, low, high in re.findall(r"\b(FT-[A-Z]+)-(\d+)\.\.(\d+)\b", text):
        cited.update(f"{prefix}-{n}" for n in range(int(low), int(high) + 1))
    return cited & ids


def test_every_five_tribes_checklist_item_is_cited_by_a_test() -> None:
    """A Five Tribes test names each of the checklist's FT-* IDs (directly or in a range)."""
    ids = _checklist_ids()
    assert len(ids) == 68  # with FT-PUB-1..22
    assert sorted(ids - _cited(ids)) == []


def test_every_ambiguity_has_a_ruling() -> None:
    """The rulings table answers FT-AMB-1..7 of the checklist."""
    ids = {i for i in _checklist_ids() if i.startswith("FT-AMB-")}
    ruled = {r.id for r in TRIBES.tables.rulings.ruling}
    assert sorted(ids - ruled) == []


def test_every_published_djinn_is_tested_by_its_id() -> None:
    """FT-PUB-17: each Djinn of djinns.toml, in table order, has a test naming FT-PUB-DJ-<n>."""
    text = "\n".join(p.read_text(encoding="utf-8") for p in TESTS.glob("test_five_tribes_*.py"))
    cited = {int(n) for n in re.findall(r"\bFT-PUB-DJ-(\d+)\b", text)}
    assert len(TRIBES.tables.djinns.djinn) == 22
    assert sorted(set(range(1, 23)) - cited) == []
