"""The public API: set up, list, apply, explain, score, serialize, observe.

Every function here is a thin door onto a game: it finds the state's game in the registry (see
``core/registry.py``) and asks it, through the protocol of ``core/game.py``, so the same
functions play every registered game. ``new_game`` and ``load_rules`` take ``game=`` (a name
from [`games`][sankore_rules.games]; the first registered game, Sankoré, by default).

Importing this module registers the built-in games.
"""

from __future__ import annotations

import json
import secrets
import weakref
from pathlib import Path
from typing import Any, Literal, TypeVar, overload

from sankore_rules.core.actions import Action, parse_notation
from sankore_rules.core.chance import CHANCE, chance_mode
from sankore_rules.core.errors import ActionSyntaxError, IllegalAction, Reason, StateError
from sankore_rules.core.game import Game, PlayedState, ScoreSheet
from sankore_rules.core.information import InformationState
from sankore_rules.core.registry import (
    find_game,
    game_of,
    game_of_class,
    game_of_rules,
    games,
    known_rules,
    register,
    remember_rules,
)
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.game import FIVE_TRIBES
from sankore_rules.five_tribes.scoring import TribesScores
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.game import SANKORE
from sankore_rules.sankore.rules.scoring import Scores
from sankore_rules.sankore.state import MAX_STATE_CHARS, State

#: Any game's state, as a function that gives back the kind of state it was given types it.
StateT = TypeVar("StateT", bound=PlayedState)

__all__ = [
    "CHANCE",
    "apply",
    "chance_outcomes",
    "describe",
    "explain",
    "final_scores",
    "find_game",
    "from_json",
    "game_of",
    "games",
    "information_state",
    "information_state_string",
    "is_terminal",
    "legal_actions",
    "load_rules",
    "new_game",
    "observation",
    "parse_action",
    "returns",
    "rules_of",
    "to_json",
]

for _builtin in (SANKORE, FIVE_TRIBES):
    register(_builtin)

#: The largest state text ``from_json`` reads (the built-in games' bound).
MAX_JSON_CHARS = MAX_STATE_CHARS
_register = remember_rules


def _game(game: object) -> Game[Any, Any]:
    return games()[0] if game is None else find_game(game)


@overload
def load_rules(
    path: str | Path | None = None, *, game: Literal["sankore"] | None = None
) -> Rules: ...
@overload
def load_rules(
    path: str | Path | None = None, *, game: Literal["five_tribes"]
) -> FiveTribesRules: ...
@overload
def load_rules(path: str | Path | None = None, *, game: str) -> object: ...
def load_rules(path: str | Path | None = None, *, game: str | None = None) -> Any:
    """The bundled rule tables of ``game``, or a corrected copy loaded from the folder ``path``.

    Args:
        path: a folder holding corrected copies of every table; None for the bundled ones.
        game: a registered game's name (``"sankore"``, the default, or ``"five_tribes"``, whose
            tables are those of ``data/five_tribes/``).

    Raises:
        RulesDataError: a table is malformed; the message names file, entry and field.
        ValueError: a game the library does not play.
    """
    return _register(_game(game).load_rules(None if path is None else str(path)))


@overload
def rules_of(state: State) -> Rules: ...
@overload
def rules_of(state: FiveTribesState) -> FiveTribesRules: ...
@overload
def rules_of(state: PlayedState) -> object: ...
def rules_of(state: Any) -> Any:
    """The ruleset ``state`` is played by.

    Raises:
        StateError: when that ruleset has not been loaded in this process.
    """
    return _rules_found(state.rules_hash, game_of(state), state)


#: The last ruleset hash looked up, with its game and a weak reference to the ruleset: a
#: playout asks about states of one game and one ruleset, twice a decision. Weak, so that it
#: keeps no ruleset loaded that the registry would let go.
_last_found: tuple[str, Game[Any, Any], weakref.ref[Any]] | None = None


