"""Words for every action: ``sr.describe`` and each game's ``describe`` hook (issue 41)."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

import sankore_rules as sr
from sankore_rules.core.actions import Action
from sankore_rules.core.errors import ActionSyntaxError
from sankore_rules.five_tribes.display import describe as tribes_words
from sankore_rules.sankore.display import describe as sankore_words

#: Every game and player count, the solo game included, with the words of its kinds.
SETUPS: list[tuple[str, dict[str, Any], dict[str, object]]] = [
    ("sankore-2", {"players": 2}, sankore_words._WORDS),
    ("sankore-3", {"players": 3}, sankore_words._WORDS),
    ("sankore-4", {"players": 4}, sankore_words._WORDS),
    ("sankore-solo", {"players": 1, "scholar": "hard"}, sankore_words._WORDS),
    ("five-tribes-2", {"players": 2, "game": "five_tribes"}, tribes_words._WORDS),
    ("five-tribes-3", {"players": 3, "game": "five_tribes"}, tribes_words._WORDS),
    ("five-tribes-4", {"players": 4, "game": "five_tribes"}, tribes_words._WORDS),
]


def decisions(setup: dict[str, Any], seed: int) -> Iterator[tuple[Any, list[Action]]]:
    """Every decision of one random game, to its end: the state and its legal actions."""
    rng = random.Random(seed)
    state = sr.new_game(seed=seed, **setup)
    while not sr.is_terminal(state):
        legal = sr.legal_actions(state)
        yield state, legal
        state = sr.apply(state, rng.choice(legal))


@pytest.mark.parametrize(("name", "setup", "words"), SETUPS, ids=[s[0] for s in SETUPS])
def test_descriptions_are_distinct_and_worded_at_every_decision(
    name: str, setup: dict[str, Any], words: dict[str, object]
) -> None:
    kinds: set[str] = set()
    for seed in (1, 2):
        for state, legal in decisions(setup, seed):
            said = [sr.describe(state, a) for a in legal]
            assert len(set(said)) == len(said), [
                (str(a), s) for a, s in zip(legal, said, strict=True) if said.count(s) > 1
            ]
            kinds.update(a.kind for a in legal)
    assert kinds <= set(words), f"kinds without words: {kinds - set(words)}"


#: Exact words, each for an action met in a random game of a setup (its name, the seed).
EXAMPLES = [
    ("sankore-2", 1, "teach c0c", "Teach the Class intro-theology on c0c"),
    ("sankore-2", 1, "promote s0c s1c", "Promote the Student of theology on s0c to s1c"),
    ("sankore-2", 1, "transfer s1b s1a", "Transfer the Student of mathematics on s1b to s1a"),
    ("sankore-2", 1, "graduate s1b", "Graduate the Student of mathematics on s1b"),
    (
        "sankore-2",
        1,
        "camel oasis-a1 timbuktu",
        "Move the camel to oasis-a1, setting out again from Timbuktu",
    ),
    (
        "sankore-2",
        1,
        "library mathematics 0",
        "Contribute a Book of mathematics to shelf 0 of the Library",
    ),
    ("sankore-2", 1, "enrol theology", "Enrol the rightmost Student of the theology queue"),
    ("sankore-2", 1, "mosque djenne-bottom", "Build a Mosque on djenne-bottom"),
    ("sankore-2", 1, "favour take", "Take a Favour tile"),
    ("sankore-2", 1, "end", "End the turn"),
    ("sankore-4", 1, "madrasa board s1a", "Send the Student of astronomy on s1a to the Madrasa"),
    ("sankore-3", 4, "sankore bonus", "Take the Sankoré tile's bonus and discard it"),
    (
        "sankore-solo",
        1,
        "order astronomy,theology,mathematics,law",
        "Order the Introductory Classes astronomy, theology, mathematics, law",
    ),
    ("sankore-solo", 2, "complete 12", "Complete Objective card #12"),
    ("five-tribes-2", 1, "bid 0", "Bid 0 coins on the Turn Order Track"),
    ("five-tribes-2", 1, "drop a3 yellow", "Drop a yellow meeple on a3"),
    ("five-tribes-2", 1, "kill p1 yellow", "Assassinate a yellow meeple of P1"),
    ("five-tribes-2", 1, "kill a2 white", "Assassinate a white meeple on a2"),
    ("five-tribes-2", 1, "djinn leta 2e", "Take the Djinn leta, paying 2 Elders"),
    ("five-tribes-2", 1, "use kumarbi 1f", "Use the power of kumarbi, paying 1 Fakir"),
    ("five-tribes-2", 1, "buy fakir", "Buy 1 fakir from the market"),
    ("five-tribes-2", 1, "sell pottery", "Sell pottery"),
    ("five-tribes-2", 1, "skip", "Skip the tile's action"),
]


@pytest.mark.parametrize(("name", "seed", "notation", "words"), EXAMPLES)
def test_exact_words(name: str, seed: int, notation: str, words: str) -> None:
    setup = next(s for n, s, _ in SETUPS if n == name)
    for state, legal in decisions(setup, seed):
        if any(str(a) == notation for a in legal):
            assert sr.describe(state, notation) == words
            return
    raise AssertionError(f"{notation} is never legal in {name}, seed {seed}")


def test_several_goods_and_cards_read_as_lists() -> None:
    state = sr.new_game(game="five_tribes", seed=1)
    assert sr.describe(state, "buy fish fish gold") == "Buy 2 fish and 1 gold from the market"
    assert sr.describe(state, "sell fish+gold+ivory") == "Sell fish and gold and ivory"
    assert (
        sr.describe(state, "use leta 1e1f") == "Use the power of leta, paying 1 Elder and 1 Fakir"
    )


def test_sankore_examples() -> None:
    state = sr.new_game(players=2, seed=1)
    assert sr.describe(state, "draft the-1e") == (
        "Draft the Class tile the-1e with a Book of mathematics and a Student of theology"
    )
    assert sr.describe(state, "crown law-a1 salt") == "Build a Crown on law-a1, paying 1 Salt"
    assert sr.describe(state, "skill discard") == "Let the Skill tile go"


def test_a_game_without_words_gives_the_notation() -> None:
    from toy_game import registered

    with registered():
        state = sr.new_game(players=2, seed=2, game="hidden_nim")
        action = sr.legal_actions(state)[0]
        assert sr.describe(state, action) == str(action)


def test_an_action_in_words_or_its_notation_alike() -> None:
    state = sr.new_game(players=2, seed=1)
    assert sr.describe(state, Action("draft", ("the-1e",))) == sr.describe(state, "draft the-1e")


def test_a_kind_without_words_is_written_from_its_notation() -> None:
    state = sr.new_game(players=2, seed=1)
    assert sr.describe(state, "ponder deeply now") == "Ponder deeply now"


def test_bad_notation_is_refused() -> None:
    with pytest.raises(ActionSyntaxError):
        sr.describe(sr.new_game(players=2, seed=1), "")
