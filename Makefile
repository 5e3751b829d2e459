# Every target bootstraps its own virtual environment from nothing but python3.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# mkdocs-material prints a banner about its future on every build; it is not a warning.
MKDOCS_QUIET := NO_MKDOCS_2_WARNING=1

# The compiled build (mypyc), an opt-in: installed beside the editable package into its own
# folder, which PYTHONPATH puts first. Rebuilt when a source file changes.
COMPILED := .compiled
COMPILED_STAMP := $(COMPILED)/.built
SOURCES := $(shell find src -name '*.py') setup.py

.PHONY: demo test test-compiled compiled lint typecheck docs bench bench-mcts fuzz soak dist clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,browser,ai,ray]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m sankore_rules demo --players 3 --seed 7

test: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs/hooks setup.py
	$(BIN)/ruff format --check src tests examples benchmarks docs/hooks setup.py
	$(BIN)/mypy
	$(BIN)/pytest
	$(MKDOCS_QUIET) $(BIN)/mkdocs build --strict
	$(MAKE) test-compiled

# The compiled package (make compiled), for speed; pure Python stays the default.
$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(COMPILED) build
	SANKORE_MYPYC=1 $(BIN)/pip install --quiet --no-deps --no-build-isolation \
		--target $(COMPILED) .
	rm -rf build
	touch $(COMPILED_STAMP)

compiled: $(COMPILED_STAMP)

# The test suite again, against the compiled build. Left out: the doctests (they read the
# sources), and the tests of the docs site, the browser pages and the sdist, which test files
# the build does not change.
test-compiled: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) SANKORE_EXPECT_COMPILED=1 $(BIN)/pytest tests -p no:cacheprovider \
		--ignore tests/test_docs.py --ignore tests/test_browser.py --ignore tests/test_packaging.py

lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs/hooks
	$(BIN)/ruff format --check src tests examples benchmarks docs/hooks

typecheck: $(STAMP)
	$(BIN)/mypy

# The site, generated from the rule tables at build time (docs/hooks/generate.py), into site/.
docs: $(STAMP)
	$(MKDOCS_QUIET) $(BIN)/mkdocs build --strict

# Speed beside python-chess, for the pure and the compiled build (benchmarks/speed.py), and
# what the game-AI wrappers add per step (benchmarks/ai_overhead.py).
bench: $(STAMP) $(COMPILED_STAMP)
	$(BIN)/python benchmarks/speed.py
	PYTHONPATH=$(COMPILED) $(BIN)/python benchmarks/speed.py --only chess calls memory
	$(BIN)/python benchmarks/ai_overhead.py

# The MCTS bot against the greedy and the random bot (win rates with 95% intervals, time per
# decision), then simulate's games per second on 1 and 2 processes and on Ray with 2 CPUs.
MCTS_GAMES ?= 200
MCTS_ITERATIONS ?= 200
bench-mcts: $(STAMP)
	$(BIN)/python benchmarks/mcts_strength.py --opponent greedy --games $(MCTS_GAMES) \
		--iterations $(MCTS_ITERATIONS)
	$(BIN)/python benchmarks/mcts_strength.py --opponent random --games $(MCTS_GAMES) \
		--iterations $(MCTS_ITERATIONS)
	$(BIN)/python benchmarks/simulate_scale.py --games 200 --jobs 2

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
	rm -rf $(VENV) $(COMPILED) site dist build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
