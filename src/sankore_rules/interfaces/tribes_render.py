"""A Five Tribes state and score sheet as plain text, for a terminal.

The grid shows each tile as its kind's letter (Oasis, Village, Small and Great Market, Sacred
Place), its points, the meeples on it by colour initial, and the camel's owner.
"""

from __future__ import annotations

from sankore_rules import api
from sankore_rules.five_tribes.scoring import TribesScores
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["render_tribes", "render_tribes_scores"]

_KIND_LETTER = {
    "oasis": "O",
    "village": "V",
    "small_market": "m",
    "great_market": "M",
    "sacred_place": "S",
}


def render_tribes(state: FiveTribesState) -> str:
    """The grid, the tracks, the market, the Djinns and each player's holdings, as text."""
    rules = api.rules_of(state)
    initials = [c[0].upper() for c in rules.colours]
    lines = [f"Five Tribes, {state.player_count} players, round {state.round}"]
    for r in range(rules.rows):
        cells = []
        for c in range(rules.columns):
            i = r * rules.columns + c
            tile = rules.tile_by_id[state.tiles[i]]
            meeples = "".join(initials[k] * n for k, n in enumerate(state.meeples[i])) or "-"
            camel = "" if state.camels[i] is None else f" P{state.camels[i]}"
            extras = "p" * state.palms[i] + "P" * state.palaces[i]
            cells.append(
                f"{rules.cells[i]} {_KIND_LETTER.get(tile.kind, '?')}{tile.points}"
                f"{'b' if tile.blue else ''}{extras}{camel}: {meeples}"
            )
        lines.append("  " + " | ".join(cells))
    bids = rules.tables.tracks.bids
    lines.append(
        "Bid track: "
        + ", ".join(
            f"{v}:{'P' + str(state.markers[m]) if m is not None else '.'}"
            for v, m in zip(bids, state.bid_track, strict=True)
        )
    )
    lines.append(
        "Turn order: "
        + ", ".join("." if m is None else f"P{state.markers[m]}" for m in state.turn_track)
    )
    lines.append(f"Market: {', '.join(state.market) or '-'}")
    lines.append(f"Djinns: {', '.join(state.djinn_display) or '-'}")
    bag = ", ".join(f"{c} {n}" for c, n in zip(rules.colours, state.bag, strict=True) if n)
    lines.append(f"Bag: {bag or 'empty'}; bank {state.bank} coins")
    for seat, p in enumerate(state.players):
        kept = ", ".join(f"{c} {n}" for c, n in zip(rules.colours, p.pool, strict=True) if n)
        lines.append(
            f"P{seat}: {p.coins} coins, {p.camels} camels, pool {kept or '-'}, "
            f"goods {', '.join(p.goods) or '-'}, {p.fakirs} Fakirs, "
            f"Djinns {', '.join(p.djinns) or '-'}"
        )
    return "\n".join(lines)


def render_tribes_scores(scores: TribesScores) -> str:
    """The score sheet: one line per player with the points by source, and the winners."""
    lines = []
    for p in scores.players:
        parts = ", ".join(f"{k} {v}" for k, v in p.breakdown.items() if v)
        mark = "  (wins)" if p.winner else ""
        lines.append(f"P{p.player}: {p.total}{mark}  [{parts or 'nothing'}]")
    lines.append(f"Ties: {scores.tie_break}.")
    return "\n".join(lines)
