"""List the legal actions of a decision, and ask the engine why other actions are refused.

    python examples/legal_actions.py

Every decision lists all its options with ``sr.legal_actions``; ``sr.explain`` answers ``[]``
for a legal action and otherwise the reasons ``sr.apply`` would refuse it with, each a stable
code for programs and words for people.
"""

import sankore_rules as sr

# Actions to try on the first turn of the game: some are legal, some are not.
TRIES = [
    "enrol law",
    "teach c0a",
    "teach c3",
    "graduate s1a",
    "establish ast-3a",
    "write astronomy",
    "favour return",
    "fly to timbuktu",
]


def first_turn(seed: int) -> sr.State:
    """A new 2-player game after the draft, printing each draft decision and the choice made."""
    state = sr.new_game(players=2, seed=seed)
    while state.decision is not None and state.decision.kind != "turn":
        options = sr.legal_actions(state)
        print(f"player {state.current_player}, {state.decision.kind}: {len(options)} options")
        state = sr.apply(state, options[0])
    return state


def main() -> None:
    state = first_turn(seed=7)
    player = state.current_player
    assert player is not None
    prompt = sr.observation(state, player)["decision"]["prompt"]
    print(f"\nplayer {player} decides: {prompt}")
    actions = sr.legal_actions(state)
    print(f"{len(actions)} legal actions:")
    for action in actions:
        print(f"  {action}")

    print("\ntrying some actions:")
    for text in TRIES:
        reasons = sr.explain(state, text)
        if not reasons:
            print(f"  {text}: legal")
        for reason in reasons:
            print(f"  {text}: refused, {reason.code}: {reason.words}")

    # apply() refuses the same way, with the same reasons, and leaves the state as it was.
    try:
        sr.apply(state, "teach c3")
    except sr.IllegalAction as error:
        print(f"\napply refused 'teach c3': {[r.code for r in error.reasons]}")

    # Notation round-trips: str(action) is what parse_action reads back.
    action = sr.parse_action(state, "enrol law")
    print(f"parsed {action!r}, written back as {str(action)!r}")
    after = sr.apply(state, action)
    print("what happened: " + "; ".join(f"{e.kind} {e.detail}" for e in after.events))


if __name__ == "__main__":
    main()
