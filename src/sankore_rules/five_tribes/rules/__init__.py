"""Five Tribes' rules, one module per part of a round; importing them registers their steps."""