def _rules_found(hashed: object, game: Game[Any, Any], state: Any) -> Any:
    """The ruleset of hash ``hashed`` and ``game``, which ``state`` is played by."""
    global _last_found
    last = _last_found
    if last is not None and type(hashed) is str and last[1] is game and last[0] == hashed:
        rules = last[2]()
        if rules is not None:
            return rules
    rules = known_rules(hashed, game)
    if rules is None:
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}), "
            "which is not loaded: load it with load_rules(path) first"
        )
    if type(hashed) is str:
        _last_found = (hashed, game, weakref.ref(rules))
    return rules


def _played_by(state: Any) -> tuple[Game[Any, Any], Any]:
    """The game of ``state`` and the ruleset it is played by.

    ``game_of`` and ``_rules_found`` in one call, the registry's lookup of the state's class and
    the check of the last ruleset written out: a playout asks this twice a decision.

    Raises:
        TypeError: ``state`` is not a state of any registered game.
        StateError: its ruleset is not loaded.
    """
    game = game_of_class(type(state))
    if game is None:
        game = game_of(state)
    hashed = state.rules_hash
    last = _last_found
    if last is not None and last[1] is game and type(hashed) is str and last[0] == hashed:
        rules = last[2]()
        if rules is not None:
            return game, rules
    return game, _rules_found(hashed, game, state)


@overload
def new_game(
    players: int | None = None,
    seed: int | None = None,
    *,
    game: Literal["sankore"] | None = None,
    rules: Rules | None = None,
    **options: object,
) -> State: ...
@overload
def new_game(
    players: int | None = None,
    seed: int | None = None,
    *,
    game: Literal["five_tribes"],
    rules: FiveTribesRules | None = None,
    **options: object,
) -> FiveTribesState: ...
@overload
def new_game(
    players: int | None = None,
    seed: int | None = None,
    *,
    game: str,
    rules: object = None,
    **options: object,
) -> PlayedState: ...
def new_game(
    players: int | None = None,
    seed: int | None = None,
    *,
    game: str | None = None,
    rules: Any = None,
    **options: Any,
) -> Any:
    """Set up a new game and return its state, settled to its first decision.

    Sankoré (the default game) waits for the first player's draft; Five Tribes
    (``game="five_tribes"``) for the first bid.

    Args:
        players: the player count; the game's default (2) when None. For Sankoré, 2, 3 or 4,
            or 1 for the solo game against the Scholar, which needs ``scholar``. A solo game is
            played on a 2-player board: you are P0 and play first, the Scholar is P1
            (``state.player_count`` is 2 and ``state.solo`` holds the Scholar's board); its
            turns are carried out by the rules as soon as yours ends.
        seed: the seed of every shuffle and draw: the same seed gives the same game, distinct
            seeds distinct games. Any integer strictly between -2**256 and 2**256. Without
            one, 128 fresh random bits from the operating system, recorded in the state
            (``state.seed``) like a given seed. A small seed can be found by trying seeds
            against what the players see, which then reveals every hand and pile: a server
            leaves the seed out, so that each game draws its own (see the trust model page).
        game: a registered game's name (see [`games`][sankore_rules.games]).
        rules: a ruleset from [`load_rules`][sankore_rules.load_rules]; the bundled one by default.
        **options: the game's setup options (``game.options``), and for every game
            ``chance``: ``"auto"`` (the default) resolves every chance step (a tile turned, a
            card drawn) at once from the state's seeded generator; ``"explicit"`` stops at
            each like at a decision of the seat ``CHANCE``, for the caller to resolve with
            [`chance_outcomes`][sankore_rules.chance_outcomes] and ``apply`` (a game that
            draws nothing during play has none to stop at). Sankoré's:
            ``library``: ``"three_shelf"`` or ``"six_shelf"``, the Library side (the solo game
            is played on the 3-shelf side, SOLO-SET-10);
            ``scholar``: with ``players=1``, the Scholar's difficulty: ``"easy"``,
            ``"medium"``, ``"hard"`` or ``"very_hard"`` (SOLO-SET-1);
            ``turn_limit``: a variant for programs that need every game to end within a bound
            (search, simulations, tournaments): once a player has had this many turns, the end
            is triggered and the round is played out (END-2). None, the default, is the game
            as the rulebook has it, which ends only when the Madrasa fills or, by ruling
            ENGINE-1, when no main action but Exchange a Favour can ever be taken again.
            Five Tribes takes none.

    Raises:
        ValueError: for a game, player count, seed or option the game does not have, or a
            ruleset of another game; the message names the choices.

    Examples:
        >>> state = new_game(players=3, seed=42)
        >>> state.current_player == state.first_player
        True
        >>> solo = new_game(players=1, seed=42, scholar="hard")
        >>> solo.solo.difficulty, solo.current_player
        ('hard', 0)
    """
    chosen = _game(game)
    if rules is None:
        ruleset = load_rules(game=chosen.name)
    elif isinstance(rules, chosen.rules_type):
        ruleset = _register(rules)
    else:
        try:
            other = game_of_rules(rules).name
        except TypeError:
            other = type(rules).__name__
        raise ValueError(
            f"rules= is a ruleset of {other}, not of {chosen.name}: "
            f"use load_rules(game={chosen.name!r}) or pass game={other!r}"
        )
    count = chosen.default_players if players is None else players
    # ``chance`` (refused unless one of the two modes) reaches only a game with chance steps,
    # and only when explicit: "auto" is every game's way, and a game that draws nothing
    # during play has no chance step to hand over.
    if "chance" in options and not (chance_mode(options["chance"]) and chosen.has_chance_steps):
        options = {k: v for k, v in options.items() if k != "chance"}
    # A seed of 128 fresh bits when none is given: no small number pins down a hidden deal.
    return chosen.new_state(
        ruleset, count, secrets.randbits(128) if seed is None else seed, options
    )


