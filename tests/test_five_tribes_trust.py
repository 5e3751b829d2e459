"""Five Tribes' trust boundary (issue 31), to Sankoré's standard (``test_trust.py``).

``from_json`` refuses what no game can reach, naming the field: an automatic step as the
pending task, a decision without an option, a component missing or twice (meeples by colour,
resource cards and Fakirs, Djinns, camels, palm trees, palaces, coins), a Fakir among goods, a
market of more than 9 cards (FT-SET-3, FT-RND-2), a pool of other meeples than Viziers and
Elders (FT-MEEP-1, FT-MEEP-2), numbers out of range before anything is built from them.
``load_rules(game="five_tribes")`` refuses numbers past 0..100, ids notation cannot read and
ids used twice. States are values: sealed when handed out, ``clone()`` for a draft, equal
without their events, a hashable ``key()``.
"""

from __future__ import annotations

import json
import random
import shutil
import time
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import attrs
import pytest

import sankore_rules as sr
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.serial import problems
from sankore_rules.five_tribes.state import FiveTribesState
from tribes_positions import TRIBES

JsonChange = Callable[[dict[str, Any]], None]


def _positions() -> list[FiveTribesState]:
    """Every position of three seeded random games (2, 4 and 3 players), the last one over.

    The 3-player game is there for ``HOLDING`` (since issue 39's draws, the other two never
    have player 0 hold goods and Djinns with cards discarded).
    """
    found: list[FiveTribesState] = []
    for players, seed in ((2, 7), (4, 8), (3, 9)):
        rng = random.Random(seed)
        state = sr.new_game(players=players, seed=seed, game="five_tribes")
        found.append(state)
        while not sr.is_terminal(state):
            state = sr.apply(state, rng.choice(sr.legal_actions(state)))
            found.append(state)
    return found


POSITIONS = _positions()
START = POSITIONS[0]
OVER = POSITIONS[-1]
#: A position with goods and Djinns in hand and cards in the discard pile.
HOLDING = next(
    s
    for s in POSITIONS
    if s.players[0].goods and s.players[0].djinns and s.discard and not s.game_over
)


def refusal(state: FiveTribesState, change: JsonChange) -> str:
    """The StateError message ``from_json`` gives for ``state`` changed by ``change``."""
    document = json.loads(sr.to_json(state))
    change(document["state"])
    with pytest.raises(sr.StateError) as refused:
        sr.from_json(json.dumps(document))
    return str(refused.value)


def test_every_position_of_random_games_is_accepted_and_equal() -> None:
    """Issue 31: the full check refuses no position play reaches; each reads back equal, with
    an equal key, sealed."""
    assert sr.is_terminal(OVER)
    for state in POSITIONS:
        back = sr.from_json(sr.to_json(state))
        assert back == state and back.key() == state.key()
        assert type(back) is FiveTribesState and back.sealed
        assert problems(TRIBES, state) == []


# ---- the pending task must be a decision -----------------------------------------------------


@pytest.mark.parametrize("kind", ["round_end", "auction", "actions"])
def test_an_automatic_step_as_the_pending_task_is_refused(kind: str) -> None:
    """Issue 31: an automatic step on top of the agenda (legal_actions would assert) is refused,
    naming the agenda and the step."""

    def change(state: dict[str, Any]) -> None:
        state["agenda"][-1] = {"kind": kind, "player": -1, "args": {}}

    assert refusal(START, change) == (
        f"inconsistent state: agenda: the pending task {kind!r} is an automatic step, "
        "not a decision"
    )


def test_a_decision_without_an_option_is_refused() -> None:
    """Issue 31: a pending decision must offer at least one legal option (a ``keep`` of none)."""

    def change(state: dict[str, Any]) -> None:
        state["agenda"][-1] = {"kind": "keep", "player": 0, "args": {"count": 0}}

    assert refusal(START, change) == (
        "inconsistent state: agenda: the pending 'keep' decision of player 0 has no legal option"
    )


def test_an_empty_agenda_before_the_end_is_refused() -> None:
    """Issue 31: a game not over has a decision pending."""

    def change(state: dict[str, Any]) -> None:
        state["agenda"] = []

    assert refusal(START, change) == "inconsistent state: agenda: empty, but the game is not over"


