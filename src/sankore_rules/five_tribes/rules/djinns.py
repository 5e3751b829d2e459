"""Djinns: taking one (FT-TILE-5) and using their powers (FT-DJ-1, FT-PUB-16, FT-PUB-17).

Each published Djinn has an ID of its own (FT-PUB-DJ-1..22, listed in ``rulings.toml``).

A power is data: a kind from [`PowerKind`][sankore_rules.five_tribes.tables.PowerKind], an
amount and a cost in ``djinns.toml``. The powers that work by themselves (points at the end,
coins when something happens, a shield against Assassins) are read where their moment comes:
``scoring.py``, ``common.income`` and the Assassins of ``colours.py``. A power with a cost is
*used*: ``use <djinn> <payment>`` is an option of the decision its moment belongs to, and this
module lists those options, takes the payment and carries the power out.

The moments (FT-PUB-16, ruling FT-ENGINE-8: on the owner's turn, at any point of it, at most
once a round, at once when taken):

- ``any``: at every decision of the owner's turn between its actions: choosing a tile to move
  from (``pick``), after the move and before the tribe's action (``tribe``), at the tile
  action (``tile``), selling at the end of the turn (``sell``), or, once no move is left, in
  the turn that only uses powers (``powers``, ruling FT-ENGINE-5);
- ``bid``: while the owner bids (bid_discount);
- ``builders``: when the owner's Builders pay (double_builders);
- ``kill``: when the owner's Assassins choose a victim (double_kill);
- ``palace`` and ``palm``: whenever that piece is placed, by a tile action or by another
  Djinn's power (palace_nearby, palm_nearby; ruling FT-ENGINE-11).

A payment is a word: ``1e`` (an Elder), ``1f`` (a Fakir card), ``2e``, ``1e1f``, or for a
power paid with Fakirs, ``3f`` and so on. Adding a Djinn is a table edit; a new kind of power
is a change here.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from sankore_rules.core.actions import Action
from sankore_rules.core.engine import log, names_nothing, push
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import removed
from sankore_rules.core.tasks import Task
from sankore_rules.five_tribes.board import FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import (
    FAKIR,
    add,
    income,
    place_camel,
    place_piece,
    to_bag,
)
from sankore_rules.five_tribes.rules.draws import (
    cards_left,
    djinns_left,
    draw_cards,
    draw_djinns,
    draw_meeples,
)
from sankore_rules.five_tribes.state import FiveTribesState, player_to_change
from sankore_rules.five_tribes.tables import Cost, MeepleEffect, PowerKind, Price, TileAction

__all__ = [
    "MOMENTS",
    "NEARBY_MOMENT",
    "gain_djinn",
    "payments",
    "take_djinn",
    "use_options",
    "use_power",
    "use_refusal",
]

#: When each paid power may be used (see the module's docstring).
MOMENTS: dict[PowerKind, str] = {
    PowerKind.FILL_TILE: "any",
    PowerKind.PLACE_PALACE: "any",
    PowerKind.PLACE_PALM: "any",
    PowerKind.CLAIM_EMPTY: "any",
    PowerKind.CLAIM_MEEPLES: "any",
    PowerKind.DRAW_DJINNS: "any",
    PowerKind.DRAW_CARD: "any",
    PowerKind.BID_DISCOUNT: "bid",
    PowerKind.DOUBLE_BUILDERS: "builders",
    PowerKind.DOUBLE_KILL: "kill",
    PowerKind.PALACE_NEARBY: "palace",
    PowerKind.PALM_NEARBY: "palm",
}

_PAYMENT = re.compile(r"(?:([1-9][0-9]?)e)?(?:([1-9][0-9]?)f)?")


# ---- taking a Djinn ---------------------------------------------------------------------------


def take_djinn(
    rules: FiveTribesRules, state: FiveTribesState, player: int, djinn: str, price: Price
) -> None:
    """``player`` pays ``price`` and takes ``djinn`` from the display (FT-TILE-5)."""
    holder = player_to_change(state, player)
    elders = rules.effect_colour[MeepleEffect.ELDERS]
    # Spent Elders go back to the bag, spent Fakirs to the discard pile.
    holder.pool = add(holder.pool, elders, -price.elders)
    to_bag(state, elders, price.elders)
    holder.fakirs -= price.fakirs
    state.discard = (*state.discard, *[FAKIR] * price.fakirs)
    state.djinn_display = removed(state.djinn_display, djinn)
    log(state, "djinn", player, djinn=djinn, elders=price.elders, fakirs=price.fakirs)
    gain_djinn(rules, state, player, djinn)


def gain_djinn(rules: FiveTribesRules, state: FiveTribesState, player: int, djinn: str) -> None:
    """``djinn`` joins ``player``'s Djinns; the income_djinn powers held before pay.

    The Djinn just taken does not pay for itself (FT-PUB-DJ-3).
    """
    income(rules, state, PowerKind.INCOME_DJINN, player)
    holder = player_to_change(state, player)
    holder.djinns = (*holder.djinns, djinn)


# ---- paying --------------------------------------------------------------------------------


def payments(rules: FiveTribesRules, state: FiveTribesState, player: int, cost: Cost) -> list[str]:
    """The payment words ``player`` can afford for ``cost`` (FT-PUB-16)."""
    holder = state.players[player]
    elders = holder.pool[rules.effect_colour[MeepleEffect.ELDERS]]
    fakirs = holder.fakirs
    words: list[str] = []
    if cost is Cost.ELDER_OR_FAKIR:
        words += ["1e"] * (elders >= 1) + ["1f"] * (fakirs >= 1)
    elif cost is Cost.ELDER_AND_ELDER_OR_FAKIR:
        words += ["2e"] * (elders >= 2) + ["1e1f"] * (elders >= 1 and fakirs >= 1)
    elif cost is Cost.FAKIR:
        words += ["1f"] * (fakirs >= 1)
    elif cost is Cost.FAKIRS:
        # More Fakirs than the Turn Order Track has steps down would buy nothing.
        steps = len(set(rules.tables.tracks.bids)) - 1
        words += [f"{n}f" for n in range(1, min(fakirs, steps) + 1)]
    return words


def _spend(rules: FiveTribesRules, state: FiveTribesState, player: int, word: str) -> int:
    """Take the payment ``word`` from ``player``; the number of Fakir cards it held."""
    match = _PAYMENT.fullmatch(word)
    assert match is not None
    elders, fakirs = (int(g) if g else 0 for g in match.groups())
    holder = player_to_change(state, player)
    colour = rules.effect_colour[MeepleEffect.ELDERS]
    holder.pool = add(holder.pool, colour, -elders)
    to_bag(state, colour, elders)
    holder.fakirs -= fakirs
    state.discard = (*state.discard, *[FAKIR] * fakirs)
    return fakirs


# ---- which powers may be used now ---------------------------------------------------------------


def _empty(state: FiveTribesState, cell: int) -> bool:
    """A tile with no camel, meeple, palm tree or palace (FT-PUB-DJ-2, FT-PUB-DJ-15)."""
    return (
        state.camels[cell] is None
        and not any(state.meeples[cell])
        and not state.palms[cell]
        and not state.palaces[cell]
    )


def _crowded(state: FiveTribesState, cell: int) -> bool:
    """A tile with meeples but no camel, palm tree or palace (FT-PUB-DJ-22)."""
    return (
        state.camels[cell] is None
        and any(state.meeples[cell])
        and not state.palms[cell]
        and not state.palaces[cell]
    )


def _targets(rules: FiveTribesRules, state: FiveTribesState, task: Task, djinn: str) -> list[int]:
    """The cells an ``any``-moment placing power of ``djinn`` may aim at now."""
    power = rules.djinn_by_id[djinn].power
    cells = range(len(rules.cells))
    if power.kind is PowerKind.FILL_TILE:
        return [c for c in cells if _empty(state, c)] if sum(state.bag) else []
    if power.kind in (PowerKind.PLACE_PALACE, PowerKind.PLACE_PALM):
        palace = power.kind is PowerKind.PLACE_PALACE
        if not (state.palace_supply if palace else state.palm_supply):
            return []
        return [c for c in cells if rules.tile_by_id[state.tiles[c]].kind == power.tile]
    if not state.players[task.player].camels:
        return []
    if power.kind is PowerKind.CLAIM_EMPTY:
        return [c for c in cells if _empty(state, c)]
    return [c for c in cells if _crowded(state, c)]


def _usable(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, djinn: str, moments: tuple[str, ...]
) -> bool:
    """Whether the power of ``djinn`` has something to do at one of ``moments`` now."""
    kind = rules.djinn_by_id[djinn].power.kind
    moment = MOMENTS.get(kind)
    # Spent until the round ends (ruling FT-ENGINE-8): ``used_powers`` is emptied by the auction.
    if moment not in moments or djinn in state.used_powers:
        return False
    if kind is PowerKind.DRAW_DJINNS:
        return djinns_left(state)
    if kind is PowerKind.DRAW_CARD:
        return cards_left(state)
    if kind is PowerKind.BID_DISCOUNT:
        return not task.args["discount"]
    if kind is PowerKind.DOUBLE_BUILDERS:
        return bool(task.args["factor"] == 1)
    if kind is PowerKind.DOUBLE_KILL:
        return bool(task.args["kills"] == 1)
    if moment in ("palace", "palm"):
        return True
    return bool(_targets(rules, state, task, djinn))


def use_options(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, *moments: str
) -> list[Action]:
    """Every ``use <djinn> <payment>`` the player of ``task`` may choose at one of ``moments``."""
    options: list[Action] = []
    for djinn in state.players[task.player].djinns:
        if _usable(rules, state, task, djinn, moments):
            cost = rules.djinn_by_id[djinn].power.cost
            options += [
                Action("use", (djinn, w)) for w in payments(rules, state, task.player, cost)
            ]
    return options


def use_refusal(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action, *moments: str
) -> list[Reason]:
    """Why ``use`` is refused at ``moments`` ([] when it is one of the options)."""
    if action in use_options(rules, state, task, *moments):
        return []
    if len(action.args) != 2:
        return names_nothing()
    djinn, word = action.args
    if djinn not in rules.djinn_by_id:
        return names_nothing()
    if djinn not in state.players[task.player].djinns:
        return [Reason("not_held", f"you do not hold the Djinn {djinn}")]
    if djinn in state.used_powers:
        return [
            Reason(
                "power_used",
                f"{djinn}'s power was used this round (FT-PUB-16, ruling FT-ENGINE-8)",
            )
        ]
    power = rules.djinn_by_id[djinn].power
    if MOMENTS.get(power.kind) not in moments:
        return [Reason("not_now", f"{djinn}'s power cannot be used at this moment")]
    if _PAYMENT.fullmatch(word) and word not in payments(rules, state, task.player, power.cost):
        return [Reason("cannot_pay", f"{djinn}'s power costs {power.cost.value}: not {word}")]
    return names_nothing()


def use_power(rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action) -> None:
    """Pay for and carry out ``use <djinn> <payment>``, answering ``task``.

    The task answered comes back after the power (changed when the power changes it), except
    at a tile action, which the palace_nearby or palm_nearby power replaces.
    """
    djinn, word = action.args
    player = task.player
    power = rules.djinn_by_id[djinn].power
    index = list(rules.djinn_by_id).index(djinn)
    fakirs = _spend(rules, state, player, word)
    state.used_powers = (*state.used_powers, djinn)
    log(state, "power", player, djinn=djinn, paid=word)
    kind = power.kind
    if kind is PowerKind.BID_DISCOUNT:
        push(state, Task("bid", player, {**task.args, "discount": fakirs}))
    elif kind is PowerKind.DOUBLE_BUILDERS:
        push(state, Task("builders", player, {**task.args, "factor": power.amount}))
    elif kind is PowerKind.DOUBLE_KILL:
        push(state, Task("kill", player, {**task.args, "kills": power.amount}))
    elif kind in (PowerKind.PALACE_NEARBY, PowerKind.PALM_NEARBY):
        push(state, Task("nearby", player, {"djinn": index, "cell": task.args["cell"]}))
    elif kind is PowerKind.DRAW_CARD:
        push(state, task)  # back once the cards are drawn (chance steps, ``draws.py``)
        draw_cards(state, player, power.amount)
    elif kind is PowerKind.DRAW_DJINNS:
        # The Djinns drawn wait face up on the discard pile; the one kept leaves it.
        push(state, task)
        draw_djinns(state, player, power.amount)
    else:
        step = {
            PowerKind.FILL_TILE: "fill",
            PowerKind.PLACE_PALACE: "raise",
            PowerKind.PLACE_PALM: "plant",
        }.get(kind, "claim")
        push(state, Task(step, player, {"djinn": index}), task)


# ---- the decisions a power opens -----------------------------------------------------------------


def _djinn(rules: FiveTribesRules, task: Task) -> str:
    index: int = task.args["djinn"]
    return list(rules.djinn_by_id)[index]


def _target_options(
    verb: str,
) -> Callable[[FiveTribesRules, FiveTribesState, Task], Iterator[Action]]:
    def candidates(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> Iterator[Action]:
        for cell in _targets(rules, state, task, _djinn(rules, task)):
            yield Action(verb, (rules.cells[cell],))

    return candidates


def _listed_only(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    """The check of a power's choice: the options it lists, nothing else."""
    spec = ENGINE.steps[task.kind]
    assert spec.candidates is not None
    if action in set(spec.candidates(rules, state, task)):
        return []
    return names_nothing()


