"""Soak: many random games with every check at every step; prints what it checked and found.

At each decision of each game:

- round trip: ``from_json(to_json(state))`` equals the state (and so passes the whole check
  ``from_json`` runs: ranges, agenda, every component exactly once);
- purity: ``apply`` leaves its input as it was, JSON and events alike;
- declared answers: every listed action's kind is one the decision declares (its ``answers``,
  which the API reference's decisions table shows);
- explain/legal agreement: every listed action has no reason against it; near misses of them
  (a word swapped, dropped or added) get reasons exactly when they are not listed, and
  ``apply`` refuses them with the same reasons.

Then as many solo games against the Scholar, a quarter as many by default (``--solo``), at
difficulties drawn from the seed, and Five Tribes games of 2-4 players, half as many by default
(``--tribes``), with the same checks; every state handed out must also be sealed, with a key
equal to its copy's.

Run by ``make soak`` (``--games`` and ``--seed`` to change it). Exits 1 on any failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Mapping
from typing import Any

import sankore_rules as sr
from sankore_rules.core.engine import Step
from sankore_rules.five_tribes.engine import ENGINE as TRIBES_ENGINE
from sankore_rules.sankore import engine


def near_misses(rng: random.Random, legal: list[sr.Action], words: list[str]) -> list[sr.Action]:
    """A few actions close to the listed ones: a word swapped, dropped or added."""
    misses = []
    for action in rng.sample(legal, min(3, len(legal))):
        args = list(action.args)
        if args:
            args[rng.randrange(len(args))] = rng.choice(words)
            misses.append(sr.Action(action.kind, tuple(args)))
            misses.append(sr.Action(action.kind, tuple(args[:-1])))
        misses.append(sr.Action(action.kind, (*action.args, rng.choice(words))))
    return misses


def check_step(
    state: Any, rng: random.Random, words: list[str], steps: Mapping[str, Step] = engine.STEPS
) -> list[str]:
    """Every check of one decision (of the game whose steps are ``steps``); the failures."""
    failures = []
    text = sr.to_json(state)
    copy = sr.from_json(text)
    if copy != state or copy.key() != state.key():
        failures.append("round trip: the copy differs")
    if not state.sealed:
        failures.append("a state handed out is not sealed")
    legal = sr.legal_actions(state)
    if not legal:
        failures.append(f"no option at {state.decision}")
    assert state.decision is not None
    answers = steps[state.decision.kind].answers
    failures += [
        f"{a} does not answer {state.decision.kind}" for a in legal if a.kind not in answers
    ]
    for action in legal:
        if sr.explain(state, action):
            failures.append(f"listed but explained away: {action}")
    listed = set(legal)
    for action in near_misses(rng, legal, words):
        reasons = sr.explain(state, action)
        if bool(reasons) == (action in listed):
            failures.append(f"explain disagrees with the listing on {action}")
        if reasons:
            try:
                sr.apply(state, action)
                failures.append(f"apply took {action}, which explain refuses")
            except sr.IllegalAction as exc:
                if tuple(reasons) != exc.reasons:
                    failures.append(f"apply and explain give other reasons for {action}")
    if sr.to_json(state) != text:
        failures.append("checking changed the state")
    return failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    # Random play can circle for thousands of turns without ending (a random player need not
    # fill the Madrasa); the turn_limit variant bounds every game. 0 plays without a limit.
    parser.add_argument("--turn-limit", type=int, default=60)
    parser.add_argument("--solo", type=int, help="solo games after them (default: games / 4)")
    parser.add_argument(
        "--tribes", type=int, help="Five Tribes games after those (default: games / 2)"
    )
    args = parser.parse_args()
    solo = args.games // 4 if args.solo is None else args.solo
    tribes = args.games // 2 if args.tribes is None else args.tribes
    rules = sr.load_rules()
    words = sorted({*rules.disciplines, *rules.area_spaces, *rules.class_spaces, "0", "9", "x"})
    five = sr.load_rules(game="five_tribes")
    tribes_words = sorted(
        {*five.cells, *five.colours, *five.goods, *five.djinn_by_id, "fakir", "0", "9", "x"}
    )
    games = steps = failed = 0
    started = time.perf_counter()
    for game in range(args.games + solo + tribes):
        seed = args.seed + game
        rng = random.Random(seed)
        game_words, game_steps = words, engine.STEPS
        if game >= args.games + solo:
            state = sr.new_game(players=rng.choice((2, 3, 4)), seed=seed, game="five_tribes")
            game_words, game_steps = tribes_words, TRIBES_ENGINE.steps
        elif game < args.games:
            state = sr.new_game(
                players=rng.choice((2, 3, 4)),
                seed=seed,
                library=rng.choice(("three_shelf", "six_shelf")),
                turn_limit=args.turn_limit or None,
            )
        else:
            difficulty = rng.choice(("easy", "medium", "hard", "very_hard"))
            state = sr.new_game(players=1, seed=seed, scholar=difficulty)
        while not sr.is_terminal(state):
            failures = check_step(state, rng, game_words, game_steps)
            before, events = sr.to_json(state), list(state.events)
            after = sr.apply(state, rng.choice(sr.legal_actions(state)))
            if (sr.to_json(state), state.events) != (before, events):
                failures.append("apply changed its input")
            for failure in failures:
                print(f"seed {seed}, decision {steps}: {failure}")
            failed += bool(failures)
            state = after
            steps += 1
        if sr.from_json(sr.to_json(state)) != state:
            print(f"seed {seed}: the final state does not round-trip")
            failed += 1
        games += 1
    elapsed = time.perf_counter() - started
    print(
        f"soak: {games} games, {steps} decisions, every check at every step: "
        f"{failed} failures, {elapsed:.1f} s ({steps / elapsed:.0f} decisions/s checked)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
