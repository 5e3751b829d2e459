"""What every Scholar action shares: the anticlockwise order, Knowledge, storage, bag, tiles.

The Scholar prefers its current discipline in every choice and, when it cannot use it, tries the
next one anticlockwise (SOLO-DISC-1..3):
[`anticlockwise`][sankore_rules.sankore.solo.common.anticlockwise] is that order. It never holds
Gold, Salt or Inspiration and keeps Books and Prestige tokens in a storage without limit
(SOLO-FLOW-4, SOLO-FLOW-5); [`take_rewards`][sankore_rules.sankore.solo.common.take_rewards] is
how any reward the board gives it is taken (ruling AMB-34).

Its random events are chance steps of the engine (``core/chance.py``): a card turned (for its
draft, SOLO-SET-12, or from its deck, SOLO-PH1-2) and a Student drawn from its bag
(SOLO-PH2-2, SOLO-PH3-2). The state holds what is left, never an order: the deck and the bag
are sorted tuples, and which card or Student comes next is drawn when it is turned.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.shared import removed, replaced_at
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log
from sankore_rules.sankore.rules.common import (
    gain_books,
    gain_prestige,
    madrasa_full,
    shared_knowledge,
    trigger_end,
)
from sankore_rules.sankore.state import SCHOLAR, MadrasaTile, SoloState, State, player_to_change
from sankore_rules.sankore.tables import Effect, EffectKind

__all__ = [
    "SCHOLAR_BAG_DRAW",
    "SCHOLAR_CARD_TURN",
    "SCHOLAR_CHANCE_KINDS",
    "SCHOLAR_DRAFT_TURN",
    "a",
    "anticlockwise",
    "bag_outcomes",
    "card_outcomes",
    "draw_from_bag",
    "gain_scholar_prestige",
    "knowledge",
    "place_tile",
    "put_in_bag",
    "queue_icons",
    "school_knowledge",
    "solo_of",
    "supply_tile",
    "take_rewards",
    "tell",
]

#: Why the Scholar lets a reward go, by the kind of effect (SOLO-FLOW-4, SOLO-SET-7, AMB-34).
_LET_GO = {
    EffectKind.GAIN_RESOURCE: "the Scholar never gains Gold, Salt or Inspiration (SOLO-FLOW-4)",
    EffectKind.ADVANCE_FAVOUR: "the Scholar's Favour disc is in the box (SOLO-SET-7)",
    EffectKind.EXCHANGE_FAVOUR: "the Scholar never takes or returns a Favour (SOLO-SET-7)",
    EffectKind.RETURN_FAVOUR: "the Scholar never takes or returns a Favour (SOLO-SET-7)",
    EffectKind.ACTIVATE_SKILLS: "the Scholar has no Skill sections (AMB-34)",
    EffectKind.SKILL_TILE: "the Scholar has no Skill sections (AMB-34)",
}
_NO_BOARD = "the Scholar has no player board for it (AMB-34)"

#: The chance step that turns the card of the Scholar's draft from the undealt cards (SOLO-SET-12).
SCHOLAR_DRAFT_TURN = "scholar_draft_turn"
#: The chance step that turns the top card of the Scholar's deck (SOLO-PH1-2).
SCHOLAR_CARD_TURN = "scholar_card_turn"
#: The chance step that draws a Student from the Scholar's bag (SOLO-PH2-2, SOLO-PH3-2).
SCHOLAR_BAG_DRAW = "scholar_bag_draw"
#: Every chance step of the Scholar's turns: in the explicit mode one may wait on the agenda.
SCHOLAR_CHANCE_KINDS = frozenset((SCHOLAR_DRAFT_TURN, SCHOLAR_CARD_TURN, SCHOLAR_BAG_DRAW))

#: A card's outcome: ``reveal <number>``; a Student's: ``draw <discipline>``.
_REVEAL = OneWordActions("reveal")
_DRAW = OneWordActions("draw")


def solo_of(state: State) -> SoloState:
    """The solo board of a solo game's state."""
    assert state.solo is not None, "not a solo game"
    return state.solo


def anticlockwise(rules: Rules, start: str) -> tuple[str, ...]:
    """The four disciplines from ``start`` on, anticlockwise (SOLO-DISC-2, AMB-38).

    Examples:
        >>> from sankore_rules.sankore.board import load_rules
        >>> anticlockwise(load_rules(), "mathematics")
        ('mathematics', 'law', 'astronomy', 'theology')
    """
    i = rules.discipline_index[start]
    return rules.disciplines[i:] + rules.disciplines[:i]


