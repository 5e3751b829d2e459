"""The panels of the Five Tribes picture beside and under the Sultanate.

The tracks (the Turn Order Track's spaces with their prices, the Bid Order Track's spaces, and
each marker where it stands), the resource-card market, the Djinn display, the legend, and a panel
per player with what they hold.
"""

from __future__ import annotations

from collections import Counter

from sankore_rules.core.clickable import Clicks
from sankore_rules.core.svg import el, shape, text, title
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.display.look import (
    CARD,
    DJINN,
    HIGHLIGHT,
    INK,
    KIND_COLOURS,
    PLAYER_H,
    PLAYER_W,
    SIDE,
    Marks,
    badge,
    heading,
    meeple,
    player_colour,
    ring,
)
from sankore_rules.five_tribes.display.text import KIND_LETTER, action_words, kind_name
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = [
    "BID_ORDER",
    "TURN_ORDER",
    "display",
    "legend",
    "markers",
    "market",
    "player",
    "tracks_board",
]

# ---- the tracks ---------------------------------------------------------------------------------

#: The ``data-track`` of each track's spaces and markers: the Turn Order Track (the spaces bid
#: for, with their prices) and the Bid Order Track (where the markers wait to bid).
TURN_ORDER, BID_ORDER = "turn-order", "bid-order"
#: A track space's side and the x of the first; the y of each track's row of spaces.
_SPACE, _FIRST = 30, 4
#: The tracks' rows of spaces: the Bid Order Track's heading sits below the prices under the
#: Turn Order Track's spaces, clear of them.
_TURN_ORDER_Y, _BID_ORDER_Y = 22, 88


def tracks_board(rules: FiveTribesRules, state: FiveTribesState | None) -> str:
    """The Turn Order Track's spaces with their prices, and the Bid Order Track's spaces.

    The Bid Order Track has a space per marker in play: the most any player count uses for
    the empty table, the game's own markers for a state.
    """
    bid_order_spaces = (
        max(p.markers * p.count for p in rules.tables.tracks.players)
        if state is None
        else len(state.bid_order_track)
    )
    return "".join(
        [
            heading("Turn Order Track (coins each space costs)"),
            text(
                0,
                _BID_ORDER_Y - 8,
                "Bid Order Track (first bids first)",
                font_size=13,
                font_weight="bold",
            ),
            *(
                _space(TURN_ORDER, i, _TURN_ORDER_Y, str(v))
                for i, v in enumerate(rules.tables.tracks.bids)
            ),
            *(_space(BID_ORDER, i, _BID_ORDER_Y, str(i + 1)) for i in range(bid_order_spaces)),
        ]
    )


def _space(track: str, index: int, y: float, label: str) -> str:
    """Space ``index`` of a track, its label (a price, a rank) under it."""
    x = _FIRST + index * (_SPACE + 4)
    return el(
        "g",
        el("rect", x=x, y=y, width=_SPACE, height=_SPACE, rx=4, fill=CARD, stroke=INK),
        text(x + _SPACE / 2, y + _SPACE + 12, label, font_size=11, text_anchor="middle"),
        data_track=track,
        data_space=index,
    )


def markers(
    rules: FiveTribesRules,
    state: FiveTribesState | None,
    marks: Marks,
    clicks: Clicks | None = None,
) -> str:
    """Each marker on its space of the Turn Order Track or the Bid Order Track.

    And over each free space of the Turn Order Track, its hit area when a bid stands for it.
    """
    if state is None:
        return ""
    parts = []
    if clicks is not None:
        for i, value in enumerate(rules.tables.tracks.bids):
            if state.turn_order_track[i] is None:
                x = _FIRST + i * (_SPACE + 4)
                parts.append(clicks.box(("bid", str(value)), x, _TURN_ORDER_Y, _SPACE, _SPACE))
    for track, spaces, y in (
        (TURN_ORDER, state.turn_order_track, _TURN_ORDER_Y),
        (BID_ORDER, state.bid_order_track, _BID_ORDER_Y),
    ):
        for i, marker in enumerate(spaces):
            if marker is None:
                continue
            seat = state.markers[marker]
            x = _FIRST + i * (_SPACE + 4)
            where = (
                f"the {rules.tables.tracks.bids[i]} space of the Turn Order Track"
                if track == TURN_ORDER
                else f"space {i + 1} of the Bid Order Track"
            )
            touched = ring(
                marks, ("marker", marker), x, y, _SPACE, _SPACE, data_track=track, data_space=i
            )
            parts.append(touched)
            parts.append(
                el(
                    "g",
                    badge(seat, x + _SPACE / 2, y + _SPACE / 2, 22),
                    title(f"P{seat}'s marker {marker} on {where}"),
                    data_piece="marker",
                    data_marker=marker,
                    data_player=seat,
                    data_track=track,
                    data_space=i,
                )
            )
    return "".join(parts)


