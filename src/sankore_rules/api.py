"""The public API: set up, list, apply, explain, score, serialize, observe.

Every function here is a thin door onto a game's engine; the rules live in
``sankore_rules.sankore.rules`` and ``sankore_rules.five_tribes.rules``. The same functions play
either game: they dispatch on the state's type (a Five Tribes state is a
[`FiveTribesState`][sankore_rules.five_tribes.state.FiveTribesState]), and ``new_game`` and
``load_rules`` take ``game="five_tribes"``.
"""

from __future__ import annotations

import json
import secrets
import weakref
from collections import OrderedDict
from pathlib import Path
from typing import Any, Literal, TypeVar, cast, overload

import cattrs

from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.errors import ActionSyntaxError, IllegalAction, Reason, StateError
from sankore_rules.five_tribes import play as _tribes
from sankore_rules.five_tribes.board import FiveTribesRules, load_five_tribes
from sankore_rules.five_tribes.game import ENGINE as TRIBES_ENGINE
from sankore_rules.five_tribes.rules.setup import new_five_tribes
from sankore_rules.five_tribes.scoring import TribesScores, tribes_scores
from sankore_rules.five_tribes.serial import write_state as _write_tribes
from sankore_rules.five_tribes.state import FiveTribesState
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
from sankore_rules.sankore.state import MAX_STATE_CHARS, State
from sankore_rules.sankore.state import from_json as _from_json
from sankore_rules.sankore.state import to_json as _to_json
from sankore_rules.sankore.validity import state_problems

__all__ = [
    "GAMES",
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
_RULESETS: weakref.WeakValueDictionary[str, Rules | FiveTribesRules] = weakref.WeakValueDictionary()
#: The rulesets loaded or used to start a game most recently stay loaded even when the program
#: keeps no reference (it may hold only states); older ones go once nothing holds them.
RECENT_RULESETS = 8
_RECENT: OrderedDict[str, Rules | FiveTribesRules] = OrderedDict()
#: The games the library plays, by the name ``new_game(game=...)`` and ``load_rules`` take.
GAMES = ("sankore", "five_tribes")
AnyState = State | FiveTribesState


R = TypeVar("R", Rules, FiveTribesRules)


def _register(rules: R) -> R:
    known = _RULESETS.setdefault(rules.content_hash, rules)
    _RECENT[known.content_hash] = known
    _RECENT.move_to_end(known.content_hash)
    while len(_RECENT) > RECENT_RULESETS:
        _RECENT.popitem(last=False)
    return cast(R, known)


def _game_name(game: object) -> str:
    if not isinstance(game, str) or game.replace("-", "_") not in GAMES:
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, got {game!r}")
    return game.replace("-", "_")


@overload
def load_rules(path: str | Path | None = None, *, game: Literal["sankore"] = ...) -> Rules: ...
@overload
def load_rules(
    path: str | Path | None = None, *, game: Literal["five_tribes"]
) -> FiveTribesRules: ...
def load_rules(path: str | Path | None = None, *, game: str = "sankore") -> Rules | FiveTribesRules:
    """The bundled rule tables of ``game``, or a corrected copy loaded from the folder ``path``.

    Args:
        path: a folder holding corrected copies of every table; None for the bundled ones.
        game: ``"sankore"`` (the default) or ``"five_tribes"`` (its tables are those of
            ``data/five_tribes/``).

    Raises:
        RulesDataError: a table is malformed; the message names file, entry and field.
        ValueError: a game the library does not play.
    """
    if _game_name(game) == "five_tribes":
        return _register(load_five_tribes(path))
    return _register(board.load_rules(path))


@overload
def rules_of(state: State) -> Rules: ...
@overload
def rules_of(state: FiveTribesState) -> FiveTribesRules: ...
def rules_of(state: AnyState) -> Rules | FiveTribesRules:
    """The ruleset ``state`` is played by.

    Raises:
        StateError: when that ruleset has not been loaded in this process.
    """
    rules = _RULESETS.get(state.rules_hash)
    if rules is None:
        bundled: Rules | FiveTribesRules = (
            load_rules(game="five_tribes") if isinstance(state, FiveTribesState) else load_rules()
        )
        if state.rules_hash == bundled.content_hash:
            return bundled
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            "which is not loaded: load it with load_rules(path) first"
        )
    return rules


