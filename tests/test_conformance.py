"""The conformance suite (``sankore_rules.testing``) on every game, and on a toy game of the tests.

Each built-in game, at each player count and (solo) difficulty, is played through every door.
Hidden Nim (``toy_game.py``), a game defined only here, passes the same suite: adding a game
changes no door. The registry finds it by name, by state and through the entry point group.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

import sankore_rules as sr
from sankore_rules.core import registry
from sankore_rules.core.actions import Action
from sankore_rules.core.game import Game
from sankore_rules.testing import (
    DOORS,
    ConformanceError,
    Playthrough,
    check_ai,
    check_api,
    check_cli,
    check_information,
    check_json,
    first_difference,
    play_random,
    run_conformance,
)
from toy_game import HIDDEN_NIM, NAME, HiddenNim, NimRules, NimState, NimTensor, registered

SETUPS = [
    *(pytest.param("sankore", n, {"turn_limit": 6}, id=f"sankore-{n}p") for n in (2, 3, 4)),
    *(
        pytest.param("sankore", 1, {"scholar": level, "turn_limit": 6}, id=f"solo-{level}")
        for level in ("easy", "medium", "hard", "very_hard")
    ),
    *(pytest.param("five_tribes", n, {}, id=f"five_tribes-{n}p") for n in (2, 3, 4)),
]


@pytest.fixture
def toy() -> Iterator[HiddenNim]:
    """Hidden Nim, registered for the test and unregistered after it."""
    with registered() as game:
        yield game


# ---- the built-in games ----------------------------------------------------------------------


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize(("game", "players", "options"), SETUPS)
def test_builtin_game_passes_every_door(
    game: str, players: int, options: dict[str, Any], door: str
) -> None:
    """Every door serves every built-in game: two random games each, checked all along."""
    plays = run_conformance(
        game, players, options, games=2, seed=0, max_decisions=300, doors=[door]
    )
    assert [0, 1] == [p.seed for p in plays]
    for play in plays:
        assert len(play.actions) + 1 == len(play.states)


# ---- the toy game ----------------------------------------------------------------------------


@pytest.mark.parametrize("door", DOORS)
@pytest.mark.parametrize("players", [2, 3])
def test_toy_game_passes_every_door(toy: HiddenNim, players: int, door: str) -> None:
    """A game defined only in the tests passes the whole suite: no door names a game."""
    plays = run_conformance(NAME, players, {"pile": 12}, games=2, seed=0, doors=[door])
    for play in plays:
        assert sr.is_terminal(play.final)
        assert 12 == sum(play.final.taken)


def test_toy_game_plays_by_its_rules(toy: HiddenNim) -> None:
    """Hidden Nim through the public API: refusals with reasons, cards hidden until the end."""
    state = sr.new_game(2, 5, game=NAME, pile=2)
    assert [4, 2] == state.cards  # dealt by the generator of seed 5
    assert [Action("take", ("1",)), Action("take", ("2",))] == sr.legal_actions(state)
    assert ["too_many"] == [r.code for r in sr.explain(state, "take 3")]
    assert [4, None] == sr.observation(state, 0)["cards"]
    assert [None, 2] == sr.observation(state, 1)["cards"]
    after = sr.apply(state, "take 2")
    assert sr.is_terminal(after)
    assert [2, 0] == after.taken
    assert ["P0 took 2, 0 left", "The cards are revealed: 4, 2"] == toy.describe_events(after)
    assert [4, 2] == sr.observation(after, 1)["cards"]
    assert [6, 2] == [line.total for line in sr.final_scores(after).players]
    assert [1.0, -1.0] == sr.returns(after)
    assert [2.0, -2.0] == sr.returns(after, "score")


def test_toy_game_single_option_is_taken_by_the_engine(toy: HiddenNim) -> None:
    """With one stone left the only option is taken at once: the game ends on its own."""
    state = sr.new_game(2, 1, game=NAME, pile=3)
    after = sr.apply(state, "take 2")
    assert sr.is_terminal(after)
    assert [2, 1] == after.taken


# ---- the registry ----------------------------------------------------------------------------


def test_registry_finds_the_toy_game_by_name_and_state(toy: HiddenNim) -> None:
    """``find_game`` by name (``-`` for ``_``), ``game_of`` by state, ``games()`` lists it."""
    assert toy is sr.find_game(NAME)
    assert toy is sr.find_game("hidden-nim")
    state = sr.new_game(3, 2, game=NAME)
    assert isinstance(state, NimState)
    assert toy is sr.game_of(state)
    assert toy is registry.game_of_rules(sr.rules_of(state))
    assert [NAME] == [g.name for g in sr.games() if g.name == NAME]


def test_unregistered_toy_game_is_gone() -> None:
    """Once unregistered, the toy game is neither listed nor found."""
    with registered():
        assert NAME in [g.name for g in sr.games()]
        state = sr.new_game(2, 1, game=NAME)
        assert sr.rules_of(state) == registry.known_rules(state.rules_hash)
    assert NAME not in [g.name for g in sr.games()]
    assert registry.known_rules(state.rules_hash) is None  # its rulesets are forgotten too
    with pytest.raises(ValueError, match="game must be one of"):
        sr.find_game(NAME)
    with pytest.raises(TypeError, match="NimState is not the state of any registered game"):
        sr.game_of(state)


class _EntryPoint:
    """What ``importlib.metadata.entry_points`` lists: a name and ``load()``."""

    def __init__(self, loaded: object) -> None:
        self.name = NAME
        self.loaded = loaded

    def load(self) -> object:
        return self.loaded


@pytest.mark.parametrize("exposed", [HIDDEN_NIM, HiddenNim], ids=["instance", "class"])
def test_registry_loads_games_from_the_entry_point_group(
    monkeypatch: pytest.MonkeyPatch, exposed: object
) -> None:
    """A game another package exposes in ``sankore_rules.games`` is found by ``find_game``."""
    asked: list[str] = []

    def entry_points(*, group: str) -> list[_EntryPoint]:
        asked.append(group)
        return [_EntryPoint(exposed)]

    monkeypatch.setattr(registry, "entry_points", entry_points)
    monkeypatch.setattr(registry, "_entry_points_loaded", False)
    try:
        found = sr.find_game(NAME)
        assert ["sankore_rules.games"] == asked
        assert isinstance(found, HiddenNim)
        assert found is sr.game_of(sr.new_game(2, 1, game=NAME))
    finally:
        registry.unregister(NAME)


# ---- the suite itself ------------------------------------------------------------------------


def test_play_random_is_reproducible() -> None:
    """The same seed plays the same game."""
    first = play_random("sankore", 2, {"turn_limit": 1}, seed=3, max_decisions=40)
    again = play_random("sankore", 2, {"turn_limit": 1}, seed=3, max_decisions=40)
    assert first.actions == again.actions
    assert first.final == again.final


def test_a_failing_door_is_named_with_the_step(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A door that breaks the game is reported by name, with the step and the game."""
    play = play_random(NAME, 2, {"pile": 6}, seed=0)
    monkeypatch.setattr(HiddenNim, "from_json", lambda self, rules, text: play.states[0])
    with pytest.raises(ConformanceError) as caught:
        check_json(play)
    assert "json" == caught.value.door
    assert (
        "[json] from_json(to_json(state)) != state (first difference: pile: 6 != 4) after 1 "
        "actions (hidden_nim, 2 players, seed 0)"
    ) == str(caught.value)


