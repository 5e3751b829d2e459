"""A conformance suite: random games of any registered game, played through every door.

Its models are OpenSpiel's ``random_sim_test``, which plays random games of any ``pyspiel.Game``
and checks cloning and serialization along the way, and TAG's forward-model tester. Given a
registered game's name, a player count and setup options,
[`run_conformance`][sankore_rules.testing.run_conformance] plays a few random games (each bounded
by a number of decisions; a game that needs a bound to end, Sankoré's ``turn_limit``, gets it
from its options) and hands each one to the check of every door:

- ``api``: the public functions (listing, applying, explaining, refusing, notation, seats, the
  end, returns);
- ``json``: ``from_json(to_json(state))`` is the state, with the same future;
- ``records``: a record of the game replays to its last state;
- ``observation``: each seat's observation is JSON, names the game and the viewer, and does not
  change when the game's sampler redraws what that seat cannot see;
- ``drawing``: the text and SVG drawings;
- ``clickable``: the picture of the seat to decide carries exactly its legal actions
  (``data-actions``), every other viewer's none;
- ``bots``: the random, greedy and search bots choose legal actions;
- ``determinize``: states drawn from an observation are sound and show the same;
- ``information``: each seat's information state holds its observations in order; a state drawn
  for a seat from it shows that seat the same observation, seat text and information state;
  two actions that show a seat different things give it different information states (perfect
  recall);
- ``chance``: a game played with ``chance="explicit"`` stops at each chance step, whose
  outcomes' probabilities sum to 1, each of them listed as legal and applying;
- ``ai``: action indices, the legal mask and the observation tensor, which does not change
  when the game's sampler redraws what that seat cannot see (needs numpy);
- ``pettingzoo``, ``openspiel``: the learning environments pass their own libraries' tests;
- ``cli``: the command line's state-file commands (``new``, ``legal``, ``explain``, ``apply``,
  ``show``) read and write the game's state files and agree with the API.

A door that mishandles the game fails with a
[`ConformanceError`][sankore_rules.testing.ConformanceError] (an ``AssertionError``) whose message
starts with the door's name in brackets and says where, and, where two values should be equal,
the first place they differ: ``[json] from_json(to_json(state)) != state (first difference:
events: [Event(kind='take', ...)] != []) after 12 actions (sankore, 3 players, seed 0)``. An
error the door raises itself is turned into one the same way. A door whose libraries are not
installed fails too, saying so: leave it out of ``doors`` to run the others. A game that is not
registered is refused before any door, with a ``ValueError`` saying so.

This module names no game, like the doors it checks: the suite is the proof that a game needs
no door changed. Each check imports its door when it runs, so that checking the API needs
neither numpy nor OpenSpiel.

Examples:
    >>> plays = run_conformance("sankore", 2, {"turn_limit": 1}, games=1, doors=("api", "json"))
    >>> plays[0].players, len(plays[0].states) == len(plays[0].actions) + 1
    (2, True)
"""

from __future__ import annotations

import io
import json
import math
import random
import tempfile
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import attrs
from attrs import field, frozen

from sankore_rules import api
from sankore_rules.core.actions import Action
from sankore_rules.core.errors import ActionSyntaxError, IllegalAction

__all__ = [
    "DOORS",
    "ConformanceError",
    "Playthrough",
    "check_ai",
    "check_api",
    "check_bots",
    "check_chance",
    "check_cli",
    "check_clickable",
    "check_determinize",
    "check_drawing",
    "check_information",
    "check_json",
    "check_observation",
    "check_openspiel",
    "check_pettingzoo",
    "check_records",
    "first_difference",
    "play_random",
    "run_conformance",
]

#: The most decisions a random game plays by default before the suite stops it.
MAX_DECISIONS = 400
#: How many states of a game the costlier checks (drawing, bots, sampling) look at.
SAMPLED_STATES = 4
#: The search bot's budget: enough to build a tree, small enough for a test.
MCTS_ITERATIONS = 8
#: The decisions played in the PettingZoo test, per agent.
PETTINGZOO_CYCLES = 8
#: Words no table of any game uses, for actions that must be refused.
NONSENSE = "zzz"
#: Two returns that should sum to zero may differ from it by rounding this much.
TOLERANCE = 1e-9
#: How much of each of two differing values a failure shows.
SHOWN_CHARS = 80


class ConformanceError(AssertionError):
    """A door mishandled a game; the message starts with the door's name in brackets.

    Attributes:
        door: the door's name (``json``, ``records`` ...), one of
            [`DOORS`][sankore_rules.testing.DOORS].
        problem: what went wrong, and where.
    """

    def __init__(self, door: str, problem: str) -> None:
        self.door = door
        self.problem = problem
        super().__init__(f"[{door}] {problem}")


