"""Final scoring against the Scholar (SOLO-END-1, SOLO-END-2).

The end and the scoring are the normal ones (SOLO-END-1): the Prestige majorities not yet
scored, the Madrasa's tiles, the Library's values, then every player's Prestige icons by source
([`score_sheets`][sankore_rules.sankore.rules.scoring.score_sheets]). The Scholar's icons are its
Prestige tokens, the Sankoré tiles it is awarded or keeps and its Graduation tiles (ruling
AMB-35). You win only with strictly more than the Scholar: a tie is the Scholar's, and the
multiplayer tie-breaks do not apply (SOLO-END-2, ruling AMB-37).
"""

from __future__ import annotations

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.rules.scoring import Scores, score_sheets, scores_of
from sankore_rules.sankore.state import SCHOLAR, State

__all__ = ["solo_scores"]


def solo_scores(rules: Rules, state: State) -> Scores:
    """Both score sheets of a solo game, yours (P0) and the Scholar's, and who wins."""
    values, awards, sheets = score_sheets(rules, state)
    totals = {p: total for p, total, _, _, _ in sheets}
    you = next(p for p in totals if p != SCHOLAR)
    winner = you if totals[you] > totals[SCHOLAR] else SCHOLAR
    return scores_of(values, awards, sheets, (winner,), scholar=SCHOLAR)
