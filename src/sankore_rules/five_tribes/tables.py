"""Five Tribes' rule tables: frozen records for the TOML files of ``data/five_tribes/``.

Loading refuses, with the file, the entry and the field named, any unknown key, wrong type,
dangling reference or broken count, so that a corrected copy of the tables
([`load_five_tribes`][sankore_rules.five_tribes.board.load_five_tribes] with a folder) never
plays on with a mistake.
"""

from __future__ import annotations

import hashlib
import tomllib
from enum import StrEnum
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

import cattrs
from attrs import frozen

from sankore_rules.core.errors import RulesDataError

__all__ = [
    "DATA_FILES",
    "Cards",
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

#: The files of a Five Tribes ruleset, each structured into the record named beside it.
DATA_FILES = ("sultanate", "meeples", "tracks", "cards", "djinns", "rulings")


class Source(StrEnum):
    """Where a table entry comes from: the description, or our reconstruction (FT-GAP-1)."""

    DESCRIPTION = "description"
    RECONSTRUCTED = "reconstructed"


class PowerKind(StrEnum):
    """The closed list of Djinn powers (FT-DJ-1); ``rules/djinns.py`` carries them out."""

    NONE = "none"
    CLAIM_TILE = "claim_tile"
    PLACE_PALACE = "place_palace"
    PLACE_PALM = "place_palm"
    SEED_MEEPLES = "seed_meeples"
    TRADE_FAKIRS = "trade_fakirs"
    TITHE = "tithe"
    TOLL = "toll"
    DOUBLE_BUILDERS = "double_builders"


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
    """A kind of tile and the action it offers; ``price``, ``cards``, ``among`` for markets."""

    id: str
    action: TileAction
    source: Source
    price: int = 0
    cards: int = 0
    among: int = 0


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
    """The bid track, the coins, the supply of pieces and the per-count allotments."""

    bids: tuple[int, ...]
    bids_source: Source
    start_coins: int
    start_coins_source: Source
    bank: int
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
    """A Djinn's power: one kind of [`PowerKind`][sankore_rules.five_tribes.tables.PowerKind]."""

    kind: PowerKind
    amount: int


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


_RECORDS: dict[str, type] = {
    "sultanate": Sultanate,
    "meeples": Meeples,
    "tracks": Tracks,
    "cards": Cards,
    "djinns": Djinns,
    "rulings": Rulings,
}
T = TypeVar("T")


def strict_converter() -> cattrs.Converter:
    """A converter that refuses unknown keys and coerces nothing (``"3"`` is no integer).

    The tables and the JSON of a state are both read with one.
    """
    converter = cattrs.Converter(forbid_extra_keys=True)
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _strict(kind))
    return converter


def _strict(kind: type) -> Any:
    def check(value: Any, _: type) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, got {value!r}")
        return value

    return check


def _member(enum: type[StrEnum]) -> Any:
    def check(value: Any, _: type) -> Any:
        if type(value) is not str or value not in enum.__members__.values():
            choices = ", ".join(repr(m.value) for m in enum)
            raise ValueError(f"expected one of {choices}, got {value!r}")
        return enum(value)

    return check


_CONVERTER = strict_converter()
for _enum in (Source, PowerKind, TileAction, MeepleEffect):
    _CONVERTER.register_structure_hook(_enum, _member(_enum))


def _structure(file: str, data: dict[str, Any], record: type[T]) -> T:
    try:
        return _CONVERTER.structure(data, record)
    except cattrs.BaseValidationError as exc:
        messages = cattrs.transform_error(exc, path=file)
        raise RulesDataError(f"{file}.toml", messages[0].split(" @ ")[-1], messages[0]) from exc


def load_tables(path: str | Path | None = None) -> FiveTribesTables:
    """Read and validate the tables from the folder ``path``, the bundled ones by default.

    Raises:
        RulesDataError: a file is missing, malformed, or breaks a count or a reference; the
            message names the file, the entry and the field.
    """
    texts: dict[str, str] = {}
    for name in DATA_FILES:
        if path is None:
            ref = resources.files("sankore_rules.data") / "five_tribes" / f"{name}.toml"
            texts[name] = ref.read_text(encoding="utf-8")
        else:
            file = Path(path) / f"{name}.toml"
            if not file.is_file():
                raise RulesDataError(f"{name}.toml", str(path), "file missing")
            texts[name] = file.read_text(encoding="utf-8")
    records: dict[str, Any] = {}
    for name, text in texts.items():
        try:
            data = tomllib.loads(text)
        except tomllib.TOMLDecodeError as exc:
            raise RulesDataError(f"{name}.toml", "the file", f"not TOML: {exc}") from exc
        records[name] = _structure(name, data, _RECORDS[name])
    digest = hashlib.sha256()
    for name in DATA_FILES:
        digest.update(name.encode() + b"\0" + texts[name].encode() + b"\0")
    tables = FiveTribesTables(**records, content_hash=digest.hexdigest()[:16])
    _validate(tables)
    return tables


