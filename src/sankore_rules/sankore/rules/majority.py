"""Majority scorings of an area (MAJ-1..MAJ-11): who wins each region and where tokens go."""

from __future__ import annotations

from sankore_rules.core.shared import adjusted, with_item, without
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log
from sankore_rules.sankore.rules.common import prestige_capacity
from sankore_rules.sankore.state import State, player_to_change

__all__ = ["region_winner", "resolve_scoring"]


def region_winner(rules: Rules, state: State, area: str, region: str) -> int | None:
    """The player with most pieces in a region; ties go to the highest-numbered space (MAJ-4).

    Returns None when nobody has a piece there (MAJ-7).
    """
    count: dict[int, int] = {}
    best: dict[int, int] = {}
    for space in rules.spaces_by_area_region.get((area, region), ()):
        owner = state.spaces.get(space.id)
        if owner is not None:
            count[owner] = count.get(owner, 0) + 1
            best[owner] = max(best.get(owner, 0), space.number)
    if not count:
        return None
    return max(count, key=lambda p: (count[p], best[p]))


def resolve_scoring(rules: Rules, state: State, area: str, kind: str, token: str) -> None:
    """Resolve a Book or Prestige majority scoring of ``area``.

    Each region's winner takes that region's box token; with no winner, or no room for it, the
    token goes to the Law Overflow of the area's discipline (MAJ-5..MAJ-8). ``token`` names the
    queue Prestige token beside the triggering space, which moves there too (MAJ-9).
    """
    overflow_region = rules.discipline_region[area]
    limit = rules.limits.books_per_discipline
    for region in sorted(rules.region_discipline):
        key = f"{area}:{region}"
        book, prestige = state.boxes[key]
        d = book if kind == "book" else prestige
        if d is None:
            continue  # this box was emptied by an earlier scoring (AMB-19)
        i = rules.discipline_index[d]
        winner = region_winner(rules, state, area, region)
        if kind == "book":
            state.boxes = with_item(state.boxes, key, (None, prestige))
            # The Scholar's storage has room for everything (SOLO-FLOW-5).
            room = winner is not None and (
                state.is_scholar(winner) or state.players[winner].books[i] < limit
            )
            if room and winner is not None:
                won = player_to_change(state, winner)
                won.books = adjusted(won.books, i, 1)
            else:
                _overflow_book(state, overflow_region, i)
                winner = None
        else:
            state.boxes = with_item(state.boxes, key, (book, None))
            pl = player_to_change(state, winner) if winner is not None else None
            if pl is not None and (
                state.is_scholar(winner) or sum(pl.prestige) < prestige_capacity(rules, pl)
            ):
                pl.prestige = adjusted(pl.prestige, i, 1)
            else:
                _overflow_prestige(state, overflow_region, i)
                winner = None
        log(state, "majority", winner, area=area, region=region, scoring=kind, discipline=d)
    if token and token in state.queue_tokens:
        d = state.queue_tokens[token]
        state.queue_tokens = without(state.queue_tokens, token)
        _overflow_prestige(state, overflow_region, rules.discipline_index[d])
    if f"{area}:{kind}" not in state.scorings_done:
        state.scorings_done = (*state.scorings_done, f"{area}:{kind}")


def _overflow_book(state: State, region: str, i: int) -> None:
    """A Book of the ``i``-th discipline onto the Law Overflow space of ``region``."""
    counts = adjusted(state.overflow_books[region], i, 1)
    state.overflow_books = with_item(state.overflow_books, region, counts)


def _overflow_prestige(state: State, region: str, i: int) -> None:
    """A Prestige token of the ``i``-th discipline onto the Law Overflow space of ``region``."""
    counts = adjusted(state.overflow_prestige[region], i, 1)
    state.overflow_prestige = with_item(state.overflow_prestige, region, counts)
