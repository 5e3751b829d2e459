"""Shared hypothesis strategies and random-play helpers for the property tests.

A game is drawn as a :class:`Setup` (player count, seed, Library side) and a ``choice_seed``
that picks each decision's action at random, so a falsifying example printed by hypothesis is
replayed exactly by :func:`play`. Fuzzed actions are built from a state's own listed actions
(kinds and arguments swapped, words added or dropped) and from a vocabulary of every id the
bundled tables know, so that most of them are near misses rather than noise.

It also holds the helpers that copy the bundled rule tables into a folder and edit one table
there (read with ``tomllib``, written back as TOML), for the tests of ``load_rules(path)``.
"""

from __future__ import annotations

import copy
import json
import os
import random
import shutil
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

import sankore_rules as sr
from positions import RULES
from sankore_rules.sankore.state import State

PLAYER_COUNTS = (2, 3, 4)
LIBRARY_SIDES = ("three_shelf", "six_shelf")
#: The Scholar's difficulties of a solo game (players=1).
SOLO_DIFFICULTIES = ("easy", "medium", "hard", "very_hard")
#: No random game of the bundled rules comes near this many decisions (about 300-400 is usual).
MAX_DECISIONS = 6000

#: Every action kind a decision takes (the brief's decision model), plus a few made up.
ACTION_KINDS = (
    "draft",
    "class",
    "order",
    "enrol",
    "establish",
    "teach",
    "graduate",
    "favour",
    "transfer",
    "promote",
    "write",
    "end",
    "library",
    "student",
    "promote_to",
    "retire",
    "camel",
    "mosque",
    "wall",
    "crown",
    "skip",
    "flip",
    "madrasa",
    "skill",
    "resource",
    "book",
    "prestige",
    "section",
    "reward",
    "sankore",
    "return",
    "complete",
    "objective",
    "frobnicate",
    "castle",
)


def _vocabulary() -> tuple[str, ...]:
    words: set[str] = set(RULES.disciplines)
    words.update(RULES.area_spaces, RULES.class_spaces, RULES.student_spaces)
    words.update(RULES.class_tiles, RULES.astro_nodes, RULES.sankore_tiles)
    words.update(RULES.graduation_tiles, RULES.theology_spaces, RULES.law_spaces)
    words.update(f"{n}:{i}" for n in RULES.astro_nodes for i in range(4))
    words.update(f"r{r}c{c}" for r in range(-1, 6) for c in range(-1, 6))
    words.update(str(n) for n in range(-2, 30))
    words.update(("gold", "salt", "inspiration", "camel", "timbuktu", "take", "return"))
    words.update(("bonus", "keep", "board", "graduation", "discard", "any", "none", "x"))
    words.update(("999999999999", "1.5", "-0", "+3", "a,b", "astronomy,theology"))
    words.update((",".join(RULES.disciplines), ",".join(reversed(RULES.disciplines))))
    return tuple(sorted(words))


#: Argument words an action might use, real and made up; none is empty or needs quoting.
VOCABULARY = _vocabulary()


@dataclass(frozen=True)
class Setup:
    """The options of ``sr.new_game`` a random game starts from (``scholar`` for players=1)."""

    players: int
    seed: int
    library: str
    turn_limit: int | None = None
    scholar: str | None = None

    def new_game(self, rules: sr.Rules | None = None) -> State:
        """The game these options set up."""
        return sr.new_game(
            players=self.players,
            seed=self.seed,
            library=self.library,
            rules=rules,
            turn_limit=self.turn_limit,
            scholar=self.scholar,
        )


@dataclass
class Playthrough:
    """A random game (or the start of one): its setup, the actions taken, where it got to."""

    setup: Setup
    choice_seed: int
    actions: list[str] = field(default_factory=list)
    final: State | None = None


#: Turn limits of random games. Random players reach a deadlock or a full Madrasa in most games,
#: but a random walk can wander for hundreds of turns first (ENGINE-1 only ends true
#: deadlocks), so property tests bound their games with the turn-limit variant; 100 turns lets
#: most games end by the rulebook's own trigger.
TURN_LIMITS = (12, 40, 100)


