"""The end of a round (FT-RND-2) and of the game (FT-END-1).

The market is refilled to its size and the Djinn display to its size, one card at a time: each
is a chance step (``draws.py``; ruling FT-ENGINE-4 when a deck runs out: both decks are rebuilt
from their discards), after which the round's end comes back to draw the next. Then, if the
end was triggered this round (a player's last camel placed, or no move left), or no tile offers
a legal move any more (FT-PUB-21), the game is over, before any bid of a next round; otherwise
the next round's auction begins.
"""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, push
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.draws import turn_card, turn_djinn
from sankore_rules.five_tribes.rules.move import movable
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["next_refill"]


def next_refill(rules: FiveTribesRules, state: FiveTribesState) -> Task | None:
    """FT-RND-2: the draw of the market's or the display's next card; None once both are full.

    The market fills first, then the display; a deck and its discards both empty leave the
    rest of its row empty.
    """
    draw = turn_card(state) if len(state.market) < rules.tables.cards.market else None
    if draw is None and len(state.djinn_display) < rules.tables.djinns.display:
        draw = turn_djinn(state)
    return draw


@ENGINE.step("round_end")
def resolve_round_end(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Refill, then end the game (FT-END-1) or start the next round (FT-RND-1)."""
    draw = next_refill(rules, state)
    if draw is not None:
        push(state, draw, task)  # the card is drawn, then the round's end comes back here
        return
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
