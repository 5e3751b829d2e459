"""States as values: a state the library hands out cannot be changed in place.

A game whose state classes are made [`sealable`][sankore_rules.core.values.sealable] gets, for
each, an editable twin (its ``Draft``). ``apply`` changes a draft copy of the state it is given
and seals it before handing it back, and a new game or a state read from JSON comes sealed too.
A sealed state refuses every assignment (``state.players[0].gold = 5`` raises
[`StateError`][sankore_rules.StateError]); its containers are tuples and read-only mappings. So
what the engine learned of a sealed state (its legal options) stays true of it, and answers can
never go stale. To set up a position by hand, change a copy: ``state.clone()`` is a draft, which
every function accepts and answers about as it is at the time of asking. (The containers are
``core/shared.py``'s: tuples and read-only dicts, shared by the states an action leaves them
alone in.)

Sealing swaps an object's class for its sealed twin; the two share their layout, so it costs one
assignment, and a draft's attribute writes cost what a plain object's do.
"""

from __future__ import annotations

from typing import Any, TypeVar

from sankore_rules.core.errors import StateError

__all__ = ["draft_of", "sealable"]

T = TypeVar("T")


def _refuse_change(self: object, name: str, value: object = None) -> None:
    kind = type(self).__name__
    raise StateError(
        f"a {kind} the library hands out is a value and cannot be changed in place ({name!r}); "
        "change a copy instead: state.clone() is an editable draft"
    )


def sealable(cls: type[T]) -> type[T]:
    """Make ``cls`` (a slotted attrs class) refuse assignments, and give it an editable twin.

    The twin, ``draft_of(cls)``, is a subclass that adds nothing but plain attribute writes; an
    object of it becomes sealed by ``obj.__class__ = cls``. ``cls`` is returned.
    """
    draft = type(
        cls.__name__,
        (cls,),
        {
            "__slots__": (),
            "__setattr__": object.__setattr__,
            "__delattr__": object.__delattr__,
            "__module__": cls.__module__,
            "__qualname__": f"{cls.__qualname__}.Draft",
            "__doc__": f"An editable {cls.__name__}: ``clone()`` makes one; ``apply`` seals it.",
            "sealed": False,
        },
    )
    twin: Any = cls  # the class gains attributes its type does not declare
    twin.Draft = draft
    twin.sealed = True
    twin.__setattr__ = twin.__delattr__ = _refuse_change
    return cls


def draft_of(cls: type[T]) -> type[T]:
    """The editable twin of a [`sealable`][sankore_rules.core.values.sealable] class."""
    twin: Any = cls
    draft: type[T] = twin.Draft
    return draft
