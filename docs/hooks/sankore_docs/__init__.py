"""The docs generator's parts: words for the tables, and one module per kind of page.

``words`` puts effects, costs and Objective cards into words; ``areas``, ``components`` and
``reference`` each render a family of sections from a [`sankore_rules.Rules`][sankore_rules.Rules].
The mkdocs hook ``docs/hooks/generate.py`` puts the sections into the pages.
"""
