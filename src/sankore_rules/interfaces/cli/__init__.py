"""The ``sankore-rules`` command line: new, apply, show, view, legal, explain, replay, play ...

It plays every registered game (``--game``; Sankoré by default) and names none: a game's setup
options become flags (``--library``, ``--scholar``, ``--turn-limit`` are Sankoré's), a state or a
record file says its own game, and the text, pictures, events and score sheets come from the
game through the game protocol (``core/game.py``).

Exit status: 0 on success; 1 for an illegal action or a record that does not replay; 2 for
unusable input (a missing file, malformed JSON, an unknown option, a flag the chosen game does
not take), with a one-line message on standard error.

The package holds a module per job: ``parser`` (the arguments and ``main``), ``common`` (exit
statuses, errors, a game's setup from the flags), ``files`` (reading state files and records),
``state_commands`` (``new``, ``legal``, ``explain``, ``apply``, ``show``), ``record_commands``
(``replay``, ``view``), ``simulate``, ``play``, ``playouts`` (``demo``, ``random``) and
``serve`` (the hand-off to the match server). Its public names are re-exported here.
"""

from sankore_rules.interfaces.cli.parser import build_parser, main
from sankore_rules.interfaces.cli.simulate import render_standings, standings_csv

__all__ = ["build_parser", "main", "render_standings", "standings_csv"]
