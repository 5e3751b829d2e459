"""Five Tribes' rule tables: frozen records for the TOML files of ``data/five_tribes/``.

Loading refuses, with the file, the entry and the field named, any unknown key, wrong type,
dangling reference or broken count, so that a corrected copy of the tables
([`load_five_tribes`][sankore_rules.five_tribes.board.load_five_tribes] with a folder) never
plays on with a mistake. Reading, hashing and the checks every game shares (numbers within
``0..100`` unless a field says otherwise, ids that read as notation, no id used twice) are the
loader of ``core/tables.py``; this module holds the records and Five Tribes' own cross-checks.
"""

from __future__ import annotations

from enum import StrEnum
from importlib import resources
from pathlib import Path

import attrs
from attrs import frozen

from sankore_rules.core import tables as loader
from sankore_rules.core.errors import RulesDataError
from sankore_rules.core.tables import (  # strict_converter: re-exported, serial.py reads with one
    at_most,
    strict_converter,
)

__all__ = [
    "DATA_FILES",
    "Cards",
    "Cost",
    "Djinn",
    "Djinns",
    "FiveTribesTables",
    "Good",
    "Meeple",
    "MeepleEffect",
    "Meeples",
    "PlayerCount",
    "Power",
    "PowerKind",
    "Price",
    "Ruling",
    "Rulings",
    "SetValue",
    "Source",
    "Sultanate",
    "Tile",
    "TileAction",
    "TileKind",
    "Tracks",
    "load_tables",
    "strict_converter",
]


class Source(StrEnum):
    """Where a table entry comes from.

    The description, the published rules and cards (FT-PUB-*), or our reconstruction where
    neither says (FT-GAP-1).
    """

    DESCRIPTION = "description"
    PUBLISHED = "published"
    RECONSTRUCTED = "reconstructed"


class PowerKind(StrEnum):
    """The closed list of Djinn powers (FT-DJ-1, FT-PUB-DJ-1..22).

    ``data/five_tribes/djinns.toml`` says what each does; ``rules/djinns.py`` carries out those
    that open a decision, and the rule whose moment a lasting power changes reads it there.
    """

    NONE = "none"
    WILD_FAKIRS = "wild_fakirs"
    FILL_TILE = "fill_tile"
    PLACE_PALACE = "place_palace"
    PLACE_PALM = "place_palm"
    PALACE_NEARBY = "palace_nearby"
    PALM_NEARBY = "palm_nearby"
    CLAIM_EMPTY = "claim_empty"
    CLAIM_MEEPLES = "claim_meeples"
    DOUBLE_BUILDERS = "double_builders"
    DOUBLE_KILL = "double_kill"
    BID_DISCOUNT = "bid_discount"
    DRAW_DJINNS = "draw_djinns"
    DRAW_CARD = "draw_card"
    PROTECT_POOL = "protect_pool"
    ASSASSIN_SPOILS = "assassin_spoils"
    VIZIER_POINTS = "vizier_points"
    ELDER_POINTS = "elder_points"
    PALM_POINTS = "palm_points"
    INCOME_DJINN = "income_djinn"
    INCOME_DROP = "income_drop"
    INCOME_PALACE = "income_palace"
    INCOME_KILL = "income_kill"


class Cost(StrEnum):
    """What using a Djinn's power costs (FT-PUB-16); ``none`` for a power that is not used."""

    NONE = "none"
    ELDER_OR_FAKIR = "elder_or_fakir"
    ELDER_AND_ELDER_OR_FAKIR = "elder_and_elder_or_fakir"
    FAKIR = "fakir"
    FAKIRS = "fakirs"


class TileAction(StrEnum):
    """What a tile kind lets the player do at the end of a move (FT-TILE-1..5)."""

    PALM = "palm"
    PALACE = "palace"
    MARKET = "market"
    DJINN = "djinn"


class MeepleEffect(StrEnum):
    """What taking meeples of a colour does (FT-MEEP-1..5)."""

    VIZIERS = "viziers"
    ELDERS = "elders"
    MERCHANTS = "merchants"
    BUILDERS = "builders"
    ASSASSINS = "assassins"


@frozen
class TileKind:
    """A kind of tile and the action it offers; ``price``, ``cards``, ``among`` for markets.

    ``compulsory``: the action must be taken while the supply it draws on lasts (FT-PUB-13).
    """

    id: str
    action: TileAction
    source: Source
    price: int = 0
    cards: int = 0
    among: int = 0
    compulsory: bool = False