@frozen
class Playthrough:
    """One random game: its setup, its actions and every state it passed through.

    Attributes:
        game: the game's registered name.
        players: the player count it was set up with.
        options: the setup options it was set up with.
        seed: the seed of its setup and of the random choices of its actions.
        actions: the actions taken, in order.
        states: the state before each action, then the last state (one more than ``actions``).
    """

    game: str
    players: int
    options: Mapping[str, Any] = field(converter=dict)
    seed: int
    actions: tuple[Action, ...]
    states: tuple[Any, ...]

    @property
    def final(self) -> Any:
        """The last state reached: the end of the game, or where the bound stopped it."""
        return self.states[-1]

    def where(self) -> str:
        """The game, the player count and the seed, as an error message names them."""
        return f"{self.game}, {self.players} players, seed {self.seed}"


class _Door:
    """One door under check: words its failures, naming the door, the step and the game."""

    def __init__(self, name: str, play: Playthrough) -> None:
        self.name = name
        self.play = play
        #: How many actions of the game led to the state being checked; None: the whole game.
        self.step: int | None = None

    def where(self) -> str:
        at = "" if self.step is None else f" after {self.step} actions"
        return f"{at} ({self.play.where()})"

    def fail(self, problem: str) -> ConformanceError:
        return ConformanceError(self.name, problem + self.where())

    def require(self, ok: bool, problem: str) -> None:
        if not ok:
            raise self.fail(problem)


def first_difference(a: Any, b: Any) -> str | None:
    """Where ``a`` and ``b`` first differ, with both values there; None when they are equal.

    States and other ``attrs`` objects are compared field by field (the fields that take part
    in their equality, in order), mappings key by key, lists and tuples item by item, so the
    answer names a path: ``events``, ``players[1].coins``, ``state.cards[0]``. Two objects
    whose parts are all equal but which are not (an equality of their own) are named whole.

    Examples:
        >>> first_difference({"pile": 3, "cards": [4, 2]}, {"pile": 3, "cards": [4, 1]})
        'cards[1]: 2 != 1'
        >>> first_difference([1, 2], [1, 2]) is None
        True
    """
    found = _differs_at(a, b, "")
    if found is None:
        return None
    path, left, right = found
    return f"{path or 'the whole value'}: {_short(left)} != {_short(right)}"


def _differs_at(a: Any, b: Any, path: str) -> tuple[str, Any, Any] | None:
    """The path where ``a`` and ``b`` first differ, and their values there."""
    if type(a) is not type(b) and not (
        isinstance(a, Sequence | Mapping) and isinstance(b, Sequence | Mapping)
    ):
        return None if a == b else (path, a, b)
    if attrs.has(type(a)):
        # The fields of the equality first; if they all agree, an equality of the class's
        # own may count another field (an author's ``__eq__``): the first one that differs.
        fields = sorted(attrs.fields(type(a)), key=lambda f: not f.eq)
        for f in fields:
            at = f"{path}.{f.name}" if path else f.name
            found = _differs_at(getattr(a, f.name), getattr(b, f.name), at)
            if found is not None and (f.eq or a != b):
                return found
    elif isinstance(a, Mapping) and isinstance(b, Mapping):
        for key in [*a, *(k for k in b if k not in a)]:
            at = f"{path}.{key}" if path else str(key)
            if key not in a or key not in b:
                return at, a.get(key, "(missing)"), b.get(key, "(missing)")
            found = _differs_at(a[key], b[key], at)
            if found is not None:
                return found
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple):
        names = getattr(type(a), "_fields", None)  # a named tuple's items have names
        for i, (x, y) in enumerate(zip(a, b, strict=False)):
            at = f"{path}[{i}]" if names is None else f"{path}.{names[i]}".lstrip(".")
            found = _differs_at(x, y, at)
            if found is not None:
                return found
        if len(a) != len(b):
            return f"{path} (length {len(a)} != {len(b)})".strip(), a, b
    return None if a == b else (path, a, b)


def _short(value: Any) -> str:
    """``repr(value)``, cut to ``SHOWN_CHARS``."""
    text = repr(value)
    return text if len(text) <= SHOWN_CHARS else text[: SHOWN_CHARS - 3] + "..."


def _unequal(problem: str, a: Any, b: Any) -> str:
    """``problem``, followed by where ``a`` and ``b`` first differ."""
    difference = first_difference(a, b)
    return problem if difference is None else f"{problem} (first difference: {difference})"


def _registered(game: str) -> None:
    """Refuse a game that is not registered: no door can be checked without it.

    Raises:
        ValueError: ``game`` is not registered, saying how to register it.
    """
    try:
        api.find_game(game)
    except ValueError:
        names = ", ".join(g.name for g in api.games())
        raise ValueError(
            f"{game!r} is not a registered game: register it first "
            "(sankore_rules.core.registry.register(GAME), or an entry point of the group "
            f"sankore_rules.games); the registered games are {names}"
        ) from None


@contextmanager
def _door(name: str, play: Playthrough) -> Iterator[_Door]:
    """Check door ``name``; any error it raises becomes a ConformanceError naming it."""
    door = _Door(name, play)
    try:
        yield door
    except ConformanceError:
        raise
    except Exception as exc:  # whatever a door raises is its failure, to be reported as such
        raise door.fail(f"{type(exc).__name__}: {exc}") from exc


