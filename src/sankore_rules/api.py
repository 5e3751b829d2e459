"""The public API: set up, list, apply, explain, score, serialize, observe.

Every function here is a thin door onto the engine; the rules live in
``sankore_rules.sankore.rules``.
"""

from __future__ import annotations

import secrets
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any

import cattrs

from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.errors import ActionSyntaxError, IllegalAction, Reason, StateError
from sankore_rules.sankore import board, engine
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.rules import (  # noqa: F401 - imported for their step registrations
    bonus,
    enrol,
    establish,
    favour,
    graduate,
    objectives,
    teach,
)
from sankore_rules.sankore.rules.areas import astronomy, law, mathematics, theology  # noqa: F401
from sankore_rules.sankore.rules.scoring import Scores
from sankore_rules.sankore.rules.scoring import final_scores as _final_scores
from sankore_rules.sankore.rules.setup import new_state
from sankore_rules.sankore.solo import actions as _solo_actions  # noqa: F401 - its steps
from sankore_rules.sankore.solo import teach as _solo_teach  # noqa: F401 - its step
from sankore_rules.sankore.solo import turn as _solo_turn  # noqa: F401 - its steps
from sankore_rules.sankore.solo.scoring import solo_scores
from sankore_rules.sankore.solo.setup import new_solo_state
from sankore_rules.sankore.state import State, to_json
from sankore_rules.sankore.state import from_json as _from_json
from sankore_rules.sankore.validity import state_problems

__all__ = [
    "apply",
    "explain",
    "final_scores",
    "from_json",
    "is_terminal",
    "legal_actions",
    "load_rules",
    "new_game",
    "observation",
    "parse_action",
    "rules_of",
    "to_json",
]

#: Every ruleset alive in the process, by content hash. A state names its ruleset by hash
#: only, so this is how ``rules_of`` finds it; weak, so that a long-running server loading
#: corrected tables again and again does not keep every copy forever.
_RULESETS: weakref.WeakValueDictionary[str, Rules] = weakref.WeakValueDictionary()
#: The rulesets loaded or used to start a game most recently stay loaded even when the program
#: keeps no reference (it may hold only states); older ones go once nothing holds them.
RECENT_RULESETS = 8
_RECENT: OrderedDict[str, Rules] = OrderedDict()


def _register(rules: Rules) -> Rules:
    known = _RULESETS.setdefault(rules.content_hash, rules)
    _RECENT[known.content_hash] = known
    _RECENT.move_to_end(known.content_hash)
    while len(_RECENT) > RECENT_RULESETS:
        _RECENT.popitem(last=False)
    return known


def load_rules(path: str | Path | None = None) -> Rules:
    """The bundled rule tables, or a corrected copy loaded from the folder ``path``.

    Raises:
        RulesDataError: a table is malformed; the message names file, entry and field.
    """
    return _register(board.load_rules(path))


def rules_of(state: State) -> Rules:
    """The ruleset ``state`` is played by.

    Raises:
        StateError: when that ruleset has not been loaded in this process.
    """
    rules = _RULESETS.get(state.rules_hash)
    if rules is None:
        if state.rules_hash == load_rules().content_hash:
            return load_rules()
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            "which is not loaded: load it with load_rules(path) first"
        )
    return rules


