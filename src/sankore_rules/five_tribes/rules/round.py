"""The end of a round (FT-RND-2) and of the game (FT-END-1).

The market is refilled to its size and the Djinn display to its size (ruling FT-ENGINE-4 when
a deck runs out). Then, if the end was triggered this round (a player's last camel placed), the
game is over; otherwise the next round's auction begins.
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, push
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import draw_card
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["refill"]


def refill(rules: FiveTribesRules, state: FiveTribesState) -> None:
    """FT-RND-2: the market back to its size, the Djinn display back to its size."""
    while len(state.market) < rules.tables.cards.market:
        card = draw_card(state)
        if card is None:
            break
        state.market.append(card)
    while len(state.djinn_display) < rules.tables.djinns.display and state.djinn_deck:
        state.djinn_display.append(state.djinn_deck.pop(0))


@ENGINE.step("round_end")
def resolve_round_end(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Refill, then end the game (FT-END-1) or start the next round (FT-RND-1)."""
    refill(rules, state)
    if state.end_triggered:
        state.game_over = True
        log(state, "game_over", None, cause=state.end_cause)
        return
    state.round += 1
    push(state, Task("auction", -1))
