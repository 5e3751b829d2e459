"""The deadlock ruling (ENGINE-1): the end comes when no main action but a Favour can return.

The rulebook's only end trigger is a full Madrasa (END-1), and a turn may hold no main action at
all (TURN-2), so players who merely pass go on playing. A game can, however, reach a position
from which the Madrasa can never fill, because every main action other than Exchange a Favour
uses up something that never comes back:

- Enrol takes a Student from a queue, and queues are never refilled (AMB-11);
- Establish takes an Advanced Class tile from the market, which is never restocked;
- Teach moves a Student up the player board or out of the game (TEACH-8, TEACH-10);
- Graduate takes a Graduation tile and fills a Graduation slot for good;
- Establish and Graduate both contribute a Book to the Library (EST-1, GRAD-2), and a Book
  never leaves the Library.

[`can_progress`][sankore_rules.sankore.rules.deadlock.can_progress] decides whether such a main
action may still be taken some day, by anyone. It over-approximates what Exchange a Favour and bonus
actions can bring (resources, a free Establish, Inspiration for a Transfer), so it never ends a game
in which progress is possible; and once it answers False it answers False for ever, since all it
looks at only shrinks. The ruling ENGINE-1 in ``data/rulings.toml`` states the same test in words.
"""

from __future__ import annotations

from functools import partial

from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.rules.common import free_library_slots, graduation_tile_for
from sankore_rules.sankore.rules.requirements import condition_count
from sankore_rules.sankore.state import State
from sankore_rules.sankore.tables import Effect, EffectKind, ObjectiveCard

__all__ = ["can_progress"]


def can_progress(rules: Rules, state: State) -> bool:
    """Whether a main action other than Exchange a Favour may still be taken some day.

    True when any of these holds:

    - a queue still holds a Student (Enrol);
    - the Library has room for a Book, the market holds an Advanced Class tile, and some
      player can come by a Book of its discipline (Establish; a tile may replace another,
      EST-8, so any tile can still be placed);
    - for some player, a Teach can still come (see
      [`_can_teach_some_day`][sankore_rules.sankore.rules.deadlock._can_teach_some_day]);
    - for some player, a Graduation can still come: a Graduation slot is empty and a Student
      above the bottom row has a Graduation tile of its discipline left at or below its level,
      and either the Library has room and the player can come by a Book of that discipline,
      or the Favour track's free Graduate is within the player's reach (that one is a Favour,
      but it may still fill the Madrasa, GRAD-7).

    Gold and Salt are not looked at: a Favour or a bonus action can bring them. A Book of a
    discipline counts when the player holds one, or the supply has one and the player can take
    it (a reward within reach that gives a Book, or Inspiration for Write a Book, BONUS-4).
    """
    # Asked at every turn's end: the quick answers first, without a generator. A queue holding
    # a Student answers most of the game; once they are empty, a Student under one of its
    # player's Class tiles (a Teach possible now) answers most often, before anything is
    # reached for.
    for queue in state.queues:
        if queue.count(None) < len(queue):
            return True
    under = rules.student_under
    for pl in state.players:
        for space in pl.students:
            if under[space] in pl.classes:
                return True
    on_offer = {rules.class_tiles[t].discipline for c in state.market for t in c.visible()}
    library_room = free_library_slots(rules, state) > 0
    # Each test of _progress_within can only turn true as more comes within reach. So every
    # player is asked first with what the Favour track and their completed cards give, which is
    # enough almost always, and only then with what the cards in hand they could complete add,
    # which takes the longest to find.
    players = range(state.player_count)
    for p in players:
        reach = _held_effects(rules, state, p)
        if _progress_within(rules, state, p, reach, on_offer, library_room):
            return True
    for p in players:
        if state.players[p].objectives:
            reach = _reachable_effects(rules, state, p)
            if _progress_within(rules, state, p, reach, on_offer, library_room):
                return True
    return False


def _progress_within(
    rules: Rules, state: State, p: int, reach: _Reach, on_offer: set[str], library_room: bool
) -> bool:
    """Whether ``p`` may still Establish, Teach or Graduate, with the effects ``reach``."""
    inspiration = _inspiration(state, p, reach)
    book = partial(_book_within_reach, rules, state, p, reach, inspiration)
    if library_room and any(book(d) for d in on_offer):
        return True
    if _can_teach_some_day(rules, state, p, reach, bool(on_offer), inspiration):
        return True
    free = EffectKind.GRADUATE_FREE in reach
    return any(free or (library_room and book(d)) for d in _graduates(rules, state, p))


_Reach = dict[EffectKind, list[Effect]]


def _book_within_reach(
    rules: Rules, state: State, p: int, reach: _Reach, inspiration: bool, discipline: str
) -> bool:
    """Whether ``p`` holds a Book of ``discipline`` or can take one from the supply."""
    i = rules.discipline_index[discipline]
    if state.players[p].books[i] > 0:
        return True
    if state.supply_books[i] == 0:
        return False
    rewards = reach.get(EffectKind.GAIN_BOOK, ())
    return inspiration or any(effect.discipline in ("any", discipline) for effect in rewards)


