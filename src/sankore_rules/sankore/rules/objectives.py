"""Objective cards: requirements, the Complete an Objective bonus action, round abilities.

Requirements are declarative conditions (``objectives.toml``) evaluated by one function,
[`condition_count`][sankore_rules.sankore.rules.requirements.condition_count], so ``explain`` can
say which part of a requirement is not met.
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter
from typing import Final

from sankore_rules.core.actions import Action, OneWordActions
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import with_item, without
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.effects import effect_tasks
from sankore_rules.sankore.engine import log, push
from sankore_rules.sankore.rules.requirements import (
    cards_met,
    condition_count,
    describe_condition,
    owned_spaces,
    unmet_conditions,
)
from sankore_rules.sankore.rules.turn import turn_option
from sankore_rules.sankore.state import State, player_to_change
from sankore_rules.sankore.tables import Effect, EffectKind, ObjectiveCard

__all__ = ["condition_count", "requirement_reasons"]

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_COMPLETE: Final = OneWordActions("complete")
_OBJECTIVE: Final = OneWordActions("objective")


def requirement_reasons(rules: Rules, state: State, p: int, card: ObjectiveCard) -> list[Reason]:
    """One ``objective_unmet`` reason per condition of ``card`` that ``p`` does not meet."""
    return [
        Reason(
            "objective_unmet",
            f"card #{card.number} needs {describe_condition(cond)} (you have {have}; BONUS-5)",
        )
        for cond, have in unmet_conditions(rules, state, p, card)
    ]


def _card(rules: Rules, text: str) -> ObjectiveCard | None:
    return rules.objective_cards.get(int(text)) if text.isdigit() else None


# ---- Complete an Objective (BONUS-5, OBJ-1) ------------------------------------------------------


def _complete_candidates(rules: Rules, state: State, p: int) -> list[Action]:
    return [Action("complete", (str(n),)) for n in state.players[p].objectives]


def _complete_options(rules: Rules, state: State, p: int) -> list[Action]:
    # Cards whose requirement is unmet are refused by the check's unmet conditions; they are
    # left out here with the same test, without wording a reason nobody reads.
    cards = rules.objective_cards
    numbers = state.players[p].objectives
    hand = [cards[n] for n in numbers]
    key = (rules.content_hash, numbers)
    if key not in _HAND_READS:
        if len(_HAND_READS) >= _HANDS_KEPT:
            _HAND_READS.clear()  # (a few thousand hands: a long run starts again)
        parts = {_READ_OF_KIND.get(c.kind, "spaces") for card in hand for c in card.requirement}
        fields = sorted(parts - {"spaces"})
        _HAND_READS[key] = ("spaces" in parts, attrgetter(*fields) if fields else _NOTHING)
    return [_COMPLETE[str(card.number)] for card in cards_met(rules, state, p, hand)]


#: The part of a state each condition kind counts (requirements.py): the player's pieces on
#: the board (``spaces``, read as ``owned_spaces``) or a field of the player's board.
_READ_OF_KIND = {
    "pieces": "spaces",
    "regions": "spaces",
    "graduations": "graduations",
    "advanced": "classes",
    "skills": "skills",
    "topmost": "students",
    "student_level": "students",
    "favour": "favour_pos",
    "prestige": "prestige",
    "books": "books",
}
#: The parts a hand's cards count, by ruleset and hand (filled as hands are listed): whether
#: the player's pieces on the board, and the fields of the player's board. A hand's answer
#: stays true while those parts are unchanged, whatever else changes.
_HAND_READS: dict[tuple[str, tuple[int, ...]], tuple[bool, Callable[[object], object]]] = {}
#: How many hands ``_HAND_READS`` keeps before it starts again.
_HANDS_KEPT = 4096
#: What a hand not listed yet reads: everything a condition may count.
_EVERY_READ = (
    True,
    attrgetter(*sorted(set(_READ_OF_KIND.values()) - {"spaces"})),
)


def _nothing(board: object) -> None:
    return None


_NOTHING: Callable[[object], object] = _nothing


def _complete_reads(state: State, p: int) -> tuple[object, ...]:
    # What ``_complete_options`` reads: the hand, and the parts its cards count (of the board,
    # the player's own pieces: another player's piece changes no count of this player's).
    pl = state.players[p]
    hand = pl.objectives
    spaces, fields = _HAND_READS.get((state.rules_hash, hand), _EVERY_READ)
    return (hand, owned_spaces(state, p) if spaces else None, fields(pl))


def _complete_check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    card = _card(rules, action.args[0]) if len(action.args) == 1 else None
    if card is None:
        return [Reason("bad_arguments", "write 'complete <card number>'")]
    if card.number not in state.players[p].objectives:
        return [Reason("not_in_hand", f"card #{card.number} is not in your hand (BONUS-5)")]
    return requirement_reasons(rules, state, p, card)


@turn_option(
    "complete",
    main=None,
    candidates=_complete_candidates,
    check=_complete_check,
    options=_complete_options,
    reads=_complete_reads,
)
def _complete(rules: Rules, state: State, p: int, action: Action) -> None:
    number = int(action.args[0])
    pl = player_to_change(state, p)
    pl.objectives = tuple(n for n in pl.objectives if n != number)
    pl.completed = (*pl.completed, number)  # face up: public from now on
    log(state, "objective_completed", p, card=number)


# ---- round abilities (BONUS-6 b, AMB-15) ---------------------------------------------------------


def _round_cards(rules: Rules, state: State, p: int) -> list[ObjectiveCard]:
    completed = state.players[p].completed
    if not completed:  # most of the game: asked at every turn menu
        return []
    cards = rules.objective_cards
    return [cards[n] for n in completed if cards[n].ability.use == "round"]


def _ability_candidates(rules: Rules, state: State, p: int) -> list[Action]:
    options: list[Action] = []
    cards = _round_cards(rules, state, p)
    if not cards:  # most of the game
        return options
    mine = [s for s, owner in state.spaces.items() if owner == p and s in rules.wall_spaces]
    for card in cards:
        if card.ability.kind == "move_wall":
            options += [
                Action("objective", (str(card.number), origin, target))
                for origin in mine
                for target in rules.wall_spaces
            ]
        else:
            options.append(_OBJECTIVE[str(card.number)])
    return options


def _ability_options(rules: Rules, state: State, p: int) -> list[Action]:
    # The check's tests without the words, in the candidates' order: a completed round card
    # not used this turn (BONUS-6, AMB-15) that would do something now, or, for #4, each move
    # of one of p's Walls to an empty space 1 to `amount` numbers higher on its side (OBJ-4).
    options: list[Action] = []
    cards = _round_cards(rules, state, p)
    if not cards:  # most of the game
        return options
    walls = rules.wall_spaces
    for card in cards:
        if card.number in state.abilities_used:
            continue
        ability = card.ability
        if ability.kind != "move_wall":
            for effect in ability.effects:
                if _effect_can_act(rules, state, p, effect):
                    options.append(_OBJECTIVE[str(card.number)])
                    break
            continue
        for origin_id, owner in state.spaces.items():
            if owner != p or origin_id not in walls or origin_id == rules.corner_id:
                continue
            origin = walls[origin_id]
            options += [
                Action("objective", (str(card.number), origin_id, target.id))
                for target in walls.values()
                if target.id not in state.spaces
                and target.id != rules.corner_id
                and target.side == origin.side
                and 0 < target.number - origin.number <= ability.amount
            ]
    return options


def _ability_check(rules: Rules, state: State, p: int, action: Action) -> list[Reason]:
    card = _card(rules, action.args[0]) if action.args else None
    if card is None:
        return [Reason("bad_arguments", "write 'objective <card number> [...]'")]
    if card.number not in state.players[p].completed or card.ability.use != "round":
        return [
            Reason("no_such_ability", f"you have no completed card #{card.number} to use (BONUS-6)")
        ]
    if card.number in state.abilities_used:
        return [
            Reason(
                "ability_used", f"card #{card.number} was already used this turn (BONUS-6, AMB-15)"
            )
        ]
    if card.ability.kind != "move_wall":
        if len(action.args) != 1:
            return [Reason("bad_arguments", "no words expected")]
        # Offered only when it would do something (a Book with room for it, a disc that can
        # still move): using it up for nothing is no use of the ability.
        if not any(_effect_can_act(rules, state, p, e) for e in card.ability.effects):
            return [
                Reason(
                    "ability_would_do_nothing",
                    f"card #{card.number} would give nothing now (BONUS-6, AMB-15)",
                )
            ]
        return []
    return _move_wall_reasons(rules, state, p, action.args[1:], card.ability.amount)


def _effect_can_act(rules: Rules, state: State, p: int, effect: Effect) -> bool:
    """Whether a round ability's effect would change anything for ``p`` now."""
    pl = state.players[p]
    if effect.kind is EffectKind.GAIN_BOOK:
        limit = rules.limits.books_per_discipline
        wanted = rules.disciplines if effect.discipline == "any" else (effect.discipline,)
        return any(
            state.supply_books[rules.discipline_index[d]] > 0
            and pl.books[rules.discipline_index[d]] < limit
            for d in wanted
            if d is not None
        )
    if effect.kind is EffectKind.ADVANCE_FAVOUR:
        return pl.favour_pos < len(rules.favour_rewards) - 1
    return True


