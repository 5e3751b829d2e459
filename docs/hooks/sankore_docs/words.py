"""Words for the rule tables: effects, costs, Objective conditions and abilities, Markdown.

[`describe_effect`][sankore_docs.words.describe_effect] is the one place an effect of the tables
becomes words; every page that shows a reward, bonus or Skill tile goes through it. A kind it does
not know raises [`UnrenderedError`][sankore_docs.words.UnrenderedError], which stops the docs build.
"""

from __future__ import annotations

import posixpath
from collections.abc import Iterable, Sequence
from typing import Any

import sankore_rules as sr
from sankore_rules.sankore.tables import Cost, Effect, EffectKind, Source

__all__ = [
    "UnrenderedError",
    "article",
    "code",
    "describe_ability",
    "describe_condition",
    "describe_cost",
    "describe_effect",
    "describe_effects",
    "disc",
    "entry_source",
    "join",
    "link",
    "plural",
    "region",
    "resource",
    "sample_effect",
    "sentence",
    "source_word",
    "supported",
    "table",
    "value_source",
]


class UnrenderedError(ValueError):
    """A table entry the generator cannot put into words: the build stops on it."""


SOURCE_WORDS = {
    Source.RULEBOOK: "rulebook",
    Source.EXAMPLE: "example",
    Source.RECONSTRUCTED: "reconstructed",
}
RESOURCE_WORDS = {"gold": "Gold", "salt": "Salt", "inspiration": "Inspiration"}
# The piece each area's action places (COMP-16), for Objective requirements.
PIECE_WORDS = {
    "astronomy": "Trading Posts",
    "theology": "Mosques",
    "mathematics": "Walls",
    "law": "Crowns",
}
ROW_WORDS = {"bottom": "bottom", "middle": "middle", "top": "top"}

# ---- words ---------------------------------------------------------------------------------------


def disc(rules: sr.Rules, discipline: str | None) -> str:
    """A discipline's name as players write it (``Astronomy``); refuses unknown ones."""
    if discipline not in rules.discipline_index:
        raise UnrenderedError(f"unknown discipline {discipline!r}")
    assert discipline is not None
    return discipline.capitalize()


def resource(name: str | None) -> str:
    """A resource's name as players write it (``Gold``); refuses unknown ones."""
    if name not in RESOURCE_WORDS:
        raise UnrenderedError(f"unknown resource {name!r}")
    assert name is not None
    return RESOURCE_WORDS[name]


def source_word(value: object) -> str:
    """Where an entry's numbers come from, in one word."""
    # Compared by value: a table may hold the plain string or the Source member.
    for member, words in SOURCE_WORDS.items():
        if value == member:
            return words
    raise UnrenderedError(f"unknown source {value!r}")


def value_source(record: Any, key: str) -> str:
    """Where one value of a table entry comes from, in one word.

    ``key`` is a field name or one item of a list field (``school_knowledge[1]``): its own
    ``sources`` entry if it has one, else its field's, else the entry's ``source``.
    """
    name = key.split("[", 1)[0]
    return source_word(record.sources.get(key, record.sources.get(name, record.source)))


def entry_source(record: Any) -> str:
    """Where a table entry's values come from: its source, then the values that differ.

    ``example`` for an entry a worked example gives whole; ``example (`region` and `activate`:
    reconstructed)`` for one whose region and Skill section the example does not give.
    """
    groups: dict[str, list[str]] = {}
    for key, source in record.sources.items():
        groups.setdefault(source_word(source), []).append(code(key))
    base = source_word(record.source)
    if not groups:
        return base
    return f"{base} ({'; '.join(f'{join(keys)}: {word}' for word, keys in groups.items())})"


def plural(n: int, one: str, many: str) -> str:
    """``1 Book``, ``2 Books``."""
    return f"{n} {one if n == 1 else many}"


