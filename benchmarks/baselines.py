"""The source of an earlier commit of this repository, for benchmarks that compare versions.

Shared by the benchmarks that run a baseline beside today's code (``mcts_speed.py``,
``playout_baseline.py``): the commit's ``src`` folder is extracted with ``git archive`` into a
folder the caller owns, and a version is run by putting its ``src`` first on ``PYTHONPATH``.
"""

from __future__ import annotations

import subprocess
import sys
import tarfile
from io import BytesIO
from pathlib import Path

#: The repository the benchmarks belong to.
REPO = Path(__file__).resolve().parent.parent


def baseline_source(path: str | None, commit: str, workdir: Path) -> Path:
    """The baseline's ``src`` folder: ``path`` when given, else ``commit``'s, from git.

    Exits with a message when git cannot give the commit (a copy without its history).
    """
    if path is not None:
        return Path(path)
    try:
        archive = subprocess.run(
            ["git", "-C", str(REPO), "archive", "--format=tar", commit, "src"],
            check=True,
            capture_output=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        sys.exit(f"no baseline: git cannot give commit {commit} ({exc}); use --baseline")
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(workdir, filter="data")
    return workdir / "src"