def _move_wall_reasons(
    rules: Rules, state: State, p: int, args: tuple[str, ...], reach: int
) -> list[Reason]:
    # OBJ-4, AMB-42: same side, an empty space numbered 1 to `reach` higher.
    if len(args) == 2 and rules.corner_id in args and state.spaces.get(args[0]) == p:
        return [
            Reason(
                "wall_out_of_reach",
                "the corner Wall space lies on no side: card #4 moves a Wall along one (OBJ-4)",
            )
        ]
    if len(args) != 2 or any(a not in rules.wall_spaces for a in args):
        return [Reason("bad_arguments", "write 'objective 4 <your wall> <empty wall space>'")]
    origin, target = (rules.wall_spaces[a] for a in args)
    if state.spaces.get(origin.id) != p:
        return [Reason("not_your_wall", f"{origin.id} holds none of your Walls (OBJ-4)")]
    if target.id in state.spaces:
        return [Reason("space_taken", f"{target.id} already holds a Wall (OBJ-4)")]
    if target.side != origin.side or not 0 < target.number - origin.number <= reach:
        return [
            Reason(
                "wall_out_of_reach",
                f"{target.id} is not 1 to {reach} numbers higher on side {origin.side} (OBJ-4)",
            )
        ]
    return []


@turn_option(
    "objective",
    main=None,
    candidates=_ability_candidates,
    check=_ability_check,
    options=_ability_options,
)
def _use_ability(rules: Rules, state: State, p: int, action: Action) -> None:
    card = rules.objective_cards[int(action.args[0])]
    state.abilities_used = (*state.abilities_used, card.number)
    log(state, "ability", p, card=card.number)
    if card.ability.kind == "move_wall":
        # No flip and no Gold for a moved Wall (OBJ-4).
        origin, target = action.args[1:]
        state.spaces = with_item(without(state.spaces, origin), target, p)
    else:
        push(state, *effect_tasks(rules, p, card.ability.effects))