def chance_outcomes(state: PlayedState) -> list[tuple[Action, float]]:
    """The outcomes of the pending chance step and their probabilities, summing to 1.

    [] when the pending step is a decision, or the game is over. Only a game set up with
    ``chance="explicit"`` stops at a chance step (``state.current_player`` is then
    ``CHANCE``); ``apply`` of one of the outcomes resolves it, and ``legal_actions`` lists them
    too.

    Examples:
        >>> state = new_game(players=2, seed=3)
        >>> chance_outcomes(state)
        []
    """
    game, rules = _played_by(state)
    return game.chance_outcomes(rules, state)


def legal_actions(state: PlayedState) -> list[Action]:
    """Every legal action of the pending decision, complete; [] once the game is over."""
    game, rules = _played_by(state)
    return game.legal_actions(rules, state)


def _as_action(action: Action | str) -> Action:
    # Only the notation's syntax here; whether the kind answers this decision is for check(),
    # so that apply() and explain() give the same reasons.
    return parse_notation(action) if isinstance(action, str) else action


def apply(state: StateT, action: Action | str, *, player: int | None = None) -> StateT:
    """Return the state after ``action``; ``state`` itself is never changed.

    Args:
        state: the state before.
        action: an [`Action`][sankore_rules.Action] or its notation.
        player: who is acting, when the caller wants that checked too.

    Raises:
        IllegalAction: with ``.reasons``, each a stable code and words.
        ActionSyntaxError: for text that is not action notation at all.
    """
    game, rules = _played_by(state)
    if isinstance(action, str):  # _as_action(), written out: asked at every decision
        action = parse_notation(action)
    after: StateT = game.apply(rules, state, action, player)
    return after


def explain(state: PlayedState, action: Action | str, *, player: int | None = None) -> list[Reason]:
    """[] when ``action`` is legal now, else the reasons it is refused with.

    They are the reasons [`apply`][sankore_rules.apply] would raise
    [`IllegalAction`][sankore_rules.IllegalAction] with, each with a stable code.
    """
    try:
        parsed = _as_action(action)
    except ActionSyntaxError as exc:
        return [Reason("bad_notation", str(exc))]
    return game_of(state).explain(rules_of(state), state, parsed, player)