@frozen
class Tile:
    """One of the 30 tiles: its kind, its points (FT-SC-5), whether its value is blue."""

    id: str
    kind: str
    points: int
    blue: bool
    source: Source


@frozen
class Sultanate:
    """The grid (FT-SET-1), the tile kinds and the tiles."""

    rows: int
    columns: int
    source: Source
    kind: tuple[TileKind, ...]
    tile: tuple[Tile, ...]


@frozen
class Meeple:
    """A colour of meeple: its tribe, how many there are, its effect, points and bonus."""

    id: str
    name: str
    count: int
    effect: MeepleEffect
    points: int
    source: Source
    bonus: int = 0


@frozen
class Meeples:
    """The five colours (FT-MEEP-1..5), and how many meeples setup puts on each tile (FT-SET-2)."""

    per_tile: int
    per_tile_source: Source
    meeple: tuple[Meeple, ...]


@frozen
class PlayerCount:
    """What each player gets in a game of ``count`` players (FT-SET-4)."""

    count: int
    camels: int
    markers: int
    source: Source


@frozen
class Tracks:
    """The Turn Order Track, the coins, the supply of pieces and the per-count allotments."""

    bids: tuple[int, ...]
    bids_source: Source
    start_coins: int
    start_coins_source: Source
    # The bank holds more coins than any other count of the tables (FT-AMB-3: 1000).
    bank: int = attrs.field(metadata=at_most(10_000))
    bank_source: Source
    palms: int
    palaces: int
    pieces_source: Source
    palm_points: int
    palace_points: int
    points_source: Source
    players: tuple[PlayerCount, ...]


@frozen
class Good:
    """A kind of goods card and how many the deck holds."""

    id: str
    count: int
    source: Source


@frozen
class SetValue:
    """What a set of ``size`` different goods is worth, in coins sold or points at the end."""

    size: int
    value: int
    source: Source


@frozen
class Cards:
    """The resource deck: goods, Fakirs, the market's size and the set table (FT-SC-7)."""

    market: int
    market_source: Source
    fakirs: int
    fakirs_source: Source
    good: tuple[Good, ...]
    set_value: tuple[SetValue, ...]


@frozen
class Power:
    """A Djinn's power: one kind of [`PowerKind`][sankore_rules.five_tribes.tables.PowerKind].

    Attributes:
        kind: what the power does.
        amount: its number (meeples, Djinns drawn, points, a rival's coins ...).
        own: the coins an income power pays its owner for the owner's own act.
        tile: the tile kind a placing power aims at ("" for none).
        cost: what using it costs; ``none`` for a power that works by itself.
    """

    kind: PowerKind
    amount: int
    own: int = 0
    tile: str = ""
    cost: Cost = Cost.NONE


@frozen
class Djinn:
    """A Djinn card: its points at the end (FT-SC-4) and its power (FT-DJ-1)."""

    id: str
    name: str
    points: int
    power: Power
    source: Source


@frozen
class Price:
    """One way to pay for a Djinn at a Sacred Place (FT-TILE-5)."""

    elders: int
    fakirs: int
    source: Source


@frozen
class Djinns:
    """The display's size, the prices and the Djinns."""

    display: int
    source: Source
    price: tuple[Price, ...]
    djinn: tuple[Djinn, ...]


@frozen
class Ruling:
    """How an ambiguity is decided: the question, the choice and the reason."""

    id: str
    question: str
    choice: str
    reason: str


@frozen
class Rulings:
    """Every FT-AMB and FT-ENGINE ruling."""

    ruling: tuple[Ruling, ...]


@frozen
class FiveTribesTables:
    """Every table of a Five Tribes ruleset, validated, and the hash of their text."""

    sultanate: Sultanate
    meeples: Meeples
    tracks: Tracks
    cards: Cards
    djinns: Djinns
    rulings: Rulings
    content_hash: str


#: The files of a Five Tribes ruleset, in the order they are read and hashed.
DATA_FILES = tuple(loader.table_files(FiveTribesTables))

_CONVERTER = loader.table_converter()


def load_tables(path: str | Path | None = None) -> FiveTribesTables:
    """Read and validate the tables from the folder ``path``, the bundled ones by default.

    Raises:
        RulesDataError: a file is missing, malformed, or breaks a count or a reference; the
            message names the file, the entry and the field.
    """
    return loader.load_tables(
        FiveTribesTables,
        path,
        bundled=resources.files("sankore_rules") / "data" / "five_tribes",
        converter=_CONVERTER,
        validate=_validate,
    )


def _fail(file: str, where: str, problem: str) -> RulesDataError:
    return RulesDataError(f"{file}.toml", where, problem)