def setups(seeds: st.SearchStrategy[int] | None = None) -> st.SearchStrategy[Setup]:
    """Seeded setups for 2, 3 and 4 players on both Library sides, with a turn limit, and
    solo games against the Scholar of each difficulty (on the 3-shelf side, SOLO-SET-10)."""
    seed = seeds if seeds is not None else st.integers(0, 2**31 - 1)
    players = st.builds(
        Setup,
        players=st.sampled_from(PLAYER_COUNTS),
        seed=seed,
        library=st.sampled_from(LIBRARY_SIDES),
        turn_limit=st.sampled_from(TURN_LIMITS),
    )
    alone = st.builds(
        Setup,
        players=st.just(1),
        seed=seed,
        library=st.just("three_shelf"),
        turn_limit=st.sampled_from((*TURN_LIMITS, None)),
        scholar=st.sampled_from(SOLO_DIFFICULTIES),
    )
    return st.one_of(players, players, players, alone)


def choice_seeds() -> st.SearchStrategy[int]:
    """Seeds of the generator that picks each decision's action."""
    return st.integers(0, 2**32 - 1)


StepCheck = Callable[[State, list[sr.Action]], None]


def play(
    setup: Setup,
    choice_seed: int,
    max_decisions: int = MAX_DECISIONS,
    on_step: StepCheck | None = None,
) -> Playthrough:
    """Play random legal actions from ``setup`` until the game ends or ``max_decisions``.

    ``on_step(state, legal)`` runs before each decision, with the state's legal actions.
    Actions are recorded in notation, so the list replays through ``sr.apply``.
    """
    rng = random.Random(choice_seed)
    record = Playthrough(setup, choice_seed)
    state = setup.new_game()
    while not sr.is_terminal(state) and len(record.actions) < max_decisions:
        legal = sr.legal_actions(state)
        if on_step is not None:
            on_step(state, legal)
        action = rng.choice(legal)
        record.actions.append(str(action))
        state = sr.apply(state, action)
    record.final = state
    return record


@st.composite
def playthroughs(draw: st.DrawFn, max_decisions: int = 400) -> Playthrough:
    """A random game stopped after a random number of decisions (or at its end)."""
    setup = draw(setups())
    choice_seed = draw(choice_seeds())
    steps = draw(st.integers(0, max_decisions))
    return play(setup, choice_seed, max_decisions=steps)


def _mutations(action: sr.Action) -> st.SearchStrategy[sr.Action]:
    words = st.sampled_from(VOCABULARY)
    kinds = st.sampled_from(ACTION_KINDS)
    args = action.args
    options: list[st.SearchStrategy[sr.Action]] = [
        st.just(action),
        kinds.map(lambda k: sr.Action(k, args)),
        words.map(lambda w: sr.Action(action.kind, (*args, w))),
        st.just(sr.Action(action.kind, args[:-1])),
        st.just(sr.Action(action.kind, tuple(reversed(args)))),
    ]
    if args:
        options.append(
            st.tuples(st.integers(0, len(args) - 1), words).map(
                lambda iw: sr.Action(action.kind, (*args[: iw[0]], iw[1], *args[iw[0] + 1 :]))
            )
        )
    return st.one_of(options)


def fuzzed_actions(state: State) -> st.SearchStrategy[sr.Action]:
    """Actions for ``state``'s decision: listed ones, near misses of them, and made-up ones."""
    made_up = st.builds(
        sr.Action,
        st.sampled_from(ACTION_KINDS),
        st.lists(st.sampled_from(VOCABULARY), max_size=3).map(tuple),
    )
    legal = sr.legal_actions(state)
    if not legal:
        return made_up
    return st.one_of(st.sampled_from(legal).flatmap(_mutations), made_up)


#: Characters of action notation and a few it never uses.
_TEXT_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789 -_:.,+!?@#/\\\t\"'é"


def action_texts(state: State) -> st.SearchStrategy[str]:
    """Action text for ``state``: listed and fuzzed notations, and random strings."""
    return st.one_of(
        fuzzed_actions(state).map(str),
        st.text(alphabet=_TEXT_ALPHABET, max_size=30),
        st.sampled_from(("", " ", "\n", "END", "End", "end end", "skip!", "enrol  theology")),
    )


