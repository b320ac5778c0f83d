# Everything sets itself up: a fresh machine needs only python3 (3.11+).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck unit bench fuzz clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,serve]'
	touch $(STAMP)

demo: $(STAMP)
	@PATH="$(CURDIR)/$(BIN):$$PATH" sh examples/demo.sh

test: lint typecheck unit

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy src benchmarks

unit: $(STAMP)
	HYPOTHESIS_PROFILE=ci $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python benchmarks/run.py

fuzz: $(STAMP)
	HYPOTHESIS_PROFILE=fuzz $(BIN)/pytest -m fuzz

clean:
	rm -rf $(VENV) build .mypy_cache .pytest_cache .ruff_cache .hypothesis
