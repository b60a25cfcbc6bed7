# The two commands: `make run` and `make test`. Both create .venv themselves.
# `make lint` runs the pinned checkers (ruff, mypy, import-linter) from the [dev] extra;
# `make wheel` builds dist/companion-*.whl, which carries assets/ and hardware/pins.toml.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin

.PHONY: run test lint wheel bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(VENV)/.installed-run: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $@ $(VENV)/.installed-run

run: $(VENV)/.installed-run
	$(BIN)/companion

test: $(VENV)/.installed-dev
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock $(BIN)/python -m pytest

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/mypy companion
	$(BIN)/lint-imports

wheel: $(VENV)/.installed-dev
	$(BIN)/python -m pip wheel --quiet --no-deps --no-build-isolation --wheel-dir dist .

bench: $(VENV)/.installed-run
	$(BIN)/companion bench

clean:
	rm -rf $(VENV) dist build
