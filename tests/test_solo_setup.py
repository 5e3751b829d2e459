"""The solo setup (RULES-CHECKLIST 16a, SOLO-SET-1..13; rulings AMB-10, AMB-37, AMB-39).

A solo game is a 2-player board: you are P0, the Scholar P1. These tests check each change the
solo rules make to the 2-player setup, the Scholar's draft, and the refusal of options the solo
game does not have.
"""

from __future__ import annotations

import pytest

import sankore_rules as sr
from positions import RULES, SCHOLAR, edit, scholar_does, seeded_setup, solo, whys
from sankore_rules.sankore.solo.setup import draft_choice
from sankore_rules.sankore.state import State

DIFFICULTIES = ("easy", "medium", "hard", "very_hard")


def test_solo_set_1_four_difficulties_with_their_scholars() -> None:
    """SOLO-SET-1: Easy, Medium, Hard and Very Hard, each its historical scholar."""
    names = {d: RULES.solo_difficulties[d].name for d in DIFFICULTIES}
    assert {
        "easy": "Muhammad Abd Allah",
        "medium": "Katib Musa",
        "hard": "Muhammad al-Kabari",
        "very_hard": "Sidi Yahya",
    } == names
    for difficulty in DIFFICULTIES:
        state = sr.new_game(players=1, seed=5, scholar=difficulty)
        assert difficulty == state.solo.difficulty


def test_solo_set_2_the_common_setup_is_the_two_player_games() -> None:
    """SOLO-SET-2: the same seed sets up the same 2-player board: queues (5 Students of each
    discipline), boxes, Theology Books, Port tokens, board tiles, Madrasa, market and draft."""
    alone = sr.new_game(players=1, seed=11, scholar="easy")
    pair = sr.new_game(players=2, seed=11)
    assert 2 == alone.player_count == len(alone.players)
    for field in (
        "queues",
        "queue_tokens",
        "boxes",
        "theology_books",
        "port_tokens",
        "region_tiles",
        "madrasa",
        "market",
        "draft",
        "supply_books",
        "supply_prestige",
        "supply_sankore",
        "graduation",
    ):
        assert getattr(pair, field) == getattr(alone, field), field
    assert [5, 5, 5, 5] == [sum(q.count(d) for q in alone.queues) for d in RULES.disciplines]


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_solo_set_3_the_scholar_plays_on_the_board_of_its_difficulty(difficulty: str) -> None:
    """SOLO-SET-3: the solo board of the chosen difficulty lists the Scholar's actions and its
    School Knowledge."""
    from sankore_rules.sankore.solo.common import school_knowledge
    from sankore_rules.sankore.solo.turn import turn_actions

    state = solo(difficulty)
    board = RULES.solo_difficulties[difficulty]
    assert board.phase1[0] == turn_actions(RULES, difficulty, 1)
    assert board.phase3[6] == turn_actions(RULES, difficulty, 16)
    assert board.school_knowledge[0] == school_knowledge(RULES, state, "law")


def test_solo_set_4_the_scholars_pieces_are_on_the_solo_board() -> None:
    """SOLO-SET-4: seven Trading Posts, Mosques, Walls and Crowns at home on the solo board,
    and no player board: no Classes, Students or Skill tiles."""
    scholar = solo().players[SCHOLAR]
    assert (7, 7, 7, 7) == scholar.pieces
    assert {} == scholar.classes
    assert {} == scholar.students
    assert ((), (), (), ()) == scholar.skills


def test_solo_set_5_the_scholars_camel_starts_on_timbuktu() -> None:
    """SOLO-SET-5."""
    assert "timbuktu" == solo().players[SCHOLAR].camel


def test_solo_set_6_no_resource_board_and_no_resources() -> None:
    """SOLO-SET-6, AMB-37: no Gold, Salt or Inspiration and no Favour tiles for the Scholar;
    you keep the 2-player game's two, and the supply the rest."""
    state = solo()
    scholar, you = state.players[SCHOLAR], state.players[0]
    assert (0, 0, 0, 0) == (scholar.gold, scholar.salt, scholar.inspiration, scholar.favour_tiles)
    assert (2, 2, 1, 2) == (you.gold, you.salt + 1, you.inspiration, you.favour_tiles)
    assert 30 == state.favour_supply


def test_solo_set_7_the_scholars_favour_disc_is_in_the_box() -> None:
    """SOLO-SET-7: its disc is off the track (-1); a Favour reward does nothing for it."""
    from sankore_rules.sankore.tables import Effect, EffectKind

    state = solo()
    assert -1 == state.players[SCHOLAR].favour_pos

    def reward(s: State) -> None:
        from sankore_rules.sankore.solo.common import take_rewards

        s.events = []
        s.solo.current = "law"
        take_rewards(RULES, s, (Effect(EffectKind.ADVANCE_FAVOUR, 2),), area="law", source="test")

    after = edit(state, reward)
    assert -1 == after.players[SCHOLAR].favour_pos
    assert [
        "test: advance favour let go: the Scholar's Favour disc is in the box (SOLO-SET-7)"
    ] == [e.detail["why"] for e in after.events if e.kind == "scholar"]