def a(word: str) -> str:
    """``word`` with its indefinite article: ``a theology``, ``an astronomy``."""
    return f"{'an' if word[:1].lower() in 'aeiou' else 'a'} {word}"


def tell(state: State, action: str, why: str, **detail: object) -> None:
    """Log what the Scholar did (``action``) and ``why``, in words a frontend can show."""
    log(state, "scholar", SCHOLAR, action=action, why=why, **detail)


# ---- Knowledge (SOLO-TEACH-4) --------------------------------------------------------------------


def school_knowledge(rules: Rules, state: State, area: str) -> int:
    """The number the Scholar's solo board shows under that area's pieces (SOLO-TEACH-4)."""
    track = rules.solo_difficulties[solo_of(state).difficulty].school_knowledge
    home = state.players[SCHOLAR].pieces[rules.discipline_index[area]]
    return track[rules.counts.pieces_per_type - home]


def knowledge(rules: Rules, state: State, area: str) -> int:
    """The Scholar's Knowledge in ``area``: Shared plus its School Knowledge (SOLO-TEACH-4)."""
    return shared_knowledge(rules, state, area) + school_knowledge(rules, state, area)


# ---- the cloth bag (SOLO-SET-8) ------------------------------------------------------------------


def put_in_bag(state: State, student: str) -> None:
    """Put a Student into the bag, which keeps no order: its Students stay sorted.

    Which Student comes out next is drawn when the Scholar draws (``scholar_bag_draw``).
    """
    solo = solo_of(state)
    solo.bag = tuple(sorted((*solo.bag, student)))


def bag_outcomes(state: State) -> list[tuple[Action, int]]:
    """A draw from the bag: one outcome per discipline in it, weighted by its Students there."""
    return [(_DRAW[d], n) for d, n in sorted(Counter(solo_of(state).bag).items())]


def draw_from_bag(state: State, student: str) -> None:
    """Take the drawn Student (the outcome of ``scholar_bag_draw``) out of the bag."""
    solo = solo_of(state)
    solo.bag = removed(solo.bag, student)


def card_outcomes(cards: Iterable[int]) -> list[tuple[Action, int]]:
    """A card turned from face-down ``cards``: one outcome per card, each as likely."""
    return [(_REVEAL[str(n)], 1) for n in sorted(cards)]


# ---- Prestige and Sankoré tiles (SOLO-PRES, SOLO-SANK, SOLO-DISC-3) ------------------------------


def gain_scholar_prestige(rules: Rules, state: State, discipline: str) -> str | None:
    """Take a Prestige token of ``discipline``, or of the next discipline anticlockwise.

    Every token the Scholar takes from the supply follows the fallback (SOLO-PRES-1,
    SOLO-DISC-3, ruling SCHOLAR-7). Returns the discipline gained, None when the supply is empty.
    """
    for d in anticlockwise(rules, discipline):
        if gain_prestige(rules, state, SCHOLAR, d):
            return d
    return None


def supply_tile(rules: Rules, state: State, discipline: str) -> str | None:
    """A supply (double-Prestige) tile of ``discipline``, or of the next one anticlockwise.

    The Scholar's choice of a Sankoré tile follows the fallback too (SOLO-DISC-3).
    """
    for d in anticlockwise(rules, discipline):
        for tile in state.supply_sankore:
            if rules.sankore_tiles[tile].discipline == d:
                return tile
    return None


