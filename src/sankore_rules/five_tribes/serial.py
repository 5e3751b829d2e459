"""Five Tribes states as JSON, and the checks a state read back must pass.

The JSON is ``{"format": 1, "game": "five_tribes", "state": {...}}``; the ``game`` field is
what tells it from a Sankoré state. A state read back must be exactly what was written (no
coerced field), every number within its range (checked as the text is structured, before
anything is built from it), and its components must add up: every meeple, card, camel, coin,
palm tree, palace and Djinn is somewhere, once. The pending task must be a decision with at
least one legal option. Each refusal names the fields at fault. The state read is sealed, as
every state the library hands out (``five_tribes/state.py``).
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from cattrs.gen import make_dict_structure_fn, override

from sankore_rules.core.chance import CHANCE
from sankore_rules.core.errors import StateError
from sankore_rules.core.serial import accept, structure_state
from sankore_rules.core.shared import ReadOnlyDict
from sankore_rules.core.tasks import Task
from sankore_rules.core.values import draft_of
from sankore_rules.five_tribes.board import GAME, FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import FAKIR
from sankore_rules.five_tribes.rules.draws import CHANCE_ARGS
from sankore_rules.five_tribes.rules.setup import SEED_BOUND, deal_problems, dealing
from sankore_rules.five_tribes.state import FiveTribesState, TribesPlayer
from sankore_rules.five_tribes.tables import MeepleEffect, PowerKind, strict_converter

__all__ = ["FORMAT", "problems", "read_state", "write_state"]

FORMAT = 1
_CONVERTER = strict_converter()
#: Every integer of a state but the seed lies within this bound (the largest, the coins of
#: the game, is 1000 in the bundled tables, and the tracks table allows no more than this): a
#: number past it is refused while the text is structured, before anything is counted or
#: built from it (``fakirs = 2**64`` would otherwise overflow, ``10**10`` fill the memory).
MAX_NUMBER = 10_000
#: A state's JSON is a few KB; text far past this is refused before it is parsed.
MAX_STATE_CHARS = 1_000_000


def _number(value: Any, _: type) -> int:
    if type(value) is not int:
        raise TypeError(f"expected int, got {value!r}")
    if not -MAX_NUMBER <= value <= MAX_NUMBER:
        raise ValueError(f"{value} is out of range (at most {MAX_NUMBER} in size)")
    return value


def _seed(value: Any, _: type) -> int:
    if type(value) is not int or not -SEED_BOUND < value < SEED_BOUND:
        raise ValueError(
            f"the seed must be an integer strictly between -2**256 and 2**256, got {value!r}"
        )
    return value


def _task(value: Any, _: type) -> Task:
    if not isinstance(value, dict) or not isinstance(value.get("args", {}), dict):
        raise TypeError(f"expected a task object, got {value!r}")
    if not set(value) <= {"kind", "player", "args"}:
        raise TypeError(f"a task holds a kind, a player and args, got {sorted(value)!r}")
    kind, player = value.get("kind"), value.get("player")
    if type(kind) is not str or type(player) is not int:
        raise TypeError(f"a task needs a kind and a player, got {value!r}")
    args = value.get("args", {})
    if any(type(v) is not int or not -MAX_NUMBER <= v <= MAX_NUMBER for v in args.values()):
        raise TypeError(f"a task's arguments are small integers, got {args!r}")
    return Task(kind, _number(player, int), ReadOnlyDict(args))


_CONVERTER.register_structure_hook(int, _number)
_CONVERTER.register_structure_hook(Task, _task)
# Sealed states refuse assignments, so JSON is read into their drafts; read_checked seals.
_CONVERTER.register_structure_hook(
    TribesPlayer,
    make_dict_structure_fn(draft_of(TribesPlayer), _CONVERTER, _cattrs_forbid_extra_keys=True),
)
_CONVERTER.register_structure_hook(
    FiveTribesState,
    make_dict_structure_fn(
        draft_of(FiveTribesState),
        _CONVERTER,
        _cattrs_forbid_extra_keys=True,
        seed=override(struct_hook=_seed),
    ),
)


def _plain(state: FiveTribesState) -> dict[str, Any]:
    data: dict[str, Any] = _CONVERTER.unstructure(state)
    data.pop("events", None)
    return data


def write_state(state: FiveTribesState) -> str:
    """The state as JSON text (the last action's events are not part of it)."""
    return json.dumps({"format": FORMAT, "game": GAME, "state": _plain(state)})


def read_state(document: dict[str, Any]) -> FiveTribesState:
    """The state in a parsed JSON document.

    The document is one [`write_state`][sankore_rules.five_tribes.serial.write_state] wrote.

    Raises:
        StateError: a wrong format or game, a missing, extra or mistyped field (named).
    """
    if document.get("format") != FORMAT or document.get("game") != GAME:
        raise StateError(f"not a Five Tribes state (expected format {FORMAT}, game {GAME!r})")
    document = _upgraded(_renamed(document))
    state = structure_state(_CONVERTER, document, FiveTribesState)
    data = document["state"]
    if json.loads(json.dumps(_plain(state))) != data:
        raise StateError("the state holds values of the wrong shape")
    return state


#: The keys states were written with before the tracks took the rulebook's names (issue 43,
#: ruling FT-AMB-7): the old "bid_track" held the Turn Order Track, the old "turn_track" the Bid
#: Order Track. States and records stored then still read.
OLD_KEYS = {"bid_track": "turn_order_track", "turn_track": "bid_order_track"}


def _renamed(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with a state's old keys (``OLD_KEYS``) under their new names.

    A key is renamed only when its new name is absent, so a state holding both is refused as
    holding an extra field.
    """
    data = document.get("state")
    if not isinstance(data, dict) or not any(old in data for old in OLD_KEYS):
        return document
    renamed = {
        OLD_KEYS[k] if k in OLD_KEYS and OLD_KEYS[k] not in data else k: v for k, v in data.items()
    }
    return {**document, "state": renamed}


def _upgraded(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` as a state written before chance steps reads (see the module's docstring).

    Its mode is the default one, and its decks' order is dropped: the state keeps none.
    """
    data = document.get("state")
    if not isinstance(data, dict):
        return document
    data = {**data}
    data.setdefault("explicit_chance", False)
    for deck in ("deck", "djinn_deck"):
        cards = data.get(deck)
        if isinstance(cards, list) and all(isinstance(c, str) for c in cards):
            data[deck] = sorted(cards)
    return {**document, "state": data}


def read_checked(rules: FiveTribesRules, text: str | bytes) -> FiveTribesState:
    """The state in the JSON ``text``, checked against ``rules``, sealed.

    Raises:
        StateError: the text is not a sound Five Tribes state of ``rules`` (the field named).
    """
    if isinstance(text, str | bytes) and len(text) > MAX_STATE_CHARS:
        raise StateError(f"longer than {MAX_STATE_CHARS} characters: not a state")
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError, TypeError, RecursionError) as exc:
        raise StateError(f"not JSON: {str(exc)[:200]}") from exc
    if not isinstance(document, dict):
        raise StateError("not a Five Tribes state: the document is no object")
    state = read_state(document)
    accept(rules, state, problems)
    state.seal()
    # What no check of the parts can see: the pending decision must offer something.
    if state.decision is not None and not ENGINE.legal(rules, state):
        task = state.decision
        raise StateError(
            f"inconsistent state: agenda: the pending {task.kind!r} decision of player "
            f"{task.player} has no legal option"
        )
    return state


def problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """What is inconsistent in ``state`` under ``rules``, each naming its field; [] if sound.

    The numbers are checked first: nothing is counted or built from one out of its range.
    """
    n = state.player_count
    if n not in rules.per_count or len(state.players) != n:
        return [f"player_count: {n} does not match the {len(state.players)} players"]
    found = _shape_problems(rules, state)
    if found:
        return found
    found.extend(_meeple_problems(rules, state))
    found.extend(_card_problems(rules, state))
    found.extend(_djinn_problems(rules, state))
    found.extend(_piece_problems(rules, state))
    # A state mid-deal (the explicit mode) lacks what its chance steps deal next, no more.
    found.extend(deal_problems(rules, state))
    if found:
        return found
    return _agenda_problems(rules, state)


def _counts(name: str, values: tuple[int, ...], found: list[str], low: int = 0) -> None:
    """Refuse a count below ``low`` in the field ``name``."""
    if values and min(values) < low:
        found.append(f"{name}: {min(values)} is below {low}")


def _shape_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """Lengths, numbers and indices out of their range: what the rules index or count with."""
    cells, n, width = len(rules.cells), state.player_count, len(rules.colours)
    found: list[str] = []
    if state.game != GAME:
        found.append(f"game: {state.game!r} is not {GAME!r}")
    # A cell without a tile ("") waits for the setup's deal (checked in ``deal_problems``).
    placed = [tile for tile in state.tiles if tile]
    if (
        len(state.tiles) != cells
        or len(set(placed)) != len(placed)
        or not set(placed) <= rules.tile_by_id.keys()
    ):
        found.append("tiles: not the ruleset's tiles, each once")
    for name, column in (
        ("meeples", state.meeples),
        ("camels", state.camels),
        ("palms", state.palms),
        ("palaces", state.palaces),
    ):
        if len(column) != cells:
            found.append(f"{name}: {len(column)} cells, not {cells}")
    rows = [("bag", state.bag)]
    rows += [(f"meeples[{c}]", row) for c, row in enumerate(state.meeples)]
    rows += [(f"players[{p}].pool", h.pool) for p, h in enumerate(state.players)]
    if state.move is not None:
        rows.append(("move.hand", state.move.hand))
    for name, row in rows:
        if len(row) != width:
            found.append(f"{name}: {len(row)} colours, not {width}")
        _counts(name, row, found)
    if any(o is not None and not 0 <= o < n for o in state.camels):
        found.append("camels: a camel belongs to no player")
    _counts("palms", state.palms, found)
    _counts("palaces", state.palaces, found)
    for seat, holder in enumerate(state.players):
        for name in ("coins", "camels", "fakirs"):
            _counts(f"players[{seat}].{name}", (getattr(holder, name),), found)
    singles = (
        ("bank", state.bank, 0),
        ("palm_supply", state.palm_supply, 0),
        ("palace_supply", state.palace_supply, 0),
        ("draws", state.draws, 0),
        ("round", state.round, 1),
    )
    for name, value, low in singles:
        _counts(name, (value,), found, low)
    if state.markers != tuple(p for p in range(n) for _ in range(rules.per_count[n].markers)):
        found.append("markers: not the players' markers")
    if len(state.bid_order_track) != len(state.markers):
        found.append(
            f"bid_order_track: {len(state.bid_order_track)} spaces, not {len(state.markers)}"
        )
    if len(state.turn_order_track) != len(rules.tables.tracks.bids):
        found.append(
            f"turn_order_track: {len(state.turn_order_track)} spaces, "
            f"not {len(rules.tables.tracks.bids)}"
        )
    move = state.move
    if move is not None and not (
        0 <= move.start < cells and 0 <= move.cell < cells and -1 <= move.came_from < cells
    ):
        found.append("move: names no cell")
    elif move is not None and (
        move.cell != move.start
        if move.came_from == -1
        else move.came_from not in rules.neighbours[move.cell]
    ):
        found.append("move: the cell it came from is not next to the cell it is on")
    if (state.end_cause is None) == state.end_triggered or state.end_cause not in _CAUSES:
        found.append(f"end_cause: {state.end_cause!r} does not go with end_triggered")
    if state.game_over and not state.end_triggered:
        found.append("game_over: the game is over but its end was never triggered")
    if state.game_over and state.agenda:
        found.append("agenda: the game is over, yet steps are left")
    if state.end_cause == "last_camel" and all(p.camels for p in state.players):
        found.append("end_cause: 'last_camel', but every player still has a camel")
    return found


#: Why the end of a game can be triggered (FT-END-1).
_CAUSES = (None, "last_camel", "no_move")


def _meeple_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """Every meeple once, by colour: on the board, in the bag, in the pools or in hand."""
    found: list[str] = []
    width = len(rules.colours)
    rows = [*state.meeples, state.bag, *(p.pool for p in state.players)]
    if state.move is not None:
        rows.append(state.move.hand)
    # The meeples taken wait for their tribe's action in its step (ruling FT-ENGINE-8).
    for task in state.agenda:
        colour, count = task.args.get("colour", -1), task.args.get("count", -1)
        if task.kind == "tribe" and 0 <= colour < width and 0 <= count < MAX_NUMBER:
            rows.append(tuple(count * (c == colour) for c in range(width)))
    for c, colour in enumerate(rules.colours):
        total = sum(r[c] for r in rows)
        if total != rules.meeple_counts[c]:
            found.append(
                f"meeples, bag, players' pool, move.hand: {total} {colour} meeples, "
                f"not {rules.meeple_counts[c]}"
            )
    kept = {rules.effect_colour[MeepleEffect.VIZIERS], rules.effect_colour[MeepleEffect.ELDERS]}
    for seat, holder in enumerate(state.players):
        for c, count in enumerate(holder.pool):
            if count and c not in kept:
                found.append(
                    f"players[{seat}].pool: holds {rules.colours[c]} meeples; "
                    "a pool keeps only Viziers and Elders"
                )
    return found


def _card_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """Every resource card and Fakir once; no Fakir among goods; the market at most full."""
    found: list[str] = []
    size = rules.tables.cards.market
    if len(state.market) > size:
        found.append(f"market: {len(state.market)} cards, at most {size}")
    expected = Counter({g.id: g.count for g in rules.tables.cards.good})
    expected[FAKIR] = rules.tables.cards.fakirs
    held = Counter([*state.deck, *state.market, *state.discard])
    for seat, holder in enumerate(state.players):
        if FAKIR in holder.goods:
            found.append(f"players[{seat}].goods: holds a Fakir, which is counted in fakirs")
        held.update(holder.goods)
        held[FAKIR] += holder.fakirs
    for card in sorted(expected.keys() | held.keys()):
        if held[card] != expected[card]:
            found.append(
                f"deck, market, discard, players' goods and fakirs: {held[card]} {card!r} "
                f"cards, not {expected[card]}"
            )
            break
    return found


def _djinn_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """Every Djinn once; the display at most full; a used power one its user holds."""
    found: list[str] = []
    if len(state.djinn_display) > rules.tables.djinns.display:
        found.append(
            f"djinn_display: {len(state.djinn_display)} Djinns, "
            f"at most {rules.tables.djinns.display}"
        )
    piles = [
        ("djinn_deck", state.djinn_deck),
        ("djinn_display", state.djinn_display),
        ("djinn_discard", state.djinn_discard),
        *((f"players[{seat}].djinns", h.djinns) for seat, h in enumerate(state.players)),
    ]
    for name, pile in piles:
        # Another component's id (a tile's, a card's) among Djinns would be counted as one more
        # Djinn, and looked up as one later.
        foreign = [d for d in pile if d not in rules.djinn_by_id]
        if foreign:
            found.append(f"{name}: {foreign[0]!r} is not a Djinn of the ruleset")
    if found:
        return found
    held = Counter([d for _, pile in piles for d in pile])
    for djinn in sorted(held.keys() | rules.djinn_by_id.keys()):
        if held[djinn] != 1:
            found.append(
                f"djinn_deck, djinn_display, djinn_discard, players' djinns: Djinn {djinn!r} "
                f"is there {held[djinn]} times, not once"
            )
            break
    owned = {d for holder in state.players for d in holder.djinns}
    if len(set(state.used_powers)) != len(state.used_powers) or not owned >= set(state.used_powers):
        found.append("used_powers: names a Djinn twice or one no player holds")
    return found


def _piece_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """Coins, camels, palm trees, palaces and markers add up."""
    found: list[str] = []
    tracks = rules.tables.tracks
    coins = sum(p.coins for p in state.players) + state.bank
    if coins != tracks.bank:
        found.append(f"bank, players' coins: {coins} coins in all, not {tracks.bank}")
    camels = rules.per_count[state.player_count].camels
    for seat, holder in enumerate(state.players):
        placed = state.camels.count(seat)
        if holder.camels + placed != camels:
            found.append(
                f"players[{seat}].camels: {holder.camels} in hand and {placed} on the board, "
                f"not {camels} in all"
            )
    if sum(state.palms) + state.palm_supply != tracks.palms:
        found.append(f"palms, palm_supply: not {tracks.palms} palm trees in all")
    if sum(state.palaces) + state.palace_supply != tracks.palaces:
        found.append(f"palaces, palace_supply: not {tracks.palaces} palaces in all")
    markers = [m for m in (*state.bid_order_track, *state.turn_order_track) if m is not None]
    # While the setup is dealt, the markers not yet drawn are on neither track.
    if (
        len(set(markers)) != len(markers)
        or not set(markers) <= set(range(len(state.markers)))
        or (len(markers) != len(state.markers) and not dealing(state))
    ):
        found.append("bid_order_track, turn_order_track: every marker must be on one of them, once")
    return found


#: The arguments each step's task holds (all integers), and what they must lie within.
_TASK_ARGS: dict[str, tuple[str, ...]] = {
    "bid": ("marker", "discount"),
    "turn": ("marker",),
    "builders": ("cell", "count", "factor"),
    "assassins": ("cell", "count"),
    "kill": ("cell", "reach", "kills"),
    "kill_again": ("at", "left"),
    "tribe": ("cell", "colour", "count"),
    "tile": ("cell",),
    "fill": ("djinn",),
    "raise": ("djinn",),
    "plant": ("djinn",),
    "claim": ("djinn",),
    "piece": ("cell", "djinn"),
    "nearby": ("djinn", "cell"),
    "keep": ("count",),
    "deal": (),
    **CHANCE_ARGS,
}


def _agenda_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """What keeps the agenda from being one the rules could have made."""
    for task in state.agenda:
        if task.kind not in ENGINE.steps:
            return [f"agenda: the agenda names a step the rules do not have: {task.kind!r}"]
        keys = _TASK_ARGS.get(task.kind, ())
        if sorted(task.args) != sorted(keys) or any(
            type(task.args[k]) is not int or not 0 <= task.args[k] < 100 for k in keys
        ):
            return [f"agenda: the {task.kind!r} step's arguments are not what it takes"]
        if "cell" in keys and task.args["cell"] >= len(rules.cells):
            return [f"agenda: the {task.kind!r} step names no cell"]
        if "djinn" in keys and task.args["djinn"] >= len(rules.djinn_by_id):
            return [f"agenda: the {task.kind!r} step names no Djinn"]
        if task.kind == "tribe" and (
            task.args["colour"] >= len(rules.colours) or not task.args["count"]
        ):
            return ["agenda: the 'tribe' step names no colour or no meeple"]
        if task.kind == "piece" and rules.djinn_by_id[
            list(rules.djinn_by_id)[task.args["djinn"]]
        ].power.kind not in (PowerKind.PLACE_PALACE, PowerKind.PLACE_PALM):
            return ["agenda: the 'piece' step names a Djinn that places no piece"]
        if task.kind == "keep" and task.args["count"] > len(state.djinn_discard):
            return ["agenda: the 'keep' step counts more Djinns than the discard pile holds"]
        if task.kind == "kill_again" and task.args["at"] >= len(rules.cells) + state.player_count:
            return ["agenda: the 'kill_again' step names no tile and no player"]
        if "marker" in keys:
            marker = task.args["marker"]
            # A marker bids from the Bid Order Track and takes its turn from the Turn Order Track.
            track = state.bid_order_track if task.kind == "bid" else state.turn_order_track
            if marker not in track or task.player != state.markers[marker]:
                return [
                    f"agenda: the {task.kind!r} step's marker is not where that step takes it from"
                ]
        if task.kind in CHANCE_ARGS:
            found = _chance_problems(rules, state, task)
            if found:
                return found
            continue
        automatic = ENGINE.steps[task.kind].candidates is None
        if not (-1 if automatic else 0) <= task.player < state.player_count:
            return [f"agenda: the {task.kind!r} step's player is not a player"]
    waiting = [t.args["marker"] for t in state.agenda if t.kind in ("bid", "turn")]
    if len(set(waiting)) != len(waiting):
        return ["agenda: a marker waits for two bids or turns"]
    if any(t.kind in CHANCE_ARGS for t in state.agenda[:-1]):
        return ["agenda: a chance step waits only at the top of the agenda"]
    if not state.game_over:
        if not state.agenda:
            return ["agenda: empty, but the game is not over"]
        top = state.agenda[-1]
        if ENGINE.steps[top.kind].candidates is None:
            return [f"agenda: the pending task {top.kind!r} is an automatic step, not a decision"]
    if any(t.kind == "drop" for t in state.agenda[:-1]):
        return ["agenda: a drop waits under another step: a move is made in one go"]
    moving = bool(state.agenda) and state.agenda[-1].kind == "drop"
    if moving != (state.move is not None) and not state.game_over:
        return ["move: a move is in progress exactly when a drop is pending"]
    return []


def _chance_problems(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[str]:
    """What keeps a chance step (``draws.py``) from waiting on the agenda."""
    if task.player != CHANCE:
        return [f"agenda: the {task.kind!r} step is chance's, not player {task.player}'s"]
    if not state.explicit_chance:
        return ["agenda: a chance step waits on the agenda only when chance is explicit"]
    if task.args.get("player", 0) >= state.player_count:
        return [f"agenda: the {task.kind!r} step's player is not a player"]
    if task.args.get("left", 1) < 1:
        return [f"agenda: the {task.kind!r} step has nothing left to draw"]
    if task.kind == "draw_djinn" and task.args["count"] > len(state.djinn_discard):
        return ["agenda: the 'draw_djinn' step counts more Djinns than the discard pile holds"]
    outcomes = ENGINE.steps[task.kind].outcomes
    assert outcomes is not None  # every step of CHANCE_ARGS is a chance step
    if len(outcomes(rules, state, task)) < 2:
        return [f"agenda: the {task.kind!r} step has one outcome or none: it would not wait"]
    return []