@overload
def new_game(
    players: int = 2,
    seed: int | None = None,
    *,
    game: Literal["sankore"] = ...,
    library: str = ...,
    rules: Rules | None = ...,
    scholar: str | None = ...,
    turn_limit: int | None = ...,
) -> State: ...
@overload
def new_game(
    players: int = 2,
    seed: int | None = None,
    *,
    game: Literal["five_tribes", "five-tribes"],
    rules: FiveTribesRules | None = ...,
) -> FiveTribesState: ...
def new_game(
    players: int = 2,
    seed: int | None = None,
    *,
    game: str = "sankore",
    library: str = "three_shelf",
    rules: Rules | FiveTribesRules | None = None,
    scholar: str | None = None,
    turn_limit: int | None = None,
) -> State | FiveTribesState:
    """Set up a new game and return its state, waiting for the first player's draft.

    With ``game="five_tribes"`` it is a game of Five Tribes for 2-4 players, waiting for the
    first bid; ``library``, ``scholar`` and ``turn_limit`` are Sankoré's alone.

    Args:
        game: ``"sankore"`` (the default) or ``"five_tribes"`` (``"five-tribes"`` too).
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
        ValueError: for a game, player count, seed, library side or difficulty the game does
            not have, a solo game without a difficulty, a difficulty for 2-4 players, or a
            ruleset of the other game; the message names the choices.

    Examples:
        >>> state = new_game(players=3, seed=42)
        >>> state.current_player == state.first_player
        True
        >>> solo = new_game(players=1, seed=42, scholar="hard")
        >>> solo.solo.difficulty, solo.current_player
        ('hard', 0)
    """
    if _game_name(game) == "five_tribes":
        if library != "three_shelf" or scholar is not None or turn_limit is not None:
            raise ValueError("library=, scholar= and turn_limit= are options of Sankoré alone")
        if rules is not None and not isinstance(rules, FiveTribesRules):
            raise ValueError("rules= is a Sankoré ruleset: use load_rules(game='five_tribes')")
        tribes = _register(rules) if rules is not None else load_rules(game="five_tribes")
        return new_five_tribes(tribes, players, secrets.randbits(128) if seed is None else seed)
    if rules is not None and not isinstance(rules, Rules):
        raise ValueError("rules= is a Five Tribes ruleset: pass game='five_tribes' with it")
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


def legal_actions(state: AnyState) -> list[Action]:
    """Every legal action of the pending decision, complete; [] once the game is over."""
    if isinstance(state, FiveTribesState):
        return TRIBES_ENGINE.legal(rules_of(state), state)
    return engine.legal(rules_of(state), state)


def _as_action(action: Action | str) -> Action:
    # Only the notation's syntax here; whether the kind answers this decision is for check(),
    # so that apply() and explain() give the same reasons.
    return parse_notation(action) if isinstance(action, str) else action


@overload
def apply(state: State, action: Action | str, *, player: int | None = None) -> State: ...
@overload
def apply(
    state: FiveTribesState, action: Action | str, *, player: int | None = None
) -> FiveTribesState: ...
def apply(
    state: AnyState, action: Action | str, *, player: int | None = None
) -> State | FiveTribesState:
    """Return the state after ``action``; ``state`` itself is never changed.

    Args:
        state: the state before.
        action: an [`Action`][sankore_rules.Action] or its notation.
        player: who is acting, when the caller wants that checked too.

    Raises:
        IllegalAction: with ``.reasons``, each a stable code and words.
        ActionSyntaxError: for text that is not action notation at all.
    """
    if isinstance(action, str):  # only the notation's syntax here; the rest is check()'s
        action = parse_notation(action)
    if isinstance(state, FiveTribesState):
        return TRIBES_ENGINE.decide(rules_of(state), state, action, player)
    return engine.decide(rules_of(state), state, action, player)


def explain(state: AnyState, action: Action | str, *, player: int | None = None) -> list[Reason]:
    """[] when ``action`` is legal now, else the reasons it is refused with.

    They are the reasons [`apply`][sankore_rules.apply] would raise
    [`IllegalAction`][sankore_rules.IllegalAction] with, each with a stable code.
    """
    try:
        parsed = _as_action(action)
    except ActionSyntaxError as exc:
        return [Reason("bad_notation", str(exc))]
    if isinstance(state, FiveTribesState):
        return TRIBES_ENGINE.check(rules_of(state), state, parsed, player)
    return engine.check(rules_of(state), state, parsed, player)


def is_terminal(state: AnyState) -> bool:
    """Whether the game is over."""
    return state.game_over