def test_a_json_failure_names_a_field_json_leaves_out(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 40: a state whose equality counts a field its JSON drops names that field."""
    play = play_random(NAME, 2, {"pile": 6}, seed=0)
    monkeypatch.setattr(NimState, "__eq__", _equal_with_events)
    with pytest.raises(ConformanceError) as caught:
        check_json(play)
    assert str(caught.value) == (
        "[json] from_json(to_json(state)) != state (first difference: events (length 0 != 1): "
        "[] != [Event(kind='take', player=0, detail={'stones': 2, 'left': 4})]) after 1 actions "
        "(hidden_nim, 2 players, seed 0)"
    )


def _equal_with_events(self: NimState, other: object) -> bool:
    """Hidden Nim's equality, had its ``events`` field been left in it (an author's slip)."""
    if not isinstance(other, NimState):
        return NotImplemented
    return all(getattr(self, f.name) == getattr(other, f.name) for f in attrs.fields(NimState))


def test_first_difference_names_the_path_and_both_values() -> None:
    """Mappings key by key, sequences item by item, attrs objects field by field."""
    assert first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}) == "a[1].b: 2 != 3"
    assert first_difference({"a": 1}, {"a": 1, "c": 2}) == "c: '(missing)' != 2"
    assert first_difference([1, 2], [1, 2, 3]) == "(length 2 != 3): [1, 2] != [1, 2, 3]"
    assert first_difference(Action("take", ("1",)), Action("take", ("2",))) == (
        "args[0]: '1' != '2'"
    )
    assert first_difference("x" * 100, "y") == "the whole value: '" + "x" * 76 + "... != 'y'"
    assert first_difference((1, "a"), [1, "b"]) == "[1]: 'a' != 'b'"
    assert first_difference((1, "a"), [1, "a"]) == "the whole value: (1, 'a') != [1, 'a']"
    assert first_difference({"a": (1,)}, {"a": (1,)}) is None


def test_an_unregistered_game_is_reported_as_such() -> None:
    """Issue 40: a game nobody registered is refused before any door, not as an [api] failure."""
    with pytest.raises(ValueError) as caught:
        run_conformance(NAME, 2, {"pile": 6})
    assert str(caught.value).startswith(
        "'hidden_nim' is not a registered game: register it first "
        "(sankore_rules.core.registry.register(GAME), or an entry point of the group "
        "sankore_rules.games); the registered games are sankore, five_tribes"
    )
    assert not isinstance(caught.value, ConformanceError)


def test_a_running_score_text_that_shows_the_cards_fails_the_information_door(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 40: a score sheet shown before the end that counts the hidden cards is caught."""
    play = play_random(NAME, 2, {"pile": 12}, seed=0)
    check_information(play)  # Hidden Nim's own: the stones alone before the end
    monkeypatch.setattr(HiddenNim, "score_text", Game.score_text)  # the totals, cards counted
    with pytest.raises(ConformanceError) as caught:
        check_information(play)
    assert "information" == caught.value.door
    assert str(caught.value) == (
        "[information] the running score text (score_text, final=False) changes when what seat "
        "0 cannot see is redrawn: it shows a hidden part before the end after 0 actions "
        "(hidden_nim, 2 players, seed 0)"
    )