# ---- the market, the Djinns, the legend ---------------------------------------------------------


def market(state: FiveTribesState | None) -> str:
    """The face-up resource cards, first first, five to a row."""
    if state is None:
        return ""
    parts = []
    for i, card in enumerate(state.market):
        x, y = i % 5 * 63, 20 + i // 5 * 40
        fakir = card == "fakir"
        parts.append(
            el(
                "g",
                el(
                    "rect",
                    x=x,
                    y=y,
                    width=59,
                    height=34,
                    rx=4,
                    fill="#5b4a3a" if fakir else CARD,
                    stroke=INK,
                ),
                text(
                    x + 4, y + 12, str(i + 1), font_size=9, fill="#ffffff" if fakir else "#777777"
                ),
                text(
                    x + 30,
                    y + 25,
                    card.capitalize(),
                    font_size=11,
                    text_anchor="middle",
                    fill="#ffffff" if fakir else INK,
                ),
                title(f"card {i + 1} of the market: {card}"),
                data_piece="card",
                data_card=card,
                data_space=i,
            )
        )
    return "".join(parts)


def display(
    rules: FiveTribesRules, state: FiveTribesState | None, clicks: Clicks | None = None
) -> str:
    """The face-up Djinns: name, points and power; over each, its hit area (``clicks``)."""
    if state is None:
        return ""
    parts = []
    width = min(104, SIDE // max(1, len(state.djinn_display)) - 4)
    for i, djinn_id in enumerate(state.djinn_display):
        djinn = rules.djinn_by_id[djinn_id]
        x = i * (width + 4)
        parts.append(
            el(
                "g",
                el("rect", x=x, y=20, width=width, height=64, rx=5, fill=DJINN, stroke=INK),
                text(x + width / 2, 40, djinn.name, font_size=12, text_anchor="middle"),
                text(
                    x + width / 2,
                    66,
                    f"{djinn.points} pts",
                    font_size=14,
                    font_weight="bold",
                    text_anchor="middle",
                ),
                title(f"{djinn.name}: {djinn.points} points, power {djinn.power.kind.value}"),
                data_piece="djinn",
                data_djinn=djinn_id,
            )
        )
        if clicks is not None:
            parts.append(clicks.box(("djinn", djinn_id), x, 20, width, 64))
    return "".join(parts)


#: The legend's two columns, tile kinds and meeples: the longest kind's words ("Oasis: a palm
#: tree, compulsory", about 170 px at this size) end before the meeples begin, and "Merchants
#: (green)" ends inside the panel (SIDE wide).
_LEGEND_FONT, _MEEPLE_X = 10, 206


def legend(rules: FiveTribesRules) -> str:
    """The tile kinds by tint and letter, the meeple colours, the pieces and the ring."""
    parts = [heading("Legend")]
    for i, kind in enumerate(rules.tables.sultanate.kind):
        y = 22 + i * 20
        parts.append(
            el(
                "g",
                el(
                    "rect",
                    x=0,
                    y=y,
                    width=16,
                    height=16,
                    rx=3,
                    fill=KIND_COLOURS.get(kind.id, "#cccccc"),
                    stroke="#555555",
                ),
                text(
                    8,
                    y + 12,
                    KIND_LETTER.get(kind.id, "?"),
                    font_size=11,
                    font_weight="bold",
                    text_anchor="middle",
                ),
                text(
                    22,
                    y + 12,
                    f"{kind_name(kind.id)}: {action_words(kind)}",
                    font_size=_LEGEND_FONT,
                ),
                data_legend=kind.id,
            )
        )
    for i, tribe in enumerate(rules.tables.meeples.meeple):
        y = 22 + i * 20
        parts.append(
            el(
                "g",
                meeple(tribe.id, _MEEPLE_X, y + 8, 7),
                text(_MEEPLE_X + 12, y + 12, f"{tribe.name}s ({tribe.id})", font_size=_LEGEND_FONT),
                data_legend=tribe.id,
            )
        )
    y = 130
    parts.append(
        shape("camel", 10, y, 18, "#999999", "#222222")
        + text(22, y + 4, "camel", font_size=11)
        + shape("disc", 70, y, 9, "#3b7d23", "#222222")
        + text(78, y + 4, "palm", font_size=11)
        + shape("trading_post", 116, y, 10, "#f5f5f5", "#222222")
        + text(124, y + 4, "palace", font_size=11)
        + el(
            "rect",
            x=166,
            y=y - 8,
            width=16,
            height=16,
            rx=3,
            fill="none",
            stroke=HIGHLIGHT,
            stroke_width=3,
        )
        + text(188, y + 4, "last action", font_size=11)
        + text(0, y + 20, "Points: blue, Builders count them; red, they do not.", font_size=11)
    )
    return "".join(parts)


# ---- the players --------------------------------------------------------------------------------


def player(
    rules: FiveTribesRules,
    state: FiveTribesState,
    seat: int,
    to_play: bool,
    hidden: bool,
    marks: Marks,
    clicks: Clicks | None = None,
) -> str:
    """One player's panel: badge, coins, camels, Viziers and Elders, goods, Fakirs, Djinns.

    With ``clicks``, the hit areas of its Viziers and Elders (to kill one) and of its Djinns
    (to use one's power).
    """
    p = state.players[seat]
    colour = player_colour(seat)
    tiles = sum(1 for owner in state.camels if owner == seat)
    coins = "? coins" if hidden else f"{p.coins} coins"
    parts = [
        el(
            "rect",
            x=0,
            y=0,
            width=PLAYER_W,
            height=PLAYER_H,
            rx=6,
            fill="#ffffff",
            stroke=colour,
            stroke_width=4 if to_play else 1.5,
        ),
        ring(marks, ("player", seat), 0, 0, PLAYER_W, PLAYER_H, data_player=seat),
        badge(seat, 16, 16, 20),
        text(
            32,
            21,
            f"P{seat}{' · to play' if to_play else ''} · {coins} · {p.camels} camels left · "
            f"{tiles} tiles",
            font_size=13,
            font_weight="bold",
            fill=colour,
        ),
    ]
    x = 8
    for effect, piece in (("viziers", "vizier"), ("elders", "elder")):
        k = next(i for i, m in enumerate(rules.tables.meeples.meeple) if m.effect.value == effect)
        n = p.pool[k]
        parts.append(
            el(
                "g",
                meeple(rules.colours[k], x + 8, 44, 8),
                text(x + 20, 48, f"{n} {piece.capitalize()}s", font_size=12),
                title(f"P{seat} keeps {n} {piece}(s)"),
                data_piece=piece,
                data_count=n,
                data_player=seat,
            )
        )
        if clicks is not None:
            parts.append(clicks.box(("pool", seat, rules.colours[k]), x, 34, 86, 20))
        x += 92
    parts.append(
        el(
            "g",
            el("rect", x=x, y=34, width=18, height=20, rx=2, fill="#5b4a3a", stroke=INK),
            text(x + 24, 48, f"{p.fakirs} Fakirs", font_size=12),
            title(f"P{seat} holds {p.fakirs} Fakir card(s)"),
            data_piece="fakir",
            data_count=p.fakirs,
            data_player=seat,
        )
    )
    goods = Counter(p.goods)
    x = 8
    for good in rules.goods:
        n = goods.get(good, 0)
        if not n:
            continue
        # Three letters a good: the nine kinds fit on one line; the tooltip names it whole.
        words = f"{good[:3]} {n}"
        parts.append(
            el(
                "g",
                el("rect", x=x, y=60, width=40, height=18, rx=3, fill=CARD, stroke=INK),
                text(x + 4, 73, words, font_size=11),
                title(f"P{seat} holds {n} {good}"),
                data_piece="good",
                data_good=good,
                data_count=n,
                data_player=seat,
            )
        )
        x += 44
    if not goods:
        parts.append(text(8, 73, "no goods", font_size=11, fill="#777777"))
    x = 8
    for k, djinn_id in enumerate(p.djinns):
        djinn = rules.djinn_by_id[djinn_id]
        words = f"{djinn.name} {djinn.points}"
        width = 8 + 7 * len(words)
        if x + width > PLAYER_W - 50:  # no room left: the rest are counted, not drawn
            parts.append(text(x, 101, f"+{len(p.djinns) - k} more", font_size=11))
            break
        parts.append(
            el(
                "g",
                el("rect", x=x, y=86, width=width, height=22, rx=4, fill=DJINN, stroke=INK),
                text(x + 4, 101, words, font_size=11),
                title(f"{djinn.name}: {djinn.points} points, power {djinn.power.kind.value}"),
                data_piece="djinn",
                data_djinn=djinn_id,
                data_player=seat,
            )
        )
        if clicks is not None:
            parts.append(clicks.box(("power", seat, djinn_id), x, 86, width, 22))
        x += width + 4
    if not p.djinns:
        parts.append(text(8, 101, "no Djinns", font_size=11, fill="#777777"))
    return "".join(parts)
