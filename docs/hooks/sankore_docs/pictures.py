"""The pictures on the pages: the library's own SVG (``sankore_rules.interfaces.svg``), inline.

Each area and component page shows its part of the board as the library draws it from the
ruleset; the pictures page shows a whole game in progress, played at build time by seeded
bots, and the drawing table's colours. The SVG is written into the page itself, so the site
loads nothing from elsewhere to show it.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape

import sankore_rules as sr
from sankore_docs.words import table
from sankore_rules.interfaces.bots import GreedyBot

__all__ = ["MID_GAME", "SECTIONS", "figure", "mid_game"]

#: The game the pictures page shows: players, seed, and how many decisions into it.
MID_GAME = (3, 7, 150)


def figure(svg: str, caption: str) -> str:
    """An SVG picture with its caption, as a block of HTML in the page's Markdown."""
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


def _mid_game(rules: sr.Rules, page: str) -> str:
    state = mid_game(rules)
    players, seed, decisions = MID_GAME
    return figure(
        sr.state_svg(state),
        f"sr.state_svg(state) for a {players}-player game, seed {seed}, after {decisions} "
        "decisions of greedy bots. What the last action touched is ringed.",
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
