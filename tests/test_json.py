"""JSON serialization (DESIGN "Public API": ``to_json`` / ``from_json``).

A state survives the round trip exactly; ``from_json`` refuses, with ``sr.StateError`` and a
message naming what is wrong, malformed JSON, missing fields, wrong types, tampered component
counts (COMP-4, COMP-8..11), references to things the ruleset does not have, and a state of
another ruleset.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import attrs
import pytest

import sankore_rules as sr
from positions import RULES, started
from sankore_rules.interfaces.bots import RandomBot
from sankore_rules.sankore.state import State
from strategies import Setup, copy_tables, edit_table, entry, play

JsonChange = Callable[[dict[str, Any]], None]


def tampered(state: State, change: JsonChange) -> str:
    """The JSON of ``state`` with ``change`` applied to its ``state`` object."""
    document = json.loads(sr.to_json(state))
    change(document["state"])
    return json.dumps(document)


def seeded_states() -> list[State]:
    """States of one seeded 3-player game: the start, every 40th decision, the end."""
    record = play(Setup(3, 2024, "six_shelf"), choice_seed=7)
    state = record.setup.new_game()
    states = [state]
    for i, text in enumerate(record.actions, start=1):
        state = sr.apply(state, text)
        if i % 40 == 0:
            states.append(state)
    states.append(state)
    assert sr.is_terminal(state)
    return states


STATES = seeded_states()
START = started(players=3, seed=5)


def refusal(text: str | bytes, rules: sr.Rules | None = None) -> str:
    with pytest.raises(sr.StateError) as refused:
        sr.from_json(text, rules=rules)
    return str(refused.value)


# ---- the round trip -----------------------------------------------------------------------------


def test_json_text_round_trip_is_exact() -> None:
    """DESIGN API: reading a state back and writing it again gives the same text."""
    for state in STATES:
        text = sr.to_json(state)
        assert text == sr.to_json(sr.from_json(text))
        assert text == sr.to_json(sr.from_json(text.encode("utf-8")))


def test_json_round_trip_of_a_new_game_is_equal() -> None:
    """DESIGN API: ``from_json(to_json(s)) == s`` for a game just set up."""
    for players in (2, 3, 4):
        state = sr.new_game(players=players, seed=players)
        assert state == sr.from_json(sr.to_json(state))


def test_json_round_trip_after_actions_is_equal() -> None:
    """DESIGN API: ``from_json(to_json(s)) == s`` (lossless) at any point of a game, the
    events of the last ``apply`` included (checked apart: they take no part in ``==``)."""
    state = sr.new_game(players=2, seed=0)
    state = sr.apply(state, sr.legal_actions(state)[0])
    copy = sr.from_json(sr.to_json(state))
    assert [] == [
        f.name
        for f in attrs.fields(State)
        if getattr(state, f.name) != getattr(copy, f.name) and not f.name.startswith("_")
    ]
    for state in STATES:
        copy = sr.from_json(sr.to_json(state))
        assert (state, state.events) == (copy, copy.events)


def test_json_copy_lists_actions_in_the_same_order() -> None:
    """DESIGN API, bots.py ("the same seed and the same states give the same choices"):
    after a save and load, a decision lists its actions in the same order, so a seeded
    ``RandomBot`` picks the same action from the copy as from the original."""
    mismatches = []
    for seed in range(3):
        record = play(Setup(2 + seed, seed, "three_shelf"), choice_seed=seed)
        state = record.setup.new_game()
        for i, text in enumerate(record.actions):
            copy = sr.from_json(sr.to_json(state))
            if sr.legal_actions(copy) != sr.legal_actions(state):
                mismatches.append((record.setup, record.actions[:i]))
                break
            state = sr.apply(state, text)
    assert [] == mismatches


def test_json_copy_chooses_like_the_original_for_a_seeded_bot() -> None:
    """bots.py: a seeded RandomBot plays the same whole game from a state and its JSON copy."""
    state = sr.new_game(players=2, seed=0)
    copy = sr.from_json(sr.to_json(state))
    bot_a, bot_b = RandomBot(seed=11), RandomBot(seed=11)
    while not sr.is_terminal(state):
        action = bot_a.choose(state)
        assert action == bot_b.choose(copy)
        state = sr.apply(state, action)
        copy = sr.from_json(sr.to_json(sr.apply(copy, action)))
    assert sr.to_json(state) == sr.to_json(copy)


# ---- malformed documents -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "names"),
    [
        ("", "not JSON"),
        ("{not json", "not JSON"),
        (b"\xff\xfe\x00", "not JSON"),
        ("[]", "not a sankore_rules state"),
        ("null", "not a sankore_rules state"),
        ("42", "not a sankore_rules state"),
        ('{"format": 99, "state": {}}', "not a sankore_rules state"),
        ('{"format": 1}', "'state'"),
        ('{"format": 1, "state": []}', "'state'"),
    ],
)
def test_json_malformed_document_refused(text: str | bytes, names: str) -> None:
    """DESIGN API: text that is not a written state is refused with StateError."""
    assert names in refusal(text)


def _drop(*path: str | int) -> JsonChange:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


def _put(value: Any, *path: str | int) -> JsonChange:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


@pytest.mark.parametrize(
    ("change", "names"),
    [
        (_drop("players"), "state.players"),
        (_drop("seed"), "state.seed"),
        (_drop("agenda"), "state.agenda"),
        (_drop("market"), "state.market"),
        (_drop("players", 0, "gold"), "state.players[0].gold"),
        (_drop("players", 1, "books"), "state.players[1].books"),
        (_drop("market", 2, "pile1"), "state.market[2].pile1"),
        (_drop("agenda", 0, "kind"), "state.agenda[0]"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_json_missing_field_refused(change: JsonChange, names: str) -> None:
    """DESIGN API: a state missing a field is refused; the message names the field."""
    assert names in refusal(tampered(START, change))


@pytest.mark.parametrize(
    ("change", "names"),
    [
        (_put("2", "players", 0, "gold"), "state.players[0].gold"),
        (_put(True, "players", 0, "gold"), "state.players[0].gold"),
        (_put(2.0, "players", 2, "salt"), "state.players[2].salt"),
        (_put(1.5, "seed"), "state.seed"),
        (_put(0, "game_over"), "state.game_over"),
        (_put("yes", "end_triggered"), "state.end_triggered"),
        (_put([], "players", 0, "students"), "state.players[0].students"),
        (_put(5, "madrasa", 0), "state.madrasa[0]"),
        (_put(7, "agenda", 0), "state.agenda[0]"),
        (_put({}, "agenda"), "state.agenda"),
        (_put({}, "players"), "state.players"),
    ],
    ids=lambda v: v if isinstance(v, str) else "",
)
def test_json_wrong_type_refused(change: JsonChange, names: str) -> None:
    """DESIGN API: a field of the wrong type is refused; the message names the field (also
    an object ``{}`` where an array belongs, which cattrs alone would read as [])."""
    assert names in refusal(tampered(START, change))


# ---- tampered components (COMP-4, COMP-8..11) ----------------------------------------------------


def _add(amount: int, *path: str | int) -> JsonChange:
    def change(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] += amount

    return change


def _duplicate_supply_sankore(data: dict[str, Any]) -> None:
    data["supply_sankore"].append(data["supply_sankore"][0])


def _place_without_piece(data: dict[str, Any]) -> None:
    data["spaces"]["law-a1"] = 0


def _student_on_plus_one(data: dict[str, Any]) -> None:
    data["queues"][0][-1] = "law"


@pytest.mark.parametrize(
    ("change", "names"),
    [
        (_add(1, "players", 0, "books", 0), "books: [14, 13, 13, 13]"),
        (_add(-1, "supply_books", 3), "books: [13, 13, 13, 12]"),
        (_add(1, "supply_prestige", 1), "prestige: [15, 16, 15, 15]"),
        (_add(1, "favour_supply"), "favour: [33]"),
        (_add(-1, "players", 2, "favour_tiles"), "favour: [31]"),
        (_add(1, "students_out", 2), "students: [8, 8, 9, 8]"),
        (_student_on_plus_one, "the astronomy queue has a gap or a Student on its last space"),
        (_duplicate_supply_sankore, "sankore_ids"),
        (_place_without_piece, "pieces"),
        (_add(-3, "players", 1, "gold"), "players[1].gold: -1 is not 0..6"),
    ],
    ids=[
        "extra-book",
        "missing-book",
        "extra-prestige",
        "extra-favour-tile",
        "missing-favour-tile",
        "extra-student-out",
        "extra-student-queued",
        "sankore-tile-twice",
        "piece-from-nowhere",
        "negative-gold",
    ],
)
def test_json_tampered_count_refused(change: JsonChange, names: str) -> None:
    """COMP-4, COMP-8..11: a state whose components do not add up is refused, naming them."""
    message = refusal(tampered(START, change))
    assert message.startswith("inconsistent state: ")
    assert names in message


# ---- references the ruleset does not have --------------------------------------------------------


def _first_student_moved_to(space: str) -> JsonChange:
    def change(data: dict[str, Any]) -> None:
        students = data["players"][0]["students"]
        students[space] = students.pop(next(iter(students)))

    return change


def _hand_copied_from_next_player(data: dict[str, Any]) -> None:
    data["players"][0]["objectives"] = list(data["players"][1]["objectives"])


@pytest.mark.parametrize(
    ("change", "names"),
    [
        (_put("nonsense", "agenda", 0, "kind"), "nonsense"),
        (_put(7, "agenda", 0, "player"), "agenda"),
        (_put("no-such-tile", "players", 0, "classes", "c0a"), "no-such-tile"),
        (_first_student_moved_to("s9z"), "s9z"),
        (_put("nine_shelf", "library_side"), "nine_shelf"),
        (_put("atlantis", "players", 0, "camel"), "atlantis"),
        (_put("no-such-class", "market", 0, "level3"), "no-such-class"),
        (_put([99, 98, 97, 96], "players", 0, "objectives"), "99"),
        (_hand_copied_from_next_player, "objectives"),
    ],
    ids=[
        "unknown-step",
        "agenda-player-out-of-range",
        "unknown-class-tile",
        "unknown-student-space",
        "unknown-library-side",
        "unknown-camel-place",
        "unknown-market-tile",
        "unknown-objective-card",
        "objective-card-held-twice",
    ],
)
def test_json_dangling_reference_refused(change: JsonChange, names: str) -> None:
    """DESIGN API ("refuses malformed / inconsistent states"): a state naming a step, tile,
    space, side, place or card the ruleset does not have is refused, naming it (accepted,
    the first five would crash ``legal_actions`` with KeyError/IndexError)."""
    assert names in refusal(tampered(START, change))


# ---- other rulesets ------------------------------------------------------------------------------


def corrected_rules(tmp_path: Path) -> sr.Rules:
    """A corrected copy of the tables: Kano's bottom Mosque space needs Knowledge 2, not 3."""
    folder = copy_tables(tmp_path / "corrected")

    def change(data: dict[str, Any]) -> None:
        _, space = entry(data, "space", "kano-bottom")
        assert 3 == space["knowledge"]
        space["knowledge"] = 2

    edit_table(folder, "theology", change)
    return sr.load_rules(folder)


