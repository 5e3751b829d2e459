"""Five Tribes through the interfaces: records that replay, the command line with
``--game five-tribes``, the text view and the refusals of what only Sankoré has (FT-SET-1,
FT-AUC-1, FT-SC-8)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from xml.etree import ElementTree

import pytest

import sankore_rules as sr
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.interfaces.bots import RandomBot
from sankore_rules.interfaces.cli import main
from sankore_rules.interfaces.records import RecordError, load_record, replay, save_record
from sankore_rules.interfaces.render import render_scores
from sankore_rules.interfaces.viewer import viewer_html


def _random_game(players: int, seed: int) -> tuple[FiveTribesState, list[str]]:
    state = sr.new_game(players=players, seed=seed, game="five_tribes")
    bot, played = RandomBot(seed=seed), []
    while not sr.is_terminal(state):
        action = bot.choose(state)
        played.append(str(action))
        state = sr.apply(state, action)
    return state, played


def test_a_five_tribes_record_names_its_game_and_replays() -> None:
    """A record of a finished game names the game, and replays to the same state and scores
    (FT-SC-8: the recorded winners are checked)."""
    final, played = _random_game(3, 21)
    text = save_record(played, players=3, seed=21, game="five_tribes", final=final)
    assert json.loads(text)["setup"] == {"game": "five_tribes", "players": 3, "seed": 21}
    record = load_record(text)
    assert record.game == "five_tribes"
    assert record.winners == sr.final_scores(final).winners
    assert replay(record) == final
    with pytest.raises(RecordError, match="cannot be played by that ruleset"):
        replay(record, rules=sr.load_rules())
    page = viewer_html(record)
    assert page.count('<li value="') == len(played)
    assert "<h1>Five Tribes</h1>" in page


def test_the_command_line_plays_five_tribes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``new --game five-tribes`` writes a state that legal, explain, apply and show read
    (FT-AUC-1: a taken bid space is refused with its reason)."""
    path = str(tmp_path / "ft.json")
    assert main(["new", "--game", "five-tribes", "--players", "2", "--seed", "4", "-o", path]) == 0
    assert main(["legal", path]) == 0
    out = capsys.readouterr().out
    assert "bid 0\nbid 1\nbid 3\nbid 5\nbid 8\nbid 12\nbid 18\n" in out
    assert main(["apply", path, "bid", "8"]) == 0
    assert main(["explain", path, "bid", "8"]) == 1
    assert "bid_taken: the bid space 8 is taken" in capsys.readouterr().out
    assert main(["show", path]) == 0
    shown = capsys.readouterr().out
    assert shown.startswith("Five Tribes, 2 players, round 1\n  a1 ")
    assert "Score if the game ended now:" in shown
    assert main(["new", "--game", "five-tribes", "--scholar", "easy", "-o", path]) == 2
    assert main(["show", path, "--svg", str(tmp_path / "x.svg")]) == 0
    picture = ElementTree.parse(tmp_path / "x.svg").getroot()
    cells = picture.findall(".//{http://www.w3.org/2000/svg}g[@data-cell]")
    assert [c.get("data-cell") for c in cells][:7] == ["a1", "a2", "a3", "a4", "a5", "a6", "b1"]
    assert len(cells) == 30 and picture.get("data-picture") == "five-tribes"


def test_demo_and_random_play_five_tribes(capsys: pytest.CaptureFixture[str]) -> None:
    """``random --game five-tribes`` prints the score sheet of a seeded random game."""
    assert main(["random", "--game", "five-tribes", "--players", "4", "--seed", "2"]) == 0
    first = capsys.readouterr().out
    assert main(["random", "--game", "five-tribes", "--players", "4", "--seed", "2"]) == 0
    assert capsys.readouterr().out == first
    assert [line[:3] for line in first.splitlines() if line[:1] == "P"] == [
        "P0:",
        "P1:",
        "P2:",
        "P3:",
    ]
    assert "(wins)" in first
    assert main(["demo", "--game", "five-tribes", "--players", "2", "--seed", "3"]) == 0
    assert "Final scores:" in capsys.readouterr().out


def test_the_text_view_shows_the_grid_and_the_sheet() -> None:
    """FT-SET-1: the text view draws the 5 x 6 grid, one row of tiles a line."""
    state = sr.new_game(players=2, seed=1, game="five_tribes")
    lines = sr.render_state(state).splitlines()
    assert [line.split()[0] for line in lines[1:6]] == ["a1", "b1", "c1", "d1", "e1"]
    assert all(line.count("|") == 5 for line in lines[1:6])
    sheet = render_scores(state, final=True)
    # Everyone on 50 coins: tied on total and tie-break, a shared victory (FT-SC-8).
    assert sheet.splitlines()[:2] == ["P0: 50  (wins)  [coins 50]", "P1: 50  (wins)  [coins 50]"]


