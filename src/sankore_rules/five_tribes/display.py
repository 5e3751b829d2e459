"""How Five Tribes shows itself: text for a terminal, an SVG picture, and events in words.

The game's door hooks (``FiveTribesGame.text``, ``svg``, ``describe_events``,
``score_text``) import this module on first use, so playing a game loads none of it.

The text grid shows each tile as its kind's letter (Oasis, Village, Small and Great Market,
Sacred Place), its points, the meeples on it by colour initial, and the camel's owner. The
picture is the Sultanate with its meeples, camels, palm trees and palaces, and a line per
player: each tile a square tinted by its kind, its points written in blue when Builders count
it; the meeples on it discs of their colour with their number; a camel of its owner's colour
on a controlled tile. The tiles are the picture's board layer (they never move once dealt);
everything else is its pieces layer, which the viewer swaps from frame to frame. A tile is a
group with ``data-cell``; a piece one with ``data-piece`` and the cell it is on (``data-on``).

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=1, game="five_tribes")
    >>> render_text(sr.rules_of(state), state).splitlines()[0]
    'Five Tribes, 2 players, round 1'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sankore_rules.core.svg import Panel, el, picture, shape, text, title
from sankore_rules.core.tasks import Event
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.scoring import TribesScores, tribes_scores
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["describe_events", "render_scores", "render_text", "state_svg"]

_KIND_LETTER = {
    "oasis": "O",
    "village": "V",
    "small_market": "m",
    "great_market": "M",
    "sacred_place": "S",
}
#: A tile square's side, the room round the grid, and the room of the status line above it.
CELL = 96
MARGIN = 24
STATUS = 28
#: The room of one player's line under the grid.
LINE = 20
#: The tint of each tile kind; a kind not listed is grey.
KIND_COLOURS = {
    "oasis": "#b8d8a8",
    "village": "#e8d2a6",
    "small_market": "#f0c987",
    "great_market": "#e0a95e",
    "sacred_place": "#c9b3d9",
}
#: The meeples' colours, by their ids in the meeple table.
MEEPLE_COLOURS = {
    "yellow": "#f2c511",
    "white": "#fafafa",
    "green": "#2e9e50",
    "blue": "#2f7fd1",
    "red": "#c63a2d",
}
PLAYER_COLOURS = ("#7d3c98", "#d35400", "#117a65", "#2c3e50")
_BACKGROUND = "#fbf6ec"


# ---- text ---------------------------------------------------------------------------------------


def render_text(rules: FiveTribesRules, state: FiveTribesState) -> str:
    """The grid, the tracks, the market, the Djinns, each player's holdings and who decides.

    Nothing hidden is shown (the decks' order, the seed): the text is the same for every seat.
    """
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
    lines.append(_now(rules, state))
    return "\n".join(lines)


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


def _now(rules: FiveTribesRules, state: FiveTribesState) -> str:
    """Who decides what, or who won."""
    decision = ENGINE.decision_view(state)
    if decision is None:
        winners = ", ".join(f"P{p}" for p in tribes_scores(rules, state).winners)
        return f"The game is over. Winner(s): {winners}"
    prompt = decision["prompt"] or decision["kind"]
    return f"Now: P{decision['player']} decides ({decision['kind']}): {prompt}"


# ---- the picture --------------------------------------------------------------------------------


def state_svg(rules: FiveTribesRules, state: FiveTribesState | None) -> str:
    """The whole table as an SVG document: the game's drawing hook.

    A panel per row of the Sultanate (so that a frame of the viewer rewrites only the rows
    that changed), a status line above and the players' lines below.

    Args:
        rules: the ruleset.
        state: the state to draw, or None for the empty Sultanate (its tiles are dealt at
            setup, so only the cells are drawn).
    """
    width, height = rules.columns * CELL, rules.rows * CELL
    seats = 0 if state is None else state.player_count
    size = (width + 2 * MARGIN, STATUS + height + 2 * MARGIN + LINE * seats + 8)
    panels = [Panel("status", (0, 0, size[0], STATUS), "", _status(rules, state))]
    for row in range(rules.rows):
        cells = range(row * rules.columns, (row + 1) * rules.columns)
        panels.append(
            Panel(
                f"row-{row}",
                (MARGIN, STATUS + MARGIN + row * CELL, width, CELL),
                "".join(_tile(rules, state, i) for i in cells),
                "" if state is None else "".join(_pieces(rules, state, i) for i in cells),
            )
        )
    if state is not None:
        box = (MARGIN, STATUS + MARGIN + height, width, LINE * seats + 8)
        panels.append(Panel("players", box, "", _players(rules, state)))
    label = "Five Tribes: the whole game"
    return picture("five-tribes", label, size, _BACKGROUND, panels)


def _status(rules: FiveTribesRules, state: FiveTribesState | None) -> str:
    if state is None:
        words = f"Five Tribes · ruleset {rules.name}"
    else:
        words = f"Five Tribes · round {state.round} · {_now(rules, state)}"
    return text(MARGIN, 20, words, font_size=15, font_weight="bold", fill="#3d2b1f")


def _tile(rules: FiveTribesRules, state: FiveTribesState | None, index: int) -> str:
    """A tile's square in its row's panel: its kind's tint and its points, or an empty cell."""
    x = index % rules.columns * CELL
    name = rules.cells[index]
    square = {"x": x + 2, "y": 2, "width": CELL - 4, "height": CELL - 4, "rx": 6}
    label = text(x + 6, 16, name, font_size=11, fill="#333333")
    if state is None:
        return el(
            "g", el("rect", **square, fill="#e6e0d2", stroke="#555555"), label, data_cell=name
        )
    tile = rules.tile_by_id[state.tiles[index]]
    return el(
        "g",
        el("rect", **square, fill=KIND_COLOURS.get(tile.kind, "#cccccc"), stroke="#555555"),
        label,
        text(
            x + CELL - 8,
            16,
            str(tile.points),
            font_size=13,
            text_anchor="end",
            font_weight="bold",
            fill="#1f5fbf" if tile.blue else "#a83224",
        ),
        title(f"{name}: {tile.kind.replace('_', ' ')}, {tile.points} points"),
        data_cell=name,
        data_tile=tile.id,
    )


def _pieces(rules: FiveTribesRules, state: FiveTribesState, index: int) -> str:
    """The meeples, the camel, the palm trees and the palaces on one tile."""
    x = index % rules.columns * CELL
    name = rules.cells[index]
    parts = []
    shown = [(k, n) for k, n in zip(rules.colours, state.meeples[index], strict=True) if n]
    for k, (colour, n) in enumerate(shown):
        cx, cy = x + 16 + 18 * k, CELL / 2 + 4
        parts.append(
            el(
                "g",
                el(
                    "circle",
                    cx=cx,
                    cy=cy,
                    r=7,
                    fill=MEEPLE_COLOURS.get(colour, "#999999"),
                    stroke="#333333",
                ),
                text(cx, cy + 20, str(n), font_size=11, text_anchor="middle"),
                title(f"{n} {colour} on {name}"),
                data_piece="meeple",
                data_on=name,
            )
        )
    owner = state.camels[index]
    if owner is not None:
        ink = PLAYER_COLOURS[owner % len(PLAYER_COLOURS)]
        parts.append(
            el(
                "g",
                shape("camel", x + CELL - 18, CELL - 16, 18, ink, "#222222"),
                title(f"P{owner}'s camel on {name}"),
                data_piece="camel",
                data_player=owner,
                data_on=name,
            )
        )
    for k in range(state.palms[index]):
        disc = shape("disc", x + 12 + 12 * k, CELL - 12, 9, "#3b7d23", "#222222")
        parts.append(el("g", disc, data_piece="palm", data_on=name))
    for k in range(state.palaces[index]):
        house = shape("trading_post", x + 40 + 12 * k, CELL - 12, 10, "#f5f5f5", "#222222")
        parts.append(el("g", house, data_piece="palace", data_on=name))
    return "".join(parts)


def _players(rules: FiveTribesRules, state: FiveTribesState) -> str:
    """A line per player: coins, camels, meeples kept, goods, Fakirs, Djinns."""
    lines = []
    for seat, p in enumerate(state.players):
        kept = ", ".join(f"{n} {c}" for c, n in zip(rules.colours, p.pool, strict=True) if n)
        words = (
            f"P{seat}: {p.coins} coins, {p.camels} camels, {kept or 'no meeples'}, "
            f"{len(p.goods)} goods, {p.fakirs} Fakirs, {len(p.djinns)} Djinns"
        )
        colour = PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]
        lines.append(text(0, 22 + LINE * seat, words, font_size=13, fill=colour, data_player=seat))
    return "".join(lines)


