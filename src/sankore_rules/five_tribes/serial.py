"""Five Tribes states as JSON, and the checks a state read back must pass.

The JSON is ``{"format": 1, "game": "five_tribes", "state": {...}}``; the ``game`` field is
what tells it from a Sankoré state. A state read back must be exactly what was written (no
coerced field) and its components must add up: every meeple, card, camel, coin, palm tree,
palace and Djinn is somewhere, once.
"""

from __future__ import annotations

import json
from typing import Any

from sankore_rules.core.errors import StateError
from sankore_rules.core.serial import structure_state
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import GAME, FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import FAKIR
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import strict_converter

__all__ = ["FORMAT", "problems", "read_state", "write_state"]

FORMAT = 1
_CONVERTER = strict_converter()


def _task(value: Any, _: type) -> Task:
    if not isinstance(value, dict) or not isinstance(value.get("args", {}), dict):
        raise TypeError(f"expected a task object, got {value!r}")
    kind, player = value.get("kind"), value.get("player")
    if type(kind) is not str or type(player) is not int:
        raise TypeError(f"a task needs a kind and a player, got {value!r}")
    return Task(kind, player, value.get("args", {}))


_CONVERTER.register_structure_hook(Task, _task)


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
    state = structure_state(_CONVERTER, document, FiveTribesState)
    data = document["state"]
    if json.loads(json.dumps(_plain(state))) != data:
        raise StateError("the state holds values of the wrong shape")
    return state


def read_checked(rules: FiveTribesRules, text: str | bytes) -> FiveTribesState:
    """The state in the JSON ``text``, checked against ``rules``.

    Raises:
        StateError: the text is not a sound Five Tribes state of ``rules``.
    """
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError, TypeError, RecursionError) as exc:
        raise StateError(f"not JSON: {str(exc)[:200]}") from exc
    if not isinstance(document, dict):
        raise StateError("not a Five Tribes state: the document is no object")
    state = read_state(document)
    if state.rules_hash != rules.content_hash:
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            f"not with the given one ({rules.content_hash})"
        )
    found = problems(rules, state)
    if found:
        raise StateError("inconsistent state: " + "; ".join(found[:3]))
    return state


def problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """What is inconsistent in ``state`` under ``rules``; [] for a sound state."""
    found: list[str] = []
    cells, width = len(rules.cells), len(rules.colours)
    n = state.player_count
    if n not in rules.per_count or len(state.players) != n:
        return [f"player_count {n} does not match the players or the tables"]
    if sorted(state.tiles) != sorted(rules.tile_by_id):
        found.append("the tiles on the grid are not the ruleset's tiles, each once")
    columns = (
        ("meeples", state.meeples),
        ("camels", state.camels),
        ("palms", state.palms),
        ("palaces", state.palaces),
    )
    for name, column in columns:
        if len(column) != cells:
            found.append(f"{name} has {len(column)} cells, not {cells}")
    found.extend(_shape_problems(rules, state))
    if found:
        return found
    rows = [*state.meeples, state.bag, *(p.pool for p in state.players)]
    if state.move is not None:
        rows.append(state.move.hand)
    if any(len(r) != width or min(r) < 0 for r in rows):
        return ["a meeple count is negative or has the wrong number of colours"]
    totals = tuple(sum(r[c] for r in rows) for c in range(width))
    if totals != rules.meeple_counts:
        found.append(f"meeples per colour {totals}, not {rules.meeple_counts}")
    cards = [*state.deck, *state.market, *state.discard]
    for p in state.players:
        cards += p.goods + [FAKIR] * p.fakirs
    expected = sorted([g.id for g in rules.tables.cards.good for _ in range(g.count)])
    expected = sorted(expected + [FAKIR] * rules.tables.cards.fakirs)
    if sorted(cards) != expected:
        found.append("the resource cards are not the deck's cards, each once")
    djinns = [*state.djinn_deck, *state.djinn_display, *state.djinn_discard]
    for p in state.players:
        djinns += p.djinns
    if sorted(djinns) != sorted(rules.djinn_by_id):
        found.append("the Djinns are not the ruleset's Djinns, each once")
    if any(d not in rules.djinn_by_id for d in state.used_powers):
        found.append("used_powers names a Djinn the ruleset does not have")
    tracks = rules.tables.tracks
    if sum(p.coins for p in state.players) + state.bank != tracks.bank or state.bank < 0:
        found.append("the coins do not add up to the bank's total")
    camels = rules.per_count[n].camels
    for seat, p in enumerate(state.players):
        if p.coins < 0 or p.fakirs < 0 or p.camels + state.camels.count(seat) != camels:
            found.append(f"player {seat}'s coins, Fakirs or camels do not add up")
    if sum(state.palms) + state.palm_supply != tracks.palms:
        found.append("the palm trees do not add up")
    if sum(state.palaces) + state.palace_supply != tracks.palaces:
        found.append("the palaces do not add up")
    markers = [m for m in (*state.turn_track, *state.bid_track) if m is not None]
    if sorted(markers) != list(range(len(state.markers))):
        found.append("every marker must be on the turn-order track or the bid track, once")
    found.extend(_agenda_problems(rules, state))
    return found