def _sampled(play: Playthrough, count: int = SAMPLED_STATES) -> list[int]:
    """The indices of up to ``count`` states spread over the game, the first and last included."""
    last = len(play.states) - 1
    if count <= 1 or last == 0:
        return [0]
    return sorted({round(k * last / (count - 1)) for k in range(count)})


def _undecided(play: Playthrough, count: int = SAMPLED_STATES) -> list[int]:
    """The sampled states still waiting for a decision."""
    return [i for i in _sampled(play, count) if not api.is_terminal(play.states[i])]


# ---- playing -------------------------------------------------------------------------------


def play_random(
    game: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    *,
    seed: int = 0,
    max_decisions: int = MAX_DECISIONS,
) -> Playthrough:
    """Play one game of uniformly random legal actions through the public API.

    It stops at the end of the game or after ``max_decisions`` actions, whichever comes first.

    Raises:
        ConformanceError: ``[api]``, when the API fails to set up or to play the game.
        ValueError: ``game`` is not registered.
    """
    _registered(game)
    setup = dict(options or {})
    stub = Playthrough(game, players, setup, seed, (), ())
    rng = random.Random(seed)
    actions: list[Action] = []
    with _door("api", stub) as door:
        state = api.new_game(players, seed, game=game, **setup)
        states = [state]
        while not api.is_terminal(state) and len(actions) < max_decisions:
            door.step = len(actions)
            legal = api.legal_actions(state)
            door.require(bool(legal), "legal_actions is empty before the end of the game")
            actions.append(rng.choice(legal))
            state = api.apply(state, actions[-1])
            states.append(state)
    return Playthrough(game, players, setup, seed, tuple(actions), tuple(states))


# ---- the doors -----------------------------------------------------------------------------


def check_api(play: Playthrough) -> None:
    """The public functions, at every state of ``play``.

    ``legal_actions`` is empty exactly at the end; the deciding seat is one of the game's
    agents; every listed action is explained with no reason, reads back from its notation and
    applies without changing the state it is applied to, and applying the action the game took
    again gives the state it gave; actions that are not options (garbled words, another
    decision's action, another seat's) are refused with reasons, leaving the state unchanged.
    At the end, the scores are given and the returns sum to zero among several agents.
    """
    with _door("api", play) as door:
        for i, state in enumerate(play.states):
            door.step = i
            game = api.game_of(state)
            before = api.to_json(state)
            legal = api.legal_actions(state)
            terminal = api.is_terminal(state)
            door.require(
                bool(legal) != terminal,
                f"legal_actions lists {len(legal)} actions and is_terminal is {terminal}",
            )
            if terminal:
                _check_end(door, state)
                continue
            agents = game.agents(state)
            player = game.current_player(state)
            door.require(player in agents, f"current_player {player} is not one of {agents}")
            early = api.returns(state)
            door.require(early == [0.0] * len(agents), f"returns {early} before the end")
            for action in legal:
                _check_option(door, state, action)
                door.require(
                    api.to_json(state) == before, f"apply({action}) changed the state it was given"
                )
            if i < len(play.actions):
                again = api.apply(state, play.actions[i])
                door.require(
                    again == play.states[i + 1],
                    _unequal(
                        f"apply({play.actions[i]}) gave another state when applied again",
                        again,
                        play.states[i + 1],
                    ),
                )
            seats = range(game.seats(state))
            for bad, player_given in _not_options(play, i, legal, seats, player):
                _check_refused(door, state, bad, player_given)
                door.require(
                    api.to_json(state) == before, f"refusing {bad} changed the state it was given"
                )


def _check_option(door: _Door, state: Any, action: Action) -> None:
    """A listed action: explained with no reason, its notation read back, applied."""
    reasons = api.explain(state, action)
    door.require(reasons == [], f"explain({action}) of a listed action gives {reasons}")
    door.require(
        api.parse_action(state, str(action)) == action,
        f"parse_action(state, {str(action)!r}) is not {action!r}",
    )
    try:
        api.apply(state, action)
    except IllegalAction as exc:
        raise door.fail(f"the listed action {action} is refused: {exc}") from exc


def _not_options(
    play: Playthrough, i: int, legal: Sequence[Action], seats: Sequence[int], player: int | None
) -> Iterator[tuple[Action, int | None]]:
    """Actions the state at step ``i`` must refuse, with the seat said to take them."""
    yield Action(NONSENSE, ()), None
    yield Action(legal[0].kind, (*legal[0].args, NONSENSE)), None
    listed = set(legal)
    # The action another decision of the same game took, nearest first.
    others = (*play.actions[i + 1 :], *reversed(play.actions[:i]))
    elsewhere = next((a for a in others if a not in listed), None)
    if elsewhere is not None:
        yield elsewhere, None
    wrong = next((p for p in seats if p != player), None)
    if wrong is not None:
        yield legal[0], wrong


def _check_refused(door: _Door, state: Any, action: Action, player: int | None) -> None:
    """``action`` (taken by ``player``) is explained with reasons and refused with them."""
    who = "" if player is None else f" by P{player}"
    reasons = api.explain(state, action, player=player)
    door.require(bool(reasons), f"explain({action}){who} gives no reason, yet it is no option")
    try:
        api.apply(state, action, player=player)
    except IllegalAction as exc:
        door.require(
            exc.reasons == tuple(reasons),
            f"apply({action}){who} is refused with {exc.reasons}, explain gives {reasons}",
        )
    else:
        raise door.fail(f"apply({action}){who} did not raise IllegalAction")