def _reachable_effects(rules: Rules, state: State, p: int) -> _Reach:
    """Effects ``p`` can bring about without a main action other than Exchange a Favour.

    The Favour track's rewards up to the disc (FAV-2) and the round abilities of the completed
    Objective cards; then, until nothing more is added, those of each card in hand that these
    effects could let ``p`` complete (see
    [`_completable`][sankore_rules.sankore.rules.deadlock._completable]). A card that advances the
    disc puts the whole track within reach.
    """
    pl = state.players[p]
    cards = _completed_cards(rules, state, p)
    hand = [rules.objective_cards[n] for n in pl.objectives]
    market = any(column.visible() for column in state.market)
    while True:
        effects = _effects(rules, pl.favour_pos, cards)
        growable = _growable(state, p, effects, market)
        more = [card for card in hand if _completable(rules, state, p, card, growable)]
        if not more:
            return effects
        cards += more
        hand = [card for card in hand if card not in more]


def _completed_cards(rules: Rules, state: State, p: int) -> list[ObjectiveCard]:
    return [rules.objective_cards[n] for n in state.players[p].completed]


def _held_effects(rules: Rules, state: State, p: int) -> _Reach:
    """The effects within ``p``'s reach before any card in hand is completed.

    The Favour track's rewards up to the disc, and the round abilities of the completed
    Objective cards.
    """
    return _effects(rules, state.players[p].favour_pos, _completed_cards(rules, state, p))


def _inspiration(state: State, p: int, reach: _Reach) -> bool:
    """Whether ``p`` holds Inspiration or has a reward giving some within reach."""
    return state.players[p].inspiration > 0 or any(
        "inspiration" in effect.resources for effect in reach.get(EffectKind.GAIN_RESOURCE, ())
    )


def _effects(rules: Rules, favour_pos: int, cards: list[ObjectiveCard]) -> _Reach:
    """The Favour rewards up to ``favour_pos`` and the round abilities of ``cards``."""
    rounds = [
        effect for card in cards if card.ability.use == "round" for effect in card.ability.effects
    ]
    if any(effect.kind == EffectKind.ADVANCE_FAVOUR for effect in rounds):
        favour_pos = len(rules.favour_rewards) - 1
    effects: _Reach = {}
    for effect in (
        *rounds,
        *(e for reward in rules.favour_rewards[: favour_pos + 1] for e in reward),
    ):
        effects.setdefault(effect.kind, []).append(effect)
    return effects


def _growable(state: State, p: int, reach: _Reach, market: bool) -> frozenset[str]:
    """The requirement counts ``p`` can still raise without another main action, given ``reach``.

    Only four can grow so: Books (a Book reward, or Inspiration for Write a Book), Prestige
    tokens (a Prestige reward), Advanced Classes (the free Establish, while the market has a
    tile) and Graduation tiles (the free Graduate).
    """
    growable = {
        "books": EffectKind.GAIN_BOOK in reach or _inspiration(state, p, reach),
        "prestige": EffectKind.GAIN_PRESTIGE in reach,
        "advanced": market and EffectKind.ESTABLISH_FREE in reach,
        "graduations": EffectKind.GRADUATE_FREE in reach,
    }
    return frozenset(kind for kind, can in growable.items() if can)


def _completable(
    rules: Rules, state: State, p: int, card: ObjectiveCard, growable: frozenset[str]
) -> bool:
    """Whether ``p`` might still complete ``card`` (BONUS-5), raising only the ``growable`` counts.

    Every condition must be met already or be of a count that can grow (its unmet conditions
    are all growable); a growable one is not even counted.
    """
    for cond in card.requirement:
        if cond.kind not in growable and condition_count(rules, state, p, cond) < cond.at_least:
            return False
    return True


def _can_teach_some_day(
    rules: Rules, state: State, p: int, reach: _Reach, market: bool, inspiration: bool
) -> bool:
    """Whether one of ``p``'s Students may yet sit under one of ``p``'s Class tiles (TEACH-1).

    It may sit there now; a free Establish (IC-FAV-5), while the market has a tile, may put a
    Class tile above any Student space that has a class space above it; and a Transfer
    (BONUS-2), with Inspiration in hand or within reach, moves a Student above the bottom row
    to an empty space of its level that is, or may become, under a Class tile.
    """
    pl = state.players[p]
    under = rules.student_under
    free_establish = market and EffectKind.ESTABLISH_FREE in reach

    def teachable(space: str) -> bool:
        above = under[space]
        return above is not None and (above in pl.classes or free_establish)

    if any(teachable(s) for s in pl.students):
        return True
    if not inspiration:
        return False
    levels = {rules.student_level[s] for s in pl.students if rules.student_level[s] >= 1}
    return any(
        space not in pl.students and teachable(space)
        for level in levels
        for space in rules.spaces_by_level[level]
    )


def _graduates(rules: Rules, state: State, p: int) -> set[str]:
    """The disciplines of ``p``'s Students a Graduation tile and an empty slot are left for."""
    pl = state.players[p]
    if len(pl.graduations) >= rules.graduation_slots:
        return set()
    return {
        discipline
        for space, discipline in pl.students.items()
        if rules.student_level[space] >= 1
        and graduation_tile_for(rules, state, discipline, rules.student_level[space]) is not None
    }
