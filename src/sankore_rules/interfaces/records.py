"""Game records: the game, its setup, seed and actions in notation, as a small JSON document.

A record is to a game what PGN is to a chess game. Draws and shuffles come from the seeded
generator kept in the state, so the game's name, its setup options, the seed and the list of
actions reproduce a game exactly; [`replay`][sankore_rules.replay] plays them again, checking
every action on the way. Records name no game of their own: any registered game is recorded
the same way (see ``core/registry.py``).

The document reads:

    {
      "format": "sankore-record",
      "version": 1,
      "ruleset": {"name": "sankore-standard", "hash": "..."},
      "setup": {"players": 2, "seed": 7, "library": "three_shelf"},
      "tags": {"bot": "random"},
      "actions": ["draft ast-1c", "class c1b", "...", "end"],
      "result": {"scores": [41, 37], "winners": [0]}
    }

The setup holds the player count, the seed and the game's setup options (``game.options``):
each option given, and each option with a default other than None even when not given, so that
a record says what it was played with. Its ``game`` names the game, and is left out for the
default game (the first registered, Sankoré, whose records came first and never named it):
``{"game": "five_tribes", "players": 3, "seed": 21}``. ``ruleset``, ``tags`` and ``result`` are
optional. When ``result`` is present, [`replay`][sankore_rules.replay] also checks that the
game ends there with those scores (one per seat: a Sankoré solo game has two, yours and the
Scholar's) and winners.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=5)
    >>> first = sr.legal_actions(state)[0]
    >>> text = save_record([first], players=2, seed=5)
    >>> record = load_record(text)
    >>> record.actions == (str(first),)
    True
    >>> replay(record) == sr.apply(state, first)
    True
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from typing import Any

from attrs import evolve, field, frozen

from sankore_rules import api
from sankore_rules.core.actions import Action, action_problem, parse_notation
from sankore_rules.core.errors import ActionSyntaxError, IllegalAction, Reason
from sankore_rules.core.game import Game

__all__ = [
    "RECORD_FORMAT",
    "RECORD_VERSION",
    "Record",
    "RecordError",
    "ReplayError",
    "is_record",
    "load_record",
    "record_from_document",
    "replay",
    "save_record",
]

#: The ``format`` marker of a record document (a state document says ``"format": 1``).
RECORD_FORMAT = "sankore-record"
#: The version of the record document this module writes and reads.
RECORD_VERSION = 1

#: The setup's own keys; the others are the game's options.
_SETUP_KEYS = ("game", "players", "seed")
_TOP_KEYS = ("format", "version", "ruleset", "setup", "tags", "actions", "result")


class RecordError(ValueError):
    """A record that cannot be read: not JSON, not a record, or a field missing or wrong."""


class ReplayError(ValueError):
    """A record whose actions do not replay: an illegal action, or a result that differs.

    Attributes:
        move: the 1-based number of the action that failed; one past the last action when the
            actions all apply but the recorded result is not reached.
        action: the notation of the failing action, or None for a result that differs.
        reasons: why, each a [`Reason`][sankore_rules.Reason] with a stable code.
        state: the last state reached, before the failing action.
    """

    def __init__(
        self, move: int, action: str | None, reasons: Iterable[Reason], state: Any
    ) -> None:
        self.move = move
        self.action = action
        self.reasons: tuple[Reason, ...] = tuple(reasons)
        self.state = state
        what = f"move {move} ({action})" if action is not None else f"after move {move - 1}"
        super().__init__(f"{what}: " + "; ".join(r.words for r in self.reasons))


def _notations(actions: Iterable[Action | str]) -> tuple[str, ...]:
    """Actions as canonical notation; syntax is checked, legality is ``replay``'s job."""
    if isinstance(actions, str | bytes):
        raise TypeError("actions must be a sequence of actions, not a single string")
    return tuple(_notation(a) for a in actions)