def _check_end(door: _Door, state: Any) -> None:
    """The end: nothing to decide, a score sheet, returns summing to zero."""
    game = api.game_of(state)
    agents = game.agents(state)
    door.require(
        game.current_player(state) is None, "current_player is not None at the end of the game"
    )
    door.require(api.final_scores(state) is not None, "final_scores is None at the end")
    door.require(
        bool(api.explain(state, Action(NONSENSE, ()))), "explain gives no reason after the end"
    )
    try:
        api.parse_action(state, NONSENSE)
    except ActionSyntaxError:
        pass
    else:
        raise door.fail("parse_action reads an action after the end of the game")
    for scheme in ("win_loss", "score"):
        values = api.returns(state, scheme)
        door.require(
            len(values) == len(agents),
            f"returns({scheme!r}) has {len(values)} values for the agents {agents}",
        )
        door.require(
            all(math.isfinite(v) for v in values), f"returns({scheme!r}) {values} not finite"
        )
        if len(agents) > 1:
            door.require(
                abs(sum(values)) <= TOLERANCE, f"returns({scheme!r}) {values} do not sum to 0"
            )


def check_json(play: Playthrough) -> None:
    """``from_json(to_json(state))`` is each state: equal, written alike, with the same future."""
    with _door("json", play) as door:
        for i, state in enumerate(play.states):
            door.step = i
            text = api.to_json(state)
            back = api.from_json(text)
            door.require(back == state, _unequal("from_json(to_json(state)) != state", back, state))
            again = api.to_json(back)
            door.require(
                again == text,
                _unequal("to_json(from_json(text)) != text", json.loads(again), json.loads(text)),
            )
            if i < len(play.actions):
                after = api.apply(back, play.actions[i])
                door.require(
                    after == play.states[i + 1],
                    _unequal(
                        f"the state read back gives another state after {play.actions[i]}",
                        after,
                        play.states[i + 1],
                    ),
                )


def check_records(play: Playthrough) -> None:
    """A record of the game, written, read and replayed, reaches the game's last state."""
    from sankore_rules.interfaces.records import load_record, replay, save_record

    with _door("records", play) as door:
        final = play.final if api.is_terminal(play.final) else None
        text = save_record(
            list(play.actions),
            players=play.players,
            seed=play.seed,
            game=play.game,
            final=final,
            **play.options,
        )
        record = load_record(text)
        door.require(
            tuple(record.actions) == tuple(str(a) for a in play.actions),
            "load_record(save_record(actions)) gives other actions",
        )
        door.step = len(play.actions)
        replayed = replay(record)
        door.require(
            replayed == play.final,
            _unequal("replay(record) != the game's last state", replayed, play.final),
        )


def check_observation(play: Playthrough, *, seed: int = 0) -> None:
    """Each seat's observation is JSON, names the game and the viewer, and hides what it should.

    At a few states, for every seat: the observation survives ``json.dumps``; and a state drawn
    by the game's sampler for that seat (``interfaces.search.sample_state``), whose hidden parts
    are redrawn, shows that seat the same observation, as a second one drawn apart does.
    """
    from sankore_rules.interfaces.search import sample_state

    rng = random.Random(seed)
    with _door("observation", play) as door:
        for i in _sampled(play):
            door.step = i
            state = play.states[i]
            game = api.game_of(state)
            for p in range(game.seats(state)):
                view = api.observation(state, p)
                try:
                    json.dumps(view, allow_nan=False)
                except (TypeError, ValueError) as exc:
                    raise door.fail(f"observation(state, {p}) is not JSON: {exc}") from exc
                door.require(
                    view.get("game") == game.name,
                    f"observation(state, {p}) names the game {view.get('game')!r}",
                )
                door.require(
                    view.get("viewer") == p,
                    f"observation(state, {p}) names the viewer {view.get('viewer')!r}",
                )
                for draw in range(2):
                    seen = api.observation(sample_state(state, p, rng), p)
                    door.require(
                        seen == view,
                        _unequal(
                            f"seat {p} sees another observation of sample {draw} "
                            "(hidden parts redrawn): the observation shows what it hides",
                            seen,
                            view,
                        ),
                    )


