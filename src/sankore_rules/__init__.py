"""sankore_rules: a complete, UI-free rules engine for *Sankoré: The Pride of Mansa Musa*.

Examples:
    >>> import sankore_rules as sr
    >>> state = sr.new_game(players=2, seed=3)
    >>> actions = sr.legal_actions(state)
    >>> state = sr.apply(state, actions[0])
    >>> sr.is_terminal(state)
    False
"""

from sankore_rules.api import (
    CHANCE,
    apply,
    chance_outcomes,
    describe,
    explain,
    final_scores,
    find_game,
    from_json,
    game_of,
    games,
    information_state,
    information_state_string,
    is_terminal,
    legal_actions,
    load_rules,
    new_game,
    observation,
    parse_action,
    returns,
    rules_of,
    to_json,
)
from sankore_rules.core.actions import Action
from sankore_rules.core.errors import (
    ActionSyntaxError,
    IllegalAction,
    Reason,
    RulesDataError,
    StateError,
)
from sankore_rules.core.game import Game, NotSupported, Option, Variant
from sankore_rules.core.registry import register
from sankore_rules.interfaces.records import (
    Record,
    RecordError,
    ReplayError,
    load_record,
    replay,
    save_record,
)
from sankore_rules.interfaces.render import render_state
from sankore_rules.interfaces.svg import state_svg
from sankore_rules.interfaces.viewer import viewer_html
from sankore_rules.queries import (
    Knowledge,
    Placement,
    Storage,
    knowledge,
    reachable_spaces,
    storage,
)
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.display.svg import area_svg, board_svg, library_svg, player_board_svg
from sankore_rules.sankore.rules.scoring import DisciplineScore, PlayerScore, Scores
from sankore_rules.sankore.state import Event, SoloState, State, Task

__version__ = "0.1.0"
"""The package's version (PEP 440); ``sankore-rules --version`` prints it."""

__all__ = [
    "CHANCE",
    "Action",
    "ActionSyntaxError",
    "DisciplineScore",
    "Event",
    "Game",
    "IllegalAction",
    "Knowledge",
    "NotSupported",
    "Option",
    "Placement",
    "PlayerScore",
    "Reason",
    "Record",
    "RecordError",
    "ReplayError",
    "Rules",
    "RulesDataError",
    "Scores",
    "SoloState",
    "State",
    "StateError",
    "Storage",
    "Task",
    "Variant",
    "apply",
    "area_svg",
    "board_svg",
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
    "knowledge",
    "legal_actions",
    "library_svg",
    "load_record",
    "load_rules",
    "new_game",
    "observation",
    "parse_action",
    "player_board_svg",
    "reachable_spaces",
    "register",
    "render_state",
    "replay",
    "returns",
    "rules_of",
    "save_record",
    "state_svg",
    "storage",
    "to_json",
    "viewer_html",
]
