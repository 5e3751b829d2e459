"""The game protocol: one object per game, and every door written once against it.

A game (Sankoré, Five Tribes, a game of another package) is one object, a subclass of
[`Game`][sankore_rules.core.game.Game]. It says who it is (``name``, ``title``, its player
counts and setup options), loads its rule tables, sets up a state, and answers for a state of
its own: the pending decision and its legal actions, applying and explaining an action, what
one seat may see, whether the game is over, the scores and each seat's return, and its JSON
with every trust check. Then it offers the hooks a door needs: a text and an SVG drawing, a
rough evaluation for a greedy bot, a sampler that redraws what one seat cannot see (for
search), and an action space and a tensor layout for learning agents.

The doors (the public functions of ``sankore_rules``, records, the command line, the viewer,
the bots and search, simulation, the AI environments) ask the state's game for all of it and
name no game: a third game needs no change to any of them. Its model is OpenSpiel's
``Game``/``State`` pair with ``pyspiel.register_game``, and boardgame.io's game object that its
server, client and bots all take.

Required methods are abstract; the hooks have defaults built on the required ones where one
exists (``returns`` from ``winners``), and otherwise refuse with
[`NotSupported`][sankore_rules.core.game.NotSupported] naming the game and the hook.

A game registers with [`register`][sankore_rules.core.registry.register]; one in another
package is found through the entry point group ``sankore_rules.games``.
"""

from __future__ import annotations

import abc
import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from attrs import frozen

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import Engine
from sankore_rules.core.errors import Reason
from sankore_rules.core.information import InformationState, information_state

__all__ = [
    "SPECTATOR",
    "ActionSpace",
    "Game",
    "NotSupported",
    "Option",
    "PlayedState",
    "PlayerSheet",
    "Sampler",
    "ScoreSheet",
    "TensorLayout",
    "Variant",
]

#: The ``viewer`` of a picture for someone at no seat: it shows only what every seat sees.
SPECTATOR = -1

RulesT = TypeVar("RulesT")
StateT = TypeVar("StateT")


class NotSupported(NotImplementedError):
    """A door asked a game for a hook it does not offer; the message names both."""


@frozen
class Option:
    """One setup option a game's ``new_state`` takes beside the player count and the seed.

    Attributes:
        name: the keyword (``library``, ``scholar``).
        doc: what it means, in a sentence.
        default: its value when it is not given.
        choices: the values it takes; () when any value of its kind is checked by the game.
    """

    name: str
    doc: str
    default: Any = None
    choices: tuple[Any, ...] = ()


@frozen
class Variant:
    """A named way to play a game, as a door offers it (``solo``, ``2p``).

    Attributes:
        name: a short identifier, unique within the game.
        doc: what it is.
        players: the player count it is set up with.
        options: the setup options it fixes.
    """

    name: str
    doc: str
    players: int
    options: Mapping[str, Any] = {}


class PlayedState(Protocol):
    """What the public API knows of any game's state, whatever its game (for type checkers).

    Every built-in game's state class offers more (``sankore_rules.State``,
    ``FiveTribesState``); the API's functions take and give this where the game is not known.
    """

    @property
    def current_player(self) -> int | None:
        """The seat that must decide now; None once the game is over."""

    @property
    def game_over(self) -> bool:
        """Whether the game is over."""

    @property
    def rules_hash(self) -> str:
        """The content hash of the ruleset the game is played by."""


class PlayerSheet(Protocol):
    """One seat's line of a score sheet, whatever the game."""

    @property
    def total(self) -> int:
        """The seat's points."""


class ScoreSheet(Protocol):
    """A game's score sheet as the public API knows it, whatever the game."""

    @property
    def players(self) -> Sequence[PlayerSheet]:
        """One line per seat, in seat order."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The seats that win (more than one for a shared win)."""


class ActionSpace(Protocol):
    """A fixed numbering of every action a ruleset can ever list, for learning agents.

    Index ``i`` always means the same action for the ruleset, whatever the state.
    """

    @property
    def size(self) -> int:
        """How many distinct actions there are."""

    def index(self, action: Action) -> int:
        """The index of ``action``.

        Raises:
            ValueError: for an action outside the space, with what is wrong.
        """

    def action(self, index: int) -> Action:
        """The action at ``index``.

        Raises:
            ValueError: for an index outside ``0..size-1``.
        """