def new_game(
    players: int = 2,
    seed: int | None = None,
    *,
    library: str = "three_shelf",
    rules: Rules | None = None,
    scholar: str | None = None,
    turn_limit: int | None = None,
) -> State:
    """Set up a new game and return its state, waiting for the first player's draft.

    Args:
        players: 2, 3 or 4; 1 for the solo game against the Scholar, which needs ``scholar``.
            A solo game is played on a 2-player board: you are P0 and play first, the
            Scholar is P1 (``state.player_count`` is 2 and ``state.solo`` holds the Scholar's
            board); its turns are carried out by the rules as soon as yours ends.
        seed: the seed of every shuffle and draw: the same seed gives the same game, distinct
            seeds distinct games. Any integer strictly between -2**256 and 2**256. Without
            one, 128 fresh random bits from the operating system, recorded in the state
            (``state.seed``) like a given seed. A small seed can be found by trying seeds
            against what the players see, which then reveals every hand and pile: a server
            leaves the seed out, so that each game draws its own (see the trust model page).
        library: ``"three_shelf"`` or ``"six_shelf"``, the Library side (the solo game is
            played on the 3-shelf side, SOLO-SET-10).
        rules: a ruleset from [`load_rules`][sankore_rules.load_rules]; the bundled one by default.
        scholar: with ``players=1``, the Scholar's difficulty: ``"easy"``, ``"medium"``,
            ``"hard"`` or ``"very_hard"`` (SOLO-SET-1).
        turn_limit: a variant for programs that need every game to end within a bound
            (search, simulations, tournaments): once a player has had this many turns, the end
            is triggered and the round is played out (END-2). None, the default, is the game
            as the rulebook has it, which ends only when the Madrasa fills or, by ruling
            ENGINE-1, when no main action but Exchange a Favour can ever be taken again.

    Raises:
        ValueError: for a player count, seed, library side or difficulty the game does not
            have, a solo game without a difficulty, or a difficulty for 2-4 players; the
            message names the choices.

    Examples:
        >>> state = new_game(players=3, seed=42)
        >>> state.current_player == state.first_player
        True
        >>> solo = new_game(players=1, seed=42, scholar="hard")
        >>> solo.solo.difficulty, solo.current_player
        ('hard', 0)
    """
    if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
        raise ValueError(f"players must be 1 (the solo game), 2, 3 or 4, got {players!r}")
    ruleset = _register(rules) if rules is not None else load_rules()
    choices = ", ".join(repr(d) for d in ruleset.solo_difficulties)
    if players == 1 and scholar is None:
        raise ValueError(f"the solo game (players=1) needs scholar= one of {choices}")
    if players != 1 and scholar is not None:
        raise ValueError(
            f"scholar= sets the solo opponent of a game of players=1, not of players={players!r}"
        )
    game_seed = secrets.randbits(128) if seed is None else seed
    if players == 1:
        assert scholar is not None
        return new_solo_state(ruleset, scholar, game_seed, library, turn_limit)
    return new_state(ruleset, players, game_seed, library, turn_limit)


def legal_actions(state: State) -> list[Action]:
    """Every legal action of the pending decision, complete; [] once the game is over."""
    return list(engine.legal(rules_of(state), state))


def _as_action(action: Action | str) -> Action:
    # Only the notation's syntax here; whether the kind answers this decision is for check(),
    # so that apply() and explain() give the same reasons.
    return parse_notation(action) if isinstance(action, str) else action


def apply(state: State, action: Action | str, *, player: int | None = None) -> State:
    """Return the state after ``action``; ``state`` itself is never changed.

    Args:
        state: the state before.
        action: an [`Action`][sankore_rules.Action] or its notation.
        player: who is acting, when the caller wants that checked too.

    Raises:
        IllegalAction: with ``.reasons``, each a stable code and words.
        ActionSyntaxError: for text that is not action notation at all.
    """
    return engine.decide(rules_of(state), state, _as_action(action), player)


def explain(state: State, action: Action | str, *, player: int | None = None) -> list[Reason]:
    """[] when ``action`` is legal now, else the reasons it is refused with.

    They are the reasons [`apply`][sankore_rules.apply] would raise
    [`IllegalAction`][sankore_rules.IllegalAction] with, each with a stable code.
    """
    try:
        parsed = _as_action(action)
    except ActionSyntaxError as exc:
        return [Reason("bad_notation", str(exc))]
    return engine.check(rules_of(state), state, parsed, player)


def is_terminal(state: State) -> bool:
    """Whether the game is over."""
    return state.game_over


