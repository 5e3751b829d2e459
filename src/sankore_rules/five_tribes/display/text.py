"""The text view of a Five Tribes table, its legend, and the score sheet.

Each tile is written as its cell, its kind's letter, its points (``b`` after them for a blue
value), its palm trees (``p``) and palaces (``P``), the camel's owner, then the meeples on it
by colour initial. The legend under the view says what every letter stands for, read from the
ruleset's tables.
"""

from __future__ import annotations

from sankore_rules.core.chance import decision_words
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.scoring import TribesScores, tribes_scores
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import TileKind

__all__ = [
    "ACTION_WORDS",
    "KIND_LETTER",
    "kind_name",
    "legend",
    "now",
    "render_scores",
    "render_text",
]

#: The letter of each tile kind, in the text view and on the picture's tiles; a kind the
#: tables add later is written ``?``.
KIND_LETTER = {
    "oasis": "O",
    "village": "V",
    "small_market": "m",
    "large_market": "M",
    "sacred_place": "S",
}

#: What each tile action gives, in words (the legends of the text and the picture).
ACTION_WORDS = {
    "palm": "a palm tree",
    "palace": "a palace",
    "market": "buy cards",
    "djinn": "buy a Djinn",
}


def action_words(kind: TileKind) -> str:
    """What a tile kind's action gives, in words, and whether it is compulsory (FT-PUB-13)."""
    words = ACTION_WORDS.get(kind.action.value, kind.action.value)
    return words + (", compulsory" if kind.compulsory else "")


def kind_name(kind: str) -> str:
    """A tile kind's id as words: ``small_market`` is ``Small Market``."""
    return kind.replace("_", " ").title()


def render_text(rules: FiveTribesRules, state: FiveTribesState) -> str:
    """The grid, the tracks, the market, the Djinns, each player, who decides, and the legend.

    Nothing hidden is shown (the decks' order, the seed). The coins are all shown: the text
    is the whole table (``FiveTribesGame.seat_text`` hides the others' coins for one seat).
    """
    initials = [c[0].upper() for c in rules.colours]
    lines = [f"Five Tribes, {state.player_count} players, round {state.round}"]
    for r in range(rules.rows):
        cells = []
        for c in range(rules.columns):
            i = r * rules.columns + c
            meeples = "".join(initials[k] * n for k, n in enumerate(state.meeples[i])) or "-"
            camel = "" if state.camels[i] is None else f" P{state.camels[i]}"
            extras = "p" * state.palms[i] + "P" * state.palaces[i]
            cells.append(
                f"{rules.cells[i]} {_tile_word(rules, state.tiles[i])}{extras}{camel}: {meeples}"
            )
        lines.append("  " + " | ".join(cells))
    bids = rules.tables.tracks.bids
    lines.append(
        "Turn Order Track: "
        + ", ".join(
            f"{v}:{'P' + str(state.markers[m]) if m is not None else '.'}"
            for v, m in zip(bids, state.turn_order_track, strict=True)
        )
    )
    lines.append(
        "Bid Order Track: "
        + ", ".join("." if m is None else f"P{state.markers[m]}" for m in state.bid_order_track)
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
    lines.append(now(rules, state))
    lines.extend(legend(rules))
    return "\n".join(lines)


def _tile_word(rules: FiveTribesRules, tile_id: str) -> str:
    """A tile as the grid writes it (``V5b``: kind letter, points, blue), ``..`` for none yet."""
    if not tile_id:
        return ".."  # a cell the setup's deal has not reached (the explicit mode)
    tile = rules.tile_by_id[tile_id]
    return f"{KIND_LETTER.get(tile.kind, '?')}{tile.points}{'b' if tile.blue else ''}"


def legend(rules: FiveTribesRules) -> list[str]:
    """What the text view's letters stand for, as lines, from the ruleset's tables.

    Examples:
        >>> import sankore_rules as sr
        >>> legend(sr.load_rules(game="five_tribes"))[1][:60]
        'Tiles: O Oasis (a palm tree, compulsory), V Village (a palac'
    """
    kinds = ", ".join(
        f"{KIND_LETTER.get(k.id, '?')} {kind_name(k.id)} ({action_words(k)})"
        for k in rules.tables.sultanate.kind
    )
    meeples = ", ".join(
        f"{m.id[0].upper()} {m.id} ({m.name}s)" for m in rules.tables.meeples.meeple
    )
    return [
        "Legend:",
        f"Tiles: {kinds}.",
        "A tile reads: cell, kind letter, points (b: a blue value, which Builders count), "
        "p a palm tree, P a palace, P0 the camel of player 0, then the meeples after ':' "
        "(- none).",
        f"Meeples: {meeples}.",
        "Tracks: each space reads value:marker, P1 a marker of player 1, '.' a free space; "
        "the Bid Order Track lists the markers in the order they bid next.",
    ]


def render_scores(scores: TribesScores, *, final: bool = True) -> str:
    """The score sheet: one line per player with the points by source, and the winners.

    Args:
        scores: a Five Tribes score sheet (``sankore_rules.final_scores``).
        final: mark the winners; False for the running score of a game in progress.
    """
    lines = []
    for p in scores.players:
        parts = ", ".join(f"{k} {v}" for k, v in p.breakdown.items() if v)
        mark = "  (wins)" if p.winner and final else ""
        lines.append(f"P{p.player}: {p.total}{mark}  [{parts or 'nothing'}]")
    lines.append(f"Ties: {scores.tie_break}.")
    return "\n".join(lines)


def now(rules: FiveTribesRules, state: FiveTribesState) -> str:
    """Who decides what, or who won."""
    decision = ENGINE.decision_view(state)
    if decision is None:
        winners = ", ".join(f"P{p}" for p in tribes_scores(rules, state).winners)
        return f"The game is over. Winner(s): {winners}"
    prompt = decision["prompt"] or decision["kind"]
    return f"Now: {decision_words(decision['player'], decision['kind'], prompt)}"
