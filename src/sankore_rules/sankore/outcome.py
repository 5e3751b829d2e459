"""The score sheet of any Sankoré state, solo or not: what the game object and its pictures show."""

from __future__ import annotations

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.rules.scoring import Scores, final_scores
from sankore_rules.sankore.solo.scoring import solo_scores
from sankore_rules.sankore.state import State

__all__ = ["score_sheet"]


def score_sheet(rules: Rules, state: State) -> Scores:
    """Both sheets in a solo game (SOLO-END-1); everyone's otherwise (SCORE-1)."""
    if state.solo is not None:
        return solo_scores(rules, state)
    return final_scores(rules, state)
