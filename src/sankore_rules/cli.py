"""The ``sankore-rules`` command line."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from sankore_rules import api
from sankore_rules.bots import GreedyBot, RandomBot
from sankore_rules.rules.scoring import Scores
from sankore_rules.state import State

__all__ = ["main", "render_scores"]


def render_scores(scores: Scores) -> str:
    """A score sheet as a text table: icons and points per discipline, totals, winners."""
    disciplines = [line.discipline for line in scores.players[0].disciplines]
    head = f"{'':10}" + "".join(f"{d[:11]:>13}" for d in disciplines) + f"{'total':>8}"
    lines = [head, f"{'value':10}" + "".join(f"{scores.values[d]:>13}" for d in disciplines)]
    for sheet in scores.players:
        cells = "".join(
            f"{sum(line.icons.values()):>5} x{line.value} ={line.points:>3}"
            for line in sheet.disciplines
        )
        mark = "  winner" if sheet.winner else ""
        lines.append(f"player {sheet.player:<3}{cells}{sheet.total:>8}{mark}")
    return "\n".join(lines)


def render_madrasa(state: State) -> str:
    """The Madrasa as a grid: each tile's discipline initial, upper case when its star shows."""
    rules = api.rules_of(state)
    rows = []
    for r in range(rules.madrasa_cells // rules.madrasa_columns):
        cells = []
        for c in range(rules.madrasa_columns):
            tile = state.madrasa[r * rules.madrasa_columns + c]
            if tile is None:
                cells.append(".")
            else:
                letter = rules.sankore_tiles[tile.tile].discipline[0]
                cells.append(letter.upper() if tile.star else letter)
        rows.append(" ".join(cells))
    return "\n".join(rows)


def _demo(args: argparse.Namespace) -> int:
    state = api.new_game(players=args.players, seed=args.seed)
    bots = [GreedyBot(seed=args.seed * 10 + p) for p in range(args.players)]
    decisions = 0
    print(f"Sankoré, {args.players} players, seed {args.seed}: greedy bots play a whole game.\n")
    while not api.is_terminal(state):
        player = state.current_player
        assert player is not None
        state = api.apply(state, bots[player].choose(state))
        decisions += 1
        for event in state.events:
            if event.kind == "sankore_placed":
                filled = sum(t is not None for t in state.madrasa)
                print(
                    f"  turn {state.players[player].turns + 1:>2}, player {player}: "
                    f"Sankoré tile {event.detail['tile']} to {event.detail['cell']} "
                    f"(Madrasa {filled}/{len(state.madrasa)})"
                )
            elif event.kind == "end_triggered":
                print(f"  the end is triggered by player {player}")
    turns = [pl.turns for pl in state.players]
    print(
        f"\n{decisions} decisions, {turns[0]} turns each.\n\nThe Madrasa "
        "(upper case: star showing):"
    )
    print(render_madrasa(state))
    print("\nFinal scores:")
    print(render_scores(api.final_scores(state)))
    return 0


def _random_game(args: argparse.Namespace) -> int:
    state = api.new_game(players=args.players, seed=args.seed)
    bot = RandomBot(seed=args.seed)
    while not api.is_terminal(state):
        state = api.apply(state, bot.choose(state))
    print(render_scores(api.final_scores(state)))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = argparse.ArgumentParser(prog="sankore-rules", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    demo = sub.add_parser("demo", help="a seeded game played by greedy bots, with a summary")
    demo.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    demo.add_argument("--seed", type=int, default=7)
    demo.set_defaults(run=_demo)
    rnd = sub.add_parser("random", help="a seeded random game, its final scores")
    rnd.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    rnd.add_argument("--seed", type=int, default=0)
    rnd.set_defaults(run=_random_game)
    args = parser.parse_args(argv)
    status: int = args.run(args)
    sys.stdout.flush()
    return status
