"""Five Tribes, the second game on the same engine: tables, grid, state, rules and scoring.

Nothing here imports Sankoré's modules; both games stand on ``sankore_rules.core``.
"""
