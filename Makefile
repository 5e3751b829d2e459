# Every target bootstraps its own virtual environment from nothing but python3.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# mkdocs-material prints a banner about its future on every build; it is not a warning.
MKDOCS_QUIET := NO_MKDOCS_2_WARNING=1

.PHONY: demo test lint typecheck docs bench fuzz soak dist clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m sankore_rules demo --players 3 --seed 7

test: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs/hooks
	$(BIN)/ruff format --check src tests examples benchmarks docs/hooks
	$(BIN)/mypy
	$(BIN)/pytest
	$(MKDOCS_QUIET) $(BIN)/mkdocs build --strict

lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs/hooks
	$(BIN)/ruff format --check src tests examples benchmarks docs/hooks

typecheck: $(STAMP)
	$(BIN)/mypy

# The site, generated from the rule tables at build time (docs/hooks/generate.py), into site/.
docs: $(STAMP)
	$(MKDOCS_QUIET) $(BIN)/mkdocs build --strict

bench: $(STAMP)
	$(BIN)/python benchmarks/random_games.py

# The fuzz tests of the trust boundary (tests/test_fuzz.py) with many more examples than
# `make test` runs, printing what they tried, refused, and accepted and played.
FUZZ_EXAMPLES ?= 1000
fuzz: $(STAMP)
	SANKORE_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest tests/test_fuzz.py -q -p no:cacheprovider

# Random games with every check at every step (round trip, purity, explain/legal agreement).
SOAK_GAMES ?= 100
soak: $(STAMP)
	$(BIN)/python benchmarks/soak.py --games $(SOAK_GAMES)

# The release: the sdist and the wheel into dist/, built in an isolated environment as a
# packager would, then read by twine as PyPI would (tests/test_packaging.py checks what they hold).
dist: $(STAMP)
	rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/twine check --strict dist/*
	rm -rf build src/*.egg-info

clean:
	rm -rf $(VENV) site dist build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