@ENGINE.step(
    "fill",
    candidates=_target_options("fill"),
    check=_listed_only,
    prompt="Choose the empty tile the meeples drawn go on",
    answers=("fill",),
)
def resolve_fill(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The fill_tile power (FT-PUB-DJ-2): meeples drawn from the bag onto an empty tile."""
    assert action is not None
    amount = rules.djinn_by_id[_djinn(rules, task)].power.amount
    draw_meeples(state, task.player, rules.cell_index[action.args[0]], amount)


#: The piece each placing power puts down; that piece's moment is when a nearby power may move it.
_PIECE = {PowerKind.PLACE_PALACE: "palace", PowerKind.PLACE_PALM: "palm"}


def _place_with_power(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, cell: str
) -> None:
    """A place_palace or place_palm power's piece goes to ``cell``, unless a nearby power moves it.

    Ruling FT-ENGINE-11: palace_nearby and palm_nearby act on every placement of their piece,
    this one included; the ``piece`` decision offers them (it makes itself when none is usable).
    """
    push(state, Task("piece", task.player, {"cell": rules.cell_index[cell], **task.args}))


@ENGINE.step(
    "raise",
    candidates=_target_options("raise"),
    check=_listed_only,
    prompt="Choose the tile for the palace",
    answers=("raise",),
)
def resolve_raise(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The place_palace power (FT-PUB-DJ-5): a palace on a tile of the kind it names."""
    assert action is not None
    _place_with_power(rules, state, task, action.args[0])


@ENGINE.step(
    "plant",
    candidates=_target_options("plant"),
    check=_listed_only,
    prompt="Choose the tile for the palm tree",
    answers=("plant",),
)
def resolve_plant(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The place_palm power (FT-PUB-DJ-7): a palm tree on a tile of the kind it names."""
    assert action is not None
    _place_with_power(rules, state, task, action.args[0])


def _piece_word(rules: FiveTribesRules, task: Task) -> str:
    """``"palace"`` or ``"palm"``: the piece the Djinn of ``task`` places."""
    return _PIECE[rules.djinn_by_id[_djinn(rules, task)].power.kind]


def _piece_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    piece = _piece_word(rules, task)
    return [Action(piece), *use_options(rules, state, task, piece)]


def _check_piece(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action.kind == "use":
        return use_refusal(rules, state, task, action, _piece_word(rules, task))
    return [] if action == Action(_piece_word(rules, task)) else names_nothing()


@ENGINE.step(
    "piece",
    candidates=_piece_options,
    check=_check_piece,
    prompt="Place the piece on the tile chosen, or move it to a tile around with a Djinn's power",
    answers=("palace", "palm", "use"),
)
def resolve_piece(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The piece of a place_palace or place_palm power goes down (ruling FT-ENGINE-11)."""
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)
    else:
        place_piece(rules, state, task.player, task.args["cell"], action.kind)


@ENGINE.step(
    "claim",
    candidates=_target_options("claim"),
    check=_listed_only,
    prompt="Choose the tile your camel goes on",
    answers=("claim",),
)
def resolve_claim(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The claim_empty and claim_meeples powers (FT-PUB-DJ-15, FT-PUB-DJ-22): a camel."""
    assert action is not None
    place_camel(rules, state, task.player, rules.cell_index[action.args[0]])


def _nearby_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> Iterator[Action]:
    cell = task.args["cell"]
    for other in rules.around[cell]:
        if other != cell:
            yield Action("place", (rules.cells[other],))


@ENGINE.step(
    "nearby",
    candidates=_nearby_options,
    check=_listed_only,
    prompt="Choose the tile around this one for the piece",
    answers=("place",),
)
def resolve_nearby(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """palace_nearby, palm_nearby (FT-PUB-DJ-8, FT-PUB-DJ-14): the tile's piece goes next door."""
    assert action is not None
    power = rules.djinn_by_id[_djinn(rules, task)].power
    piece = "palace" if power.kind is PowerKind.PALACE_NEARBY else "palm"
    place_piece(rules, state, task.player, rules.cell_index[action.args[0]], piece)


def _keep_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    count = task.args["count"]
    drawn = state.djinn_discard[len(state.djinn_discard) - count :] if count else []
    return [Action("keep", (d,)) for d in dict.fromkeys(drawn)]


@ENGINE.step(
    "keep",
    candidates=_keep_options,
    check=_listed_only,
    prompt="Choose the Djinn you keep; the others are discarded",
    answers=("keep",),
)
def resolve_keep(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """The draw_djinns power (FT-PUB-DJ-20): one Djinn drawn is kept, the others discarded."""
    assert action is not None
    djinn = action.args[0]
    state.djinn_discard = removed(state.djinn_discard, djinn)
    log(state, "kept", task.player, djinn=djinn)
    gain_djinn(rules, state, task.player, djinn)


def _powers_options(rules: FiveTribesRules, state: FiveTribesState, task: Task) -> list[Action]:
    return [*use_options(rules, state, task, "any"), Action("end")]


def _check_powers(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action
) -> list[Reason]:
    if action == Action("end"):
        return []
    if action.kind == "use":
        return use_refusal(rules, state, task, action, "any")
    return names_nothing()


@ENGINE.step(
    "powers",
    candidates=_powers_options,
    check=_check_powers,
    prompt="No move is left: use your Djinns' powers, or end your turn",
    answers=("use", "end"),
)
def resolve_powers(
    rules: FiveTribesRules, state: FiveTribesState, task: Task, action: Action | None
) -> None:
    """Ruling FT-ENGINE-5: a turn with no move left still lets its player use powers."""
    assert action is not None
    if action.kind == "use":
        use_power(rules, state, task, action)


#: The decisions a ``use`` answers; it is understood there even when no power is listed, so a
#: refusal says why (spent this turn, not held, not payable) rather than "not an answer".
for _step in ("pick", "tribe", "sell", "powers", "bid", "builders", "kill", "piece"):
    ENGINE.always_kinds[_step] = (*ENGINE.always_kinds.get(_step, ()), "use")

#: The tile actions whose piece a nearby power may move (the ``palace`` and ``palm`` moments).
NEARBY_MOMENT = {TileAction.PALACE: "palace", TileAction.PALM: "palm"}
