"""Sankoré as SVG pictures, like python-chess's ``chess.svg``.

The main board, one part of it, the Library, a player board, or the whole table, from a state
or from a ruleset alone. [`state_svg`][sankore_rules.sankore.display.svg.state_svg] is the
game's drawing hook (what ``sankore_rules.state_svg`` and the viewer show); the others are
Sankoré's own pictures, public as ``sankore_rules.board_svg`` and so on.

Every picture takes a ``State`` (its pieces drawn, and whatever its last action touched ringed
in the highlight colour) or a ``Rules`` (the board as the ruleset sets it out, empty). Where
each thing goes and the colours are the ruleset's drawing table (``data/drawing.toml``); which
place joins which comes from its graphs. Pieces take their player's colour and carry the
player's number; Books, tokens, Students and tiles take their discipline's.

The text is one ``<svg>`` element, with a ``<title>`` per thing for tooltips and screen
readers; things a program may look for carry ``data-*`` attributes (``data-space``,
``data-piece``, ``data-player``, ``data-event`` for the last action's marks). In Jupyter a
state draws itself (``State._repr_svg_``).

A state is drawn by its own ruleset: the bundled one, or the ``rules=`` given (this package
sits below the public API and its register of loaded rulesets).

Examples:
    >>> import sankore_rules as sr
    >>> svg = board_svg(sr.new_game(players=2, seed=3))
    >>> svg.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    True
    >>> svg.count('data-piece="camel"')
    2
"""

from __future__ import annotations

from sankore_rules.core.chance import decision_words
from sankore_rules.core.clickable import with_controls
from sankore_rules.core.errors import StateError
from sankore_rules.core.svg import Panel, picture
from sankore_rules.sankore import engine
from sankore_rules.sankore.board import Rules, load_rules
from sankore_rules.sankore.display.svg.board import PANELS, board_panel
from sankore_rules.sankore.display.svg.clicks import clicks_for
from sankore_rules.sankore.display.svg.scene import Scene
from sankore_rules.sankore.display.svg.school import library_panel, library_size, player_panel
from sankore_rules.sankore.drawing import BOARD_PANELS
from sankore_rules.sankore.outcome import score_sheet
from sankore_rules.sankore.state import State

__all__ = [
    "AREAS",
    "area_svg",
    "board_svg",
    "library_svg",
    "player_board_svg",
    "state_layout",
    "state_svg",
]

#: The parts of the main board ``area_svg()`` draws on their own.
AREAS = BOARD_PANELS
#: Room above the main board's panels for the line saying who decides what.
_STATUS = 36
#: Room between the main board and the pictures below it.
_GAP = 10


def state_svg(
    rules: Rules,
    state: State | None,
    *,
    marks: bool = True,
    viewer: int | None = None,
    clickable: bool = False,
) -> str:
    """Everything at once: the main board, the Library and every player's board.

    This is the game's drawing hook: what a state shows in Jupyter, what
    ``sankore_rules.state_svg`` and ``sankore-rules show --svg`` give, and each frame of the
    viewer.

    Args:
        rules: the ruleset.
        state: the state to draw, or None for the empty table (its queues those of 4 players).
        marks: ring what the state's last action touched (``state.events``).
        viewer: None draws every hand; a seat sees its own Objective cards and only how many
            the others hold (OBJ-1); ``SPECTATOR`` (-1) only how many each holds. The
            Scholar's deck is face down for every viewer (SOLO: nobody knows its order).
        clickable: when ``viewer`` is the seat to decide, put its legal actions on the
            picture (``data-actions`` on the places they stand for, and a panel of buttons
            at the bottom for the others; see ``core/clickable.py``). For any other viewer
            the picture is the plain one.
    """
    clicks = clicks_for(rules, state, viewer) if clickable and state is not None else None
    scene = Scene(rules, state, marks, viewer, clicks)
    size, panels = _layout(scene)
    if clicks is not None:
        size, panels = with_controls(clicks, size, panels, _STATUS, _GAP)
    label = (
        "Sankoré: the whole game"
        if viewer is None
        else "Sankoré as a spectator sees it"
        if viewer < 0
        else f"Sankoré as P{viewer} sees it"
    )
    return picture("state", label, size, scene.colours.board, panels)


def board_svg(source: State | Rules, *, rules: Rules | None = None, marks: bool = True) -> str:
    """The main board: the four areas, the Student queues, the Graduation tiles, the Favour track.

    Args:
        source: a state, or a ruleset for the empty board (its queues those of 4 players).
        rules: the ruleset of a state made with a corrected one (the bundled one by default).
        marks: ring what the state's last action touched (``state.events``).
    """
    scene = _scene(source, rules, marks)
    w, h = scene.drawing.board.size
    panels = [_status(scene, w), *_board_panels(scene)]
    return picture("board", "Sankoré: the main board", (w, h), scene.colours.board, panels)


def area_svg(
    source: State | Rules, area: str, *, rules: Rules | None = None, marks: bool = True
) -> str:
    """One part of the main board on its own.

    ``area`` is an area (``astronomy``, ``theology``, ``mathematics``, ``law``) or one of
    ``queues``, ``graduation``, ``favour_track``.

    Raises:
        ValueError: for a part the board does not have.
    """
    if area not in PANELS:
        raise ValueError(f"no board part {area!r}: one of {', '.join(AREAS)}")
    scene = _scene(source, rules, marks)
    panel = board_panel(scene, area)
    _, _, w, h = panel.box
    label = f"Sankoré: {area.replace('_', ' ')}"
    return picture(
        "area", label, (w, h), scene.colours.board, [_moved(panel, -panel.box[0], -panel.box[1])]
    )