def _shape_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """Numbers and indices out of their range: what the rules would index or count with."""
    cells, n = len(rules.cells), state.player_count
    found: list[str] = []
    if any(o is not None and not 0 <= o < n for o in state.camels):
        found.append("a camel belongs to no player")
    if min(state.palms, default=0) < 0 or min(state.palaces, default=0) < 0:
        found.append("a cell holds a negative number of palm trees or palaces")
    markers = len(state.markers)
    if state.markers != [p for p in range(n) for _ in range(rules.per_count[n].markers)]:
        found.append("the turn-order markers are not the players' markers")
    if len(state.turn_track) != markers or len(state.bid_track) != len(rules.tables.tracks.bids):
        found.append("the turn-order or bid track has the wrong number of spaces")
    move = state.move
    if move is not None and not (
        0 <= move.start < cells and 0 <= move.cell < cells and -1 <= move.came_from < cells
    ):
        found.append("the move in progress names no cell")
    if state.round < 1 or state.draws < 0 or state.game != GAME:
        found.append("the round, the draws or the game is out of range")
    return found


#: The arguments each step's task holds (all integers), and what they must lie within.
_TASK_ARGS: dict[str, tuple[str, ...]] = {
    "bid": ("marker", "discount"),
    "turn": ("marker",),
    "builders": ("cell", "count", "factor"),
    "assassins": ("cell", "count"),
    "kill": ("cell", "reach", "kills"),
    "kill_again": ("at", "left"),
    "tile": ("cell",),
    "fill": ("djinn",),
    "raise": ("djinn",),
    "plant": ("djinn",),
    "claim": ("djinn",),
    "nearby": ("djinn", "cell"),
    "keep": ("count",),
}


def _agenda_problems(rules: FiveTribesRules, state: FiveTribesState) -> list[str]:
    """What keeps the agenda from being one the rules could have made."""
    for task in state.agenda:
        if task.kind not in ENGINE.steps:
            return [f"the agenda names a step the rules do not have: {task.kind!r}"]
        keys = _TASK_ARGS.get(task.kind, ())
        if sorted(task.args) != sorted(keys) or any(
            type(task.args[k]) is not int or not 0 <= task.args[k] < 100 for k in keys
        ):
            return [f"the {task.kind!r} step's arguments are not what it takes"]
        if "cell" in keys and task.args["cell"] >= len(rules.cells):
            return [f"the {task.kind!r} step names no cell"]
        if "djinn" in keys and task.args["djinn"] >= len(rules.djinn_by_id):
            return [f"the {task.kind!r} step names no Djinn"]
        if task.kind == "keep" and task.args["count"] > len(state.djinn_discard):
            return ["the 'keep' step counts more Djinns than the discard pile holds"]
        if task.kind == "kill_again" and task.args["at"] >= len(rules.cells) + state.player_count:
            return ["the 'kill_again' step names no tile and no player"]
        if "marker" in keys:
            marker = task.args["marker"]
            # A marker bids from the turn-order track and takes its turn from the bid track.
            track = state.turn_track if task.kind == "bid" else state.bid_track
            if marker not in track or task.player != state.markers[marker]:
                return [f"the {task.kind!r} step's marker is not where that step takes it from"]
        automatic = ENGINE.steps[task.kind].candidates is None
        if not automatic and not 0 <= task.player < state.player_count:
            return [f"the {task.kind!r} step's player is not a player"]
    if any(t.kind == "drop" for t in state.agenda[:-1]):
        return ["a drop waits under another step: a move is made in one go"]
    moving = bool(state.agenda) and state.agenda[-1].kind == "drop"
    if moving != (state.move is not None) and not state.game_over:
        return ["a move is in progress exactly when a drop is pending"]
    return []
