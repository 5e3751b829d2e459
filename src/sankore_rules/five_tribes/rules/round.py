"""The end of a round (FT-RND-2) and of the game (FT-END-1).

The market is refilled to its size and the Djinn display to its size (ruling FT-ENGINE-4 when
a deck runs out: both decks are rebuilt from their discards). Then, if the end was triggered
this round (a player's last camel placed, or no move left), or no tile offers a legal move
any more (FT-PUB-21), the game is over, before any bid of a next round; otherwise the next
round's auction begins.
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, push
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import draw_card, draw_djinn
from sankore_rules.five_tribes.rules.move import movable
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["refill"]


def refill(rules: FiveTribesRules, state: FiveTribesState) -> None:
    """FT-RND-2: the market back to its size, the Djinn display back to its size."""
    while len(state.market) < rules.tables.cards.market:
        card = draw_card(state)
        if card is None:
            break
        state.market = (*state.market, card)
    while len(state.djinn_display) < rules.tables.djinns.display:
        djinn = draw_djinn(state)
        if djinn is None:
            break
        state.djinn_display = (*state.djinn_display, djinn)


@ENGINE.step("round_end")
def resolve_round_end(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Refill, then end the game (FT-END-1) or start the next round (FT-RND-1)."""
    refill(rules, state)
    if not state.end_triggered and not movable(rules, state):
        # FT-END-1, FT-PUB-21: nobody could move in the next round, so it is not begun.
        state.end_triggered, state.end_cause = True, "no_move"
        log(state, "end_triggered", None, cause="no_move")
    if state.end_triggered:
        state.game_over = True
        log(state, "game_over", None, cause=state.end_cause)
        return
    state.round += 1
    push(state, Task("auction", -1))