def test_json_state_of_another_ruleset_refused(tmp_path: Path) -> None:
    """DESIGN "Data tables": a state made with other tables is refused, naming both."""
    corrected = corrected_rules(tmp_path)
    assert corrected.content_hash != RULES.content_hash
    theirs = sr.new_game(players=3, seed=5, rules=corrected)
    ours = sr.new_game(players=3, seed=5)

    message = refusal(sr.to_json(theirs), rules=RULES)
    assert corrected.content_hash in message
    assert RULES.content_hash in message
    message = refusal(sr.to_json(ours), rules=corrected)
    assert corrected.content_hash in message
    assert RULES.content_hash in message

    assert theirs == sr.from_json(sr.to_json(theirs), rules=corrected)
    assert ours == sr.from_json(sr.to_json(ours), rules=RULES)


def test_json_state_of_an_unloaded_ruleset_refused() -> None:
    """DESIGN "Data tables": a state whose ruleset was never loaded cannot be played on."""
    text = tampered(START, _put("0123456789abcdef", "rules_hash"))
    message = refusal(text)
    assert "0123456789abcdef" in message
    assert "load_rules" in message


@pytest.mark.parametrize(
    "text",
    [
        '{"format": 1, "state": ' + "[" * 100_000 + "]" * 100_000 + "}",
        '{"format": 1, "seed": ' + "9" * 5000 + "}",
    ],
    ids=["nested-too-deep", "number-too-long"],
)
def test_json_unusable_documents_refused_as_state_errors(text: str) -> None:
    """DESIGN API: JSON Python cannot even read back (nesting too deep, a number too long)
    is a StateError like any malformed text, never another exception."""
    assert refusal(text).startswith("not JSON")