def test_the_text_view_ends_with_a_legend_of_its_letters() -> None:
    """FT-SET-1, FT-MEEP-1..5, FT-PUB-13: under the view, what each tile letter, meeple initial
    and track mark stands for, read from the tables (compulsory actions said so)."""
    state = sr.new_game(players=2, seed=1, game="five_tribes")
    lines = sr.render_state(state).splitlines()
    start = lines.index("Legend:")
    assert lines[start - 1].startswith("Now: P")
    assert lines[start + 1] == (
        "Tiles: O Oasis (a palm tree, compulsory), V Village (a palace, compulsory), "
        "m Small Market (buy cards), M Large Market (buy cards), S Sacred Place (buy a Djinn)."
    )
    assert lines[start + 3] == (
        "Meeples: Y yellow (Viziers), W white (Elders), G green (Merchants), B blue (Builders), "
        "R red (Assassins)."
    )
    # Each tile's letter in the grid is one the legend explains.
    letters = {cell.split()[1][0] for line in lines[1:6] for cell in line.strip().split(" | ")}
    assert letters <= {"O", "V", "m", "M", "S"}


def _logged_kinds() -> dict[str, bool]:
    """Every event kind the rules modules log, and whether it has a player (False: the game's).

    Read from the sources, so that a kind added to the rules without words fails the test
    below; ``place_piece`` logs the piece it places (``palm``, ``palace``).
    """
    import sankore_rules.five_tribes.rules as rules_package

    found: dict[str, bool] = {"palm": True, "palace": True}
    for path in Path(rules_package.__file__).parent.glob("*.py"):
        for kind, who in re.findall(r'log\(\s*state,\s*"(\w+)",\s*([\w.\[\]]+)', path.read_text()):
            found[kind] = found.get(kind, False) or who != "None"
            if who == "None":
                found.setdefault(f"game:{kind}", False)
    return found


def test_every_event_kind_the_rules_log_has_words() -> None:
    """Issue 31: every event kind the rules log (the Djinns' powers included: the meeples a
    ``fill`` draws, the camel of a ``claim``, the palace of a ``raise`` or a ``place``, the palm
    tree of a ``plant``, the Djinn a ``keep`` keeps, a second kill) has its sentence; none is
    worded from its bare name and details."""
    from sankore_rules.five_tribes.display.words import GAME_WORDS, PLAYER_WORDS

    kinds = _logged_kinds()
    player_kinds = {k for k, has_player in kinds.items() if has_player and ":" not in k}
    game_kinds = {k.removeprefix("game:") for k in kinds if k.startswith("game:")}
    assert {"drawn", "camel", "palace", "palm", "kept", "kill", "power", "drew"} <= player_kinds
    assert set() == player_kinds - set(PLAYER_WORDS)
    assert set() == game_kinds - set(GAME_WORDS)
    assert {"round", "game_over", "end_triggered", "reshuffled"} == game_kinds


def test_the_events_of_played_games_read_as_sentences() -> None:
    """Every event of three random games (2, 3 and 4 players) is worded by one of its kind's
    sentences, never as ``kind: key value``; a power's payment reads as Elders and Fakirs."""
    from sankore_rules.five_tribes.display.words import GAME_WORDS, PLAYER_WORDS

    seen = set()
    for players in (2, 3, 4):
        state = sr.new_game(players=players, seed=players, game="five_tribes")
        bot = RandomBot(seed=players)
        while not sr.is_terminal(state):
            state = sr.apply(state, bot.choose(state))
            lines = sr.game_of(state).describe_events(state)
            for event, line in zip(state.events, lines, strict=True):
                seen.add(event.kind)
                words = PLAYER_WORDS if event.player is not None else GAME_WORDS
                openings = [t.split("{")[0] for t in words[event.kind]]
                body = line if event.player is None else line.removeprefix(f"P{event.player} ")
                assert any(
                    body.startswith(o[:1].upper() + o[1:] if event.player is None else o)
                    for o in openings
                ), line
                assert f"{event.kind}:" not in line
                if event.kind == "power":
                    assert re.search(
                        r"paying (\d+ (Elder|Fakir)s?( and )?)+$|paying nothing$", line
                    )
    assert {"bid", "turn", "pick", "drop", "take", "round", "game_over"} <= seen