# ---- events -------------------------------------------------------------------------------------

#: What each kind of event of a player says after the player's name: the first template whose
#: details the event has. A kind not listed is worded from its kind and details.
_EVENT_WORDS: Mapping[str, tuple[str, ...]] = {
    "bid": ("bid on the {bid} space of the bid track, paying {paid} coins",),
    "bought": ("bought {cards} from the market",),
    "camel": ("placed a camel on {cell}",),
    "cards": ("took {taken} from the market",),
    "coins": ("gained {gained} coins ({why})", "paid {paid} coins ({why})"),
    "djinn": ("took the Djinn {djinn}, paying {elders} Elder(s) and {fakirs} Fakir(s)",),
    "drawn": (
        "drew a {colour} meeple from the bag onto {cell}",
        "drew a {colour} meeple from the bag",
    ),
    "drew": ("drew the card {card} from the resource deck",),
    "drew_djinns": ("drew the Djinns {djinns}",),
    "kept": ("kept the Djinn {djinn}",),
    "no_move": ("has no move left: only Djinns' powers this turn",),
    "power": ("used the power of {djinn}, paying {paid}",),
    "drop": ("dropped a {colour} meeple on {cell}",),
    "end_triggered": ("triggered the end of the game: {cause}",),
    "fakirs": ("discarded {discarded} Fakir(s)",),
    "kill": (
        "assassinated a {colour} meeple on {cell}",
        "assassinated a {colour} meeple of P{rival}",
    ),
    "palace": ("placed a palace on {cell}",),
    "palm": ("placed a palm tree on {cell}",),
    "pick": ("picked up the {meeples} meeples of {cell}",),
    "skip": ("took nothing from the tile {cell}",),
    "sold": ("sold {goods} for {value} coins",),
    "take": ("took {count} {colour} meeple(s) from {cell}",),
    "turn": ("begins a turn",),
}
#: What an event of the whole game (no player) says.
_GAME_WORDS: Mapping[str, tuple[str, ...]] = {
    "end_triggered": ("The end of the game is triggered: {cause}",),
    "game_over": ("The game is over: {cause}", "The game is over"),
    "reshuffled": (
        "The discard pile ({cards} cards) is shuffled into the resource deck",
        "The discarded Djinns ({djinns}) are shuffled into the Djinn deck",
    ),
    "round": ("Round {round} begins",),
}
#: The causes of the end, in words (FT-END-1, FT-END-2).
_CAUSES = {
    "last_camel": "a player placed their last camel",
    "no_move": "no player can move meeples",
}


def describe_events(state: FiveTribesState) -> list[str]:
    """What the last action did (``state.events``), in words: one line per event.

    An event of a player starts with ``P0``; an event of the whole game (a new round, the
    end) is a sentence of its own.
    """
    return [_event_line(event) for event in state.events]


def _event_line(event: Event) -> str:
    words = {k: _worded(k, v) for k, v in event.detail.items() if v is not None}
    templates = (_EVENT_WORDS if event.player is not None else _GAME_WORDS).get(event.kind, ())
    for template in templates:
        try:
            line = template.format(**words)
        except KeyError:  # the event lacks a detail this template names: try the next
            continue
        break
    else:
        listed = ", ".join(f"{k.replace('_', ' ')} {v}" for k, v in words.items())
        line = event.kind.replace("_", " ") + (f": {listed}" if listed else "")
    if event.player is None:
        return line[:1].upper() + line[1:]
    return f"P{event.player} {line}"


def _worded(key: str, value: Any) -> str:
    """A detail's value as words: lists joined, an end's cause explained."""
    if key == "cause":
        return _CAUSES.get(str(value), str(value).replace("_", " "))
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value) or "nothing"
    return str(value)
