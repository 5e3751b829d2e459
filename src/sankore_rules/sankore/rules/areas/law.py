"""The Law area action (LAW-1..9): a Crown, its Skill tile, its region's tile, Overflow."""

from __future__ import annotations

from typing import Final

from sankore_rules.core.actions import Action, OneWordActions, new_action
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import adjusted, with_item
from sankore_rules.sankore.abilities import area_discount, has_ability
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, no_words, push, step
from sankore_rules.sankore.rules.common import (
    SKIP,
    area_options,
    book_payment_reasons,
    can_pay,
    can_pay_books,
    contribute_tasks,
    knowledge_reasons,
    open_spaces,
    pay_reasons,
    piece_reasons,
    place_piece,
    take_region_tile,
    teaching_knowledge,
    teaching_supported,
    within_knowledge,
)
from sankore_rules.sankore.state import State, Task, player_to_change
from sankore_rules.sankore.tables import Cost

#: The one-word actions this module lists, each made once (see ``OneWordActions``).
_CROWN: Final = OneWordActions("crown")

AREA = "law"


def _row_cost(rules: Rules, row: str) -> Cost:
    cost: Cost = getattr(rules.tables.law.rows, row)
    return cost


ALTERNATIVE_PAYMENTS = {"gold": Cost(gold=1), "salt": Cost(salt=1), "book": Cost(books=1)}


def _payment(rules: Rules, state: State, p: int, row: str, alternative: str | None) -> Cost:
    """What a Crown space costs ``p``.

    The row's carpet less any discount, or, with card #3, the one Book, Salt or Gold chosen
    instead (OBJ-3; the Knowledge and the Supported Class are still needed, AMB-42).
    """
    if alternative is not None:
        return ALTERNATIVE_PAYMENTS[alternative]
    gold = area_discount(rules, state, p, AREA, "gold")
    salt = area_discount(rules, state, p, AREA, "salt")
    key = (rules.content_hash, row, gold, salt)
    payment = _PAYMENTS.get(key)
    if payment is None:
        cost = _row_cost(rules, row)
        payment = _PAYMENTS[key] = Cost(
            gold=max(0, cost.gold - gold), salt=max(0, cost.salt - salt), books=cost.books
        )
    return payment


#: Each payment ``_payment`` worked out, by ruleset, row and discounts: a Crown listing asks
#: it for every open space, and a Cost is a frozen record (few rows, few discounts).
_PAYMENTS: dict[tuple[str, str, int, int], Cost] = {}


def _candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    have = teaching_knowledge(rules, state)  # spaces out of reach are refused by the check
    spaces = [
        s
        for s in open_spaces(state, rules.law_spaces)
        if within_knowledge(rules.law_spaces[s].knowledge, have)
    ]
    options = [_CROWN[s] for s in spaces]
    if has_ability(rules, state, task.player, "crown_any_cost"):
        options += [
            new_action(Action, ("crown", (s, pay)))
            for s in spaces
            for pay in ALTERNATIVE_PAYMENTS
            if not _same_as_printed(rules, state, task.player, s, pay)
        ]
    return [*options, SKIP]


def _options(rules: Rules, state: State, task: Task) -> list[Action]:
    # The candidates the check accepts: the top row needs a Supported Class (LAW-4) and the
    # payment is made (LAW-3, AMB-16).
    # Both depend on the space's row and the payment chosen alone.
    p = task.player
    pl = state.players[p]
    spaces = rules.law_spaces

    def payment_of(action: Action) -> tuple[str, str | None]:
        # The space's row, and card #3's payment chosen instead of the carpet's, if any.
        return spaces[action.args[0]].row, action.args[1] if len(action.args) == 2 else None

    def allowed(action: Action, supported: bool) -> bool:
        row, alternative = payment_of(action)
        if _row_cost(rules, row).supported and not supported:
            return False
        payment = _payment(rules, state, p, row, alternative)
        return can_pay(pl, payment.gold, payment.salt) and (
            not payment.books or can_pay_books(rules, state, p, "any", payment.books)
        )

    return area_options(rules, state, task, AREA, _candidates, allowed, payment_of)