def test_a_state_file_the_command_line_cannot_read_fails_the_cli_door(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 40: JSON the API reads back, but without the state file's ``state`` key, is caught
    by the cli door (the API's json door passes it)."""
    play = play_random(NAME, 2, {"pile": 6}, seed=0)
    written = HiddenNim.to_json
    read = HiddenNim.from_json

    def to_json(self: HiddenNim, state: NimState) -> str:
        document = json.loads(written(self, state))
        return json.dumps({"game": NAME, "position": document["state"]})

    def from_json(self: HiddenNim, rules: NimRules, text: str | bytes) -> NimState:
        document = json.loads(text)
        return read(self, rules, json.dumps({"game": NAME, "state": document["position"]}))

    monkeypatch.setattr(HiddenNim, "to_json", to_json)
    monkeypatch.setattr(HiddenNim, "from_json", from_json)
    check_json(play)
    with pytest.raises(ConformanceError) as caught:
        check_cli(play)
    assert "cli" == caught.value.door
    assert str(caught.value) == (
        "[cli] `legal --json state.json` exits with 2, not 0: sankore-rules: error: state.json: "
        "neither a game state nor a game record after 0 actions (hidden_nim, 2 players, seed 0)"
    )


def test_a_seat_text_that_shows_a_rivals_card_fails_the_information_door(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39: a text view for one seat that shows another seat's hidden card is caught."""
    play = play_random(NAME, 2, {"pile": 12}, seed=0)

    def honest(self: HiddenNim, rules: NimRules, state: NimState, player: int) -> str:
        return f"{state.pile} stones; your card {state.cards[player]}"

    def leaking(self: HiddenNim, rules: NimRules, state: NimState, player: int) -> str:
        return f"{state.pile} stones; cards {state.cards}"

    monkeypatch.setattr(HiddenNim, "seat_text", honest, raising=False)
    check_information(play)
    monkeypatch.setattr(HiddenNim, "seat_text", leaking, raising=False)
    with pytest.raises(ConformanceError) as caught:
        check_information(play)
    assert "information" == caught.value.door
    assert str(caught.value).startswith(
        "[information] seat 0's text changes when what it cannot see is redrawn: the seat text "
        "shows a hidden part after 0 actions (hidden_nim, 2 players, seed 0)"
    )


def test_a_tensor_that_shows_a_rivals_card_fails_the_ai_door(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 39: an observation tensor for one seat that writes another seat's hidden card (in
    place of its own) is caught, as the honest one passes."""
    play = play_random(NAME, 2, {"pile": 12}, seed=0)
    check_ai(play)
    honest = NimTensor.write

    def leaking(self: NimTensor, state: NimState, player: int, out: Any) -> None:
        honest(self, state, player, out)
        out[1] = state.cards[(player + 1) % state.player_count] / (self.rules.cards - 1)

    monkeypatch.setattr(NimTensor, "write", leaking)
    with pytest.raises(ConformanceError) as caught:
        check_ai(play)
    assert "ai" == caught.value.door
    assert str(caught.value).startswith(
        "[ai] observation_tensor(state, 0) changes at [1] when what seat 0 cannot see is "
        "redrawn: the tensor shows a hidden part after 0 actions (hidden_nim, 2 players, seed 0)"
    )


def test_an_error_a_door_raises_is_named(toy: HiddenNim, monkeypatch: pytest.MonkeyPatch) -> None:
    """An exception inside a door becomes a ConformanceError that names the door."""
    play = play_random(NAME, 2, {"pile": 6}, seed=0)

    def broken(self: HiddenNim, rules: NimRules, state: NimState) -> list[Action]:
        raise KeyError("pile")

    monkeypatch.setattr(HiddenNim, "legal_actions", broken)
    with pytest.raises(ConformanceError, match=r"^\[api\] KeyError: 'pile' after 0 actions"):
        check_api(play)


def test_ai_door_without_numpy_fails_unless_left_out(
    toy: HiddenNim, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without numpy the ai door fails, saying so, rather than passing; leaving it out runs."""
    monkeypatch.setitem(sys.modules, "numpy", None)  # what `import numpy` meets when missing
    with pytest.raises(ConformanceError, match=r"^\[ai\] numpy is not installed"):
        run_conformance(NAME, 2, {"pile": 4}, games=1, doors=("api", "ai"))
    others = [door for door in DOORS if door not in ("ai", "pettingzoo", "openspiel")]
    plays = run_conformance(NAME, 2, {"pile": 4}, games=1, doors=others)
    assert 4 == sum(plays[0].final.taken)


def test_unknown_door_is_refused() -> None:
    """A door the suite does not know is a ValueError listing the doors."""
    with pytest.raises(ValueError, match="no door gui"):
        run_conformance("sankore", 2, {"turn_limit": 1}, doors=("gui",))
    assert "api" == DOORS[0]


def test_playthrough_where() -> None:
    """Errors name the game, its player count and its seed."""
    play = Playthrough("sankore", 3, {}, 7, (), ())
    assert "sankore, 3 players, seed 7" == play.where()
