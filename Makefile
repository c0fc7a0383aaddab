# ezkit: `make demo` and `make test` are all a new user needs.
# Both build .venv on first use; the stamp file makes a second run install nothing.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench clean harfbuzz-subset

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	PATH="$(CURDIR)/$(BIN):$$PATH" bash examples/demo.sh

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

test: lint
	$(BIN)/python -m pytest

# WeasyPrint subsets fonts with HarfBuzz when the system has it (ten times faster than its
# fallback); the print benchmark's targets assume it. Installed here when we may.
harfbuzz-subset:
	@ldconfig -p 2>/dev/null | grep -q libharfbuzz-subset || \
	  { command -v apt-get >/dev/null && [ "$$(id -u)" = 0 ] && \
	    { apt-get install -y -q libharfbuzz-subset0 >/dev/null 2>&1 || \
	      { apt-get update -q >/dev/null && apt-get install -y -q libharfbuzz-subset0 >/dev/null; }; } || \
	    echo "note: install libharfbuzz-subset0 (or your system's HarfBuzz subset library) for fast printing"; }

bench: $(STAMP) harfbuzz-subset
	$(BIN)/python bench/startup.py
	$(BIN)/python bench/odds.py
	$(BIN)/python bench/print.py
	$(BIN)/python bench/engine.py
	$(BIN)/python bench/bakeries.py
	$(BIN)/python bench/campaign.py

clean:
	rm -rf $(VENV) build dist .pytest_cache .ruff_cache .hypothesis