def property_settings(max_examples: int) -> settings:
    """Hypothesis settings of this suite: few examples, no deadline (games vary in length).

    Shrinking is off: one call plays a whole game, and shrinking a failure took minutes. A
    failure is reported with the example first found, which :func:`play` replays exactly.

    ``make test`` draws the same examples on every run, so that a red run means a change broke
    something, and is red again when run again; ``make fuzz`` (``SANKORE_FUZZ_EXAMPLES``)
    draws new ones each time, many more of them.
    """
    exploring = bool(os.environ.get("SANKORE_FUZZ_EXAMPLES"))
    return settings(
        max_examples=max_examples,
        derandomize=not exploring,
        # The same examples mean no failures kept from earlier runs to replay first either.
        database=settings.default.database if exploring else None,
        deadline=None,
        phases=(Phase.explicit, Phase.reuse, Phase.generate),
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# ---- copies of the rule tables ------------------------------------------------------------------

#: The bundled tables' folder.
DATA_DIR = Path(str(resources.files("sankore_rules").joinpath("data")))


def copy_tables(folder: Path) -> Path:
    """Copy every bundled table into ``folder`` (created) and return it."""
    folder.mkdir(parents=True, exist_ok=True)
    for table in DATA_DIR.glob("*.toml"):
        shutil.copy(table, folder / table.name)
    return folder


def read_table(folder: Path, stem: str) -> dict[str, Any]:
    """The parsed TOML of one table of ``folder``."""
    return tomllib.loads((folder / f"{stem}.toml").read_text(encoding="utf-8"))


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return (
            "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"
        )
    raise TypeError(f"no TOML for {value!r}")


def toml_text(data: dict[str, Any]) -> str:
    """``data`` as TOML text, one top-level key a line (inline tables and arrays)."""
    return "".join(f"{json.dumps(k)} = {_toml_value(v)}\n" for k, v in data.items())


def edit_table(folder: Path, stem: str, change: Callable[[dict[str, Any]], None]) -> None:
    """Rewrite one table of ``folder`` with ``change`` applied to its parsed data."""
    data = read_table(folder, stem)
    change(data)
    (folder / f"{stem}.toml").write_text(toml_text(data), encoding="utf-8")


def entry(data: dict[str, Any], array: str, entry_id: str) -> tuple[int, dict[str, Any]]:
    """The index and record of the entry with ``id == entry_id`` in a table's array."""
    for i, record in enumerate(data[array]):
        if record.get("id") == entry_id:
            return i, record
    raise KeyError(f"no {array} entry {entry_id!r}")


# ---- hostile input (issue 16) -------------------------------------------------------------------

#: Values a tampered document might hold: edges of every range, other types, huge numbers.
ODD_VALUES: tuple[Any, ...] = (
    -(10**6),
    -5,
    -1,
    0,
    1,
    2,
    3,
    4,
    7,
    15,
    16,
    99,
    10**6,
    2**64,
    True,
    False,
    None,
    "",
    "x",
    "any",
    "turn",
    "next_turn",
    "astronomy",
    "law",
    "A",
    "r0c0",
    "r9c9",
    [],
    {},
    [None],
    {"x": 1},
)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every path to a value inside parsed JSON (or TOML), the root excluded."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        for k, v in value.items():
            found.append((*path, k))
            found += _paths(v, (*path, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            found.append((*path, i))
            found += _paths(v, (*path, i))
    return found


def _at(document: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        document = document[key]
    return document


@dataclass(frozen=True)
class Mutation:
    """One change to a parsed document: ``op`` at ``path`` (with ``value`` for set/insert)."""

    op: str
    path: tuple[Any, ...]
    value: Any = None

    def apply(self, document: Any) -> None:
        """Change ``document`` in place."""
        # Values are copied in, never shared: a shared list (an odd value used twice, or a
        # duplicate) would let a later mutation change two places at once, or an example
        # change the next one's values, or a document contain itself.
        parent = _at(document, self.path[:-1])
        key = self.path[-1]
        if self.op == "set":
            parent[key] = copy.deepcopy(self.value)
        elif self.op == "delete":
            del parent[key]
        elif self.op == "duplicate" and isinstance(parent, list):
            parent.insert(key, copy.deepcopy(parent[key]))
        elif self.op == "duplicate":
            parent[f"{key}_copy"] = copy.deepcopy(parent[key])
        elif self.op == "swap" and isinstance(parent, list) and len(parent) > 1:
            other = (key + 1) % len(parent)
            parent[key], parent[other] = parent[other], parent[key]


@st.composite
def mutations(
    draw: st.DrawFn, document: Any, donors: Sequence[Any] = (), odd: Sequence[Any] = ()
) -> Mutation:
    """A change to one value of ``document``: an odd value (``ODD_VALUES`` and ``odd``), a
    value from the same place of another document (``donors``), a deletion, a duplicate or a
    swap."""
    odd_values = (*ODD_VALUES, *odd)
    paths = _paths(document)
    if not paths:
        return Mutation("set", ("format",), 1)
    path = draw(st.sampled_from(paths))
    op = draw(st.sampled_from(("set", "set", "transplant", "delete", "duplicate", "swap")))
    if op == "transplant":
        sources = [d for d in donors if _has(d, path)]
        if not sources:
            return Mutation("set", path, draw(st.sampled_from(odd_values)))
        return Mutation(
            "set", path, json.loads(json.dumps(_at(draw(st.sampled_from(sources)), path)))
        )
    if op == "set":
        here = _at(document, path)
        nearby = (
            [here + 1, here - 1] if isinstance(here, int) and not isinstance(here, bool) else []
        )
        return Mutation("set", path, draw(st.sampled_from((*odd_values, *nearby))))
    return Mutation(op, path)


def _has(document: Any, path: tuple[Any, ...]) -> bool:
    try:
        _at(document, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _base_states() -> list[State]:
    """Positions of a few random games, every few decisions: the states the fuzz mutates."""
    states: list[State] = []
    for players, seed in ((2, 11), (3, 12), (4, 13), (3, 14)):
        setup = Setup(players, seed, LIBRARY_SIDES[seed % 2])
        play(setup, seed, on_step=lambda s, _legal: states.append(s))
    for difficulty, seed in (("medium", 15), ("very_hard", 16)):
        setup = Setup(1, seed, "three_shelf", scholar=difficulty)
        play(setup, seed, on_step=lambda s, _legal: states.append(s))
    return states[::7]


_BASE: list[tuple[State, dict[str, Any]]] = []


def base_states() -> list[tuple[State, dict[str, Any]]]:
    """:func:`_base_states` with their JSON documents, computed once per test session."""
    if not _BASE:
        _BASE.extend((s, json.loads(sr.to_json(s))) for s in _base_states())
    return _BASE


@st.composite
def mutated_state_documents(draw: st.DrawFn) -> dict[str, Any]:
    """The JSON document of a real position with one to three values tampered with.

    Donor values come from other positions of the same game count, so many mutations are
    plausible values in the wrong place rather than noise.
    """
    pool = base_states()
    state, original = draw(st.sampled_from(pool))
    document: dict[str, Any] = json.loads(json.dumps(original))
    donors = [d for s, d in pool[::3] if s.player_count == state.player_count]
    for _ in range(draw(st.integers(1, 3))):
        draw(mutations(document, donors)).apply(document)
    return document


def hostile_texts(state: State) -> st.SearchStrategy[str]:
    """Action text as a hostile client might send it: the fuzzed notations of
    :func:`action_texts`, any Unicode (``²`` and ``٤`` are digits to Python), numbers of
    thousands of digits, very long and very many words."""
    words = st.sampled_from(VOCABULARY)
    huge = st.integers(300, 6000).map(lambda n: "9" * n)
    return st.one_of(
        action_texts(state),
        st.text(max_size=40),
        st.tuples(st.sampled_from(ACTION_KINDS), huge).map(" ".join),
        st.tuples(st.sampled_from(ACTION_KINDS), st.sampled_from(("²", "٤", "①", "1²", "¹⁰"))).map(
            " ".join
        ),
        st.lists(words, min_size=9, max_size=40).map(" ".join),
        st.integers(100, 3000).map(lambda n: "end " + "x" * n),
    )


def hostile_action_objects() -> st.SearchStrategy[Any]:
    """``Action`` objects with the wrong types inside, bad words, and things that are not
    Actions at all."""
    word = st.one_of(st.sampled_from(VOCABULARY), st.text(max_size=8), st.just("9" * 5000))
    odd = st.sampled_from((None, 7, 1.5, b"end", ("end",), ["c0a"], {"kind": "end"}))
    kind = st.one_of(st.sampled_from(ACTION_KINDS), word, odd)
    args = st.one_of(
        st.lists(word, max_size=4).map(tuple),
        st.lists(st.one_of(word, odd), min_size=1, max_size=3).map(tuple),
        word,
        st.lists(word, max_size=3),
        odd,
    )
    return st.one_of(st.builds(sr.Action, kind, args), odd)


@st.composite
def mutated_record_documents(draw: st.DrawFn) -> dict[str, Any]:
    """The document of a real game record with one to three values tampered with."""
    records = _base_records()
    document: dict[str, Any] = json.loads(draw(st.sampled_from(records)))
    for _ in range(draw(st.integers(1, 3))):
        draw(mutations(document, [json.loads(r) for r in records])).apply(document)
    return document


_RECORDS: list[str] = []


def _base_records() -> list[str]:
    if not _RECORDS:
        for players, seed, cut in ((2, 21, 40), (3, 22, 1000), (4, 23, 5)):
            game = play(Setup(players, seed, "three_shelf"), seed, max_decisions=cut)
            final = game.final if game.final is not None and sr.is_terminal(game.final) else None
            _RECORDS.append(sr.save_record(game.actions, players=players, seed=seed, final=final))
    return _RECORDS


@st.composite
def mutated_table(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """One bundled table, parsed, with one to three values tampered with: (stem, data)."""
    stem = draw(st.sampled_from(sorted(p.stem for p in DATA_DIR.glob("*.toml"))))
    data = read_table(DATA_DIR, stem)
    for _ in range(draw(st.integers(1, 3))):
        change = draw(mutations(data))
        if change.op == "set" and "null" in json.dumps(change.value):
            change = Mutation("delete", change.path)  # TOML has no null
        change.apply(data)
    return stem, data


# ---- Five Tribes: positions, records and tables to tamper with -------------------------------

#: Odd values of Five Tribes' own: its automatic steps as a pending task, its words, the
#: numbers that once overflowed or allocated without end, an id notation cannot read.
TRIBES_ODD_VALUES: tuple[Any, ...] = (
    "auction",
    "actions",
    "round_end",
    "turn",
    "bid",
    "drop",
    "fakir",
    "gold",
    "a1",
    "e6",
    "<b>",
    "yellow",
    -1,
    9,
    10,
    10**10,
    10**12,
    2**64,
    [0, 0, 0, 0, 0],
    [99, 0, 0, 0, 0],
    ["fakir"],
)

_TRIBES: list[tuple[Any, dict[str, Any]]] = []


def tribes_base_states() -> list[tuple[Any, dict[str, Any]]]:
    """Positions of a few random Five Tribes games, every few decisions, with their JSON."""
    if not _TRIBES:
        for players, seed in ((2, 31), (3, 32), (4, 33), (2, 34)):
            rng = random.Random(seed)
            state = sr.new_game(players=players, seed=seed, game="five_tribes")
            for decision in range(600):
                if decision % 9 == 0:
                    _TRIBES.append((state, json.loads(sr.to_json(state))))
                if sr.is_terminal(state):
                    break
                state = sr.apply(state, rng.choice(sr.legal_actions(state)))
            _TRIBES.append((state, json.loads(sr.to_json(state))))
    return _TRIBES


@st.composite
def mutated_tribes_documents(draw: st.DrawFn) -> dict[str, Any]:
    """The JSON document of a real Five Tribes position with one to three values tampered
    with; donors are positions of the same player count."""
    pool = tribes_base_states()
    state, original = draw(st.sampled_from(pool))
    document: dict[str, Any] = json.loads(json.dumps(original))
    donors = [d for s, d in pool[::2] if s.player_count == state.player_count]
    for _ in range(draw(st.integers(1, 3))):
        draw(mutations(document, donors, TRIBES_ODD_VALUES)).apply(document)
    return document


_TRIBES_RECORDS: list[str] = []


def tribes_base_records() -> list[str]:
    """Records of Five Tribes games: one cut short, one played out."""
    if not _TRIBES_RECORDS:
        for players, seed, cut in ((2, 41, 30), (3, 42, 1000)):
            rng = random.Random(seed)
            state = sr.new_game(players=players, seed=seed, game="five_tribes")
            actions: list[sr.Action] = []
            while not sr.is_terminal(state) and len(actions) < cut:
                action = rng.choice(sr.legal_actions(state))
                actions.append(action)
                state = sr.apply(state, action)
            final = state if sr.is_terminal(state) else None
            _TRIBES_RECORDS.append(
                sr.save_record(actions, players=players, seed=seed, game="five_tribes", final=final)
            )
    return _TRIBES_RECORDS


@st.composite
def mutated_tribes_records(draw: st.DrawFn) -> dict[str, Any]:
    """The document of a Five Tribes record with one to three values tampered with."""
    records = tribes_base_records()
    document: dict[str, Any] = json.loads(draw(st.sampled_from(records)))
    for _ in range(draw(st.integers(1, 3))):
        change = draw(mutations(document, [json.loads(r) for r in records], TRIBES_ODD_VALUES))
        change.apply(document)
    return document


#: The bundled Five Tribes tables' folder.
TRIBES_DATA_DIR = DATA_DIR / "five_tribes"


@st.composite
def mutated_tribes_table(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """One bundled Five Tribes table, parsed, with one to three values tampered with."""
    stem = draw(st.sampled_from(sorted(p.stem for p in TRIBES_DATA_DIR.glob("*.toml"))))
    data = read_table(TRIBES_DATA_DIR, stem)
    for _ in range(draw(st.integers(1, 3))):
        change = draw(mutations(data, (), TRIBES_ODD_VALUES))
        if change.op == "set" and "null" in json.dumps(change.value):
            change = Mutation("delete", change.path)  # TOML has no null
        change.apply(data)
    return stem, data
