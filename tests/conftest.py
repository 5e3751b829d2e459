import sys
from pathlib import Path

# Test helpers (positions.py, strategies.py) import by module name.
sys.path.insert(0, str(Path(__file__).parent))
