"""Sankoré itself: its tables and their schema, its board graphs, its state, and its rules.

The layer below the public API. Modules here import only each other (and the rule tables in
``sankore_rules/data``); nothing here imports [`sankore_rules.api`][sankore_rules.api] or the
interfaces.
"""
