"""The Astronomy area action (ASTRO-1..16): move the camel, place a Trading Post."""

from __future__ import annotations

from sankore_rules.core.actions import Action
from sankore_rules.core.errors import Reason
from sankore_rules.core.shared import adjusted, popped
from sankore_rules.sankore.abilities import area_discount
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.effects import effect_tasks
from sankore_rules.sankore.engine import log, no_words, push, step
from sankore_rules.sankore.holdings import ASTRONOMY, discounted_gold, gold_cost
from sankore_rules.sankore.rules.common import (
    SKIP,
    area_options,
    knowledge_reasons,
    pay_reasons,
    piece_reasons,
    place_piece,
    take_region_tile,
    teaching_knowledge,
    teaching_supported,
)
from sankore_rules.sankore.state import State, Task, player_to_change
from sankore_rules.sankore.tables import AstroNode

__all__ = ["AREA", "crosses_outward", "gold_cost"]

AREA = ASTRONOMY


def crosses_outward(origin: AstroNode, node: AstroNode) -> bool:
    """Whether a move from ``origin`` to ``node`` crosses node's region line outward (AMB-2).

    Ending beyond a line, having started on Timbuktu's side of it (or in another region),
    crosses it outward (ASTRO-7).
    """
    return node.zone == "outer" and not (origin.zone == "outer" and origin.region == node.region)


def _start_node(rules: Rules, state: State, p: int, start: str) -> str:
    return state.players[p].camel if start == "camel" else rules.astro_start


def _candidates(rules: Rules, state: State, task: Task) -> list[Action]:
    # ASTRO-3: from the camel's place or afresh from Timbuktu.
    # Only open places within reach are worth checking: the check refuses the others with
    # the same tests (space_taken, knowledge_short).
    # The destinations, their distances and actions come from the ruleset's table
    # (``Rules.camel_moves``), in the order of ``open_spaces`` over Oases then Port spaces;
    # ``distance <= have`` is ``within_knowledge`` (KNOW-1) written out, asked per destination.
    here = state.players[task.player].camel
    taken = state.spaces
    have = teaching_knowledge(rules, state)
    options: list[Action] = []
    if here != rules.astro_start:
        options = [a for d, far, a in rules.camel_moves[here] if far <= have and d not in taken]
    options += [
        a for d, far, a in rules.camel_moves_from_timbuktu if far <= have and d not in taken
    ]
    options.append(SKIP)
    return options


def _options(rules: Rules, state: State, task: Task) -> list[Action]:
    # The candidates the check accepts: a Port City needs a Supported Class (ASTRO-8), the
    # camel moves (AMB-17) and the Gold is paid (ASTRO-6, ASTRO-9).
    p = task.player
    gold = state.players[p].gold
    discount = area_discount(rules, state, p, AREA, "gold")
    origins = {start: _start_node(rules, state, p, start) for start in ("camel", "timbuktu")}
    nodes = rules.post_nodes

    def allowed(action: Action, supported: bool) -> bool:
        dest, start = action.args
        node = nodes[dest]
        return (
            (supported or node.kind != "port")
            and node.id != origins[start]
            and discounted_gold(rules, node, discount) <= gold
        )

    return area_options(rules, state, task, AREA, _candidates, allowed)


def _check(rules: Rules, state: State, task: Task, action: Action) -> list[Reason]:
    if action.kind == "skip":
        return no_words(action)  # AMB-17
    if (
        len(action.args) != 2
        or action.args[1] not in ("camel", "timbuktu")
        or (action.args[0] not in rules.port_spaces and action.args[0] not in rules.oases)
    ):
        return [Reason("bad_arguments", "write 'camel <oasis or city:space> camel|timbuktu'")]
    dest, start = action.args
    p = task.player
    pl = state.players[p]
    if dest in state.spaces:
        return [Reason("space_taken", f"{dest} already holds a Trading Post (ASTRO-5, AMB-46)")]
    origin = _start_node(rules, state, p, start)
    node = rules.astro_nodes[rules.camel_node(dest)]
    if node.id == origin:
        return [Reason("camel_must_move", "the camel must move at least one step (AMB-17)")]
    reasons = knowledge_reasons(
        rules.route_distance[origin][node.id], teaching_knowledge(rules, state)
    )
    if node.kind == "port" and not teaching_supported(rules, state):
        reasons.append(
            Reason(
                "needs_supported_class",
                f"{node.name} is a Port City: it needs a Supported Class (ASTRO-8)",
            )
        )
    cost = gold_cost(rules, state, p, node)
    reasons += pay_reasons(pl, gold=cost) + piece_reasons(rules, pl, AREA)
    if not reasons and start == "camel" and pl.camel == rules.astro_start:
        return [
            Reason(
                "same_as_option",
                f"your camel stands on Timbuktu, so starting from it is starting from Timbuktu: "
                f"choose 'camel {dest} timbuktu' (ASTRO-3)",
            )
        ]
    return reasons


@step(
    AREA,
    candidates=_candidates,
    check=_check,
    lister=_options,
    prompt="Move your camel to an empty Oasis or Port City space, or skip",
    answers=("camel", "skip"),
)
def _astronomy(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    assert action is not None
    if action.kind == "skip":
        log(state, "area_skipped", task.player, area=AREA)
        return
    dest, start = action.args
    origin = rules.astro_nodes[_start_node(rules, state, task.player, start)]
    node = rules.astro_nodes[rules.camel_node(dest)]
    tasks: list[Task] = []
    # The first camel to cross a line outward takes the region's tile, before the Trading Post
    # (ASTRO-7, AMB-2, AMB-44).
    if crosses_outward(origin, node):
        tile = take_region_tile(state, task.player, f"{AREA}:{node.region}")
        if tile is not None:
            tasks.append(tile)
    log(state, "camel", task.player, start=origin.id, end=node.id)
    tasks.append(Task("trading_post", task.player, {"dest": dest}))
    push(state, *tasks)


@step("trading_post")
def _trading_post(rules: Rules, state: State, task: Task, action: Action | None) -> None:
    p, dest = task.player, task.args["dest"]
    pl = player_to_change(state, p)
    node = rules.astro_nodes[rules.camel_node(dest)]
    place_piece(rules, state, p, AREA, dest)
    if node.kind == "oasis":
        # ASTRO-6, ASTRO-12: pay 1 Gold, gain 2 Salt; the camel stays.
        pl.gold -= gold_cost(rules, state, p, node)
        pl.salt += rules.tables.astronomy.oasis_salt
        pl.camel = node.id
        return
    # ASTRO-9..11, ASTRO-15: pay the city's Gold, take the space's token or reward, go home.
    pl.gold -= gold_cost(rules, state, p, node)
    pl.camel = rules.astro_start
    token, state.port_tokens = popped(state.port_tokens, dest)
    if token is not None:
        pl.prestige = adjusted(pl.prestige, rules.discipline_index[token], 1)
        log(state, "gain_prestige", p, discipline=token, count=1, source=dest)
    space = node.spaces[rules.port_spaces[dest][1]]
    push(state, *effect_tasks(rules, p, space.reward))