def _same_as_printed(rules: Rules, state: State, p: int, space: str, alternative: str) -> bool:
    """Whether card #3's ``alternative`` costs exactly what the space's carpet asks anyway.

    Then ``crown <space> <alternative>`` is ``crown <space>`` under another name, and only the
    plain option is listed (and accepted).
    """
    row = rules.law_spaces[space].row
    return _payment(rules, state, p, row, alternative) == _payment(rules, state, p, row, None)


def _check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)
    if (
        not 1 <= len(action.args) <= 2
        or action.args[0] not in rules.law_spaces
        or (len(action.args) == 2 and action.args[1] not in ALTERNATIVE_PAYMENTS)
    ):
        return [Reason("bad_arguments", "write 'crown <Law space> [gold|salt|book]'")]
    alternative = action.args[1] if len(action.args) == 2 else None
    if alternative is not None and not has_ability(rules, state, task.player, "crown_any_cost"):
        return [
            Reason(
                "no_such_ability", "only Objective card #3 lets you change a Crown's cost (OBJ-3)"
            )
        ]
    space = rules.law_spaces[action.args[0]]
    if space.id in state.spaces:
        return [Reason("space_taken", f"{space.id} already holds a Crown (LAW-1)")]
    pl = state.players[task.player]
    cost = _row_cost(rules, space.row)  # LAW-3, LAW-4
    reasons = knowledge_reasons(space.knowledge, teaching_knowledge(rules, state))
    if cost.supported and not teaching_supported(rules, state):
        reasons.append(
            Reason("needs_supported_class", "the top row needs a Supported Class (LAW-4)")
        )
    payment = _payment(rules, state, task.player, space.row, alternative)
    reasons += pay_reasons(pl, payment.gold, payment.salt)
    if payment.books:  # AMB-16: the Book goes to the Library
        reasons += book_payment_reasons(rules, state, task.player, "any", payment.books)
    reasons += piece_reasons(rules, pl, AREA)
    if (
        not reasons
        and alternative is not None
        and _same_as_printed(rules, state, task.player, space.id, alternative)
    ):
        return [
            Reason(
                "same_as_option",
                f"{space.id} costs 1 {alternative.title()} anyway: "
                f"choose 'crown {space.id}' (OBJ-3)",
            )
        ]
    return reasons


@step(
    AREA,
    candidates=_candidates,
    check=_check,
    lister=_options,
    prompt="Place a Crown on an empty Law space, or skip",
    answers=("crown", "skip"),
)
def _law(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    p = task.player
    if action.kind == "skip":
        log(state, "area_skipped", p, area=AREA)
        return
    space = rules.law_spaces[action.args[0]]
    pl = player_to_change(state, p)
    alternative = action.args[1] if len(action.args) == 2 else None
    payment = _payment(rules, state, p, space.row, alternative)
    pl.gold -= payment.gold
    pl.salt -= payment.salt
    place_piece(rules, state, p, AREA, space.id)
    tasks: list[Task] = []
    if payment.books:
        tasks.append(contribute_tasks(p, "any", payment.books))
    # LAW-5, then LAW-6, then LAW-7 (AMB-44).
    section = rules.region_discipline[space.region]
    tasks.append(Task("skill_tile", p, {"icon": space.skill, "section": section}))
    if space.row in ("middle", "top"):
        tile = take_region_tile(state, p, f"{AREA}:{space.region}")
        if tile is not None:
            tasks.append(tile)
    if space.row == "top":
        tasks.append(Task("collect_overflow", p, {"region": space.region}))
    push(state, *tasks)


@step("collect_overflow")
def _collect_overflow(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    # LAW-7: every Prestige token, and the Books there is room for (RES-4).
    pl = player_to_change(state, task.player)
    region = task.args["region"]
    books, prestige = state.overflow_books[region], state.overflow_prestige[region]
    limit = rules.limits.books_per_discipline
    for i in range(len(books)):
        take = min(books[i], limit - pl.books[i])
        books = adjusted(books, i, -take)
        pl.books = adjusted(pl.books, i, take)
        pl.prestige = adjusted(pl.prestige, i, prestige[i])
    state.overflow_books = with_item(state.overflow_books, region, books)
    state.overflow_prestige = with_item(state.overflow_prestige, region, (0,) * len(prestige))
    log(state, "collect_overflow", task.player, region=region)