def times(n: int) -> str:
    """``""``, ``" twice"``, ``" 3 times"``."""
    return "" if n == 1 else (" twice" if n == 2 else f" {n} times")


def article(word: str) -> str:
    """``a`` or ``an``, for the word that follows."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def join(parts: Sequence[str], last: str = "and") -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {last} " + parts[-1]


def _of_discipline(rules: sr.Rules, discipline: str | None, n: int, noun: str) -> str:
    """'1 Book of any discipline', '2 Astronomy Books', '1 Prestige token of ...'."""
    counted = plural(n, noun, noun + "s")
    match discipline:
        case "any":
            choice = "any discipline" if noun == "Book" else "a discipline of your choice"
            return f"{counted} of {choice}" if n == 1 else f"{counted}, each of {choice}"
        case "section":
            return f"{counted} of the discipline of the Skill section the tile is in"
        case "class":
            return f"{counted} of the taught class's discipline"
        case _:
            name = disc(rules, discipline)
            return f"{n} {name} {noun if n == 1 else noun + 's'}"


def describe_effect(effect: Effect, rules: sr.Rules) -> str:
    """One effect of the tables in words, e.g. ``gain 1 Gold or 1 Salt``.

    Raises:
        UnrenderedError: for a kind of effect (or a parameter) this function does not know.
    """
    n = effect.amount
    if not isinstance(n, int) or n < 1:
        raise UnrenderedError(f"effect {effect!r} has no positive amount")
    match effect.kind:
        case EffectKind.GAIN_RESOURCE:
            if not effect.resources:
                raise UnrenderedError(f"effect {effect!r} names no resource")
            choices = [f"{n} {resource(r)}" for r in effect.resources]
            return "gain " + join(choices, "or")
        case EffectKind.GAIN_BOOK:
            return "gain " + _of_discipline(rules, effect.discipline, n, "Book")
        case EffectKind.GAIN_PRESTIGE:
            return "gain " + _of_discipline(rules, effect.discipline, n, "Prestige token")
        case EffectKind.ADVANCE_FAVOUR:
            return f"move your Favour disc {plural(n, 'space', 'spaces')} to the right"
        case EffectKind.EXCHANGE_FAVOUR:
            return (
                "take a free Exchange a Favour (Take or Return), which is not a main action"
                + times(n)
            )
        case EffectKind.RETURN_FAVOUR:
            return f"return {plural(n, 'Favour tile', 'Favour tiles')} to the supply"
        case EffectKind.TRANSFER_STUDENT:
            return "transfer a Student without paying Inspiration" + times(n)
        case EffectKind.PROMOTE_STUDENT:
            return "promote a Student without paying Inspiration" + times(n)
        case EffectKind.GRADUATE_FREE:
            return "graduate a Student without contributing a Book" + times(n)
        case EffectKind.ESTABLISH_FREE:
            return "establish an Advanced Class without contributing a Book" + times(n)
        case EffectKind.ENROL_ANY:
            return "enrol a Student taken from any position of any Student Queue" + times(n)
        case EffectKind.ACTIVATE_SKILLS:
            if effect.discipline == "any":
                where = "one Skill section of your choice"
            elif effect.discipline == "section":
                where = "the Skill section the tile is in"
            elif effect.discipline == "class":
                where = "the Skill section of the taught class's discipline"
            else:
                where = f"your {disc(rules, effect.discipline)} Skill section"
            return f"activate every Skill tile in {where}" + times(n)
        case EffectKind.SKILL_TILE:
            icon = rules.skill_icons.get(effect.icon or "")
            if icon is None:
                raise UnrenderedError(f"effect {effect!r} names no known Skill tile")
            inner = describe_effects(icon.effect, rules)
            if effect.discipline == "any":
                where = "a Skill section of your choice"
            else:
                where = f"your {disc(rules, effect.discipline)} Skill section"
            return f"take a Skill tile “{inner}” and put it in {where}" + times(n)
        case EffectKind.PLACE_SANKORE:
            d = disc(rules, effect.discipline)
            return (
                f"place {article(d)} {d} Sankoré tile from the supply on the lowest-numbered "
                f"empty Madrasa space, and gain 1 {d} Prestige token" + times(n)
            )
        case EffectKind.MAJORITY_SCORING:
            kinds = {"book": "Book", "prestige": "Prestige"}
            if effect.scoring not in kinds:
                raise UnrenderedError(f"effect {effect!r} names no kind of scoring")
            return (
                f"trigger a {kinds[effect.scoring]} majority scoring of the area of the tile's "
                "discipline, resolved at the end of the turn" + times(n)
            )
        case EffectKind.FREE_WALL:
            return (
                "place one of your Walls on any empty Wall space, the corner included, with no "
                "Book, Knowledge or Supported Class needed; it flips no tile and gives no Gold"
                + times(n)
            )
    raise UnrenderedError(f"no words for the effect kind {effect.kind!r}")


def describe_effects(effects: Iterable[Effect], rules: sr.Rules) -> str:
    """Several effects, in the order they happen; ``""`` for none."""
    return ", then ".join(describe_effect(e, rules) for e in effects)


def sample_effect(kind: EffectKind, rules: sr.Rules) -> Effect:
    """A typical effect of ``kind``, for the vocabulary page and its test."""
    d = rules.disciplines[0]
    match kind:
        case EffectKind.GAIN_RESOURCE:
            return Effect(kind, resources=("gold",))
        case EffectKind.GAIN_BOOK | EffectKind.GAIN_PRESTIGE | EffectKind.ACTIVATE_SKILLS:
            return Effect(kind, discipline="any")
        case EffectKind.SKILL_TILE:
            return Effect(kind, icon=next(iter(rules.skill_icons)), discipline="any")
        case EffectKind.PLACE_SANKORE:
            return Effect(kind, discipline=d)
        case EffectKind.MAJORITY_SCORING:
            return Effect(kind, scoring="prestige")
    return Effect(kind)


def describe_cost(cost: Cost) -> str:
    """The resources and Books a space costs (not its Supported Class need)."""
    parts = []
    if cost.gold:
        parts.append(f"{cost.gold} Gold")
    if cost.salt:
        parts.append(f"{cost.salt} Salt")
    if cost.books:
        if cost.distinct_books and cost.books > 1:
            parts.append(f"{cost.books} Books of different disciplines, to the Library")
        else:
            parts.append(plural(cost.books, "Book", "Books") + " of any discipline, to the Library")
    return join(parts) or "nothing"


def supported(needed: bool) -> str:
    """The Supported Class column: ``needed`` or ``no``."""
    return "needed" if needed else "no"


def describe_condition(condition: Any, rules: sr.Rules) -> str:
    """One part of an Objective card's requirement in words.

    Raises:
        UnrenderedError: for a kind of condition this function does not know.
    """
    n = condition.at_least
    kind = condition.kind
    if kind == "pieces":
        pieces = PIECE_WORDS.get(condition.area)
        if pieces is None:
            raise UnrenderedError(f"no piece for area {condition.area!r}")
        where = f"in {disc(rules, condition.area)}"
        if condition.place == "oasis":
            where = "on Oases"
        elif condition.place == "port":
            where = "in Port Cities"
        elif condition.place is not None:
            raise UnrenderedError(f"unknown place {condition.place!r}")
        return f"at least {n} of your {pieces} {where}"
    if kind == "regions":
        return f"your pieces in at least {n} regions of {disc(rules, condition.area)}"
    if kind == "graduations":
        level = f" of level {condition.level} or higher" if condition.level > 1 else ""
        return f"at least {plural(n, 'Graduation tile', 'Graduation tiles')}{level}"
    if kind == "advanced":
        return f"at least {plural(n, 'Advanced Class tile', 'Advanced Class tiles')} on your board"
    if kind == "skills":
        where = f" in your {disc(rules, condition.section)} section" if condition.section else ""
        return f"at least {plural(n, 'Skill tile', 'Skill tiles')}{where}"
    if kind == "topmost":
        return f"at least {plural(n, 'Student', 'Students')} on the four topmost Student spaces"
    if kind == "student_level":
        return f"a Student of yours on a space of level {n} or higher"
    if kind == "favour":
        return f"your Favour disc on space {n} of the track or further right"
    if kind == "prestige":
        return f"at least {plural(n, 'Prestige token', 'Prestige tokens')} in your storage"
    if kind == "books":
        return f"at least {plural(n, 'Book', 'Books')} on your Bookshelf"
    raise UnrenderedError(f"no words for the condition kind {kind!r}")


def describe_ability(ability: Any, rules: sr.Rules) -> str:
    """What a completed Objective card lets its owner do, and when, in words.

    Raises:
        UnrenderedError: for a use or kind of ability this function does not know.
    """
    if ability.use == "area":
        when = f"Whenever you perform the {disc(rules, ability.discipline)} area action: "
    elif ability.use == "round":
        when = "Once in each of your turns, from the turn menu and not as a main action: "
    elif ability.use == "passive":
        when = "Always: "
    else:
        raise UnrenderedError(f"no words for the ability use {ability.use!r}")
    n = ability.amount
    match ability.kind:
        case "area_knowledge":
            what = f"+{n} Knowledge"
        case "area_discount":
            what = f"its spaces cost {n} {resource(ability.resource)} less (never below 0)"
        case "crown_any_cost":
            what = (
                "you may pay 1 Book, 1 Salt or 1 Gold instead of the printed cost of a Crown "
                "space; its Knowledge and, on the top row, a Supported Class are still needed"
            )
        case "flip_any":
            what = (
                "a new Wall may flip any face-down Madrasa tile, not only one of its own line; "
                "the Gold still comes from the Wall's line"
            )
        case "move_wall":
            what = (
                f"move one of your Walls to an empty Wall space of the same side numbered at most "
                f"{n} higher; the move flips no tile and gives no Gold"
            )
        case "enrol_above":
            what = (
                "an enrolled Student may go on an empty space that an arrow of its Introductory "
                "Class leads to, even when the space under that class is taken"
            )
        case "enrol_anywhere":
            what = (
                "you may enrol a Student from any position of a queue; the Students to its "
                "right slide left"
            )
        case "effects":
            what = describe_effects(ability.effects, rules)
            if not what:
                raise UnrenderedError(f"ability {ability!r} has no effects")
        case "storage_bonus":
            what = f"you may keep {n} more {resource(ability.resource)} at the end of your turn"
        case _:
            raise UnrenderedError(f"no words for the ability kind {ability.kind!r}")
    return when + what


# ---- Markdown helpers ----------------------------------------------------------------------------


def cell(value: object) -> str:
    """A table cell's text, with pipes escaped."""
    text = str(value).replace("|", "\\|").replace("\n", " ")
    return text if text else " "


def table(headers: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table."""
    lines = [
        "| " + " | ".join(headers) + " |",
        "| " + " | ".join("---" for _ in headers) + " |",
    ]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def code(text: object) -> str:
    """Inline code, for ids a reader types in notation."""
    return f"`{text}`"


def sentence(text: str) -> str:
    """``text`` with its first letter in upper case."""
    return text[:1].upper() + text[1:] if text else text


def region(rules: sr.Rules, letter: str | None) -> str:
    """A region letter with the discipline it stands for: ``A (Astronomy)``."""
    if letter is None:
        return "none"
    return f"{letter} ({disc(rules, rules.region_discipline[letter])})"


def link(target: str, page: str, text: str) -> str:
    """A Markdown link to the page ``target`` from the page ``page`` (paths under docs/)."""
    rel = posixpath.relpath(target, posixpath.dirname(page) or ".")
    return f"[{text}]({rel})"