def test_solo_set_8_the_bag_holds_the_scholars_students() -> None:
    """SOLO-SET-8: the cloth bag, beside the solo board, holds its drafted Student, and the
    observation shows how many of each discipline, not their draw order."""
    state = sr.new_game(players=1, seed=8, scholar="easy")
    assert () == state.solo.bag
    while state.decision.kind != "turn":
        state = sr.apply(state, sr.legal_actions(state)[0])
    (draft,) = [e for e in state.events if e.kind == "scholar"]
    assert (draft.detail["student"],) == state.solo.bag
    counts = sr.observation(state, 0)["solo"]["bag_counts"]
    assert 1 == counts[RULES.discipline_index[draft.detail["student"]]] == sum(counts)


def test_solo_set_9_the_scholar_has_a_face_down_deck_of_four_cards() -> None:
    """SOLO-SET-9: 4 cards dealt to the Scholar as its deck, 4 to you, none twice; its deck is
    hidden from you and keeps no order (sorted, issue 39); the card of its draft is not dealt
    yet: it is turned from the 16 undealt ones when the Scholar drafts."""
    state = _through_the_deal(sr.new_game(players=1, seed=21, scholar="hard", chance="explicit"))
    deck, hand = state.players[SCHOLAR].objectives, state.players[0].objectives
    assert 4 == len(deck) == len(hand) == len({*deck, *hand}) - 4
    assert tuple(sorted(deck)) == deck
    seen = sr.observation(state, 0)
    assert 4 == seen["players"][SCHOLAR]["objectives"]
    state = _at_scholar_draft(state)
    undealt = sorted(set(range(1, 25)) - {*deck, *hand})
    assert 16 == len(undealt)
    assert [(f"reveal {n}", 1 / 16) for n in undealt] == [
        (str(a), p) for a, p in sr.chance_outcomes(state)
    ]


def test_solo_set_10_the_three_shelf_library() -> None:
    """SOLO-SET-10: the Library's 3-shelf side; the 6-shelf side is refused by name."""
    assert "three_shelf" == solo().library_side
    with pytest.raises(ValueError, match="3-shelf side \\(SOLO-SET-10\\)"):
        sr.new_game(players=1, seed=1, scholar="easy", library="six_shelf")


def test_solo_set_11_you_play_first() -> None:
    """SOLO-SET-11: you are P0, first to draft and first to play, whatever the seed."""
    for seed in range(6):
        state = sr.new_game(players=1, seed=seed, scholar="medium")
        assert 0 == state.first_player == state.current_player
        assert "draft" == state.decision.kind
        assert 0 == solo(seed=seed).current_player


def _through_the_deal(state: State) -> State:
    """Explicit chance: the seed's setup, then the deal of the hands (``deal_objective``),
    each its last outcome."""
    state = seeded_setup(state)
    while state.current_player == sr.CHANCE and state.agenda[-1].kind == "deal_objective":
        state = sr.apply(state, sr.chance_outcomes(state)[-1][0])
    return state


def _at_scholar_draft(state: State, draft: str | None = None) -> State:
    """Explicit chance: the deal, your draft (``draft``, else the first option) and choices,
    up to the turn of the Scholar's draft card, which waits for the caller."""
    state = _through_the_deal(state)
    if draft is not None:
        state = sr.apply(state, draft)
    while state.current_player != sr.CHANCE:
        state = sr.apply(state, sr.legal_actions(state)[0])
    assert "scholar_draft_turn" == state.agenda[-1].kind
    return state


def _past_market_turns(state: State) -> State:
    """The draft's end refills the market: its piles' new tops drawn (the first outcome)."""
    while state.current_player == sr.CHANCE:
        assert "market_turn" == state.agenda[-1].kind
        state = sr.apply(state, sr.chance_outcomes(state)[0][0])
    return state


def _card_of(state: State, discipline: str) -> int:
    """An undealt card (the lowest) showing ``discipline``."""
    dealt = {c for pl in state.players for c in pl.objectives}
    return min(
        n for n, c in RULES.objective_cards.items() if c.discipline == discipline and n not in dealt
    )


def _before_scholar_draft(seed: int = 3) -> State:
    state = sr.new_game(players=1, seed=seed, scholar="easy")
    while state.decision is not None and state.decision.kind != "draft_order":
        state = sr.apply(state, sr.legal_actions(state)[0])
    return state


