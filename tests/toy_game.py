"""Hidden Nim: a toy game that lives only in the tests, to prove that a game needs no door changed.

Two or three players take 1 to 3 stones in turn from one pile (15 stones unless the ``pile``
option says otherwise). Each holds one card, dealt face down from the seeded generator, worth 0
to 4 points. When the pile is empty the cards are revealed and each player scores the stones
they took plus their card; the most points win, a tie shares the win.

It is a whole `Game` (``sankore_rules.core.game``) on the library's
`Engine` (``sankore_rules.core.engine``) (a decision, ``take``, and an automatic step,
``reveal``), with every hook of the doors: a text and an SVG drawing, an evaluation, a sampler
that redraws the cards a seat cannot see, an action space and a tensor layout. What a seat may
see is everything but the other players' cards (until they are revealed) and the seed.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import tomllib
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from attrs import asdict, define, evolve, field, frozen

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import Engine, log, names_nothing, push
from sankore_rules.core.errors import Reason, StateError
from sankore_rules.core.game import Game, Option, Variant
from sankore_rules.core.registry import register, unregister
from sankore_rules.core.tasks import Event, Task

NAME = "hidden_nim"
#: The most stones a pile may start with; the tensor scales stone counts by it.
MAX_PILE = 40
MAX_PLAYERS = 3


@frozen
class NimRules:
    """The ruleset: the most stones a turn takes, and the cards' values (0 to ``cards - 1``)."""

    name: str = "hidden-nim-standard"
    max_take: int = 3
    cards: int = 5

    @property
    def content_hash(self) -> str:
        """A hash of every rule, as the built-in rulesets have one."""
        text = json.dumps(asdict(self), sort_keys=True)
        return hashlib.sha256(text.encode()).hexdigest()[:16]


@define
class NimState:
    """A game of Hidden Nim: the pile, what each player took, their cards, the agenda."""

    rules_name: str
    rules_hash: str
    player_count: int
    seed: int
    start: int
    pile: int
    taken: list[int]
    cards: list[int]
    game_over: bool
    agenda: tuple[Task, ...]
    events: list[Event] = field(factory=list, eq=False)

    @property
    def decision(self) -> Task | None:
        """The pending decision, None once the game is over."""
        return None if self.game_over or not self.agenda else self.agenda[-1]

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now, None once the game is over."""
        task = self.decision
        return None if task is None else task.player

    def clone(self) -> NimState:
        """A copy that ``apply`` may change."""
        return evolve(self, taken=list(self.taken), cards=list(self.cards), events=[])


@frozen
class NimScore:
    """One player's points: the stones taken and the card."""

    total: int
    stones: int
    card: int


@frozen
class NimScores:
    """The score sheet: each player's line and the winners."""

    players: tuple[NimScore, ...]
    winners: tuple[int, ...]


# ---- the rules -------------------------------------------------------------------------------

ENGINE = Engine(NAME)


def _takes(rules: NimRules, state: NimState, task: Task) -> list[Action]:
    return [Action("take", (str(n),)) for n in range(1, rules.max_take + 1)]


def _check_take(rules: NimRules, state: NimState, task: Task, action: Action) -> list[Reason]:
    if action not in _takes(rules, state, task):
        return names_nothing()
    stones = int(action.args[0])
    if stones > state.pile:
        return [Reason("too_many", f"only {state.pile} stones are left, not {stones}")]
    return []


@ENGINE.step(
    "take",
    candidates=_takes,
    check=_check_take,
    prompt="Take 1 to 3 stones",
    answers=("take",),
)
def _take(rules: NimRules, state: NimState, task: Task, action: Action | None) -> None:
    assert action is not None
    stones = int(action.args[0])
    state.pile -= stones
    state.taken[task.player] += stones
    log(state, "take", task.player, stones=stones, left=state.pile)
    if state.pile:
        push(state, Task("take", (task.player + 1) % state.player_count))
    else:
        push(state, Task("reveal", -1))


@ENGINE.step("reveal")
def _reveal(rules: NimRules, state: NimState, task: Task, action: Action | None) -> None:
    state.game_over = True
    log(state, "reveal", None, cards=list(state.cards))


