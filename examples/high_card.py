"""High Card: a game of one's own, written against the protocol of ``sankore_rules.core.game``.

The rules: two players each get one card, dealt face down from a deck of cards worth 1 to 6.
Then, for three rounds, each bets 0, 1 or 2 of their chips into the pot, or folds (the other
takes the pot, and the game ends). After the last bet the cards are shown: the higher card
takes the pot. Each starts with 10 chips; the most chips win, a tie shares the win.

This file is the example the protocol page (docs/reference/protocol.md) walks through: the
state, the ruleset, the engine's steps (a decision, ``bet``, and a chance step, ``deal``), the
``Game`` subclass with every hook of the doors, and ``register_game``. Run it to play one game
between two random players; ``run_conformance("high_card", 2)`` checks it through every door.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from attrs import asdict, define, evolve, field, frozen

import sankore_rules as sr
from sankore_rules.core.actions import Action
from sankore_rules.core.chance import CHANCE, chance_mode
from sankore_rules.core.clickable import Clicks
from sankore_rules.core.engine import Engine, log, names_nothing
from sankore_rules.core.errors import Reason, StateError
from sankore_rules.core.game import Game, Option, Variant
from sankore_rules.core.information import Traced
from sankore_rules.core.registry import register
from sankore_rules.core.svg import el, panel_group, text
from sankore_rules.core.tasks import Event, Task

NAME = "high_card"
SEATS = 2


@frozen
class HighCardRules:
    """The ruleset. Every ruleset has a ``name`` and a ``content_hash`` (states name both)."""

    name: str = "high-card-standard"
    cards: int = 6  # the deck: one card of each value 1..cards
    chips: int = 10  # each player's chips at the start
    max_bet: int = 2

    @property
    def content_hash(self) -> str:
        """A hash of every rule: a state made by other rules is refused when read back."""
        return hashlib.sha256(json.dumps(asdict(self), sort_keys=True).encode()).hexdigest()[:16]


@define
class HighCardState(Traced):
    """A game in progress: what the engine needs (``agenda``, ``events``, ``game_over``,
    ``decision``, ``clone``), what the doors read (``player_count``, ``current_player``,
    ``rules_name``, ``rules_hash``), what chance steps need (``seed``, ``draws``,
    ``explicit_chance``), and the game's own fields. ``Traced`` gives the engine a slot for
    the state's trail (its history, for information states); it is optional."""

    rules_name: str
    rules_hash: str
    player_count: int
    seed: int
    draws: int  # chance steps resolved so far: the next draw is taken from (seed, draws)
    explicit_chance: bool  # chance steps wait for the caller (OpenSpiel's chance nodes)
    rounds: int
    deck: list[int]  # the values still in the deck, sorted: what is left, never its order
    cards: list[int | None]  # each seat's card; None until it is dealt
    chips: list[int]
    pot: int
    bets_made: int  # bets so far, two a round
    folded: int | None
    game_over: bool
    agenda: tuple[Task, ...] = ()
    # What the last apply did. Not part of the position: left out of equality and of JSON.
    events: list[Event] = field(factory=list, eq=False)

    @property
    def decision(self) -> Task | None:
        """The pending step (a bet, or a deal waiting in the explicit mode); None at the end."""
        return self.agenda[-1] if self.agenda and not self.game_over else None

    @property
    def current_player(self) -> int | None:
        """The seat to decide (``CHANCE`` at a deal waiting for its outcome); None at the end."""
        task = self.decision
        return None if task is None else task.player

    def clone(self) -> HighCardState:
        """A copy ``apply`` may change: the lists copied, the events emptied."""
        return evolve(self, deck=list(self.deck), cards=list(self.cards), chips=list(self.chips))


@frozen
class SeatScore:
    """One line of the score sheet: the doors read ``total``."""

    total: int


@frozen
class HighCardScores:
    """The score sheet: ``players`` (one line per seat) and ``winners``."""

    players: tuple[SeatScore, ...]
    winners: tuple[int, ...]


# ---- the rules, as the engine's steps ------------------------------------------------------


