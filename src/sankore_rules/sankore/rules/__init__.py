"""The rules procedures, one module per procedure of the rulebook.

Each module registers its steps and turn options with the engine when imported;
``sankore_rules.api`` imports them all.
"""
