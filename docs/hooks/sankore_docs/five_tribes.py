"""The Five Tribes pages: the Sultanate drawn, every table, the decisions and the rulings.

Every number comes from ``load_rules(game="five_tribes")`` (or the corrected tables in the folder
``$FIVE_TRIBES_DATA`` names), never from the hand-written pages.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Callable

import sankore_rules as sr
from sankore_docs.pictures import figure
from sankore_docs.words import code, table
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.game import ENGINE
from sankore_rules.five_tribes.rules.tiles import price_word
from sankore_rules.five_tribes.tables import Power
from sankore_rules.interfaces.bots import RandomBot

__all__ = ["PAGES", "SECTIONS", "ids_as_code", "tribes_rules"]

#: The Five Tribes pages (paths under ``docs/``) start with this.
PAGES = "five-tribes/"
#: A Five Tribes checklist or ruling ID.
FT_ID = re.compile(r"(?<![`\w-])FT-[A-Z]+-\d+\b")


def ids_as_code(markdown: str) -> str:
    """``markdown`` with each Five Tribes ID as inline code.

    Sankoré's rulings and clauses are linked wherever their IDs stand in a page's text, and
    ``FT-AMB-1`` ends like Sankoré's ``AMB-1``: as code, a Five Tribes ID is spoken of, never
    taken for one of Sankoré's.
    """
    return FT_ID.sub(lambda m: f"`{m.group(0)}`", markdown)


#: The seed of the game the board table shows.
PICTURE_SEED = 1
#: The game the picture shows: players, seed, and how many decisions into it.
MID_GAME = (3, 5, 60)


def tribes_rules() -> FiveTribesRules:
    """The Five Tribes ruleset the pages are generated from."""
    rules: FiveTribesRules = sr.load_rules(
        os.environ.get("FIVE_TRIBES_DATA") or None, game="five_tribes"
    )
    return rules


def _kind_name(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


def _board(rules: sr.Rules, page: str) -> str:
    ft = tribes_rules()
    state = sr.new_game(players=2, seed=PICTURE_SEED, game="five_tribes")
    header = ["", *(str(c + 1) for c in range(ft.columns))]
    rows = []
    for r in range(ft.rows):
        row: list[object] = [f"**{ft.cells[r * ft.columns][0]}**"]
        for c in range(ft.columns):
            tile = ft.tile_by_id[state.tiles[r * ft.columns + c]]
            value = f"{tile.points} blue" if tile.blue else f"{tile.points}"
            row.append(f"{_kind_name(tile.kind)} ({value})")
        rows.append(row)
    return table(header, rows)


def _picture(rules: sr.Rules, page: str) -> str:
    players, seed, decisions = MID_GAME
    state = sr.new_game(players=players, seed=seed, game="five_tribes")
    bot = RandomBot(seed=seed)
    for _ in range(decisions):
        state = sr.apply(state, bot.choose(state))
    caption = (
        f"sr.state_svg(state) for a {players}-player game, seed {seed}, after {decisions} "
        "random decisions"
    )
    return figure(sr.state_svg(state), caption)


def _tiles(rules: sr.Rules, page: str) -> str:
    ft = tribes_rules()
    grid = ft.tables.sultanate
    kinds = [
        (
            _kind_name(k.id),
            k.action.value,
            "yes" if k.compulsory else "no",
            f"{k.cards} of the first {k.among} cards for {k.price} coins" if k.price else "",
            k.source.value,
        )
        for k in grid.kind
    ]
    counts = Counter((t.kind, t.points, t.blue, t.source.value) for t in grid.tile)
    rows = [
        (_kind_name(kind), n, points, "blue" if blue else "red", source)
        for (kind, points, blue, source), n in counts.items()
    ]
    return (
        f"The Sultanate is a grid of {grid.rows} rows and {grid.columns} columns "
        f"({grid.source.value}).\n\n"
        + table(("Kind", "Action", "Compulsory", "Market", "Source"), kinds)
        + "\n\n"
        + table(("Kind", "Tiles", "Points", "Value", "Source"), rows)
    )


def _meeples(rules: sr.Rules, page: str) -> str:
    ft = tribes_rules()
    rows = [
        (code(m.id), m.name, m.count, m.effect.value, m.points, m.bonus or "", m.source.value)
        for m in ft.tables.meeples.meeple
    ]
    total = sum(m.count for m in ft.tables.meeples.meeple)
    return (
        table(
            ("Colour", "Tribe", "Count", "Effect", "Points each", "Majority bonus", "Source"), rows
        )
        + f"\n\n{total} meeples in all: {ft.tables.meeples.per_tile} for each of the "
        f"{len(ft.cells)} tiles at setup ({ft.tables.meeples.per_tile_source.value})."
    )


def _tracks(rules: sr.Rules, page: str) -> str:
    ft = tribes_rules()
    t = ft.tables.tracks
    bids = ", ".join(str(b) for b in t.bids)
    lines = [
        f'- Turn Order Track, the "0" column first ({t.bids_source.value}): {bids}.',
        f"- Coins at setup ({t.start_coins_source.value}): {t.start_coins} per player; "
        f"the bank holds {t.bank} coins in all ({t.bank_source.value}).",
        f"- Supply ({t.pieces_source.value}): {t.palms} palm trees, {t.palaces} palaces; "
        f"each worth {t.palm_points} and {t.palace_points} points on a controlled tile "
        f"({t.points_source.value}).",
    ]
    rows = [(p.count, p.camels, p.markers, p.source.value) for p in t.players]
    return (
        "\n".join(lines)
        + "\n\n"
        + table(("Players", "Camels each", "Markers each", "Source"), rows)
    )


def _cards(rules: sr.Rules, page: str) -> str:
    ft = tribes_rules()
    c = ft.tables.cards
    goods = table(
        ("Goods", "Cards", "Source"), [(code(g.id), g.count, g.source.value) for g in c.good]
    )
    sets = table(
        ("Different goods", "Coins sold / points at the end", "Source"),
        [(v.size, v.value, v.source.value) for v in c.set_value],
    )
    total = sum(g.count for g in c.good) + c.fakirs
    return (
        f"The deck holds {total} cards: the goods below and {c.fakirs} Fakir cards "
        f"({c.fakirs_source.value}); the market shows {c.market} ({c.market_source.value}).\n\n"
        + goods
        + "\n\n"
        + sets
    )


#: What each power does, in words, from its power record (amount, own coins, tile kind).
_POWERS: dict[str, Callable[[Power], str]] = {
    "none": lambda p: "points only",
    "wild_fakirs": lambda p: (
        f"at the end, every {p.amount} Fakir cards count as a good of any kind"
    ),
    "fill_tile": lambda p: f"{p.amount} meeples from the bag onto an empty tile",
    "place_palace": lambda p: f"a palace on any {_kind_name(p.tile)}",
    "place_palm": lambda p: f"a palm tree on any {_kind_name(p.tile)}",
    "palace_nearby": lambda p: "a palace you place goes on a tile around instead",
    "palm_nearby": lambda p: "a palm tree you place goes on a tile around instead",
    "claim_empty": lambda p: "a camel on an empty tile",
    "claim_meeples": lambda p: "a camel on a tile holding only meeples",
    "double_builders": lambda p: f"this turn's Builders' coins times {p.amount}",
    "double_kill": lambda p: f"the Assassins kill {p.amount}, on one tile or of one rival",
    "bid_discount": lambda p: "each Fakir makes the bid cost one space lower",
    "draw_djinns": lambda p: f"draw {p.amount} Djinns, keep one, discard the others",
    "draw_card": lambda p: f"take {p.amount} card(s) from the top of the resource deck",
    "protect_pool": lambda p: "your Viziers and Elders cannot be killed",
    "assassin_spoils": lambda p: "your Assassins' victims pay you (a meeple, a card or coins)",
    "vizier_points": lambda p: f"each Vizier worth {p.amount} points at the end",
    "elder_points": lambda p: f"each Elder worth {p.amount} points at the end",
    "palm_points": lambda p: f"each palm tree on your tiles worth {p.amount} points at the end",
    "income_djinn": lambda p: f"{p.amount} coins when a rival takes a Djinn, {p.own} when you do",
    "income_drop": lambda p: (
        f"{p.amount} coins per meeple a rival drops on your tile, {p.own} yours"
    ),
    "income_palace": lambda p: f"{p.amount} coins per palace a rival places, {p.own} per yours",
    "income_kill": lambda p: f"{p.amount} coins per meeple a rival kills, {p.own} per yours",
}
#: A power's cost in words (FT-PUB-16).
_COSTS = {
    "none": "-",
    "elder_or_fakir": "1 Elder or 1 Fakir",
    "elder_and_elder_or_fakir": "1 Elder, and 1 Elder or 1 Fakir",
    "fakir": "1 Fakir",
    "fakirs": "1 Fakir or more",
}


def _djinns(rules: sr.Rules, page: str) -> str:
    ft = tribes_rules()
    d = ft.tables.djinns
    prices = "; ".join(
        f"{code(price_word(p))}: {p.elders} Elder(s) and {p.fakirs} Fakir card(s) "
        f"({p.source.value})"
        for p in d.price
    )
    rows = [
        (
            f"FT-PUB-DJ-{n}",
            code(j.id),
            j.name,
            j.points,
            _POWERS[j.power.kind.value](j.power),
            _COSTS[j.power.cost.value],
            j.source.value,
        )
        for n, j in enumerate(d.djinn, 1)
    ]
    return (
        f"The display shows {d.display} Djinns ({d.source.value}). A Djinn costs, at a Sacred "
        f"Place: {prices}. A power with a cost is used on its owner's turn, once a turn, and "
        "may be used in the turn its Djinn is taken (FT-PUB-16).\n\n"
        + table(("ID", "Id", "Name", "Points", "Power", "Cost", "Source"), rows)
    )


def _decisions(rules: sr.Rules, page: str) -> str:
    rows = [
        (code(s.kind), s.prompt, ", ".join(code(a) for a in s.answers))
        for s in ENGINE.steps.values()
        if s.candidates is not None
    ]
    return table(("Decision", "Prompt", "Answered by"), rows)


def _rulings(rules: sr.Rules, page: str) -> str:
    parts = []
    for r in tribes_rules().tables.rulings.ruling:
        parts.append(
            "\n\n".join(
                [
                    f"### {r.id} {{#{r.id.lower()}}}",
                    f"**Question.** {r.question}",
                    f"**The engine's choice.** {r.choice}",
                    f"**Why.** {r.reason}",
                ]
            )
        )
    return "\n\n".join(parts)


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "ft-board": _board,
    "ft-picture": _picture,
    "ft-tiles": _tiles,
    "ft-meeples": _meeples,
    "ft-tracks": _tracks,
    "ft-cards": _cards,
    "ft-djinns": _djinns,
    "ft-decisions": _decisions,
    "ft-rulings": _rulings,
}