def check_drawing(play: Playthrough, *, seed: int = 0) -> None:
    """Text and SVG drawings are made, and a picture for a viewer shows only what it may see.

    ``render_state`` draws a few states as text, ``state_svg`` as SVG that parses. And the
    picture for each seat is the same for a state whose hidden parts the game's sampler
    redrew for that seat, and the spectator's for a state redrawn for every seat in turn (what
    only one seat sees, redrawn too). Not at the end, when the scores are counted in the open
    (the winners may hang on what was hidden), nor for a game without a sampler.
    """
    from sankore_rules.core.game import SPECTATOR, NotSupported
    from sankore_rules.interfaces.render import render_state
    from sankore_rules.interfaces.search import sample_state
    from sankore_rules.interfaces.svg import state_svg

    rng = random.Random(seed)
    with _door("drawing", play) as door:
        for i in _sampled(play):
            door.step = i
            state = play.states[i]
            text = render_state(state)
            door.require(isinstance(text, str) and bool(text.strip()), "render_state is empty")
            picture = state_svg(state)
            try:
                root = ET.fromstring(picture)
            except ET.ParseError as exc:
                raise door.fail(f"state_svg is not XML: {exc}") from exc
            door.require(root.tag.endswith("svg"), f"state_svg's root is <{root.tag}>, not <svg>")
            if api.is_terminal(state):
                continue
            seats = range(api.game_of(state).seats(state))
            redrawn = state
            try:
                for p in seats:
                    door.require(
                        state_svg(state, p) == state_svg(sample_state(state, p, rng), p),
                        f"the picture for seat {p} changes when what it cannot see is "
                        "redrawn: it shows a hidden part",
                    )
                    redrawn = sample_state(redrawn, p, rng)
            except NotSupported:
                continue
            door.require(
                state_svg(state, SPECTATOR) == state_svg(redrawn, SPECTATOR),
                "the spectator's picture changes when what some seat cannot see is redrawn",
            )


def check_clickable(play: Playthrough, *, seed: int = 0) -> None:
    """A clickable picture carries exactly the legal actions, and only for the seat to decide.

    At states spread over the game, the picture ``state_svg(state, seat, clickable=True)`` of
    the seat to decide holds, over all its ``data-actions``, exactly the notations of the
    legal actions, each a JSON array; every other seat's and the spectator's holds none, nor
    does the plain picture; and the deciding seat's is the same for a state whose hidden parts
    the game's sampler redrew for that seat. A game without clickable pictures
    (``NotSupported`` for the seat to decide) is checked for the other viewers only.
    """
    from sankore_rules.core.game import SPECTATOR, NotSupported
    from sankore_rules.interfaces.search import sample_state
    from sankore_rules.interfaces.svg import state_svg

    rng = random.Random(seed)
    with _door("clickable", play) as door:
        for i in _undecided(play, 3 * SAMPLED_STATES):
            door.step = i
            state = play.states[i]
            game = api.game_of(state)
            deciding = game.current_player(state)
            for viewer in (*range(game.seats(state)), SPECTATOR):
                try:
                    picture = state_svg(state, viewer, clickable=True)
                except NotSupported:
                    door.require(viewer == deciding, f"no clickable picture for seat {viewer}")
                    continue
                found = _data_actions(door, picture)
                if viewer != deciding:
                    door.require(not found, f"the picture of seat {viewer} carries actions")
                    continue
                legal = {str(a) for a in api.legal_actions(state)}
                door.require(
                    found == legal,
                    f"the clickable picture's actions are not the legal ones: missing "
                    f"{sorted(legal - found)}, not legal {sorted(found - legal)}",
                )
                plain = _data_actions(door, state_svg(state, viewer))
                door.require(not plain, "the plain picture carries actions")
                try:
                    redrawn = sample_state(state, viewer, rng)
                except NotSupported:
                    continue
                door.require(
                    picture == state_svg(redrawn, viewer, clickable=True),
                    "the clickable picture changes when what its seat cannot see is redrawn",
                )


def _data_actions(door: _Door, picture: str) -> set[str]:
    """The union of every ``data-actions`` of ``picture``, each read as a JSON array."""
    found: set[str] = set()
    for element in ET.fromstring(picture).iter():
        listed = element.get("data-actions")
        if listed is None:
            continue
        actions = json.loads(listed)
        door.require(
            isinstance(actions, list)
            and bool(actions)
            and all(isinstance(a, str) for a in actions),
            f"data-actions is not a JSON array of notations: {listed!r}",
        )
        found.update(actions)
    return found


def check_bots(play: Playthrough, *, seed: int = 0) -> None:
    """The random and greedy bots, and a search bot on a tiny budget, choose legal actions."""
    from sankore_rules.interfaces.bots import GreedyBot, RandomBot
    from sankore_rules.interfaces.search import MctsBot

    with _door("bots", play) as door:
        undecided = _undecided(play)
        for i in undecided:
            door.step = i
            state = play.states[i]
            before = api.to_json(state)
            legal = api.legal_actions(state)
            chosen: list[tuple[str, Action]] = [
                ("RandomBot", RandomBot(seed).choose(state)),
                ("GreedyBot", GreedyBot(seed).choose(state)),
            ]
            if i in undecided[:2]:
                search = MctsBot(seed=seed, iterations=MCTS_ITERATIONS)
                chosen.append(("MctsBot", search.choose(state)))
            for bot, action in chosen:
                door.require(action in legal, f"{bot} chose {action}, which is not legal")
            door.require(api.to_json(state) == before, "a bot changed the state it was given")


