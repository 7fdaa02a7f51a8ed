# Two ways in: `make play` starts a match of ramino classico against two computer players in the
# terminal; `make test` runs every check.
# Both create .venv and install the project into it the first time (and again when
# pyproject.toml changes), so a fresh clone needs only Python >= 3.11 and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test

play: $(STAMP)
	$(BIN)/ramino play --rules classico --players 3 --level intermedio

test: $(STAMP)
	$(BIN)/ruff check src tests $(wildcard bench)
	$(BIN)/ruff format --check src tests
	$(BIN)/mypy
	$(BIN)/pytest

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[cli,dev]"
	touch $@
