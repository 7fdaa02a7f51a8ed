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
LOCALE := src/ramino/words/locale
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/*.po))
PURE := .pure

.PHONY: play test test-pure docs postgres chromium services levels words screens

play: $(STAMP) $(MO)
	$(BIN)/ramino play --rules classico --players 3 --level intermedio

# The suite runs twice: on the build installed (compiled where it could be), then on the
# pure-Python engine, which also runs the doctests of the compiled modules. The tests of the
# server as a real process, and those marked `once` (the command line, the terminal, the
# environment, the words: clients of the engine), run in the first pass only: they test
# their layer, not the build.
# The others run on both cores (pytest-xdist), and so do the server's, four at a time since
# they mostly wait on their processes, except those that bound how long something takes (a
# bystander's p99 under an attack, a takeover), which run one at a time, with only the docs'
# build and the pure pass beside them at the lowest priority (nice 19): those take the cores
# the timed tests leave idle, never theirs, and their report follows. They run in a session of
# their own whose group is niced too: Linux shares the processor between sessions first (its
# autogroups), and each PostgreSQL process is a session, so a plain nice 19 left the pure pass
# an equal share against PostgreSQL's, and a bystander's commit waited up to seconds.
test: $(STAMP) $(MO) postgres chromium services
	$(BIN)/ruff check src tests conftest.py setup.py docs/conf.py $(wildcard bench)
	$(BIN)/ruff format --check src tests conftest.py setup.py docs/conf.py
	$(BIN)/mypy
	$(BIN)/pytest -m "not server" -n 2
	$(BIN)/pytest -m "server and not timed" -n 4
	@setsid -w sh -c '{ echo 19 > /proc/self/autogroup; } 2>/dev/null; exec nice -n 19 sh -c \
	  "$(MAKE) --no-print-directory docs && $(MAKE) --no-print-directory test-pure"' \
	  > $(VENV)/beside.log 2>&1 & beside=$$!; trap 'kill -- -$$beside 2>/dev/null' INT TERM; \
	  $(BIN)/pytest -m "server and timed"; timed=$$?; \
	  wait $$beside; passed=$$?; cat $(VENV)/beside.log; \
	  test $$timed -eq 0 && test $$passed -eq 0

test-pure: $(STAMP) $(MO) pure
	PYTHONPATH=$(PURE) $(BIN)/pytest -m "not server and not once" -n 2 $(PURE)/ramino tests README.md $(wildcard docs/*.md)

# The package as plain Python, copied out of the tree without its compiled modules.
.PHONY: pure
pure:
	rm -rf $(PURE) && mkdir $(PURE) && cp -rp src/ramino $(PURE)/
	find $(PURE) \( -name '*.so' -o -name '*.pyd' -o -name __pycache__ \) -prune -exec rm -rf {} +

# The documentation site (docs/, Sphinx with MyST) into site/, warnings as errors. Its API
# reference reads the pure-Python copy, as test-pure does: the source, not what mypyc made of it.
# Every page is read again (-E), so that a warning is never hidden by an earlier build.
docs: $(STAMP) $(MO) pure
	PYTHONPATH=$(PURE) $(BIN)/sphinx-build -q -E -W --keep-going -b html docs site

# The documentation's screenshots (docs/screens), taken by the browser and terminal tests and
# written only here: a test run leaves the files in git as they were.
screens: $(STAMP) $(MO) chromium
	RAMINO_SCREENS=1 $(BIN)/pytest -q tests/test_web.py tests/test_web_gin.py tests/test_web_sheet.py \
	  tests/test_tui_table.py

# The computer's three levels measured on every preset two can play (200 matches a pair on
# duplicate deals; about 25 minutes on two cores): the table of docs/levels.md.
levels: $(STAMP)
	$(BIN)/python bench/levels.py --workers 2 | tee docs/levels.md

# The message catalogue: the Italian words written in ramino/words and ramino/tui are extracted
# and merged into each language's .po, where new words wait for their translation (the tests fail
# until every one has it). The build compiles each .po to its .mo (setup.py); a .po changed since
# is compiled again here, in place, without building the rest again. The .po names the file of
# each message, not its line, nor the date of the extraction: a change elsewhere in a file, or
# another day, leaves the catalogue as it was, so that two branches' words merge.
words: $(STAMP)
	$(BIN)/pybabel -q extract --no-default-keywords -k N_ -k NP_:1,2 -k NC_:1c,2 -k t -k nt:1,2 \
	  -k said:2 -k nsaid:2,3 -k both -k nboth:1,2 -k Saying --sort-by-file --add-location=file \
	  --no-wrap --project ramino -o $(VENV)/ramino.pot src/ramino/words src/ramino/tui \
	  src/ramino/client/link.py src/ramino/cli src/ramino/ai/hint.py src/ramino/server
	$(BIN)/pybabel -q update --ignore-obsolete --no-fuzzy-matching --no-wrap -D ramino -d $(LOCALE) -i $(VENV)/ramino.pot
	sed -i '/^"POT-Creation-Date: /d' $(LOCALE)/*/LC_MESSAGES/ramino.po
	$(BIN)/pybabel -q compile -D ramino -d $(LOCALE)

$(MO): %.mo: %.po | $(STAMP)
	$(BIN)/pybabel -q compile -D ramino -d $(LOCALE)

# The server's tests run on PostgreSQL too, in a cluster they start: Debian's server is installed
# where we may (as root, with apt-get); elsewhere they skip, and under CI they fail.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null \
	|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	     && echo "Installing PostgreSQL from Debian's packages…" \
	     && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	        --no-install-recommends postgresql >/dev/null; } \
	|| echo "PostgreSQL is not installed: the server's tests on it will skip."

# The tests of several server processes start Debian's Redis and nginx (tests/cluster.py):
# installed where we may, as for PostgreSQL; elsewhere they skip, and under CI they fail.
services:
	@{ command -v redis-server >/dev/null && { command -v nginx >/dev/null || test -x /usr/sbin/nginx; }; } \
	|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	     && echo "Installing Redis and nginx from Debian's packages…" \
	     && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	        --no-install-recommends redis-server nginx >/dev/null; } \
	|| echo "Redis or nginx is not installed: the tests of several server processes will skip."

# The page's tests drive Debian's Chromium (Playwright never downloads a browser of its own):
# installed where we may, as for PostgreSQL; elsewhere they skip, and under CI they fail.
chromium:
	@test -x /usr/bin/chromium \
	|| { [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null \
	     && echo "Installing Chromium from Debian's packages…" \
	     && apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	        --no-install-recommends chromium >/dev/null; } \
	|| echo "Chromium is not installed: the browser tests will skip."

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml setup.py Makefile $(wildcard src/ramino/engine/*.py) | $(BIN)/python
	rm -f $(VENV)/.installed*
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[cli,server,postgres,cluster,env,ray,dev,docs]"
	touch $@