def describe(state: PlayedState, action: Action | str) -> str:
    """``action``, an option of ``state``'s pending decision, in words for people.

    A short sentence in the voice of the events ("Teach the Class ast-1a on c1a", "Drop a
    blue meeple on b3"), for a menu or a prompt; the notation (``str(action)``) stays what a
    program sends. Distinct legal actions of one decision have distinct descriptions. An
    action that is not legal now is described all the same, as well as its words allow.

    Raises:
        ActionSyntaxError: for text that is not action notation at all.

    Examples:
        >>> state = new_game(players=2, seed=1)
        >>> describe(state, "draft the-1e")
        'Draft the Class tile the-1e with a Book of mathematics and a Student of theology'
    """
    game, rules = _played_by(state)
    return game.describe(rules, state, _as_action(action))


def is_terminal(state: PlayedState) -> bool:
    """Whether the game is over."""
    game = game_of_class(type(state))
    if game is None:
        game = game_of(state)
    return game.is_terminal(state)


@overload
def final_scores(state: State) -> Scores: ...
@overload
def final_scores(state: FiveTribesState) -> TribesScores: ...
@overload
def final_scores(state: PlayedState) -> ScoreSheet: ...
def final_scores(state: Any) -> Any:
    """The score sheet: per player the total and its breakdown, the winners.

    Works on any state (a running score); at the end it is the game's result. A Sankoré solo
    game shows both sheets, yours and the Scholar's (``scores.scholar`` names its seat); you win
    only with strictly more than the Scholar (SOLO-END-2). A Five Tribes game's sheet is a
    [`TribesScores`][sankore_rules.five_tribes.scoring.TribesScores]: per player the total, the
    points by source and the coins left.
    """
    return game_of(state).scores(rules_of(state), state)


def returns(state: PlayedState, scheme: str = "win_loss") -> list[float]:
    """Each deciding seat's return, zero-sum: 0 for everyone until the game is over.

    ``"win_loss"`` (the default): the winners share +1 and the others share -1 (with ``k``
    winners of ``n`` seats, ``1/k`` and ``-1/(n-k)``; everyone 0 when all win). ``"score"``:
    each seat's points minus the mean of all seats' points. Seats the rules play by themselves
    (the Scholar) count as opponents but are not listed: one value per seat of
    ``game_of(state).agents(state)``.

    Raises:
        ValueError: for a scheme other than ``"win_loss"`` and ``"score"``.

    Examples:
        >>> import sankore_rules as sr
        >>> sr.returns(sr.new_game(players=2, seed=3))
        [0.0, 0.0]
    """
    if scheme not in ("win_loss", "score"):
        raise ValueError(f"scheme must be 'win_loss' or 'score', got {scheme!r}")
    game = game_of(state)
    if not game.is_terminal(state):
        return [0.0] * len(game.agents(state))
    return game.returns(rules_of(state), state, scheme)


def from_json(text: str | bytes, rules: object = None) -> PlayedState:
    """Read a state of any registered game written by [`to_json`][sankore_rules.to_json].

    Raises:
        StateError: malformed text, a state of another ruleset than ``rules``, a state of one
            game given another game's ruleset, or a state no game could reach.
    """
    if not isinstance(text, str | bytes):
        raise StateError(f"a state is JSON text, not {type(text).__name__}")
    if len(text) > MAX_JSON_CHARS:
        raise StateError(f"longer than {MAX_JSON_CHARS} characters: not a state")
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError) as exc:
        raise StateError(f"not JSON: {str(exc)[:200]}") from exc
    if not isinstance(document, dict):
        raise StateError("not a sankore_rules state: the document is no JSON object")
    game = next((g for g in games() if g.reads(document)), None)
    if game is None:
        raise StateError(
            f"not a sankore_rules state: no registered game is {document.get('game')!r}"
        )
    if rules is not None:
        if not isinstance(rules, game.rules_type):
            raise StateError(
                f"this is a state of {game.name}: a ruleset of another game cannot read it"
            )
        read: PlayedState = game.from_json(_register(rules), text)
        return read
    hashed = game.rules_hash(document)
    known = known_rules(hashed, game)
    if known is None:
        known = load_rules(game=game.name)
        if hashed is not None:
            state = document.get("state")
            name = state.get("rules_name") if isinstance(state, dict) else None
            raise StateError(
                f"this state was made with ruleset {name!r} ({hashed}), "
                "which is not loaded: load it with load_rules(path) first"
            )
    found: PlayedState = game.from_json(known, text)
    return found


