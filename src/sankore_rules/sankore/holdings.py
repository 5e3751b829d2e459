"""What players take from the supply, may keep, and pay: Books, Prestige, a Trading Post's Gold.

Below ``rules/`` so that the effect interpreter (``effects.py``), which the rules modules build
on, and the state's checks (``validity.py``, ``agenda.py``) use the same rules the procedures do,
each written once.
"""

from __future__ import annotations

from sankore_rules.core.shared import adjusted
from sankore_rules.sankore.abilities import area_discount
from sankore_rules.sankore.board import Rules
from sankore_rules.sankore.engine import log, push
from sankore_rules.sankore.state import PlayerState, State, Task, player_to_change
from sankore_rules.sankore.tables import AstroNode

__all__ = [
    "ASTRONOMY",
    "discounted_gold",
    "gain_books",
    "gain_prestige",
    "gold_cost",
    "prestige_capacity",
]

#: The area whose Trading Posts cost Gold (ASTRO-6).
ASTRONOMY = "astronomy"


# ---- Books and Prestige (RES-3..RES-9) ---------------------------------------------------------


def gain_books(rules: Rules, state: State, p: int, discipline: str, n: int = 1) -> int:
    """Take up to ``n`` Books of a discipline from the supply; returns how many were gained.

    A Book the supply lacks (RES-3) or the Bookshelf has no room for (RES-4, AMB-7) is not
    gained; the Scholar's storage always has room (SOLO-FLOW-5).
    """
    i = rules.discipline_index[discipline]
    pl = player_to_change(state, p)
    limit = rules.limits.books_per_discipline
    unlimited = state.is_scholar(p)  # the Scholar's storage has no limit (SOLO-FLOW-5)
    room = n if unlimited else limit - pl.books[i]
    gained = max(0, min(n, state.supply_books[i], room))
    if gained:
        state.supply_books = adjusted(state.supply_books, i, -gained)
        pl.books = adjusted(pl.books, i, gained)
        log(state, "gain_book", p, discipline=discipline, count=gained)
    return gained


def gain_prestige(rules: Rules, state: State, p: int, discipline: str, n: int = 1) -> int:
    """Take up to ``n`` Prestige tokens of a discipline from the supply (RES-6).

    The tokens are taken while the supply has them. A player whose storage they overfill
    chooses at once which tokens to keep (RES-8, AMB-7): a ``discard_prestige`` decision keeps
    the capacity of this moment, so that returning a Favour later in the turn cannot make
    room for the excess. One such decision pending covers every later gain before it; the
    Scholar's storage has no limit (SOLO-FLOW-5).
    """
    i = rules.discipline_index[discipline]
    gained = min(n, state.supply_prestige[i])
    if gained:
        state.supply_prestige = adjusted(state.supply_prestige, i, -gained)
        pl = player_to_change(state, p)
        pl.prestige = adjusted(pl.prestige, i, gained)
        log(state, "gain_prestige", p, discipline=discipline, count=gained)
        capacity = prestige_capacity(rules, pl)
        if (
            not state.is_scholar(p)
            and sum(pl.prestige) > capacity
            and not any(t.kind == "discard_prestige" for t in state.agenda)
        ):
            push(state, Task("discard_prestige", p, {"keep": capacity}))
    return gained


def prestige_capacity(rules: Rules, pl: PlayerState) -> int:
    """Uncovered Prestige storage spaces: each Favour tile covers two (RES-7)."""
    storage = rules.tables.components.prestige_storage
    return max(0, storage.spaces - storage.covered_per_favour_tile * pl.favour_tiles)


# ---- Trading Posts (ASTRO-6, ASTRO-9) ----------------------------------------------------------


def gold_cost(rules: Rules, state: State, p: int, node: AstroNode) -> int:
    """A Trading Post's Gold: 1 at an Oasis, the city's price at a Port (ASTRO-6, ASTRO-9)."""
    return discounted_gold(rules, node, area_discount(rules, state, p, ASTRONOMY, "gold"))


def discounted_gold(rules: Rules, node: AstroNode, discount: int) -> int:
    """A Trading Post's Gold at ``node`` less ``discount``, never below 0."""
    base = node.gold if node.kind == "port" else rules.tables.astronomy.oasis_gold
    return max(0, base - discount)
