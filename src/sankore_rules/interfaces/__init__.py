"""What sits on top of the public API: records, the text view, bots and the command line.

Modules here use [`sankore_rules.api`][sankore_rules.api] and the game layer below it; nothing below
imports them.
"""
