"""Shared test set-up: helper modules on the path, the built docs site, the browser notice."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

# Test helpers (positions.py, strategies.py) import by module name.
sys.path.insert(0, str(Path(__file__).parent))

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The whole site, built once with ``mkdocs build --strict`` as ``make docs`` does."""
    out = tmp_path_factory.mktemp("site")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("SANKORE_RULES_DATA", None)
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return out


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """One line saying so when the browser tests did not run (no Chromium or no Playwright)."""
    skipped = [
        report
        for report in terminalreporter.stats.get("skipped", [])
        if "test_browser.py" in report.nodeid or "test_browser.py" in str(report.longrepr)
    ]
    if skipped:
        reason = str(skipped[0].longrepr[2]) if isinstance(skipped[0].longrepr, tuple) else ""
        terminalreporter.write_line(
            f"browser tests skipped ({len(skipped)}): {reason.removeprefix('Skipped: ')}"
        )
