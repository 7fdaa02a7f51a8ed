# Two ways in: `make play` starts a match of ramino classico against two computer players in the
# terminal; `make test` runs every check.
# Both create .venv and install the project into it the first time (and again when the build
# or the engine's source changes: the engine's hot modules are compiled with mypyc, see
# setup.py), so a fresh clone needs only Python >= 3.11, a C compiler and make. Without a
# compiler, or with RAMINO_PURE=1, the engine installs as plain Python.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
# One stamp per kind of build, so that setting or clearing RAMINO_PURE installs again.
STAMP := $(VENV)/.installed$(if $(filter-out 0,$(RAMINO_PURE)),-pure,)
PURE := .pure

.PHONY: play test test-pure

play: $(STAMP)
	$(BIN)/ramino play --rules classico --players 3 --level intermedio

# The suite runs twice: on the build installed (compiled where it could be), then on the
# pure-Python engine, which also runs the doctests of the compiled modules.
test: $(STAMP)
	$(BIN)/ruff check src tests conftest.py setup.py $(wildcard bench)
	$(BIN)/ruff format --check src tests conftest.py setup.py
	$(BIN)/mypy
	$(BIN)/pytest
	$(MAKE) test-pure

test-pure: $(STAMP)
	rm -rf $(PURE) && mkdir $(PURE) && cp -r src/ramino $(PURE)/
	find $(PURE) \( -name '*.so' -o -name '*.pyd' -o -name __pycache__ \) -prune -exec rm -rf {} +
	PYTHONPATH=$(PURE) $(BIN)/pytest $(PURE)/ramino tests README.md

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py $(wildcard src/ramino/engine/*.py) | $(BIN)/python
	rm -f $(VENV)/.installed*
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[cli,server,dev]"
	touch $@
