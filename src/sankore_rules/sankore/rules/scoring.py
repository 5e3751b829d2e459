"""Final scoring (END-4..7, MADR, LIB, SCORE, TIE): a score sheet any frontend can show."""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State

__all__ = [
    "DisciplineScore",
    "PlayerScore",
    "Scores",
    "Sheet",
    "final_scores",
    "library_values",
    "madrasa_awards",
    "score_sheets",
    "scores_of",
    "shelf_ranking",
]

SOURCES = ("tokens", "sankore", "board", "objectives", "graduation")


@frozen
class DisciplineScore:
    """One line of a score sheet: a player's icons of one discipline and what they are worth.

    Attributes:
        discipline: the discipline.
        icons: icons by source (tokens, sankore, board, objectives, graduation).
        value: what one icon of this discipline is worth (from the Library).
        points: total icons times value.
    """

    discipline: str
    icons: dict[str, int]
    value: int
    points: int


@frozen
class PlayerScore:
    """A player's score sheet and tie-break figures.

    Attributes:
        player: the player's seat (0 for P0).
        total: the score: the points of every discipline added up (SCORE-1..7).
        disciplines: one line per discipline, in the ruleset's discipline order.
        favour_tiles: the Favour tiles the player holds: fewer wins a tie (TIE-1).
        prestige_tokens: the Prestige tokens the player holds: more wins a tie still
            standing (TIE-2).
        winner: whether the player wins, alone or sharing the win (AMB-27).
    """

    player: int
    total: int
    disciplines: tuple[DisciplineScore, ...]
    favour_tiles: int
    prestige_tokens: int
    winner: bool


@frozen
class Scores:
    """The final scores: per player, the Library's values, the Madrasa awards, the winners.

    Attributes:
        players: one score sheet per player, in seat order.
        values: per discipline, what one of its icons is worth, from the Library (LIB-1..7).
        madrasa: per Madrasa tile showing its star, by cell name (``r1c2``), the player who
            scores it, or None when nobody does (MADR-1..4).
        winners: the winners' seats; more than one for a shared win (AMB-27). In a solo
            game, you (P0) only with a higher total than the Scholar's (SOLO-END-2).
        scholar: in a solo game the Scholar's seat, whose sheet ``players`` holds beside
            yours (SOLO-END-1); None in a game of 2-4 players.

    Examples:
        >>> import sankore_rules as sr
        >>> scores = sr.final_scores(sr.new_game(players=2, seed=3))
        >>> [sheet.total for sheet in scores.players]
        [0, 0]
    """

    players: tuple[PlayerScore, ...]
    values: dict[str, int]
    madrasa: dict[str, int | None]
    winners: tuple[int, ...]
    scholar: int | None = None


#: One player's figures before the winners are known: player, total, lines, Favour tiles,
#: Prestige tokens.
Sheet = tuple[int, int, tuple[DisciplineScore, ...], int, int]


def madrasa_awards(rules: Rules, state: State) -> dict[str, int | None]:
    """Who takes each Madrasa tile showing its star (MADR-1..4, AMB-24), by cell name."""
    awards: dict[str, int | None] = {}
    for cell, tile in enumerate(state.madrasa):
        if tile is None or not tile.star:
            continue
        count: dict[int, int] = {}
        corner: dict[int, bool] = {}
        highest: dict[int, tuple[int, bool]] = {}
        for wall in rules.walls_by_cell[cell]:
            owner = state.spaces.get(wall)
            if owner is None:
                continue
            count[owner] = count.get(owner, 0) + 1
            corner[owner] = corner.get(owner, False) or wall == rules.corner_id
            # A player's best Wall: the highest number, and on equal numbers a vertical one.
            mine = (rules.area_spaces[wall].number, rules.wall_vertical[wall])
            highest[owner] = max(highest.get(owner, mine), mine)
        if not count:
            awards[rules.cell_name(cell)] = None  # no Wall in its lines (MADR-4)
            continue
        # Most Walls; the corner wins every tie; then the highest Wall; then a vertical one.
        tied = [p for p in count if count[p] == max(count.values())]
        winners = [p for p in tied if corner[p]] or tied
        ranked = sorted(winners, key=lambda p: highest[p], reverse=True)
        alone = len(ranked) == 1 or highest[ranked[0]] != highest[ranked[1]]
        awards[rules.cell_name(cell)] = ranked[0] if ranked and alone else None
    return awards