def test_json_state_with_nothing_to_decide_that_is_not_over_refused() -> None:
    """DESIGN API: an empty agenda in a game that is not over could never be played on."""

    def change(data: dict[str, Any]) -> None:
        data["agenda"] = []

    assert "nothing left to decide" in refusal(tampered(START, change))


# ---- states as values (issue 11) ----------------------------------------------------------------


def test_states_reached_by_two_move_orders_are_equal_and_share_a_key() -> None:
    """Issue 11: the same position reached by two move orders gives equal states with equal
    keys, although their last actions (``events``) differ: player 0, with 2 Inspiration,
    writes a Law and an Astronomy Book, in either order."""

    def order(first: str, second: str) -> State:
        state = started(2, 0).clone()
        state.players[0].inspiration = 2
        for text in (f"write {first}", f"write {second}"):
            state = sr.apply(state, text)
        return state

    a = order("law", "astronomy")
    b = order("astronomy", "law")
    assert a.events != b.events
    assert a == b
    assert a.key() == b.key()
    assert {a.key(): "seen"}[b.key()] == "seen"


def test_state_key_tells_positions_apart() -> None:
    """Issue 11: a key changes with the position, and dicts count by content, not order."""
    state = started(2, 0)
    after = sr.apply(state, sr.legal_actions(state)[0])
    assert state.key() != after.key()
    reordered = state.clone()
    reordered.players[0].classes = dict(reversed(list(state.players[0].classes.items())))
    assert reordered == state
    assert reordered.key() == state.key()