# ---- every component exactly once ------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "names"),
    [
        # FT-SET-2: the meeples, by colour, wherever they are.
        (lambda s: s["bag"].__setitem__(0, s["bag"][0] + 1), "17 yellow meeples, not 16"),
        (lambda s: s["meeples"][4].__setitem__(2, s["meeples"][4][2] + 1), "green meeples"),
        (
            lambda s: s["players"][1]["pool"].__setitem__(1, 1),
            "meeples, bag, players' pool, move.hand: 21 white meeples, not 20",
        ),
        # FT-SET-4: camels.
        (lambda s: s["players"][0].__setitem__("camels", 12), "players[0].camels: 12 in hand"),
        (lambda s: s["camels"].__setitem__(0, 1), "players[1].camels: 11 in hand and 1 on the"),
        # FT-TILE-1, FT-TILE-2: palm trees and palaces.
        (lambda s: s.__setitem__("palm_supply", 11), "palms, palm_supply: not 12 palm trees"),
        (lambda s: s["palaces"].__setitem__(3, 1), "palaces, palace_supply: not 10 palaces"),
        # Coins.
        (lambda s: s.__setitem__("bank", s["bank"] + 1), "bank, players' coins: 1001 coins"),
    ],
)
def test_a_component_missing_or_twice_is_refused_naming_the_field(
    change: JsonChange, names: str
) -> None:
    """Issue 31 (FT-SET-2..5): meeples by colour, camels, palm trees, palaces and coins add up;
    the refusal names the fields."""
    assert names in refusal(START, change)


def test_a_pool_of_merchants_is_refused() -> None:
    """Issue 31, FT-MEEP-1, FT-MEEP-2: a pool keeps only Viziers and Elders."""

    cell = next(c for c, counts in enumerate(START.meeples) if counts[2])

    def change(state: dict[str, Any]) -> None:
        state["meeples"][cell][2] -= 1
        state["players"][0]["pool"][2] += 1

    assert refusal(START, change) == (
        "inconsistent state: players[0].pool: holds green meeples; "
        "a pool keeps only Viziers and Elders"
    )


def test_a_resource_card_twice_is_refused() -> None:
    """Issue 31, FT-SET-3: every resource card once among deck, market, discard and hands."""

    def change(state: dict[str, Any]) -> None:
        state["discard"].append(state["discard"][0])

    card = HOLDING.discard[0]
    assert "deck, market, discard, players' goods and fakirs: " in refusal(HOLDING, change)
    assert f"{card!r} cards" in refusal(HOLDING, change)


def test_a_fakir_among_goods_is_refused() -> None:
    """Issue 31, FT-SET-3: Fakirs are counted apart (``fakirs``), never among goods."""
    fakir_at = START.deck.index("fakir")

    def change(state: dict[str, Any]) -> None:
        state["players"][0]["goods"].append(state["deck"].pop(fakir_at))

    assert refusal(START, change) == (
        "inconsistent state: players[0].goods: holds a Fakir, which is counted in fakirs"
    )


def test_a_tenth_card_in_the_market_is_refused() -> None:
    """Issue 31, FT-SET-3, FT-RND-2: the market holds at most 9 cards."""

    def change(state: dict[str, Any]) -> None:
        state["market"].append(state["deck"].pop(0))

    assert refusal(START, change) == "inconsistent state: market: 10 cards, at most 9"


def test_a_djinn_twice_is_refused() -> None:
    """Issue 31, FT-PUB-17: every Djinn once among deck, display, discards and players."""
    djinn = HOLDING.players[0].djinns[0]

    def change(state: dict[str, Any]) -> None:
        state["djinn_discard"].append(djinn)

    assert refusal(HOLDING, change).startswith(
        "inconsistent state: djinn_deck, djinn_display, djinn_discard, players' djinns: "
        f"Djinn {djinn!r} is there 2 times, not once"
    )


def test_a_fourth_djinn_on_display_is_refused() -> None:
    """Issue 31, FT-SET-3: the display shows at most 3 Djinns."""

    def change(state: dict[str, Any]) -> None:
        state["djinn_display"].append(state["djinn_deck"].pop(0))

    assert refusal(START, change) == "inconsistent state: djinn_display: 4 Djinns, at most 3"


