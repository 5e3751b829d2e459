"""The pictures on the pages: the library's own SVG (``sankore_rules.interfaces.svg``), inline.

Each area and component page shows its part of the board as the library draws it from the
ruleset; the pictures page shows a whole game in progress, played at build time by seeded
bots, and the drawing table's colours. The SVG is written into the page itself, so the site
loads nothing from elsewhere to show it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

import sankore_rules as sr
from sankore_docs.words import table
from sankore_rules.interfaces.bots import GreedyBot

__all__ = ["MID_GAME", "MID_GAME_AREAS", "SECTIONS", "figure", "mid_game", "mid_game_figures"]

#: The game the pictures page shows: players, seed, and how many decisions into it.
MID_GAME = (3, 7, 150)


#: The widest picture the page's column shows whole at about its own size; a wider one (the
#: Favour track, a strip) is shown at its own size in a box that scrolls sideways, so that its
#: labels stay readable.
COLUMN_WIDTH = 600


def figure(svg: str, caption: str) -> str:
    """An SVG picture with its caption, as a block of HTML in the page's Markdown."""
    width = re.search(r'<svg [^>]*?width="([\d.]+)"', svg)
    if width is not None and float(width.group(1)) > COLUMN_WIDTH:
        return (
            f'<figure class="sankore-picture" style="overflow-x:auto">'
            f'<div style="width:{width.group(1)}px">{svg}</div>'
            f"<figcaption>{escape(caption, quote=False)}</figcaption></figure>"
        )
    return (
        f'<figure class="sankore-picture">{svg}'
        f"<figcaption>{escape(caption, quote=False)}</figcaption></figure>"
    )


def mid_game(rules: sr.Rules) -> sr.State:
    """The game in progress the pictures page shows: greedy bots, seeded, part way through."""
    players, seed, decisions = MID_GAME
    state = sr.new_game(players=players, seed=seed, rules=rules)
    bots = [GreedyBot(seed=seed * 10 + p) for p in range(players)]
    for _ in range(decisions):
        player = state.current_player
        if player is None:
            break
        state = sr.apply(state, bots[player].choose(state))
    return state


def _area(area: str, caption: str) -> Callable[[sr.Rules, str], str]:
    def render(rules: sr.Rules, page: str) -> str:
        return figure(sr.area_svg(rules, area), caption)

    return render


def _library(rules: sr.Rules, page: str) -> str:
    return "\n\n".join(
        figure(
            sr.library_svg(rules, side=side),
            f"The {side.replace('_', '-')} side: each shelf with its slots and the points it "
            "gives its leader (and runner-up).",
        )
        for side in rules.library_sides
    )


def _player_board(rules: sr.Rules, page: str) -> str:
    return figure(
        sr.player_board_svg(rules),
        "The player board as sankore_rules draws it: Class spaces (boxes) in rows, Student "
        "spaces (circles) under them, arrows up to the spaces a Student moves to, and beside "
        "it what the player holds.",
    )


#: The parts of the table the pictures page shows one by one, each a figure the page's column
#: holds at about its own size (the whole table, 1,400 units wide, would be squeezed to a third).
MID_GAME_AREAS = (
    ("astronomy", "Astronomy: camels, Trading Posts, the regions' scoring boxes"),
    ("theology", "Theology: the cities and their Mosques"),
    ("mathematics", "Mathematics: the Madrasa, its Sankoré tiles and Walls"),
    ("law", "Law: the Crowns"),
    ("queues", "The Student queues"),
    ("graduation", "The Graduation tiles"),
    ("favour_track", "The Favour track"),
)


def mid_game_figures(state: sr.State) -> list[tuple[str, str]]:
    """The pictures of a game, part by part: (SVG, caption) of each area, Library, player board."""
    figures = [(sr.area_svg(state, area), words) for area, words in MID_GAME_AREAS]
    figures.append((sr.library_svg(state), "The Library: the Books contributed, shelf by shelf"))
    figures += [
        (sr.player_board_svg(state, p), f"Player P{p}'s board and what P{p} holds")
        for p in range(len(state.players))
    ]
    return figures


def _mid_game(rules: sr.Rules, page: str) -> str:
    state = mid_game(rules)
    players, seed, decisions = MID_GAME
    intro = (
        f"A {players}-player game, seed {seed}, after {decisions} decisions of greedy bots, "
        "part by part (sr.area_svg, sr.library_svg, sr.player_board_svg; sr.state_svg draws "
        "them all in one picture). What the last action touched is ringed."
    )
    return f"{intro}\n\n" + "\n\n".join(
        figure(svg, caption) for svg, caption in mid_game_figures(state)
    )


def _colours(rules: sr.Rules, page: str) -> str:
    colours = rules.tables.drawing.colours

    def swatch(colour: str) -> str:
        return (
            f'<span style="display:inline-block;width:1.4em;height:1em;background:{colour};'
            f'border:1px solid #000;vertical-align:middle"></span> `{colour}`'
        )

    rows = [(f"player P{p}", swatch(c)) for p, c in enumerate(colours.players)]
    rows += [(d.capitalize(), swatch(c)) for d, c in colours.disciplines.items()]
    rows += [("the last action's marks", swatch(colours.highlight))]
    return table(("Whose or what", "Colour"), rows)


SECTIONS: dict[str, Callable[[sr.Rules, str], str]] = {
    "astronomy-map": _area(
        "astronomy",
        "The camel map as sankore_rules draws it: a dashed path crosses a region's dotted line; "
        "the number on a path is the Knowledge it takes; Port Cities show their Gold and their "
        "three spaces' tie-break numbers.",
    ),
    "theology-picture": _area(
        "theology",
        "The Theology area as sankore_rules draws it: each city with its top, middle and bottom "
        "rows; a space shows the Knowledge it needs.",
    ),
    "mathematics-diagram": _area(
        "mathematics",
        "The Madrasa as sankore_rules draws it: the cells numbered in filling order, the Wall "
        "spaces on the four sides with the Knowledge each needs, the corner, the Gold icons of "
        "each row and column, and the spaces for Students.",
    ),
    "law-picture": _area(
        "law",
        "The Law area as sankore_rules draws it: each region's Overflow space above its top, "
        "middle and bottom rows of Crown spaces, each with the Knowledge it needs.",
    ),
    "queues-picture": _area(
        "queues",
        "The 4-player queues as sankore_rules draws them: each space's Knowledge once empty "
        "and its icons (P Prestige majority, B Book majority, F Favour, S Sankoré tile).",
    ),
    "favour-track-picture": _area("favour_track", "The Favour track, space by space."),
    "graduation-picture": _area(
        "graduation",
        "The Graduation tiles' places: one column per discipline, level 1 at the top.",
    ),
    "library-picture": _library,
    "player-board-diagram": _player_board,
    "pictures-mid-game": _mid_game,
    "pictures-colours": _colours,
}
