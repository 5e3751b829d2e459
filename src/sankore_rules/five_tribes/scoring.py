"""Five Tribes' final scoring (FT-SC-1..8): a score sheet with its breakdown and the winners.

Every source of points is a line of the breakdown, named as in the checklist: ``coins``,
``viziers`` and ``vizier_bonus`` (10 per opponent with fewer Viziers), ``elders``, ``djinns``,
``tiles``, ``palms``, ``palaces`` and ``goods`` (the unsold goods in sets, largest first).
Djinns change some of the rates (vizier_points, elder_points, palm_points) and let pairs of
Fakir cards stand for goods (wild_fakirs). The highest totals share the victory: there is no
tie-break (ruling FT-ENGINE-6, FT-PUB-22).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from itertools import combinations_with_replacement

from attrs import frozen

from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import MeepleEffect, PowerKind

__all__ = ["TIE_BREAK", "TribesPlayerScore", "TribesScores", "goods_points", "tribes_scores"]

#: How ties are decided, in words (ruling FT-ENGINE-6, FT-PUB-22).
TIE_BREAK = "no tie-break: the players tied on the highest total share the victory"


@frozen
class TribesPlayerScore:
    """One player's line of the score sheet.

    Attributes:
        player: the player's seat.
        total: the sum of the breakdown.
        breakdown: points by source, in the order the module docstring names them.
        coins: coins left (no tie-break since FT-PUB-22; shown on the sheet).
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


def goods_points(rules: FiveTribesRules, goods: Sequence[str], wild: int = 0) -> int:
    """FT-SC-7: the goods scored as sets of different goods, the largest set first.

    ``wild`` goods of any kind are added (FT-PUB-DJ-1), each as the kind that scores best.
    """
    counts = tuple(goods.count(g) for g in rules.goods)
    values = tuple(rules.set_value(size) for size in range(len(rules.goods) + 1))
    return _best_sets(counts, values, wild)


@lru_cache(maxsize=4096)
def _best_sets(counts: tuple[int, ...], values: tuple[int, ...], wild: int) -> int:
    """The most the goods ``counts`` score as sets, with ``wild`` goods of a kind chosen."""
    best = 0
    for extra in combinations_with_replacement(range(len(counts)), wild):
        left = list(counts)
        for kind in extra:
            left[kind] += 1
        points = 0
        while any(left):
            points += values[sum(n > 0 for n in left)]
            left = [max(n - 1, 0) for n in left]
        best = max(best, points)
    return best


def _rate(rules: FiveTribesRules, djinns: Sequence[str], kind: PowerKind, default: int) -> int:
    """What a piece is worth to a player holding ``djinns``: a Djinn's rate, or the table's."""
    powers = [rules.djinn_by_id[d].power for d in djinns]
    return max((p.amount for p in powers if p.kind is kind), default=default)


#: The Djinn power that changes the points of each kept colour.
_RATES = {
    MeepleEffect.VIZIERS: PowerKind.VIZIER_POINTS,
    MeepleEffect.ELDERS: PowerKind.ELDER_POINTS,
}


def tribes_scores(rules: FiveTribesRules, state: FiveTribesState) -> TribesScores:
    """The score sheet now (the game's result once it is over)."""
    tracks = rules.tables.tracks
    vizier = rules.effect_colour[MeepleEffect.VIZIERS]
    lines: list[tuple[int, dict[str, int], int]] = []
    for seat, holder in enumerate(state.players):
        breakdown = {"coins": holder.coins}  # FT-SC-1
        for colour, meeple in enumerate(rules.tables.meeples.meeple):
            if meeple.effect in (MeepleEffect.VIZIERS, MeepleEffect.ELDERS):
                # FT-SC-2, FT-SC-3: points per meeple kept (FT-PUB-DJ-11, FT-PUB-DJ-19).
                kind = _RATES[meeple.effect]
                rate = _rate(rules, holder.djinns, kind, meeple.points)
                breakdown[meeple.effect.value] = holder.pool[colour] * rate
        fewer = sum(
            other.pool[vizier] < holder.pool[vizier]
            for rival, other in enumerate(state.players)
            if rival != seat
        )
        breakdown["vizier_bonus"] = fewer * rules.tables.meeples.meeple[vizier].bonus  # FT-SC-2
        breakdown["djinns"] = sum(rules.djinn_by_id[d].points for d in holder.djinns)  # FT-SC-4
        owned = [c for c, owner in enumerate(state.camels) if owner == seat]
        breakdown["tiles"] = sum(rules.tile_by_id[state.tiles[c]].points for c in owned)  # SC-5
        palm = _rate(rules, holder.djinns, PowerKind.PALM_POINTS, tracks.palm_points)  # DJ-9
        breakdown["palms"] = sum(state.palms[c] for c in owned) * palm  # FT-SC-6
        breakdown["palaces"] = sum(state.palaces[c] for c in owned) * tracks.palace_points
        per_wild = _rate(rules, holder.djinns, PowerKind.WILD_FAKIRS, 0)
        wild = holder.fakirs // per_wild if per_wild else 0
        breakdown["goods"] = goods_points(rules, holder.goods, wild)  # FT-SC-7, FT-PUB-DJ-1
        lines.append((sum(breakdown.values()), breakdown, holder.coins))
    # FT-SC-8, ruling FT-ENGINE-6 (FT-PUB-22): the highest totals share the victory.
    best = max(total for total, _, _ in lines)
    winners = tuple(seat for seat, (t, _, _) in enumerate(lines) if t == best)
    return TribesScores(
        tuple(
            TribesPlayerScore(seat, total, breakdown, coins, seat in winners)
            for seat, (total, breakdown, coins) in enumerate(lines)
        ),
        winners,
    )