def final_scores(state: State) -> Scores:
    """The score sheet: per player the total and its breakdown, the values, the winners.

    Works on any state (a running score); at the end it is the game's result. A solo game
    shows both sheets, yours and the Scholar's (``scores.scholar`` names its seat); you win only
    with strictly more than the Scholar (SOLO-END-2).
    """
    if state.solo is not None:
        return solo_scores(rules_of(state), state)
    return _final_scores(rules_of(state), state)


def from_json(text: str | bytes, rules: Rules | None = None) -> State:
    """Read a state written by [`to_json`][sankore_rules.to_json].

    Raises:
        StateError: malformed text, or a state of another ruleset than ``rules``.
    """
    state = _from_json(text)
    if rules is not None and rules.content_hash != state.rules_hash:
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            f"not with the given one ({rules.content_hash})"
        )
    ruleset = rules_of(state) if rules is None else _register(rules)
    problems = state_problems(ruleset, state)
    if problems:
        raise StateError("inconsistent state: " + "; ".join(problems[:3]))
    return state


def parse_action(state: State, text: str) -> Action:
    """Read action notation for the pending decision of ``state``.

    The text must name a kind of action this decision takes; whether the action is legal is
    [`explain`][sankore_rules.explain]'s and [`apply`][sankore_rules.apply]'s business.

    Raises:
        ActionSyntaxError: for empty or malformed text, or a kind this decision never takes.
    """
    action = parse_notation(text)
    task = state.decision
    if task is None:
        raise ActionSyntaxError("the game is over: no action can be taken")
    spec = engine.STEPS[task.kind]
    assert spec.candidates is not None
    kinds = {a.kind for a in spec.candidates(rules_of(state), state, task)}
    kinds.update(engine.ALWAYS_KINDS.get(task.kind, ()))
    if action.kind not in kinds:
        raise ActionSyntaxError(
            f"{action.kind!r} does not answer the pending decision ({spec.prompt}); "
            f"expected one of: {', '.join(sorted(kinds))}"
        )
    return action


_OBSERVER = cattrs.Converter()


def observation(state: State, player: int) -> dict[str, Any]:
    """What ``player`` may see, as JSON-ready data safe to send to that player's client.

    Hidden: the other players' Objective cards (only how many), the order of the market's
    piles below their top tiles (only how many), and the seed, which would predict every draw.
    In a solo game also the Scholar's deck (the Scholar's ``objectives``: only how many), the
    card waiting for its draft, and the bag's draw order (``bag`` becomes ``bag_counts``, how
    many Students of each discipline it holds). The last action's ``events`` are included, so a
    client can animate it.
    """
    if (
        isinstance(player, bool)
        or not isinstance(player, int)
        or not 0 <= player < state.player_count
    ):
        raise ValueError(f"player must be 0..{state.player_count - 1}, got {player!r}")
    data: dict[str, Any] = _OBSERVER.unstructure(state)
    data.pop("seed")
    data.pop("_scratch", None)
    data["viewer"] = player
    for p, pl in enumerate(data["players"]):
        if p != player:
            pl["objectives"] = len(pl["objectives"])
    solo = data.pop("solo")
    if solo is not None:
        bag = solo.pop("bag")
        solo["bag_counts"] = [bag.count(d) for d in rules_of(state).disciplines]
        solo.pop("draft_card")
        data["solo"] = solo
    for column in data["market"]:
        for pile in ("pile1", "pile2"):
            tiles = column.pop(pile)
            column[f"{pile}_top"] = tiles[0] if tiles else None
            column[f"{pile}_count"] = len(tiles)
    pending = state.decision
    data["decision"] = (
        None
        if pending is None
        else {
            "kind": pending.kind,
            "player": pending.player,
            "prompt": engine.STEPS[pending.kind].prompt,
        }
    )
    return data


__all__ += ["IllegalAction", "StateError", "to_json"]
