"""The release (issue 15): a licence matching the metadata, and an sdist whose tests run.

The sdist and the wheel are built here as ``make dist`` builds them (without build isolation,
from a copy of the project, so that nothing is downloaded and the work tree stays clean);
``twine check`` reads their metadata as PyPI would. The sdist must carry every file the tests
and the docs build read, so that an unpacked sdist passes ``make test``.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

import sankore_rules as sr

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

#: Folders of the project that are not part of a release: caches, builds, environments.
LEFTOVERS = shutil.ignore_patterns(
    ".git",
    ".venv",
    "site",
    "dist",
    "build",
    "*.egg-info",
    "__pycache__",
    "*.pyc",
    ".*_cache",
    ".hypothesis",
)
#: Files of the repository a release leaves out: CI's entry point and git's own.
NOT_RELEASED = {".ci/run", ".gitignore"}


def test_the_licence_file_is_the_one_the_metadata_names() -> None:
    project = PYPROJECT["project"]
    assert ("MIT", ["LICENSE"]) == (project["license"], project["license-files"])
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License\n")
    assert "Permission is hereby granted, free of charge" in text


def test_the_version_is_written_once() -> None:
    """``pyproject.toml`` takes the version from ``sankore_rules.__version__``."""
    assert ["version"] == PYPROJECT["project"]["dynamic"]
    dynamic = PYPROJECT["tool"]["setuptools"]["dynamic"]["version"]
    assert {"attr": "sankore_rules.__version__"} == dynamic
    assert sr.__version__.count(".") == 2


@pytest.fixture(scope="module")
def dist(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """The sdist and the wheel, built from a copy of the project."""
    work = tmp_path_factory.mktemp("release")
    source = work / "project"
    shutil.copytree(ROOT, source, ignore=LEFTOVERS)
    out = work / "dist"
    built = subprocess.run(
        [sys.executable, "-m", "build", "--no-isolation", "--outdir", str(out), str(source)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert 0 == built.returncode, built.stdout[-2000:] + built.stderr[-2000:]
    (sdist,) = out.glob("*.tar.gz")
    (wheel,) = out.glob("*.whl")
    return {"sdist": sdist, "wheel": wheel}


def test_twine_accepts_the_sdist_and_the_wheel(dist: dict[str, Path]) -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "twine", "check", "--strict", *map(str, dist.values())],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert 0 == checked.returncode, checked.stdout + checked.stderr
    version = sr.__version__
    assert f"sankore_rules-{version}.tar.gz" == dist["sdist"].name
    assert f"sankore_rules-{version}-py3-none-any.whl" == dist["wheel"].name


def _project_files() -> set[str]:
    """Every file of the project a release should carry, as paths relative to the root."""
    copy = set()
    for path in ROOT.rglob("*"):
        relative = path.relative_to(ROOT)
        if path.is_file() and not LEFTOVERS(str(ROOT), [*relative.parts]):
            copy.add(relative.as_posix())
    return {f for f in copy if f not in NOT_RELEASED and not f.startswith(".")}


def _tracked_files() -> set[str] | None:
    """The files git tracks, or None outside a git work tree (an unpacked sdist)."""
    if not (ROOT / ".git").exists() or shutil.which("git") is None:
        return None
    listed = subprocess.run(
        ["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True
    )
    return set(listed.stdout.splitlines()) - NOT_RELEASED


def test_the_sdist_carries_the_tests_and_all_they_read(dist: dict[str, Path]) -> None:
    """The sdist holds the tests with their helpers and golden games, the docs, the examples
    and the benchmarks: every file of the repository but CI's and git's."""
    with tarfile.open(dist["sdist"]) as archive:
        top = f"sankore_rules-{sr.__version__}/"
        members = {m.name.removeprefix(top) for m in archive.getmembers() if m.isfile()}
    for needed in (
        "tests/conftest.py",
        "tests/positions.py",
        "tests/strategies.py",
        "tests/golden/game_2p.json",
        "mkdocs.yml",
        "Makefile",
        "LICENSE",
        "src/sankore_rules/py.typed",
    ):
        assert needed in members
    assert set() == {m for m in members if "__pycache__" in m or m.endswith(".pyc")}
    assert set() == _project_files() - members
    tracked = _tracked_files()
    if tracked is not None:
        assert set() == tracked - members


def test_the_wheel_carries_the_package_alone(dist: dict[str, Path]) -> None:
    with zipfile.ZipFile(dist["wheel"]) as archive:
        names = set(archive.namelist())
    package = {
        path.relative_to(ROOT / "src").as_posix()
        for path in (ROOT / "src" / "sankore_rules").rglob("*")
        if path.is_file() and "__pycache__" not in path.parts
    }
    assert set() == package - names
    info = f"sankore_rules-{sr.__version__}.dist-info/"
    assert f"{info}licenses/LICENSE" in names
    assert set() == {n for n in names if not n.startswith(("sankore_rules/", info))}
    metadata = archive_text(dist["wheel"], f"{info}METADATA")
    assert "License-Expression: MIT" in metadata.splitlines()
    assert "Classifier: Typing :: Typed" in metadata.splitlines()


def archive_text(wheel: Path, name: str) -> str:
    with zipfile.ZipFile(wheel) as archive:
        return archive.read(name).decode("utf-8")
