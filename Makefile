# Everything sets itself up: a fresh machine needs only python3 (3.11+) and, for the
# browser tests, Debian's apt-get (chromium is installed with it when missing).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
EXTRAS := dev,serve,data,dask

.PHONY: demo test lint typecheck deadcode unit browser bench fuzz screenshots clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[$(EXTRAS)]'
	@# Byte-compile the sources once: where PYTHONDONTWRITEBYTECODE is set, nothing else
	@# would, and every `meeple` run would compile them again (a third of its start-up).
	$(BIN)/python -m compileall -q src >/dev/null
	touch $(STAMP)

demo: $(STAMP)
	@PATH="$(CURDIR)/$(BIN):$$PATH" sh examples/demo.sh

test: lint typecheck deadcode browser unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks tools
	$(BIN)/ruff format --check src tests benchmarks tools

typecheck: $(STAMP)
	$(BIN)/mypy src benchmarks tests tools

# Nothing unused in src: what vulture would flag yet lives is in vulture_whitelist.py, each
# entry with its reason.
deadcode: $(STAMP)
	$(BIN)/vulture src vulture_whitelist.py

# The browser tests drive Debian's chromium; Playwright never downloads one of its own.
browser:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "installing Debian's chromium for the browser tests"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

unit: $(STAMP)
	HYPOTHESIS_PROFILE=ci $(BIN)/pytest -m "not slow"

# Every benchmark, or some: `make bench BENCH="corpus solver"` (names as in benchmarks/).
bench: $(STAMP)
	$(BIN)/python -m compileall -q src >/dev/null
	$(BIN)/python benchmarks/run.py $(BENCH)

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -m "fuzz or slow"

# The README's pictures, made by the browser tests' own code path.
screenshots: $(STAMP) browser
	MEEPLE_SCREENSHOTS=docs/images $(BIN)/pytest -q tests/viewer/test_browser.py -k "every_game"

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache .hypothesis test-artifacts