def check_determinize(play: Playthrough, *, seed: int = 0) -> None:
    """``Determinizer(observation).sample(rng)`` draws sound states that show the same."""
    from sankore_rules.interfaces.search import Determinizer

    rng = random.Random(seed)
    with _door("determinize", play) as door:
        for i in _sampled(play):
            door.step = i
            state = play.states[i]
            for p in api.game_of(state).agents(state):
                view = api.observation(state, p)
                determinizer = Determinizer(view)
                for draw in range(2):
                    sample = determinizer.sample(rng)
                    door.require(
                        api.from_json(api.to_json(sample)) == sample,
                        f"sample {draw} for seat {p} does not survive from_json(to_json(sample))",
                    )
                    seen = api.observation(sample, p)
                    door.require(
                        seen == view,
                        _unequal(
                            f"sample {draw} for seat {p} shows another observation", seen, view
                        ),
                    )


def check_information(play: Playthrough, *, seed: int = 0) -> None:
    """Each seat's information state holds what it saw, and what is drawn from it agrees.

    At a few states, for every deciding seat: its information state has a step per state of
    the game so far, the last its observation now; a state drawn for it from its information
    state (``Determinizer.of``) has the same information-state string, observation and, when
    the game is not over (the scores are then counted in the open), running score text
    (``score_text(..., final=False)``, which a player asks for during a game: the command
    line's ``play``, the viewer) and seat text, when the game has one.
    And at each of those states still undecided, two different
    options give each seat equal information states exactly when that seat is shown the same
    after both and it did not choose between them itself (perfect recall).
    """
    from sankore_rules.core.game import NotSupported
    from sankore_rules.interfaces.search import Determinizer

    rng = random.Random(seed)
    with _door("information", play) as door:
        for i in _sampled(play):
            door.step = i
            state = play.states[i]
            game, rules = api.game_of(state), api.rules_of(state)
            for p in game.agents(state):
                info = api.information_state(state, p)
                door.require(
                    info.length == i + 1,
                    f"seat {p}'s information state has {info.length} steps, not {i + 1}",
                )
                door.require(
                    info.observation == api.observation(state, p),
                    f"seat {p}'s information state does not end with its observation",
                )
                try:
                    sample = Determinizer.of(state, p).sample(rng)
                except NotSupported:
                    continue
                door.require(
                    api.information_state_string(sample, p) == info.string(),
                    f"a state drawn for seat {p} has another information state",
                )
                seen, view = api.observation(sample, p), api.observation(state, p)
                door.require(
                    seen == view,
                    _unequal(
                        f"a state drawn for seat {p} shows it another observation", seen, view
                    ),
                )
                if api.is_terminal(state):
                    continue  # the scores are counted in the open: the winners may tell
                door.require(
                    game.score_text(rules, sample, final=False)
                    == game.score_text(rules, state, final=False),
                    f"the running score text (score_text, final=False) changes when what seat "
                    f"{p} cannot see is redrawn: it shows a hidden part before the end",
                )
                try:
                    text = game.seat_text(rules, state, p)
                except NotSupported:
                    continue
                door.require(
                    game.seat_text(rules, sample, p) == text,
                    f"seat {p}'s text changes when what it cannot see is redrawn: the seat "
                    "text shows a hidden part",
                )
        for i in _undecided(play):
            door.step = i
            _check_recall(door, play.states[i])


def _check_recall(door: _Door, state: Any) -> None:
    """Two options of ``state``: each seat's information states differ when it saw a difference."""
    legal = api.legal_actions(state)
    if len(legal) < 2:
        return
    game = api.game_of(state)
    actor = game.current_player(state)
    first, second = api.apply(state, legal[0]), api.apply(state, legal[-1])
    for p in range(game.seats(state)):
        same_view = api.observation(first, p) == api.observation(second, p)
        same = api.information_state_string(first, p) == api.information_state_string(second, p)
        expected = same_view and p != actor
        door.require(
            same == expected,
            f"seat {p}'s information states after {legal[0]} and {legal[-1]} are "
            f"{'equal' if same else 'different'}, though it "
            f"{'saw the same' if expected else 'saw or chose a difference'}",
        )


def check_chance(play: Playthrough) -> None:
    """In the explicit mode, each chance step's outcomes sum to 1 and each one applies.

    The game is played again with ``chance="explicit"`` and the same random choices of options;
    at every chance step the outcomes are the legal actions, their probabilities are positive
    and sum to 1, and each applies; one of them, drawn at random, is played. A game without
    chance steps passes at once.
    """
    from sankore_rules.core.chance import CHANCE

    rng = random.Random(play.seed)
    with _door("chance", play) as door:
        state = api.new_game(
            play.players, play.seed, game=play.game, chance="explicit", **play.options
        )
        decisions = 0
        while not api.is_terminal(state) and decisions < len(play.actions):
            door.step = decisions
            outcomes = api.chance_outcomes(state)
            if not outcomes:
                door.require(
                    api.game_of(state).current_player(state) != CHANCE,
                    "the seat CHANCE decides, but chance_outcomes lists nothing",
                )
                state = api.apply(state, rng.choice(api.legal_actions(state)))
                decisions += 1
                continue
            door.require(
                api.game_of(state).current_player(state) == CHANCE,
                "chance_outcomes lists outcomes, but a seat is to decide",
            )
            door.require(
                all(p > 0 for _, p in outcomes)
                and abs(sum(p for _, p in outcomes) - 1.0) < TOLERANCE,
                f"a chance step's probabilities do not sum to 1: {[p for _, p in outcomes]}",
            )
            door.require(
                [a for a, _ in outcomes] == api.legal_actions(state),
                "a chance step's legal actions are not its outcomes",
            )
            for outcome, _ in outcomes:
                api.apply(state, outcome)
            state = api.apply(state, rng.choice([a for a, _ in outcomes]))