def _another(value: Any) -> Any:
    """A value of the same type that differs from ``value``."""
    if isinstance(value, int):
        return value + 1
    if isinstance(value, str):
        return value + "x"
    if isinstance(value, list):
        return [*value, "x"]
    if isinstance(value, tuple):
        return (*value, "x")
    return {**value, "x": "y"}


def test_state_key_covers_every_field_of_the_position() -> None:
    """Issue 11: the key is written field by field for speed; it must name every field that
    takes part in equality, for the state and for each player, in declaration order."""
    state = started(3, 1)
    position = [f.name for f in attrs.fields(State) if f.eq and not f.name.startswith("_")]
    assert len(position) == len(state.key())
    player_fields = attrs.fields(type(state.players[0]))
    assert len(player_fields) == len(state.players[0].key())
    for i, f in enumerate(player_fields):
        changed = state.players[0].clone()
        setattr(changed, f.name, _another(getattr(changed, f.name)))
        assert changed.key()[i] != state.players[0].key()[i], f.name


def test_a_state_changed_in_place_gets_answers_that_reflect_the_change() -> None:
    """Issue 11: a draft (a clone, for setting up positions by hand) is answered as it is, so
    listing, explaining and applying after a change in place all see the change: with no
    Inspiration left, Write a Book is neither listed nor accepted, and the state is left as it
    was. (A sealed state refuses the change: tests/test_values.py.)"""
    state = started(2, 0).clone()
    state.players[0].inspiration = 1
    assert "write astronomy" in [str(a) for a in sr.legal_actions(state)]
    state.players[0].inspiration = 0
    assert not [a for a in sr.legal_actions(state) if a.kind == "write"]
    assert ["no_inspiration"] == [r.code for r in sr.explain(state, "write astronomy")]
    before = sr.to_json(state)
    with pytest.raises(sr.IllegalAction):
        sr.apply(state, "write astronomy")
    assert before == sr.to_json(state)
    assert 0 == state.players[0].inspiration


def test_json_full_madrasa_without_the_end_triggered_refused() -> None:
    """END-1: the end is triggered as the Madrasa's last numbered space fills, so a state with
    a full Madrasa and no end triggered is one no game reaches (the fuzz tests found one that
    played on to discard a Sankoré tile before the end): refused, with the reason."""
    rng = random.Random(1)
    state = sr.new_game(players=2, seed=1)
    while not state.end_triggered:
        state = sr.apply(state, rng.choice(sr.legal_actions(state)))
    assert "madrasa" == state.end_cause
    document = json.loads(sr.to_json(state))
    document["state"]["end_triggered"] = False
    document["state"]["end_cause"] = None
    with pytest.raises(sr.StateError, match=r"madrasa: full, so the end must be triggered"):
        sr.from_json(json.dumps(document))