def test_solo_set_12_the_scholar_takes_the_tile_of_the_turned_cards_discipline() -> None:
    """SOLO-SET-12: you draft first; the top undealt card's discipline picks the Scholar's
    combination by its Advanced Class tile; the card goes back to the box."""
    state = seeded_setup(sr.new_game(players=1, seed=3, scholar="easy", chance="explicit"))
    discipline = "law"
    card = _card_of(state, discipline)
    # You draft a combination whose tile is not of that discipline.
    yours = next(c for c in state.draft if RULES.class_tiles[c[0]].discipline != discipline)
    state = _at_scholar_draft(state, f"draft {yours[0]}")
    expected = next(c for c in state.draft if RULES.class_tiles[c[0]].discipline == discipline)
    turned = sr.apply(state, f"reveal {card}")
    state = _past_market_turns(turned)
    assert "turn" == state.decision.kind
    assert expected[0] == state.solo.classes["solo-draft"]
    assert card not in {*state.players[0].objectives, *state.players[SCHOLAR].objectives}
    assert whys(turned, "draft")[0].endswith(
        f"its Advanced Class tile is {discipline} (SOLO-SET-12)"
    )


def test_solo_set_12_the_book_decides_when_you_took_that_tile() -> None:
    """SOLO-SET-12: with the tile of the card's discipline drafted by you, the combination
    whose Book is of that discipline."""
    state = seeded_setup(sr.new_game(players=1, seed=3, scholar="easy", chance="explicit"))
    discipline = "astronomy"
    yours = next(c for c in state.draft if RULES.class_tiles[c[0]].discipline == discipline)
    expected = next(c for c in state.draft if c[1] == discipline)
    state = _at_scholar_draft(state, f"draft {yours[0]}")
    turned = sr.apply(state, f"reveal {_card_of(state, discipline)}")
    state = _past_market_turns(turned)
    assert "turn" == state.decision.kind
    assert expected[0] == state.solo.classes["solo-draft"]
    assert discipline in whys(turned, "draft")[0].split("its Book is ")[1]


def test_solo_set_12_amb_39_neither_left_falls_back_anticlockwise() -> None:
    """SOLO-SET-12, AMB-39: a draft (edited) with neither the tile nor the Book of the card's
    discipline gives the next discipline anticlockwise, tile first."""
    draft = [("the-1a", "law", "theology"), ("law-1a", "mathematics", "law")]
    combo, why = draft_choice(RULES, draft, "astronomy")
    assert ("the-1a", "law", "theology") == combo
    assert "none being left for astronomy (AMB-39)" in why
    combo, why = draft_choice(RULES, draft, "mathematics")  # its Book (SOLO-SET-12)
    assert ("law-1a", "mathematics", "law") == combo
    assert "AMB-39" not in why


def test_solo_set_13_student_into_the_bag_tile_on_the_slot_book_into_storage() -> None:
    """SOLO-SET-13: the drafted Student goes into the bag, the tile onto the bottom-centre slot,
    the Book into the Scholar's storage; the other combinations leave (DRAFT-8)."""
    state = _before_scholar_draft()
    after = scholar_does(state, "scholar_draft")
    (event,) = [e for e in after.events if e.kind == "scholar"]
    tile, book, student = event.detail["tile"], event.detail["book"], event.detail["student"]
    assert {"solo-draft": tile} == after.solo.classes
    assert (student,) == after.solo.bag
    assert 1 == after.players[SCHOLAR].books[RULES.discipline_index[book]]
    assert (tile, book, student) in state.draft
    assert (tile, book, student) not in after.draft


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 1}, "needs scholar= one of 'easy', 'medium', 'hard', 'very_hard'"),
        (
            {"players": 1, "scholar": "impossible"},
            "scholar must be one of 'easy', 'medium', 'hard', 'very_hard', got 'impossible'",
        ),
        ({"players": 1, "scholar": 3}, "scholar must be one of .* got 3"),
        (
            {"players": 2, "scholar": "hard"},
            "solo opponent of a game of players=1, not of players=2",
        ),
        ({"players": 4, "scholar": "easy"}, "not of players=4"),
        ({"players": 0}, "players must be 1 \\(the solo game\\), 2, 3 or 4, got 0"),
    ],
)
def test_bad_solo_options_are_refused_naming_the_choices(
    options: dict[str, object], message: str
) -> None:
    """SOLO-SET-1: an unknown difficulty, a difficulty for 2-4 players, or a solo game without
    one: a ValueError that names the choices."""
    with pytest.raises(ValueError, match=message):
        sr.new_game(seed=1, **options)  # type: ignore[arg-type]
