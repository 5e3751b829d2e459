"""Replaying a stored match, and what the server does with one it cannot replay.

A match is stored as its setup and actions (see ``storage.py``); the server rebuilds its state
by replaying them under the rules it has. That can fail: a row damaged on disk or by hand, an
action the rules refuse, a starting position of a ruleset the server does not have.
[`replay`][sankore_rules.interfaces.server.replay.replay] says which, in words, as
[`Unplayable`][sankore_rules.interfaces.server.replay.Unplayable]; the hub then *fences* the
match (answers it with a 409 and those words) and serves the others, and
[`check`][sankore_rules.interfaces.server.replay.check] (``sankore-rules serve --check``) lists
every such match of a database without serving.

A match records the ruleset it was created under (name and content hash). One created under
another content hash of its ruleset (an upgrade that corrected the rules) is replayed under the
server's: it is refused only when one of its actions no longer replays.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from sankore_rules import api
from sankore_rules.interfaces.server.storage import StoredMatch, open_storage

__all__ = ["Unplayable", "check", "replay", "ruleset_pin", "start_state"]


class Unplayable(Exception):
    """A stored match the server cannot replay: a damaged row, or a ruleset it does not have.

    Attributes:
        words: what is wrong, for the operator and for whoever asks for the match.
    """

    def __init__(self, words: str) -> None:
        super().__init__(words)
        self.words = words


def start_state(setup: Mapping[str, Any]) -> Any:
    """The state a stored setup starts from."""
    if "position" in setup:
        return api.from_json(setup["position"])
    return api.new_game(
        players=setup["players"], seed=setup["seed"], game=setup["game"], **setup["options"]
    )


def ruleset_pin(state: Any) -> tuple[str, str]:
    """The name and content hash of the ruleset ``state`` is played by: a match's pin."""
    rules = api.rules_of(state)
    return str(rules.name), str(rules.content_hash)


def replay(stored: StoredMatch) -> Any:
    """The state a stored match's actions reach under this server's rules.

    A match created under another version of its ruleset (an upgrade that corrected the rules)
    is replayed under the current one; it is refused only when an action no longer replays.

    Raises:
        Unplayable: the setup or an action cannot be replayed, with the reason in words.
    """
    pinned = (
        f" (it was created under ruleset {stored.ruleset!r}, content hash {stored.rules_hash}"
        if stored.rules_hash is not None
        else " (its ruleset was not recorded"
    )
    try:
        state = start_state(stored.setup)
    except Exception as exc:  # a damaged row can fail anywhere; say how
        raise Unplayable(
            f"match {stored.id}: its setup cannot be replayed{pinned}): {type(exc).__name__}: {exc}"
        ) from None
    current = ruleset_pin(state)
    if stored.rules_hash is not None and current != (stored.ruleset, stored.rules_hash):
        pinned += f"; this server has {current[0]!r}, content hash {current[1]}"
    for number, text in enumerate(stored.actions, start=1):
        try:
            state = api.apply(state, text)
        except Exception as exc:  # an action the rules refuse, or garbage
            raise Unplayable(
                f"match {stored.id}: its action {number} ({text[:40]!r}) cannot be replayed"
                f"{pinned}): {type(exc).__name__}: {exc}"
            ) from None
    return state


async def check(db: str) -> tuple[list[str], int, int]:
    """Replay every match of ``db`` as a server would.

    Returns:
        The words of each match that cannot be replayed (oldest first), how many matches were
        checked, and how many were created under another content hash of their ruleset and
        replay under this one.
    """
    for game in api.games():
        api.load_rules(game=game.name)
    storage = open_storage(db)
    await storage.open()
    refused: list[str] = []
    moved = 0
    try:
        ids = await storage.ids()
        for match_id in ids:
            try:
                stored = await storage.load(match_id)
                assert stored is not None  # listed a moment ago, and matches are not deleted
                state = replay(stored)
            except Unplayable as unplayable:
                refused.append(unplayable.words)
                continue
            except (ValueError, TypeError) as exc:
                refused.append(f"match {match_id}: its row cannot be read: {exc}")
                continue
            if stored.rules_hash is not None:
                moved += ruleset_pin(state) != (stored.ruleset, stored.rules_hash)
    finally:
        await storage.close()
    return refused, len(ids), moved
