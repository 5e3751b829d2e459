"""What sits on top of the public API: records, views, pictures, bots and the command line.

Records, the text view, the SVG pictures and the HTML game viewer, the bots and the command line.
Modules here use [`sankore_rules.api`][sankore_rules.api] and the game layer below it; nothing below
imports them (a state's ``_repr_svg_`` is a hook of the game layer that ``svg`` fills).
"""