def library_values(rules: Rules, state: State) -> dict[str, int]:
    """Each discipline's Prestige value from the Library (LIB-1..7, AMB-25)."""
    values = dict.fromkeys(rules.disciplines, 0)
    for shelf, books in zip(
        rules.library_sides[state.library_side].shelves, state.library, strict=True
    ):
        ranking = shelf_ranking(books)
        if ranking:
            values[ranking[0]] += shelf.points
        if len(ranking) > 1:
            values[ranking[1]] += shelf.second
    return values


def shelf_ranking(books: Sequence[str]) -> list[str]:
    """A shelf's disciplines, most Books first (LIB-2, LIB-3).

    Ties go to the discipline that reached the tied count first, further left on the shelf.
    """
    count: dict[str, int] = {}
    reached: dict[str, int] = {}
    for position, d in enumerate(books):
        count[d] = count.get(d, 0) + 1
        reached[d] = position  # when it reached its current count
    return sorted(count, key=lambda d: (-count[d], reached[d]))


def final_scores(rules: Rules, state: State) -> Scores:
    """Score a game of 2-4 players as it stands (SCORE-1..7, TIE-1..3)."""
    values, awards, sheets = score_sheets(rules, state)
    # TIE-1, TIE-2, AMB-27: fewer Favour tiles, then more Prestige tokens; then a shared win.
    best = max((total, -favour, tokens) for _, total, _, favour, tokens in sheets)
    winners = tuple(p for p, total, _, favour, tokens in sheets if (total, -favour, tokens) == best)
    return scores_of(values, awards, sheets, winners)


def scores_of(
    values: dict[str, int],
    awards: dict[str, int | None],
    sheets: list[Sheet],
    winners: tuple[int, ...],
    scholar: int | None = None,
) -> Scores:
    """The [`Scores`][sankore_rules.Scores] of sheets whose winners are decided."""
    players = tuple(
        PlayerScore(p, total, lines, favour, tokens, p in winners)
        for p, total, lines, favour, tokens in sheets
    )
    return Scores(players, values, awards, winners, scholar)


def score_sheets(
    rules: Rules, state: State
) -> tuple[dict[str, int], dict[str, int | None], list[Sheet]]:
    """Every player's icons by source and points (SCORE-1..7), with the values and awards.

    The same for every player, the Scholar of a solo game included: its tokens, Sankoré tiles
    and Graduation tiles are where any player's are (AMB-35).
    """
    values = library_values(rules, state)
    awards = madrasa_awards(rules, state)
    idx = rules.discipline_index
    sheets: list[Sheet] = []
    for p, pl in enumerate(state.players):
        icons = {d: dict.fromkeys(SOURCES, 0) for d in rules.disciplines}
        for d in rules.disciplines:
            icons[d]["tokens"] = pl.prestige[idx[d]]
        for cell, owner in awards.items():
            if owner == p:
                tile = state.madrasa[rules.cell_index(cell) or 0]
                assert tile is not None
                icons[rules.sankore_tiles[tile.tile].discipline]["sankore"] += 1
        for tile_id in pl.kept_sankore:
            icons[rules.sankore_tiles[tile_id].discipline]["sankore"] += 1
        for space, student in pl.students.items():
            if space in rules.topmost:  # AMB-26
                icons[student]["board"] += 1
        for number in pl.completed:
            card = rules.objective_cards[number]
            icons[card.discipline]["objectives"] += card.prestige
        for g in pl.graduations:
            grad = rules.graduation_tiles[g.tile]
            icons[grad.discipline]["graduation"] += grad.prestige
        lines = tuple(
            DisciplineScore(d, icons[d], values[d], sum(icons[d].values()) * values[d])
            for d in rules.disciplines
        )
        sheets.append(
            (p, sum(line.points for line in lines), lines, pl.favour_tiles, sum(pl.prestige))
        )
    return values, awards, sheets