@overload
def final_scores(state: State) -> Scores: ...
@overload
def final_scores(state: FiveTribesState) -> TribesScores: ...
def final_scores(state: AnyState) -> Scores | TribesScores:
    """The score sheet: per player the total and its breakdown, the values, the winners.

    Works on any state (a running score); at the end it is the game's result. A solo game
    shows both sheets, yours and the Scholar's (``scores.scholar`` names its seat); you win only
    with strictly more than the Scholar (SOLO-END-2). A Five Tribes game's sheet is a
    [`TribesScores`][sankore_rules.five_tribes.scoring.TribesScores]: per player the total, the
    points by source and the coins left that break ties.
    """
    if isinstance(state, FiveTribesState):
        return tribes_scores(rules_of(state), state)
    if state.solo is not None:
        return solo_scores(rules_of(state), state)
    return _final_scores(rules_of(state), state)


def from_json(
    text: str | bytes, rules: Rules | FiveTribesRules | None = None
) -> State | FiveTribesState:
    """Read a state of either game written by [`to_json`][sankore_rules.to_json].

    Raises:
        StateError: malformed text, a state of another ruleset than ``rules``, or a state of
            one game given the other game's ruleset.
    """
    document = _tribes_document(text)
    if document is not None:
        if rules is not None and not isinstance(rules, FiveTribesRules):
            raise StateError("this is a Five Tribes state: a Sankoré ruleset cannot read it")
        tribes = _register(rules) if rules is not None else load_rules(game="five_tribes")
        if rules is None:
            hashed = (
                document.get("state", {}).get("rules_hash")
                if isinstance(document.get("state"), dict)
                else None
            )
            known = _RULESETS.get(hashed) if isinstance(hashed, str) else None
            tribes = known if isinstance(known, FiveTribesRules) else tribes
        return _tribes.read(tribes, document)
    if rules is not None and not isinstance(rules, Rules):
        raise StateError(
            "this is a Sankoré state, not a Five Tribes one: a Five Tribes ruleset cannot read it"
        )
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


def _tribes_document(text: str | bytes) -> dict[str, Any] | None:
    """The parsed document when ``text`` is a Five Tribes state's JSON, else None."""
    if not isinstance(text, str | bytes) or len(text) > MAX_STATE_CHARS:
        return None  # Sankoré's reader refuses what is no state, with its reason
    if b'"five_tribes"' not in (text.encode() if isinstance(text, str) else text):
        return None
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):
        return None
    if isinstance(document, dict) and document.get("game") == "five_tribes":
        return document
    return None


def parse_action(state: AnyState, text: str) -> Action:
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
    if isinstance(state, FiveTribesState):
        prompt, kinds = _tribes.decision_kinds(rules_of(state), state)
        if action.kind not in kinds:
            raise ActionSyntaxError(
                f"{action.kind!r} does not answer the pending decision ({prompt}); "
                f"expected one of: {', '.join(sorted(kinds))}"
            )
        return action
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


def observation(state: AnyState, player: int) -> dict[str, Any]:
    """What ``player`` may see, as JSON-ready data safe to send to that player's client.

    Hidden: the other players' Objective cards (only how many), the order of the market's
    piles below their top tiles (only how many), and the seed, which would predict every draw.
    In a solo game also the Scholar's deck (the Scholar's ``objectives``: only how many), the
    card waiting for its draft, and the bag's draw order (``bag`` becomes ``bag_counts``, how
    many Students of each discipline it holds). The last action's ``events`` are included, so a
    client can animate it. In Five Tribes the resource and Djinn decks' order (only how many
    cards) and the seed are hidden; the bag is only counted anyway.
    """
    if (
        isinstance(player, bool)
        or not isinstance(player, int)
        or not 0 <= player < state.player_count
    ):
        raise ValueError(f"player must be 0..{state.player_count - 1}, got {player!r}")
    if isinstance(state, FiveTribesState):
        return _tribes.observation(rules_of(state), state, player)
    data: dict[str, Any] = _OBSERVER.unstructure(state)
    data.pop("seed")
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
    data["decision"] = engine.ENGINE.decision_view(state)
    return data


def to_json(state: AnyState) -> str:
    """The state of either game as JSON text.

    [`from_json`][sankore_rules.from_json] restores an equal state.

    Examples:
        >>> import sankore_rules as sr
        >>> s = sr.new_game(players=2, seed=1)
        >>> sr.from_json(sr.to_json(s)) == s
        True
        >>> t = sr.new_game(players=3, seed=1, game="five_tribes")
        >>> sr.from_json(sr.to_json(t)) == t
        True
    """
    if isinstance(state, FiveTribesState):
        return _write_tribes(state)
    return _to_json(state)


__all__ += ["IllegalAction", "StateError"]
