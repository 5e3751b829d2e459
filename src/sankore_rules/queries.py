"""What a player sees on the table, as figures a frontend can show without parsing reasons.

The rules modules compute these figures for their checks; here they are public and documented:
a player's Knowledge in an area and where it comes from, what a player may keep at the end of a
turn, and the empty spaces of an area within the player's Knowledge. Board geometry (queues,
the Madrasa, the player board's arrows, Graduation slots) is on [`Rules`][sankore_rules.Rules].

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=3)
    >>> sr.knowledge(state, 0, "theology")
    Knowledge(area='theology', school=0, shared=1, class_bonus=0, abilities=0)
    >>> sr.storage(state, 0).gold
    6
"""

from __future__ import annotations

from attrs import frozen

from sankore_rules.api import rules_of
from sankore_rules.sankore.abilities import area_knowledge, storage_bonus
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.rules.common import open_spaces, prestige_capacity, school_knowledge
from sankore_rules.sankore.rules.common import shared_knowledge as _shared_knowledge
from sankore_rules.sankore.solo import common as _solo
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Cost

__all__ = ["Knowledge", "Placement", "Storage", "knowledge", "reachable_spaces", "storage"]


@frozen
class Knowledge:
    """A player's Knowledge in one area, part by part (KNOW-2..KNOW-6).

    Attributes:
        area: the discipline of the area.
        school: the School Knowledge uncovered on the player's board (KNOW-3, AMB-45).
        shared: the highest number showing on the area's Student queue (KNOW-4).
        class_bonus: the bonus of the class being taught, when this player is teaching a class
            of this area with a Student of its discipline (KNOW-5); 0 otherwise.
        abilities: what completed Objective cards add in this area (BONUS-6).
    """

    area: str
    school: int
    shared: int
    class_bonus: int
    abilities: int

    @property
    def total(self) -> int:
        """The Knowledge a space's requirement is compared with (KNOW-1)."""
        return self.school + self.shared + self.class_bonus + self.abilities


@frozen
class Storage:
    """What a player may keep at the end of a turn (STOR-1..STOR-3).

    Attributes:
        inspiration: Inspiration kept at most, Objective cards included.
        gold: Gold kept at most, Objective cards included.
        salt: Salt kept at most, Objective cards included.
        books_per_discipline: Books of each discipline the Bookshelf holds (RES-4).
        prestige: Prestige storage spaces not covered by Favour tiles (RES-7).
    """

    inspiration: int
    gold: int
    salt: int
    books_per_discipline: int
    prestige: int


@frozen
class Placement:
    """An empty space of an area within a player's Knowledge.

    Attributes:
        space: the space's id, as actions name it (``djenne-middle``, ``oasis-b1``,
            ``fez:0``, ``wall-a1``, ``law-a7``).
        knowledge: the Knowledge it needs: the space's number, or for Astronomy the length
            of the camel's route to it (ASTRO-4).
        supported: whether it is open only to a Supported Class (SUPP-1).
    """

    space: str
    knowledge: int
    supported: bool


def knowledge(state: State, player: int, area: str) -> Knowledge:
    """``player``'s Knowledge in ``area`` now, part by part.

    The Scholar of a solo game has the School Knowledge of its solo board and never a Class
    bonus or an Objective card's (SOLO-TEACH-4).

    Raises:
        ValueError: for a player or an area the game does not have.
    """
    rules = _checked(state, player, area)
    if state.is_scholar(player):
        school = _solo.school_knowledge(rules, state, area)
        return Knowledge(area, school, _shared_knowledge(rules, state, area), 0, 0)
    pl = state.players[player]
    bonus = 0
    if state.teaching is not None and state.teaching[0] == player:
        _, class_space, student, _ = state.teaching
        tile = rules.class_tiles[pl.classes[class_space]]
        if tile.discipline == area and student == area:
            bonus = tile.knowledge
    return Knowledge(
        area=area,
        school=school_knowledge(rules, pl, area),
        shared=_shared_knowledge(rules, state, area),
        class_bonus=bonus,
        abilities=area_knowledge(rules, state, player, area),
    )


