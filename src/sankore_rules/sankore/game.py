"""Sankoré as one [`Game`][sankore_rules.core.game.Game]: what every door asks of it.

Importing this module assembles the game: it imports every rules module, whose steps register
on Sankoré's engine. The solo game against the Scholar is Sankoré with ``players=1`` and a
difficulty: its state has two seats, you (P0) and the Scholar (P1), whose turns the rules play
by themselves, so P0 is the only seat that decides (``agents``).

The hooks of the doors (text and SVG drawing, the greedy bot's evaluation, the sampler of
hidden parts, the action space and tensor) live in their own modules of this package and are
imported when a door first asks, so that playing a game loads none of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import cattrs

from sankore_rules.core.actions import Action
from sankore_rules.core.chance import chance_mode
from sankore_rules.core.game import ActionSpace, Game, Option, Sampler, TensorLayout, Variant
from sankore_rules.core.information import InformationState
from sankore_rules.core.serial import accept
from sankore_rules.sankore import board, engine
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.limits import SCHOLAR_ROWS
from sankore_rules.sankore.outcome import score_sheet
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
from sankore_rules.sankore.rules.setup import new_state
from sankore_rules.sankore.solo import actions as _solo_actions  # noqa: F401 - its steps
from sankore_rules.sankore.solo import teach as _solo_teach  # noqa: F401 - its step
from sankore_rules.sankore.solo import turn as _solo_turn  # noqa: F401 - its steps
from sankore_rules.sankore.solo.setup import new_solo_state
from sankore_rules.sankore.state import DEAL_OBJECTIVE, State, from_json, to_json
from sankore_rules.sankore.validity import state_problems

__all__ = ["SANKORE", "SankoreGame"]

#: The name of the game, and of its JSON documents' game (Sankoré's JSON leaves it out).
NAME = "sankore"
_OBSERVER = cattrs.Converter()


class SankoreGame(Game[Rules, State]):
    """Sankoré: The Pride of Mansa Musa, for 2-4 players, and solo against the Scholar."""

    name = NAME
    title = "Sankoré: The Pride of Mansa Musa"
    player_counts = (1, 2, 3, 4)
    default_players = 2
    options = (
        Option(
            "library",
            "the Library side: three_shelf or six_shelf (solo: three_shelf)",
            "three_shelf",
            ("three_shelf", "six_shelf"),
        ),
        Option(
            "scholar",
            "with players=1, the Scholar's difficulty (SOLO-SET-1)",
            None,
            (None, "easy", "medium", "hard", "very_hard"),
        ),
        Option(
            "scholar_row",
            "with players=1, the row space each Scholar turn of phases 2 and 3 uses: "
            "leftmost_empty (the text) or next_space (after the previous turn's) (SCHOLAR-4)",
            None,
            (None, *SCHOLAR_ROWS),
        ),
        Option(
            "turn_limit",
            "end the game once a player has had this many turns (a variant; None: never)",
            None,
        ),
    )
    variants = (
        Variant("sankore", "2-4 players", 2),
        *(
            Variant(f"solo_{level}", f"solo against the Scholar, {level}", 1, {"scholar": level})
            for level in ("easy", "medium", "hard", "very_hard")
        ),
    )
    state_type = State
    rules_type = Rules
    engine = engine.ENGINE
    #: The explicit mode deals every random placement of setup, the hands and the first
    #: player by chance steps (``sankore/placements.py``, ``rules/setup.py``).
    chance_setup = True

    def load_rules(self, path: str | None = None) -> Rules:
        """The bundled tables, or a corrected copy from the folder ``path``."""
        return board.load_rules(path)

    def new_state(self, rules: Rules, players: int, seed: int, options: Mapping[str, Any]) -> State:
        """A new game settled to the first player's draft (see ``sankore_rules.new_game``).

        Raises:
            ValueError: a player count, option or option value Sankoré does not take.
        """
        # ``chance`` is every game's option (core/chance.py), not one of Sankoré's own.
        unknown = sorted(set(options) - {o.name for o in self.options} - {"chance"})
        if unknown:
            raise ValueError(f"Sankoré takes no option {', '.join(unknown)}")
        library = options.get("library", "three_shelf")
        scholar = options.get("scholar")
        scholar_row = options.get("scholar_row")
        turn_limit = options.get("turn_limit")
        explicit = chance_mode(options.get("chance", "auto"))
        if isinstance(players, bool) or not isinstance(players, int) or not 1 <= players <= 4:
            raise ValueError(f"players must be 1 (the solo game), 2, 3 or 4, got {players!r}")
        choices = ", ".join(repr(d) for d in rules.solo_difficulties)
        if players == 1 and scholar is None:
            raise ValueError(f"the solo game (players=1) needs scholar= one of {choices}")
        if players != 1 and scholar is not None:
            raise ValueError(
                "scholar= sets the solo opponent of a game of players=1, "
                f"not of players={players!r}"
            )
        if players != 1 and scholar_row is not None:
            raise ValueError(
                f"scholar_row= sets how the Scholar of a game of players=1 uses its rows, "
                f"not a game of players={players!r}"
            )
        if players == 1:
            row = SCHOLAR_ROWS[0] if scholar_row is None else scholar_row
            return new_solo_state(rules, scholar, seed, library, turn_limit, row, explicit)
        return new_state(rules, players, seed, library, turn_limit, explicit)

    def agents(self, state: State) -> tuple[int, ...]:
        """Every seat but the Scholar's: it plays by itself."""
        return tuple(p for p in range(state.player_count) if not state.is_scholar(p))

    def scores(self, rules: Rules, state: State) -> Scores:
        """Both sheets in a solo game (SOLO-END-1); everyone's otherwise (SCORE-1)."""
        return score_sheet(rules, state)

    def totals(self, rules: Rules, state: State) -> list[float]:
        """Each seat's total Prestige as it stands."""
        return [float(sheet.total) for sheet in self.scores(rules, state).players]

    def winners(self, rules: Rules, state: State) -> tuple[int, ...]:
        """The winners after the tie-breaks (TIE-1, TIE-2); solo: you only with more."""
        return tuple(self.scores(rules, state).winners)

    def observation(self, rules: Rules, state: State, player: int) -> dict[str, Any]:
        """What ``player`` may see (see ``sankore_rules.observation``).

        The Scholar's face-down deck (its ``objectives``) is hidden from every seat, its own
        included: nobody at the table knows the order of its deck.
        """
        data: dict[str, Any] = _OBSERVER.unstructure(state)
        data.pop("seed")
        data["game"] = NAME
        data["viewer"] = player
        for p, pl in enumerate(data["players"]):
            if p != player or state.is_scholar(p):
                pl["objectives"] = len(pl["objectives"])
        solo = data.pop("solo")
        if solo is not None:
            bag = solo.pop("bag")
            solo["bag_counts"] = [bag.count(d) for d in rules.disciplines]
            data["solo"] = solo
        for column in data["market"]:
            for pile in ("pile1", "pile2"):
                tiles = column.pop(pile)
                column[f"{pile}_top"] = tiles[0] if tiles else None
                column[f"{pile}_count"] = len(tiles)
        data["decision"] = self.engine.decision_view(state)
        return data

    def to_json(self, state: State) -> str:
        """The state as JSON text (format 1)."""
        return to_json(state)

    def from_json(self, rules: Rules, text: str | bytes) -> State:
        """The state in ``text``, refused with the reason unless some game could reach it."""
        state = from_json(text)
        accept(rules, state, state_problems)
        return state

    def reads(self, document: Mapping[str, Any]) -> bool:
        """Sankoré's documents name no game (they came first); a named one must be Sankoré."""
        return bool(document.get("game", NAME) == NAME)

    # --- hooks of the doors, each in a module of its own --------------------------------------

    def text(self, rules: Rules, state: State) -> str:
        """The board, the market and every player's board as text."""
        from sankore_rules.sankore.display.text import render_text

        return render_text(rules, state)

    def svg(self, rules: Rules, state: State | None, viewer: int | None = None) -> str:
        """The whole table as one SVG picture; for a viewer, hands it may not see face down."""
        from sankore_rules.sankore.display.svg import state_svg

        return state_svg(rules, state, viewer=viewer)

    def clickable_svg(self, rules: Rules, state: State, viewer: int) -> str:
        """The picture for ``viewer``, its legal actions on it when it is to decide."""
        from sankore_rules.sankore.display.svg import state_svg

        return state_svg(rules, state, viewer=viewer, clickable=True)

    def describe_events(self, state: State) -> list[str]:
        """The last action's events in words."""
        from sankore_rules.sankore.display.text import describe_events

        return describe_events(state)

    def describe(self, rules: Rules, state: State, action: Action) -> str:
        """The action in words, in the voice of the events."""
        from sankore_rules.sankore.display.describe import describe

        return describe(rules, state, action)

    def evaluate(self, rules: Rules, state: State, player: int) -> float:
        """Score, then the means to score more (see ``sankore.search.evaluate``)."""
        from sankore_rules.sankore.search import evaluate

        return evaluate(rules, state, player)

    def evaluate_seats(self, rules: Rules, state: State) -> list[float]:
        """Every seat's ``evaluate``, the score sheet drawn up once for all of them."""
        from sankore_rules.sankore.search import evaluate_seats

        return evaluate_seats(rules, state)

    def sampler(self, rules: Rules, view: Mapping[str, Any]) -> Sampler:
        """Redraws the other hands, the piles below their tops and the Scholar's deck and bag."""
        from sankore_rules.sankore.search import SankoreSampler

        return SankoreSampler(rules, view)

    def replayed_outcome(
        self, rules: Rules, state: State, outcome: Action, sample: State, seat: int
    ) -> Action:
        """At a deal to another seat than ``seat``, the next card of ``sample``'s hand there.

        A hand at the deal is its cards held now with those completed since (in the open)
        and, for the Scholar's deck, those turned into its card slots; ``seat``'s own cards
        come as they came (it saw them), every other draw as it was.
        """
        task = state.agenda[-1] if state.agenda else None
        if task is None or task.kind != DEAL_OBJECTIVE or task.args["player"] == seat:
            return outcome
        p = task.args["player"]
        held = sample.players[p]
        hand = {*held.objectives, *held.completed}
        if sample.solo is not None and state.is_scholar(p):
            hand.update(sample.solo.slots)
        dealt = set(state.players[p].objectives)
        return Action("deal", (str(min(hand - dealt)),))

    def information_sampler(self, rules: Rules, information: InformationState) -> Sampler:
        """The ``sampler`` of the latest observation, told every event the seat was shown.

        A card or tile the seat saw leave play (the Scholar's draft card, returned to the box)
        is then never drawn back into a hidden hand, deck or pile.
        """
        from sankore_rules.sankore.search import SankoreSampler

        return SankoreSampler(rules, information.observation, information.events())

    def action_space(self, rules: Rules) -> ActionSpace:
        """Every action the tables allow, numbered the same in every run."""
        from sankore_rules.sankore.agents import action_space

        return action_space(rules)

    def tensor_layout(self, rules: Rules) -> TensorLayout:
        """The observation tensor's layout for ``rules``."""
        from sankore_rules.sankore.agents import tensor_layout

        return tensor_layout(rules)

    def score_text(self, rules: Rules, state: State, *, final: bool = True) -> str:
        """The score sheet: icons, value and points per discipline, totals, winners."""
        from sankore_rules.sankore.display.text import render_scores

        return render_scores(self.scores(rules, state), final=final)

    def seat_text(self, rules: Rules, state: State, player: int) -> str:
        """The text view without the seed, the others' Objective cards and the Scholar's deck."""
        from sankore_rules.sankore.display.text import render_text

        return render_text(rules, state, viewer=player)


#: The one Sankoré game object the registry holds.
SANKORE = SankoreGame()