def _notation(action: Action | str) -> str:
    if isinstance(action, str):
        return str(parse_notation(action))
    problem = action_problem(action)
    if problem is not None:
        raise ActionSyntaxError(problem)
    return str(action)


def _numbers(values: Iterable[float] | None) -> tuple[int | float, ...] | None:
    # Whole points are written as integers: a record says 41, not 41.0.
    return None if values is None else tuple(int(v) if v == int(v) else v for v in values)


def _optional_ints(values: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(values)


def _default_game() -> str:
    """The game a setup without ``game`` is: the default of ``new_game``, registered first."""
    return api.games()[0].name


def _find_game(name: str) -> Game[Any, Any]:
    """The registered game ``name``; an unknown one is a RecordError listing those there are."""
    try:
        return api.find_game(name)
    except ValueError as exc:
        raise RecordError(f"unknown game: {exc}") from exc


#: The setup options every game takes beside its own: how chance steps are resolved
#: (``core/chance.py``; a record of the explicit mode holds the draws' outcomes as actions).
EVERY_GAME_OPTIONS = ("chance",)


def _unknown_options(game: Game[Any, Any], names: Iterable[str]) -> str | None:
    """What is wrong with option ``names`` for ``game``, or None when it takes them all."""
    known = [o.name for o in game.options]
    unknown = sorted(set(names) - set(known) - set(EVERY_GAME_OPTIONS))
    if not unknown:
        return None
    takes = f"{game.name} takes {', '.join(known)}" if known else f"{game.name} takes none"
    return f"unknown setup option {unknown[0]!r} ({takes})"


@frozen
class Record:
    """A game as its name, setup options, seed and actions in notation.

    Attributes:
        players: the player count given to [`new_game`][sankore_rules.new_game].
        seed: the seed given to [`new_game`][sankore_rules.new_game].
        options: the game's setup options given to [`new_game`][sankore_rules.new_game]
            (Sankoré's ``library``, ``scholar``, ``turn_limit``); those left out take the
            game's defaults.
        actions: every action of the game in order, in notation (``Action`` objects given here
            are turned into their notation).
        scores: the final totals per seat (yours and the Scholar's in a Sankoré solo game) when
            the game was finished, else None.
        winners: the winners when the game was finished, else None.
        rules_name: the name of the ruleset the game was played by, when known.
        rules_hash: that ruleset's content hash; [`replay`][sankore_rules.replay] refuses another
            ruleset.
        tags: free text about the game (who played, which bots, when), like PGN's tags.
        game: the registered name of the game (``api.games()``); the default game's
            (Sankoré's) by default, which the document leaves out, as records always did.

    Examples:
        >>> Record(players=2, seed=1, actions=["end"]).actions
        ('end',)
        >>> Record(players=1, seed=1, options={"scholar": "hard"}).options
        {'scholar': 'hard'}
    """

    players: int
    seed: int
    options: Mapping[str, Any] = field(factory=dict, converter=dict, hash=False)
    actions: tuple[str, ...] = field(default=(), converter=_notations)
    scores: tuple[int | float, ...] | None = field(default=None, converter=_numbers)
    winners: tuple[int, ...] | None = field(default=None, converter=_optional_ints)
    rules_name: str | None = None
    rules_hash: str | None = None
    tags: Mapping[str, str] = field(factory=dict, hash=False)
    game: str = field(factory=_default_game)

    def _game(self) -> Game[Any, Any]:
        """The record's game, once its options are checked against the game's."""
        game = _find_game(self.game)
        problem = _unknown_options(game, self.options)
        if problem is not None:
            raise RecordError(problem)
        return game

    def setup(self) -> dict[str, Any]:
        """The setup options as the game plays them: those given, and every default.

        Raises:
            RecordError: an unknown game, or an option the game does not take.
        """
        found = {o.name: self.options.get(o.name, o.default) for o in self._game().options}
        found.update({k: self.options[k] for k in EVERY_GAME_OPTIONS if k in self.options})
        return found

    def start(self, rules: Any = None, *, check_rules: bool = True) -> Any:
        """The state the game starts from: [`new_game`][sankore_rules.new_game] with this setup.

        Args:
            rules: the ruleset to play by; the bundled one of the record's game by default.
            check_rules: refuse a ruleset other than the one the record names.

        Raises:
            RecordError: for an unknown game, a setup the game does not have (player count,
                option), or a ruleset other than the one the record was made with.
        """
        game = self._game()
        ruleset: Any = api.load_rules(game=game.name) if rules is None else rules
        if not issubclass(type(ruleset), game.rules_type):
            raise RecordError(f"a {game.name} record cannot be played by that ruleset")
        recorded = self.rules_hash
        if check_rules and recorded is not None and recorded != ruleset.content_hash:
            raise RecordError(
                f"this record was made with ruleset {self.rules_name!r} ({self.rules_hash}), "
                f"not with {ruleset.name!r} ({ruleset.content_hash}): load that ruleset first"
            )
        try:
            return api.new_game(
                players=self.players,
                seed=self.seed,
                game=game.name,
                rules=ruleset,
                **self.options,
            )
        except (ValueError, KeyError) as exc:
            raise RecordError(f"unusable setup: {exc}") from exc

    def with_result(self, state: Any) -> Record:
        """This record with the final scores of ``state`` (a finished game) filled in."""
        if not api.is_terminal(state):
            raise ValueError("the game is not over: there is no result to record")
        game = api.game_of(state)
        rules = api.rules_of(state)
        return evolve(
            self,
            scores=game.totals(rules, state),
            winners=game.winners(rules, state),
            rules_name=state.rules_name,
            rules_hash=state.rules_hash,
        )


# ---- writing and reading ---------------------------------------------------------------------


def save_record(
    record: Record | Iterable[Action | str],
    *,
    players: int | None = None,
    seed: int | None = None,
    game: str | None = None,
    final: Any = None,
    tags: Mapping[str, str] | None = None,
    **options: Any,
) -> str:
    """A record as JSON text, one action a line, for [`load_record`][sankore_rules.load_record].

    Args:
        record: a [`Record`][sankore_rules.Record], or the game's actions (then ``players`` and
            ``seed`` are required and describe the setup).
        players: the player count, when ``record`` is a list of actions.
        seed: the seed, when ``record`` is a list of actions.
        game: the game's registered name, when ``record`` is a list of actions (the default
            game's, Sankoré's, when None).
        final: the finished game's last state, to record its result and ruleset.
        tags: free text about the game, added to the record's own tags.
        **options: the game's setup options, when ``record`` is a list of actions (Sankoré's
            ``library``, ``scholar``, ``turn_limit``).

    Raises:
        TypeError: a list of actions without ``players`` or ``seed``, or setup keywords along
            with a [`Record`][sankore_rules.Record].
        RecordError: an unknown game, or an option the game does not take.
        ActionSyntaxError: an action whose notation cannot be read.
    """
    if isinstance(record, Record):
        if players is not None or seed is not None or game is not None or options:
            raise TypeError("give the setup either in the Record or as keywords, not both")
        rec = record
    else:
        if players is None or seed is None:
            raise TypeError("save_record needs players= and seed= along with a list of actions")
        rec = Record(
            players=players,
            seed=seed,
            options=options,
            actions=record,
            game=_default_game() if game is None else _find_game(game).name,
        )
    if final is not None:
        rec = rec.with_result(final)
    if tags:
        rec = evolve(rec, tags={**rec.tags, **tags})
    return _dumps(rec)


def _dumps(rec: Record) -> str:
    document: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION}
    if rec.rules_hash is not None:
        document["ruleset"] = {"name": rec.rules_name, "hash": rec.rules_hash}
    setup: dict[str, Any] = {} if rec.game == _default_game() else {"game": rec.game}
    setup.update(players=rec.players, seed=rec.seed)
    # An option at None is the game without it (no turn limit, no Scholar): left out, as the
    # records written before options were generic left it out.
    setup.update((name, value) for name, value in rec.setup().items() if value is not None)
    document["setup"] = setup
    if rec.tags:
        document["tags"] = dict(sorted(rec.tags.items()))
    # One action a line keeps records readable and their diffs small; the rest stays compact.
    lines = ["{"]
    for key, value in document.items():
        lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)},")
    if rec.actions:
        lines.append('  "actions": [')
        body = [f"    {json.dumps(a, ensure_ascii=False)}" for a in rec.actions]
        lines.append(",\n".join(body))
        lines.append("  ]" + ("," if rec.scores is not None else ""))
    else:
        lines.append('  "actions": []' + ("," if rec.scores is not None else ""))
    if rec.scores is not None:
        result = {"scores": list(rec.scores), "winners": list(rec.winners or ())}
        lines.append(f'  "result": {json.dumps(result)}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def is_record(document: object) -> bool:
    """Whether parsed JSON ``document`` claims to be a record (it may still be malformed)."""
    return isinstance(document, dict) and document.get("format") == RECORD_FORMAT


def load_record(text: str | bytes) -> Record:
    """Read a record written by [`save_record`][sankore_rules.save_record].

    Only the document is checked here (types, fields, the game's name and its options' names,
    notation); whether the options' values and the actions are legal is
    [`replay`][sankore_rules.replay]'s business.

    Raises:
        RecordError: for text that is not JSON, not a record, or has a field missing or wrong
            (the message names it).
    """
    try:
        document = json.loads(text)
    except (ValueError, UnicodeDecodeError, TypeError, RecursionError) as exc:
        raise RecordError(f"not JSON: {exc}") from exc
    return record_from_document(document)


def record_from_document(document: object) -> Record:
    """A [`Record`][sankore_rules.Record] from a JSON document already parsed.

    [`load_record`][sankore_rules.load_record] is this with the parsing.
    """
    if not is_record(document):
        raise RecordError(f'not a game record (expected "format": {json.dumps(RECORD_FORMAT)})')
    assert isinstance(document, dict)
    if document.get("version") != RECORD_VERSION:
        raise RecordError(
            f"unsupported record version {document.get('version')!r} "
            f"(this library reads version {RECORD_VERSION})"
        )
    extra = sorted(set(document) - set(_TOP_KEYS))
    if extra:
        raise RecordError(f"unknown field {extra[0]!r} in record")
    setup = _field(document, "setup", dict)
    game = _find_game(_field(setup, "game", str, "setup.")) if "game" in setup else None
    options = {k: v for k, v in setup.items() if k not in _SETUP_KEYS}
    problem = _unknown_options(game or api.find_game(_default_game()), options)
    if problem is not None:
        raise RecordError(problem)
    for name, value in options.items():
        # The game checks the values when the record is started; here only that they are
        # plain JSON values, as new_game's keywords take them.
        if value is not None and not isinstance(value, str | int | float | bool):
            raise RecordError(f"setup.{name} must be a string, a number or null, got {value!r}")
    players = _field(setup, "players", int, "setup.")
    seed = _field(setup, "seed", int, "setup.")
    actions = _field(document, "actions", list)
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise RecordError(f"actions[{i}] (move {i + 1}) must be a string, got {text!r}")
        try:
            parse_notation(text)
        except ActionSyntaxError as exc:
            raise RecordError(f"actions[{i}] (move {i + 1}) {text!r}: {exc}") from exc
    rules_name = rules_hash = None
    if "ruleset" in document:
        ruleset = _field(document, "ruleset", dict)
        rules_name = _field(ruleset, "name", str, "ruleset.")
        rules_hash = _field(ruleset, "hash", str, "ruleset.")
    tags = _field(document, "tags", dict) if "tags" in document else {}
    for key, value in tags.items():
        if not isinstance(value, str):
            raise RecordError(f"tags.{key} must be a string, got {value!r}")
    scores = winners = None
    if "result" in document:
        result = _field(document, "result", dict)
        scores = _numbers_of(_field(result, "scores", list, "result."), "result.scores")
        winners = _ints_of(_field(result, "winners", list, "result."), "result.winners")
        # Every player has a score sheet (a game may add seats of its own, as Sankoré's solo
        # game adds the Scholar's): how many exactly, the replay finds out.
        if len(scores) < players:
            raise RecordError(f"result.scores has {len(scores)} entries for {players} players")
    return Record(
        players=players,
        seed=seed,
        options=options,
        actions=actions,
        scores=scores,
        winners=winners,
        rules_name=rules_name,
        rules_hash=rules_hash,
        tags=tags,
        game=_default_game() if game is None else game.name,
    )


def _field(data: dict[str, Any], key: str, kind: type, prefix: str = "") -> Any:
    if key not in data:
        raise RecordError(f"missing field {prefix}{key}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = {dict: "an object", list: "a list", int: "an integer", str: "a string"}
        raise RecordError(f"{prefix}{key} must be {expected[kind]}, got {value!r}")
    return value


def _ints_of(values: list[Any], where: str) -> list[int]:
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise RecordError(f"{where} must hold integers, got {v!r}")
    return values


def _numbers_of(values: list[Any], where: str) -> list[float]:
    for v in values:
        if not isinstance(v, int | float) or isinstance(v, bool):
            raise RecordError(f"{where} must hold numbers, got {v!r}")
    return values


# ---- replaying -------------------------------------------------------------------------------


def replay(
    record: Record,
    *,
    rules: Any = None,
    upto: int | None = None,
    check_rules: bool = True,
) -> Any:
    """Play a record's actions again from its setup, checking each; return the last state.

    Args:
        record: the record.
        rules: the ruleset to play by; the bundled one of the record's game by default.
        upto: stop after this many actions (the state before move ``upto + 1``); the recorded
            result is checked only when every action is replayed.
        check_rules: refuse to replay a record made with another ruleset (by content hash).
            Pass False to try anyway, e.g. after a table correction that should not matter;
            every action is still checked.

    Raises:
        ReplayError: at the first action that does not parse or is illegal, with its move
            number and reasons; or when the recorded result is not what the game gives.
        RecordError: for an unknown game, a setup the game does not have, or another
            ruleset's record.
    """
    state = record.start(rules, check_rules=check_rules)
    count = len(record.actions) if upto is None else max(0, min(upto, len(record.actions)))
    for move, text in enumerate(record.actions[:count], start=1):
        try:
            state = api.apply(state, text)
        except ActionSyntaxError as exc:
            raise ReplayError(move, text, [Reason("bad_notation", str(exc))], state) from exc
        except IllegalAction as exc:
            raise ReplayError(move, text, exc.reasons, state) from exc
    if upto is None and record.scores is not None:
        _check_result(record, state)
    return state


def _check_result(record: Record, state: Any) -> None:
    move = len(record.actions) + 1
    if not api.is_terminal(state):
        raise ReplayError(
            move,
            None,
            [Reason("game_not_over", "the record has a result but its game is not over")],
            state,
        )
    reached = record.with_result(state)
    if reached.scores != record.scores or (
        record.winners is not None and reached.winners != record.winners
    ):
        raise ReplayError(
            move,
            None,
            [
                Reason(
                    "result_differs",
                    f"the record says scores {list(record.scores or ())}, winners "
                    f"{list(record.winners or ())}; the replay gives scores "
                    f"{list(reached.scores or ())}, winners {list(reached.winners or ())}",
                )
            ],
            state,
        )