def _totals(state: NimState) -> list[int]:
    return [t + c for t, c in zip(state.taken, state.cards, strict=True)]


# ---- JSON ------------------------------------------------------------------------------------


def _document(state: NimState) -> dict[str, Any]:
    fields = asdict(state, filter=lambda a, _: a.name not in ("agenda", "events"))
    agenda = [{"kind": t.kind, "player": t.player} for t in state.agenda]
    return {"game": NAME, "format": 1, "state": {**fields, "agenda": agenda}}


def _read(rules: NimRules, document: Any) -> NimState:
    """The state of a parsed document, with every check; StateError says what is wrong."""
    data = document.get("state") if isinstance(document, dict) else None
    if not isinstance(data, dict) or document.get("game") != NAME:
        raise StateError(f"not a {NAME} state")
    ints = ("player_count", "seed", "start", "pile")
    if any(type(data.get(k)) is not int for k in ints):
        raise StateError(f"{', '.join(ints)} must be integers")
    for key in ("taken", "cards"):
        value = data.get(key)
        if not isinstance(value, list) or any(type(v) is not int for v in value):
            raise StateError(f"{key} must be a list of integers")
    agenda = data.get("agenda")
    if not isinstance(agenda, list) or any(
        not isinstance(t, dict) or t.get("kind") != "take" or type(t.get("player")) is not int
        for t in agenda
    ):
        raise StateError("the agenda holds only decisions to take stones")
    state = NimState(
        rules_name=str(data.get("rules_name")),
        rules_hash=str(data.get("rules_hash")),
        player_count=data["player_count"],
        seed=data["seed"],
        start=data["start"],
        pile=data["pile"],
        taken=data["taken"],
        cards=data["cards"],
        game_over=data.get("game_over") is True,
        agenda=tuple(Task("take", t["player"]) for t in agenda),
    )
    if state.rules_hash != rules.content_hash:
        raise StateError(f"this state was made with ruleset {state.rules_name!r}, not this one")
    problem = _problem(rules, state)
    if problem:
        raise StateError(f"inconsistent state: {problem}")
    return state


def _problem(rules: NimRules, state: NimState) -> str | None:
    """What no game of Hidden Nim could reach about ``state``; None when it is sound."""
    seats = state.player_count
    if seats not in (2, MAX_PLAYERS) or len(state.taken) != seats or len(state.cards) != seats:
        return "2 or 3 players, each with a count of stones and a card"
    if not 1 <= state.start <= MAX_PILE or min(state.taken) < 0 or state.pile < 0:
        return "stone counts out of range"
    if state.pile + sum(state.taken) != state.start:
        return f"{state.pile} left and {sum(state.taken)} taken do not make {state.start}"
    if any(not 0 <= c < rules.cards for c in state.cards):
        return f"cards are worth 0 to {rules.cards - 1}"
    if state.game_over != (state.pile == 0):
        return "the game is over exactly when the pile is empty"
    pending = 0 if state.game_over else 1
    if len(state.agenda) != pending or any(not 0 <= t.player < seats for t in state.agenda):
        return "one player takes stones while stones are left"
    return None


# ---- the hooks -------------------------------------------------------------------------------


class NimSampler:
    """Redraws the cards ``viewer`` cannot see, and the seed."""

    def __init__(self, rules: NimRules, view: Mapping[str, Any]) -> None:
        if view.get("game") != NAME or type(view.get("viewer")) is not int:
            raise ValueError(f"not an observation of {NAME}")
        self.viewer: int = view["viewer"]
        self.rules = rules
        decision = view["decision"]
        agenda = [] if decision is None else [{"kind": "take", "player": decision["player"]}]
        state = {k: view[k] for k in ("player_count", "start", "pile", "taken", "game_over")}
        self._template = {
            **state,
            "rules_name": rules.name,
            "rules_hash": rules.content_hash,
            "seed": 0,
            "cards": [0 if c is None else c for c in view["cards"]],
            "agenda": agenda,
        }
        self._hidden = [p for p, c in enumerate(view["cards"]) if c is None]
        _read(rules, {"game": NAME, "state": self._template})  # a sound view makes sound samples

    def sample(self, rng: random.Random) -> NimState:
        """A state showing the viewer the same, the hidden cards drawn from ``rng``."""
        cards = list(self._template["cards"])
        for p in self._hidden:
            cards[p] = rng.randrange(self.rules.cards)
        data = {**self._template, "cards": cards, "seed": rng.getrandbits(128)}
        return _read(self.rules, {"game": NAME, "state": data})