def pending(state: HighCardState) -> tuple[Task, ...]:
    """The agenda that follows from the position: deals first, then the next bet.

    Keeping no agenda of its own makes the state's JSON smaller and its check simpler.
    """
    if state.game_over:
        return ()
    undealt = [seat for seat in range(SEATS) if state.cards[seat] is None]
    if undealt:  # a stack: the last task is the next, so seat 0's deal goes last
        return tuple(Task("deal", CHANCE, {"seat": seat}) for seat in reversed(undealt))
    round_starter = (state.bets_made // 2) % SEATS  # the rounds' first bettors alternate
    return (Task("bet", (round_starter + state.bets_made) % SEATS),)


ENGINE = Engine(NAME)


def _deck(rules: HighCardRules, state: HighCardState, task: Task) -> list[tuple[Action, int]]:
    """A deal's outcomes: each card left, one of each, so all equally likely (``Outcomes``)."""
    return [(Action("deal", (str(value),)), 1) for value in state.deck]


@ENGINE.chance("deal", outcomes=_deck, prompt="Deal a card", answers=("deal",))
def _deal(rules: HighCardRules, state: HighCardState, task: Task, action: Action | None) -> None:
    """The card drawn goes to the task's seat; the event does not say which card it is."""
    assert action is not None
    value = int(action.args[0])
    state.deck.remove(value)
    state.cards[task.args["seat"]] = value
    log(state, "deal", task.args["seat"])
    state.agenda = pending(state)


def _bets(rules: HighCardRules, state: HighCardState, task: Task) -> list[Action]:
    """Every option worth checking (``Candidates``): each bet, and folding."""
    return list(HighCardActions(rules).actions)


def _check_bet(
    rules: HighCardRules, state: HighCardState, task: Task, action: Action
) -> list[Reason]:
    """Why an option is refused (``Check``): [] when it is legal. One check stands behind
    listing, explaining and applying, so it refuses whatever is no candidate."""
    if action not in _bets(rules, state, task):
        return names_nothing()
    if action.kind == "bet" and int(action.args[0]) > state.chips[task.player]:
        return [Reason("too_few_chips", f"P{task.player} has only {state.chips[task.player]}")]
    return []


@ENGINE.step(
    "bet",
    candidates=_bets,
    check=_check_bet,
    prompt="Bet 0 to 2 chips, or fold",
    answers=("bet", "fold"),
)
def _bet(rules: HighCardRules, state: HighCardState, task: Task, action: Action | None) -> None:
    """Carry out a legal option (``Resolve``): chips into the pot, or a fold ending the game."""
    assert action is not None
    seat = task.player
    if action.kind == "fold":
        state.folded = seat
        _pay_pot(state, 1 - seat, "fold")
    else:
        chips = int(action.args[0])
        state.chips[seat] -= chips
        state.pot += chips
        state.bets_made += 1
        log(state, "bet", seat, chips=chips, pot=state.pot)
        if state.bets_made == 2 * state.rounds:
            high = max(range(SEATS), key=lambda p: state.cards[p] or 0)
            _pay_pot(state, high, "showdown")
    state.agenda = pending(state)


def _pay_pot(state: HighCardState, seat: int, why: str) -> None:
    """The game ends: ``seat`` takes the pot; the cards are shown."""
    state.chips[seat] += state.pot
    log(state, why, seat, pot=state.pot, cards=list(state.cards))
    state.pot = 0
    state.game_over = True


# ---- JSON, with every trust check ------------------------------------------------------------

#: The fields a state file holds, each with its JSON type (the agenda follows from them).
FIELDS: dict[str, tuple[type, ...]] = {
    "rules_name": (str,),
    "rules_hash": (str,),
    "player_count": (int,),
    "seed": (int,),
    "draws": (int,),
    "explicit_chance": (bool,),
    "rounds": (int,),
    "deck": (list,),
    "cards": (list,),
    "chips": (list,),
    "pot": (int,),
    "bets_made": (int,),
    "folded": (int, type(None)),
    "game_over": (bool,),
}


def _read(rules: HighCardRules, document: object) -> HighCardState:
    """The state of a parsed state document; StateError says what is wrong."""
    data = document.get("state") if isinstance(document, dict) else None
    if not isinstance(document, dict) or not isinstance(data, dict) or document.get("game") != NAME:
        raise StateError(f"not a {NAME} state")
    for key, kinds in FIELDS.items():
        if key not in data or type(data[key]) not in kinds:  # type(): a bool is no int here
            raise StateError(f"{key} is missing or not {' or '.join(k.__name__ for k in kinds)}")
    numbers = [*data["deck"], *data["chips"], *(c for c in data["cards"] if c is not None)]
    if any(type(n) is not int for n in numbers):
        raise StateError("the deck, the cards and the chips are whole numbers")
    state = HighCardState(**{key: data[key] for key in FIELDS})
    if state.rules_hash != rules.content_hash:
        raise StateError(f"this state was made with ruleset {state.rules_name!r}, not this one")
    problem = _problem(rules, state)
    if problem:
        raise StateError(f"no game of {NAME} reaches this state: {problem}")
    state.agenda = pending(state)
    return state


def _problem(rules: HighCardRules, state: HighCardState) -> str | None:
    """What no game could reach about ``state``; None when it is sound."""
    dealt = [c for c in state.cards if c is not None]
    if state.player_count != SEATS or len(state.cards) != SEATS or len(state.chips) != SEATS:
        return "two seats, each with a card and chips"
    if sorted(dealt + state.deck) != list(range(1, rules.cards + 1)):
        return "the cards dealt and the deck are not the whole deck"
    if state.draws != len(dealt) or not 1 <= state.rounds <= 3:
        return "a draw per card dealt, 1 to 3 rounds"
    if sum(state.chips) + state.pot != SEATS * rules.chips or min(state.chips) < 0:
        return f"the chips do not add up to {SEATS * rules.chips}"
    if not 0 <= state.bets_made <= 2 * state.rounds or (
        None in state.cards and (state.pot or state.bets_made or state.game_over)
    ):
        return "bets out of range, or before the deal"
    if state.folded not in (None, *range(SEATS)):
        return "the seat that folded is no seat"
    ended = state.folded is not None or state.bets_made == 2 * state.rounds
    if state.game_over != ended or (state.game_over and state.pot):
        return "the game ends at a fold or after the last bet, the pot paid out"
    return None


# ---- the hooks of the doors ------------------------------------------------------------------


def _shown(state: HighCardState, seat: int, viewer: int | None) -> str:
    """A card as ``viewer`` sees it (None: everything): the value, ``hidden`` or ``-``."""
    card = state.cards[seat]
    if card is None:
        return "-"
    return str(card) if viewer in (None, seat) or state.game_over else "hidden"


class HighCardSampler:
    """The ``Sampler``: full states agreeing with one seat's observation (``viewer``).

    What a seat cannot see: the other seat's card (until the end) and the seed (which decides
    the deals still to come). Redrawing both gives a state that seat cannot tell apart.
    """

    def __init__(self, rules: HighCardRules, view: Mapping[str, Any]) -> None:
        if view.get("game") != NAME or view.get("viewer") not in range(SEATS):
            raise ValueError(f"not an observation of {NAME}")
        self.viewer: int = view["viewer"]
        self.rules = rules
        self.view = view

    def sample(self, rng: random.Random) -> HighCardState:
        """A state showing the viewer the same; the hidden card and the seed drawn from ``rng``."""
        view = self.view
        shown = view["cards"]
        cards = [None if c in ("-", "hidden") else int(c) for c in shown]
        left = sorted(set(range(1, self.rules.cards + 1)) - {c for c in cards if c is not None})
        for seat, seen in enumerate(shown):
            if seen == "hidden":  # dealt face down: any card the viewer has not seen
                cards[seat] = left.pop(rng.randrange(len(left)))
        data = {key: view[key] for key in FIELDS if key in view}
        data.update(seed=rng.getrandbits(128), deck=left, cards=cards)
        return _read(self.rules, {"game": NAME, "state": data})


class HighCardActions:
    """The ``ActionSpace``: ``bet 0`` to ``bet 2``, then ``fold``, numbered from 0."""

    def __init__(self, rules: HighCardRules) -> None:
        bets = (Action("bet", (str(n),)) for n in range(rules.max_bet + 1))
        self.actions = (*bets, Action("fold", ()))

    @property
    def size(self) -> int:
        """How many actions there are."""
        return len(self.actions)

    def index(self, action: Action) -> int:
        """The index of ``action``."""
        if action not in self.actions:
            raise ValueError(f"{action} is not an action of {NAME}")
        return self.actions.index(action)

    def action(self, index: int) -> Action:
        """The action at ``index``."""
        if not 0 <= index < self.size:
            raise ValueError(f"index {index} is not in 0..{self.size - 1}")
        return self.actions[index]


class HighCardTensor:
    """The ``TensorLayout``: the seat's own card, the chips, the pot, the bets, who decides."""

    def __init__(self, rules: HighCardRules) -> None:
        self.rules = rules
        self.segments: Sequence[tuple[str, int]] = (
            ("card", 1),
            ("chips", SEATS),
            ("pot", 1),
            ("bets_made", 1),
            ("to_move", SEATS),
        )
        self.size = sum(n for _, n in self.segments)

    def write(self, state: Any, player: int, out: Any) -> None:
        """Floats in [0, 1], seats counted from ``player``; nothing ``player`` cannot see."""
        every = SEATS * self.rules.chips
        out[0] = (state.cards[player] or 0) / self.rules.cards
        for k in range(SEATS):
            out[1 + k] = state.chips[(player + k) % SEATS] / every
        out[3] = state.pot / every
        out[4] = state.bets_made / (2 * state.rounds)
        if state.current_player in range(SEATS):
            out[5 + (state.current_player - player) % SEATS] = 1.0


class HighCard(Game[HighCardRules, HighCardState]):
    """High Card, for two players."""

    name = NAME
    title = "High Card"
    player_counts = (SEATS,)
    default_players = SEATS
    options = (Option("rounds", "the rounds of bets", 3, (1, 2, 3)),)
    variants = (Variant(NAME, "two players", SEATS),)
    state_type = HighCardState
    rules_type = HighCardRules
    engine = ENGINE

    def load_rules(self, path: str | None = None) -> HighCardRules:
        """The standard rules, or those of ``high_card.json`` in the folder ``path``."""
        if path is None:
            return HighCardRules()
        with open(f"{path}/high_card.json", encoding="utf-8") as file:
            return HighCardRules(**json.load(file))

    def new_state(
        self, rules: HighCardRules, players: int, seed: int, options: Mapping[str, Any]
    ) -> HighCardState:
        """The deck set out, nothing dealt yet; settling deals (or waits, in explicit mode)."""
        unknown = set(options) - {"rounds", "chance"}  # ``chance``: a game with chance steps
        rounds = options.get("rounds", 3)
        if players != SEATS or unknown or rounds not in (1, 2, 3):
            raise ValueError(f"{NAME} takes 2 players and the option rounds (1, 2 or 3)")
        state = HighCardState(
            rules_name=rules.name,
            rules_hash=rules.content_hash,
            player_count=players,
            seed=seed,
            draws=0,
            explicit_chance=chance_mode(options.get("chance", "auto")),
            rounds=rounds,
            deck=list(range(1, rules.cards + 1)),
            cards=[None] * SEATS,
            chips=[rules.chips] * SEATS,
            pot=0,
            bets_made=0,
            folded=None,
            game_over=False,
        )
        state.agenda = pending(state)
        ENGINE.settle(rules, state)  # resolves the deals from the seed, in the auto mode
        return state

    def scores(self, rules: HighCardRules, state: HighCardState) -> HighCardScores:
        """Each seat's chips, and the winners."""
        lines = tuple(SeatScore(chips) for chips in state.chips)
        return HighCardScores(lines, self.winners(rules, state))

    def totals(self, rules: HighCardRules, state: HighCardState) -> list[float]:
        """The chips each seat holds (the pot is no one's before the end): public, so the
        default ``score_text`` shows nothing hidden before the end."""
        return [float(chips) for chips in state.chips]

    def winners(self, rules: HighCardRules, state: HighCardState) -> tuple[int, ...]:
        """The seats with the most chips."""
        return tuple(p for p, chips in enumerate(state.chips) if chips == max(state.chips))

    def observation(
        self, rules: HighCardRules, state: HighCardState, player: int
    ) -> dict[str, Any]:
        """What ``player`` sees: every field but the seed, the deck and the other's card.

        The doors need ``game``, ``viewer``, ``rules_name``, ``rules_hash`` and ``decision``.
        """
        seen = asdict(
            state, filter=lambda a, _: a.name in FIELDS and a.name not in ("seed", "deck")
        )
        cards = [_shown(state, seat, player) for seat in range(SEATS)]
        decision = ENGINE.decision_view(state)
        return {"game": NAME, "viewer": player, **seen, "cards": cards, "decision": decision}

    def to_json(self, state: HighCardState) -> str:
        """The state file's document: ``{"format": 1, "game": ..., "state": {...}}``."""
        fields = asdict(state, filter=lambda a, _: a.name in FIELDS)
        return json.dumps({"format": 1, "game": NAME, "state": fields})

    def from_json(self, rules: HighCardRules, text: str | bytes) -> HighCardState:
        """The state in ``text``, with every check against ``rules``."""
        try:
            document = json.loads(text)
        except ValueError as exc:
            raise StateError(f"not JSON: {exc}") from exc
        return _read(rules, document)

    def text(self, rules: HighCardRules, state: HighCardState) -> str:
        """The whole position, both cards shown: a tool's view, not a player's."""
        return self._text(state, None)

    def seat_text(self, rules: HighCardRules, state: HighCardState, player: int) -> str:
        """The position as ``player`` sees it: the other's card hidden until the end."""
        return self._text(state, player)

    def _text(self, state: HighCardState, viewer: int | None) -> str:
        lines = [f"High Card: pot {state.pot}, {state.bets_made} of {2 * state.rounds} bets"]
        for seat in range(SEATS):
            mark = "  <- to decide" if seat == state.current_player else ""
            card = _shown(state, seat, viewer)
            lines.append(f"P{seat}: card {card}, {state.chips[seat]} chips{mark}")
        return "\n".join(lines)

    def svg(
        self, rules: HighCardRules, state: HighCardState | None, viewer: int | None = None
    ) -> str:
        """Both cards (face down where ``viewer`` may not see them), the chips and the pot."""
        return self._picture(state, viewer, None)

    def clickable_svg(self, rules: HighCardRules, state: HighCardState, viewer: int) -> str:
        """The picture, with a button per option for the seat to decide (``core/clickable``)."""
        if state.game_over or state.current_player != viewer:
            return self.svg(rules, state, viewer)
        options = [
            (a, None, self.describe(rules, state, a)) for a in self.legal_actions(rules, state)
        ]
        return self._picture(state, viewer, Clicks(options, ENGINE.steps["bet"].prompt))

    def _picture(
        self, state: HighCardState | None, viewer: int | None, clicks: Clicks | None
    ) -> str:
        parts = []
        for seat in range(SEATS):
            shown = "" if state is None else _shown(state, seat, viewer)
            chips = "" if state is None else f"P{seat}: {state.chips[seat]} chips"
            x = 20 + 160 * seat
            parts.append(el("rect", x=x, y=20, width=60, height=84, rx=6, fill="#f4ecd8"))
            parts.append(text(x + 22, 70, "?" if shown == "hidden" else shown, font_size=24))
            parts.append(text(x, 124, chips, font_size=13))
        pot = "" if state is None else f"pot {state.pot}"
        parts.append(text(120, 150, pot, font_size=13))
        height = 170
        if clicks is not None:
            panel = clicks.controls(320)
            assert panel is not None  # no option has a place: every one is a button
            parts.append(el("g", panel_group(panel), transform=f"translate(10,{height})"))
            height += panel.box[3] + 10
        return el(
            "svg",
            *parts,
            xmlns="http://www.w3.org/2000/svg",
            width=340,
            height=height,
            viewBox=f"0 0 340 {height}",
        )

    def describe(self, rules: HighCardRules, state: HighCardState, action: Action) -> str:
        """An option in words, for people choosing."""
        if action.kind == "fold":
            return "fold: give up the pot"
        if action.kind == "deal":
            return f"deal a {action.args[0]}"
        return f"bet {action.args[0]} chip{'' if action.args[0] == '1' else 's'}"

    def describe_events(self, state: HighCardState) -> list[str]:
        """What the last action did, in words."""
        words = {
            "deal": "P{p} is dealt a card",
            "bet": "P{p} bets {chips}; the pot holds {pot}",
            "fold": "P{p} takes the pot of {pot}: the other folded; the cards were {cards}",
            "showdown": "P{p} shows the higher card and takes the pot of {pot}; the cards: {cards}",
        }
        return [words[e.kind].format(p=e.player, **e.detail) for e in state.events]

    def sampler(self, rules: HighCardRules, view: Mapping[str, Any]) -> HighCardSampler:
        """Redraws what the viewer cannot see."""
        return HighCardSampler(rules, view)

    def action_space(self, rules: HighCardRules) -> HighCardActions:
        """The four actions of a seat."""
        return HighCardActions(rules)

    def tensor_layout(self, rules: HighCardRules) -> HighCardTensor:
        """The observation vector."""
        return HighCardTensor(rules)


#: The one High Card game object.
HIGH_CARD = HighCard()


def register_game() -> HighCard:
    """Register High Card (again is a no-op), so that every door finds it by its name."""
    register(HIGH_CARD)
    return HIGH_CARD


def play(seed: int) -> tuple[HighCardState, list[str]]:
    """One game between two random players: its last state, and the lines the script prints."""
    register_game()
    rng = random.Random(seed)
    state = sr.new_game(2, seed, game=NAME)
    assert isinstance(state, HighCardState)  # the API's type knows no game
    # What P0 sees at the start, then a line per action.
    lines = HIGH_CARD.seat_text(HIGH_CARD.load_rules(), state, 0).splitlines()
    while not sr.is_terminal(state):
        action = rng.choice(sr.legal_actions(state))
        state = sr.apply(state, action)
        assert isinstance(state, HighCardState)
        lines.append(f"{action}: " + "; ".join(HIGH_CARD.describe_events(state)))
    lines.append("winners: " + ", ".join(f"P{p}" for p in sr.final_scores(state).winners))
    return state, lines


if __name__ == "__main__":
    print("\n".join(play(int(sys.argv[1]) if len(sys.argv) > 1 else 1)[1]))