def check_ai(play: Playthrough, *, seed: int = 0) -> None:
    """Action indices round-trip, the mask is true exactly at the legal actions, tensors fit.

    And each seat's observation tensor is the same for a state whose hidden parts the game's
    sampler redrew for that seat (``interfaces.search.sample_state``), as its observation is.

    Raises:
        ConformanceError: ``[ai]`` also when numpy is not installed: the door cannot be
            checked, which is not a pass.
    """
    with _door("ai", play) as door:
        try:
            import numpy as np
        except ImportError as exc:
            raise door.fail("numpy is not installed: add the ai extra, or leave 'ai' out") from exc
        from sankore_rules.core.game import NotSupported
        from sankore_rules.interfaces.ai import (
            action_to_index,
            index_to_action,
            legal_mask,
            num_distinct_actions,
            observation_tensor,
            tensor_layout,
        )
        from sankore_rules.interfaces.search import sample_state

        rng = random.Random(seed)
        for i, state in enumerate(play.states):
            door.step = i
            rules = api.rules_of(state)
            size = num_distinct_actions(rules)
            indices = set()
            for action in api.legal_actions(state):
                index = action_to_index(rules, action)
                door.require(0 <= index < size, f"{action} has index {index}, not in 0..{size - 1}")
                back = index_to_action(rules, index)
                door.require(back == action, f"{action} -> {index} -> {back}")
                indices.add(index)
            mask = legal_mask(state)
            door.require(len(mask) == size, f"legal_mask has {len(mask)} entries, not {size}")
            found = {int(k) for k in np.flatnonzero(mask)}
            door.require(
                found == indices, f"legal_mask is true at {sorted(found)}, not {sorted(indices)}"
            )
            if i not in _sampled(play):
                continue
            length = tensor_layout(rules).size
            for p in api.game_of(state).agents(state):
                tensor = observation_tensor(state, p)
                door.require(
                    tensor.shape == (length,),
                    f"observation_tensor(state, {p}) has shape {tensor.shape}, not ({length},)",
                )
                door.require(
                    bool(np.all((tensor >= 0.0) & (tensor <= 1.0))),
                    f"observation_tensor(state, {p}) has values outside [0, 1]",
                )
                try:
                    sample = sample_state(state, p, rng)
                except NotSupported:
                    continue  # a game without a sampler
                redrawn = observation_tensor(sample, p)
                door.require(
                    bool(np.array_equal(redrawn, tensor)),
                    f"observation_tensor(state, {p}) changes at "
                    f"{[int(k) for k in np.flatnonzero(redrawn != tensor)][:8]} when what seat "
                    f"{p} cannot see is redrawn: the tensor shows a hidden part",
                )


def check_pettingzoo(play: Playthrough, *, cycles: int = PETTINGZOO_CYCLES) -> None:
    """PettingZoo's own ``api_test`` passes on the game's environment, set up as ``play`` was."""
    with _door("pettingzoo", play):
        from pettingzoo.test import api_test

        from sankore_rules.interfaces.ai.pettingzoo_env import env

        environment = env(game=play.game, players=play.players, options=dict(play.options))
        api_test(environment, num_cycles=cycles)


def check_openspiel(play: Playthrough) -> None:
    """OpenSpiel's own ``random_sim_test`` passes on the game, set up as ``play`` was."""
    with _door("openspiel", play):
        import pyspiel

        from sankore_rules.interfaces.ai import openspiel_game

        loaded = openspiel_game.load(play.game, play.players, play.options)
        pyspiel.random_sim_test(loaded, num_sims=1, serialize=False, verbose=False)