class NimActions:
    """``take 1`` to ``take 3`` as indices 0 to 2."""

    def __init__(self, rules: NimRules) -> None:
        self._actions = tuple(Action("take", (str(n),)) for n in range(1, rules.max_take + 1))

    @property
    def size(self) -> int:
        """How many actions there are."""
        return len(self._actions)

    def index(self, action: Action) -> int:
        """The index of ``action``."""
        if action not in self._actions:
            raise ValueError(f"{action} is not an action of {NAME}")
        return self._actions.index(action)

    def action(self, index: int) -> Action:
        """The action at ``index``."""
        if not 0 <= index < len(self._actions):
            raise ValueError(f"index {index} is not in 0..{len(self._actions) - 1}")
        return self._actions[index]


class NimTensor:
    """The pile, the viewer's card, the stones taken and who is to move, seats from the viewer."""

    def __init__(self, rules: NimRules) -> None:
        self.rules = rules

    @property
    def segments(self) -> Sequence[tuple[str, int]]:
        """The named parts, in order."""
        return (("pile", 1), ("card", 1), ("taken", MAX_PLAYERS), ("to_move", MAX_PLAYERS))

    @property
    def size(self) -> int:
        """The vector's length."""
        return sum(n for _, n in self.segments)

    def write(self, state: Any, player: int, out: Any) -> None:
        """The vector of ``state`` seen by ``player``."""
        seats = state.player_count
        out[0] = state.pile / MAX_PILE
        out[1] = state.cards[player] / (self.rules.cards - 1)
        for k in range(seats):
            out[2 + k] = state.taken[(player + k) % seats] / MAX_PILE
        if state.current_player is not None:
            out[2 + MAX_PLAYERS + (state.current_player - player) % seats] = 1.0


