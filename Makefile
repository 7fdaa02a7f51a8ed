# Two ways in: `make play` shows the game's rules, checks a meld and has three bots play a few
# rounds; `make test` runs every check.
# Both create .venv and install the project into it the first time (and again when
# pyproject.toml changes), so a fresh clone needs only Python >= 3.11 and make.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test

play: $(STAMP)
	$(BIN)/ramino rules classico
	$(BIN)/ramino check JK 7S 8S
	$(BIN)/ramino simulate --rules classico --players 3 --rounds 3 --seed 1

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
