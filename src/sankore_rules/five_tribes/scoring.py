"""Five Tribes' final scoring (FT-SC-1..8): a score sheet with its breakdown and the winners.

Every source of points is a line of the breakdown, named as in the checklist: ``coins``,
``viziers`` and ``vizier_bonus`` (10 per opponent with fewer Viziers), ``elders``, ``djinns``,
``tiles``, ``palms``, ``palaces`` and ``goods`` (the unsold goods in sets, largest first).
Ties go to the player with more coins left, and then are shared (ruling FT-ENGINE-6).
"""

from __future__ import annotations

from attrs import frozen

from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import MeepleEffect

__all__ = ["TIE_BREAK", "TribesPlayerScore", "TribesScores", "goods_points", "tribes_scores"]

#: How ties are broken, in words (ruling FT-ENGINE-6).
TIE_BREAK = "more coins left wins a tie of totals; a tie of both is a shared victory"


@frozen
class TribesPlayerScore:
    """One player's line of the score sheet.

    Attributes:
        player: the player's seat.
        total: the sum of the breakdown.
        breakdown: points by source, in the order the module docstring names them.
        coins: coins left, the tie-break (ruling FT-ENGINE-6).
        winner: whether the player wins, alone or sharing the victory.
    """

    player: int
    total: int
    breakdown: dict[str, int]
    coins: int
    winner: bool


@frozen
class TribesScores:
    """The score sheet of a Five Tribes game.

    Attributes:
        players: one line per player, by seat.
        winners: the seats of the winners (more than one only for a shared victory).
        tie_break: how ties are broken, in words.
    """

    players: tuple[TribesPlayerScore, ...]
    winners: tuple[int, ...]
    tie_break: str = TIE_BREAK


def goods_points(rules: FiveTribesRules, goods: list[str]) -> int:
    """FT-SC-7: the goods scored as sets of different goods, the largest set first."""
    left = {g: goods.count(g) for g in rules.goods if g in goods}
    points = 0
    while left:
        points += rules.set_value(len(left))
        left = {g: n - 1 for g, n in left.items() if n > 1}
    return points


def tribes_scores(rules: FiveTribesRules, state: FiveTribesState) -> TribesScores:
    """The score sheet now (the game's result once it is over)."""
    tracks = rules.tables.tracks
    vizier = rules.effect_colour[MeepleEffect.VIZIERS]
    lines: list[tuple[int, dict[str, int], int]] = []
    for seat, holder in enumerate(state.players):
        breakdown = {"coins": holder.coins}  # FT-SC-1
        for colour, meeple in enumerate(rules.tables.meeples.meeple):
            if meeple.effect in (MeepleEffect.VIZIERS, MeepleEffect.ELDERS):
                # FT-SC-2, FT-SC-3: points per meeple kept.
                breakdown[meeple.effect.value] = holder.pool[colour] * meeple.points
        fewer = sum(
            other.pool[vizier] < holder.pool[vizier]
            for rival, other in enumerate(state.players)
            if rival != seat
        )
        breakdown["vizier_bonus"] = fewer * rules.tables.meeples.meeple[vizier].bonus  # FT-SC-2
        breakdown["djinns"] = sum(rules.djinn_by_id[d].points for d in holder.djinns)  # FT-SC-4
        owned = [c for c, owner in enumerate(state.camels) if owner == seat]
        breakdown["tiles"] = sum(rules.tile_by_id[state.tiles[c]].points for c in owned)  # SC-5
        breakdown["palms"] = sum(state.palms[c] for c in owned) * tracks.palm_points  # FT-SC-6
        breakdown["palaces"] = sum(state.palaces[c] for c in owned) * tracks.palace_points
        breakdown["goods"] = goods_points(rules, holder.goods)  # FT-SC-7
        lines.append((sum(breakdown.values()), breakdown, holder.coins))
    # FT-SC-8, ruling FT-ENGINE-6: the highest total, then the most coins left.
    best = max((total, coins) for total, _, coins in lines)
    winners = tuple(seat for seat, (t, _, c) in enumerate(lines) if (t, c) == best)
    return TribesScores(
        tuple(
            TribesPlayerScore(seat, total, breakdown, coins, seat in winners)
            for seat, (total, breakdown, coins) in enumerate(lines)
        ),
        winners,
    )
