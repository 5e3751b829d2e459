"""How Sankoré shows itself: text for a terminal, SVG pictures, and events in words.

The game's door hooks (``SankoreGame.text``, ``svg``, ``describe_events`` ...) import these
modules on first use, so playing a game loads none of them:

- [`text`][sankore_rules.sankore.display.text]: the whole state and the score sheet as text,
  and what the last action did, a line per event.
- [`svg`][sankore_rules.sankore.display.svg]: the whole table as one picture, and Sankoré's own
  pictures of the main board, one of its parts, the Library and a player board.
"""