# ---- numbers in range before anything is built from them ------------------------------------


@pytest.mark.parametrize("value", [2**64, 10**10, -(10**10)])
def test_a_huge_count_is_refused_at_once_naming_the_field(value: int) -> None:
    """Issue 31: ``fakirs = 2**64`` (an OverflowError once) and ``10**10`` (a list of ten
    billion Fakirs once) are refused while the text is structured, at once."""

    def change(state: dict[str, Any]) -> None:
        state["players"][0]["fakirs"] = value

    started = time.perf_counter()
    assert (
        refusal(START, change) == "invalid value for type, expected int @ state.players[0].fakirs"
    )
    assert time.perf_counter() - started < 1


def test_a_negative_count_is_refused_naming_the_field() -> None:
    """Issue 31: a negative count is refused before anything counts with it."""

    def change(state: dict[str, Any]) -> None:
        state["players"][1]["fakirs"] = -1

    assert refusal(START, change) == "inconsistent state: players[1].fakirs: -1 is below 0"


def test_a_seed_past_its_bound_is_refused() -> None:
    """Issue 31: the seed may be large (up to 2**256), but not past it."""

    def change(state: dict[str, Any]) -> None:
        state["seed"] = 2**256

    assert refusal(START, change) == "invalid value for type, expected int @ state.seed"


# ---- load_rules ------------------------------------------------------------------------------


def _tables(folder: Path) -> Path:
    source = resources.files("sankore_rules.data") / "five_tribes"
    for name in ("sultanate", "meeples", "tracks", "cards", "djinns", "rulings"):
        shutil.copy(str(source / f"{name}.toml"), folder / f"{name}.toml")
    return folder


def _edit(folder: Path, stem: str, old: str, new: str) -> None:
    path = folder / f"{stem}.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_djinn_power_amount_of_a_trillion_is_refused(tmp_path: Path) -> None:
    """Issue 31: numbers lie in 0..100 (a power amount of 10**12 once built 10**12 tasks)."""
    _edit(_tables(tmp_path), "djinns", 'kind = "fill_tile", amount = 3', 'kind = "fill_tile", '
          "amount = 1000000000000")  # fmt: skip
    with pytest.raises(sr.RulesDataError) as refused:
        sr.load_rules(tmp_path, game="five_tribes")
    assert refused.value.file == "djinns.toml"
    assert "1000000000000" in str(refused.value) and "power.amount" in str(refused.value)


def test_a_meeple_id_notation_cannot_read_is_refused(tmp_path: Path) -> None:
    """Issue 31: an id is one word of notation (``<b>`` once gave ``drop b4 <b>``, refused)."""
    _edit(_tables(tmp_path), "meeples", 'id = "blue"', 'id = "<b>"')
    with pytest.raises(sr.RulesDataError) as refused:
        sr.load_rules(tmp_path, game="five_tribes")
    assert refused.value.file == "meeples.toml"
    assert "'<b>'" in str(refused.value)


def test_an_id_used_twice_across_files_is_refused(tmp_path: Path) -> None:
    """Issue 31: one id, one thing, across the files (a meeple named like a good)."""
    _edit(_tables(tmp_path), "meeples", 'id = "blue"', 'id = "gold"')
    with pytest.raises(sr.RulesDataError) as refused:
        sr.load_rules(tmp_path, game="five_tribes")
    assert str(refused.value) == (
        "cards.toml: good[gold].id: id already used in meeples.toml (meeple[gold].id)"
    )


# ---- states are values -----------------------------------------------------------------------


def test_states_handed_out_are_sealed() -> None:
    """Issue 31: ``new_game``, ``apply`` and ``from_json`` hand out sealed states; assigning to
    one or to a player's holdings is a StateError, and changes nothing."""
    after = sr.apply(START, sr.legal_actions(START)[0])
    for state in (START, after, sr.from_json(sr.to_json(START))):
        assert state.sealed and all(p.sealed for p in state.players)
        with pytest.raises(sr.StateError, match="cannot be changed in place"):
            state.bank = 0
        with pytest.raises(sr.StateError, match="cannot be changed in place"):
            state.players[0].coins = 0
        with pytest.raises(TypeError):
            state.agenda[-1].args["marker"] = 0  # type: ignore[index]
        assert problems(TRIBES, state) == []