def _fail(file: str, where: str, problem: str) -> RulesDataError:
    return RulesDataError(f"{file}.toml", where, problem)


def _unique(file: str, entry: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, ident in enumerate(ids):
        if ident in seen:
            raise _fail(file, f"{entry}[{i}].id", f"duplicate id {ident!r}")
        seen.add(ident)


def _validate(t: FiveTribesTables) -> None:
    """The counts and references the rules rely on (the docs state each)."""
    s = t.sultanate
    if s.rows * s.columns != len(s.tile):
        raise _fail("sultanate", "tile", f"{s.rows} x {s.columns} cells but {len(s.tile)} tiles")
    if not 2 <= s.rows <= 9 or not 2 <= s.columns <= 9:
        raise _fail("sultanate", "rows", "rows and columns must lie between 2 and 9")
    _unique("sultanate", "kind", [k.id for k in s.kind])
    _unique("sultanate", "tile", [x.id for x in s.tile])
    kinds = {k.id: k for k in s.kind}
    for i, k in enumerate(s.kind):
        if k.action is TileAction.MARKET and not 1 <= k.cards <= k.among:
            raise _fail("sultanate", f"kind[{i}].cards", "a market sells 1 to `among` cards")
        if k.price < 0:
            raise _fail("sultanate", f"kind[{i}].price", "a price cannot be negative")
    for i, x in enumerate(s.tile):
        if x.kind not in kinds:
            raise _fail("sultanate", f"tile[{i}].kind", f"no tile kind {x.kind!r}")
        if x.points < 0:
            raise _fail("sultanate", f"tile[{i}].points", "points cannot be negative")
    colours = t.meeples.meeple
    _unique("meeples", "meeple", [m.id for m in colours])
    per_tile = t.meeples.per_tile
    if per_tile < 1:
        raise _fail("meeples", "per_tile", "setup puts at least one meeple on each tile")
    if sum(m.count for m in colours) < per_tile * len(s.tile):
        raise _fail("meeples", "meeple", f"fewer meeples than {per_tile} per tile (FT-SET-2)")
    for effect in MeepleEffect:
        if sum(m.effect is effect for m in colours) != 1:
            raise _fail("meeples", "meeple", f"effect {effect.value!r} has the wrong number")
    for i, m in enumerate(colours):
        if m.count < 1 or m.points < 0:
            raise _fail("meeples", f"meeple[{i}].count", "counts are positive, points not negative")
    tr = t.tracks
    zeros = [b for b in tr.bids if b == 0]
    others = [b for b in tr.bids if b != 0]
    if list(tr.bids[: len(zeros)]) != zeros or len(set(others)) != len(others):
        raise _fail("tracks", "bids", "the 0 column first, then distinct values")
    if any(b < 0 for b in tr.bids) or not zeros:
        raise _fail("tracks", "bids", "bids are not negative and the track has a 0 space")
    if sorted(p.count for p in tr.players) != [2, 3, 4]:
        raise _fail("tracks", "players", "one entry for each of 2, 3 and 4 players")
    for i, p in enumerate(tr.players):
        if p.camels < 1 or p.markers < 1 or p.count * p.markers > len(tr.bids):
            raise _fail("tracks", f"players[{i}]", "camels, markers and bid spaces do not fit")
        if p.count * tr.start_coins > tr.bank:
            raise _fail("tracks", "bank", f"the bank cannot pay {p.count} players' coins")
    c = t.cards
    _unique("cards", "good", [g.id for g in c.good])
    if sorted(v.size for v in c.set_value) != list(range(1, len(c.good) + 1)):
        raise _fail("cards", "set_value", "one value for each set size from 1 to the goods")
    if c.market < 1 or c.fakirs < 0 or any(g.count < 1 for g in c.good):
        raise _fail("cards", "market", "a market of 1 card or more, card counts positive")
    d = t.djinns
    _unique("djinns", "djinn", [j.id for j in d.djinn])
    if d.display < 1 or not d.price:
        raise _fail("djinns", "display", "a display of 1 or more and at least one price")
    for i, j in enumerate(d.djinn):
        if j.points < 0 or j.power.amount < 0:
            raise _fail("djinns", f"djinn[{i}]", "points and amounts are not negative")
    _unique("rulings", "ruling", [r.id for r in t.rulings.ruling])
