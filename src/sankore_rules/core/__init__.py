"""The game-agnostic layer: the decision engine, actions and their notation, errors and reasons.

Each game (``sankore_rules.sankore``) builds on it: its state offers what
[`GameState`][sankore_rules.core.engine.GameState] names, and its rules modules register their
steps on the game's [`Engine`][sankore_rules.core.engine.Engine]. Nothing here imports a game,
the public API or the interfaces.
"""