def place_tile(rules: Rules, state: State, tile: str, *, from_supply: bool) -> None:
    """The Scholar places a Sankoré tile: in the Madrasa, or, once it is full, in its storage.

    A tile into the Madrasa takes the lowest-numbered free space (SANK-1, SOLO-SANK-1); filling
    the last one triggers the end (END-1). Once the Madrasa is full or the end is triggered, the
    tile goes to the Scholar's storage and scores 1 Prestige icon (SOLO-SANK-2, SANK-10; ruling
    SCHOLAR-6). A board tile placed in the Madrasa gives the Scholar the rewards of its bonus
    that it can take (AMB-34); a supply tile gives it a Prestige token of the tile's
    discipline instead (SOLO-SANK-3, AMB-23).
    """
    if from_supply:
        state.supply_sankore = removed(state.supply_sankore, tile)
    info = rules.sankore_tiles[tile]
    if state.end_triggered or madrasa_full(rules, state):
        scholar = player_to_change(state, SCHOLAR)
        scholar.kept_sankore = (*scholar.kept_sankore, tile)
        log(state, "sankore_kept", SCHOLAR, tile=tile)
    else:
        cell = next(c for c in rules.numbered_cells if state.madrasa[c] is None)
        state.madrasa = replaced_at(state.madrasa, cell, MadrasaTile(tile, star=from_supply))
        log(state, "sankore_placed", SCHOLAR, tile=tile, cell=rules.cell_name(cell))
        if madrasa_full(rules, state):
            trigger_end(state, "madrasa", SCHOLAR)  # END-1, AMB-21
        if not from_supply:
            take_rewards(rules, state, info.bonus, area=info.discipline, source=tile)
    if from_supply:
        gain_scholar_prestige(rules, state, info.discipline)


# ---- rewards (AMB-34) ----------------------------------------------------------------------------


def take_rewards(
    rules: Rules, state: State, effects: tuple[Effect, ...], *, area: str, source: str
) -> None:
    """Give the Scholar what it can take of a reward of the board (ruling AMB-34).

    It takes Books and Prestige tokens (a choice of discipline is its current discipline,
    SOLO-DISC-1, then the next anticlockwise), places the supply tiles a bonus names and
    triggers the majority scorings a bonus names (of ``area``, AMB-19). It lets go of Gold,
    Salt, Inspiration, Favour and Skill tiles, and of what needs a player board (a Transfer, a
    free Establish...), logging why.
    """
    current = solo_of(state).current or rules.disciplines[0]
    for effect in effects:
        named = effect.discipline if effect.discipline in rules.discipline_index else None
        match effect.kind:
            case EffectKind.GAIN_BOOK:
                for _ in range(effect.amount):
                    _gain_book(rules, state, named, current)
            case EffectKind.GAIN_PRESTIGE:
                for _ in range(effect.amount):
                    gain_scholar_prestige(rules, state, named or current)
            case EffectKind.PLACE_SANKORE:
                tile = supply_tile(rules, state, named or current)
                if tile is not None:
                    place_tile(rules, state, tile, from_supply=True)
            case EffectKind.MAJORITY_SCORING:
                scoring = (area, effect.scoring or "prestige", "")
                state.pending_scorings = (*state.pending_scorings, scoring)
                log(state, "scoring_triggered", SCHOLAR, area=area, scoring=effect.scoring)
            case kind:
                what = kind.value.replace("_", " ")
                why = _LET_GO.get(kind, _NO_BOARD)
                tell(state, "reward_let_go", f"{source}: {what} let go: {why}", reward=str(kind))


def _gain_book(rules: Rules, state: State, named: str | None, current: str) -> None:
    """A Book of the named discipline, or of the Scholar's choice: current first (SOLO-DISC-1)."""
    for d in (named,) if named else anticlockwise(rules, current):
        if gain_books(rules, state, SCHOLAR, d):
            return


def queue_icons(rules: Rules, state: State, area: str, last: int) -> None:
    """Trigger the icons of the queue space the Scholar's Enrol left empty (AMB-12, AMB-34).

    Its majority scorings wait for the end of the turn as anyone's (ENROL-5, ENROL-6); a
    Sankoré icon places a supply tile of the area's discipline (ENROL-7, GAP-10, SOLO-DISC-3)
    with its Prestige token; a Favour icon does nothing, the Scholar having no Favour disc
    (SOLO-SET-7).
    """
    space = rules.queue_layouts[state.player_count].spaces[last]
    if space.favour:
        tell(
            state,
            "reward_let_go",
            f"{area} queue: its Favour icon does nothing: {_LET_GO[EffectKind.EXCHANGE_FAVOUR]}",
            reward="favour_icon",
            source=f"{area}:{last}",
        )
    if space.sankore:
        tile = supply_tile(rules, state, area)
        if tile is not None:
            place_tile(rules, state, tile, from_supply=True)
    token = f"{area}:{last}"
    if space.book_majority:
        state.pending_scorings = (*state.pending_scorings, (area, "book", token))
    if space.prestige_majority:
        state.pending_scorings = (*state.pending_scorings, (area, "prestige", token))
