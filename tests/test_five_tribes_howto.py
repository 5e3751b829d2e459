"""The worked round of ``docs/five-tribes/how-to-play.md`` (issue 31) replays as the page says.

The test reads the page itself: the position drawn before the first bid, the action list, the
engine's words for P0's second turn and the table of outcomes, and checks each against
``sr.new_game(players=2, seed=7, game="five_tribes")`` played with those actions. The round
shows an auction (FT-AUC-1, FT-AUC-2, FT-PUB-5, FT-PUB-6), a move (FT-ACT-3 to FT-ACT-6),
Merchants taking market cards (FT-MEEP-3), Assassins killing (FT-MEEP-5, FT-AMB-5), a skipped
market (FT-AMB-4), goods kept for the end (FT-AMB-6, FT-SC-7) and a Djinn bought with two
Elders (FT-TILE-5, FT-SC-4).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sankore_rules as sr
from sankore_rules.five_tribes.state import FiveTribesState

PAGE = Path(__file__).resolve().parents[1] / "docs" / "five-tribes" / "how-to-play.md"
RULES_TEXT = Path(__file__).resolve().parents[2] / "shared" / "rules-text"


def section(heading: str) -> str:
    """The page's text from the heading ``### heading`` to the next heading."""
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(f"### {heading}\n")
    end = text.find("\n#", start + 4)
    return text[start : end if end >= 0 else len(text)]


def block(heading: str) -> list[str]:
    """The lines of the first fenced block under ``heading``."""
    blocks: list[str] = re.findall(r"```text\n(.*?)```", section(heading), re.S)
    return blocks[0].splitlines()


def new_game() -> FiveTribesState:
    state: FiveTribesState = sr.new_game(players=2, seed=7, game="five_tribes")
    return state


def played(upto: int) -> FiveTribesState:
    state = new_game()
    for action in block("The actions")[:upto]:
        state = sr.apply(state, action)
    return state


def test_the_page_shows_the_position_before_the_first_bid() -> None:
    """FT-SET-1, FT-SET-2, FT-SET-3: the grid on the page is the text view's grid of seed 7,
    and the market and display the page names are the state's."""
    state = new_game()
    assert sr.render_state(state).splitlines()[1:6] == block("The position")
    words = " ".join(section("The position").split())
    cards = ["a Fakir" if card == "fakir" else card for card in state.market]
    assert f"The market shows {', '.join(cards[:-1])} and {cards[-1]};" in words
    names = [sr.rules_of(state).djinn_by_id[d].name for d in state.djinn_display]
    assert f"display shows {names[0]}, {names[1]} and {names[2]}." in words
    assert "Both players hold 50 coins." in words
    assert [50, 50] == [p.coins for p in state.players]


def test_every_action_on_the_page_is_legal_in_turn() -> None:
    """The 18 actions of the page are each among the legal actions when taken, and the round
    goes on with P1's last turn."""
    state = new_game()
    actions = block("The actions")
    assert 18 == len(actions)
    for action in actions:
        assert action in [str(a) for a in sr.legal_actions(state)], action
        state = sr.apply(state, action)
    assert (1, "pick") == (state.current_player, state.decision.kind if state.decision else None)


def test_the_auction_sets_the_order_the_page_gives() -> None:
    """FT-AUC-1, FT-PUB-6: P0 pays 1 + 12, P1 pays 0 + 5; the turns go P0 (12), P1 (5),
    P0 (1), P1 (0)."""
    state = played(4)
    bids = sr.rules_of(state).tables.tracks.bids
    order = sorted(
        (
            (bids[i], i, state.markers[m])
            for i, m in enumerate(state.turn_order_track)
            if m is not None
        ),
        reverse=True,
    )
    # The first turn has begun: P0's marker of the 12 space has left the Turn Order Track already.
    assert [(5, 1), (1, 0), (0, 1)] == [(value, seat) for value, _, seat in order]
    assert [0] == [state.markers[m] for m in state.bid_order_track if m is not None]
    assert "P0 (12), P1 (5), P0 (1), P1 (0)" in section("The auction (actions 1 to 4)")


