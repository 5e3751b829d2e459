"""The MCTS bot's strength: its win rate against another bot over 2-player games.

Game i seats the MCTS bot as P(i mod 2), so each bot plays first in half the games; game i's
seed is FIRST + i. Each game is written as one JSON line to --out as soon as it ends (so a long
run can be split over processes by --first and read back together with --summary), and the
summary prints the win rate with its Wilson 95% interval, the mean scores and the MCTS bot's
time per decision (forced decisions, answered without a search, included).

    python benchmarks/mcts_strength.py --opponent greedy --games 200 --iterations 200
    python benchmarks/mcts_strength.py --summary out-a.jsonl out-b.jsonl
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from sankore_rules.interfaces.simulation import GameSpec, play_game, wilson_interval


def run(args: argparse.Namespace) -> None:
    out = Path(args.out) if args.out else None
    for i in range(args.games):
        seat = (args.first + i) % 2
        bots = ["mcts", args.opponent] if seat == 0 else [args.opponent, "mcts"]
        spec = GameSpec(
            seed=args.first + i,
            players=2,
            bots=tuple(bots),
            options={"turn_limit": args.turn_limit or None},
            mcts_iterations=args.iterations,
        )
        result = play_game(spec)
        line = {
            "seed": spec.seed,
            "opponent": args.opponent,
            "iterations": args.iterations,
            "turn_limit": spec.options.get("turn_limit"),
            "mcts_seat": seat,
            "scores": result.scores,
            "winners": result.winners,
            "end_cause": result.end_cause,
            "mcts_decisions": result.decisions[seat],
            "mcts_seconds": result.seconds[seat],
        }
        if out is not None:
            with out.open("a", encoding="utf-8") as stream:
                stream.write(json.dumps(line) + "\n")
        print(json.dumps(line), flush=True)


def summary(paths: list[str]) -> None:
    games: dict[tuple[str, int], list[dict[str, object]]] = {}
    for path in paths:
        for text in Path(path).read_text(encoding="utf-8").splitlines():
            line = json.loads(text)
            games.setdefault((line["opponent"], line["iterations"]), []).append(line)
    for (opponent, iterations), lines in sorted(games.items()):
        n = len(lines)
        wins = sum(line["mcts_seat"] in line["winners"] for line in lines)  # type: ignore[operator]
        low, high = wilson_interval(wins, n)
        mine = sum(line["scores"][line["mcts_seat"]] for line in lines) / n  # type: ignore[index]
        theirs = sum(line["scores"][1 - line["mcts_seat"]] for line in lines) / n  # type: ignore[index,operator]
        seconds = sum(line["mcts_seconds"] for line in lines)  # type: ignore[misc]
        decisions = sum(line["mcts_decisions"] for line in lines)  # type: ignore[misc]
        print(
            f"MCTS ({iterations} iterations) vs {opponent}: {wins}/{n} wins, "
            f"{100 * wins / n:.1f}% (95% CI {100 * low:.1f}-{100 * high:.1f}%), "
            f"mean score {mine:.1f} to {theirs:.1f}, "
            f"{1000 * seconds / decisions:.1f} ms per decision ({decisions / n:.0f} a game)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--opponent", default="greedy", choices=("greedy", "random"))
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--first", type=int, default=0, help="the first game's seed")
    parser.add_argument("--iterations", type=int, default=200)
    parser.add_argument("--turn-limit", type=int, default=60, help="0: none")
    parser.add_argument("--out", help="append each game's JSON line to this file")
    parser.add_argument("--summary", nargs="+", metavar="FILE", help="summarise these files")
    args = parser.parse_args()
    if args.summary:
        summary(args.summary)
        return
    run(args)
    if args.out:
        summary([args.out])


if __name__ == "__main__":
    sys.exit(main())