def test_clone_is_a_draft_and_apply_never_changes_its_input() -> None:
    """Issue 31: ``clone()`` is an editable draft; editing it leaves the original alone; a
    draft edited with lists is applied, and the state returned is sealed."""
    before = sr.to_json(START)
    draft = START.clone()
    assert not draft.sealed
    draft.players[0].coins -= 1
    draft.bank += 1
    draft.market = list(draft.market)  # type: ignore[assignment]
    assert sr.to_json(START) == before and draft != START
    after = sr.apply(draft, sr.legal_actions(draft)[0])
    assert after.sealed and type(after.market) is tuple
    assert draft.players[0].coins == START.players[0].coins - 1


def test_equality_ignores_events_and_the_key_is_hashable() -> None:
    """Issue 31: two states of one position are equal, their events aside; ``key()`` hashes."""
    state = POSITIONS[5]
    again = sr.from_json(sr.to_json(state))
    assert state.events and not again.events
    assert state == again and {state.key(), again.key()} == {state.key()}
    assert len({s.key() for s in POSITIONS}) == len(POSITIONS)


def test_the_engine_remembers_the_options_of_a_sealed_state() -> None:
    """Issue 31: with sealed states, the options listed for one are remembered, and a listed
    option is applied without being checked again."""
    state = sr.apply(START, sr.legal_actions(START)[0])
    first = sr.legal_actions(state)
    assert ENGINE._listed[id(state)][0] is state
    assert sr.legal_actions(state) == first
    assert sr.apply(state, first[0]).sealed


# ---- what play never makes -------------------------------------------------------------------


def test_a_game_over_with_steps_left_is_refused() -> None:
    """Issue 31, FT-END-1: the game ends at the end of a round, with nothing left to do."""

    def change(state: dict[str, Any]) -> None:
        state["agenda"] = [{"kind": "sell", "player": 0, "args": {}}]

    assert refusal(OVER, change) == (
        "inconsistent state: agenda: the game is over, yet steps are left"
    )


def test_a_last_camel_end_with_camels_left_is_refused() -> None:
    """Issue 31, FT-END-1: the end by the last camel needs a player without camels."""

    def change(state: dict[str, Any]) -> None:
        state["end_triggered"], state["end_cause"] = True, "last_camel"

    assert refusal(START, change) == (
        "inconsistent state: end_cause: 'last_camel', but every player still has a camel"
    )


def test_a_marker_bidding_twice_is_refused() -> None:
    """Issue 31, FT-AUC-1: each marker bids once a round."""

    def change(state: dict[str, Any]) -> None:
        state["agenda"].insert(1, dict(state["agenda"][-1]))

    assert refusal(START, change) == (
        "inconsistent state: agenda: a marker waits for two bids or turns"
    )


def test_a_move_that_jumped_is_refused() -> None:
    """Issue 31, FT-ACT-4: a move goes from a tile to an orthogonal neighbour."""
    moving = next(s for s in POSITIONS if s.move is not None and s.move.came_from >= 0)
    assert moving.move is not None
    far = next(c for c in range(len(TRIBES.cells)) if c not in TRIBES.neighbours[moving.move.cell])

    def change(state: dict[str, Any]) -> None:
        state["move"]["came_from"] = far

    assert refusal(moving, change) == (
        "inconsistent state: move: the cell it came from is not next to the cell it is on"
    )


def test_the_key_and_the_copies_follow_the_fields() -> None:
    """Issue 31: ``key()`` and the drafts take every field but ``events``, in order: a field
    added to the state and not to them would make two positions equal, or a copy lose it."""
    names = [f.name for f in attrs.fields(FiveTribesState)]
    state = POSITIONS[9]
    assert names[-1] == "events" and len(state._values()) == len(names) - 1
    assert list(state._values()) == [getattr(state, n) for n in names[:-1]]
    draft = state.clone()
    assert [getattr(draft, n) for n in names] == [getattr(state, n) for n in names]
    assert len(state.key()) == len(names) - 1  # type: ignore[arg-type]
