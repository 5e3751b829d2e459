"""``python -m sankore_rules``: the command line."""

from sankore_rules.interfaces.cli import main

raise SystemExit(main())