def parse_action(state: PlayedState, text: str) -> Action:
    """Read action notation for the pending decision of ``state``.

    The text must name a kind of action this decision takes; whether the action is legal is
    [`explain`][sankore_rules.explain]'s and [`apply`][sankore_rules.apply]'s business.

    Raises:
        ActionSyntaxError: for empty or malformed text, or a kind this decision never takes.
    """
    action = parse_notation(text)
    game = game_of(state)
    if game.is_terminal(state):
        raise ActionSyntaxError("the game is over: no action can be taken")
    prompt, kinds = game.decision_kinds(rules_of(state), state)
    if action.kind not in kinds:
        raise ActionSyntaxError(
            f"{action.kind!r} does not answer the pending decision ({prompt}); "
            f"expected one of: {', '.join(sorted(kinds))}"
        )
    return action


def _seat_checked(state: Any, player: object) -> Game[Any, Any]:
    """The game of ``state``, once ``player`` is found to be one of its seats.

    Raises:
        ValueError: ``player`` is not one of the state's seats.
    """
    game = game_of(state)
    seats = game.seats(state)
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < seats:
        raise ValueError(f"player must be 0..{seats - 1}, got {player!r}")
    return game


def observation(state: PlayedState, player: int) -> dict[str, Any]:
    """What ``player`` may see, as JSON-ready data safe to send to that player's client.

    It names the game (``"game"``) and the viewer (``"viewer"``). Sankoré hides the other
    players' Objective cards (only how many), the order of the market's piles below their top
    tiles (only how many), and the seed, which would predict every draw; in a solo game also
    the Scholar's deck from every seat (only how many; nobody knows its order and the state
    keeps none), and its bag is shown as ``bag_counts`` (how many Students of each discipline
    it holds). The last action's ``events`` are included, so a client can animate it. Five
    Tribes hides the resource and Djinn decks' order (only how many cards) and the seed; the
    bag is only counted anyway.

    Raises:
        ValueError: ``player`` is not one of the state's seats.
    """
    game = _seat_checked(state, player)
    return game.observation(rules_of(state), state, player)


def information_state(state: PlayedState, player: int) -> InformationState:
    """What ``player`` has seen of the game up to ``state``, in order.

    Its observation at the start and after every action since (each with that action's
    events), and the actions it took itself: two histories give a seat equal information
    states exactly when it saw the same things in the same order (perfect recall). The
    history is the one the engine made ``state`` by; a state from ``new_game`` or
    ``from_json`` starts its own.

    Raises:
        ValueError: ``state`` is no game state, or ``player`` is no seat of it.

    Examples:
        >>> a = new_game(players=2, seed=5)
        >>> b = apply(a, legal_actions(a)[0])
        >>> information_state(b, 0).length
        2
        >>> information_state(b, 0) == information_state(b, 0)
        True
    """
    game = _seat_checked(state, player)
    return game.information_state(rules_of(state), state, player)


def information_state_string(state: PlayedState, player: int) -> str:
    """A short text naming ``player``'s information state (see ``information_state``).

    Two states give a seat equal strings exactly when it saw the same things in the same
    order: the key a search or a regret table keeps per information set. It is a digest
    (``seat 0 step 12 <40 hex digits>``), not a description.
    """
    return information_state(state, player).string()


def to_json(state: PlayedState) -> str:
    """The state of any registered game as JSON text.

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
    return game_of(state).to_json(state)


__all__ += ["IllegalAction", "StateError"]
