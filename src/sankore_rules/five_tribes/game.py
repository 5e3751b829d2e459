"""Five Tribes as one [`Game`][sankore_rules.core.game.Game]: what every door asks of it.

Importing this module assembles the game: it imports every rules module, whose steps register
on Five Tribes' engine. What a player may see is the game's business (``observation``): the
resource deck and the Djinn deck show how many cards they hold (they keep no order, and what
they hold is what is seen nowhere else), the seed and the count of draws made (which would
predict every draw) are hidden; the bag is only counted anyway. Players keep their coins face
down (FT-PUB-3): the other players' coins are hidden (``null``), and so is the bank, whose
count would give away the coins in the players' hands; every payment and gain is shown to all
as it is made (ruling FT-ENGINE-13), which the sampler of a seat's history reads.

The hooks of the doors (text and SVG drawing, the greedy bot's evaluation, the sampler of
hidden parts, the action space and tensor) live in their own modules of this package and are
imported when a door first asks.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from sankore_rules.core.actions import Action
from sankore_rules.core.chance import chance_mode
from sankore_rules.core.game import ActionSpace, Game, Sampler, TensorLayout, Variant
from sankore_rules.core.information import InformationState
from sankore_rules.five_tribes import serial
from sankore_rules.five_tribes.board import GAME, FiveTribesRules, load_five_tribes
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules import (  # noqa: F401 - imported for their step registrations
    auction,
    colours,
    djinns,
    draws,
    move,
    round,
    sets,
    tiles,
)
from sankore_rules.five_tribes.rules.setup import new_five_tribes
from sankore_rules.five_tribes.scoring import TribesScores, tribes_scores
from sankore_rules.five_tribes.state import FiveTribesState

__all__ = ["ENGINE", "FIVE_TRIBES", "FiveTribesGame"]


class FiveTribesGame(Game[FiveTribesRules, FiveTribesState]):
    """Five Tribes, for 2-4 players."""

    name = GAME
    title = "Five Tribes"
    player_counts = (2, 3, 4)
    default_players = 2
    variants = (Variant("five_tribes", "2-4 players", 2),)
    state_type = FiveTribesState
    rules_type = FiveTribesRules
    engine = ENGINE
    #: The explicit mode deals the setup by chance steps (``rules/setup.py``).
    chance_setup = True

    def load_rules(self, path: str | None = None) -> FiveTribesRules:
        """The bundled tables of ``data/five_tribes/``, or a corrected copy from ``path``."""
        return load_five_tribes(path)

    def new_state(
        self,
        rules: FiveTribesRules,
        players: int,
        seed: int,
        options: Mapping[str, Any],
    ) -> FiveTribesState:
        """A new game for 2-4 players, waiting for the first bid (or the setup's deal).

        In the explicit mode of chance the setup is dealt by chance steps: the game waits for
        the first of them (``rules/setup.py``). Its only option is every game's ``chance``
        (``"auto"`` or ``"explicit"``, see ``core/chance.py``), which is not one of its own
        ``options``.

        Raises:
            ValueError: an option (Five Tribes takes none of its own), a player count or a
                seed it does not take.
        """
        unknown = sorted(set(options) - {"chance"})
        if unknown:
            raise ValueError(
                f"Five Tribes takes no option {', '.join(unknown)}: "
                "library=, scholar= and turn_limit= are options of Sankoré alone"
            )
        explicit = chance_mode(options.get("chance", "auto"))
        return new_five_tribes(rules, players, seed, explicit)

    def scores(self, rules: FiveTribesRules, state: FiveTribesState) -> TribesScores:
        """The score sheet: per player the total, the points by source and the coins left."""
        return tribes_scores(rules, state)

    def totals(self, rules: FiveTribesRules, state: FiveTribesState) -> list[float]:
        """Each seat's victory points as they stand."""
        return [float(line.total) for line in tribes_scores(rules, state).players]

    def winners(self, rules: FiveTribesRules, state: FiveTribesState) -> tuple[int, ...]:
        """The winners, a shared victory when tied."""
        return tribes_scores(rules, state).winners

    def observation(
        self, rules: FiveTribesRules, state: FiveTribesState, player: int
    ) -> dict[str, Any]:
        """What ``player`` may see, JSON-ready (see the module's docstring for what is hidden)."""
        data: dict[str, Any] = json.loads(serial.write_state(state))["state"]
        for hidden in ("seed", "draws"):
            data.pop(hidden)
        data["deck"] = len(data["deck"])
        data["djinn_deck"] = len(data["djinn_deck"])
        # FT-PUB-3: coins are kept face down.
        data["bank"] = None
        for seat, holder in enumerate(data["players"]):
            if seat != player:
                holder["coins"] = None
        data["viewer"] = player
        data["events"] = [
            {"kind": e.kind, "player": e.player, "detail": dict(e.detail)} for e in state.events
        ]
        data["decision"] = ENGINE.decision_view(state)
        return data

    def to_json(self, state: FiveTribesState) -> str:
        """The state as JSON text; its document names the game."""
        return serial.write_state(state)

    def from_json(self, rules: FiveTribesRules, text: str | bytes) -> FiveTribesState:
        """The state in ``text``, checked against ``rules``.

        Raises:
            StateError: the text is not a sound Five Tribes state of ``rules``.
        """
        return serial.read_checked(rules, text)

    # --- hooks of the doors, each in a module of its own --------------------------------------

    def text(self, rules: FiveTribesRules, state: FiveTribesState) -> str:
        """The Sultanate, the tracks, the markets and every player as text."""
        from sankore_rules.five_tribes.display import render_text

        return render_text(rules, state)

    def svg(
        self, rules: FiveTribesRules, state: FiveTribesState | None, viewer: int | None = None
    ) -> str:
        """The table as one SVG picture; for a viewer, the coins it may not see hidden."""
        from sankore_rules.five_tribes.display import state_svg

        return state_svg(rules, state, viewer=viewer)

    def clickable_svg(self, rules: FiveTribesRules, state: FiveTribesState, viewer: int) -> str:
        """The picture for ``viewer``, its legal actions on it when it is to decide."""
        from sankore_rules.five_tribes.display.picture import state_svg

        return state_svg(rules, state, viewer=viewer, clickable=True)

    def describe_events(self, state: FiveTribesState) -> list[str]:
        """The last action's events in words."""
        from sankore_rules.five_tribes.display import describe_events

        return describe_events(state)

    def describe(self, rules: FiveTribesRules, state: FiveTribesState, action: Action) -> str:
        """The action in words, in the voice of the events."""
        from sankore_rules.five_tribes.display.describe import describe

        return describe(rules, state, action)

    def evaluate(self, rules: FiveTribesRules, state: FiveTribesState, player: int) -> float:
        """Points, then coins and goods (see ``five_tribes.search.evaluate``)."""
        from sankore_rules.five_tribes.search import evaluate

        return evaluate(rules, state, player)

    def evaluate_seats(self, rules: FiveTribesRules, state: FiveTribesState) -> list[float]:
        """Every seat's ``evaluate``, the score sheet drawn up once for all of them."""
        from sankore_rules.five_tribes.search import evaluate_seats

        return evaluate_seats(rules, state)

    def sampler(self, rules: FiveTribesRules, view: Mapping[str, Any]) -> Sampler:
        """Redraws the seed and, from one observation alone, the others' coins around one's own.

        The decks' contents are fixed by what is seen (they keep no order); see
        ``five_tribes.search``.
        """
        from sankore_rules.five_tribes.search import TribesSampler

        return TribesSampler(rules, view)

    def information_sampler(self, rules: FiveTribesRules, information: InformationState) -> Sampler:
        """The sampler of one seat's whole history: the rivals' coins as its payments fix them.

        Every payment and gain is public (ruling FT-ENGINE-13): from the game's start, the
        rivals' coins are exact; an information state that starts later (a state read by
        ``from_json``) leaves them drawn around the seat's own, as ``sampler`` does.
        """
        from sankore_rules.five_tribes.search import TribesSampler, coins_seen

        return TribesSampler(rules, information.observation, coins_seen(rules, information))

    def action_space(self, rules: FiveTribesRules) -> ActionSpace:
        """Every action the tables allow, numbered the same in every run."""
        from sankore_rules.five_tribes.agents import action_space

        return action_space(rules)

    def tensor_layout(self, rules: FiveTribesRules) -> TensorLayout:
        """The observation tensor's layout for ``rules``."""
        from sankore_rules.five_tribes.agents import tensor_layout

        return tensor_layout(rules)

    def score_text(
        self, rules: FiveTribesRules, state: FiveTribesState, *, final: bool = True
    ) -> str:
        """The score sheet: a line per player with the points by source, and the winners."""
        from sankore_rules.five_tribes.display import render_scores

        return render_scores(tribes_scores(rules, state), final=final)

    def seat_text(self, rules: FiveTribesRules, state: FiveTribesState, player: int) -> str:
        """The text view as ``player`` sees it: the others' coins and the bank hidden."""
        text = self.text(rules, state)
        # The drawing writes each count in one known place: hide those (FT-PUB-3).
        text = text.replace(f"bank {state.bank} coins", "bank ? coins")
        for seat, holder in enumerate(state.players):
            if seat != player:
                text = text.replace(f"P{seat}: {holder.coins} coins,", f"P{seat}: ? coins,")
        return text


#: The one Five Tribes game object the registry holds.
FIVE_TRIBES = FiveTribesGame()