def test_the_engine_s_words_for_p0_s_second_turn_are_the_page_s() -> None:
    """The words the page quotes are ``describe_events`` of actions 14 to 17, in order."""
    state = played(13)
    lines: list[str] = []
    for action in block("The actions")[13:17]:
        state = sr.apply(state, action)
        lines += sr.game_of(state).describe_events(state)
    expected = block("P0's second turn: a Djinn (actions 14 to 18)")
    assert expected == lines


def outcome_rows() -> list[list[str]]:
    rows = [
        [cell.strip() for cell in line.strip().strip("|").split("|")]
        for line in section("What the table shows").splitlines()
        if line.startswith("| ") and not line.startswith("| After") and "---" not in line
    ]
    assert 5 == len(rows)
    return rows


def listed(words: str) -> list[str]:
    return [] if words == "none" else words.split(", ")


@pytest.mark.parametrize("row", outcome_rows(), ids=lambda row: f"after-{row[0]}")
def test_the_table_of_outcomes_is_what_the_replay_gives(row: list[str]) -> None:
    """FT-MEEP-2, FT-MEEP-3, FT-TILE-5, FT-SC-1, FT-SC-4, FT-SC-7: after each step of the
    table, the coins, P0's goods, Elders and Djinns, the market's size, the Djinn display and
    P0's score if the game ended there are the page's."""
    after, p0_coins, p1_coins, goods, elders, djinns, market, display, score = row
    state = played(int(after))
    p0, p1 = state.players
    elder = sr.rules_of(state).colours.index("white")
    assert (int(p0_coins), int(p1_coins)) == (p0.coins, p1.coins)
    assert listed(goods) == list(p0.goods)
    assert int(elders) == p0.pool[elder]
    assert listed(djinns) == list(p0.djinns)
    assert int(market) == len(state.market)
    assert listed(display) == list(state.djinn_display)
    assert int(score) == sr.final_scores(state).players[0].total


def test_the_score_the_page_explains_adds_up() -> None:
    """FT-SC-1, FT-SC-4, FT-SC-7: 48 = 37 coins + 3 for two different goods + 8 for Sloar."""
    scores = sr.final_scores(played(18)).players[0]
    assert (48, 37, 3, 8) == (
        scores.total,
        scores.breakdown["coins"],
        scores.breakdown["goods"],
        scores.breakdown["djinns"],
    )
    assert "P0's 48 points are 37 coins, 3 for the pair of different goods and 8 for Sloar" in (
        " ".join(section("What the table shows").split())
    )


def test_the_page_links_every_ruling_it_relies_on() -> None:
    """Each Five Tribes ruling the page names links to its anchor on the rulings page, and the
    anchors are the ids the rulings page gives (``{#ft-engine-9}``)."""
    text = PAGE.read_text(encoding="utf-8")
    named = set(re.findall(r"FT-(?:AMB|ENGINE)-\d+", text))
    linked = set(re.findall(r"\[(FT-(?:AMB|ENGINE)-\d+)\]\(rulings\.md#(ft-[a-z]+-\d+)\)", text))
    assert named == {ruling for ruling, _ in linked}
    assert all(anchor == ruling.lower() for ruling, anchor in linked)
    ids = {r.id for r in sr.load_rules(game="five_tribes").tables.rulings.ruling}
    assert named <= ids
    assert {"FT-AMB-4", "FT-AMB-5", "FT-ENGINE-2", "FT-ENGINE-5", "FT-ENGINE-9"} <= named


def test_the_page_copies_no_sentence_of_the_five_tribes_description() -> None:
    """The page is in the project's own words: no 8 words in a row of the Five Tribes
    description (``rules-text/003``), which sits beside the repository (in CI; a clone of the
    project alone has no copy, and the check is skipped there)."""
    source_file = RULES_TEXT / "003_c9c1dc82164afae0.txt"
    if not source_file.is_file():
        pytest.skip(f"no copy of the rules texts at {RULES_TEXT}")
    source = re.findall(r"[a-z0-9]+", source_file.read_text(encoding="utf-8").lower())
    grams = {tuple(source[i : i + 8]) for i in range(len(source) - 7)}
    words = re.findall(r"[a-z0-9]+", PAGE.read_text(encoding="utf-8").lower())
    copied = [
        " ".join(words[i : i + 8])
        for i in range(len(words) - 7)
        if tuple(words[i : i + 8]) in grams
    ]
    assert [] == copied
