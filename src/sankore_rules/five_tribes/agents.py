"""Five Tribes for learning agents: its fixed action space and its observation tensor's layout.

The action space numbers every action a decision of the engine can list, family by family, each
family's words ranging over the tables: the values of the Turn Order Track's spaces, the cells
of the Sultanate, the meeple colours, the resource cards, the Djinns and their prices, the sets
of different goods, the Djinns' powers and their payments. It is the same for 2, 3 and 4
players. The outcomes of the chance steps (``draw <card, Djinn, colour, tile or p<player>>``,
listed only in the explicit mode of chance) are no seat's actions and are not numbered. The
tensor holds what ``FIVE_TRIBES.observation`` shows a seat, and nothing it hides (the seed, the
draws made, the bank and the other players' coins, FT-PUB-3; the decks keep no order): the
Sultanate cell by cell (a cell the setup's deal has not reached shows no tile), the bag, the
tracks, the markets, every player's holdings seen from the viewer's seat, the round and the
pending decision (a chance step among the decisions, with no seat deciding).
Nothing here imports numpy.

Examples:
    >>> import sankore_rules as sr
    >>> rules = sr.load_rules(game="five_tribes")
    >>> action_space(rules).size
    1188
    >>> layout = tensor_layout(rules)
    >>> out = [0.0] * layout.size
    >>> layout.write(sr.new_game(players=3, seed=1, game="five_tribes"), 0, out)
    >>> 0.0 <= min(out) and max(out) <= 1.0
    True
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, combinations_with_replacement

from sankore_rules.core.actions import Action
from sankore_rules.core.agents import (
    NumberedSpace,
    SegmentedLayout,
    SegmentSpec,
    Writer,
    number,
    per_ruleset,
)
from sankore_rules.five_tribes.board import GAME, FiveTribesRules
from sankore_rules.five_tribes.engine import ENGINE
from sankore_rules.five_tribes.rules.common import FAKIR
from sankore_rules.five_tribes.rules.tiles import price_word
from sankore_rules.five_tribes.state import FiveTribesState
from sankore_rules.five_tribes.tables import Cost, MeepleEffect, TileAction

__all__ = ["COIN_SCALE", "ROUND_SCALE", "TribesLayout", "action_space", "tensor_layout"]

#: Coins have no bound: they are divided by this many times the starting coins, capped at 1.
COIN_SCALE = 4
#: Rounds are divided by this and capped at 1.
ROUND_SCALE = 32
#: Why the end was triggered (``FiveTribesState.end_cause``).
END_CAUSES = ("last_camel", "no_move")


# ---- the action space ----------------------------------------------------------------------------


def _families(rules: FiveTribesRules) -> list[tuple[str, str, list[Action]]]:
    """(pattern, meaning, actions) of every family, in index order, from the tables."""
    t = rules.tables
    cells, colours = rules.cells, rules.colours
    seats = max(rules.per_count)
    kept = [
        rules.colours[rules.effect_colour[e]] for e in (MeepleEffect.VIZIERS, MeepleEffect.ELDERS)
    ]
    counts = {g.id: g.count for g in t.cards.good} | {FAKIR: t.cards.fakirs}
    markets = [k for k in t.sultanate.kind if k.action is TileAction.MARKET]
    picks = [
        pick
        for size in range(1, max((k.cards for k in markets), default=0) + 1)
        for pick in combinations_with_replacement(sorted(counts), size)
        if all(pick.count(card) <= counts[card] for card in pick)
    ]

    def on_cells(kind: str) -> list[Action]:
        return [Action(kind, (c,)) for c in cells]

    return [
        (
            "bid <value>",
            "a value of the Turn Order Track (FT-AUC-1)",
            [Action("bid", (str(v),)) for v in dict.fromkeys(t.tracks.bids)],
        ),
        ("pick <cell>", "a tile whose meeples are picked up (FT-ACT-3)", on_cells("pick")),
        (
            "drop <cell> <colour>",
            "a meeple of a colour dropped on a tile (FT-ACT-4)",
            [Action("drop", (c, m)) for c in cells for m in colours],
        ),
        (
            "fakirs <count>",
            f"Fakir cards added to Builders or Assassins, 0 to {t.cards.fakirs} (FT-MEEP-4, -5)",
            [Action("fakirs", (str(n),)) for n in range(t.cards.fakirs + 1)],
        ),
        (
            "kill <seat> <colour>",
            "a rival's Vizier or Elder (FT-MEEP-5)",
            [Action("kill", (f"p{p}", m)) for p in range(seats) for m in kept],
        ),
        (
            "kill <cell> <colour>",
            "a meeple on a tile in reach (FT-MEEP-5)",
            [Action("kill", (c, m)) for c in cells for m in colours],
        ),
        ("palm", "a palm tree on an Oasis (FT-TILE-1)", [Action("palm")]),
        ("palace", "a palace on a Village (FT-TILE-2)", [Action("palace")]),
        (
            "buy <card> ...",
            "resource cards bought at a market, sorted, as many as the market takes (FT-TILE-3)",
            [Action("buy", pick) for pick in picks],
        ),
        (
            "djinn <Djinn> <price>",
            "a Djinn taken at a Sacred Place, and how it is paid (FT-TILE-5)",
            [
                Action("djinn", (d.id, price_word(p)))
                for d in t.djinns.djinn
                for p in t.djinns.price
            ],
        ),
        ("skip", "the tile's action declined, where it is optional", [Action("skip")]),
        (
            "use <Djinn> <payment>",
            "a Djinn's power used, and how it is paid (FT-PUB-16)",
            [
                Action("use", (d.id, w))
                for d in t.djinns.djinn
                for w in _payment_words(rules, d.power.cost)
            ],
        ),
        ("fill <cell>", "the empty tile meeples drawn go on (fill_tile)", on_cells("fill")),
        ("claim <cell>", "a camel on a tile (claim_empty, claim_meeples)", on_cells("claim")),
        ("raise <cell>", "a palace on a tile (place_palace)", on_cells("raise")),
        ("plant <cell>", "a palm tree on a tile (place_palm)", on_cells("plant")),
        (
            "place <cell>",
            "the tile around for a palace or palm tree placed (palace_nearby, palm_nearby)",
            on_cells("place"),
        ),
        (
            "keep <Djinn>",
            "the Djinn kept of those drawn (draw_djinns)",
            [Action("keep", (d.id,)) for d in t.djinns.djinn],
        ),
        (
            "sell <goods>",
            "a set of different goods, joined by + in table order (FT-ACT-9, FT-SC-7)",
            [
                Action("sell", ("+".join(chosen),))
                for size in range(len(rules.goods), 0, -1)
                for chosen in combinations(rules.goods, size)
            ],
        ),
        ("end", "the turn ends (FT-ACT-9)", [Action("end")]),
        # Last, so that adding it (issue 43) kept every other action's index.
        (
            "tribe",
            "the tribe taken acts, no Djinn's power wanted first (FT-ACT-6, ruling FT-ENGINE-8)",
            [Action("tribe")],
        ),
    ]


def _payment_words(rules: FiveTribesRules, cost: Cost) -> list[str]:
    """Every payment word a power of ``cost`` may be paid with (``rules/djinns.payments``)."""
    if cost is Cost.ELDER_OR_FAKIR:
        return ["1e", "1f"]
    if cost is Cost.ELDER_AND_ELDER_OR_FAKIR:
        return ["2e", "1e1f"]
    if cost is Cost.FAKIR:
        return ["1f"]
    if cost is Cost.FAKIRS:
        return [f"{n}f" for n in range(1, len(set(rules.tables.tracks.bids)))]
    return []


@per_ruleset
def action_space(rules: FiveTribesRules) -> NumberedSpace:
    """The numbering of ``rules``' actions, built once per ruleset."""
    return number(GAME, rules.name, rules.content_hash, _families(rules))