def check_cli(play: Playthrough) -> None:
    """The command line's state-file commands, run in a temporary folder, agree with the API.

    ``new`` with the game, the player count, the seed and the options (as their flags) writes
    the state ``new_game`` sets up. At a few undecided states, written as state files
    (``to_json``): ``legal --json`` lists the legal actions; ``explain --json`` finds the action
    the game took legal and nonsense refused, with reasons; ``apply -o`` writes the state
    ``apply`` gives, while an illegal action exits with status 1 and leaves the file as it was;
    ``show`` prints the text view and ``show --json`` the state file's state; ``show --player``
    prints each seat's text, for a game that has one. The commands are run through
    ``sankore_rules.interfaces.cli.main``, in this process.
    """
    from sankore_rules.core.game import NotSupported
    from sankore_rules.interfaces.cli import main

    with _door("cli", play) as door, tempfile.TemporaryDirectory() as folder:

        def run(*argv: str, status: int = 0) -> str:
            return _run_cli(main, door, folder, argv, status)

        game = api.game_of(play.states[0])
        path, written = str(Path(folder, "state.json")), str(Path(folder, "next.json"))
        flags = [
            word
            for name, value in play.options.items()
            for word in ("--" + name.replace("_", "-"), "none" if value is None else str(value))
        ]
        door.step = 0
        setup = ["--game", game.name, "--players", str(play.players), "--seed", str(play.seed)]
        run("new", *setup, *flags, "-o", path)
        made, wanted = json.loads(Path(path).read_text()), json.loads(api.to_json(play.states[0]))
        door.require(
            made == wanted, _unequal("`new` writes another state than new_game", made, wanted)
        )
        for i in _undecided(play):
            door.step = i
            state = play.states[i]
            Path(path).write_text(api.to_json(state), encoding="utf-8")
            legal = [str(a) for a in api.legal_actions(state)]
            listed = json.loads(run("legal", "--json", path))["actions"]
            door.require(listed == legal, _unequal("`legal --json` lists", listed, legal))
            action = str(play.actions[i]) if i < len(play.actions) else legal[0]
            said = json.loads(run("explain", "--json", path, "--", *action.split(" ")))
            door.require(said["legal"] is True, f"`explain` refuses {action}: {said['reasons']}")
            said = json.loads(run("explain", "--json", path, NONSENSE, status=1))
            door.require(bool(said["reasons"]), f"`explain {NONSENSE}` gives no reason")
            run("apply", path, "-o", written, "--", *action.split(" "))
            after, wanted_after = api.from_json(Path(written).read_text()), api.apply(state, action)
            door.require(
                after == wanted_after,
                _unequal(f"`apply {action}` writes another state", after, wanted_after),
            )
            before = Path(path).read_text()
            run("apply", path, NONSENSE, status=1)
            door.require(Path(path).read_text() == before, "an illegal `apply` changed the file")
            door.require(bool(run("show", path).strip()), "`show` prints nothing")
            shown = json.loads(run("show", "--json", path))["state"]
            door.require(
                shown == json.loads(before),
                _unequal("`show --json` shows another state", shown, json.loads(before)),
            )
            for seat in game.agents(state):
                try:
                    game.seat_text(api.rules_of(state), state, seat)
                except NotSupported:
                    break
                printed = run("show", "--player", str(seat), path)
                door.require(bool(printed.strip()), f"`show --player {seat}` prints nothing")


def _run_cli(
    main: Callable[[list[str]], int], door: _Door, folder: str, argv: Sequence[str], status: int
) -> str:
    """What ``sankore-rules argv`` prints; it must exit with ``status``.

    A failure names the files of ``folder`` (the temporary one) by their names alone.
    """
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse's refusal of the arguments
            code = exc.code if isinstance(exc.code, int) else 2
    said = (err.getvalue().strip() or out.getvalue().strip()).replace(folder + "/", "")
    command = " ".join(Path(a).name if a.startswith(folder) else a for a in argv)
    door.require(code == status, f"`{command}` exits with {code}, not {status}: {said[:300]}")
    return out.getvalue()


#: Every door, in the order ``run_conformance`` checks them, with its check.
_CHECKS: dict[str, Callable[[Playthrough], None]] = {
    "api": check_api,
    "json": check_json,
    "records": check_records,
    "observation": check_observation,
    "drawing": check_drawing,
    "clickable": check_clickable,
    "bots": check_bots,
    "determinize": check_determinize,
    "information": check_information,
    "chance": check_chance,
    "ai": check_ai,
    "pettingzoo": check_pettingzoo,
    "openspiel": check_openspiel,
    "cli": check_cli,
}
#: The names of the doors the suite checks, in order.
DOORS: tuple[str, ...] = tuple(_CHECKS)


def run_conformance(
    game: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    games: int = 2,
    seed: int = 0,
    max_decisions: int = MAX_DECISIONS,
    doors: Sequence[str] = DOORS,
) -> list[Playthrough]:
    """Play ``games`` random games of ``game`` and check each through every door of ``doors``.

    Args:
        game: a registered game's name.
        players: the player count.
        options: the game's setup options (a bound such as ``turn_limit`` when a random game
            would otherwise run long).
        games: how many games, seeded ``seed``, ``seed + 1`` ...
        seed: the first game's seed.
        max_decisions: the most actions a game is played for.
        doors: the doors to check, names of [`DOORS`][sankore_rules.testing.DOORS].

    Returns:
        The games played, for a caller to look at.

    Raises:
        ConformanceError: the first door that fails, named at the start of the message.
        ValueError: a door the suite does not know.
    """
    unknown = [d for d in doors if d not in _CHECKS]
    if unknown:
        raise ValueError(f"no door {', '.join(unknown)}: the doors are {', '.join(DOORS)}")
    plays = [
        play_random(game, players, options, seed=seed + k, max_decisions=max_decisions)
        for k in range(games)
    ]
    for play in plays:
        for door in DOORS:
            if door in doors:
                _CHECKS[door](play)
    return plays
