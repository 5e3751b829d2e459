"""Game records: the setup, the seed and the actions in notation, as a small JSON document.

A record is to a game what PGN is to a chess game. Draws and shuffles come from the seeded
generator kept in the state, so the setup options, the seed and the list of actions reproduce a
game exactly; [`replay`][sankore_rules.replay] plays them again, checking every action on the way.

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

``ruleset``, ``tags`` and ``result`` are optional, and so is the setup's ``turn_limit`` (the
variant of [`new_game`][sankore_rules.new_game] that bounds a game's length; absent when off). A
solo game's setup says ``"players": 1`` and the Scholar's difficulty, ``"scholar": "hard"``; its
result has two scores, yours and the Scholar's.
When ``result`` is present, [`replay`][sankore_rules.replay] also checks that the game ends there
with those scores.

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
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.state import State

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

_SETUP_KEYS = ("game", "players", "seed", "library", "turn_limit", "scholar")
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
        self,
        move: int,
        action: str | None,
        reasons: Iterable[Reason],
        state: State | FiveTribesState,
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


def _optional_ints(values: Iterable[int] | None) -> tuple[int, ...] | None:
    return None if values is None else tuple(values)


@frozen
class Record:
    """A game as its setup options, its seed and its actions in notation.

    Attributes:
        players: the player count given to [`new_game`][sankore_rules.new_game].
        seed: the seed given to [`new_game`][sankore_rules.new_game].
        library: the Library side.
        turn_limit: the turn limit variant, or None for the game as the rulebook has it.
        scholar: the Scholar's difficulty in a solo game (``players`` 1), else None.
        actions: every action of the game in order, in notation (``Action`` objects given here
            are turned into their notation).
        scores: the final totals per player (yours and the Scholar's in a solo game) when the
            game was finished, else None.
        winners: the winners when the game was finished, else None.
        rules_name: the name of the ruleset the game was played by, when known.
        rules_hash: that ruleset's content hash; [`replay`][sankore_rules.replay] refuses another
            ruleset.
        tags: free text about the game (who played, which bots, when), like PGN's tags.
        game: ``"sankore"`` or ``"five_tribes"``; the record's setup names a Five Tribes game
            (``"game": "five_tribes"``) and leaves it out for Sankoré, as records always did.

    Examples:
        >>> Record(players=2, seed=1, actions=["end"]).actions
        ('end',)
    """

    players: int
    seed: int
    library: str = "three_shelf"
    turn_limit: int | None = None
    scholar: str | None = None
    actions: tuple[str, ...] = field(default=(), converter=_notations)
    scores: tuple[int, ...] | None = field(default=None, converter=_optional_ints)
    winners: tuple[int, ...] | None = field(default=None, converter=_optional_ints)
    rules_name: str | None = None
    rules_hash: str | None = None
    tags: Mapping[str, str] = field(factory=dict, hash=False)
    game: str = "sankore"

    def start(
        self, rules: Rules | FiveTribesRules | None = None, *, check_rules: bool = True
    ) -> State | FiveTribesState:
        """The state the game starts from: [`new_game`][sankore_rules.new_game] with this setup.

        Args:
            rules: the ruleset to play by; the bundled one by default.
            check_rules: refuse a ruleset other than the one the record names.

        Raises:
            RecordError: for a setup the game does not have (player count, Library side), or a
                ruleset other than the one the record was made with.
        """
        if self.game not in api.GAMES:
            raise RecordError(f"unknown game {self.game!r}: one of {', '.join(api.GAMES)}")
        ruleset: Rules | FiveTribesRules
        if rules is not None:
            ruleset = rules
        else:
            ruleset = (
                api.load_rules(game="five_tribes") if self.game != "sankore" else api.load_rules()
            )
        if isinstance(ruleset, FiveTribesRules) != (self.game == "five_tribes"):
            raise RecordError(f"a {self.game} record cannot be played by that ruleset")
        recorded = self.rules_hash
        if check_rules and recorded is not None and recorded != ruleset.content_hash:
            raise RecordError(
                f"this record was made with ruleset {self.rules_name!r} ({self.rules_hash}), "
                f"not with {ruleset.name!r} ({ruleset.content_hash}): load that ruleset first"
            )
        try:
            if isinstance(ruleset, FiveTribesRules):
                if (self.library, self.turn_limit, self.scholar) != ("three_shelf", None, None):
                    raise RecordError("library, turn_limit and scholar are Sankoré's options")
                return api.new_game(
                    players=self.players, seed=self.seed, game="five_tribes", rules=ruleset
                )
            return api.new_game(
                players=self.players,
                seed=self.seed,
                library=self.library,
                rules=ruleset,
                turn_limit=self.turn_limit,
                scholar=self.scholar,
            )
        except (ValueError, KeyError) as exc:
            raise RecordError(f"unusable setup: {exc}") from exc

    def with_result(self, state: State | FiveTribesState) -> Record:
        """This record with the final scores of ``state`` (a finished game) filled in."""
        if not api.is_terminal(state):
            raise ValueError("the game is not over: there is no result to record")
        scores = api.final_scores(state)
        return evolve(
            self,
            scores=tuple(p.total for p in scores.players),
            winners=scores.winners,
            rules_name=state.rules_name,
            rules_hash=state.rules_hash,
        )


# ---- writing and reading ---------------------------------------------------------------------


def save_record(
    record: Record | Iterable[Action | str],
    *,
    players: int | None = None,
    seed: int | None = None,
    library: str = "three_shelf",
    turn_limit: int | None = None,
    scholar: str | None = None,
    final: State | FiveTribesState | None = None,
    game: str = "sankore",
    tags: Mapping[str, str] | None = None,
) -> str:
    """A record as JSON text, one action a line, for [`load_record`][sankore_rules.load_record].

    Args:
        record: a [`Record`][sankore_rules.Record], or the game's actions (then ``players`` and
            ``seed`` are required and describe the setup).
        players: the player count, when ``record`` is a list of actions.
        seed: the seed, when ``record`` is a list of actions.
        library: the Library side, when ``record`` is a list of actions.
        turn_limit: the turn limit variant, when ``record`` is a list of actions.
        scholar: the Scholar's difficulty of a solo game, when ``record`` is a list of actions.
        final: the finished game's last state, to record its result and ruleset.
        game: the game, when ``record`` is a list of actions (``"five_tribes"`` or Sankoré).
        tags: free text about the game, added to the record's own tags.

    Raises:
        TypeError: a list of actions without ``players`` or ``seed``, or setup keywords along
            with a [`Record`][sankore_rules.Record].
        ActionSyntaxError: an action whose notation cannot be read.
    """
    if isinstance(record, Record):
        keywords = (players, seed, turn_limit, scholar)
        if any(k is not None for k in keywords) or (library, game) != ("three_shelf", "sankore"):
            raise TypeError("give the setup either in the Record or as keywords, not both")
        rec = record
    else:
        if players is None or seed is None:
            raise TypeError("save_record needs players= and seed= along with a list of actions")
        rec = Record(
            players=players,
            seed=seed,
            library=library,
            turn_limit=turn_limit,
            scholar=scholar,
            actions=record,
            game=game,
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
    document["setup"] = {"players": rec.players, "seed": rec.seed, "library": rec.library}
    if rec.game != "sankore":
        document["setup"] = {"game": rec.game, **document["setup"]}
    if rec.turn_limit is not None:
        document["setup"]["turn_limit"] = rec.turn_limit
    if rec.scholar is not None:
        document["setup"]["scholar"] = rec.scholar
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

    Only the document is checked here (types, fields, notation); whether the actions are legal
    is [`replay`][sankore_rules.replay]'s business.

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
    extra = sorted(set(setup) - set(_SETUP_KEYS))
    if extra:
        raise RecordError(f"unknown setup option {extra[0]!r}")
    players = _field(setup, "players", int, "setup.")
    seed = _field(setup, "seed", int, "setup.")
    library = _field(setup, "library", str, "setup.") if "library" in setup else "three_shelf"
    turn_limit = _field(setup, "turn_limit", int, "setup.") if "turn_limit" in setup else None
    scholar = _field(setup, "scholar", str, "setup.") if "scholar" in setup else None
    game = _field(setup, "game", str, "setup.") if "game" in setup else "sankore"
    if game not in api.GAMES:
        raise RecordError(f"setup.game must be one of {', '.join(api.GAMES)}, got {game!r}")
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
        scores = _int_list(_field(result, "scores", list, "result."), "result.scores")
        winners = _int_list(_field(result, "winners", list, "result."), "result.winners")
        seats = 2 if players == 1 else players  # a solo game scores you and the Scholar
        if len(scores) != seats:
            raise RecordError(f"result.scores has {len(scores)} entries for {seats} score sheets")
    return Record(
        players=players,
        seed=seed,
        library=library,
        turn_limit=turn_limit,
        scholar=scholar,
        actions=actions,
        scores=scores,
        winners=winners,
        rules_name=rules_name,
        rules_hash=rules_hash,
        tags=tags,
        game=game,
    )


def _field(data: dict[str, Any], key: str, kind: type, prefix: str = "") -> Any:
    if key not in data:
        raise RecordError(f"missing field {prefix}{key}")
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        expected = {dict: "an object", list: "a list", int: "an integer", str: "a string"}
        raise RecordError(f"{prefix}{key} must be {expected[kind]}, got {value!r}")
    return value


def _int_list(values: list[Any], where: str) -> list[int]:
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool):
            raise RecordError(f"{where} must hold integers, got {v!r}")
    return values


# ---- replaying -------------------------------------------------------------------------------


def replay(
    record: Record,
    *,
    rules: Rules | FiveTribesRules | None = None,
    upto: int | None = None,
    check_rules: bool = True,
) -> State | FiveTribesState:
    """Play a record's actions again from its setup, checking each; return the last state.

    Args:
        record: the record.
        rules: the ruleset to play by; the bundled one by default.
        upto: stop after this many actions (the state before move ``upto + 1``); the recorded
            result is checked only when every action is replayed.
        check_rules: refuse to replay a record made with another ruleset (by content hash).
            Pass False to try anyway, e.g. after a table correction that should not matter;
            every action is still checked.

    Raises:
        ReplayError: at the first action that does not parse or is illegal, with its move
            number and reasons; or when the recorded result is not what the game gives.
        RecordError: for a setup the game does not have, or another ruleset's record.
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


def _check_result(record: Record, state: State | FiveTribesState) -> None:
    move = len(record.actions) + 1
    if not api.is_terminal(state):
        raise ReplayError(
            move,
            None,
            [Reason("game_not_over", "the record has a result but its game is not over")],
            state,
        )
    scores = api.final_scores(state)
    totals = tuple(p.total for p in scores.players)
    if totals != record.scores or (record.winners is not None and scores.winners != record.winners):
        raise ReplayError(
            move,
            None,
            [
                Reason(
                    "result_differs",
                    f"the record says scores {list(record.scores or ())}, winners "
                    f"{list(record.winners or ())}; the replay gives scores {list(totals)}, "
                    f"winners {list(scores.winners)}",
                )
            ],
            state,
        )
