"""Correct a number of the rule tables and play by the corrected copy, without touching code.

    python examples/corrected_rules.py

Every number of the game lives in the TOML tables of ``sankore_rules/data``. Many are
reconstructed (see "Where the numbers come from" in the docs); if your copy of the game prints
another number, copy the tables, change the number and load the copy with ``sr.load_rules``.
Here: the Theology space Djenné (middle row) is given Knowledge 4 instead of the bundled value.
"""

import re
import tempfile
from importlib import resources
from pathlib import Path

import sankore_rules as sr

SPACE = "djenne-middle"
NEW_KNOWLEDGE = 4


def copy_tables(folder: Path) -> None:
    """Copy every bundled table into ``folder``."""
    for table in resources.files("sankore_rules").joinpath("data").iterdir():
        if table.name.endswith(".toml"):
            (folder / table.name).write_bytes(table.read_bytes())


def set_knowledge(path: Path, space: str, knowledge: int) -> None:
    """Change the ``knowledge`` line of one ``[[space]]`` entry of a table."""
    text = path.read_text(encoding="utf-8")
    entry = re.compile(rf'(id = "{space}"\n(?:(?!\[\[)[^\n]*\n)*?knowledge = )\d+')
    text, found = entry.subn(rf"\g<1>{knowledge}", text)
    assert found == 1, f"no entry {space} in {path.name}"
    path.write_text(text, encoding="utf-8")


def knowledge_of(rules: sr.Rules, space: str) -> int:
    """The Knowledge a Theology space needs under ``rules``."""
    return rules.theology_spaces[space].knowledge


def main() -> None:
    bundled = sr.load_rules()
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        copy_tables(folder)
        set_knowledge(folder / "theology.toml", SPACE, NEW_KNOWLEDGE)
        corrected = sr.load_rules(folder)

        print(f"{SPACE} needs Knowledge {knowledge_of(bundled, SPACE)} in the bundled tables")
        print(f"{SPACE} needs Knowledge {knowledge_of(corrected, SPACE)} in the corrected copy")
        print(f"content hashes: {bundled.content_hash} / {corrected.content_hash}")

        # A game by the corrected rules; its state records which ruleset it belongs to.
        state = sr.new_game(players=2, seed=1, rules=corrected)
        print(f"the new game plays by {state.rules_name} {state.rules_hash}")
        try:
            sr.from_json(sr.to_json(state), rules=bundled)
        except sr.StateError as error:
            print(f"loading it with the bundled rules is refused: {str(error)[:50]}...")

        # A malformed table is refused when loaded, naming file, entry and field.
        law = folder / "law.toml"
        law.write_text(
            law.read_text(encoding="utf-8").replace("knowledge = 1,", 'knowledge = "1",', 1)
        )
        try:
            sr.load_rules(folder)
        except sr.RulesDataError as error:
            print(f"a broken table is refused: {error.file}, {error.where}, {error.problem}")


if __name__ == "__main__":
    main()