def storage(state: State, player: int) -> Storage:
    """What ``player`` may keep at the end of a turn, as things stand now.

    Raises:
        ValueError: for a player the game does not have, or the Scholar of a solo game, which
            keeps no resources and Books and Prestige without limit (SOLO-FLOW-4, SOLO-FLOW-5).
    """
    rules = _checked(state, player, None)
    if state.is_scholar(player):
        raise ValueError(
            "the Scholar keeps no Gold, Salt or Inspiration and its storage of Books and "
            "Prestige has no limit (SOLO-FLOW-4, SOLO-FLOW-5)"
        )
    limits = rules.limits
    return Storage(
        inspiration=limits.inspiration + storage_bonus(rules, state, player, "inspiration"),
        gold=limits.gold + storage_bonus(rules, state, player, "gold"),
        salt=limits.salt + storage_bonus(rules, state, player, "salt"),
        books_per_discipline=limits.books_per_discipline,
        prestige=prestige_capacity(rules, state.players[player]),
    )


def reachable_spaces(state: State, player: int, area: str) -> list[Placement]:
    """The empty spaces of ``area`` within ``player``'s Knowledge, in board order.

    This is where a piece could go if the player took that area's action now: costs, pieces
    left and the Supported Class are not looked at (``supported`` tells which spaces need
    one). In Astronomy the camel may start from its place or from Timbuktu (ASTRO-3), so a
    place counts when either route is short enough, and ``knowledge`` is the shorter.

    Raises:
        ValueError: for a player or an area the game does not have.
    """
    rules = _checked(state, player, area)
    have = knowledge(state, player, area).total
    return [p for p in _placements(rules, state, player, area) if p.knowledge <= have]


def _placements(rules: Rules, state: State, player: int, area: str) -> list[Placement]:
    """Every empty space of ``area`` with what it needs."""
    astronomy, theology, mathematics, law = rules.disciplines
    tables = rules.tables
    if area == theology:
        spaces = rules.theology_spaces
        return [
            Placement(s, spaces[s].knowledge, _cost(tables.theology.rows, spaces[s].row).supported)
            for s in open_spaces(state, spaces)
        ]
    if area == law:
        crowns = rules.law_spaces
        return [
            Placement(s, crowns[s].knowledge, _cost(tables.law.rows, crowns[s].row).supported)
            for s in open_spaces(state, crowns)
        ]
    if area == mathematics:
        walls = rules.wall_spaces
        return [
            Placement(s, walls[s].number, _cost(tables.mathematics.sides, walls[s].side).supported)
            for s in open_spaces(state, walls)
        ]
    assert area == astronomy
    here = state.players[player].camel
    starts = {here, rules.astro_start}
    placements = []
    for s in open_spaces(state, (*rules.oases, *rules.port_spaces)):
        node = rules.camel_node(s)
        # The camel must move (AMB-17): a start on the place itself is no route.
        routes = [rules.route_distance[o][node] for o in starts if o != node]
        if routes:
            port = rules.astro_nodes[node].kind == "port"
            placements.append(Placement(s, min(routes), port))
    return placements


def _cost(table: object, name: str) -> Cost:
    cost: Cost = getattr(table, name)
    return cost


def _checked(state: State, player: int, area: str | None) -> Rules:
    rules: Rules = rules_of(state)
    if (
        isinstance(player, bool)
        or not isinstance(player, int)
        or not 0 <= player < len(state.players)
    ):
        raise ValueError(f"player must be 0..{len(state.players) - 1}, got {player!r}")
    if area is not None and area not in rules.discipline_index:
        raise ValueError(f"area must be one of {', '.join(rules.disciplines)}, got {area!r}")
    return rules
