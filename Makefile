# Every target bootstraps its own virtual environment from nothing but python3, and installs
# only what it needs: `make demo` the package alone (CORE), the other targets the extras too.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
CORE := $(VENV)/.core
STAMP := $(VENV)/.installed
# mkdocs-material prints a banner about its future on every build; it is not a warning.
MKDOCS_QUIET := NO_MKDOCS_2_WARNING=1
# pytest-xdist: the suites run on every core (2 on the project's machine). loadfile keeps a
# module's tests on one worker, so a module's fixtures (the docs site, a played game) are built
# once, not once per worker.
PARALLEL ?= -n auto --dist loadfile

# The compiled build (mypyc), an opt-in: installed beside the editable package into its own
# folder, which PYTHONPATH puts first. Rebuilt when a source file changes.
COMPILED := .compiled
COMPILED_STAMP := $(COMPILED)/.built
SOURCES := $(shell find src -name '*.py') setup.py

.PHONY: demo test test-compiled test-compiled-all compiled lint typecheck docs bench bench-mcts \
	fuzz soak dist clean

$(VENV)/bin/python:
	$(PY) -m venv $(VENV)

# The package and its three dependencies (attrs, cattrs, networkx): what a user installs.
$(CORE): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet --disable-pip-version-check -e .
	touch $(CORE)

# Everything the tests, the docs and the benchmarks use: the dev tools, the browser tests'
# Playwright, the game-AI interfaces (numpy, OpenSpiel ...), Ray and the match server.
$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(BIN)/pip install --quiet --disable-pip-version-check --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,browser,ai,ray,server]'
	touch $(CORE) $(STAMP)

demo: $(CORE)
	$(BIN)/python -m sankore_rules demo --players 3 --seed 7

# Lint, types, every test on every core (the docs site is built with --strict by the tests of
# tests/test_docs.py, and every code block of the README and the docs pages is run by
# tests/test_docs_examples.py), then the compiled build's suite (test-compiled).
test: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs/hooks setup.py
	$(BIN)/ruff format --check src tests examples benchmarks docs/hooks setup.py
	$(BIN)/mypy
	$(BIN)/pytest $(PARALLEL)
	$(MAKE) test-compiled

# The compiled package (make compiled), for speed; pure Python stays the default.
$(COMPILED_STAMP): $(STAMP) $(SOURCES)
	rm -rf $(COMPILED) build
	SANKORE_MYPYC=1 $(BIN)/pip install --quiet --no-deps --no-build-isolation \
		--target $(COMPILED) .
	rm -rf build
	touch $(COMPILED_STAMP)

compiled: $(COMPILED_STAMP)

# The compiled build against a representative suite, not the whole suite a second time.
# mypyc compiles the decision engine (core/engine.py), Sankoré's engine and effects, and its
# rules procedures (setup.py): what can behave differently compiled is those modules, so the
# suite is the tests that drive them: that the build is the compiled one (test_build), the
# golden games of both games replayed move by move (every procedure, exact scores), every
# game through every door (test_conformance), one test module per rulebook procedure, the
# decision listing, the reasons of refusals, and the trust boundary (from_json, bad input),
# where compiled code must still answer with the library's own errors. Left out: the tests of
# the docs, the command line, the pictures, the AI and search wrappers and Five Tribes' own
# modules: they test interpreted code over the same compiled engine the tests above drive.
# `make test-compiled-all` runs the whole suite compiled.
COMPILED_SUITE := tests/test_build.py tests/test_golden.py tests/test_five_tribes_golden.py \
	tests/test_conformance.py tests/test_astronomy.py tests/test_bonus.py tests/test_enrol.py \
	tests/test_establish.py tests/test_favour.py tests/test_graduate.py tests/test_law.py \
	tests/test_majority.py tests/test_mathematics.py tests/test_objectives.py \
	tests/test_scoring.py tests/test_teach.py tests/test_theology.py tests/test_turn.py \
	tests/test_decisions.py tests/test_listing.py tests/test_reasons.py tests/test_solo_turn.py \
	tests/test_json.py tests/test_bad_input.py
test-compiled: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) SANKORE_EXPECT_COMPILED=1 $(BIN)/pytest $(PARALLEL) \
		-p no:cacheprovider $(COMPILED_SUITE)

# The whole suite against the compiled build. Left out: the doctests (they read the sources),
# and the tests of the docs site, the browser pages and the sdist, which test files the build
# does not change.
test-compiled-all: $(COMPILED_STAMP)
	PYTHONPATH=$(COMPILED) SANKORE_EXPECT_COMPILED=1 $(BIN)/pytest $(PARALLEL) tests \
		-p no:cacheprovider --ignore tests/test_docs.py --ignore tests/test_browser.py \
		--ignore tests/test_packaging.py --ignore tests/test_docs_examples.py

lint: $(STAMP)
	$(BIN)/ruff check src tests examples benchmarks docs/hooks
	$(BIN)/ruff format --check src tests examples benchmarks docs/hooks

typecheck: $(STAMP)
	$(BIN)/mypy

# The site, generated from the rule tables at build time (docs/hooks/generate.py), into site/.
# Open site/index.html: it works as a file (search included) as well as served, and asks
# nothing of the network (tests/test_site_offline.py).
docs: $(STAMP)
	$(MKDOCS_QUIET) $(BIN)/mkdocs build --strict

# Speed beside python-chess, for the pure and the compiled build (benchmarks/speed.py), and
# what the game-AI wrappers add per step (benchmarks/ai_overhead.py).
bench: $(STAMP) $(COMPILED_STAMP)
	$(BIN)/python benchmarks/speed.py
	PYTHONPATH=$(COMPILED) $(BIN)/python benchmarks/speed.py --only chess calls memory
	$(BIN)/python benchmarks/ai_overhead.py
	$(BIN)/python benchmarks/tensor_speed.py
	$(BIN)/python benchmarks/vector_env_speed.py

# The MCTS bot against the greedy and the random bot (win rates with 95% intervals, time per
# decision), then simulate's games per second on 1 and 2 processes and on Ray with 2 CPUs.
MCTS_GAMES ?= 200
MCTS_ITERATIONS ?= 200
bench-mcts: $(STAMP)
	$(BIN)/python benchmarks/mcts_speed.py
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