class HiddenNim(Game[NimRules, NimState]):
    """Hidden Nim, for 2 or 3 players."""

    name = NAME
    title = "Hidden Nim"
    player_counts = (2, 3)
    default_players = 2
    options = (Option("pile", "the stones in the pile at the start, 1 to 40", 15),)
    variants = (Variant(NAME, "2 or 3 players", 2),)
    state_type = NimState
    rules_type = NimRules
    engine = ENGINE

    def load_rules(self, path: str | None = None) -> NimRules:
        """The standard rules, or those of ``nim.toml`` in the folder ``path``."""
        if path is None:
            return NimRules()
        return NimRules(**tomllib.loads((Path(path) / "nim.toml").read_text()))

    def new_state(
        self, rules: NimRules, players: int, seed: int | None, options: Mapping[str, Any]
    ) -> NimState:
        """A new game: the pile set out, a card dealt to each player, the first to take."""
        if players not in self.player_counts or set(options) - {"pile"}:
            raise ValueError(f"{NAME} takes 2 or 3 players and the option pile")
        start = options.get("pile", 15)
        if type(start) is not int or not 1 <= start <= MAX_PILE:
            raise ValueError(f"pile must be 1 to {MAX_PILE}, got {start!r}")
        seed = secrets.randbits(128) if seed is None else seed
        deal = random.Random(f"{NAME}:{seed}")
        state = NimState(
            rules_name=rules.name,
            rules_hash=rules.content_hash,
            player_count=players,
            seed=seed,
            start=start,
            pile=start,
            taken=[0] * players,
            cards=[deal.randrange(rules.cards) for _ in range(players)],
            game_over=False,
            agenda=(Task("take", 0),),
        )
        ENGINE.settle(rules, state)
        return state

    def scores(self, rules: NimRules, state: NimState) -> NimScores:
        """Each player's stones and card, and the winners."""
        return NimScores(
            tuple(NimScore(t + c, t, c) for t, c in zip(state.taken, state.cards, strict=True)),
            self.winners(rules, state),
        )

    def totals(self, rules: NimRules, state: NimState) -> list[float]:
        """Stones taken plus the card, per seat."""
        return [float(t) for t in _totals(state)]

    def winners(self, rules: NimRules, state: NimState) -> tuple[int, ...]:
        """The seats with the most points."""
        totals = _totals(state)
        return tuple(p for p, t in enumerate(totals) if t == max(totals))

    def observation(self, rules: NimRules, state: NimState, player: int) -> dict[str, Any]:
        """Everything but the seed and the others' cards, until the cards are revealed."""
        data = _document(state)["state"]
        del data["seed"], data["agenda"]
        data["cards"] = [
            c if p == player or state.game_over else None for p, c in enumerate(state.cards)
        ]
        return {"game": NAME, "viewer": player, **data, "decision": ENGINE.decision_view(state)}

    def to_json(self, state: NimState) -> str:
        """The state as JSON text; its document names the game."""
        return json.dumps(_document(state))

    def from_json(self, rules: NimRules, text: str | bytes) -> NimState:
        """The state in ``text``, checked against ``rules``."""
        try:
            document = json.loads(text)
        except ValueError as exc:
            raise StateError(f"not JSON: {exc}") from exc
        return _read(rules, document)

    def text(self, rules: NimRules, state: NimState) -> str:
        """The pile and each player's stones and card."""
        lines = [f"Hidden Nim: {state.pile} of {state.start} stones left"]
        for p, (taken, card) in enumerate(zip(state.taken, state.cards, strict=True)):
            mark = "  <- to take" if p == state.current_player else ""
            lines.append(f"P{p}: {taken} stones, card {card}{mark}")
        return "\n".join(lines)

    def svg(self, rules: NimRules, state: NimState | None, viewer: int | None = None) -> str:
        """The pile as a row of stones (public: every viewer sees the same)."""
        left = 0 if state is None else state.pile
        stones = "".join(f'<circle cx="{10 + 20 * k}" cy="20" r="8"/>' for k in range(left))
        return (
            '<svg xmlns="http://www.w3.org/2000/svg" width="820" height="40">'
            f"<title>Hidden Nim</title>{stones}</svg>"
        )

    def describe_events(self, state: NimState) -> list[str]:
        """What the last action did: the stones taken, the cards revealed."""
        return [
            f"P{e.player} took {e.detail['stones']}, {e.detail['left']} left"
            if e.kind == "take"
            else "The cards are revealed: " + ", ".join(map(str, e.detail["cards"]))
            for e in state.events
        ]

    def score_text(self, rules: NimRules, state: NimState, *, final: bool = True) -> str:
        """The stones each player took, and, once the cards are revealed, their points.

        Before the end the cards are hidden, so the running score shows the stones alone.
        """
        if not state.game_over:
            return "\n".join(f"P{p}: {t} stones" for p, t in enumerate(state.taken))
        return super().score_text(rules, state, final=final)

    def evaluate(self, rules: NimRules, state: NimState, player: int) -> float:
        """The seat's points less the most stones another holds (their cards are hidden)."""
        others = [t for p, t in enumerate(state.taken) if p != player]
        return float(_totals(state)[player] - max(others))

    def sampler(self, rules: NimRules, view: Mapping[str, Any]) -> NimSampler:
        """Redraws the cards the viewer cannot see."""
        return NimSampler(rules, view)

    def action_space(self, rules: NimRules) -> NimActions:
        """The three actions."""
        return NimActions(rules)

    def tensor_layout(self, rules: NimRules) -> NimTensor:
        """The observation vector."""
        return NimTensor(rules)


#: The one Hidden Nim game object, registered by the tests that play it.
HIDDEN_NIM = HiddenNim()


@contextmanager
def registered() -> Iterator[HiddenNim]:
    """Hidden Nim in the registry for the ``with`` block, and out of it after."""
    register(HIDDEN_NIM)
    try:
        yield HIDDEN_NIM
    finally:
        unregister(NAME)
