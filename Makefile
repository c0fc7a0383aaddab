# ezkit: `make demo` and `make test` are all a new user needs.
# Both build .venv on first use; the stamp file makes a second run install nothing.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test test-fast test-full lint bench clean harfbuzz-subset browser

# The venv is made without pip (ensurepip unpacks and installs it: some 3.5 s of a fresh
# clone's make test); uv then brings pip into it with the project, or ensurepip where uv cannot.
$(BIN)/python:
	$(PYTHON) -m venv --without-pip $(VENV)

# uv installs the packages in a tenth of pip's time (parallel downloads and unpacking: some
# 20 s against 70 s on a fresh two-core machine), compiling their bytecode as pip does; uv
# itself is installed into the venv by the system's pip (pip --python). pip stays in the venv
# (the packaging test builds a wheel with it) and installs where uv cannot.
# uv reads pip's index, find-links and constraint settings from the environment (PIP_*, mapped
# below), not from pip.conf: `make INSTALLER=pip` installs with pip alone where packages must
# come through pip's own configuration.
INSTALLER ?= uv
UV_FROM_PIP := \
	$${PIP_INDEX_URL:+UV_INDEX_URL="$$PIP_INDEX_URL"} \
	$${PIP_EXTRA_INDEX_URL:+UV_EXTRA_INDEX_URL="$$PIP_EXTRA_INDEX_URL"} \
	$${PIP_FIND_LINKS:+UV_FIND_LINKS="$$PIP_FIND_LINKS"} \
	$${PIP_CONSTRAINT:+UV_CONSTRAINT="$$PIP_CONSTRAINT"}
PIP_INSTALL := { $(BIN)/python -m pip --version >/dev/null 2>&1 || \
	  $(BIN)/python -m ensurepip >/dev/null; } && \
	$(BIN)/python -m pip install --quiet --upgrade pip && \
	$(BIN)/python -m pip install --quiet -e '.[dev]'
$(STAMP): pyproject.toml | $(BIN)/python
ifeq ($(INSTALLER),pip)
	$(PIP_INSTALL)
else
	{ { [ -x $(BIN)/uv ] || $(PYTHON) -m pip --python $(BIN)/python install --quiet uv; } && \
	  env $(UV_FROM_PIP) $(BIN)/uv pip install --quiet --compile-bytecode \
	    --python $(BIN)/python pip -e '.[dev]'; } || { $(PIP_INSTALL); }
endif
	touch $(STAMP)

demo: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

# The tests run on every core (pytest-xdist). `make test` is what CI runs: the longest seeded
# runs (conformance, the fair table, Foozle's many games) play a tenth of their games there,
# and the property tests written for 200 to 400 examples try 100 (tests/long_runs.py);
# `make test-full` plays them all (GT-1's 1,000 seeded games per game and more), and
# `make test-fast`, for the edit-test loop, skips the lint and every test marked slow.
# Bytecode is written even where the environment sets PYTHONDONTWRITEBYTECODE: otherwise each
# worker compiles every test module and pytest rewrites its asserts at every run (some 4 s of
# collection), and each `ezkit` a test starts compiles ezkit. It goes to __pycache__ beside the
# sources (ignored by git), where pip left the installed packages' own: a PYTHONPYCACHEPREFIX
# would hide those, and a fresh clone's first run compiled them again.
PYTEST := PYTHONDONTWRITEBYTECODE= PYTHONPYCACHEPREFIX= $(BIN)/python -m pytest -n auto --dist loadgroup

test: lint browser
	EZKIT_SLOW_SHARE=0.1 $(PYTEST)

test-fast: $(STAMP) browser
	$(PYTEST) -m "not slow"

test-full: lint browser
	EZKIT_SLOW_SHARE=1 $(PYTEST)

# WeasyPrint subsets fonts with HarfBuzz when the system has it (ten times faster than its
# fallback); the print benchmark's targets assume it. Installed here when we may.
harfbuzz-subset:
	@ldconfig -p 2>/dev/null | grep -q libharfbuzz-subset || \
	  { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	    { apt-get install -y -q libharfbuzz-subset0 >/dev/null 2>&1 || \
	      { apt-get update -q >/dev/null && apt-get install -y -q libharfbuzz-subset0 >/dev/null; }; } || \
	    echo "note: install libharfbuzz-subset0 (or your system's HarfBuzz subset library) for fast printing"; }

# The web table's browser tests drive the system's Chromium (Playwright never downloads a
# browser of its own here; tests/browser.py finds it, or EZKIT_CHROMIUM); installed when we
# may, the tests skipped with a printed reason otherwise.
APT_INSTALL := DEBIAN_FRONTEND=noninteractive apt-get install -y -q
browser:
	@[ -x /usr/bin/chromium ] || [ -x /usr/bin/chromium-browser ] || [ -n "$$EZKIT_CHROMIUM" ] || \
	  { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	    { $(APT_INSTALL) chromium >/dev/null 2>&1 || \
	      { apt-get update -q >/dev/null && $(APT_INSTALL) chromium >/dev/null; }; } || \
	    echo "note: install Chromium (Debian: chromium) to run the web table's browser tests"; }

# startup.py times every command against targets some still miss (it says which, and exits 1):
# the leading - lets the benchmarks after it run all the same.
# Every benchmark runs, whatever the one before it said; a missed target (a script's exit 1)
# is named at the end, and makes `make bench` fail then.
BENCHES := startup odds print engine bakeries campaign serve
bench: $(STAMP) harfbuzz-subset
	@missed=""; for name in $(BENCHES); do \
	  $(BIN)/python bench/$$name.py || missed="$$missed $$name"; done; \
	[ -z "$$missed" ] || { echo "make bench: a target missed in:$$missed"; exit 1; }

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis
	find ezkit tests bench -name __pycache__ -prune -exec rm -rf {} +