# ---- the tensor layout ---------------------------------------------------------------------------


class TribesLayout(SegmentedLayout):
    """The observation tensor's layout for one Five Tribes ruleset (a ``TensorLayout``).

    Attributes:
        parts: the segments with their axes, labels, encodings and meanings.
        segments: (name, length) of each segment, in order; ``size`` the tensor's length.
    """

    def __init__(self, rules: FiveTribesRules) -> None:
        t = rules.tables
        self.rules = rules
        self.seats = ("self", *(f"+{k}" for k in range(1, max(rules.per_count))))
        self.kinds = tuple(k.id for k in t.sultanate.kind)
        self.cards = (*rules.goods, FAKIR)
        self.card_counts = (*(g.count for g in t.cards.good), t.cards.fakirs)
        self.djinns = tuple(d.id for d in t.djinns.djinn)
        self.decisions = tuple(sorted(k for k, s in ENGINE.steps.items() if s.candidates))
        self.max_points = max(tile.points for tile in t.sultanate.tile)
        self.max_camels = max(p.camels for p in t.tracks.players)
        self.max_reach = rules.rows + rules.columns - 2
        self.max_meeples = max(rules.meeple_counts)
        self.kind_pos = {k: i for i, k in enumerate(self.kinds)}
        self.card_pos = {c: i for i, c in enumerate(self.cards)}
        self.djinn_pos = {d: i for i, d in enumerate(self.djinns)}
        self.decision_pos = {k: i for i, k in enumerate(self.decisions)}
        super().__init__(GAME, FiveTribesState, (rules.name, rules.content_hash), self._specs())

    def _specs(self) -> list[SegmentSpec]:
        rules, t = self.rules, self.rules.tables
        seat, cells, colours, cards = self.seats, rules.cells, rules.colours, self.cards
        markers = tuple(str(k) for k in range(max(p.count * p.markers for p in t.tracks.players)))
        bids = tuple(str(v) for v in t.tracks.bids)
        coins = COIN_SCALE * t.tracks.start_coins
        return [
            # ---- seats and the decision
            ("seat.present", {"seat": seat}, "flag", "a player sits in this seat"),
            ("seat.deciding", {"seat": seat}, "flag", "the player who decides now"),
            ("decision.kind", {"decision": self.decisions}, "one-hot", "the pending decision"),
            ("decision.cell", {"cell": cells}, "one-hot", "the tile the decision is about"),
            (
                "decision.count",
                {"count": ("meeples",)},
                f"count / {self.max_meeples}",
                "the Builders or Assassins taken (FT-MEEP-4, FT-MEEP-5)",
            ),
            (
                "decision.reach",
                {"count": ("reach",)},
                f"steps / {self.max_reach}, capped at 1",
                "how far the Assassins reach (FT-MEEP-5)",
            ),
            ("decision.djinn", {"djinn": self.djinns}, "one-hot", "the Djinn whose power asks"),
            (
                "decision.boost",
                {"flag": ("boosted",)},
                "flag",
                "a Djinn's power already changes this bid, Builders' pay or kill (FT-PUB-16)",
            ),
            ("round", {"count": ("round",)}, f"round / {ROUND_SCALE}, capped at 1", "the round"),
            ("end.triggered", {"flag": ("triggered",)}, "flag", "the end is triggered (FT-END-1)"),
            ("end.over", {"flag": ("over",)}, "flag", "the game is over"),
            ("end.cause", {"cause": END_CAUSES}, "one-hot", "why the end was triggered"),
            # ---- the Sultanate
            ("tiles.kind", {"cell": cells, "kind": self.kinds}, "one-hot", "each tile's kind"),
            (
                "tiles.points",
                {"cell": cells},
                f"points / {self.max_points}",
                "each tile's points (FT-SC-5)",
            ),
            ("tiles.blue", {"cell": cells}, "flag", "the tile has a blue value (FT-MEEP-4)"),
            (
                "meeples",
                {"cell": cells, "colour": colours},
                "count / the colour's meeples",
                "the meeples on each tile",
            ),
            ("camels", {"cell": cells, "seat": seat}, "one-hot", "whose camel is on each tile"),
            ("palms", {"cell": cells}, f"count / {t.tracks.palms}", "palm trees on each tile"),
            ("palaces", {"cell": cells}, f"count / {t.tracks.palaces}", "palaces on each tile"),
            ("move.start", {"cell": cells}, "one-hot", "the tile the move picked up from"),
            ("move.cell", {"cell": cells}, "one-hot", "the tile of the last drop"),
            ("move.came_from", {"cell": cells}, "one-hot", "the tile before it on the path"),
            (
                "move.hand",
                {"colour": colours},
                "count / the colour's meeples",
                "the meeples still in hand (FT-ACT-4)",
            ),
            # ---- supplies, markets and tracks
            ("bag", {"colour": colours}, "count / the colour's meeples", "meeples in the bag"),
            ("supply.palms", {"count": ("palms",)}, f"count / {t.tracks.palms}", "palm trees"),
            (
                "supply.palaces",
                {"count": ("palaces",)},
                f"count / {t.tracks.palaces}",
                "palaces",
            ),
            (
                "deck.size",
                {"count": ("cards",)},
                f"count / {sum(self.card_counts)}",
                "resource cards in the deck; not their order",
            ),
            (
                "market",
                {"position": tuple(str(k) for k in range(t.cards.market)), "card": cards},
                "one-hot",
                "the face-up resource cards, first first",
            ),
            ("discard", {"card": cards}, "count / the card's copies", "the discard pile"),
            (
                "djinn_deck.size",
                {"count": ("djinns",)},
                f"count / {len(self.djinns)}",
                "Djinns in the deck; not their order",
            ),
            ("djinn_display", {"djinn": self.djinns}, "flag", "the face-up Djinns"),
            ("djinn_discard", {"djinn": self.djinns}, "flag", "the discarded Djinns (face up)"),
            (
                "used_powers",
                {"djinn": self.djinns},
                "flag",
                "the Djinns whose power was used this turn (FT-PUB-16)",
            ),
            (
                "bid_order_track",
                {"space": markers, "seat": seat},
                "one-hot",
                "whose marker is on each space of the Bid Order Track",
            ),
            (
                "turn_order_track",
                {"bid space": bids, "seat": seat},
                "one-hot",
                "whose marker is on each space of the Turn Order Track (FT-AUC-1)",
            ),
            # ---- each player, from the viewer's seat
            (
                "player.coins",
                {"count": ("coins",)},
                f"coins / {coins}, capped at 1",
                "the viewer's coins in hand; the others' are hidden (FT-PUB-3)",
            ),
            (
                "player.camels",
                {"seat": seat},
                f"count / {self.max_camels}",
                "camels not yet on the board",
            ),
            (
                "player.pool",
                {"seat": seat, "colour": colours},
                "count / the colour's meeples",
                "Viziers and Elders kept",
            ),
            (
                "player.goods",
                {"seat": seat, "good": rules.goods},
                "count / the good's cards",
                "goods cards held",
            ),
            (
                "player.fakirs",
                {"seat": seat},
                f"count / {t.cards.fakirs}",
                "Fakir cards held",
            ),
            ("player.djinns", {"seat": seat, "djinn": self.djinns}, "flag", "Djinns held"),
        ]

    def fill(self, state: FiveTribesState, viewer: int, w: Writer) -> None:
        """Collect what seat ``viewer`` sees of ``state``."""
        rules, t = self.rules, self.rules.tables
        n = state.player_count
        counts = rules.meeple_counts

        def seat(p: int) -> int:
            return (p - viewer) % n

        def per_colour(name: str, values: Sequence[int], at: int = -1) -> None:
            """``values`` (one per colour) over each colour's count, in row ``at`` if given."""
            for colour, value in enumerate(values):
                if at < 0:
                    w.put(name, value / counts[colour], colour)
                else:
                    w.put(name, value / counts[colour], at, colour)

        # ---- seats and the decision
        for s in range(n):
            w.one("seat.present", s)
        task = state.decision
        if task is not None:
            if task.player >= 0:  # at a chance step (explicit mode) no seat decides
                w.one("seat.deciding", seat(task.player))
            w.one("decision.kind", self.decision_pos[task.kind])
            args = task.args
            cell = args.get("cell", args.get("at", -1))
            if 0 <= cell < len(rules.cells):
                w.one("decision.cell", cell)
            if "count" in args:
                w.put("decision.count", min(args["count"], self.max_meeples) / self.max_meeples)
            if "reach" in args:
                w.put("decision.reach", min(args["reach"], self.max_reach) / self.max_reach)
            if "djinn" in args:
                w.one("decision.djinn", args["djinn"])
            boosted = (
                args.get("discount", 0) or args.get("factor", 1) > 1 or args.get("kills", 1) > 1
            )
            w.flag("decision.boost", bool(boosted))
        w.put("round", min(state.round, ROUND_SCALE) / ROUND_SCALE)
        w.flag("end.triggered", state.end_triggered)
        w.flag("end.over", state.game_over)
        if state.end_cause is not None:
            w.one("end.cause", END_CAUSES.index(state.end_cause))

        # ---- the Sultanate
        for cell, tile_id in enumerate(state.tiles):
            tile = rules.tile_by_id.get(tile_id)  # None: a cell the setup has not dealt yet
            if tile is not None:
                w.one("tiles.kind", cell, self.kind_pos[tile.kind])
                w.put("tiles.points", tile.points / self.max_points, cell)
                if tile.blue:
                    w.one("tiles.blue", cell)
            per_colour("meeples", state.meeples[cell], cell)
            owner = state.camels[cell]
            if owner is not None:
                w.one("camels", cell, seat(owner))
            w.put("palms", min(state.palms[cell], t.tracks.palms) / t.tracks.palms, cell)
            w.put("palaces", min(state.palaces[cell], t.tracks.palaces) / t.tracks.palaces, cell)
        move = state.move
        if move is not None:
            w.one("move.start", move.start)
            w.one("move.cell", move.cell)
            if move.came_from >= 0:
                w.one("move.came_from", move.came_from)
            per_colour("move.hand", move.hand)

        # ---- supplies, markets and tracks
        per_colour("bag", state.bag)
        w.put("supply.palms", state.palm_supply / t.tracks.palms)
        w.put("supply.palaces", state.palace_supply / t.tracks.palaces)
        w.put("deck.size", min(len(state.deck) / sum(self.card_counts), 1.0))
        for k, card in enumerate(state.market[: t.cards.market]):
            w.one("market", k, self.card_pos[card])
        discarded = [state.discard.count(card) for card in self.cards]
        for k, count in enumerate(discarded):
            w.put("discard", min(count / self.card_counts[k], 1.0), k)
        w.put("djinn_deck.size", len(state.djinn_deck) / len(self.djinns))
        for djinn in state.djinn_display:
            w.one("djinn_display", self.djinn_pos[djinn])
        for djinn in state.djinn_discard:
            w.one("djinn_discard", self.djinn_pos[djinn])
        for djinn in state.used_powers:
            w.one("used_powers", self.djinn_pos[djinn])
        for track, spaces in (
            ("bid_order_track", state.bid_order_track),
            ("turn_order_track", state.turn_order_track),
        ):
            for k, marker in enumerate(spaces):
                if marker is not None:
                    w.one(track, k, seat(state.markers[marker]))

        # ---- each player
        coins = COIN_SCALE * t.tracks.start_coins
        goods = {g.id: (k, g.count) for k, g in enumerate(t.cards.good)}
        w.put("player.coins", min(state.players[viewer].coins, coins) / coins)
        for p, holder in enumerate(state.players):
            s = seat(p)
            w.put("player.camels", holder.camels / self.max_camels, s)
            per_colour("player.pool", holder.pool, s)
            for good in set(holder.goods):
                k, copies = goods[good]
                w.put("player.goods", holder.goods.count(good) / copies, s, k)
            w.put("player.fakirs", holder.fakirs / t.cards.fakirs, s)
            for djinn in holder.djinns:
                w.one("player.djinns", s, self.djinn_pos[djinn])


@per_ruleset
def tensor_layout(rules: FiveTribesRules) -> TribesLayout:
    """The observation tensor's layout for ``rules``, built once per ruleset."""
    return TribesLayout(rules)