def _validate(t: FiveTribesTables) -> None:
    """The counts and references the rules rely on (the docs state each).

    Numbers are within their bounds (never negative) and ids unique already: the shared loader
    checks those for every game.
    """
    s = t.sultanate
    if s.rows * s.columns != len(s.tile):
        raise _fail("sultanate", "tile", f"{s.rows} x {s.columns} cells but {len(s.tile)} tiles")
    if not 2 <= s.rows <= 9 or not 2 <= s.columns <= 9:
        raise _fail("sultanate", "rows", "rows and columns must lie between 2 and 9")
    kinds = {k.id: k for k in s.kind}
    for i, k in enumerate(s.kind):
        if k.action is TileAction.MARKET and not 1 <= k.cards <= k.among:
            raise _fail("sultanate", f"kind[{i}].cards", "a market sells 1 to `among` cards")
    for i, x in enumerate(s.tile):
        if x.kind not in kinds:
            raise _fail("sultanate", f"tile[{i}].kind", f"no tile kind {x.kind!r}")
    colours = t.meeples.meeple
    per_tile = t.meeples.per_tile
    if per_tile < 1:
        raise _fail("meeples", "per_tile", "setup puts at least one meeple on each tile")
    if sum(m.count for m in colours) < per_tile * len(s.tile):
        raise _fail("meeples", "meeple", f"fewer meeples than {per_tile} per tile (FT-SET-2)")
    for effect in MeepleEffect:
        if sum(m.effect is effect for m in colours) != 1:
            raise _fail("meeples", "meeple", f"effect {effect.value!r} has the wrong number")
    for i, m in enumerate(colours):
        if m.count < 1:
            raise _fail("meeples", f"meeple[{i}].count", "counts are positive")
    tr = t.tracks
    zeros = [b for b in tr.bids if b == 0]
    others = [b for b in tr.bids if b != 0]
    if list(tr.bids[: len(zeros)]) != zeros or len(set(others)) != len(others):
        raise _fail("tracks", "bids", "the 0 column first, then distinct values")
    if not zeros:
        raise _fail("tracks", "bids", "the track has a 0 space")
    if sorted(p.count for p in tr.players) != [2, 3, 4]:
        raise _fail("tracks", "players", "one entry for each of 2, 3 and 4 players")
    for i, p in enumerate(tr.players):
        if p.camels < 1 or p.markers < 1 or p.count * p.markers > len(tr.bids):
            raise _fail("tracks", f"players[{i}]", "camels, markers and bid spaces do not fit")
        if p.count * tr.start_coins > tr.bank:
            raise _fail("tracks", "bank", f"the bank cannot pay {p.count} players' coins")
    c = t.cards
    if sorted(v.size for v in c.set_value) != list(range(1, len(c.good) + 1)):
        raise _fail("cards", "set_value", "one value for each set size from 1 to the goods")
    if c.market < 1 or any(g.count < 1 for g in c.good):
        raise _fail("cards", "market", "a market of 1 card or more, card counts positive")
    d = t.djinns
    if d.display < 1 or not d.price:
        raise _fail("djinns", "display", "a display of 1 or more and at least one price")
    for i, dj in enumerate(d.djinn):
        if dj.power.tile and dj.power.tile not in kinds:
            raise _fail("djinns", f"djinn[{i}].power.tile", f"no tile kind {dj.power.tile!r}")
        if dj.power.kind in _TILED and not dj.power.tile:
            raise _fail("djinns", f"djinn[{i}].power.tile", "a placing power names a tile kind")
        if (dj.power.cost is Cost.NONE) == (dj.power.kind in _PAID):
            raise _fail("djinns", f"djinn[{i}].power.cost", "paid powers, and only they, cost")


#: The powers that place on a tile kind the table names.
_TILED = frozenset({PowerKind.PLACE_PALACE, PowerKind.PLACE_PALM})
#: The powers that are used (and paid for), the others working by themselves.
_PAID = frozenset(
    {
        PowerKind.FILL_TILE,
        PowerKind.PLACE_PALACE,
        PowerKind.PLACE_PALM,
        PowerKind.PALACE_NEARBY,
        PowerKind.PALM_NEARBY,
        PowerKind.CLAIM_EMPTY,
        PowerKind.CLAIM_MEEPLES,
        PowerKind.DOUBLE_BUILDERS,
        PowerKind.DOUBLE_KILL,
        PowerKind.BID_DISCOUNT,
        PowerKind.DRAW_DJINNS,
        PowerKind.DRAW_CARD,
    }
)