class TensorLayout(Protocol):
    """A fixed-size observation vector of floats in [0, 1], seen from one seat.

    It holds nothing the seat's observation hides. ``segments`` names its parts in order,
    each with its length, for people reading the layout.
    """

    @property
    def size(self) -> int:
        """The vector's length."""

    @property
    def segments(self) -> Sequence[tuple[str, int]]:
        """The named parts of the vector, in order, with their lengths (summing to ``size``)."""

    def write(self, state: Any, player: int, out: Any) -> None:
        """Write the vector of ``state`` seen by ``player`` into ``out``.

        ``out`` is a zeroed, writable sequence of ``size`` floats (a numpy array, say) that
        takes item and slice assignment; the layout never imports numpy itself.
        """


class Sampler(Protocol):
    """Draws full states that agree with everything one seat's observation shows."""

    viewer: int

    def sample(self, rng: random.Random) -> Any:
        """One full state, its hidden parts redrawn at random.

        ``observation(sample, viewer)`` equals the observation the sampler was built from.
        """


class Game(abc.ABC, Generic[RulesT, StateT]):
    """A game the library plays: its setup, its rules, and the hooks the doors need.

    Attributes:
        name: the registry's key (``"sankore"``), an identifier: letters, digits and ``_``.
        title: the game's name for people.
        player_counts: the player counts ``new_state`` takes.
        default_players: the player count a door picks when none is given.
        options: the setup options ``new_state`` takes beside players and seed.
        variants: named ways to play it, for the doors that offer a fixed list (OpenSpiel's
            game names, the command line's ``--game``).
        state_type: the class of its states (a door finds a state's game by it).
        rules_type: the class of its rulesets (a ``name`` and a ``content_hash``).
        engine: its decision engine, an [`Engine`][sankore_rules.core.engine.Engine] on which
            the game's rules registered every step kind: each decision with its
            [`Candidates`][sankore_rules.core.engine.Candidates],
            [`Check`][sankore_rules.core.engine.Check] and
            [`Resolve`][sankore_rules.core.engine.Resolve] (``Engine.step``), each chance step
            with its [`Outcomes`][sankore_rules.core.chance.Outcomes] (``Engine.chance``), each
            automatic step with its ``Resolve`` alone. ``legal_actions``, ``explain``,
            ``apply``, ``chance_outcomes``, ``decision_kinds`` and ``decision_view`` ask it by
            default, so a game on the engine writes none of them; ``new_state`` calls its
            ``settle`` to carry the setup to the first decision.
        chance_setup: whether the explicit chance mode (``new_state(..., chance="explicit")``)
            deals the setup itself by chance steps, so that the seed decides nothing of such a
            game (OpenSpiel's door then draws no seed bytes). False by default: a game whose
            setup is shuffled from the seed in every mode.
    """

    name: ClassVar[str]
    title: ClassVar[str]
    player_counts: ClassVar[tuple[int, ...]]
    default_players: ClassVar[int]
    options: ClassVar[tuple[Option, ...]] = ()
    variants: ClassVar[tuple[Variant, ...]] = ()
    state_type: ClassVar[type]
    rules_type: ClassVar[type]
    engine: Engine
    chance_setup: ClassVar[bool] = False

    # --- tables and setup -------------------------------------------------------------------

    @abc.abstractmethod
    def load_rules(self, path: str | None = None) -> RulesT:
        """The bundled rule tables, or a corrected copy from the folder ``path``.

        Raises:
            RulesDataError: a table is malformed; the message names file, entry and field.
        """

    @abc.abstractmethod
    def new_state(
        self, rules: RulesT, players: int, seed: int, options: Mapping[str, Any]
    ) -> StateT:
        """A new game settled to its first decision.

        ``seed`` drives every shuffle and draw; the public ``new_game`` draws 128 fresh bits
        when its caller gives none. A game with chance steps also takes the option ``chance``
        (``"auto"`` or ``"explicit"``, see ``core/chance.py``; the public ``new_game`` passes
        it on only as ``"explicit"``, and it is not listed in ``options``, which are the
        game's own) and sets its state's ``explicit_chance`` from it before settling the
        setup.

        Raises:
            ValueError: a player count or option the game does not take, with the choices.
        """

    # --- the engine ---------------------------------------------------------------------------

    def legal_actions(self, rules: RulesT, state: StateT) -> list[Action]:
        """Every legal action of the pending decision; [] once the game is over."""
        return self.engine.legal(rules, state)  # type: ignore[arg-type]

    def explain(
        self, rules: RulesT, state: StateT, action: Action, player: int | None = None
    ) -> list[Reason]:
        """[] when ``action`` is legal now, else why it is refused."""
        return self.engine.check(rules, state, action, player)  # type: ignore[arg-type]

    def apply(
        self, rules: RulesT, state: StateT, action: Action, player: int | None = None
    ) -> StateT:
        """The state after ``action``; ``state`` is never changed.

        Raises:
            IllegalAction: with the reasons ``explain`` gives.
        """
        return self.engine.decide(rules, state, action, player)  # type: ignore[type-var]

    def chance_outcomes(self, rules: RulesT, state: StateT) -> list[tuple[Action, float]]:
        """The pending chance step's outcomes and their probabilities; [] at any other step.

        Only the explicit mode stops at a chance step (see ``core/chance.py``).
        """
        return self.engine.chance_outcomes(rules, self.engine_state(state))

    @property
    def has_chance_steps(self) -> bool:
        """Whether the game draws through chance steps (so ``new_state`` takes ``chance``)."""
        return any(step.outcomes is not None for step in self.engine.steps.values())

    def decision_kinds(self, rules: RulesT, state: StateT) -> tuple[str, set[str]]:
        """The pending decision's prompt and the action kinds (verbs) that answer it."""
        task = self.engine_state(state).decision
        assert task is not None, "the game is over"
        spec = self.engine.steps[task.kind]
        assert spec.candidates is not None
        kinds = {a.kind for a in spec.candidates(rules, state, task)}
        kinds.update(self.engine.always_kinds.get(task.kind, ()))
        return spec.prompt, kinds

    def decision_view(self, state: StateT) -> dict[str, Any] | None:
        """The pending decision as JSON-ready data (kind, player, prompt), None once over."""
        return self.engine.decision_view(self.engine_state(state))

    def engine_state(self, state: StateT) -> Any:
        """The state as the engine sees it (the state itself, for the built-in games)."""
        return state

    # --- seats and the end --------------------------------------------------------------------

    def seats(self, state: StateT) -> int:
        """How many seats the game has (every player, automatic ones included)."""
        return int(state.player_count)  # type: ignore[attr-defined]

    def agents(self, state: StateT) -> tuple[int, ...]:
        """The seats that take decisions (not those the rules play by themselves)."""
        return tuple(range(self.seats(state)))

    def current_player(self, state: StateT) -> int | None:
        """The seat that must decide now; None once the game is over."""
        return state.current_player  # type: ignore[attr-defined,no-any-return]

    def is_terminal(self, state: StateT) -> bool:
        """Whether the game is over."""
        return bool(state.game_over)  # type: ignore[attr-defined]

    @abc.abstractmethod
    def scores(self, rules: RulesT, state: StateT) -> Any:
        """The game's own score sheet for ``state`` (a running score before the end)."""

    @abc.abstractmethod
    def totals(self, rules: RulesT, state: StateT) -> list[float]:
        """Each seat's points as they stand."""

    @abc.abstractmethod
    def winners(self, rules: RulesT, state: StateT) -> tuple[int, ...]:
        """The seats that win (or would win, were the game to end now), ties broken."""

    def returns(self, rules: RulesT, state: StateT, scheme: str = "win_loss") -> list[float]:
        """Each deciding seat's return as the state stands, zero-sum (see ``ai/returns``).

        ``"win_loss"``: the winners share +1 and the others -1; ``"score"``: points minus the
        mean of the points. In a game with seats the rules play themselves, those seats are
        counted as opponents but get no return of their own (only ``agents`` are listed).
        """
        seats = self.seats(state)
        if scheme == "score":
            totals = self.totals(rules, state)
            mean = sum(totals) / seats
            every = [t - mean for t in totals]
        else:
            won = set(self.winners(rules, state))
            k = len(won)
            every = (
                [0.0] * seats
                if k in (0, seats)
                else [1.0 / k if p in won else -1.0 / (seats - k) for p in range(seats)]
            )
        return [every[p] for p in self.agents(state)]

    # --- what a seat sees, and JSON -----------------------------------------------------------

    @abc.abstractmethod
    def observation(self, rules: RulesT, state: StateT, player: int) -> dict[str, Any]:
        """What ``player`` may see, JSON-ready; it names the game (``"game"``) and the viewer."""

    @abc.abstractmethod
    def to_json(self, state: StateT) -> str:
        """The state as JSON text; ``from_json`` restores an equal state."""

    @abc.abstractmethod
    def from_json(self, rules: RulesT, text: str | bytes) -> StateT:
        """The state written by ``to_json`` for ``rules``, with every trust check.

        Raises:
            StateError: malformed text, another ruleset's state, or a state no game reaches.
        """

    def reads(self, document: Mapping[str, Any]) -> bool:
        """Whether a parsed state document is one of this game's (its ``"game"`` key)."""
        return document.get("game") == self.name

    def rules_hash(self, document: Mapping[str, Any]) -> str | None:
        """The content hash of the ruleset a parsed state document names, if it names one."""
        state = document.get("state")
        found = state.get("rules_hash") if isinstance(state, Mapping) else None
        return found if isinstance(found, str) else None

    # --- hooks of the doors -------------------------------------------------------------------

    def text(self, rules: RulesT, state: StateT) -> str:
        """The whole position as plain text, for a terminal."""
        raise NotSupported(f"{self.name} has no text view")

    def svg(self, rules: RulesT, state: StateT | None, viewer: int | None = None) -> str:
        """The whole position as an SVG picture (the empty table when ``state`` is None).

        Args:
            rules: the ruleset.
            state: the position, or None for the empty table.
            viewer: None draws everything (a tool's or a replay's picture); a seat draws only
                what that seat's observation shows, the rest face down (a picture to send to
                that seat); ``SPECTATOR`` (-1, in this module) only what every seat sees.
                The picture for a viewer must be the same for two states that viewer cannot
                tell apart (the conformance suite checks it on redrawn states).
        """
        raise NotSupported(f"{self.name} has no SVG drawing")

    def clickable_svg(self, rules: RulesT, state: StateT, viewer: int) -> str:
        """``svg`` of ``state`` for ``viewer``, which a seat plays by clicking when it decides.

        When ``viewer`` is the seat to decide, every element standing for some of its legal
        actions carries ``data-actions``, a JSON array of their notations, and every legal
        action is on at least one element (those that stand for no place on labelled buttons
        drawn in the picture; ``core/clickable.py`` draws both). For any other viewer, no
        ``data-actions`` at all: the plain picture.

        A separate hook, so that a game written against ``svg`` alone keeps working: by
        default the plain picture for every viewer but the seat to decide, which is refused.

        Raises:
            NotSupported: the game's pictures do not carry actions, and ``viewer`` decides.
        """
        if self.is_terminal(state) or self.current_player(state) != viewer:
            return self.svg(rules, state, viewer)
        raise NotSupported(f"{self.name} has no clickable picture")

    def describe_events(self, state: StateT) -> list[str]:
        """What the last action did, a line of words per event."""
        lines = []
        for event in getattr(state, "events", ()):
            who = f" (P{event.player})" if event.player is not None else ""
            detail = ", ".join(f"{k} {v}" for k, v in event.detail.items())
            lines.append(f"{event.kind}{who}" + (f": {detail}" if detail else ""))
        return lines

    def describe(self, rules: RulesT, state: StateT, action: Action) -> str:
        """``action``, one option of ``state``'s pending decision, as a short sentence.

        For people choosing (a page's menu, the command line's ``play``, the viewer), in the
        voice of ``describe_events``; distinct options of one decision read differently. By
        default the notation itself.
        """
        return str(action)

    def evaluate(self, rules: RulesT, state: StateT, player: int) -> float:
        """A rough worth of ``state`` for ``player``, for a one-step greedy bot.

        By default the seat's points as they stand.
        """
        return self.totals(rules, state)[player]

    def evaluate_seats(self, rules: RulesT, state: StateT) -> list[float]:
        """``evaluate`` of every seat, in seat order, for a search rating a position for all.

        By default ``evaluate`` seat by seat; a game whose seats' worths share costly work
        (a score sheet drawn up for everyone) gives it once for all, with the same values.
        """
        return [self.evaluate(rules, state, p) for p in range(self.seats(state))]

    def information_state(self, rules: RulesT, state: StateT, player: int) -> InformationState:
        """What ``player`` has seen of the game up to ``state``, in order (perfect recall).

        Built from ``observation`` at every state of the history the engine knows, and the
        seat's own actions (see ``core/information.py``); a game needs nothing more for it.
        """

        def observe(past: StateT, seat: int) -> Mapping[str, Any]:
            return self.observation(rules, past, seat)

        def step(past: StateT, action: Action) -> StateT:
            return self.apply(rules, past, action)

        return information_state(observe, step, state, player)

    def replayed_outcome(
        self, rules: RulesT, state: StateT, outcome: Action, sample: StateT, seat: int
    ) -> Action:
        """The outcome a replay of a history takes at the chance step pending in ``state``.

        A door that resamples by replaying (OpenSpiel's ``resample_from_infostate``) plays the
        true history again from its start, and at each chance step asks this hook which
        outcome to take instead of the true ``outcome``, so that the replay ends in
        ``sample`` (drawn for ``seat`` by ``information_sampler``). By default the true one:
        the right answer for a draw every seat sees. A game that deals what ``seat`` cannot
        see by chance steps (Sankoré's hands) answers those from ``sample``.
        """
        return outcome

    def information_sampler(self, rules: RulesT, information: InformationState) -> Sampler:
        """A sampler of full states consistent with ``information``, one seat's history.

        By default the ``sampler`` of the seat's latest observation; a game whose earlier
        observations narrow what is hidden (a payment seen, a card seen leaving play) reads
        them here.

        Raises:
            ValueError: ``information`` is not an information state of this game's state.
        """
        return self.sampler(rules, information.observation)

    def sampler(self, rules: RulesT, view: Mapping[str, Any]) -> Sampler:
        """A sampler of full states consistent with ``view``, one seat's observation.

        Raises:
            ValueError: ``view`` is not an observation of this game's state.
        """
        raise NotSupported(f"{self.name} cannot redraw its hidden parts")

    def action_space(self, rules: RulesT) -> ActionSpace:
        """The fixed numbering of every action of ``rules``, for agents."""
        raise NotSupported(f"{self.name} has no action space")

    def tensor_layout(self, rules: RulesT) -> TensorLayout:
        """The observation tensor of ``rules``, for agents."""
        raise NotSupported(f"{self.name} has no observation tensor")

    def score_text(self, rules: RulesT, state: StateT, *, final: bool = True) -> str:
        """The score sheet of ``state`` as a text table, for a terminal.

        Before the end (``final=False``) it is the running score a player asks for during a
        game (the command line's ``play``, its ``show`` and ``replay``, the viewer), the same
        text for every seat: it must show only what every seat sees. The conformance suite's
        ``information`` door checks that it does not change when what a seat cannot see is
        redrawn. Once the game is over the scores are counted in the open.

        By default a line per seat with its points (``player 0``; a seat the rules play by
        themselves is marked ``(auto)``), the winners marked when ``final``. It shows
        ``totals``: a game whose running totals count hidden points (a face-down card's
        worth) overrides it.
        """
        won = set(self.winners(rules, state)) if final else set()
        agents = self.agents(state)
        lines = [f"{'':12}{'total':>8}"]
        for seat, points in enumerate(self.totals(rules, state)):
            who = f"player {seat}" + ("" if seat in agents else " (auto)")
            shown = int(points) if points == int(points) else points
            lines.append(f"{who:<12}{shown:>8}" + ("  winner" if seat in won else ""))
        return "\n".join(lines)

    def seat_text(self, rules: RulesT, state: StateT, player: int) -> str:
        """The position as ``player`` may see it, as plain text (what ``observation`` shows).

        A game with hidden parts must say how it hides them, so there is no default.
        """
        raise NotSupported(f"{self.name} has no text view for one seat")

    def __repr__(self) -> str:
        return f"<game {self.name}: {self.title}>"