def library_svg(
    source: State | Rules,
    *,
    side: str | None = None,
    rules: Rules | None = None,
    marks: bool = True,
) -> str:
    """The Library with its Books.

    The side is the state's, or ``side`` (``three_shelf`` by default for a ruleset).

    Raises:
        ValueError: for a side the ruleset does not have.
    """
    scene = _scene(source, rules, marks)
    chosen = _library_side(scene, side)
    return picture(
        "library",
        f"Sankoré: the Library ({chosen})",
        library_size(scene, chosen),
        scene.colours.board,
        [library_panel(scene, chosen)],
    )


def player_board_svg(
    source: State | Rules,
    player: int | None = None,
    *,
    rules: Rules | None = None,
    marks: bool = True,
) -> str:
    """A player's board and supply: Classes, Students, Graduation tiles, resources, pieces.

    Args:
        source: a state, or a ruleset for an empty board.
        player: whose board; by default the player deciding now (P0 once the game is over).
        rules: the ruleset of a state made with a corrected one (the bundled one by default).
        marks: ring what the state's last action touched.

    Raises:
        ValueError: for a player the state does not have.
    """
    scene = _scene(source, rules, marks)
    who = _player(scene, player)
    panel = player_panel(scene, who)
    label = "Sankoré: a player board" if who is None else f"Sankoré: P{who}'s board"
    return picture("player-board", label, panel.box[2:], scene.colours.board, [panel])


def state_layout(
    source: State | Rules, *, rules: Rules | None = None, marks: bool = True
) -> tuple[tuple[int, int], list[Panel]]:
    """The whole-table picture as panels: its size, then every panel placed in it.

    The main board on top; the Library and each player's board below it.
    """
    return _layout(_scene(source, rules, marks))


# ---- helpers ------------------------------------------------------------------------------------


def _scene(source: State | Rules, rules: Rules | None, marks: bool) -> Scene:
    if isinstance(source, State):
        return Scene(rules if rules is not None else _bundled(source), source, marks)
    if isinstance(source, Rules):
        return Scene(source, None, marks)
    raise TypeError(f"expected a State or a Rules, got {type(source).__name__}")


def _bundled(state: State) -> Rules:
    """The bundled ruleset, when it is the one ``state`` is played by."""
    rules = load_rules()
    if rules.content_hash != state.rules_hash:
        raise StateError(
            f"this state was made with ruleset {state.rules_name!r} ({state.rules_hash}): "
            "pass it as rules=, or draw it with sankore_rules.state_svg"
        )
    return rules


def _layout(scene: Scene) -> tuple[tuple[int, int], list[Panel]]:
    w, h = scene.drawing.board.size
    panels = [_status(scene, w), *_board_panels(scene)]
    below = [library_panel(scene, _library_side(scene, None))]
    st = scene.state
    below += (
        [player_panel(scene, p) for p in range(st.player_count)]
        if st is not None
        else [player_panel(scene, None)]
    )
    cell = max(p.box[2] for p in below) + _GAP
    columns = max(1, w // cell)
    top = h + _GAP
    row_height = 0
    for i, panel in enumerate(below):
        column = i % columns
        if i and column == 0:
            top += row_height + _GAP
            row_height = 0
        panels.append(_moved(panel, _GAP + column * cell, top))
        row_height = max(row_height, panel.box[3])
    return (w, top + row_height + _GAP), panels


def _status(scene: Scene, width: int) -> Panel:
    """The line above the board: the game, and who decides what (or who won)."""
    st = scene.state
    if st is None:
        words = f"Sankoré · ruleset {scene.rules.name}"
    else:
        task = st.decision
        if task is None:
            winners = ", ".join(f"P{p}" for p in score_sheet(scene.rules, st).winners)
            now = f"the game is over; winner(s): {winners}"
        else:
            prompt = engine.STEPS[task.kind].prompt or task.kind
            now = decision_words(task.player, task.kind, prompt)
        words = f"Sankoré · {st.player_count} players · {now}"
    return Panel("status", (0, 0, width, _STATUS), "", scene.heading(14, 26, words, 16))


def _board_panels(scene: Scene) -> list[Panel]:
    return [board_panel(scene, name) for name in BOARD_PANELS]


def _moved(panel: Panel, dx: int, dy: int) -> Panel:
    x, y, w, h = panel.box
    return Panel(panel.name, (x + dx, y + dy, w, h), panel.board, panel.pieces)


def _library_side(scene: Scene, side: str | None) -> str:
    if side is not None:
        if side not in scene.rules.library_sides:
            raise ValueError(f"no Library side {side!r}: {', '.join(scene.rules.library_sides)}")
        return side
    return scene.state.library_side if scene.state is not None else "three_shelf"


def _player(scene: Scene, player: int | None) -> int | None:
    st = scene.state
    if st is None:
        return None
    if player is None:
        return st.current_player if st.current_player is not None else 0
    if isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(st.players):
        raise ValueError(f"player must be 0..{len(st.players) - 1}, got {player!r}")
    return player
